"""Text on the board and on every screen: pygame's bundled font, so it looks the same on every
machine, with the few rendered lines and fonts kept for reuse.

The bundled font draws Latin, Greek and Cyrillic, but a box for each character it lacks (a map,
team or player named in Chinese, Japanese or Korean). The runs of such characters in a line are
drawn and measured in a system font that has them, the first of FALLBACK_FONTS installed, sized
to the bundled font's line height so that layouts hold, and the rest in the bundled font (a
fallback font often lacks Latin letters); with no such font installed the boxes stay.

Every text these functions draw, measure or wrap is looked up in the catalogues first
(laser_flag/i18n.py): a constant marked N_() is shown in the player's language wherever it is
drawn, and a text already translated, or a name, is not found there and stays as it is. Lines
of Chinese or Japanese, with no spaces between words, wrap between any two of their characters.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

import pygame
import pygame.freetype

from ..engine.shown_text import showable
from ..i18n import _

TEXT = (232, 234, 240)
# Where a line may break: after a word and the spaces that follow it, or after any one character
# of the scripts written without spaces (CJK ideographs, kana, hangul and their punctuation), a
# closing mark kept with the character before it.
_UNSPACED = "\u2e80-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef"
BREAKS = re.compile(f"[{_UNSPACED}][，。、：；！？）」』]?| +|[^ {_UNSPACED}]+ *")
# The smallest size text is drawn at, whatever a screen asks for (about 11 px from the top of a
# capital to the foot of a "g"): smaller, a player cannot read it.
MIN_TEXT = 15
# Wide-coverage fonts, by pygame's names for them, on Linux, Windows and macOS.
FALLBACK_FONTS = ("notosanscjksc", "notosanscjkjp", "notosanscjk", "sourcehansans",
                  "droidsansfallback", "droidsansfallbackfull", "wenquanyizenhei",
                  "wenquanyimicrohei", "microsoftyahei", "yugothic", "msgothic", "malgungothic",
                  "pingfangsc", "hiraginosans", "applesdgothicneo", "arialunicodems")


@dataclass(frozen=True)
class DrawnLine:
    """One line `draw_text` drew: its text and size as asked, where it went, the clip it was
    drawn under (None: the whole surface) and whether it went to the window itself."""

    text: str
    size: int
    rect: pygame.Rect
    clip: pygame.Rect | None
    on_window: bool


# While a list, every line drawn is added to it: tests measure the screens' text with it.
drawn: list[DrawnLine] | None = None


@cache
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """pygame's bundled font at `size` px (never below MIN_TEXT)."""
    if not pygame.font.get_init():
        pygame.font.init()
    f = pygame.font.Font(None, max(size, MIN_TEXT))
    f.set_bold(bold)
    return f


@cache
def _glyphs(path: str | None) -> pygame.freetype.Font:
    """A font file as freetype reads it (None: the bundled font): it tells which characters
    the font lacks."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    return pygame.freetype.Font(path, 16)


def _has(path: str | None, char: str) -> bool:
    return _glyphs(path).get_metrics(char)[0] is not None


@lru_cache(maxsize=4096)
def drawable(char: str) -> bool:
    """Whether the bundled font has `char` (spaces and controls count as drawable)."""
    return not char.isprintable() or char.isspace() or _has(None, char)


def needs_fallback(text: str) -> bool:
    """Whether `text` has a character the bundled font would draw as a box."""
    return not text.isascii() and not all(drawable(c) for c in set(text))


@cache
def fallback_paths() -> tuple[str, ...]:
    """The files of FALLBACK_FONTS installed here, in that order."""
    if not pygame.font.get_init():
        pygame.font.init()
    found = (pygame.font.match_font(name) for name in FALLBACK_FONTS)
    return tuple(dict.fromkeys(path for path in found if path))


@lru_cache(maxsize=4096)
def source(char: str) -> str | None:
    """The font file that draws `char`: None for the bundled font (also when no installed
    font has it: the box it draws is what there is)."""
    if drawable(char):
        return None
    return next((path for path in fallback_paths() if _has(path, char)), None)


@cache
def _fallback(size: int, bold: bool, path: str) -> pygame.font.Font:
    """The fallback font at the largest size whose lines are no taller than the bundled
    font's at `size`."""
    height = font(size, bold).get_linesize()
    fitted = size
    while fitted > 6 and pygame.font.Font(path, fitted).get_linesize() > height:
        fitted -= 1
    f = pygame.font.Font(path, fitted)
    f.set_bold(bold)
    return f


@lru_cache(maxsize=4096)
def _lost_mark(char: str) -> bool:
    """A combining mark no installed font has: drawn, it would be a box stacked over its letter
    (and over the line above), so it is left out; the letter stands bare."""
    return bool(unicodedata.combining(char)) and not _has(None, char) and source(char) is None


def runs(text: str) -> list[tuple[str, str | None]]:
    """`text` cut where the font that draws it changes: (run, font file or None for the
    bundled font) pairs in order; spaces go with the run they are in."""
    cut: list[tuple[str, str | None]] = []
    for char in text:
        path = source(char)
        if cut and (cut[-1][1] == path or char.isspace()):
            cut[-1] = (cut[-1][0] + char, cut[-1][1])
        else:
            cut.append((char, path))
    return cut


def _fonts_of(text: str, size: int, bold: bool) -> list[tuple[str, pygame.font.Font]]:
    """Each run of `text` with the font that draws it; characters no screen can show are
    replaced first (engine/shown_text.py), so text from anywhere draws."""
    text = showable(text)
    if not needs_fallback(text):
        return [(text, font(size, bold))]
    text = "".join(c for c in text if not _lost_mark(c))
    if not needs_fallback(text):
        return [(text, font(size, bold))]
    return [(run, font(size, bold) if path is None else _fallback(size, bold, path))
            for run, path in runs(text)]


def text_size(text: str, size: int, bold: bool = False) -> tuple[int, int]:
    """`text`'s width and height, drawn by `draw_text` at `size`."""
    sizes = [f.size(run) for run, f in _fonts_of(_(text), size, bold)]
    return sum(w for w, __ in sizes), max(h for __, h in sizes)


def rendered(text: str, size: int, color: tuple[int, int, int], bold: bool) -> pygame.Surface:
    """One line of text as a surface (antialiased, transparent around it), its runs in the
    fonts that draw them, on one baseline."""
    return rendered_line(_(text), size, color, bold)


# Bounded: every distinct line ever drawn (turn lines, odds, the log) would otherwise stay.
@lru_cache(maxsize=1024)
def rendered_line(text: str, size: int, color: tuple[int, int, int], bold: bool) -> pygame.Surface:
    parts = [(f.render(run, True, color), f.get_ascent()) for run, f in _fonts_of(text, size, bold)]
    if len(parts) == 1:
        return parts[0][0]
    ascent = max(a for __, a in parts)
    height = max(ascent - a + image.get_height() for image, a in parts)
    line = pygame.Surface((sum(image.get_width() for image, __ in parts), height), pygame.SRCALPHA)
    x = 0
    for image, a in parts:
        line.blit(image, (x, ascent - a))
        x += image.get_width()
    return line


def draw_text(
    surface: pygame.Surface,
    text: str,
    pos: tuple[int, int],
    size: int = 22,
    color: tuple[int, int, int] = TEXT,
    *,
    bold: bool = False,
    anchor: str = "topleft",
) -> pygame.Rect:
    """Blit one line of text with `anchor` ('topleft', 'center', 'midtop', ...) at `pos`."""
    image = rendered(text, size, tuple(color), bold)
    rect = image.get_rect(**{anchor: pos})
    surface.blit(image, rect)
    if drawn is not None:
        clip = surface.get_clip()
        drawn.append(DrawnLine(text, size, rect, None if clip == surface.get_rect() else clip,
                               surface is pygame.display.get_surface()))
    return rect


def wrap(text: str, size: int, width: int, bold: bool = False) -> list[str]:
    """Split `text` into lines no wider than `width` pixels, breaking at spaces, and between
    the characters of a script written without them."""
    return list(_wrapped(_(text), size, width, bold))


# Bounded like rendered: the panel wraps the same texts every frame of an animation.
@lru_cache(maxsize=1024)
def _wrapped(text: str, size: int, width: int, bold: bool) -> tuple[str, ...]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for piece in BREAKS.findall(paragraph):
            candidate = line + piece
            if line.strip() and text_size(candidate.rstrip(), size, bold)[0] > width:
                lines.append(line.rstrip())
                line = piece.lstrip()
            else:
                line = candidate
        lines.append(line.rstrip())
    return tuple(lines)
