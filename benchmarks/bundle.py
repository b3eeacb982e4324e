"""The one-folder application (`make bundle`) next to a pip install of the same checkout: size
on disk, size to download, and start-up time.

Run: .venv/bin/python benchmarks/bundle.py [--bundle dist/laser-flag] [--runs N]
Build the bundle first (`make bundle`). The pip install is made here, in a temporary
virtualenv: this checkout's wheel and its dependencies. Sizes: the bundle folder against what
pip added to a new virtualenv, and the bundle zipped against the wheels pip downloads. Start-up:
wall time of `--version`, of `--list-maps`, and from start to a game on Duel ready (its state
file written, SDL's dummy drivers), each run N times: the first run and the median of the rest.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import venv
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
MB = 1024 * 1024


def folder_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in folder.rglob("*") if p.is_file() and not p.is_symlink())


def pip_install(base: Path) -> tuple[Path, int, int]:
    """A new virtualenv holding this checkout's wheel: its bin folder, the bytes pip added to
    it, and the bytes of the wheels it downloads (the project's and its dependencies')."""
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(base / "wheel"), str(ROOT)], check=True, capture_output=True)
    wheel = next((base / "wheel").glob("laser_flag-*.whl"))
    subprocess.run([sys.executable, "-m", "pip", "download", "-q", "-d", str(base / "download"),
                    str(wheel)], check=True)
    venv.create(base / "empty", with_pip=True)
    venv.create(base / "venv", with_pip=True)
    subprocess.run([base / "venv" / "bin" / "pip", "install", "-q", str(wheel)], check=True)
    added = folder_bytes(base / "venv") - folder_bytes(base / "empty")
    return base / "venv" / "bin", added, folder_bytes(base / "download")


def zipped_bytes(folder: Path, base: Path) -> int:
    return Path(shutil.make_archive(str(base / "bundle"), "zip", folder.parent,
                                    folder.name)).stat().st_size


def wall(command: list[str], env: dict[str, str], until: Callable[[], bool] | None = None) -> float:
    """Seconds from start to exit, or, with `until`, to the moment it holds (then it is ended)."""
    start = time.perf_counter()
    process = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL,
                               stderr=subprocess.DEVNULL)
    if until is None:
        process.wait(timeout=120)
    else:
        while not until():
            if process.poll() is not None:
                raise RuntimeError(f"{command[0]} ended before it was ready")
            time.sleep(0.005)
    elapsed = time.perf_counter() - start
    process.kill()
    process.wait()
    return elapsed


def startup(bin_dir: Path, runs: int, work: Path) -> dict[str, list[float]]:
    """Each start-up figure's times over `runs` runs, a fresh data folder and HOME each."""
    results: dict[str, list[float]] = {"--version": [], "--list-maps": [], "game ready": []}
    game = bin_dir / "laser-flag"
    for run in range(runs):
        home = work / f"home{run}"
        home.mkdir(parents=True)
        env = {"HOME": str(home), "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy",
               "SDL_AUDIODRIVER": "dummy"}
        results["--version"].append(wall([str(game), "--version"], env))
        results["--list-maps"].append(wall([str(game), "--list-maps"], env))
        state = home / "state.json"
        results["game ready"].append(wall([str(game), "--map", "duel", "--seed", "1",
                                           "--state-file", str(state)], env, state.exists))
    return results


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bundle", type=Path, default=ROOT / "dist" / "laser-flag")
    parser.add_argument("--runs", type=int, default=8)
    args = parser.parse_args()
    if not (args.bundle / "laser-flag").is_file():
        sys.exit(f"no bundle at {args.bundle}: run `make bundle` first")
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        bin_dir, added, download = pip_install(base)
        print(f"size on disk: bundle {folder_bytes(args.bundle) / MB:.1f} MB, "
              f"pip install {added / MB:.1f} MB (added to a new virtualenv, which needs a "
              f"Python of its own)")
        print(f"to download:  bundle zipped {zipped_bytes(args.bundle, base) / MB:.1f} MB, "
              f"pip's wheels {download / MB:.1f} MB")
        times = {"bundle": startup(args.bundle, args.runs, base / "bundle-runs"),
                 "pip install": startup(bin_dir, args.runs, base / "pip-runs")}
    print(f"start-up, wall time over {args.runs} runs (first run; median of the rest):")
    for figure in times["bundle"]:
        cells = [f"{side} {runs[figure][0] * 1000:5.0f} ms; "
                 f"{statistics.median(runs[figure][1:]) * 1000:5.0f} ms"
                 for side, runs in times.items()]
        print(f"  {figure:12} " + "   ".join(cells))


if __name__ == "__main__":
    os.environ.setdefault("PIP_DISABLE_PIP_VERSION_CHECK", "1")
    main()
