"""``sgs stats``: win rates with Wilson intervals, the strength flag, lengths, skill use.

Input: the rows of a result file (:mod:`sgs.lab.rows`), sorted by game index.  Every
seat of every decided game is one *appearance* (general, role, seat, agent) that won or
lost (the seat is among ``winners``); games stopped at the turn cap (``winner`` None)
count in the game lengths but not in the win rates (their number is reported).

Win rates: ``k`` wins of ``n`` appearances, ``rate = k/n`` and the Wilson score interval
at 95% (:func:`wilson`), by general, role, general × role, seat and agent × role.

The strength flag (by general) — a role-adjusted test.  A general's raw win rate mostly
says which roles it was dealt (the lord's side wins far more often than a renegade), so
each appearance is compared with the win rate of *the role it played*: with ``p_r`` the
win rate of role ``r`` over the appearances of every *other* general (leave-one-out, so
a strong general does not lift its own yardstick; shrunk toward the role's pooled rate
with a weight of :data:`PRIOR` = 30 appearances, so a role the general nearly always
plays — when agents pick generals unevenly — keeps a sensible yardstick), its expected
wins are
``E = Σ p_r`` over its appearances and, if it were as strong as the rest of the pool
in every role, its wins ``W`` would be a sum of independent Bernoulli(p_r) draws with
variance ``V = Σ p_r(1 − p_r)``.  ``z = (W − E)/√V``; the two-sided ``p`` is exact — twice the smaller tail of W's
Poisson-binomial distribution — up to :data:`EXACT_UP_TO` appearances (a few appearances
made the normal approximation flag a general after one lucky game), and
``erfc(|z|/√2)`` (normal approximation; a general appears at most once per game) above.  The general is
flagged ``stronger`` / ``weaker`` when ``p < alpha / G`` (Bonferroni over the ``G``
generals tested, default ``alpha`` 0.05), so with a 25-general pool a flag means
``p < 0.002``.  ``ratio = W/E`` says by how much (1.25: a quarter more wins than its roles
predict).  The uncertainty of ``p_r`` itself is ignored: it is estimated from every
other appearance, far more than one general's.

Game length: turns (and rounds) — min, quartiles, mean, p90, max and a histogram.
Skill invocation rates: per skill of the generals that appeared, the appearances
(``n``), total invocations, mean per appearance and the share of appearances with at
least one.

:func:`render_json` is a pure function of the rows (sorted keys, rounded floats), so the
same games give the same bytes however many workers played them.
"""

from __future__ import annotations

import csv
import io
import json
import math
from collections import defaultdict
from dataclasses import dataclass
from typing import Any, Iterable, Mapping, Sequence

from rich.console import Console
from rich.table import Table

__all__ = ["Z95", "wilson", "Rate", "Stats", "compute_stats", "render_json", "render_text", "render_csv"]

#: the two-sided 95% normal quantile
Z95 = 1.959963984540054
#: weight (in appearances) of the pooled role rate in a general's leave-one-out yardstick
PRIOR = 30
ROLE_ORDER = ("主公", "忠臣", "反贼", "内奸")


def wilson(k: int, n: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of ``k`` successes in ``n`` trials (default 95%):
    ``(centre ± half)`` with centre ``(p + z²/2n)/(1 + z²/n)`` and half-width
    ``z·√(p(1−p)/n + z²/4n²)/(1 + z²/n)``.  ``n = 0`` → ``(0.0, 1.0)``.  Raises
    ``ValueError`` unless ``0 ≤ k ≤ n``."""
    if not 0 <= k <= n:
        raise ValueError(f"need 0 <= k <= n, got k={k}, n={n}")
    if n == 0:
        return 0.0, 1.0
    p = k / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if k == 0 else max(0.0, centre - half)
    high = 1.0 if k == n else min(1.0, centre + half)
    return low, high


def _r(x: float) -> float:
    return round(x, 6)


@dataclass(frozen=True)
class Rate:
    """``k`` wins of ``n`` appearances; ``rate`` and the Wilson 95% ``low``..``high``."""

    n: int
    k: int

    @property
    def rate(self) -> float:
        return self.k / self.n if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        return wilson(self.k, self.n)

    def to_json(self) -> dict[str, Any]:
        lo, hi = self.interval
        return {"n": self.n, "wins": self.k, "rate": _r(self.rate), "low": _r(lo), "high": _r(hi)}


@dataclass(frozen=True)
class Stats:
    """Everything ``sgs stats`` prints; :meth:`to_json` is the JSON document."""

    data: dict[str, Any]

    def to_json(self) -> dict[str, Any]:
        return self.data


class _Counter:
    def __init__(self) -> None:
        self.n: dict[Any, int] = defaultdict(int)
        self.k: dict[Any, int] = defaultdict(int)

    def add(self, key: Any, won: bool) -> None:
        self.n[key] += 1
        self.k[key] += int(won)

    def rate(self, key: Any) -> Rate:
        return Rate(self.n.get(key, 0), self.k.get(key, 0))


def _quantile(sorted_xs: Sequence[int], q: float) -> float:
    """Linear-interpolated quantile of a sorted list (numpy's default method)."""
    if not sorted_xs:
        return 0.0
    pos = (len(sorted_xs) - 1) * q
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_xs) - 1)
    return sorted_xs[lo] + (sorted_xs[hi] - sorted_xs[lo]) * (pos - lo)


def _distribution(xs: Iterable[int], width: int) -> dict[str, Any]:
    s = sorted(xs)
    if not s:
        return {"n": 0}
    hist: dict[int, int] = defaultdict(int)
    for x in s:
        hist[(x // width) * width] += 1
    return {
        "n": len(s),
        "min": s[0],
        "p25": _r(_quantile(s, 0.25)),
        "median": _r(_quantile(s, 0.5)),
        "mean": _r(sum(s) / len(s)),
        "p75": _r(_quantile(s, 0.75)),
        "p90": _r(_quantile(s, 0.9)),
        "max": s[-1],
        "bin_width": width,
        "histogram": [[b, hist[b]] for b in sorted(hist)],
    }


def _role_key(role: str) -> tuple[int, str]:
    return (ROLE_ORDER.index(role) if role in ROLE_ORDER else len(ROLE_ORDER), role)


#: appearances up to which a general's p-value is exact (Poisson-binomial, O(n²));
#: above, the normal approximation of the module doc is accurate
EXACT_UP_TO = 2000


def _poisson_binomial_p(wins: int, ps: Sequence[float]) -> float:
    """Two-sided p-value of ``wins`` successes among independent Bernoulli(``ps``) draws:
    twice the smaller tail, exactly (a general seen once, winning where its roles win
    6% of the time, is p = 0.12, not the z-test's 1e-4)."""
    dist = [1.0]
    for p in ps:
        nxt = [0.0] * (len(dist) + 1)
        for k, q in enumerate(dist):
            nxt[k] += q * (1 - p)
            nxt[k + 1] += q * p
        dist = nxt
    low = sum(dist[: wins + 1])
    high = sum(dist[wins:])
    return min(1.0, 2 * min(low, high))


def compute_stats(rows: Sequence[Mapping[str, Any]], alpha: float = 0.05) -> Stats:
    """The statistics of ``rows`` (module doc); ``alpha``: the family-wise level of
    the strength flag (two-sided, Bonferroni over the generals)."""
    rows = sorted(rows, key=lambda r: int(r["game"]))
    by_general, by_role, by_gr, by_seat, by_agent_role = _Counter(), _Counter(), _Counter(), _Counter(), _Counter()
    appearances: dict[str, list[tuple[str, bool]]] = defaultdict(list)
    winners_by: dict[str, int] = defaultdict(int)
    skill_n: dict[str, int] = defaultdict(int)
    skill_total: dict[str, int] = defaultdict(int)
    skill_used: dict[str, int] = defaultdict(int)
    skill_general: dict[str, set[str]] = defaultdict(set)
    decided = 0
    for r in rows:
        gens, roles = r["generals"], r["roles"]
        agents = r.get("agents") or ["?"] * len(gens)
        for seat_skills, g in zip(r["skills"], gens):
            for s in seat_skills:
                name = s["skill"]
                skill_n[name] += 1
                skill_total[name] += int(s["n"])
                skill_used[name] += int(s["n"] > 0)
                skill_general[name].add(g)
        if r["winner"] is None:
            continue
        decided += 1
        winners_by[str(r["winner"])] += 1
        won_seats = set(r["winners"])
        for i, (g, role) in enumerate(zip(gens, roles)):
            won = (i + 1) in won_seats
            by_general.add(g, won)
            by_role.add(role, won)
            by_gr.add((g, role), won)
            by_seat.add(i + 1, won)
            by_agent_role.add((agents[i], role), won)
            appearances[g].append((role, won))
    generals = sorted(by_general.n)
    roles = sorted(by_role.n, key=_role_key)
    total = Rate(sum(by_general.n.values()), sum(by_general.k.values()))
    threshold = alpha / max(1, len(generals))
    general_rows: list[dict[str, Any]] = []

    def _role_p(g: str, role: str) -> float:
        # leave-one-out role rate: every other general's appearances in that role
        n_other = by_role.n[role] - by_gr.n[(g, role)]
        k_other = by_role.k[role] - by_gr.k[(g, role)]
        pooled = by_role.rate(role).rate
        return (k_other + PRIOR * pooled) / (n_other + PRIOR)

    for g in generals:
        ps = [_role_p(g, role) for role, _ in appearances[g]]  # (once: the z and the exact p share them)
        expected = variance = 0.0
        for p in ps:
            expected += p
            variance += p * (1 - p)
        wins = by_general.k[g]
        z = (wins - expected) / math.sqrt(variance) if variance > 0 else 0.0
        if len(ps) <= EXACT_UP_TO:
            pval = _poisson_binomial_p(wins, ps)
        else:
            pval = math.erfc(abs(z) / math.sqrt(2))
        flag = ("stronger" if z > 0 else "weaker") if pval < threshold else ""
        general_rows.append(
            {
                "general": g,
                **by_general.rate(g).to_json(),
                "expected_wins": _r(expected),
                "ratio": _r(wins / expected) if expected > 0 else None,
                "z": _r(z),
                "p": float(f"{pval:.6g}"),
                "flag": flag,
            }
        )
    turns = [int(r["turns"]) for r in rows]
    rounds = [int(r["rounds"]) for r in rows]
    skills = [
        {
            "skill": s,
            "generals": sorted(skill_general[s]),
            "n": skill_n[s],
            "invocations": skill_total[s],
            "per_appearance": _r(skill_total[s] / skill_n[s]) if skill_n[s] else 0.0,
            "used_share": _r(skill_used[s] / skill_n[s]) if skill_n[s] else 0.0,
        }
        for s in sorted(skill_n)
    ]
    data: dict[str, Any] = {
        "games": len(rows),
        "decided": decided,
        "capped": len(rows) - decided,
        "winners": {w: winners_by[w] for w in sorted(winners_by, key=_role_key)},
        "pool": {"appearances": total.n, "wins": total.k, "rate": _r(total.rate)},
        "test": {
            "method": "role-adjusted z (leave-one-out role win rates), two-sided, Bonferroni",
            "alpha": alpha,
            "threshold": float(f"{threshold:.6g}"),
            "generals_tested": len(generals),
        },
        "by_general": general_rows,
        "by_role": [{"role": ro, **by_role.rate(ro).to_json()} for ro in roles],
        "by_general_role": [
            {"general": g, "role": ro, **by_gr.rate((g, ro)).to_json()}
            for g in generals for ro in roles if by_gr.n.get((g, ro))
        ],
        "by_seat": [{"seat": s, **by_seat.rate(s).to_json()} for s in sorted(by_seat.n)],
        "by_agent_role": [
            {"agent": a, "role": ro, **by_agent_role.rate((a, ro)).to_json()}
            for a, ro in sorted(by_agent_role.n, key=lambda ar: (ar[0], _role_key(ar[1])))
        ],
        "turns": _distribution(turns, 10),
        "rounds": _distribution(rounds, 2),
        "skills": skills,
    }
    return Stats(data)


def render_json(stats: Stats) -> str:
    """The JSON document (sorted keys, 2-space indent, UTF-8 text, trailing newline)."""
    return json.dumps(stats.to_json(), ensure_ascii=False, sort_keys=True, indent=2) + "\n"


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(row: Mapping[str, Any]) -> str:
    return f"{_pct(row['low'])}–{_pct(row['high'])}"


def render_text(stats: Stats, console: Console) -> None:
    """rich tables: summary, by role, by seat, by agent × role, by general (with the
    flag), general × role, game length, skill invocation rates."""
    d = stats.to_json()
    console.print(
        f"{d['games']} 局（分出胜负 {d['decided']} 局，达到回合上限 {d['capped']} 局）；获胜方："
        + "、".join(f"{w} {n}" for w, n in d["winners"].items()),
        markup=False,
    )

    def rate_table(title: str, key_cols: Sequence[tuple[str, str]], items: Sequence[Mapping[str, Any]]) -> None:
        t = Table(title=title, title_justify="left")
        for _, head in key_cols:
            t.add_column(head)
        for head in ("局数", "胜", "胜率", "95% 区间"):
            t.add_column(head, justify="right")
        for it in items:
            t.add_row(*[str(it[k]) for k, _ in key_cols], str(it["n"]), str(it["wins"]), _pct(it["rate"]), _ci(it))
        console.print(t)

    rate_table("按身份", [("role", "身份")], d["by_role"])
    rate_table("按座次", [("seat", "座次")], d["by_seat"])
    if len({a["agent"] for a in d["by_agent_role"]}) > 1:
        rate_table("按代理 × 身份", [("agent", "代理"), ("role", "身份")], d["by_agent_role"])
    test = d["test"]
    t = Table(
        title=f"按武将（全池平均胜率 {_pct(d['pool']['rate'])}；显著性：按身份调整的 z 检验，双侧，"
        f"Bonferroni：p < {test['threshold']:.3g}）",
        title_justify="left",
    )
    for head, just in (("武将", "left"), ("局数", "right"), ("胜", "right"), ("胜率", "right"), ("95% 区间", "right"),
                       ("按身份期望胜", "right"), ("实际/期望", "right"), ("z", "right"), ("p", "right"), ("判定", "left")):
        t.add_column(head, justify=just)  # type: ignore[arg-type]
    for g in sorted(d["by_general"], key=lambda g: (-(g["ratio"] or 0.0), g["general"])):
        verdict = {"stronger": "[bold red]显著偏强[/]", "weaker": "[bold blue]显著偏弱[/]"}.get(g["flag"], "")
        t.add_row(
            g["general"], str(g["n"]), str(g["wins"]), _pct(g["rate"]), _ci(g), f"{g['expected_wins']:.1f}",
            f"{g['ratio']:.2f}" if g["ratio"] is not None else "–", f"{g['z']:+.2f}", f"{g['p']:.2g}", verdict,
        )
    console.print(t)
    roles = [r["role"] for r in d["by_role"]]
    cells = {(c["general"], c["role"]): c for c in d["by_general_role"]}
    t = Table(title="武将 × 身份（胜率，局数）", title_justify="left")
    t.add_column("武将")
    for ro in roles:
        t.add_column(ro, justify="right")
    for g in sorted({c["general"] for c in d["by_general_role"]}):
        t.add_row(g, *[
            f"{_pct(cells[(g, ro)]['rate'])} ({cells[(g, ro)]['n']})" if (g, ro) in cells else "–" for ro in roles
        ])
    console.print(t)
    tu = d["turns"]
    if tu.get("n"):
        console.print(
            f"对局长度（回合）：最少 {tu['min']}，四分位 {tu['p25']:g} / {tu['median']:g} / {tu['p75']:g}，"
            f"平均 {tu['mean']:.1f}，p90 {tu['p90']:g}，最多 {tu['max']}",
            markup=False,
        )
    t = Table(title="技能发动（每次登场）", title_justify="left")
    for head, just in (("技能", "left"), ("武将", "left"), ("登场", "right"), ("发动", "right"),
                       ("每次登场", "right"), ("发动过的登场", "right")):
        t.add_column(head, justify=just)  # type: ignore[arg-type]
    for s in sorted(d["skills"], key=lambda s: (-s["per_appearance"], s["skill"])):
        t.add_row(s["skill"], "、".join(s["generals"]), str(s["n"]), str(s["invocations"]),
                  f"{s['per_appearance']:.2f}", _pct(s["used_share"]))
    console.print(t)
    if any(s["invocations"] == 0 for s in d["skills"]):
        console.print("发动 0 次：状态技（只被查询，从不“发动”）或条件从未满足的技能。", markup=False)


def render_csv(stats: Stats) -> str:
    """One CSV table of every rate: ``table`` (general / role / general_role / seat /
    agent_role / skill), ``key``, ``role``, ``n``, ``wins``, ``rate``, ``low``,
    ``high``, ``expected_wins``, ``ratio``, ``z``, ``p``, ``flag``; skill rows put the
    invocations in ``wins`` and the mean per appearance in ``rate``."""
    d = stats.to_json()
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    cols = ["table", "key", "role", "n", "wins", "rate", "low", "high", "expected_wins", "ratio", "z", "p", "flag"]
    w.writerow(cols)

    def put(table: str, key: Any, role: str, it: Mapping[str, Any]) -> None:
        w.writerow([table, key, role] + [("" if it.get(c) is None else it.get(c, "")) for c in cols[3:]])

    for g in d["by_general"]:
        put("general", g["general"], "", g)
    for r in d["by_role"]:
        put("role", r["role"], r["role"], r)
    for c in d["by_general_role"]:
        put("general_role", c["general"], c["role"], c)
    for s in d["by_seat"]:
        put("seat", s["seat"], "", s)
    for a in d["by_agent_role"]:
        put("agent_role", a["agent"], a["role"], a)
    for s in d["skills"]:
        put("skill", s["skill"], "", {"n": s["n"], "wins": s["invocations"], "rate": s["per_appearance"]})
    return buf.getvalue()
