"""Synthesise the game's sound effects and music beside this script: deterministic WAV files.

Run `python sounds/make_sounds.py` and commit the WAVs. Only the standard library is used
(`math`, `array`, `random` with fixed seeds, `wave`), so every run writes the same bytes.
Music starts and ends on silence (every note fades out inside the loop), so it loops
without a click; it is mixed quieter than the effects, which play over it.
"""

from __future__ import annotations

import io
import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

RATE = 22050  # samples per second, mono, 16 bit
OUT = Path(__file__).resolve().parent  # sounds/, where laser_flag.sound reads them
TAU = 2 * math.pi

Samples = list[float]


def silence(seconds: float) -> Samples:
    return [0.0] * round(seconds * RATE)


def envelope(n: int, attack: float, release: float) -> Samples:
    """A linear attack, a hold, and an exponential release reaching zero at the last sample."""
    a, r = max(1, round(attack * RATE)), max(1, round(release * RATE))
    out = []
    for i in range(n):
        level = min(1.0, i / a)
        left = n - 1 - i
        if left < r:
            level *= (math.exp(3 * left / r) - 1) / (math.e**3 - 1)
        out.append(level)
    return out


def voice(freq: Callable[[float], float], seconds: float, shape: str = "sine") -> Samples:
    """An oscillator whose frequency follows `freq(t)` (t from 0 to 1 over the sound)."""
    n, phase, out = round(seconds * RATE), 0.0, []
    for i in range(n):
        phase += freq(i / n) / RATE
        x = phase % 1.0
        if shape == "sine":
            out.append(math.sin(TAU * x))
        elif shape == "square":  # three odd harmonics: bright but not harsh
            out.append(sum(math.sin(TAU * k * x) / k for k in (1, 3, 5)) * 0.8)
        elif shape == "saw":
            out.append(sum(math.sin(TAU * k * x) / k for k in (1, 2, 3, 4)) * 0.55)
        else:  # triangle
            out.append(4 * abs(x - 0.5) - 1)
    return out


def noise(seconds: float, seed: int, smooth: float = 0.0) -> Samples:
    """White noise, low-passed by a one-pole filter when `smooth` (0..1) is given."""
    rng, level, out = random.Random(seed), 0.0, []
    for _ in range(round(seconds * RATE)):
        level = smooth * level + (1 - smooth) * rng.uniform(-1, 1)
        out.append(level)
    return out


def shaped(samples: Samples, attack: float, release: float, gain: float = 1.0) -> Samples:
    env = envelope(len(samples), attack, release)
    return [s * e * gain for s, e in zip(samples, env, strict=True)]


def mix(*parts: Samples) -> Samples:
    out = [0.0] * max(len(p) for p in parts)
    for part in parts:
        for i, s in enumerate(part):
            out[i] += s
    return out


def then(*parts: Samples) -> Samples:
    return [s for part in parts for s in part]


def glide(start: float, end: float) -> Callable[[float], float]:
    """An exponential pitch sweep from `start` to `end` Hz."""
    return lambda t: start * (end / start) ** t


def steady(hz: float) -> Callable[[float], float]:
    return lambda t: hz


def note(hz: float, seconds: float, shape: str = "sine", gain: float = 0.5) -> Samples:
    return shaped(voice(steady(hz), seconds, shape), 0.005, seconds * 0.8, gain)


# Effects ----------------------------------------------------------------------------------


def laser_shot() -> Samples:
    zap = shaped(voice(glide(1900, 280), 0.26, "square"), 0.002, 0.2, 0.5)
    return mix(zap, shaped(noise(0.05, 1), 0.001, 0.04, 0.15))


def sniper_shot() -> Samples:
    """Longer, lower and with a ringing tail: the sniper's beam is heard apart."""
    crack = shaped(noise(0.08, 2, 0.3), 0.001, 0.07, 0.45)
    beam = shaped(voice(glide(2800, 110), 0.5, "saw"), 0.002, 0.45, 0.45)
    ring = shaped(voice(steady(3300), 0.5), 0.01, 0.45, 0.08)
    return mix(crack, beam, ring)


def hit() -> Samples:
    buzz = shaped(voice(glide(240, 70), 0.4, "square"), 0.003, 0.35, 0.45)
    return mix(buzz, shaped(noise(0.15, 3, 0.5), 0.001, 0.14, 0.35))


def miss() -> Samples:
    return shaped(noise(0.28, 4, 0.85), 0.06, 0.2, 0.6)


def snap_alert() -> Samples:
    beep = note(1320, 0.08, "square", 0.35)
    return then(beep, silence(0.05), beep)


def snap_shot() -> Samples:
    return shaped(voice(glide(2500, 650), 0.16, "square"), 0.002, 0.13, 0.45)


def step() -> Samples:
    thud = shaped(voice(glide(120, 60), 0.07), 0.002, 0.06, 0.5)
    return mix(thud, shaped(noise(0.04, 5, 0.7), 0.001, 0.035, 0.3))


def climb() -> Samples:
    clank = mix(note(660, 0.12, "triangle", 0.25), note(990, 0.1, "sine", 0.15))
    return then(step(), silence(0.04), mix(step(), clank))


def laser_off() -> Samples:
    return shaped(voice(glide(700, 55), 0.65, "saw"), 0.005, 0.55, 0.45)


def recharging() -> Samples:
    rise = voice(glide(200, 820), 0.6, "triangle")
    wobble = [s * (0.7 + 0.3 * math.sin(TAU * 14 * i / RATE)) for i, s in enumerate(rise)]
    return shaped(wobble, 0.05, 0.15, 0.35)


def charged() -> Samples:
    return then(note(880, 0.1, "sine", 0.4), note(1320, 0.28, "sine", 0.4))


def turn_change() -> Samples:
    return then(*(note(hz, 0.14, "triangle", 0.35) for hz in (523.25, 659.25, 783.99)))


def refused() -> Samples:
    return note(110, 0.2, "square", 0.4)


def click() -> Samples:
    return shaped(voice(steady(2000), 0.025), 0.001, 0.02, 0.3)


def sting(notes: tuple[float, ...], last: float, shape: str) -> Samples:
    """A short phrase: quick notes, then a held last one."""
    head = [note(hz, 0.16, shape, 0.35) for hz in notes[:-1]]
    return then(*head, note(notes[-1], last, shape, 0.4))


def victory() -> Samples:
    return sting((523.25, 659.25, 783.99, 1046.5), 0.8, "square")


def defeat() -> Samples:
    return sting((392.0, 369.99, 349.23, 261.63), 0.8, "triangle")


def draw() -> Samples:
    return sting((440.0, 587.33, 440.0, 493.88), 0.7, "triangle")


# Music ------------------------------------------------------------------------------------

A = 440.0


def hz(semitones_from_a4: int) -> float:
    return A * 2 ** (semitones_from_a4 / 12)


def track(beats: int, bpm: float, events: list[tuple[float, float, float, str, float]]) -> Samples:
    """Notes (start beat, length in beats, Hz, shape, gain) laid into a loop of `beats`.

    Every note ends inside the loop and fades to zero, so the loop's ends are silent.
    """
    beat = 60 / bpm
    out = [0.0] * round(beats * beat * RATE)
    for start, length, freq, shape, gain in events:
        sound = note(freq, length * beat * 0.95, shape, gain)
        first = round(start * beat * RATE)
        for i, s in enumerate(sound[: len(out) - first]):
            out[first + i] += s
    return out


def with_hats(music: Samples, beats: int, bpm: float, seed: int) -> Samples:
    """A soft hi-hat on every off-beat, laid into `music` (each fades out before the next)."""
    beat_len = 60 / bpm * RATE
    for b in range(beats):
        hat = shaped(noise(0.05, seed + b, 0.2), 0.001, 0.045, 0.12)
        first = round((b + 0.5) * beat_len)
        for i, s in enumerate(hat[: len(music) - first]):
            music[first + i] += s
    return music


CHORDS_MENU = ((-12, -9, -5), (-16, -12, -9), (-21, -17, -14), (-14, -10, -7))  # Am F C G
CHORDS_GAME = ((-7, -4, 0), (-11, -7, -4), (-14, -11, -7), (-12, -8, -5))  # Dm Bb Gm A


def menu_theme() -> Samples:
    """Am F C G, two bars each: a walking bass under a slow arpeggio, 100 bpm."""
    events = []
    for bar in range(8):
        chord = CHORDS_MENU[bar // 2]
        for b in range(4):
            events.append((bar * 4 + b, 1, hz(chord[0] - 12), "saw", 0.22))
            for k in range(2):
                tone = chord[(b * 2 + k) % 3] + 12
                events.append((bar * 4 + b + k / 2, 0.5, hz(tone), "triangle", 0.12))
    return track(32, 100, events)


def game_loop() -> Samples:
    """Dm Bb Gm A: a pulsing bass in eighths, a sparse high line and hi-hats, 120 bpm."""
    events = []
    for bar in range(8):
        chord = CHORDS_GAME[bar // 2]
        for e in range(8):
            events.append((bar * 4 + e / 2, 0.5, hz(chord[0] - 24), "square", 0.16))
        for b in (0, 1.5, 3):
            events.append((bar * 4 + b, 0.75, hz(chord[int(b) % 3] + 12), "sine", 0.1))
    return with_hats(track(32, 120, events), 32, 120, seed=100)


SOUNDS: dict[str, Callable[[], Samples]] = {
    "laser_shot": laser_shot,
    "sniper_shot": sniper_shot,
    "hit": hit,
    "miss": miss,
    "snap_alert": snap_alert,
    "snap_shot": snap_shot,
    "step": step,
    "climb": climb,
    "laser_off": laser_off,
    "recharging": recharging,
    "charged": charged,
    "turn_change": turn_change,
    "refused": refused,
    "click": click,
    "victory": victory,
    "defeat": defeat,
    "draw": draw,
    "music_menu": menu_theme,
    "music_game": game_loop,
}


def wav_bytes(samples: Samples) -> bytes:
    """16-bit mono WAV of `samples` (clipped to -1..1)."""
    pcm = array("h", (round(max(-1.0, min(1.0, s)) * 32767) for s in samples))
    if sys.byteorder == "big":
        pcm.byteswap()
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm.tobytes())
    return buffer.getvalue()


def render(name: str) -> bytes:
    """One sound of SOUNDS as the bytes of its WAV file."""
    return wav_bytes(SOUNDS[name]())


def main(out: Path = OUT) -> int:
    """Write every sound of SOUNDS into `out`."""
    out.mkdir(parents=True, exist_ok=True)
    for name in SOUNDS:
        (out / f"{name}.wav").write_bytes(render(name))
        print(f"wrote {out / name}.wav")
    return 0


if __name__ == "__main__":
    sys.exit(main(Path(sys.argv[1]) if len(sys.argv) > 1 else OUT))
