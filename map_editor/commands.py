"""The editor's commands: each acts on the document as one undoable edit and returns the status
line that says what it did. No Tk: the window routes menus, keys and panels here and redraws."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from laser_flag.engine.game_map import TEAMS, GameMap
from laser_flag.i18n import _

from . import edits, suggestions, symmetry
from .balance_run import store_badge
from .document import MapDocument
from .properties import changes
from .storage import is_bundled, read_map, write_map
from .words import unit_at, unit_name


def undoable(said: str) -> str:
    """A line saying what an edit did, with the key that takes it back."""
    return _("{said} (Ctrl+Z undoes)").format(said=said)


def undo(doc: MapDocument) -> str:
    label = doc.history.undo()
    return _("Undid: {label}").format(label=label) if label else _("Nothing to undo")


def redo(doc: MapDocument) -> str:
    label = doc.history.redo()
    return _("Redid: {label}").format(label=label) if label else _("Nothing to redo")


def change_unit(doc: MapDocument, index: int | None, team: str, unit_class: str) -> str:
    """Retype the unit at `index`; "" when none is selected or it is that unit already."""
    if index is None or doc.unit_rows[index][:2] == (team, unit_class):
        return ""
    unit = doc.unit_rows[index]
    doc.history.change(_("Change unit"), {"units": edits.with_unit_changed(doc, index, team,
                                                                         unit_class)})
    return undoable(_("{unit_at} is now a {unit_name}").format(
        unit_at=unit_at(unit), unit_name=unit_name(team, unit_class)))


def delete_unit(doc: MapDocument, index: int | None) -> str:
    if index is None:
        return _("Select a unit with the Unit tool first")
    unit = doc.unit_rows[index]
    doc.history.change(_("Delete unit"), {"units": edits.without_unit(doc, index)})
    return _("Deleted {unit_at}").format(unit_at=unit_at(unit))


def mirror(doc: MapDocument, which: str, keep_first: bool) -> str:
    """One half copied onto the other with the teams swapped (symmetry.mirrored)."""
    doc.history.change(_("Mirror {which}").format(which=_(which)),
                       symmetry.mirrored(doc, which, keep_first))
    return undoable(_("Mirrored {which}: both sides are now equal, teams swapped").format(
        which=_(which)))


def set_properties(doc: MapDocument, values: dict[str, Any]) -> str:
    """The Properties dialog's values: only the keys that differ make the edit."""
    changed = changes(doc.data, values)
    if not changed:
        return _("Map properties: nothing changed")
    doc.history.change(_("Map properties"), changed)
    words = ", ".join(key.replace("_", " ") for key in sorted(changed))
    return undoable(_("Changed the map's {words}").format(words=words))


def apply_tweak(doc: MapDocument, tweak: suggestions.Tweak) -> str:
    suggestions.apply(doc, tweak)
    return undoable(_("Applied: {label}").format(label=tweak.label))


def keep_badge(doc: MapDocument, value: dict[str, Any]) -> str:
    """The Balance panel's badge in the map; said too when the data folder could not keep it."""
    problem = store_badge(doc, value)
    stored = undoable(_("Stored the balance badge: saving writes it into the map"))
    if not problem:
        return stored
    return _("{stored}; not kept as measured here: {problem}").format(stored=stored,
                                                                       problem=problem)


def opened(path: Path) -> tuple[MapDocument, str]:
    """A document of the file at `path` and the line saying so; MapError for a file the engine
    refuses."""
    document = MapDocument(read_map(path), path)
    if is_bundled(path):
        return document, _("Opened {path} (it ships with the game: saving makes your own copy)"
                           ).format(path=path)
    return document, _("Opened {path}").format(path=path)


def name_from_file(path: Path) -> str:
    """A name for a map from its file's: 'my_arena.json' -> 'My arena'."""
    words = " ".join(path.stem.replace("_", " ").replace("-", " ").split())
    return words[:1].upper() + words[1:] if words else "Untitled map"


def save(doc: MapDocument, path: Path, draft: bool) -> str:
    """Write the map to `path`, which it is then the file of, unmodified; MapError or OSError
    when it was not written (the document is as it was). A map without a name (the game's
    chooser would show a blank) is named after its file, an edit undo takes back, and the
    line says so."""
    name = None if str(doc.data.get("name", "")).strip() else name_from_file(path)
    write_map(doc.data if name is None else {**doc.data, "name": name}, path)
    if name is not None:
        doc.history.change("Name the map", {"name": name})
    doc.path = path
    doc.history.mark_saved()
    saved = (_("Saved {path} as a draft") if draft else _("Saved {path}")).format(path=path)
    if name is None:
        return saved
    return _("{saved}; it had no name, so it is named {name!r} after the file (Map > Properties "
             "renames it)").format(saved=saved, name=name)


def all_clear(gm: GameMap) -> str:
    """Check map's words for a map without problems."""
    counts = [sum(1 for u in gm.units if u.team == t) for t in TEAMS]
    return (_("Check map: no problems. {mode}, {counts} against {counts2} units: the game can "
              "start on this map").format(
        mode=_(gm.mode), counts=counts[0], counts2=counts[1]))
