"""Property tests: any map file, save file or action ends in a clean result or the one refusal.

Hypothesis makes the inputs: raw bytes, arbitrary JSON, and honest maps and saves with one
value somewhere replaced by arbitrary JSON. A quick budget runs in every test run; the same
properties with a long budget are marked slow.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from laser_flag import saves
from laser_flag.engine import Game, load_map
from laser_flag.engine.actions import EndTurn, Fire, IllegalAction, Move
from laser_flag.engine.mapfile import MapError, map_problems, parse_map
from laser_flag.engine.record import state_digest
from map_editor import symmetry
from map_editor.defaults import proposals
from map_editor.document import MapDocument
from map_editor.storage import read_map
from map_editor.validation import check
from map_editor.words import problem_row

MAPS = Path(__file__).resolve().parents[2] / "maps"
QUICK = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
LONG = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner,
                                                                 max_size=4),
    max_leaves=12,
)


def honest_map() -> dict[str, Any]:
    return json.loads((MAPS / "duel.json").read_text(encoding="utf-8"))


def honest_save() -> dict[str, Any]:
    game = Game(load_map(MAPS / "duel.json"), seed=4)
    rng = random.Random(4)
    while len(game.history) < 12:
        game.apply(rng.choice(game.legal_actions()))
    return saves.save_dict(game, {"names": {"1": "Ann", "2": "Ben"}})


def paths_in(value: Any, prefix: tuple = ()) -> list[tuple]:
    """Every key path of a JSON value, the value itself first."""
    found = [prefix]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += paths_in(inner, (*prefix, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += paths_in(inner, (*prefix, i))
    return found


def replaced(value: Any, path: tuple, new: Any) -> Any:
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = replaced(value[path[0]], path[1:], new)
    return copy


@st.composite
def mutated(draw: st.DrawFn, honest: Any) -> Any:
    """`honest` with the value at one key path replaced by arbitrary JSON."""
    path = draw(st.sampled_from(paths_in(honest)))
    return replaced(honest, path, draw(json_values))


HONEST_MAP, HONEST_SAVE = honest_map(), honest_save()
# Deep nesting and long integers, spliced into an honest file's text at its first key.
extremes = st.one_of(
    st.integers(0, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 6000).map(lambda n: "9" * n),
    st.sampled_from(["NaN", "-Infinity", "1e999", '"\\ud800"']),
)


def spliced(honest: dict[str, Any]) -> st.SearchStrategy[bytes]:
    text = json.dumps(honest)
    return extremes.map(lambda value: ('{"_": ' + value + ", " + text[1:]).encode())


map_bytes = st.one_of(
    spliced(HONEST_MAP),
    st.binary(max_size=200),
    json_values.map(lambda v: json.dumps(v).encode()),
    mutated(HONEST_MAP).map(lambda v: json.dumps(v).encode()),
)
save_bytes = st.one_of(
    spliced(HONEST_SAVE),
    st.binary(max_size=200),
    json_values.map(lambda v: json.dumps(v).encode()),
    mutated(HONEST_SAVE).map(lambda v: json.dumps(v).encode()),
)


def write_once(tmp_path_factory: pytest.TempPathFactory, content: bytes) -> Path:
    path = tmp_path_factory.mktemp("fuzz") / "input.json"
    path.write_bytes(content)
    return path


def reads_cleanly(load, refusal: type[Exception], path: Path) -> None:
    """`load(path)` returns or raises `refusal` in one line, and the file stays as it was."""
    before = path.read_bytes(), path.stat().st_mtime_ns
    try:
        load(path)
    except refusal as err:
        assert "\n" not in str(err) and len(str(err)) < 600
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before


def check_map(tmp_path_factory, content: bytes) -> None:
    reads_cleanly(load_map, MapError, write_once(tmp_path_factory, content))


def check_problems(data: Any) -> None:
    """map_problems lists a problem exactly when parse_map refuses, its first the one raised."""
    problems = map_problems(data, "m.json")
    try:
        parse_map(data, "m.json")
    except MapError as err:
        assert problems and str(problems[0]) == str(err)
    else:
        assert problems == []
    assert all(str(e) == f"m.json: {e.detail}" for e in problems)


def check_editor_opens(tmp_path_factory, content: bytes) -> None:
    """The editor opens a map or refuses it with MapError; what it opens it can show, list the
    problems of (with their places) and propose defaults for."""
    path = write_once(tmp_path_factory, content)
    try:
        data = read_map(path)
    except MapError:
        return
    doc = MapDocument(data, path)
    checked = check(doc.data, path.name)
    assert all(problem_row(p, doc.unit_rows)[0] for p in checked.problems)
    assert set(proposals(doc.data)) == {"team_names", "score_limit"}
    symmetry.symmetries(doc)


def check_save(tmp_path_factory, content: bytes) -> None:
    reads_cleanly(saves.load_save, saves.SaveError, write_once(tmp_path_factory, content))


ids = st.one_of(
    st.integers(-3, 12), st.booleans(), st.floats(), st.text(max_size=2), st.none(),
    st.integers(), st.lists(st.integers(0, 9), max_size=3),
)
positions = st.one_of(
    st.tuples(st.integers(-2, 22), st.integers(-2, 22)),
    st.lists(st.integers(0, 20), max_size=3),
    st.tuples(ids, ids),
    st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9)),
    ids,
)
actions = st.one_of(
    st.builds(Move, ids, positions),
    st.builds(Fire, ids, ids),
    st.just(EndTurn()),
    json_values,
)


def check_apply(moves: list[Any], seed: int) -> None:
    """Legal play mixed with arbitrary actions: a refusal changes neither state nor history."""
    game = Game(load_map(MAPS / "duel.json"), seed=seed)
    rng = random.Random(seed)
    for action in moves:
        if game.over:
            return
        before = state_digest(game), list(game.history)
        try:
            game.apply(action)
        except IllegalAction as err:
            assert err.reason and (state_digest(game), game.history) == before
        game.apply(rng.choice(game.legal_actions()))


@QUICK
@given(content=map_bytes)
def test_any_map_file_loads_or_is_refused_untouched(tmp_path_factory, content):
    check_map(tmp_path_factory, content)


@QUICK
@given(data=st.one_of(json_values, mutated(HONEST_MAP), mutated(HONEST_MAP).flatmap(mutated)))
def test_every_problem_listed_starts_with_the_one_the_loader_raises(data):
    check_problems(data)


@QUICK
@given(content=map_bytes)
def test_the_editor_opens_any_map_file_it_can_show_or_refuses_it(tmp_path_factory, content):
    check_editor_opens(tmp_path_factory, content)


@QUICK
@given(content=save_bytes)
def test_any_save_file_loads_or_is_refused_untouched(tmp_path_factory, content):
    check_save(tmp_path_factory, content)


@QUICK
@given(moves=st.lists(actions, max_size=15), seed=st.integers(0, 2**32))
def test_any_action_applies_or_is_refused_changing_nothing(moves, seed):
    check_apply(moves, seed)


@pytest.mark.soak
@LONG
@given(content=map_bytes)
def test_long_any_map_file_loads_or_is_refused_untouched(tmp_path_factory, content):
    check_map(tmp_path_factory, content)


@pytest.mark.soak
@LONG
@given(data=st.one_of(json_values, mutated(HONEST_MAP), mutated(HONEST_MAP).flatmap(mutated)))
def test_long_every_problem_listed_starts_with_the_one_the_loader_raises(data):
    check_problems(data)


@pytest.mark.soak
@LONG
@given(content=map_bytes)
def test_long_the_editor_opens_any_map_file_it_can_show_or_refuses_it(tmp_path_factory,
                                                                      content):
    check_editor_opens(tmp_path_factory, content)


@pytest.mark.soak
@LONG
@given(content=save_bytes)
def test_long_any_save_file_loads_or_is_refused_untouched(tmp_path_factory, content):
    check_save(tmp_path_factory, content)


@pytest.mark.soak
@LONG
@given(moves=st.lists(actions, max_size=15), seed=st.integers(0, 2**32))
def test_long_any_action_applies_or_is_refused_changing_nothing(moves, seed):
    check_apply(moves, seed)
