"""The equipment table is an input of each game (``Game(..., equipment=...)``), not
process-global state, and the runtime never reaches into the compiler (DESIGN §3:
"the runtime knows nothing of the grammar"; "same seed and choices, same log")."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import sgs
import sgs.runtime
from sgs.compiler import load_pool
from sgs.runtime.cards import CardName
import sgs.runtime.effects as effects
from sgs.runtime.game import Game
from sgs.runtime.testing import SeatSpec, build_game

from .helpers import bundled_equipment

RUNTIME = Path(sgs.runtime.__file__).resolve().parent
REPO = Path(sgs.__file__).resolve().parent.parent

CROSSBOW_PKG = """扩展包 测试

装备 诸葛连弩 武器 攻击范围1
诸葛连弩：锁定技，出牌阶段，你可以使用任意数量的【杀】。
"""


def _crossbow_table(**kw: object) -> Game:
    return build_game(
        [SeatSpec("吕布", role="主公", equips=["诸葛连弩♣A"]), SeatSpec("吕布")],
        **kw,  # type: ignore[arg-type]
    )


def _equipment_skills(game: Game) -> list[type]:
    return [type(s) for s in game.players[0].skills if getattr(s, "equipment", False)]


# ---------------------------------------------------------------- layering


def test_runtime_source_never_imports_the_compiler() -> None:
    offenders = []
    for path in sorted(RUNTIME.rglob("*.py")):
        package = ["sgs", "runtime", *path.relative_to(RUNTIME).parent.parts]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = package[: len(package) - node.level + 1] if node.level else []
                module = ".".join([*base, *(node.module.split(".") if node.module else [])])
                targets = [module, *(f"{module}.{a.name}" for a in node.names)]
            for t in targets:
                if t == "sgs.compiler" or t.startswith("sgs.compiler.") or t.split(".")[0] == "compiler":
                    offenders.append(f"{path.relative_to(RUNTIME)}:{node.lineno}: {t}")
    assert not offenders


def test_runtime_runs_with_the_compiler_blocked() -> None:
    """Every runtime module imports, and whole games run, in a process where any
    import of ``sgs.compiler`` fails."""
    code = """
import importlib, pkgutil, sys
sys.modules["sgs.compiler"] = None  # importing it now raises ImportError
import sgs.runtime
for info in pkgutil.walk_packages(sgs.runtime.__path__, "sgs.runtime."):
    importlib.import_module(info.name)
from sgs.runtime.generals import load_generals
from sgs.runtime.modes.identity import play_identity_game
from sgs.runtime.testing import SeatSpec, build_game, run_table
for seed in range(3):
    play_identity_game(load_generals(), 5, seed, log_enabled=False)
g = build_game([SeatSpec("吕布", role="主公", equips=["诸葛连弩♣A", "八卦阵♠2"]), SeatSpec("吕布")])
run_table(g)
assert sys.modules["sgs.compiler"] is None
assert not [m for m in sys.modules if m.startswith("sgs.compiler.") or m.startswith("sgs_generated_")]
print("ok")
"""
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "ok"


def test_no_module_level_registry() -> None:
    for gone in ("register_card_skills", "bundled_card_skills", "equipment_skills", "_REGISTERED", "_BUNDLED",
                 "HAND_WRITTEN", "equipment"):
        assert not hasattr(effects, gone), gone


# ---------------------------------------------------------------- the table


def test_default_table_is_empty() -> None:
    g = _crossbow_table()
    assert g.card_skills == {}
    assert _equipment_skills(g) == []  # an equipped 诸葛连弩 grants nothing without its table


def test_a_game_grants_what_its_table_says() -> None:
    table = bundled_equipment()
    g = _crossbow_table(equipment=table)
    assert g.card_skills == dict(table)
    assert _equipment_skills(g) == list(table[CardName.CROSSBOW])
    # a card grants whatever classes the table names for it
    g = build_game(
        [SeatSpec("吕布", role="主公", equips=["八卦阵♠2"]), SeatSpec("吕布")],
        equipment={CardName.EIGHT_DIAGRAM: table[CardName.CROSSBOW]},
    )
    assert _equipment_skills(g) == list(table[CardName.CROSSBOW])


def test_the_table_is_copied_when_the_game_is_made() -> None:
    table = dict(bundled_equipment())
    g = _crossbow_table(equipment=table)
    table.clear()
    assert CardName.CROSSBOW in g.card_skills
    assert _crossbow_table(equipment=table).card_skills == {}


def test_loading_another_skill_set_changes_no_later_game(tmp_path: Path) -> None:
    """What else the process compiled before does not change a game (it did when
    loading a package registered its cards with the runtime)."""
    before = _crossbow_table(equipment=bundled_equipment())
    src = tmp_path / "mine.sgs"
    src.write_text(CROSSBOW_PKG, encoding="utf-8")
    mine = load_pool([src], cache_dir=tmp_path / "cache")
    assert mine.generals == ()
    assert set(mine.equipment) == {CardName.CROSSBOW}
    assert mine.equipment[CardName.CROSSBOW] != bundled_equipment()[CardName.CROSSBOW]
    after = _crossbow_table(equipment=bundled_equipment())
    assert _equipment_skills(after) == _equipment_skills(before) == list(bundled_equipment()[CardName.CROSSBOW])
    assert _crossbow_table().card_skills == {}
    assert _equipment_skills(_crossbow_table(equipment=mine.equipment)) == list(mine.equipment[CardName.CROSSBOW])
