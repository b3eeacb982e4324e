"""The client's window: what `laser-flag` does once a command opens one (pygame from here on).

app.py reads the command line and imports this module only for a command that shows a window,
so the commands without one (`--headless`, `host --headless`, `replay --verify`, `--list-maps`)
never load pygame.
"""

from __future__ import annotations

import sys

import pygame

from .play.guest_turns import GuestTurns
from .play.host_turns import HostTurns
from .play.session import Session
from .saves import LoadedSave
from .sound.mixer import Mixer
from .ui.loop import App, end_on_signals, run
from .ui.menu.menu_scene import MenuScene
from .ui.routes import PlayGame, PlayNetwork, WatchReplay
from .ui.screen_check import start_video
from .ui.screens import build
from .ui.settings import MIN_SIZE, LaunchOptions, Settings, load_settings


def on_desktop(size: tuple[int, int]) -> tuple[int, int]:
    """`size` made no larger than the desktop the window opens on, nor smaller than the
    game's smallest window: a size saved on a larger screen, the default on a small one or a
    --size too large would run off the screen, its buttons out of reach (SDL's video started)."""
    desktops = pygame.display.get_desktop_sizes()
    if not desktops:
        return size
    width, height = desktops[0]
    return max(min(size[0], width), MIN_SIZE[0]), max(min(size[1], height), MIN_SIZE[1])


def video_problem() -> str | None:
    """Why no window can be shown here (one line), or None with SDL's video started: asked
    before a port opens or a join starts, so that no one waits on a game that cannot show."""
    return start_video()


def play_client(session: Session | None, settings: Settings, options: LaunchOptions,
                size: tuple[int, int]) -> int:
    """The client over its menu, `session`'s game on top when the command line started one
    (SDL's video started by the caller: `video_problem`)."""
    try:
        sound = Mixer.open()  # silent, with one line on stderr, when there is no audio device
        app = App(on_desktop(size), settings, options, sound)
        end_on_signals(app)
        app.push(MenuScene())
        if session is not None:
            app.push(build(PlayGame(session)))
            session.write_state()
        app.on_quit.append(lambda: keep_games(app))
        app.on_quit.append(lambda: write_final_state(app))
        app.on_quit.append(lambda: say_saved(app))
        run(app)
    finally:
        pygame.quit()
    return 0


def watch(loaded: LoadedSave, size: tuple[int, int]) -> int:
    """The replay scene on a save, over the menu (where Esc and a game played on from the
    replay return to); SDL's video started by the caller."""
    try:
        app = App(on_desktop(size), sound=Mixer.open())
        app.push(MenuScene())
        app.push(build(WatchReplay(loaded)))
        run(app)
    finally:
        pygame.quit()
    return 0


def play_network(turns: HostTurns | GuestTurns, size: tuple[int, int] | None,
                 seed: int | None = None) -> int:
    """The window of a network game, the menu under it (SDL's video started by the caller);
    the connection closed at the end. `seed`: the host's `--seed`, which its rematches use
    too, as a hot-seat game's do."""
    settings = load_settings()
    try:
        app = App(on_desktop(size or settings.window_size), settings, LaunchOptions(seed),
                  Mixer.open())
        app.push(MenuScene())
        app.push(build(PlayNetwork(turns)))
        app.on_quit.append(lambda: keep_games(app))
        app.on_quit.append(lambda: write_final_state(app))
        run(app)
    finally:
        turns.leave()
        pygame.quit()
    return 0


def write_final_state(app: App) -> None:
    """On exit, dump the state of the game on the stack, if any (for --state-file)."""
    for session in sessions(app)[:1]:
        session.write_state()


def keep_games(app: App) -> None:
    """Ended by a signal (`App.stop`), no one was asked: every game whose last save failed is
    saved where it can be (SaveKeeper.rescue); say_saved then says where."""
    if app.stopping:
        for session in sessions(app):
            session.keeper.rescue(session.game, session.teams())


def sessions(app: App) -> list[Session]:
    """The games played here on the screen stack, top first (a guest's is the host's to keep)."""
    found = (getattr(scene, "session", None) for scene in reversed(app.scenes))
    return [session for session in found if isinstance(session, Session)]


def say_saved(app: App) -> None:
    """Closing the window mid-game loses nothing when every action was saved: say so, and say
    where; when the last save failed (the player chose to quit anyway), say that instead."""
    for session in reversed(sessions(app)):
        if session.game.history and not session.game.over:
            words = session.keeper.closing_words()
            if words is not None:
                print(words, file=sys.stderr if session.keeper.worrying else sys.stdout)
            return
