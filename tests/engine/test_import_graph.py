"""The runtime's import graph: no cycle among its modules (TYPE_CHECKING imports aside),
no function-level import of another runtime module, nothing of the compiler, and a core
that imports no mode and no card content (modes pass their rules into the game)."""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx

RUNTIME = Path(__file__).resolve().parents[2] / "runtime"
#: (module, imported module) imports allowed inside a function: none
ALLOWED_LATE: set[tuple[str, str]] = set()
#: the modules on top of the core, which may import modes and card content: the table
#: builder, the environment, the terminal player, the verb surface of compiled skills
#: and the derivation of the verb table's windows (which reads the card families)
ON_TOP = {"", "testing", "env", "human", "api", "actions", "drives"}


def _content(mod: str) -> bool:
    """A mode or card content (the card effects and how a game grants equipment skills)."""
    return mod.split(".")[0] in ("modes", "effects")


def _module(path: Path) -> str:
    rel = path.relative_to(RUNTIME).with_suffix("")
    parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
    return ".".join(parts)


def _target(mod: str, is_pkg: bool, node: ast.ImportFrom) -> str | None:
    if node.level == 0:
        name = node.module or ""
        if name.startswith("sgs.runtime"):
            return name[len("sgs.runtime.") :] if name != "sgs.runtime" else ""
        return "compiler" if name.startswith("sgs.compiler") else None
    base = mod.split(".") if mod else []
    if not is_pkg:
        base = base[:-1]
    up = node.level - 1
    base = base[: len(base) - up] if up else base
    return ".".join([*base, *(node.module.split(".") if node.module else [])])


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)


def _imports() -> tuple[nx.DiGraph, set[tuple[str, str]]]:
    graph: nx.DiGraph = nx.DiGraph()
    late: set[tuple[str, str]] = set()
    for path in sorted(RUNTIME.rglob("*.py")):
        mod = _module(path)
        graph.add_node(mod)
        tree = ast.parse(path.read_text(encoding="utf-8"))

        def walk(body: list[ast.stmt], in_function: bool) -> None:
            for node in body:
                if _type_checking(node):
                    continue
                if isinstance(node, ast.ImportFrom):
                    target = _target(mod, path.name == "__init__.py", node)
                    if target is None:
                        continue
                    names = [target] if target else [a.name for a in node.names]
                    for t in names:
                        if in_function:
                            late.add((mod, t))
                        else:
                            graph.add_edge(mod, t)
                for child_body in ("body", "orelse", "finalbody", "handlers"):
                    inner = getattr(node, child_body, None)
                    if isinstance(inner, list) and inner and isinstance(inner[0], ast.AST):
                        func = in_function or isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))
                        walk([n for n in inner if isinstance(n, ast.stmt)], func)

        walk(tree.body, False)
    return graph, late


def test_runtime_imports_have_no_cycle() -> None:
    graph, _ = _imports()
    cycles = list(nx.simple_cycles(graph))
    assert not cycles, f"import cycles: {cycles}"


def test_no_late_imports_holding_a_cycle_apart() -> None:
    _, late = _imports()
    assert late <= ALLOWED_LATE, f"function-level imports: {sorted(late - ALLOWED_LATE)}"


def test_runtime_never_imports_the_compiler() -> None:
    graph, late = _imports()
    assert "compiler" not in graph and not any(t == "compiler" for _, t in late)


def test_the_core_imports_no_mode_and_no_card_content() -> None:
    graph, _ = _imports()
    core = [m for m in graph if m not in ON_TOP and not _content(m)]
    assert {"game", "dispatch", "stages", "flows.use", "flows.damage", "flows.turn"} <= set(core)
    bad = {m: sorted(t for t in nx.descendants(graph, m) if _content(t)) for m in core}
    assert not {m: ts for m, ts in bad.items() if ts}, "the core reaches modes or card content"
