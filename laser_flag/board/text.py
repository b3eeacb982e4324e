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


# Characters whose ink reaches a fallback font's usual top and foot: ideographs filling the em
# box, and the comma that hangs lowest.
INK_PROBES = "国丁了，"


def _ink(run: str, f: pygame.font.Font) -> tuple[int, int]:
    """How far `run`'s ink reaches above and below the baseline in `f` (0, 0: none)."""
    marks = [m for m in f.metrics(run) if m is not None]
    return (max((m[3] for m in marks), default=0), max((-m[2] for m in marks), default=0))


@cache
def _fallback(size: int, bold: bool, path: str) -> pygame.font.Font:
    """The fallback font at the largest size whose ideographs' ink stays inside the bundled
    font's line at `size` (its ascent and descent): an ideograph is as tall as a capital and a
    descender together, readable where fitting the fallback's whole line height (which adds
    half an em of space around its glyphs) drew it a third smaller. A font with none of
    INK_PROBES is fitted by its line height."""
    base = font(size, bold)
    probes = "".join(c for c in INK_PROBES if _has(path, c))
    fitted = size
    while fitted > 6 and not _fits(pygame.font.Font(path, fitted), probes, base):
        fitted -= 1
    f = pygame.font.Font(path, fitted)
    f.set_bold(bold)
    return f


def _fits(f: pygame.font.Font, probes: str, base: pygame.font.Font) -> bool:
    if not probes:
        return f.get_linesize() <= base.get_linesize()
    top, depth = _ink(probes, f)
    return top <= base.get_ascent() and depth <= -base.get_descent()


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
    parts = _fonts_of(_(text), size, bold)
    if _bundled_only(parts, size, bold):
        return parts[0][1].size(parts[0][0])
    top, depth = _line_box(parts, size, bold)
    return sum(f.size(run)[0] for run, f in parts), top + depth


def _bundled_only(parts: list[tuple[str, pygame.font.Font]], size: int, bold: bool) -> bool:
    """Whether a line is one run in the bundled font: drawn and measured as that font does."""
    return len(parts) == 1 and parts[0][1] is font(size, bold)


def _line_box(parts: list[tuple[str, pygame.font.Font]], size: int, bold: bool) -> tuple[int, int]:
    """A line's reach above and below its baseline: the bundled font's line at `size`, taller
    only where a fallback run's ink reaches past it (the space around its glyphs is left out,
    so a line of Chinese is as tall as one of Latin letters)."""
    base = font(size, bold)
    inks = [_ink(run, f) for run, f in parts if f is not base]
    return (max([base.get_ascent(), *(top for top, __ in inks)]),
            max([-base.get_descent(), *(depth for __, depth in inks)]))


def rendered(text: str, size: int, color: tuple[int, int, int], bold: bool) -> pygame.Surface:
    """One line of text as a surface (antialiased, transparent around it), its runs in the
    fonts that draw them, on one baseline."""
    return rendered_line(_(text), size, color, bold)


# Bounded: every distinct line ever drawn (turn lines, odds, the log) would otherwise stay.
@lru_cache(maxsize=1024)
def rendered_line(text: str, size: int, color: tuple[int, int, int], bold: bool) -> pygame.Surface:
    parts = _fonts_of(text, size, bold)
    if _bundled_only(parts, size, bold):
        return parts[0][1].render(parts[0][0], True, color)
    top, depth = _line_box(parts, size, bold)
    images = [(f.render(run, True, color), f.get_ascent()) for run, f in parts]
    line = pygame.Surface((sum(image.get_width() for image, __ in images), top + depth),
                          pygame.SRCALPHA)
    x = 0
    for image, ascent in images:
        line.blit(image, (x, top - ascent))
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
