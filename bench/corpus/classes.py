"""Payloads 1500 and up: the format classes of issue #11, our own generators.

Values (phones with extensions and without separators, every card scheme, the newer
credential formats, birth dates, ITINs, passports, ID cards, BICs, VAT ids, obfuscated
e-mail addresses) and the over-masking negatives the issue measured (postcodes,
``Case`` numbers, ISBN-10s, Luhn-invalid card numbers, IBANs with a bad check digit, git
remotes), in English and German templates.  Payloads below 1500 are untouched, so the
first 1500 lines of the corpus stay byte-identical.  This is the project's own data:
the library was written against it, so it pins regressions and says nothing about
quality (see ``bench/heldout`` for that).
"""

from __future__ import annotations

import random
import string
from collections.abc import Callable

from stdnum import iban as std_iban
from stdnum import luhn

__all__ = ["CLASS_LABELS", "CLASS_NEGATIVES", "CLASS_TEMPLATES", "CLASS_VALUES", "FIRST_INDEX"]

FIRST_INDEX = 1500
_ALNUM = string.ascii_letters + string.digits


def _d(rng: random.Random, n: int) -> str:
    return "".join(rng.choice(string.digits) for _ in range(n))


def _c(rng: random.Random, alphabet: str, n: int) -> str:
    return "".join(rng.choice(alphabet) for _ in range(n))


def _phone_ext(rng: random.Random) -> str:
    area, exch, line = str(rng.randint(2, 9)) + _d(rng, 2), _d(rng, 3), _d(rng, 4)
    ext = _d(rng, rng.randint(2, 5))
    return rng.choice(
        (f"({area}){exch}-{line}x{ext}", f"{area}.{exch}.{line}x{ext}",
         f"+1-{area}-{exch}-{line}x{ext}", f"{area}-{exch}-{line} ext. {ext}",
         f"030 {_d(rng, 5)}-{_d(rng, 2)}", f"+49 89 {_d(rng, 6)}-{_d(rng, 2)}")
    )  # fmt: skip


def _phone_bare(rng: random.Random) -> str:
    if rng.random() < 0.5:
        return str(rng.randint(2, 9)) + _d(rng, 2) + str(rng.randint(2, 9)) + _d(rng, 6)
    return "0" + rng.choice(("171", "151", "30", "40", "89")) + _d(rng, 7)


def _card(rng: random.Random) -> str:
    prefix, length = rng.choice(
        (("6759", 12), ("1800", 15), ("2131", 15), ("2221", 16), ("2720", 16), ("3530", 16),
         ("2200", 16), ("62", 19), ("36", 14), ("4", 13))
    )  # fmt: skip
    body = prefix + _d(rng, length - len(prefix) - 1)
    number = body + luhn.calc_check_digit(body)
    if length in (12, 16, 19):
        return " ".join(number[i : i + 4] for i in range(0, length, 4))
    return number


def _bad_card(rng: random.Random) -> str:
    body = "4" + _d(rng, 14)
    digit = (int(luhn.calc_check_digit(body)) + rng.randint(1, 9)) % 10
    number = body + str(digit)
    return " ".join(number[i : i + 4] for i in range(0, 16, 4))


def _bad_iban(rng: random.Random) -> str:
    bban = _d(rng, 18)
    check = int(std_iban.calc_check_digits("DE00" + bban))
    number = f"DE{(check + rng.randint(1, 50)) % 97 + 2:02d}{bban}"
    if std_iban.is_valid(number):
        number = number[:2] + "00" + number[4:]
    return " ".join(number[i : i + 4] for i in range(0, len(number), 4))


def _secret(rng: random.Random) -> str:
    return rng.choice(
        (
            lambda: "glpat-" + _c(rng, _ALNUM, 20),
            lambda: "AIza" + _c(rng, _ALNUM + "-_", 35),
            lambda: "npm_" + _c(rng, _ALNUM, 36),
            lambda: "SG." + _c(rng, _ALNUM, 22) + "." + _c(rng, _ALNUM, 43),
            lambda: rng.choice(("sk_live_", "rk_live_")) + _c(rng, _ALNUM, 24),
            lambda: "hf_" + _c(rng, string.ascii_letters, 34),
            lambda: "https://hooks.slack.com/services/T" + _c(rng, "ABCDEFGH0123456789", 8)
            + "/B" + _c(rng, "ABCDEFGH0123456789", 10) + "/" + _c(rng, _ALNUM, 24),
        )
    )()


def _icao(number: str) -> str:
    weights = (7, 3, 1)
    total = sum(
        (int(ch) if ch.isdigit() else ord(ch) - 55) * weights[i % 3] for i, ch in enumerate(number)
    )
    return number + str(total % 10)


def _vat(rng: random.Random) -> str:
    body = str(rng.randint(1, 9)) + _d(rng, 7)
    product = 10
    for digit in body:
        total = (int(digit) + product) % 10 or 10
        product = total * 2 % 11
    return "DE" + body + str((11 - product) % 10)


def _obfuscated(rng: random.Random) -> str:
    first, last = rng.choice(("anna", "ben", "chris", "dana")), rng.choice(("roth", "lee", "kahn"))
    domain = rng.choice(("example", "beispiel"))
    return rng.choice(
        (f"{first}.{last} [at] {domain} [dot] com", f"{first} dot {last} at {domain} dot org",
         f"{first}{last}(at){domain}.de")
    )  # fmt: skip


_DOC = "0123456789CFGHJKLMNPRTVWXYZ"

CLASS_VALUES: dict[str, Callable[[random.Random], str]] = {
    "PHONE_EXT": _phone_ext,
    "PHONE_BARE": _phone_bare,
    "CARD_ANY": _card,
    "SECRET": _secret,
    "ITIN": lambda rng: f"9{_d(rng, 2)}-{rng.choice((70, 78, 88, 90, 95, 55))}-{_d(rng, 4)}",
    "PASSPORT": lambda rng: rng.choice("CFGHJK") + _c(rng, _DOC, 8),
    "IDCARD": lambda rng: _icao(rng.choice("LMNPRT") + _c(rng, _DOC, 8)),
    "BIC": lambda rng: rng.choice(("COBADEFFXXX", "DEUTDEFF", "GENODEF1S04", "BOFAUS3N")),
    "VAT": _vat,
    "EMAIL_OBF": _obfuscated,
}
CLASS_LABELS = {
    "PHONE_EXT": "PHONE", "PHONE_BARE": "PHONE", "CARD_ANY": "CREDIT_CARD",
    "SECRET": "API_KEY", "ITIN": "US_ITIN", "PASSPORT": "PASSPORT", "IDCARD": "NATIONAL_ID",
    "BIC": "BIC", "VAT": "VAT_ID", "EMAIL_OBF": "EMAIL",
}  # fmt: skip


def _isbn10(rng: random.Random) -> str:
    body = "0" + _d(rng, 8)
    check = (11 - sum((10 - i) * int(ch) for i, ch in enumerate(body)) % 11) % 11
    return body + ("X" if check == 10 else str(check))


CLASS_NEGATIVES: dict[str, tuple[str, Callable[[random.Random], str]]] = {
    "POSTCODE": ("postcode", lambda rng: f"0{rng.randint(1067, 9999):04d}"),
    "CASE": ("case_number", lambda rng: "0" + _d(rng, 7)),
    "ISBN10": ("isbn", _isbn10),
    "BADCARD": ("bad_luhn_card", _bad_card),
    "BADIBAN": ("bad_iban", _bad_iban),
    "GITREMOTE": ("git_remote", lambda rng: rng.choice(("git@github.com:acme/api.git",
                                                        "git@gitlab.com:ops/infra.git"))),
}  # fmt: skip

CLASS_TEMPLATES: dict[str, tuple[tuple[str, ...], ...]] = {
    "en": (
        ("Caller {{PERSON}} left a voicemail: call back on {{PHONE_EXT}}. Case {{~CASE}} "
         "is about the card {{CARD_ANY}}; the old card {{~BADCARD}} was declined.",),
        ("Onboarding form\nName: {{PERSON}}\nDate of birth: {{DOB}}\nITIN: {{ITIN}}\n"
         "Passport number: {{PASSPORT}}\nMobile: {{PHONE_BARE}}",),
        ("The deploy log leaked {{SECRET}} while cloning {{~GITREMOTE}}. Rotate it and tell "
         "{{EMAIL_OBF}} (ISBN of the runbook: {{~ISBN10}}).",),
        ("Refund {{PERSON}} to BIC {{BIC}}, not to {{~BADIBAN}} (bad check digit). "
         "Ship the parts to {{ADDRESS}}.",),
    ),
    "de": (
        ("Rückruf an {{PERSON}} unter {{PHONE_EXT}} erbeten, Aktenzeichen Case {{~CASE}}. "
         "Karte {{CARD_ANY}} ist gültig, {{~BADCARD}} nicht.",),
        ("Personalbogen\nName: {{PERSON}}\nGeburtsdatum: {{DOB}}\nPersonalausweis: {{IDCARD}}\n"
         "Reisepass: {{PASSPORT}}\nHandy: {{PHONE_BARE}}",),
        ("Im Build-Log stand {{SECRET}} (Repo {{~GITREMOTE}}). Bitte {{EMAIL_OBF}} "
         "informieren; Handbuch ISBN {{~ISBN10}}.",),
        ("Unsere USt-IdNr. lautet {{VAT}}, BIC: {{BIC}}. Das Konto {{~BADIBAN}} ist falsch. "
         "Lieferung nach {{ADDRESS}} (PLZ-Gebiet {{~POSTCODE}}).",),
    ),
}
