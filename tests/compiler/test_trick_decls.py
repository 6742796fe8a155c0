"""Trick cards whose effect is text (锦囊 …): the declarations of
skills/standard/tricks.sgs, their IR, the checks against the deck table, the emitted
CARD_EFFECTS (``load_pool().card_effects``) and what a game given it does (no card
whose effect is text keeps a hand-written Python twin)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sgs.compiler import bundled_skills_dir, build, build_texts, ir, load_pool
from sgs.runtime import effects
from sgs.runtime.cards import CardName
from sgs.runtime.effects import basic, maneuvering, tricks
from sgs.runtime.testing import SeatSpec, build_game, run_table
from sgs.runtime.timing import Phase

TRICKS_SGS = bundled_skills_dir() / "standard" / "tricks.sgs"


@pytest.fixture(scope="module")
def cards() -> dict[str, ir.CardDecl]:
    result = build([TRICKS_SGS])
    assert result.ok, result.diagnostics
    (pkg,) = result.packages
    return {n.name: d for d in pkg.cards for n in d.names}


def _effect(cards: dict[str, ir.CardDecl], name: str) -> tuple[ir.Effect, ...]:
    (skill,) = cards[name].skills
    a = skill.abilities[-1]  # (before it: the card's own step, if any)
    assert isinstance(a, ir.CardEffectAbility) and not a.once
    return a.effects


def test_declarations(cards: dict[str, ir.CardDecl]) -> None:
    assert {n: (d.kind, d.subtype) for n, d in cards.items()} == {
        **{n: ("锦囊", "普通锦囊") for n in ("无中生有", "桃园结义", "过河拆桥", "顺手牵羊", "南蛮入侵", "万箭齐发", "决斗", "五谷丰登",
                                        "借刀杀人")},
        "桃": ("基本", "基本"),
        "乐不思蜀": ("锦囊", "延时锦囊"),
        "闪电": ("锦囊", "延时锦囊"),
    }
    (draw,) = _effect(cards, "无中生有")
    assert isinstance(draw, ir.Draw) and draw.actor.who is ir.Who.TARGET and draw.cards.count.n == 2
    (heal,) = _effect(cards, "桃园结义")
    assert isinstance(heal, ir.Recover) and heal.actor.who is ir.Who.TARGET and heal.amount == 1
    (discard,) = _effect(cards, "过河拆桥")
    assert isinstance(discard, ir.DiscardFrom) and discard.actor.who is ir.Who.YOU
    assert discard.owner is not None and discard.owner.who is ir.Who.TARGET
    assert discard.cards is not None and discard.cards.zone is ir.Zone.AREAS
    (take,) = _effect(cards, "顺手牵羊")
    assert isinstance(take, ir.Obtain) and isinstance(take.what, ir.OwnedCard)
    assert take.what.owner.who is ir.Who.TARGET and take.what.spec.zone is ir.Zone.AREAS
    # 目标角色需对你指定的另一名角色使用一张【杀】，否则其将装备区里的武器牌交给你
    (lend,) = _effect(cards, "借刀杀人")
    assert isinstance(lend, ir.DoOrElse) and lend.actor.who is ir.Who.TARGET
    (use,) = lend.do
    assert isinstance(use, ir.UseCard) and use.actor.who is ir.Who.TARGET and use.card.name == "杀"
    assert use.target.who is ir.Who.DESIGNATED
    (give,) = lend.otherwise
    assert isinstance(give, ir.Give) and give.actor.who is ir.Who.IT and give.to.who is ir.Who.YOU
    assert give.cards.zone is ir.Zone.EQUIP and give.cards.card_type == "武器牌"
    assert give.cards.count.kind is ir.CountKind.IMPLICIT
    for name, card, mode in (("南蛮入侵", "杀", ir.Mode.RESPOND), ("万箭齐发", "闪", ir.Mode.USE)):
        (asked,) = _effect(cards, name)
        assert isinstance(asked, ir.DoOrElse) and asked.actor.who is ir.Who.TARGET
        (req,) = asked.do
        assert isinstance(req, ir.AnswerCard) and (req.card.name, req.mode) == (card, mode)
        (hurt,) = asked.otherwise
        assert isinstance(hurt, ir.Damage) and hurt.source.who is ir.Who.YOU and hurt.amount == 1
    (duel,) = _effect(cards, "决斗")
    assert isinstance(duel, ir.TakeTurns) and (duel.actor.who, duel.partner.who) == (ir.Who.TARGET, ir.Who.YOU)
    (hurt,) = duel.then
    assert isinstance(hurt, ir.Damage) and (hurt.source.who, hurt.target.who) == (ir.Who.OTHER_SIDE, ir.Who.SIDE)
    (take,) = _effect(cards, "五谷丰登")
    assert isinstance(take, ir.Obtain) and take.actor.who is ir.Who.TARGET
    assert isinstance(take.what, ir.RevealedCards) and take.what.one
    (step,) = cards["五谷丰登"].skills[0].abilities[:-1]
    assert isinstance(step, ir.CardEffectAbility) and step.once and isinstance(step.effects[0], ir.RevealTop)
    # a delayed trick's effect, in its target's judge phase: the judgement and its branch
    (lebu,) = _effect(cards, "乐不思蜀")
    assert isinstance(lebu, ir.JudgeBranch) and lebu.judge.actor.who is ir.Who.TARGET
    assert (lebu.test.negate, lebu.test.pattern) == (True, "红桃")
    (skip,) = lebu.then
    assert isinstance(skip, ir.SkipPhase) and skip.actor.who is ir.Who.IT and (skip.phase, skip.more) == ("出牌阶段", ())
    # 闪电: a suit and a range of numbers; a damage no one deals; 否则 — the trick moves on
    (lightning,) = _effect(cards, "闪电")
    assert isinstance(lightning, ir.JudgeBranch)
    assert (lightning.test.negate, lightning.test.pattern, lightning.test.numbers) == (False, "黑桃", (2, 9))
    (hit,) = lightning.then
    assert isinstance(hit, ir.Damage) and hit.source.who is ir.Who.NOBODY and hit.target.who is ir.Who.IT
    assert (hit.amount, hit.nature) == (3, "雷电")
    (moved,) = lightning.otherwise
    assert isinstance(moved, ir.PassDelayed)
    (peach,) = _effect(cards, "桃")
    assert isinstance(peach, ir.Recover) and peach.actor.who is ir.Who.TARGET and peach.amount == 1


def test_bundled_text_effects_are_the_runtime_text_cards() -> None:
    """The runtime's list of cards whose effect is text (what may be converted into)
    is exactly what the bundled declarations compile to, and none keeps Python."""
    compiled = load_pool(None).card_effects
    assert set(compiled) == set(effects.TEXT)
    assert not set(compiled) & set(effects.EFFECTS)
    assert effects.TEXT <= effects.RUNNABLE
    for name, cls in compiled.items():
        assert cls.card is None or cls.card is name
        assert cls.source.startswith(("skills/standard/tricks.sgs:", "skills/maneuvering/tricks.sgs:"))
        assert not cls.__module__.startswith("sgs.runtime")
    for delayed in (CardName.INDULGENCE, CardName.SUPPLY_SHORTAGE, CardName.LIGHTNING):
        assert isinstance(effects.card_effects(compiled)[delayed], tricks.DelayedText)
    assert effects.DELAYED == {CardName.INDULGENCE, CardName.LIGHTNING, CardName.SUPPLY_SHORTAGE}
    for gone in ("ex_nihilo_effect", "god_salvation_effect", "dismantlement_effect", "snatch_effect",
                 "savage_assault_effect", "archery_attack_effect", "_area_attack", "duel_effect",
                 "amazing_grace_effect"):
        assert not hasattr(tricks, gone)
    assert not hasattr(basic, "peach_effect")
    assert not hasattr(maneuvering, "supply_shortage_hits") and not hasattr(maneuvering, "iron_chain_effect")
    assert not hasattr(maneuvering, "fire_attack_effect")
    assert not hasattr(tricks, "pass_lightning") and not hasattr(tricks, "_lightning_hits")
    # only a delayed trick whose text says what it does when it does not take effect has missed()
    assert "missed" in vars(compiled[CardName.LIGHTNING]) and "missed" not in vars(compiled[CardName.INDULGENCE])


def test_maneuvering_declarations() -> None:
    """skills/maneuvering/tricks.sgs: 兵粮寸断, a delayed trick judged for ♣; 铁索连环; 火攻
    (its IR: tests/compiler/test_fire_attack_text.py); the basic card 酒 (its IR:
    tests/compiler/test_analeptic_text.py)."""
    result = build([bundled_skills_dir() / "maneuvering" / "tricks.sgs"])
    assert result.ok, result.diagnostics
    (pkg,) = result.packages
    decls = {n.name: d for d in pkg.cards for n in d.names}
    assert {n: (d.kind, d.subtype) for n, d in decls.items()} == {
        "兵粮寸断": ("锦囊", "延时锦囊"), "铁索连环": ("锦囊", "普通锦囊"), "火攻": ("锦囊", "普通锦囊"),
        "酒": ("基本", "基本"),
    }
    (branch,) = _effect(decls, "兵粮寸断")
    assert isinstance(branch, ir.JudgeBranch) and branch.judge.actor.who is ir.Who.TARGET
    assert (branch.test.negate, branch.test.pattern) == (True, "梅花")
    (skip,) = branch.then
    assert isinstance(skip, ir.SkipPhase) and skip.actor.who is ir.Who.IT and skip.phase == "摸牌阶段"
    # 铁索连环: a test of the target's state among effects, with its 否则
    (toggle,) = _effect(decls, "铁索连环")
    assert isinstance(toggle, ir.Conditional) and toggle.cond.kind is ir.CondKind.CHAINED
    assert toggle.cond.player is not None and toggle.cond.player.who is ir.Who.TARGET
    (reset,) = toggle.then
    (chain,) = toggle.otherwise
    assert isinstance(reset, ir.ResetChain) and isinstance(chain, ir.Chain)
    assert reset.actor.who is ir.Who.TARGET and chain.actor.who is ir.Who.TARGET


def test_emitted_hooks() -> None:
    compiled = load_pool(None).card_effects
    # skipped before 无懈可击 where the effect can do nothing; done by the user or not
    assert "can_affect" not in vars(compiled[CardName.EX_NIHILO])
    assert "can_affect" in vars(compiled[CardName.GOD_SALVATION])
    assert [compiled[n].by_user for n in (CardName.EX_NIHILO, CardName.GOD_SALVATION, CardName.DISMANTLEMENT, CardName.SNATCH)] == [
        False, False, True, True,
    ]
    # 你对其造成1点伤害: the user is the damage's source, not its doer — a use whose user
    # died goes on, its damage without a source (scenario savage_assault_user_dies)
    assert not compiled[CardName.SAVAGE_ASSAULT].by_user and not compiled[CardName.ARCHERY_ATTACK].by_user
    # 决斗: the sides deal and take the damage, not the user as such (nothing to skip)
    assert not compiled[CardName.DUEL].by_user and "can_affect" not in vars(compiled[CardName.DUEL])
    # a basic card's effect names no reason in its log (回复了1点体力, not …（桃）)
    assert compiled[CardName.PEACH].log_reason is False and compiled[CardName.GOD_SALVATION].log_reason is True


def _table(card_effects: object) -> object:
    return build_game(
        [SeatSpec("曹操", role="主公", hand=["无中生有♥7"], answers=["无中生有♥7"]), SeatSpec("关羽", role="反贼")],
        draw_pile=["杀♠7", "闪♦2", "桃♥3"], phase=Phase.PLAY, card_effects=card_effects,  # type: ignore[arg-type]
    )


def test_a_game_without_the_table_has_no_text_effect() -> None:
    """The effects are an input of each game, like the equipment: without them the
    card is used and does nothing; with them it draws."""
    bare = _table(None)
    assert CardName.EX_NIHILO not in bare.card_effects  # type: ignore[attr-defined]
    game = _table(load_pool(None).card_effects)
    assert CardName.EX_NIHILO in game.card_effects  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    "decl, line, message",
    [
        ("锦囊 杀 普通锦囊", "杀：目标角色摸两张牌。", "是基本"),
        ("锦囊 乐不思蜀 普通锦囊", "乐不思蜀：目标角色摸两张牌。", "是延时锦囊"),
        ("锦囊 诸葛连弩 普通锦囊", "诸葛连弩：目标角色摸两张牌。", "是武器"),
        ("锦囊 无中生有 普通锦囊", "", "没有效果"),
        ("锦囊 无中生有 普通锦囊", "无中生有：锁定技，出牌阶段，你可以使用任意数量的【杀】。", "不是牌的效果"),
        ("基本 无中生有", "无中生有：目标角色摸两张牌。", "不是基本牌"),
        ("基本 诸葛连弩", "诸葛连弩：目标角色摸两张牌。", "不是基本牌"),
        ("基本 桃", "", "没有效果"),
        # a delayed trick resolves in its target's judge phase: no one is its user then
        ("锦囊 乐不思蜀 延时锦囊", "乐不思蜀：目标角色进行一次判定，若结果不为红桃，你摸一张牌。", "不能有“你”"),
        ("锦囊 乐不思蜀 延时锦囊", "乐不思蜀：你弃置目标角色区域里的一张牌。", "不能有“你”"),
        ("锦囊 无中生有 延时锦囊", "无中生有：目标角色摸两张牌。", "是普通锦囊"),
    ],
)
def test_declaration_checked(decl: str, line: str, message: str, tmp_path: Path) -> None:
    path = tmp_path / "tricks.sgs"
    path.write_text(f"扩展包 测试\n{decl}\n{line}\n", encoding="utf-8")
    result = build([path])
    assert not result.ok
    assert any(message in d.message for d in result.diagnostics), result.diagnostics


def test_effect_the_back_end_cannot_run_is_refused() -> None:
    """A well-formed effect with a verb the runtime lacks: E0503, never a stub."""
    result = build_texts({"t.sgs": "扩展包 测试\n锦囊 无中生有 普通锦囊\n无中生有：目标角色进行一个额外的回合。\n"})
    assert not result.ok
    assert [d.code for d in result.refused] == ["E0503"], (result.refused, result.diagnostics)


def test_a_package_may_redeclare_a_trick(tmp_path: Path) -> None:
    """A designer's package declaring 无中生有 anew: its effect replaces the bundled one."""
    src = tmp_path / "mine.sgs"
    src.write_text("扩展包 测试\n锦囊 无中生有 普通锦囊\n无中生有：目标角色摸三张牌。\n", encoding="utf-8")
    mine = load_pool([src]).card_effects
    assert set(mine) == {CardName.EX_NIHILO}
    game = build_game(
        [SeatSpec("曹操", role="主公", hand=["无中生有♥7"], answers=["无中生有♥7", "结束出牌"]), SeatSpec("关羽", role="反贼")],
        draw_pile=["杀♠7", "闪♦2", "桃♥3", "杀♠8"], phase=Phase.PLAY, card_effects=mine,
    )
    run_table(game, until=Phase.PLAY)
    assert [c.label for c in game.players[0].hand] == ["杀♠7", "闪♦2", "桃♥3"]


def test_a_package_may_redeclare_a_delayed_trick(tmp_path: Path) -> None:
    """A delayed trick's text is what its judge phase does: a package whose 乐不思蜀 skips
    the draw phase instead places it as before and, judged not ♥, skips drawing (and
    plays on); judged ♥, nothing happens."""
    src = tmp_path / "mine.sgs"
    src.write_text(
        "扩展包 测试\n锦囊 乐不思蜀 延时锦囊\n乐不思蜀：目标角色进行一次判定，若结果不为红桃，其跳过摸牌阶段和弃牌阶段。\n",
        encoding="utf-8",
    )
    mine = load_pool([src]).card_effects
    assert set(mine) == {CardName.INDULGENCE}
    for judged, drew in (("杀♠7", False), ("桃♥3", True)):
        game = build_game(
            [SeatSpec("曹操", role="主公"), SeatSpec("关羽", role="反贼", hp=1, hand=["杀♠8", "闪♦2"],
                                                   judge=["乐不思蜀♠6"], answers=["结束出牌", "杀♠8,闪♥2,桃♥4"])],
            draw_pile=[judged, "闪♥2", "桃♥4"], current=2, card_effects=mine,
        )
        run_table(game, until=Phase.FINISH)
        hand = [c.label for c in game.players[1].hand]
        # skipped: no draw and no discard phase (three cards kept at 1 hp); else drew two, discarded down to one
        assert hand == (["闪♦2"] if drew else ["杀♠8", "闪♦2"]), hand
        assert {"乐不思蜀♠6", judged} <= {c.label for c in game.discard_pile} and not game.players[1].judge_area


@pytest.mark.parametrize(
    "effect, span",
    [
        # 跳过<阶段>: this turn's phase, or the next one not passed yet — no other ordinal,
        # no choice between phases, no 此阶段: each is refused at the verb, never a stub
        ("目标角色跳过下个出牌阶段。", "跳过下个出牌阶段"),
        ("目标角色跳过此阶段。", "跳过此阶段"),
        ("目标角色跳过出牌阶段或弃牌阶段。", "跳过出牌阶段或弃牌阶段"),
    ],
)
def test_skip_near_misses_are_refused(effect: str, span: str) -> None:
    line = f"无中生有：{effect}"
    result = build_texts({"t.sgs": f"扩展包 测试\n锦囊 无中生有 普通锦囊\n{line}\n"})
    assert [d.code for d in result.refused] == ["E0503"], (result.refused, result.diagnostics)
    sp = result.refused[0].span
    assert (sp.line, line[sp.col - 1:sp.end_col - 1]) == (3, span)


@pytest.mark.parametrize(
    "decl, effect, span",
    [
        # a range of numbers follows a suit, low end first, within 1~13
        ("锦囊 闪电 延时锦囊", "目标角色进行一次判定，若结果为黑桃5~5，其受到3点雷电伤害。", "结果为黑桃5~5"),
        ("锦囊 闪电 延时锦囊", "目标角色进行一次判定，若结果为黑桃9~2，其受到3点雷电伤害。", "结果为黑桃9~2"),
        # the trick moving on is a delayed trick's, and only to 下家的判定区
        ("锦囊 无中生有 普通锦囊", "目标角色进行一次判定，若结果为黑桃，其摸一张牌，否则将此牌移动至下家的判定区里。",
         "将此牌移动至下家的判定区里"),
        ("锦囊 闪电 延时锦囊", "目标角色进行一次判定，若结果为黑桃，其摸一张牌，否则将此牌移动至你的判定区里。",
         "将此牌移动至你的判定区里"),
        # in the judge phase no use of the card can be answered
        ("锦囊 闪电 延时锦囊", "目标角色需打出一张【闪】，否则其受到1点伤害。", "打出一张【闪】"),
    ],
)
def test_delayed_near_misses_are_refused(decl: str, effect: str, span: str) -> None:
    name = decl.split()[1]
    line = f"{name}：{effect}"
    result = build_texts({"t.sgs": f"扩展包 测试\n{decl}\n{line}\n"})
    assert [d.code for d in result.refused] == ["E0503"], (result.refused, result.diagnostics)
    sp = result.refused[0].span
    assert (sp.line, line[sp.col - 1:sp.end_col - 1]) == (3, span)


def test_a_sourceless_damage_and_a_judgement_otherwise_in_a_general_skill() -> None:
    """其受到n点伤害 (no source) and a judgement's 否则 are not a card's alone: in a
    general's skill the 否则 is written inline after the result's branch."""
    result = build_texts({"t.sgs": "扩展包 测试\n武将 测试者 魏 4体力 男\n测试：出牌阶段，你可以进行一次判定，"
                                     "若结果为红色，你摸一张牌，否则你受到1点雷电伤害。每阶段限一次。\n"})
    assert result.ok, (result.refused, result.diagnostics)
    (source,) = result.modules.values()
    body = [line.strip() for line in str(source).splitlines()]
    i = body.index("if is_red(ctx, judge_card, ctx.owner):")
    assert [x for x in body[i:i + 6] if not x.startswith("#")] == [
        "if is_red(ctx, judge_card, ctx.owner):", "draw(ctx, ctx.owner, 1)", "else:",
        "damage(ctx, None, ctx.owner, 1, nature=Nature.THUNDER)",
    ]


@pytest.mark.parametrize(
    "effect, span",
    [
        # a test of a state among a card's effects: 处于连环状态 / 处于濒死状态 only, of one player
        ("若目标角色已受伤，重置目标角色，否则横置目标角色。", "若目标角色已受伤，重置目标角色，否则横置目标角色"),
        ("若目标角色处于翻面状态，重置目标角色，否则横置目标角色。", "若目标角色处于翻面状态，重置目标角色，否则横置目标角色"),
        # 横置/重置 one player
        ("横置目标角色和你。", "目标角色和你"),
    ],
)
def test_chain_near_misses_are_refused(effect: str, span: str) -> None:
    line = f"铁索连环：{effect}"
    result = build_texts({"t.sgs": f"扩展包 测试\n锦囊 铁索连环 普通锦囊\n{line}\n"})
    assert [d.code for d in result.refused] == ["E0503"], (result.refused, result.diagnostics)
    sp = result.refused[0].span
    assert (sp.line, line[sp.col - 1:sp.end_col - 1]) == (3, span)
