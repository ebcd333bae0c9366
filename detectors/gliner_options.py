"""Options of the ``type: gliner`` detector, validated into a frozen value.

Validation is cheap and side-effect free: it checks types and ranges, resolves a
relative ``model`` path against the config file's directory, and checks that the
optional ``[ner]`` extra is importable (without importing it).  Every error is a
:class:`~pipelines.errors.ConfigError` naming the option's dotted path and what was
expected.  See ``docs/gliner.md`` for the meaning of each option.
"""

from __future__ import annotations

import importlib.util
import os
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import MappingProxyType
from typing import Literal, final

from pipelines.errors import ConfigError
from pipelines.placeholders import LABEL_RE
from pipelines.spans import DetectorContext

__all__ = ["DEFAULT_LABELS", "EXTRA_HINT", "GlinerOptions", "parse_options"]

DEFAULT_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "person": "PERSON",
        "organization": "ORGANIZATION",
        "location": "LOCATION",
        "street address": "ADDRESS",
    }
)

EXTRA_HINT = "pip install 'pseudogate[ner]' (install torch==2.13.0 first on CPU-only hosts)"

_KNOWN = frozenset(
    {
        "model",
        "labels",
        "threshold",
        "thresholds",
        "backend",
        "onnx_file",
        "threads",
        "torch_threads",
        "queue_size",
        "window_words",
        "overlap_words",
        "batch_size",
        "device",
        "allow_download",
    }
)
_DEVICE_RE = re.compile(r"cpu|mps|cuda(?::\d+)?")


@final
@dataclass(frozen=True, slots=True)
class GlinerOptions:
    """Validated options; ``model`` is an absolute directory or a hub id.

    ``labels`` maps GLiNER prompts to our labels; ``thresholds`` holds the effective
    threshold of every label the detector can emit.
    """

    model: str
    model_is_local: bool
    labels: Mapping[str, str]
    thresholds: Mapping[str, float]
    backend: Literal["torch", "onnx"]
    onnx_file: str
    threads: int
    torch_threads: int
    queue_size: int
    window_words: int
    overlap_words: int
    batch_size: int
    device: str
    allow_download: bool

    @property
    def min_threshold(self) -> float:
        """The lowest threshold of any label: what the model is asked for."""
        return min(self.thresholds.values())


def _missing_modules(names: tuple[str, ...]) -> list[str]:
    missing = []
    for name in names:
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is None:
            missing.append(name)
    return missing


class _Reader:
    """Typed access to one options mapping, raising ConfigError with the dotted path."""

    def __init__(self, options: Mapping[str, object], context: DetectorContext) -> None:
        self.options = options
        self.context = context

    def error(self, key: str, message: str, expected: str | None = None) -> ConfigError:
        path = f"{self.context.path}.{key}" if self.context.path else key
        return ConfigError(
            f"detector {self.context.name!r}: {message}",
            source=self.context.source,
            path=path,
            expected=expected,
        )

    def integer(self, key: str, default: int, low: int, high: int) -> int:
        value = self.options.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.error(key, f"invalid value of type {type(value).__name__}",
                             f"an integer from {low} to {high}")
        return value

    def probability(self, key: str, value: object) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float) or not 0 < value <= 1:
            raise self.error(key, f"invalid value of type {type(value).__name__}",
                             "a number greater than 0 and at most 1")
        return float(value)

    def choice(self, key: str, default: str, valid: Callable[[str], bool], expected: str) -> str:
        value = self.options.get(key, default)
        if not isinstance(value, str) or not valid(value):
            raise self.error(key, "invalid value", expected)
        return value


def _model(reader: _Reader) -> tuple[str, bool]:
    value = reader.options.get("model")
    if not isinstance(value, str) or not value.strip():
        raise reader.error("model", "a model is required",
                           "a local model directory or a Hugging Face hub id")
    expanded = Path(os.path.expanduser(value))
    local = expanded if expanded.is_absolute() else reader.context.base_dir / expanded
    if local.is_dir():
        return str(local.resolve()), True
    looks_like_path = value.startswith(("/", ".", "~")) or value.count("/") > 1 or "\\" in value
    if looks_like_path:
        raise reader.error("model", "model directory not found",
                           "an existing directory (relative paths are resolved against "
                           "the config file's directory)")
    if not re.fullmatch(r"[\w.-]+/[\w.-]+", value):
        raise reader.error("model", "not a directory or a hub id", "owner/name or a directory")
    return value, False


def _labels(reader: _Reader) -> Mapping[str, str]:
    raw = reader.options.get("labels", DEFAULT_LABELS)
    if not isinstance(raw, Mapping) or not raw:
        raise reader.error("labels", "invalid labels",
                           "a non-empty mapping of GLiNER prompt to label, e.g. person: PERSON")
    labels: dict[str, str] = {}
    for prompt, label in raw.items():
        if not isinstance(prompt, str) or not prompt.strip():
            raise reader.error("labels", "a prompt is empty or not a string", "non-empty prompts")
        if not isinstance(label, str) or not LABEL_RE.fullmatch(label):
            raise reader.error(f"labels.{prompt}", "invalid label", "[A-Z][A-Z0-9_]*")
        labels[prompt] = label
    return MappingProxyType(labels)


def _thresholds(reader: _Reader, labels: Mapping[str, str]) -> Mapping[str, float]:
    default = reader.probability("threshold", reader.options.get("threshold", 0.5))
    raw = reader.options.get("thresholds", {})
    if not isinstance(raw, Mapping):
        raise reader.error("thresholds", "invalid thresholds", "a mapping of label to number")
    emitted = set(labels.values())
    thresholds = dict.fromkeys(sorted(emitted), default)
    for label, value in raw.items():
        if label not in emitted:
            raise reader.error(f"thresholds.{label}", "not a label of this detector",
                               "one of " + ", ".join(sorted(emitted)))
        thresholds[str(label)] = reader.probability(f"thresholds.{label}", value)
    return MappingProxyType(thresholds)


def parse_options(options: Mapping[str, object], context: DetectorContext) -> GlinerOptions:
    """Validate ``options``; raise ``ConfigError`` on the first problem."""
    reader = _Reader(options, context)
    unknown = sorted(str(key) for key in options if key not in _KNOWN)
    if unknown:
        raise reader.error(unknown[0], "unknown option", "one of " + ", ".join(sorted(_KNOWN)))
    allow_download = options.get("allow_download", False)
    if not isinstance(allow_download, bool):
        raise reader.error("allow_download", "invalid value", "true or false")
    backend = reader.choice("backend", "torch", lambda v: v in ("torch", "onnx"), "torch or onnx")
    needed = ("torch", "gliner", "onnxruntime") if backend == "onnx" else ("torch", "gliner")
    missing = _missing_modules(needed)
    if missing:
        raise reader.error("backend", f"the GLiNER extra is not installed (missing: "
                           f"{', '.join(missing)})", EXTRA_HINT)
    model, is_local = _model(reader)
    onnx_file = reader.choice("onnx_file", "model.onnx",
                              lambda v: v.endswith(".onnx") and "/" not in v and "\\" not in v,
                              "a file name ending in .onnx inside the model directory")
    if "onnx_file" in options and backend != "onnx":
        raise reader.error("onnx_file", "only valid with backend: onnx", "backend: onnx")
    if backend == "onnx" and is_local and not (Path(model) / onnx_file).is_file():
        raise reader.error("onnx_file", "ONNX file not found in the model directory",
                           "a file made by `pseudogate gliner export`")
    device = reader.choice("device", "cpu", lambda v: _DEVICE_RE.fullmatch(v) is not None,
                           "cpu, cuda, cuda:N or mps")
    if backend == "onnx" and device != "cpu":
        raise reader.error("device", "the onnx backend runs on the CPU", "cpu")
    window_words = reader.integer("window_words", 200, 16, 4096)
    overlap_words = reader.integer("overlap_words", 24, 0, window_words // 2)
    labels = _labels(reader)
    return GlinerOptions(
        model=model,
        model_is_local=is_local,
        labels=labels,
        thresholds=_thresholds(reader, labels),
        backend="onnx" if backend == "onnx" else "torch",
        onnx_file=onnx_file,
        threads=reader.integer("threads", 1, 1, 64),
        # Leave a core to the event loop: with every core busy in torch, the loop waits
        # for the scheduler (the bench measures the stall).
        torch_threads=reader.integer("torch_threads", max(1, min(4, (os.cpu_count() or 2) - 1)),
                                     1, 256),
        queue_size=reader.integer("queue_size", 32, 1, 100_000),
        window_words=window_words,
        overlap_words=overlap_words,
        batch_size=reader.integer("batch_size", 8, 1, 1024),
        device=device,
        allow_download=allow_download,
    )
