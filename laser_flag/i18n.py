"""The game's words in the player's language: gettext catalogues in laser_flag/locale/.

Every sentence a player or a designer reads is written in English in the code and marked:
`_("...")` where it is evaluated when shown, `N_("...")` for a constant made at import (a
lesson's step, a setting's label), translated with `_(constant)` where it is drawn, and
`ngettext` for a sentence with a number in it. A sentence with values in it is translated as a
whole template, then formatted: `_("It is {team}'s turn.").format(team=...)`; fragments are
never glued together, since another language orders them otherwise.

Until `use_language` is called the words are English: the lab, the programs over stdin and the
network's messages read the same on every machine, whatever its locale. The client and the
editor call it as they start, with the player's setting (settings.json: "language"), and again
when it changes. stdlib gettext only: the engine uses this module and stays free of any UI.
docs/TRANSLATING.md says how a language is added.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Mapping
from pathlib import Path

DOMAIN = "laser_flag"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
ENGLISH = "en"
SYSTEM = "system"  # the setting that follows the machine's locale
# Each language the game speaks, by its catalogue's folder name, with its name in itself.
LANGUAGES: dict[str, str] = {ENGLISH: "English", "de": "Deutsch", "zh_CN": "简体中文"}
# The variables that name the locale's language, in the order gettext reads them.
LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")

_active: gettext.NullTranslations = gettext.NullTranslations()
_code = ENGLISH


def language_of(locale_name: str) -> str | None:
    """The game's language for a locale name (`de_AT.UTF-8`, `zh_CN`, `zh-Hans`, `en`), None
    when the game has none for it. Chinese of any region reads the Simplified catalogue."""
    base = locale_name.split(".")[0].split("@")[0].replace("-", "_")
    if base in LANGUAGES:
        return base
    first = base.split("_")[0].lower()
    if first == "zh":
        return "zh_CN"
    return first if first in LANGUAGES else None


def system_language(environ: Mapping[str, str] = os.environ) -> str:
    """The language the machine's locale asks for, read as gettext reads it: the first variable
    of LOCALE_VARIABLES that is set (LANGUAGE may list several, by preference); English when it
    names none of LANGUAGES (or is C / POSIX)."""
    for variable in LOCALE_VARIABLES:
        value = environ.get(variable)
        if not value:
            continue
        for name in value.split(":"):
            code = language_of(name)
            if code is not None:
                return code
        return ENGLISH
    return ENGLISH


def resolve(choice: str, environ: Mapping[str, str] = os.environ) -> str:
    """The language a setting means: one of LANGUAGES itself, else (SYSTEM or anything
    unknown) the system's."""
    return choice if choice in LANGUAGES else system_language(environ)


def catalogue(code: str) -> gettext.NullTranslations:
    """The translations of one of LANGUAGES (English: the words as written)."""
    if code == ENGLISH:
        return gettext.NullTranslations()
    return gettext.translation(DOMAIN, LOCALE_DIR, [code])


def use_language(choice: str) -> str:
    """Speak the language `choice` names (a code of LANGUAGES, or SYSTEM) from now on; returns
    its code. A missing catalogue (a broken install) leaves English, never an error."""
    global _active, _code
    code = resolve(choice)
    try:
        _active = catalogue(code)
    except OSError:
        code, _active = ENGLISH, gettext.NullTranslations()
    _code = code
    return code


def active_language() -> str:
    """The code of the language spoken now."""
    return _code


def _(message: str) -> str:
    """`message` in the language spoken now. The empty text stays empty: gettext would answer
    it with the catalogue's header (and the screens look up every text they draw)."""
    return _active.gettext(message) if message else message


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a sentence about `n` things that the language spoken now uses for `n`."""
    return _active.ngettext(singular, plural, n)


def N_(message: str) -> str:  # noqa: N802 - gettext's own name for the marker
    """`message` unchanged: marks a constant for the catalogue, translated where it is shown."""
    return message
