"""Rows and properties for the classes the fresh2 dev set found missing (issue #11):
lower-case UK National Insurance numbers after their keyword, dial strings (a pause or
a wait and the digits after it) and one-digit DIN 5008 extensions, EU VAT ids written
in groups, Telegram bot tokens, Swiss passport numbers and adverbs between a passport
word and its number, bare ten-digit numbers after a message party's key, in a vCard
TEL property and after a signature's one-letter label.

Each class has positive rows, negative rows and near misses; the properties generate
the class with check digits and issuing rules computed here, not by the product.
"""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from detectors.library import BUILTIN_ENTITIES
from detectors.regex import create
from pipelines.canon.fold import fold
from pipelines.egress import EgressFilter, EgressPolicy, OutputPattern
from pipelines.spans import DetectorContext
from tests.unit.detectors.test_library import found

_TOKEN_TAIL = "H3YLlUHP8-STgTic38bCZXDJ_6s05ERgsaM"[:33]
_TOKEN = f"123456789:AA{_TOKEN_TAIL}"

FRESH2_ROWS: list[tuple[str, str, list[str]]] = [
    # UK_NINO_LOWER: typed in lower case after a National Insurance word
    ("UK_NINO_LOWER", "Her NI number ab123456c is on file", ["ab123456c"]),
    ("UK_NINO_LOWER", "B: Ann Lee | NINO: jk 12 34 56 d | London", ["jk 12 34 56 d"]),
    ("UK_NINO_LOWER", "national insurance number is ce987654b.", ["ce987654b"]),
    ("UK_NINO_LOWER", "commit ab123456c fixed the build", []),  # no keyword
    ("UK_NINO_LOWER", "NINO qa123456c", []),  # HMRC issues no Q first letter
    ("UK_NINO_LOWER", "NINO gb123456a", []),  # an unissued prefix
    ("UK_NINO_LOWER", "NINO ab123456e", []),  # near miss: suffix E
    ("UK_NINO_LOWER", "NINO ab12345c", []),  # near miss: five digits
    ("UK_NINO_LOWER", "NINO AB123456C", []),  # upper case is UK_NINO's
    # PHONE: a dial string's pause or wait and the digits after it; DIN "-0"
    ("PHONE", '"phone":"(415) 555-0123,,4821"', ["(415) 555-0123,,4821"]),
    ("PHONE", "dial 415-555-0123,12", ["415-555-0123,12"]),
    ("PHONE", "dial (415) 555-0123,,4821 now", ["(415) 555-0123,,4821"]),
    ("PHONE", "dial 415.555.0123;77", ["415.555.0123;77"]),
    ("PHONE", "dial (415) 555-0123p300", ["(415) 555-0123p300"]),
    ("PHONE", "dial +1 415 555 0123w12#", ["+1 415 555 0123w12"]),
    ("PHONE", "tel:+1-415-555-0123;ext=77", ["+1-415-555-0123;ext=77"]),
    ("PHONE", "415-555-0123,42,Portland", ["415-555-0123"]),  # a CSV row goes on
    ("PHONE", "415-555-0123;42;Portland", ["415-555-0123"]),
    ("PHONE", "call 415-555-0123, 42 units", ["415-555-0123"]),
    ("PHONE", "Bo,07956 747604,23 May 2027", ["07956 747604"]),  # the next field, a date
    ("PHONE", "245509;02118/79862435", ["02118/79862435"]),  # a row's id before it
    ("PHONE", "415-555-0123,,1234567", ["415-555-0123"]),  # near miss: 7 digits dialled
    ("PHONE", "Zentrale: 089/85233074-0", ["089/85233074-0"]),
    ("PHONE", "Telefon 06221/524829-0\n", ["06221/524829-0"]),
    ("PHONE", "unter 0221 9876543-0 erreichbar", ["0221 9876543-0"]),
    ("PHONE", "Stand 01/2024-1", []),  # a month, not a number
    ("PHONE", "089/85233074- und", ["089/85233074"]),  # near miss: the dash alone
    # EU_VAT_ID: digits in groups, one separator throughout
    ("EU_VAT_ID", "USt-IdNr.: DE 945 807 302", ["DE 945 807 302"]),
    ("EU_VAT_ID", "ust=DE 224 538 323&x=1", ["DE 224 538 323"]),
    ("EU_VAT_ID", "contact[vat]=DE 185 089 414", ["DE 185 089 414"]),
    ("EU_VAT_ID", "TVA FR 24 461 765 109", ["FR 24 461 765 109"]),
    ("EU_VAT_ID", "BTW BE 0024.693.725", ["BE 0024.693.725"]),
    ("EU_VAT_ID", "CVR DK 18 97 36 77", ["DK 18 97 36 77"]),
    ("EU_VAT_ID", "NIP PL 124-540-85-33", ["PL 124-540-85-33"]),
    ("EU_VAT_ID", "USt-IdNr.: DE 945 807 303", []),  # near miss: check digit
    ("EU_VAT_ID", "DE 945.807 302", []),  # mixed separators
    ("EU_VAT_ID", "DE 12 34", []),
    # an ungrouped id at a line's end, the next line's digits after the view's space
    ("EU_VAT_ID", "erstellt, ustid=DE945807302\n1753337460 DEBUG", ["DE945807302"]),
    ("EU_VAT_ID", "ustid=DE945807302 1753337460", ["DE945807302"]),
    # TELEGRAM_BOT_TOKEN
    ("TELEGRAM_BOT_TOKEN", f'TELEGRAM_BOT: "{_TOKEN}"', [_TOKEN]),
    ("TELEGRAM_BOT_TOKEN", f"bot_token={_TOKEN}\n", [_TOKEN]),
    ("TELEGRAM_BOT_TOKEN", f"https://api.telegram.org/bot{_TOKEN}/getMe", [_TOKEN]),
    ("TELEGRAM_BOT_TOKEN", f"1234567:AA{_TOKEN_TAIL}", []),  # a 7-digit id
    ("TELEGRAM_BOT_TOKEN", f"123456789:AB{_TOKEN_TAIL}", []),  # not AA
    ("TELEGRAM_BOT_TOKEN", f"123456789:AA{_TOKEN_TAIL}x", []),  # near miss: 36 characters
    ("TELEGRAM_BOT_TOKEN", "time 12345678:AA", []),
    # PASSPORT: Swiss numbers, adverbs after the copula, the German noun alone
    ("PASSPORT", "meine passnummer ist jetzt X2B47C91", ["X2B47C91"]),
    ("PASSPORT", "Reisepass: S0A00A00", ["S0A00A00"]),
    ("PASSPORT", "meine Passnummer ist nun U1234567", ["U1234567"]),
    ("PASSPORT", "my passport number is now 483840501", ["483840501"]),
    ("PASSPORT", "Pass: C01X00T47", ["C01X00T47"]),
    ("PASSPORT", "Reisepass: X2O47C91", []),  # fedpol issues no O
    ("PASSPORT", "pass X1234567 to the next stage", []),  # English "pass"
    ("PASSPORT", "meine passnummer ist jetzt X2B47C9", []),  # near miss: 7 characters
    # PHONE_BARE: a message party's key, a vCard TEL property, a signature's letter
    ("PHONE_BARE", 'msg="sms failed" to=2125550123 user=7', ["2125550123"]),
    ("PHONE_BARE", '{"from": "3125550188"}', ["3125550188"]),
    ("PHONE_BARE", "TEL;TYPE=WORK:2125550123\nEMAIL:a@b.c", ["2125550123"]),
    ("PHONE_BARE", "TEL;TYPE=CELL,VOICE;PREF=1:015112345678", ["015112345678"]),
    ("PHONE_BARE", "T (212) 555-0100 | M 2125550123\n", ["2125550123"]),
    ("PHONE_BARE", "Jane Roe · F: 3125550188", ["3125550188"]),
    ("PHONE_BARE", "Jane Roe\nM: 015112345678", ["015112345678"]),
    ("PHONE_BARE", "from=1712345678 to=1712349999", []),  # Unix times
    ("PHONE_BARE", "values up to 4294967295", []),
    ("PHONE_BARE", "to=212555012", []),  # near miss: nine digits
    ("PHONE_BARE", "NOTE;LANGUAGE=en:2125550123", []),
    ("PHONE_BARE", "Max | 2125550123 | X 3125550188", []),
    ("PHONE_BARE", "Room M 2125550123", []),  # near miss: no bar before the letter
]  # fmt: skip


def test_fresh2_rows() -> None:
    """Each row: the entity alone finds exactly the expected values in the text."""
    misses = [
        (name, text, found(name, text), expected)
        for name, text, expected in FRESH2_ROWS
        if found(name, text) != expected
    ]
    assert misses == []


_SETTINGS = settings(max_examples=60, deadline=None)
_DETECTOR = create({}, DetectorContext(name="t"))


def _labelled(text: str) -> list[tuple[str, str]]:
    view, offsets = fold(text)
    spans = [(offsets.to_raw(s.start, s.end), s.label) for s in _DETECTOR.scan(view)]
    return [(label, text[start:end]) for (start, end), label in spans]


# -- UK National Insurance numbers, lower case ------------------------------------------
# HMRC: the first letter is not D, F, I, Q, U or V; the second not D, F, I, O, Q, U or V;
# the prefixes BG, GB, KN, NK, NT, TN and ZZ are not issued; the suffix is A-D.
_FIRST = [c for c in string.ascii_lowercase if c not in "dfiquv"]
_SECOND = [c for c in string.ascii_lowercase if c not in "dfioquv"]
_UNISSUED = {"bg", "gb", "kn", "nk", "nt", "tn", "zz"}
_NINO_KEYWORDS = ["NI number", "NINO", "National Insurance number", "NI No.", "nino:"]


@_SETTINGS
@given(
    st.sampled_from(_FIRST),
    st.sampled_from(_SECOND),
    st.text(alphabet=string.digits, min_size=6, max_size=6),
    st.sampled_from("abcd"),
    st.booleans(),
    st.sampled_from(_NINO_KEYWORDS),
)
def test_lower_case_nino_after_its_keyword_is_found_iff_hmrc_issues_it(
    first: str, second: str, digits: str, suffix: str, paired: bool, word: str
) -> None:
    """A lower-case NINO after a National Insurance word is a NATIONAL_ID exactly when
    its prefix is one HMRC issues; without the word it is left alone."""
    body = " ".join([digits[0:2], digits[2:4], digits[4:6]]) if paired else digits
    nino = f"{first}{second}{' ' if paired else ''}{body}{' ' if paired else ''}{suffix}"
    issued = first + second not in _UNISSUED
    found_it = ("NATIONAL_ID", nino) in _labelled(f"Her {word} {nino} is on file")
    assert found_it == issued
    assert ("NATIONAL_ID", nino) not in _labelled(f"see commit {nino} on main")


# -- dial strings ---------------------------------------------------------------------
_NANP = st.tuples(
    st.sampled_from(["({a}) {e}-{l}", "{a}-{e}-{l}", "{a}.{e}.{l}", "+1 {a} {e} {l}"]),
    st.integers(200, 999),
    st.integers(200, 999),
    st.integers(0, 9999),
).map(lambda t: t[0].format(a=t[1], e=t[2], l=f"{t[3]:04d}"))
_PAUSE = st.sampled_from([",", ",,", ",,,", ";", "p", "w", " x", ", ext. "])


@_SETTINGS
@given(_NANP, _PAUSE, st.text(alphabet=string.digits, min_size=1, max_size=6),
       st.sampled_from(['"', "", '"}', "#"]))  # fmt: skip
def test_a_dial_string_is_one_phone_number_in_prompts_and_replies(
    number: str, pause: str, dialled: str, after: str
) -> None:
    """A NANP number with a pause, a wait or an extension mark and up to six digits
    after it is one PHONE span, the whole dial string; the reply filter masks the same."""
    dial = number + pause + dialled
    text = f'"phone":"{dial}{after}'
    assert ("PHONE", dial) in _labelled(text)
    entry = BUILTIN_ENTITIES["PHONE"]
    pattern = OutputPattern(
        name=entry.name, label=entry.label, pattern=entry.pattern, validator=entry.validator
    )
    flt = EgressFilter(EgressPolicy(patterns=[pattern], mask="<P>").for_request({}, {}))
    assert flt.feed(text) + flt.close() == f'"phone":"<P>{after}'


@_SETTINGS
@given(
    _NANP,
    st.sampled_from([",", ";"]),
    st.text(alphabet=string.digits, min_size=1, max_size=6),
    st.sampled_from([",Portland", ";Portland", " May 2027", ", 12"]),
)
def test_a_separator_that_goes_on_is_a_row_not_a_pause(
    number: str, separator: str, field: str, rest: str
) -> None:
    """Where one more separator or a word follows, the digits after a single "," or ";"
    are the next field of a row, not dialled: the number ends before them."""
    text = f"{number}{separator}{field}{rest}"
    assert ("PHONE", number) in _labelled(text)


@_SETTINGS
@given(
    st.text(alphabet=string.digits, min_size=1, max_size=8),
    st.sampled_from([",", ";", ",,"]),
    st.sampled_from(["02118/79862435", "030 1234567", "0151 23456789"]),
)
def test_a_number_after_a_rows_digits_is_found(field: str, separator: str, number: str) -> None:
    """A German number in a CSV row right after a digit field and its separator (the
    separator joins the digits into one cluster) is still a PHONE span."""
    assert ("PHONE", number) in _labelled(f"{field}{separator}{number}")


# -- German numbers with a one-digit DIN 5008 extension ----------------------------------
@_SETTINGS
@given(
    st.sampled_from(["030", "089", "069", "0221", "06221", "0711", "04131"]),
    st.sampled_from(["/", " ", "-"]),
    st.text(alphabet=string.digits, min_size=6, max_size=8).filter(lambda d: d[0] != "0"),
    st.integers(0, 9),
    st.sampled_from(["Telefon: ", "Bitte melden Sie sich unter ", "rufbereitschaft: \"", ""]),
)
def test_a_switchboard_extension_belongs_to_the_number(
    area: str, sep: str, subscriber: str, extension: int, before: str
) -> None:
    """A German number from its trunk 0 with a one-digit DIN 5008 extension ("-0", the
    switchboard) is one PHONE span including the extension."""
    number = f"{area}{sep}{subscriber}-{extension}"
    assert ("PHONE", number) in _labelled(f"{before}{number} – Team")


# -- EU VAT ids in groups ----------------------------------------------------------------
def _de_vat_check(digits: str) -> int:
    """ISO 7064 MOD 11,10 over the first eight digits of a German VAT id."""
    product = 10
    for digit in digits:
        total = (int(digit) + product) % 10 or 10
        product = (2 * total) % 11
    return (11 - product) % 10


@_SETTINGS
@given(
    st.text(alphabet=string.digits, min_size=8, max_size=8).filter(lambda d: d[0] != "0"),
    st.sampled_from([" ", ".", "-"]),
    st.sampled_from(["USt-IdNr.: ", "ust=", "contact[vat]=", "VAT id "]),
    st.integers(1, 9),
)
def test_a_grouped_german_vat_id_is_found_iff_its_check_digit_holds(
    head: str, sep: str, before: str, wrong: int
) -> None:
    """A German VAT id in 3-3-3 groups, one separator throughout, is a VAT_ID exactly
    when its MOD 11,10 check digit is right."""
    digits = head + str(_de_vat_check(head))
    vat = "DE " + sep.join([digits[0:3], digits[3:6], digits[6:9]])
    assert ("VAT_ID", vat) in _labelled(f"{before}{vat}")
    bad = vat[:-1] + str((int(vat[-1]) + wrong) % 10)
    assert ("VAT_ID", bad) not in _labelled(f"{before}{bad}")


# -- Telegram bot tokens -----------------------------------------------------------------
_TOKEN_CHARS = string.ascii_letters + string.digits + "_-"


@_SETTINGS
@given(
    st.integers(10**7, 10**10 - 1),
    st.text(alphabet=_TOKEN_CHARS, min_size=33, max_size=33),
    st.sampled_from(['TELEGRAM_BOT: "{}"', "bot_token={}\n", "curl https://api.telegram.org/bot{}/getMe"]),
)  # fmt: skip
def test_a_telegram_bot_token_is_an_api_key(bot: int, tail: str, frame: str) -> None:
    """An 8-10 digit bot id, a colon and 35 characters from "AA" are one API_KEY."""
    token = f"{bot}:AA{tail}"
    assert any(
        label == "API_KEY" and token in value for label, value in _labelled(frame.format(token))
    )


# -- passports ---------------------------------------------------------------------------
_CH_LETTERS = [c for c in string.ascii_uppercase if c not in "IO"]
_ICAO_ALPHABET = "0123456789CFGHJKLMNPRTVWXYZ"


def _icao_check(text: str) -> str:
    """ICAO 9303 check digit: weights 7, 3, 1; A-Z count 10-35."""
    values = [int(c) if c.isdigit() else ord(c) - 55 for c in text]
    return str(sum(value * (7, 3, 1)[i % 3] for i, value in enumerate(values)) % 10)


_SWISS = st.tuples(
    st.sampled_from(string.ascii_uppercase),
    st.text(alphabet=string.digits, min_size=1, max_size=1),
    st.sampled_from(_CH_LETTERS + list(string.digits)),
    st.text(alphabet=string.digits, min_size=2, max_size=2),
    st.sampled_from(_CH_LETTERS + list(string.digits)),
    st.text(alphabet=string.digits, min_size=2, max_size=2),
).map("".join)
_AUSTRIAN = st.tuples(
    st.sampled_from(string.ascii_uppercase), st.text(alphabet=string.digits, min_size=7, max_size=7)
).map("".join)
_GERMAN = st.tuples(
    st.sampled_from("CFGHJK"), st.text(alphabet=_ICAO_ALPHABET, min_size=8, max_size=8)
).map(lambda t: t[0] + t[1] + _icao_check(t[0] + t[1]))


@_SETTINGS
@given(
    st.one_of(_SWISS, _AUSTRIAN, _GERMAN),
    st.sampled_from(["meine passnummer ist jetzt", "Reisepass:", "Passnummer lautet nun",
                     "my passport number is now", "Pass:", "passport no."]),
)  # fmt: skip
def test_a_passport_number_after_its_word_is_found(number: str, words: str) -> None:
    """Swiss, Austrian and German (with its ICAO check digit) passport numbers after a
    passport word, an adverb after the copula or not, are PASSPORT spans."""
    assert ("PASSPORT", number) in _labelled(f"{words} {number}")


# -- bare ten-digit numbers --------------------------------------------------------------
_NANP_BARE = st.tuples(st.integers(2, 9), st.integers(0, 99), st.integers(2, 9),
                       st.integers(0, 999999)).map(
    lambda t: f"{t[0]}{t[1]:02d}{t[2]}{t[3]:06d}"
)  # fmt: skip


@_SETTINGS
@given(
    _NANP_BARE,
    st.sampled_from(['msg="sms failed" to={} user=7', "TEL;TYPE=WORK:{}\n",
                     "T (212) 555-0100 | M {}", '{{"recipient": "{}"}}', "callerid={} ",
                     "Jane · C {}"]),
)  # fmt: skip
def test_a_bare_nanp_number_in_a_phone_field_is_found(number: str, frame: str) -> None:
    """Ten digits with NANP area and exchange codes (2-9 first) after a message party's
    key, in a vCard TEL property or after a signature's letter are a PHONE span."""
    assert ("PHONE", number) in _labelled(frame.format(number))


@_SETTINGS
@given(st.integers(10**9, 2 * 10**9 - 1), st.sampled_from(["from", "to", "sender"]))
def test_a_unix_time_after_a_party_key_is_no_phone(seconds: int, key: str) -> None:
    """A ten-digit Unix time of this century's first half (1xxxxxxxxx: no NANP area
    code starts with 1) after "to=" or "from=" is not a phone number."""
    assert _labelled(f"range {key}={seconds} ok") == []
