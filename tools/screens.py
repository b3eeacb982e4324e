"""Pictures of every main screen of the game at each window size, in each language: the matrix
to look at after a change of layout or words (docs/TRANSLATING.md, "Adding a language").

    .venv/bin/python tools/screens.py OUT_DIR [--sizes 800x560,1280x860] [--languages de]
        [--screens menu,game]

Each screen is drawn headless (SDL's dummy video driver) through the client's own main loop,
with a fresh data folder, and saved as OUT_DIR/<language>/<screen>_<W>x<H>.png. The map
editor is a Tk window: take its picture on a desktop (or under Xvfb) with the editor open.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ["LASER_FLAG_DATA_DIR"] = tempfile.mkdtemp(prefix="laser-flag-screens-")

import pygame  # noqa: E402 - after the video driver is chosen

from laser_flag.engine.mapfile import load_map  # noqa: E402
from laser_flag.headless import play_headless  # noqa: E402
from laser_flag.i18n import LANGUAGES, use_language  # noqa: E402
from laser_flag.play.lesson import Lesson  # noqa: E402
from laser_flag.play.lessons import CHAPTERS  # noqa: E402
from laser_flag.play.recording import Recording  # noqa: E402
from laser_flag.play.session import Session  # noqa: E402
from laser_flag.resources import bundled_maps  # noqa: E402
from laser_flag.saves import write_new_save  # noqa: E402
from laser_flag.ui import routes  # noqa: E402
from laser_flag.ui.loop import App, run  # noqa: E402
from laser_flag.ui.menu.menu_scene import MenuScene  # noqa: E402
from laser_flag.ui.scene import Push, Scene  # noqa: E402

SIZES = ((800, 560), (900, 600), (1280, 860), (2560, 1440), (3840, 2160))
MAP = "blitz"  # small and quick: its bots finish a game in a moment
FRAMES = 40  # enough for a screen to read its files and settle


class Instant:
    """A clock for the loop that never sleeps: every frame is 16 ms."""

    def tick(self, framerate: int = 0) -> int:
        return 16


def map_file(name: str) -> Path:
    return Path(str(bundled_maps().joinpath(f"{name}.json")))


def finished_game() -> Session:
    """A game on MAP played to its end by two Easy bots, seeded, and saved (for Load game)."""
    session = Session.start(load_map(map_file(MAP)), seed=7, levels={"1": "Easy", "2": "Easy"})
    play_headless(session)
    write_new_save(session.game, session.teams())
    return session


def game_with_fog() -> routes.Route:
    session = Session.start(load_map(map_file(MAP)), seed=7,
                            levels={"1": "Human", "2": "Easy"}, fog=True)
    return routes.PlayGame(session)


def lesson() -> routes.Route:
    chapter = Lesson(CHAPTERS[0])
    return routes.PlayLesson(chapter, chapter.session())


# Each screen by name: the route that opens it over the menu (None: the menu itself).
SCREENS: dict[str, Callable[[Session], routes.Route | None]] = {
    "menu": lambda done: None,
    "settings": lambda done: routes.ShowSettings(),
    "saves": lambda done: routes.ListSaves(),
    "game_fog": lambda done: game_with_fog(),
    "rules": lambda done: routes.ShowRules(done.gm),
    "lessons": lambda done: routes.ChooseLesson(),
    "lesson": lambda done: lesson(),
    "replay": lambda done: routes.WatchReplay(Recording.from_session(done), 12),
    "victory": lambda done: routes.ShowVictory(done),
    "host": lambda done: routes.HostSetup(done.gm, False),
    "join": lambda done: routes.JoinSetup(),
    "online": lambda done: routes.PlayOnline(done.gm, False),
    "online_games": lambda done: routes.PlayOnline(done.gm, False),
}
# A screen shown as a player meets it later: set so once its route has opened it.
LISTED = [{"code": f"GAME{i:02d}", "map": "Crossfire", "players": {"1": "Ann", "2": None},
           "fog": i % 2 == 0, "watchers": i, "state": ("waiting", "playing", "over")[i % 3]}
          for i in range(9)]


def listed(online: Scene) -> None:
    """Play online as it stands once a server has listed its games."""
    online.fields["address"].text = "tls://play.example.org"
    online.games = list(LISTED)


SETTLED: dict[str, Callable[[Scene], None]] = {"online_games": listed}


def picture(size: tuple[int, int], route: routes.Route | None, out: Path,
            settle: Callable[[Scene], None] = lambda scene: None) -> None:
    """One screen in a fresh window of `size`, over the menu, `settle`d, saved to `out`."""
    app = App(size)
    app.push(MenuScene())
    run(app, FRAMES, Instant())
    if route is not None:
        app.go(Push(route))
        run(app, FRAMES, Instant())
    settle(app.top)
    app.changed = True
    run(app, 1, Instant())
    out.parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(app.screen, str(out))
    app.close()


def size_arg(text: str) -> tuple[int, int]:
    width, height = text.lower().split("x")
    return int(width), int(height)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path, help="folder for the pictures")
    parser.add_argument("--sizes", default=",".join(f"{w}x{h}" for w, h in SIZES),
                        help="window sizes WxH, comma-separated (default: the five usual)")
    parser.add_argument("--languages", default=",".join(LANGUAGES),
                        help="language codes, comma-separated (default: every one)")
    parser.add_argument("--screens", default=",".join(SCREENS),
                        help=f"screens, comma-separated, of: {', '.join(SCREENS)}")
    args = parser.parse_args(argv)
    sizes = [size_arg(s) for s in args.sizes.split(",")]
    unknown = sorted(set(args.screens.split(",")) - set(SCREENS))
    if unknown:
        parser.error(f"--screens: unknown {', '.join(unknown)}")
    pygame.display.init()
    pygame.font.init()
    done = finished_game()
    for code in args.languages.split(","):
        os.environ["LANGUAGE"] = code  # Settings' "System" language is then this one
        use_language(code)
        for name in args.screens.split(","):
            for width, height in sizes:
                out = args.out / code / f"{name}_{width}x{height}.png"
                picture((width, height), SCREENS[name](done), out,
                        SETTLED.get(name, lambda scene: None))
                print(out, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
