"""The wheel is the product: build it, install it into a fresh venv, run the command.

What this must prove is that a plain ``pip install .`` gives a working ``pseudogate``:
every package and data file is in the wheel, the console script and the detector entry
points are declared, and nothing needs the source tree.  So:

* the wheel is built from a *copy* of the files a source distribution holds
  (``pyproject.toml``, ``README.md`` and the three packages), not from the worktree;
* its contents are checked against the source tree itself: every module under
  ``pipelines/``, ``detectors/`` and ``proxy/`` must be in it (an oracle that does not
  read ``pyproject.toml``);
* it is installed (``--no-deps``) into a new venv made without pip and without the
  system site-packages.  Its dependencies come from this test environment's
  site-packages, added to the new venv's ``sys.path`` as a plain ``.pth`` path line:
  a plain line does not run the ``.pth`` files inside that directory, so the
  developer's editable install of pseudogate (a ``.pth`` hook) stays off, and the
  wheel's own ``pseudogate`` distribution comes first on the path.  The test checks
  that ``proxy``, ``detectors`` and ``pipelines`` and the ``pseudogate`` metadata are
  imported from the new venv, never from the source tree;
* the venv's ``pseudogate`` script runs ``--help``, ``detectors`` and ``demo --once``
  from a directory holding only ``config.example.yaml`` and its entity list.

Re-resolving the dependencies from a package index would prove nothing more about
the wheel and cost most of a minute, so the test does not do it.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("pipelines", "detectors", "proxy")
TIMEOUT_S = 240


def _run(args: list[str], *, cwd: Path | None = None, env: dict[str, str] | None = None
         ) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, check=True, capture_output=True, text=True, timeout=TIMEOUT_S,
                          cwd=cwd, env=env)


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(wheel, venv): the wheel built from a copy of the sources, installed in a new venv."""
    base = tmp_path_factory.mktemp("wheel")
    source = base / "src"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for package in PACKAGES:
        shutil.copytree(ROOT / package, source / package,
                        ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
    dist = base / "dist"
    _run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
          "--disable-pip-version-check", "--no-cache-dir", "--wheel-dir", str(dist),
          str(source)], cwd=base)
    (wheel,) = dist.glob("pseudogate-*.whl")
    venv = base / "venv"
    _run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / "bin" / "python"
    _run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
          "--no-deps", "--no-index", "--disable-pip-version-check", str(wheel)])
    purelib = _venv_path(python, "purelib")
    # Plain path lines: the dependencies, without running this environment's .pth hooks.
    ours = {sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]}
    (Path(purelib) / "_test_dependencies.pth").write_text(
        "".join(f"{path}\n" for path in sorted(ours)), encoding="utf-8")
    return wheel, venv


def _venv_path(python: Path, key: str) -> str:
    out = _run([str(python), "-c", f"import sysconfig; print(sysconfig.get_paths()[{key!r}])"])
    return out.stdout.strip()


def _env() -> dict[str, str]:
    env = {key: value for key, value in os.environ.items()
           if not key.startswith(("PYTHON", "VIRTUAL_ENV"))}
    env.update(HF_HUB_OFFLINE="1", TRANSFORMERS_OFFLINE="1", PSEUDOGATE_PORT="0")
    return env


def test_wheel_holds_every_module_and_the_entry_points(installed: tuple[Path, Path]) -> None:
    """Every .py file and py.typed of the three packages is in the wheel, with the scripts."""
    wheel, _venv = installed
    expected = {
        path.relative_to(ROOT).as_posix()
        for package in PACKAGES
        for path in (ROOT / package).rglob("*")
        if path.suffix == ".py" or path.name == "py.typed"
    }
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
        (entry_points,) = [n for n in names if n.endswith(".dist-info/entry_points.txt")]
        declared = archive.read(entry_points).decode()
    assert expected - names == set()
    assert "pseudogate = proxy.cli:main" in declared
    for detector in ("regex", "known_entities", "gliner"):
        assert f"{detector} = detectors." in declared


def test_installed_code_comes_from_the_venv(installed: tuple[Path, Path]) -> None:
    """The packages and the distribution metadata resolve inside the new venv only."""
    _wheel, venv = installed
    probe = (
        "import json, importlib.metadata as m, detectors, pipelines, proxy.commands\n"
        "print(json.dumps({'modules': [detectors.__file__, pipelines.__file__,"
        " proxy.commands.__file__], 'dist': str(m.distribution('pseudogate').locate_file(''))}))"
    )
    out = _run([str(venv / "bin" / "python"), "-c", probe], cwd=venv, env=_env())
    found = json.loads(out.stdout)
    for path in [*found["modules"], found["dist"]]:
        assert Path(path).resolve().is_relative_to(venv.resolve()), path


def test_installed_command_runs(installed: tuple[Path, Path], tmp_path: Path) -> None:
    """``pseudogate --help``, ``detectors`` and ``demo --once`` work from the wheel."""
    _wheel, venv = installed
    command = str(venv / "bin" / "pseudogate")
    shutil.copy(ROOT / "config.example.yaml", tmp_path)
    shutil.copytree(ROOT / "examples" / "entities", tmp_path / "examples" / "entities")
    env = _env()
    usage = _run([command, "--help"], cwd=tmp_path, env=env).stdout
    for name in ("serve", "demo", "scan", "check-config", "detectors", "eval", "gliner"):
        assert name in usage
    listing = _run([command, "detectors"], cwd=tmp_path, env=env).stdout.splitlines()
    for name in ("regex", "known_entities", "gliner"):
        assert any(line.split()[:3] == [name, "pseudogate", "0.1.0"] for line in listing)
    demo = _run([command, "demo", "--config", "config.example.yaml", "--once"],
                cwd=tmp_path, env=env)
    assert "the client got back (HTTP 200)" in demo.stdout
    # The demo's seeded e-mail reaches the upstream as a placeholder only.
    received = demo.stdout.split("--- the upstream received:")[1].split("---")[0]
    assert "jane.doe@example.com" not in received and "[EMAIL_1]" in received
