"""The game panel's view model: what it shows this frame, from the driver and the player's picks.

Plain values and words only (no drawing), so the screen's text is built in one place.
"""

from __future__ import annotations

from ...engine.game import Game
from ...i18n import N_, _
from ...play.log_text import game_over_text
from ...play.refusals import Refused
from ...play.session import Session
from ...play.turns import Turns
from ..settings import Settings
from .bot_card import bot_card
from .inspect import enemy_card, tile_lines
from .panel import PanelView
from .roll_view import RollView
from .selection import Selection
from .unit_card import move_lines, target_lines, unit_lines

# The panel's turn line by (a round limit, the game over): whole sentences, each its own order.
TURN_LINES = {
    (False, False): N_("Round {round} · turn {turn} · {names} to play"),
    (True, False): N_("Round {round} of {turn_limit} · turn {turn} · {names} to play"),
    (False, True): N_("Round {round} · turn {turn} · game over"),
    (True, True): N_("Round {round} of {turn_limit} · turn {turn} · game over"),
}


def turn_line(game: Game, names: str, over: bool = False) -> str:
    """Where the game is: its round (of the map's limit, if any), turn and who is to play
    (`names`), or that it is over."""
    limit = game.map.turn_limit
    return _(TURN_LINES[bool(limit), over]).format(round=game.round, turn_limit=limit,
                                                   turn=game.turn, names=names)


def panel_view(turns: Turns, picks: tuple[Selection, Selection], settings: Settings,
               screen: tuple[bool, int | None, bool]) -> PanelView:
    """The panel this frame. `picks`: the player's selection and what the board marks (in a
    bot's turn, its plan); `screen`: whether H is held, the log entry hovered, whether the
    drawer is open. Under fog, everything in it is as the viewing team knows the game."""
    sel, shown = picks
    watching, log_hover, drawer_open = screen
    game, session = turns.view.known, turns.session
    card = unit_card(turns, sel, shown)
    scores = turns.playback.scores if turns.playback else game.scores
    player = turns.playback is None and not turns.bot_to_move  # a person may act now
    over = turns.game.over and turns.playback is None  # said once its last event has played
    return PanelView(
        names=session.names,
        scores=dict(scores),
        limits=dict(game.map.score_limit),
        active=game.active_team,
        turn_line=turn_line(game, session.names[game.active_team], over),
        card_title=card[0],
        card_lines=card[1],
        log=turns.shown_log(),
        can_fire=player and sel.fire_action() is not None,
        can_end=player and game.winner is None,
        can_undo=player and turns.why_no_undo() is None,
        watching=watching,
        speed_label=settings.speed_label,
        levels=session.levels,
        bots=turns.bots_here,
        paused=turns.paused,
        can_skip=turns.bot_to_move,
        thinking=turns.seat.progress() if turns.bot_to_move else None,
        rolls=tuple(RollView.of(shot, session.roster) for shot in turns.notes.latest),
        why=why_greyed(turns, sel),
        does={"menu": turns.leaving},
        log_hover=log_hover,
        drawer_open=drawer_open,
    )


def why_greyed(turns: Turns, sel: Selection) -> dict[str, str]:
    """Why each button that may be greyed cannot be pressed now (its tooltip says so)."""
    game = turns.game
    if game.over:
        busy = _("The game is over.")
    elif turns.bot_to_move:
        busy = _("A bot is playing this turn (P pauses it, S skips to its end).")
    elif turns.playback is not None:
        busy = _("The last action is playing out (Space hurries it, S skips it).")
    else:
        busy = ""
    fire = sel.fire()
    undo = turns.why_no_undo()
    return {
        "fire": busy or (fire.reason if isinstance(fire, Refused) else ""),
        "end": busy,
        "undo": busy or (_("Cannot undo: {value}.").format(
            value=undo.value) if undo is not None else ""),
        "skip": "" if turns.bot_to_move else _("No bot is playing this turn."),
    }


def unit_card(turns: Turns, sel: Selection, shown: Selection) -> tuple[str, list[str]]:
    """The unit card: the bot's turn, or what the player has selected, targeted, hovered."""
    return bot_card(turns, shown) if turns.bot_to_move else player_card(turns, sel)


def player_card(turns: Turns, sel: Selection) -> tuple[str, list[str]]:
    """The unit card on a person's turn: an enemy inspected, or what is selected, targeted and
    hovered, or how to start; the last refusal or notice comes first, so it always shows."""
    game, session = turns.view.known, turns.session
    if turns.playback is not None:
        return _("Playing out..."), [_("Space hurries it, S skips the rest; a click or any other "
                                       "key plays it out at once, then does what it does.")]
    if turns.game.over:  # a lesson's board stays on screen once won: nobody is to play
        result = game_over_text(turns.game.winner, turns.game.victory, session.names)
        return _("Game over"), [result, *([turns.message] if turns.message else [])]
    note = [turns.message] if turns.message else []
    enemy = sel.enemy_shown()
    if enemy is not None:
        title, lines = enemy_card(game, enemy, session.roster)
        return title, [*note, *lines]
    if sel.unit is None:
        name = session.names[game.active_team]
        return _("{name} to play").format(
            name=name), [_("{name}: pick a unit (click it, Tab, or 1-9).").format(name=name), *note,
                                   *hovered_tile(game, sel, session)]
    lines = [*note, *unit_lines(game, sel.unit)]
    if sel.target is not None:
        lines += target_lines(game, sel.unit, sel.target, session.roster)
    preview = sel.preview()
    if preview is not None:
        return session.roster.unit(sel.unit), lines + move_lines(
            game, sel.unit, preview, session.roster)
    return session.roster.unit(sel.unit), lines + hovered_tile(game, sel, session)


def hovered_tile(game: Game, sel: Selection, session: Session) -> list[str]:
    """What the hovered empty tile gives, or nothing."""
    if sel.hover is None or sel.unit_at(sel.hover) is not None:
        return []
    return tile_lines(game, sel.hover, session.names, session.roster)
