"""The corpus ratchet: every corpus text the register grammar once read with one
reading must go on reading so (several people extend the grammar at once; this is
what keeps one person's rule from silently breaking another's texts).

``accepted.tsv`` lists them (package, general, skill).  After extending the grammar::

    python tests/register_grammar/ratchet.py            # what changed against the list
    python tests/register_grammar/ratchet.py --update   # add the newly read texts

``--update`` only adds: a text that stops reading is a regression to fix, not to
delete from the list (delete a row by hand only with a reason in the commit).
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).parent))
    from corpus_path import corpus_path  # type: ignore[import-not-found,no-redef]
else:
    from .corpus_path import corpus_path

LIST = Path(__file__).with_name("accepted.tsv")

Key = tuple[str, str, str]


def listed() -> set[Key]:
    out: set[Key] = set()
    for line in LIST.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            a, b, c = line.split("\t")
            out.add((a, b, c))
    return out


def corpus_rows(path: Path) -> dict[Key, str]:
    with path.open(encoding="utf-8", newline="") as f:
        return {(r["package"], r["general"], r["skill"]): r["text"]
                for r in csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)}


def one_reading(rows: dict[Key, str]) -> set[Key]:
    from sgs.compiler.language.register import RegisterError, parse_register

    ok = set()
    for key, text in rows.items():
        try:
            parse_register(text)
        except RegisterError:
            continue
        ok.add(key)
    return ok


def found_rows() -> dict[Key, str] | None:
    """The corpus rows, or None after saying that no corpus was found (for the scripts)."""
    path = corpus_path()
    if path is None:
        print("no corpus found (set SGS_CORPUS)")
        return None
    return corpus_rows(path)


def main(argv: list[str]) -> int:
    rows = found_rows()
    if rows is None:
        return 2
    now = one_reading(rows)
    before = listed()
    lost = sorted(before - now)
    new = sorted(now - before)
    for k in lost:
        print("LOST\t" + "\t".join(k) + "\t" + rows.get(k, "?"))
    for k in new:
        print("NEW\t" + "\t".join(k))
    print(f"listed {len(before)}, reading now {len(now)} of {len(rows)}: {len(new)} new, {len(lost)} lost")
    if "--update" in argv and new:
        header = [line for line in LIST.read_text(encoding="utf-8").splitlines() if line.startswith("#")]
        body = sorted(before | now)
        LIST.write_text("\n".join(header + ["\t".join(k) for k in body]) + "\n", encoding="utf-8")
        print(f"{LIST.name}: {len(body)} rows")
    return 1 if lost else 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
