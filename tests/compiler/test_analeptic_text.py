"""酒's effect is text (skills/maneuvering/tricks.sgs): 若你处于濒死状态，你回复1点体力；否则你
本回合使用的下一张【杀】造成的伤害+1 — a test of the user's state (CondKind.DYING) with its
其他情况 after ；否则, and a lasting effect on the user's next use of a card
(:class:`~sgs.compiler.ir.NextUseBonus`, runtime ``next_use_bonus``: kept for the turn or
the phase, spent by the next 【杀】's effect into ``use.extra_damage``).  Each new
construction's near misses stay refused with their code and span; a package may declare
酒 with 此阶段 and the game does what its text says."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs.compiler import build_texts, ir, load_pool
from sgs.runtime.actions.turn import NEXT_USE
from sgs.runtime.cards import CardName
from sgs.runtime.effects import EFFECTS, TEXT, maneuvering
from sgs.runtime.testing import SeatSpec, build_game, run_table
from sgs.runtime.timing import Phase

from .card_text import build_card

LINE = "酒：若你处于濒死状态，你回复1点体力；否则你本回合使用的下一张【杀】造成的伤害+1。"


def _build(line: str, decl: str = "基本 酒") -> object:
    return build_card(line, decl)


def test_bound() -> None:
    result = _build(LINE)
    assert result.ok, result.diagnostics  # type: ignore[attr-defined]
    (pkg,) = result.packages  # type: ignore[attr-defined]
    (a,) = pkg.cards[0].skills[0].abilities
    (branch,) = a.effects
    assert isinstance(branch, ir.Conditional)
    assert branch.cond.kind is ir.CondKind.DYING and branch.cond.player is not None
    assert branch.cond.player.who is ir.Who.YOU
    (heal,) = branch.then
    assert isinstance(heal, ir.Recover) and heal.actor.who is ir.Who.YOU
    (bonus,) = branch.otherwise
    assert isinstance(bonus, ir.NextUseBonus)
    assert (bonus.actor.who, bonus.card.name, bonus.delta, bonus.phase) == (ir.Who.YOU, "杀", 1, False)


def test_the_bundled_effect_is_the_text() -> None:
    """酒's effect is compiled, with no can_affect (a user at full hp is not skipped: his 酒
    is for his next 【杀】); the hand-written one and its turn counter are gone."""
    cls = load_pool(None).card_effects[CardName.ANALEPTIC]
    assert cls.source.startswith("skills/maneuvering/tricks.sgs:")
    assert "effect" in vars(cls) and "can_affect" not in vars(cls)
    assert CardName.ANALEPTIC in TEXT and CardName.ANALEPTIC not in EFFECTS
    assert not hasattr(maneuvering, "analeptic_effect") and not hasattr(maneuvering, "DRUNK")


def test_a_skill_may_leave_the_same_lasting_effect() -> None:
    """A skill's effect may leave it too, also in the shorter form with the verb left out
    (你本回合下次【杀】: 使用的下一张, as 界咆哮 writes it)."""
    for body in ("你本回合下次【杀】造成的伤害+1", "本回合你使用的下一张【杀】造成的伤害+1"):
        result = build_texts({"t.sgs": f"扩展包 测试\n武将 测甲 蜀 4体力 男\n咆哮：锁定技，当你使用的【杀】被抵消后，{body}。\n"})
        assert result.ok, result.diagnostics
        (pkg,) = result.packages
        (a,) = pkg.generals[0].skills[0].abilities
        (bonus,) = a.effects
        assert isinstance(bonus, ir.NextUseBonus) and (bonus.actor.who, bonus.card.name, bonus.phase) == (ir.Who.YOU, "杀", False)


@pytest.mark.parametrize(
    "line, code, span_text",
    [
        # a lasting effect with no end written (本回合 / 此阶段): refused, not made endless
        ("酒：若你处于濒死状态，你回复1点体力；否则你使用的下一张【杀】造成的伤害+1。", "E0503", "你使用的"),
        # the time written, but not who uses the card
        ("酒：若你处于濒死状态，你回复1点体力；否则本回合使用的下一张【杀】造成的伤害+1。", "E0503", "本回合使用的"),
        # a card whose effect does not add a use's extra damage (决斗's damage is its own)
        ("酒：若你处于濒死状态，你回复1点体力；否则你本回合使用的下一张【决斗】造成的伤害+1。", "E0503",
         "你本回合使用的下一张【决斗】"),
        # less damage is not this construction
        ("酒：若你处于濒死状态，你回复1点体力；否则你本回合使用的下一张【杀】造成的伤害-1。", "E0503",
         "你本回合使用的下一张【杀】造成的伤害-1"),
        # a use as a verb (使用下一张…, no 的): not the card phrase of a lasting effect
        ("酒：若你处于濒死状态，你回复1点体力；否则你本回合使用下一张【杀】造成的伤害+1。", "E0503",
         "你本回合使用下一张【杀】造成的伤害+1"),
        # a state the effect cannot test
        ("酒：若你处于翻面状态，你回复1点体力。", "E0503", "若你处于翻面状态，你回复1点体力"),
        # an unknown state word, a wrong particle (在 for 处于), 否则 with nothing after it, 若 with no result
        ("酒：若你处于濒临状态，你回复1点体力。", "E0103", "濒临状态"),
        ("酒：若你在濒死状态，你回复1点体力。", "E0101", "在"),
        ("酒：若你处于濒死状态，你回复1点体力；否则。", "E0101", "。"),
        ("酒：若你处于濒死状态；否则你本回合使用的下一张【杀】造成的伤害+1。", "E0101", "；"),
        # 下次 needs who and when before it, and no 使用的 (that is 下一张's)
        ("酒：若你处于濒死状态，你回复1点体力；否则本回合下次【杀】造成的伤害+1。", "E0101", "的"),
        ("酒：若你处于濒死状态，你回复1点体力；否则你本回合使用的下次【杀】造成的伤害+1。", "E0101", "的"),
        # 加 for +: the statement's sign is a symbol
        ("酒：若你处于濒死状态，你回复1点体力；否则你本回合使用的下一张【杀】造成的伤害加1。", "E0101", "加"),
    ],
)
def test_near_misses_refused(line: str, code: str, span_text: str) -> None:
    result = _build(line)
    assert not result.ok  # type: ignore[attr-defined]
    d = (list(result.refused) + list(result.diagnostics))[0]  # type: ignore[attr-defined]
    assert d.code == code, d
    assert (d.span.line, line[d.span.col - 1:d.span.end_col - 1]) == (3, span_text), d


def _game(effects: object, answers: list[str]) -> object:
    return build_game(
        [SeatSpec("黄盖", role="主公", hand=["酒♠3", "杀♠7"], answers=answers),
         SeatSpec("孙权", role="反贼", hp=4)],
        draw_pile=["杀♠8", "闪♦2"], phase=Phase.PLAY, card_effects=effects, deck_name="军争",  # type: ignore[arg-type]
    )


def test_the_bonus_lasts_the_turn_and_is_spent(tmp_path: Path) -> None:
    """The bundled 酒 keeps its bonus for the turn; the next 【杀】 spends it (2 damage) and
    nothing is left of it."""
    game = _game(load_pool(None).card_effects, ["酒♠3", "杀♠7", "2", "结束出牌"])
    run_table(game, until=Phase.PLAY)  # type: ignore[arg-type]
    huang, sun = game.players  # type: ignore[attr-defined]
    assert sun.hp == 2
    assert not any(k.startswith(NEXT_USE) for k in (*huang.turn_counters, *huang.phase_counters))


def test_a_package_may_make_it_last_the_phase(tmp_path: Path) -> None:
    """A package's 酒 whose bonus lasts 此阶段: kept with the phase's counters (cleared when
    the next phase begins), not the turn's."""
    src = tmp_path / "mine.sgs"
    src.write_text("扩展包 测试\n基本 酒\n" + LINE.replace("本回合", "此阶段") + "\n", encoding="utf-8")
    mine = load_pool([src]).card_effects
    assert set(mine) == {CardName.ANALEPTIC}
    game = _game(mine, ["酒♠3", "结束出牌"])
    run_table(game, until=Phase.PLAY)  # type: ignore[arg-type]
    huang = game.players[0]  # type: ignore[attr-defined]
    assert huang.phase_counters.get(f"{NEXT_USE}杀：酒") == 1
    assert not any(k.startswith(NEXT_USE) for k in huang.turn_counters)
