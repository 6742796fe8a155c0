"""Turn and phase actions and counters: skipping a phase, the draw phase's count, damage
bonuses, what was used or lost this turn, per-phase counters (family: turn/phase)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .. import members as _M
from ..cards import AnyCard, CardName, VirtualCard
from ..events import CardUseEvent, DelayedTrickEvent
from ..player import DAMAGE_BONUS, USED, Player
from ..skills import SkillContext, UseMode
from ..timing import Phase
from ..zones import CardZone

from ._common import _why

if TYPE_CHECKING:
    from ..game import Game

_HAND, _EQUIP = _M.Zone.HAND, _M.Zone.EQUIP

__all__ = [
    "delayed_card", "pass_delayed",
    "skip_phase", "phase_count", "add_phase_count", "skill_uses", "cards_given_this_phase",
    "change_draw_count", "skip_draw", "add_damage_bonus", "next_use_bonus", "spend_next_use", "NEXT_USE",
    "lost_count", "cards_used_this_turn", "current_phase",
]


def skip_phase(ctx: SkillContext, player: Player, phase: Phase) -> None:
    """跳过 ``player``'s next ``phase`` (this turn if not passed yet)."""
    ctx.game.skip_phase(player, phase)


def delayed_card(ctx: SkillContext) -> AnyCard:
    """In a delayed trick's effect (the judge phase: ``ctx.event`` a
    :class:`~sgs.runtime.events.DelayedTrickEvent`): the trick being resolved, as it counts
    (its damage is of this card: 闪电)."""
    ev = ctx.event
    assert isinstance(ev, DelayedTrickEvent), "delayed_card: not in a delayed trick's effect"
    return ev.trick


def pass_delayed(ctx: SkillContext) -> None:
    """将此牌移动至下家的判定区: the delayed trick being resolved moves on from the judged
    player to the next living player, in seat order, whose judge area can take it (none
    of the same name there, nothing prohibits it for him) — the judged player himself
    last; into the discard pile if no one can take it.  Only while it is still in the
    processing area (a skill may have taken it)."""
    ev = ctx.event
    assert isinstance(ev, DelayedTrickEvent), "pass_delayed: not in a delayed trick's effect"
    game, player, card = ctx.game, ev.player, ev.card
    if game.zone_of(card) is not _M.Zone.PROCESSING:
        return
    name = ev.trick.name
    probe = VirtualCard(name, (card,), "", card.type, card.subtype)
    for p in game.alive_from(player)[1:] + ([player] if player.alive else []):
        if any(e.name_as == name.value for e in p.judge_area) or game.prohibited(p, p, probe):
            continue
        game.move_cards([card], _M.Zone.JUDGE, p, _M.MoveReason.PUT, player, judge_as=name.value)
        game.log_event("移动", f"{name.value}移至 {p.tag} 的判定区", player=p.seat, card=card.label)
        return
    game.clear_processing([card])


def phase_count(ctx: SkillContext, player: Player, key: str) -> int:
    """A per-phase counter of ``player`` (reset at every phase start)."""
    return player.phase_counters.get(key, 0)


def add_phase_count(ctx: SkillContext, player: Player, key: str, n: int = 1) -> int:
    """Add to a per-phase counter; returns the new value."""
    v = player.phase_counters.get(key, 0) + n
    player.phase_counters[key] = v
    return v


def skill_uses(ctx: SkillContext, player: Player, skill_name: str, per: str = "phase") -> int:
    """How often ``player`` invoked ``skill_name`` this ``per`` = phase/turn/game."""
    if per == "turn":
        return player.turn_counters.get(skill_name, 0)
    if per == "game":
        return player.marks.get("uses:" + skill_name, 0)
    return player.phase_counters.get(skill_name, 0)


def cards_given_this_phase(ctx: SkillContext, player: Player) -> int:
    """How many cards ``player`` gave (交给) to others this phase (仁德)."""
    return player.phase_counters.get(GIVEN, 0)


GIVEN = "给出"


def change_draw_count(ctx: SkillContext, delta: int) -> int:
    """额外摸n张牌 (+n) / 少摸n张牌 (-n): in the 摸牌阶段摸牌时 window, change how many
    cards this draw phase draws (never below 0).  Returns the new count."""
    dp = ctx.draw_phase
    dp.count = max(0, dp.count + delta)
    return dp.count


def skip_draw(ctx: SkillContext) -> None:
    """放弃摸牌: in the 摸牌阶段摸牌时 window, this draw phase draws nothing (突袭)."""
    ctx.draw_phase.skip_draw = True


def add_damage_bonus(ctx: SkillContext, player: Player, names: Sequence[CardName], n: int = 1) -> None:
    """``player``'s cards named ``names`` that he uses deal ``n`` more damage when he is
    the source, until the end of this turn (裸衣).  All 杀 count as 【杀】."""

    for name in names:
        key = DAMAGE_BONUS + ("杀" if name in (_M.CardName.SLASH, _M.CardName.FIRE_SLASH, _M.CardName.THUNDER_SLASH) else name.value)
        player.turn_counters[key] = player.turn_counters.get(key, 0) + n
    ctx.game.log_event(
        "效果",
        f"{ctx.game.tag(player)} 本回合使用的{'或'.join('【' + n_.value + '】' for n_ in names)}造成的伤害+{n}（{_why(ctx)}）",
        player=player.seat,
    )


#: a counter key of a lasting effect on its holder's next use of a kind of card (酒):
#: ``NEXT_USE + kind + "：" + who made it`` (kind: 杀 for any 杀, else the card's name; who:
#: the card or skill, for the log) → the damage it adds; ``NEXT_USE`` alone marks that
#: one is there (a 杀's use looks no further without it).  Kept in ``turn_counters`` (本回合)
#: or ``phase_counters`` (此阶段), so it ends with the turn or the phase as they are cleared.
NEXT_USE = "下一张"
_SLASHES = frozenset({_M.CardName.SLASH, _M.CardName.FIRE_SLASH, _M.CardName.THUNDER_SLASH})


def next_use_bonus(ctx: SkillContext, player: Player, name: CardName, n: int = 1, phase: bool = False) -> None:
    """本回合（``phase``: 此阶段）你使用的下一张【X】造成的伤害+n (酒): the next card of
    ``name``'s kind (any 杀 for 【杀】) that ``player`` uses this turn (this phase) deals
    ``n`` more damage — spent by that use (:func:`spend_next_use`), even if it deals none.
    Opens no window."""
    kind = "杀" if name in _SLASHES else name.value
    source = ctx.skill.name if ctx.skill is not None else ""
    counters = player.phase_counters if phase else player.turn_counters
    key = f"{NEXT_USE}{kind}：{source}"
    counters[key] = counters.get(key, 0) + n
    counters[NEXT_USE] = 1
    game = ctx.game
    game.log_event(source or "效果", f"{game.tag(player)} {'此阶段' if phase else '本回合'}使用的下一张{kind}伤害+{n}",
                   player=player.seat)


def spend_next_use(game: Game, use: CardUseEvent) -> None:
    """Where the effect of ``use`` starts: it spends the lasting effects on its user's next
    use of its kind (:func:`next_use_bonus`), each adding to ``use.extra_damage`` (the damage
    per hit of the use's card effect).  Whoever runs a card effect that reads
    ``use.extra_damage`` calls it (runtime.effects.basic: 杀)."""
    user = use.user
    for counters in (user.turn_counters, user.phase_counters):
        if NEXT_USE not in counters:
            continue
        card = use.card
        prefix = f"{NEXT_USE}{'杀' if card.is_slash else card.name.value}："
        left = False
        for key in list(counters):
            if key.startswith(prefix):
                n = counters.pop(key)
                use.extra_damage += n
                game.log_event("伤害加成", f"{game.tag(user)} 使用的{card.label}受{key[len(prefix):]}影响，伤害+{n}",
                               player=user.seat)
            elif key.startswith(NEXT_USE) and key != NEXT_USE:
                left = True
        if not left:
            del counters[NEXT_USE]


def current_phase(ctx: SkillContext) -> Phase | None:
    """The phase being played (None between phases and outside turns)."""
    return ctx.game.phase


def cards_used_this_turn(
    ctx: SkillContext, player: Player, name: CardName, mode: UseMode = _M.UseMode.BOTH, phase: Phase = _M.Phase.PLAY
) -> int:
    """How many cards named ``name`` (any 杀 for 【杀】) ``player`` used (``USE``),
    responded with (``RESPOND``) or either (``BOTH``) in ``phase`` of his current turn."""

    key = "杀" if name in (_M.CardName.SLASH, _M.CardName.FIRE_SLASH, _M.CardName.THUNDER_SLASH) else name.value
    total = 0
    for m in (_M.UseMode.USE, _M.UseMode.RESPOND):
        if mode.allows(m):
            total += player.turn_counters.get(USED + phase.value + m.value + key, 0)
    return total


def lost_count(ctx: SkillContext, zone: CardZone) -> int:
    """In a 失去牌时 window: how many cards the owner lost from ``zone`` (HAND,
    EQUIP or HAND_EQUIP) in this move."""

    mv = ctx.move
    if mv.from_player is not ctx.owner:
        return 0
    hand, equip = zone.hand, zone.equip
    n = 0
    for z in mv.from_zones:  # (a loop: a comprehension is a function call in Python 3.11)
        if (z is _HAND and hand) or (z is _EQUIP and equip):
            n += 1
    return n
