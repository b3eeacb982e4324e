"""What a wheel carries: every code package, and the repository's maps, art, docs and sounds."""

from __future__ import annotations

import tomllib
from pathlib import Path

from laser_flag import resources

ROOT = Path(__file__).resolve().parent.parent
SETUPTOOLS = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
    "setuptools"
]


def code_packages() -> set[str]:
    """Every folder with an __init__.py under the two top-level packages, as a dotted name."""
    found = set()
    for top in ("laser_flag", "map_editor"):
        for init in (ROOT / top).rglob("__init__.py"):
            found.add(".".join(init.parent.relative_to(ROOT).parts))
    return found


def test_every_code_package_is_listed_for_the_wheel():
    missing = code_packages() - set(SETUPTOOLS["packages"])
    assert not missing, f"add to [tool.setuptools] packages in pyproject.toml: {sorted(missing)}"


def test_the_bundled_folders_are_mapped_into_the_package():
    for folder in ("maps", "images", "docs", "sounds"):
        package = f"laser_flag.{folder}"
        assert package in SETUPTOOLS["packages"]
        assert SETUPTOOLS["package-dir"][package] == folder
        assert (ROOT / folder).is_dir()


def test_a_checkout_reads_the_repository_folders():
    assert resources.bundled_maps() == ROOT / "maps"
    assert resources.bundled_images() == ROOT / "images"
    assert (resources.bundled_maps() / "duel.json").is_file()
    assert resources.bundled("sounds") == ROOT / "sounds"


def test_every_bundled_map_in_a_subfolder_is_in_the_wheels_package_data():
    patterns = SETUPTOOLS["package-data"]["laser_flag.maps"]
    shipped = {p for pattern in patterns for p in (ROOT / "maps").glob(pattern)}
    assert set((ROOT / "maps").rglob("*.json")) == shipped
    assert ROOT / "maps" / "tutorial" / "lesson.json" in shipped


def test_every_doc_is_in_the_wheels_package_data():
    """docs/ ships whole: the rulebook and screenshots, and protocol.schema.json for programs."""
    patterns = SETUPTOOLS["package-data"]["laser_flag.docs"]
    shipped = {p for pattern in patterns for p in (ROOT / "docs").glob(pattern)}
    assert {p for p in (ROOT / "docs").iterdir() if p.is_file()} == shipped
    assert ROOT / "docs" / "protocol.schema.json" in shipped


def test_every_compiled_catalogue_is_in_the_wheels_package_data():
    """The game reads the .mo files (laser_flag/i18n.py): each language's ships."""
    patterns = SETUPTOOLS["package-data"]["laser_flag"]
    shipped = {p for pattern in patterns for p in (ROOT / "laser_flag").glob(pattern)}
    compiled = set((ROOT / "laser_flag" / "locale").rglob("*.mo"))
    assert len(compiled) >= 2
    assert compiled <= shipped
