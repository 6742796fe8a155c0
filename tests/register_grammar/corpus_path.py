"""Where the development corpus is: ``$SGS_CORPUS``, else ``shared/corpus/dev_texts.tsv``
beside the checkout or beside any folder above it (a git worktree under another
folder finds the same corpus), else None (the corpus tests skip)."""

from __future__ import annotations

import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def corpus_path() -> Path | None:
    env = os.environ.get("SGS_CORPUS")
    if env:
        return Path(env)
    for folder in ROOT.parents:
        p = folder / "shared" / "corpus" / "dev_texts.tsv"
        if p.is_file():
            return p
    return None
