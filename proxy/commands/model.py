"""``pseudogate gliner fetch`` and ``gliner export``: get a GLiNER model, make ONNX copies.

``gliner fetch OWNER/NAME --to DIR`` downloads a model repository from the Hugging Face
hub with ``huggingface_hub`` (``HF_ENDPOINT`` selects another hub or a mirror,
``HF_TOKEN`` authenticates) into ``DIR``, checks it is a GLiNER model directory, and
prints the ``model:`` line to put in the config.  Run it on a connected machine and
copy the directory to an air-gapped one.

``gliner export`` turns a local GLiNER model into ONNX (fp32 and int8).

The ONNX files are what ``backend: onnx`` runs through onnxruntime.  Export is offline:
the model is loaded from a local directory with ``local_files_only=True`` and nothing
is downloaded.  By default the files are written into the model directory itself, next
to its config and tokenizer, so the same ``model:`` path serves both backends::

    pseudogate gliner export ./models/gliner-pii            # model.onnx + model_int8.onnx
    pseudogate gliner export ./models/gliner-pii --out ./onnx --no-int8

torch, gliner and onnx are imported inside the handler, so ``pseudogate --help`` stays
fast and works without the ``[ner]`` extra.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from pipelines.errors import ConfigError

__all__ = ["DEFAULT_INT8_FILE", "DEFAULT_ONNX_FILE", "add_command", "export_onnx", "fetch_model"]

DEFAULT_ONNX_FILE = "model.onnx"
DEFAULT_INT8_FILE = "model_int8.onnx"
_EXTRA_HINT = "pip install 'pseudogate[ner]' (install torch==2.13.0 first on CPU-only hosts)"


def add_command(subparsers: Any) -> None:
    """Register ``pseudogate gliner fetch`` and ``gliner export``."""
    gliner = subparsers.add_parser("gliner", help="GLiNER model tools (needs the [ner] extra)")
    actions = gliner.add_subparsers(dest="gliner_command", required=True, metavar="ACTION")
    fetch = actions.add_parser("fetch", help="download a GLiNER model from the Hugging Face hub")
    fetch.add_argument("repo", metavar="OWNER/NAME", help="the model's hub id")
    fetch.add_argument("--to", type=Path, required=True, dest="target",
                       help="directory to write the model into")
    fetch.add_argument("--revision", default=None, help="branch, tag or commit (default: main)")
    fetch.set_defaults(handler=_run_fetch)
    export = actions.add_parser(
        "export",
        help="export a local GLiNER model to ONNX (fp32 and int8) for backend: onnx",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
    )
    export.add_argument("model", type=Path, help="local model directory (save_pretrained layout)")
    export.add_argument("--out", type=Path, default=None,
                        help="output directory (default: the model directory)")
    export.add_argument("--no-int8", dest="int8", action="store_false",
                        help="skip the dynamically quantised int8 copy")
    export.add_argument("--onnx-file", default=DEFAULT_ONNX_FILE, help="fp32 file name")
    export.add_argument("--int8-file", default=DEFAULT_INT8_FILE, help="int8 file name")
    export.set_defaults(handler=_run_export)


@contextlib.contextmanager
def _quiet() -> Iterator[None]:
    # torch/transformers emit deprecation and tracer warnings while importing and
    # exporting: noise for an operator, and fatal under ``-W error``.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def export_onnx(
    model_dir: Path,
    out_dir: Path | None = None,
    *,
    int8: bool = True,
    onnx_file: str = DEFAULT_ONNX_FILE,
    int8_file: str = DEFAULT_INT8_FILE,
) -> dict[str, Path]:
    """Export ``model_dir`` to ONNX in ``out_dir``; return the written files by kind.

    Raises ``ConfigError`` when the directory or the ``[ner]`` extra is missing.
    """
    source = model_dir.expanduser().resolve()
    if not (source / "gliner_config.json").is_file():
        raise ConfigError("not a GLiNER model directory (no gliner_config.json)",
                          source=str(model_dir), expected="a directory made by save_pretrained")
    for name in (onnx_file, int8_file):
        if not name.endswith(".onnx") or os.sep in name or "/" in name:
            raise ConfigError("invalid ONNX file name", source=name,
                              expected="a plain file name ending in .onnx")
    target = (out_dir or source).expanduser().resolve()
    with _quiet():
        try:
            from gliner import GLiNER
        except ImportError as exc:
            raise ConfigError("the GLiNER extra is not installed", expected=_EXTRA_HINT) from exc
        model = GLiNER.from_pretrained(str(source), local_files_only=True)
        paths = model.export_to_onnx(
            target, onnx_filename=onnx_file, quantized_filename=int8_file, quantize=int8
        )
    written = {"fp32": Path(paths["onnx_path"])}
    if int8:
        if not paths.get("quantized_path"):
            raise ConfigError("int8 quantisation failed (is the onnx package installed?)",
                              source=str(model_dir), expected=_EXTRA_HINT)
        written["int8"] = Path(paths["quantized_path"])
    return written


def fetch_model(repo: str, target: Path, revision: str | None = None) -> list[Path]:
    """Download hub model ``repo`` into ``target``; the files written.

    Raises ``ConfigError`` for a malformed id, a missing ``huggingface_hub``, a
    download that fails (the exception type only: messages may carry URLs with
    tokens) or a repository that is not a GLiNER model.
    """
    import re

    if not re.fullmatch(r"[\w.-]+/[\w.-]+", repo):
        raise ConfigError("not a hub model id", source=repo, expected="OWNER/NAME")
    try:
        from huggingface_hub import snapshot_download
        from huggingface_hub.errors import HfHubHTTPError, LocalEntryNotFoundError
    except ImportError as exc:
        raise ConfigError("huggingface_hub is not installed", expected=_EXTRA_HINT) from exc
    target = target.expanduser().resolve()
    try:
        with _quiet():
            snapshot_download(repo_id=repo, revision=revision, local_dir=str(target))
    except (HfHubHTTPError, LocalEntryNotFoundError, OSError, ValueError) as exc:
        raise ConfigError(f"download failed ({type(exc).__name__})", source=repo,
                          expected="a reachable hub (HF_ENDPOINT) and an existing model "
                          "repository") from exc
    if not (target / "gliner_config.json").is_file():
        raise ConfigError("the repository is not a GLiNER model (no gliner_config.json)",
                          source=repo, expected="a GLiNER model repository")
    return sorted(p for p in target.rglob("*") if p.is_file() and ".cache" not in p.parts)


def _run_fetch(args: argparse.Namespace) -> int:
    files = fetch_model(args.repo, args.target, args.revision)
    size = sum(path.stat().st_size for path in files) / 1e6
    print(f"{args.repo}: {len(files)} files, {size:.1f} MB in {args.target.resolve()}")
    print(f"use it with:  model: {args.target.resolve()}")
    return 0


def _run_export(args: argparse.Namespace) -> int:
    started = time.perf_counter()
    written = export_onnx(args.model, args.out, int8=args.int8, onnx_file=args.onnx_file,
                          int8_file=args.int8_file)
    for kind, path in written.items():
        print(f"{kind}: {path} ({path.stat().st_size / 1e6:.1f} MB)")
    print(f"exported in {time.perf_counter() - started:.1f} s; use backend: onnx with "
          f"onnx_file: {written.get('int8', written['fp32']).name}")
    return 0
