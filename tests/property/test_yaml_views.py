"""Every value of a YAML record is a view of its own under its key path (C9).

Hypothesis writes nested YAML records the way people paste them: two- or four-space
indents, mappings inside mappings and lists of mappings, plain, single- and
double-quoted values, comments, blank lines.  The generator records where it wrote
each value and the keys above it; the oracle is that record alone (no parser): each
value has a view whose content maps back to exactly those input offsets and whose
context prefix names those keys, innermost last.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from pipelines.canon.view import KEY_SEPARATOR, build_views

_KEYS = st.sampled_from(
    ["employee", "home_address", "line1", "line2", "street", "name", "phone", "id", "Ort",
     "strasse", "contact-info", "dob", "x"]
)  # fmt: skip
_VALUES = st.sampled_from(
    ["625 Fernandez Square", "Jane Doe", "536221234", "Köhlerring 20", "0412 863 803",
     "a-b c", "10115 Berlin", "v1"]
)  # fmt: skip
_QUOTES = st.sampled_from(["", "'", '"'])


@st.composite
def _record(draw: st.DrawFn) -> tuple[str, list[tuple[int, int, tuple[str, ...]]]]:
    """A nested record and (start, end, key path) of every value written."""
    unit = draw(st.sampled_from([2, 4]))
    lines: list[str] = []
    planted: list[tuple[int, int, tuple[str, ...]]] = []
    at = 0

    def emit(line: str) -> None:
        nonlocal at
        lines.append(line)
        at += len(line) + 1

    def mapping(depth: int, path: tuple[str, ...], first_prefix: str = "") -> None:
        keys = draw(st.lists(_KEYS, min_size=1, max_size=4, unique=True))
        for number, key in enumerate(keys):
            pad = " " * (unit * depth)
            if number == 0 and first_prefix:
                pad = pad[: -len(first_prefix)] + first_prefix
            if draw(st.booleans()) and draw(st.booleans()):
                emit(" " * (unit * depth) + "# a comment")
            kind = draw(st.integers(0, 5)) if depth < 3 else 0
            if kind == 4:
                emit(f"{pad}{key}:")
                mapping(depth + 1, (*path, key))
            elif kind == 5:
                emit(f"{pad}{key}:")
                for _ in range(draw(st.integers(1, 2))):
                    mapping(depth + 1, (*path, key), first_prefix="- ")
            else:
                value = draw(_VALUES)
                quote = draw(_QUOTES)
                head = f"{pad}{key}: {quote}"
                planted.append((at + len(head), at + len(head) + len(value), (*path, key)))
                emit(f"{head}{value}{quote}")
            if draw(st.integers(0, 6)) == 0:
                emit("")

    emit("record:")
    mapping(1, ("record",))
    emit(" " * unit + "closing:")
    mapping(2, ("record", "closing"))
    return "\n".join(lines) + "\n", planted


@settings(max_examples=150, deadline=None)
@given(_record())
def test_each_value_of_a_record_is_a_view_under_its_keys(
    drawn: tuple[str, list[tuple[int, int, tuple[str, ...]]]],
) -> None:
    text, planted = drawn
    views = build_views([text])
    spans = {}
    for view in views[1:]:
        mapped = view.input_span(view.prefix, len(view.text))
        assert mapped is not None
        spans[mapped] = view.text[: view.prefix]
    for start, end, path in planted:
        assert (start, end) in spans, (text, start, end)
        assert spans[(start, end)] == "".join(k + KEY_SEPARATOR for k in path) + ": "
    assert len(views) == 1 + len(planted)
