"""`make bench` runs every script in benchmarks/: make's own expansion of its recipe (a dry run,
nothing measured) names each one, and the Makefile's arguments for a script belong to one."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "benchmarks").glob("*.py"))


def test_make_bench_runs_every_script_in_benchmarks():
    dry = subprocess.run(["make", "--dry-run", "--no-print-directory", "bench"], cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert dry.returncode == 0, dry.stderr
    run = re.findall(r"python(?:\.exe)? (benchmarks/\w+\.py)", dry.stdout)
    assert sorted(set(run)) == [f"benchmarks/{p.name}" for p in SCRIPTS]
    assert len(run) == len(SCRIPTS)  # each once


def test_each_script_s_bench_arguments_are_a_script_s():
    named = re.findall(r"^BENCH_ARGS_(\w+) :=", (ROOT / "Makefile").read_text(), re.MULTILINE)
    assert named and set(named) <= {p.stem for p in SCRIPTS}
