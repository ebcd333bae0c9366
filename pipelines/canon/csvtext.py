"""Exports inside texts: a header row of column names over rows of cells.

A CSV, TSV, semicolon or pipe export pasted into a prompt ("Deduplicate these CRM
rows: customer_id,full_name,street,postcode …") names each cell by its column, as a
JSON document names each value by its key.  The label reader reads a cell's number by
its column already; a street line is read by its key instead (the address grammars'
``street``/``address`` keys), so :func:`export_cells` lists the cells that hold words
and numbers together (``91576 Monroe Ramp``, a code) with their column's name, to be
read as texts of their own under that name, as a JSON value is under its key path
(:mod:`pipelines.canon.view`).  The text itself is read as a whole as well.

An export is a header of three or more column names (letters of any script, digits,
``_ -./#()&'``, a letter first, no cell empty; a byte-order mark before it and line ends
of ``\r\n`` are read past) and at least one row right after it with as many cells on
the same delimiter; cells may be quoted with ``"`` (a quoted delimiter is the cell's
own, a doubled quote one quote).  A row that does not split into as many cells (a
quoted cell over two lines, a sentence) ends the export.

At most :data:`MAX_CELLS` cells of a text are listed (each becomes a view the detectors
read, and a request's detectors have a time limit): the rows past them are read as the
text's lines only, as every row was before exports were read by column.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final, final

__all__ = ["MAX_CELLS", "ExportCell", "export_cells"]

_DELIMITERS: Final = (",", ";", "\t", "|")
_COLUMN: Final = re.compile(r"[ ]*[^\W\d_](?:[\w \-./#()&']{0,39})[ ]*")
_MIN_COLUMNS: Final = 3
_MAX_CHARS: Final = 1_000_000
MAX_CELLS: Final = 1_000
# A cell worth its own view: a word and a number in it, apart ("91576 Monroe Ramp").
_WORDS_AND_NUMBER: Final = re.compile(r"(?=.*[0-9])(?=.*[^\W\d_]{2})(?=.*[ ]).", re.DOTALL)


@final
@dataclass(frozen=True, slots=True)
class ExportCell:
    """A cell's span in the text (inside any quotes, without blanks at its ends) and
    the name of its column."""

    start: int
    end: int
    column: str


def _cells(line: str, offset: int, delimiter: str) -> list[tuple[int, int]] | None:
    """The (start, end) text offsets of ``line``'s cells, quotes and end blanks left
    out; None when a quote is left open."""
    cells: list[tuple[int, int]] = []
    at = 0
    size = len(line)
    while True:
        while at < size and line[at] == " ":
            at += 1
        if at < size and line[at] == '"':
            close = at + 1
            while True:
                close = line.find('"', close)
                if close == -1:
                    return None
                if line.startswith('""', close):
                    close += 2
                    continue
                break
            cells.append((offset + at + 1, offset + close))
            after = close + 1
            while after < size and line[after] == " ":
                after += 1
            if after < size and line[after] != delimiter:
                return None
            at = after
        else:
            end = line.find(delimiter, at)
            end = size if end == -1 else end
            cell = line[at:end].rstrip(" \r")
            cells.append((offset + at, offset + at + len(cell)))
            at = end
        if at >= size:
            return cells
        at += 1  # past the delimiter


def export_cells(text: str) -> list[ExportCell]:
    """The cells of ``text``'s exports that hold a word and a number, with their
    column's name (see the module docstring); [] when it holds none."""
    if len(text) > _MAX_CHARS or "\n" not in text:
        return []
    lines: list[tuple[int, str]] = []
    offset = 0
    for line in text.split("\n"):
        # (a line's "\r" and a leading byte-order mark are no cell's characters)
        skip = 1 if offset == 0 and line.startswith("\ufeff") else 0
        lines.append((offset + skip, line[skip:].removesuffix("\r")))
        offset += len(line) + 1
    found: list[ExportCell] = []
    row = 0
    while row < len(lines) - 1 and len(found) < MAX_CELLS:
        start, line = lines[row]
        header = _header(line, start)
        if header is None:
            row += 1
            continue
        delimiter, names = header
        row += 1
        while row < len(lines):
            start, line = lines[row]
            cells = _cells(line, start, delimiter) if line.strip() else None
            if cells is None or len(cells) != len(names):
                break
            for (low, high), name in zip(cells, names, strict=True):
                if _WORDS_AND_NUMBER.match(text, low, high) and len(found) < MAX_CELLS:
                    found.append(ExportCell(low, high, name))
            row += 1
    return found


def _header(line: str, offset: int) -> tuple[str, list[str]] | None:
    """A header row's delimiter and column names, or None."""
    for delimiter in _DELIMITERS:
        if line.count(delimiter) < _MIN_COLUMNS - 1:
            continue
        cells = _cells(line, offset, delimiter)
        if cells is None:
            continue
        names = [line[low - offset : high - offset] for low, high in cells]
        if all(_COLUMN.fullmatch(name) for name in names):
            return delimiter, [name.strip() for name in names]
    return None
