"""No runtime module over ~500 lines without a reason written at its top (issue 9): a
module longer than that says in its docstring why it is one module ("Why one module of
…lines: …")."""

from __future__ import annotations

import ast
import re
from pathlib import Path

RUNTIME = Path(__file__).resolve().parents[2] / "runtime"
LIMIT = 500
REASON = re.compile(r"Why one module of [^:]*lines:")


def test_long_runtime_modules_say_why() -> None:
    unexplained = []
    for path in sorted(RUNTIME.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if text.count("\n") <= LIMIT:
            continue
        doc = ast.get_docstring(ast.parse(text)) or ""
        if not REASON.search(doc):
            unexplained.append(f"{path.relative_to(RUNTIME)} ({text.count(chr(10))} lines)")
    assert not unexplained, f"over {LIMIT} lines without a reason at the top: {unexplained}"


def test_the_reason_is_recognised_as_written() -> None:
    # the pattern reads a reason written as the docstring convention says; a module
    # without one (game.py) is refused
    assert REASON.search("Why one module of ~650 lines: it is the verb table's side.")
    assert not REASON.search(ast.get_docstring(ast.parse((RUNTIME / "game.py").read_text(encoding="utf-8"))) or "")
