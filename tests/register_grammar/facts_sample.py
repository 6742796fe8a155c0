"""The facts table of issue 8: 60 corpus texts the register grammar reads with one
reading, drawn at random once (seed 8, at most 3 per package, in package order), and
the reading of each pinned as ``sgs explain`` states it (when and whose event, who
decides, cost, conditions, effects with actors and counts, limit —
:mod:`sgs.compiler.language.facts`).  tests/register_grammar/test_facts.py compares
the grammar's reading now with the pinned one, so a rule that reads one of these texts
differently shows as a diff of facts, not only as a lost text.

The keys are pinned in ``facts_table.json`` with the reading: the draw is not repeated
as the accepted list grows.  To re-pin after a reviewed change of reading::

    python tests/register_grammar/facts_sample.py --update     # same keys, readings now
    python tests/register_grammar/facts_sample.py --draw       # a new draw (only with a reason)
"""

from __future__ import annotations

import json
import random
import sys
from collections import defaultdict
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).parent))
    from ratchet import Key, found_rows, listed  # type: ignore[import-not-found,no-redef]
else:
    from .ratchet import Key, found_rows, listed

TABLE = Path(__file__).with_name("facts_table.json")
SEED, SIZE, PER_PACKAGE = 8, 60, 3
REVIEW = ("each reading checked by hand against its text when pinned: 'ok' (every fact right), "
          "'partial: …' (no fact wrong, some missing or split), 'wrong: …' (a fact is wrong); "
          "a re-pinned reading that changed is 'unreviewed' until someone checks it")


def draw(keys: set[Key], seed: int = SEED, size: int = SIZE, per_package: int = PER_PACKAGE) -> list[Key]:
    """``size`` keys from ``keys``: shuffled with ``random.Random(seed)``, taken in that
    order while their package has fewer than ``per_package``; sorted."""
    order = sorted(keys)
    random.Random(seed).shuffle(order)
    taken: dict[str, int] = defaultdict(int)
    out: list[Key] = []
    for k in order:
        if taken[k[0]] < per_package:
            taken[k[0]] += 1
            out.append(k)
        if len(out) == size:
            break
    return sorted(out)


def reading(key: Key, text: str) -> list[str]:
    """The pinned form of one text's reading: per part, ``sgs explain``'s Chinese lines
    (the first names the part's kind); an ambiguity or a rejection as one line."""
    from sgs.compiler.language.facts import explain_lines, skill_facts
    from sgs.compiler.language.front import read
    from sgs.compiler.language.ir import RegisterSkill

    got = read(key[2], text)
    if not isinstance(got, RegisterSkill):
        return ["两种读法" if got is not None else "读不出"]
    out: list[str] = []
    for f in skill_facts(got):
        lines = [zh for zh, _ in explain_lines(f)]
        out.append(f"部分：{f.kind}" + (f"（{'、'.join(f.tags)}）" if f.tags else "") + (f"〔{f.label}〕" if f.label else ""))
        out += lines[1:]
    return out


def load() -> dict[Key, list[str]]:
    data = json.loads(TABLE.read_text(encoding="utf-8"))
    return {tuple(row["key"]): row["reading"] for row in data["texts"]}  # type: ignore[misc]


def reviews() -> dict[Key, str]:
    """The hand review of each pinned reading: 'ok', 'partial: …' or 'wrong: …'."""
    if not TABLE.is_file():
        return {}
    data = json.loads(TABLE.read_text(encoding="utf-8"))
    return {tuple(row["key"]): row.get("review", "unreviewed") for row in data["texts"]}  # type: ignore[misc]


def save(table: dict[Key, list[str]]) -> None:
    """Write the table; a text keeps its review only while its reading is unchanged."""
    old, seen = reviews(), (load() if TABLE.is_file() else {})
    rows = [{"key": list(k), "reading": v,
             "review": old.get(k, "unreviewed") if seen.get(k) == v else "unreviewed"}
            for k, v in sorted(table.items())]
    doc = {"seed": SEED, "size": SIZE, "per_package": PER_PACKAGE, "review": REVIEW, "texts": rows}
    TABLE.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    rows = found_rows()
    if rows is None:
        return 2
    if "--draw" in argv:
        keys = draw(listed())
    else:
        keys = sorted(load())
    table = {k: reading(k, rows[k]) for k in keys}
    if "--update" in argv or "--draw" in argv:
        save(table)
        print(f"{TABLE.name}: {len(table)} texts, {len({k[0] for k in table})} packages")
        return 0
    old = load()
    changed = [k for k in keys if old.get(k) != table[k]]
    for k in changed:
        print("\t".join(k), "\n  was:", old.get(k), "\n  now:", table[k])
    print(f"{len(changed)} of {len(keys)} readings changed")
    return 1 if changed else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
