"""Which overlay the board shows, one at a time: the Sight tool's line of sight, the exposure
heatmap or the Balance panel's hit map. No Tk: the window draws what this chooses."""

from __future__ import annotations

from laser_flag.engine.game_map import Pos
from laser_flag.engine.los import Visibility
from laser_flag.i18n import _, ngettext

from .overlays import exposure, frozen, sight
from .pointer import Pointer

SIGHT, EXPOSURE, HITS = "sight", "exposure", "hits"


def hits_label(low: int, high: int) -> str:
    counts = str(low) if low == high else f"{low}-{high}"
    return ngettext("{counts} hit", "{counts} hits", high).format(counts=counts)


class OverlayChoice:
    """The overlay chosen and the hit map it may show; the Sight overlay looks from the
    pointer's viewpoint, so choosing another overlay forgets that viewpoint."""

    def __init__(self, pointer: Pointer) -> None:
        self.pointer = pointer
        self.name: str | None = None  # SIGHT, EXPOSURE or HITS
        self.hit_layer, self.hit_counts = "", {}  # the Balance panel's hit map, when measured

    def shown(self) -> str | None:
        """The overlay on the board now (the Sight overlay needs a viewpoint, the hit map a
        game with a hit)."""
        if self.name == SIGHT and self.pointer.los_origin is None:
            return None
        if self.name == HITS and not self.hit_counts:
            return None
        return self.name

    def heat(self) -> dict[Pos, int]:
        """The counts the board shades: tiles seeing each tile, or hits, or none."""
        if self.shown() == EXPOSURE:
            return exposure(frozen(self.pointer.doc.tiles))
        return self.hit_counts if self.shown() == HITS else {}

    def seen(self) -> Visibility | None:
        if self.shown() != SIGHT:
            return None
        return sight(frozen(self.pointer.doc.tiles), self.pointer.los_origin)

    def note(self, pos: Pos) -> str:
        """What the shown overlay counts at `pos`, for the hover bar ("" for none)."""
        shown, count = self.shown(), self.heat().get(pos)
        if shown == EXPOSURE and count is not None:
            return _("seen from {count} tiles").format(count=count)
        if shown == HITS:
            return hits_label(*[self.hit_counts.get(pos, 0)] * 2)
        return ""

    def show(self, name: str) -> None:
        """`name` in place of the overlay shown (a Sight viewpoint is forgotten)."""
        if name != SIGHT:
            self.pointer.los_origin = None
        self.name = name

    def hide(self) -> str:
        message = _("Overlay hidden") if self.shown() is not None else ""
        self.name = self.pointer.los_origin = None
        return message

    def looked_from(self, before: Pos | None) -> None:
        """After a pointer action: a new viewpoint shows the Sight overlay in place of any other."""
        if self.pointer.los_origin not in (None, before):
            self.name = SIGHT

    def toggle_exposure(self) -> str:
        if self.shown() == EXPOSURE:
            return self.hide()
        self.show(EXPOSURE)
        return _("Exposure heatmap: how many tiles see each tile")

    def show_hit_map(self) -> str:
        if not self.hit_layer:
            return (_("No hit map yet: measure the map in the Balance panel (Ctrl+B) and pick what "
                      "its hit map shows"))
        self.show(HITS)
        return ""

    def take_hits(self, layer: str, counts: dict[Pos, int]) -> bool:
        """The Balance panel's hit map: a layer picked there shows it in place of any other
        overlay (none hides it); new counts for the same layer, as games finish, leave alone
        an overlay chosen since. Whether the board changes."""
        picked = layer != self.hit_layer
        self.hit_layer, self.hit_counts = layer, counts
        if picked and layer:
            self.show(HITS)
        elif picked and self.name == HITS:
            self.hide()
        else:
            return self.name == HITS
        return True

    def forget(self) -> None:
        """Nothing shown and no hit map: they were of a map now replaced."""
        self.name = self.pointer.los_origin = None
        self.hit_layer, self.hit_counts = "", {}
