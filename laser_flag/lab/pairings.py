"""Which bots play which: a pairing is (team 1's bot, team 2's bot) before sides are swapped.

A mirror pairing (the same bot on both sides) measures the map; a mixed one also measures the
bots, since every odd game swaps their sides.
"""

from __future__ import annotations

from laser_flag.bots import BOT_NAMES, ZOO
from laser_flag.bots.registry import WEIGHTED, bot_name

Pairing = tuple[str, str]

# The standard styles of play a map must be fair for: the searching bot (the tactician, and the
# yardstick the others are played against) and every scripted style of the zoo (`bots.ZOO`, the
# one list of them). Adding a style to the zoo adds it to `--styles`, the editor's default run,
# the chooser's "measure here" and `make badges`.
STYLE_NAMES: tuple[str, ...] = ("hard", *ZOO)


def standard_pairings(styles: tuple[str, ...] = STYLE_NAMES) -> tuple[Pairing, ...]:
    """Each style against itself (the mirror pairings that measure the map), then the first
    style against each of the others (they measure the styles, sides swapped every game)."""
    first = styles[0]
    return (*((s, s) for s in styles), *((first, s) for s in styles[1:]))


STYLES: tuple[Pairing, ...] = standard_pairings()


def parse_pairing(text: str) -> Pairing:
    """`"a,b"` (or `"a"` for a,a) as a pairing; ValueError names the known bots, or the
    weights file a bot names and what is wrong with it. A bot may be a draw of the population,
    `style:N`, `hard:weights=FILE` or `exec:COMMAND`, a program (neither names a comma)."""
    names = [n.strip() for n in text.split(",")]
    if len(names) == 1:
        names *= 2
    try:
        if len(names) != 2:
            raise ValueError
        return bot_name(names[0]), bot_name(names[1])  # a level's name becomes its bot's
    except ValueError as err:
        if any(n.startswith(WEIGHTED) for n in names) and str(err):
            raise ValueError(f"{text!r}: {err}") from None
        raise ValueError(f"{text!r}: give two of {', '.join(BOT_NAMES)}, a level (Easy, "
                         f"Normal, Hard), style:N, {WEIGHTED}FILE or exec:COMMAND, separated by a"
                         " comma") from None


def is_mirror(pairing: Pairing | list[str]) -> bool:
    """Whether the same bot plays both sides."""
    return pairing[0] == pairing[1]


def label(pairing: Pairing | list[str]) -> str:
    """`planner-rusher`: how tables and the editor name a pairing."""
    return f"{pairing[0]}-{pairing[1]}"
