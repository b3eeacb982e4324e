"""Whether a network screen is idle as every screen is: counts of its pictures, the frames of
the real loop that slept until input, the messages it took in and the wakes its link posted."""

from __future__ import annotations

from types import ModuleType

from laser_flag.ui.loop import run
from laser_flag.ui.network.network_wake import wake

from ..remote.test_network_screens import frames_until
from ..ui.conftest import frames
from ..waits import wait_until


class Quiet:
    """Counts `screen`'s pictures, each frame of the real loop that slept until input, the
    messages taken in by `hearer.heard` and the wakes `module`'s link posted for them (just
    after handing each over): once the two agree, no wake is still to come. Made before the
    screen connects."""

    def __init__(self, app, monkeypatch, screen: type, hearer: type, module: ModuleType) -> None:
        self.app, self.draws, self.waits, self.taken, self.woken = app, 0, 0, 0, 0
        draw, wait, heard = screen.draw, app.wait_for_input, hearer.heard
        monkeypatch.setattr(screen, "draw",
                            lambda scene, surface: (self.count("draws"), draw(scene, surface)))
        monkeypatch.setattr(app, "wait_for_input", lambda ms: (self.count("waits"), wait(ms)))
        monkeypatch.setattr(hearer, "heard",
                            lambda owner, message: (self.count("taken"),
                                                    heard(owner, message))[1])
        monkeypatch.setattr(module, "wake", lambda: (self.count("woken"), wake()))

    def count(self, what: str) -> None:
        setattr(self, what, getattr(self, what) + 1)

    def settle(self, done) -> int:
        """Frames until `done()` and every wake is posted, then one for the wakes: the
        pictures drawn meanwhile."""
        drawn = self.draws
        frames_until(self.app, lambda: done() and self.woken == self.taken)
        frames(self.app)
        return self.draws - drawn

    def sleeps(self, count: int = 5) -> bool:
        """Whether `count` frames of the real loop (its clock) each slept until input and
        none drew a picture."""
        draws, waits = self.draws, self.waits
        run(self.app, count)
        return self.draws == draws and self.waits == waits + count

    def drawn_until(self, done, what: str) -> int:
        """Frames of the real loop, no input posted, until `done()`, then one more (the wake
        for a message taken in by an update that no input woke): the pictures drawn."""
        drawn = self.draws
        wait_until(done, what, 30, between=lambda: run(self.app, 1))
        run(self.app, 1)
        return self.draws - drawn
