"""Export cells (:mod:`pipelines.canon.csvtext`): a generated export's cells, found at
the offsets the generator put them, under their column's name."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.canon.csvtext import MAX_CELLS, export_cells
from pipelines.canon.view import build_views

_NAMES = st.sampled_from(["id", "full_name", "street", "Post Code", "city", "phone_no", "notes"])
_CELLS = st.sampled_from(
    ["4d02", "Ann Beal", "91576 Monroe Ramp", "Flat 3, 12 Baker Street", "2023-02-16", "",
     "ships in 3 days", "v1.2", "Suite 464 8 Donna Rise", 'say "hi" 2x', "45595"]
)  # fmt: skip
# The oracle: a cell holds a word of two letters, a digit and a space.
_WORTH = re.compile(r"(?=.*[0-9])(?=.*[A-Za-z]{2})(?=.*[ ])")


_Drawn = tuple[str, list[tuple[int, int, str]]]


@st.composite
def _export(draw: st.DrawFn) -> _Drawn:
    delimiter = draw(st.sampled_from([",", ";", "\t", "|"]))
    names = draw(st.lists(_NAMES, min_size=3, max_size=6, unique=True))
    text = draw(st.sampled_from(["", "Dedupe these rows:\n\n"])) + delimiter.join(names)
    expected: list[tuple[int, int, str]] = []
    for _ in range(draw(st.integers(1, 4))):
        text += "\n"
        for column, name in enumerate(names):
            if column:
                text += delimiter
            cell = draw(_CELLS)
            quoted = delimiter in cell or '"' in cell or draw(st.booleans())
            start = len(text) + quoted
            text += '"' + cell.replace('"', '""') + '"' if quoted else cell
            end = len(text) - quoted
            if _WORTH.match(cell):
                expected.append((start, end, name))
    text += draw(st.sampled_from(["", "\n", "\n\nThanks, Ann"]))
    return text, expected


@settings(max_examples=200)
@given(_export())
def test_cells_are_found_where_the_export_put_them(drawn: _Drawn) -> None:
    text, expected = drawn
    assert [(c.start, c.end, c.column) for c in export_cells(text)] == expected


@given(_export())
def test_each_cell_is_a_view_under_its_column(drawn: _Drawn) -> None:
    text, expected = drawn
    views = {(v.low, v.high): v.text for v in build_views([text]) if v.low or v.high != len(text)}
    for start, end, name in expected:
        if '""' in text[start:end]:
            continue  # (a doubled quote is read as written: the cell's own characters)
        assert views[start, end].endswith(text[start:end])
        assert f"{name}\x1f: " in views[start, end]


def test_no_export_without_a_header_of_names() -> None:
    assert export_cells("a, b, 12 Main Street\n1, 2, 12 Main Street") == []  # a sentence
    assert export_cells("2021,2022,2023\n12 Main St,3 Elm Rd,4 Oak Ln") == []  # numbers
    assert export_cells("name,street,zip\nAnn,\"12 Main St\n,3") == []  # a quote left open


def test_crlf_a_byte_order_mark_and_names_in_any_script_are_read() -> None:
    for text in (
        'id,name,street\r\n1,Jane,"91576 Monroe Ramp"\r\n',
        "\ufeffid,name,street\n1,Jane,91576 Monroe Ramp\n",
        "id,name,street,phone (mobile)\n1,Jane,91576 Monroe Ramp,555\n",
    ):
        [cell] = export_cells(text)
        assert (text[cell.start : cell.end], cell.column) == ("91576 Monroe Ramp", "street")
    [cell] = export_cells("id,kind,Straße\n1,task,Alte Landstraße 33\n")
    assert cell.column == "Straße"


def test_cells_past_the_cap_are_left_to_the_text() -> None:
    """Each listed cell becomes a view the detectors read within the request's time
    limit: at most MAX_CELLS of them."""
    rows = "\n".join(f"{i},Name,{i} Main Road" for i in range(MAX_CELLS + 50))
    assert len(export_cells("id,name,street\n" + rows)) == MAX_CELLS
