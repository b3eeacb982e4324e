"""tools/screens.py draws a screen of the matrix in the language asked, to a PNG of the size
asked."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parent.parent


def test_a_screen_is_drawn_at_its_size_in_its_language(tmp_path):
    subprocess.run([sys.executable, str(ROOT / "tools" / "screens.py"), str(tmp_path),
                    "--sizes", "800x560", "--languages", "zh_CN", "--screens", "settings"],
                   check=True, capture_output=True, timeout=300)
    picture = pygame.image.load(str(tmp_path / "zh_CN" / "settings_800x560.png"))
    assert picture.get_size() == (800, 560)


def test_an_unknown_screen_is_named(tmp_path):
    done = subprocess.run([sys.executable, str(ROOT / "tools" / "screens.py"), str(tmp_path),
                           "--screens", "menu,lobby"], capture_output=True, text=True, timeout=300)
    assert done.returncode == 2 and "unknown lobby" in done.stderr
