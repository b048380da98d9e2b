"""The floors of the house (DESIGN.md): imports point down only, no game imports another game,
the core imports only the standard library, and no import circle runs through tarot's modules.

Every module under ``tarot/`` is read with ``ast`` (not imported), so an import inside a function
counts as much as one at the top. The floors:

    0 core        tarot.core.*
    1 games       tarot, tarot.variants, tarot.variants.<g> (its __init__, rules* and others)
    2 bots        tarot.bots.*, tarot.variants.<g>.bot*, tarot.variants.<g>.sampler*
    3 services    tarot.records*, tarot.runs.*, tarot.play.*, tarot.explain.*,
                  tarot.variants.<g>.explain*
    4 interfaces  tarot.cli, tarot.tui*, tarot.__main__, tarot.web*, tarot.adapters*

A game's lazy "module:attr" strings (``tarot.core.game``) are not imports, and are not read.
"""

from __future__ import annotations

import ast
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "tarot"

FLOOR_NAMES = ("core", "games", "bots", "services", "interfaces")
SERVICES = ("records", "runs", "play", "explain")
INTERFACES = ("cli", "__main__", "tui", "web", "adapters")


@dataclass(frozen=True)
class Import:
    """One import statement's target, resolved to an absolute module name."""

    module: str        # the importing module
    target: str        # the module imported (a tarot module where one is named, else as written)
    line: int
    top_level: bool    # executed when the module is imported (not in a function, not TYPE_CHECKING)

    def where(self) -> str:
        return f"{module_path(self.module)}:{self.line}"


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def module_path(name: str) -> str:
    return str(MODULES[name].relative_to(ROOT))


MODULES: dict[str, Path] = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def floor(module: str) -> int | None:
    """The floor of a tarot module by the table above; None for a module the table misses."""
    parts = module.split(".")
    if len(parts) == 1:
        return 1
    top = parts[1]
    if top == "core":
        return 0
    if top == "variants":
        leaf = parts[3] if len(parts) > 3 else ""
        if leaf.startswith(("bot", "sampler")):
            return 2
        if leaf.startswith("explain"):
            return 3
        return 1
    if top == "bots":
        return 2
    if top in SERVICES:
        return 3
    if top in INTERFACES or top.startswith("tui"):
        return 4
    return None


def game_of(module: str) -> str | None:
    """``tarot.variants.<g>`` for a module of game ``g``, else None."""
    parts = module.split(".")
    return ".".join(parts[:3]) if len(parts) > 2 and parts[1] == "variants" else None


def _base(module: str, level: int) -> str:
    """The package a relative import of ``level`` dots starts from."""
    package = module if MODULES[module].name == "__init__.py" else module.rpartition(".")[0]
    for _ in range(level - 1):
        package = package.rpartition(".")[0]
    return package


def _targets(module: str, node: ast.Import | ast.ImportFrom) -> list[str]:
    """The modules an import statement names: ``from pkg import sub`` names ``pkg.sub`` when
    that is a module, else ``pkg``."""
    if isinstance(node, ast.Import):
        return [alias.name for alias in node.names]
    base = _base(module, node.level) if node.level else ""
    source = ".".join(p for p in (base, node.module or "") if p)
    out = []
    for alias in node.names:
        sub = f"{source}.{alias.name}"
        out.append(sub if sub in MODULES else source)
    return list(dict.fromkeys(out))


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING")


def _walk(module: str, node: ast.AST, top_level: bool) -> list[Import]:
    """Every import below ``node``, noting whether it runs when the module is imported (not in
    a function, not under ``if TYPE_CHECKING:``)."""
    out = []
    for child in ast.iter_child_nodes(node):
        if isinstance(child, (ast.Import, ast.ImportFrom)):
            out += [Import(module, t, child.lineno, top_level) for t in _targets(module, child)]
        elif isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            out += _walk(module, child, False)
        elif isinstance(child, ast.If) and _is_type_checking(child):
            for stmt in child.body:
                out += _walk(module, ast.Module([stmt], []), False)
            for stmt in child.orelse:
                out += _walk(module, ast.Module([stmt], []), top_level)
        else:
            out += _walk(module, child, top_level)
    return out


def _imports() -> list[Import]:
    out = []
    for name, path in MODULES.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        out += _walk(name, tree, True)
    return out


IMPORTS = _imports()


def _tarot(imp: Import) -> bool:
    return imp.target == "tarot" or imp.target.startswith("tarot.")


def test_floor_table():
    assert [floor(m) for m in ("tarot.core.cards", "tarot", "tarot.variants", "tarot.variants.french",
                               "tarot.variants.french.rules", "tarot.variants.french.bot",
                               "tarot.variants.french.sampler", "tarot.bots.search",
                               "tarot.variants.french.explain", "tarot.records.text", "tarot.runs.stats",
                               "tarot.play.session", "tarot.cli", "tarot.tui_french")] == [
        0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 3, 3, 4, 4]
    assert floor("tarot.elsewhere") is None
    # relative imports resolve from the module's package (an __init__ is its own package)
    tree = ast.parse("from ..core.deal import Deal\nfrom . import text")
    froms = [n for n in tree.body if isinstance(n, ast.ImportFrom)]
    assert _targets("tarot.records.json", froms[0]) == ["tarot.core.deal"]
    assert _targets("tarot.records", froms[1]) == ["tarot.records.text"]


def test_every_module_is_read_and_has_a_floor():
    assert "tarot.core.deal" in MODULES and any(i.target == "tarot.core.deal" for i in IMPORTS)
    # the imports inside functions are read too (the CLI imports its commands' modules lazily)
    assert any(not i.top_level and i.module.startswith("tarot.cli.") for i in IMPORTS)
    missing = [module_path(m) for m in MODULES if floor(m) is None]
    assert not missing, f"modules on no floor (tests/test_layers.py, HELPERS.md): {missing}"


def test_imports_point_down_the_floors():
    bad = []
    for imp in IMPORTS:
        if not _tarot(imp) or imp.target not in MODULES:
            continue
        mine, theirs = floor(imp.module), floor(imp.target)
        if mine is not None and theirs is not None and theirs > mine:
            bad.append(f"{imp.where()}: {imp.module} ({FLOOR_NAMES[mine]}) imports {imp.target} "
                       f"({FLOOR_NAMES[theirs]})")
    assert not bad, "imports that point up a floor:\n" + "\n".join(bad)


def test_no_game_imports_another_game():
    bad = [f"{imp.where()}: {imp.module} imports {imp.target}"
           for imp in IMPORTS
           if game_of(imp.module) and game_of(imp.target) and game_of(imp.module) != game_of(imp.target)]
    assert not bad, "a game importing another game's modules:\n" + "\n".join(bad)


def test_core_imports_only_the_standard_library():
    bad = [f"{imp.where()}: {imp.module} imports {imp.target}"
           for imp in IMPORTS
           if floor(imp.module) == 0 and not imp.target.startswith("tarot.core")
           and imp.target.split(".")[0] not in sys.stdlib_module_names]
    assert not bad, "the core importing outside the standard library:\n" + "\n".join(bad)


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One import circle of ``graph``, as the modules around it (the first again at the end)."""
    done: set[str] = set()
    for start in sorted(graph):
        if start in done:
            continue
        path: list[str] = []
        on_path: set[str] = set()
        stack = [(start, iter(sorted(graph[start])))]
        path.append(start)
        on_path.add(start)
        while stack:
            node, children = stack[-1]
            child = next(children, None)
            if child is None:
                stack.pop()
                path.pop()
                on_path.discard(node)
                done.add(node)
            elif child in on_path:
                return path[path.index(child):] + [child]
            elif child not in done:
                stack.append((child, iter(sorted(graph[child]))))
                path.append(child)
                on_path.add(child)
    return None


def test_cycle_finder_finds_a_circle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": set()}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_no_import_circle():
    graph: dict[str, set[str]] = {m: set() for m in MODULES}
    for imp in IMPORTS:
        if imp.top_level and imp.target in MODULES and imp.target != imp.module:
            graph[imp.module].add(imp.target)
    circle = _cycle(graph)
    assert circle is None, "an import circle (module-level imports): " + " -> ".join(circle or [])
