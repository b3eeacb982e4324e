"""How loud each sound may play so that the mix never clips (pygame-free).

pygame's mixer adds its channels and clips the sum. The loudest a player can ever hear is every
effect channel playing its loudest sound at the top of the sliders, over the music at the top
of its own: that sum stays under full scale, with HEADROOM to spare for a device that resamples
(a resampler may overshoot a peak a little). So each sound is scaled at load so that its peak,
at the top of its slider, is at most its share: EFFECT_PEAK for an effect, MUSIC_PEAK for music.
Quieter sounds keep their level; the sliders and master only ever scale down from there.
"""

from __future__ import annotations

import wave
from array import array
from pathlib import Path

# An event sounds at most three effects at once (a snap shot: its alert, its beam, hit or
# miss); a fourth cuts the one playing longest rather than pile on.
EFFECT_CHANNELS = 3
HEADROOM = 0.9  # the loudest possible sum, of full scale (about 1 dB below it)
MUSIC_PEAK = 0.15  # the music under the effects, which play over it
EFFECT_PEAK = (HEADROOM - MUSIC_PEAK) / EFFECT_CHANNELS  # 0.25 each: three of them at once fit


def peak(path: Path) -> float:
    """The loudest sample of a 16-bit WAV file (sounds/make_sounds.py writes them so), as a
    share of full scale; ValueError naming the file for any other kind."""
    with wave.open(str(path), "rb") as sound:
        if sound.getsampwidth() != 2:
            raise ValueError(f"{path}: not a 16-bit WAV file")
        samples = array("h", sound.readframes(sound.getnframes()))
    return max(max(samples, default=0), -min(samples, default=0)) / 32767


def gain(loudest: float, share: float) -> float:
    """What a sound whose peak is `loudest` is scaled by at the top of its slider: its peak
    brought down to `share`, never raised."""
    return min(1.0, share / loudest) if loudest > 0 else 1.0
