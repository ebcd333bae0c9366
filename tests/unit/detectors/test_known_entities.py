"""The ``known_entities`` detector: list formats, folding with exact offsets, word
boundaries next to CJK, leftmost-longest matching, option errors, and reload."""

from __future__ import annotations

import asyncio
import os
import threading
from collections.abc import Mapping
from pathlib import Path

import pytest
import structlog

from detectors.known_entities import KnownEntitiesDetector, create
from pipelines.errors import ConfigError, DetectorError
from pipelines.spans import Detector, DetectorContext, Lifecycle
from tests.conftest import scan_views


def context(base: Path) -> DetectorContext:
    """A detector context rooted at ``base``."""
    return DetectorContext(
        name="people", source="gateway.yaml", path="detectors.people.options", base_dir=base
    )


async def started(options: Mapping[str, object], base: Path) -> KnownEntitiesDetector:
    """Create and start a detector (reload off unless the options say otherwise)."""
    detector = create({"reload": False, **options}, context(base))
    await detector.start()
    return detector


def found(detector: KnownEntitiesDetector, text: str) -> list[tuple[str, str]]:
    """(label, matched original text) of every span, the detector reading the view."""
    return [(s.label, text[s.start : s.end]) for s in scan_views(detector.scan, text)]


async def test_txt_csv_yaml_and_inline_sources(tmp_path: Path) -> None:
    """All four sources load, with labels, aliases and the default label."""
    (tmp_path / "names.txt").write_text("# staff\nAlice Example\n\n  Bob Builder  \n")
    (tmp_path / "orgs.csv").write_text(
        "value,label,alias\nACME Corporation,ORGANIZATION,ACME,Acme Corp\nCarol Client,,\n"
    )
    (tmp_path / "places.yaml").write_text("LOCATION:\n  - Springfield\n  - Shelbyville\n")
    (tmp_path / "list.yml").write_text(
        "- value: Dan Dev\n  aliases: [Danny]\n- {value: Initech, label: ORGANIZATION}\n"
    )
    detector = await started(
        {
            "files": ["names.txt", "orgs.csv", "places.yaml", str(tmp_path / "list.yml")],
            "values": {"PERSON": ["Eve Eavesdropper"]},
        },
        tmp_path,
    )
    assert isinstance(detector, Detector) and isinstance(detector, Lifecycle)
    text = (
        "Alice Example and bob builder met Carol Client of ACME (Acme Corp) in Springfield; "
        "Danny from Initech and Eve Eavesdropper joined."
    )
    assert found(detector, text) == [
        ("PERSON", "Alice Example"),
        ("PERSON", "bob builder"),
        ("PERSON", "Carol Client"),
        ("ORGANIZATION", "ACME"),
        ("ORGANIZATION", "Acme Corp"),
        ("LOCATION", "Springfield"),
        ("PERSON", "Danny"),
        ("ORGANIZATION", "Initech"),
        ("PERSON", "Eve Eavesdropper"),
    ]
    assert detector.labels >= {"PERSON", "ORGANIZATION", "LOCATION"}
    by_label = detector.values_by_label()
    assert set(by_label["ORGANIZATION"]) == {"ACME Corporation", "ACME", "Acme Corp", "Initech"}
    assert "Danny" in by_label["PERSON"]
    assert detector.entry_count == 12


@pytest.mark.parametrize(
    ("listed", "text", "expected"),
    [
        ("Straße Meier", "Die STRASSE MEIER kam.", "STRASSE MEIER"),
        ("STRASSE MEIER", "die Straße Meier kam", "Straße Meier"),
        ("İsmail", "ismail, ISMAIL", "ismail"),
        ("ismail", "İsmail geldi", "İsmail"),
        ("Anna Schmidt", "Ａｎｎａ　Ｓｃｈｍｉｄｔ です", "Ａｎｎａ　Ｓｃｈｍｉｄｔ"),
        ("café Luna", "the cafe\u0301 luna opened", "cafe\u0301 luna"),
        ("cafe\u0301 Luna", "the CAFÉ LUNA opened", "CAFÉ LUNA"),
        ("ﬁnn", "Finn said", "Finn"),
        ("Ørsted", "ØRSTED and ørsted", "ØRSTED"),
    ],
)
async def test_case_and_unicode_folding_with_exact_offsets(
    tmp_path: Path, listed: str, text: str, expected: str
) -> None:
    """Folding changes lengths; spans still cut the original text exactly (the detector
    reads the canonical view, as the chain gives it)."""
    detector = await started({"values": {"PERSON": [listed]}}, tmp_path)
    spans = scan_views(detector.scan, text)
    assert spans, text
    first = spans[0]
    assert text[first.start : first.end] == expected


async def test_match_never_ends_inside_a_folded_character(tmp_path: Path) -> None:
    """`stras` folds to a prefix of `Straße`'s `strasse` but does not match it."""
    detector = await started({"values": {"PERSON": ["Stras", "Meiers"]}}, tmp_path)
    assert found(detector, "Straße Meier") == []


async def test_word_boundaries_and_cjk_adjacency(tmp_path: Path) -> None:
    """Latin values need word boundaries; CJK values match inside unspaced text."""
    detector = await started({"values": {"PERSON": ["Ann", "田中", "Tanaka", "김철수"]}}, tmp_path)
    assert found(detector, "Anna and Joanne and Ann's and ANN.") == [
        ("PERSON", "Ann"),
        ("PERSON", "ANN"),
    ]
    assert found(detector, "田中さんは東京にいます") == [("PERSON", "田中")]
    assert found(detector, "私はTanakaです") == [("PERSON", "Tanaka")]
    assert found(detector, "김철수는 왔다") == [("PERSON", "김철수")]
    assert found(detector, "Tanakas") == []


async def test_leftmost_longest_non_overlapping(tmp_path: Path) -> None:
    """The longest value at the leftmost start wins; overlaps are dropped."""
    detector = await started(
        {
            "values": {
                "PERSON": ["Anna", "Anna Maria", "Maria Schmidt", "Schmidt"],
                "ORGANIZATION": ["Anna Maria Schmidt GmbH"],
            }
        },
        tmp_path,
    )
    text = "Anna Maria Schmidt met Schmidt"
    assert [(s.start, s.end) for s in detector.scan(text)] == [(0, 10), (11, 18), (23, 30)]
    assert found(detector, "at Anna Maria Schmidt GmbH.") == [
        ("ORGANIZATION", "Anna Maria Schmidt GmbH")
    ]


async def test_first_listing_of_a_value_decides_its_label(tmp_path: Path) -> None:
    """The same folded value under two labels keeps the first label (deterministic)."""
    detector = await started({"values": {"LOCATION": ["Jordan"], "PERSON": ["JORDAN"]}}, tmp_path)
    assert found(detector, "jordan") == [("LOCATION", "jordan")]


@pytest.mark.parametrize(
    ("options", "path", "expected"),
    [
        ({"file": []}, "detectors.people.options.file", "one of"),
        ({"files": "a.txt"}, "detectors.people.options.files", "list"),
        ({"files": ["missing.txt"]}, "detectors.people.options.files[0]", "existing file"),
        ({"files": ["names.json"]}, "detectors.people.options.files[0]", ".txt"),
        ({"files": [3]}, "detectors.people.options.files[0]", "file path"),
        ({"values": ["x"]}, "detectors.people.options.values", "mapping"),
        ({"values": {"person": ["x"]}}, "detectors.people.options.values.person", "[A-Z]"),
        ({"values": {"PERSON": "x"}}, "detectors.people.options.values.PERSON", "list"),
        ({"values": {"PERSON": [1]}}, "detectors.people.options.values.PERSON[0]", "string"),
        ({"default_label": "x-y"}, "detectors.people.options.default_label", "[A-Z]"),
        ({"reload": "yes"}, "detectors.people.options.reload", "true or false"),
    ],
)
def test_option_errors(
    tmp_path: Path, options: Mapping[str, object], path: str, expected: str
) -> None:
    """Bad options are ConfigErrors naming the dotted path and what was expected."""
    (tmp_path / "names.json").write_text("[]")
    with pytest.raises(ConfigError) as caught:
        create(options, context(tmp_path))
    assert caught.value.path == path
    assert expected in (caught.value.expected or "")


@pytest.mark.parametrize(
    ("name", "content", "where"),
    [
        ("bad.csv", 'ok,PERSON\n"unterminated,PERSON\n', "line"),
        ("bad.csv", "Alice,person\n", "line 1"),
        ("bad.yaml", "PERSON: [a, b\n", "line"),
        ("bad.yaml", "- {value: a, colour: red}\n", "[0]"),
        ("bad.yaml", "just a string\n", None),
        ("bad.txt", "ok\n" + "x" * 1001 + "\n", "line 2"),
    ],
)
async def test_bad_file_at_start_is_an_error_naming_file_and_line(
    tmp_path: Path, name: str, content: str, where: str | None
) -> None:
    """A broken list fails start() with the file and the line, never the value."""
    (tmp_path / name).write_text(content)
    detector = create({"files": [name], "reload": False}, context(tmp_path))
    with pytest.raises(ConfigError) as caught:
        await detector.start()
    assert caught.value.source == str(tmp_path / name)
    if where is not None:
        assert where in (caught.value.path or "")
    assert "Alice" not in str(caught.value) and "xxxx" not in str(caught.value)


async def test_non_utf8_file_is_an_error(tmp_path: Path) -> None:
    """A list that is not UTF-8 is refused at start-up."""
    (tmp_path / "latin1.txt").write_bytes("Jürgen\n".encode("latin-1"))
    detector = create({"files": ["latin1.txt"]}, context(tmp_path))
    with pytest.raises(ConfigError, match="UTF-8"):
        await detector.start()


async def test_detect_before_start_fails_closed(tmp_path: Path) -> None:
    """With files configured, detect before start() raises instead of finding nothing."""
    (tmp_path / "n.txt").write_text("Alice\n")
    detector = create({"files": ["n.txt"]}, context(tmp_path))
    assert detector.entry_count == 0
    with pytest.raises(DetectorError):
        await detector.detect(["Alice"])


async def test_inline_values_work_without_start(tmp_path: Path) -> None:
    """Inline-only lists are built by create (they are small by construction)."""
    detector = create({"values": {"PERSON": ["Alice"]}}, context(tmp_path))
    assert await detector.detect(["hi Alice", ""]) == [[detector.scan("hi Alice")[0]], []]


async def test_reload_swaps_and_bad_file_keeps_old_list(tmp_path: Path) -> None:
    """reload() installs a good file and keeps the old list when the file is broken."""
    names = tmp_path / "n.csv"
    names.write_text("Alice,PERSON\n")
    detector = await started({"files": ["n.csv"]}, tmp_path)
    assert found(detector, "Alice Bob") == [("PERSON", "Alice")]
    names.write_text("Bob,PERSON\n")
    assert detector.reload() is True
    assert found(detector, "Alice Bob") == [("PERSON", "Bob")]
    names.write_text('Carol,PERSON\n"broken\n')
    with structlog.testing.capture_logs() as logs:
        assert await detector.areload() is False
    assert found(detector, "Alice Bob Carol") == [("PERSON", "Bob")]
    assert logs and logs[0]["event"] == "known_entities.reload_failed"
    assert logs[0]["file"] == str(names)
    assert "Carol" not in repr(logs)


async def test_reload_is_atomic_for_a_request_in_flight(tmp_path: Path) -> None:
    """A detect that started on the old lists finishes with them, even mid-reload."""
    names = tmp_path / "n.txt"
    names.write_text("".join(f"old{i}\n" for i in range(2000)))
    detector = await started({"files": ["n.txt"]}, tmp_path)
    text = " ".join(f"old{i} new{i}" for i in range(2000)) * 5
    names.write_text("".join(f"new{i}\n" for i in range(2000)))
    results: list[set[str]] = []

    def scan() -> None:
        spans = detector.scan(text)
        results.append({text[s.start : s.start + 3] for s in spans})

    workers = [threading.Thread(target=scan) for _ in range(4)]
    for worker in workers:
        worker.start()
    assert await detector.areload() is True
    for worker in workers:
        worker.join()
    scan()
    # Each scan saw exactly one generation: only old names or only new names.
    assert all(len(prefixes) == 1 for prefixes in results)
    assert results[-1] == {"new"}


async def test_watcher_reloads_on_mtime_change(tmp_path: Path) -> None:
    """With reload: true, start() watches mtimes and picks up an edited file."""
    names = tmp_path / "n.txt"
    names.write_text("Alice\n")
    detector = create({"files": ["n.txt"], "reload": True}, context(tmp_path))
    await detector.start()
    try:
        names.write_text("Bob\n")
        stat = names.stat()
        os.utime(names, (stat.st_atime, stat.st_mtime + 5))
        for _ in range(40):
            if found(detector, "Bob"):
                break
            await asyncio.sleep(0.1)
        assert found(detector, "Alice Bob") == [("PERSON", "Bob")]
    finally:
        await detector.aclose()
    await detector.aclose()  # idempotent


async def test_large_list_and_text_scale(tmp_path: Path) -> None:
    """50,000 entries load and match a long text; spans stay exact."""
    names = tmp_path / "many.txt"
    names.write_text("".join(f"Person Number {i}\n" for i in range(50_000)))
    detector = await started({"files": ["many.txt"]}, tmp_path)
    assert detector.entry_count == 50_000
    text = "Hello person number 49999 and PERSON NUMBER 7, not Person Number 70000. " * 200
    spans = detector.scan(text)
    assert len(spans) == 400
    assert {text[s.start : s.end].casefold() for s in spans} == {
        "person number 49999",
        "person number 7",
    }
