"""Build a small GLiNER model from scratch, offline, for tests and benchmarks.

Nothing is downloaded: a WordPiece tokenizer is trained locally with ``tokenizers`` on
the synthetic training sentences, a tiny BERT backbone is created from a config (random
weights), and the whole GLiNER model is trained for a bounded wall-clock time on
synthetic English and German sentences (``synthetic.py``).  The result is saved with
``save_pretrained(..., safe_serialization=True)`` next to its tokenizer, so it loads
through exactly the code path a user's real model takes (``GLiNER.from_pretrained`` on
a local directory with ``local_files_only=True``).

Reproducible: fixed seeds for data, tokenizer and weights; the only source of variation
is how many steps fit in ``--minutes`` on the machine at hand (logged in
``build_info.json``).  It is a test fixture that proves the pipeline, not a useful NER
model.

Usage (the committed ``gliner-tiny`` model was built with these defaults: hidden 192,
3 layers, vocabulary 6,000, 8,000 sentences per language, 10 minutes, one thread)::

    PYTHONPATH=. .venv/bin/python tests/models/build_gliner.py --out tests/models/gliner-tiny

A 2-layer, hidden-64 "micro" model for plumbing tests builds in seconds through
:func:`build` (see ``tests/gliner/conftest.py``).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make ``tests.models`` importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from tests.models.synthetic import GLINER_LABELS, generate, heldout, score, to_gliner_record

__all__ = ["BuildSpec", "build", "main"]

_PROMPTS = tuple(GLINER_LABELS)
_MODEL_NAME_PLACEHOLDER = "pseudogate/gliner-tiny-local"  # never a real path or hub id


@dataclass(frozen=True, slots=True)
class BuildSpec:
    """Everything that determines the model apart from the training time budget."""

    hidden: int = 192
    layers: int = 3
    vocab: int = 6000
    max_positions: int = 512
    examples_per_language: int = 8000
    salad_ratio: float = 0.5
    batch_size: int = 8
    learning_rate: float = 8e-4
    seed: int = 1234


def _train_tokenizer(texts: list[str], spec: BuildSpec, folder: Path) -> None:
    from tokenizers import (
        Tokenizer,
        decoders,
        models,
        normalizers,
        pre_tokenizers,
        processors,
        trainers,
    )
    from transformers import PreTrainedTokenizerFast

    tok = Tokenizer(models.WordPiece(unk_token="[UNK]"))
    # Cased, accents kept: capitalisation and umlauts are the signal for names.
    tok.normalizer = normalizers.BertNormalizer(lowercase=False, strip_accents=False)
    tok.pre_tokenizer = pre_tokenizers.BertPreTokenizer()
    specials = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
    trainer = trainers.WordPieceTrainer(vocab_size=spec.vocab, special_tokens=specials)
    tok.train_from_iterator([*texts, *_PROMPTS], trainer=trainer)
    cls_id, sep_id = tok.token_to_id("[CLS]"), tok.token_to_id("[SEP]")
    tok.post_processor = processors.TemplateProcessing(
        single="[CLS] $A [SEP]",
        pair="[CLS] $A [SEP] $B [SEP]",
        special_tokens=[("[CLS]", cls_id), ("[SEP]", sep_id)],
    )
    tok.decoder = decoders.WordPiece()
    fast = PreTrainedTokenizerFast(  # type: ignore[no-untyped-call]  # untyped in transformers 5
        tokenizer_object=tok,
        unk_token="[UNK]",
        pad_token="[PAD]",
        cls_token="[CLS]",
        sep_token="[SEP]",
        mask_token="[MASK]",
        model_max_length=spec.max_positions,
    )
    fast.save_pretrained(str(folder))


def _make_model(tokenizer_dir: Path, spec: BuildSpec) -> Any:
    from gliner import GLiNER, GLiNERConfig

    heads = max(1, spec.hidden // 64)
    config = GLiNERConfig(
        model_name=str(tokenizer_dir),
        encoder_config={
            "model_type": "bert",
            "vocab_size": spec.vocab + 8,
            "hidden_size": spec.hidden,
            "num_hidden_layers": spec.layers,
            "num_attention_heads": heads,
            "intermediate_size": spec.hidden * 4,
            "max_position_embeddings": spec.max_positions,
        },
        hidden_size=spec.hidden,
        dropout=0.1,
        max_width=12,
        max_len=384,
        span_mode="markerV0",
        # A from-scratch backbone collapses every label into one with the default True.
        embed_ent_token=False,
    )
    return GLiNER.from_config(
        config, backbone_from_pretrained=False, load_tokenizer=True, local_files_only=True
    )


def _records(spec: BuildSpec) -> list[dict[str, object]]:
    rng = random.Random(spec.seed)
    records: list[dict[str, object]] = []
    for offset, lang in enumerate(("en", "de")):
        for example in generate(
            lang, spec.examples_per_language, seed=spec.seed + offset, salad_ratio=spec.salad_ratio
        ):
            record = to_gliner_record(example)
            # Classify against all four prompts, as inference does, in a random order so
            # the model keys on the prompt's words, not its position; sometimes leave out
            # an absent label so that a config naming a subset still works.
            prompts = list(_PROMPTS)
            rng.shuffle(prompts)
            present = {item[2] for item in record["ner"]}  # type: ignore[attr-defined]
            absent = [p for p in prompts if p not in present]
            if absent and rng.random() < 0.2:
                prompts.remove(rng.choice(absent))
            record["ner_labels"] = prompts
            records.append(record)
    rng.shuffle(records)
    return records


def _train(model: Any, records: list[dict[str, object]], spec: BuildSpec, seconds: float) -> int:
    import torch

    collator = model._create_data_collator()
    optimizer = torch.optim.AdamW(model.parameters(), lr=spec.learning_rate, weight_decay=0.01)
    model.train()
    started = time.monotonic()
    step = 0
    warmup = 200
    while True:
        elapsed = time.monotonic() - started
        if elapsed >= seconds:
            break
        lo = (step * spec.batch_size) % len(records)
        batch = collator(records[lo : lo + spec.batch_size])
        # Linear warm-up, then linear decay over the time budget.
        scale = min(1.0, (step + 1) / warmup) * max(0.05, 1.0 - elapsed / seconds)
        for group in optimizer.param_groups:
            group["lr"] = spec.learning_rate * scale
        loss = model(**batch, alpha=0.75, gamma=2.0).loss
        optimizer.zero_grad()
        loss.backward()
        torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        optimizer.step()
        step += 1
        if step % 200 == 0:
            print(f"step {step} loss {loss.item():.3f} at {elapsed:.0f}s", flush=True)
    model.eval()
    return step


def _evaluate(model: Any, per_language: int, threshold: float) -> dict[str, float]:
    results: dict[str, float] = {}
    gold_all: list[list[tuple[int, int, str]]] = []
    pred_all: list[list[tuple[int, int, str]]] = []
    for lang in ("en", "de"):
        examples = heldout(lang, per_language)
        predicted = model.inference(
            [e.text for e in examples], list(_PROMPTS), threshold=threshold, batch_size=16
        )
        preds = [
            [(p["start"], p["end"], GLINER_LABELS[p["label"]]) for p in row] for row in predicted
        ]
        golds = [list(e.spans) for e in examples]
        results[f"f1_{lang}"] = round(score(golds, preds).f1, 4)
        gold_all += golds
        pred_all += preds
    micro = score(gold_all, pred_all)
    results.update(
        precision=round(micro.precision, 4), recall=round(micro.recall, 4), f1=round(micro.f1, 4)
    )
    return results


def build(out: Path, minutes: float, spec: BuildSpec, *, threads: int = 2) -> dict[str, Any]:
    """Build, train for ``minutes``, save to ``out``; return what ``build_info.json`` holds."""
    # The build must never reach the network, even by accident (gliner's default
    # backbone is a hub id): set before transformers reads its environment.
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")
    import torch

    torch.set_num_threads(threads)
    torch.manual_seed(spec.seed)
    random.seed(spec.seed)
    records = _records(spec)
    texts = [" ".join(r["tokenized_text"]) for r in records]  # type: ignore[arg-type]
    with tempfile.TemporaryDirectory(prefix="gliner-tok-") as tmp:
        _train_tokenizer(texts, spec, Path(tmp))
        model = _make_model(Path(tmp), spec)
    steps = _train(model, records, spec, minutes * 60.0)
    metrics = _evaluate(model, per_language=100, threshold=0.5)
    model.config.model_name = _MODEL_NAME_PLACEHOLDER
    out.mkdir(parents=True, exist_ok=True)
    model.save_pretrained(out, safe_serialization=True)
    info: dict[str, Any] = {
        "spec": asdict(spec),
        "minutes": minutes,
        "threads": threads,
        "steps": steps,
        "parameters": sum(p.numel() for p in model.parameters()),
        "heldout_threshold_0_5": metrics,
        "labels": GLINER_LABELS,
    }
    (out / "build_info.json").write_text(json.dumps(info, indent=2) + "\n", encoding="utf-8")
    return info


_DEFAULT = BuildSpec()


def main(argv: list[str] | None = None) -> int:
    """Command-line entry point; see the module docstring."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--minutes", type=float, default=10.0, help="training wall-clock budget")
    # One thread: on a shared machine, two OpenMP threads competing with other work
    # spin at barriers and trained ~7x slower here.
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--hidden", type=int, default=_DEFAULT.hidden)
    parser.add_argument("--layers", type=int, default=_DEFAULT.layers)
    parser.add_argument("--vocab", type=int, default=_DEFAULT.vocab)
    parser.add_argument("--examples", type=int, default=_DEFAULT.examples_per_language)
    parser.add_argument("--seed", type=int, default=_DEFAULT.seed)
    args = parser.parse_args(argv)
    spec = BuildSpec(
        hidden=args.hidden,
        layers=args.layers,
        vocab=args.vocab,
        examples_per_language=args.examples,
        seed=args.seed,
    )
    info = build(args.out.resolve(), args.minutes, spec, threads=args.threads)
    print(json.dumps(info["heldout_threshold_0_5"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
