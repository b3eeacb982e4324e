"""The Play online screen with its lobby connection open to a real laser-flag-server process on
127.0.0.1, listing one open game another visitor made and nothing else happening: the CPU the
client's real main loop uses, the frames it draws and the lists the server sent (the screen asks
for the games again every few seconds).

The CPU is this process's (the main loop and the lobby connection's thread); the server and
the visitor are another process and a socket. SDL's dummy video driver.

Run: .venv/bin/python benchmarks/online.py [--idle-seconds S] [--map NAME] [--seed N]
Target: idle under 2% of a core, as every screen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
from watch import arguments, counted, create, loop_while, report, start_server

from laser_flag.ui.loop import App
from laser_flag.ui.network.online_scene import OnlineScene

SETTLE_SECONDS = 0.5  # of the real loop once the games are listed, before idle is measured


def lists_heard(scene: OnlineScene) -> Callable[[], int]:
    """The lists of games the screen takes in from now on, as a function that tells the count."""
    heard = [0]
    real_heard = scene.heard

    def hear(message: dict[str, Any]) -> None:
        heard[0] += message.get("type") == "games"
        real_heard(message)

    scene.heard = hear  # type: ignore[method-assign]
    return lambda: heard[0]


def measure(idle_seconds: float, map_name: str, seed: int) -> None:
    server, address = start_server(seed)
    try:
        maker, _made = create(address, map_name)
        pygame.display.init()
        pygame.font.init()
        app = App((1280, 860))
        scene = OnlineScene(None, False)
        app.push(scene)
        scene.fields["address"].text = f"{address[0]}:{address[1]}"
        scene.act("games")
        loop_while(app, lambda: not scene.games, 30)  # connected, the game listed
        loop_while(app, lambda: True, SETTLE_SECONDS)
        drawn, lists = counted(scene), lists_heard(scene)
        wall, cpu = loop_while(app, lambda: True, idle_seconds)
        report("idle, the lobby open and one game listed", wall, cpu, drawn())
        print(f"lists of games heard meanwhile: {lists()}")
        maker.close()
        scene.end()
        pygame.quit()
    finally:
        server.terminate()
        server.wait(timeout=30)


def main() -> None:
    args = arguments(__doc__)
    measure(args.idle_seconds, args.map, args.seed)


if __name__ == "__main__":
    main()
