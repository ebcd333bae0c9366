"""Spans and the detector protocol (contracts C1 and C2).

A :class:`Span` is one detection: offsets into the text the detector was given, an
upper-case label, a score and the configured name of the detector that found it.  It
holds offsets, never the matched text, so it can be logged and compared freely.

A detector is anything that satisfies :class:`Detector`: a ``name``, the ``labels`` it
can emit, and an awaitable ``detect`` over all texts of one request at once (so a model
can batch).

What a detector is given is the *canonical view* of each text (DESIGN C9,
:mod:`pipelines.canon`): decoded (JSON inside strings read string by string, percent
escapes, HTML references, base64 text) and folded (whitespace runs, invisible
characters, dashes, compatibility forms, digits, confusable letters, diacritics), with
the key path of a JSON member before it as context (``"ssn: 536221234"``).  A detector
therefore writes no folding of its own.  One that must read the raw text instead (a
model, whose tokenizer has its own rules) sets a class attribute ``reads_raw = True``
(:class:`RawReader`).  Either way its spans are offsets into the texts it was given;
the chain maps them back to the raw text, so callers only ever see raw offsets.

Detectors are built by a :class:`DetectorFactory` found through the
``pseudogate.detectors`` entry-point group; the factory validates its own options and
raises :class:`~pipelines.errors.ConfigError` naming the option.  A detector that must
load something heavy (a model, a large list) does so in ``start()``, never in its
constructor, so that building and validating a config stays cheap.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol, final, runtime_checkable

from pipelines.placeholders import LABEL_RE

__all__ = [
    "Detector",
    "DetectorContext",
    "DetectorFactory",
    "Lifecycle",
    "RawReader",
    "Span",
]


@final
@dataclass(frozen=True, slots=True, order=True)
class Span:
    """One detection: ``text[start:end]`` is a value of type ``label``.

    Ordered by ``(start, end, label, score, detector)``; use the key functions in
    :mod:`pipelines.chain` for precedence, not this order.
    """

    start: int
    end: int
    label: str
    score: float = 1.0
    detector: str = ""

    def __post_init__(self) -> None:
        if not (0 <= self.start < self.end):
            raise ValueError(
                f"span offsets must satisfy 0 <= start < end, got {self.start}..{self.end}"
            )
        if not LABEL_RE.match(self.label):
            raise ValueError(f"span label must match [A-Z][A-Z0-9_]*, got {self.label!r}")
        if not (0.0 <= self.score <= 1.0):
            raise ValueError(f"span score must be within 0..1, got {self.score}")

    @property
    def length(self) -> int:
        """Number of characters covered."""
        return self.end - self.start


@runtime_checkable
class Detector(Protocol):
    """What finds sensitive values.  See the module docstring and docs/design.md C2.

    ``detect`` receives every text of one request and returns one list of spans per
    text, in the same order, with offsets into that text.  It must not mutate its input
    and never sees the vault.  It may be slow (offloaded to a thread) or remote.
    """

    @property
    def name(self) -> str:
        """The configured name of this detector instance (the YAML key)."""
        ...

    @property
    def labels(self) -> frozenset[str]:
        """Every label this detector can emit."""
        ...

    async def detect(self, texts: Sequence[str]) -> list[list[Span]]:
        """Find spans in each of ``texts``."""
        ...


@runtime_checkable
class RawReader(Protocol):
    """Optional: a detector that reads the raw texts rather than their canonical views.

    ``reads_raw`` is ``True`` (a class attribute).  Absent or false, the detector is
    given the views.  Spans are offsets into whichever texts it was given.
    """

    @property
    def reads_raw(self) -> bool:
        """True: give this detector the raw texts."""
        ...


@runtime_checkable
class Lifecycle(Protocol):
    """Optional: a detector with resources to open at start-up and close at shutdown.

    ``start`` loads models or lists and warms them up; the gateway is not ready until
    every detector's ``start`` has returned.  ``aclose`` releases threads and files.
    """

    async def start(self) -> None:
        """Load and warm up."""
        ...

    async def aclose(self) -> None:
        """Release everything ``start`` opened."""
        ...


@final
@dataclass(frozen=True, slots=True)
class DetectorContext:
    """What a factory gets besides its options.

    ``name`` is the detector's config name, ``source`` the config file and ``path`` the
    dotted path of the options mapping (for error messages), ``base_dir`` the directory
    relative paths in options are resolved against.
    """

    name: str
    source: str = "<config>"
    path: str = ""
    base_dir: Path = field(default_factory=Path.cwd)


class DetectorFactory(Protocol):
    """What a ``pseudogate.detectors`` entry point loads to.

    Called once per configured detector with its ``options`` mapping (already
    ``${ENV}``-interpolated).  Validates every option, raising ``ConfigError`` with
    ``source=context.source`` and a ``path`` under ``context.path`` on the first bad
    one, and returns a :class:`Detector`.  Must not load models or do I/O beyond reading
    small files named in the options.
    """

    def __call__(self, options: Mapping[str, object], context: DetectorContext) -> Detector:
        """Build one detector."""
        ...
