"""A new user's bad inputs to the commands besides ``sgs check``: each is a clear
Chinese message naming the file (and the place), never a Python exception's text."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from sgs.compiler.cli import app

runner = CliRunner()


def test_corpus_tsv_in_gbk_names_the_line_and_column(tmp_path: Path) -> None:
    tsv = tmp_path / "c.tsv"
    tsv.write_bytes("skill\ttext\n".encode() + "镇宅\t每当你受到一次伤害后，你可以摸一张牌。\n".encode("gbk"))
    r = runner.invoke(app, ["corpus", str(tsv), "--no-check"])
    assert r.exit_code == 2
    assert f"{tsv}:2:1" in r.output and "不是 UTF-8 编码" in r.output and "0x" in r.output
    assert "codec" not in r.output  # the exception's English text is no message


def test_corpus_of_a_folder_asks_for_a_tsv(tmp_path: Path) -> None:
    r = runner.invoke(app, ["corpus", str(tmp_path)])
    assert r.exit_code == 2
    assert "是一个目录" in r.output and "skill" in r.output and "text" in r.output
    assert "名称：正文" not in r.output  # that is --skills-file's format, not a corpus's


def test_corpus_tsv_with_a_byte_order_mark_reads_its_header(tmp_path: Path) -> None:
    # Notepad writes one: a BOM at the start means nothing anywhere (README)
    tsv = tmp_path / "c.tsv"
    tsv.write_text("\ufeffskill\ttext\n镇宅\t每当你受到一次伤害后，你可以摸一张牌。\n", encoding="utf-8")
    r = runner.invoke(app, ["corpus", str(tsv), "--no-check"])
    assert r.exit_code == 0, r.output
    assert "语料 1 条技能文本" in r.output


def test_compile_without_o_writes_out_as_the_readme_says(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    readme = (Path(__file__).parents[2] / "README.md").read_text(encoding="utf-8")
    assert "`sgs compile SRC… [-o DIR]`" in readme and "default `out/`" in readme
    src = tmp_path / "a.sgs"
    src.write_text("扩展包 测试（ceshi）\n武将 张三（zhangsan） 魏 4体力 男\n镇宅：每当你受到1点伤害后，你可以摸一张牌。\n", encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    r = runner.invoke(app, ["compile", str(src)])
    assert r.exit_code == 0, r.output
    assert (tmp_path / "out" / "ceshi.py").is_file()


_UTF16_SRC = "扩展包 测试（ceshi）\n武将 张三（zhangsan） 魏 4体力 男\n镇宅：每当你受到1点伤害后，你可以摸一张牌。\n"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])  # with a BOM (Notepad) and without
def test_a_utf16_source_is_called_utf16_not_gbk(tmp_path: Path, encoding: str) -> None:
    src = tmp_path / "a.sgs"
    src.write_bytes(_UTF16_SRC.encode(encoding))
    r = runner.invoke(app, ["check", str(src)])
    assert r.exit_code == 1
    assert f"{src}:1:1" in r.output and "UTF-16 编码" in r.output and "iconv -f UTF-16 -t UTF-8" in r.output, r.output
    assert "GBK" not in r.output


def test_a_utf16_scenario_and_the_library_build_say_utf16_in_chinese(tmp_path: Path) -> None:
    from sgs.compiler import build
    from sgs.compiler.scenario_format import ScenarioError, load_scenario

    src = tmp_path / "a.sgs"
    src.write_bytes(_UTF16_SRC.encode("utf-16"))
    [d] = build([src]).diagnostics
    assert d.code == "E0001" and "UTF-16 编码" in d.message and "codec" not in d.message, d.message
    toml = tmp_path / "s.toml"
    toml.write_bytes('[scenario]\nname = "x"\n'.encode("utf-16"))
    with pytest.raises(ScenarioError) as err:
        load_scenario(toml)
    assert "UTF-16 编码" in str(err.value)


def test_a_binary_file_with_nul_bytes_is_not_called_utf16(tmp_path: Path) -> None:
    src = tmp_path / "a.sgs"
    src.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x01\xff\xfe")
    r = runner.invoke(app, ["check", str(src)])
    assert r.exit_code == 1 and "不是 UTF-8 编码" in r.output and "UTF-16" not in r.output, r.output


def test_explain_of_an_unknown_name_builds_nothing_and_suggests(monkeypatch: pytest.MonkeyPatch) -> None:
    import sgs.compiler

    def no_build(*a: object, **k: object) -> None:
        raise AssertionError("an unknown name needs no build (parser, every skill text)")

    monkeypatch.setattr(sgs.compiler, "build", no_build)
    r = runner.invoke(app, ["explain", "急就"])
    assert r.exit_code == 1 and r.output.strip() == "错误：没有找到技能或武将“急就”；是不是想找：急救？", r.output
    r = runner.invoke(app, ["explain", "xyzzy"])  # ASCII: no pinyin of any name either
    assert r.exit_code == 1 and "没有找到技能或武将“xyzzy”" in r.output and "是不是想找" not in r.output


@pytest.mark.parametrize("name", ["镇宅", "zhenzhai", "张三", "zhangsan", "gaiming"])
def test_explain_finds_what_the_build_finds(tmp_path: Path, name: str) -> None:
    # the quick check reads the sources as the compiler does: pinyin given or inferred,
    # names after full-width （）and ：
    src = tmp_path / "a.sgs"
    src.write_text("扩展包 测试（ceshi）\n武将 张三（zhangsan） 魏 4体力 男\n镇宅：每当你受到1点伤害后，你可以摸一张牌。\n"
                   "改名（gaiming）：每当你受到1点伤害后，你可以摸一张牌。\n", encoding="utf-8")
    r = runner.invoke(app, ["explain", name, "--skills", str(src)])
    assert r.exit_code == 0, r.output
    assert ("改名（gaiming）" if name == "gaiming" else "镇宅（zhenzhai）") in r.output
