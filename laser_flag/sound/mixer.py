"""The game's sounds through pygame.mixer: loaded once, three volumes and mute, or silence.

With no usable audio device the game goes on silent and says so in one line on stderr. Each
sound plays scaled so that the mix never clips at any setting (`headroom`).
"""

from __future__ import annotations

import sys
import wave
from collections.abc import Iterable
from dataclasses import replace
from pathlib import Path
from typing import TextIO

import pygame

from ..resources import bundled
from .cues import EFFECTS, MUSIC
from .headroom import EFFECT_CHANNELS, EFFECT_PEAK, MUSIC_PEAK, gain, peak
from .volumes import DEFAULTS, Volumes

FREQUENCY = 22050  # the rate sounds/make_sounds.py writes at: no resampling
BUFFER = 512  # samples per mix: short enough that a shot sounds with its click


class Mixer:
    """Plays effects by name and loops a music track; every call is a no-op when silent."""

    def __init__(self, effects: dict[str, pygame.mixer.Sound], folder: Path,
                 volumes: Volumes = DEFAULTS, no_device: bool = False) -> None:
        self.effects = effects
        self.folder = folder
        self.volumes = volumes
        self.available = bool(effects)
        self.no_device = no_device  # sound was wanted, but no audio device could be opened
        self.track: str | None = None  # the music looping now
        self.gains = self._gains() if effects else {}

    @classmethod
    def silent(cls) -> Mixer:
        """A mixer that plays nothing and opens no audio device (tests, tools)."""
        return cls({}, bundled("sounds"))

    @classmethod
    def open(cls, volumes: Volumes = DEFAULTS, folder: Path | None = None,
             err: TextIO = sys.stderr) -> Mixer:
        """Start the audio device and load every effect; silent (one stderr line) if it fails."""
        folder = folder or bundled("sounds")
        try:
            if pygame.mixer.get_init() is None:
                pygame.mixer.init(FREQUENCY, -16, 2, BUFFER)
            pygame.mixer.set_num_channels(EFFECT_CHANNELS)
            effects = {name: pygame.mixer.Sound(str(folder / f"{name}.wav")) for name in EFFECTS}
            return cls(effects, folder, volumes)
        except (pygame.error, FileNotFoundError, wave.Error, ValueError) as error:
            print(f"laser-flag: no sound ({error}); playing silent", file=err)
            return cls({}, folder, volumes, no_device=True)

    def path(self, name: str) -> Path:
        return self.folder / f"{name}.wav"

    def _gains(self) -> dict[str, float]:
        """Each sound's scale at the top of its slider, its peak brought within its share
        (`headroom`); read once, so that no file is read as a sound starts."""
        shares = {**dict.fromkeys(self.effects, EFFECT_PEAK), **dict.fromkeys(MUSIC, MUSIC_PEAK)}
        return {name: gain(peak(self.path(name)), share) for name, share in shares.items()}

    def play(self, names: Iterable[str]) -> None:
        """Start each effect of `names` at the effects volume (they overlap, as events do);
        a name given twice plays once, as the same sound twice at once is only louder. With
        every channel busy, the sound playing longest gives way."""
        level = self.volumes.level(self.volumes.effects)
        if not self.available or level == 0:
            return
        for name in dict.fromkeys(names):
            sound = self.effects[name]
            sound.set_volume(level * self.gains[name])
            pygame.mixer.find_channel(True).play(sound)

    def play_music(self, name: str) -> None:
        """Loop a music track ('music_menu', 'music_game') from its start, unless it is the one
        already looping (coming back from the rules page does not restart it)."""
        if not self.available or name == self.track:
            return
        self.track = name
        pygame.mixer.music.load(str(self.path(name)))
        pygame.mixer.music.set_volume(self.volumes.level(self.volumes.music) * self.gains[name])
        pygame.mixer.music.play(loops=-1)

    def stop_music(self) -> None:
        self.track = None
        if self.available:
            pygame.mixer.music.stop()

    def set_volumes(self, volumes: Volumes) -> None:
        """New levels: the music follows at once, effects from their next play."""
        self.volumes = volumes
        if self.available:
            track_gain = self.gains[self.track] if self.track else 1.0
            pygame.mixer.music.set_volume(volumes.level(volumes.music) * track_gain)
            if volumes.muted:
                pygame.mixer.stop()

    def toggle_mute(self) -> None:
        self.set_volumes(replace(self.volumes, muted=not self.volumes.muted))
