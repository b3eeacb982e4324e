"""The mixer on SDL's dummy, disk and an unusable audio driver (each in its own process).

The disk driver writes what would reach the speakers to a file: a shot must leave sound
there, and nothing when muted.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from laser_flag.sound.mixer import Volumes

ROOT = Path(__file__).resolve().parent.parent.parent

OPEN_AND_PLAY = """
import json, sys
from laser_flag.sound.mixer import Mixer
mixer = Mixer.open()
mixer.play(["laser_shot", "hit"])
mixer.play_music("music_game")
mixer.toggle_mute()
mixer.play(["click"])
mixer.stop_music()
print(json.dumps({"available": mixer.available, "loaded": sorted(mixer.effects)}))
"""

RECORD_A_SHOT = """
import json, os, sys, time
from laser_flag.sound.mixer import Mixer, Volumes
mixer = Mixer.open(Volumes(muted=sys.argv[1] == "muted"))
assert mixer.available
frequency, size, channels = __import__("pygame").mixer.get_init()
frame = abs(size) // 8 * channels
mixer.play(["sniper_shot"])
path, wanted = os.environ["SDL_DISKAUDIOFILE"], frequency * frame  # a second of output
deadline = time.monotonic() + 20
while not os.path.exists(path) or os.path.getsize(path) < wanted:
    assert time.monotonic() < deadline, "the disk driver wrote too little"
    time.sleep(0.02)
data = open(path, "rb").read()[:wanted]
samples = memoryview(data).cast("h")
print(json.dumps({"loudest": max(abs(s) for s in samples)}))
"""


def run(code: str, driver: str, *args: str, extra: dict | None = None):
    env = {**os.environ, "SDL_AUDIODRIVER": driver, "PYGAME_HIDE_SUPPORT_PROMPT": "1",
           **(extra or {})}
    return subprocess.run([sys.executable, "-c", code, *args], capture_output=True, text=True,
                          timeout=60, env=env, cwd=ROOT)


def test_the_dummy_driver_loads_every_effect_and_plays_quietly():
    done = run(OPEN_AND_PLAY, "dummy")
    assert done.returncode == 0, done.stderr
    result = json.loads(done.stdout)
    assert result["available"]
    assert len(result["loaded"]) == 17
    assert done.stderr == ""


def test_no_audio_device_means_silence_and_one_line_on_stderr():
    done = run(OPEN_AND_PLAY, "no_such_audio_driver")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == {"available": False, "loaded": []}
    lines = done.stderr.splitlines()
    assert len(lines) == 1 and "playing silent" in lines[0]


def record(tmp_path: Path, mode: str) -> int:
    out = tmp_path / f"{mode}.raw"
    done = run(RECORD_A_SHOT, "disk", mode, extra={"SDL_DISKAUDIOFILE": str(out)})
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["loudest"]


@pytest.mark.slow  # a real second of audio output
def test_a_shot_reaches_the_output(tmp_path):
    assert record(tmp_path, "loud") > 1000


@pytest.mark.slow  # a real second of audio output
def test_a_muted_shot_does_not(tmp_path):
    assert record(tmp_path, "muted") == 0


def test_levels_follow_master_and_mute():
    volumes = Volumes(master=0.5, music=0.4, effects=0.8)
    assert volumes.level(volumes.effects) == 0.4
    assert volumes.level(volumes.music) == 0.2
    assert Volumes(muted=True).level(1.0) == 0.0
