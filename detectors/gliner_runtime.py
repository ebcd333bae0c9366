"""The part of the GLiNER detector that touches torch, gliner and onnxruntime.

Every function here runs on the detector's dedicated worker thread(s), never on the
event loop: importing gliner alone takes seconds.  Nothing is imported at module import
time, so ``detectors.gliner`` stays importable without the ``[ner]`` extra.

Loading is offline unless the detector's ``allow_download`` option says otherwise: a
local directory is always loaded with ``local_files_only=True`` (gliner treats a path
that does not exist as a hub id, which is why options resolve it to an absolute path
first), and a hub id is then looked up in the local Hugging Face cache only.
"""

from __future__ import annotations

import contextlib
import logging
import sys
import warnings
from collections.abc import Iterator, Sequence
from typing import Any, Protocol

from detectors.gliner_options import GlinerOptions
from detectors.gliner_windows import Found

__all__ = [
    "WARMUP_TEXT",
    "ModelLoader",
    "NerModel",
    "load_model",
    "max_words",
    "predict",
    "quiet_dependencies",
]

# A short bilingual sentence: warms up tokenizer, kernels and the thread's torch state.
WARMUP_TEXT = "Anna Schmidt from Example Corp moved to Berlin, Hauptstraße 5 last May."


class NerModel(Protocol):
    """What the detector needs of a loaded model (gliner's ``GLiNER`` satisfies it)."""

    def inference(
        self,
        texts: list[str],
        labels: list[str],
        threshold: float = ...,
        batch_size: int = ...,
    ) -> list[list[dict[str, Any]]]:
        """Return, per text, dicts with ``start``, ``end``, ``label`` and ``score``."""
        ...


class ModelLoader(Protocol):
    """Builds the model from validated options (injectable: tests pass a fake)."""

    def __call__(self, options: GlinerOptions, /) -> NerModel:
        """Load, on the calling (worker) thread."""
        ...


@contextlib.contextmanager
def quiet_dependencies() -> Iterator[None]:
    """Silence dependency warnings and log records that may quote input text.

    transformers and gliner warn about truncation with the offending sizes and, in
    some versions, text; pseudogate logs only counts and labels (docs/design.md C8).
    """
    loggers = [logging.getLogger(name) for name in ("transformers", "gliner")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.ERROR)
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def load_model(options: GlinerOptions) -> NerModel:
    """Load the configured model with gliner (the default :class:`ModelLoader`)."""
    local_only = options.model_is_local or not options.allow_download
    # Importing gliner/transformers emits deprecation warnings (torch.jit.script): they
    # are the dependencies' business, and fatal under ``-W error``.
    with quiet_dependencies():
        import torch
        from gliner import GLiNER

        torch.set_num_threads(options.torch_threads)
        if options.backend == "onnx":
            import onnxruntime

            session = onnxruntime.SessionOptions()
            session.intra_op_num_threads = options.torch_threads
            session.inter_op_num_threads = 1
            session.graph_optimization_level = onnxruntime.GraphOptimizationLevel.ORT_ENABLE_ALL
            model = GLiNER.from_pretrained(
                options.model,
                local_files_only=local_only,
                runtime="onnxruntime",
                runtime_model_file=options.onnx_file,
                session_options=session,
            )
        else:
            model = GLiNER.from_pretrained(
                options.model, local_files_only=local_only, map_location=options.device
            )
            model.eval()
    loaded: NerModel = model
    return loaded


def predict(model: NerModel, texts: Sequence[str], options: GlinerOptions) -> list[list[Found]]:
    """Run the model over ``texts`` (window texts) in batches; one list per text.

    Asks the model for the lowest label threshold and filters per label afterwards, so
    one pass serves every label.  Findings keep the GLiNER prompt as ``label``.
    """
    prompts = list(options.labels)
    # No warning filters here: warnings.catch_warnings is process-global and not
    # thread-safe.  Windows are capped to the model's word limit, so gliner's only
    # inference-time warning (truncation, which quotes lengths, never text) cannot fire.
    with _inference_mode():
        rows = model.inference(
            list(texts),
            prompts,
            threshold=options.min_threshold,
            batch_size=options.batch_size,
        )
    results: list[list[Found]] = []
    for text, row in zip(texts, rows, strict=True):
        found: list[Found] = []
        for item in row:
            prompt = item["label"]
            label = options.labels.get(prompt)
            score = min(1.0, max(0.0, float(item["score"])))
            start, end = int(item["start"]), int(item["end"])
            if label is None or score < options.thresholds[label]:
                continue
            if not 0 <= start < end <= len(text):
                continue  # never trust offsets blindly: a bad span would mis-mask text
            found.append(Found(start, end, prompt, score))
        results.append(found)
    return results


def max_words(model: object) -> int | None:
    """The model's word limit (gliner's ``config.max_len``), if it declares one."""
    limit = getattr(getattr(model, "config", None), "max_len", None)
    return limit if isinstance(limit, int) and limit > 0 else None


def _inference_mode() -> contextlib.AbstractContextManager[object]:
    # The loader imported torch if the model needs it; an injected model that does not
    # use torch (a test fake, a remote model) should not pay seconds to import it.
    torch = sys.modules.get("torch")
    if torch is None:
        return contextlib.nullcontext()
    mode: contextlib.AbstractContextManager[object] = torch.inference_mode()
    return mode
