"""The Victory screen: the final board behind the result, who won and why in the winner's
colours, each unit's shooting, the turning point (the hit that swung the score, one click from
its replay); rematch, watch the whole game again, or the menu."""

from __future__ import annotations

from dataclasses import replace

import pygame

from ...board.draw import UnitLook, draw_board, draw_unit, team_disc
from ...board.palette import RGB, Palette
from ...bots import HUMAN
from ...bots.program import seat_words
from ...engine.game_map import TEAMS
from ...engine.ruleset import CLASS_LABELS
from ...i18n import N_, _, ngettext
from ...play.game_story import (
    Record,
    UnitStats,
    turning_point,
    turning_point_text,
    unit_stats,
)
from ...play.log_text import Roster, game_over_text
from ...play.recording import Recording
from ...play.session import Session
from ...play.told_story import ToldRecord
from ..game.unit_looks import unit_looks
from ..routes import PlayGame, WatchReplay
from ..scene import PopToRoot, Push, Replace, Scene, Transition
from ..widgets import (
    ACCENT,
    BAD,
    DIM,
    PANEL,
    TEXT,
    Button,
    clicked,
    draw_buttons,
    draw_lines,
    draw_text,
    draw_tooltip,
    fit,
    font,
    largest_fitting,
    row_of_buttons,
    text_size,
    wrap,
)
from .team_tint import DRAW_BACKGROUND, mix, team_tint

HEADLINE_SIZES = (72, 56, 44, 36)  # largest first: the first that fits the window
REASON_SIZES = (28, 22, 18)
VEIL_ALPHA = 150  # the final board shows through the winner's tint, faintly
TOP = 192  # under the headline, the reason and the map's line
BUTTONS_H = 48
ROW_H = (20, 34)  # a unit's row: at least, at most
# snap shots are counted among the shots too
COLUMNS = (N_("Shots"), N_("Hits"), N_("Taken"), N_("Snap"))
TEXT_SIZE = 20
BUTTON_SIZE = 22
TURNING_SIZE = 19
STATUS_SIZE = 20
WATCH_W = 150  # the turning point's Watch it button
HEADING_H = 34 + 2 * 20  # a team's name, then its totals on up to two lines
CARD_FILL = (*PANEL, 225)  # the boxes over the final board: it shows through, faintly
# (name, label, short label for a narrow window)
LABELS = (
    ("rematch", N_("Rematch, sides swapped"), N_("Rematch")),
    ("again", N_("Same again"), N_("Same again")),
    ("replay", N_("Watch replay (W)"), N_("Replay (W)")),
    ("menu", N_("Menu (Esc)"), N_("Menu")),
)
HINTS = {
    "rematch": N_("A new game on this map, sides swapped: moving first is an edge"),
    "again": N_("A new game on this map, the same sides"),
    "replay": N_("Watch this game again from its start (W)"),
    "menu": N_("Back to the main menu (Esc)"),
}


def team_stats(session: Session, team: str, units_left: int) -> list[tuple[str, str]]:
    """Score, shots, hits, accuracy and units left of one team, as (label, value) rows."""
    game = session.game
    stats = game.stats[team]
    shots, hits = stats["shots"], stats["hits"]
    return [
        (_("Score"), f"{game.scores[team]} / {game.map.score_limit[team]}"),
        (_("Shots fired"), str(shots)),
        (_("Hits"), str(hits)),
        (_("Accuracy"), f"{hits / shots * 100:.0f}%" if shots else "-"),
        (_("Units left"), str(units_left)),
    ]


class VictoryScene(Scene):
    """Shown once the game is over; Rematch swaps sides, since moving first is an edge.

    `record` is the game's story as this seat knows it when it holds no replay of the game (a
    network guest's): then there is nothing to watch, and each unit's row shows only when the
    record holds every shot."""

    def __init__(self, session: Session, record: ToldRecord | None = None) -> None:
        self.session = session
        self.recording = Recording.from_session(session) if record is None else None
        story: Record = record or self.recording.index  # type: ignore[union-attr]
        self.units = unit_stats(story)
        self.rows = record is None or record.whole  # a guest that joined mid-game missed shots
        self.turning = turning_point(story) if self.rows else None
        self.roster = Roster(session.gm, session.names)

    def choices(self) -> tuple[tuple[str, str, str], ...]:
        """The buttons' (name, label, short label): what this seat can do from here."""
        return LABELS if self.recording else tuple(c for c in LABELS if c[0] != "replay")

    def hints(self) -> dict[str, str]:
        return HINTS

    def units_left(self, team: str) -> int:
        return sum(1 for u in self.units if u.team == team and u.on_board)

    def headline(self) -> str:
        game = self.session.game
        return _("Draw!") if game.winner == "draw" else _("{names} wins!").format(
            names=self.session.names[game.winner])

    def reason(self) -> str:
        """Who won and how: 'Red wins by reaching the score limit.'"""
        game = self.session.game
        return game_over_text(game.winner, game.victory, self.session.names)

    # ----- layout ----------------------------------------------------------------------------

    def buttons(self) -> list[Button]:
        px = self.px
        w, h = self.app.screen.get_size()
        width = self.content_width()
        area = pygame.Rect((w - width) // 2, h - px(BUTTONS_H + 24), width, px(BUTTONS_H))
        choices = self.choices()
        room = (width - (len(choices) - 1) * px(12)) // len(choices) - px(16)
        specs = [(name, long if text_size(long, px(BUTTON_SIZE))[0] <= room else short)
                 for name, long, short in choices]
        hints = self.hints()
        buttons = row_of_buttons(specs, area, gap=px(12))
        result = [replace(b, hint=hints[b.name]) for b in buttons]
        if self.turning is not None and self.recording is not None:
            turning = self.turning_rect()
            watch = pygame.Rect(0, 0, px(WATCH_W), px(36))
            watch.midright = (turning.right - px(12), turning.centery)
            result.append(Button("turning", _("Watch it (T)"), watch,
                                 hint=_("The replay, from this shot")))
        return result

    def status_line(self) -> str:
        """A line over the buttons (a network game's: the rematch asked, the other side gone)."""
        return ""

    def content_bottom(self) -> int:
        """The bottom of the table and the turning point: over the status line and buttons."""
        status = font(self.px(STATUS_SIZE)).get_linesize() + self.px(8) if self.status_line() \
            else 0
        return self.app.screen.get_height() - self.px(BUTTONS_H + 40) - status

    def content_width(self) -> int:
        """The table's, the turning point's and the buttons' row's width."""
        return min(self.app.screen.get_width() - self.px(48), self.px(1000))

    def content_top(self) -> int:
        """The table and the turning point, as tall as they need, in the middle of the room
        between the headline and the buttons (at the top of it when it is short)."""
        top = self.px(TOP)
        room = self.content_bottom() - top
        return top + max(0, (room - self.table_height() - self.turning_height()) // 2)

    def table_height(self) -> int:
        """The table's full height: two heading lines, the columns' names, the most units."""
        px = self.px
        if not self.rows:
            return px(12 + HEADING_H + 12)
        most = max(sum(1 for u in self.units if u.team == t) for t in TEAMS)
        return px(12 + HEADING_H) + font(px(16)).get_linesize() + px(2 + most * ROW_H[1] + 12)

    def card_rect(self) -> pygame.Rect:
        """The units' table: under the title, over the turning point and the buttons; shorter
        than it needs on a small window (rows close up, then the least notable go)."""
        w, __ = self.app.screen.get_size()
        width = self.content_width()
        top = self.content_top()
        bottom = self.content_bottom() - self.turning_height()
        return pygame.Rect((w - width) // 2, top, width,
                           max(0, min(self.table_height(), bottom - top)))

    def turning_height(self) -> int:
        """The turning point's box and the gap over it (0: no turning point)."""
        if self.turning is None:
            return 0
        lines = self.turning_lines(self.text_width(self.content_width()))
        return self.px(12 + 36) + len(lines) * font(self.px(TURNING_SIZE)).get_linesize()

    def text_width(self, box_w: int) -> int:
        """The turning point's text: beside its Watch it button, where there is one."""
        return box_w - self.px((WATCH_W if self.recording is not None else 0) + 40)

    def turning_rect(self) -> pygame.Rect:
        w, __ = self.app.screen.get_size()
        width, gap = self.content_width(), self.px(12)
        return pygame.Rect((w - width) // 2, self.card_rect().bottom + gap, width,
                           self.turning_height() - gap)

    def turning_lines(self, width: int) -> list[str]:
        if self.turning is None:
            return []
        return wrap(turning_point_text(self.turning, self.roster), self.px(TURNING_SIZE), width)

    # ----- input -----------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        name = clicked(self.buttons(), event)
        if name is not None:
            return self.act(name)
        if event.type == pygame.KEYDOWN:
            keys = {pygame.K_ESCAPE: "menu"}
            if self.recording is not None:
                keys[pygame.K_w] = "replay"
                if self.turning is not None:
                    keys[pygame.K_t] = "turning"
            if event.key in keys:
                return self.act(keys[event.key])
        return None

    def act(self, name: str) -> Transition:
        """The menu, the replay (from the start, or the turning point's shot), or a new game on
        this map (with the run's fixed seed, if any)."""
        if name == "menu":
            return PopToRoot()
        if name == "replay":
            return Push(WatchReplay(self.recording))
        if name == "turning":
            return Push(WatchReplay(self.recording, self.turning.at))
        swap = name == "rematch"
        return Replace(PlayGame(self.session.rematch(swap, self.app.options.seed)))

    def colors(self, palette: Palette) -> tuple[RGB, RGB]:
        """(background, title): the winner's, or the game's neutral dark and gold for a draw."""
        winner = self.session.game.winner
        if winner == "draw":
            return DRAW_BACKGROUND, ACCENT
        return team_tint(palette.team(winner))

    # ----- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        palette = self.session.palette(self.app.settings.alternate_palette)
        background, title = self.colors(palette)
        surface.fill(background)
        self.draw_final_board(surface, palette, background)
        self.draw_result(surface, background, title)
        self.draw_units_table(surface, self.card_rect(), palette, title)
        if self.turning is not None:
            self.draw_turning_point(surface, title)
        line = self.status_line()
        px = self.px
        if line:
            w = surface.get_width()
            draw_text(surface, fit(line, px(STATUS_SIZE), w - px(48)),
                      (w // 2, self.content_bottom() + px(8)), px(STATUS_SIZE), ACCENT,
                      anchor="midtop")
        buttons = self.buttons()
        draw_buttons(surface, buttons, px(BUTTON_SIZE))
        draw_tooltip(surface, buttons, pygame.mouse.get_pos(), px(18))

    def draw_result(self, surface: pygame.Surface, background: RGB, title: RGB) -> None:
        """The headline in the title band, who won and how, and where the game ended."""
        w, __ = surface.get_size()
        game, px = self.session.game, self.px
        for i in range(4):  # the title band, brightest at its middle
            band = mix(background, title, 0.12 + 0.08 * i)
            pygame.draw.rect(surface, band, (0, px(20 + 12 * i), w, px(96 - 24 * i)))
        headline, room = self.headline(), w - px(48)
        size = largest_fitting(headline, [px(s) for s in HEADLINE_SIZES], room, bold=True)
        y = px(30) + (px(72) - size) // 3  # a smaller headline stays in the middle of its band
        shadow = px(3)
        draw_text(surface, headline, (w // 2 + shadow, y + shadow), size, (0, 0, 0), bold=True,
                  anchor="midtop")
        draw_text(surface, headline, (w // 2, y), size, title, bold=True, anchor="midtop")
        reason = self.reason()
        size = largest_fitting(reason, [px(s) for s in REASON_SIZES], room)
        draw_text(surface, fit(reason, size, room), (w // 2, px(124)), size, TEXT,
                  anchor="midtop")
        where = _("{name} · round {round}, turn {turn}").format(
            name=game.map.name, round=game.round, turn=game.turn)
        draw_text(surface, fit(where, px(22), room), (w // 2, px(158)), px(22), DIM,
                  anchor="midtop")

    def draw_final_board(self, surface: pygame.Surface, palette: Palette, veil: RGB) -> None:
        """The position the game ended in, as big as the window allows, under a veil of the
        winner's tint so that the result reads over it."""
        w, h = surface.get_size()
        gm = self.session.game.map
        px = max(1, min(w // gm.cols, h // gm.rows))
        origin = ((w - px * gm.cols) // 2, (h - px * gm.rows) // 2)
        draw_board(surface, gm, unit_looks(self.session.game), origin, px, palette,
                   self.app.settings.theme)
        shade = pygame.Surface((w, h), pygame.SRCALPHA)
        shade.fill((*veil, VEIL_ALPHA))
        surface.blit(shade, (0, 0))

    def draw_units_table(self, surface: pygame.Surface, card: pygame.Rect, palette: Palette,
                         title: RGB) -> None:
        """Each team's column: its name, score and totals, then one row per unit with its
        shots, hits, hits taken and snap shots; the winner's column framed."""
        px = self.px
        if card.h < px(80):
            return  # a window too short for the table keeps the result and the buttons
        draw_glass(surface, card, title)
        half = (card.w - px(18)) // 2
        for i, team in enumerate(TEAMS):
            column = pygame.Rect(card.x + px(6) + i * (half + px(6)), card.y + px(6), half,
                                 card.h - px(12))
            if team == self.session.game.winner:
                pygame.draw.rect(surface, title, column, 2, border_radius=6)
            self.draw_team_column(surface, column.inflate(-px(12), -px(8)), team, palette)

    def draw_team_column(self, surface: pygame.Surface, area: pygame.Rect, team: str,
                         palette: Palette) -> None:
        y = self.draw_heading(surface, area, team, palette)
        if not self.rows:
            return
        units = [u for u in self.units if u.team == team]
        label_w = area.w - len(COLUMNS) * self.number_w(area)
        small = self.px(16)
        for j, name in enumerate(COLUMNS):
            x = area.x + label_w + j * self.number_w(area) + self.number_w(area) // 2
            draw_text(surface, name, (x, y), small, DIM, anchor="midtop")
        y += font(small).get_linesize() + self.px(2)
        room = area.bottom - y
        lowest = max(self.px(ROW_H[0]), font(self.px(TEXT_SIZE)).get_height())
        row_h = min(self.px(ROW_H[1]), max(lowest, room // max(1, len(units))))
        fits = max(0, room // row_h)
        shown = units if len(units) <= fits else self.notable(units, fits - 1)
        for unit in shown:
            self.draw_unit_row(surface, pygame.Rect(area.x, y, area.w, row_h), unit, palette,
                               label_w)
            y += row_h
        if len(shown) < len(units):
            draw_text(surface, _("and {value} more").format(value=len(units) - len(shown)),
                      (area.x + 4, y), small, DIM)

    def number_w(self, area: pygame.Rect) -> int:
        return min(self.px(70), area.w // 7)

    @staticmethod
    def notable(units: list[UnitStats], count: int) -> list[UnitStats]:
        """The units worth a row when not all fit: most hits, then most shots, in id order."""
        best = sorted(units, key=lambda u: (-u.hits, -u.shots, -u.hits_taken, u.uid))
        keep = {u.uid for u in best[:max(0, count)]}
        return [u for u in units if u.uid in keep]

    def draw_heading(self, surface: pygame.Surface, area: pygame.Rect, team: str,
                     palette: Palette) -> int:
        """A team's disc, name, who played it, score and totals; the y under them."""
        px = self.px
        team_disc(surface, (area.x + px(14), area.y + px(16)), px(12), palette.team(team))
        level = self.session.levels[team]
        name = self.session.names[team] + ("" if level == HUMAN else f" ({seat_words(level)})")
        draw_text(surface, fit(name, px(24), area.w - px(36), bold=True),
                  (area.x + px(34), area.y + px(3)), px(24), TEXT, bold=True)
        score, shots, hits, accuracy, left = (value for __, value in
                                              team_stats(self.session, team, self.units_left(team)))
        totals = _("Score {score} · {shots} shots, {hits} hits ({accuracy}) · {left}").format(
            score=score, shots=shots, hits=hits, accuracy=accuracy, left=units_left(left))
        lines = wrap(totals, px(17), area.w)[:2]
        return draw_lines(surface, lines, (area.x, area.y + px(34)), px(17), DIM) + px(6)

    def draw_unit_row(self, surface: pygame.Surface, row: pygame.Rect, unit: UnitStats,
                      palette: Palette, label_w: int) -> None:
        icon = pygame.Rect(row.x, row.y, row.h, row.h).inflate(-2, -2)
        laser = "charged" if unit.on_board else "deactivated"
        draw_unit(surface, UnitLook(unit.team, unit.unit_class, (0, 0), laser=laser), icon,
                  palette)
        label = _(CLASS_LABELS.get(unit.unit_class, unit.unit_class))
        label = label if unit.on_board else _("{label} (out)").format(label=label)
        size = self.px(TEXT_SIZE)
        draw_text(surface, fit(label, size, label_w - row.h - self.px(12)),
                  (icon.right + self.px(8), row.centery),
                  size, TEXT if unit.on_board else DIM, anchor="midleft")
        numbers = (unit.shots, unit.hits, unit.hits_taken, unit.snap_shots)
        width = (row.w - label_w) // len(COLUMNS)
        for j, value in enumerate(numbers):
            color = BAD if j == 2 and value else TEXT if value else DIM
            x = row.x + label_w + j * width + width // 2
            draw_text(surface, str(value), (x, row.centery), size, color, anchor="center")

    def draw_turning_point(self, surface: pygame.Surface, title: RGB) -> None:
        box = self.turning_rect()
        draw_glass(surface, box, title)
        px = self.px
        draw_text(surface, _("The turning point"), (box.x + px(12), box.y + px(6)), px(20), title,
                  bold=True)
        draw_lines(surface, self.turning_lines(self.text_width(box.w)),
                   (box.x + px(12), box.y + px(30)), px(TURNING_SIZE), TEXT)


def draw_glass(surface: pygame.Surface, box: pygame.Rect, edge: RGB) -> None:
    """A box the final board shows through, faintly, edged in the winner's colour."""
    glass = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.rect(glass, CARD_FILL, glass.get_rect(), border_radius=8)
    surface.blit(glass, box)
    pygame.draw.rect(surface, edge, box, 1, border_radius=8)


def units_left(count: str) -> str:
    return ngettext("{count} unit left", "{count} units left", int(count)).format(count=count)
