"""RULES_VERSION goes with what the rules make happen, which the rulebook (docs/RULES.md) says
and the golden games (golden/) pin ply by ply. A change to either fails this test until it is
judged: when outcomes changed (a rule, a number of the default table, the dice's order), bump
engine.rules_version.RULES_VERSION, so that a network guest of the older rules is refused
rather than shown previews the host's engine disagrees with (docs/PROTOCOL.md, "Versions");
when only words or the events' JSON form changed, keep the number. Either way record the new
digest below."""

from __future__ import annotations

import hashlib
from pathlib import Path

from laser_flag.engine.rules_version import RULES_VERSION

ROOT = Path(__file__).resolve().parents[2]
RECORDED = {1: "b7a2c4140586ebcb1db4cd8909a0f6d9d98ca943b8bea4a994d9769792d6a13d"}


def rules_digest() -> str:
    """SHA-256 over the rulebook and every golden game, each named by its path (line ends as a
    checkout on any system has them)."""
    digest = hashlib.sha256()
    files = [ROOT / "docs" / "RULES.md", *sorted((ROOT / "tests" / "engine" / "golden").rglob(
        "*.json"))]
    for path in files:
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes().replace(b"\r\n", b"\n")).digest())
    return digest.hexdigest()


def test_the_rules_version_was_judged_for_the_rulebook_and_the_golden_games_as_they_are():
    found = rules_digest()
    assert found == RECORDED.get(RULES_VERSION), (
        "docs/RULES.md or tests/engine/golden/ changed: if what the rules make happen changed, "
        "bump RULES_VERSION; either way record under it in RECORDED (tests/engine/"
        f"test_rules_version.py) the digest {found}")
