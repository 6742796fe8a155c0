"""Lowering: Lark parse tree → IR (:mod:`..ir`), with spans on every node.

Each grammar rule has one lowering method.  The lowering is one class built in layers,
one module each, every layer using only the layers below it:

* :mod:`.base` — state of one file's lowering, tree helpers, diagnostics, numerals;
* :mod:`.phrases` — card names, modes, player phrases, counts, card phrases;
* :mod:`.conditions` — 若… conditions and measures;
* :mod:`.timings` — 当…时 / …后 windows;
* :mod:`.effects` — actions, clauses, chains (subjects resolved along the chain);
* :mod:`.sentences` — one sentence → an ability (or a part of the previous one);
* :mod:`.package` — skill lines, generals, card declarations, the file: :func:`lower_package`.

The coverage families (seed 004 国战, 风: the rules added to the grammar with
``%extend``) are lowered beside the standard rules they extend, by the ``cov_*``
methods of the same layer.  Verbs the runtime cannot run yet still get their IR node
(the checker says what is missing, W0701; the emitter refuses, E0503).
"""

from __future__ import annotations

from .base import NUMERALS
from .package import lower_package

__all__ = ["lower_package", "NUMERALS"]
