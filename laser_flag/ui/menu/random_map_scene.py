"""Random map: a new board from a seed and a few knobs, seen as it is made, then played here or
hosted for a friend at once. The map travels inside the game's save and to the guest, so
Continue, replays and network games need no file of it.

Click a value for the next one, right click for the one before · N new seed · F fog of war ·
Enter plays · H hosts · Esc goes back.
"""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...board import draw as board_draw
from ...engine.game_map import TEAMS, GameMap
from ...i18n import N_, _
from ...lab.generator import MODE_WORDS
from ...play.session import Session
from ...random_maps import SYMMETRY_WORDS, from_seed
from ..network.form_scene import HEADING, FormScene
from ..routes import HostSetup, PlayGame
from ..scale import scaled
from ..scene import Pop, Push, Transition
from ..widgets import BAD, DIM, TEXT, Button, button_at, draw_lines, draw_text, fit, wrap_cut
from .random_choice import LEVELS_KEY, RandomChoice

KEYS = {pygame.K_RETURN: "play", pygame.K_KP_ENTER: "play", pygame.K_ESCAPE: "back",
        pygame.K_h: "host", pygame.K_n: "seed", pygame.K_f: "fog"}
PREVIEW_SHARE = 0.4  # of the form's width, at most: the choices take the rest
NOTE_H = 64  # under the board: the map's name and where it came from


def level_row(team: str) -> str:
    return f"level{team}"


class RandomMapScene(FormScene):
    """The choices on the right, the board they make on the left, redrawn at each change."""

    title = N_("Random map")
    subtitle = N_("a new board from a seed, made as you choose")

    def __init__(self, choice: RandomChoice | None = None) -> None:
        self.choice = choice or RandomChoice()
        self.thumbnails: dict[tuple[GameMap, int], pygame.Surface] = {}

    # ----- layout ------------------------------------------------------------------------

    def preview_rect(self) -> pygame.Rect:
        area, s, inset = self.form_rect(), self.scale, self.inset()
        top = area.y + scaled(HEADING, s)
        side = min(int(area.w * PREVIEW_SHARE), self.foot_y() - top - scaled(NOTE_H, s))
        return pygame.Rect(area.x + inset, top, side, side)

    def row_rect(self, index: int) -> pygame.Rect:
        """The form's rows, right of the board."""
        row, preview = super().row_rect(index), self.preview_rect()
        left = preview.right + self.inset()
        return pygame.Rect(left, row.y, row.right - left, row.h)

    def rows(self) -> list[tuple[str, str, str]]:
        """(button name, label, value) of each choice."""
        c, levels = self.choice, self.levels()
        gm = c.made()
        teams = [(level_row(t), _("{name} played by").format(
            name=gm.teams[t].name if isinstance(gm, GameMap) else _("Team {team}").format(
                team=t)), levels[t]) for t in TEAMS]
        return [
            ("seed", _("Seed (N: new seed)"), str(c.seed)),
            ("size", _("Size"), _("{size} x {size}").format(size=c.size)),
            ("mode", _("Mode"), _(MODE_WORDS[c.mode])),
            ("symmetry", _("Symmetry"), _(SYMMETRY_WORDS[c.symmetry])),
            ("units", _("Units a team"), str(c.units)),
            *teams,
            ("fog", _("Fog of war (F)"), _("On") if c.fog else _("Off")),
        ]

    def buttons(self) -> list[Button]:
        playable = isinstance(self.choice.made(), GameMap)
        foot = self.foot_buttons([("back", _("Back")), ("host", _("Host a game")),
                                  ("play", _("Play"))])
        foot = [replace(b, enabled=b.name == "back" or playable) for b in foot]
        return [*self.row_buttons(self.rows()), *foot]

    def levels(self) -> dict[str, str]:
        return self.app.settings.levels_for(LEVELS_KEY)

    # ----- input -------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            button = button_at(self.buttons(), event.pos)
            return self.act(button.name, -1) if button else None
        return super().process_event(event)

    def key(self, key: int) -> Transition | None:
        return self.act(KEYS[key]) if key in KEYS else None

    def click(self, xy: tuple[int, int]) -> Transition | None:
        button = button_at(self.buttons(), xy)
        return self.act(button.name) if button else None

    def act(self, name: str, step: int = 1) -> Transition | None:
        """A button's action: leave, or the next (`step` 1) or previous (-1) value of a row."""
        if name == "back":
            return Pop()
        if name in ("play", "host"):
            return self.play() if name == "play" else self.host()
        team = next((t for t in TEAMS if name == level_row(t)), None)
        if team is not None:
            self.app.settings.cycle_level(LEVELS_KEY, team, step)
        else:
            self.choice.step(name, step)
        return None

    def play(self) -> Transition | None:
        """A game on the map made, at once: fresh dice unless the run fixed a seed."""
        gm, options = self.choice.made(), self.app.options
        if not isinstance(gm, GameMap):
            return None
        session = Session.start(gm, options.seed, options.state_file, self.levels(),
                                self.choice.fog)
        return Push(PlayGame(session))

    def host(self) -> Transition | None:
        gm = self.choice.made()
        return Push(HostSetup(gm, self.choice.fog)) if isinstance(gm, GameMap) else None

    # ----- drawing -----------------------------------------------------------------------

    def thumbnail(self, gm: GameMap, size: int) -> pygame.Surface:
        key = (gm, size)
        if key not in self.thumbnails:
            self.thumbnails = {key: board_draw.thumbnail(gm, size,
                                                         theme=self.app.settings.theme)}
        return self.thumbnails[key]

    def draw_form(self, surface: pygame.Surface, area: pygame.Rect) -> None:
        s, inset, preview = self.scale, self.inset(), self.preview_rect()
        made = self.choice.made()
        self.draw_rows(surface, self.rows())
        line = scaled(18, s)
        if not isinstance(made, GameMap):
            lines = wrap_cut(made, line, preview.w, 6)
            draw_lines(surface, lines, preview.topleft, line, BAD)
            return
        title = scaled(30, s)
        room = area.w - 2 * inset - preview.w
        draw_text(surface, fit(made.name, title, room, True), (area.x + inset, area.y + inset),
                  title, TEXT, bold=True)
        surface.blit(self.thumbnail(made, preview.w), preview.topleft)
        note = [from_seed(self.choice.seed),
                _("Click a choice for the next value, right click for the one before.")]
        lines = [part for text in note for part in wrap_cut(text, line, preview.w, 2)]
        room_lines = (self.foot_y() - preview.bottom) // max(1, line + 4)
        draw_lines(surface, lines[:room_lines], (preview.x, preview.bottom + scaled(6, s)), line,
                   DIM)

