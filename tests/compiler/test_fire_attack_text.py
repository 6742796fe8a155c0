"""火攻's effect is text (skills/maneuvering/tricks.sgs): 目标角色展示一张手牌 (Show with
cards: his pick among his own), 然后你可以弃置一张与之花色相同的手牌 (a card spec whose
relative clause compares a measure with the card shown: SameAs), 若如此做，你对其造成1点
火焰伤害 (IfDone: what follows an optional discard only when it was paid).  Each new
construction's near misses stay refused with their code and span; a package may declare
火攻 with another measure and the game does what its text says."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs.compiler import build_texts, ir, load_pool
from sgs.runtime.cards import CardName
from sgs.runtime.effects import maneuvering
from sgs.runtime.testing import SeatSpec, build_game, run_table
from sgs.runtime.timing import Phase

from .card_text import build_card

LINE = "火攻：目标角色展示一张手牌，然后你可以弃置一张与之花色相同的手牌，若如此做，你对其造成1点火焰伤害。"


def _build(line: str, decl: str = "锦囊 火攻 普通锦囊") -> object:
    return build_card(line, decl)


def test_bound() -> None:
    result = _build(LINE)
    assert result.ok, result.diagnostics  # type: ignore[attr-defined]
    (pkg,) = result.packages  # type: ignore[attr-defined]
    (a,) = pkg.cards[0].skills[0].abilities
    show, paid = a.effects
    assert isinstance(show, ir.Show) and show.actor.who is ir.Who.TARGET
    assert show.cards is not None and show.cards.zone is ir.Zone.HAND and show.cards.count.n == 1
    assert isinstance(paid, ir.IfDone) and paid.actor.who is ir.Who.YOU
    (discard,) = paid.do
    assert isinstance(discard, ir.Discard) and discard.optional and discard.cards.zone is ir.Zone.HAND
    like = discard.cards.like
    assert like is not None and (like.measure, like.differs) == ("花色", False)
    (hurt,) = paid.then
    assert isinstance(hurt, ir.Damage) and hurt.nature == "火焰" and hurt.amount == 1
    assert (hurt.source.who, hurt.target.who) == (ir.Who.YOU, ir.Who.IT)


def test_the_bundled_effect_is_the_text() -> None:
    """火攻's effect is compiled (can_affect: a target with no hand card is skipped before
    无懈可击); the hand-written one is gone."""
    cls = load_pool(None).card_effects[CardName.FIRE_ATTACK]
    assert cls.source.startswith("skills/maneuvering/tricks.sgs:") and cls.by_user
    assert {"can_affect", "effect"} <= set(vars(cls))
    assert not hasattr(maneuvering, "fire_attack_effect")


@pytest.mark.parametrize(
    "line, code, span_text",
    [
        # a relative clause the binder does not know narrows the cards: refused, not dropped
        ("火攻：目标角色展示一张手牌，然后你可以弃置一张你使用过的手牌，若如此做，你对其造成1点火焰伤害。", "E0503", "你使用过的"),
        # a measure a card is not compared by (牌名)
        ("火攻：目标角色展示一张手牌，然后你可以弃置一张与之牌名相同的手牌，若如此做，你对其造成1点火焰伤害。", "E0503", "与之牌名相同的"),
        # nothing shown before: 之 names no card
        ("火攻：你可以弃置一张与之花色相同的手牌，若如此做，你对目标角色造成1点火焰伤害。", "E0503", "与之花色相同的"),
        # like the card shown, but not discarded: only a discard compares
        ("火攻：目标角色展示一张手牌，然后你可以获得一张与之花色相同的手牌。", "E0503", "一张与之花色相同的手牌"),
        # the show itself filtered by what it shows
        ("火攻：目标角色展示一张与之花色相同的手牌。", "E0503", "展示一张与之花色相同的手牌"),
        # 若如此做 after an act the runtime cannot tell was done (摸牌 is not declined)
        ("火攻：目标角色展示一张手牌，然后你可以摸一张牌，若如此做，你对其造成1点火焰伤害。", "E0503",
         "摸一张牌，若如此做，你对其造成1点火焰伤害"),
        # an element that is none
        ("火攻：目标角色展示一张手牌，然后你可以弃置一张与之花色相同的手牌，若如此做，你对其造成1点冰冻伤害。", "E0503",
         "对其造成1点冰冻伤害"),
        # wrong particle (于 for 与), a clipped 若如此做, 若如此做 with nothing after it
        ("火攻：目标角色展示一张手牌，然后你可以弃置一张于之花色相同的手牌，若如此做，你对其造成1点火焰伤害。", "E0101", "花色"),
        ("火攻：目标角色展示一张手牌，然后你可以弃置一张与之花色相同的手牌，若如此，你对其造成1点火焰伤害。", "E0103", "若如"),
        ("火攻：目标角色展示一张手牌，然后你可以弃置一张与之花色相同的手牌，若如此做。", "E0101", "。"),
    ],
)
def test_near_misses_refused(line: str, code: str, span_text: str) -> None:
    result = _build(line)
    assert not result.ok  # type: ignore[attr-defined]
    d = (list(result.refused) + list(result.diagnostics))[0]  # type: ignore[attr-defined]
    assert d.code == code, d
    assert (d.span.line, line[d.span.col - 1:d.span.end_col - 1]) == (3, span_text), d


@pytest.mark.parametrize("shown, hurt", [("闪♦8", True), ("杀♠9", False)])
def test_a_package_may_compare_colours(tmp_path: Path, shown: str, hurt: bool) -> None:
    """A package's 火攻 that asks for a card of the same colour: the user's ♥ pays for a
    ♦ shown (both red); for a ♠ he is not even asked (no card of his is like it); exact
    end states either way."""
    src = tmp_path / "mine.sgs"
    src.write_text("扩展包 测试\n锦囊 火攻 普通锦囊\n" + LINE.replace("与之花色相同", "与之颜色相同") + "\n", encoding="utf-8")
    mine = load_pool([src]).card_effects
    assert set(mine) == {CardName.FIRE_ATTACK}
    game = build_game(
        [SeatSpec("曹操", role="主公", hand=["火攻♥2", "桃♥3"], answers=["火攻♥2", "2", *(["桃♥3"] if hurt else []), "结束出牌"]),
         SeatSpec("关羽", role="反贼", hp=4, hand=[shown], answers=[shown])],
        draw_pile=["杀♠7", "闪♦2", "桃♥4", "杀♠8"], phase=Phase.PLAY, card_effects=mine, deck_name="军争",
    )
    run_table(game, until=Phase.PLAY)
    assert game.players[1].hp == (3 if hurt else 4)
    assert [c.label for c in game.players[0].hand] == ([] if hurt else ["桃♥3"])
    assert [c.label for c in game.players[1].hand] == [shown]
