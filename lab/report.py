"""``sgs report``: the lab's pictures (matplotlib, Agg backend), as PNGs or one HTML page.

Figures (from :func:`sgs.lab.stats.compute_stats` of the rows):

* ``winrate.png`` — win rate per general with its Wilson 95% interval as an error bar,
  the pool's average seat win rate as a line, generals the role-adjusted test flags in
  red (stronger) or blue (weaker);
* ``lengths.png`` — histogram of game length in turns;
* ``heatmap.png`` — win rate per role × general (the number of games in each cell);
* ``agents.png`` — only when more than one agent kind played: win rate per role and
  agent with error bars (e.g. heuristic vs random).  The main run is the baseline; each
  ``--compare`` run adds the cells of the agent kinds the main run does not have (so
  ``random`` comes from an all-random main run, ``heuristic × 主公`` from a run where only
  the lord is heuristic, and so on — :func:`agent_cells`).

Generals are labelled with their Chinese names when matplotlib has a CJK font, else with
their pinyin (from the rows); roles likewise (lord / loyalist / rebel / renegade).
"""

from __future__ import annotations

import base64
import html
import io
from pathlib import Path
from typing import Any, Mapping, Sequence

from .stats import compute_stats

__all__ = ["write_report", "agent_cells", "ROLE_EN"]

ROLE_EN = {"主公": "lord", "忠臣": "loyalist", "反贼": "rebel", "内奸": "renegade"}
_CJK_FONTS = ("Noto Sans CJK SC", "Noto Sans SC", "Source Han Sans SC", "WenQuanYi Zen Hei", "WenQuanYi Micro Hei",
              "SimHei", "Microsoft YaHei", "PingFang SC", "Heiti SC", "AR PL UMing CN")


def _cjk_font() -> str | None:
    from matplotlib import font_manager

    names = {f.name for f in font_manager.fontManager.ttflist}
    return next((n for n in _CJK_FONTS if n in names), None)


def agent_cells(
    rows: Sequence[Mapping[str, Any]], extra_runs: Sequence[Sequence[Mapping[str, Any]]] = ()
) -> list[dict[str, Any]]:
    """Win rate per (agent, role): the main run's cells, plus, from the other runs, the
    cells of agent kinds absent from the main run (summed over those runs), each with
    its Wilson interval; sorted by agent then role."""
    from .stats import ROLE_ORDER, Rate

    main = compute_stats(rows).to_json()["by_agent_role"]
    base = {a["agent"] for a in main}
    counts: dict[tuple[str, str], list[int]] = {}
    for a in main:
        counts[(a["agent"], a["role"])] = [a["n"], a["wins"]]
    for run in extra_runs:
        for a in compute_stats(run).to_json()["by_agent_role"]:
            if a["agent"] in base:
                continue
            c = counts.setdefault((a["agent"], a["role"]), [0, 0])
            c[0] += a["n"]
            c[1] += a["wins"]
    order = {r: i for i, r in enumerate(ROLE_ORDER)}
    return [
        {"agent": ag, "role": ro, **Rate(n, k).to_json()}
        for (ag, ro), (n, k) in sorted(counts.items(), key=lambda kv: (kv[0][0], order.get(kv[0][1], 9), kv[0][1]))
    ]


def _figures(rows: Sequence[Mapping[str, Any]], extra_runs: Sequence[Sequence[Mapping[str, Any]]] = ()) -> dict[str, bytes]:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    font = _cjk_font()
    if font is not None:
        plt.rcParams["font.sans-serif"] = [font, "DejaVu Sans"]
    pinyin: dict[str, str] = {}
    for r in [x for run in [rows, *extra_runs] for x in run]:
        for g, p in zip(r["generals"], r.get("pinyin") or r["generals"]):
            pinyin.setdefault(g, p)

    def gname(g: str) -> str:
        return g if font is not None else pinyin.get(g, g)

    def rname(r: str) -> str:
        return r if font is not None else ROLE_EN.get(r, r)

    st = compute_stats(rows).to_json()
    out: dict[str, bytes] = {}

    def save(name: str, fig: Any) -> None:
        buf = io.BytesIO()
        fig.savefig(buf, format="png", dpi=110, bbox_inches="tight", metadata={"Software": None})
        plt.close(fig)
        out[name] = buf.getvalue()

    gens = sorted(st["by_general"], key=lambda g: (g["rate"], g["general"]))
    fig, ax = plt.subplots(figsize=(8, 0.32 * len(gens) + 1.6))
    ys = range(len(gens))
    rates = [g["rate"] for g in gens]
    err = [[g["rate"] - g["low"] for g in gens], [g["high"] - g["rate"] for g in gens]]
    colors = ["#c0392b" if g["flag"] == "stronger" else "#2c6fbb" if g["flag"] == "weaker" else "#7f8c8d" for g in gens]
    ax.barh(list(ys), rates, xerr=err, color=colors, ecolor="#333333", capsize=2, height=0.7)
    ax.axvline(st["pool"]["rate"], color="#e67e22", linestyle="--", label=f"pool average {st['pool']['rate']:.1%}")
    ax.set_yticks(list(ys), [f"{gname(g['general'])} (n={g['n']})" for g in gens])
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (Wilson 95% interval)")
    ax.set_title(f"Win rate by general — {st['decided']} decided games\n"
                 "red: significantly stronger, blue: weaker (role-adjusted z, Bonferroni)")
    ax.legend(loc="lower right")
    save("winrate.png", fig)

    turns = st["turns"]
    fig, ax = plt.subplots(figsize=(8, 4))
    hist = turns.get("histogram", [])
    if hist:
        ax.bar([b for b, _ in hist], [c for _, c in hist], width=turns["bin_width"] * 0.95, align="edge", color="#2c6fbb")
        ax.axvline(turns["median"], color="#e67e22", linestyle="--", label=f"median {turns['median']:g}")
        ax.legend()
    ax.set_xlabel(f"turns per game (bins of {turns.get('bin_width', 10)})")
    ax.set_ylabel("games")
    ax.set_title(f"Game length — {turns.get('n', 0)} games, mean {turns.get('mean', 0):.1f} turns")
    save("lengths.png", fig)

    roles = [r["role"] for r in st["by_role"]]
    names = sorted(st["by_general"], key=lambda g: (-g["rate"], g["general"]))
    cells = {(c["general"], c["role"]): c for c in st["by_general_role"]}
    import numpy as np

    grid = np.full((len(roles), len(names)), np.nan)
    for j, g in enumerate(names):
        for i, ro in enumerate(roles):
            c = cells.get((g["general"], ro))
            if c is not None:
                grid[i, j] = c["rate"]
    fig, ax = plt.subplots(figsize=(0.55 * len(names) + 2.5, 0.6 * len(roles) + 2.2))
    im = ax.imshow(grid, cmap="RdYlGn", vmin=0, vmax=1, aspect="auto")
    ax.set_xticks(range(len(names)), [gname(g["general"]) for g in names], rotation=60, ha="right")
    ax.set_yticks(range(len(roles)), [rname(r) for r in roles])
    for j, g in enumerate(names):
        for i, ro in enumerate(roles):
            c = cells.get((g["general"], ro))
            if c is not None:
                ax.text(j, i, f"{c['rate']:.0%}\n{c['n']}", ha="center", va="center", fontsize=6)
    fig.colorbar(im, ax=ax, label="win rate")
    ax.set_title("Win rate by role × general (cell: rate, games)")
    save("heatmap.png", fig)

    agent_rows = agent_cells(rows, extra_runs)
    agents = sorted({a["agent"] for a in agent_rows})
    if len(agents) > 1:
        by = {(a["agent"], a["role"]): a for a in agent_rows}
        fig, ax = plt.subplots(figsize=(8, 4.5))
        width = 0.8 / len(agents)
        for k, ag in enumerate(agents):
            xs, ys2, lo, hi = [], [], [], []
            for i, ro in enumerate(roles):
                a = by.get((ag, ro))
                if a is None:
                    continue
                xs.append(i + (k - (len(agents) - 1) / 2) * width)
                ys2.append(a["rate"])
                lo.append(a["rate"] - a["low"])
                hi.append(a["high"] - a["rate"])
            ax.bar(xs, ys2, width=width * 0.95, yerr=[lo, hi], capsize=3, label=ag)
        ax.set_xticks(range(len(roles)), [rname(r) for r in roles])
        ax.set_ylim(0, 1)
        ax.set_ylabel("win rate (Wilson 95% interval)")
        ax.set_title("Win rate by role and agent")
        ax.legend()
        save("agents.png", fig)
    return out


def _table_html(title: str, head: Sequence[str], body: Sequence[Sequence[str]]) -> str:
    rows = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in r) + "</tr>" for r in body)
    return (f"<h2>{html.escape(title)}</h2><table><thead><tr>"
            + "".join(f"<th>{html.escape(h)}</th>" for h in head) + f"</tr></thead><tbody>{rows}</tbody></table>")


def write_report(
    rows: Sequence[Mapping[str, Any]],
    out: Path,
    title: str = "sgs lab",
    extra_runs: Sequence[Sequence[Mapping[str, Any]]] = (),
) -> list[Path]:
    """Write the figures: ``out`` ending in ``.html`` → one page with the PNGs inlined
    and the main tables; else ``out`` is a folder (created) and gets the PNGs.
    ``extra_runs``: the rows of other runs, for the agent × role figure and table only
    (:func:`agent_cells`).
    Returns the files written.  Raises ``OSError`` when ``out`` cannot be written."""
    figs = _figures(rows, extra_runs)
    if out.suffix.lower() != ".html":
        out.mkdir(parents=True, exist_ok=True)
        written = []
        for name, data in figs.items():
            (out / name).write_bytes(data)
            written.append(out / name)
        return written
    st = compute_stats(rows).to_json()

    def pct(x: float) -> str:
        return f"{100 * x:.1f}%"

    parts = [
        "<!doctype html><html lang='zh'><head><meta charset='utf-8'>",
        f"<title>{html.escape(title)}</title><style>body{{font-family:sans-serif;max-width:1100px;margin:auto}}"
        "table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
        "img{max-width:100%}</style></head><body>",
        f"<h1>sgs lab — {html.escape(title)}</h1>",
        f"<p>{st['games']} games ({st['decided']} decided, {st['capped']} stopped at the turn cap). "
        f"Significance: {html.escape(st['test']['method'])}, alpha {st['test']['alpha']}, "
        f"threshold p &lt; {st['test']['threshold']:.3g}.</p>",
    ]
    for name, data in figs.items():
        parts.append(f"<p><img alt='{name}' src='data:image/png;base64,{base64.b64encode(data).decode()}'></p>")
    parts.append(_table_html(
        "按武将 / by general", ["武将", "n", "wins", "rate", "95% CI", "expected", "ratio", "z", "p", "flag"],
        [[g["general"], str(g["n"]), str(g["wins"]), pct(g["rate"]), f"{pct(g['low'])}–{pct(g['high'])}",
          f"{g['expected_wins']:.1f}", f"{g['ratio']:.2f}" if g["ratio"] is not None else "–", f"{g['z']:+.2f}",
          f"{g['p']:.2g}", g["flag"]] for g in sorted(st["by_general"], key=lambda g: -(g["ratio"] or 0.0))],
    ))
    parts.append(_table_html(
        "按身份 / by role", ["role", "n", "wins", "rate", "95% CI"],
        [[r["role"], str(r["n"]), str(r["wins"]), pct(r["rate"]), f"{pct(r['low'])}–{pct(r['high'])}"] for r in st["by_role"]],
    ))
    agent_rows = agent_cells(rows, extra_runs)
    parts.append(_table_html(
        "按代理 × 身份 / by agent × role", ["agent", "role", "n", "wins", "rate", "95% CI"],
        [[a["agent"], a["role"], str(a["n"]), str(a["wins"]), pct(a["rate"]), f"{pct(a['low'])}–{pct(a['high'])}"]
         for a in agent_rows],
    ))
    parts.append("</body></html>\n")
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text("".join(parts), encoding="utf-8")
    return [out]
