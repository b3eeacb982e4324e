"""The rendered sounds: every one exists and loads, within budget, reproducible, loops cleanly."""

from __future__ import annotations

import importlib.util
import wave
from array import array
from pathlib import Path

import pytest

from laser_flag.resources import bundled
from laser_flag.sound.cues import MUSIC, SOUND_NAMES

SOUNDS = bundled("sounds")
BUDGET = 6 * 1024 * 1024  # bytes, all files together


def make_sounds():
    """sounds/make_sounds.py, the one source of the files, imported by path."""
    spec = importlib.util.spec_from_file_location("make_sounds", SOUNDS / "make_sounds.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def samples(path: Path) -> array:
    with wave.open(str(path), "rb") as wav:
        assert (wav.getnchannels(), wav.getsampwidth(), wav.getframerate()) == (1, 2, 22050)
        return array("h", wav.readframes(wav.getnframes()))


def test_the_generator_makes_exactly_the_sounds_the_game_names():
    assert set(make_sounds().SOUNDS) == set(SOUND_NAMES)
    assert {p.stem for p in SOUNDS.glob("*.wav")} == set(SOUND_NAMES)


@pytest.mark.parametrize("name", SOUND_NAMES)
def test_every_sound_is_audible_and_unclipped(name):
    pcm = samples(SOUNDS / f"{name}.wav")
    assert len(pcm) > 0
    assert 2000 < max(map(abs, pcm)) < 32767


def test_all_sounds_fit_the_size_budget():
    assert sum(p.stat().st_size for p in SOUNDS.glob("*.wav")) <= BUDGET


def test_a_sound_renders_to_the_same_bytes_every_time():
    assert make_sounds().render("snap_alert") == (SOUNDS / "snap_alert.wav").read_bytes()


@pytest.mark.parametrize("name", MUSIC)
def test_music_loops_without_a_click(name):
    pcm = samples(SOUNDS / f"{name}.wav")
    assert pcm[0] == 0 and pcm[-1] == 0  # the loop joins silence to silence
    assert max(abs(pcm[i + 1] - pcm[i]) for i in range(len(pcm) - 1)) < 8000


def test_music_is_quieter_than_the_effects():
    def rms(name: str) -> float:
        pcm = samples(SOUNDS / f"{name}.wav")
        return (sum(s * s for s in pcm) / len(pcm)) ** 0.5

    assert max(rms(m) for m in MUSIC) < 0.6 * rms("laser_shot")
