"""The roll checker: needed rolls and exact hit chances for every matchup, for map designers.

Every number comes from the engine's `to_hit`, so this table can never disagree with a game.
"""

from __future__ import annotations

import argparse
import json
import sys
import textwrap
from collections.abc import Sequence
from typing import Any

from laser_flag.engine.mapfile import MapError, load_map
from laser_flag.engine.rolls import TWO_D6, Dice, ToHit, parse_dice, to_hit
from laser_flag.engine.ruleset import (
    ALL_AP,
    CLASSES,
    COLUMNS,
    DEFAULT_RULESET,
    RulesError,
    Ruleset,
    class_label,
)
from laser_flag.i18n import N_
from laser_flag.resources import find_map
from laser_flag.tools.cli import OneLineParser, UsageError, argument_type, emit, fail
from laser_flag.tools.plotting import check_plot_path, pyplot
from laser_flag.tools.roll_chart import Grid, plot

PROG = "laser-flag-rolls"

# Shooter position: (stands on cover, snap shot).
SHOOTER_POSITIONS = {
    "level": (False, False),
    "elevated": (True, False),
    "level_snap": (False, True),
    "elevated_snap": (True, True),
}
# The positions' words: English in this command's output (the lab's language), marked so the
# editor's live table (map_editor.roll_table) shows them in the designer's.
SHOOTER_LABELS = {
    "level": N_("on floor"),
    "elevated": N_("on cover"),
    "level_snap": N_("snap, floor"),
    "elevated_snap": N_("snap, on cover"),
}
# Target position: (stands on cover, in cover against the shooter).
TARGET_POSITIONS = {
    "level": (False, False),
    "elevated": (True, False),
    "cover": (False, True),
    "elevated_cover": (True, True),
}
TARGET_LABELS = {
    "level": N_("on floor"),
    "elevated": N_("on cover"),
    "cover": N_("in cover"),
    "elevated_cover": N_("on + in cover"),
}

Override = tuple[str, str, Any]  # (class, column, value) from one --set
Tables = dict[str, dict[str, dict[str, dict[str, ToHit]]]]


def set_value(text: str) -> Any:
    """`true`/`false` -> bool, `all` -> ALL_AP, digits -> int; the ruleset checks the column."""
    word = text.strip().lower()
    if word in ("true", "false"):
        return word == "true"
    if word == ALL_AP:
        return ALL_AP
    return int(word)


def _set_arg(text: str) -> Override:
    """Parse `class.column=value`; the class and column are checked against the table here."""
    cell, sep, value = text.partition("=")
    unit_class, dot, column = cell.strip().partition(".")
    if not (sep and dot and unit_class and column):
        raise argparse.ArgumentTypeError(f"{text!r} is not CLASS.COLUMN=VALUE")
    if unit_class not in CLASSES:
        raise argparse.ArgumentTypeError(
            f"{text!r}: unknown class {unit_class!r} (one of {', '.join(CLASSES)})"
        )
    if column not in COLUMNS:
        raise argparse.ArgumentTypeError(
            f"{text!r}: unknown column {column!r} (one of {', '.join(COLUMNS)})"
        )
    try:
        return unit_class, column, set_value(value)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r}: the value must be an integer, true, false or {ALL_AP}"
        ) from None


def _parser() -> OneLineParser:
    parser = OneLineParser(
        prog=PROG,
        description="Needed roll and exact chance to hit for every shooter and target situation.",
    )
    parser.add_argument("--map", metavar="MAP", type=argument_type(find_map),
                        help="use this map's rule overrides: a file, or a map's name")
    parser.add_argument(
        "--set",
        metavar="CLASS.COLUMN=VALUE",
        dest="overrides",
        type=_set_arg,
        action="append",
        default=[],
        help="try a rule change on top of the map's rules, e.g. grunt.cover_defense=3; repeatable",
    )
    parser.add_argument(
        "--dice", type=argument_type(parse_dice), default=TWO_D6,
        help="dice system, e.g. 2d6, 3d6, 1d20",
    )
    parser.add_argument("--json", action="store_true", help="print the tables as JSON")
    parser.add_argument("--plot", metavar="FILE.png", help="also draw the tables as a chart")
    return parser


def apply_overrides(rules: Ruleset, overrides: Sequence[Override]) -> Ruleset:
    """The rules with each --set applied in order (a later one wins); RulesError on a bad value."""
    cells: dict[str, dict[str, Any]] = {}
    for unit_class, column, value in overrides:
        cells.setdefault(unit_class, {})[column] = value
    return rules.with_overrides(cells, where="--set")


def roll_tables(rules: Ruleset, dice: Dice = TWO_D6) -> Tables:
    """Every shooter class x shooter position x target class x target position, via `to_hit`."""
    return {
        shooter: {pos: _targets(rules, shooter, pos, dice) for pos in SHOOTER_POSITIONS}
        for shooter in CLASSES
    }


def _targets(
    rules: Ruleset, shooter: str, shooter_position: str, dice: Dice
) -> dict[str, dict[str, ToHit]]:
    elevated, snap = SHOOTER_POSITIONS[shooter_position]
    return {
        target: {
            position: to_hit(
                rules[shooter],
                rules[target],
                shooter_class=shooter,
                shooter_elevated=elevated,
                target_elevated=target_elevated,
                target_in_cover=in_cover,
                snap=snap,
                dice=dice,
            )
            for position, (target_elevated, in_cover) in TARGET_POSITIONS.items()
        }
        for target in CLASSES
    }


def tables_json(tables: Tables, dice: Dice) -> dict[str, Any]:
    """The --json document: probabilities as floats rounded to 6 decimals."""
    return {
        "dice": str(dice),
        "tables": {
            shooter: {
                position: {
                    target: {cell: _hit_json(hit) for cell, hit in cells.items()}
                    for target, cells in targets.items()
                }
                for position, targets in positions.items()
            }
            for shooter, positions in tables.items()
        },
    }


def _hit_json(hit: ToHit) -> dict[str, Any]:
    return {"needed": hit.needed, "probability": round(float(hit.probability), 6)}


def format_cell(hit: ToHit) -> str:
    """`7 (58.33%)`: below the lowest total reads 100.00%, above the highest 0.00%."""
    return f"{hit.needed} ({float(hit.probability) * 100:.2f}%)"


def _shooter_table(shooter: str, positions: dict[str, dict[str, dict[str, ToHit]]]) -> list[str]:
    """One shooter class: a row per target class and position, a column per shooter position."""
    rows = [["target", ""] + [SHOOTER_LABELS[p] for p in positions]]
    for target in CLASSES:
        for index, cell in enumerate(TARGET_POSITIONS):
            label = class_label(target) if index == 0 else ""
            hits = [positions[p][target][cell] for p in positions]
            rows.append([label, TARGET_LABELS[cell]] + [format_cell(hit) for hit in hits])
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [f"{class_label(shooter)} ({shooter}) shooting, by shooter position:"]
    lines += [
        "  " + "  ".join(text.ljust(w) for text, w in zip(row, widths, strict=True)).rstrip()
        for row in rows
    ]
    return lines


def rules_changes(rules: Ruleset) -> list[str]:
    """`class.column=value` for every cell that differs from the default table."""
    return [
        f"{unit_class}.{column}={_show(getattr(rules[unit_class], column))}"
        for unit_class in CLASSES
        for column in COLUMNS
        if getattr(rules[unit_class], column) != getattr(DEFAULT_RULESET[unit_class], column)
    ]


def _show(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def header(dice: Dice, sources: Sequence[str], rules: Ruleset) -> list[str]:
    """The dice and the rules in force: where they came from and what differs from the defaults."""
    changes = rules_changes(rules)
    return [
        f"Dice: {dice} (a hit is a total >= needed; {dice.sides**dice.count} outcomes)",
        "Rules: " + " + ".join(["defaults", *sources]),
        "Differs from the defaults: " + (", ".join(changes) if changes else "nothing"),
    ]


def render_text(tables: Tables, dice: Dice, sources: Sequence[str], rules: Ruleset) -> str:
    """The header (dice, rules in force) and one table per shooter class."""
    lines = header(dice, sources, rules)
    for shooter, positions in tables.items():
        lines += ["", *_shooter_table(shooter, positions)]
    return "\n".join(lines)


def chart_grid(rules: Ruleset, dice: Dice, sources: Sequence[str]) -> Grid:
    """The tables as the chart's grid: a row per shooter class and position, a column per target
    class and position; cells whose needed roll the rules in force change are marked."""
    shooters = [(s, p) for s in CLASSES for p in SHOOTER_POSITIONS]
    targets = [(t, c) for t in CLASSES for c in TARGET_POSITIONS]
    tables, defaults = roll_tables(rules, dice), roll_tables(DEFAULT_RULESET, dice)
    hits = [[tables[s][p][t][c] for t, c in targets] for s, p in shooters]
    changed = frozenset(
        (i, j)
        for i, (s, p) in enumerate(shooters)
        for j, (t, c) in enumerate(targets)
        if hits[i][j].needed != defaults[s][p][t][c].needed
    )
    note = " (outlined in red)" if changed else ""
    lines = ["Needed roll and chance to hit" + note, *header(dice, sources, rules)]
    return Grid(
        rows=[f"{class_label(s)} · {SHOOTER_LABELS[p]}" for s, p in shooters],
        cols=[f"{class_label(t)} · {TARGET_LABELS[c]}" for t, c in targets],
        hits=hits,
        changed=changed,
        group=len(TARGET_POSITIONS),
        title="\n".join(part for line in lines for part in textwrap.wrap(line, 110)),
    )


def _load_rules(args: argparse.Namespace) -> tuple[Ruleset, list[str]]:
    """The rules in force and where they came from: defaults, then the map, then each --set."""
    rules, sources = DEFAULT_RULESET, []
    if args.map is not None:
        try:
            rules = load_map(args.map).rules
        except MapError as err:  # also a missing or unreadable file
            raise UsageError(str(err)) from None
        sources.append(f"map rules from {args.map}")
    if args.overrides:
        try:
            rules = apply_overrides(rules, args.overrides)
        except RulesError as err:
            raise UsageError(str(err)) from None
        sources += [f"--set {c}.{col}={_show(v)}" for c, col, v in args.overrides]
    return rules, sources


def _setup(argv: list[str] | None) -> tuple[argparse.Namespace, Ruleset, list[str], Any]:
    """The arguments, the rules in force, their sources and pyplot (None without --plot)."""
    args = _parser().parse_args(argv)
    rules, sources = _load_rules(args)
    plt = pyplot() if args.plot else None
    if plt is not None:
        check_plot_path(args.plot, plt)
    return args, rules, sources, plt


def main(argv: list[str] | None = None) -> int:
    """Print the roll tables (and draw them with --plot); 2 with one line on stderr for a bad
    argument, map, output or missing matplotlib."""
    try:
        args, rules, sources, plt = _setup(argv)
    except UsageError as err:
        return fail(PROG, err)
    tables = roll_tables(rules, args.dice)
    if args.json:
        status = emit(PROG, json.dumps(tables_json(tables, args.dice), indent=2))
    else:
        status = emit(PROG, render_text(tables, args.dice, sources, rules))
    if plt is None:
        return status
    try:
        plot(plt, chart_grid(rules, args.dice, sources), args.plot)
    except OSError as err:
        return fail(PROG, f"--plot {args.plot}: cannot write the chart: {err.strerror or err}")
    return status


if __name__ == "__main__":
    sys.exit(main())
