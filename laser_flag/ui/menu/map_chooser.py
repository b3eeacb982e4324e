"""The main menu's chooser as a model: the maps listed, the one chosen, who plays each of its
teams and whether fog is on. No pygame: the menu scene draws it and routes input here."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..settings import Settings
from .map_badge import badge_view
from .map_catalog import MapEntry


class MapChooser:
    """`entries` in the menu's order; levels are the settings' (remembered per map file), the
    fog switch this chooser's where the player set it, else the launch option's or the map's."""

    def __init__(self, entries: list[MapEntry]) -> None:
        self.entries = entries
        self.chosen = 0
        self.fog_chosen: dict[Path, bool] = {}  # the Fog of war switch, where the player set it

    @property
    def entry(self) -> MapEntry | None:
        return self.entries[self.chosen] if self.entries else None

    @property
    def playable(self) -> bool:
        return self.entry is not None and self.entry.playable

    def step(self, step: int) -> None:
        """The next (1) or previous (-1) map, round the list."""
        if self.entries:
            self.chosen = (self.chosen + step) % len(self.entries)

    def add(self, entry: MapEntry) -> None:
        """List an opened file (replacing the same path) and choose it."""
        self.entries = [e for e in self.entries if e.path != entry.path] + [entry]
        self.chosen = len(self.entries) - 1

    def rebadged(self, path: Path) -> None:
        """The badge of the map at `path` read afresh (after it was measured here)."""
        self.entries = [replace(e, badge=badge_view(e.gm)) if e.path == path else e
                        for e in self.entries]

    def levels(self, settings: Settings) -> dict[str, str]:
        """Who plays each team on the chosen map: as last chosen for that map file."""
        return settings.levels_for(self.entry.path.name) if self.entry else {}

    def cycle_level(self, settings: Settings, team: str, step: int) -> None:
        """The next (step 1) or previous (-1) player for `team` on the chosen map."""
        if self.entry is not None:
            settings.cycle_level(self.entry.path.name, team, step)

    def fog_is_chosen(self, launch: bool | None) -> bool:
        """Whether the player, not the map, set the fog switch (here, or at launch: `launch`,
        from --fog/--no-fog)."""
        return self.entry.path in self.fog_chosen or launch is not None

    def fog(self, launch: bool | None) -> bool:
        """Fog of war for a game on the chosen map: as switched here, else as the command line
        (`launch`) or, failing that, the map says."""
        entry = self.entry
        if entry.path in self.fog_chosen:
            return self.fog_chosen[entry.path]
        return launch if launch is not None else entry.gm.fog_of_war

    def switch_fog(self, launch: bool | None) -> None:
        if self.entry is not None and self.entry.gm is not None:
            self.fog_chosen[self.entry.path] = not self.fog(launch)
