"""The game's sounds through the real main loop: a shot fired with posted clicks and keys is
heard on SDL's disk audio driver, and nothing is when M muted the game first."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # each records a real second of audio in a process of its own

ROOT = Path(__file__).resolve().parent.parent.parent

# Runs in its own process (the audio driver is chosen once per process): the sniper fires at
# the scout of tests/ui/conftest.py's small map with forced dice, then what SDL wrote is read.
FIRE_A_SHOT = """
import json, os, sys, time
import pygame
from laser_flag.sound.mixer import Mixer, Volumes
from laser_flag.ui.loop import App
from tests.ui.conftest import Dice, centre, click, press, settle, small_session, start_game

pygame.display.init(); pygame.font.init()
app = App((1280, 860), sound=Mixer.open(Volumes(music=0.0)))  # effects alone
frequency, size, channels = pygame.mixer.get_init()
if sys.argv[1] == "muted":
    press_m = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_m, mod=0, unicode="m", scancode=0)
    pygame.event.post(press_m)
scene = start_game(app, small_session(Dice((6, 5))))
path = os.environ["SDL_DISKAUDIOFILE"]
second = frequency * abs(size) // 8 * channels  # bytes of a second of output
deadline = time.monotonic() + 20


def written() -> int:
    return os.path.getsize(path) if os.path.exists(path) else 0


# Audio mixed before M took effect (the menu's music) may still be on its way to the file on a
# busy machine: a quarter of a second more is written before listening starts.
settled = written() + second // 4
while written() < settled:
    assert time.monotonic() < deadline, "the disk driver wrote too little"
    time.sleep(0.02)
start = written()
click(app, centre(scene, (6, 2)))
click(app, centre(scene, (1, 5)))
press(app, pygame.K_f)
settle(app, scene)
wanted = start + second  # a second of output after the shot
deadline = time.monotonic() + 20
while os.path.getsize(path) < wanted:
    assert time.monotonic() < deadline, "the disk driver wrote too little"
    time.sleep(0.02)
samples = memoryview(open(path, "rb").read()[start:wanted]).cast("h")
print(json.dumps({"loudest": max(abs(s) for s in samples), "muted": app.settings.muted,
                  "score": scene.game.scores["1"]}))
"""


def fire(tmp_path: Path, mode: str) -> dict:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "disk",
           "SDL_DISKAUDIOFILE": str(tmp_path / f"{mode}.raw"),
           "LASER_FLAG_DATA_DIR": str(tmp_path / "data")}
    done = subprocess.run([sys.executable, "-c", FIRE_A_SHOT, mode], capture_output=True,
                          text=True, timeout=120, env=env, cwd=ROOT)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.splitlines()[-1])


def test_a_shot_fired_in_the_game_is_heard(tmp_path):
    heard = fire(tmp_path, "loud")
    assert heard["score"] == 1 and not heard["muted"]
    assert heard["loudest"] > 1000


def test_m_mutes_the_game(tmp_path):
    heard = fire(tmp_path, "muted")
    assert heard["score"] == 1 and heard["muted"]
    assert heard["loudest"] == 0
