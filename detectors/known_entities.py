"""The ``known_entities`` detector: the customer's own lists of names, ids and terms.

Options (``docs/configuration.md``): ``files``, ``values``, ``default_label``,
``reload``.  :func:`create` validates the options and checks that the files exist; the
files are read in :meth:`KnownEntitiesDetector.start`, so validating a config that
names a million-entry list stays instant.

The detector reads the canonical view of each text (:mod:`pipelines.canon`, DESIGN
C9): whitespace runs, invisible characters, confusable letters, diacritics and
compatibility forms are folded before it sees the text, and each listed value is
folded the same way (:func:`~pipelines.canon.view.canonical_text`), so ``Jane\tDoe``,
``Ja\u200bne Doe`` and ``Jаne Doe`` with a Cyrillic ``а`` are all ``Jane Doe``.
Matching runs one Aho-Corasick automaton (pyahocorasick) over the view with its case
folded one character for one (:func:`~pipelines.canon.fold_case`), so its cost is
linear in the text whatever the list size and its offsets are the view's.  Among the
matches that sit on word
boundaries, the leftmost-longest non-overlapping ones win.  A boundary is required only
between two word characters of scripts written with spaces: ``Ann`` is not found in
``Anna``, but ``田中`` is found in ``田中さん``.

Reload: everything a list produces lives in one immutable :class:`_Lists` object; a
reload builds a complete new one and then swaps the reference, so a request that
already took the old lists finishes with them.  A bad file during a reload is logged
(file and line, never a value) and the old lists stay in force; at start-up it is an
error.  With ``reload: true``, :meth:`start` runs a task that checks the files' mtimes
once per second; :meth:`reload` (sync) and :meth:`areload` are for a SIGHUP handler.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import threading
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Final, Protocol, final

import ahocorasick
import structlog

from detectors.entity_lists import SUFFIXES, ListEntry, read_file, read_inline
from detectors.list_checks import check_list
from pipelines.canon import fold_case
from pipelines.canon.view import canonical_text
from pipelines.errors import ConfigError, DetectorError
from pipelines.placeholders import LABEL_RE
from pipelines.spans import DetectorContext, Span

__all__ = ["KnownEntitiesDetector", "ReloadListener", "create"]

_OPTION_KEYS: Final = frozenset({"files", "values", "default_label", "reload"})
_POLL_INTERVAL_S: Final = 1.0
# After a failed reload the watcher waits twice as long before the next try, up to this.
_MAX_BACKOFF_S: Final = 60.0


class ReloadListener(Protocol):
    """Told around each reload, on the reloading thread (the gateway's egress policies)."""

    def lists_changing(self) -> None:
        """A reload starts: the lists in force may be replaced any moment now."""
        ...

    def lists_changed(self, ok: bool, entries: int) -> None:
        """The reload is over: ``ok`` if new lists are in force, and how many entries."""
        ...
_SCORE: Final = 1.0
# Payloads pack the key length and the label index into one int (STORE_INTS keeps the
# automaton compact: a million entries stay in a few hundred MB).
_LABEL_BITS: Final = 16

# Scripts written without spaces between words: no word boundary is required next to
# them.  Han, Hiragana, Katakana, Hangul, Thai, Lao, Khmer, Myanmar, Tibetan.
_SPACELESS_RANGES: Final = (
    (0x0E00, 0x0EFF),
    (0x0F00, 0x0FFF),
    (0x1000, 0x109F),
    (0x1780, 0x17FF),
    (0x3040, 0x30FF),
    (0x3400, 0x4DBF),
    (0x4E00, 0x9FFF),
    (0xAC00, 0xD7AF),
    (0xF900, 0xFAFF),
    (0x20000, 0x3FFFF),
)


def _is_word(ch: str) -> bool:
    """A character that must not touch a match edge that is a word character too."""
    if not (ch.isalnum() or ch == "_"):
        return False
    code = ord(ch)
    return not any(low <= code <= high for low, high in _SPACELESS_RANGES)


@final
@dataclass(frozen=True, slots=True)
class _Lists:
    """One consistent generation of the lists: the automaton and what it was built from."""

    automaton: ahocorasick.Automaton | None
    labels: tuple[str, ...]
    values: Mapping[str, tuple[str, ...]]
    mtimes: tuple[float, ...]
    entries: int


def _build(entries: Iterable[ListEntry], mtimes: tuple[float, ...]) -> _Lists:
    """Build a generation; the first entry for a folded value decides its label."""
    automaton = ahocorasick.Automaton(ahocorasick.STORE_INTS)
    label_index: dict[str, int] = {}
    # Per label, the raw values in first-seen order (a dict is an ordered set).
    values: dict[str, dict[str, None]] = {}
    keyed: list[tuple[str, int]] = []
    for value, label in entries:
        key = " ".join(fold_case(canonical_text(value)).split())
        if not key:
            continue
        index = label_index.get(label)
        if index is None:
            index = label_index[label] = len(label_index)
            values[label] = {}
        values[label][value] = None
        keyed.append((key, (len(key) << _LABEL_BITS) | index))
    # add_word overwrites: adding in reverse leaves each key with its first label,
    # without a lookup per entry.
    add = automaton.add_word
    for key, payload in reversed(keyed):
        add(key, payload)
    del keyed
    count = len(automaton)
    if count:
        automaton.make_automaton()
    return _Lists(
        automaton if count else None,
        tuple(label_index),
        {label: tuple(items) for label, items in values.items()},
        mtimes,
        count,
    )


def _mtime(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:
        return -1.0  # missing now: a change; the reload then reports it


@final
class KnownEntitiesDetector:
    """Finds listed values; see the module docstring."""

    __slots__ = (
        "_default_label",
        "_files",
        "_inline",
        "_labels",
        "_listeners",
        "_lists",
        "_lock",
        "_name",
        "_reload",
        "_source",
        "_watcher",
    )

    def __init__(
        self,
        name: str,
        *,
        files: Sequence[Path],
        inline: Sequence[ListEntry],
        default_label: str,
        reload: bool,
        source: str = "<config>",
    ) -> None:
        self._name = name
        self._files = tuple(files)
        self._inline = tuple(inline)
        self._default_label = default_label
        self._reload = reload
        self._source = source
        self._lock = threading.Lock()
        self._listeners: list[ReloadListener] = []
        self._watcher: asyncio.Task[None] | None = None
        # Labels are known from the config without reading files only for inline values
        # and .txt files; CSV/YAML labels are added once the files are read.
        self._labels = frozenset({entry.label for entry in self._inline} | {default_label})
        self._lists: _Lists | None = _build(self._inline, ()) if not self._files else None

    @property
    def name(self) -> str:
        """The configured name of this detector."""
        return self._name

    @property
    def labels(self) -> frozenset[str]:
        """Every label a value of the lists (as last loaded) can carry."""
        return self._labels

    @property
    def structured(self) -> bool:
        """Reports list entries: wins over a model's overlapping span (pipelines.resolve)."""
        return True

    @property
    def entry_count(self) -> int:
        """Distinct folded values in force (0 before :meth:`start` if files are configured)."""
        lists = self._lists
        return 0 if lists is None else lists.entries

    def values_by_label(self) -> Mapping[str, tuple[str, ...]]:
        """The raw listed values (aliases included) per label, for egress redaction."""
        lists = self._lists
        return {} if lists is None else lists.values

    async def start(self) -> None:
        """Read the files (in a thread) and, with ``reload``, start watching them."""
        if self._files:
            lists = await asyncio.to_thread(self._load)
            self._install(lists)
        if self._reload and self._files and self._watcher is None:
            self._watcher = asyncio.create_task(self._watch(), name=f"known_entities:{self._name}")

    async def aclose(self) -> None:
        """Stop the file watcher."""
        watcher, self._watcher = self._watcher, None
        if watcher is not None:
            watcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await watcher

    def add_reload_listener(self, listener: ReloadListener) -> None:
        """Tell ``listener`` about every reload from now on."""
        self._listeners.append(listener)

    def reload(self) -> bool:
        """Re-read every file now; True if the new lists are in force.

        A bad file is logged and leaves the old lists in force (returns False).  Safe to
        call from a signal handler's callback and from several threads.
        """
        for listener in self._listeners:
            listener.lists_changing()
        ok = False
        try:
            lists = self._load()
        except ConfigError as exc:
            structlog.get_logger(__name__).error(
                "known_entities.reload_failed",
                detector=self._name,
                file=exc.source,
                where=exc.path,
                problem=exc.message,
            )
        else:
            self._install(lists)
            ok = True
            structlog.get_logger(__name__).info(
                "known_entities.reloaded", detector=self._name, entries=lists.entries
            )
        finally:
            for listener in self._listeners:
                listener.lists_changed(ok, self.entry_count)
        return ok

    async def areload(self) -> bool:
        """:meth:`reload` in a worker thread, so a big list does not stall the loop."""
        return await asyncio.to_thread(self.reload)

    def _load(self) -> _Lists:
        with self._lock:
            mtimes = tuple(_mtime(path) for path in self._files)
            # One file's entries at a time: the automaton is built while the files are
            # read, so no full list of every entry exists beside it (a reload holds the
            # generation in force plus the one being built, nothing more).
            return _build(self._entries(), mtimes)

    def _entries(self) -> Iterator[ListEntry]:
        for path in self._files:
            read = read_file(path, self._default_label)
            self._warn(path, read)
            yield from read
            del read
        yield from self._inline

    def _warn(self, path: Path, entries: Sequence[ListEntry]) -> None:
        for warning in check_list(path, entries):
            structlog.get_logger(__name__).warning(
                "known_entities.list_warning", detector=self._name, file=str(path),
                kind=warning.kind, count=warning.count, problem=warning.message,
            )

    def _install(self, lists: _Lists) -> None:
        # One reference assignment: a request holding the previous generation keeps it.
        self._lists = lists
        self._labels = self._labels | frozenset(lists.labels)

    async def _watch(self) -> None:
        # A failed reload is not retried until a file changes again, and then only after
        # a pause that doubles with every failure (a 1M-row file that does not parse must
        # not be parsed again every second).
        delay = _POLL_INTERVAL_S
        failed: tuple[float, ...] | None = None
        while True:
            await asyncio.sleep(delay)
            lists = self._lists
            current = tuple(_mtime(path) for path in self._files)
            if lists is None or current in (lists.mtimes, failed):
                continue
            if await self.areload():
                delay, failed = _POLL_INTERVAL_S, None
            else:
                delay, failed = min(delay * 2, _MAX_BACKOFF_S), current

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        """Find listed values in each text."""
        lists = self._lists  # taken once: a concurrent reload cannot mix generations
        if lists is None:
            raise DetectorError(self._name, "entity lists are not loaded (start() not called)")
        return [self._scan(lists, text) for text in texts]

    def scan(self, text: str) -> list[Span]:
        """Synchronous core of :meth:`detect` for one text."""
        lists = self._lists
        if lists is None:
            raise DetectorError(self._name, "entity lists are not loaded (start() not called)")
        return self._scan(lists, text)

    def _scan(self, lists: _Lists, text: str) -> list[Span]:
        automaton = lists.automaton
        if automaton is None or not text:
            return []
        haystack = fold_case(text)  # one character for one: offsets are the view's
        mask = (1 << _LABEL_BITS) - 1
        candidates: list[tuple[int, int, int]] = []
        for last, payload in automaton.iter(haystack):
            end = last + 1
            start = end - (payload >> _LABEL_BITS)
            if start > 0 and _is_word(text[start - 1]) and _is_word(text[start]):
                continue
            if end < len(text) and _is_word(text[end]) and _is_word(text[end - 1]):
                continue
            candidates.append((start, end, payload & mask))
        # Leftmost-longest, non-overlapping.
        candidates.sort(key=lambda item: (item[0], -item[1]))
        spans: list[Span] = []
        reached = 0
        for start, end, label in candidates:
            if start >= reached:
                spans.append(Span(start, end, lists.labels[label], _SCORE, self._name))
                reached = end
        return spans


def _error(context: DetectorContext, field: str, message: str, expected: str) -> ConfigError:
    path = f"{context.path}.{field}" if context.path else field
    return ConfigError(message, source=context.source, path=path, expected=expected)


def create(options: Mapping[str, object], context: DetectorContext) -> KnownEntitiesDetector:
    """Entry point ``known_entities``: validate ``options``; files are read in ``start()``."""
    unknown = sorted(str(key) for key in options if key not in _OPTION_KEYS)
    if unknown:
        expected = "one of " + ", ".join(sorted(_OPTION_KEYS))
        raise _error(context, unknown[0], "unknown option", expected)
    default_label = options.get("default_label", "PERSON")
    if not isinstance(default_label, str) or not LABEL_RE.match(default_label):
        raise _error(context, "default_label", "invalid label", "[A-Z][A-Z0-9_]*")
    reload = options.get("reload", True)
    if not isinstance(reload, bool):
        raise _error(context, "reload", "not a boolean", "true or false")
    raw_files = options.get("files", [])
    if not isinstance(raw_files, list):
        raise _error(context, "files", "not a list", "a list of file paths")
    files: list[Path] = []
    for index, item in enumerate(raw_files):
        field = f"files[{index}]"
        if not isinstance(item, str | os.PathLike) or not str(item):
            raise _error(context, field, "not a path", "a file path")
        path = Path(item)
        path = path if path.is_absolute() else context.base_dir / path
        if path.suffix.lower() not in SUFFIXES:
            raise _error(context, field, "unsupported file type", ", ".join(SUFFIXES))
        if not path.is_file():
            raise _error(context, field, "file not found", "an existing file")
        files.append(path)
    raw_values = options.get("values", {})
    if not isinstance(raw_values, Mapping):
        raise _error(context, "values", "not a mapping", "a mapping label -> list of strings")
    values_path = f"{context.path}.values" if context.path else "values"
    inline = list(read_inline(raw_values, source=context.source, path=values_path))
    return KnownEntitiesDetector(
        context.name,
        files=files,
        inline=inline,
        default_label=default_label,
        reload=reload,
        source=context.source,
    )
