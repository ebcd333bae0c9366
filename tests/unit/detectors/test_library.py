"""The built-in entity library: every entity with positive and negative rows.

Rows run through the ``regex`` detector restricted to one entity, so they exercise the
pattern, its validator and the detector's retry logic together, as production does.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import regex

from detectors.library import (
    BUILTIN_ENTITIES,
    VALIDATORS,
    EntityPattern,
    compile_pattern,
    phone_entity,
)
from detectors.regex import create
from detectors.validators import (
    is_credit_card,
    is_de_tax_id,
    is_iban,
    is_ipv6,
    is_jwt,
    is_mod97,
    is_us_ssn,
)
from pipelines.egress import EgressFilter, EgressPolicy, OutputPattern
from pipelines.egress.regex import settleable_source
from pipelines.errors import EgressRefused
from pipelines.spans import DetectorContext
from tests.conftest import scan_views

DOCS = Path(__file__).resolve().parents[3] / "docs" / "entities.md"

JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
    "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIn0."
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    "MIIEowIBAAKCAQEAu1SU1LfVLPHCozMxH2Mo4lgOEePzNm0tRgeLezV6ffAt0gun\n"
    "VTLw7onLRnrq0/IzW7yWR7QkrmBL7jTKEn5u+qKhbwKfBstIs+bMY2Zkp18gnTxK\n"
    "-----END RSA PRIVATE KEY-----"
)
GITHUB = "ghp_" + "A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8"


def found(name: str, text: str, **options: object) -> list[str]:
    """The texts the detector reports for built-in ``name`` alone (the entry, not the
    label reader, which has tests of its own), scanning ``text`` the way the gateway
    does: in its canonical views (docs/design.md C9, where "für" is "fur" and "Straße" is
    "Strasse"; a JSON text's values each in a view of its own, after their key path),
    mapped back to the raw text."""
    entry_only = {"entities": [name], "read_labels": False, **options}
    detector = create(entry_only, DetectorContext(name="t"))
    spans = sorted({(span.start, span.end) for span in scan_views(detector.scan, text)})
    return [text[start:end] for start, end in spans]


ROWS: list[tuple[str, str, list[str]]] = [
    # EMAIL
    ("EMAIL", "write to bob@corp.example.org.", ["bob@corp.example.org"]),
    ("EMAIL", "a.b+tag@sub.ex-ample.co.uk, then", ["a.b+tag@sub.ex-ample.co.uk"]),
    ("EMAIL", "jürgen@müller.de", ["jürgen@müller.de"]),
    ("EMAIL", "(alice@example.com)", ["alice@example.com"]),
    ("EMAIL", "user@localhost", []),
    ("EMAIL", "@handle and foo@ and @bar.com", []),
    ("EMAIL", "git@github.com:org/repo.git", []),  # an scp remote, not a mailbox
    ("EMAIL", "mail bob@example.com: done", ["bob@example.com"]),
    # a URL's userinfo is not a mailbox, with or without a port or password
    ("EMAIL", "ssh://git@gitlab.example.net:2222/team/app.git", []),
    ("EMAIL", "clone ssh://git@gitlab.example.net/team/app.git now", []),
    ("EMAIL", "https://admin:S3cr3t@db.example.com:5432/app", []),
    ("EMAIL", "ftp://jane.doe@files.example.org/pub", []),
    # near misses: an address in a URL's path or query, after "mailto:", after a URL
    ("EMAIL", "https://example.com/contact?to=bob@corp.example.org", ["bob@corp.example.org"]),
    ("EMAIL", "mailto:bob@corp.example.org", ["bob@corp.example.org"]),
    ("EMAIL", "see https://example.com bob@corp.example.org", ["bob@corp.example.org"]),
    # the whole domain or nothing: never a mask that leaves ".net" behind; a dot and
    # what cannot continue a domain (no letter TLD after it) end the address
    ("EMAIL", "git@gitlab.example.net:2222", []),
    ("EMAIL", "bob@host.example.123", ["bob@host.example"]),
    ("EMAIL", "bob@example.com.3 times", ["bob@example.com"]),
    ("EMAIL", "bob@example.com.3rd", ["bob@example.com"]),
    ("EMAIL", "bob@example.com.3.org", ["bob@example.com.3.org"]),  # 3 is a label
    ("EMAIL", "bob@corp.example.org. Next", ["bob@corp.example.org"]),
    ("EMAIL", "bob@host.com-x", []),  # "com-x" is no TLD, "host.co" no domain of it
    # an http(s) URL's userinfo without a password is the mailbox its writer meant
    ("EMAIL", "http://jane.doe@example.com", ["jane.doe@example.com"]),
    ("EMAIL", "see HTTPS://jane@example.com:8443/inbox.", ["jane@example.com"]),
    ("EMAIL", "https://jane.doe:pw@example.com/", []),  # a password: a login
    ("EMAIL", "xhttp://jane@example.com", []),  # another scheme
    ("EMAIL", "git+https://jane@example.com/repo", []),  # another scheme
    # user:password@host without a scheme is a credential pair, not an address, where
    # it is assigned or quoted, a port or a path follows, or the password holds a
    # character no local part has ...
    ("EMAIL", "DATABASE_URL=admin:S3cr!t@db.example.com:5432/app", []),
    ("EMAIL", "connect admin:hunter2@mail.example.org:5432 now", []),
    ("EMAIL", "login admin:hu!nter2@mail.example.org", []),
    # ... a plain "word:address" is a field and its address (author:, assignee:, re:)
    ("EMAIL", "user:pass@host.example.com", ["pass@host.example.com"]),
    ("EMAIL", "author:jane.doe@acme.com", ["jane.doe@acme.com"]),
    ("EMAIL", "assignee:bob@corp.com and", ["bob@corp.com"]),
    # ... unless the word before ":" labels the address
    ("EMAIL", "mailto:bob@example.com", ["bob@example.com"]),
    ("EMAIL", "email:bob@example.com", ["bob@example.com"]),
    ("EMAIL", "SMTP:jane@contoso.example", ["jane@contoso.example"]),
    ("EMAIL", "reply-to:jane@example.com", ["jane@example.com"]),
    ("EMAIL", "Owner:jane@acme.example", ["jane@acme.example"]),
    ("EMAIL", "contact_email:jane@acme.example", ["jane@acme.example"]),  # last word
    ("EMAIL", "userEmail:jane@acme.example", ["jane@acme.example"]),
    ("EMAIL", "mailuser=pw@smtp.example.com", ["pw@smtp.example.com"]),  # no pair
    ("EMAIL", "at 10:30@home.example.com", ["30@home.example.com"]),  # no user name
    ("EMAIL", "name:Jane,jane@acme.example", ["jane@acme.example"]),  # "," ends it
    # PHONE (lenient, US + DE)
    ("PHONE", "call +49 30 1234567 today", ["+49 30 1234567"]),
    ("PHONE", "call +1 (415) 555-0123.", ["+1 (415) 555-0123"]),
    ("PHONE", "US (415) 555-0123 office", ["(415) 555-0123"]),
    ("PHONE", "US 415-555-0123", ["415-555-0123"]),
    ("PHONE", "US 415.555.0123", ["415.555.0123"]),
    ("PHONE", "Tel. 030.1234.5678 oder 030.1234-5678", ["030.1234.5678", "030.1234-5678"]),
    ("PHONE", "price 0151.23 and ratio 0301.2345678", []),
    ("PHONE", "toll free 1-800-555-0199", ["1-800-555-0199"]),
    ("PHONE", "Berlin 030 1234567", ["030 1234567"]),
    ("PHONE", "mobil 0151 23456789", ["0151 23456789"]),
    ("PHONE", "Fax 030/1234567", ["030/1234567"]),
    ("PHONE", "test number (555) 555-0123", ["(555) 555-0123"]),
    ("PHONE", "on 2024-01-15 at 12:30:45", []),
    ("PHONE", "order #0123456789 shipped", []),
    ("PHONE", "version 1.2.3.4", []),
    ("PHONE", "ISBN 978-3-16-148410-0", []),
    ("PHONE", "+1 555", []),
    # PHONE with the 00 international access code instead of the plus
    ("PHONE", "Notfall: 0049 40 66889623.", ["0049 40 66889623"]),
    ("PHONE", "mobil 0049 151 75837567\n", ["0049 151 75837567"]),
    ("PHONE", "Zentrale 0049 (0)30 1234567", ["0049 (0)30 1234567"]),
    ("PHONE", "London 0044-20-7946-0958", ["0044-20-7946-0958"]),
    ("PHONE", "Paris 0033 1 42 68 53 00", ["0033 1 42 68 53 00"]),
    ("PHONE", "from abroad 001 415 555 0123", ["001 415 555 0123"]),
    ("PHONE", "ref 0012 3456 7890", []),  # 12 is no country code
    ("PHONE", "item 0049 1234", []),  # too short to dial without a plus
    ("PHONE", "serial 0049171234567", []),  # code not a group of its own
    ("PHONE", "Kunde 00049 30 1234567", []),
    # CREDIT_CARD
    ("CREDIT_CARD", "visa 4111 1111 1111 1111 exp", ["4111 1111 1111 1111"]),
    ("CREDIT_CARD", "mc 5500-0000-0000-0004", ["5500-0000-0000-0004"]),
    ("CREDIT_CARD", "amex 3400 000000 00009", ["3400 000000 00009"]),
    ("CREDIT_CARD", "discover 6011000000000004.", ["6011000000000004"]),
    ("CREDIT_CARD", "ref 12 4111 1111 1111 1111", ["4111 1111 1111 1111"]),
    ("CREDIT_CARD", "bad luhn 4111 1111 1111 1112", []),
    ("CREDIT_CARD", "order number 1234567890123456", []),
    ("CREDIT_CARD", "mixed 4111-1111 1111-1111", ["4111-1111 1111-1111"]),
    ("CREDIT_CARD", "dotted 4111.1111.1111.1111.", ["4111.1111.1111.1111"]),
    ("CREDIT_CARD", "amex 3782.822463-10005", ["3782.822463-10005"]),
    ("CREDIT_CARD", '{"lat": 52.52000659999999}', []),
    ("CREDIT_CARD", "one odd dot 4111.111111111111", []),
    ("CREDIT_CARD", "ISBN 978-3-16-148410-0", []),
    ("CREDIT_CARD", "long run 41111111111111111111111", []),
    ("CREDIT_CARD", "amount 4111111111111111.50", []),
    # IBAN
    ("IBAN", "IBAN DE89 3704 0044 0532 0130 00 BIC COBADEFFXXX", ["DE89 3704 0044 0532 0130 00"]),
    ("IBAN", "IBAN DE89370400440532013000.", ["DE89370400440532013000"]),
    ("IBAN", "IBAN DE89-3704-0044-0532-0130-00", ["DE89-3704-0044-0532-0130-00"]),
    ("IBAN", "IBAN DE89.3704.0044.0532.0130.00", ["DE89.3704.0044.0532.0130.00"]),
    ("IBAN", "iban de89 3704 0044 0532 0130 00", ["de89 3704 0044 0532 0130 00"]),
    ("IBAN", "GB82 WEST 1234 5698 7654 32", ["GB82 WEST 1234 5698 7654 32"]),
    ("IBAN", "FR14 2004 1010 0505 0001 3M02 606", ["FR14 2004 1010 0505 0001 3M02 606"]),
    ("IBAN", "NO93 8601 1117 947", ["NO93 8601 1117 947"]),
    ("IBAN", "checksum DE89 3704 0044 0532 0130 01", []),
    ("IBAN", "length DE89 3704 0044 0532 0130", []),
    ("IBAN", "ISO 8601 and AB12 CDEF GHIJ KLMN", []),
    # US_SSN
    ("US_SSN", "SSN 123-45-6789.", ["123-45-6789"]),
    ("US_SSN", "SSN 123 45 6789", ["123 45 6789"]),
    ("US_SSN", "SSN 123.45.6789 or 123 45-6789", ["123.45.6789", "123 45-6789"]),
    ("US_SSN", "version 123.45.6789.1", []),
    ("US_SSN", "area 000-12-3456", []),
    ("US_SSN", "area 666-12-3456", []),
    ("US_SSN", "area 900-12-3456", []),
    ("US_SSN", "group 123-00-4567", []),
    ("US_SSN", "serial 123-45-0000", []),
    ("US_SSN", "advertised 078-05-1120", []),
    ("US_SSN", "bare 123456789", []),
    ("US_SSN", "part 1-123-45-6789", []),
    ("US_SSN", "leading zero 074-48-6631,", ["074-48-6631"]),
    ("US_SSN", "leading zero 068 99 0373.", ["068 99 0373"]),
    # US_SSN_BARE: nine digits right after an SSN keyword; the span is the number
    ("US_SSN_BARE", "SSN of the applicant: 536221234", ["536221234"]),  # a label's colon
    ("US_SSN_BARE", "SSN (primary): 536221234", ["536221234"]),
    ("US_SSN_BARE", "social-security-number: 536221234", ["536221234"]),  # kebab-case
    ("US_SSN_BARE", "SSN of the applicant was checked, ref 536221234", []),
    ("US_SSN_BARE", "Background check: SSN 536221234, DOB", ["536221234"]),
    ("US_SSN_BARE", "SSN: 058632768", ["058632768"]),
    ("US_SSN_BARE", "SSN# 536221234", ["536221234"]),
    ("US_SSN_BARE", "US-SSN 536221234", ["536221234"]),
    ("US_SSN_BARE", "her SSN is 536221234.", ["536221234"]),
    ("US_SSN_BARE", "SSN on file: 536221234", ["536221234"]),
    ("US_SSN_BARE", "Social Security Number: 536221234", ["536221234"]),
    ("US_SSN_BARE", "social security no. 536221234", ["536221234"]),
    ("US_SSN_BARE", '{"ssn": "536221234"}', ["536221234"]),
    ("US_SSN_BARE", "ssn=536221234&x=1", ["536221234"]),
    ("US_SSN_BARE", "order 536221234", []),  # no keyword
    ("US_SSN_BARE", "SSN 000123456", []),  # area 000
    ("US_SSN_BARE", "SSN 966221234", []),  # area 9xx
    ("US_SSN_BARE", "SSN 5362212345", []),  # ten digits
    ("US_SSN_BARE", "SSN 53622123", []),  # eight digits
    ("US_SSN_BARE", "SSNs 536221234", []),
    ("US_SSN_BARE", "PASSNR 536221234", []),
    ("US_SSN_BARE", "Sozialversicherungsnummer 536221234", []),  # not a US term
    ("US_SSN_BARE", "SSN 536221234.5", []),
    ("US_SSN_BARE", "SSN, then the invoice 536221234", []),  # a word between
    # DE_TAX_ID
    ("DE_TAX_ID", "Steuer-ID 36 574 261 809", ["36 574 261 809"]),
    ("DE_TAX_ID", "Steuer-ID 36.574.261.809 / 36-574-261-809",
     ["36.574.261.809", "36-574-261-809"]),
    ("DE_TAX_ID", "IdNr 47081359225.", ["47081359225"]),
    ("DE_TAX_ID", "check digit 36574261808", []),
    ("DE_TAX_ID", "all distinct 12345678901", []),
    ("DE_TAX_ID", "part of 365742618091", []),
    # IPV4
    ("IPV4", "host 10.0.0.1:8080", ["10.0.0.1"]),
    ("IPV4", "from 192.168.178.20.", ["192.168.178.20"]),
    ("IPV4", "release v1.2.3.4", []),
    ("IPV4", "listen: 0.0.0.0:443", []),  # unspecified, loopback, broadcast: no host
    ("IPV4", "curl http://127.0.0.1:8080/", []),
    ("IPV4", "mask 255.255.255.255", []),
    ("IPV4", "version 1.2.3.4", []),
    ("IPV4", "Build: 10.0.19041.1", []),
    ("IPV4", "semver 1.2.3.4.5", []),
    ("IPV4", "octet 256.1.1.1", []),
    ("IPV4", "leading zeros 01.02.03.04", []),
    ("IPV4", "date 12.03.2024", []),
    # IPV6
    ("IPV6", "addr 2001:db8::1 ok", ["2001:db8::1"]),
    ("IPV6", "link fe80::1ff:fe23:4567:890a", ["fe80::1ff:fe23:4567:890a"]),
    ("IPV6", "loopback ::1", []),  # loopback: names no host
    ("IPV6", "bind [::]:8080", []),
    ("IPV6", "mapped ::ffff:192.0.2.1", ["::ffff:192.0.2.1"]),
    ("IPV6", "time 12:30:45", []),
    ("IPV6", "C++ std::vector and a::b", []),
    ("IPV6", "mac 00:1a:2b:3c:4d:5e", []),
    ("IPV6", "sha 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", []),
    # PEM_PRIVATE_KEY
    ("PEM_PRIVATE_KEY", f"key:\n{PEM}\nthanks", [PEM]),
    (
        "PEM_PRIVATE_KEY",
        "-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA==\n-----END OPENSSH PRIVATE KEY-----",
        ["-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaA==\n-----END OPENSSH PRIVATE KEY-----"],
    ),
    # cut off by the end of the text (max_tokens, half a paste): still key material
    ("PEM_PRIVATE_KEY", f"key: {PEM[:90]}", [PEM[:90]]),
    ("PEM_PRIVATE_KEY", "-----BEGIN EC PRIVATE KEY-----", ["-----BEGIN EC PRIVATE KEY-----"]),
    ("PEM_PRIVATE_KEY", f"{PEM[:-5]}", [PEM[:-5]]),
    ("PEM_PRIVATE_KEY", f"{PEM}\nand {PEM[:70]}", [PEM, PEM[:70]]),
    ("PEM_PRIVATE_KEY", "-----BEGIN RSA PRIVATE KE", []),
    ("PEM_PRIVATE_KEY", "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----", []),
    ("PEM_PRIVATE_KEY", "-----BEGIN CERTIFICATE-----\nMIIB", []),
    ("PEM_PRIVATE_KEY", "-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----", []),
    # JWT
    ("JWT", f"token {JWT}.", [JWT]),
    # cut in the signature: still a token; cut before the second dot: not one (no
    # signature, nothing to replay; docs/entities.md)
    ("JWT", f"token {JWT[:-10]}", [JWT[:-10]]),
    ("JWT", f"token {JWT[: JWT.rindex('.') + 1]}", [JWT[: JWT.rindex(".") + 1]]),
    ("JWT", f"token {JWT[: JWT.rindex('.')]}", []),
    ("JWT", "eyJhbGciOi.eyJzdWIi.sig", []),
    ("JWT", "eyJub3QganNvbg.eyJzdWIi.sig", []),
    ("JWT", "plain a.b.c and eyJ alone", []),
    # AWS_ACCESS_KEY
    ("AWS_ACCESS_KEY", "key AKIAIOSFODNN7EXAMPLE here", ["AKIAIOSFODNN7EXAMPLE"]),
    ("AWS_ACCESS_KEY", "temp ASIAY34FZKBOKMUTVV7A", ["ASIAY34FZKBOKMUTVV7A"]),
    ("AWS_ACCESS_KEY", "too long AKIAIOSFODNN7EXAMPLEX", []),
    ("AWS_ACCESS_KEY", "lower akiaiosfodnn7example", []),
    ("AWS_ACCESS_KEY", "aws_access_key_id = AKIAXXXXXXXXXXXXXXXX", []),  # a stand-in
    # GITHUB_TOKEN
    ("GITHUB_TOKEN", f"token {GITHUB}", [GITHUB]),
    (
        "GITHUB_TOKEN",
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuv",
        ["github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuv"],
    ),
    ("GITHUB_TOKEN", "ghp_short123", []),
    ("GITHUB_TOKEN", "ghx_" + "a" * 36, []),
    ("GITHUB_TOKEN", "ghp_" + "x" * 36, []),  # a stand-in for one
    # SLACK_TOKEN
    (
        "SLACK_TOKEN",
        "xoxb-123456789012-1234567890123-AbCdEfGhIj",
        ["xoxb-123456789012-1234567890123-AbCdEfGhIj"],
    ),
    ("SLACK_TOKEN", "xoxz-123456789012-1234567890123", []),
    ("SLACK_TOKEN", "xoxb-short", []),
    # OPENAI_API_KEY
    (
        "OPENAI_API_KEY",
        "sk-proj-abc123DEF456ghi789JKL012mno",
        ["sk-proj-abc123DEF456ghi789JKL012mno"],
    ),
    (
        "OPENAI_API_KEY",
        "key=sk-1234567890abcdefABCDEF1234567890abcdefABCDEF",
        ["sk-1234567890abcdefABCDEF1234567890abcdefABCDEF"],
    ),
    ("OPENAI_API_KEY", "sk-learn-compatible-estimators-are-nice", []),
    ("OPENAI_API_KEY", "sk-ant-api03-abc123DEF456ghi789JKL012", []),
    ("OPENAI_API_KEY", "disk-1234567890abcdefABCDEF", []),
    # ANTHROPIC_API_KEY
    (
        "ANTHROPIC_API_KEY",
        "sk-ant-api03-abc123DEF456ghi789JKL012-xyzAA",
        ["sk-ant-api03-abc123DEF456ghi789JKL012-xyzAA"],
    ),
    ("ANTHROPIC_API_KEY", "sk-ant-short", []),
    # BEARER_TOKEN
    ("BEARER_TOKEN", "Authorization: Bearer abcdef0123456789abcdef", ["abcdef0123456789abcdef"]),
    (
        "BEARER_TOKEN",
        "authorization: bearer 9f86d081884c7d659a2feaa0c55ad015",
        ["9f86d081884c7d659a2feaa0c55ad015"],
    ),
    ("BEARER_TOKEN", "the bearer of bad news and good tidings", []),
    ("BEARER_TOKEN", "Bearer authentication-mechanisms", []),
]


@pytest.mark.parametrize(("name", "text", "expected"), ROWS)
def test_builtin_rows(name: str, text: str, expected: list[str]) -> None:
    """Each row: the entity alone finds exactly the expected values in the text."""
    assert found(name, text) == expected


def test_every_builtin_has_positive_and_negative_rows() -> None:
    """The tables cover every built-in with at least one hit and one miss."""
    from tests.unit.detectors.test_library_more import MORE_ROWS

    rows = ROWS + MORE_ROWS
    positives = {name for name, _, expected in rows if expected}
    negatives = {name for name, _, expected in rows if not expected}
    assert positives == set(BUILTIN_ENTITIES)
    assert negatives == set(BUILTIN_ENTITIES)


def test_jwt_after_bearer_is_a_jwt() -> None:
    """Two built-ins on the same text: the earlier library entry names it."""
    detector = create({}, DetectorContext(name="t"))
    text = f"Authorization: Bearer {JWT}"
    spans = detector.scan(text)
    assert [(s.label, text[s.start : s.end]) for s in spans] == [("JWT", JWT)]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "SSN 074-48-6631, phone 702-952-0100",
            [("US_SSN", "074-48-6631"), ("PHONE", "702-952-0100")],
        ),
        ("SSN 068 99 0373.", [("US_SSN", "068 99 0373")]),
        ("SSN 058632768, DOB", [("US_SSN", "058632768")]),
        ("Berlin 030 1234567", [("PHONE", "030 1234567")]),
        ("ref 058632768", []),  # a bare short run is a reference, not a phone
        ("tel 058632768", [("PHONE", "058632768")]),
        ("Berlin 030 12 3456 78", [("PHONE", "030 12 3456 78")]),
    ],
)
def test_ssn_shape_wins_over_the_phone_reading(text: str, expected: list[tuple[str, str]]) -> None:
    """With all built-ins, a 3-2-4 group or a labelled 9-digit run is an SSN, not a phone.

    A trunk-0 number that also reads as an SSN keeps the phone label where it is
    longer than the SSN or has no SSN keyword before it.
    """
    detector = create({}, DetectorContext(name="t"))
    values = [(s.label, text[s.start : s.end]) for s in detector.scan(text)]
    assert [v for v in values if v[0] in ("US_SSN", "PHONE")] == expected


@pytest.mark.parametrize(
    ("text", "lenient", "strict"),
    [
        ("0049 30 1234567", True, True),
        ("0049 111 1234567", True, False),
        ("00999 123 4567", False, False),
        ("(415) 555-0123", True, True),
        ("(555) 555-0123", True, False),
        ("(211) 555-0123", True, False),
        ("030 1234567", True, True),
        ("0111 1234567", True, False),
        ("+49 111 1234567", True, False),
        ("+44 20 7946 0958", True, True),
    ],
)
def test_phone_strict_and_lenient(text: str, lenient: bool, strict: bool) -> None:
    """Lenient keeps plausibly formatted numbers; strict needs an assigned range."""
    assert bool(found("PHONE", f"call {text} now")) is lenient
    assert bool(found("PHONE", f"call {text} now", phone_mode="strict")) is strict


def test_phone_regions_select_national_formats() -> None:
    """National formats follow phone_regions; + numbers are always recognised."""
    assert found("PHONE", "030 1234567", phone_regions=["US"]) == []
    assert found("PHONE", "415-555-0123", phone_regions=["DE"]) == []
    assert found("PHONE", "+49 30 1234567", phone_regions=[]) == ["+49 30 1234567"]
    assert found("PHONE", "020 7946 0958", phone_regions=["GB"]) == ["020 7946 0958"]


def test_phone_entity_rejects_unknown_mode_and_region() -> None:
    """phone_entity validates its arguments."""
    with pytest.raises(ValueError, match="mode"):
        phone_entity("fuzzy")
    with pytest.raises(ValueError, match="region"):
        phone_entity("lenient", ["XX"])


@pytest.mark.parametrize(
    ("validator", "good", "bad"),
    [
        (is_credit_card, "4111111111111111", "4111111111111112"),
        (is_credit_card, "378282246310005", "3782822463100050"),
        (is_iban, "de89 3704 0044 0532 0130 00", "DE00370400440532013000"),
        (is_mod97, "370400440532013000131489", "370400440532013000131488"),
        (is_us_ssn, "123-45-6789", "123-45-678"),
        (is_de_tax_id, "36574261809", "3657426180"),
        (is_ipv6, "2001:db8::1", "::"),
        (is_jwt, JWT, "a.b"),
    ],
)
def test_validators(validator: object, good: str, bad: str) -> None:
    """Validators accept the real value and reject its near miss."""
    assert callable(validator)
    assert validator(good) is True
    assert validator(bad) is False


@pytest.mark.parametrize("hostile", ["", "\x00", "\ud800", "٤١١١", "\uff14" * 19, "-" * 50])
def test_validators_are_total(hostile: str) -> None:
    """No validator raises, whatever text it is handed."""
    for validator in VALIDATORS.values():
        assert validator(hostile) in (True, False)


def test_library_is_read_only_and_well_formed() -> None:
    """The tables cannot be mutated and every entry compiles and declares its bounds."""
    with pytest.raises(TypeError):
        BUILTIN_ENTITIES["X"] = BUILTIN_ENTITIES["EMAIL"]  # type: ignore[index]
    with pytest.raises(TypeError):
        VALIDATORS["x"] = len  # type: ignore[index]
    labels = {"EMAIL", "PHONE", "CREDIT_CARD", "IBAN", "US_SSN", "DE_TAX_ID", "IP_ADDRESS"}
    labels |= {"PRIVATE_KEY", "JWT", "API_KEY", "US_ITIN", "DATE_OF_BIRTH", "PASSPORT"}
    labels |= {"NATIONAL_ID", "VAT_ID", "BIC", "ADDRESS"}
    for name, entry in BUILTIN_ENTITIES.items():
        assert entry.name == name
        assert entry.label in labels
        compiled = compile_pattern(entry)
        assert compiled.search("") is None
        assert "^" not in entry.pattern.replace("[^", "")
        assert "$" not in entry.pattern.replace("\\$", "")  # a literal "$" is escaped
        assert entry.description
        # Every entry names literal anchors, except a code made of letters only.
        assert entry.anchors or name == "IT_CODICE_FISCALE"
    unbounded = {n for n, e in BUILTIN_ENTITIES.items() if e.max_length is None}
    assert unbounded == {"PEM_PRIVATE_KEY", "JWT"}


def test_bounded_patterns_never_exceed_max_length() -> None:
    """A match of a bounded entity is never longer than its declared max_length."""
    samples = {
        "EMAIL": "a" * 64 + "@" + ".".join(["b" * 63] * 8) + "." + "c" * 63,
        "CREDIT_CARD": " ".join(["4"] * 19),
        "IBAN": "DE89 " + " ".join(["ABCD"] * 7) + " ABCD",
        "PHONE": "+49 " + " ".join(["12345678"] * 6) + " 0049 (12345) " + "12345678 " * 6,
        "US_SSN_BARE": "social security number" + " on file" * 4 + "   536221234",
        "BEARER_TOKEN": "Bearer " + "a1" * 3000,
        "OPENAI_API_KEY": "sk-" + "a1" * 200,
    }
    for name, text in samples.items():
        entry = BUILTIN_ENTITIES[name]
        assert entry.max_length is not None
        for match in compile_pattern(entry).finditer(text):
            assert len(match.group()) <= entry.max_length


def test_patterns_support_partial_matching() -> None:
    """The egress filter's contract: partial=True works and reports open prefixes."""
    email = compile_pattern(BUILTIN_ENTITIES["EMAIL"])
    match = email.search("mail bob@corp", partial=True, timeout=1.0)
    assert match is not None and match.partial and match.start() == 5
    # A PEM block may end at the end of the text (\\Z): on a whole text that is a
    # complete match; in the stream filter's settleable form the end of the buffer is
    # not the end of the text, so a probe (see pipelines.egress.regex) finds it open.
    entry = BUILTIN_ENTITIES["PEM_PRIVATE_KEY"]
    cut = "x -----BEGIN RSA PRIVATE KEY-----\nMIIE"
    match = compile_pattern(entry).search(cut, timeout=1.0)
    assert match is not None and match.span() == (2, len(cut))
    probe = regex.compile(f"(?:{settleable_source(entry.pattern)})(*PRUNE)(*FAIL)", regex.VERSION1)
    match = probe.search(cut, partial=True, timeout=1.0)
    assert match is not None and match.partial and match.start() == 2


def test_entity_pattern_checks_itself() -> None:
    """EntityPattern refuses an out-of-range score or a non-positive max_length."""
    with pytest.raises(ValueError, match="score"):
        EntityPattern("X", "X", "x", None, 1.5, "d", None)
    with pytest.raises(ValueError, match="max_length"):
        EntityPattern("X", "X", "x", None, 0.5, "d", 0)


def test_docs_list_every_builtin_and_validator() -> None:
    """docs/entities.md documents every built-in entity and every named validator."""
    text = DOCS.read_text(encoding="utf-8")
    for name in BUILTIN_ENTITIES:
        assert re.search(rf"`{name}`", text), name
    for name in VALIDATORS:
        assert re.search(rf"`{name}`", text), name


def test_compile_pattern_uses_the_regex_module() -> None:
    """compile_pattern returns a `regex` pattern (timeout= and partial= available)."""
    compiled = compile_pattern(BUILTIN_ENTITIES["EMAIL"])
    assert isinstance(compiled, regex.Pattern)


IBAN_SAMPLES = [
    "DE89370400440532013000",
    "GB82WEST12345698765432",
    "FR1420041010050500013M02606",
    "NO9386011117947",
    "CH9300762011623852957",
    "NL91ABNA0417164300",
    "GB82WEST1234569876543",
    "GB82west12345698765432",
    "XX89370400440532013000",
    "DE89370400440532013001",
    "DE8937040044053201300",
]


@pytest.mark.parametrize("number", IBAN_SAMPLES)
def test_iban_agrees_with_stdnum(number: str) -> None:
    """The cached-structure IBAN check gives python-stdnum's answer (country checks off)."""
    from stdnum import iban

    assert is_iban(number) is bool(iban.is_valid(number, check_country=False))


PHONE_SAMPLES = [
    ("+49 30 1234567", None),
    ("+1 (415) 555-0123", None),
    ("+44 20 7946 0958", None),
    ("+800 1234 5678", None),
    ("+49 1", None),
    ("+999 123456", None),
    ("(415) 555-0123", "US"),
    ("1-800-555-0199", "US"),
    ("030 1234567", "DE"),
    ("0151 23456789", "DE"),
    ("020 7946 0958", "GB"),
    ("0049 30 1234567", "DE"),
    ("0044 20 7946 0958", "DE"),
    ("0049 (0)30 1234567", "DE"),
]


@pytest.mark.parametrize(("text", "region"), PHONE_SAMPLES)
def test_lenient_phone_agrees_with_phonenumbers(text: str, region: str | None) -> None:
    """Lenient phone validation matches phonenumbers' is_possible_number on these rows."""
    import phonenumbers

    from detectors.validators import phone_validator

    try:
        expected = phonenumbers.is_possible_number(phonenumbers.parse(text, region))
    except phonenumbers.NumberParseException:
        expected = False
    regions = (region,) if region else ("US",)
    assert phone_validator(strict=False, regions=regions)(text) is expected


# -- the library's PEM entity in the stream filter, as proxy/policies.py passes it ---------

_CUT_REPLY = "Here: -----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAsecretkeymaterial\nabcDEF123"
_KEY_BITS = ("MIIEpAIB", "secretkeymaterial", "abcDEF123", "PRIVATE KEY")


def _pem_policy(max_held_chars: int = 16384) -> EgressPolicy:
    entry = BUILTIN_ENTITIES["PEM_PRIVATE_KEY"]
    pattern = OutputPattern(
        name=entry.name, label=entry.label, pattern=entry.pattern, validator=entry.validator
    )
    return EgressPolicy(patterns=[pattern], max_held_chars=max_held_chars)


def _stream(policy: EgressPolicy, *chunks: str) -> str:
    flt = EgressFilter(policy.for_request({}, {}))
    return "".join(flt.feed(chunk) for chunk in chunks) + flt.close()


def test_reply_cut_inside_a_key_is_masked_at_close_for_every_split() -> None:
    """A reply that ends inside a key (max_tokens) emits no key material, however split."""
    policy = _pem_policy()
    whole = _stream(policy, _CUT_REPLY)
    assert whole == "Here: [REDACTED:PRIVATE_KEY]"
    size = len(_CUT_REPLY)
    for cut in range(size + 1):
        assert _stream(policy, _CUT_REPLY[:cut], _CUT_REPLY[cut:]) == whole
    for first in range(0, size, 7):
        for second in range(first, size, 11):
            parts = (_CUT_REPLY[:first], _CUT_REPLY[first:second], _CUT_REPLY[second:])
            assert _stream(policy, *parts) == whole


def test_complete_key_then_prose_in_the_stream_is_masked_and_the_prose_kept() -> None:
    """With its END line the block ends there; the text after it passes through."""
    reply = f"a {PEM} b -----BEGIN PRIVATE KEY-----\nMIIB"
    out = _stream(_pem_policy(), *[reply[i : i + 5] for i in range(0, len(reply), 5)])
    assert out == "a [REDACTED:PRIVATE_KEY] b [REDACTED:PRIVATE_KEY]"


def test_open_key_past_the_ceiling_is_refused_without_releasing_it() -> None:
    """Still open at the ceiling, the stream is refused and nothing of the key got out."""
    flt = EgressFilter(_pem_policy(max_held_chars=80).for_request({}, {}))
    emitted = flt.feed("Here: -----BEGIN RSA PRIVATE KEY-----\n")
    with pytest.raises(EgressRefused):
        for _ in range(10):
            emitted += flt.feed("MIIEpAIBAAKCAQEAsecretkeymaterial\n")
    assert not any(bit in emitted for bit in _KEY_BITS)
