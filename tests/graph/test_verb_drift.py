"""The verb table and the runtime cannot drift.

The trigger graph draws a skill→window edge for each window ``VERBS[word].opens``
names; the runtime opens windows when the verb's actions run.  For every verb this
test calls each of its actions (``VERBS[word].actions``, looked up in
``sgs.runtime.api``) on a small table, records every window ``Game.trigger``
opens while the action runs, and asserts that the union over the verb's probes is
exactly the table's ``opens``.

The table's ``opens`` is derived from the runtime's stage tables (what each action
drives, :func:`sgs.runtime.drives.opens_of`), so this test checks the derivation
against what the runtime does.

So the test fails when the table names a window no action opens, when an action
opens a window the table does not name, when a verb gains an action its probe does
not call, and when a verb has no probe at all.

Deliberate differences, documented where they are applied:

* :data:`FOLLOWERS` — windows the rules open after a window the table names: an
  unsaved 濒死 leads to 死亡时/死亡后.  The graph draws these as the rules'
  ``leads`` edges (``RULE_WINDOWS``), not as the verb's, so the table leaves them
  out on purpose;
* the windows of a *conditional* outcome (濒死, a 杀 offset by 闪, an answered
  决斗) are in the table once for the verb; each probe table is built so that the
  outcome happens at least once, so the comparison is still an equality;
* 转移目标 opens 成为目标时 through the card flow *after* the action returns (the
  new target becomes a target in turn): measured as the difference between the
  same 杀 with and without the transfer.
"""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any, Callable, Iterator, Sequence

import pytest

import sgs.runtime.api as api
from sgs.compiler import load_pool
from sgs.compiler.verbs import VERBS
from sgs.runtime.cards import CardName
from sgs.runtime.effects import TextEffects
from sgs.runtime.events import CardNeedEvent, DelayedTrickEvent, DrawPhaseEvent
from sgs.runtime.game import EquipmentTable, Game
from sgs.runtime.player import Player
from sgs.runtime.skills import Skill, SkillContext, TriggerSkill, UseMode
from sgs.runtime.testing import SeatSpec, build_game
from sgs.runtime.flows.question import DeclaredSkill, QuestionEvent
from sgs.runtime.flows.use import use_card
from sgs.runtime.legality import make_virtual
from sgs.runtime.zones import MoveReason, Zone
from sgs.runtime.timing import Phase, Scope, Timing
from sgs.runtime.zones import CardZone

#: windows the rules open after a window the table names (drawn as ``leads`` edges)
FOLLOWERS: dict[str, frozenset[str]] = {
    Timing.DYING.value: frozenset({Timing.DEATH.value, Timing.DIED.value}),
}


class Spy:
    """Records the windows opened while ``on``, and the api actions called."""

    def __init__(self) -> None:
        self.depth = 0
        self.opened: list[str] = []
        self.called: set[str] = set()

    @property
    def on(self) -> bool:
        return self.depth > 0

    def __enter__(self) -> Spy:
        self.depth += 1
        return self

    def __exit__(self, *exc: object) -> None:
        self.depth -= 1


class _Everywhere(TriggerSkill):
    """Listens on every window, so windows opened "when someone listens" (the card
    moves) really open; never fires."""

    name = "探针"
    pinyin = "tanzhen"
    timings = tuple(Timing)
    scope = Scope.ANY
    optional = False

    def can_trigger(self, ctx: SkillContext) -> bool:
        return False


def _in_window(timing: Timing, body: Callable[[SkillContext], object], scope: Scope = Scope.ANY) -> type[TriggerSkill]:
    """A skill that runs ``body`` (recorded) the first time ``timing`` opens."""

    class Probe(TriggerSkill):
        name = "试验"
        pinyin = "shiyan"
        timings = (timing,)
        optional = False

        def can_trigger(self, ctx: SkillContext) -> bool:
            return not ctx.owner.turn_counters.get("试验")

        def effect(self, ctx: SkillContext) -> None:
            ctx.owner.turn_counters["试验"] = 1
            with SPY:
                body(ctx)

    Probe.scope = scope
    return Probe


SPY = Spy()


@cache
def bundled_equipment() -> EquipmentTable:
    return load_pool(None).equipment


@cache
def bundled_card_effects() -> TextEffects:
    return load_pool(None).card_effects


def table(
    hands: Sequence[Sequence[str]] = ((), (), (), ()),
    equips: Sequence[Sequence[str]] = ((), (), (), ()),
    hp: Sequence[int | None] = (None, None, None, None),
    answers: Sequence[Sequence[str]] = ((), (), (), ()),
    probe: type[TriggerSkill] | None = None,
    discard_pile: Sequence[str] = (),
) -> Game:
    """4 skill-less seats (主公 忠臣 反贼 内奸, seat 1's turn, 出牌阶段); seat 1 also
    has the listen-everywhere skill and ``probe``."""
    names = [("曹操", "主公"), ("关羽", "忠臣"), ("张飞", "反贼"), ("吕布", "内奸")]
    first: list[type[Skill]] = [_Everywhere, *([probe] if probe else [])]
    seats = [
        SeatSpec(g, role=r, hand=list(hands[i]), equips=list(equips[i]), hp=hp[i], answers=list(answers[i]),
                 skills=first if i == 0 else [])
        for i, (g, r) in enumerate(names)
    ]
    return build_game(
        seats, discard_pile=discard_pile, current=1, phase=Phase.PLAY, equipment=bundled_equipment(),
        card_effects=bundled_card_effects(),
    )


def ctx_of(game: Game, seat: int = 1) -> SkillContext:
    return SkillContext(game, game.players[seat - 1])


def p(game: Game, seat: int) -> Player:
    return game.players[seat - 1]


def run(game: Game, body: Callable[[SkillContext], object]) -> set[str]:
    """Windows opened while ``body`` runs in a context of seat 1 (outside any window)."""
    SPY.opened.clear()
    with SPY:
        body(ctx_of(game))
    return set(SPY.opened)


def recorded() -> set[str]:
    return set(SPY.opened)


# ---------------------------------------------------------------- one probe per verb
# Each returns the windows its actions opened, over one or more small tables.
# Actions are called as ``A.<name>`` so the test sees which ones a probe called.


class _Actions:
    def __getattr__(self, name: str) -> Any:
        SPY.called.add(name)
        return getattr(api, name)


A = _Actions()


def draw() -> set[str]:
    g = table()
    return run(g, lambda c: A.draw(c, p(g, 1), 2))


def discard() -> set[str]:
    g = table(hands=(["杀♠7", "闪♥2", "桃♥Q"], (), (), ()))
    opened = run(g, lambda c: A.discard(c, p(g, 1), p(g, 1).hand[:1]))
    return opened | run(g, lambda c: A.ask_discard(c, p(g, 1), 1))


def discard_from() -> set[str]:
    """弃置其一张牌 (seat 3's hand, blind) and 弃置其装备区里的一张坐骑牌 (his 赤兔)."""
    g = table(hands=((), (), ["杀♠7"], ()), equips=((), (), ["赤兔♥5", "八卦阵♣2"], ()))
    opened = run(g, lambda c: A.discard_from(c, p(g, 1), p(g, 3)))
    horse = lambda x: "马" in x.subtype.value  # noqa: E731
    return opened | run(g, lambda c: A.discard_from(c, p(g, 1), p(g, 3), CardZone.EQUIP, card_filter=horse))


def obtain() -> set[str]:
    g = table(hands=((), (), ["杀♠7", "闪♥2"], ()), discard_pile=["桃♥Q"])
    opened = run(g, lambda c: A.obtain(c, p(g, 1), p(g, 3).hand[0]))
    opened |= run(g, lambda c: A.obtain_from(c, p(g, 1), p(g, 3)))
    # from the discard pile (奸雄 takes the card that hurt him): nobody loses it
    opened |= run(g, lambda c: A.obtain(c, p(g, 2), g.discard_pile[0]))
    # one of the cards revealed (涉猎: 获得其中每种花色的牌各一张)
    g = table()
    return opened | run(g, lambda c: A.obtain(c, p(g, 1), A.choose_cards_among(c, p(g, 1), A.reveal_top(c, p(g, 1), 2))[0]))


def add_mark() -> set[str]:
    g = table()
    return run(g, lambda c: A.add_mark(c, p(g, 3), "梦魇", 1))


def kill() -> set[str]:
    """该角色死亡 (武魂): the 内奸 dies at once (死亡时/死亡后, no 濒死) and drops his cards."""
    g = table(hands=((), (), (), ["杀♠7"]))
    return run(g, lambda c: A.kill(c, p(g, 4)))


def reveal_top() -> set[str]:
    g = table()
    return run(g, lambda c: A.reveal_top(c, p(g, 1), 5))


def put_into_discard_pile() -> set[str]:
    g = table()
    return run(g, lambda c: A.put_into_discard_pile(c, p(g, 1), A.reveal_top(c, p(g, 1), 3)))


def look_at_hand() -> set[str]:
    g = table(hands=((), ["桃♥3", "杀♠7"], (), ()))
    return run(g, lambda c: A.look_at_hand(c, p(g, 1), p(g, 2)))


def show_among() -> set[str]:
    g = table(hands=((), ["桃♥3", "杀♠7"], (), ()))
    return run(g, lambda c: A.show_among(c, p(g, 1), p(g, 2).hand, lambda x: x.suit is api.Suit.HEART))


def discard_or_put_on_pile() -> set[str]:
    """弃置 (the first option) and 置于牌堆顶: the holder loses the card either way."""
    opened: set[str] = set()
    for answer in ("弃置", "置于牌堆顶"):
        g = table(hands=((), ["桃♥3"], (), ()), answers=([answer], (), (), ()))
        opened |= run(g, lambda c: A.discard_or_put_on_pile(c, p(g, 1), p(g, 2).hand[0]))
    return opened


def give() -> set[str]:
    g = table(hands=(["杀♠7"], (), (), ()))
    opened = run(g, lambda c: A.give(c, p(g, 1), p(g, 2), p(g, 1).hand))
    # 其将装备区里的武器牌交给你 (借刀杀人): the weapon in sight, from the equipment area
    g = table(equips=(["青釭剑♠6"], (), (), ()))
    return opened | run(g, lambda c: A.give_equipped(c, p(g, 1), p(g, 2), lambda x: x.subtype.value == "武器"))


def recover() -> set[str]:
    g = table(hp=(2, None, None, None))
    return run(g, lambda c: A.recover(c, p(g, 1), 1))


def lose_hp() -> set[str]:
    g = table()
    opened = run(g, lambda c: A.lose_hp(c, p(g, 3), 1))
    # an unsaved 濒死 (nobody holds a 桃): the 内奸 dies, so no 失去体力后
    g = table(hp=(None, None, None, 1))
    return opened | run(g, lambda c: A.lose_hp(c, p(g, 4), 1))


def gain_max_hp() -> set[str]:
    g = table()
    return run(g, lambda c: A.gain_max_hp(c, p(g, 1), 1))


def turn_over() -> set[str]:
    g = table()
    return run(g, lambda c: (A.turn_over(c, p(g, 1)), A.turn_over(c, p(g, 2))))


def lose_max_hp() -> set[str]:
    g = table()
    opened = run(g, lambda c: A.lose_max_hp(c, p(g, 3), 1))
    # to 0 max hp: the 内奸 dies at once (死亡时/死亡后, no 濒死) and drops his cards
    g = table(hp=(None, None, None, 1), hands=((), (), (), ["杀♠7"]))
    p(g, 4).max_hp = 1
    return opened | run(g, lambda c: A.lose_max_hp(c, p(g, 4), 1))


def damage() -> set[str]:
    g = table()
    opened = run(g, lambda c: A.damage(c, p(g, 1), p(g, 3), 1))
    g = table(hp=(None, None, None, 1))
    return opened | run(g, lambda c: A.damage(c, p(g, 1), p(g, 4), 1))


def judge() -> set[str]:
    g = table()
    return run(g, lambda c: (A.ask_invoke(c, p(g, 1)), A.judge(c, p(g, 1))))


def choose_one() -> set[str]:
    g = table()
    return run(g, lambda c: A.choose_option(c, p(g, 1), ["摸一张牌", "回复1点体力"]))


def retrial() -> set[str]:
    """改判 runs in the 判定牌生效前 window of someone's judgement."""
    opened: set[str] = set()
    for respond, keep in ((True, False), (False, False), (True, True)):

        def body(c: SkillContext, respond: bool = respond, keep: bool = keep) -> None:
            (card,) = A.choose_cards(c, c.owner)
            A.retrial(c, card, respond=respond, keep=keep)

        g = table(hands=(["杀♠7"], (), (), ()), probe=_in_window(Timing.JUDGE_RETRIAL, body))
        SPY.opened.clear()
        api.judge(ctx_of(g, 2), p(g, 2))
        opened |= recorded()
    return opened


def _slash_with(body: Callable[[SkillContext], object], timing: Timing, scope: Scope = Scope.ANY) -> set[str]:
    """Seat 1 uses a 杀 on seat 3 (no 闪); ``body`` runs in ``timing``."""
    g = table(probe=_in_window(timing, body, scope))
    SPY.opened.clear()
    api.view_as_use(ctx_of(g), p(g, 1), CardName.SLASH, [p(g, 3)])
    return recorded()


def forbid_jink() -> set[str]:
    return _slash_with(lambda c: A.forbid_jink(c, c.target), Timing.TARGET_SPECIFIED)


def ignore_armor() -> set[str]:
    return _slash_with(lambda c: A.ignore_armor(c, c.target), Timing.TARGET_SPECIFIED)


def provide_card() -> set[str]:
    """The card asked for at 需要牌时 is provided: the request's flow, not the action,
    opens its use's or play's windows."""
    g = table()
    ev = CardNeedEvent(p(g, 1), (CardName.JINK,), UseMode.BOTH)
    SPY.opened.clear()
    with SPY:
        assert A.provide_card(SkillContext(g, p(g, 1), None, Timing.CARD_NEEDED, ev), p(g, 1), CardName.JINK)
    assert ev.provided is not None and ev.provided.name is CardName.JINK
    return recorded()


def answer_card() -> set[str]:
    """需打出一张【杀】 / 需使用一张【闪】 (南蛮入侵, 万箭齐发): seat 2 plays his 杀, seat 3
    uses his 闪 (both answered; a refusal opens nothing)."""
    g = table(hands=((), ["杀♠8"], ["闪♥2"], ()), answers=((), ["杀♠8"], ["闪♥2"], ()))

    def body(c: SkillContext) -> None:
        assert A.ask_for_card(c, p(g, 2), CardName.SLASH) is not None
        assert A.ask_for_card(c, p(g, 3), CardName.JINK, UseMode.USE) is not None

    return run(g, body)


def take_turns() -> set[str]:
    """轮流打出一张【杀】 (决斗): seat 2 plays his 杀, seat 3 has none (he did not: seat
    2 is the other side); then 使用 — seat 3 uses his 闪, seat 2 has none."""
    g = table(hands=((), ["杀♠8"], ["闪♥2"], ()), answers=((), ["杀♠8"], ["闪♥2"], ()))

    def body(c: SkillContext) -> None:
        assert A.take_turns(c, p(g, 2), p(g, 3), CardName.SLASH) == (p(g, 3), p(g, 2))
        assert A.take_turns(c, p(g, 3), p(g, 2), CardName.JINK, UseMode.USE) == (p(g, 2), p(g, 3))

    return run(g, body)


def require_responses() -> set[str]:
    return _slash_with(
        lambda c: (A.require_jinks(c, c.target, 2), A.require_duel_slashes(c, c.owner, 2)), Timing.TARGET_SPECIFIED
    )


def threshold() -> set[str]:
    g = table()
    return run(g, lambda c: A.cards_given_this_phase(c, p(g, 1)))


def draw_count_change() -> set[str]:
    g = table(probe=_in_window(Timing.DRAW_PHASE_DRAWING, lambda c: A.change_draw_count(c, 1), Scope.SELF))
    SPY.opened.clear()
    g.trigger(Timing.DRAW_PHASE_DRAWING, p(g, 1), DrawPhaseEvent(p(g, 1), Phase.DRAW))
    return recorded()


def damage_bonus() -> set[str]:
    g = table()
    return run(g, lambda c: A.add_damage_bonus(c, p(g, 1), [CardName.SLASH]))


def next_use_bonus() -> set[str]:
    """下一张伤害加成 (酒): a lasting effect kept on seat 1 for this turn, then this phase — a
    state for his next 【杀】, no window."""
    g = table()

    def body(c: SkillContext) -> None:
        A.next_use_bonus(c, p(g, 1), CardName.SLASH, 1)
        A.next_use_bonus(c, p(g, 1), CardName.SLASH, 1, phase=True)
        assert any(k.startswith("下一张杀") for k in p(g, 1).turn_counters)
        assert any(k.startswith("下一张杀") for k in p(g, 1).phase_counters)

    return run(g, body)


def choose_player() -> set[str]:
    g = table()
    return run(g, lambda c: A.choose_players(c, p(g, 1), [p(g, 2), p(g, 3)]))


def look_at_top() -> set[str]:
    g = table()
    return run(g, lambda c: A.look_at_top(c, p(g, 1), 3))


def give_looked() -> set[str]:
    g = table()

    def body(c: SkillContext) -> None:
        cards = api.look_at_top(c, p(g, 1), 3)
        picked = A.choose_cards_among(c, p(g, 1), cards, 1, 2)
        (who,) = A.choose_players(c, p(g, 1), [p(g, 2)])
        A.hand_out(c, p(g, 1), who, picked)
        A.hand_out(c, p(g, 1), p(g, 1), cards)

    return run(g, body)


def put_looked() -> set[str]:
    g = table()

    def body(c: SkillContext) -> None:
        cards = api.look_at_top(c, p(g, 1), 3)
        top = A.arrange_cards(c, p(g, 1), cards)
        A.put_on_pile(c, p(g, 1), top[:1])
        A.put_on_pile(c, p(g, 1), top[1:], bottom=True)

    return run(g, body)


def transfer() -> set[str]:
    """The new target's 成为目标时 opens in the card flow after the action returns:
    the windows of a 杀 that seat 1 moves on to seat 2, less those of the same 杀
    left alone."""

    def moved(c: SkillContext) -> None:
        cands = A.transfer_candidates(c, c.owner)
        (new,) = A.choose_players(c, c.owner, cands)
        A.transfer_target(c, c.owner, new)

    counts: list[Counter[str]] = []
    for body in (moved, lambda c: None):
        g = table(probe=_in_window(Timing.TARGET_CONFIRMING, body, Scope.SELF))
        SPY.opened.clear()
        with SPY:
            api.view_as_use(ctx_of(g, 3), p(g, 3), CardName.SLASH, [p(g, 1)])
        counts.append(Counter(SPY.opened))
    return set(counts[0] - counts[1])


def choose_suit() -> set[str]:
    g = table()
    return run(g, lambda c: A.choose_suit(c, p(g, 1)))


def show() -> set[str]:
    g = table(hands=(["杀♠7", "闪♥2"], (), (), ()))
    opened = run(g, lambda c: A.show_card(c, p(g, 1), p(g, 1).hand[0]))
    return opened | run(g, lambda c: A.show_chosen(c, p(g, 1), 1))  # 展示一张手牌: his pick


def skip_phase() -> set[str]:
    g = table()
    return run(g, lambda c: A.skip_phase(c, p(g, 1), Phase.DISCARD))


def pass_delayed() -> set[str]:
    """将此牌移动至下家的判定区 (闪电): seat 1's 闪电, taken into the processing area as his
    judge phase does, moves on to seat 2 (a move nobody loses a card by)."""
    g = table(hands=(["闪电♠A"], (), (), ()))
    me = p(g, 1)
    (card,) = me.hand
    g.move_cards([card], Zone.PROCESSING, None, MoveReason.JUDGE, me)

    def body(c: SkillContext) -> None:
        c.event = DelayedTrickEvent(me, card, card)
        assert A.delayed_card(c) is card
        A.pass_delayed(c)
        assert [e.card for e in p(g, 2).judge_area] == [card]

    return run(g, body)


def chain_and_reset() -> set[str]:
    """横置 / 重置 (铁索连环): seat 2 chained, then reset — a state, no window."""
    g = table()

    def body(c: SkillContext) -> None:
        A.chain(c, p(g, 2))
        assert p(g, 2).chained
        A.unchain(c, p(g, 2))
        assert not p(g, 2).chained

    return run(g, body)


def transfer_damage() -> set[str]:
    """转移此伤害 in the owner's 受到伤害时: to seat 2 (taken), then to the 内奸 at 1 hp
    (an unsaved 濒死)."""
    opened: set[str] = set()
    for to, hp in ((2, None), (4, 1)):

        def body(c: SkillContext, to: int = to) -> None:
            (moved,) = A.choose_players(c, c.owner, [p(c.game, to)], 1, 1)
            A.transfer_damage(c, moved)

        g = table(hp=(None, None, None, hp), probe=_in_window(Timing.DAMAGE_INFLICTING, body))
        SPY.opened.clear()
        api.damage(ctx_of(g, 3), p(g, 3), p(g, 1), 1)
        opened |= recorded()
    return opened


def change_damage() -> set[str]:
    """此伤害+1 in the owner's 受到伤害时 and 此伤害-1 in the source's 造成伤害时 (the
    damage then prevented): the amount changes, no window opens."""
    opened: set[str] = set()
    for timing, delta, seat in ((Timing.DAMAGE_INFLICTING, 1, 1), (Timing.DAMAGE_CAUSING, -1, 3)):

        def body(c: SkillContext, delta: int = delta) -> None:
            A.change_damage(c, delta)

        g = table(probe=_in_window(timing, body))
        SPY.opened.clear()
        api.damage(ctx_of(g, 3), p(g, 3), p(g, 1), 1)
        opened |= recorded()
    return opened


def prevent_damage() -> set[str]:
    """防止此伤害 in the source's 造成伤害时 (寒冰剑): no window opens for it."""

    def body(c: SkillContext) -> None:
        A.prevent_damage(c)

    g = table(probe=_in_window(Timing.DAMAGE_CAUSING, body))
    SPY.opened.clear()
    api.damage(ctx_of(g, 1), p(g, 1), p(g, 3), 1)
    return recorded()


def prevent_excess_damage() -> set[str]:
    """防止多余的伤害 in the owner's 受到伤害时 (白银狮子), of a 2-point and a 1-point
    damage: the amount is capped, no window opens for it."""
    opened: set[str] = set()
    for n in (2, 1):
        g = table(probe=_in_window(Timing.DAMAGE_INFLICTING, A.prevent_excess_damage))
        SPY.opened.clear()
        api.damage(ctx_of(g, 3), p(g, 3), p(g, 1), n)
        opened |= recorded()
        assert p(g, 1).hp == p(g, 1).max_hp - 1
    return opened


def choose_options() -> set[str]:
    g = table()
    return run(g, lambda c: A.choose_options(c, p(g, 1), ["跳过判定阶段", "跳过出牌阶段"], 1, 2))


def view_as_use_on() -> set[str]:
    """视为对一名其他角色使用 the cards a skill can name: a 决斗 the target answers once,
    a 杀 offset by a 闪, a 杀 bringing the 内奸 to an unsaved 濒死."""
    g = table(hands=((), (), ["杀♠7"], ()), answers=((), ["3"], ["杀♠7"], ()))
    opened = run(g, lambda c: A.view_as_use_on(c, p(g, 2), CardName.DUEL, [p(g, 3)]))
    g = table(hands=((), (), ["闪♥2"], ()), answers=(["3"], (), ["闪♥2"], ()))
    opened |= run(g, lambda c: A.view_as_use_on(c, p(g, 1), CardName.SLASH, [p(g, 3)]))
    g = table(hp=(None, None, None, 1), answers=(["4"], (), (), ()))
    return opened | run(g, lambda c: A.view_as_use_on(c, p(g, 1), CardName.SLASH, [p(g, 2), p(g, 4)]))


def view_as_use() -> set[str]:
    """视为使用 with the cards a skill can name: a 决斗 the target answers once
    (打出【杀】), a 杀 offset by a 闪, a 杀 that brings the 内奸 to an unsaved 濒死."""
    g = table(hands=((), (), ["杀♠7"], ()), answers=((), (), ["杀♠7"], ()))

    def duel(c: SkillContext) -> None:
        if "can_use_on" in VERBS["视为使用"].actions:  # the legality query (离间's second player)
            assert A.can_use_on(c, p(g, 2), CardName.DUEL, p(g, 3))
        A.view_as_use(c, p(g, 2), CardName.DUEL, [p(g, 3)], nullifiable=False)

    opened = run(g, duel)
    g = table(hands=((), (), ["闪♥2"], ()), answers=((), (), ["闪♥2"], ()))
    opened |= run(g, lambda c: A.view_as_use(c, p(g, 1), CardName.SLASH, [p(g, 3)]))
    g = table(hp=(None, None, None, 1))
    return opened | run(g, lambda c: A.view_as_use(c, p(g, 1), CardName.SLASH, [p(g, 4)]))


def use_card_on() -> set[str]:
    """对<目标>使用一张【杀】 (青龙偃月刀): seat 1 picks his 杀 for seat 2 (distance 1) and
    uses it — offset by a 闪, then one that hits; then one that brings the 内奸 (seat 4,
    1 hp) to an unsaved 濒死."""

    def use(g: Game, target: int) -> Callable[[SkillContext], object]:
        def body(c: SkillContext) -> None:
            assert A.can_use_card_on(c, p(g, 1), (CardName.SLASH,), p(g, target))
            assert A.ask_use_card_on(c, p(g, 1), (CardName.SLASH,), p(g, target))
            assert A.use_chosen_card(c, p(g, 1)) is not None

        return body

    g = table(hands=(["杀♠8"], ["闪♥2"], (), ()), answers=(["杀♠8"], ["闪♥2"], (), ()))
    opened = run(g, use(g, 2))
    g = table(hands=(["杀♠8"], (), (), ()), answers=(["杀♠8"], (), (), ()))
    opened |= run(g, use(g, 2))
    g = table(hands=(["杀♠8"], (), (), ()), hp=(None, None, None, 1), answers=(["杀♠8"], (), (), ()))
    opened |= run(g, use(g, 4))
    assert not p(g, 4).alive
    # 需对<目标>使用一张【杀】 (借刀杀人): the request and the use in one, offset by a 闪
    g = table(hands=(["杀♠8"], ["闪♥2"], (), ()), answers=(["杀♠8"], ["闪♥2"], (), ()))
    opened |= run(g, lambda c: A.use_card_on(c, p(g, 1), (CardName.SLASH,), p(g, 2)))
    return opened


def force_hit() -> set[str]:
    """此【杀】依然造成伤害 at 杀被闪抵消时 (贯石斧): the flag opens nothing; the 杀's own
    damage step follows the window."""
    g = table(hands=(["杀♠8"], ["闪♥2"], (), ()), answers=((), ["闪♥2"], (), ()),
              probe=_in_window(Timing.SLASH_MISSED, lambda c: A.force_hit(c)))
    SPY.opened.clear()
    use_card(g, p(g, 1), p(g, 1).hand[0], [p(g, 2)])
    assert p(g, 2).hp == p(g, 2).max_hp - 1
    return recorded()


def _at_deduction(body: Callable[[SkillContext], object]) -> set[str]:
    """Seat 1 (2 hp: the lord lives on, the game goes on) takes 1 damage; ``body`` runs in
    his 扣减体力时 (hp 1)."""
    g = table(hp=(2, None, None, None), probe=_in_window(Timing.HP_DEDUCTING, body, Scope.SELF))
    SPY.opened.clear()
    api.damage(ctx_of(g, 2), None, p(g, 1), 1)
    return recorded()


def put_on_general() -> set[str]:
    """亮出 onto his general card: nobody loses or receives a card in hand."""
    return _at_deduction(lambda c: A.put_on_general(c, c.owner, 1))


def pile_number_new() -> set[str]:
    return _at_deduction(lambda c: A.pile_number_new(c, c.owner, A.put_on_general(c, c.owner, 1)[0]))


def prevent_death() -> set[str]:
    return _at_deduction(lambda c: A.prevent_death(c, c.owner))


def enter_dying() -> set[str]:
    """进入濒死状态: 进入濒死状态时 (at 1 hp nobody is asked for a 桃 and he does not die)."""
    return _at_deduction(lambda c: A.enter_dying(c, c.owner))


def _declared(g: Game, label: str, declared: CardName) -> SkillContext:
    """Seat 1's hand card ``label`` put face down and declared as ``declared``, seat 2
    questioning it: the context 蛊惑's text runs in (runtime.flows.question)."""
    user = p(g, 1)
    real = next(c for c in user.hand if c.label == label)
    g.move_cards([real], Zone.PROCESSING, None, MoveReason.PUT, user)
    ev = QuestionEvent(user, make_virtual(declared, [real], "试验"), DeclaredSkill(user), [p(g, 2)])
    return SkillContext(g, user, None, None, ev)


def _in_question(ctx: SkillContext, body: Callable[[SkillContext], object]) -> set[str]:
    SPY.opened.clear()
    with SPY:
        body(ctx)
    return set(SPY.opened)


def question_conditions() -> set[str]:
    """若有角色质疑 / 若为真 / 若为假 / 若此牌不为红桃 (蛊惑): queries, no window."""
    g = table(hands=(["杀♠7"], (), (), ()))
    ctx = _declared(g, "杀♠7", CardName.JINK)

    def body(c: SkillContext) -> None:
        A.questioned(c)
        A.reveal_declared(c)
        A.declared_true(c)
        A.declared_false(c)
        A.declared_card(c)

    return _in_question(ctx, body)


def reveal_declared() -> set[str]:
    g = table(hands=(["杀♠7"], (), (), ()))
    return _in_question(_declared(g, "杀♠7", CardName.SLASH), lambda c: A.reveal_declared(c))


def void_declared_use() -> set[str]:
    """The declared card from the processing area to the discard pile: nobody loses it."""
    g = table(hands=(["杀♠7"], (), (), ()))
    opened = _in_question(_declared(g, "杀♠7", CardName.JINK), lambda c: A.void_declared_use(c))
    assert [c.label for c in g.discard_pile] == ["杀♠7"]
    return opened


PROBES: dict[str, Callable[[], set[str]]] = {
    "亮出此牌": reveal_declared,
    "此牌作废": void_declared_use,
    "置于武将牌上": put_on_general,
    "若": lambda: pile_number_new() | question_conditions(),
    "不会死去": prevent_death,
    "进入濒死": enter_dying,
    "摸牌": draw,
    "弃置": discard,
    "获得": obtain,
    "交给": give,
    "回复体力": recover,
    "失去体力": lose_hp,
    "加体力上限": gain_max_hp,
    "减体力上限": lose_max_hp,
    "叠置": turn_over,
    "亮出牌堆顶": reveal_top,
    "标记": add_mark,
    "死亡": kill,
    "置入弃牌堆": put_into_discard_pile,
    "观看手牌": look_at_hand,
    "展示其中": show_among,
    "弃置或置于牌堆顶": discard_or_put_on_pile,
    "转移伤害": transfer_damage,
    "选择若干项": choose_options,
    "视为对其使用": view_as_use_on,
    "造成伤害": damage,
    "判定": judge,
    "选择一项": choose_one,
    "改判": retrial,
    "不可被响应": forbid_jink,
    "需连续响应": require_responses,
    "达到张数": threshold,
    "改变摸牌数": draw_count_change,
    "伤害加成": damage_bonus,
    "下一张伤害加成": next_use_bonus,
    "弃置他人的牌": discard_from,
    "改变伤害": change_damage,
    "防止多余伤害": prevent_excess_damage,
    "依然造成伤害": force_hit,
    "使用牌": use_card_on,
    "打出牌": answer_card,
    "轮流": take_turns,
    "防止伤害": prevent_damage,
    "无视防具": ignore_armor,
    "视为使用或打出": provide_card,
    "选择角色": choose_player,
    "观看牌堆顶": look_at_top,
    "分配牌": give_looked,
    "置于牌堆": put_looked,
    "转移目标": transfer,
    "选择花色": choose_suit,
    "展示": show,
    "跳过阶段": skip_phase,
    "移至下家判定区": pass_delayed,
    "横置": chain_and_reset,
    "重置": chain_and_reset,
    "视为使用": view_as_use,
}


@pytest.fixture(autouse=True)
def _spy_on_trigger(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    original = Game.trigger

    def trigger(self: Game, timing: Timing, subject: Player | None, event: Any, target: Player | None = None) -> None:
        if SPY.on:
            SPY.opened.append(timing.value)
        original(self, timing, subject, event, target)

    monkeypatch.setattr(Game, "trigger", trigger)
    SPY.opened.clear()
    SPY.called.clear()
    yield
    SPY.depth = 0


def _without_followers(opened: set[str]) -> set[str]:
    out = set(opened)
    for w, after in FOLLOWERS.items():
        if w in opened:
            out -= after
    return out


@pytest.mark.parametrize("word", sorted(VERBS))
def test_the_table_says_what_the_runtime_opens(word: str) -> None:
    verb = VERBS[word]
    if not verb.actions:
        # a verb with no runtime action of its own (额外回复体力 changes the amount of
        # 回复体力; 比较花色 branches on cards already shown) opens nothing itself
        assert verb.opens == (), word
        return
    probe = PROBES.get(word)
    assert probe is not None, f"verb {word!r} has no probe here: add one that calls {verb.actions}"
    opened = _without_followers(probe())
    assert SPY.called >= set(verb.actions), f"the probe of {word!r} does not call {set(verb.actions) - SPY.called}"
    assert sorted(opened) == sorted(verb.opens), (
        f"{word}: the runtime opens {sorted(opened)}, the table says {sorted(verb.opens)}"
    )
