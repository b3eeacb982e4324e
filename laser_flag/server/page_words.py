"""The server page's words in the watcher's language: every sentence the page shows, marked
here for the catalogues (the page is plain JavaScript, which `make messages` does not read),
and the language a browser asks for in its Accept-Language header. The page is sent with
these sentences translated, as JSON, and with what the server may tell a watcher (its
refusals and goodbyes, `remote.reasons`); its script looks each one up (`T`) and fills in the
{placeholders}, and shows the English as written when a sentence is missing (a told sentence
with a value in it among them)."""

from __future__ import annotations

import json

from ..i18n import ENGLISH, N_, catalogue, language_of
from ..remote import reasons

SENTENCES = (
    N_("Laser Flag: games on this server"),
    N_("Code"), N_("Map"), N_("Players"), N_("Fog"), N_("Watching"), N_("State"),
    N_("No public game now."),
    N_("Save the replay"), N_("Back to the list"), N_("Watch this game"),
    N_("Connecting..."),
    N_("The connection to the server closed."),
    N_("The public games, every three seconds."),
    N_("(free)"), N_("{one} v {two}"), N_("yes ({watch})"), N_("no"),
    # a game's state in the list
    N_("waiting"), N_("playing"), N_("over"),
    # what a spectator of a game under fog sees: the list's Fog column, the watch line
    N_("live"), N_("at the end"), N_("a round late"),
    N_("every action as it happens"), N_("the board once the game is over"),
    N_("the whole board a full round late"),
    N_("Watching {name}: {what}."),
    N_("round {round}, {team} to move"), N_("(a round late)"), N_("a draw"),
    N_("{team} won ({victory})"),
    # how a game was won
    N_("score limit"), N_("elimination"), N_("checkmate"), N_("round limit"),
    N_("The board shows once the game is over."),
    N_("watching: {count}"),
    N_("The replay is saved: watch it with laser-flag replay FILE."),
)

SENT = (*SENTENCES, *reasons.TOLD)  # the page's sentences and what the server may tell it


def language_for(accept: str | None) -> str:
    """The game's language a browser's Accept-Language header asks for most (`de-AT,de;q=0.9,
    en;q=0.8`; the first of equal weights), English when it names none the game speaks or is
    missing or malformed."""
    ranked = []
    for index, part in enumerate((accept or "").split(",")):
        tag, *params = (piece.strip() for piece in part.split(";"))
        weight = next((_weight(p[2:]) for p in params if p.startswith("q=")), 1.0)
        if weight > 0 and (code := language_of(tag)) is not None:
            ranked.append((-weight, index, code))
    return min(ranked)[2] if ranked else ENGLISH


def _weight(text: str) -> float:
    """A language's q value; one that is no number counts as not wanted (0)."""
    try:
        return float(text)
    except ValueError:
        return 0.0


WORDS_MARK = '<script id="words" type="application/json">{}</script>'  # in server/page
TOLD_MARK = '<script id="told" type="application/json">{}</script>'  # in server/page


def page_in(page: str, code: str) -> str:
    """The page (its text) for a watcher of language `code`: its sentences in that language,
    as JSON in the element WORDS_MARK leaves empty, the sentences the server may tell it with
    values in them (`remote.reasons`: TOLD, the placeholders whose value is itself one of them,
    and the longest text read) in the element TOLD_MARK leaves empty, and its `lang` attribute
    saying so."""
    translated = catalogue(code)
    words = {sentence: translated.gettext(sentence) for sentence in SENT}
    told = {"templates": reasons.TOLD, "worded": sorted(reasons.WORDED_VALUES),
            "longest": reasons.LONGEST}
    filled = page.replace(WORDS_MARK, WORDS_MARK.replace("{}", _json(words)), 1)
    filled = filled.replace(TOLD_MARK, TOLD_MARK.replace("{}", _json(told)), 1)
    return filled.replace('<html lang="en">', f'<html lang="{web_tag(code)}">', 1)


def _json(value: object) -> str:
    """`value` as JSON inside a script element: every `<` escaped, so no text can end the
    element early."""
    return json.dumps(value, ensure_ascii=False).replace("<", "\\u003c")


def web_tag(code: str) -> str:
    """A language of the game as the web names it (`zh_CN` is `zh-CN`)."""
    return code.replace("_", "-")
