"""Every runtime dependency installs from a binary wheel on each Python and platform we support.

Run: .venv/bin/python release/check_wheels.py   (`make check-wheels`; needs the network)

The Pythons are the package's own classifiers ("Programming Language :: Python :: 3.N"), the
dependencies its `[project] dependencies`, both read from pyproject.toml, so the check follows
them. The platforms are Linux x86_64 (glibc 2.28 or newer), Windows amd64 and macOS arm64
(11 or newer). For each pair pip resolves the dependencies against the package index with
source builds refused (`--only-binary=:all:`), as a user's `pip install` would there, but
without installing anything. pip runs isolated from this machine's configuration, so a local
wheel folder or a second index cannot make a pair pass that would fail for a user.

pip judges environment markers by the machine it runs on, not the target, so a dependency
such as `colorama; platform_system == "Windows"` is missed for Windows from Linux: each
resolved package's own requirements are therefore read again with the target's markers, and
any that hold there are resolved too, until nothing new comes in. (A package that pip pulls
in for this machine but the target does not need is checked anyway: stricter, never laxer.)

Exit status 0 when every pair resolves, 1 when one does not (the table says which and why),
2 when pip itself cannot be run.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
import tomllib
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
CLASSIFIER = re.compile(r"^Programming Language :: Python :: (3\.\d+)$")
LINUX_GLIBC = 28  # manylinux_2_28: glibc 2.28 (Debian 10, Ubuntu 18.10, RHEL 8) and newer


@dataclass(frozen=True)
class Platform:
    name: str
    tags: tuple[str, ...]  # pip --platform values: every tag a wheel for it may carry
    markers: dict[str, str]  # the environment markers a Python there reports


PLATFORMS = (
    Platform(
        "Linux x86_64",
        tuple(f"manylinux_2_{minor}_x86_64" for minor in range(LINUX_GLIBC, 4, -1))
        + ("manylinux2014_x86_64", "manylinux2010_x86_64", "manylinux1_x86_64"),
        {"sys_platform": "linux", "platform_system": "Linux", "platform_machine": "x86_64",
         "os_name": "posix"},
    ),
    Platform("Windows amd64", ("win_amd64",),
             {"sys_platform": "win32", "platform_system": "Windows",
              "platform_machine": "AMD64", "os_name": "nt"}),
    Platform("macOS arm64", ("macosx_11_0_arm64",),  # pip adds older and universal2 tags
             {"sys_platform": "darwin", "platform_system": "Darwin",
              "platform_machine": "arm64", "os_name": "posix"}),
)


@dataclass(frozen=True)
class Outcome:
    python: str
    platform: str
    wheels: tuple[str, ...]  # the wheel file of each package, when it resolved
    problem: str | None  # pip's reason, when it did not


def project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]


def supported_pythons(classifiers: list[str]) -> list[str]:
    """'3.11', '3.12', ... as the classifiers name them, oldest first."""
    found = [m.group(1) for c in classifiers if (m := CLASSIFIER.match(c))]
    return sorted(found, key=lambda v: tuple(map(int, v.split("."))))


def marker_env(python: str, platform: Platform) -> dict[str, str]:
    return {"python_version": python, "python_full_version": f"{python}.0",
            "implementation_name": "cpython", "platform_python_implementation": "CPython",
            "extra": "", **platform.markers}


def pip_resolve(requirements: list[str], python: str, platform: Platform,
                index: list[str]) -> tuple[dict | None, str | None]:
    """pip's installation report for `requirements` there (wheels only), or its last error."""
    abi = "cp" + python.replace(".", "")
    with tempfile.TemporaryDirectory() as target:
        command = [sys.executable, "-m", "pip", "--isolated", "install", "--dry-run",
                   "--ignore-installed", "--quiet", "--report", "-", "--target", target,
                   "--only-binary=:all:", "--python-version", python, "--implementation", "cp",
                   "--abi", abi, "--abi", "abi3", "--abi", "none",
                   *(arg for tag in platform.tags for arg in ("--platform", tag)),
                   *index, *requirements]
        done = subprocess.run(command, capture_output=True, text=True, timeout=600)
    if done.returncode != 0:
        errors = [line for line in done.stderr.splitlines() if line.startswith("ERROR")]
        return None, (errors[0] if errors else done.stderr.strip()[-300:] or "pip failed")
    return json.loads(done.stdout), None


def needed_there(report: dict, env: dict[str, str]) -> list[str]:
    """Requirements of the resolved packages whose markers hold on the target but that pip,
    judging markers here, left out: each without its marker."""
    have = {canonicalize_name(item["metadata"]["name"]) for item in report["install"]}
    missing = []
    for item in report["install"]:
        for text in item["metadata"].get("requires_dist") or []:
            req = Requirement(text)
            if canonicalize_name(req.name) in have or (req.marker and not req.marker.evaluate(env)):
                continue
            req.marker = None
            missing.append(str(req))
    return missing


def check_pair(requirements: list[str], python: str, platform: Platform,
               index: list[str]) -> Outcome:
    wanted = list(requirements)
    while True:
        report, problem = pip_resolve(wanted, python, platform, index)
        if report is None:
            return Outcome(python, platform.name, (), problem)
        more = [r for r in needed_there(report, marker_env(python, platform)) if r not in wanted]
        if not more:
            wheels = sorted(item["download_info"]["url"].rsplit("/", 1)[-1]
                            for item in report["install"])
            return Outcome(python, platform.name, tuple(wheels), None)
        wanted += more


def table(outcomes: list[Outcome], pythons: list[str]) -> str:
    """A grid of the pairs, then each pair's wheels (or why it failed)."""
    names = [p.name for p in PLATFORMS]
    widths = [max(len(n), 4) for n in names]
    by_pair = {(o.python, o.platform): o for o in outcomes}
    lines = ["CPython  " + "  ".join(n.ljust(w) for n, w in zip(names, widths, strict=True))]
    for python in pythons:
        cells = ["ok" if by_pair[(python, n)].problem is None else "FAIL" for n in names]
        lines.append(f"{python:7}  " + "  ".join(c.ljust(w) for c, w in
                                              zip(cells, widths, strict=True)).rstrip())
    lines.append("")
    for o in outcomes:
        what = ", ".join(o.wheels) if o.problem is None else f"FAIL: {o.problem}"
        lines.append(f"{o.python} {o.platform}: {what}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--find-links", metavar="DIR",
                        help="resolve from this folder of wheels alone, not the index (tests)")
    parser.add_argument("--require", action="append", metavar="REQ",
                        help="check this requirement instead of pyproject's (again for more)")
    args = parser.parse_args(argv)
    meta = project()
    requirements = args.require or meta["dependencies"]
    pythons = supported_pythons(meta.get("classifiers", []))
    if not pythons:
        print("check-wheels: pyproject.toml names no 'Programming Language :: Python :: 3.N' "
              "classifier", file=sys.stderr)
        return 2
    index = ["--no-index", "--find-links", args.find_links] if args.find_links else []
    pairs = [(py, plat) for py in pythons for plat in PLATFORMS]
    with ThreadPoolExecutor(4) as pool:  # pip waits on the network, not the CPU
        outcomes = list(pool.map(lambda pair: check_pair(requirements, *pair, index), pairs))
    failed = [o for o in outcomes if o.problem is not None]
    print(f"Runtime dependencies: {', '.join(requirements)}")
    print(table(outcomes, pythons))
    print(f"{len(outcomes) - len(failed)} of {len(outcomes)} Python/platform pairs resolve to "
          "binary wheels")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
