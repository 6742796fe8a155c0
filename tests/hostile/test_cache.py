"""The compile cache and the LALR tables' cache verify what they load: a truncated,
garbage, wrong-type or edited entry is rebuilt with a one-line warning, and an edited
module (or pickle) is never executed."""

from __future__ import annotations

import pickle
import sys
from pathlib import Path

import pytest
from lark import Lark

from sgs.compiler import load_pool
from sgs.compiler.cache import load_parser

SRC = "扩展包 缓存（huancun{n}）\n武将 张三（zhangsan{n}） 魏 4体力 男\n奸雄：每当你受到一次伤害后，你可以获得对你造成伤害的牌。\n"


def _setup(tmp_path: Path, n: int) -> tuple[Path, Path, Path]:
    src = tmp_path / "a.sgs"
    src.write_text(SRC.format(n=n), encoding="utf-8")
    cache = tmp_path / "cache"
    pool = load_pool([src], cache_dir=cache)
    assert [g.name for g in pool.generals] == ["张三"]
    (entry,) = [p for p in cache.iterdir()]
    _forget(entry.name)
    return src, cache, entry


def _forget(key: str) -> None:
    """Drop the modules imported from ``key`` so the next load reads the cache."""
    for name in [m for m in sys.modules if m.startswith(f"sgs_generated_{key}_")]:
        del sys.modules[name]


def _reload(src: Path, cache: Path, capsys: pytest.CaptureFixture[str], damaged: bool) -> None:
    pool = load_pool([src], cache_dir=cache)
    assert [g.name for g in pool.generals] == ["张三"]
    err = capsys.readouterr().err
    assert ("已损坏" in err) is damaged, err
    if damaged:
        assert len(err.strip().splitlines()) == 1  # one line
    (entry,) = list(cache.iterdir())
    assert entry.is_dir() and (entry / "MANIFEST").read_text(encoding="utf-8").startswith("sgs-cache 1\n")
    _forget(entry.name)


def test_a_whole_entry_is_used(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, cache, entry = _setup(tmp_path, 1)
    capsys.readouterr()
    _reload(src, cache, capsys, damaged=False)


def test_truncated_module(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, cache, entry = _setup(tmp_path, 2)
    (mod,) = entry.glob("*.py")
    mod.write_bytes(mod.read_bytes()[: mod.stat().st_size // 2])  # was a SyntaxError
    capsys.readouterr()
    _reload(src, cache, capsys, damaged=True)


def test_garbage_manifest(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, cache, entry = _setup(tmp_path, 3)
    (entry / "MANIFEST").write_bytes(b"\xff\xfe\x00garbage")  # was a UnicodeDecodeError
    capsys.readouterr()
    _reload(src, cache, capsys, damaged=True)


def test_file_where_the_entry_folder_should_be(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, cache, entry = _setup(tmp_path, 4)
    for f in entry.iterdir():
        f.unlink()
    entry.rmdir()
    entry.write_text("not a folder", encoding="utf-8")  # was a NotADirectoryError
    capsys.readouterr()
    _reload(src, cache, capsys, damaged=True)


def test_tampered_module_is_never_executed(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, cache, entry = _setup(tmp_path, 5)
    (mod,) = entry.glob("*.py")
    mod.write_text("raise SystemExit('tampered module ran')\n", encoding="utf-8")
    capsys.readouterr()
    _reload(src, cache, capsys, damaged=True)  # no SystemExit: the bytes did not match
    # the manifest edited alone (hash of nothing) is caught the same way
    (entry,) = list(cache.iterdir())
    text = (entry / "MANIFEST").read_text(encoding="utf-8")
    (entry / "MANIFEST").write_text(text.replace(text.split("\n")[1][:64], "0" * 64), encoding="utf-8")
    _reload(src, cache, capsys, damaged=True)


class _Boom:
    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (exec, ("raise SystemExit('tampered pickle ran')",))


def _tiny() -> Lark:
    return Lark('start: "a"+', parser="lalr")


def test_lalr_cache_verified(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    parser = load_parser(_tiny, "k", tmp_path)
    (cached,) = list(tmp_path.iterdir())
    assert cached.read_bytes().startswith(b"sgs-lalr 1 ")
    assert load_parser(_tiny, "k", tmp_path).parse("aa") == parser.parse("aa")
    assert capsys.readouterr().err == ""
    for damage in (
        cached.read_bytes()[:100],  # truncated
        b"garbage\xff",  # garbage
        cached.read_bytes().split(b"\n", 1)[0] + b"\n" + pickle.dumps(_Boom()),  # tampered payload
    ):
        cached.write_bytes(damage)
        got = load_parser(_tiny, "k", tmp_path)
        assert got.parse("aaa") == parser.parse("aaa")
        assert "已损坏" in capsys.readouterr().err
        assert cached.read_bytes().startswith(b"sgs-lalr 1 ")  # rewritten whole
    cached.unlink()
    cached.mkdir()  # wrong type
    assert load_parser(_tiny, "k", tmp_path).parse("a") == parser.parse("a")
    assert "不是普通文件" in capsys.readouterr().err and cached.is_file()


def test_pickled_cache_verified(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the bundled pool's IR is kept this way between runs: verified like the tables
    from sgs.compiler.cache import load_pickled

    built: list[int] = []

    def build() -> dict[str, int]:
        built.append(1)
        return {"a": 1}

    assert load_pickled("thing", "k", build, tmp_path) == {"a": 1}
    (cached,) = list(tmp_path.iterdir())
    assert cached.name == "thing-k.bin" and cached.read_bytes().startswith(b"sgs-thing 1 ")
    assert load_pickled("thing", "k", build, tmp_path) == {"a": 1} and len(built) == 1  # used
    assert capsys.readouterr().err == ""
    whole = cached.read_bytes()
    for damage in (
        whole[:20],  # truncated
        b"garbage\xff",  # garbage
        whole.split(b"\n", 1)[0] + b"\n" + pickle.dumps(_Boom()),  # tampered payload: never unpickled
    ):
        cached.write_bytes(damage)
        assert load_pickled("thing", "k", build, tmp_path) == {"a": 1}
        assert "已损坏" in capsys.readouterr().err
        assert cached.read_bytes() == whole  # rewritten whole
    cached.unlink()
    cached.mkdir()  # wrong type
    assert load_pickled("thing", "k", build, tmp_path) == {"a": 1}
    assert "不是普通文件" in capsys.readouterr().err and cached.is_file()


def test_bundled_pool_read_from_the_cache_is_the_same(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import sgs.compiler as compiler

    monkeypatch.setenv("SGS_CACHE_DIR", str(tmp_path))
    fresh = compiler._read_bundled(compiler.bundled_skill_paths())
    compiler.bundled_packages.cache_clear()
    try:
        first = compiler.bundled_packages()  # built and written
        compiler.bundled_packages.cache_clear()
        second = compiler.bundled_packages()  # read back
    finally:
        compiler.bundled_packages.cache_clear()
    assert [p.name for p in tmp_path.glob("bundled-ir-*.bin")]
    assert first == fresh and second == fresh


@pytest.mark.skipif(not hasattr(__import__("os"), "getuid"), reason="POSIX ownership")
def test_a_shared_fallback_folder_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import tempfile

    from sgs.compiler import cache

    monkeypatch.setattr(cache, "default_cache_dir", lambda: None)
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    planted = tmp_path / f"sgs-cache-{os.getuid()}"
    planted.mkdir()
    planted.chmod(0o777)  # writable by anyone: someone could have planted modules
    got = cache.cache_root()
    assert got != planted and got.parent == tmp_path and got.name.startswith("sgs-cache-")
    planted.chmod(0o700)
    assert cache.cache_root() == planted
