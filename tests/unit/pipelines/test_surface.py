"""The repeat matcher: every occurrence the label's normaliser merges, and nothing else."""

from __future__ import annotations

import time

import pytest

from pipelines.canon.view import build_views
from pipelines.surface import Occurrence, SurfaceIndex, fold_case
from pipelines.vault import DEFAULT_NORMALIZERS, Vault


def find_in(
    index: SurfaceIndex, text: str, blocked: list[tuple[int, int]] | None = None
) -> list[Occurrence]:
    """Occurrences in ``text`` as the chain finds them: in its views, raw offsets back."""
    out: list[Occurrence] = []
    for view in build_views([text]):
        clipped = []
        for start, end in blocked or ():
            content = view.input_to_content(start, end)
            if content is not None and content[0] < content[1]:
                clipped.append(content)
        for o in index.find(view.content, clipped):
            start, end = view.content_to_input(o.start, o.end)
            out.append(Occurrence(start, end, o.placeholder, o.label))
    return out


def found(label: str, value: str, text: str) -> list[tuple[str, str]]:
    """``(spelling, placeholder)`` of every repeat of ``value`` in ``text``."""
    vault = Vault()
    vault.issue(label, value)
    return [(text[o.start : o.end], o.placeholder) for o in find_in(vault.surface_index, text)]


ROWS: list[tuple[str, str, str, list[str]]] = [
    # names: any case, any run of whitespace, full-width letters
    ("PERSON", "Zorblax Quint", "a zorblax quint b", ["zorblax quint"]),
    ("PERSON", "Zorblax Quint", "a Zorblax  Quint b", ["Zorblax  Quint"]),
    ("PERSON", "Zorblax Quint", "a Zorblax\nQuint b", ["Zorblax\nQuint"]),
    ("PERSON", "Zorblax Quint", "a Zorblax\u00a0Quint b", ["Zorblax\u00a0Quint"]),
    ("PERSON", "Zorblax Quint", "a Zorblax \t\r\n Quint's", ["Zorblax \t\r\n Quint"]),
    ("PERSON", "Zorblax Quint", "Ｚｏｒｂｌａｘ Ｑｕｉｎｔ", ["Ｚｏｒｂｌａｘ Ｑｕｉｎｔ"]),
    ("PERSON", "Zorblax Quint", "Zorblax\u3000Quint", ["Zorblax\u3000Quint"]),
    ("PERSON", "Zorblax\n Quint", "x Zorblax Quint y", ["Zorblax Quint"]),
    ("PERSON", "Zorblax Quint", "ZorblaxQuint, Zorblax-Quint, Zorblax Quintessa", []),
    ("PERSON", "Ann", "Annabel and ann.", ["ann"]),
    # e-mail: case only
    ("EMAIL", "zq@ex.com", "ZQ@EX.COM and zq@ex.com.", ["ZQ@EX.COM", "zq@ex.com"]),
    ("EMAIL", "zq@ex.com", "xzq@ex.com zq@ex.comx", []),
    # phones: the same digits with any separators; national forms of a +country number
    (
        "PHONE",
        "+1 415 555 0132",
        "+14155550132 or 1-415-555-0132",
        ["+14155550132", "1-415-555-0132"],
    ),
    ("PHONE", "+1 415 555 0132", "call (415) 555-0132.", ["(415) 555-0132"]),
    ("PHONE", "+1 415 555 0132", "call 415.555.0132 now", ["415.555.0132"]),
    ("PHONE", "+49 30 1234567", "030 1234567 or 030/1234567", ["030 1234567", "030/1234567"]),
    ("PHONE", "0049 30 1234567", "+49-30-123-4567", ["+49-30-123-4567"]),
    ("PHONE", "+44 (0)20 7946 0958", "020 7946 0958", ["020 7946 0958"]),
    ("PHONE", "+1 415 555 0132", "41555501321 and 141555501320", []),
    # whole groups inside a longer run of groups count: "1 2" may be two numbers
    ("PHONE", "+1 415 555 0132", "9 415 555 0132 1", ["415 555 0132"]),
    ("PHONE", "+1 415 555 0132", "id x4155550132 and 4155550132y", []),
    ("PHONE", "+1 415 555 0132", "555 0132 and 415 555", []),
    ("PHONE", "+14155550132", "(415) 555-0132", []),  # no country code standing apart
    # cards, SSNs, tax ids: digits with any separators
    ("CREDIT_CARD", "4111 1111 1111 1111", "4111-1111-1111-1111", ["4111-1111-1111-1111"]),
    ("CREDIT_CARD", "4111 1111 1111 1111", "4111111111111111!", ["4111111111111111"]),
    ("CREDIT_CARD", "4111 1111 1111 1111", "4111 1111 1111 11112", []),
    ("CREDIT_CARD", "4111 1111 1111 1111", "4111, 1111, 1111, 1111", []),
    # full-width digits are the same digits in the view (the vault merges them too)
    (
        "CREDIT_CARD",
        "４１１１ １１１１",
        "４１１１ １１１１, 4111 1111",
        ["４１１１ １１１１", "4111 1111"],
    ),
    ("US_SSN", "536-22-1234", "ssn 536 22 1234 and 536221234", ["536 22 1234", "536221234"]),
    ("DE_TAX_ID", "65929970489", "65 929 970 489", ["65 929 970 489"]),
    # IBAN: letters and digits, any case and spacing
    (
        "IBAN",
        "DE89 3704 0044 0532 0130 00",
        "DE89370400440532013000 and de89-3704-0044-0532-0130-00",
        ["DE89370400440532013000", "de89-3704-0044-0532-0130-00"],
    ),
    ("IBAN", "DE89 3704 0044 0532 0130 00", "XDE89370400440532013000", []),
    # secrets: exactly
    ("API_KEY", "sk-AbC123xyz", "sk-AbC123xyz sk-abc123xyz SK-ABC123XYZ", ["sk-AbC123xyz"]),
    (
        "PRIVATE_KEY",
        "-----BEGIN X-----\nab\ncd",
        "k -----BEGIN X-----\nab\ncd",
        ["-----BEGIN X-----\nab\ncd"],
    ),
    # a secret re-wrapped (line breaks for spaces) reads the same in the view
    (
        "PRIVATE_KEY",
        "-----BEGIN X-----\nab\ncd",
        "k -----BEGIN X----- ab cd",
        ["-----BEGIN X----- ab cd"],
    ),
    ("PRIVATE_KEY", "-----BEGIN X-----\nab\ncd", "k -----BEGIN X----- AB cd", []),
]


@pytest.mark.parametrize(("label", "value", "text", "expected"), ROWS)
def test_repeat_rows(label: str, value: str, text: str, expected: list[str]) -> None:
    """Each row: the spellings of ``value`` found in ``text``, all with its placeholder."""
    hits = found(label, value, text)
    assert [spelling for spelling, _ in hits] == expected
    assert all(placeholder == f"[{label}_1]" for _, placeholder in hits)


def test_the_exact_spelling_names_its_own_value() -> None:
    """Two values sharing a folded key: the exact spelling picks its own placeholder."""
    index = SurfaceIndex()
    index.add("Ann Lee", "[PERSON_1]", "PERSON")
    index.add("ANN LEE", "[PERSON_2]", "PERSON")
    text = "ANN LEE, Ann Lee, ann  lee"
    found_here = [o.placeholder for o in find_in(index, text)]
    assert found_here == ["[PERSON_2]", "[PERSON_1]", "[PERSON_1]"]


def test_a_national_form_yields_to_a_number_written_that_way() -> None:
    """``415 555 0132`` issued on its own keeps its placeholder over a +1 number's form."""
    vault = Vault()
    assert vault.issue("PHONE", "+1 415 555 0132") == "[PHONE_1]"
    assert vault.issue("PHONE", "415 555 0132") == "[PHONE_2]"
    hits = find_in(vault.surface_index, "a 415-555-0132 b")
    assert [o.placeholder for o in hits] == ["[PHONE_2]"]


def test_blocked_intervals_and_overlaps() -> None:
    """Occurrences touching a blocked interval are skipped; leftmost-longest wins."""
    vault = Vault()
    vault.issue("PERSON", "Ann Lee")
    vault.issue("PERSON", "Lee Smith")
    text = "Ann  Lee Smith and Ann Lee"
    assert [(o.start, o.end) for o in find_in(vault.surface_index, text)] == [(0, 8), (19, 26)]
    assert [(o.start, o.end) for o in find_in(vault.surface_index, text, [(0, 3)])] == [
        (5, 14),
        (19, 26),
    ]


def test_custom_normaliser_labels_are_matched_as_text_and_modes_are_checked() -> None:
    """A label with its own normaliser is matched as text; an unknown mode is refused."""
    vault = Vault(normalizers={"PHONE": str.strip})
    vault.issue("PHONE", "Call Me")
    assert [o.placeholder for o in find_in(vault.surface_index, "call  me")] == ["[PHONE_1]"]
    with pytest.raises(ValueError, match="modes"):
        SurfaceIndex(modes={"PHONE": "digits", "X": "fuzzy"})


@pytest.mark.parametrize(
    "text",
    ["", "\x00", "\ud800 415 555 0132 \udfff", "İ" * 50, "1 " * 20000, "a\n" * 20000],
    ids=["empty", "nul", "surrogates", "dotted-i", "many-groups", "many-lines"],
)
def test_hostile_texts_are_scanned_quickly(text: str) -> None:
    """Empty, odd and huge texts: no crash, offsets valid, bounded time."""
    vault = Vault()
    vault.issue("PHONE", "+1 415 555 0132")
    vault.issue("PERSON", "a b")
    vault.issue("IBAN", "DE89 3704 0044 0532 0130 00")
    started = time.process_time()
    hits = find_in(vault.surface_index, text)
    # Generous: a quadratic scan of these texts takes minutes, a linear one milliseconds.
    assert time.process_time() - started < 5.0
    for hit in hits:
        assert 0 <= hit.start < hit.end <= len(text)
    assert fold_case(fold_case(text)) == fold_case(text)


# The mode table the vault derived by hand-kept copy before: behaviour must not change.
_EXPECTED_MODES = {
    "API_KEY": "exact",
    "JWT": "exact",
    "PRIVATE_KEY": "exact",
    "CREDIT_CARD": "digits",
    "PHONE": "digits",
    "US_SSN": "digits",
    "DE_TAX_ID": "digits",
    "IBAN": "alnum",
    "DATE_OF_BIRTH": "date",
}


def test_vault_modes_are_derived_from_its_default_normalisers() -> None:
    """The vault's index uses exactly these modes; names and e-mails are text."""
    index = Vault().surface_index
    assert dict(index._modes) == _EXPECTED_MODES
    assert set(_EXPECTED_MODES) < set(DEFAULT_NORMALIZERS)
    assert "EMAIL" not in index._modes and "PERSON" not in index._modes


@pytest.mark.parametrize(
    ("label", "value", "text", "found"),
    [
        ("CREDIT_CARD", "4111 1111 1111 1111", "pay 4111-1111-1111-1111 now", True),
        ("IBAN", "DE89 3704 0044 0532 0130 00", "de89-3704-0044-0532-0130-00", True),
        ("API_KEY", "sk-AbCdEf123456", "SK-ABCDEF123456", False),
        ("API_KEY", "sk-AbCdEf123456", "use sk-AbCdEf123456 here", True),
        ("EMAIL", "Ann@X.org", "mail ann@x.ORG", True),
        ("DATE_OF_BIRTH", "Apr 27, 2007", "yes, April 27, 2007 is right", True),
        ("DATE_OF_BIRTH", "27.04.2007", "born 2007-04-27", True),
        ("DATE_OF_BIRTH", "09/04/2000", "on 09-04-2000", True),  # the same two readings
        ("DATE_OF_BIRTH", "09/04/2000", "4 September 2000", False),  # may be another day
        ("DATE_OF_BIRTH", "03/04/1990", "04/03/1990", False),
        ("DATE_OF_BIRTH", "2024-06-05", "appointment 05/06/2024", False),
        ("DATE_OF_BIRTH", "13/12/1988", "on 12/13/1988", True),  # one reading each
        ("DATE_OF_BIRTH", "13/12/1988", "on 14/12/1988", False),
        ("DATE_OF_BIRTH", "13/12/1988", "version 13.12.19880", False),  # no date's edge
        ("DATE_OF_BIRTH", "2004-11-03", "Python 3.11.04", False),  # a two-digit year
        ("DATE_OF_BIRTH", "21/09/67", "21 September 1967", False),
        ("DATE_OF_BIRTH", "08. Mrz. 1931", "geb. 8.3.1931", True),
        ("DATE_OF_BIRTH", "1931/03/08", "again 1931/03/08 x", True),  # as written
    ],
)
def test_each_mode_still_behaves_as_before(label: str, value: str, text: str, found: bool) -> None:
    """Digits, alnum, exact, date and text labels match as their normalisers merge."""
    vault = Vault()
    vault.issue(label, value)
    assert bool(find_in(vault.surface_index, text)) is found


def test_an_index_without_modes_matches_every_label_as_text() -> None:
    """``SurfaceIndex()`` alone knows no normalisers: a card number is plain text."""
    index = SurfaceIndex()
    index.add("4111 1111", "[CREDIT_CARD_1]", "CREDIT_CARD")
    assert [(o.start, o.end) for o in find_in(index, "a 4111  1111 b 4111-1111")] == [(2, 12)]


def test_full_width_spelling_is_found() -> None:
    """A name typed in full width (wholly or in part) folds to ASCII: it is a repeat."""
    vault = Vault()
    vault.issue("PERSON", "Ann Lee")
    hits = find_in(vault.surface_index, "ｱ Ａｎｎ\u3000Ｌｅｅ ann lee")
    assert [(o.start, o.end) for o in hits] == [(2, 9), (10, 17)]
