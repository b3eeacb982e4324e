"""The client's import graph: no circle, no scene importing another, no import hidden in a function.

Read from the source with `ast`, so a circle shows even where import order happens to hold it.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "laser_flag"
# Loaded only when a dialog opens: Tk may be missing, and starting it is slow (not a circle).
LAZY_ON_PURPOSE = {("laser_flag.ui.tk_dialogs", "tkinter")}
# A scene that IS another with more on it (the lesson is the game screen plus its prompt) extends
# it; that import is a base class, not a way to navigate.
EXTENDS = {("laser_flag.ui.scenes.lesson_scene", "laser_flag.ui.scenes.game_scene")}


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def client_modules() -> dict[str, Path]:
    """laser_flag.ui (and its scenes) and laser_flag.app, by dotted name."""
    paths = [*sorted((PACKAGE / "ui").rglob("*.py")), PACKAGE / "app.py"]
    return {module_name(p): p for p in paths}


def imported(name: str, path: Path, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The dotted names an import statement in module `name` reaches."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    base = ".".join(part for part in (package if node.level else "", node.module or "") if part)
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def top_level_imports(name: str, path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = [n for n in tree.body if isinstance(n, ast.Import | ast.ImportFrom)]
    return {target for node in nodes for target in imported(name, path, node)}


def client_graph() -> dict[str, set[str]]:
    modules = client_modules()
    return {
        name: {t for t in top_level_imports(name, path) if t in modules and t != name}
        for name, path in modules.items()
    }


def test_no_import_inside_a_function_in_the_client():
    hidden = []
    for name, path in client_modules().items():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        reached = imported(name, path, inner)[0]
                        if (name, reached) not in LAZY_ON_PURPOSE:
                            hidden.append(f"{name}:{inner.lineno} imports {reached}")
    assert hidden == []


def test_no_scene_module_imports_another():
    graph = client_graph()
    scenes = {name for name in graph if name.startswith("laser_flag.ui.scenes.")}
    crossing = {(name, other) for name in scenes for other in graph[name] & scenes}
    assert crossing - EXTENDS == set()


def test_the_client_imports_have_no_circle():
    graph = client_graph()
    done: set[str] = set()

    def visit(name: str, trail: list[str]) -> None:
        if name in trail:
            raise AssertionError(" -> ".join([*trail[trail.index(name):], name]))
        if name in done:
            return
        for target in sorted(graph[name]):
            visit(target, [*trail, name])
        done.add(name)

    for name in sorted(graph):
        visit(name, [])
    assert "laser_flag.ui.screens" in graph["laser_flag.ui.loop"]  # the checker sees edges
