"""``pseudogate scrub``: prepare a dataset with a route's whole chain, the scrubber in line.

Each line of ``--data`` is one JSON record in the route's API shape (a Chat Completions
body, ``{"messages": [...]}``, is also the fine-tuning format).  Every record is walked
like a request, sanitised by the route's chain with a fresh vault, then the route's
``llm_scrubber`` detectors read the *sanitised* texts (what a provider would have seen)
and every value they report that verifies is masked too, everywhere in the record,
exactly as a later turn of a session would mask it.  Here latency does not matter, so
the scrubber runs in line, up to ``concurrency`` records at a time.

``--out`` gets one JSON line per input record, in input order::

    {"line": 7, "record": {...sanitised...}, "findings": [{"text": 0, "start": 12,
     "end": 22, "label": "PERSON", "detector": "scrubber", "placeholder": "[PERSON_2]"}],
     "scrubber": {"calls": 1, "malformed": 0, "discarded": 0}}

(positions are those of the placeholder in the sanitised text), or ``{"line": 7,
"refused": {"code": ..., "message": ...}}`` for a record that cannot be sanitised (not
JSON, a signed block holding a value, ...): it is not written at all.  No value is in
the output file, nor on the terminal.  Interrupted, the same command resumes after the
last record written (a half-written last line is cut off); ``--restart`` starts over.
A scrubber call that still fails after two more tries stops the run (exit 2): what is
written stays valid, and the next run resumes there.

On a terminal, standard error shows a progress bar; standard output stays empty.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import sys
import time
from collections import deque
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, TYPE_CHECKING, Final, TextIO, final

from proxy.commands import CommandError

if TYPE_CHECKING:
    from detectors.llm_scrubber import LlmScrubber, Scrubbed
    from pipelines.chain import Chain, Finding
    from proxy.config import Config, RouteConfig
    from proxy.shapes import ApiShape

__all__ = ["Tally", "add_command", "resume_point", "scrub_file"]

_TRIES: Final = 3
_BAR: Final = 28


def add_command(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register ``pseudogate scrub``."""
    parser = subparsers.add_parser(
        "scrub",
        help="sanitise a JSONL dataset with a route's chain and its LLM scrubber in line",
        description=__doc__.split("\n\n")[1].replace("\n", " ") if __doc__ else None,
    )
    parser.add_argument("--config", required=True, type=Path, help="the gateway's YAML config")
    parser.add_argument("--route", required=True, help="route name or path whose pipeline runs")
    parser.add_argument("--data", required=True, type=Path,
                        help="JSONL input: one record in the route's API shape per line")
    parser.add_argument("--out", required=True, type=Path,
                        help="JSONL output (resumed if it exists; see --restart)")
    parser.add_argument("--restart", action="store_true",
                        help="start over instead of resuming an existing --out")
    parser.add_argument("--concurrency", type=int,
                        help="records in flight (default: the scrubbers' concurrency)")
    parser.set_defaults(handler=_scrub)


def _scrub(args: argparse.Namespace) -> int:
    from proxy.config import load_config

    config = load_config(args.config)
    route = config.route(args.route)
    if args.concurrency is not None and args.concurrency < 1:
        raise CommandError("pseudogate scrub: --concurrency must be at least 1")
    if not args.data.is_file():
        raise CommandError(f"pseudogate scrub: cannot read {args.data}: no such file")
    tally = asyncio.run(scrub_file(config, route, args.data, args.out, restart=args.restart,
                                   concurrency=args.concurrency, progress=sys.stderr))
    print(f"pseudogate scrub: {tally.summary()} -> {args.out}", file=sys.stderr)
    return 0


@final
@dataclass(slots=True)
class Tally:
    """What a run did (mutable: filled in as records are written)."""

    total: int = 0
    resumed: int = 0
    written: int = 0
    refused: int = 0
    findings: int = 0
    malformed: int = 0
    started: float = field(default_factory=time.monotonic)

    def summary(self) -> str:
        """One line for the end of the run."""
        return (f"{self.written} records written ({self.resumed} already done), "
                f"{self.findings} scrubber findings, {self.refused} refused, "
                f"{self.malformed} malformed scrubber answers")


def resume_point(out: Path) -> int:
    """The input line the output file ends at (0: none); a torn last line is cut off."""
    if not out.exists():
        return 0
    data = out.read_bytes()
    complete = data[: data.rfind(b"\n") + 1]
    if len(complete) != len(data):
        with out.open("r+b") as file:
            file.truncate(len(complete))
    lines = complete.splitlines()
    if not lines:
        return 0
    try:
        last = json.loads(lines[-1])
        return int(last["line"])
    except (ValueError, KeyError, TypeError) as exc:
        raise CommandError(f"pseudogate scrub: {out} was not written by pseudogate scrub "
                           "(use --restart to overwrite it)") from exc


def _lines(path: Path, after: int) -> Iterator[tuple[int, bytes]]:
    with path.open("rb") as file:
        for number, raw in enumerate(file, start=1):
            if number > after and raw.strip():
                yield number, raw


def _count_lines(path: Path) -> int:
    count = 0
    with path.open("rb") as file:
        for raw in file:
            count += bool(raw.strip())
    return count


async def scrub_file(config: Config, route: RouteConfig, data: Path, out: Path, *,
                     restart: bool = False, concurrency: int | None = None,
                     progress: TextIO | None = None) -> Tally:
    """Scrub ``data`` into ``out`` (see the module docstring); the run's tally."""
    from proxy.assembly import build_chain, build_detectors, running
    from proxy.gateway import API_SHAPES
    from proxy.metrics import Metrics
    from proxy.runtime import connect_scrubber, open_upstream
    from proxy.scrubber import scrubbers_of

    done = 0 if restart else resume_point(out)
    tally = Tally(total=_count_lines(data))
    tally.resumed = sum(1 for _ in _lines_upto(data, done))
    detectors = build_detectors(config, only=route.pipeline)
    scrubbers = scrubbers_of(route.pipeline, detectors)
    metrics = Metrics()
    async with running(detectors):
        clients = {}
        demos = []
        try:
            for name in {s.options.upstream for s in scrubbers}:
                clients[name], demo = await open_upstream(config.upstreams[name], metrics)
                if demo is not None:
                    demos.append(demo)
            for scrubber in scrubbers:
                connect_scrubber(scrubber, config, clients)
            chain = build_chain(config, route, detectors)
            checks = chain if route.check_detectors is None else build_chain(
                config, route, detectors, names=route.check_detectors)
            job = _Run(config, chain, checks, scrubbers, API_SHAPES[route.api], tally)
            width = concurrency or max([s.options.concurrency for s in scrubbers] or [4])
            bar = _Progress(progress, tally) if progress is not None and progress.isatty() \
                else None
            with out.open("wb" if restart or done == 0 else "ab") as sink:
                await job.run(_lines(data, done), sink, width, bar)
        finally:
            for client in clients.values():
                await client.aclose()
            for demo in demos:
                await demo.aclose()
    return tally


def _lines_upto(path: Path, last: int) -> Iterator[int]:
    if last <= 0:
        return
    with path.open("rb") as file:
        for number, raw in enumerate(file, start=1):
            if number > last:
                return
            if raw.strip():
                yield number


@final
class _Run:
    """Scrubs records a window at a time and writes them in input order."""

    __slots__ = ("chain", "check_chain", "config", "scrubbers", "shape", "tally")

    def __init__(self, config: Config, chain: Chain, check_chain: Chain,
                 scrubbers: Sequence[LlmScrubber], shape: ApiShape, tally: Tally) -> None:
        self.config = config
        self.chain = chain
        self.check_chain = check_chain
        self.scrubbers = tuple(scrubbers)
        self.shape = shape
        self.tally = tally

    async def run(self, lines: Iterator[tuple[int, bytes]], sink: IO[bytes], width: int,
                  bar: _Progress | None) -> None:
        pending: deque[asyncio.Task[bytes]] = deque()
        try:
            for number, raw in lines:
                pending.append(asyncio.ensure_future(self.record(number, raw)))
                if len(pending) >= width:
                    self._write(sink, await pending.popleft(), bar)
            while pending:
                self._write(sink, await pending.popleft(), bar)
        finally:
            for task in pending:
                task.cancel()
            for task in pending:
                with contextlib.suppress(asyncio.CancelledError, CommandError):
                    await task
            if bar is not None:
                bar.close()

    def _write(self, sink: IO[bytes], line: bytes, bar: _Progress | None) -> None:
        sink.write(line)
        sink.flush()
        self.tally.written += 1
        if bar is not None:
            bar.update()

    async def record(self, number: int, raw: bytes) -> bytes:
        """The output line of input line ``number``."""
        from detectors.llm_scrubber import ScrubberFailed
        from pipelines.errors import DetectorError, RequestError, VaultFull

        try:
            entry = await self._sanitise(number, raw)
        except RequestError as exc:
            entry = self._refused(number, exc.code, exc.message)
        except VaultFull as exc:
            entry = self._refused(number, "vault_full", str(exc))
        except ScrubberFailed as exc:
            raise CommandError(
                f"pseudogate scrub: record {number}: {exc.detector} failed {_TRIES} times "
                f"({exc.reason}); run the same command again to resume there") from exc
        except DetectorError as exc:
            # Fail closed, like the gateway: the record is not written.
            entry = self._refused(number, "detector_failed", f"detector {exc.detector} failed")
        return json.dumps(entry, ensure_ascii=False).encode("utf-8") + b"\n"

    def _refused(self, number: int, code: str, message: str) -> dict[str, object]:
        self.tally.refused += 1
        return {"line": number, "refused": {"code": code, "message": message}}

    async def _sanitise(self, number: int, raw: bytes) -> dict[str, object]:
        from pipelines.errors import RequestError
        from pipelines.vault import Vault
        from proxy.ingress import sanitize_request
        from proxy.shapes import read_slots, require_mapping, write_slots
        from proxy.walk import walk

        try:
            body = dict(require_mapping(json.loads(raw)))
        except (ValueError, RequestError) as exc:
            raise RequestError(400, "invalid_json", "the line is not a JSON object") from exc
        found = walk(self.shape.request, body)
        texts = read_slots(found.slots)
        for text in texts:
            try:
                text.encode("utf-8")
            except UnicodeEncodeError as exc:
                raise RequestError(400, "invalid_text",
                                   "a text holds a lone UTF-16 surrogate") from exc
        vault = Vault(max_index=self.config.server.max_placeholder_index)
        # What the gateway does to a request (sanitised, checked, written back) ...
        sanitized = await sanitize_request(found, vault, chain=self.chain,
                                           check_chain=self.check_chain)
        sent = read_slots(found.slots)
        scrubbed_by: dict[str, str] = {}
        stats = {"calls": 0, "malformed": 0, "discarded": 0}
        for scrubber in self.scrubbers:
            result = await self._scrub(scrubber, sent)
            stats["calls"] += result.calls
            stats["malformed"] += result.malformed
            stats["discarded"] += sum(result.discarded.values())
            for finding in result.findings:
                placeholder = vault.issue(finding.label, finding.value)
                scrubbed_by.setdefault(placeholder, scrubber.name)
        self.tally.malformed += stats["malformed"]
        if scrubbed_by:
            # ... and once more from the raw texts with the vault that knows the
            # scrubbers' values: every occurrence is masked, as in a later turn.
            write_slots(found.slots, texts)
            sanitized = await sanitize_request(found, vault, chain=self.chain,
                                               check_chain=self.check_chain)
        findings = _placed(sanitized.findings, scrubbed_by)
        self.tally.findings += sum(1 for f in findings if f["detector"] in
                                   {s.name for s in self.scrubbers})
        entry: dict[str, object] = {"line": number, "record": body, "findings": findings}
        if self.scrubbers:
            entry["scrubber"] = stats
        return entry

    async def _scrub(self, scrubber: LlmScrubber, texts: Sequence[str]) -> Scrubbed:
        from detectors.llm_scrubber import ScrubberFailed

        for attempt in range(_TRIES):
            try:
                return await scrubber.scrub(texts)
            except ScrubberFailed:
                if attempt == _TRIES - 1:
                    raise
                await asyncio.sleep(0.5 * 2**attempt)
        raise AssertionError("unreachable")


def _placed(found: Sequence[Finding], scrubbed_by: dict[str, str]) -> list[dict[str, object]]:
    """Each finding with the position of its placeholder in the sanitised text."""
    from pipelines.chain import REPEAT_DETECTOR

    out: list[dict[str, object]] = []
    by_text: dict[int, list[Finding]] = {}
    for finding in found:
        by_text.setdefault(finding.text_index, []).append(finding)
    for index in sorted(by_text):
        shift = 0
        for finding in sorted(by_text[index], key=lambda f: f.start):
            start = finding.start + shift
            end = start + len(finding.placeholder)
            shift += len(finding.placeholder) - (finding.end - finding.start)
            detector = finding.detector
            if detector == REPEAT_DETECTOR and finding.placeholder in scrubbed_by:
                detector = scrubbed_by[finding.placeholder]
            out.append({"text": index, "start": start, "end": end, "label": finding.label,
                        "detector": detector, "placeholder": finding.placeholder})
    return out


@final
class _Progress:
    """A one-line progress bar on a terminal (standard error), redrawn at most 10x/s."""

    __slots__ = ("_drawn", "_out", "_tally")

    def __init__(self, out: TextIO, tally: Tally) -> None:
        self._out = out
        self._tally = tally
        self._drawn = 0.0
        self._draw()

    def update(self) -> None:
        now = time.monotonic()
        if now - self._drawn >= 0.1 or self._tally.written + self._tally.resumed \
                >= self._tally.total:
            self._draw()

    def _draw(self) -> None:
        tally = self._tally
        self._drawn = time.monotonic()
        done = tally.written + tally.resumed
        total = max(tally.total, 1)
        filled = min(_BAR, _BAR * done // total)
        elapsed = max(self._drawn - tally.started, 1e-9)
        rate = tally.written / elapsed
        left = (tally.total - done) / rate if rate > 0 else 0.0
        self._out.write(
            f"\rscrub [{'#' * filled}{'.' * (_BAR - filled)}] {done}/{tally.total} "
            f"{100 * done // total:3d}%  findings {tally.findings}  refused {tally.refused}"
            f"  {rate:.1f}/s  ETA {int(left) // 60}:{int(left) % 60:02d} ")
        self._out.flush()

    def close(self) -> None:
        self._draw()
        self._out.write("\n")
        self._out.flush()
