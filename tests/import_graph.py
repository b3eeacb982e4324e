"""The project's import graph, read from the source with `ast` (shared by the import tests).

Read from the source, so a circle shows even where import order happens to hold it.
"""

from __future__ import annotations

import ast
from functools import cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = ("laser_flag", "map_editor")


@cache
def syntax(path: Path) -> ast.Module:
    """A source file's syntax tree, parsed once a test process: the files do not change while
    the tests run, and the import tests ask about the same ones many times."""
    return ast.parse(path.read_text(encoding="utf-8"))


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def project_modules(under: str = "") -> dict[str, Path]:
    """Every module of laser_flag and map_editor (or only those under a dotted prefix), by name."""
    paths = sorted(p for package in PACKAGES for p in (ROOT / package).rglob("*.py"))
    modules = {module_name(p): p for p in paths}
    return {name: p for name, p in modules.items()
            if not under or name == under or name.startswith(f"{under}.")}


def imported(name: str, path: Path, node: ast.Import | ast.ImportFrom) -> list[str]:
    """What one import statement in module `name` reaches: the module, then each name as a
    possible submodule (`from . import x` reaches x)."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for _ in range(node.level - 1):
        package = package.rpartition(".")[0]
    base = ".".join(part for part in (package if node.level else "", node.module or "") if part)
    return [base, *(f"{base}.{alias.name}" for alias in node.names)]


def top_level_imports(name: str, path: Path, modules: dict[str, Path]) -> set[str]:
    """The modules among `modules` the module's own body imports (not its functions): for
    `from package import a, b`, only the submodules when a and b are both submodules."""
    tree = syntax(path)
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            base, *names = imported(name, path, node)
            submodules = {n for n in names if n in modules}
            whole = isinstance(node, ast.Import) or len(submodules) < len(names)
            found |= submodules | ({base, *names} if whole else set())
    return found & modules.keys()


def graph(modules: dict[str, Path]) -> dict[str, set[str]]:
    """Module -> the modules among `modules` it imports at load time."""
    return {name: top_level_imports(name, path, modules) - {name}
            for name, path in modules.items()}


def hidden_imports(modules: dict[str, Path]) -> list[tuple[str, str, int]]:
    """(module, what it imports, line) of each import inside a function or class body."""
    hidden = []
    for name, path in modules.items():
        for node in ast.walk(syntax(path)):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                for inner in ast.walk(node):
                    if isinstance(inner, ast.Import | ast.ImportFrom):
                        hidden.append((name, imported(name, path, inner)[0], inner.lineno))
    return sorted(set(hidden))


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle a depth-first walk meets, each as the modules along it."""
    found: list[list[str]] = []
    done: set[str] = set()

    def walk(node: str, trail: list[str]) -> None:
        if node in trail:
            found.append([*trail[trail.index(node):], node])
            return
        if node in done:
            return
        for target in sorted(edges.get(node, ())):
            walk(target, [*trail, node])
        done.add(node)

    for node in sorted(edges):
        walk(node, [])
    return found
