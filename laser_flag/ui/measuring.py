""""Measure here" as the app holds it: one map measured in the background (lab.here), so a
run outlives the menu scene that started it. No pygame: the menu shows its text and badge."""

from __future__ import annotations

from pathlib import Path

from ..engine.game_map import GameMap
from ..i18n import _
from ..lab.here import MeasureHere
from .menu.map_badge import badge_view


class Measuring:
    """At most one run at a time, of the map file at `path`; `text` is its progress as last
    polled, `moved` whether that changed at the last poll (a frame to draw)."""

    measure_here = MeasureHere  # how a map is measured (a test plays fewer games)

    def __init__(self) -> None:
        self.run: MeasureHere | None = None
        self.path: Path | None = None
        self.text = ""
        self.moved = False

    def start(self, gm: GameMap, path: Path) -> None:
        self.run, self.path = self.measure_here(gm), path
        self.run.start()

    def stop(self) -> bool:
        """Stop the run, keeping nothing; whether one was running."""
        if self.run is None:
            return False
        self.run.stop()
        self.run, self.text = None, ""
        return True

    def follow(self) -> str | None:
        """Poll the run: its progress, and once it has ended, what it found for the status
        line (the badge kept in the data folder by lab.here); None while it goes on."""
        if self.run is None:
            self.moved = False
            return None
        ended = self.run.poll()
        text = self.run.text()
        self.moved, self.text = text != self.text, text
        if not ended:
            return None
        run, self.run, self.text = self.run, None, ""
        kept = (_("measured here: {word}").format(
            word=badge_view(run.gm).word) if run.kept is not None
                else _("nothing kept"))
        return f"{run.gm.name}: {run.run.error or run.problem or kept}."

    def of(self, path: Path) -> str:
        """The progress when `path` is the map being measured, else ""."""
        return self.text if path == self.path else ""
