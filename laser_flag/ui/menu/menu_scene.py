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
from ..routes import (
    ChooseLesson,
    HostSetup,
    JoinSetup,
    ListSaves,
    OpenSave,
    PlayGame,
    ShowRules,
    ShowSettings,
)
from ..saved_games import SavedGames
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
LEAVING = ("play", "learn", "continue", "load")  # to a game: measuring would slow its bots


def map_facts(gm: GameMap) -> list[str]:
    """The lines the chooser shows for a map: size, mode, teams, limits."""
    names = _("{team1} vs {team2}").format(team1=gm.teams["1"].name, team2=gm.teams["2"].name)
    limits = " / ".join(str(gm.score_limit[t]) for t in TEAMS)
    turns = _("{turn_limit} rounds").format(
        turn_limit=gm.turn_limit) if gm.turn_limit else _("no turn limit")
    return [f"{gm.rows}x{gm.cols} · {_(gm.mode)}", names,
            _("score limit {limits} · {turns}").format(limits=limits, turns=turns)]


def continue_note(saved: SavedGames) -> str:
    """What Continue would do: every action is saved, so it resumes the very turn left."""
    if saved.busy:
        done, total = saved.progress()
        counted = _(": {done:,} of {total:,}").format(done=done, total=total) if total else ""
        return _("Looking through your saved games{counted}...").format(counted=counted)
    info = saved.to_continue()
    if info is None:
        return _("Nothing to continue: no unfinished game is saved.")
    return (_("Saved: Continue resumes this turn ({map_name}, round {round}, turn {turn}).").format(
        map_name=info.map_name, round=info.round, turn=info.turn))


def lessons_done(settings: Settings) -> int:
    """How many of the lesson's chapters the player has won."""
    return sum(settings.lesson_done(chapter.key) for chapter in CHAPTERS)


def draw_badge(surface: pygame.Surface, badge: BadgeView, topright: tuple[int, int],
               room: int) -> pygame.Rect:
    """A map's balance badge as a small tag in its tone, filled when measured here and outlined
    when it is only the map's claim, its short word when the full one leaves the map's name
    less than TITLE_ROOM of `room` pixels; the tag's rect."""
    word = badge.word
    if room - text_size(word, BADGE_SIZE)[0] < TITLE_ROOM:
        word = badge.short
    width, height = text_size(word, BADGE_SIZE)
    tag = pygame.Rect(0, 0, width + 10, height + 4)
    tag.topright = topright
    if badge.here:
        pygame.draw.rect(surface, badge.tone, tag, border_radius=4)
        draw_text(surface, word, tag.center, BADGE_SIZE, (24, 26, 32), anchor="center")
    else:
        pygame.draw.rect(surface, badge.tone, tag, 1, border_radius=4)
        draw_text(surface, word, tag.center, BADGE_SIZE, badge.tone, anchor="center")
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
        width = max(LIST_W[0], min(LIST_W[1], w // 3))
        return pygame.Rect(24, TOP, width, h - TOP - 24)

    def detail_rect(self) -> pygame.Rect:
        w, h = self.app.screen.get_size()
        left = self.list_rect().right + 24
        return pygame.Rect(left, TOP, w - left - 24, h - TOP - 24)

    def card_rect(self, index: int) -> pygame.Rect:
        area = self.list_rect()
        return pygame.Rect(
            area.x + 6, area.y + 6 + index * CARD_H - self.scroll, area.w - 12, CARD_H - 6
        )

    def buttons_width(self) -> int:
        return BUTTONS_W[1] if self.detail_rect().w >= 700 else BUTTONS_W[0]

    def picker_rect(self) -> pygame.Rect:
        """Who plays each team: at the foot of the detail pane's text column, over fog's switch."""
        area = self.detail_rect()
        width = area.w - self.buttons_width() - 48
        return pygame.Rect(area.x + 16, area.bottom - 22 - FOG_H - PICKER_H, width, PICKER_H)

    def buttons(self) -> list[Button]:
        """The menu's buttons, and the level of each team when a map's teams are shown."""
        entry, chooser, settings = self.chooser.entry, self.chooser, self.app.settings
        if entry is None or entry.gm is None:
            return self.menu_buttons()
        picker = self.picker_rect()
        fog = fog_button(fog_rect(picker), chooser.fog(self.app.options.fog))
        return [*self.menu_buttons(), *level_buttons(picker, chooser.levels(settings)), fog]

    def menu_buttons(self) -> list[Button]:
        area = self.detail_rect()
        playable, measuring = self.chooser.playable, self.app.measuring.run is not None
        specs = [
            ("play", _("Play"), playable),
            ("measure", _("Stop measuring") if measuring else _("Measure here"),
             measuring or playable),
            ("learn", _("Learn to play · {lessons_done}/{count}").format(
                lessons_done=lessons_done(self.app.settings), count=len(CHAPTERS)), True),
            ("continue", _("Continue"), self.app.saves.to_continue() is not None),
            ("host", _("Host a game"), playable),
            ("join", _("Join a game"), True),
            ("load", _("Load game..."), True),
            ("open", _("Open map..."), True),
            ("editor", _("Map Editor"), True),
            ("rules", _("Rules"), True),
            ("settings", _("Settings"), True),
            ("quit", _("Quit"), True),
        ]
        width, gap = self.buttons_width(), 8
        height = min(40, (area.h - 32) // len(specs) - gap)  # all fit on the smallest window
        x, y = area.right - width - 16, area.y + 16
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
            self.scroll_by(-event.y * CARD_H // 2)
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
            self.scroll_by(card.top - area.top - 6)
        elif card.bottom > area.bottom:
            self.scroll_by(card.bottom - area.bottom + 6)

    def scroll_by(self, dy: int) -> None:
        longest = max(0, len(self.chooser.entries) * CARD_H + 12 - self.list_rect().h)
        self.scroll = min(max(0, self.scroll + dy), longest)

    def act(self, name: str) -> Transition | None:
        """Run a button's action; the screens it opens are returned, for the loop to open."""
        leave = {
            "play": self.play,
            "learn": lambda: Push(ChooseLesson()),
            "continue": self.continue_game,
            "load": lambda: Push(ListSaves()),
            "host": self.host,
            "join": lambda: Push(JoinSetup()),
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
        draw_text(surface, _("LASER FLAG"), (24, 20), 64, ACCENT, bold=True)
        draw_text(surface, _("laser tag for two, hot-seat or against bots"), (26, 68), 22, DIM)
        self.draw_list(surface)
        self.draw_detail(surface)
        draw_buttons(surface, self.buttons())
        if self.message_ms:
            for i, line in enumerate(wrap(self.message, 22, w - 24 - 360)[:3]):
                draw_text(surface, line, (w - 24, 24 + i * 22), 22, ACCENT, anchor="topright")
        else:
            draw_text(surface, continue_note(self.app.saves), (w - 24, 60), 20, DIM,
                      anchor="topright")

    def draw_list(self, surface: pygame.Surface) -> None:
        area = self.list_rect()
        draw_box(surface, area)
        if not self.chooser.entries:
            draw_text(surface, _("No maps in {maps_dir}").format(
                maps_dir=self.maps_dir), (area.x + 12, area.y + 12), 22, BAD)
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
        thumb_rect = pygame.Rect(card.x + 4, card.y + 3, THUMB, THUMB)
        if entry.gm is not None:
            image = self.thumbnail(entry.gm, THUMB)
            surface.blit(image, image.get_rect(center=thumb_rect.center))
        else:
            pygame.draw.line(surface, BAD, thumb_rect.topleft, thumb_rect.bottomright, 3)
            pygame.draw.line(surface, BAD, thumb_rect.topright, thumb_rect.bottomleft, 3)
        x = thumb_rect.right + 10
        right = card.right - 6
        if entry.badge is not None:
            right = draw_badge(surface, entry.badge, (right, card.y + 6), right - x).left - 6
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(x, card.y, right - x, 30).clip(clip))  # a long name
        draw_text(surface, entry.title, (x, card.y + 6), 24, TEXT, bold=True)
        surface.set_clip(clip)
        if entry.own:
            draw_text(surface, YOURS_TAG, (card.right - 8, card.bottom - 6), 18, ACCENT,
                      anchor="bottomright")
        if entry.gm is not None and entry.error is None:
            facts = map_facts(entry.gm)
            draw_lines(surface, facts, (x, card.y + 28), 18, DIM)
        else:
            lines = wrap(entry.error or "", 18, card.right - x - 6)[:3]
            draw_lines(surface, lines, (x, card.y + 28), 18, BAD)

    def draw_detail(self, surface: pygame.Surface) -> None:
        """Title, facts, as much of the description as leaves room for the board, then players."""
        area, picker = self.detail_rect(), self.picker_rect()
        draw_box(surface, area)
        entry, chooser, launch = self.chooser.entry, self.chooser, self.app.options.fog
        if entry is None:
            return
        text_w = picker.w
        x, y = area.x + 16, area.y + 16
        draw_text(surface, entry.title, (x, y), 36, TEXT, bold=True)
        y += 40
        if entry.gm is not None:
            gm = entry.gm
            byline = _("by {author}").format(
                author=gm.author) if gm.author else str(entry.path.name)
            draw_text(surface, byline, (x, y), 20, DIM)
            facts = [part for line in map_facts(gm) for part in wrap(line, 22, text_w)]
            y = draw_lines(surface, facts, (x, y + 26), 22, TEXT)
            step = font(20).get_linesize()
            if entry.badge is not None:  # on a short window, cut above the players
                detail = wrap_cut(entry.badge.detail, 20, text_w, (picker.y - 8 - y) // step)
                y = draw_lines(surface, detail, (x, y + 4), 20, entry.badge.tone)
            measuring = self.app.measuring.of(entry.path)
            if measuring:
                lines = wrap_cut(measuring, 20, text_w, (picker.y - 8 - y) // step)
                y = draw_lines(surface, lines, (x, y + 4), 20, UNDECIDED_TONE)
            room = picker.y - 16 - y  # the description's, and the board's if it can be big
            board_room = THUMB * 2 if room >= THUMB * 3 else 0  # else the list's one will do
            fits = (room - board_room) // step
            description = wrap_cut(gm.description, 20, text_w, fits)
            y = draw_lines(surface, description, (x, y + 4), 20, DIM)
            size = min(text_w, picker.y - 16 - (y + 10))
            if board_room and size >= THUMB:
                surface.blit(self.thumbnail(gm, size), (x, y + 10))
            palette = Palette.from_map(gm, self.app.settings.alternate_palette)
            draw_picker(surface, picker, gm, chooser.levels(self.app.settings), palette)
            draw_fog_switch(surface, fog_rect(picker), chooser.fog(launch),
                            chooser.fog_is_chosen(launch))
        if entry.error:
            draw_lines(surface, wrap(entry.error, 22, area.w - 32), (x, y), 22, BAD)
