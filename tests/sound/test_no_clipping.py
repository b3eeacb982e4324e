"""What reaches the speakers never clips: the menu, a game and its victory screen played through
the real main loop in real time, captured by SDL's disk audio driver (tests/sound/capture.py),
hold no sample at full scale. A short scripted game at the top of every slider and at the
defaults stays fast; five minutes of bots' games at the top of every slider is slow."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOP, DEFAULTS = "100,100,100", "100,100,60"  # master, effects, music percents


def capture(tmp_path: Path, volumes: str, *args: str) -> dict:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "disk",
           "SDL_DISKAUDIOFILE": str(tmp_path / "heard.raw"),
           "LASER_FLAG_DATA_DIR": str(tmp_path / "data"), "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    done = subprocess.run([sys.executable, "-m", "tests.sound.capture", "--volumes", volumes,
                           *args], capture_output=True, text=True, timeout=600, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


@pytest.mark.parametrize("volumes", [TOP, DEFAULTS], ids=["top", "defaults"])
def test_a_walk_a_winning_shot_and_the_victory_never_clip(tmp_path, volumes):
    heard = capture(tmp_path, volumes, "--short")
    assert heard["winner"] == "1", "the scripted game was played to its win"
    assert heard["loudest"] > 3000, "and heard"
    assert heard["clipped"] == 0, f"full scale in seconds {heard['seconds']}"


@pytest.mark.slow  # five minutes of real time
def test_five_minutes_of_games_at_the_top_of_every_slider_never_clip(tmp_path):
    heard = capture(tmp_path, TOP, "--seconds", "300")
    assert heard["games_ended"] >= 1 and heard["length_s"] >= 300
    assert heard["loudest"] > 3000
    assert heard["clipped"] == 0, f"full scale in seconds {heard['seconds']}"
