"""Saved games: versioned JSON holding the map, seed and actions, checked by two digests.

A save is the game's record (OpenSpiel style), never a pickle: loading rebuilds the embedded
map, replays the actions on Game(map, seed) and must arrive at the stored state digest, so a
continued game rolls exactly the dice the uninterrupted one would have. A save of version 2
also holds `digest`, a SHA-256 of everything else in it: an edited tile, action or name is
refused even when the replay would arrive at the same state (version 1 saves, which have none,
load as before). A file that cannot be read is refused with a SaveError naming it; it is never
changed or deleted. Nothing is written that this module would refuse to read back.

Which file holds which game, and the list of saves, are save_slot.py's and save_index.py's.
"""

from __future__ import annotations

import hashlib
import json
import os
import unicodedata
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import __version__
from .data_folder import data_dir
from .engine import json_reader
from .engine.actions import Action, EndTurn, IllegalAction
from .engine.game import Game
from .engine.game_map import TEAMS, GameMap
from .engine.history import History
from .engine.json_reader import MAX_DEPTH, clip
from .engine.mapfile import MapError, parse_map, write_atomic
from .engine.record import action_from_json, action_to_json, state_digest
from .replay_index import ReplayIndex
from .save_schema import (
    MAX_ACTIONS,
    MAX_SAVE_BYTES,
    SAVE_FORMAT,
    SAVE_VERSION,
    SchemaError,
    check_save,
    check_to_write,
)

LEGACY_AUTOSAVE = "autosave.json"  # earlier versions' one autosave: still listed, never made
MAX_STEM_BYTES = 96  # of a save's file name taken from its map's name: any file system takes it
MAX_SAME_SECOND = 1000  # saves of one map in one second before new_save_path gives up

# What a long load is doing: (words for the player, done, out of); it may raise to stop it.
Progress = Callable[[str, int, int], None]
READING, REPLAYING = "Reading the save", "Replaying"  # load_save's steps, in this order


class SaveError(ValueError):
    """A save that cannot be loaded; the message names the file and the problem."""


class ReplayMismatch(SaveError):
    """A readable save whose contents do not reproduce themselves: its actions do not arrive
    at its stored state, or the file was changed after it was written (a bug report's case)."""


class UnsavableGame(SaveError):
    """A game whose save could not be read back (past a limit of the reader): none is written."""


@dataclass
class LoadedSave:
    """A save read back: the replayed game at its saved state, and the players' settings."""

    path: Path
    gm: GameMap
    game: Game
    actions: list[Action]
    teams: dict[str, Any]
    saved_at: str
    replay: ReplayIndex | None = None  # every state of the game, from the loader's replay

    @property
    def names(self) -> dict[str, str]:
        return team_names(self.gm, self.teams)


def team_names(gm: GameMap, teams: dict[str, Any]) -> dict[str, str]:
    """The teams' names in a save: the map's, as the players renamed them."""
    return {t: gm.teams[t].name for t in TEAMS} | teams.get("names", {})


@dataclass(frozen=True)
class SaveInfo:
    """One line of the saves list: enough to choose, without replaying the game."""

    path: Path
    map_name: str
    saved_at: str
    turn: int
    round: int
    scores: dict[str, int]
    over: bool
    levels: dict[str, str]  # who played each team as the save says; {} when it does not
    names: dict[str, str]  # the teams' names: the map's, as the players renamed them
    winner: str | None = None  # a finished game's: "1", "2" or "draw"
    victory: str | None = None  # and why (GameOver.victory)
    fog: bool = False
    actions: int = 0


def saves_dir() -> Path:
    return data_dir() / "saves"


# ----- writing ------------------------------------------------------------------------------


def save_header(game: Game, teams: dict[str, Any]) -> dict[str, Any]:
    """The JSON object of a save of `game` as it stands now, but for its actions and `digest`:
    nothing in it grows with the game (the map is the map's)."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game_version": __version__,  # which Laser Flag wrote it, for bug reports
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "map_name": game.map.name,
        "map": game.map.to_json_dict(),
        "seed": game.seed,
        "fog": game.fog,
        "teams": teams,
        "turn": game.turn,
        "round": game.round,
        "scores": dict(game.scores),
        "over": game.over,
        **({"winner": game.winner, "victory": game.victory} if game.over else {}),
        "final_digest": state_digest(game),
    }


def save_dict(game: Game, teams: dict[str, Any]) -> dict[str, Any]:
    """The JSON object of a save of `game` as it stands now, but for its `digest`."""
    return {**save_header(game, teams), "actions": [action_to_json(a) for a in game.history]}


def canonical(data: Any) -> str:
    """The one text of a save's object that its digest is taken of: sorted keys, no spaces."""
    return json.dumps(data, ensure_ascii=False, allow_nan=False, sort_keys=True,
                      separators=(",", ":"))


def record_digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


OPENING = b'{"actions":['  # "actions" sorts first of a save's keys: its canonical text opens so


class SaveText:
    """A game's save file, made again after each of its actions with work that does not grow
    with the game. The canonical text is `{"actions":[`, the actions, `],` and the header
    (save_header): the actions' text and the digest's SHA-256 over everything up to its end
    are kept, so a file encodes and hashes only the actions added since the one before, and
    the header. A game that went back (undo) or forked is encoded again from its start.
    One per file being written, used by one thread at a time."""

    def __init__(self) -> None:
        self._start()

    def _start(self) -> None:
        """Nothing encoded yet."""
        self._history: History = History()  # the actions encoded so far
        self._actions = bytearray()  # their canonical texts, comma-separated, UTF-8
        self._hash = hashlib.sha256(OPENING)  # of the canonical text up to their end
        self._turns = 1  # the turns they make: one more than their end_turns

    def file(self, game: Game, teams: dict[str, Any]) -> bytes:
        """The file of a save of `game`, one line of JSON: its canonical text, then its digest.

        UnsavableGame when the reader would refuse it (too many actions, too large, a name too
        long): a file that cannot be loaded is worse than none, as it hides the last good one.
        """
        self._catch_up(game.history)
        header = save_header(game, teams)
        actions = len(self._history)
        try:
            check_to_write(header, actions, self._turns)
            map_text = game.map.memo(_map_text)
            rest = _header_text(header, map_text).encode("utf-8")
        except (SchemaError, MapError, UnicodeEncodeError) as err:
            if actions > MAX_ACTIONS:
                raise UnsavableGame(
                    f"the game is past {MAX_ACTIONS:,} actions, the most a save holds") from None
            raise UnsavableGame(f"the save could not be read back: {clip(str(err), 160)}") from None
        digest = self._hash.copy()
        digest.update(b"]," + rest[1:])
        raw = b"".join((OPENING, self._actions, b"],", rest[1:-1],
                        b',"digest":"', digest.hexdigest().encode(), b'"}\n'))
        if len(raw) > MAX_SAVE_BYTES:
            raise UnsavableGame(f"the save would be {len(raw) / 2**20:.1f} MiB, more than the "
                                f"{MAX_SAVE_BYTES / 2**20:g} MiB a save may be")
        return raw

    def _catch_up(self, history: History) -> None:
        """Encode the actions of `history` not encoded yet; from the start when it does not go
        on from those encoded (the shared list of a History only ever grows)."""
        known = self._history
        if not (history.shares_storage_with(known) and len(history) >= len(known)):
            self._start()  # a game gone back or forked: afresh
            known = self._history
        for action in history[len(known):]:
            text = canonical(action_to_json(action)).encode("utf-8")
            piece = b"," + text if self._actions else text
            self._actions += piece
            self._hash.update(piece)
            self._turns += type(action) is EndTurn
        self._history = history


def _map_text(gm: GameMap) -> str:
    """A map's canonical text inside a save, once per map (it never changes), checked to load
    back as this map: within the reader's depth (the save adds a level) and valid."""
    data = gm.to_json_dict()
    if _depth(data) + 1 > MAX_DEPTH:
        raise MapError(f"the map nests deeper than {MAX_DEPTH - 1} levels")
    parse_map(data, "(embedded map)")
    return canonical(data)


def _header_text(header: dict[str, Any], map_text: str) -> str:
    """canonical(header), its map's text the map's own: "map" sorts just before "map_name",
    which every header has and no key before it can hold."""
    text = canonical({key: value for key, value in header.items() if key != "map"})
    at = text.index('"map_name":')
    return f'{text[:at]}"map":{map_text},{text[at:]}'


def save_bytes(game: Game, teams: dict[str, Any]) -> bytes:
    """The file of a save of `game` (SaveText.file, made afresh)."""
    return SaveText().file(game, teams)


def _depth(value: Any) -> int:
    if isinstance(value, dict):
        return 1 + max(map(_depth, value.values()), default=0)
    if isinstance(value, list):
        return 1 + max(map(_depth, value), default=0)
    return 0


def write_save(path: str | os.PathLike[str], game: Game, teams: dict[str, Any], *,
               exclusive: bool = False, text: SaveText | None = None) -> Path:
    """Write atomically (temp file + rename): a crash mid-write leaves the old file whole.
    `exclusive`: only as a new file (FileExistsError if the name is taken, by anyone). `text`:
    the SaveText of the file's game, kept between its writes."""
    target = Path(path)
    data = (text or SaveText()).file(game, teams)
    target.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(target, lambda f: f.write(data), exclusive=exclusive)
    return target


def file_stem(name: str) -> str:
    """A map's name as the start of a file name: its letters and digits (other characters
    become _), at most MAX_STEM_BYTES bytes of UTF-8, so that every file system takes the
    whole name (they count bytes, and a letter may take four)."""
    name = unicodedata.normalize("NFC", name)
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in name)
    return stem.encode("utf-8")[:MAX_STEM_BYTES].decode("utf-8", "ignore") or "game"


def new_save_paths(map_name: str, folder: Path | None = None) -> Iterator[Path]:
    """Names for a new save of a game on `map_name`: its map and the time, then -2, -3...
    for more in the same second. Taking one is the writer's business (write it exclusively)."""
    folder = saves_dir() if folder is None else folder
    stem = f"{file_stem(map_name)}-{datetime.now().strftime('%Y%m%d-%H%M%S')}"
    yield folder / f"{stem}.json"
    for n in range(2, MAX_SAME_SECOND):
        yield folder / f"{stem}-{n}.json"


def write_new_save(game: Game, teams: dict[str, Any], folder: Path | None = None) -> Path:
    """A save under a new name (new_save_paths): never another file's, even one written by
    another copy of the game in the same second."""
    return write_new_file(SaveText().file(game, teams), game.map.name, folder)


def write_new_file(data: bytes, map_name: str, folder: Path | None = None) -> Path:
    """A save file's whole `data` (one made elsewhere: a server's replay) under a new name,
    atomically, as write_new_save writes one."""
    for path in new_save_paths(map_name, folder):
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            write_atomic(path, lambda f: f.write(data), exclusive=True)
        except FileExistsError:
            continue
        return path
    raise FileExistsError(f"{MAX_SAME_SECOND} saves of {map_name} in one second")


# ----- reading ------------------------------------------------------------------------------


def read_save_data(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A save's JSON object, its whole shape checked (save_schema) and its digest matched;
    SaveError (ReplayMismatch for a digest that does not match) otherwise."""
    where = os.fspath(path)
    try:
        data = json_reader.read_json(path, MAX_SAVE_BYTES)
        check_save(data)
    except (json_reader.ReadError, SchemaError) as err:
        raise SaveError(f"{where}: {err.place}: {err.problem}") from None
    if "digest" in data:
        body = {key: value for key, value in data.items() if key != "digest"}
        if record_digest(canonical(body)) != data["digest"]:
            raise ReplayMismatch(
                f"{where}: the file was changed after it was saved (its digest does not match)"
            )
    return data


def _bad_map(err: MapError) -> SaveError:
    """The map's own message: it already names the save, as "<save> (embedded map)"."""
    return SaveError(clip(str(err), 400))


def _embedded_map(where: str, data: dict[str, Any]) -> GameMap:
    try:
        return parse_map(data["map"], f"{where} (embedded map)")
    except MapError as err:
        raise _bad_map(err) from None


def load_save(path: str | os.PathLike[str], progress: Progress | None = None) -> LoadedSave:
    """Rebuild the map, replay the actions, check the digests and the header; SaveError says
    what failed (ReplayMismatch when the file reads but does not reproduce itself). A long
    save takes seconds: `progress` hears how far the replay is (and may raise to stop it)."""
    where = os.fspath(path)
    tell = progress or (lambda words, done, total: None)
    tell(READING, 0, 1)
    data = read_save_data(path)
    gm = _embedded_map(where, data)
    actions = [action_from_json(a) for a in data["actions"]]  # shapes checked by the schema
    tell(REPLAYING, 0, len(actions))
    try:
        index = ReplayIndex(gm, data["seed"], actions, fog=data.get("fog", False),
                            progress=lambda done, total: tell(REPLAYING, done, total))
    except MapError as err:  # a map on which no game can start
        raise _bad_map(err) from None
    except IllegalAction as err:
        raise ReplayMismatch(f"{where}: the game cannot be replayed: {err}") from None
    game = index.game_at(index.last).copy()  # the caller's to play on; the index keeps its own
    if state_digest(game) != data["final_digest"]:
        raise ReplayMismatch(
            f"{where}: replaying the actions does not reproduce the saved state (digest mismatch)"
        )
    _check_header(where, data, game)
    return LoadedSave(
        Path(path), gm, game, actions, dict(data["teams"]), data.get("saved_at", ""), index
    )


def _check_header(where: str, data: dict[str, Any], game: Game) -> None:
    """What the saves list shows must be what the replay arrives at."""
    replayed = {
        "turn": game.turn,
        "round": game.round,
        "scores": game.scores,
        "over": game.over,
        "winner": game.winner,
        "victory": game.victory,
    }
    if data["map"].get("name"):  # a map without one is named after its file, unknown here
        replayed["map_name"] = game.map.name
    for key, value in replayed.items():
        if key in data and data[key] != value:
            raise ReplayMismatch(
                f"{where}: the header's {key} {clip(repr(data[key]), 40)} is not the replayed "
                f"game's {clip(repr(value), 40)}"
            )


def save_info(path: Path) -> SaveInfo:
    """The list entry of a save, read from its checked header (SaveError if it is not a save)."""
    data = read_save_data(path)
    gm = _embedded_map(os.fspath(path), data)
    return SaveInfo(
        path=path,
        map_name=data.get("map_name", gm.name),
        saved_at=data.get("saved_at", ""),
        turn=data["turn"],
        round=data.get("round", (data["turn"] + 1) // 2),
        scores=dict(data["scores"]),
        over=data.get("over", False),
        levels=dict(data["teams"].get("levels", {})),
        names=team_names(gm, data["teams"]),
        winner=data.get("winner"),
        victory=data.get("victory"),
        fog=data.get("fog", False),
        actions=len(data["actions"]),
    )
