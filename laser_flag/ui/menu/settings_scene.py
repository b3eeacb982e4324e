"""The settings screen: sound, look and play preferences, each applied and saved as it changes.

Opened from the main menu and from the game; Esc or Back returns where it was opened.
Up/Down choose a row, Left/Right change it (a slider by 10%), Enter or a click switches it;
a slider also follows the mouse while dragged.
"""

from __future__ import annotations

import pygame

from ...board import draw as board_draw
from ...board.palette import Palette
from ...board.text import MIN_TEXT
from ...engine.game_map import GameMap
from ...i18n import LANGUAGES, N_, _, system_language
from ..heading import draw_heading
from ..scene import Pop, Scene, Transition
from ..settings import VOLUME_PARTS
from ..widgets import (
    ACCENT,
    BUTTON,
    DIM,
    PANEL_EDGE,
    TEXT,
    Button,
    draw_box,
    draw_buttons,
    draw_lines,
    draw_text,
    fit,
    font,
    largest_fitting,
    wrap_cut,
)
from .map_catalog import MAPS_DIR, load_entry

# (name, label): the three volumes first, as sliders; every other row switches a value.
ROWS: tuple[tuple[str, str], ...] = (
    ("master", N_("Master volume")),
    ("music", N_("Music volume")),
    ("effects", N_("Effects volume")),
    ("muted", N_("Sound (M mutes anywhere)")),
    ("theme", N_("Board theme")),
    ("palette", N_("Team colours (C in a game)")),
    ("speed", N_("Animations (A in a game)")),
    ("fullscreen", N_("Fullscreen (F11)")),
    ("coordinates", N_("Board coordinates (G in a game)")),
    ("dim", N_("Dim unseen tiles (D, fog)")),
    ("confirm", N_("End turn while units can act")),
    ("pause", N_("After each roll")),
    ("language", N_("Language")),
)
TOP = 100
ROW_H = 46  # at most: on a short window the rows close up so that all of them and Back fit
BACK_ROOM = 16 + 40 + 16  # the Back button under the form, with a gap above and below
FORM_W = (520, 720)
VOLUME_STEP = 10  # one arrow key
SNAP = 5  # a click or drag lands on a multiple of this percent
PREVIEW_MAP = MAPS_DIR / "duel.json"  # the board shown small, in the theme and colours chosen
SWITCH_KEYS = (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE)
HINT = N_("Up/Down choose · Left/Right change · Enter switch · Esc back")
NO_DEVICE = N_("No audio device")  # the sound row when the game found none to play on


def language_name(choice: str) -> str:
    """A language setting as its row shows it: each language in its own words (a player who
    cannot read the one shown still finds theirs), System with the language it means."""
    if choice in LANGUAGES:
        return LANGUAGES[choice]
    return _("System ({language})").format(language=LANGUAGES[system_language()])


def slider_percent(track: pygame.Rect, x: int) -> int:
    """The percent a click or drag at `x` sets on a slider drawn in `track`, snapped."""
    fraction = (x - track.x) / max(1, track.w)
    return min(100, max(0, round(fraction * 100 / SNAP) * SNAP))


class SettingsScene(Scene):
    """Every setting in one column, the board's look beside it when the window has room."""

    def __init__(self) -> None:
        self.focus = 0  # the row the arrow keys change
        self.dragging: str | None = None  # the volume slider held by the mouse
        self.preview_map: GameMap | None = load_entry(PREVIEW_MAP).gm
        self.previews: dict[tuple[str, bool, int], pygame.Surface] = {}

    # ----- layout ------------------------------------------------------------------------

    def form_rect(self) -> pygame.Rect:
        w, __ = self.app.screen.get_size()
        px = self.px
        width = min(w - px(48), max(px(FORM_W[0]), min(px(FORM_W[1]), w * 11 // 20)))
        return pygame.Rect(px(24), px(TOP), width, len(ROWS) * self.row_h() + px(16))

    def row_h(self) -> int:
        """ROW_H, or less when the window is too short for every row at that height."""
        __, h = self.app.screen.get_size()
        px = self.px
        return min(px(ROW_H), (h - px(TOP + 16 + BACK_ROOM)) // len(ROWS))

    def row_rect(self, index: int) -> pygame.Rect:
        form, row_h, px = self.form_rect(), self.row_h(), self.px
        return pygame.Rect(form.x + px(8), form.y + px(8) + index * row_h, form.w - px(16),
                           row_h - px(4))

    def control_rect(self, index: int) -> pygame.Rect:
        """The right part of a row: a slider's track, or the value to switch."""
        row, px = self.row_rect(index), self.px
        width = row.w * 9 // 20
        return pygame.Rect(row.right - width - px(10), row.y + px(6), width, row.h - px(12))

    def track_rect(self, index: int) -> pygame.Rect:
        control, px = self.control_rect(index), self.px
        return pygame.Rect(control.x + px(10), control.centery - px(3), control.w - px(80),
                           px(6))

    def back_button(self) -> Button:
        form, px = self.form_rect(), self.px
        return Button("back", _("Back (Esc)"),
                      pygame.Rect(form.x, form.bottom + px(16), px(180), px(40)))

    def preview_rect(self) -> pygame.Rect | None:
        """Room right of the form for the board drawn small; None on a narrow window."""
        w, h = self.app.screen.get_size()
        form, px = self.form_rect(), self.px
        size = min(w - form.right - px(48), h - px(TOP + 48), px(420))
        return pygame.Rect(form.right + px(24), px(TOP), size, size) if size >= px(160) else None

    # ----- values ------------------------------------------------------------------------

    def value_text(self, name: str) -> str:
        settings = self.app.settings
        if name in VOLUME_PARTS:
            return f"{settings.volumes_percent[name]}%"
        return {
            "muted": NO_DEVICE if self.app.sound.no_device else
                     _("Muted") if settings.muted else _("On"),
            "theme": _(settings.theme_name),
            "palette": _("Alternate") if settings.alternate_palette else _("The map's"),
            "speed": settings.speed_label,
            "fullscreen": _("On") if self.app.fullscreen else _("Off"),
            "coordinates": _("Shown") if settings.coordinates else _("Hidden"),
            "dim": _("On") if settings.dim_unseen else _("Off"),
            "confirm": _("Asks first") if settings.confirm_end_turn else _("Ends at once"),
            "pause": _("Waits for a key") if settings.pause_after_roll else _("Plays on"),
            "language": language_name(settings.language),
        }[name]

    def change(self, name: str, step: int) -> None:
        """Move a row's value one `step` (+1 or -1); a switch flips whichever way."""
        settings, app = self.app.settings, self.app
        if name == "muted" and app.sound.no_device:
            return  # nothing to switch: the row says why
        if name in VOLUME_PARTS:
            self.set_volume(name, settings.volumes_percent[name] + step * VOLUME_STEP)
            return
        {
            "muted": app.toggle_mute,
            "theme": lambda: settings.cycle_theme(step),
            "palette": settings.toggle_palette,
            "speed": lambda: settings.cycle_speed(step),
            "fullscreen": app.toggle_fullscreen,
            "coordinates": lambda: settings.flip("coordinates"),
            "dim": lambda: settings.flip("dim_unseen"),
            "confirm": lambda: settings.flip("confirm_end_turn"),
            "pause": lambda: settings.flip("pause_after_roll"),
            "language": lambda: settings.cycle_language(step),
        }[name]()

    def silent(self) -> bool:
        """Nothing is heard: muted, or no audio device (the volumes are dimmed, still kept)."""
        return self.app.settings.muted or self.app.sound.no_device

    def set_volume(self, part: str, percent: int) -> None:
        self.app.settings.set_volume(part, percent)
        self.app.apply_volumes()

    # ----- input -------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.KEYDOWN:
            return self.key(event.key)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            return self.click(event.pos)
        if event.type == pygame.MOUSEMOTION and self.dragging is not None:
            self.drag_to(event.pos[0])
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.dragging = None
        return None

    def key(self, key: int) -> Transition | None:
        name = ROWS[self.focus][0]
        if key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
            return Pop()
        if key in (pygame.K_UP, pygame.K_DOWN):
            self.focus = (self.focus + (1 if key == pygame.K_DOWN else -1)) % len(ROWS)
        elif key in (pygame.K_LEFT, pygame.K_RIGHT):
            self.change(name, 1 if key == pygame.K_RIGHT else -1)
        elif key in SWITCH_KEYS and name not in VOLUME_PARTS:
            self.change(name, 1)
        return None

    def click(self, xy: tuple[int, int]) -> Transition | None:
        if self.back_button().hit(xy):
            return Pop()
        index = next((i for i in range(len(ROWS)) if self.row_rect(i).collidepoint(xy)), None)
        if index is None:
            return None
        self.focus, name = index, ROWS[index][0]
        if name not in VOLUME_PARTS:
            self.change(name, 1)
        elif self.track_rect(index).inflate(24, 28).collidepoint(xy):
            self.dragging = name
            self.drag_to(xy[0])
        return None

    def drag_to(self, x: int) -> None:
        index = [name for name, __ in ROWS].index(self.dragging)
        self.set_volume(self.dragging, slider_percent(self.track_rect(index), x))

    # ----- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        draw_heading(surface, _("applied at once, kept for the next time you play"),
                     self.scale, _("SETTINGS"))
        draw_box(surface, self.form_rect())
        for index, (name, label) in enumerate(ROWS):
            self.draw_row(surface, index, name, label)
        back = self.back_button()
        draw_buttons(surface, [back], px(22))
        left = back.rect.right + px(16)
        room = surface.get_width() - left - px(16)
        hint = wrap_cut(HINT, px(20), room, 2)
        top = back.rect.centery - len(hint) * font(px(20)).get_linesize() // 2
        draw_lines(surface, hint, (left, top), px(20), DIM)
        self.draw_preview(surface)

    def draw_row(self, surface: pygame.Surface, index: int, name: str, label: str) -> None:
        row, control = self.row_rect(index), self.control_rect(index)
        px = self.px
        if index == self.focus:
            draw_box(surface, row, (60, 66, 86), ACCENT)
        # A long label (German runs a third longer) gets smaller, then cut, before the control.
        room = control.x - row.x - px(22)
        size = self.text_size(label, room)
        draw_text(surface, fit(label, size, room), (row.x + px(14), row.centery), size, TEXT,
                  anchor="midleft")
        value = self.value_text(name)
        if name in VOLUME_PARTS:
            self.draw_slider(surface, index, self.app.settings.volumes_percent[name])
            color = DIM if self.silent() else TEXT
            draw_text(surface, value, (control.right, control.centery), px(22), color,
                      anchor="midright")
        elif name == "muted" and self.app.sound.no_device:  # a fact, not a switch
            draw_text(surface, value, control.center, px(22), DIM, anchor="center")
        else:
            pygame.draw.rect(surface, BUTTON, control, border_radius=6)
            pygame.draw.rect(surface, PANEL_EDGE, control, 1, border_radius=6)
            shown = f"‹  {value}  ›"
            draw_text(surface, shown, control.center, self.text_size(shown, control.w - px(8)),
                      TEXT, anchor="center")

    def text_size(self, text: str, width: int) -> int:
        """The row's text size, smaller for a long label or value in a narrow row (never cut)."""
        return largest_fitting(text, (self.px(22), self.px(20), self.px(18), MIN_TEXT), width)

    def draw_slider(self, surface: pygame.Surface, index: int, percent: int) -> None:
        """A track, lit up to the value (dimmed while muted), and a knob at the value."""
        track = self.track_rect(index)
        lit = DIM if self.silent() else ACCENT
        pygame.draw.rect(surface, (28, 31, 38), track, border_radius=3)
        filled = pygame.Rect(track.x, track.y, track.w * percent // 100, track.h)
        pygame.draw.rect(surface, lit, filled, border_radius=3)
        pygame.draw.circle(surface, TEXT, (filled.right, track.centery), self.px(9))
        pygame.draw.circle(surface, lit, (filled.right, track.centery), self.px(6))

    def draw_preview(self, surface: pygame.Surface) -> None:
        """The board as it will look: the theme and team colours chosen here."""
        area = self.preview_rect()
        if area is None or self.preview_map is None:
            return
        settings = self.app.settings
        key = (settings.theme_name, settings.alternate_palette, area.w)
        if key not in self.previews:
            palette = Palette.from_map(self.preview_map, settings.alternate_palette)
            self.previews[key] = board_draw.thumbnail(
                self.preview_map, area.w, palette, settings.theme
            )
        surface.blit(self.previews[key], area)
        draw_text(surface, _("{theme_name} board").format(theme_name=_(settings.theme_name)),
                  (area.x, area.bottom + self.px(8)), self.px(20), DIM)
