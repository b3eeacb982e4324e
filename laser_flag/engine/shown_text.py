"""Which characters a text of the game may hold: one rule for every name, title and line the
game draws or puts into a file name, wherever it comes from (map files, saves, settings, the
editor, the network).

A text may hold any character a font can draw, if only as a box: letters of every script,
combining marks, format characters (right-to-left marks, joiners), private-use and unassigned
code points. It may not hold a control character (U+0000-U+001F and U+007F-U+009F, but for a
line break or tab in a text of several lines): nothing draws one, and pygame refuses U+0000
outright. Nor may it hold a lone surrogate (U+D800-U+DFFF): no file and no screen can encode
one. Readers refuse such a text with its place named (`why_unshowable`); every screen replaces
such characters in whatever text reaches it (`showable`), so a text no reader checked cannot
stop the game either.
"""

from __future__ import annotations

import unicodedata

from ..i18n import _

REPLACEMENT = "\ufffd"  # drawn where a character that cannot be shown was
LINE_CHARS = frozenset("\n\t")  # kept in texts of several lines (a map's description)
# Combining marks stacked on one letter once composed (NFC): enough for real text in every
# script; each one more makes the drawn line taller (pygame-ce: 15 px, then 21, 31, 41 at 20 px),
# and a long pile would draw over the lines around it.
MAX_MARKS = 2


def _unshowable(char: str, lines: bool) -> bool:
    category = unicodedata.category(char)
    if category == "Cc":
        return not (lines and char in LINE_CHARS)
    return category == "Cs"


def why_unshowable(text: str, lines: bool = False) -> str | None:
    """None when every character of `text` can be shown; else the message naming the first one
    that cannot, as a reader puts it after the text's place. `lines`: the text may break into
    several lines (line breaks and tabs allowed)."""
    for index, char in enumerate(text):
        if _unshowable(char, lines):
            if unicodedata.category(char) == "Cc":
                problem = _("character {index} is U+{code:04X}, a control character, which "
                            "cannot be shown")
            else:
                problem = _("character {index} is U+{code:04X}, a lone surrogate, which cannot "
                            "be shown")
            return problem.format(index=index + 1, code=ord(char))
    return None


def showable(text: str) -> str:
    """One line of `text` as a screen draws it: composed (NFC), each character that cannot be
    shown (line breaks and tabs included) made REPLACEMENT, and combining marks beyond
    MAX_MARKS on one letter left out."""
    if text.isascii() and text.isprintable():
        return text
    out: list[str] = []
    marks = 0
    for char in unicodedata.normalize("NFC", text):
        if unicodedata.combining(char):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        out.append(REPLACEMENT if _unshowable(char, lines=False) else char)
    return "".join(out)
