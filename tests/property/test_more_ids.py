"""VAT ids outside the EU, social-insurance numbers and German-keyed documents are found
in prose, however they are spaced and however German inflects their keyword.

Each example draws a valid value from the format's specification (tests/values.py:
HMRC's VAT and National Insurance rules, the Swiss UID's mod 11, the Deutsche
Rentenversicherung's and the Austrian social-insurance check digits, the letter + 7
digits of Austrian and Swiss passports, the ICAO alphabet of the German
Personalausweis), writes it in one of its printed forms inside an English or German
sentence, and sends it through the real chain (canonical view, built-in ``regex``
detector).  The oracle is written for the test: the value's ASCII letters and digits
do not occur in what would be forwarded.
"""

from __future__ import annotations

import string

from hypothesis import given, settings
from hypothesis import strategies as st

from detectors.regex import create as create_regex
from pipelines.spans import DetectorContext
from tests.regex_chain import sanitize
from tests.values import at_svnr, ch_uid, de_rvnr, gb_vat, uk_nino

_SETTINGS = settings(max_examples=150, deadline=None)


def _spaced(draw: st.DrawFn, value: str, groups: list[int]) -> str:
    """``value`` split into ``groups`` and joined by single spaces, or compact."""
    if draw(st.booleans()):
        return value
    parts, at = [], 0
    for size in groups:
        parts.append(value[at : at + size])
        at += size
    return " ".join(part for part in parts if part)


@st.composite
def _gb_vat(draw: st.DrawFn) -> str:
    number = draw(gb_vat())
    written = number if number[:2] in ("GD", "HA") else _spaced(draw, number, [3, 4, 2, 3])
    return "GB" + draw(st.sampled_from(["", " "])) + written


@st.composite
def _ch_uid(draw: st.DrawFn) -> str:
    digits = draw(ch_uid())
    body = draw(st.sampled_from([digits, f"{digits[:3]}.{digits[3:6]}.{digits[6:]}"]))
    return "CHE" + draw(st.sampled_from(["-", " ", ""])) + body


@st.composite
def _de_rvnr(draw: st.DrawFn) -> str:
    return _spaced(draw, draw(de_rvnr()), [2, 6, 1, 2, 1])


@st.composite
def _at_svnr(draw: st.DrawFn) -> str:
    return _spaced(draw, draw(at_svnr()), [4, 6])


@st.composite
def _uk_nino(draw: st.DrawFn) -> str:
    return _spaced(draw, draw(uk_nino()), [2, 2, 2, 2, 1])


@st.composite
def _passport(draw: st.DrawFn) -> str:
    """Austria and Switzerland: one letter and seven digits."""
    letter = draw(st.sampled_from(string.ascii_uppercase))
    return letter + draw(st.text(string.digits, min_size=7, max_size=7))


_ICAO_DOC = "0123456789CFGHJKLMNPRTVWXYZ"


@st.composite
def _id_card(draw: st.DrawFn) -> str:
    """A German Personalausweis serial: a letter of the ICAO document alphabet (no
    vowels, nothing that reads as a digit) and 8 characters of it."""
    first = draw(st.sampled_from(_ICAO_DOC[10:]))
    return first + draw(st.text(_ICAO_DOC, min_size=8, max_size=8))


# (value strategy, keyword phrases before it: EN and DE, German ones inflected)
_KINDS = {
    "GB_VAT": (_gb_vat(), ["VAT number", "VAT reg.", "USt-Nr. (UK)", ""]),
    "CH_UID": (_ch_uid(), ["UID", "MWST-Nr.", "company id", ""]),
    "DE_RVNR": (
        _de_rvnr(),
        ["Rentenversicherungsnummer:", "die Nummer des Sozialversicherungsausweises", "RV-Nr.",
         "pension insurance number", ""],
    ),
    "AT_SVNR": (
        _at_svnr(),
        ["SVNR", "Sozialversicherungsnummer:", "SV-Nr.", "die Versicherungsnummer lautet",
         "Austrian social insurance number"],
    ),
    "UK_NINO": (
        _uk_nino(),
        ["NI number:", "National Insurance number", "NINO", "national insurance no."],
    ),
    "PASSPORT": (
        _passport(),
        ["Reisepass", "Nummer des Reisepasses:", "Reisepass-Nr.", "Passnummer",
         "passport no."],
    ),
    "DE_ID_CARD": (
        _id_card(),
        ["Personalausweis", "Nummer des Personalausweises:", "Ausweis-Nr.",
         "Personalausweisnummer", "laut des Ausweises", "Ausweis mit der Nummer"],
    ),
}  # fmt: skip


@st.composite
def _written(draw: st.DrawFn) -> tuple[str, str]:
    """``(the value, the sentence it is written in)``."""
    kind = draw(st.sampled_from(sorted(_KINDS)))
    strategy, phrases = _KINDS[kind]
    value = draw(strategy)
    phrase = draw(st.sampled_from(phrases))
    before = draw(st.sampled_from(["", "Hi, ", "Bitte prüfen: ", "Note - "]))
    after = draw(st.sampled_from(["", ".", " today", ", danke", "\n"]))
    return value, f"{before}{phrase} {value}{after}".lstrip()


def _skeleton(text: str) -> str:
    """The oracle's reading: ASCII letters and digits only, upper case."""
    return "".join(ch for ch in text.upper() if ch.isascii() and ch.isalnum())


@_SETTINGS
@given(case=_written())
def test_an_identifier_is_masked_in_its_printed_forms(case: tuple[str, str]) -> None:
    """No printed form of these identifiers (spaced or compact, prefix glued or not,
    German keyword in its genitive or -Nr./-nummer compound) reaches the upstream."""
    value, text = case
    forwarded = sanitize(text)
    assert _skeleton(value) not in _skeleton(forwarded), (text, forwarded)


@st.composite
def _rvnr_like_text(draw: st.DrawFn) -> str:
    """Valid and broken pension insurance numbers, spaced or not, glued to digits,
    letters and punctuation, between prose and other digit runs."""
    pieces: list[str] = []
    for _ in range(draw(st.integers(1, 5))):
        pieces.append(draw(st.sampled_from(["", " ", "RV ", "x", "1", "(", "-", "\n", "ID: "])))
        value = draw(de_rvnr())
        if draw(st.booleans()):
            at = draw(st.integers(0, len(value) - 1))
            value = value[:at] + draw(st.sampled_from(string.digits + "A ")) + value[at + 1 :]
        pieces.append(_spaced(draw, value, [2, 6, 1, 2, 1]))
        pieces.append(draw(st.sampled_from(["", ".", " ", "0", "A", " Meier", "-1", ")"])))
    return "".join(pieces)


@_SETTINGS
@given(_rvnr_like_text())
def test_rvnr_scan_near_digit_runs_equals_a_whole_text_search(text: str) -> None:
    """DE_RVNR is tried only near a run of six digits and a capital (its birth date and
    initial) at the digit clusters: that finds what a whole-text search of the library
    pattern finds (the validated matches)."""
    from detectors.library import BUILTIN_ENTITIES, compile_pattern

    entry = BUILTIN_ENTITIES["DE_RVNR"]
    assert entry.validator is not None
    expected = [
        m.span() for m in compile_pattern(entry).finditer(text) if entry.validator(m.group())
    ]
    detector = create_regex({"entities": ["DE_RVNR"]}, DetectorContext(name="rx"))
    assert [(span.start, span.end) for span in detector.scan(text)] == expected
