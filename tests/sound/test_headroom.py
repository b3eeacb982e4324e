"""A mix with headroom: at any setting, every effect channel at its loudest sound over the music
at its loudest stays under full scale, as the real mixer sets the volumes of the bundled
sounds; a name twice in one event plays once; with every channel busy the oldest gives way."""

from __future__ import annotations

import json
import wave
from pathlib import Path

import pytest

from laser_flag.sound.cues import EFFECTS, MUSIC
from laser_flag.sound.headroom import EFFECT_CHANNELS, HEADROOM, gain, peak

from .test_mixer import run

SOUNDS = Path(__file__).resolve().parents[2] / "sounds"
SETTINGS = ((100, 100, 100), (100, 100, 60), (100, 100, 0), (100, 0, 100), (40, 100, 100),
            (70, 30, 90))  # master, effects, music percents: the top of every slider first

# In a process of its own on the dummy driver: the volumes the real mixer gives every sound
# at each setting (as SDL keeps them, in 128ths), and what its channels hold after some plays.
VOLUMES_SET = """
import json, sys
import pygame
from laser_flag.sound.cues import EFFECTS, MUSIC
from laser_flag.sound.mixer import Mixer, Volumes

def held(mixer):
    channels = [pygame.mixer.Channel(i) for i in range(pygame.mixer.get_num_channels())]
    return sorted(name for c in channels for name, sound in mixer.effects.items()
                  if c.get_busy() and c.get_sound() is sound)

out = {"settings": []}
for master, effects, music in json.loads(sys.argv[1]):
    mixer = Mixer.open(Volumes(master / 100, music / 100, effects / 100))
    pygame.mixer.stop()
    volumes = {}
    for name in EFFECTS:
        mixer.effects[name].set_volume(0)  # as it stays if the mixer plays nothing
        mixer.play([name])
        volumes[name] = mixer.effects[name].get_volume()
    for name in MUSIC:
        mixer.track = None
        mixer.play_music(name)
        volumes[name] = pygame.mixer.music.get_volume()
    out["settings"].append(volumes)
out["channels"] = pygame.mixer.get_num_channels()
pygame.mixer.stop()
mixer.set_volumes(Volumes())
mixer.play(["step", "step", "step"])
out["steps"] = held(mixer)
pygame.mixer.stop()
pygame.init()  # for SDL's clock, which tells the mixer which sound started first
for name in ("victory", "defeat", "draw", "laser_off"):  # each longer than the four plays
    mixer.play([name])
    started = pygame.time.get_ticks()
    while pygame.time.get_ticks() == started:  # the next starts a millisecond later at least
        pass
out["four"] = held(mixer)
print(json.dumps(out))
"""


@pytest.fixture(scope="module")
def mixer_set() -> dict:
    done = run(VOLUMES_SET, "dummy", json.dumps(SETTINGS))
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def peaks() -> dict[str, float]:
    return {name: peak(SOUNDS / f"{name}.wav") for name in EFFECTS + MUSIC}


@pytest.mark.parametrize("index", range(len(SETTINGS)), ids=[str(s) for s in SETTINGS])
def test_the_loudest_possible_mix_stays_under_full_scale(mixer_set, index):
    """Every channel at once, each at the loudest any effect plays at, over the music."""
    volumes, loudest = mixer_set["settings"][index], peaks()
    effect = max(volumes[name] * loudest[name] for name in EFFECTS)
    music = max(volumes[name] * loudest[name] for name in MUSIC)
    assert mixer_set["channels"] * effect + music <= HEADROOM < 1.0


def test_the_top_of_the_sliders_is_still_heard(mixer_set):
    """The headroom comes off the loud sounds: at the top of every slider the loudest effect
    still peaks at a fifth of full scale or more, and the music at a tenth."""
    volumes, loudest = mixer_set["settings"][0], peaks()
    assert max(volumes[name] * loudest[name] for name in EFFECTS) >= 0.2
    assert min(volumes[name] * loudest[name] for name in MUSIC) >= 0.1


def test_a_sound_named_twice_in_one_event_plays_once(mixer_set):
    assert mixer_set["steps"] == ["step"]


def test_with_every_channel_busy_the_oldest_sound_gives_way(mixer_set):
    assert mixer_set["channels"] == EFFECT_CHANNELS
    assert mixer_set["four"] == ["defeat", "draw", "laser_off"]


def test_a_gain_brings_a_loud_peak_down_and_never_raises_a_quiet_one():
    assert gain(0.8, 0.25) == pytest.approx(0.3125)
    assert gain(0.1, 0.25) == 1.0
    assert gain(0.0, 0.25) == 1.0


def write_wav(path: Path, width: int, frames: bytes) -> Path:
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(width)
        out.setframerate(22050)
        out.writeframes(frames)
    return path


def test_a_peak_is_read_from_the_file(tmp_path):
    samples = bytes.fromhex("0000" "ff3f" "00c0" "0100")  # 0, 16383, -16384, 1 (little-endian)
    assert peak(write_wav(tmp_path / "half.wav", 2, samples)) == pytest.approx(16384 / 32767)


def test_a_wav_not_16_bit_is_refused_naming_the_file(tmp_path):
    eight_bit = write_wav(tmp_path / "thin.wav", 1, bytes([128, 200, 60]))
    with pytest.raises(ValueError, match="thin.wav: not a 16-bit WAV file"):
        peak(eight_bit)
