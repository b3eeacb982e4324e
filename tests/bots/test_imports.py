"""How the bots and the engine import: the bots use only the engine's public API (what
`laser_flag.engine` exports), and neither package has an import circle or an import hidden
inside a function."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import laser_flag.engine

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("laser_flag/bots", "laser_flag/engine")
BOTS = sorted((ROOT / "laser_flag" / "bots").glob("*.py"))
ENGINE = "laser_flag.engine"


def module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imported(path: Path, node: ast.ImportFrom) -> str:
    """The absolute module an import-from names."""
    if not node.level:
        return node.module or ""
    package = module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    base = package[: len(package) - node.level + 1]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(path: Path, source: str | None = None) -> list[tuple[str, list[str]]]:
    """(module, names) of every import in a file, `import x` giving (x, [])."""
    found = []
    for node in ast.walk(ast.parse(path.read_text() if source is None else source)):
        if isinstance(node, ast.Import):
            found += [(alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found.append((imported(path, node), [alias.name for alias in node.names]))
    return found


def engine_internals(path: Path, source: str | None = None) -> list[str]:
    """The engine modules and names a bots file imports beyond `laser_flag.engine`'s exports."""
    found = []
    for module, names in imports_of(path, source):
        if module.startswith(ENGINE):
            found += [module] if module != ENGINE else []
            found += [n for n in names if module == ENGINE and n not in laser_flag.engine.__all__]
    return found


@pytest.mark.parametrize("path", BOTS, ids=lambda p: p.name)
def test_bots_import_only_what_the_engine_package_exports(path):
    assert engine_internals(path) == []


def test_the_check_catches_internal_modules_and_private_names():
    probe = ROOT / "laser_flag" / "bots" / "probe.py"  # only its place matters: never read
    source = ("from ..engine.movement import search\nimport laser_flag.engine.units\n"
              "from laser_flag.engine import Game, _roll\nfrom .odds import Odds\n")
    assert engine_internals(probe, source) == [
        "laser_flag.engine.movement", "laser_flag.engine.units", "_roll"]


def package_files() -> list[Path]:
    return sorted(p for pkg in PACKAGES for p in (ROOT / pkg).glob("*.py"))


@pytest.mark.parametrize("path", package_files(), ids=lambda p: f"{p.parent.name}/{p.name}")
def test_no_import_hides_inside_a_function(path):
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            inner = [n for n in ast.walk(node) if isinstance(n, ast.Import | ast.ImportFrom)]
            assert not inner, f"{path.name}: an import inside {node.name}()"


def import_graph() -> dict[str, set[str]]:
    """Module -> the modules of the two packages it imports ('from . import x' names x)."""
    files = {module_name(p): p for p in package_files()}
    graph: dict[str, set[str]] = {}
    for name, path in files.items():
        edges = set()
        for module, names in imports_of(path):
            submodules = {f"{module}.{n}" for n in names if f"{module}.{n}" in files}
            edges |= submodules
            if module in files and (len(submodules) < len(names) or not names):
                edges.add(module)
        graph[name] = edges - {name}
    return graph


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every import circle found by a depth-first walk, each as the modules along it."""
    found, done = [], set()

    def walk(node: str, path: list[str]) -> None:
        if node in path:
            found.append(path[path.index(node):] + [node])
            return
        if node in done:
            return
        for nxt in sorted(graph[node]):
            walk(nxt, path + [node])
        done.add(node)

    for node in sorted(graph):
        walk(node, [])
    return found


def test_the_bots_and_the_engine_have_no_import_circle():
    graph = import_graph()
    assert "laser_flag.bots.registry" in graph["laser_flag.bots"]
    assert circles(graph) == []


def test_the_circle_finder_finds_a_circle():
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == [["a", "b", "c", "a"]]
