"""Drawing through pydot: hostile names stay inside their DOT strings; no Graphviz, a clear error."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from sgs.compiler import ir
from sgs.compiler.graph import analyze_graph, build_graph, render_graph, to_dot
from sgs.compiler.graph.render import GraphvizMissing

from .helpers import example, standard

# each one breaks a naive writer: ends a string, starts an escape or a port,
# an HTML label, a record field, a keyword, a second line
HOSTILE = [
    'say "hi"',
    "back\\slash\\",
    "\\N\\G\\l",
    "{brace|record}",
    "<b>html</b>",
    "two\nlines",
    "port:name",
    "graph",
    '"\\"',
    "];\n}\ndigraph x {",
]


_STR = r'"(?:[^"\\\n]|\\.)*"'
_VALUE = rf"(?:{_STR}|[A-Za-z_][A-Za-z_0-9]*|-?[0-9.]+|#[0-9a-f]{{6}})"
_ATTRS = rf"\[[a-z]+={_VALUE}(?:, [a-z]+={_VALUE})*\]"
_STATEMENT = re.compile(
    rf"(?:(?P<node>{_STR})(?: -> (?P<head>{_STR}))?(?: (?P<attrs>{_ATTRS}))?;"
    rf"|(?:graph|node|edge) {_ATTRS};|[a-z]+={_VALUE};|(?:digraph|subgraph) [a-z_]+ {{|}})"
)


def _unescape(quoted: str) -> str:
    """A DOT string literal back to its text (\\n was a newline; \\X is X)."""
    assert quoted.startswith('"') and quoted.endswith('"'), quoted
    return re.sub(r"\\(.)", lambda m: "\n" if m[1] == "n" else m[1], quoted[1:-1], flags=re.S)


def _hostile_package() -> ir.Package:
    """The example expansion with every general and skill renamed to a hostile name."""
    pkg = example()
    names = iter(HOSTILE * 10)
    generals = tuple(
        replace(g, name=next(names), skills=tuple(replace(s, name=next(names)) for s in g.skills)) for g in pkg.generals
    )
    return replace(pkg, name='包"\\{', generals=generals)


def test_hostile_names_stay_inside_their_strings() -> None:
    """Every line of the DOT text is one whole statement, whatever the names; each
    hostile skill is one node whose id and label read back as written."""
    pkg = _hostile_package()
    tg = build_graph([*standard(), pkg])
    text = to_dot(tg, findings=analyze_graph(tg))
    labels: dict[str, str] = {}
    for line in text.splitlines():
        m = _STATEMENT.fullmatch(line.strip())
        assert m, line
        if m["node"] and not m["head"] and m["attrs"]:
            label = re.search(rf"label=({_STR})", m["attrs"])
            if label:
                labels[_unescape(m["node"])] = _unescape(label[1])
    drawn = [info for info in tg.skills.values() if info.ref.package == pkg.name]
    assert {n for info in drawn for n in (info.ref.general, info.ref.skill)} == set(HOSTILE)
    for info in drawn:
        assert labels[info.node].startswith(f"{info.ref.general}·{info.ref.skill}"), info.node
    assert f"三国杀触发图：标准、{pkg.name}（" in text.replace('\\\\', '\\').replace('\\"', '"')


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz not installed")
def test_graphviz_reads_hostile_names(tmp_path: Path) -> None:
    """Graphviz itself parses the file into exactly the nodes we drew, names intact."""
    pkg = _hostile_package()
    tg = build_graph([*standard(), pkg])
    dot_file = render_graph(tg, tmp_path / "g.dot")[0]
    out = subprocess.run(["dot", "-Tjson", str(dot_file)], check=True, capture_output=True, text=True).stdout
    drawn = json.loads(out)
    objects = drawn["objects"][drawn["_subgraph_cnt"] :]
    names = {_unescape('"' + o["name"] + '"'): _unescape('"' + o["label"] + '"') for o in objects}
    assert len(names) == len(objects) == to_dot(tg).count(" [label=")
    for info in tg.skills.values():
        if info.ref.package == pkg.name:
            assert names[info.node].startswith(f"{info.ref.general}·{info.ref.skill}")


def test_dot_without_graphviz(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    tg = build_graph([*standard(), example()])
    written = render_graph(tg, tmp_path / "g.dot")
    assert written == [tmp_path / "g.dot"]
    text = written[0].read_text(encoding="utf-8")
    assert text.startswith("digraph trigger_graph {") and "管辂·卜筮" in text and "#e00000" in text
    monkeypatch.setenv("PATH", str(tmp_path))  # no dot on the PATH: pydot cannot start it
    (tmp_path / "g.dot").unlink()
    with pytest.raises(GraphvizMissing, match="Graphviz 的 dot 程序"):
        render_graph(tg, tmp_path / "g.png")
    assert (tmp_path / "g.dot").exists() and not (tmp_path / "g.png").exists()


@pytest.mark.skipif(shutil.which("dot") is None, reason="Graphviz not installed")
def test_png_and_svg_with_graphviz(tmp_path: Path) -> None:
    tg = build_graph(standard())
    written = render_graph(tg, tmp_path / "g.png")
    assert written == [tmp_path / "g.dot", tmp_path / "g.png"]
    assert written[1].read_bytes()[:4] == b"\x89PNG"
    svg = render_graph(tg, tmp_path / "g.svg", skill="反馈")[1].read_text(encoding="utf-8")
    assert "<svg" in svg and "司马懿·反馈" in svg


def test_unknown_format_is_refused(tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="不支持"):
        render_graph(build_graph(standard()), tmp_path / "g.gif")
