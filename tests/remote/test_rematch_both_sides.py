"""A network rematch on both sides as a hot-seat rematch has it (`Session.rematch` with sides
swapped): each name goes with its player to the other team and keeps its colours, both logs name
the same team for the same event, the last game's rolls are gone (and a shot's result shows and
fades on the guest's board as on the host's), the host says the guest is seated, a chat line
carries its sender's name alike on both sides, during the game and after it, and a departure is
said once. A host and a guest's own driver in this process, over sockets on 127.0.0.1; the
guest's board drawn headless through the real main loop."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

import pygame
import pytest

from laser_flag.engine.actions import Action, EndTurn, Fire, Move
from laser_flag.engine.mapfile import parse_map
from laser_flag.play.guest_turns import GuestTurns
from laser_flag.play.host_turns import HostTurns
from laser_flag.play.turns import Turns
from laser_flag.ui.network.network_scene import NetworkScene
from laser_flag.ui.network.network_start import Joining, host_game
from laser_flag.ui.network.network_victory_scene import NetworkVictoryScene
from tests.pixels import colours_in, disc_colour

from ..ui.conftest import SMALL_MAP, app, frames, press  # noqa: F401 (a fixture)
from ..ui.test_rematch_colours import ALICE_LOOK, BOB_LOOK
from ..waits import wait_until

pytestmark = pytest.mark.net  # a host and its guest over sockets on 127.0.0.1

# Team 1 wins at its first hit, team 2 at its second: Alice's (the host's) Easy bot wins the
# first game with its first shot (SEED), and in the rematch Bob's side plays on after a hit.
TINY = {**SMALL_MAP, "name": "Tiny", "score_limit": {"1": 1, "2": 2}}
SEED = 5
WAITING = "Waiting for the guest"


class Pair:
    """The host's driver and the guest Ann's, each ticked as its window's frames would."""

    def __init__(self, host: HostTurns, guest: GuestTurns) -> None:
        self.host, self.guest = host, guest

    def step(self) -> None:
        self.host.tick(16, 0.0)
        self.guest.tick(16, 0.0)
        time.sleep(0.002)

    def until(self, ok: Callable[[], Any], what: str, timeout: float = 60) -> Any:
        return wait_until(ok, what, timeout, between=self.step)

    def settled(self) -> bool:
        """Both boards show the game as it stands: nothing plays on either."""
        return self.host.playback is None and self.guest.playback is None

    def rematch(self) -> None:
        """Both ask (the guest first), the host starts the game and the guest is asked for its
        first action: Ann (Human) plays Bob, now team 1, and moves first."""
        self.guest.ask_rematch()
        self.until(lambda: self.host.rematch_asked["guest"], "the guest's asking")
        self.host.ask_rematch()
        self.host = self.host.rematch(SEED)
        self.until(lambda: not self.guest.game.over and self.guest.ask is not None,
                   "the guest seated in the rematch and asked to play")

    def guest_plays(self, action: Action) -> None:
        """The guest's action, played on both boards until the guest is asked again (after
        the host's turn, for the end of its own) or the game is over."""
        done = len(self.host.game.history) + 1
        assert self.guest.act(action) == []
        self.until(lambda: len(self.host.game.history) >= done and self.settled()
                   and not self.guest.pending and (self.guest.ask is not None or self.host.game.over
                        and self.guest.game.over), f"{action} played on both sides")


@pytest.fixture
def pair():
    """Alice (the host: team 1, Easy) has won the first game against Bob (the guest Ann,
    Human) with its first shot; both boards show the end."""
    host = host_game(parse_map(TINY, "tiny.json"), None, "1", "Easy", "127.0.0.1", 0, SEED)
    both = Pair(host, None)  # type: ignore[arg-type]
    try:
        both.guest = wait_until(Joining(host.host.address, host.host.code, "Ann").poll,
                                "the guest welcomed", 30, between=lambda: host.tick(16, 0.0))
        both.until(lambda: both.host.game.over and both.guest.game.over and both.settled(),
                   "the first game over on both sides")
        assert both.guest.notes.latest, "the test needs a roll in the first game"
        yield both
    finally:
        both.host.leave()
        if both.guest is not None:
            both.guest.leave()


def event_lines(turns: Turns) -> list[str]:
    """The log's lines of the game's events (not what was said: chat, joins)."""
    return [line for line in turns.session.log if line.turn]


def test_the_guest_wears_the_colours_the_host_gives_each_team(pair):
    pair.rematch()
    host, guest = pair.host.session, pair.guest.session
    assert guest.names == host.names == {"1": "Bob", "2": "Alice"}
    assert guest.looks == host.looks == {"1": "2", "2": "1"}
    assert guest.palette().team("1").main == host.palette().team("1").main == BOB_LOOK


def test_the_guests_board_draws_each_name_in_its_colours(app, pair):  # noqa: F811
    pair.rematch()
    scene = NetworkScene(pair.guest)
    app.push(scene)
    frames(app, 3)
    bob = next(u for u in scene.game.units if u.team == "1")  # Bob's side now
    alice = next(u for u in scene.game.units if u.team == "2")
    assert disc_colour(app.screen, scene, bob.pos) == BOB_LOOK
    assert disc_colour(app.screen, scene, alice.pos) == ALICE_LOOK
    assert scene.panel_view().names["1"] == "Bob"
    box = scene.score_rects()["1"]  # Bob's score box: Bob's disc
    assert BOB_LOOK in colours_in(app.screen, pygame.Rect(box.topleft, (40, 40)))
    pair.guest.leave()


def test_both_logs_name_the_same_team_for_the_same_event(pair):
    pair.rematch()
    pair.guest_plays(EndTurn())  # Bob's turn ends; Alice's bot plays hers
    pair.guest_plays(next(a for a in pair.guest.game.legal_actions() if isinstance(a, Fire)))
    told = event_lines(pair.guest)
    assert told[0].startswith("Bob ends the turn.")
    assert any(line.startswith("Bob's Plain") for line in told), told  # the shooter: Bob's
    assert told == event_lines(pair.host)


def test_the_guests_rolls_are_those_of_the_last_action_and_none_in_a_new_game(pair):
    pair.rematch()
    assert pair.guest.notes.latest == pair.host.notes.latest == []  # the last game's are gone
    pair.guest_plays(next(a for a in pair.guest.game.legal_actions() if isinstance(a, Move)))
    assert pair.guest.notes.latest == pair.host.notes.latest != []  # Alice's watch fired
    pair.guest_plays(EndTurn())
    assert pair.guest.notes.latest == pair.host.notes.latest


def test_the_guests_board_shows_a_shots_result_and_lets_it_fade_as_the_hosts_does(pair):
    pair.rematch()
    pair.guest_plays(next(a for a in pair.guest.game.legal_actions() if isinstance(a, Move)))
    for turns in (pair.host, pair.guest):  # Alice's watch fired: its result over its target
        pair.until(lambda turns=turns: any(n.strength > 0 for n in turns.notes.notes),
                   "the shot's result shown", timeout=10)
    pair.until(lambda: not pair.host.notes.alive and not pair.guest.notes.alive,
               "the results faded on both boards", timeout=10)


def test_the_host_says_the_guest_is_seated_in_the_rematch_and_the_guest_which_side(pair):
    pair.rematch()
    title, lines = pair.host.other_side()  # the guest's turn: the host's card says whose
    assert title == "Bob to play"
    assert not any(WAITING in line for line in lines), lines
    assert pair.host.message == "Rematch with Ann, sides swapped: Bob is theirs."
    assert pair.guest.message == "Rematch, sides swapped: Bob is yours."


def test_a_chat_line_carries_its_senders_name_on_both_sides_during_the_game_and_after(pair):
    def said_alike(turns: Turns, text: str, name: str) -> None:
        turns.chat(text)
        line = f"{name}: {text}"
        pair.until(lambda: pair.guest.session.log[-1:] == [line], f"the guest told {line!r}")
        pair.until(lambda: pair.host.session.log[-1:] == [line], f"the host told {line!r}")

    said_alike(pair.host, "good game", "Alice")  # after the game
    said_alike(pair.guest, "again?", "Ann")
    pair.rematch()
    said_alike(pair.host, "your move", "Alice")  # during the next, Alice on the other side
    said_alike(pair.guest, "thinking", "Ann")


def test_chat_lines_are_typed_through_text_input_in_any_script(app, pair):  # noqa: F811
    """Typed into the guest's window, after the game (Enter opens the line) and during the
    rematch (T), as SDL's text input and an input method's composition give it."""
    def say(opening: int, words: str, scene) -> None:
        press(app, opening)
        assert scene.chat.open and app.text_input == scene.chat_box()
        empty = pygame.image.tobytes(app.screen.subsurface(scene.chat_box()), "RGB")
        pygame.event.post(pygame.event.Event(pygame.TEXTEDITING, text="にほ", start=2,
                                             length=0))
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=words))
        frames(app)
        assert scene.chat.field.text == words
        assert pygame.image.tobytes(app.screen.subsurface(scene.chat_box()), "RGB") != empty
        press(app, pygame.K_RETURN)
        pair.until(lambda: pair.host.session.log[-1:] == [f"Ann: {words}"],
                   f"the host told {words!r}")

    victory = NetworkVictoryScene(pair.guest)
    app.push(victory)
    frames(app)
    say(pygame.K_RETURN, "再来一局?", victory)
    pair.rematch()
    frames(app)  # the victory screen hands the connection to the rematch's board
    assert isinstance(app.top, NetworkScene)
    say(pygame.K_t, "좋아요 よろしく", app.top)


def test_the_guest_leaving_is_said_once_however_often_the_host_asks(pair):
    pair.guest.leave()
    pair.until(lambda: pair.host.away, "the host told the guest left")
    pair.host.ask_rematch()
    pair.host.ask_rematch()
    assert pair.host.message == pair.host.away
    assert pair.host.session.log.count(pair.host.away) == 1


def test_the_guests_absence_is_on_the_hosts_card_once(pair):
    pair.rematch()
    pair.guest.link.close()  # its bye: the guest has gone, in its own turn
    pair.until(lambda: pair.host.away, "the host told the guest left")
    _, lines = pair.host.other_side()
    assert lines.count(pair.host.away) == 1, lines
    assert pair.host.session.log.count(pair.host.away) == 1


def test_a_lost_link_is_on_the_guests_card_once(pair):
    pair.rematch()
    pair.guest.received({"type": "lost", "message": "The connection to the host was lost"})
    _, lines = pair.guest.other_side()
    assert lines.count(pair.guest.away) == 1, lines
