"""Reading customer entity lists for the ``known_entities`` detector.

Three file formats and the inline ``values`` option all become a flat sequence of
:class:`ListEntry` (value, label, where it came from).  Formats:

* ``.txt``: one value per line, labelled ``default_label``; blank lines and lines
  starting with ``#`` are skipped.
* ``.csv``: ``value,label[,alias...]``; an empty label means ``default_label``; every
  alias is matched as the same label.  A first row whose first cell is ``value`` is a
  header and skipped.
* ``.yaml`` / ``.yml``: a mapping ``label -> [values]``, or a list of
  ``{value, label, aliases}`` mappings (``label`` optional, ``aliases`` optional).

A problem is a :class:`~pipelines.errors.ConfigError` whose ``source`` is the file and
whose ``path`` is ``line N`` (or the YAML location), naming what was expected.  Values
themselves never appear in messages: they are the customer's sensitive data.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Final, NamedTuple

import yaml

from pipelines.errors import ConfigError
from pipelines.placeholders import LABEL_RE

__all__ = ["SUFFIXES", "ListEntry", "read_file", "read_inline"]

SUFFIXES: Final = (".txt", ".csv", ".yaml", ".yml")
_MAX_VALUE_CHARS: Final = 1000


class ListEntry(NamedTuple):
    """One value to look for and the label its spans get.

    A named tuple rather than a frozen dataclass: a million-line list creates a million
    of these, and tuple construction is several times cheaper.
    """

    value: str
    label: str


def _check_value(value: object, source: str, where: str) -> str:
    if not isinstance(value, str):
        raise ConfigError("value is not a string", source=source, path=where, expected="a string")
    text = " ".join(value.split())
    if len(text) > _MAX_VALUE_CHARS:
        raise ConfigError(
            "value too long",
            source=source,
            path=where,
            expected=f"at most {_MAX_VALUE_CHARS} chars",
        )
    return text


def _check_label(label: object, source: str, where: str) -> str:
    if not isinstance(label, str) or not LABEL_RE.match(label):
        raise ConfigError("invalid label", source=source, path=where, expected="[A-Z][A-Z0-9_]*")
    return label


def _read_txt(text: str, source: str, default_label: str) -> Iterator[ListEntry]:
    for number, line in enumerate(text.splitlines(), start=1):
        stripped = line.strip()
        if not stripped or stripped[0] == "#":
            continue
        if len(stripped) > _MAX_VALUE_CHARS or "  " in stripped or "\t" in stripped:
            stripped = _check_value(stripped, source, f"line {number}")
        yield ListEntry(stripped, default_label)


def _read_csv(text: str, source: str, default_label: str) -> Iterator[ListEntry]:
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    try:
        for row in reader:
            where = f"line {reader.line_num}"
            cells = [cell.strip() for cell in row]
            if not any(cells):
                continue
            if reader.line_num == 1 and cells[0].casefold() == "value":
                continue  # header row
            value = _check_value(cells[0], source, where)
            if not value:
                raise ConfigError("empty value", source=source, path=where, expected="a value")
            label = default_label
            if len(cells) > 1 and cells[1]:
                label = _check_label(cells[1], source, where)
            yield ListEntry(value, label)
            for alias in cells[2:]:
                if alias:
                    yield ListEntry(_check_value(alias, source, where), label)
    except csv.Error as exc:
        raise ConfigError(
            "malformed CSV",
            source=source,
            path=f"line {reader.line_num}",
            expected="value,label[,alias...]",
        ) from exc


def _yaml_list_item(
    item: object, source: str, where: str, default_label: str
) -> Iterator[ListEntry]:
    if isinstance(item, str):
        yield ListEntry(_check_value(item, source, where), default_label)
        return
    if not isinstance(item, Mapping):
        raise ConfigError(
            "not a mapping", source=source, path=where, expected="{value, label, aliases}"
        )
    unknown = sorted(str(key) for key in item if key not in ("value", "label", "aliases"))
    if unknown:
        raise ConfigError(
            f"unknown key {unknown[0]!r}",
            source=source,
            path=where,
            expected="value, label, aliases",
        )
    label = _check_label(item.get("label", default_label), source, f"{where}.label")
    value = _check_value(item.get("value"), source, f"{where}.value")
    if not value:
        raise ConfigError("empty value", source=source, path=f"{where}.value", expected="a value")
    yield ListEntry(value, label)
    aliases = item.get("aliases", [])
    if not isinstance(aliases, list):
        raise ConfigError("not a list", source=source, path=f"{where}.aliases", expected="a list")
    for index, alias in enumerate(aliases):
        alias_text = _check_value(alias, source, f"{where}.aliases[{index}]")
        if alias_text:
            yield ListEntry(alias_text, label)


def _read_yaml(text: str, source: str, default_label: str) -> Iterator[ListEntry]:
    try:
        data = yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}" if mark is not None else None
        raise ConfigError(
            "malformed YAML", source=source, path=where, expected="valid YAML"
        ) from exc
    if data is None:
        return
    if isinstance(data, Mapping):
        yield from read_inline(data, source=source, path="")
    elif isinstance(data, list):
        for index, item in enumerate(data):
            yield from _yaml_list_item(item, source, f"[{index}]", default_label)
    else:
        raise ConfigError(
            "not a mapping or a list",
            source=source,
            expected="a mapping label -> values, or a list of {value, label, aliases}",
        )


def read_inline(values: Mapping[object, object], *, source: str, path: str) -> Iterator[ListEntry]:
    """Entries of a ``label -> [values]`` mapping (the ``values`` option, or a YAML file)."""
    for label, items in values.items():
        where = f"{path}.{label}" if path else str(label)
        checked = _check_label(label, source, where)
        if not isinstance(items, list):
            raise ConfigError("not a list", source=source, path=where, expected="a list of strings")
        for index, item in enumerate(items):
            value = _check_value(item, source, f"{where}[{index}]")
            if value:
                yield ListEntry(value, checked)


def read_file(path: Path, default_label: str) -> list[ListEntry]:
    """Read and check one list file; :class:`ConfigError` names the file and the line."""
    source = str(path)
    suffix = path.suffix.lower()
    try:
        text = path.read_text(encoding="utf-8-sig")
    except FileNotFoundError as exc:
        raise ConfigError("file not found", source=source, expected="a readable file") from exc
    except UnicodeDecodeError as exc:
        raise ConfigError("file is not UTF-8", source=source, expected="UTF-8 text") from exc
    except OSError as exc:
        raise ConfigError(
            f"cannot read file ({exc.strerror})", source=source, expected="a readable file"
        ) from exc
    if suffix == ".txt":
        return list(_read_txt(text, source, default_label))
    if suffix == ".csv":
        return list(_read_csv(text, source, default_label))
    if suffix in (".yaml", ".yml"):
        return list(_read_yaml(text, source, default_label))
    raise ConfigError("unsupported file type", source=source, expected=", ".join(SUFFIXES))
