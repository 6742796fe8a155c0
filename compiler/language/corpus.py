"""Corpus report: how much of a list of real skill texts the language accepts.

Reads a TSV with at least the columns ``skill`` and ``text`` (and optionally
``package``), as ``../shared/corpus/dev_texts.tsv`` is laid out, and measures two
front ends side by side on every text:

* **today's pipeline** (``sgs check``): *accepted* (no diagnostic of severity error
  and no W0701), *accepted, not runnable* (only W0701: the back end lacks something),
  *rejected* (an error);
* **the register grammar** (grammar/register/, :mod:`.register`): *parsed* or
  *rejected* at a word — the grammar by linguistic category that replaces the
  sentence catalogue; it lowers into the small IR (:mod:`.ir`) but has no code
  generation yet, so "parsed" means read, not compiled (``sgs check`` reports such a
  text as W0701 when the sentence grammar rejects it).

Rejections are grouped by their first blocking construction: the word at which
the parse stopped (with the words before it as context), so the largest groups are
the next grammar work.  Timings are wall-clock per text (median and mean, ms), over
all texts and per outcome (parsed / read two ways / rejected), with the grammar's
build time; with ``reference`` the same texts are also timed through Lark's Earley
alone (:func:`.register.lark_parse_register`, the parser before the chart parser),
so one run gives the before/after figures side by side.
"""

from __future__ import annotations

import csv
import statistics
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .register import (
    RegisterAmbiguity,
    RegisterError,
    get_chart_parser,
    get_register_parser,
    lark_parse_register,
    parse_register,
)

from .register import _TRANSLATE as _NORM

__all__ = ["CorpusRow", "CorpusReport", "read_corpus", "measure", "render_text"]


@dataclass(frozen=True)
class CorpusRow:
    package: str
    skill: str
    text: str


@dataclass
class CorpusReport:
    total: int = 0
    register_parsed: int = 0
    #: texts that parse but read two ways (E0108): not counted as parsed
    register_ambiguous: list[tuple[str, str]] = field(default_factory=list)
    #: first blocking word -> [(skill, context)]
    register_blocks: dict[str, list[tuple[str, str]]] = field(default_factory=dict)
    #: parse time per text (ms), and per text its outcome: "parsed", "ambiguous" or "rejected"
    register_ms: list[float] = field(default_factory=list)
    register_outcome: list[str] = field(default_factory=list)
    #: the same texts through Lark's Earley alone (ms), when measured
    reference_ms: list[float] | None = None
    #: building the Lark grammar (s), then the chart parser's tables from it (s)
    register_build_s: float = 0.0
    chart_build_s: float = 0.0
    by_package: dict[str, list[int]] = field(default_factory=dict)  # package -> [total, parsed]
    #: today's pipeline: None when not measured
    check_accepted: int | None = None
    check_not_runnable: int | None = None
    check_rejected: int | None = None
    check_blocks: Counter[str] = field(default_factory=Counter)

    def timings(self, ms: list[float]) -> dict[str, dict[str, float]]:
        """Median and mean (ms) of ``ms`` over all texts and per outcome."""
        out = {"all": _stats(ms)}
        for kind in ("parsed", "ambiguous", "rejected"):
            out[kind] = _stats([t for t, k in zip(ms, self.register_outcome) if k == kind])
        return out

    def as_json(self) -> dict[str, Any]:
        ms = self.register_ms or [0.0]
        return {
            "total": self.total,
            "register": {
                "parsed": self.register_parsed,
                "ambiguous": len(self.register_ambiguous),
                "ambiguous_examples": [f"{s}：{w}" for s, w in self.register_ambiguous],
                "rejected": self.total - self.register_parsed - len(self.register_ambiguous),
                "ms_median": round(statistics.median(ms), 2),
                "ms_mean": round(statistics.fmean(ms), 2),
                "build_s": round(self.register_build_s, 2),
                "chart_build_s": round(self.chart_build_s, 3),
                "ms": self.timings(self.register_ms),
                "reference_ms": None if self.reference_ms is None else self.timings(self.reference_ms),
                "blocks": [{"word": w, "count": len(ex), "examples": [f"{s}：…{c}" for s, c in ex[:3]]}
                           for w, ex in sorted(self.register_blocks.items(), key=lambda kv: (-len(kv[1]), kv[0]))],
                "by_package": {p: {"total": t, "parsed": k} for p, (t, k) in sorted(self.by_package.items())},
            },
            "check": None if self.check_accepted is None else {
                "accepted": self.check_accepted,
                "accepted_not_runnable": self.check_not_runnable,
                "rejected": self.check_rejected,
                "codes": dict(sorted(self.check_blocks.items(), key=lambda kv: (-kv[1], kv[0]))),
            },
        }


def _stats(ms: list[float]) -> dict[str, float]:
    if not ms:
        return {"n": 0, "median": 0.0, "mean": 0.0}
    return {"n": len(ms), "median": round(statistics.median(ms), 2), "mean": round(statistics.fmean(ms), 2)}


def read_corpus(path: Path) -> list[CorpusRow]:
    """Rows of a corpus TSV (columns ``skill`` and ``text``; ``package`` optional).
    ValueError (a Chinese message) when a column is missing or a row has no text: a
    malformed row is refused, not counted as a text the grammar rejects."""
    with path.open(encoding="utf-8-sig", newline="") as f:  # a BOM at the start means nothing
        reader = csv.DictReader(f, delimiter="\t", quoting=csv.QUOTE_NONE)
        cols = set(reader.fieldnames or ())
        if not {"skill", "text"} <= cols:
            found = "、".join(sorted(cols)) or "无"
            raise ValueError(f"{path}：语料 TSV 的第一行须有 skill 和 text 两列（制表符分隔；找到的列：{found}）")
        rows: list[CorpusRow] = []
        bad: list[int] = []
        for r in reader:
            if r.get("text") is None or not (r.get("text") or "").strip() or None in r:  # None: the cells past the header (csv restkey)
                bad.append(reader.line_num)
                continue
            rows.append(CorpusRow(r.get("package") or "", r["skill"] or "", r["text"] or ""))
        if bad:
            lines = "、".join(str(n) for n in bad[:5]) + ("……" if len(bad) > 5 else "")
            raise ValueError(f"{path}：{len(bad)} 行的列数不对或没有 text（第 {lines} 行）：每行须与第一行的列一一对应，用制表符分隔")
        return rows


def _context(text: str, pos: int) -> tuple[str, str]:
    """(blocking word, context): three characters at the stop and six before it."""
    return text[pos:pos + 3] or "（句末）", text[max(0, pos - 6):pos] + "⟨" + text[pos:pos + 6]


def measure(rows: list[CorpusRow], with_check: bool = False, reference: bool = False) -> CorpusReport:
    """Parse every row with the register grammar (and, if asked, with ``sgs check``;
    with ``reference``, time Lark's Earley alone on the same rows as well)."""
    rep = CorpusReport(total=len(rows))
    t0 = time.perf_counter()
    get_register_parser()
    t1 = time.perf_counter()
    get_chart_parser()
    rep.register_build_s = t1 - t0
    rep.chart_build_s = time.perf_counter() - t1
    blocks: dict[str, list[tuple[str, str]]] = defaultdict(list)
    for row in rows:
        pkg = rep.by_package.setdefault(row.package, [0, 0])
        pkg[0] += 1
        t0 = time.perf_counter()
        outcome = "parsed"
        try:
            parse_register(row.text)
            rep.register_parsed += 1
            pkg[1] += 1
        except RegisterAmbiguity as amb:
            outcome = "ambiguous"
            tie = amb.ties[0]
            rep.register_ambiguous.append((row.skill, f"“{row.text.translate(_NORM)[tie.start:tie.end]}”（{tie.symbol}）"))
        except RegisterError as e:
            outcome = "rejected"
            word, ctx = _context(row.text, e.pos)
            blocks[word].append((row.skill, ctx))
        rep.register_ms.append((time.perf_counter() - t0) * 1000)
        rep.register_outcome.append(outcome)
    rep.register_blocks = dict(blocks)
    if reference:
        rep.reference_ms = []
        for row in rows:
            t0 = time.perf_counter()
            try:
                lark_parse_register(row.text)
            except RegisterError:
                pass
            rep.reference_ms.append((time.perf_counter() - t0) * 1000)
    if with_check:
        _measure_check(rows, rep)
    return rep


def _measure_check(rows: list[CorpusRow], rep: CorpusReport) -> None:
    from ..bare import check_skill_lines

    acc = nr = rej = 0
    for row in rows:
        diags = check_skill_lines(f"{row.skill}：{row.text}", "<corpus>")
        errors = [d for d in diags if d.severity.value == "error"]
        if errors:
            rej += 1
            rep.check_blocks[errors[0].code] += 1
        elif any(d.code == "W0701" for d in diags):
            nr += 1
        else:
            acc += 1
    rep.check_accepted, rep.check_not_runnable, rep.check_rejected = acc, nr, rej


def _timing_lines(label: str, t: dict[str, dict[str, float]]) -> list[str]:
    names = {"all": "全部", "parsed": "解析", "ambiguous": "两种读法", "rejected": "拒绝"}
    cells = [f"{names[k]} {v['n']} 条 {v['median']}/{v['mean']}" for k, v in t.items()]
    return [f"  {label}（ms，中位数/平均）: " + "；".join(cells)]


def render_text(rep: CorpusReport, groups: int = 25) -> str:
    """The report as plain text (what ``sgs corpus`` prints)."""
    j = rep.as_json()
    r = j["register"]

    def pct(k: int) -> str:
        return f"{k / rep.total:.1%}" if rep.total else "–"

    lines = [f"语料 {rep.total} 条技能文本"]
    if j["check"] is not None:
        c = j["check"]
        lines.append(f"现行语法（sgs check）: 接受 {c['accepted']}，接受但暂不能运行（W0701）{c['accepted_not_runnable']}，"
                     f"拒绝 {c['rejected']}（{pct(c['accepted'] + c['accepted_not_runnable'])} 接受）")
        lines.append("  拒绝原因（首个错误码）: " + "，".join(f"{k} {v}" for k, v in list(c["codes"].items())[:8]))
    lines.append(f"语域语法（grammar/register）: 解析（一种读法）{r['parsed']}，两种读法 {r['ambiguous']}，拒绝 {r['rejected']}"
                 f"（{pct(r['parsed'])} 解析；读入小型 IR，尚无代码生成：sgs check 把它们报告为 W0701）")
    lines.append(f"  每条 {r['ms_median']} ms（中位数），{r['ms_mean']} ms（平均）；语法构建 {r['build_s']} s，"
                 f"图表分析器 {r['chart_build_s']} s")
    lines += _timing_lines("图表分析器", r["ms"])
    if r["reference_ms"] is not None:
        lines += _timing_lines("对照：Lark Earley", r["reference_ms"])
    lines.append(f"  首个阻塞处（前 {groups} 组）:")
    for b in r["blocks"][:groups]:
        lines.append(f"    {b['count']:>3}  “{b['word']}”  " + " ； ".join(b["examples"]))
    if r["ambiguous"]:
        lines.append(f"  两种读法（E0108，前 {groups} 条）: " + " ； ".join(r["ambiguous_examples"][:groups]))
    lines.append("  分包:")
    for p, v in r["by_package"].items():
        lines.append(f"    {p or '（无包名）'}: {v['parsed']}/{v['total']}")
    return "\n".join(lines)
