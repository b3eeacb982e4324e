"""The docs travel with the game: each relative link in README.md and docs/ resolves here."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LINK = re.compile(r"\]\(([^)\s]+)\)")  # [text](target) and ![alt](target)
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]


def relative_links(page: Path) -> list[str]:
    targets = LINK.findall(page.read_text(encoding="utf-8"))
    return [t.split("#")[0] for t in targets if not re.match(r"[a-z]+:|#", t)]


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.name)
def test_every_relative_link_resolves_inside_the_repository(page):
    for target in relative_links(page):
        resolved = (page.parent / target).resolve()
        assert resolved.is_relative_to(ROOT), f"{page.name} links outside the repository: {target}"
        assert resolved.exists(), f"{page.name} links to a missing file: {target}"


def test_the_rulebook_and_map_format_are_the_projects_own():
    assert {"RULES.md", "MAP_FORMAT.md"} <= {p.name for p in PAGES}
