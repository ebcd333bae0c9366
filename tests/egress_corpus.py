"""The egress fixture corpus and the policies it runs under (shared by tests and bench).

Every pitfall of docs/design.md C5 is a fixture here.  The policies use the real built-in entity
library (``detectors.library``) as output patterns, plus a ``\\b`` custom pattern, a
known-literal list with a value that is a prefix of another, and ten issued
placeholders.  The ceiling is small (700) so that the PEM fixtures stay short enough to
split at every point; a ceiling must not be below what a bounded pattern can hold
(:mod:`pipelines.egress.reach`), so the policies under it leave out the one built-in
that needs more (bearer tokens, up to 4096 characters), and the ``wide`` variant runs
every built-in under a ceiling that fits them all.  Values cut off by the end of the
text (a PEM block without END, JWTs cut at every segment) are fixtures too.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Iterable

from detectors.library import BUILTIN_ENTITIES
from pipelines.egress import EgressFilter, EgressPolicy, EgressRules, OutputPattern
from pipelines.errors import EgressRefused
from tests.egress_oracle import Oracle

CEILING = 700
WIDE_CEILING = 4200

# Entries whose match may open at any capitalised word or any word (a street name, an
# e-mail local part spelled with spaces): with them a reply holds up to 120-280
# characters of prose, which the hold-size fixtures below are not about.
# Their own egress behaviour is tested in tests/unit/detectors/test_library_more.py.
LONG_LEAD: frozenset[str] = frozenset(
    {"DE_ADDRESS", "AT_CH_ADDRESS", "US_ADDRESS", "EMAIL_OBFUSCATED"}
)


def builtin_patterns(ceiling: int | None = None) -> tuple[OutputPattern, ...]:
    """Every built-in entity but the LONG_LEAD ones as an output pattern.

    With a ``ceiling``, only those whose longest match (the library's ``max_length``, and
    a margin for look-aheads) fits under it.
    """
    patterns = []
    for e in BUILTIN_ENTITIES.values():
        if e.name in LONG_LEAD:
            continue
        if ceiling is not None and e.max_length is not None and e.max_length + 32 > ceiling:
            continue
        patterns.append(
            OutputPattern(name=e.name, label=e.label, pattern=e.pattern, validator=e.validator)
        )
    return tuple(patterns)


BUILTIN_PATTERNS = builtin_patterns()
# A pattern written with \b at both ends: its truth at a chunk start depends on text
# already emitted, at a chunk end on text not yet received.
WORD_PATTERN = OutputPattern(name="TICKET", label="TICKET", pattern=r"\bTCK-\d{3,6}\b")

RELINK_MAP = {
    "[PERSON_1]": "Alice Müller",
    "[PERSON_2]": "田中太郎",
    "[EMAIL_1]": "alice@home.example",
    "[PHONE_1]": "+49 30 1234567",
    "[ORGANIZATION_1]": "Acme \"Quoted\" GmbH",
    "[LOCATION_1]": "Zürich\\Altstadt",
    "[PERSON_3]": "Zoë 😀",
    "[CREDIT_CARD_1]": "4111 1111 1111 1111",
    "[ADDRESS_1]": "Line 1\nLine 2",
    "[PERSON_12]": "Bob",
}
VAULT_VALUES = {
    "Alice Müller": "[PERSON_1]",
    "ALICE MÜLLER": "[PERSON_1]",
    "alice@home.example": "[EMAIL_1]",
    "田中太郎": "[PERSON_2]",
}
LITERALS = {
    "Sarah": "PERSON",
    "Sarah Chen": "PERSON",
    "张伟": "PERSON",
    "Zoë": "PERSON",
    "Globex Corporation": "ORGANIZATION",
}


def _b64(data: object) -> str:
    return base64.urlsafe_b64encode(json.dumps(data).encode()).rstrip(b"=").decode()


LONG_JWT = (
    _b64({"alg": "HS256", "typ": "JWT"})
    + "."
    + _b64({"sub": "1234567890", "name": "John Doe", "scopes": ["read:all"] * 20})
    + "."
    + "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c" * 2
)
SHORT_JWT = (
    _b64({"alg": "HS256", "typ": "JWT"}) + "." + _b64({"sub": "42"}) + ".SflKxwRJSMeKKF2QT4fw"
)
PEM_BODY_LINE = "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n"
SHORT_PEM = (
    "-----BEGIN PRIVATE KEY-----\n" + PEM_BODY_LINE * 4 + "-----END PRIVATE KEY-----"
)
LONG_PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n" + PEM_BODY_LINE * 12 + "-----END RSA PRIVATE KEY-----"
)

FIXTURES: dict[str, str] = {
    "greedy_email_growth": "Write to bob@corp.example.org today, or bob@corp.example. Or x@y.",
    "email_at_end": "Reach me at bob@corp.example",
    "email_trailing_dot": "Reach me at bob@corp.example.",
    "word_boundary_chunk_start": "myTCK-1234 TCK-1234 TCK-12345x (TCK-999) xTCK-123",
    "lookbehind_email": "a.b@c.example x+bob@corp.example.org 1bob@x.example",
    "cjk_neighbours": "联系张伟，邮箱zhang.wei@example.cn，电话+86 138 0013 8000。[PERSON_2]来了",
    "emoji_neighbours": "😀bob@corp.example.org😀 [PERSON_1]🎉[EMAIL_1]👍🏽",
    "combining_marks": "Zoë met Zoe\u0308 and Zoë\u0301; [PERSON_3]\u0301 e\u0301[PERSON_1]",
    "no_spaces_japanese": (
        "東京都の田中太郎さんは[PERSON_2]と会いましたメールはtanaka@example.jpです"
    ),
    "no_spaces_thai": "สวัสดีครับผมชื่อ[PERSON_1]อีเมลsomchai@example.co.thขอบคุณ",
    "short_pem": "key:\n" + SHORT_PEM + "\nend",
    "long_pem_refused": "key:\n" + LONG_PEM + "\nend",
    "long_jwt": "token " + LONG_JWT + " ok",
    "truncated_pem_at_end": "key:\n-----BEGIN RSA PRIVATE KEY-----\n" + PEM_BODY_LINE * 2 + "MIIE",
    "truncated_pem_then_text": "k -----BEGIN PRIVATE KEY-----\nMIIEvQ ... and [PERSON_1] bob@x.org",
    "pem_header_cut_is_text": "see -----BEGIN PRIVATE KEY",
    "markdown_rule_at_end": "Done.\n\n-----",
    "jwt_cut_in_signature": "token " + SHORT_JWT[:-8],
    "jwt_cut_in_payload_is_text": "token " + SHORT_JWT[:48],
    "jwt_cut_in_header_is_text": "token " + SHORT_JWT[:20],
    "two_segments_mid_text_are_text": "a " + SHORT_JWT[:48] + " b",
    "adjacent_placeholders": "[PERSON_1][EMAIL_1][PERSON_2][PERSON_12][PERSON_1]",
    "prefix_values": "Sarah Chen met Sarah, then Sarah Chenko and SARAH CHEN and Sarahville.",
    "mask_shaped_input": "[REDACTED:EMAIL] and [REDACTED:PERSON] [REDACTED:{label}] stay",
    "mangled_placeholders": (
        r"\[PERSON\_1\] [person_1] [Email_1] \[PERSON_12] [PERSON_9] [ PERSON_1 ]"
    ),
    "unissued_placeholders": "[PERSON_4] [PERSON_1_2] [PERSON_01] [FOO_1] [PERSON_1",
    "cards": "Pay 4111 1111 1111 1111 or 4111-1111-1111-1112 or 41111111111111111111.",
    "iban_ip": "IBAN DE89 3704 0044 0532 0130 00, host 192.168.1.1, v1.2.3.4, ::1 fe80::1",
    "api_keys": "AKIAIOSFODNN7EXAMPLE and Authorization: Bearer sk-proj-4fG7hJ2kLm9Qx8Rt5Vw3Yz",
    "phones_ssn": "Call (415) 555-0123 or 030 1234567; SSN 536-22-1234.",
    "hostile_brackets": "[[[[[[[[[[[[ ]]]] \\\\\\[[ [A_ [A_1 [A_1\\ @@@@ ...@@.. ----- BEGIN",
    "digit_run": "1234567890" * 8,
    "literal_org": "Globex Corporation, Globex Corporations, globex corporation.",
    "vault_raw_values": "Alice Müller wrote to alice@home.example; ALICE MÜLLER, alice müller!",
}


# The policy variants every chunking test runs: with literals and the vault (relinking,
# and masking raw values), output patterns alone, and every built-in under the wide
# ceiling.
VARIANTS: dict[str, tuple[bool, bool, int]] = {
    # name: (relink, literals, ceiling)
    "relink": (True, True, CEILING),
    "redact_vault": (False, True, CEILING),
    "patterns": (True, False, CEILING),
    "wide": (True, False, WIDE_CEILING),
}


def patterns_for(variant: str) -> tuple[OutputPattern, ...]:
    """The output patterns of a variant: the built-ins that fit its ceiling, the \\b one."""
    return (*builtin_patterns(VARIANTS[variant][2]), WORD_PATTERN)


def make_rules(variant: str) -> EgressRules:
    """A variant's policy for the corpus request (ten issued placeholders)."""
    relink, literals, ceiling = VARIANTS[variant]
    policy = EgressPolicy(
        patterns=patterns_for(variant),
        relink=relink,
        max_held_chars=ceiling,
        literals=LITERALS if literals else {},
    )
    return policy.for_request(RELINK_MAP, VAULT_VALUES)


def make_oracle(variant: str) -> Oracle:
    """The independent whole-string oracle for the same request."""
    relink, literals, _ceiling = VARIANTS[variant]
    return Oracle(
        patterns=patterns_for(variant),
        relink_map=RELINK_MAP,
        vault_values=VAULT_VALUES,
        literals=LITERALS if literals else {},
        relink=relink,
    )


def run_chunks(
    rules: EgressRules, chunks: Iterable[str], *, json_string: bool = False
) -> tuple[str, bool]:
    """Everything a filter emits for ``chunks``, and whether it refused."""
    flt = EgressFilter(rules, json_string=json_string)
    out: list[str] = []
    try:
        for chunk in chunks:
            out.append(flt.feed(chunk))
        out.append(flt.close())
    except EgressRefused:
        return "".join(out), True
    return "".join(out), False


def every_split(text: str) -> Iterable[list[str]]:
    """All single cut points, then all fixed chunk sizes 1..len(text)."""
    for cut in range(1, len(text)):
        yield [text[:cut], text[cut:]]
    for size in range(1, len(text) + 1):
        yield [text[i : i + size] for i in range(0, len(text), size)]
