"""Main menu and map chooser: each map's thumbnail and facts, its balance and who measured it,
who plays each team; Play, Measure here, Quit."""

from __future__ import annotations

from pathlib import Path

import pygame

from ...board import draw as board_draw
from ...board.palette import Palette
from ...board.theme import Theme
from ...engine.game_map import TEAMS, GameMap
from ...i18n import _
from ...play.lessons import CHAPTERS
from ...play.session import Session
from .. import tk_dialogs
from ..heading import draw_heading
from ..routes import (
    ChooseLesson,
    ChooseRandomMap,
    HostSetup,
    JoinSetup,
    ListSaves,
    OpenSave,
    PlayGame,
    PlayOnline,
    ShowRules,
    ShowSettings,
)
from ..saved_games import SavedGames
from ..scale import scaled
from ..scene import Push, Quit, Scene, Transition
from ..settings import Settings
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
    draw_text,
    fit,
    font,
    text_size,
    wrap,
    wrap_cut,
)
from . import editor_launch
from .fog_switch import FOG_BUTTON, FOG_H, draw_fog_switch, fog_button, fog_rect
from .map_badge import UNDECIDED_TONE, BadgeView
from .map_catalog import MAPS_DIR, MapEntry, catalog, load_entry
from .map_chooser import MapChooser
from .player_picker import PICKER_H, draw_picker, level_button_name, level_buttons

CARD_H = 84
THUMB = 72
LIST_W = (300, 430)  # the map list takes a third of the window, within these widths
BUTTONS_W = (180, 220)  # the button column: narrow on a small window
TOP = 96
MESSAGE_MS = 6000
TEAM_KEYS = {pygame.K_1: "1", pygame.K_2: "2"}
SHIFT_KEYS = (pygame.K_LSHIFT, pygame.K_RSHIFT)
FOG_KEY = pygame.K_f
LEVEL_BUTTONS = {level_button_name(team): team for team in TEAMS}
YOURS_TAG = "yours"  # on the card of a map from the player's own folder
BADGE_SIZE = 17  # the badge's words on a card
TITLE_ROOM = 140  # pixels a card keeps for its map's name: a narrower badge gives way
# To a game (Random map's too): measuring would slow its bots.
LEAVING = ("play", "random", "learn", "continue", "load")


def map_facts(gm: GameMap) -> list[str]:
    """The lines the chooser shows for a map: size, mode, teams, limits."""
    names = _("{team1} vs {team2}").format(team1=gm.teams["1"].name, team2=gm.teams["2"].name)
    limits = " / ".join(str(gm.score_limit[t]) for t in TEAMS)
    turns = _("{turn_limit} rounds").format(
        turn_limit=gm.turn_limit) if gm.turn_limit else _("no round limit")
    return [f"{gm.rows}x{gm.cols} · {_(gm.mode)}", names,
            _("score limit {limits} · {turns}").format(limits=limits, turns=turns)]


def continue_note(saved: SavedGames) -> str:
    """What Continue would do: every action is saved, so it resumes the very turn left."""
    if saved.busy:
        done, total = saved.progress()
        if not total:
            return _("Looking through your saved games...")
        return _("Looking through your saved games: {done:,} of {total:,}...").format(
            done=done, total=total)
    info = saved.to_continue()
    if info is None:
        return _("Nothing to continue: no unfinished game is saved.")
    return (_("Saved: Continue resumes this turn ({map_name}, round {round}, turn {turn}).").format(
        map_name=info.map_name, round=info.round, turn=info.turn))


def lessons_done(settings: Settings) -> int:
    """How many of the lesson's chapters the player has won."""
    return sum(settings.lesson_done(chapter.key) for chapter in CHAPTERS)


def draw_badge(surface: pygame.Surface, badge: BadgeView, topright: tuple[int, int],
               room: int, s: float) -> pygame.Rect:
    """A map's balance badge as a small tag in its tone, filled when measured here and outlined
    when it is only the map's claim, its short word when the full one leaves the map's name
    less than TITLE_ROOM of `room` pixels; the tag's rect."""
    word, size = badge.word, scaled(BADGE_SIZE, s)
    if room - text_size(word, size)[0] < scaled(TITLE_ROOM, s):
        word = badge.short
    width, height = text_size(word, size)
    tag = pygame.Rect(0, 0, width + scaled(10, s), height + scaled(4, s))
    tag.topright = topright
    if badge.here:
        pygame.draw.rect(surface, badge.tone, tag, border_radius=4)
        draw_text(surface, word, tag.center, size, (24, 26, 32), anchor="center")
    else:
        pygame.draw.rect(surface, badge.tone, tag, 1, border_radius=4)
        draw_text(surface, word, tag.center, size, badge.tone, anchor="center")
    return tag


class MenuScene(Scene):
    """The first screen, and the root of the stack: games return to it as it was left.

    The maps, bundled and the player's own (`own_dir`, the data folder's maps/ unless given),
    are loaded once, when the menu is made; games started here take the app's launch options
    (a fixed seed, the state file).
    """

    def __init__(self, maps_dir: Path = MAPS_DIR, own_dir: Path | None = None) -> None:
        self.maps_dir = maps_dir
        self.chooser = MapChooser(catalog(maps_dir, own_dir))
        # Boards drawn small, by map, size and theme: they go when the menu (or the map) goes.
        self.thumbnails: dict[tuple[GameMap, int, Theme], pygame.Surface] = {}
        self.scroll = 0
        self.message = ""
        self.message_ms = 0
        self.editor = None
        self.reading = False  # the saves were being read at the last update
        # Shift as the events read so far say: SDL's own key state may already be past a queued
        # click (Shift released before the click is handled), so a Shift-click is told in order.
        self.shift_held = False

    # ----- layout ------------------------------------------------------------------------

    def list_rect(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        px = self.px
        width = max(px(LIST_W[0]), min(px(LIST_W[1]), w // 3))
        return pygame.Rect(px(24), px(TOP), width, h - px(TOP + 24))

    def detail_rect(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        px = self.px
        left = self.list_rect().right + px(24)
        return pygame.Rect(left, px(TOP), w - left - px(24), h - px(TOP + 24))

    def card_h(self) -> int:
        return self.px(CARD_H)

    def card_rect(self, index: int) -> pygame.Rect:
        area, px = self.list_rect(), self.px
        return pygame.Rect(area.x + px(6), area.y + px(6) + index * self.card_h() - self.scroll,
                           area.w - px(12), self.card_h() - px(6))

    def buttons_width(self) -> int:
        wide = self.detail_rect().w >= self.px(700)
        return self.px(BUTTONS_W[1] if wide else BUTTONS_W[0])

    def picker_rect(self) -> pygame.Rect:
        """Who plays each team: at the foot of the detail pane's text column, over fog's switch."""
        area, px = self.detail_rect(), self.px
        width = area.w - self.buttons_width() - px(48)
        return pygame.Rect(area.x + px(16), area.bottom - px(22 + FOG_H + PICKER_H), width,
                           px(PICKER_H))

    def buttons(self) -> list[Button]:
        """The menu's buttons, and the level of each team when a map's teams are shown."""
        entry, chooser, settings = self.chooser.entry, self.chooser, self.app.settings
        if entry is None or entry.gm is None:
            return self.menu_buttons()
        picker, s = self.picker_rect(), self.scale
        fog = fog_button(fog_rect(picker, s), chooser.fog(self.app.options.fog), s)
        return [*self.menu_buttons(), *level_buttons(picker, chooser.levels(settings), s), fog]

    def menu_buttons(self) -> list[Button]:
        area = self.detail_rect()
        playable, measuring = self.chooser.playable, self.app.measuring.run is not None
        specs = [
            ("play", _("Play"), playable),
            ("random", _("Random map"), True),
            ("measure", _("Stop measuring") if measuring else _("Measure here"),
             measuring or playable),
            ("learn", _("Learn to play · {lessons_done}/{count}").format(
                lessons_done=lessons_done(self.app.settings), count=len(CHAPTERS)), True),
            ("continue", _("Continue"), self.app.saves.to_continue() is not None),
            ("host", _("Host a game"), playable),
            ("join", _("Join a game"), True),
            ("online", _("Play online"), True),
            ("load", _("Load game..."), True),
            ("open", _("Open map..."), True),
            ("editor", _("Map Editor"), True),
            ("rules", _("Rules"), True),
            ("settings", _("Settings"), True),
            ("quit", _("Quit"), True),
        ]
        px = self.px
        width, gap = self.buttons_width(), px(8)
        height = min(px(40), (area.h - px(32)) // len(specs) - gap)  # all fit, however small
        x, y = area.right - width - px(16), area.y + px(16)
        return [
            Button(name, label, pygame.Rect(x, y + i * (height + gap), width, height), enabled)
            for i, (name, label, enabled) in enumerate(specs)
        ]

    # ----- input -------------------------------------------------------------------------

    def process_event(self, event: pygame.event.Event) -> Transition | None:
        if event.type in (pygame.KEYDOWN, pygame.KEYUP) and event.key in SHIFT_KEYS:
            self.shift_held = event.type == pygame.KEYDOWN
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            held = self.shift_held or bool(pygame.key.get_mods() & pygame.KMOD_SHIFT)
            return self.click(event.pos, back=held)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.level_back_at(event.pos)
        elif event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * self.card_h() // 2)
        elif event.type == pygame.KEYDOWN and event.key in TEAM_KEYS:
            self.cycle_level(TEAM_KEYS[event.key], -1 if event.mod & pygame.KMOD_SHIFT else 1)
        elif event.type == pygame.KEYDOWN:
            return self.key(event.key)
        return None

    def level_back_at(self, xy: tuple[int, int]) -> None:
        """A right click on a level button steps it back; elsewhere it does nothing."""
        button = button_at(self.buttons(), xy)
        if button is not None and button.name in LEVEL_BUTTONS:
            self.cycle_level(LEVEL_BUTTONS[button.name], -1)

    def key(self, key: int) -> Transition | None:
        if key in (pygame.K_DOWN, pygame.K_UP):
            self.chooser.step(1 if key == pygame.K_DOWN else -1)
            self.show_chosen()
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return self.act("play")
        elif key == pygame.K_r:
            return self.act("rules")
        elif key == FOG_KEY:
            self.switch_fog()
        return None

    def click(self, xy: tuple[int, int], back: bool = False) -> Transition | None:
        """A left click; `back` (Shift held) steps a level button back instead of on."""
        button = button_at(self.buttons(), xy)
        if button and button.name in LEVEL_BUTTONS:
            self.cycle_level(LEVEL_BUTTONS[button.name], -1 if back else 1)
        elif button:
            return self.act(button.name)
        if self.list_rect().collidepoint(xy):
            for i in range(len(self.chooser.entries)):
                if self.card_rect(i).collidepoint(xy):
                    self.chooser.chosen = i
                    self.show_chosen()
        return None

    def show_chosen(self) -> None:
        """The list scrolled so the chosen map's card is in sight."""
        card = self.card_rect(self.chooser.chosen)
        area = self.list_rect()
        if card.top < area.top:
            self.scroll_by(card.top - area.top - self.px(6))
        elif card.bottom > area.bottom:
            self.scroll_by(card.bottom - area.bottom + self.px(6))

    def scroll_by(self, dy: int) -> None:
        room = self.list_rect().h - self.px(12)
        longest = max(0, len(self.chooser.entries) * self.card_h() - room)
        self.scroll = min(max(0, self.scroll + dy), longest)

    def act(self, name: str) -> Transition | None:
        """Run a button's action; the screens it opens are returned, for the loop to open."""
        leave = {
            "play": self.play,
            "random": lambda: Push(ChooseRandomMap()),
            "learn": lambda: Push(ChooseLesson()),
            "continue": self.continue_game,
            "load": lambda: Push(ListSaves()),
            "host": self.host,
            "join": lambda: Push(JoinSetup()),
            "online": self.online,
            "rules": lambda: Push(ShowRules()),
            "settings": lambda: Push(ShowSettings()),
            "quit": Quit,
        }
        stay = {
            "open": self.open_file,
            "editor": self.start_editor,
            "measure": self.toggle_measure,
            FOG_BUTTON: self.switch_fog,
        }
        if name in LEAVING and self.app.measuring.stop():
            self.say(_("Measuring stopped: a game's bots need the processor."))
        if name in leave:
            return leave[name]()
        stay[name]()
        return None

    # ----- measuring here ----------------------------------------------------------------

    def toggle_measure(self) -> None:
        """Measure the chosen map on this machine in the background, or stop measuring."""
        entry = self.chooser.entry
        if self.app.measuring.stop():
            self.say(_("Measuring stopped; nothing kept."))
        elif self.chooser.playable:
            self.app.measuring.start(entry.gm, entry.path)
            self.say(_("Measuring {title} here: the standard styles, until the games tell.").format(
                title=entry.title))

    def follow_measure(self) -> None:
        """When the measuring ends, the map's new badge on its card and what was found."""
        measuring = self.app.measuring
        found = measuring.follow()
        if found is not None:
            self.chooser.rebadged(measuring.path)
            self.say(found)

    def cycle_level(self, team: str, step: int) -> None:
        self.chooser.cycle_level(self.app.settings, team, step)

    def switch_fog(self) -> None:
        self.chooser.switch_fog(self.app.options.fog)

    def play(self) -> Transition | None:
        """A new game on the chosen map: fresh dice, unless the run fixed a seed."""
        chooser, options = self.chooser, self.app.options
        if not chooser.playable:
            return None
        try:
            session = Session.start(chooser.entry.gm, options.seed, options.state_file,
                                    chooser.levels(self.app.settings), chooser.fog(options.fog))
        except ValueError as exc:
            self.say(str(exc))
            return None
        return Push(PlayGame(session))

    def host(self) -> Transition | None:
        """Host a game on the chosen map for a friend on another computer."""
        if not self.chooser.playable:
            return None
        return Push(HostSetup(self.chooser.entry.gm, self.chooser.fog(self.app.options.fog)))


    def online(self) -> Transition:
        """Play online: a server's lobby, where a game on the chosen map can be made."""
        gm = self.chooser.entry.gm if self.chooser.playable else None
        return Push(PlayOnline(gm, self.chooser.fog(self.app.options.fog)))

    def resume(self) -> None:
        """Shown again, maybe after a game: Continue's game is looked for afresh."""
        self.app.saves.refresh()
        self.app.sound.play_music("music_menu")
        notice = self.app.settings.take_notice()  # a bad settings file, said once
        if notice:
            self.say(notice)

    def continue_game(self) -> Transition | None:
        """The last played unfinished game, where it was left; a finished one is never resumed."""
        info = self.app.saves.to_continue()
        return None if info is None else Push(OpenSave(info.path))

    def open_file(self) -> None:
        path = tk_dialogs.ask_map_file(str(self.maps_dir))
        if path is None:
            self.say(_("No map opened (cancelled, or no file dialog available)."))
            return
        self.add_entry(load_entry(Path(path)))

    def add_entry(self, entry: MapEntry) -> None:
        """List an opened file (replacing the same path) and choose it."""
        self.chooser.add(entry)
        self.show_chosen()
        if entry.error:
            self.say(entry.error)

    def start_editor(self) -> None:
        self.editor, message = editor_launch.launch_editor()
        self.say(message)

    def say(self, message: str) -> None:
        self.message, self.message_ms = message, MESSAGE_MS

    def animating(self) -> bool:
        """A message goes by itself; while saves are read, and once more when they all are
        (Continue's game found), and while Measure here's progress moves, frames are drawn."""
        return (self.message_ms > 0 or self.app.saves.busy or self.reading
                or self.app.measuring.moved)

    def update(self, dt_ms: int) -> None:
        self.reading = self.app.saves.busy
        failure = editor_launch.early_failure(self.editor)
        if failure:
            self.editor = None
            self.say(failure)
        self.message_ms = max(0, self.message_ms - dt_ms)
        self.follow_measure()

    def thumbnail(self, gm: GameMap, size: int) -> pygame.Surface:
        """The board drawn small, once per map, size and theme while this menu lives."""
        key = (gm, size, self.app.settings.theme)
        if key not in self.thumbnails:
            self.thumbnails[key] = board_draw.thumbnail(gm, size, theme=key[2])
        return self.thumbnails[key]

    # ----- drawing -----------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, __ = surface.get_size()
        px = self.px
        title = draw_heading(surface, _("laser tag for two, hot-seat or against bots"), self.scale)
        self.draw_list(surface)
        self.draw_detail(surface)
        draw_buttons(surface, self.buttons(), px(22))
        right, room = w - px(24), w - px(24) - title.right - px(24)
        if self.message_ms:
            size = px(22)
            lines = wrap_cut(self.message, size, room, 3)
            draw_lines(surface, lines, (right - max(text_size(li, size)[0] for li in lines),
                                        px(16)), size, ACCENT)
        else:
            note = wrap_cut(continue_note(self.app.saves), px(20), room, 2)
            for i, line in enumerate(note):
                draw_text(surface, line, (right, px(40) + i * font(px(20)).get_linesize()),
                          px(20), DIM, anchor="topright")

    def draw_list(self, surface: pygame.Surface) -> None:
        area = self.list_rect()
        draw_box(surface, area)
        if not self.chooser.entries:
            words = _("No maps in {maps_dir}").format(maps_dir=self.maps_dir)
            lines = wrap(words, self.px(22), area.w - self.px(24))
            draw_lines(surface, lines, (area.x + self.px(12), area.y + self.px(12)), self.px(22),
                       BAD)
        surface.set_clip(area.inflate(-2, -2))
        for i, entry in enumerate(self.chooser.entries):
            card = self.card_rect(i)
            if card.bottom >= area.top and card.top <= area.bottom:
                self.draw_card(surface, entry, card, i == self.chooser.chosen)
        surface.set_clip(None)

    def draw_card(
        self, surface: pygame.Surface, entry: MapEntry, card: pygame.Rect, chosen: bool
    ) -> None:
        draw_box(
            surface,
            card,
            (60, 66, 86) if chosen else (44, 48, 60),
            ACCENT if chosen else (70, 76, 92),
        )
        px = self.px
        thumb = px(THUMB)
        thumb_rect = pygame.Rect(card.x + px(4), card.y + px(3), thumb, thumb)
        if entry.gm is not None:
            image = self.thumbnail(entry.gm, thumb)
            surface.blit(image, image.get_rect(center=thumb_rect.center))
        else:
            pygame.draw.line(surface, BAD, thumb_rect.topleft, thumb_rect.bottomright, 3)
            pygame.draw.line(surface, BAD, thumb_rect.topright, thumb_rect.bottomleft, 3)
        x = thumb_rect.right + px(10)
        right = card.right - px(6)
        if entry.badge is not None:
            right = draw_badge(surface, entry.badge, (right, card.y + px(6)), right - x,
                               self.scale).left - px(6)
        title = fit(entry.title, px(24), right - x, True)  # a long name
        draw_text(surface, title, (x, card.y + px(6)), px(24), TEXT, bold=True)
        small = px(18)
        step = font(small).get_linesize()
        lines_top = card.y + px(28)
        fits = max(0, (card.bottom - lines_top) // step)
        if entry.own:
            draw_text(surface, YOURS_TAG, (card.right - px(8), card.bottom - px(6)), small,
                      ACCENT, anchor="bottomright")
        width = card.right - x - px(6) - (text_size(YOURS_TAG, small)[0] if entry.own else 0)
        if entry.gm is not None and entry.error is None:
            facts = [fit(line, small, width) for line in map_facts(entry.gm)]
            draw_lines(surface, facts[:fits], (x, lines_top), small, DIM)
        else:
            lines = wrap_cut(entry.error or "", small, width, min(3, fits))
            draw_lines(surface, lines, (x, lines_top), small, BAD)

    def draw_detail(self, surface: pygame.Surface) -> None:
        """Title, facts, as much of the description as leaves room for the board, then players."""
        area, picker = self.detail_rect(), self.picker_rect()
        draw_box(surface, area)
        entry, chooser, launch = self.chooser.entry, self.chooser, self.app.options.fog
        if entry is None:
            return
        px, s = self.px, self.scale
        text_w, body, line = picker.w, px(22), px(20)
        x, y = area.x + px(16), area.y + px(16)
        y = draw_text(surface, fit(entry.title, px(36), text_w, True), (x, y), px(36), TEXT,
                      bold=True).bottom
        if entry.gm is not None:
            gm = entry.gm
            byline = _("by {author}").format(
                author=gm.author) if gm.author else str(entry.path.name)
            y = draw_lines(surface, wrap_cut(byline, line, text_w, 1), (x, y), line, DIM)
            facts = [part for fact in map_facts(gm) for part in wrap(fact, body, text_w)]
            y = draw_lines(surface, facts, (x, y + px(4)), body, TEXT)
            step = font(line).get_linesize()
            if entry.badge is not None:  # on a short window, cut above the players
                detail = wrap_cut(entry.badge.detail, line, text_w, (picker.y - px(8) - y) // step)
                y = draw_lines(surface, detail, (x, y + px(4)), line, entry.badge.tone)
            measuring = self.app.measuring.of(entry.path)
            if measuring:
                lines = wrap_cut(measuring, line, text_w, (picker.y - px(8) - y) // step)
                y = draw_lines(surface, lines, (x, y + px(4)), line, UNDECIDED_TONE)
            room = picker.y - px(16) - y  # the description's, and the board's if it can be big
            thumb = px(THUMB)
            board_room = thumb * 2 if room >= thumb * 3 else 0  # else the list's one will do
            fits = (room - board_room) // step
            description = wrap_cut(gm.description, line, text_w, fits)
            y = draw_lines(surface, description, (x, y + px(4)), line, DIM)
            size = min(text_w, picker.y - px(16) - (y + px(10)))
            if board_room and size >= thumb:
                surface.blit(self.thumbnail(gm, size), (x, y + px(10)))
            palette = Palette.from_map(gm, self.app.settings.alternate_palette)
            draw_picker(surface, picker, gm, chooser.levels(self.app.settings), palette, s)
            draw_fog_switch(surface, fog_rect(picker, s), chooser.fog(launch),
                            chooser.fog_is_chosen(launch), s)
        if entry.error:
            draw_lines(surface, wrap(entry.error, body, area.w - px(32)), (x, y), body, BAD)
