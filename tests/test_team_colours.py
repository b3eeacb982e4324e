"""A team named after a colour is drawn in that colour on every bundled map."""

from __future__ import annotations

import colorsys

import pytest

from laser_flag.engine.game_map import TEAMS
from laser_flag.engine.mapfile import load_map
from laser_flag.resources import bundled_maps

RGB = tuple[int, int, int]


def hsv(rgb: RGB) -> tuple[float, float, float]:
    """Hue in degrees, saturation and value in 0..1."""
    h, s, v = colorsys.rgb_to_hsv(*(c / 255 for c in rgb))
    return h * 360, s, v


def hue_in(low: float, high: float):
    """A saturated, bright enough colour with a hue between low and high (wrapping past 360)."""

    def check(rgb: RGB) -> bool:
        h, s, v = hsv(rgb)
        inside = low <= h <= high if low <= high else h >= low or h <= high
        return inside and s >= 0.45 and v >= 0.35

    return check


COLOUR_WORDS = {
    "red": hue_in(345, 15),
    "orange": hue_in(16, 44),
    "yellow": hue_in(45, 70),
    "gold": hue_in(38, 60),
    "green": hue_in(75, 165),
    "cyan": hue_in(166, 196),
    "teal": hue_in(160, 200),
    "blue": hue_in(197, 250),
    "purple": hue_in(251, 300),
    "violet": hue_in(251, 300),
    "pink": hue_in(301, 344),
    "magenta": hue_in(290, 330),
    "black": lambda rgb: hsv(rgb)[2] <= 0.25,
    "white": lambda rgb: hsv(rgb)[1] <= 0.15 and hsv(rgb)[2] >= 0.85,
    "grey": lambda rgb: hsv(rgb)[1] <= 0.15 and 0.25 < hsv(rgb)[2] < 0.85,
    "gray": lambda rgb: hsv(rgb)[1] <= 0.15 and 0.25 < hsv(rgb)[2] < 0.85,
}


def colour_words(name: str) -> list[str]:
    return [word for word in name.lower().split() if word in COLOUR_WORDS]


@pytest.mark.parametrize("path", sorted(bundled_maps().glob("*.json")), ids=lambda p: p.stem)
def test_team_names_agree_with_team_colours(path):
    gm = load_map(path)
    for team in TEAMS:
        look = gm.teams[team]
        for word in colour_words(look.name):
            assert COLOUR_WORDS[word](look.color), f"{look.name} is drawn as {look.color}"


@pytest.mark.parametrize(
    ("word", "rgb", "agrees"),
    [
        ("red", (214, 48, 48), True),
        ("red", (30, 30, 30), False),
        ("blue", (40, 96, 224), True),
        ("blue", (180, 40, 180), False),
        ("black", (30, 30, 30), True),
        ("green", (40, 180, 60), True),
        ("white", (240, 240, 240), True),
    ],
)
def test_the_colour_words_tell_colours_apart(word, rgb, agrees):
    assert COLOUR_WORDS[word](rgb) is agrees


def test_a_colour_word_is_found_in_a_team_name():
    assert colour_words("Red Squad") == ["red"]
    assert colour_words("Redwood") == []
