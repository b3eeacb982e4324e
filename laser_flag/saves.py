"""Saved games: versioned JSON holding the map, seed and actions, checked by a state digest.

A save is the game's record (OpenSpiel style), never a pickle: loading rebuilds the embedded
map, replays the actions on Game(map, seed) and must arrive at the stored digest, so a
continued game rolls exactly the dice the uninterrupted one would have. A file that cannot be
read is refused with a SaveError naming it; it is never changed or deleted.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from . import __version__
from .engine import json_reader
from .engine.actions import Action, IllegalAction
from .engine.data_folder import DATA_DIR_ENV, data_dir  # noqa: F401 -- saves.DATA_DIR_ENV stays
from .engine.game import Game
from .engine.game_map import TEAMS, GameMap
from .engine.json_reader import clip
from .engine.mapfile import MapError, parse_map, write_atomic
from .engine.record import action_from_json, action_to_json, state_digest
from .replay_index import ReplayIndex
from .save_schema import MAX_SAVE_BYTES, SAVE_FORMAT, SAVE_VERSION, SchemaError, check_save

AUTOSAVE_NAME = "autosave.json"


class SaveError(ValueError):
    """A save that cannot be loaded; the message names the file and the problem."""


class ReplayMismatch(SaveError):
    """A readable save whose actions do not reproduce its stored state (a bug report's case)."""


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


# ----- where saves live ---------------------------------------------------------------------


def saves_dir() -> Path:
    return data_dir() / "saves"


def autosave_path() -> Path:
    return saves_dir() / AUTOSAVE_NAME


# ----- writing ------------------------------------------------------------------------------


def save_dict(game: Game, teams: dict[str, Any]) -> dict[str, Any]:
    """The JSON object of a save of `game` as it stands now."""
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "game_version": __version__,  # which Laser Flag wrote it, for bug reports
        "saved_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "map_name": game.map.name,
        "map": game.map.to_json_dict(),
        "seed": game.seed,
        "fog": game.fog,
        "actions": [action_to_json(a) for a in game.history],
        "teams": teams,
        "turn": game.turn,
        "round": game.round,
        "scores": dict(game.scores),
        "over": game.over,
        **({"winner": game.winner, "victory": game.victory} if game.over else {}),
        "final_digest": state_digest(game),
    }


def write_save(path: str | os.PathLike[str], game: Game, teams: dict[str, Any]) -> Path:
    """Write atomically (temp file + rename): a crash mid-write leaves the old file whole.

    One line of JSON, not the maps' indented layout: the autosave is written after every
    action, and laying out a long game's actions cost ten times the write itself.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(save_dict(game, teams), ensure_ascii=False, allow_nan=False) + "\n"
    data = text.encode("utf-8")
    write_atomic(target, lambda f: f.write(data))
    return target


def autosave(game: Game, teams: dict[str, Any]) -> Path:
    return write_save(autosave_path(), game, teams)


def new_save_path(game: Game) -> Path:
    """A fresh file name in the saves folder: map name and time, never an existing file."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    stem = "".join(ch if ch.isalnum() or ch in "-_" else "_" for ch in game.map.name) or "game"
    path = saves_dir() / f"{stem}-{stamp}.json"
    n = 2
    while path.exists():
        path = saves_dir() / f"{stem}-{stamp}-{n}.json"
        n += 1
    return path


# ----- reading ------------------------------------------------------------------------------


def read_save_data(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A save's JSON object, its whole shape checked (save_schema); SaveError otherwise."""
    where = os.fspath(path)
    try:
        data = json_reader.read_json(path, MAX_SAVE_BYTES)
        check_save(data)
    except (json_reader.ReadError, SchemaError) as err:
        raise SaveError(f"{where}: {err.place}: {err.problem}") from None
    return data


def _bad_map(err: MapError) -> SaveError:
    """The map's own message: it already names the save, as "<save> (embedded map)"."""
    return SaveError(clip(str(err), 400))


def _embedded_map(where: str, data: dict[str, Any]) -> GameMap:
    try:
        return parse_map(data["map"], f"{where} (embedded map)")
    except MapError as err:
        raise _bad_map(err) from None


def load_save(path: str | os.PathLike[str]) -> LoadedSave:
    """Rebuild the map, replay the actions, check the digest and the header; SaveError says
    what failed (ReplayMismatch when the file reads but does not reproduce itself)."""
    where = os.fspath(path)
    data = read_save_data(path)
    gm = _embedded_map(where, data)
    actions = [action_from_json(a) for a in data["actions"]]  # shapes checked by the schema
    try:
        index = ReplayIndex(gm, data["seed"], actions, fog=data.get("fog", False))
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
    )


def list_saves(folder: Path | None = None) -> tuple[list[SaveInfo], list[str]]:
    """Saves in the folder, newest first, and one message per file that could not be read."""
    folder = saves_dir() if folder is None else folder
    if not folder.is_dir():
        return [], []
    infos: list[SaveInfo] = []
    problems: list[str] = []
    for path in sorted(folder.glob("*.json")):
        try:
            infos.append(save_info(path))
        except SaveError as err:
            problems.append(str(err))
    infos.sort(key=lambda info: (info.saved_at, info.path.name), reverse=True)
    return infos, problems


def latest_autosave() -> Path | None:
    path = autosave_path()
    return path if path.is_file() else None


def folder_stamp() -> int | None:
    """When the saves folder last changed (a save written, renamed or deleted); None: no folder."""
    try:
        return saves_dir().stat().st_mtime_ns
    except OSError:
        return None


def latest_unfinished() -> SaveInfo | None:
    """The save Continue resumes: the newest of a game not yet over (the autosave, mostly)."""
    infos, _ = list_saves()
    return next((info for info in infos if not info.over), None)
