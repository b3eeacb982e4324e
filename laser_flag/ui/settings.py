"""Player preferences kept in settings.json between runs: sound, look, window, players, the
lesson's chapters done.

Settings is the data and what each value may be; settings_file.py reads and writes the file.
A setting is written as soon as it changes (the window size when the game closes). Adding one
means a field and its row in FILE_NAMES: its name in the file and how a value is checked.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..board.theme import DEFAULT_THEME, THEMES, Theme
from ..bots import LEVELS
from ..engine.game_map import TEAMS
from ..i18n import LANGUAGES, N_, SYSTEM, _, use_language
from ..play.seats import all_human
from ..settings_file import SettingsFileError, put_aside, read_values, settings_path, write_values
from ..sound.volumes import DEFAULTS, Volumes

# (label, speed factor); 0 means animations are skipped and results show at once.
ANIMATION_SPEEDS: tuple[tuple[str, float], ...] = (
    (N_("Slow"), 0.5),
    (N_("Normal"), 1.0),
    (N_("Fast"), 2.5),
    (N_("Instant"), 0.0),
)
# The language setting's values: the system's, then each the game speaks.
LANGUAGE_CHOICES: tuple[str, ...] = (SYSTEM, *LANGUAGES)
MIN_SIZE = (800, 560)
DEFAULT_SIZE = (1280, 860)
MAX_SIZE = (8192, 8192)  # the largest window asked for: a bigger one would not fit in memory
MAX_MAPS = 200  # players remembered for this many maps; the longest unused are forgotten first
MAX_SERVERS = 32  # fingerprints remembered for this many servers, likewise
MAX_KEY = 255  # a map's file name, as a file system allows it
MAX_LESSONS = 64  # chapters remembered as done; more than the game has, for later versions'
BASICS_KEY = "basics"  # the lesson's first chapter, once the only one ("tutorial_done")
VOLUME_PARTS = ("master", "music", "effects")  # each kept as a percent, 0 to 100
DEFAULT_VOLUMES = {part: round(getattr(DEFAULTS, part) * 100) for part in VOLUME_PARTS}


@dataclass
class Settings:
    """Mutable on purpose: the settings screen and the game's keys change the same object.

    `store` is the file each change is written to; None (tests, a fresh object) keeps the
    settings for this run only. `notice` is a message for the menu to show once.
    """

    speed_index: int = 1
    alternate_palette: bool = False
    fullscreen: bool = False
    muted: bool = False  # M, anywhere: the game's sounds and music off
    window_size: tuple[int, int] = DEFAULT_SIZE
    # Who plays each team: as last chosen anywhere, and as last chosen for each map file name.
    last_levels: dict[str, str] = field(default_factory=all_human)
    map_levels: dict[str, dict[str, str]] = field(default_factory=dict)
    tutorial_done: bool = False  # the first lesson was won (the file's key before chapters)
    lessons_done: tuple[str, ...] = ()  # the keys of the lesson's chapters won, in that order
    store: Path | None = field(default=None, compare=False, repr=False)
    notice: str | None = field(default=None, compare=False, repr=False)
    # Ending a turn while a unit could still act asks first (E or Enter again confirms).
    confirm_end_turn: bool = True
    volumes_percent: dict[str, int] = field(default_factory=lambda: dict(DEFAULT_VOLUMES))
    theme_name: str = DEFAULT_THEME.name
    coordinates: bool = True  # row and column numbers along the game's board (G toggles them)
    dim_unseen: bool = True  # fog of war: tiles the team cannot see are dimmed (D toggles it)
    pause_after_roll: bool = False  # a person's rolls wait for a key, board-game style
    language: str = SYSTEM  # one of LANGUAGE_CHOICES: the game's and the editor's words
    server_address: str = ""  # Play online's server, as last connected to
    # Each server connected to (its address as typed) and the certificate fingerprint typed
    # with it ("": none), the most recently used last.
    server_pins: dict[str, str] = field(default_factory=dict)

    @property
    def speed_label(self) -> str:
        """The animation speed's name, in the player's language."""
        return _(ANIMATION_SPEEDS[self.speed_index][0])

    @property
    def speed(self) -> float:
        return ANIMATION_SPEEDS[self.speed_index][1]

    def cycle_speed(self, step: int = 1) -> None:
        self.speed_index = (self.speed_index + step) % len(ANIMATION_SPEEDS)
        self.save()

    @property
    def theme(self) -> Theme:
        return THEMES[self.theme_name]

    def volumes(self) -> Volumes:
        """The mixer's levels as set here, for `Mixer.set_volumes`."""
        levels = {part: self.volumes_percent[part] / 100 for part in VOLUME_PARTS}
        return Volumes(**levels, muted=self.muted)

    def set_volume(self, part: str, percent: int) -> None:
        """One of VOLUME_PARTS to `percent`, kept within 0..100; written only when it changed."""
        percent = min(max(percent, 0), 100)
        if self.volumes_percent[part] != percent:
            self.volumes_percent[part] = percent
            self.save()

    def flip(self, attribute: str) -> None:
        """Turn a true/false setting (alternate_palette, muted, coordinates...) the other way."""
        setattr(self, attribute, not getattr(self, attribute))
        self.save()

    def toggle_palette(self) -> None:
        self.flip("alternate_palette")

    def toggle_mute(self) -> None:
        self.flip("muted")

    def cycle_theme(self, step: int = 1) -> None:
        names = list(THEMES)
        self.theme_name = names[(names.index(self.theme_name) + step) % len(names)]
        self.save()

    def cycle_language(self, step: int = 1) -> None:
        """The next language of LANGUAGE_CHOICES, spoken at once: every screen draws its words
        anew each frame, so the one open switches with it."""
        index = LANGUAGE_CHOICES.index(self.language)
        self.language = LANGUAGE_CHOICES[(index + step) % len(LANGUAGE_CHOICES)]
        use_language(self.language)
        self.save()

    def remember_window(self, size: tuple[int, int], fullscreen: bool) -> None:
        """The window as it is now (its windowed size even while fullscreen), for the next run."""
        self.window_size = clamp_size(size)
        self.fullscreen = fullscreen
        self.save()

    def levels_for(self, map_key: str) -> dict[str, str]:
        """Who plays each team on the map file `map_key`: as last chosen for it, else anywhere."""
        return dict(self.map_levels.get(map_key, self.last_levels))

    def cycle_level(self, map_key: str, team: str, step: int = 1) -> None:
        """The next (or previous) of Human, Easy, Normal, Hard for `team` on that map."""
        levels = self.levels_for(map_key)
        levels[team] = LEVELS[(LEVELS.index(levels[team]) + step) % len(LEVELS)]
        self.choose_levels(map_key, levels)

    def choose_levels(self, map_key: str | None, levels: dict[str, str],
                      default: bool = True) -> None:
        """These players for that map (None: no map in particular), and, unless `default` is
        False, the default for the maps never set up."""
        if default:
            self.last_levels = dict(levels)
        if map_key is not None:
            self.map_levels.pop(map_key, None)  # re-inserted last: the most recently used
            self.map_levels[map_key] = dict(levels)
            while len(self.map_levels) > MAX_MAPS:
                del self.map_levels[next(iter(self.map_levels))]
        self.save()

    def use_server(self, address: str, fingerprint: str) -> None:
        """Play online's server as connected to now: remembered as the last one, with its
        fingerprint (the longest unused forgotten first past MAX_SERVERS)."""
        pins = dict(self.server_pins)
        pins.pop(address, None)  # re-inserted last: the most recently used
        pins[address] = fingerprint
        while len(pins) > MAX_SERVERS:
            del pins[next(iter(pins))]
        if (self.server_address, self.server_pins) != (address, pins):
            self.server_address, self.server_pins = address, pins
            self.save()

    def lesson_done(self, key: str) -> bool:
        """Whether the lesson's chapter `key` was won (the basics also as older files say)."""
        return key in self.lessons_done or (key == BASICS_KEY and self.tutorial_done)

    def finish_lesson(self, key: str) -> None:
        """A chapter of the lesson was won: the menu counts it from now on."""
        if self.lesson_done(key):
            return
        self.lessons_done = (*self.lessons_done, key)
        self.tutorial_done = self.tutorial_done or key == BASICS_KEY
        self.save()

    def take_notice(self) -> str | None:
        """The pending message (a bad settings file, a failed write), once."""
        notice, self.notice = self.notice, None
        return notice

    def to_values(self) -> dict[str, Any]:
        """The settings as settings.json names them."""
        return {name: way.write(getattr(self, way.attribute)) for name, way in FILE_NAMES.items()}

    def save(self) -> None:
        """Write every setting to the store, if there is one; a failure becomes the notice."""
        if self.store is None:
            return
        try:
            write_values(self.store, self.to_values())
        except OSError as err:
            self.notice = _("Settings not saved to {store}: {value}").format(
                store=self.store, value=err.strerror or err)


# ----- reading a file's values: each one checked, type first, a bad one named ----------------


def _one_of(value: Any, names: Sequence[str]) -> str:
    """`value` if it is one of `names` (a string, so never unhashable: a list or an object in
    the file once crashed the lookup)."""
    if not isinstance(value, str) or value not in names:
        raise ValueError(f"must be one of {', '.join(names)}")
    return value


def _speed(value: Any) -> int:
    labels = [label for label, __ in ANIMATION_SPEEDS]
    return labels.index(_one_of(value, labels))


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ValueError("must be true or false")
    return value


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _volumes(value: Any) -> dict[str, int]:
    if not isinstance(value, dict) or set(value) != set(VOLUME_PARTS):
        raise ValueError(f"must give {', '.join(VOLUME_PARTS)}")
    if not all(_is_int(v) and 0 <= v <= 100 for v in value.values()):
        raise ValueError("volumes must be whole percents from 0 to 100")
    return dict(value)


def _language(value: Any) -> str:
    return _one_of(value, LANGUAGE_CHOICES)

def _address(value: Any) -> str:
    return _line(value, "must be HOST or HOST:PORT, at most 100 characters")


def _pins(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or len(value) > MAX_SERVERS:
        raise ValueError(f"must be an object of at most {MAX_SERVERS} servers")
    return {_address(address): _line(pin, "a server's fingerprint must be text of at most 100 "
                                          "characters")
            for address, pin in value.items()}


def _line(value: Any, why: str) -> str:
    """`value` if it is one line of printable text of at most 100 characters; else ValueError
    `why`."""
    if not (isinstance(value, str) and len(value) <= 100 and value.isprintable()):
        raise ValueError(why)
    return value


def _theme(value: Any) -> str:
    return _one_of(value, list(THEMES))


def _size(value: Any) -> tuple[int, int]:
    if not (isinstance(value, list) and len(value) == 2 and all(_is_int(v) for v in value)):
        raise ValueError("must be [width, height]")
    if clamp_size(value) != tuple(value):
        raise ValueError(f"must be from {MIN_SIZE} to {MAX_SIZE}")
    return value[0], value[1]


def _levels(value: Any) -> dict[str, str]:
    if not isinstance(value, dict) or set(value) != set(TEAMS):
        raise ValueError(f"must name a player for teams {' and '.join(TEAMS)}")
    return {team: _one_of(level, LEVELS) for team, level in value.items()}


def _map_levels(value: Any) -> dict[str, dict[str, str]]:
    if not isinstance(value, dict) or len(value) > MAX_MAPS:
        raise ValueError(f"must be an object of at most {MAX_MAPS} maps")
    if any(not 0 < len(key) <= MAX_KEY for key in value):
        raise ValueError(f"map file names must be 1 to {MAX_KEY} characters")
    return {key: _levels(levels) for key, levels in value.items()}


def _lessons(value: Any) -> tuple[str, ...]:
    if not isinstance(value, list) or len(value) > MAX_LESSONS:
        raise ValueError(f"must be a list of at most {MAX_LESSONS} chapter names")
    if any(not isinstance(key, str) or not 0 < len(key) <= MAX_KEY for key in value):
        raise ValueError(f"chapter names must be text of 1 to {MAX_KEY} characters")
    return tuple(dict.fromkeys(value))


def _copy(value: Any) -> Any:
    return json.loads(json.dumps(value))  # JSON's own types: lists for tuples, fresh dicts


@dataclass(frozen=True)
class Stored:
    """How one Settings attribute is kept in the file: `read` checks a file's value (ValueError:
    why it is refused) and turns it into the attribute's; `write` turns that back into JSON."""

    attribute: str
    read: Callable[[Any], Any]
    write: Callable[[Any], Any] = _copy


FILE_NAMES: dict[str, Stored] = {
    "animation_speed": Stored("speed_index", _speed, lambda index: ANIMATION_SPEEDS[index][0]),
    "alternate_palette": Stored("alternate_palette", _flag),
    "fullscreen": Stored("fullscreen", _flag),
    "muted": Stored("muted", _flag),
    "confirm_end_turn": Stored("confirm_end_turn", _flag),
    "volumes": Stored("volumes_percent", _volumes),
    "theme": Stored("theme_name", _theme),
    "board_coordinates": Stored("coordinates", _flag),
    "dim_unseen_tiles": Stored("dim_unseen", _flag),
    "pause_after_roll": Stored("pause_after_roll", _flag),
    "language": Stored("language", _language),
    "window_size": Stored("window_size", _size),
    "players": Stored("last_levels", _levels),
    "players_by_map": Stored("map_levels", _map_levels),
    "tutorial_done": Stored("tutorial_done", _flag),
    "lessons_done": Stored("lessons_done", _lessons),
    "server_address": Stored("server_address", _address),
    "server_fingerprints": Stored("server_pins", _pins),
}


def clamp_size(size: tuple[int, int] | list[int]) -> tuple[int, int]:
    """A window size brought within MIN_SIZE and MAX_SIZE."""
    return (
        min(max(size[0], MIN_SIZE[0]), MAX_SIZE[0]),
        min(max(size[1], MIN_SIZE[1]), MAX_SIZE[1]),
    )


def from_values(values: dict[str, Any]) -> tuple[Settings, list[str]]:
    """Settings from a file's named values: unknown names ignored, a bad value left at its
    default and described in the returned problems."""
    fields: dict[str, Any] = {}
    problems: list[str] = []
    for name, way in FILE_NAMES.items():
        if name in values:
            try:
                fields[way.attribute] = way.read(values[name])
            except ValueError as err:
                problems.append(f"{name!r} {err}")
    return Settings(**fields), problems


def load_settings(path: Path | None = None) -> Settings:
    """The saved settings, each change written back to the same file (settings_path() unless
    given), their language spoken from now on. An unusable file, or a bad value in it, is moved
    to settings.json.bad and the defaults stand in; `notice` then says so in one line."""
    path = settings_path() if path is None else path
    try:
        settings, problems = from_values(read_values(path))
    except SettingsFileError as err:
        settings, problems = Settings(), [str(err)]
    settings.store = path
    if problems:
        settings.notice = _set_aside(path, problems)
    use_language(settings.language)
    return settings


def _set_aside(path: Path, problems: list[str]) -> str:
    try:
        kept = _("kept as {name}").format(name=put_aside(path).name)
    except OSError as err:
        kept = _("could not be moved aside ({value})").format(value=err.strerror or err)
    if len(problems) == 1:
        said = _("{name}: {problems}; {kept}, defaults used for what could not be read")
    else:
        said = _("{name}: {problems} (and {value} more); {kept}, defaults used for what could "
                 "not be read")
    return said.format(name=path.name, problems=problems[0], value=len(problems) - 1, kept=kept)


@dataclass(frozen=True)
class LaunchOptions:
    """What the command line fixed for the whole run, passed to every game started in it.

    `seed` None: each new game draws fresh dice; a seed given (`--seed`): every game uses it.
    `state_file`: the debug dump of the game being played (`--state-file`).
    `fog`: fog of war for every game (`--fog` / `--no-fog`); None: as each map says.
    """

    seed: int | None = None
    state_file: Path | None = None
    fog: bool | None = None
