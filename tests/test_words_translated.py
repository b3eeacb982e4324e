"""No player-facing string outside the catalogues: an AST scan of the client, the play model, the
board, the editor and the engine's sentences a player reads, for words written straight into a
call that shows them (a drawn line, a button, a label, a dialog, a lesson's step, a refusal)
without _(), N_() or ngettext() around them."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("laser_flag/ui", "laser_flag/play", "laser_flag/board", "map_editor",
           "laser_flag/engine/refusals.py")
# Calls whose arguments a player or designer reads.
SHOWING_CALLS = frozenset({
    # pygame screens (board/text.py, ui/widgets.py, the panels')
    "draw_text", "rendered", "wrap", "wrap_cut", "draw_lines", "draw_squeezed", "fit",
    "largest_fitting", "Button", "row_of_buttons", "say", "banner", "footnote",
    # the play model and the engine: refusals, lessons, the rules' pages
    "refuse", "IllegalAction", "Step", "Chapter", "RulePage", "Picture",
    # Tk: widgets, menus, dialogs and tooltips
    "Label", "LabelFrame", "Checkbutton", "Radiobutton", "Tip", "tip", "title", "showerror",
    "showinfo", "showwarning", "askyesno", "askokcancel", "askyesnocancel", "askopenfilename",
    "asksaveasfilename", "add_command", "add_cascade", "add_checkbutton", "add_radiobutton",
    "EditRefused",
})
# Keywords whose value is read, in any call.
SHOWING_KEYWORDS = frozenset({"text", "label", "title", "message", "tip", "notice", "detail"})
MARKERS = frozenset({"_", "N_", "ngettext"})
WORD = re.compile(r"[A-Za-z]{2,}")
NOT_WORDS = re.compile(r"[a-z0-9_.\-/<>%*{}]+")  # keys, names, anchors, file patterns
# Strings that are not words of any language, each with why.
ALLOWED = frozenset({
    "Laser Flag",  # the game's name, the same in every language
})


def wordy(text: str) -> bool:
    return bool(WORD.search(text)) and not NOT_WORDS.fullmatch(text) and text not in ALLOWED


def called(node: ast.Call) -> str:
    func = node.func
    return func.id if isinstance(func, ast.Name) else func.attr \
        if isinstance(func, ast.Attribute) else ""


def literals(node: ast.AST) -> Iterator[ast.AST]:
    """The string literals and f-strings an argument is made of, through conditionals, sums,
    containers and .format(): not through any other call (a marker's, or a function that
    takes a key and returns the words)."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str) or \
            isinstance(node, ast.JoinedStr):
        yield node
    elif isinstance(node, ast.Call):
        if isinstance(node.func, ast.Attribute) and node.func.attr == "format":
            yield from literals(node.func.value)
    elif isinstance(node, ast.IfExp):
        yield from literals(node.body)
        yield from literals(node.orelse)
    elif isinstance(node, ast.BoolOp):
        for value in node.values:
            yield from literals(value)
    elif isinstance(node, ast.BinOp):
        yield from literals(node.left)
        yield from literals(node.right)
    elif isinstance(node, ast.Tuple | ast.List | ast.Set):
        for element in node.elts:
            yield from literals(element)


def text_of(node: ast.AST) -> str:
    if isinstance(node, ast.Constant):
        return node.value
    return "".join(v.value if isinstance(v, ast.Constant) else "{}" for v in node.values)


def unmarked(path: Path, root: Path = ROOT) -> Iterator[str]:
    """`file:line: text` for each word shown by a call in `path` without a marker."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or called(node) in MARKERS:
            continue
        arguments = [k.value for k in node.keywords if k.arg in SHOWING_KEYWORDS]
        if called(node) in SHOWING_CALLS:
            arguments += node.args
        for argument in arguments:
            for literal in literals(argument):
                if wordy(text_of(literal)):
                    yield f"{path.relative_to(root)}:{literal.lineno}: {text_of(literal)!r}"


def scanned_files() -> list[Path]:
    paths = [ROOT / place for place in SCANNED]
    return sorted(p for place in paths
                  for p in (place.rglob("*.py") if place.is_dir() else [place]))


def test_every_shown_word_goes_through_the_catalogues():
    found = [hit for path in scanned_files() for hit in unmarked(path)]
    assert not found, "wrap in _() (or N_() for a constant), then make messages:\n" + \
        "\n".join(found)


def test_the_scan_finds_bare_words_and_passes_marked_ones(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text(
        "draw_text(s, 'Bare words', (0, 0))\n"
        "draw_text(s, _('Marked words'), (0, 0))\n"
        "Button(rect, f'Turn {n} of {m}')\n"
        "Button(rect, _('Turn {n} of {m}').format(n=n, m=m))\n"
        "tk.Label(frame, text='Map name:' if a else _('Name:'))\n"
        "draw_text(s, 'topleft', (0, 0))\n",
        encoding="utf-8")
    hits = [hit.split(": ", 1)[1] for hit in unmarked(sample, tmp_path)]
    assert hits == ["'Bare words'", "'Turn {} of {}'", "'Map name:'"]

