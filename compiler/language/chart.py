"""A lean Earley parser over Lark's compiled register grammar (same items, same forest).

Lark stays the single source of the grammar: :class:`ChartParser` reads the rules,
FIRST/NULLABLE sets, the closure predictions and the tree-building callbacks of the
Lark Earley parser that :mod:`.register` builds, and runs the same algorithm with
integers instead of objects.  Why: Lark's Earley spends ~12 µs per chart item on
Python objects (an ``Item`` and rule/symbol ``__eq__`` per prediction, a scan of the
whole origin column per completion), which made a 37-word text cost ~14 ms.

What is the same, by construction and tested (tests/register_grammar/test_speed.py):

* **the chart**: the prediction filter is :class:`.register._LookaheadPredictions`'
  (a rule is predicted when it can start with the next word or derive nothing), so
  every column holds the items Lark's holds (those that begin in it as tables per
  nonterminal and next word: :meth:`ChartParser.chart`); hence the same error position and the same
  expected terminals (a set at a word, the per-item list at the end of the text);
* **the forest**: Lark's binarised SPPF (E. Scott) is a function of the chart — a node
  ``(A, i, j)`` or ``(rule•k, i, j)`` has one family per split ``m`` where the prefix
  item was in column ``m`` and the last symbol spans ``m..j`` — so it is read from the
  chart on demand instead of being built for every item;
* **the reading**: the walk follows the best family (Lark's order: non-empty first,
  summed rule priority, rule order) exactly where :func:`.register.find_ties` and
  ``ForestToParseTree`` go, and builds the tree with Lark's own callbacks.  Up to the
  first tie that path does not depend on the order Lark adds families in, so a tie is
  found exactly where find_ties finds its first; there :meth:`ChartParser.parse`
  returns ``None`` and the caller asks Lark, whose forest then gives the ties, the
  tree past the tie and whatever else a diagnostic reads from it (two readings are an
  error, E0108: rare, and worth Lark's ~20 ms);
* **cycles**: a grammar where a nonterminal derives itself over the same words makes
  cycles in the forest, whose priorities depend on the order of Lark's visitor: when
  such a nonterminal is completed, :meth:`ChartParser.parse` returns ``None`` too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["ChartParser", "Rejected"]


class Rejected(Exception):
    """The words leave the grammar: at word ``index`` (``None``: the text ended early),
    ``expected`` the terminal names Lark's Earley would report (a sorted set at a word;
    at the end, one name per waiting item, as Lark's ``UnexpectedEOF`` lists them)."""

    def __init__(self, index: int | None, expected: list[str]) -> None:
        super().__init__(index, expected)
        self.index = index
        self.expected = expected


class _Fallback(Exception):
    """The forest needs Lark's own walk (a tie, a cycle, a very deep tree)."""


class ChartParser:
    """Earley over word types (ints), driven by a built Lark Earley parser.

    ``lark_earley`` is ``Lark(...).parser.parser`` (lark.parsers.earley.Parser) whose
    ``predictions`` may be wrapped by the lookahead filter; ``start`` the start symbol's
    name.  :meth:`parse` takes the lexer's tokens.
    """

    def __init__(self, lark_earley: Any, start: str) -> None:
        e = lark_earley
        rules = list(e.parser_conf.rules)
        full: dict[Any, list[Any]] = {k: list(dict.__getitem__(e.predictions, k)) for k in dict.keys(e.predictions)}
        terms: dict[str, int] = {}
        for r in rules:
            for s in r.expansion:
                if s.is_term:
                    terms.setdefault(s.name, len(terms))
        self.term_ids = terms
        self.term_names = list(terms)
        nterm = len(terms)
        self.end_id = nterm  # the lookahead past the last word ($END)
        nts: dict[str, int] = {}
        for r in rules:
            nts.setdefault(r.origin.name, nterm + 1 + len(nts))
            for s in r.expansion:
                if not s.is_term:
                    nts.setdefault(s.name, nterm + 1 + len(nts))
        self.nt_ids = nts
        self.nt_names = {v: k for k, v in nts.items()}
        self.start_id = nts[start]
        # dotted rules: rule r at position k is the int base[r] + k
        nxt: list[int] = []   # symbol after the dot; -1 when complete
        prev: list[int] = []  # symbol before the dot; -1 at position 0
        pos: list[int] = []
        rule_of: list[int] = []
        origin: list[int] = []
        base: list[int] = []
        for ri, r in enumerate(rules):
            base.append(len(nxt))
            syms = [terms[s.name] if s.is_term else nts[s.name] for s in r.expansion]
            for k in range(len(syms) + 1):
                nxt.append(syms[k] if k < len(syms) else -1)
                prev.append(syms[k - 1] if k > 0 else -1)
                pos.append(k)
                rule_of.append(ri)
                origin.append(nts[r.origin.name])
        self.rules = rules
        self.NEXT, self.PREV, self.POS, self.RULE, self.ORIGIN = nxt, prev, pos, rule_of, origin
        self.prio = [r.options.priority or 0 for r in rules]
        self.has_priorities = any(self.prio)
        self.callbacks = [e.callbacks[r] for r in rules]
        # the lookahead filter, per rule: (the words it can start with, derives nothing);
        # read from register._LookaheadPredictions when Lark's predictions are filtered
        filt = getattr(e.predictions, "rule_first", None)
        every = frozenset(range(nterm + 1))
        rule_first: list[tuple[frozenset[int], bool]] = []
        for r in rules:
            if filt is None:
                rule_first.append((every, True))  # unfiltered: every rule is predicted
            else:
                names, empty = filt[r]
                rule_first.append((frozenset(terms[t] for t in names if t in terms), empty))
        nullable = e.NULLABLE
        index = {id(r): i for i, r in enumerate(rules)}
        self._full = {nts[k.name]: [index[id(r)] for r in v] for k, v in full.items()}
        self._rule_first = rule_first
        self._base = base
        # closure[X]: the nonterminals whose predictions are part of X's (Lark's expand_rule)
        self.closure: dict[int, frozenset[int]] = {}
        for x in self._full:
            seen = {x}
            todo = [x]
            while todo:
                y = todo.pop()
                for ri in self._full.get(y, ()):
                    s = nxt[base[ri]]
                    if s > nterm and s not in seen:
                        seen.add(s)
                        todo.append(s)
            self.closure[x] = frozenset(seen)
        self._pred: dict[int, tuple[int, ...]] = {}
        self._stride = self.end_id + 1
        self.cyclic = _cyclic(rules, nullable, nts)
        # live[d]: the words before which dotted rule d can still move (the FIRST set of
        # the rest of its rule), None when the rest can be empty: an item that cannot
        # move on never reaches a reading (only an error's expected set lists it)
        first_ids = {nts[k.name]: frozenset(terms[t.name] for t in v if t.name in terms)
                     for k, v in e.FIRST.items() if k.name in nts}
        null_ids = {nts[k.name] for k in nullable if k.name in nts}
        self.live: list[frozenset[int] | None] = []
        for d in range(len(nxt)):
            words: set[int] = set()
            empty = True
            k = d
            while nxt[k] >= 0:
                x = nxt[k]
                if x < nterm:
                    words.add(x)
                    empty = False
                    break
                words |= first_ids.get(x, frozenset())
                if x not in null_ids:
                    empty = False
                    break
                k += 1
            self.live.append(None if empty else frozenset(words))
        self._exact: list[frozenset[int] | None] = [None] * len(nxt)
        # a nonterminal's own rules (dotted starts), and the rules that start with a
        # nonterminal (origin, dotted start): a predicted item stays implicit (below)
        self._own: dict[int, list[int]] = {}
        self._by_first: dict[int, list[tuple[int, int]]] = {}
        for ri, r in enumerate(rules):
            d0 = base[ri]
            self._own.setdefault(origin[d0], []).append(d0)
            if nxt[d0] > nterm:
                self._by_first.setdefault(nxt[d0], []).append((origin[d0], d0))
        self._pred_ok = [rule_first[rule_of[d]] for d in range(len(nxt))]
        self._first_cache: dict[int, tuple[tuple[int, int], ...]] = {}
        #: the nonterminals that can derive nothing (fixpoint over the rules)
        self.nullable = _nullable(nxt, origin, base, nterm)
        # the dotted rules past a nullable prefix that wait for a nonterminal: (origin, rule)
        self._by_next_after_nullable: dict[int, list[tuple[int, int]]] = {}
        for d in range(len(nxt)):
            if pos[d] and nxt[d] > nterm and all(nxt[k] in self.nullable for k in range(d - pos[d], d)):
                self._by_next_after_nullable.setdefault(nxt[d], []).append((origin[d], d))
        self._starts: dict[int, _Start] = {}
        self._plans: dict[int, tuple[frozenset[int], tuple[tuple[int, tuple[int, ...]], ...]]] = {}
        self._at_start: dict[int, tuple[tuple[int, int], ...]] = {}
        # a cyclic nonterminal read empty (completed) wherever it is predicted
        self._cyclic_null = self.cyclic & self.nullable
        #: the last chart made with ``reuse`` (:meth:`chart`)
        self._last: _Chart | None = None

    def predictions(self, x: int, la: int) -> tuple[int, ...]:
        """Dotted starts predicted for nonterminal ``x`` before word type ``la``."""
        key = x * self._stride + la
        got = self._pred.get(key)
        if got is None:
            rf, base = self._rule_first, self._base
            got = tuple(base[ri] for ri in self._full.get(x, ())
                        if rf[ri][1] or la in rf[ri][0])
            self._pred[key] = got
        return got

    def starting_with(self, y: int, la: int) -> tuple[tuple[int, int], ...]:
        """(origin, dotted start) of the rules that start with nonterminal ``y`` and are
        predicted before word type ``la`` (when their origin is)."""
        key = y * self._stride + la
        got = self._first_cache.get(key)
        if got is None:
            rf = self._pred_ok
            got = tuple((a, d0) for a, d0 in self._by_first.get(y, ()) if rf[d0][1] or la in rf[d0][0])
            self._first_cache[key] = got
        return got

    # ---- recognition

    def chart(self, types: list[int], expected: bool = True, reuse: bool = False) -> _Chart:
        """Run Earley over word types, column by column.  Raises :class:`Rejected`
        (with ``expected=False``, its ``expected`` list is left empty: not computed).
        With ``reuse``, the columns of the last chart made with ``reuse`` are taken
        as they are while the words are the same (a column depends only on the words
        up to its own): texts tried one after another that differ late (a
        diagnostic's fixes) share their beginning.

        A column holds Lark's items, two kinds implicitly or not at all:

        * an item that *begins* in the column (a predicted rule at its start, or moved
          past nonterminals read empty there) is there when its nonterminal was
          predicted in the column: which of its rules' items are there is a function of
          the nonterminal and the next word alone (:meth:`start`) — a rule passes the
          lookahead filter or not, and every nullable nonterminal predicted in a column
          is read empty in it (its empty derivation's rules derive nothing, so the filter
          keeps them).  So only the predicted nonterminals are kept
          (``_Chart.predicted``), found per predicted nonterminal from tables
          (:meth:`plan`); the items are made one by one only for those that began
          earlier (a handful per column);
        * an item that cannot move on before the next word (the FIRST set of its rule's
          rest) is not made: it never reaches a reading nor the next column (a dead
          item is not scanned, and a nonterminal that completes later started with its
          word).  Only a rejection lists such items (the terminals expected there), so
          the column where the words leave the grammar is made again with all of them.
        """
        n = len(types)
        T = self.end_id
        ch = _Chart(types)
        W = ch.W
        carry: list[tuple[int, int]] = []
        first = 0
        last = self._last
        if reuse and last is not None and last.W == W:
            k, most = 0, min(len(last.moved), n)
            while k < most and last.types[k] == types[k]:
                k += 1
            ch.share(last, k)
            if k:
                carry = [(d + 1, s) for d, s in last.moved[k - 1]]
            first = k
        if reuse:
            self._last = ch
        for j in range(first, n + 1):
            la = types[j] if j < n else T
            moved = self._column(ch, j, la, carry, W)
            if j < n:
                if moved:
                    ch.moved.append(moved)
                    carry = [(d + 1, s) for d, s in moved]
                    continue
            elif ch.completed(self, self.start_id, 0, n):
                return ch
            if not expected:
                raise Rejected(j if j < n else None, [])
            # rejected here: the column again with Lark's items, for Lark's expected set
            for col in (ch.seen, ch.ends, ch.done, ch.wait, ch.predicted, ch.pwait):
                col.pop()
            scanq = self._column_exact(ch, j, la, carry, W)
            if j < n:
                raise Rejected(j, sorted({self.term_names[t] for t in scanq}))
            raise Rejected(None, sorted(self.term_names[t] for t, q in scanq.items() for _ in q))
        raise AssertionError("unreachable")

    def held(self, types: list[int]) -> list[tuple[int, int]] | None:
        """The items Lark's Earley holds after reading every word of ``types`` with
        ``$END`` after them (its last column, every item: (dotted rule, start column)),
        or None when the words leave the grammar before their end — what a diagnostic
        asks at a stop (:func:`.register.held_after`), without Lark's Item objects."""
        n = len(types)
        ch = _Chart(types)
        W = ch.W
        carry: list[tuple[int, int]] = []
        for j in range(n):
            moved = self._column(ch, j, types[j], carry, W)
            if not moved:
                return None
            carry = [(d + 1, s) for d, s in moved]
        items: list[tuple[int, int]] = []
        self._column_exact(ch, n, self.end_id, carry, W, items)
        return items

    def _waiting(self, ch: _Chart, s: int, a: int) -> list[tuple[int, int]]:
        """The items of column ``s`` waiting for nonterminal ``a``: made ones, and the
        predicted rules that start with ``a``."""
        return list(ch.wait[s].get(a, ())) + [(d, s) for d in self._pw(ch, s, a)]

    def start(self, y: int, la: int) -> _Start:
        """The items of ``y``'s own rules that begin in a column before word type ``la``
        where ``y`` is predicted: a function of ``y`` and ``la`` alone (an item at its
        start moves only over nullable nonterminals, and every nullable nonterminal
        predicted there is read empty there), so it is a table, not work per column."""
        key = y * self._stride + la
        got = self._starts.get(key)
        if got is not None:
            return got
        NEXT, LIVE, T, nullable, rf = self.NEXT, self.live, self.end_id, self.nullable, self._pred_ok
        made: list[int] = []
        complete: list[int] = []
        scan: list[int] = []
        waits: list[int] = []
        for d0 in self._own.get(y, ()):
            if not (rf[d0][1] or la in rf[d0][0]):
                continue
            x = NEXT[d0]
            if x < 0:
                complete.append(d0)
                continue
            if x < T:
                if x == la:
                    scan.append(d0)
                continue
            d = d0
            while x > T and x in nullable:  # read empty here: the item moves on
                d += 1
                lv = LIVE[d]
                if lv is not None and la not in lv:
                    break
                made.append(d)
                x = NEXT[d]
                if x < 0:
                    complete.append(d)
                elif x < T:
                    scan.append(d)  # x is la: LIVE let it through
                else:
                    waits.append(x)
        got = self._starts[key] = _Start(frozenset(made), tuple(complete), tuple(scan), frozenset(waits))
        return got

    def plan(self, x: int, la: int) -> tuple[frozenset[int], tuple[tuple[int, tuple[int, ...]], ...]]:
        """Predicting ``x`` before word type ``la``: the nonterminals predicted (the
        closure of ``x``, and of every nonterminal an item at its start waits for), and
        per predicted nonterminal with items waiting for word ``la``, those items."""
        key = x * self._stride + la
        got = self._plans.get(key)
        if got is None:
            closure, start, starts, stride = self.closure, self.start, self._starts, self._stride
            pred = set(closure.get(x, ()))
            tabs: dict[int, _Start] = {}
            todo = list(pred)
            while todo:
                y = todo.pop()
                t = tabs[y] = starts.get(y * stride + la) or start(y, la)
                for z in t.waits:
                    if z not in pred:
                        more = closure.get(z, ())
                        todo += [w for w in more if w not in pred]
                        pred.update(more)
            scans = tuple((y, t.scan) for y, t in tabs.items() if t.scan)
            got = self._plans[key] = (frozenset(pred), scans)
        return got

    def at_start(self, a: int, la: int) -> tuple[tuple[int, int], ...]:
        """(origin, dotted rule) of the items that wait for nonterminal ``a`` at their
        start column, before word type ``la`` there, when their origin is predicted:
        rules that start with ``a`` and rules that reach it over nullable nonterminals."""
        key = a * self._stride + la
        got = self._at_start.get(key)
        if got is None:
            start = self.start
            got = self.starting_with(a, la) + tuple(
                (o, d) for o, d in self._by_next_after_nullable.get(a, ()) if d in start(o, la).made)
            self._at_start[key] = got
        return got

    def _column(self, ch: _Chart, j: int, la: int, carry: list[tuple[int, int]], W: int) -> list[tuple[int, int]]:
        """Column ``j`` (before word type ``la``) from the items ``carry`` scanned into it,
        appended to ``ch``; returns the items that read word ``j`` (all made items that
        wait for a word wait for this one: the others cannot move on).

        Only the items that began before ``j`` are made one by one; those that begin
        here are the predicted nonterminals' :meth:`start` tables (``_Chart`` reads them)."""
        NEXT, ORIGIN, LIVE, nullable = self.NEXT, self.ORIGIN, self.live, self.nullable
        plans, plan, pw_of = self._plans, self.plan, self._pw
        stride = self._stride
        seen: set[int] = set()
        wait: dict[int, list[tuple[int, int]]] = {}
        ends: dict[int, list[int]] = {}
        done: dict[int, list[int]] = {}
        scan: list[tuple[int, int]] = []
        predicted: set[int] = set()
        agenda: list[tuple[int, int]] = []
        ch.seen.append(seen)
        ch.ends.append(ends)
        ch.done.append(done)
        ch.wait.append(wait)
        ch.predicted.append(predicted)
        ch.pwait.append({})
        T = self.end_id

        def add(d: int, s: int) -> None:
            lv = LIVE[d]
            if lv is not None and la not in lv:
                return
            k = d * W + s
            if k in seen:
                return
            seen.add(k)
            x = NEXT[d]
            if x < 0:
                agenda.append((d, s))
            elif x < T:
                scan.append((d, s))  # x is la: LIVE let it through
            else:
                w = wait.get(x)
                if w is None:
                    wait[x] = [(d, s)]
                else:
                    w.append((d, s))
                agenda.append((d, s))

        def predict(x: int) -> None:
            got = plans.get(x * stride + la)
            if got is None:
                got = plan(x, la)
            for y, ds in got[1]:
                if y not in predicted:
                    for d in ds:
                        scan.append((d, j))
            predicted.update(got[0])

        for d, s in carry:
            add(d, s)
        if j == 0:
            predict(self.start_id)
        # every item made here began before j: those that begin here are tables
        while agenda:
            d, s = agenda.pop()
            x = NEXT[d]
            if x < 0:
                a = ORIGIN[d]
                key = a * W + s
                got = done.get(key)
                if got is None:
                    done[key] = [d]
                    e = ends.get(a)
                    if e is None:
                        ends[a] = [s]
                    else:
                        e.append(s)
                else:
                    got.append(d)
                # the items waiting for ``a`` where it started: made there, and begun there
                for d2, s2 in ch.wait[s].get(a, ()):
                    add(d2 + 1, s2)
                for d0 in pw_of(ch, s, a):
                    add(d0 + 1, s)
            else:
                if x not in predicted:
                    predict(x)
                if x in nullable and x in predicted:  # read empty here
                    add(d + 1, s)
        return scan

    def _pw(self, ch: _Chart, s: int, a: int) -> list[int]:
        """The items that began in column ``s`` and wait there for ``a`` (dotted rules)."""
        pw = ch.pwait[s].get(a)
        if pw is None:  # column s is complete: its predicted nonterminals are known
            ps = ch.predicted[s]
            pw = ch.pwait[s][a] = [d for o, d in self.at_start(a, ch.types[s] if s < len(ch.types) else self.end_id)
                                   if o in ps]
        return pw

    def _column_exact(self, ch: _Chart, j: int, la: int, carry: list[tuple[int, int]], W: int,
                      items: list[tuple[int, int]] | None = None) -> dict[int, list[tuple[int, int]]]:
        """Column ``j`` as Lark's Earley makes it (every item, made): for a rejection.
        Returns the items waiting for each terminal; ``items`` gets every item."""
        NEXT, ORIGIN = self.NEXT, self.ORIGIN
        T = self.end_id
        closure, predictions = self.closure, self.predictions
        seen: set[int] = set()
        wait: dict[int, list[tuple[int, int]]] = {}
        scanq: dict[int, list[tuple[int, int]]] = {}
        held: set[int] = set()
        predicted: set[int] = set()
        agenda: list[tuple[int, int]] = []

        def add(d: int, s: int) -> None:
            k = d * W + s
            if k in seen:
                return
            seen.add(k)
            if items is not None:
                items.append((d, s))
            x = NEXT[d]
            if x < 0:
                agenda.append((d, s))
            elif x < T:
                scanq.setdefault(x, []).append((d, s))
            else:
                wait.setdefault(x, []).append((d, s))
                agenda.append((d, s))

        for d, s in carry:
            add(d, s)
        if j == 0:
            predicted |= closure.get(self.start_id, frozenset())
            for d0 in predictions(self.start_id, la):
                add(d0, 0)
        while agenda:
            d, s = agenda.pop()
            x = NEXT[d]
            if x < 0:
                a = ORIGIN[d]
                if s == j:
                    held.add(a)
                    for d2, s2 in wait.get(a, ()):
                        add(d2 + 1, s2)
                else:
                    for d2, s2 in self._waiting(ch, s, a):
                        add(d2 + 1, s2)
            else:
                if x not in predicted:
                    predicted |= closure.get(x, frozenset())
                    for d0 in predictions(x, la):
                        add(d0, j)
                if x in held:
                    add(d + 1, s)
        return scanq

    # ---- the preferred reading

    def parse(self, tokens: Sequence[Any]) -> Any:
        """The tree Lark's Earley builds for ``tokens`` (the lexer's, in order), or
        ``None`` where Lark must decide: two derivations tie (the text reads two ways),
        or the forest may have a cycle.  Raises :class:`Rejected` where Lark raises
        UnexpectedToken/UnexpectedEOF, with the same word and expected terminals."""
        try:
            ch = self.chart(self._types(tokens))
            if self.cyclic and any(not self.cyclic.isdisjoint(ends) or not self._cyclic_null.isdisjoint(ps)
                                   for ends, ps in zip(ch.ends, ch.predicted)):
                return None
            return _Walk(self, tokens, ch).tree()
        except (_Fallback, RecursionError):
            return None

    def _types(self, tokens: Sequence[Any]) -> list[int]:
        # a word type no rule uses is, like $END, in no FIRST set and scanned by no item
        ids, end = self.term_ids, self.end_id
        return [ids.get(t.type, end) for t in tokens]


#: a forest node: ("S", nonterminal, i, j) or ("I", dotted rule, i, j) for a rule's prefix
_Node = tuple[str, int, int, int]
#: a family of a node: (dotted rule d, split m); its last symbol spans m..j, the prefix
#: i..m; m = -1 for the empty family (an empty rule)
_Fam = tuple[int, int]


def _nullable(nxt: list[int], origin: list[int], base: list[int], nterm: int) -> frozenset[int]:
    out: set[int] = set()
    grew = True
    while grew:
        grew = False
        for d0 in base:
            a = origin[d0]
            if a in out:
                continue
            k = d0
            while nxt[k] > nterm and nxt[k] in out:
                k += 1
            if nxt[k] < 0:
                out.add(a)
                grew = True
    return frozenset(out)


def _cyclic(rules: list[Any], nullable: Any, nts: dict[str, int]) -> frozenset[int]:
    """Nonterminals that can derive themselves over the same words (A ⇒+ A, the rest
    of each rule on the way empty): only they make cycles in the forest, where Lark's
    priority walk depends on its visiting order — such a forest is left to Lark."""
    succ: dict[int, set[int]] = {}
    for r in rules:
        exp = r.expansion
        for k, s in enumerate(exp):
            if not s.is_term and all(not t.is_term and t in nullable for i, t in enumerate(exp) if i != k):
                succ.setdefault(nts[r.origin.name], set()).add(nts[s.name])
    out = set()
    for a in succ:
        seen: set[int] = set()
        todo = list(succ[a])
        while todo:
            b = todo.pop()
            if b == a:
                out.add(a)
                break
            if b not in seen:
                seen.add(b)
                todo.extend(succ.get(b, ()))
    return frozenset(out)


#: the least stride of item keys (words per text + 1; see _Chart.W)
_STRIDE = 1024


class _Start:
    """The items of one nonterminal's rules that begin in a column (ChartParser.start):
    ``made`` (dotted rules past their start), ``complete`` (empty rules included),
    ``scan`` (waiting for the next word) and ``waits`` (the nonterminals waited for)."""

    __slots__ = ("made", "complete", "scan", "waits")

    def __init__(self, made: frozenset[int], complete: tuple[int, ...], scan: tuple[int, ...],
                 waits: frozenset[int]) -> None:
        self.made, self.complete, self.scan, self.waits = made, complete, scan, waits


class _Chart:
    """The columns of one recognition: per column the nonterminals predicted (the items
    that begin there are tables of them: ChartParser.start), and of the items that began
    earlier, the keys ``d * W + start`` of those made, the starts of each nonterminal
    completed there, the complete dotted rules per ``A * W + start``, and those waiting
    for each nonterminal."""

    def __init__(self, types: list[int]) -> None:
        self.types = types
        #: the stride of item keys: the same for every text of fewer than _STRIDE words,
        #: so that columns can be shared (ChartParser.chart's ``reuse``)
        self.W = max(len(types) + 1, _STRIDE)
        #: per column that some item read its word from, those items
        self.moved: list[list[tuple[int, int]]] = []
        self.seen: list[set[int]] = []
        self.ends: list[dict[int, list[int]]] = []
        self.done: list[dict[int, list[int]]] = []
        self.wait: list[dict[int, list[tuple[int, int]]]] = []
        self.predicted: list[set[int]] = []
        #: per column, the predicted rules (dotted starts) that start with a nonterminal
        self.pwait: list[dict[int, list[int]]] = []

    def share(self, other: _Chart, k: int) -> None:
        """Take ``other``'s first ``k`` columns (complete, and not changed after: the
        lazily filled ``pwait`` depends on the column alone)."""
        self.seen = other.seen[:k]
        self.ends = other.ends[:k]
        self.done = other.done[:k]
        self.wait = other.wait[:k]
        self.predicted = other.predicted[:k]
        self.pwait = other.pwait[:k]
        self.moved = other.moved[:k]

    def la(self, p: ChartParser, m: int) -> int:
        """The word type after column ``m`` ($END after the last)."""
        return self.types[m] if m < len(self.types) else p.end_id

    def has(self, p: ChartParser, d: int, s: int, m: int) -> bool:
        """Whether item ``(d, s)`` is in column ``m``."""
        if s != m:
            return p.POS[d] > 0 and d * self.W + s in self.seen[m]
        o = p.ORIGIN[d]
        if o not in self.predicted[m]:
            return False
        if p.POS[d]:
            return d in p.start(o, self.la(p, m)).made
        names, empty = p._pred_ok[d]
        return empty or self.la(p, m) in names

    def completed(self, p: ChartParser, a: int, i: int, j: int) -> Sequence[int]:
        """The complete dotted rules of ``a`` from ``i`` to ``j``."""
        if i == j:
            return p.start(a, self.la(p, j)).complete if a in self.predicted[j] else ()
        return self.done[j].get(a * self.W + i, ())

    def ends_at(self, p: ChartParser, a: int, j: int) -> list[int]:
        """Where the completions of ``a`` in column ``j`` begin."""
        out = self.ends[j].get(a, [])
        if a in p.nullable and a in self.predicted[j]:
            out = [*out, j]
        return out


class _Walk:
    """The forest of one chart, read top-down where Lark's walks go (module docstring)."""

    def __init__(self, p: ChartParser, tokens: Sequence[Any], ch: _Chart) -> None:
        self.p = p
        self.tokens = tokens
        self.ch = ch
        self.W = ch.W
        self.memo: dict[_Node, int] = {}
        self.busy: set[_Node] = set()

    def root(self) -> _Node:
        return ("S", self.p.start_id, 0, len(self.ch.types))

    def families(self, node: _Node) -> list[_Fam]:
        """Every family of ``node``."""
        p, ch = self.p, self.ch
        kind, x, i, j = node
        ds = ch.completed(p, x, i, j) if kind == "S" else (x,)
        out: list[_Fam] = []
        W = self.W
        for d in ds:
            if p.POS[d] == 0:
                out.append((d, -1))
                continue
            y = p.PREV[d]
            if y < p.end_id:
                m = j - 1
                if m >= i and ch.types[m] == y and ch.has(p, d - 1, i, m):
                    out.append((d, m))
                continue
            out.extend((d, m) for m in ch.ends_at(p, y, j) if m >= i and ch.has(p, d - 1, i, m))
        return out

    def choose(self, node: _Node) -> _Fam:
        """The family Lark's walks take (SymbolNode.children's first: non-empty first,
        then the highest summed priority, then rule order); _Fallback on a tie."""
        fams = self.families(node)
        if len(fams) == 1:
            return fams[0]
        full = [f for f in fams if f[1] >= 0]
        if not full:
            return fams[0]  # one empty rule per origin: a single empty family
        if len(full) == 1:
            return full[0]
        if not self.p.has_priorities:
            raise _Fallback
        scored = sorted((-self.fam_priority(node, f), f) for f in full)
        if scored[0][0] == scored[1][0]:
            raise _Fallback
        return scored[0][1]

    # ForestSumVisitor's sums (only when the grammar has priorities)
    def fam_priority(self, node: _Node, f: _Fam) -> int:
        p = self.p
        d, m = f
        _, _, i, j = node
        total = 0 if node[0] == "I" else p.prio[p.RULE[d]]
        if m < 0:
            return total
        y = p.PREV[d]
        if y > p.end_id:
            total += self.priority(("S", y, m, j))
        if p.POS[d] > 1:
            total += self.priority(("I", d - 1, i, m))
        return total

    def priority(self, node: _Node) -> int:
        got = self.memo.get(node)
        if got is not None:
            return got
        if node in self.busy:
            raise _Fallback  # a cycle: Lark's visitor decides
        self.busy.add(node)
        best = max(self.fam_priority(node, f) for f in self.families(node))
        self.busy.discard(node)
        self.memo[node] = best
        return best

    def children_of(self, node: _Node, f: _Fam) -> tuple[_Node | None, _Node | int]:
        """(left, right) of a family: the prefix node (None at a rule's first symbol)
        and the last symbol's node (an int: the word's index)."""
        d, m = f
        _, _, i, j = node
        left = ("I", d - 1, i, m) if self.p.POS[d] > 1 else None
        y = self.p.PREV[d]
        return left, (m if y < self.p.end_id else ("S", y, m, j))

    # ---- Lark's ForestToParseTree along the chosen families
    def tree(self) -> Any:
        return self.build(self.root())

    def build(self, node: _Node) -> Any:
        f = self.choose(node)
        return self.p.callbacks[self.p.RULE[f[0]]](self.collect(node, f))

    def collect(self, node: _Node, f: _Fam) -> list[Any]:
        if f[1] < 0:
            return []
        left, right = self.children_of(node, f)
        out: list[Any] = []
        if left is not None:
            out = self.collect(left, self.choose(left))
        out.append(self.tokens[right] if isinstance(right, int) else self.build(right))
        return out
