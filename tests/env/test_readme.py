"""docs/BOTS.md's random-agent loop runs as printed, from another folder, and plays a game out."""

from __future__ import annotations

import ast
import subprocess
import sys

from .conftest import ROOT

HEADING = "## Learning agents (PettingZoo)"


def readme_snippet() -> str:
    """The first Python block under the heading."""
    text = (ROOT / "docs" / "BOTS.md").read_text(encoding="utf-8")
    section = text[text.index(HEADING):]
    start = section.index("```python\n") + len("```python\n")
    return section[start:section.index("```", start)]


def test_the_readme_loop_is_ten_lines_and_plays_a_game_to_its_end(tmp_path):
    snippet = readme_snippet()
    assert len(snippet.strip().splitlines()) <= 10
    ast.parse(snippet)
    done = subprocess.run([sys.executable, "-c", snippet], cwd=tmp_path, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    result = ast.literal_eval(done.stdout.strip())
    assert result["winner"] in ("1", "2", "draw") and result["victory"]
