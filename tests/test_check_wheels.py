"""release/check_wheels.py, offline: a folder of made-up wheels stands for the index, so the
table, a missing wheel and a Windows-only dependency are each seen without the network."""

from __future__ import annotations

import runpy
import tomllib
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
CHECK = runpy.run_path(str(ROOT / "release" / "check_wheels.py"))
PYTHONS = ("3.11", "3.12", "3.13", "3.14")
PLATFORM_TAGS = ("manylinux_2_17_x86_64", "win_amd64", "macosx_11_0_arm64")


def make_wheel(folder: Path, name: str, tag: str, requires: tuple[str, ...] = ()) -> None:
    """An installable-looking wheel of `name` 1.0: just the metadata pip reads to resolve."""
    dist = f"{name}-1.0"
    metadata = f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n" + "".join(
        f"Requires-Dist: {r}\n" for r in requires)
    with zipfile.ZipFile(folder / f"{dist}-{tag}.whl", "w") as wheel:
        wheel.writestr(f"{dist}.dist-info/METADATA", metadata)
        wheel.writestr(f"{dist}.dist-info/WHEEL",
                       f"Wheel-Version: 1.0\nGenerator: test\nRoot-Is-Purelib: false\nTag: {tag}\n")
        wheel.writestr(f"{dist}.dist-info/RECORD", "")


@pytest.fixture
def index(tmp_path) -> Path:
    """demo 1.0 for every pair but CPython 3.14 on macOS; it needs helper on Windows only."""
    for python in PYTHONS:
        cp = "cp" + python.replace(".", "")
        for platform in PLATFORM_TAGS:
            if (python, platform) != ("3.14", "macosx_11_0_arm64"):
                make_wheel(tmp_path, "demo", f"{cp}-{cp}-{platform}",
                           ('helper; platform_system == "Windows"',))
    make_wheel(tmp_path, "helper", "py3-none-any")
    return tmp_path


@pytest.mark.package  # twelve pip resolutions
def test_a_missing_wheel_fails_and_another_platforms_dependency_is_resolved(index, capsys):
    assert CHECK["main"](["--find-links", str(index), "--require", "demo"]) == 1
    lines = capsys.readouterr().out.splitlines()
    assert lines[1].split() == ["CPython", "Linux", "x86_64", "Windows", "amd64", "macOS", "arm64"]
    assert [line.split() for line in lines[2:6]] == [
        ["3.11", "ok", "ok", "ok"], ["3.12", "ok", "ok", "ok"], ["3.13", "ok", "ok", "ok"],
        ["3.14", "ok", "ok", "FAIL"]]
    assert any(line.startswith("3.14 macOS arm64: FAIL: ERROR: ") for line in lines)
    assert lines[-1] == "11 of 12 Python/platform pairs resolve to binary wheels"
    # helper is needed on Windows alone: pip, judging markers on Linux, would have missed it
    assert ("3.12 Windows amd64: demo-1.0-cp312-cp312-win_amd64.whl, "
            "helper-1.0-py3-none-any.whl") in lines
    assert "3.12 Linux x86_64: demo-1.0-cp312-cp312-manylinux_2_17_x86_64.whl" in lines


def test_the_checked_pythons_are_the_classifiers_from_the_oldest_python_required():
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pythons = CHECK["supported_pythons"](meta["classifiers"])
    assert pythons == list(PYTHONS)
    assert meta["requires-python"] == f">={pythons[0]}"
