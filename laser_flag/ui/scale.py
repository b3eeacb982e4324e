"""How big every screen is drawn in a window of a given size: one scale for all of them.

A screen is designed at REFERENCE, where its sizes (fonts, rows, margins, buttons) are as
written in its module; in any other window each is multiplied by `text_scale` of the window.
Below the smallest scale text would be unreadable; above the largest the screen would be
oversized on a huge one. Text is never drawn below the board's MIN_TEXT, whatever the scale."""

from __future__ import annotations

REFERENCE = (1280, 860)  # the window the screens are designed at: scale 1
SCALES = (0.8, 2.4)  # never smaller or bigger than this share of the designed size


def text_scale(size: tuple[int, int]) -> float:
    """How big a screen is drawn in a window of `size`, 1 at the reference size."""
    share = min(size[0] / REFERENCE[0], size[1] / REFERENCE[1])
    return min(SCALES[1], max(SCALES[0], share))


def scaled(px: int, scale: float) -> int:
    """A size designed at scale 1 (a font, a row), in a window of this scale."""
    return max(1, round(px * scale))
