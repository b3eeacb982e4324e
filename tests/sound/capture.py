"""What the game plays, captured: the real main loop at real speed with SDL's disk audio driver,
through the menu, a game and its victory screen, then every sample written counted at full
scale. Run in a process of its own (the audio driver is chosen once per process):

    SDL_AUDIODRIVER=disk SDL_DISKAUDIOFILE=out.raw python -m tests.sound.capture \
        --volumes 100,100,60 --seconds 300 [--short]

`--short` plays one scripted game (a walk and a shot that wins) instead of bots' games; the
result is one line of JSON: samples at full scale, the seconds they fall in, the loudest.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from laser_flag.engine import load_map
from laser_flag.play.session import Session
from laser_flag.sound.mixer import Mixer
from laser_flag.ui.game.game_scene import GameScene
from laser_flag.ui.loop import App, run
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.settings import VOLUME_PARTS, Settings
from tests.ui.conftest import SMALL_MAP, Dice, small_session

FULL_SCALE = 32767  # a 16-bit sample this far from zero is clipped, or as loud as can be
BOTS = {"1": "Easy", "2": "Easy"}
BOT_MAP = Path(__file__).resolve().parents[2] / "maps" / "blitz.json"
ONE_POINT_WINS = {**SMALL_MAP, "score_limit": {"1": 1, "2": 3}}


class Capture:
    """The app with sound on the disk driver, played on in real time, frame by frame."""

    def __init__(self, percents: dict[str, int]) -> None:
        pygame.display.init()
        pygame.font.init()
        settings = Settings(volumes_percent=percents)
        self.app = App((1280, 860), settings, sound=Mixer.open(settings.volumes()))
        self.clock = pygame.time.Clock()  # real time: sounds overlap as a player hears them
        self.app.push(MenuScene(maps_dir=Path(tempfile.mkdtemp())))

    def play_for(self, seconds: float, until=lambda: False) -> None:
        """Frames at the game's rate until `seconds` pass or `until()` holds."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and not until():
            run(self.app, 1, self.clock)

    def post(self, *events: pygame.event.Event) -> None:
        for event in events:
            pygame.event.post(event)
        self.play_for(0.05)

    def click(self, scene: GameScene, pos: tuple[int, int]) -> None:
        lay = scene.layout()
        x, y = lay.origin[0] + pos[1] * lay.tile_px + lay.tile_px // 2, \
            lay.origin[1] + pos[0] * lay.tile_px + lay.tile_px // 2
        self.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
                  pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1))

    def back_to_menu(self) -> None:
        """Esc until the menu is on top (the victory screen's way back)."""
        while not isinstance(self.app.top, MenuScene):
            self.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0,
                                         unicode="", scancode=0))

    def game(self, session: Session) -> GameScene:
        scene = GameScene(session)
        self.app.push(scene)
        self.play_for(0.2)
        return scene


def scripted_game(capture: Capture) -> str:
    """A walk of three tiles (three steps at once) and a shot that hits and wins; the winner."""
    scene = capture.game(small_session(Dice(default=(6, 6)), ONE_POINT_WINS))
    capture.click(scene, (5, 1))
    capture.click(scene, (5, 4))
    capture.play_for(3, until=lambda: scene.turns.playback is None)
    capture.click(scene, (6, 2))
    capture.click(scene, (1, 5))
    capture.click(scene, (1, 5))
    capture.play_for(6, until=lambda: capture.app.top is not scene)
    return scene.game.winner


def bots_games(capture: Capture, seconds: float) -> int:
    """Bots' games on a small map, each from the menu to its victory screen and back; how many
    were played to their end."""
    deadline, seed, ended = time.monotonic() + seconds, 1, 0

    def left(most: float) -> float:
        return min(most, max(0.0, deadline - time.monotonic()))

    while left(seconds):
        scene = capture.game(Session.start(load_map(BOT_MAP), seed=seed, levels=BOTS))
        capture.play_for(left(seconds), until=lambda s=scene: capture.app.top is not s)
        ended += scene.game.winner is not None
        capture.play_for(left(4))  # the victory screen
        capture.back_to_menu()
        capture.play_for(left(3))
        seed += 1
    return ended


def full_scale(path: Path, channels: int, rate: int) -> dict[str, object]:
    """Samples at full scale in the raw 16-bit file, the seconds they fall in, the loudest."""
    samples = memoryview(path.read_bytes()).cast("h")
    loud = [i for i, s in enumerate(samples) if abs(s) >= FULL_SCALE]
    return {"clipped": len(loud), "seconds": sorted({i // (channels * rate) for i in loud}),
            "loudest": max(map(abs, samples), default=0),
            "length_s": len(samples) / (channels * rate)}


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--volumes", default="100,100,60", help="master,effects,music percents")
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("--short", action="store_true")
    args = parser.parse_args(argv)
    master, effects, music = (int(v) for v in args.volumes.split(","))
    percents = dict(zip(VOLUME_PARTS, (master, music, effects), strict=True))
    capture = Capture(percents)
    capture.play_for(1.5)  # the menu's music alone
    if args.short:
        played = {"winner": scripted_game(capture)}
        capture.play_for(2)  # the victory screen
    else:
        played = {"games_ended": bots_games(capture, args.seconds)}
    rate, _, channels = pygame.mixer.get_init()
    pygame.mixer.quit()  # the driver writes out what it holds
    heard = full_scale(Path(os.environ["SDL_DISKAUDIOFILE"]), channels, rate)
    print(json.dumps({**played, **heard}))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
