"""Egress filter benchmark: ours against three naive designs, side by side, one run.

The stream is realistic model output: prose (English and German) that echoes ten
placeholders, several e-mail addresses and card numbers, a long JWT and one PEM private
key block, fed in 4-character chunks as LLM APIs emit.  Ours runs with every built-in
output pattern.  Per-feed figures are from the fastest of three runs of the whole
stream (the machine is shared; the other runs only add noise).  The naive designs use
the same patterns and placeholders:

* per-chunk replace: relink and redact each chunk on its own (what breaks at chunk
  boundaries); its leaks are counted;
* buffer-everything: filter once at the end of the stream (exact, but nothing reaches
  the client before the end); its time to first byte is reported;
* fixed 64-character hold-back: filter everything but the last 64 characters; a value
  longer than 64 characters is cut in two and leaks.

A *leak* is a planted sensitive value (or a 24-character piece of one longer than 64)
visible in the output, or an issued placeholder reaching the client unrelinked.  A
second stream is cut off inside the PEM block (no END line): its key material must not
leak either.

Single feed: a non-streamed reply is one ``feed`` of the whole text.  A PII-dense reply
(a planted value every six words, one PEM block) of 16k and 64k characters is filtered
in one feed and in 4-character chunks; ``single_feed_ratio_16k``/``_64k`` are the CPU
time per character of the one feed divided by that of the chunked run (fastest of three
runs each, same output checked).  A filter linear in its feed keeps them near 1.
Run: ``python bench/egress.py`` (from the repository root).  The last line is JSON.
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import regex

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from pipelines.egress import EgressFilter, EgressPolicy
from tests.egress_corpus import builtin_patterns

CHUNK = 4
SEED = 20261129
RUNS = 3

PATTERNS = builtin_patterns()
RELINK = {
    f"[{label}_{n}]": value
    for label, n, value in [
        ("PERSON", 1, "Alice Müller"), ("PERSON", 2, "Bob Stone"), ("PERSON", 3, "Chen Wei"),
        ("EMAIL", 1, "alice@home.example"), ("EMAIL", 2, "bob@work.example"),
        ("PHONE", 1, "+49 30 1234567"), ("ORGANIZATION", 1, "Acme GmbH"),
        ("LOCATION", 1, "Zürich"), ("ADDRESS", 1, "Main St 5"), ("IBAN", 1, "DE89..."),
    ]
}
PROSE_TEXT = (
    "Thanks for the update. I have reviewed the proposal and the numbers look reasonable, "
    "although the timeline for the second phase seems optimistic to me. Vielen Dank für "
    "die schnelle Antwort, wir melden uns nächste Woche mit den Unterlagen. Let me know "
    "if you want me to draft the summary for the steering committee before Friday."
)
PEM = (
    "-----BEGIN PRIVATE KEY-----\n"
    + "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC7VJTUt9Us8cKj\n" * 8
    + "-----END PRIVATE KEY-----"
)
JWT = (
    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
    "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ."
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"
)
SECRETS = [
    "carol.jones@corp.example.org", "dave+news@mail.example.com", "4111 1111 1111 1111",
    "5500-0000-0000-0004", JWT,
]


def make_stream(words: int) -> str:
    """Prose with the placeholders, secrets and one PEM block planted at random."""
    rng = random.Random(SEED)
    words_of_prose = PROSE_TEXT.split()
    parts: list[str] = []
    planted = list(RELINK) * 3 + SECRETS * 2
    for i in range(words):
        parts.append(rng.choice(words_of_prose))
        if i % 25 == 12 and planted:
            parts.append(planted.pop(rng.randrange(len(planted))))
        if i == words // 2:
            parts.append("\n" + PEM + "\n")
    return " ".join(parts)


def chunks_of(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def count_leaks(output: str, text: str) -> int:
    """Planted values visible in ``output``, and issued placeholders left unrelinked.

    A value of at most 64 characters leaks where it appears whole; a longer one (the
    PEM block, the JWT) leaks once per planted copy if any 24-character piece of it
    shows.
    """
    leaks = 0
    for secret in [*SECRETS, PEM]:
        if len(secret) <= 64:
            leaks += output.count(secret)
        else:
            pieces = [secret[i : i + 24] for i in range(0, len(secret) - 23, 24)]
            shown = max(output.count(piece) for piece in pieces)
            leaks += min(shown, text.count(secret))
    leaks += sum(output.count(placeholder) for placeholder in RELINK)
    return leaks


def naive_replace(patterns: list[tuple[regex.Pattern[str], str]]) -> Callable[[str], str]:
    """Whole-text relink + redact with plain ``sub`` passes (the naive designs' core)."""

    def apply(text: str) -> str:
        for placeholder, value in RELINK.items():
            text = text.replace(placeholder, value)
        for rx, label in patterns:
            text = rx.sub(f"[REDACTED:{label}]", text)
        return text

    return apply


def known_names(count: int) -> dict[str, str]:
    """``count`` distinct made-up person names, as a route's known-entity list."""
    rng = random.Random(SEED)
    first = ["Anna", "Ben", "Clara", "David", "Emma", "Felix", "Greta", "Hugo", "Ida", "Jonas"]
    names: dict[str, str] = {}
    while len(names) < count:
        last = "".join(rng.choice("bcdfghklmnprstvwz") + rng.choice("aeiou") for _ in range(3))
        names[f"{rng.choice(first)} {last.capitalize()}"] = "PERSON"
    return names


def run_ours(policy: EgressPolicy, chunks: list[str]) -> tuple[str, list[int], list[int], float]:
    rules = policy.for_request(RELINK, {})
    flt = EgressFilter(rules)
    out: list[str] = []
    times: list[int] = []
    held: list[int] = []
    first_byte = -1.0
    clock = time.perf_counter_ns
    start = clock()
    for chunk in chunks:
        t0 = clock()
        piece = flt.feed(chunk)
        times.append(clock() - t0)
        held.append(flt.held)
        if piece and first_byte < 0:
            first_byte = (clock() - start) / 1e6
        out.append(piece)
    out.append(flt.close())
    return "".join(out), times, held, first_byte


def best_run(policy: EgressPolicy, chunks: list[str]) -> tuple[str, list[int], list[int], float]:
    """The fastest of :data:`RUNS` runs over ``chunks`` (after one warm-up)."""
    run_ours(policy, chunks[:500])
    runs = [run_ours(policy, chunks) for _ in range(RUNS)]
    return min(runs, key=lambda run: sum(run[1]))


def feed_figures(prefix: str, times: list[int], text: str) -> dict[str, float]:
    """p50, p99 and mean microseconds per feed, and throughput."""
    return {
        f"{prefix}feed_us_p50": round(statistics.median(times) / 1e3, 2),
        f"{prefix}feed_us_p99": round(statistics.quantiles(times, n=100)[98] / 1e3, 2),
        f"{prefix}feed_us_mean": round(statistics.fmean(times) / 1e3, 2),
        f"{prefix}mb_per_s": round(len(text.encode()) / (sum(times) / 1e9) / 1e6, 2),
    }


DENSE_VALUES = [
    *RELINK, *SECRETS, "bob@corp.example", "+49 30 1234567", "192.168.10.1",
    "DE89 3704 0044 0532 0130 00", "(415) 555-0123",
]


def make_dense(chars: int) -> str:
    """A reply of ``chars`` characters with a planted value every six words, one PEM."""
    rng = random.Random(SEED)
    words = PROSE_TEXT.split()
    parts: list[str] = []
    length = 0
    while length < chars:
        index = len(parts)
        word = rng.choice(DENSE_VALUES) if index % 6 == 5 else rng.choice(words)
        if index == 60:
            word = "\n" + PEM + "\n"
        parts.append(word)
        length += len(word) + 1
    return " ".join(parts)[:chars]


def cpu_run(policy: EgressPolicy, chunks: list[str]) -> tuple[float, str]:
    """CPU seconds of this thread to filter ``chunks`` (fastest of RUNS), and the output."""
    best, output = float("inf"), ""
    for _ in range(RUNS):
        flt = EgressFilter(policy.for_request(RELINK, {}))
        start = time.thread_time()
        out = [flt.feed(chunk) for chunk in chunks]
        out.append(flt.close())
        best = min(best, time.thread_time() - start)
        output = "".join(out)
    return best, output


def single_feed_figures(policy: EgressPolicy) -> dict[str, float]:
    """One feed of a whole dense reply against the same text in 4-character chunks."""
    figures: dict[str, float] = {}
    for size, name in ((16_000, "16k"), (64_000, "64k")):
        text = make_dense(size)
        single, single_out = cpu_run(policy, [text])
        chunked, chunked_out = cpu_run(policy, chunks_of(text, CHUNK))
        if single_out != chunked_out:
            raise SystemExit("single feed and chunked output differ")
        figures[f"single_feed_cpu_ms_{name}"] = round(single * 1e3, 1)
        figures[f"chunked_cpu_ms_{name}"] = round(chunked * 1e3, 1)
        figures[f"single_feed_ratio_{name}"] = round(single / chunked, 2)
    return figures


def main() -> None:
    text = make_stream(2500)
    chunks = chunks_of(text, CHUNK)
    policy = EgressPolicy(patterns=PATTERNS)
    compiled = [(regex.compile(p.pattern, regex.VERSION1), p.label) for p in PATTERNS]
    apply = naive_replace(compiled)

    cpu_start = time.thread_time()
    ours, times, held, ttfb_ours = best_run(policy, chunks)
    # CPU time of this thread over warm-up and all runs: robust when cores are shared.
    cpu_us = (time.thread_time() - cpu_start) / (len(chunks) * RUNS + 500) * 1e6
    prose_chunks = chunks_of(" ".join([PROSE_TEXT] * 20), CHUNK)
    prose_held = run_ours(policy, prose_chunks)[2]
    leaks_ours = count_leaks(ours, text)
    for size in (1, 2, 3, 5, 7, 16, 64):  # zero leaks on other splits as well
        leaks_ours += count_leaks(run_ours(policy, chunks_of(text, size))[0], text)
    cut = text[: text.index(PEM) + len(PEM) // 2]  # the stream ends inside the key
    cut_out = run_ours(EgressPolicy(patterns=PATTERNS, max_held_chars=65536), chunks_of(cut, 4))[0]
    cut_leaks = sum(cut_out.count(line) for line in PEM.splitlines()[1:-1])

    literals = known_names(100_000)
    start = time.perf_counter()
    big = EgressPolicy(patterns=PATTERNS, literals=literals)
    build_s = time.perf_counter() - start
    planted = " ".join(list(literals)[:3])
    big_times = run_ours(big, chunks_of(text + " " + planted, CHUNK))[1]

    single_feed = single_feed_figures(policy)

    per_chunk = "".join(apply(c) for c in chunks)
    start = time.perf_counter()
    buffered = apply("".join(chunks))
    ttfb_buffer = (time.perf_counter() - start) * 1e3
    window_out: list[str] = []
    pending = ""
    for chunk in chunks:
        # Filter what is buffered, release all but the last 64 characters, keep those.
        pending = apply(pending + chunk)
        if len(pending) > 64:
            window_out.append(pending[:-64])
            pending = pending[-64:]
    window_out.append(pending)
    fixed = "".join(window_out)

    figures = {
        "stream_chars": len(text),
        "chunk_chars": CHUNK,
        "feeds": len(chunks),
        **feed_figures("", times, text),
        "feed_cpu_us_mean": round(cpu_us, 2),
        "held_mean": round(statistics.fmean(held), 2),
        "held_max": max(held),
        "held_mean_prose": round(statistics.fmean(prose_held), 2),
        "held_max_prose": max(prose_held),
        "ttfb_ms_ours": round(ttfb_ours, 3),
        "literals_100k_build_s": round(build_s, 2),
        "literals_100k_feed_us_p50": round(statistics.median(big_times) / 1e3, 2),
        "literals_100k_feed_us_p99": round(statistics.quantiles(big_times, n=100)[98] / 1e3, 2),
        "leaks_ours": leaks_ours,
        "leaks_ours_cut_off_key": cut_leaks,
        "leaks_per_chunk_replace": count_leaks(per_chunk, text),
        "leaks_fixed_window_64": count_leaks(fixed, text),
        "leaks_buffer_all": count_leaks(buffered, text),
        "ttfb_ms_buffer_all": round(ttfb_buffer, 3),
        **single_feed,
    }
    width = max(len(k) for k in figures)
    print("egress filter, 4-character chunks, every built-in output pattern, 10 placeholders")
    print(f"{'design':<26}{'leaks':>8}{'ttfb ms':>12}{'feed us p50':>14}")
    p50 = figures["feed_us_p50"]
    print(f"{'ours':<26}{leaks_ours:>8}{ttfb_ours:>12.3f}{p50:>14}")
    print(f"{'per-chunk replace':<26}{figures['leaks_per_chunk_replace']:>8}{'-':>12}{'-':>14}")
    print(f"{'buffer everything':<26}{figures['leaks_buffer_all']:>8}{ttfb_buffer:>12.3f}{'-':>14}")
    print(f"{'fixed 64-char hold-back':<26}{figures['leaks_fixed_window_64']:>8}{'-':>12}{'-':>14}")
    print("single feed vs 4-character chunks, same dense reply (CPU ms; ratio per character)")
    for name in ("16k", "64k"):
        one, four = single_feed[f"single_feed_cpu_ms_{name}"], single_feed[f"chunked_cpu_ms_{name}"]
        ratio = single_feed[f"single_feed_ratio_{name}"]
        print(f"  {name}: one feed {one} ms, 4-char chunks {four} ms, ratio {ratio}")
    for key, value in figures.items():
        print(f"  {key:<{width}}  {value}")
    print(json.dumps(figures))


if __name__ == "__main__":
    main()
