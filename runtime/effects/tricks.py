"""Tricks: the 无懈可击 chain, normal tricks, delayed tricks (乐不思蜀, 闪电, 兵粮寸断).

Every normal trick resolves target by target (seat order from the user for the
area tricks); before its effect on a target, every living player — in seat order
from the current player — may use 无懈可击; a 无懈可击 may itself be answered,
and so on (:func:`nullified`).

Every normal trick's effect is text (``锦囊 无中生有 普通锦囊`` in skills/standard/tricks.sgs:
无中生有, 桃园结义, 过河拆桥, 顺手牵羊, 南蛮入侵, 万箭齐发, 决斗, 五谷丰登, 借刀杀人), compiled to a
:class:`~sgs.runtime.skills.CardEffect` and run by :func:`text_effect`, which keeps
this protocol (决斗's turns are :func:`sgs.runtime.actions.take_turns`, which gives 无双
its two 【杀】 per turn; 借刀杀人's victim is designated at its use — flows/play.py,
``CardUseEvent.sub_target`` — and its text's 你指定的另一名角色).

The delayed tricks' effects are all text (``锦囊 乐不思蜀 延时锦囊``, 闪电 in
skills/standard/tricks.sgs; 兵粮寸断 in skills/maneuvering/tricks.sgs): each is placed
by its use (:func:`delayed_effect`) and its text runs in its target's judge phase
(:class:`DelayedText`, :func:`resolve_delayed`); a cancelled one does what its text does
when its judgement misses (闪电 moves on).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from .. import members as _M
from ..flows.respond import can_produce
from ..flows.use import use_response
from ..cards import AnyCard, Card, CardName, Nature, Suit, VirtualCard
from ..events import CardUseEvent, DelayedTrickEvent
from ..player import JudgeAreaEntry, Player
from ..skills import CardEffect, SkillContext, UseMode
from ..stages import LOSER, RECEIVER, Step, Then, family, run_effect
from ..timing import Phase
from ..zones import CardZone, MoveReason, Zone

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "nullified",
    "text_effect",
    "delayed_effect",
    "DelayedText",
    "resolve_delayed",
]


_NAME_VALUE = {n: n.value for n in CardName}


def nullified(game: Game, trick: AnyCard, target: Player) -> bool:
    """Run the 无懈可击 chain for ``trick``'s effect on ``target``; True if the
    effect is cancelled (an odd number of 无懈可击 were used)."""
    state = False
    names = (_M.CardName.NULLIFICATION,)
    while True:
        answered = False
        for p in game.alive_from(game.current):
            if not can_produce(game, p, names, _M.UseMode.USE):
                continue
            what = f"{trick.label}对{target.tag}的效果" if not state else f"抵消{trick.label}对{target.tag}效果的无懈可击"
            c = use_response(
                game,
                p,
                names,
                about="无懈可击",
                prompt=f"是否使用无懈可击抵消{what}",
                extra={"trick": _NAME_VALUE[trick.name], "target": str(target.seat), "nullified": "1" if state else "0"},
            )
            if c is not None:
                state = not state
                answered = True
                break
        if not answered:
            if state:
                game.log_event("无效", f"{trick.label} 对 {target.tag} 无效", target=target.seat, card=trick.label)
            return state


def _each_target(game: Game, use: CardUseEvent) -> list[Player]:
    """Targets whose effect still applies after nullification (checked one by one,
    lazily, so call it inside the loop via :func:`_applies`)."""
    return list(use.targets)


def _applies(game: Game, use: CardUseEvent, t: Player, answerable: bool = True) -> bool:
    """Whether the use still affects target ``t``: he is alive and not yet spared, and
    (``answerable``: a trick's effect) no 无懈可击 spares him now."""
    if not t.alive or t.seat in use.nullified:
        return False
    if answerable and not use.unnullifiable and nullified(game, use.card, t):
        use.nullified.add(t.seat)
        return False
    return True


def text_effect(cls: type[CardEffect]) -> Callable[[Game, CardUseEvent], None]:
    """The use of a card whose effect is text (a compiled :class:`CardEffect`): the
    card-use protocol around the text's per-target effect — the use's own step first
    (``before``: 五谷丰登's 亮出…); each target in order; one the effect cannot affect is
    skipped before anyone is asked for 无懈可击; the 无懈可击 chain (a trick's only: a
    basic card's effect, 桃's, is not answered); an effect the user does ends the use
    once he is dead; the cards the use revealed that are left go to the discard pile."""

    def run(game: Game, use: CardUseEvent) -> None:
        eff = cls(use.user)
        trick = use.card.type is _M.CardType.TRICK  # only a trick's effect is asked 无懈可击
        eff.before(SkillContext(game, use.user, eff, None, use, None))
        try:
            for t in _each_target(game, use):
                ctx = SkillContext(game, use.user, eff, None, use, t)
                if not eff.can_affect(ctx, t) or not _applies(game, use, t, answerable=trick):
                    continue
                if eff.by_user and not use.user.alive:
                    return
                eff.effect(ctx, t)
        finally:
            # what the use revealed and nobody took goes to the discard pile (五谷丰登)
            if use.revealed:
                game.clear_processing(use.revealed)

    run.__qualname__ = run.__name__ = f"{cls.__name__}_effect"
    return run


# ---------------------------------------------------------------------- delayed tricks


def delayed_effect(game: Game, use: CardUseEvent) -> None:
    """Place the delayed trick in its target's judge area."""
    phys = [c for c in use.card.physical() if game.zone_of(c) is _M.Zone.PROCESSING]
    for t in use.targets:
        if t.alive and t.seat not in use.nullified and phys:
            game.move_cards(phys[:1], _M.Zone.JUDGE, t, _M.MoveReason.PUT, use.user, judge_as=use.card.name.value)
            return


class DelayedText:
    """The effect of a delayed trick written as text (``锦囊 乐不思蜀 延时锦囊``): its use
    places the card in its target's judge area (:func:`delayed_effect`, the card-use
    protocol's); in that player's judge phase :func:`resolve_delayed` runs the text on him
    (:meth:`judge`) — or, when 无懈可击 cancels it, what the text does when it does not
    take effect (:meth:`missed`).  The card goes to the discard pile afterwards unless the
    text moved it."""

    __slots__ = ("cls",)

    def __init__(self, cls: type[CardEffect]) -> None:
        self.cls = cls

    def __call__(self, game: Game, use: CardUseEvent) -> None:
        delayed_effect(game, use)

    def _context(self, game: Game, ev: DelayedTrickEvent) -> tuple[CardEffect, SkillContext]:
        # the judged player is 目标角色; the text has no 你 (no one uses the card now: E0214)
        eff = self.cls(ev.player)
        return eff, SkillContext(game, ev.player, eff, None, ev, ev.player)

    def judge(self, game: Game, ev: DelayedTrickEvent) -> None:
        """The text's effect on the player whose judge area holds the card."""
        eff, ctx = self._context(game, ev)
        eff.effect(ctx, ev.player)

    def missed(self, game: Game, ev: DelayedTrickEvent) -> None:
        """The text's ……；否则，…… after its judgement, with no judgement: a cancelled
        delayed trick does what it does when it does not take effect (seed 000 line 421:
        闪电 cancelled moves straight on to the next player; 乐不思蜀 cancelled is discarded)."""
        eff, ctx = self._context(game, ev)
        eff.missed(ctx, ev.player)


def resolve_delayed(game: Game, player: Player, entry: JudgeAreaEntry) -> None:
    """One delayed trick of ``player``'s judge area in his judge phase: into the processing
    area, the 无懈可击 chain, then the game's text effect of the card (:class:`DelayedText`:
    its effect, or what it does when cancelled); the card is discarded unless it moved."""
    card = entry.card
    name = CardName(entry.name_as)
    trick: AnyCard = card if card.name is name else VirtualCard(name, (card,), "", card.type, card.subtype)
    game.move_cards([card], _M.Zone.PROCESSING, None, _M.MoveReason.JUDGE, player)
    game.log_event("判定阶段", f"{game.tag(player)} 的{name.value}开始判定", player=player.seat, card=card.label)
    cancelled = nullified(game, trick, player)
    text = game.card_effects.get(name)
    if isinstance(text, DelayedText):
        ev = DelayedTrickEvent(player, card, trick)
        if cancelled:
            text.missed(game, ev)
        else:
            text.judge(game, ev)
    game.clear_processing([card])


# ---------------------------------------------------------------------- the effects' families
# What each effect leads to, for :func:`sgs.runtime.stages.windows_of` (each effect is
# one step: its code walks its targets and answers itself).  A card whose effect is text
# has the game's own effect as its step (the compiled one it was given, run_effect).


_NULLIFY = Then("使用牌（响应）", "【无懈可击】")
#: for the effects of other modules: the 无懈可击 link, whether a trick applies to a target
NULLIFY = _NULLIFY
applies = _applies
_LOSES = frozenset({LOSER})
_GETS = frozenset({RECEIVER})
_MOVES = frozenset({LOSER, RECEIVER})

DUEL_STAGES = family("决斗的效果", Step(run_effect, _NULLIFY, Then("打出", "【杀】"), Then("伤害")))
DISMANTLEMENT_STAGES = family("过河拆桥的效果", Step(run_effect, _NULLIFY, Then("移动牌", "弃置", roles=_LOSES)))
SNATCH_STAGES = family("顺手牵羊的效果", Step(run_effect, _NULLIFY, Then("移动牌", "获得", roles=_MOVES)))
SAVAGE_ASSAULT_STAGES = family("南蛮入侵的效果", Step(run_effect, _NULLIFY, Then("打出", "【杀】"), Then("伤害")))
ARCHERY_ATTACK_STAGES = family(
    "万箭齐发的效果", Step(run_effect, _NULLIFY, Then("使用牌（响应）", "【闪】"), Then("伤害"))
)
EX_NIHILO_STAGES = family("无中生有的效果", Step(run_effect, _NULLIFY, Then("移动牌", "摸两张牌", roles=_GETS)))
AMAZING_GRACE_STAGES = family(
    "五谷丰登的效果", Step(run_effect, _NULLIFY, Then("移动牌", "获得亮出的牌", roles=_GETS))
)
GOD_SALVATION_STAGES = family("桃园结义的效果", Step(run_effect, _NULLIFY, Then("回复体力")))
COLLATERAL_STAGES = family(
    "借刀杀人的效果",
    Step(run_effect, _NULLIFY, Then("使用牌", "【杀】"), Then("移动牌", "武器交给使用者", roles=_MOVES)),
)
DELAYED_STAGES = family("延时锦囊的效果", Step(delayed_effect, Then("移动牌", "置入判定区", roles=frozenset())))
# the judge phase's resolution of one delayed trick (resolve_delayed walks it itself)
JUDGE_AREA_STAGES = family(
    "延时锦囊的判定",
    Then("移动牌", "置入处理区", roles=frozenset()),
    _NULLIFY,
    Then("判定"),
    Then("伤害", "【闪电】"),
)
