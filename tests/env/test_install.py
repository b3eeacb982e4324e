"""The environment as a user installs it: the wheel with its [rl] extra in a fresh virtualenv,
docs/BOTS.md's loop run from an empty folder on a map the package carries."""

from __future__ import annotations

import ast
import subprocess
import sys
import venv

import pytest

from .conftest import ROOT
from .test_readme import readme_snippet

pytestmark = pytest.mark.package  # pip installs into a fresh virtualenv


def test_the_readme_loop_runs_from_the_installed_wheel_with_its_extra(tmp_path):
    build = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path / "dist")]
    subprocess.run([*build, str(ROOT)], check=True, cwd=tmp_path)
    wheel = next((tmp_path / "dist").glob("laser_flag-*.whl"))
    venv.create(tmp_path / "venv", with_pip=True)
    bin_dir = tmp_path / "venv" / "bin"
    subprocess.run([bin_dir / "pip", "install", "-q", f"{wheel}[rl]"], check=True, cwd=tmp_path)
    empty = tmp_path / "empty"
    empty.mkdir()
    done = subprocess.run([bin_dir / "python", "-c", readme_snippet()], cwd=empty,
                          capture_output=True, text=True, timeout=300,
                          env={"PATH": str(bin_dir), "LASER_FLAG_DATA_DIR": str(tmp_path / "d")})
    assert done.returncode == 0, done.stderr
    assert ast.literal_eval(done.stdout.strip())["winner"] in ("1", "2", "draw")
