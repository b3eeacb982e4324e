"""Load game: every saved game, unfinished and finished, the last played first; each with its
map, how it stands or ended, who plays it, fog and when it was last played. Continue one, watch
it, or delete it (asked first)."""

from __future__ import annotations

import pygame

from ...i18n import N_, _
from ...saves import SaveInfo
from ..routes import OpenSave
from ..scene import Pop, Push, Scene, Transition
from ..widgets import (
    ACCENT,
    BAD,
    DIM,
    TEXT,
    Button,
    button_at,
    draw_box,
    draw_buttons,
    draw_lines,
    draw_progress,
    draw_text,
    fit,
    row_of_buttons,
    wrap,
)
from .save_words import players, standing, when

ROW_H = 56
TOP = 96
BOTTOM = 84  # the buttons' strip under the list
WHEEL_ROWS = 3  # rows one notch of the mouse wheel scrolls
KEYS = {
    pygame.K_RETURN: "load", pygame.K_KP_ENTER: "load", pygame.K_w: "watch",
    pygame.K_DELETE: "delete", pygame.K_ESCAPE: "back", pygame.K_DOWN: "down",
    pygame.K_UP: "up", pygame.K_PAGEDOWN: N_("page down"), pygame.K_PAGEUP: N_("page up"),
    pygame.K_HOME: "first", pygame.K_END: "last",
}
ANSWERS = {pygame.K_y: "yes", pygame.K_RETURN: "yes", pygame.K_KP_ENTER: "yes",
           pygame.K_n: "no", pygame.K_ESCAPE: "no"}
FINISHED = (120, 160, 120)  # a finished game's result: done, calm
MANY_UNFINISHED = 50  # past this many, the list reminds that only the player deletes them
MAX_W = 1400  # the screen's widest: a row's map and its time stay within one glance


class SavesScene(Scene):
    """The saves the app knows (app.saves), kept in step as more are read or one goes."""

    def __init__(self) -> None:
        self.infos: list[SaveInfo] = []
        self.problems: list[str] = []
        self.seen = -1  # the shelf's version the rows were taken at
        self.chosen = 0
        self.top = 0  # the first row shown: saves, then one row per unreadable file
        self.deleting: SaveInfo | None = None  # asked: delete this one?
        self.message = ""
        self.reading = False  # the saves were being read at the last update

    def resume(self) -> None:
        self.app.saves.refresh()
        self.take_rows()

    # ----- the rows ----------------------------------------------------------------------

    def take_rows(self) -> None:
        """The rows as the shelf knows them now; the chosen save stays chosen."""
        shelf = self.app.saves.shelf
        if shelf.version == self.seen:
            return
        chosen = self.choice
        self.seen, self.infos, self.problems = shelf.version, shelf.infos(), shelf.problems()
        paths = [info.path for info in self.infos]
        self.chosen = paths.index(chosen.path) if chosen and chosen.path in paths else min(
            self.chosen, max(0, len(self.infos) - 1))

    @property
    def choice(self) -> SaveInfo | None:
        return self.infos[self.chosen] if self.chosen < len(self.infos) else None

    def playing_elsewhere(self, info: SaveInfo) -> bool:
        return info.path.name in self.app.saves.shelf.playing

    def may_continue(self, info: SaveInfo | None) -> bool:
        return info is not None and not info.over and not self.playing_elsewhere(info)

    # ----- layout ------------------------------------------------------------------------

    def column(self) -> pygame.Rect:
        """Where the screen draws: the window's width less its margins, at most MAX_W, centred."""
        w, h = self.app.screen.get_size()
        width = min(w - self.px(48), self.px(MAX_W))
        return pygame.Rect((w - width) // 2, 0, width, h)

    def buttons(self) -> list[Button]:
        col, px = self.column(), self.px
        if self.deleting is not None:
            area = pygame.Rect(col.right - px(360), col.h - px(64), px(360), px(40))
            specs = [("yes", _("Delete (Y)")), ("no", _("Keep (N)"))]
            return row_of_buttons(specs, area, gap=px(10))
        area = pygame.Rect(col.x, col.h - px(64), min(col.w, px(4 * 230)), px(40))
        specs = [("load", _("Continue (Enter)")), ("watch", _("Watch replay (W)")),
                 ("delete", _("Delete... (Del)")), ("back", _("Back (Esc)"))]
        choice = self.choice
        allowed = {"load": self.may_continue(choice), "watch": choice is not None,
                   "delete": choice is not None and not self.playing_elsewhere(choice),
                   "back": True}
        return [Button(b.name, b.label, b.rect, allowed[b.name])
                for b in row_of_buttons(specs, area, gap=px(10))]

    @property
    def row_count(self) -> int:
        return len(self.infos) + len(self.problems)

    @property
    def rows_shown(self) -> int:
        """How many rows fit between the title and the buttons."""
        __, h = self.app.screen.get_size()
        return max(1, (h - self.px(TOP + BOTTOM)) // self.px(ROW_H))

    def row_rect(self, i: int) -> pygame.Rect:
        col, px = self.column(), self.px
        return pygame.Rect(col.x, px(TOP) + (i - self.top) * px(ROW_H), col.w, px(ROW_H - 4))

    def scroll(self, rows: int) -> None:
        self.top = min(max(0, self.top + rows), max(0, self.row_count - self.rows_shown))

    def keep_chosen_in_view(self) -> None:
        if self.chosen < self.top:
            self.top = self.chosen
        elif self.chosen >= self.top + self.rows_shown:
            self.top = self.chosen - self.rows_shown + 1

    # ----- input -------------------------------------------------------------------------

    def update(self, dt_ms: int) -> Transition | None:
        self.app.saves.refresh()
        self.reading = self.app.saves.busy
        self.take_rows()
        return None

    def animating(self) -> bool:
        """The rows fill in as the saves are read, the last of them drawn too."""
        return self.app.saves.busy or self.reading

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = button_at(self.buttons(), event.pos)
            if hit is not None:
                return self.act(hit.name)
            if self.deleting is None:
                self.click_row(event.pos)
        elif event.type == pygame.MOUSEWHEEL and self.deleting is None:
            self.scroll(-event.y * WHEEL_ROWS)
        elif event.type == pygame.KEYDOWN:
            names = KEYS if self.deleting is None else ANSWERS
            if event.key in names:
                transition = self.act(names[event.key])
                self.keep_chosen_in_view()
                return transition
        return None

    def click_row(self, xy: tuple[int, int]) -> None:
        for i in range(self.top, min(len(self.infos), self.top + self.rows_shown)):
            if self.row_rect(i).collidepoint(xy):
                self.chosen = i

    def act(self, name: str) -> Transition | None:
        self.message = ""
        steps = {"down": 1, "up": -1, "page down": self.rows_shown, "page up": -self.rows_shown}
        if name == "back":
            return Pop()
        if name in steps and self.infos:
            if name in ("up", "down"):  # one step wraps around; a page stops at the end
                self.chosen = (self.chosen + steps[name]) % len(self.infos)
            else:
                self.chosen = min(max(0, self.chosen + steps[name]), len(self.infos) - 1)
        elif name in ("first", "last") and self.infos:
            self.chosen = 0 if name == "first" else len(self.infos) - 1
        elif name in ("yes", "no"):
            self.answer(name == "yes")
        elif self.choice is not None:
            return self.use(name, self.choice)
        return None

    def use(self, name: str, info: SaveInfo) -> Transition | None:
        """Continue, watch or (asking first) delete the chosen save."""
        if name == "load" and self.may_continue(info):
            return Push(OpenSave(info.path))
        if name == "load":
            self.message = (_("That game is over: W watches it.") if info.over else
                            _("That game is being played in another Laser Flag window."))
        elif name == "watch":
            return Push(OpenSave(info.path, watch=True))
        elif name == "delete" and not self.playing_elsewhere(info):
            self.deleting = info
        return None

    def answer(self, yes: bool) -> None:
        info, self.deleting = self.deleting, None
        if yes and info is not None:
            problem = self.app.saves.shelf.delete(info.path)
            self.message = problem or _("Deleted {name}.").format(name=info.path.name)
            self.take_rows()

    # ----- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        px = self.px
        col = self.column()
        draw_text(surface, _("Saved games"), (col.x, px(20)), px(48), ACCENT, bold=True)
        folder = fit(str(self.app.saves.folder), px(18), col.w // 2 - px(40))
        draw_text(surface, folder, (col.x + px(2), px(62)), px(18), DIM)
        self.draw_status(surface)
        if not self.row_count and not self.app.saves.busy:
            empty = _("No saved games yet: every game you play is saved here as you play it.")
            draw_lines(surface, wrap(empty, px(22), col.w), (col.x, px(TOP)), px(22), TEXT)
        for i in range(self.top, min(self.row_count, self.top + self.rows_shown)):
            if i < len(self.infos):
                self.draw_row(surface, self.row_rect(i), self.infos[i], i == self.chosen)
            else:
                self.draw_problem(surface, self.row_rect(i), self.problems[i - len(self.infos)])
        if self.row_count > self.rows_shown:
            last = min(self.row_count, self.top + self.rows_shown)
            where = _("{value}-{last} of {row_count} · wheel, arrows, PgUp/PgDn").format(
                value=self.top + 1, last=last, row_count=self.row_count)
            draw_text(surface, where, (col.right, col.h - px(70)), px(16), DIM,
                      anchor="bottomright")
        if self.deleting is not None:
            self.draw_question(surface)
        elif self.message:
            draw_text(surface, fit(self.message, px(18), col.w), (col.x, col.h - px(70)), px(18),
                      ACCENT,
                      anchor="bottomleft")
        draw_buttons(surface, self.buttons(), px(22))

    def draw_status(self, surface: pygame.Surface) -> None:
        """How many games, or how far the reading of them is, at the top right."""
        px = self.px
        col = self.column()
        saves = self.app.saves
        if saves.busy:
            done, total = saves.progress()
            reading = _("Reading saved games: {done:,} of {total:,}").format(
                done=done, total=total) if total else _("Reading saved games...")
            draw_text(surface, reading, (col.right, px(28)), px(18), TEXT, anchor="topright")
            draw_progress(surface, pygame.Rect(col.right - px(260), px(52), px(260), px(10)),
                          done / max(1, total))
            return
        unfinished = sum(1 for info in self.infos if not info.over)
        counts = _("{unfinished:,} unfinished · {value:,} finished").format(
            unfinished=unfinished, value=len(self.infos) - unfinished)
        draw_text(surface, counts, (col.right, px(28)), px(20), TEXT, anchor="topright")
        hint = (_("unfinished games go only when you delete them (Del)")
                if unfinished > MANY_UNFINISHED else
                _("the oldest finished games go when there are many"))
        draw_text(surface, fit(hint, px(16), col.w // 2), (col.right, px(54)), px(16), DIM,
                  anchor="topright")

    def draw_row(self, surface: pygame.Surface, rect: pygame.Rect, info: SaveInfo,
                 chosen: bool) -> None:
        px = self.px
        if chosen:
            draw_box(surface, rect, edge=ACCENT)
        x, right = rect.x + px(10), rect.right - px(10)
        stamp = when(info.saved_at)
        stamp_rect = draw_text(surface, stamp, (right, rect.y + px(7)), px(20), DIM,
                               anchor="topright")
        name = fit(info.map_name, px(22), (rect.w - px(40)) // 3, bold=True)
        name_rect = draw_text(surface, name, (x, rect.y + px(6)), px(22), TEXT, bold=True)
        state = fit(standing(info), px(22), stamp_rect.left - name_rect.right - px(40))
        draw_text(surface, state, (name_rect.right + px(14), rect.y + px(6)), px(22),
                  FINISHED if info.over else TEXT)
        tags = [players(info)] + ([_("fog of war")] if info.fog else [])
        note = _("playing in another window") if self.playing_elsewhere(info) else info.path.name
        note_rect = draw_text(surface, fit(note, px(16), rect.w // 3), (right, rect.y + px(31)),
                              px(16),
                              ACCENT if self.playing_elsewhere(info) else DIM,
                              anchor="topright")
        line = fit(" · ".join(tags), px(18), note_rect.left - x - px(16))
        draw_text(surface, line, (x, rect.y + px(30)), px(18), DIM)

    def draw_problem(self, surface: pygame.Surface, rect: pygame.Rect, problem: str) -> None:
        px = self.px
        draw_text(surface, fit(_("Unreadable: {problem}").format(problem=problem), px(18),
                               rect.w - px(16)),
                  (rect.x + px(10), rect.y + px(8)), px(18), BAD)

    def draw_question(self, surface: pygame.Surface) -> None:
        """Delete this one? Over the buttons' strip, the save named as its row names it."""
        px = self.px
        col = self.column()
        strip = pygame.Rect(col.x - px(8), col.h - px(74), col.w + px(16), px(60))
        draw_box(surface, strip, edge=BAD)
        info, width = self.deleting, col.w - px(380)
        what = _("Delete {map_name}, {standing}, {when}?").format(
            map_name=info.map_name, standing=standing(info), when=when(info.saved_at))
        why = (_("It cannot be undone.") if info.over else
               _("It is not finished: deleted, it can never be continued."))
        draw_text(surface, fit(what, px(20), width), (col.x + px(8), col.h - px(66)), px(20),
                  TEXT)
        draw_text(surface, fit(why, px(18), width), (col.x + px(8), col.h - px(42)), px(18),
                  BAD if not info.over else DIM)
