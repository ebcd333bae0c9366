"""Value generators for the independent sets: Faker's providers, public specifications.

Nothing here is taken from the gateway's detector library: the formats are Faker's own
(``phone_number``, ``credit_card_number``, ``iban``, ``swift``, ``ssn``, ``itin``,
``passport_number``, ``vat_id``, ``rvnr``, ``address``, ...) or written from the issuer's
published format (Steuer-ID, UK NINO, German passport and ID-card serials, the token
formats providers document and gitleaks' public rules describe).  Where Faker draws a value
that is not really of its type in the world (an unassigned phone area code, a VAT id with
a wrong check digit, a "ZZ" National Insurance prefix, a US-style "ssn" in ``de_DE``), the
value is redrawn or written from the specification, so that every gold label is true;
the oracles are third-party (phonenumbers' metadata, python-stdnum's validators) or the
specification's rule written out below.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import json
import random
import re
import string
from collections.abc import Callable
from datetime import UTC, date, datetime

import phonenumbers
from faker import Faker
from stdnum import iban as std_iban
from stdnum import luhn
from stdnum.at import vnr as at_vnr
from stdnum.ch import ssn as ch_ssn
from stdnum.ch import uid as ch_uid
from stdnum.de import idnr as de_idnr
from stdnum.eu import vat as eu_vat
from stdnum.gb import vat as gb_vat

REGION = {"en_US": "US", "en_GB": "GB", "de_DE": "DE", "de_AT": "AT", "de_CH": "CH"}

MONTHS_EN = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
MONTHS_DE = [
    "Januar",
    "Februar",
    "März",
    "April",
    "Mai",
    "Juni",
    "Juli",
    "August",
    "September",
    "Oktober",
    "November",
    "Dezember",
]

ALNUM = string.ascii_letters + string.digits
B64 = string.ascii_letters + string.digits + "+/"
B64URL = string.ascii_letters + string.digits + "-_"
UPPER_DIGITS = string.ascii_uppercase + string.digits
HEX = "0123456789abcdef"


class Ctx:
    """One payload's drawing state: its locale's Faker, the shared random stream."""

    def __init__(self, fakers: dict[str, Faker], rng: random.Random, locale: str) -> None:
        self.fakers = fakers
        self.rng = rng
        self.locale = locale
        self.lang = locale[:2]

    @property
    def fake(self) -> Faker:
        return self.fakers[self.locale]

    def pick(self, items: list[str]) -> str:
        return items[self.rng.randrange(len(items))]

    def chars(self, alphabet: str, n: int) -> str:
        return "".join(alphabet[self.rng.randrange(len(alphabet))] for _ in range(n))


def _redraw(draw: Callable[[], str], ok: Callable[[str], bool], tries: int = 500) -> str:
    for _ in range(tries):
        value = draw()
        if ok(value):
            return value
    raise RuntimeError("no valid value drawn")


# ---- contact ------------------------------------------------------------------------


def phone(ctx: Ctx) -> str:
    """Faker's ``phone_number`` for the locale, kept only if it is a valid number there."""
    region = REGION[ctx.locale]

    def ok(value: str) -> bool:
        try:
            return bool(phonenumbers.is_valid_number(phonenumbers.parse(value, region)))
        except phonenumbers.NumberParseException:
            return False

    return _redraw(ctx.fake.phone_number, ok)


def phone_with_extension(ctx: Ctx) -> str:
    """A valid number (as :func:`phone`) with an extension the way the region writes one:
    DIN 5008 in German-speaking countries (``030 1234567-12``, ``+49 30 1234567-12``),
    ``ext.`` in English (``(415) 867-5309 ext. 204``)."""
    number = phonenumbers.parse(phone(ctx), REGION[ctx.locale])
    number.extension = None  # Faker's own ``x123``: one extension, written our way
    digits = ctx.chars(string.digits, 2 + ctx.rng.randrange(3))
    style = ctx.rng.random() < 0.5
    kind = (
        phonenumbers.PhoneNumberFormat.NATIONAL
        if style
        else phonenumbers.PhoneNumberFormat.INTERNATIONAL
    )
    base = phonenumbers.format_number(number, kind)
    if ctx.lang == "de":
        return f"{base}-{digits}"
    return f"{base} ext. {digits}"


def email_urlencoded(ctx: Ctx) -> str:
    """An address inside a URL query string, ``@`` percent-encoded (RFC 3986)."""
    return email(ctx).replace("@", "%40")


def email(ctx: Ctx) -> str:
    """Faker's ``email``, ``free_email`` or ``company_email``."""
    kind = ctx.rng.randrange(3)
    return (ctx.fake.email, ctx.fake.free_email, ctx.fake.company_email)[kind]()


def email_obfuscated(ctx: Ctx) -> str:
    """An address written to dodge scrapers, the ways people write it."""
    address = ctx.fake.free_email()
    local, domain = address.split("@")
    host, _, tld = domain.rpartition(".")
    style = ctx.rng.randrange(4)
    if style == 0:
        return f"{local} [at] {host} [dot] {tld}"
    if style == 1:
        return f"{local} (at) {host} (dot) {tld}"
    if style == 2:
        return f"{local.replace('.', ' dot ')} at {host} dot {tld}"
    return f"{local}[at]{domain}"


def ipv4(ctx: Ctx) -> str:
    return str(ctx.fake.ipv4_public())


def ipv6(ctx: Ctx) -> str:
    return str(ctx.fake.ipv6())


def ip(ctx: Ctx) -> str:
    return ipv4(ctx) if ctx.rng.random() < 0.7 else ipv6(ctx)


def _real_address(ctx: Ctx) -> str:
    """Faker's ``address``; German ones redrawn when Faker's postcode begins ``00``
    (German postcodes run 01067-99998: no region 00 exists)."""
    if ctx.locale != "de_DE":
        return str(ctx.fake.address())
    return _redraw(ctx.fake.address, lambda value: not _PLZ_00.search(value))


_PLZ_00 = re.compile(r"\b00\d{3}\b")


def address(ctx: Ctx) -> str:
    """Faker's ``address`` on one line (lines joined with ``, ``)."""
    return ", ".join(line.strip() for line in _real_address(ctx).splitlines())


def address_block(ctx: Ctx) -> str:
    """Faker's ``address`` as its lines."""
    return _real_address(ctx)


# ---- people -------------------------------------------------------------------------


def person(ctx: Ctx) -> str:
    return f"{ctx.fake.first_name()} {ctx.fake.last_name()}"


def first_name(ctx: Ctx) -> str:
    return str(ctx.fake.first_name())


def last_name(ctx: Ctx) -> str:
    return str(ctx.fake.last_name())


def organization(ctx: Ctx) -> str:
    return str(ctx.fake.company())


def city(ctx: Ctx) -> str:
    return str(ctx.fake.city())


def country(ctx: Ctx) -> str:
    return str(ctx.fake.country())


def date_of_birth(ctx: Ctx) -> str:
    """A birth date (ages 18-90 on the day the sets were built), written as dates are
    written in the language.  Days are drawn from the payload's random stream between
    fixed bounds: Faker's date helpers depend on today and on the time zone."""
    born = _day_between(ctx, date(1936, 1, 1), date(2008, 11, 30))
    return write_date(ctx, born)


def _day_between(ctx: Ctx, first: date, last: date) -> date:
    return date.fromordinal(ctx.rng.randint(first.toordinal(), last.toordinal()))


def write_date(ctx: Ctx, day: date) -> str:
    style = ctx.rng.randrange(4)
    if ctx.lang == "de":
        if style in (0, 1):
            return f"{day.day:02d}.{day.month:02d}.{day.year}"
        if style == 2:
            return f"{day.day}. {MONTHS_DE[day.month - 1]} {day.year}"
        return f"{day.day}.{day.month}.{day.year}"
    if style == 0:
        return f"{MONTHS_EN[day.month - 1]} {day.day}, {day.year}"
    if style == 1:
        return f"{day.month:02d}/{day.day:02d}/{day.year}"
    if style == 2:
        return day.isoformat()
    return f"{day.day} {MONTHS_EN[day.month - 1]} {day.year}"


# ---- money --------------------------------------------------------------------------

CARD_TYPES = [
    "maestro",
    "mastercard",
    "visa16",
    "visa13",
    "visa19",
    "amex",
    "discover",
    "diners",
    "jcb15",
    "jcb16",
    "visa",
    "jcb",
]


def credit_card(ctx: Ctx) -> str:
    """Faker's ``credit_card_number`` over every card type it has, as people write it."""
    card_type = ctx.pick(CARD_TYPES)
    number = _redraw(lambda: str(ctx.fake.credit_card_number(card_type=card_type)), _issued)
    assert luhn.is_valid(number)
    style = ctx.rng.random()
    if style < 0.55:
        return number
    sep = " " if style < 0.85 else "-"
    if len(number) == 16:
        return sep.join(number[i : i + 4] for i in range(0, 16, 4))
    if len(number) == 15 and number[:2] in ("34", "37"):
        return sep.join((number[:4], number[4:10], number[10:]))
    if len(number) == 14:
        return sep.join((number[:4], number[4:10], number[10:]))
    return number


def _issued(number: str) -> bool:
    """Whether Faker's number lies in a range the scheme issues: Faker draws JCB 16-digit
    numbers from all of ``35…`` (JCB issues 3528-3589) and Maestro from ``0604`` (no
    payment card begins with 0: ISO/IEC 7812 major industry identifier 0 is not banking)."""
    if len(number) == 16 and number.startswith("35"):
        return 3528 <= int(number[:4]) <= 3589
    return not number.startswith("0")


def luhn_invalid_16(ctx: Ctx) -> str:
    """A 16-digit number whose Luhn check fails (a card number with a wrong last digit)."""
    number = str(ctx.fake.credit_card_number(card_type="visa16"))
    last = (int(number[-1]) + 1 + ctx.rng.randrange(9)) % 10
    bad = number[:-1] + str(last)
    assert not luhn.is_valid(bad)
    return bad


def iban(ctx: Ctx) -> str:
    """Faker's ``iban`` (its locale's country), compact or in ISO 13616 paper groups."""
    value = str(ctx.fake.iban())
    assert std_iban.is_valid(value)
    if ctx.rng.random() < 0.4:
        return " ".join(value[i : i + 4] for i in range(0, len(value), 4))
    return value


def iban_bad_check(ctx: Ctx) -> str:
    """An IBAN whose mod-97 check digits are wrong."""
    value = str(ctx.fake.iban())
    check = int(value[2:4])
    for delta in range(1, 97):
        candidate = f"{value[:2]}{(check + delta) % 97 + 2:02d}"[:4] + value[4:]
        if not std_iban.is_valid(candidate):
            return candidate
    raise RuntimeError("unreachable")


def bic(ctx: Ctx) -> str:
    """Faker's ``swift8`` / ``swift11`` (its locale's country)."""
    return str(ctx.fake.swift8() if ctx.rng.random() < 0.5 else ctx.fake.swift11())


def vat_id(ctx: Ctx) -> str:
    """Faker's ``vat_id`` for the locale, redrawn until its check digit is right."""
    if ctx.locale == "de_CH":
        value = _redraw(ctx.fake.vat_id, ch_uid.is_valid)
        # Half in the display form the Swiss register uses (``CHE-123.456.789``).
        return str(ch_uid.format(value)) if ctx.rng.random() < 0.5 else value
    if ctx.locale in ("en_GB", "en_US"):
        # Faker draws half its GB numbers from the government-department (GD) and
        # health-authority (HA) ranges, which few businesses hold; keep one in five.
        def ok(value: str) -> bool:
            rare = value[2:4] in ("GD", "HA")
            return gb_vat.is_valid(value) and (not rare or ctx.rng.random() < 0.2)

        return _redraw(ctx.fakers["en_GB"].vat_id, ok)
    return _redraw(ctx.fake.vat_id, eu_vat.is_valid)


# ---- national numbers ---------------------------------------------------------------


def us_ssn(ctx: Ctx) -> str:
    """Faker ``en_US`` ``ssn``, kept only inside the SSA's issuable ranges."""

    def ok(value: str) -> bool:
        digits = value.replace("-", "")
        area, group, serial = int(digits[:3]), int(digits[3:5]), int(digits[5:])
        return 0 < area < 900 and area != 666 and group != 0 and serial != 0

    value = _redraw(ctx.fakers["en_US"].ssn, ok)
    return value if ctx.rng.random() < 0.85 else value.replace("-", " ")


def us_itin(ctx: Ctx) -> str:
    """Faker ``en_US`` ``itin``: 9xx with the IRS's group ranges (50-65, 70-88, 90-92, 94-99)."""

    def ok(value: str) -> bool:
        group = int(value[4:6])
        return value[0] == "9" and (
            50 <= group <= 65 or 70 <= group <= 88 or 90 <= group <= 92 or 94 <= group <= 99
        )

    return _redraw(ctx.fakers["en_US"].itin, ok)


def de_tax_id(ctx: Ctx) -> str:
    """Steuerliche Identifikationsnummer from its specification (§ 139b AO, BZSt):
    11 digits, no leading 0; in the first ten one digit occurs twice or three times
    (never three in a row), the rest once, and the last is the ISO 7064 MOD 11,10 check
    digit.  python-stdnum's ``de.idnr`` confirms each value."""

    def draw() -> str:
        digits = list("0123456789")
        ctx.rng.shuffle(digits)
        times = 2 if ctx.rng.random() < 0.7 else 3
        twice = digits[0]
        body = digits[1 : 11 - times] + [twice] * times
        ctx.rng.shuffle(body)
        head = "".join(body)
        product = 10
        for ch in head:
            total = (int(ch) + product) % 10 or 10
            product = (total * 2) % 11
        check = (11 - product) % 10
        return head + str(check)

    value = _redraw(draw, de_idnr.is_valid)
    style = ctx.rng.random()
    if style < 0.3:
        return f"{value[:2]} {value[2:5]} {value[5:8]} {value[8:]}"
    return value


def de_rvnr(ctx: Ctx) -> str:
    """Rentenversicherungsnummer from the DRV's layout (§ 147 SGB VI, VKVV): area number,
    birth date ``ddmmyy``, initial of the birth name, serial (00-49 men, 50-99 women),
    check digit (:func:`_rvnr_ok`).  Written out rather than Faker ``de_DE``'s ``rvnr``,
    whose birth date depends on today and on the time zone."""
    area = ctx.pick(
        [
            "02",
            "03",
            "04",
            "08",
            "09",
            "10",
            "11",
            "12",
            "13",
            "14",
            "15",
            "16",
            "17",
            "18",
            "19",
            "20",
            "21",
            "23",
            "24",
            "25",
            "26",
            "28",
            "29",
            "38",
            "39",
            "40",
            "42",
            "43",
            "44",
            "45",
            "46",
            "47",
            "48",
            "49",
            "50",
            "52",
            "53",
            "54",
            "55",
            "56",
            "57",
            "58",
            "59",
            "60",
            "61",
            "62",
            "63",
            "64",
            "65",
            "66",
            "67",
            "68",
            "69",
            "70",
            "71",
            "72",
            "73",
            "74",
            "75",
            "76",
            "77",
            "78",
            "79",
            "80",
            "81",
            "82",
            "89",
        ]
    )
    born = _day_between(ctx, date(1936, 1, 1), date(2008, 11, 30))
    initial = ctx.pick(list(string.ascii_uppercase))
    head = f"{area}{born.day:02d}{born.month:02d}{born.year % 100:02d}{initial}"
    head += ctx.chars(string.digits, 2)
    for check in string.digits:
        if _rvnr_ok(head + check):
            return head + check
    raise RuntimeError("unreachable")


def _rvnr_ok(value: str) -> bool:
    if len(value) != 12 or not value[8].isalpha():
        return False
    letter = ord(value[8].upper()) - ord("A") + 1
    digits = value[:8] + f"{letter:02d}" + value[9:11]
    weights = (2, 1, 2, 5, 7, 1, 2, 1, 2, 1, 2, 1)
    total = sum(sum(divmod(int(d) * w, 10)) for d, w in zip(digits, weights, strict=True))
    return total % 10 == int(value[11])


def at_svnr(ctx: Ctx) -> str:
    """Austrian Sozialversicherungsnummer from its layout: a 3-digit serial (no leading
    0), a check digit (weights 3 7 9 · 5 8 4 2 1 6 over serial and birth date, mod 11, a
    remainder of 10 is never issued), the birth date ``ddmmyy``; python-stdnum's
    ``at.vnr`` confirms each.  Written out rather than Faker ``de_AT``'s ``ssn``, whose
    birth date depends on today and on the time zone."""

    def draw() -> str:
        serial = ctx.chars("123456789", 1) + ctx.chars(string.digits, 2)
        born = _day_between(ctx, date(1936, 1, 1), date(2008, 11, 30))
        birth = f"{born.day:02d}{born.month:02d}{born.year % 100:02d}"
        digits = serial + birth
        total = sum(int(d) * w for d, w in zip(digits, (3, 7, 9, 5, 8, 4, 2, 1, 6), strict=True))
        return f"{serial}{total % 11}{birth}"

    value = _redraw(draw, at_vnr.is_valid)
    return value if ctx.rng.random() < 0.6 else f"{value[:4]} {value[4:]}"


def ch_ahv(ctx: Ctx) -> str:
    """Faker ``de_CH`` ``ssn`` (AHV-Nummer 756.xxxx.xxxx.xx), python-stdnum ``ch.ssn`` valid."""
    return _redraw(ctx.fakers["de_CH"].ssn, ch_ssn.is_valid)


# German passport and ID-card serials (BSI TR / PassV): nine characters from the
# alphabet C F G H J K L M N P R T V W X Y Z and digits; passports begin with C, F, G, H,
# J or K, ID cards (Personalausweis since 2010) with L, M, N, P, R, T, V, W, X or Y.
DE_SERIAL = "CFGHJKLMNPRTVWXYZ0123456789"


def de_passport(ctx: Ctx) -> str:
    return ctx.pick(list("CFGHJK")) + ctx.chars(DE_SERIAL, 8)


def de_id_card(ctx: Ctx) -> str:
    return ctx.pick(list("LMNPRTVWXY")) + ctx.chars(DE_SERIAL, 8)


def gb_nino(ctx: Ctx) -> str:
    """UK National Insurance number from HMRC's rules: the first letter is not D F I Q U
    V, the second not D F I O Q U V, the prefixes BG GB KN NK NT TN ZZ are never issued;
    six digits; suffix A-D.  (Faker's ``en_GB`` ``ssn`` uses the unissued ``ZZ``.)"""
    first = [c for c in string.ascii_uppercase if c not in "DFIQUV"]
    second = [c for c in string.ascii_uppercase if c not in "DFIOQUV"]
    while True:
        prefix = ctx.pick(first) + ctx.pick(second)
        if prefix not in ("BG", "GB", "KN", "NK", "NT", "TN", "ZZ"):
            break
    digits = ctx.chars(string.digits, 6)
    suffix = ctx.pick(list("ABCD"))
    if ctx.rng.random() < 0.5:
        return f"{prefix} {digits[:2]} {digits[2:4]} {digits[4:]} {suffix}"
    return f"{prefix}{digits}{suffix}"


def passport(ctx: Ctx) -> str:
    """A passport number of the payload's country: Faker ``en_US``/``en_GB``'s
    ``passport_number`` (US: 9 digits or a letter and 8 digits; UK: 9 digits), the German
    serial above, Austria's letter and 7 digits (Faker ``de_AT``, kept to that shape),
    Switzerland's letter and 7 digits."""
    if ctx.locale == "en_US":
        return str(ctx.fakers["en_US"].passport_number())
    if ctx.locale == "en_GB":
        return _redraw(ctx.fakers["en_GB"].passport_number, lambda v: v.isdigit() and len(v) == 9)
    if ctx.locale == "de_DE":
        return de_passport(ctx)
    if ctx.locale == "de_AT":
        return _redraw(
            ctx.fakers["de_AT"].passport_number,
            lambda v: len(v) == 8 and v[0].isalpha() and v[1:].isdigit(),
        )
    return ctx.pick(list("SX")) + ctx.chars(string.digits, 7)


def national_id(ctx: Ctx) -> str:
    """A social-insurance number of the payload's country (frames name it so)."""
    if ctx.locale == "de_DE":
        return de_rvnr(ctx)
    if ctx.locale == "de_AT":
        return at_svnr(ctx)
    if ctx.locale == "de_CH":
        return ch_ahv(ctx)
    return gb_nino(ctx)


# ---- secrets (provider-documented formats; gitleaks' default rules for breadth) -----


def aws_key_id(ctx: Ctx) -> str:
    return ctx.pick(["AKIA", "ASIA"]) + ctx.chars(string.ascii_uppercase + "234567", 16)


def aws_secret(ctx: Ctx) -> str:
    return ctx.chars(B64, 40)


def github_token(ctx: Ctx) -> str:
    if ctx.rng.random() < 0.25:
        return "github_pat_" + ctx.chars(ALNUM, 22) + "_" + ctx.chars(ALNUM, 59)
    return ctx.pick(["ghp_", "gho_", "ghu_", "ghs_"]) + ctx.chars(ALNUM, 36)


def gitlab_token(ctx: Ctx) -> str:
    return "glpat-" + ctx.chars(ALNUM + "_-", 20)


def slack_token(ctx: Ctx) -> str:
    kind = ctx.pick(["xoxb", "xoxp"])
    return f"{kind}-{ctx.chars(string.digits, 12)}-{ctx.chars(string.digits, 13)}-" + ctx.chars(
        ALNUM, 24
    )


def slack_webhook(ctx: Ctx) -> str:
    """A Slack incoming-webhook URL; Slack's documentation calls the whole URL the secret."""
    path = f"T{ctx.chars(UPPER_DIGITS, 10)}/B{ctx.chars(UPPER_DIGITS, 10)}/" + ctx.chars(ALNUM, 24)
    return "https://hooks.slack.com/services/" + path


def stripe_key(ctx: Ctx) -> str:
    return ctx.pick(["sk_live_", "rk_live_", "sk_test_"]) + ctx.chars(
        ALNUM, 24 + ctx.rng.randrange(76)
    )


def google_api_key(ctx: Ctx) -> str:
    return "AIza" + ctx.chars(ALNUM + "-_", 35)


def npm_token(ctx: Ctx) -> str:
    return "npm_" + ctx.chars(ALNUM, 36)


def sendgrid_key(ctx: Ctx) -> str:
    return "SG." + ctx.chars(ALNUM + "-_", 22) + "." + ctx.chars(ALNUM + "-_", 43)


def pypi_token(ctx: Ctx) -> str:
    return "pypi-AgEIcHlwaS5vcmc" + ctx.chars(B64URL, 50 + ctx.rng.randrange(120))


def hf_token(ctx: Ctx) -> str:
    return "hf_" + ctx.chars(string.ascii_letters, 34)


def twilio_key(ctx: Ctx) -> str:
    return "SK" + ctx.chars(HEX, 32)


def azure_storage_key(ctx: Ctx) -> str:
    return base64.b64encode(bytes(ctx.rng.randrange(256) for _ in range(64))).decode()


def generic_secret(ctx: Ctx) -> str:
    """A high-entropy value assigned to a key/secret/token name."""
    style = ctx.rng.randrange(3)
    if style == 0:
        return ctx.chars(HEX, 32)
    if style == 1:
        return ctx.chars(ALNUM, 40)
    return ctx.chars(B64URL, 43)


def api_key(ctx: Ctx) -> str:
    """Any of the prefixed provider tokens above."""
    makers: list[Callable[[Ctx], str]] = [
        aws_key_id,
        github_token,
        gitlab_token,
        slack_token,
        stripe_key,
        google_api_key,
        npm_token,
        sendgrid_key,
        pypi_token,
        hf_token,
        twilio_key,
    ]
    return makers[ctx.rng.randrange(len(makers))](ctx)


def jwt(ctx: Ctx) -> str:
    """A real HS256 JWT (RFC 7519) over a Faker subject, signed with a random key."""

    def b64(data: bytes) -> str:
        return base64.urlsafe_b64encode(data).rstrip(b"=").decode()

    header = b64(json.dumps({"alg": "HS256", "typ": "JWT"}, separators=(",", ":")).encode())
    claims = {
        "sub": str(ctx.fake.uuid4()),
        "iat": 1_700_000_000 + ctx.rng.randrange(10**8),
        "scope": ctx.pick(["read", "read write", "admin"]),
    }
    if ctx.rng.random() < 0.5:
        claims["email"] = ctx.fake.free_email()
    body = b64(json.dumps(claims, separators=(",", ":")).encode())
    key = bytes(ctx.rng.randrange(256) for _ in range(32))
    signature = b64(hmac.new(key, f"{header}.{body}".encode(), hashlib.sha256).digest())
    return f"{header}.{body}.{signature}"


def pem_key(ctx: Ctx) -> str:
    """A PEM private-key block (RFC 7468 framing; RSA, EC, PKCS#8 or OpenSSH label)."""
    label, size = ctx.pick(
        [
            "RSA PRIVATE KEY|1190",
            "EC PRIVATE KEY|121",
            "PRIVATE KEY|1218",
            "OPENSSH PRIVATE KEY|400",
        ]
    ).split("|")
    body = base64.b64encode(bytes(ctx.rng.randrange(256) for _ in range(int(size)))).decode()
    lines = [body[i : i + 64] for i in range(0, len(body), 64)]
    return "\n".join([f"-----BEGIN {label}-----", *lines, f"-----END {label}-----"])


def pem_key_escaped(ctx: Ctx) -> str:
    """The same inside a JSON string: newlines written as ``\\n``."""
    return pem_key(ctx).replace("\n", "\\n")


# ---- hard negatives -----------------------------------------------------------------


def order_number(ctx: Ctx) -> str:
    style = ctx.rng.randrange(4)
    if style == 0:
        return "45" + ctx.chars(string.digits, 8)
    if style == 1:
        return f"ORD-{ctx.rng.randrange(2024, 2027)}-{ctx.chars(string.digits, 6)}"
    if style == 2:
        return (
            ctx.chars(string.digits, 3)
            + "-"
            + ctx.chars(string.digits, 7)
            + "-"
            + ctx.chars(string.digits, 7)
        )
    return ctx.chars(string.digits, 8)


def invoice_number(ctx: Ctx) -> str:
    prefix = "RE" if ctx.lang == "de" else "INV"
    return f"{prefix}-{ctx.rng.randrange(2024, 2027)}-{ctx.chars(string.digits, 5)}"


def ticket_number(ctx: Ctx) -> str:
    return ctx.chars("123456789", 1) + ctx.chars(string.digits, 5 + ctx.rng.randrange(3))


def case_number(ctx: Ctx) -> str:
    return "0" + ctx.chars(string.digits, 7)


def version(ctx: Ctx) -> str:
    major, minor, patch = (
        ctx.rng.randrange(0, 20),
        ctx.rng.randrange(0, 40),
        ctx.rng.randrange(0, 200),
    )
    style = ctx.rng.randrange(3)
    if style == 0:
        return f"{major}.{minor}.{patch}"
    if style == 1:
        return f"v{major}.{minor}.{patch}"
    return f"{major}.{minor}.{patch}.{ctx.rng.randrange(1000, 9999)}"


def other_date(ctx: Ctx) -> str:
    """A date that is not a birth date (a meeting, a due date, a delivery)."""
    day = _day_between(ctx, date(2024, 1, 1), date(2027, 6, 30))
    return write_date(ctx, day)


def amount(ctx: Ctx) -> str:
    value = ctx.rng.randrange(100, 2_000_000) / 100
    if ctx.lang == "de":
        whole, cents = f"{value:,.2f}".split(".")
        return whole.replace(",", ".") + "," + cents + " €"
    return f"${value:,.2f}"


def isbn(ctx: Ctx) -> str:
    value = str(ctx.fake.isbn13() if ctx.rng.random() < 0.6 else ctx.fake.isbn10())
    return value if ctx.rng.random() < 0.5 else value.replace("-", "")


def uuid(ctx: Ctx) -> str:
    return str(ctx.fake.uuid4())


def commit_hash(ctx: Ctx) -> str:
    value = str(ctx.fake.sha1())
    return ctx.pick([value, value[:7], value[:12]])


def sha256(ctx: Ctx) -> str:
    return str(ctx.fake.sha256())


def timestamp(ctx: Ctx) -> str:
    first = int(datetime(2025, 1, 1, tzinfo=UTC).timestamp())
    last = int(datetime(2026, 11, 30, tzinfo=UTC).timestamp())
    moment = datetime.fromtimestamp(ctx.rng.randint(first, last), tz=UTC)
    style = ctx.rng.randrange(4)
    if style == 0:
        return moment.strftime("%Y-%m-%dT%H:%M:%SZ")
    if style == 1:
        return moment.strftime("%Y-%m-%d %H:%M:%S,") + f"{ctx.rng.randrange(1000):03d}"
    if style == 2:
        return str(int(moment.timestamp()))
    return str(int(moment.timestamp() * 1000))


def port(ctx: Ctx) -> str:
    return str(ctx.pick(["443", "8080", "8443", "5432", "6379", "3306", "9200", "27017", "5672"]))


def postcode_area(ctx: Ctx) -> str:
    return _redraw(ctx.fake.postcode, lambda value: not value.startswith("00"))


def git_remote(ctx: Ctx) -> str:
    """An SSH git remote (``git@host:org/repo.git``): it has an ``@`` but is no e-mail."""
    host = ctx.pick(["github.com", "gitlab.com", "bitbucket.org"])
    org = ctx.pick(["acme", "platform-team", "infra", "data-eng"])
    return f"git@{host}:{org}/{ctx.fake.slug()}.git"


def tracking_number(ctx: Ctx) -> str:
    return ctx.chars(string.digits, 12 + 8 * ctx.rng.randrange(2))
