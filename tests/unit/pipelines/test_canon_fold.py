"""Unit rows for the canonical fold (pipelines.canon.fold), one class per row group."""

from __future__ import annotations

import unicodedata

import pytest

from pipelines.canon import FoldState, fold, fold_case, fold_continue, fold_text

# (raw, folded): each class of respelling the fold removes.
_ROWS = [
    # separators in numbers
    ("4111\u00a01111\u202f1111\u20091111", "4111 1111 1111 1111"),
    ("4111\u20071111", "4111 1111"),
    ("536\u201322\u20111234", "536-22-1234"),
    ("536\u221222\u20141234", "536-22-1234"),
    ("536  22\t1234", "536 22 1234"),
    ("536\n22\r\n1234", "536 22 1234"),
    # whitespace and invisible characters in names
    ("Jane\u200bDoe", "JaneDoe"),
    ("Ja\u00adne \u2060Doe", "Jane Doe"),
    ("Jane \u200b Doe", "Jane Doe"),
    ("Jane\u3000\u3000Doe", "Jane Doe"),
    ("\ufeffJane", "Jane"),
    ("Jane\x00Doe", "JaneDoe"),
    # confusables and compatibility forms
    ("J\u0430ne", "Jane"),
    ("\u0421\u0410\u0420", "CAP"),
    ("\uff2a\uff41\uff4e\uff45", "Jane"),
    ("\U0001d409ane", "Jane"),
    ("\ufb01le", "file"),
    ("Stra\u00dfe", "Strasse"),
    ("\u0661\u0662\u0663", "123"),
    ("\uff14\uff11", "41"),
    # combining marks: the base decides
    ("Jo\u0301se\u0301", "Jose"),
    ("Jos\u00e9", "Jose"),
    ("J\u0336a\u0336n\u0336e\u0336", "Jane"),
    ("4\u03011\u030311", "4111"),
    ("\u0915\u093f", "\u0915\u093f"),  # Devanagari vowel sign stays
    ("\u304b\u3099", "\u304b\u3099"),  # kana voicing mark stays
]


@pytest.mark.parametrize(("raw", "folded"), _ROWS)
def test_fold_rows(raw: str, folded: str) -> None:
    """Each respelling folds to the plain spelling, and the map covers the raw text."""
    view, offsets = fold(raw)
    assert view == folded
    assert offsets.to_raw(0, len(view)) == (
        offsets.to_raw(0, len(view))[0],
        offsets.to_raw(0, len(view))[1],
    )
    start, end = offsets.to_raw(0, len(view))
    assert raw[:start].strip("\u200b\u00ad\u2060\ufeff\x00") == ""
    assert raw[end:].strip("\u200b\u00ad\u2060\ufeff\x00") == ""


# Negative rows: what the fold must leave alone.
_UNCHANGED = [
    "Plain ASCII prose, with punctuation: (a) - b; c.",
    "git@github.com",
    "\u4e2d\u6587\u6587\u672c\u3002",
    "\u0928\u092e\u0938\u094d\u0924\u0947",
    "CAPS and lower",
]


@pytest.mark.parametrize("raw", _UNCHANGED)
def test_fold_leaves_plain_text_alone(raw: str) -> None:
    """Text with nothing to fold comes back equal, with the identity map."""
    view, offsets = fold(raw)
    assert view == raw
    assert not offsets


def test_a_thin_space_inside_prose_stays_prose() -> None:
    """A thin space between words is a space: the words are not joined."""
    assert fold_text("ten\u2009thousand euros") == "ten thousand euros"


def test_case_is_kept_and_fold_case_folds_it_one_for_one() -> None:
    """The view keeps case (detectors need it); fold_case keeps every offset."""
    raw = "\u0130STANBUL \u03a3\u039f\u03a3 Stra\u00dfe"
    view = fold_text(raw)
    assert view[0] == "I"
    lowered = fold_case(view)
    assert len(lowered) == len(view)
    assert lowered.startswith("istanbul")


def test_offsets_of_a_whitespace_run_and_a_dropped_character() -> None:
    """A view span maps to the smallest raw span holding what it was made from."""
    raw = "Ann \u200b\u00a0 Lee\u00adx"
    view, offsets = fold(raw)
    assert view == "Ann Leex"
    assert offsets.to_raw(0, 3) == (0, 3)
    assert offsets.to_raw(3, 4) == (3, 7)
    assert offsets.to_raw(4, 7) == (7, 10)
    assert offsets.to_raw(4, 8) == (7, 12)
    assert offsets.to_view(7, 10) == (4, 7)


def test_continuation_equals_the_whole() -> None:
    """Folding in two parts with the carried state gives the fold of the whole."""
    for raw in ["a \u00a0\n b", "e\u0301\u0301x", "x\u200b \u200b y", "\u304b\u3099\u3099"]:
        for cut in range(len(raw) + 1):
            first, _, state = fold_continue(raw[:cut], FoldState())
            second, _, _ = fold_continue(raw[cut:], state)
            assert first + second == fold_text(raw), (raw, cut)


def test_every_dash_folds_to_hyphen_minus() -> None:
    """All Pd characters of Unicode become '-'."""
    dashes = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Pd"]
    assert len(dashes) > 20
    assert {fold_text(dash) for dash in dashes} == {"-"}


def test_every_whitespace_character_folds_to_one_space() -> None:
    """All of str.isspace() becomes ' ', and runs of them one space."""
    spaces = [chr(c) for c in range(0x110000) if chr(c).isspace()]
    assert {fold_text(space) for space in spaces} == {" "}
    assert fold_text("a" + "".join(spaces) + "b") == "a b"


def test_format_characters_are_removed() -> None:
    """All Cf characters of Unicode disappear from the view."""
    formats = [chr(c) for c in range(0x110000) if unicodedata.category(chr(c)) == "Cf"]
    assert fold_text("a" + "".join(formats) + "b") == "ab"
