"""The built-in entity library: one documented pattern per kind of structured value.

The same table serves two readers.  The ingress ``regex`` detector
(:mod:`detectors.regex`) runs these patterns over whole prompts; the proxy hands them
to the egress stream filter as output patterns, which runs them with the ``regex``
module's ``partial=True`` over a reply arriving in chunks.  So every pattern here:

* is source for the ``regex`` module (not :mod:`re`), compiled with
  :func:`compile_pattern`, and is always run with ``timeout=``;
* has no unbounded look-behind (a look-behind of at most a few characters is fine: the
  stream filter keeps that much context), and no ``^``/``$`` anchors; ``\\Z`` only
  where the end of the text ends a value (a PEM block cut off mid-key), which the
  stream filter reads as the end of the stream, not of a chunk;
* declares ``max_length``, the longest text it can match, or ``None`` when unbounded
  (PEM blocks, JWTs), so the stream filter knows how long a match may stay open;
* declares ``anchors``, literal substrings of which every match contains at least one,
  so a scanner can skip the pattern outright on text that has none of them.

Boundaries are explicit look-arounds rather than ``\\b`` so that ``bob@corp.example.org``
matches whole, a card number is not cut out of a longer digit run, and a trailing full
stop is never part of a value.  ``docs/entities.md`` documents every entry; a test
checks that it does.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import Final

import phonenumbers

from detectors import id_validators as idv
from detectors import validators as v
from detectors.entity_pattern import (
    DIGITS,
    GROUP_SEP,
    NUM_AFTER,
    NUM_BEFORE,
    TOKEN_AFTER,
    TOKEN_BEFORE,
    WORD,
    EntityPattern,
    compile_pattern,
    keyword,
)
from detectors.library_personal import (
    LABEL_TAIL_COLON,
    LABEL_TAIL_MAX,
    PERSONAL_ENTRIES,
    bare_phone_entity,
    phone_before_word_entity,
    phone_context_entity,
)
from detectors.library_secrets import (
    CREDENTIAL_PASSWORD_CHAR,
    CREDENTIAL_PASSWORD_MAX,
    CREDENTIAL_USER,
    LOGIN_BEFORE_MAIL,
    LOGIN_USER,
    SECRET_ENTRIES,
)
from detectors.validators import VALIDATORS
from pipelines.canon.view import KEY_PATH_TAIL, KEY_PATH_TAIL_MAX
from pipelines.textrules import NOSPACE_SCRIPTS as _NOSPACE

__all__ = [
    "BUILTIN_ENTITIES",
    "EMAIL_LOCAL_CHAR",
    "EXTENSION_MARK",
    "PHONE_MODES",
    "VALIDATORS",
    "EntityPattern",
    "compile_pattern",
    "phone_entity",
    "phone_formats_are_marked",
]

PHONE_MODES: Final = ("strict", "lenient")

_W: Final = WORD
_NUM_BEFORE: Final = NUM_BEFORE
_NUM_AFTER: Final = NUM_AFTER
_TOKEN_BEFORE: Final = TOKEN_BEFORE
_TOKEN_AFTER: Final = TOKEN_AFTER
_DIGITS: Final = DIGITS


# --- phone formats ---------------------------------------------------------------
# International: a plus, a country code, optionally an area code in parentheses, then
# digit groups separated by single spaces, dots, dashes or slashes.  Parentheses only
# right after the country code, so "+49 30 1234567 (415) 555-0123" is two numbers.
# phonenumbers (the validator) decides whether the digit count fits the country.
_PHONE_INTL: Final = r"\+[1-9][0-9]{0,3}(?:[ .\-/]?\([0-9]{1,5}\))?(?:[ .\-/]?[0-9]{1,8}){1,6}"
# The same number dialled with the international access code 00 instead of the plus
# (ITU-T E.164 trunk dialling from most of Europe, Africa and Asia): 0049 171 2345678,
# 0044-20-7946-0958, 0049 (0)30 1234567.  Without the plus there is nothing to mark the
# country code, so it must stand as its own group; the validator then reads that
# group as the country code and refuses unassigned ones ("0012 3456 7890").
_PHONE_IDD: Final = (
    r"00[1-9][0-9]{0,2}(?:[ .\-/]?\([0-9]{1,5}\)[ .\-/]?|[ .\-/])"
    r"[0-9]{1,8}(?:[ .\-/]?[0-9]{1,8}){0,5}"
)
# North American Numbering Plan: (415) 555-0123, 415-555-0123, 415.555.0123,
# 415 555 0123, 1-800-555-0199.  Area and exchange start with 2-9.
# Area and exchange codes of real numbers start with 2-9, but numbers are written (and
# generated for test data) with any digits; the 3-3-4 grouping is what marks them.
_PHONE_NANP: Final = (
    r"(?:1[ .\-])?(?:\([0-9]{3}\)[ .\-]?|[0-9]{3}[ .\-])[0-9]{3}[ .\-][0-9]{4}"
)
# Trunk-prefix-0 countries (DE, AT, GB, FR, ...): 030 1234567, 0151 23456789,
# (030) 1234567, 030/1234567, 089-123 456 78, 030.1234.5678.
# A short bare run of digits (no separator after the area code) is not taken for a
# trunk-0 number: case and reference numbers ("Case 01234567") look the same.  Bare
# runs are phone numbers after a phone keyword (PHONE_BARE).  The DIN 5008 extension
# ("030 12345-67") is one more dash group.
# Parentheses mark an area code whatever its digits: written numbers (and generated
# test data) put any digit after the trunk 0 ("(00814) 85898"; the validator reads such
# a number with the 00 access code first).  Without them the area code opens 0 + 1-9:
# "Invoice 00123 45678" is a reference.  A two-digit area code (Vienna's 01), in
# parentheses or before a slash, needs a subscriber block of five digits or more after
# it, so that "05/2024" is a date; "Ref 01 234567" is no phone number.
_PHONE_TRUNK0: Final = (
    r"(?:(?:(?:\(0[0-9]{2,5}\)[ \-.]?|0[1-9][0-9]{1,4}(?:[ \-.]?/[ \-.]?|[ \-.]))[0-9]{2,8}"
    r"|(?:\(0[1-9]\)[ ]?|0[1-9][ ]?/[ ]?)[0-9]{5,8})"
    r"(?:[ \-.][0-9]{2,5}){0,3}"
    # ... a one-digit area code in brackets and an eight-digit subscriber number in two
    # groups of four, no group after them (Australia: "(03) 7364 3212"; without the
    # brackets "02 1500 2300" is as often a row of numbers) ...
    r"|\(0[1-9]\)[ ]?[0-9]{4}[ ][0-9]{4}(?![ \-.]?[0-9])"
    # ... except whole national numbers of 10 or 11 digits, which no ISBN-10 (the
    # validator refuses those), short reference number or 12-digit account id is
    r"|0[1-9][0-9]{8,9})"
)
# Countries without a trunk prefix (ES, IT, DK, ...): groups must be separated so a
# bare number is not taken for a phone.
_PHONE_OTHER: Final = r"[1-9][0-9]{1,4}[ \-/][0-9]{2,4}(?:[ \-][0-9]{2,5}){1,3}"

# An extension written after the number ("x905", "ext. 12", "Durchwahl 12") belongs to
# it: without it, a glued "x905" would stop the number from matching at all.
EXTENSION_WORDS: Final = ("x", "ext", "ext.", "extension", "durchwahl", "dw", "apparat", "app.")
EXTENSION_MARK: Final = r",?[ ]?" + keyword(EXTENSION_WORDS) + r"[ ]?"
PHONE_EXTENSION: Final = r"(?:" + EXTENSION_MARK + r"[0-9]{1,6})"
# A number does not start right after a group of four digits (a card or account number
# whose checksum failed is not a phone number either), nor inside an IBAN-shaped run
# ("DE89 3704 0044 0532 0130 01" with a bad check digit holds "0044 0532 0130 01").
_NOT_IN_IBAN: Final = (
    rf"(?<![A-Za-z]{{2}}[0-9]{{2}}(?:{GROUP_SEP}[A-Za-z0-9]{{4}}){{0,7}}{GROUP_SEP})"
)
# Exactly four: a five-digit ZIP code before a number on the next line ("NE 36199" +
# line break + "208-436-8228", one space in the view) is no card group.  And only where
# the number goes on in a card's grouping, its next two groups 4-4, 4-6 or 6-4/5
# (4-4-4-4, Amex 4-6-5, Diners 4-6-4): a four-digit postcode before a number on the
# next line ("Kambodscha 3330" + line break + "081 628 65 95", "0909 879 0660",
# "Estland 9255" + "0463/19554530") is no card group either.
NOT_IN_GROUPS: Final = (
    rf"(?:(?<!(?<![0-9])[0-9]{{4}}{GROUP_SEP})"
    rf"|(?!(?:[0-9]{{4}}{GROUP_SEP}(?:[0-9]{{4}}|[0-9]{{6}})|[0-9]{{6}}{GROUP_SEP}[0-9]{{4,5}})"
    r"(?![0-9])))"
    + _NOT_IN_IBAN
)

# Longest branches: the international one, 5 + 8 + 6 groups of 9 characters; with the
# 00 prefix, 5 + 9 + 8 + 5 groups of 9; then an extension of at most 2 + 11 + 7.
_PHONE_MAX: Final = 67 + 20


def _national_format(region: str) -> str:
    if phonenumbers.country_code_for_region(region) == 1:
        return _PHONE_NANP
    metadata = phonenumbers.PhoneMetadata.metadata_for_region(region)
    has_trunk0 = metadata is not None and metadata.national_prefix == "0"
    return _PHONE_TRUNK0 if has_trunk0 else _PHONE_OTHER


def phone_formats_are_marked(regions: Iterable[str]) -> bool:
    """True if every phone format for ``regions`` is marked: a ``+``, 10 NANP digits,
    or a trunk ``0`` opening a digit group (no region without a trunk prefix)."""
    return all(_national_format(region) != _PHONE_OTHER for region in regions)


def _phone_pattern(regions: Iterable[str]) -> str:
    branches = [_PHONE_INTL, _PHONE_IDD]
    for region in regions:
        branch = _national_format(region)
        if branch not in branches:
            branches.append(branch)
    return (
        _NUM_BEFORE
        + NOT_IN_GROUPS
        + "(?:"
        + "|".join(branches)
        + ")"
        + PHONE_EXTENSION
        + "?"
        + _NUM_AFTER
    )


def phone_entity(mode: str = "lenient", regions: Iterable[str] = ("US", "DE")) -> EntityPattern:
    """Return the PHONE entity for ``mode`` (``strict``/``lenient``) and national ``regions``.

    International ``+`` numbers are always recognised; national formats only for the
    listed ISO 3166 regions.  Raises ``ValueError`` on an unknown mode or region.
    """
    if mode not in PHONE_MODES:
        raise ValueError(f"phone mode must be one of {', '.join(PHONE_MODES)}")
    region_list = tuple(r.upper() for r in regions)
    supported = phonenumbers.SUPPORTED_REGIONS
    for region in region_list:
        if region not in supported:
            raise ValueError(f"unknown phone region {region!r}")
    strict = mode == "strict"
    return EntityPattern(
        name="PHONE",
        label="PHONE",
        pattern=_phone_pattern(region_list),
        validator=v.phone_validator(strict=strict, regions=region_list),
        score=0.85 if strict else 0.75,
        description="Telephone number, international (+country) or national (configured regions)",
        max_length=_PHONE_MAX,
        anchors=_DIGITS,
    )


# A character of an e-mail local part.  A match starts where a run of them begins
# (the look-behind) and holds 1 to 64 of them before its one "@".
EMAIL_LOCAL_CHAR: Final = rf"[[\w.%+\-]--[{_NOSPACE}]]"


_IPV4_OCTETS: Final = r"[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}\.[0-9]{1,3}"
# Version numbers look exactly like addresses; a short keyword right before the dotted
# quad ("v1.2.3.4", "version 1.2.3.4", "build: 10.0.19041.1") marks them as such.
_NOT_VERSION: Final = r"(?<!(?i:\bv|\bver|\bversion|\brelease|\bbuild|\bfirmware)[ :]{0,2})"

# US SSN keywords: "SSN", "SS#", "Social Security Number/No./#" in any case, as a
# word of its own ("US-SSN" too).  Only US terms: the German Sozialversicherungsnummer
# is a different number with letters in it.
# A word of a member name counts ("customer_ssn", "ssn_primary": "_" bounds it), and in a
# view a keyword anywhere in the key path above the value (KEY_PATH_TAIL).
_SSN_KEYWORD: Final = (
    r"(?:(?<![^\W_])|(?<=\p{Ll})(?=S))"
    r"(?i:ssn|ss\#|social[ \t_\-]?security(?:[ \t_\-]?(?:number|no\.?|nr\.?|\#))?)"
    r"(?:(?![^\W\d_])|(?<=\p{Ll})(?=\p{Lu}))" + KEY_PATH_TAIL
)
# Between keyword and number: at most four short fillers as forms, prose and data
# write them ("SSN: ", "SSN# ", "SSN is ", "SSN on file: ", '"ssn": "', "ssn=").
# Or a label running on to its colon ("SSN of the applicant: ", "SSN (primary): ").
_SSN_GAP: Final = (
    r"(?:"
    + LABEL_TAIL_COLON
    + r"|(?:[ \t]{0,3}(?:[:#=(\-\"']|(?i:is|was|on[ \t]file|number|no\.|nr\.)(?!\w))){0,4}"
    + r"[ \t]{0,3})"
)
# "social security number" (22), the key path, four fillers of at most 3 + 7 and 3
# spaces or a label's tail, 9 digits.
_SSN_BARE_MAX: Final = 22 + KEY_PATH_TAIL_MAX + max(4 * 10 + 3, LABEL_TAIL_MAX) + 11

# The most userinfo characters an e-mail candidate's "@" is checked back over (the egress
# filter's look-behind window is 128 characters: "://" plus these fit).
URL_USERINFO_MAX: Final = 120
# A character that continues a domain label: a match never ends where one follows a dot.
_LABEL_CHAR: Final = rf"[\w--[_{_NOSPACE}]]"
_LABEL: Final = rf"{_LABEL_CHAR}(?:[[\w\-]--[{_NOSPACE}]]{{0,61}}{_LABEL_CHAR})?"
_TLD: Final = rf"[\w--[\d_{_NOSPACE}]]{{2,63}}(?!{_W}|-)"
# local@domain, the domain whole: the longest domain there is, and no shorter one if
# what follows it fails (atomic), so "git@gitlab.example.net:2222" is not masked as
# "git@gitlab.example" + ".net"; a dot and text that cannot continue the domain (no
# letter TLD after it) end it: "bob@example.com.3", "bob@corp.example.org. Next".
_MAILBOX: Final = rf"{EMAIL_LOCAL_CHAR}{{1,64}}@(?>(?:{_LABEL}\.){{1,8}}{_TLD})"
# "http://" and "https://" ... no scheme whose userinfo could hold a mailbox but these.
_HTTP_SLASHES: Final = r"(?<=(?<![A-Za-z0-9+.\-])(?i:https?)://)"

_ENTRIES: Final[tuple[EntityPattern, ...]] = (
    EntityPattern(
        name="EMAIL",
        label="EMAIL",
        pattern=(
            # An address right after "http://" or "https://" is the URL's userinfo
            # without a password, written by people (and mail programs) who meant the
            # mailbox: "http://jane.doe@example.com".  A port may follow its domain.
            rf"{_HTTP_SLASHES}{_MAILBOX}(?!:(?![0-9]{{1,5}}(?![\w~]))[\w~/])"
            rf"|(?<!{EMAIL_LOCAL_CHAR})"
            # Any other "scheme://user@host" and "scheme://user:password@host": the
            # part before "@" is a login, not a mailbox.  Atomic: "/" is no userinfo
            # character, so the longest run decides and nothing is tried twice.  Read
            # without "," ";" "(" ")": a URL then an address in a CSV row or a list
            # ("https://acme.com,jane@acme.com") is a URL and an address.
            rf"(?<!://(?>{CREDENTIAL_PASSWORD_CHAR}{{0,{URL_USERINFO_MAX}}}))"
            # user:password@host without a scheme, assigned or quoted: a credential
            # pair (URL_PASSWORD masks the password), unless the word before ":"
            # labels the address ("mailto:", "email:", "Owner:").
            rf"(?<!{CREDENTIAL_USER}{CREDENTIAL_PASSWORD_CHAR}{{0,{CREDENTIAL_PASSWORD_MAX}}})"
            # nor after a login whose password holds a character no local part has
            rf"(?<!{LOGIN_BEFORE_MAIL})"
            # nor after a login whose host goes on with a path ("admin:pw@db.acme.io/app",
            # as URL_PASSWORD reads it): noted here, refused after the mailbox
            rf"(?>(?<={LOGIN_USER}{CREDENTIAL_PASSWORD_CHAR}{{0,{CREDENTIAL_PASSWORD_MAX}}})"
            r"(?P<pg_login>)|)"
            rf"{_MAILBOX}"
            # host:path is an scp/ssh remote (git@github.com:org/repo.git), and
            # host:port a login, not a mailbox
            r"(?!:[\w~/])(?(pg_login)(?!/))"
        ),
        validator=None,
        score=0.95,
        description="E-mail address, internationalised local parts and domains included",
        max_length=64 + 1 + 8 * 64 + 63,
        anchors=("@",),
    ),
    EntityPattern(
        name="US_SSN",
        label="US_SSN",
        pattern=_NUM_BEFORE
        + rf"[0-9]{{3}}{GROUP_SEP}[0-9]{{2}}{GROUP_SEP}[0-9]{{4}}"
        + _NUM_AFTER,
        validator=v.is_us_ssn,
        score=0.85,
        description="US Social Security number, 3-2-4 groups, SSA area/group/serial rules",
        max_length=11,
        anchors=_DIGITS,
    ),
    EntityPattern(
        name="US_SSN_BARE",
        label="US_SSN",
        # A bare run of nine digits is an SSN only when the text says so right before
        # it; \K drops the keyword from the match, as for bearer tokens.
        pattern=_SSN_KEYWORD
        + _SSN_GAP
        + rf"\K(?:[0-9]{{9}}|[0-9]{{3}}{GROUP_SEP}[0-9]{{2}}{GROUP_SEP}[0-9]{{4}})"
        + _NUM_AFTER,
        validator=v.is_us_ssn,
        score=0.85,
        description="Bare 9-digit US SSN right after 'SSN' or 'social security number'",
        max_length=_SSN_BARE_MAX,
        # Every match starts with one of these (the case forms people type), so a
        # scanner need only try those positions.
        anchors=("SSN", "ssn", "Ssn", "SS#", "ss#", "Social", "social", "SOCIAL"),
    ),
    phone_entity(),
    EntityPattern(
        name="CREDIT_CARD",
        label="CREDIT_CARD",
        pattern=_NUM_BEFORE + _NOT_IN_IBAN + rf"[0-9](?:{GROUP_SEP}?[0-9]){{11,18}}" + _NUM_AFTER,
        validator=v.is_credit_card,
        score=0.95,
        description="Payment card number, 12-19 digits, a scheme's IIN range and length, Luhn",
        max_length=19 + 18,
        anchors=_DIGITS,
    ),
    EntityPattern(
        name="IBAN",
        label="IBAN",
        pattern=(
            rf"(?<!{_W})[A-Za-z]{{2}}[0-9]{{2}}"
            rf"(?:{GROUP_SEP}?[A-Za-z0-9]{{4}}){{2,7}}(?:{GROUP_SEP}?[A-Za-z0-9]{{1,4}})?(?!{_W})"
        ),
        validator=v.is_iban,
        score=0.95,
        description="International bank account number, per-country length and mod-97 check",
        max_length=4 + 7 * 5 + 5,
        anchors=_DIGITS,
    ),
    EntityPattern(
        name="DE_TAX_ID",
        label="DE_TAX_ID",
        pattern=_NUM_BEFORE
        # groups also between slashes, as forms print it ("69/039/548/296")
        + rf"(?:[0-9]{{2}}(?:{GROUP_SEP}[0-9]{{3}}){{3}}|[0-9]{{2}}(?:/[0-9]{{3}}){{3}}"
        + r"|[0-9]{11})"
        + _NUM_AFTER,
        validator=v.is_de_tax_id,
        score=0.8,
        description="German tax identification number (Steuer-IdNr), 11 digits, check digit",
        max_length=14,
        anchors=_DIGITS,
    ),
    EntityPattern(
        name="IPV4",
        label="IP_ADDRESS",
        pattern=rf"(?<![[\w.:]--[{_NOSPACE}]])"
        + _NOT_VERSION
        + _IPV4_OCTETS
        + rf"(?!{_W}|\.[0-9])",
        validator=v.is_ipv4,
        score=0.8,
        description="IPv4 address in dotted-quad form, not when labelled as a version",
        max_length=15,
        anchors=(".",),
    ),
    EntityPattern(
        name="IPV6",
        label="IP_ADDRESS",
        pattern=(
            r"(?<![\w:.])(?:[0-9A-Fa-f]{1,4}|(?=::))(?::[0-9A-Fa-f]{0,4}){2,7}"
            r"(?:\.[0-9]{1,3}){0,3}(?![\w:])"
        ),
        validator=v.is_ipv6,
        score=0.8,
        description="IPv6 address, full or compressed, embedded IPv4 tail allowed",
        max_length=45,
        anchors=(":",),
    ),
    EntityPattern(
        name="PEM_PRIVATE_KEY",
        label="PRIVATE_KEY",
        pattern=(
            r"-----BEGIN (?:[A-Z0-9]{1,16} ){0,3}PRIVATE KEY(?: BLOCK)?-----"
            r"[\s\S]*?"
            # A key cut off by the end of the text (a reply stopped by max_tokens, a
            # prompt pasted half) is still key material: the end of text ends it too.
            r"(?:-----END (?:[A-Z0-9]{1,16} ){0,3}PRIVATE KEY(?: BLOCK)?-----|\Z)"
        ),
        validator=None,
        score=1.0,
        description=(
            "PEM private key block (RSA, EC, OPENSSH, ENCRYPTED, PGP ...), BEGIN to END"
            " or to the end of the text"
        ),
        max_length=None,
        anchors=("-----BEGIN",),
    ),
    EntityPattern(
        name="JWT",
        label="JWT",
        pattern=(
            r"(?<![\w\-.])eyJ[A-Za-z0-9_\-]{4,}\.[A-Za-z0-9_\-]{2,}\.[A-Za-z0-9_\-]*" + _TOKEN_AFTER
        ),
        validator=v.is_jwt,
        score=0.95,
        description="JSON Web Token: three base64url segments, header decodes to a JSON object",
        max_length=None,
        anchors=("eyJ",),
    ),
    EntityPattern(
        name="AWS_ACCESS_KEY",
        label="API_KEY",
        pattern=r"(?<![A-Za-z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Za-z0-9])",
        validator=idv.is_not_fill_in,
        score=0.95,
        description="AWS access key id (AKIA long-term, ASIA temporary)",
        max_length=20,
        anchors=("AKIA", "ASIA"),
    ),
    EntityPattern(
        name="GITHUB_TOKEN",
        label="API_KEY",
        pattern=r"(?<!\w)(?:gh[pousr]_[A-Za-z0-9]{36,251}|github_pat_[A-Za-z0-9_]{22,244})(?!\w)",
        validator=idv.is_not_fill_in,
        score=0.95,
        description="GitHub token (ghp_, gho_, ghs_, ghu_, ghr_, fine-grained github_pat_)",
        max_length=255,
        anchors=("ghp_", "gho_", "ghs_", "ghu_", "ghr_", "github_pat_"),
    ),
    EntityPattern(
        name="SLACK_TOKEN",
        label="API_KEY",
        pattern=_TOKEN_BEFORE
        + r"(?:xox[abposer]|xapp)-[A-Za-z0-9\-]{10,250}"
        + _TOKEN_AFTER,
        validator=idv.is_not_fill_in,
        score=0.95,
        description="Slack token (xoxa-, xoxb-, xoxp-, xoxr-, xoxs-, xoxo-, xoxe-, xapp-)",
        max_length=255,
        anchors=("xox", "xapp-"),
    ),
    EntityPattern(
        name="ANTHROPIC_API_KEY",
        label="API_KEY",
        pattern=_TOKEN_BEFORE + r"sk-ant-[A-Za-z0-9_\-]{20,300}" + _TOKEN_AFTER,
        validator=v.is_random_token,
        score=0.95,
        description="Anthropic API key (sk-ant-...)",
        max_length=307,
        anchors=("sk-ant-",),
    ),
    EntityPattern(
        name="OPENAI_API_KEY",
        label="API_KEY",
        pattern=_TOKEN_BEFORE + r"sk-(?!ant-)[A-Za-z0-9_\-]{20,300}" + _TOKEN_AFTER,
        validator=v.is_random_token,
        score=0.9,
        description="OpenAI API key (sk-..., sk-proj-..., sk-svcacct-...)",
        max_length=303,
        anchors=("sk-",),
    ),
    EntityPattern(
        name="BEARER_TOKEN",
        label="API_KEY",
        # \K drops "Bearer " from the match: only the credential is a value.  A
        # look-behind would do the same but is tried at every position (100x slower).
        pattern=r"(?<!\w)(?i:bearer)[ \t]{1,4}\K[A-Za-z0-9\-._~+/]{16,4096}={0,2}(?![\w\-.~+/=])",
        validator=v.is_random_token,
        score=0.9,
        description="Credential after 'Bearer ' (HTTP Authorization); the span is the token only",
        max_length=4096 + 2,
        anchors=("earer", "EARER"),
    ),
)

def _assemble() -> tuple[EntityPattern, ...]:
    """The library in precedence order: identifiers, then credentials, then the rest."""
    by_name = {entry.name: entry for entry in _ENTRIES + PERSONAL_ENTRIES + SECRET_ENTRIES}
    keyed_phone = v.phone_validator(strict=False, regions=("US", "DE"), after_keyword=True)
    by_name["PHONE_BARE"] = bare_phone_entity(keyed_phone)
    by_name["PHONE_CONTEXT"] = phone_context_entity(keyed_phone)
    by_name["PHONE_BEFORE_WORD"] = phone_before_word_entity(keyed_phone)
    first = (
        "EMAIL", "US_SSN", "US_SSN_BARE", "US_ITIN", "US_ITIN_BARE", "PHONE", "PHONE_BARE",
        "PHONE_CONTEXT",
    )  # fmt: skip
    return tuple(by_name[name] for name in first) + tuple(
        entry for name, entry in by_name.items() if name not in first
    )


# Insertion order is meaningful: when two built-ins match the very same text, the
# earlier one names it (a JWT after "Bearer" is a JWT, not a generic API key; a
# 3-2-4 group "012-34-5678" is an SSN, not a trunk-0 phone number: no phone plan
# groups a 9-digit number that way).
BUILTIN_ENTITIES: Final[Mapping[str, EntityPattern]] = MappingProxyType(
    {entry.name: entry for entry in _assemble()}
)
