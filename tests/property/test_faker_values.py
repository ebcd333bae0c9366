"""Values from Faker's providers are masked whole, in the frames people write them in.

Faker is a generator the project did not write, and labelled test sets are built with
it: its card types (a bare 12-digit Maestro, JCB from all of 35), the national phone
layouts of its English and German locales (``(0####) #####`` with any digit after the
trunk 0, Vienna's ``(01) …``, NANP with ``x`` extensions or ten bare digits, ``001-``
dialling; in presidio-evaluator's phone frames, the phone word after it too), IBANs of
several countries, SSNs, ITINs, BICs, passports, e-mail and IP addresses.  Each value
goes into a frame with the context a writer gives it (a card keyword before a card,
a phone word before a phone), through the real chain (canonical view, built-in
``regex`` detector).  The oracle is written for the test: the forwarded text is the
frame with exactly one placeholder of the value's label where the value was, so the
value is masked whole, nothing of it survives and nothing around it is taken.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable

from faker import Faker
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.regex_chain import sanitize

_SETTINGS = settings(max_examples=150, deadline=None)

_CARD_TYPES = (
    "amex", "diners", "discover", "jcb15", "jcb16", "maestro", "mastercard",
    "visa13", "visa16", "visa19",
)  # fmt: skip
_PHONE_LOCALES = ("en_US", "en_GB", "en_CA", "de_DE", "de_AT", "de_CH")
_IBAN_LOCALES = ("en_GB", "de_DE", "de_AT", "de_CH", "fr_FR", "nl_NL", "es_ES", "it_IT")

# (label, frames, value from a seeded Faker of the locale)
_Case = tuple[str, tuple[str, ...], Callable[[Faker], str]]


def _card(fake: Faker, card_type: str) -> str:
    return fake.credit_card_number(card_type)


def _cases() -> list[tuple[str, _Case]]:
    cards = (
        "Please charge my card {} today.",
        "Kreditkarte: {}",
        "credit card number {}",
        "What's your credit card? {}",
    )
    # and the frames of presidio-evaluator's phone templates: a phone word after the
    # number in a signature, a four-digit postcode on the line before it, "messages to"
    phones = (
        "Call me at {} today.",
        "My phone number is {}.",
        "Telefon: {}",
        "Sie erreichen mich unter {}.",
        "Tel.: {}",
        "I would like to stop receiving messages to {}",
        "They're not answering at {}",
        "Acme Ltd\n{} office\n",
        "Kambodscha 3330\n{}-Office,",
        "Desk: {}\nFax: none",
    )
    cases: list[tuple[str, _Case]] = []
    for card_type in _CARD_TYPES:
        cases.append(
            ("en_US", ("CREDIT_CARD", cards, functools.partial(_card, card_type=card_type)))
        )
    for locale in _PHONE_LOCALES:
        cases.append((locale, ("PHONE", phones, lambda f: f.phone_number())))
    for locale in _IBAN_LOCALES:
        frames = ("IBAN: {}", "Bitte überweisen Sie auf {}.", "pay to account {} please")
        cases.append((locale, ("IBAN", frames, lambda f: f.iban())))
    cases += [
        ("en_US", ("US_SSN", ("SSN: {}", "my social security number is {}"), lambda f: f.ssn())),
        ("en_US", ("US_ITIN", ("ITIN {}", "her ITIN is {}."), lambda f: f.itin())),
        ("de_DE", ("BIC", ("BIC: {}", "SWIFT code {}"), lambda f: f.swift())),
        ("en_US", ("PASSPORT", ("passport number {}",), lambda f: f.passport_number())),
        ("en_US", ("EMAIL", ("write to {} please", "E-Mail: {}"), lambda f: f.email())),
        ("de_DE", ("EMAIL", ("write to {} please", "E-Mail: {}"), lambda f: f.email())),
        ("en_US", ("IP_ADDRESS", ("from {} at noon", "IP-Adresse {}"), lambda f: f.ipv4())),
        ("en_US", ("IP_ADDRESS", ("from {} at noon",), lambda f: f.ipv6())),
    ]
    return cases


_CASES = _cases()
_FAKERS = {locale: Faker(locale) for locale in {locale for locale, _ in _CASES}}


@st.composite
def _written(draw: st.DrawFn) -> tuple[str, str, str]:
    locale, (label, frames, make) = draw(st.sampled_from(_CASES))
    fake = _FAKERS[locale]
    fake.seed_instance(draw(st.integers(0, 2**32 - 1)))
    value = make(fake)
    return label, value, draw(st.sampled_from(frames))


@_SETTINGS
@given(case=_written())
def test_a_faker_value_is_masked_whole_in_its_frame(case: tuple[str, str, str]) -> None:
    """The forwarded text is the frame with one placeholder of the label where the
    value stood: the value is masked whole, and nothing around it is touched."""
    label, value, frame = case
    before, after = frame.split("{}")
    forwarded = sanitize(before + value + after)
    expected = re.escape(before) + rf"\[{label}_1\]" + re.escape(after)
    assert re.fullmatch(expected, forwarded), (value, frame, forwarded)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**32 - 1),
    size=st.integers(32, 64),
    upper=st.booleans(),
    name=st.sampled_from(["api_key", "API_KEY", "secret", "client_secret", "token"]),
)
def test_a_random_hex_key_under_a_secret_name_is_masked(
    seed: int, size: int, upper: bool, name: str
) -> None:
    """A uniformly random hex key (what ``secrets.token_hex`` and key generators print)
    under a key named like a secret is masked, though hex has 4 bits per character at
    most; the draw is from a seeded uniform generator, not from Hypothesis' own bytes,
    which lean to repeated characters."""
    import random

    rng = random.Random(seed)
    key = "".join(rng.choice("0123456789abcdef") for _ in range(size))
    key = key.upper() if upper else key
    before = f"{name}: "
    forwarded = sanitize(before + key + "\n")
    assert re.fullmatch(re.escape(before) + r"\[API_KEY_1\]\n", forwarded), (key, forwarded)
