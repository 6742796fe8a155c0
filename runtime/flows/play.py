"""The play phase (出牌阶段): the loop of PLAY decisions, the options offered (cards
usable now, active, view-as and proxy skills, 结束出牌), choosing targets, and carrying
out the choice (a card use, an active skill).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence, Union

from .. import members as _M
from ..cards import AnyCard, Card, CardName, VirtualCard
from ..decisions import END_PLAY, Decision, Option
from ..decisions import card_option, skill_option
from ..decisions import option as _option
from ..dispatch import count_skill_use, log_invoke
from ..legality import (
    ANALEPTIC_USED,
    SLASH_COUNT,
    SLASH_NAMES,
    Reach,
    collateral_victims,
    counted_as,
    equipment_slash,
    fixed_targets,
    make_virtual,
    max_targets,
    target_ok,
)
from ..player import Player
from ..skills import ActiveSkill, ResponseProxySkill, SkillContext, ViewAsSkill
from ..stages import LOSER, RECEIVER, Then, family
from ..usable import PlayMemo, card_hooks, play_memo, slash_targets, usable_in_play, usable_named
from ..zones import CardZone
from .question import DeclaredSkill, declare
from .respond import pick_viewas, proxy_ok, run_proxy, viewas_offers
from .use import use_card

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "play_phase",
    "play_options",
    "choose_targets",
    "play_card",
    "play_active",
    "play_proxy_slash",
    "recast",
    "Recast",
    "RECASTABLE",
    "RECAST_STAGES",
]


class Recast:
    """The play option of recasting a card (重铸 铁索连环): not a use."""

    __slots__ = ("card",)

    def __init__(self, card: Card) -> None:
        self.card = card


#: cards its holder may recast in his play phase (the 军争 铁索连环)
RECASTABLE = frozenset({_M.CardName.IRON_CHAIN})
#: cards whose user picks up to max_targets targets (the others: one)
_MULTI_TARGET = SLASH_NAMES | {_M.CardName.IRON_CHAIN}
_ANALEPTIC = _M.CardName.ANALEPTIC

_PlayEntry = Union[Card, VirtualCard, ViewAsSkill, ActiveSkill, ResponseProxySkill, Recast, str]
_SEAT_OPTIONS = {seat: _option(str(seat), "player") for seat in range(1, 11)}
_NAME_VALUE = {n: n.value for n in CardName}
_PLAY = _M.DecisionKind.PLAY
_END_OPTION = _option(END_PLAY, "end")
#: the play phase's action counts as written in a PLAY decision's ``extra``
_COUNTS = [str(i) for i in range(501)]


# ActiveSkill's defaults (usable, any card, any target): a skill keeping one is not asked it
_CAN_ALWAYS, _ANY_CARD, _ANY_TARGET = ActiveSkill.can_use, ActiveSkill.card_filter, ActiveSkill.target_filter
#: a CardZone → which areas it covers (hand, equipment, judge area)
_PARTS = {z: (z.hand, z.equip, z.judge) for z in CardZone}


def _active_ok(game: Game, player: Player, sk: ActiveSkill) -> bool:
    if sk.limit_per_phase is not None and player.phase_counters.get(sk.name, 0) >= sk.limit_per_phase:
        return False
    ctx = SkillContext(game, player, sk)
    cls = type(sk)
    if cls.can_use is not _CAN_ALWAYS and not sk.can_use(ctx):
        return False
    z = sk.card_zone
    if sk.min_cards > 0:
        hand, equip, judge = _PARTS[z]
        if cls.card_filter is _ANY_CARD:
            n = player.card_count(hand, equip, judge)
        else:
            n = sum(1 for c in player.cards_in(hand, equip, judge) if sk.card_filter(ctx, c))
        if n < sk.min_cards:
            return False
    if sk.min_targets > 0:
        if cls.target_filter is _ANY_TARGET:
            cands = game.alive_from(player)
        else:
            cands = [t for t in game.alive_from(player) if sk.target_filter(ctx, t, [])]
        if not cands:
            return False
        if _ordered_targets(sk) and not _can_extend(ctx, sk, cands, [], [], sk.min_targets):
            return False
    return True


def _ordered_targets(sk: ActiveSkill) -> bool:
    """Whether the skill's targets depend on each other (it overrides
    ``next_target_filter``): then they are asked one at a time."""
    return type(sk).next_target_filter is not ActiveSkill.next_target_filter


def _can_extend(
    ctx: SkillContext, sk: ActiveSkill, cands: Sequence[Player], chosen: list[Player], cards: Sequence[Card], need: int
) -> bool:
    """Whether ``need`` more targets can follow ``chosen`` (each passing
    ``next_target_filter`` after the ones before it)."""
    if need <= 0:
        return True
    return any(
        _can_extend(ctx, sk, cands, chosen + [t], cards, need - 1)
        for t in cands
        if not any(t is c for c in chosen) and sk.next_target_filter(ctx, chosen, t, cards)
    )


def _viewas_play_names(
    game: Game,
    player: Player,
    vs: ViewAsSkill,
    reach: Reach | None = None,
    by_name: dict[CardName, bool] | None = None,
    memo: PlayMemo | None = None,
) -> list[CardName]:
    """The names ``vs`` can make a card of that ``player`` may use now.  ``by_name``:
    the play options' legality by card name, when no static hook looks at the card
    (:func:`card_hooks` is False): then a virtual card is as usable as a card of its
    name, unless it is a 杀 made of equipment (the range without it); read and filled
    (``memo``: the player's :func:`play_memo`, with ``by_name``)."""
    out = []
    for n, subs in viewas_offers(game, player, vs, vs.card_names, _M.UseMode.USE, True):  # (the first k)
        card = make_virtual(n, subs, vs.name)
        if by_name is not None and reach is not None and not equipment_slash(game, card):
            ok = by_name.get(n)
            if ok is None:
                ok = by_name[n] = usable_named(game, player, card, reach, memo)
        else:
            ok = usable_in_play(game, player, card, reach)
        if ok:
            out.append(n)
    return out


def play_options(game: Game, player: Player, reach: Reach | None = None) -> tuple[list[Option], list[_PlayEntry]]:
    """The PLAY decision's options (cards usable now, skills, 结束出牌) and what each is;
    ``reach``: ``player``'s distance memo for this decision."""
    opts: list[Option] = []
    entries: list[_PlayEntry] = []
    if reach is None:
        reach = Reach(game, player)
    by_name: dict[CardName, bool] | None = None
    memo: PlayMemo | None = None
    if card_hooks(game, player):
        named = "name_as" in game._hooked[player.seat]
        for c in player.hand:
            card = counted_as(game, player, c) if named else c  # 武神: a 红桃 hand card is a 杀
            if usable_in_play(game, player, card, reach):
                opts.append(card_option(c.label))
                entries.append(card)
    else:
        # without static hooks that look at the card, a card's legality is its name's
        # (for some names kept from the player's earlier decisions: play_memo)
        by_name = {}
        memo = play_memo(game, player)
        for c in player.hand:
            ok = by_name.get(c.name)
            if ok is None:
                ok = by_name[c.name] = usable_named(game, player, c, reach, memo)
            if ok:
                opts.append(card_option(c.label))
                entries.append(c)
    # (by_name, when built, has the names in hand: without a recastable one, no loop)
    if by_name is None or not RECASTABLE.isdisjoint(by_name):
        for c in player.hand:
            if c.name in RECASTABLE:
                opts.append(_option("重铸" + c.label, "recast"))
                entries.append(Recast(c))
    for s in game._play_skills.get(player.seat, ()):
        if not (s.always_active or s.is_active()):
            continue
        if isinstance(s, ActiveSkill) and _active_ok(game, player, s):
            opts.append(skill_option(s.name))
            entries.append(s)
        elif isinstance(s, ViewAsSkill) and _viewas_play_names(game, player, s, reach, by_name, memo):
            opts.append(skill_option(s.name))
            entries.append(s)
        elif (
            isinstance(s, ResponseProxySkill)
            and s.card_name in SLASH_NAMES
            and not player.phase_counters.get(s.name + "无人响应", 0)
            and proxy_ok(game, player, s, (_M.CardName.SLASH,), _M.UseMode.USE)
            and usable_in_play(game, player, make_virtual(_M.CardName.SLASH, (), s.name), reach)
        ):
            opts.append(skill_option(s.name))
            entries.append(s)
    opts.append(_END_OPTION)
    entries.append(END_PLAY)
    return opts, entries


def play_phase(game: Game, player: Player) -> None:
    game.play_actions = 0
    # one memo of distances for the options and the chosen card's targets (nothing
    # changes between them but the answer), emptied for each decision
    memo = Reach(game, player)
    while player.alive and not game._end_phase_now and game.play_actions < 500:
        reach = memo.renew()
        opts, entries = play_options(game, player, reach)
        d = Decision(
            _PLAY,
            player,
            "出牌阶段：选择要使用的牌或技能",
            tuple(opts),
            1,
            1,
            "出牌",
            {"actions": _COUNTS[game.play_actions]},
        )
        e = entries[game.ask(d)[0]]
        if isinstance(e, str):
            return
        game.play_actions += 1
        if isinstance(e, (Card, VirtualCard)):  # (a hand card, or what it counts as)
            play_card(game, player, e, reach)
        elif isinstance(e, Recast):
            recast(game, player, e.card)
        elif isinstance(e, ActiveSkill):
            play_active(game, player, e)
        elif isinstance(e, ViewAsSkill):
            names = _viewas_play_names(game, player, e, reach)
            card = pick_viewas(game, player, e, names)
            play_card(game, player, card, None, e if isinstance(e, DeclaredSkill) else None)
        else:
            play_proxy_slash(game, player, e)


def choose_targets(
    game: Game, user: Player, card: AnyCard, reach: Reach | None = None
) -> tuple[list[Player], Player | None] | None:
    """Targets for a card used in the play phase; None if there are none.  ``reach``:
    ``user``'s distance memo, if the game has not changed since it was made."""
    if reach is None:
        reach = Reach(game, user)
    fixed = fixed_targets(game, user, card, reach)
    if fixed is not None:
        return fixed, None
    memo = (
        play_memo(game, user)
        if card.name in SLASH_NAMES and not equipment_slash(game, card) and not card_hooks(game, user)
        else None
    )
    if memo is not None:  # (the play options have usually just read it)
        cands = list(slash_targets(game, user, reach, memo))
    else:
        cands = []
        for t in reach.alive_from_user():  # (a loop: a comprehension is a function call in 3.11)
            if target_ok(game, user, card, t, reach):
                cands.append(t)
    if not cands:
        return None
    hi = max_targets(game, user, card) if card.name in _MULTI_TARGET else 1
    opts = []
    for t in cands:  # (loops, not comprehensions: each is a function call in Python 3.11)
        opts.append(_SEAT_OPTIONS.get(t.seat) or _option(str(t.seat), "player"))
    d = Decision(_M.DecisionKind.TARGETS, user, f"选择{card.label}的目标", tuple(opts), 1, hi, _NAME_VALUE[card.name])
    targets = []
    for i in game.ask(d):
        targets.append(cands[i])
    sub: Player | None = None
    if card.name is _M.CardName.COLLATERAL:
        victims = collateral_victims(game, targets[0])
        sub = game.choose_players(user, victims, 1, 1, prompt="借刀杀人：选择杀的目标", about="借刀杀人")[0]
    return targets, sub


def play_card(
    game: Game, player: Player, card: AnyCard, reach: Reach | None = None, declared: DeclaredSkill | None = None
) -> None:
    """Choose targets and use ``card``; ``declared``: the skill it was declared by (蛊惑),
    questioned once its targets are named, a void card not used nor counted."""
    chosen = choose_targets(game, player, card, reach)
    if chosen is None:
        return
    targets, sub = chosen
    if declared is not None and isinstance(card, VirtualCard):
        if not declare(game, player, card, declared):
            return
        # a questioner who was a target may have died of the hp he lost
        targets = [t for t in targets if t.alive]
        if not targets or (sub is not None and not sub.alive):
            game.clear_processing(card.physical())
            return
    if card.name in SLASH_NAMES and game.phase is _M.Phase.PLAY and player is game.current:
        player.phase_counters[SLASH_COUNT] = player.phase_counters.get(SLASH_COUNT, 0) + 1
    elif card.name is _ANALEPTIC:
        # 酒 in the play phase: once per turn (a use rule, not its effect; a dying one's is not counted)
        player.turn_counters[ANALEPTIC_USED] = 1
    use_card(game, player, card, targets, "", False, sub)  # (positional: a keyword call costs more)


def recast(game: Game, player: Player, card: Card) -> None:
    """重铸: ``card`` from ``player``'s hand to the discard pile, then he draws one.
    Not a use: no 使用 window opens and no use is counted (集智 does not fire)."""
    game.log_event("重铸", f"{game.tag(player)} 重铸了 {card.label}", player=player.seat, card=card.label)
    game.move_cards([card], _M.Zone.DISCARD_PILE, None, _M.MoveReason.RECAST, player)
    game.draw(player, 1, "重铸")


RECAST_STAGES = family(
    "重铸",
    Then("移动牌", "置入弃牌堆", roles=frozenset({LOSER})),
    Then("移动牌", "摸一张牌", roles=frozenset({RECEIVER})),
)


def play_active(game: Game, player: Player, sk: ActiveSkill) -> None:
    ctx = SkillContext(game, player, sk)
    z = sk.card_zone
    cards: list[Card] = []
    if sk.max_cards != 0:
        cands = [c for c in player.cards_in(z.hand, z.equip, z.judge) if sk.card_filter(ctx, c)]
        hi = len(cands) if sk.max_cards is None else sk.max_cards
        cards = game.choose_cards(player, cands, sk.min_cards, hi, f"{sk.name}：选择牌", sk.name)
        if len(cards) < sk.min_cards:
            return
    targets: list[Player] = []
    if sk.max_targets != 0:
        tc = [t for t in game.alive_from(player) if sk.target_filter(ctx, t, cards)]
        hi_t = len(tc) if sk.max_targets is None else sk.max_targets
        if _ordered_targets(sk):
            # one at a time, in order, each choice leaving a way to complete the selection
            while len(targets) < hi_t:
                need = max(sk.min_targets - len(targets) - 1, 0)
                step = [
                    t
                    for t in tc
                    if not any(t is c for c in targets)
                    and sk.next_target_filter(ctx, targets, t, cards)
                    and _can_extend(ctx, sk, tc, targets + [t], cards, need)
                ]
                lo = 1 if len(targets) < sk.min_targets else 0
                picked = game.choose_players(player, step, lo, 1, f"{sk.name}：选择第{len(targets) + 1}名目标", sk.name)
                if not picked:
                    break
                targets.append(picked[0])
        else:
            targets = game.choose_players(player, tc, sk.min_targets, hi_t, f"{sk.name}：选择目标", sk.name)
        if len(targets) < sk.min_targets:
            return
    count_skill_use(sk)
    log_invoke(game, sk, targets)
    ctx.cards = list(cards)
    ctx.targets = list(targets)
    sk.effect(ctx, cards, targets)


def play_proxy_slash(game: Game, player: Player, px: ResponseProxySkill) -> None:
    probe = make_virtual(_M.CardName.SLASH, (), px.name)
    chosen = choose_targets(game, player, probe)
    if chosen is None:
        return
    got = run_proxy(game, player, px)
    if got is None:
        player.phase_counters[px.name + "无人响应"] = 1
        return
    if game.phase is _M.Phase.PLAY and player is game.current:
        player.phase_counters[SLASH_COUNT] = player.phase_counters.get(SLASH_COUNT, 0) + 1
    use_card(game, player, got, chosen[0], skill=px.name)
