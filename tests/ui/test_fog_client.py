"""Fog of war in the client, headless through the real main loop: the board as the
viewing team knows it, the hand-off between two players, Continue, replays' view switch."""

from __future__ import annotations

from dataclasses import replace

import pygame
import pytest

from laser_flag import saves
from laser_flag.app import launch_options, main, parse_args
from laser_flag.board.draw import tile_rect
from laser_flag.board.palette import Palette
from laser_flag.bots import HUMAN
from laser_flag.engine.actions import EndTurn, Move
from laser_flag.engine.events import Disqualified, Event, Moved, SeenMove, TurnEnded
from laser_flag.engine.fog import as_seen
from laser_flag.engine.game import Game
from laser_flag.engine.mapfile import parse_map
from laser_flag.play.fog_view import team_view, units_before, viewer
from laser_flag.play.log_text import event_text
from laser_flag.play.playback import Playback
from laser_flag.play.session import Session, UndoRefusal
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.game.handoff_scene import HandOffScene
from laser_flag.ui.game.panel import HINT
from laser_flag.ui.game.unit_card import FOG_RISK
from laser_flag.ui.game.unit_looks import unit_looks
from laser_flag.ui.loop import App
from laser_flag.ui.replay.replay_scene import ReplayScene
from laser_flag.ui.routes import WatchReplay
from laser_flag.ui.screens import build

from .conftest import (
    SMALL_MAP,
    WALLED,
    Dice,
    card,
    centre,
    click,
    end_turn,
    frames,
    menu_button,
    open_menu,
    press,
    run_until,
    settle,
    start_game,
)

HIDDEN = ((1, 5), (0, 4))  # Bob's units, behind WALLED's wall: Alice sees neither at first
BOT = {"1": HUMAN, "2": "Easy"}


def fog_session(levels: dict[str, str] | None = None, fog: bool = True,
                last_seen: tuple = (), data: dict = WALLED) -> Session:
    """A session on WALLED (or `data`) with fog (or not), forced dice that miss; `last_seen`:
    the memory the game starts with, (team, enemy id, tile, round) each."""
    gm = parse_map(data, "walled.json")
    session = Session.start(gm, seed=1, levels=levels, fog=fog)
    game = Game(gm, seed=1, roll=Dice(), fog=fog)
    if last_seen:
        state = replace(game.state(), last_seen=last_seen)
        game = Game.from_state(gm, state, seed=1, roll=Dice(), fog=fog)
    session.game = game
    return session


def tile_pixels(app: App, scene: GameScene, pos: tuple[int, int]) -> bytes:
    lay = scene.layout()
    rect = tile_rect(lay.origin, lay.tile_px, pos)
    return pygame.image.tobytes(app.screen.subsurface(rect), "RGB")


def hover(app: App, scene: GameScene, pos: tuple[int, int]) -> None:
    xy = centre(scene, pos)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=xy, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app)


def team_colour_count(app: App, scene: GameScene, pos: tuple[int, int], team: str) -> int:
    """How many pixels of a tile are exactly the team's disc colour."""
    main = bytes(Palette.from_map(scene.game.map).team(team).main)
    data = tile_pixels(app, scene, pos)
    return sum(1 for i in range(0, len(data), 3) if data[i:i + 3] == main)


# ----- the board as the viewing team knows it ------------------------------------------------


def test_hidden_enemies_are_not_drawn_and_cannot_be_inspected(app):
    scene = start_game(app, fog_session())
    for pos in HIDDEN:
        assert team_colour_count(app, scene, pos, "2") == 0, pos
    click(app, centre(scene, (1, 5)))  # with nothing selected, a click on an enemy inspects it
    assert scene.selection.inspected is None and scene.selection.enemy_shown() is None
    assert "enemy" not in scene.panel_view().card_title


def test_without_fog_the_same_enemies_are_drawn(app):
    scene = start_game(app, fog_session(fog=False))
    for pos in HIDDEN:
        assert team_colour_count(app, scene, pos, "2") > 0, pos


def test_a_last_seen_marker_is_drawn_where_a_hidden_enemy_was_seen(app):
    plain = start_game(app, fog_session())
    empty = tile_pixels(app, plain, (2, 2))
    app.pop()
    scene = start_game(app, fog_session(last_seen=(("1", 2, (2, 2), 1),)))
    assert scene.turns.view.last_seen == {2: ((2, 2), 1)}
    assert tile_pixels(app, scene, (2, 2)) != empty


@pytest.mark.parametrize("theme", ["Arena", "Daylight"])
def test_unseen_tiles_are_dimmed_and_d_toggles_it(app, theme):
    """On the dark Arena board the tiles in sight are lit as well; D turns both off."""
    app.settings.theme_name = theme
    scene = start_game(app, fog_session())
    dimmed = tile_pixels(app, scene, (1, 1))  # behind the wall: no unit of Alice's sees it
    seen = tile_pixels(app, scene, (5, 4))
    press(app, pygame.K_d)
    assert app.settings.dim_unseen is False
    assert tile_pixels(app, scene, (1, 1)) != dimmed
    assert (tile_pixels(app, scene, (5, 4)) != seen) == (theme == "Arena")


def test_the_snap_risk_says_hidden_watchers_may_fire(app):
    scene = start_game(app, fog_session())
    click(app, centre(scene, (5, 1)))
    hover(app, scene, (4, 1))
    lines = scene.panel_view().card_lines
    assert FOG_RISK in lines and "No enemy in sight sees it." in lines


def test_whose_view_the_board_shows():
    both, bot, bots = {"1": HUMAN, "2": HUMAN}, BOT, {"1": "Easy", "2": "Hard"}
    game = fog_session().game
    assert viewer(game, both) == "1" and viewer(game, bot) == "1" and viewer(game, bots) is None
    game.apply(EndTurn())
    assert viewer(game, both) == "2"  # hot seat: the team to play
    assert viewer(game, bot) == "1"  # against a bot: the human's, in the bot's turn too
    assert viewer(fog_session(fog=False).game, both) is None


# Bob's Grunt on the far side of a wall with one gap: Alice's Plain sees it from column 3 or 4.
GAP = {
    "tiles": [["base_2", "level", "level", "level", "level"],
              ["wall", "wall", "wall", "level", "wall"],
              ["level"] * 5, ["level"] * 5,
              ["base_1", "level", "level", "level", "level"]],
    "units": [["1", "basic", 4, 0], ["2", "grunt", 0, 2]],
    "score_limit": {"1": 3, "2": 3},
}


def test_a_move_that_showed_a_hidden_enemy_cannot_be_undone():
    gm = parse_map(GAP, "gap.json")
    session = Session.start(gm, seed=1, fog=True)
    state = session.game.state()
    unwatched = tuple(replace(u, snap_shots=0) for u in state.units)  # no dice in the way
    session.game = Game.from_state(gm, replace(state, units=unwatched), seed=1, fog=True)
    session.remember()
    session.game.apply(Move(0, (4, 1)))  # still out of the Grunt's sight
    assert session.why_no_undo() is None
    session.remember()
    session.game.apply(Move(0, (4, 3)))  # through the gap: the Grunt is seen
    assert [u.id for u in session.game.observe("1").units] == [0, 1]
    assert session.why_no_undo() is UndoRefusal.REVEALED


# ----- the hand-off between two players ------------------------------------------------------


def test_ending_a_turn_covers_the_board_until_ready(app):
    scene = start_game(app, fog_session())
    end_turn(app)
    assert isinstance(app.top, HandOffScene)
    assert app.top.team == "2" and not app.top.ready
    cover = pygame.image.tobytes(app.screen, "RGB")
    for pos in ((5, 1), (6, 2)):  # Alice's units are not on the cover
        assert team_colour_count(app, scene, pos, "1") == 0
    press(app, pygame.K_RETURN)  # Ready: what happened while Bob waited
    assert isinstance(app.top, HandOffScene) and app.top.ready
    assert pygame.image.tobytes(app.screen, "RGB") != cover
    press(app, pygame.K_SPACE)
    assert app.top is scene
    assert scene.turns.viewer == "2"


def test_input_in_the_frame_that_ends_the_turn_reads_the_next_teams_view(app):
    """Tab, E, E and a click arrive in one frame: the click is read against Bob's view, which
    does not hold Alice's selected unit (it crashed the client)."""
    scene = start_game(app, fog_session())
    press(app, pygame.K_TAB)
    assert scene.selection.unit is not None
    for key in (pygame.K_e, pygame.K_e):
        for kind in (pygame.KEYDOWN, pygame.KEYUP):
            pygame.event.post(pygame.event.Event(kind, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=centre(scene, (3, 3)),
                                         button=1))
    frames(app)
    assert scene.game.active_team == "2"
    assert scene.selection.unit is None and scene.selection.game is scene.turns.view.known


def test_the_cover_comes_at_once_even_while_the_end_of_the_turn_animates(app):
    session = fog_session(data=SMALL_MAP)  # every unit in sight of every enemy
    state = session.game.state()
    charging = tuple(replace(u, laser="charging") if u.id == 0 else u for u in state.units)
    session.game = Game.from_state(session.gm, replace(state, units=charging), seed=1,
                                   roll=Dice(), fog=True)
    scene = start_game(app, session)
    end_turn(app)  # Alice's Plain is charged at the end of her turn: Bob sees it glow
    assert isinstance(app.top, HandOffScene)
    assert scene.turns.playback is not None  # it glows once Bob has the board
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    settle(app, scene)
    assert any("Alice's Plain: laser charged" in line for line in scene.turns.shown_log())


def test_the_report_tells_what_happened_to_the_next_team(app):
    scene = start_game(app, fog_session())
    scene.turns.act(Move(0, (4, 1)))  # Alice's Plain: no Bob unit sees it arrive
    settle(app, scene)
    end_turn(app)
    report = app.top.report_lines()
    assert not any("moves" in line for line in report)  # a hidden move is not told
    assert report[-1] == "No enemy in sight now."


def test_the_log_of_each_team_holds_only_what_it_was_told(app):
    scene = start_game(app, fog_session())
    scene.turns.act(Move(0, (4, 1)))
    settle(app, scene)
    assert any("moves (5, 1) -> (4, 1)" in line for line in scene.turns.shown_log())
    end_turn(app)
    press(app, pygame.K_RETURN)
    press(app, pygame.K_RETURN)
    assert not any("moves" in line for line in scene.turns.shown_log())


def test_no_hand_off_against_a_bot(app, gated):
    gated(EndTurn())
    scene = start_game(app, fog_session(BOT))
    end_turn(app)
    frames(app, 3)
    assert app.top is scene and scene.turns.viewer == "1"


def test_a_hidden_bot_move_is_neither_shown_heard_nor_logged(app, gated):
    bot = gated(Move(3, (1, 4)), EndTurn())  # Bob's Grunt, behind the wall all along
    scene = start_game(app, fog_session(BOT))
    started: list[Event] = []
    scene.turns.on_event = started.append  # each event's picture and sound, as it starts
    end_turn(app)
    bot.gate.release()
    run_until(app, lambda: scene.turns.plan is not None)
    assert scene.shown().unit is None and scene.shown().hover is None  # no plan marks
    assert card(scene)[1][0] == "A unit out of your sight acts."
    bot.gate.release()
    run_until(app, lambda: scene.game.active_team == "1" and scene.turns.playback is None)
    assert scene.game.unit(3).pos == (1, 4)
    assert not any("Grunt" in line for line in scene.turns.shown_log())
    assert [type(e) for e in started] == [TurnEnded, TurnEnded]  # Alice's, then the bot's
    assert any(line == "Bob's Grunt moves (0, 4) -> (1, 4)." for line in scene.session.log)



def as_seen_by(event: Moved, team: str, before: Game) -> Event:
    """A move of the action taken in `before` as `team` saw it (the engine's fog.as_seen)."""
    seen_before = frozenset(u.id for u in before.observe(team).units if u.team != team)
    return as_seen(event, team, before.unit(event.unit).team, seen_before)


def test_an_enemy_moving_into_sight_appears_where_it_ended():
    """RULES §9: the tiles a move walks through reveal nothing."""
    before = fog_session().game
    before.apply(EndTurn())
    move = Moved(3, ((0, 4), (1, 4)))
    assert as_seen_by(move, "1", before) == Moved(3, ((1, 4),))  # never in Alice's sight
    assert as_seen_by(move, "2", before) == move  # Bob's own
    roster = fog_session().roster
    assert event_text(Moved(3, ((1, 4),)), roster) == "Bob's Grunt comes into view at (1, 4)."
    bumped = Moved(0, ((5, 1), (4, 1)), blocked_by=3)
    assert event_text(bumped, roster) == (
        "Alice's Plain moves (5, 1) -> (4, 1): blocked by Bob's Grunt, hidden until then.")


@pytest.mark.parametrize("fog", [True, False])
def test_an_enemy_move_seen_at_both_ends_is_told_and_shown_as_no_walk(app, gated, fog):
    """RULES §9: a moving unit is seen at its destination only; the tiles between, never. Alice
    sees Bob's Grunt set out and arrive, so she is told both ends and nothing of the way; Bob's
    own log, and a game without fog, tell the walk as before."""
    bot = gated(Move(3, (2, 4)), EndTurn())  # Bob's Grunt, in Alice's sight all along
    scene = start_game(app, fog_session(BOT, fog=fog, data=SMALL_MAP))
    started: list[Event] = []
    scene.turns.on_event = started.append
    end_turn(app)
    bot.gate.release()
    bot.gate.release()
    run_until(app, lambda: scene.game.active_team == "1" and scene.turns.playback is None)
    moves = [e for e in started if isinstance(e, Moved)]
    walk = "Bob's Grunt moves (0, 4) -> (2, 4)."
    if not fog:
        assert moves == [Moved(3, ((0, 4), (1, 4), (2, 4)))] and walk in scene.turns.shown_log()
        return
    assert moves == [SeenMove(3, ((2, 4),), seen_from=(0, 4))]  # drawn at its end at once
    told = [line for line in scene.turns.shown_log() if "Grunt moves" in line]
    assert told == ["Bob's Grunt moves from (0, 4) to (2, 4), unseen on the way."]
    assert told[0].tiles == ((0, 4), (2, 4))  # hovering it marks both ends
    assert walk in scene.session.log  # Bob's own line, kept for the replay's view of him


def test_an_enemy_move_with_nothing_seen_of_it_but_its_end_says_so():
    roster = fog_session().roster
    assert event_text(SeenMove(3, ((1, 4),), seen_from=(1, 4)), roster) == (
        "Bob's Grunt tries to move and stays at (1, 4).")
    before = fog_session(data=SMALL_MAP).game
    before.apply(EndTurn())
    bumped = Moved(3, ((0, 4), (1, 4)), blocked_by=0)
    # Alice's Plain was never hidden from Alice: only the mover's own team hears of the bump.
    assert as_seen_by(bumped, "1", before) == SeenMove(3, ((1, 4),), seen_from=(0, 4))
    assert as_seen_by(bumped, "2", before) == bumped


def test_an_enemy_seen_coming_in_and_leaving_the_board_at_once_is_drawn_meanwhile():
    """A hidden enemy walks into sight and is disqualified by a snap shot in the same action:
    the playback draws it where it appeared, though neither board knows it."""
    before = fog_session().game
    events = [Moved(3, ((1, 4),)), Disqualified(3)]
    units = units_before(before, "1", events)
    assert {u.id: u.pos for u in units if u.team == "2"} == {3: (1, 4)}
    playback = Playback(units, dict(before.scores), events)
    known = team_view(before, "1").known  # as after the action: no Grunt
    assert (1, 4) in [look.pos for look in unit_looks(known, playback)]
    playback.skip_all()
    assert (1, 4) not in [look.pos for look in unit_looks(known, playback)]


def test_continue_of_a_two_player_fog_game_starts_with_the_hand_off(app, tmp_path):
    scene = start_game(app, fog_session())
    scene.turns.act(Move(0, (4, 1)))
    settle(app, scene)
    app.pop()
    menu = open_menu(app, tmp_path)
    click(app, menu_button(menu, "continue").rect.center)
    assert isinstance(app.top, HandOffScene)
    assert app.top.session.game.fog


# ----- the chooser's switch --------------------------------------------------------------------


@pytest.mark.parametrize(("map_fog", "launch", "expected"), [
    (False, None, False), (True, None, True), (True, False, False), (False, True, True),
])
def test_the_chooser_starts_from_the_map_or_the_command_line(app, tmp_path, map_fog, launch,
                                                             expected):
    menu = open_menu(app, tmp_path, maps={"walled": {**WALLED, "fog_of_war": map_fog}})
    app.options = replace(app.options, fog=launch)
    assert menu.chooser.fog(app.options.fog) is expected
    press(app, pygame.K_f)  # the switch, for this game
    assert menu.chooser.fog(app.options.fog) is not expected
    press(app, pygame.K_RETURN)
    assert app.top.game.fog is not expected


def test_the_fog_switch_is_a_button_too(app, tmp_path):
    menu = open_menu(app, tmp_path, maps={"walled": WALLED})
    button = menu_button(menu, "fog")
    assert button.label == "Off"
    click(app, button.rect.center)
    assert menu_button(menu, "fog").label == "On"


# ----- replays ---------------------------------------------------------------------------------


def fog_replay(app: App, tmp_path) -> ReplayScene:
    game = fog_session().game
    for action in (Move(0, (4, 1)), EndTurn(), Move(3, (1, 4)), EndTurn()):
        game.apply(action)
    path = saves.write_save(tmp_path / "fog.json", game, {})
    scene = build(WatchReplay(saves.load_save(path)))
    app.push(scene)
    frames(app)
    return scene


def test_the_replay_view_switch_by_key_and_button(app, tmp_path):
    scene = fog_replay(app, tmp_path)
    press(app, pygame.K_END)
    everything = pygame.image.tobytes(app.screen, "RGB")
    assert scene.player.lines(3) == ["Bob's Grunt moves (0, 4) -> (1, 4)."]
    press(app, pygame.K_v)
    assert scene.player.seen_by == "1"
    assert scene.player.lines(3) == []  # Alice was not told of Bob's move behind the wall
    assert {u.id for u in scene.player.view().known.units} == {0, 1}  # Bob's behind the wall
    assert pygame.image.tobytes(app.screen, "RGB") != everything
    button = next(b for b in scene.view_buttons() if b.name == "view2")
    click(app, button.rect.center)
    assert scene.player.seen_by == "2"
    click(app, next(b for b in scene.view_buttons() if b.name == "view").rect.center)
    assert scene.player.seen_by is None
    assert pygame.image.tobytes(app.screen, "RGB") == everything


# ----- the command line ------------------------------------------------------------------------


def test_fog_and_no_fog_on_the_command_line(capsys):
    assert launch_options(parse_args(["--fog"])).fog is True
    assert launch_options(parse_args(["--no-fog"])).fog is False
    assert launch_options(parse_args([])).fog is None  # each map says
    with pytest.raises(SystemExit):
        main(["--help"])
    help_text = " ".join(capsys.readouterr().out.split())
    assert "--fog, --no-fog" in help_text and "fog of war on (--fog) or off" in help_text


def test_the_panel_names_the_fog_key():  # the Rules screen's fog page: test_rules_pages.py
    assert "D dim unseen (fog)" in HINT
