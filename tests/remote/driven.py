"""A real client for the network tests, as its own process: `python -m tests.remote.driven host
ARGS` (or `join ARGS`) is `laser-flag host ARGS` (`join`), headless, taking orders on stdin
that become real pygame events in its real main loop, one order a line:

    key NAME     a key pressed and released (pygame's name for it: n, escape)
    type TEXT    each character of TEXT typed (letters and spaces)
    click NAME   a click on the middle of the top screen's button called NAME
    tile ROW COL a click on the middle of that tile of the game screen's board
    look         one line {"look": ...} of what the screen holds now (`look`, below)

After every frame that changed what the screen says, it prints one JSON line on stdout:
{"scene": the top screen's class, "over": the game over, "team": this seat's team,
"headline", "reason", "status": the victory screen's lines, "buttons": [name, ...]}.
"""

from __future__ import annotations

import json
import queue
import sys
import threading
from typing import Any

import pygame

import laser_flag.app
import laser_flag.window
from laser_flag.board.draw import tile_rect
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.loop import App
from laser_flag.ui.network.network_wake import wake
from tests.keys import post_typed
from tests.pixels import colours_in, disc_colour

ORDERS: queue.Queue[str] = queue.Queue()


class DrivenApp(App):
    """The client's App, obeying the orders read from stdin between frames."""

    said: dict[str, Any] | None = None  # the last report printed

    def frame(self, dt_ms: int) -> bool:
        drawn = super().frame(dt_ms)
        while not ORDERS.empty():
            self.obey(ORDERS.get_nowait().split())
        self.report()
        return drawn

    def obey(self, order: list[str]) -> None:
        if order[0] == "key":
            self.press(pygame.key.key_code(order[1]))
        elif order[0] == "type":
            for char in " ".join(order[1:]):
                self.press(pygame.key.key_code(char.lower() if char != " " else "space"), char)
        elif order[0] == "click":
            self.click(next(b for b in self.top.buttons() if b.name == order[1]).rect.center)
        elif order[0] == "tile":
            lay = self.top.layout()
            self.click(tile_rect(lay.origin, lay.tile_px, (int(order[1]), int(order[2]))).center)
        elif order[0] == "look":
            print(json.dumps({"look": self.look()}), flush=True)

    @staticmethod
    def click(xy: tuple[int, int]) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=xy, rel=(0, 0),
                                             buttons=(0, 0, 0)))
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            pygame.event.post(pygame.event.Event(kind, pos=xy, button=1))

    def press(self, key: int, char: str = "") -> None:
        post_typed(key, char, text_input=self.text_input is not None)

    def report(self) -> None:
        top = self.top
        turns = getattr(top, "turns", None)
        said = {"scene": type(top).__name__,
                "over": bool(turns and turns.game.over),
                "team": getattr(turns, "team", None),
                "headline": top.headline() if hasattr(top, "headline") else "",
                "reason": top.reason() if hasattr(top, "reason") else "",
                "status": top.status_line() if hasattr(top, "status_line") else "",
                "buttons": [b.name for b in top.buttons()] if hasattr(top, "buttons") else []}
        if said != self.said:
            self.said = said
            print(json.dumps(said), flush=True)


    def look(self) -> dict[str, Any]:
        """The game's names and log (`events`: the lines of its events, not what was said), and
        on the game screen what its panel shows (the unit card, how many rolls) and the colours
        drawn: each unit's disc ([team, [r, g, b]]) and those in each score box's disc."""
        top = self.top
        session = top.turns.session
        seen: dict[str, Any] = {"scene": type(top).__name__, "names": session.names,
                                "log": list(session.log),
                                "events": [line for line in session.log if line.turn]}
        if isinstance(top, GameScene):
            panel = top.panel_view()
            seen.update(names=panel.names, card=[panel.card_title, *panel.card_lines],
                        rolls=len(panel.rolls),
                        units=[[u.team, disc_colour(self.screen, top, u.pos)]
                               for u in top.game.units],
                        boxes={team: sorted(colours_in(self.screen, pygame.Rect(box.topleft,
                                                                                 (40, 40))))
                               for team, box in top.score_rects().items()})
        return seen


def read_orders() -> None:
    for line in sys.stdin:
        if line.strip():
            ORDERS.put(line.strip())
            wake()  # an idle loop sleeps until input


if __name__ == "__main__":
    laser_flag.window.App = DrivenApp  # play_network builds its window with this
    threading.Thread(target=read_orders, daemon=True).start()
    sys.exit(laser_flag.app.main(sys.argv[1:]))
