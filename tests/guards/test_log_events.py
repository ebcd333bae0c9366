"""Every log event the code writes is in the operations guide's table (#15 "log event
names as documented"), and the table lists no event the code never writes.

The events are read from the source with :mod:`ast` (a logger call whose first
argument is a dotted lower-case name, and the supervisor's ``self._log(...)``), the
table from ``docs/operations.md`` (backquoted names in the first column of the "Log
events" section).
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
_LEVELS = {"debug", "info", "warning", "error", "critical", "exception"}
_EVENT = re.compile(r"[a-z_]+(?:\.[a-z_]+)*\Z")


def _events_in_code() -> dict[str, str]:
    found: dict[str, str] = {}
    for package in ("pipelines", "detectors", "proxy"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                        and node.args and isinstance(node.args[0], ast.Constant)
                        and isinstance(node.args[0].value, str)):
                    continue
                receiver = node.func.value
                logging_call = node.func.attr in _LEVELS and not (
                    # Option readers raise with ``reader.error(field, ...)``: not a log.
                    isinstance(receiver, ast.Name) and receiver.id == "reader")
                supervisor = node.func.attr == "_log"
                if (logging_call or supervisor) and _EVENT.match(node.args[0].value):
                    found.setdefault(node.args[0].value, str(path.relative_to(ROOT)))
    found["request"] = "proxy/logs.py"  # ACCESS_EVENT, logged through the constant
    return found


def _events_in_docs() -> set[str]:
    text = (ROOT / "docs" / "operations.md").read_text(encoding="utf-8")
    section = text.split("## Log events", 1)[1].split("\n## ", 1)[0]
    names: set[str] = set()
    for line in section.splitlines():
        if line.startswith("| `"):
            names.update(re.findall(r"`([a-z_.]+)`", line.split(" | ")[0]))
    return names


def test_every_logged_event_is_documented() -> None:
    """An operator can look up any event name a line carries."""
    documented = _events_in_docs()
    missing = {name: where for name, where in _events_in_code().items()
               if name not in documented}
    assert not missing, f"log events missing from docs/operations.md: {missing}"


def test_every_documented_event_is_logged() -> None:
    """The table promises no event that the code never writes."""
    stale = _events_in_docs() - set(_events_in_code())
    assert not stale, f"docs/operations.md lists events nothing logs: {sorted(stale)}"
