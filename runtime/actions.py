"""Runtime actions: one function per verb of the skill language.

Every action takes the hook's :class:`~sgs.runtime.skills.SkillContext` first (the
runtime uses it for the game, the acting skill's name in logs, and the event being
resolved).  Actions never raise for "nothing to do" (drawing 0, discarding from an
empty hand …); they return what actually happened.

Why one module of ~600 lines: it is the verb table's implementation side, one short
function per verb (``runtime.api`` re-exports them for compiled skills); the drift
test reads them against ``compiler/verbs.py`` as one list.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

from . import members as _M
from .cards import AnyCard, Card, CardName, Color, Nature, Suit
from .events import CardNeedEvent, CardUseEvent, DamageEvent, HpDeductEvent, SlashEffectEvent
from .flows.dying import die
from .flows.dying import enter_dying as _enter_dying
from .flows.hp import HP_PILES
from .flows.use import use_card
from .flows.question import (
    declared_card,
    declared_false,
    declared_true,
    questioned,
    questioners,
    reveal_declared,
    void_declared_use,
)
from .legality import SLASH_NAMES, make_virtual, prohibited, target_ok
from .legality import attack_range as _attack_range
from .decisions import Decision, DecisionKind, option
from .player import DAMAGE_BONUS, USED, Player
from .skills import SkillContext, UseMode
from .timing import Phase
from .zones import CardZone, MoveReason, Zone

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "put_on_general",
    "pile_number_new",
    "prevent_death",
    "enter_dying",
    # 蛊惑 (runtime.flows.question): the text after a declared card's questions
    "questioned",
    "questioners",
    "reveal_declared",
    "declared_true",
    "declared_false",
    "declared_card",
    "void_declared_use",
    "add_mark",
    "marks_of",
    "most_marked",
    "kill",
    "reveal_top",
    "put_into_discard_pile",
    "look_at_hand",
    "show_among",
    "discard_or_put_on_pile",
    "transfer_damage",
    "attack_range",
    "turn_over",
    "choose_options",
    "view_as_use_on",
    "gain_max_hp",
    "lose_max_hp",
    "draw",
    "discard",
    "ask_discard",
    "obtain",
    "obtain_from",
    "discard_from",
    "give",
    "recover",
    "lose_hp",
    "damage",
    "prevent_damage",
    "change_damage",
    "prevent_excess_damage",
    "judge",
    "retrial",
    "ask_invoke",
    "choose_option",
    "choose_players",
    "choose_cards",
    "ask_for_card",
    "forbid_jink",
    "provide_card",
    "ignore_armor",
    "require_jinks",
    "require_duel_slashes",
    "nullify_for",
    "skip_phase",
    "cancel_target",
    "use_as",
    "distance",
    "in_attack_range",
    "is_current",
    "current_player",
    "alive_players",
    "other_players",
    "suit_of",
    "color_of",
    "is_red",
    "is_black",
    "phase_count",
    "add_phase_count",
    "skill_uses",
    "cards_given_this_phase",
    "change_draw_count",
    "skip_draw",
    "add_damage_bonus",
    "look_at_top",
    "choose_cards_among",
    "hand_out",
    "lost_count",
    "cards_used_this_turn",
    "current_phase",
    "view_as_use",
    "arrange_cards",
    "put_on_pile",
    "transfer_candidates",
    "transfer_target",
    "choose_suit",
    "show_card",
    "can_use_on",
]


def _why(ctx: SkillContext) -> str:
    return ctx.skill.name if ctx.skill is not None else ""


# ---------------------------------------------------------------- card movement


def draw(ctx: SkillContext, player: Player, n: int) -> list[Card]:
    """摸牌: ``player`` draws ``n`` cards from the draw pile (reshuffles as needed)."""
    return ctx.game.draw(player, n, reason=_why(ctx))


def discard(ctx: SkillContext, player: Player, cards: Sequence[Card]) -> None:
    """弃置 the given cards of ``player`` (from hand/equipment) to the discard pile."""
    ctx.game.discard_cards(player, list(cards), reason=_why(ctx))


def ask_discard(
    ctx: SkillContext,
    player: Player,
    n: int,
    zone: CardZone = _M.CardZone.HAND,
    optional: bool = False,
    card_filter: Callable[[Card], bool] | None = None,
    prompt: str = "",
) -> list[Card]:
    """``player`` chooses and discards ``n`` of his cards in ``zone``.

    Forced (``optional=False``): exactly ``min(n, available)`` cards.  Optional: 0
    or ``n`` cards (answering 取消 discards nothing); returns the discarded cards —
    compare ``len(result) == n`` to know whether a cost was paid.
    """
    return ctx.game.ask_discard(
        player, n, zone=zone, optional=optional, card_filter=card_filter, prompt=prompt, reason=_why(ctx)
    )


def obtain(ctx: SkillContext, player: Player, card: AnyCard) -> list[Card]:
    """获得 a specific card into ``player``'s hand.

    A virtual card gives its subcards.  Cards are taken from wherever they are if
    that is the processing area, the discard pile, or a player's hand/equipment/
    judge area; cards in the draw pile are not taken.  Returns the cards obtained
    (empty if e.g. the 杀 that caused the damage already went elsewhere).
    """
    return ctx.game.obtain_card(player, card, reason=_why(ctx))


def obtain_from(ctx: SkillContext, player: Player, target: Player, zone: CardZone = _M.CardZone.HAND_EQUIP) -> Card | None:
    """``player`` chooses one card in ``target``'s ``zone`` (hand cards blind) and
    获得 it.  None if ``target`` has no such card."""
    return ctx.game.obtain_from(player, target, zone, reason=_why(ctx))


def discard_from(
    ctx: SkillContext,
    player: Player,
    target: Player,
    zone: CardZone = _M.CardZone.HAND_EQUIP,
    card_filter: Callable[[Card], bool] | None = None,
) -> Card | None:
    """``player`` chooses one card in ``target``'s ``zone`` (hand blind) and 弃置 it;
    None if there is none.  With ``card_filter`` (一张坐骑牌) the choice is among the
    cards of ``target``'s equipment area that pass it (cards in sight: the zone must
    not hold the hand, ValueError otherwise)."""
    game = ctx.game
    if card_filter is None:
        return game.discard_from(player, target, zone, reason=_why(ctx))
    if zone.hand:
        raise ValueError(f"a kind of card is chosen in sight, not in a hand: {zone}")
    cards = [c for c in target.equip_cards() if card_filter(c)]
    if not cards:
        return None
    picked = game.choose_cards(player, cards, 1, 1, prompt=f"{_why(ctx)}：选择{target.tag}的一张牌", about=_why(ctx))
    if not picked:
        return None
    game.discard_cards(target, picked, _why(ctx), by=player)
    return picked[0]


def give(ctx: SkillContext, giver: Player, receiver: Player, cards: Sequence[Card]) -> None:
    """交给: move ``giver``'s cards to ``receiver``'s hand.  Counts toward
    ``cards_given_this_phase(giver)``."""
    ctx.game.give_cards(giver, receiver, list(cards), reason=_why(ctx))


# ---------------------------------------------------------------- hp


def recover(ctx: SkillContext, player: Player, n: int = 1, source: Player | None = None) -> int:
    """回复体力: ``player`` recovers ``n`` (capped at max hp).  Returns the amount
    actually recovered.  ``source`` defaults to the skill's owner."""
    src = source if source is not None else ctx.owner
    return ctx.game.recover(player, n, source=src, reason=_why(ctx))


def lose_hp(ctx: SkillContext, player: Player, n: int = 1) -> None:
    """失去体力 (not damage: no damage windows; may cause dying)."""
    ctx.game.lose_hp(player, n, reason=_why(ctx))


def turn_over(ctx: SkillContext, player: Player) -> None:
    """将武将牌叠置 (翻面): ``player``'s general card turns over — face down, his next
    turn is skipped and the card turned face up instead (runtime.flows.turn.run_turn);
    a face-down card turned over again is face up.  Opens no window."""
    if not player.alive:
        return
    player.face_down = not player.face_down
    game = ctx.game
    word = "叠置" if player.face_down else "平置"
    game.log_event(word, f"{game.tag(player)} 将武将牌{word}", player=player.seat)


def gain_max_hp(ctx: SkillContext, player: Player, n: int = 1) -> None:
    """加n点体力上限: ``player``'s max hp grows by ``n``; his hp stays (not a recovery)."""
    if not player.alive or n <= 0:
        return
    player.max_hp += n
    game = ctx.game
    game.log_event("体力上限", f"{game.tag(player)} 加{n}点体力上限，体力上限为{player.max_hp}",
                   player=player.seat, amount=n, max_hp=player.max_hp)


def lose_max_hp(ctx: SkillContext, player: Player, n: int = 1) -> None:
    """减n点体力上限: ``player``'s max hp falls by ``n`` and his hp to it if above (no
    loss of hp: no 失去体力 window); at 0 he dies at once — he does not enter 濒死, as
    nothing can save a player without max hp (the rules of seed 000, 体力上限)."""
    if not player.alive or n <= 0:
        return
    player.max_hp -= n
    player.hp = min(player.hp, player.max_hp)
    game = ctx.game
    game.log_event("体力上限", f"{game.tag(player)} 减{n}点体力上限，体力上限为{player.max_hp}",
                   player=player.seat, amount=-n, max_hp=player.max_hp)
    if player.max_hp <= 0:
        die(game, player, None)


def damage(
    ctx: SkillContext,
    source: Player | None,
    target: Player,
    n: int = 1,
    card: AnyCard | None = None,
    nature: Nature = _M.Nature.NORMAL,
) -> DamageEvent:
    """造成伤害: ``source`` (None = no source) deals ``n`` damage to ``target``.
    Returns the event (``prevented`` tells if it was prevented)."""
    return ctx.game.damage(source, target, n, card=card, nature=nature, reason=_why(ctx))


def transfer_damage(ctx: SkillContext, to: Player) -> DamageEvent | None:
    """转移此伤害给 ``to`` (in a 受到伤害时 window: 天香): the damage is prevented for its
    target and the same damage — source, amount, card, nature — is dealt to ``to``, a
    damage of its own with all its windows (his 刚烈 answers the source, not the one
    who moved it).  Returns the new event (None if ``to`` is dead)."""
    ev = ctx.damage
    ev.prevented = True
    game = ctx.game
    game.log_event("转移伤害", f"{game.tag(ev.target)} 将伤害转移给 {game.tag(to)}",
                   player=ev.target.seat, to=to.seat)
    if not to.alive:
        return None
    return game.damage(ev.source, to, ev.amount, card=ev.card, nature=ev.nature, reason=_why(ctx))


def prevent_damage(ctx: SkillContext) -> None:
    """防止此伤害 (in a 造成伤害时 / 受到伤害时 window)."""
    ctx.damage.prevented = True


def change_damage(ctx: SkillContext, delta: int) -> None:
    """此伤害+n / 此伤害-n (in a 造成伤害时 / 受到伤害时 window): the damage's amount
    changes by ``delta`` (at 0 or less it is prevented when the window closes).  Logged
    as the window's subject sees it: at 造成伤害时 the damage the source deals, at
    受到伤害时 the damage the target takes."""
    ev = ctx.damage
    ev.amount += delta
    game = ctx.game
    nature = "" if ev.nature is _M.Nature.NORMAL else ev.nature.value
    whose = (
        f"{game.tag(ev.source)} 对 {game.tag(ev.target)} 造成的"
        if ctx.timing is _M.Timing.DAMAGE_CAUSING and ev.source is not None
        else f"{game.tag(ev.target)} 受到的"
    )
    game.log_event("伤害改变", f"{whose}{nature}伤害{delta:+d}（{_why(ctx)}）", target=ev.target.seat, amount=delta)


def prevent_excess_damage(ctx: SkillContext) -> None:
    """防止多余的伤害 (in a 受到伤害时 window): the damage's amount is capped at 1 and
    what it loses is logged as prevented; a damage of 1 or less is left as it is."""
    ev = ctx.damage
    if ev.amount <= 1:
        return
    game = ctx.game
    excess, ev.amount = ev.amount - 1, 1
    game.log_event("伤害减少", f"{game.tag(ev.target)} 防止了{excess}点多余的伤害（{_why(ctx)}）", target=ev.target.seat)


# ---------------------------------------------------------------- judge


def judge(ctx: SkillContext, player: Player, good: Callable[[Card], bool] | None = None) -> Card:
    """判定: reveal the top card; the 判定牌生效前 window may replace it; returns the
    final judge card (then in the discard pile — ``obtain`` can still take it).
    ``good`` is an optional hint for bots deciding on retrial."""
    return ctx.game.judge(player, reason=_why(ctx), good=good)


def retrial(ctx: SkillContext, card: Card, respond: bool = True, keep: bool = False) -> None:
    """改判: in the 判定牌生效前 window, replace the current judge card with ``card``
    (taken from the owner's hand/equipment; ``respond`` → it is 打出).  The replaced
    card goes to the discard pile, or with ``keep`` to the owner's hand (替换之: 鬼道)."""
    ctx.game.retrial(ctx.judge_event, ctx.owner, card, respond=respond, reason=_why(ctx), keep=keep)


# ---------------------------------------------------------------- questions


def ask_invoke(ctx: SkillContext, player: Player, prompt: str = "") -> bool:
    """Ask ``player`` a yes/no question (labels 发动 / 不发动)."""
    return ctx.game.ask_yes_no(player, prompt or f"是否发动{_why(ctx)}", about=_why(ctx))


def choose_option(
    ctx: SkillContext,
    chooser: Player,
    options: Sequence[str],
    feasible: Sequence[bool] | None = None,
    prompt: str = "",
) -> str | None:
    """选择一项: ``chooser`` picks one label among the feasible ``options``.
    Returns the label, or None when no option is feasible."""
    return ctx.game.choose_option(chooser, list(options), feasible=feasible, prompt=prompt, about=_why(ctx))


def choose_players(
    ctx: SkillContext,
    chooser: Player,
    candidates: Sequence[Player],
    min_n: int = 1,
    max_n: int = 1,
    prompt: str = "",
) -> list[Player]:
    """``chooser`` picks ``min_n``..``max_n`` players among ``candidates`` (labels =
    seat numbers; ``min_n=0`` makes the choice optional: 取消 picks none)."""
    return ctx.game.choose_players(chooser, list(candidates), min_n, max_n, prompt=prompt, about=_why(ctx))


def choose_cards(
    ctx: SkillContext,
    chooser: Player,
    zone: CardZone = _M.CardZone.HAND,
    min_n: int = 1,
    max_n: int = 1,
    card_filter: Callable[[Card], bool] | None = None,
    prompt: str = "",
) -> list[Card]:
    """``chooser`` picks ``min_n``..``max_n`` of his own cards in ``zone`` passing
    ``card_filter`` (nothing moves).  If fewer than ``min_n`` are available, all
    available cards must be picked when ``min_n`` > 0."""
    cards = ctx.owner.cards_in(zone.hand, zone.equip, zone.judge) if chooser is ctx.owner else chooser.cards_in(
        zone.hand, zone.equip, zone.judge
    )
    if card_filter is not None:
        cards = [c for c in cards if card_filter(c)]
    return ctx.game.choose_cards(chooser, cards, min_n, max_n, prompt=prompt, about=_why(ctx))


def ask_for_card(
    ctx: SkillContext,
    player: Player,
    name: CardName | Sequence[CardName],
    mode: UseMode = _M.UseMode.RESPOND,
    prompt: str = "",
) -> AnyCard | None:
    """Ask ``player`` to 打出 (``mode=RESPOND``) or 使用 (``USE``, without target) a
    card named ``name`` (view-as and proxy skills apply).  Returns the card, or None
    if he declines.  The card is moved to the discard pile."""
    names = (name,) if isinstance(name, CardName) else tuple(name)
    return ctx.game.ask_for_card(player, names, mode, prompt=prompt, reason=_why(ctx))


# ---------------------------------------------------------------- card-use flags


def _use_of(ctx: SkillContext) -> CardUseEvent:
    ev = ctx.event
    if isinstance(ev, SlashEffectEvent):
        return ev.use
    return ctx.use


def forbid_jink(ctx: SkillContext, target: Player) -> None:
    """此【杀】不可被【闪】响应 for ``target`` (铁骑)."""
    _use_of(ctx).no_jink.add(target.seat)


def provide_card(ctx: SkillContext, player: Player, name: CardName) -> bool:
    """视为<player>使用或打出一张【name】 at 需要牌时 (八卦阵): the card ``player`` is
    asked for is a virtual ``name`` of this skill, with no subcards.  False (nothing
    provided) outside that window, for another player, or for a card not asked for."""
    ev = ctx.event
    if not isinstance(ev, CardNeedEvent) or ev.player is not player or ev.provided is not None:
        return False
    if name not in ev.names and not (_M.CardName.SLASH in ev.names and name in SLASH_NAMES):
        return False
    ev.provided = make_virtual(name, (), ctx.skill.name if ctx.skill is not None else "")
    return True


def require_jinks(ctx: SkillContext, target: Player, n: int) -> None:
    """``target`` needs ``n`` 闪 to offset this 杀 (无双: 2)."""
    use = _use_of(ctx)
    use.jinks_needed[target.seat] = max(n, use.jinks_needed.get(target.seat, 1))


def require_duel_slashes(ctx: SkillContext, player: Player, n: int) -> None:
    """In this 决斗, ``player`` must play ``n`` 杀 each time (无双)."""
    use = _use_of(ctx)
    use.duel_slashes_needed[player.seat] = max(n, use.duel_slashes_needed.get(player.seat, 1))


def nullify_for(ctx: SkillContext, target: Player) -> None:
    """The current card's effect on ``target`` is cancelled (对其无效); logged."""
    use = _use_of(ctx)
    use.nullified.add(target.seat)
    ctx.game.log_event("无效", f"{use.card.label} 对 {ctx.game.tag(target)} 无效（{_why(ctx)}）", target=target.seat)


def ignore_armor(ctx: SkillContext, target: Player) -> None:
    """无视其防具: ``target``'s armor (and its skills) does not work against the
    current card use (青釭剑)."""
    _use_of(ctx).ignore_armor.add(target.seat)


def cancel_target(ctx: SkillContext, target: Player) -> None:
    """取消之: remove ``target`` from the current card use's targets (at 使用时 /
    指定目标时 / 成为目标时 windows, before the effect)."""
    use = _use_of(ctx)
    if target in use.targets:
        use.targets.remove(target)
        ctx.game.log_event("取消目标", f"{target.tag} 被取消为{use.card.label}的目标", target=target.seat)


def use_as(ctx: SkillContext, user: Player, name: CardName, targets: Sequence[Player], cards: Sequence[Card] = ()) -> CardUseEvent:
    """视为使用: ``user`` uses a virtual ``name`` (with ``cards`` as subcards, none by
    default) on ``targets``; legality is the skill's business.  Not counted toward
    the 杀 limit."""
    return use_card(ctx.game, user, make_virtual(name, list(cards), _why(ctx)), list(targets))


def view_as_use(
    ctx: SkillContext,
    user: Player,
    name: CardName,
    targets: Sequence[Player],
    nullifiable: bool = True,
) -> CardUseEvent:
    """视为…使用: ``user`` is viewed as using a virtual ``name`` (no subcards) on
    ``targets``, the skill's owner having decided it (离间); ``nullifiable=False``:
    no 无懈可击 may answer it.  Legality is the skill's business; not counted toward
    the 杀 limit."""
    return use_card(ctx.game, user, make_virtual(name, [], _why(ctx)), list(targets), unnullifiable=not nullifiable)


def view_as_use_on(
    ctx: SkillContext,
    user: Player,
    name: CardName,
    candidates: Sequence[Player],
    nullifiable: bool = True,
) -> CardUseEvent | None:
    """视为对一名…角色使用一张【name】: ``user`` picks one of ``candidates`` that may be
    a target (the text names the target: no distance limit — seed 000, 神速 "视为对任意一名
    角色使用了杀" — but a prohibition such as 空城 still holds) and is viewed as using a
    virtual ``name`` on him.  None when no candidate may be a target."""
    game = ctx.game
    card = make_virtual(name, [], _why(ctx))
    if name in SLASH_NAMES:
        ok = [t for t in candidates if t.alive and t is not user
              and not ("prohibit" in game._hooks_any and prohibited(game, user, t, card))]
    else:
        ok = [t for t in candidates if target_ok(game, user, card, t)]
    if not ok or not user.alive:
        return None
    picked = game.choose_players(user, ok, 1, 1, prompt=f"选择【{name.value}】的目标", about=_why(ctx))
    if not picked:
        return None
    return use_card(game, user, card, picked, unnullifiable=not nullifiable)


def choose_options(
    ctx: SkillContext,
    chooser: Player,
    options: Sequence[str],
    low: int,
    high: int,
    feasible: Sequence[bool] | None = None,
    prompt: str = "",
) -> list[str]:
    """选择一至两项: ``chooser`` picks ``low``..``high`` of the feasible ``options``
    (labels); returns the picked labels in the options' order (empty when fewer than
    ``low`` are feasible)."""
    legal = [o for i, o in enumerate(options) if feasible is None or feasible[i]]
    if len(legal) < low or not legal:
        return []
    game = ctx.game
    d = Decision(DecisionKind.OPTION, chooser, prompt or f"选择{low}至{high}项", tuple(option(o) for o in legal),
                 min=low, max=min(high, len(legal)), about=_why(ctx))
    picked = sorted(game.ask(d))
    out = [legal[i] for i in picked]
    game.log_event("选择", f"{game.tag(chooser)} 选择「{'」「'.join(out)}」", player=chooser.seat, choice="、".join(out))
    return out


def skip_phase(ctx: SkillContext, player: Player, phase: Phase) -> None:
    """跳过 ``player``'s next ``phase`` (this turn if not passed yet)."""
    ctx.game.skip_phase(player, phase)


# ---------------------------------------------------------------- queries


def distance(ctx: SkillContext, src: Player, dst: Player) -> int:
    """Distance from ``src`` to ``dst`` (seat distance, horses, static skills)."""
    return ctx.game.distance(src, dst)


def attack_range(ctx: SkillContext, player: Player) -> int:
    """``player``'s attack range (1 without a weapon; weapon and static skills)."""
    return _attack_range(ctx.game, player)


def in_attack_range(ctx: SkillContext, src: Player, dst: Player) -> bool:
    """Whether ``dst`` is in ``src``'s attack range."""
    return ctx.game.in_attack_range(src, dst)


def is_current(ctx: SkillContext, player: Player) -> bool:
    """Whether it is ``player``'s turn (当前回合角色)."""
    return ctx.game.current is player


def current_player(ctx: SkillContext) -> Player:
    return ctx.game.current


def alive_players(ctx: SkillContext) -> list[Player]:
    """Living players in seat order starting from the current player."""
    return ctx.game.alive_from(ctx.game.current)


def other_players(ctx: SkillContext, player: Player) -> list[Player]:
    """Living players other than ``player``, in seat order from his next seat."""
    return ctx.game.alive_from(player)[1:] if player.alive else [
        p for p in ctx.game.alive_from(ctx.game.current) if p is not player
    ]


def suit_of(ctx: SkillContext | Game, card: AnyCard, holder: Player | None = None) -> Suit:
    """The suit ``card`` counts as in this game (the suit view, :mod:`sgs.runtime.suits`:
    红颜), ``holder``'s (None: whoever holds it in hand or equipment).  ``ctx``: a
    skill's context, or the game (a static skill's query)."""
    return (ctx.game if isinstance(ctx, SkillContext) else ctx).suit_of(card, holder)


def color_of(ctx: SkillContext | Game, card: AnyCard, holder: Player | None = None) -> Color:
    """The colour ``card`` counts as in this game (see :func:`suit_of`)."""
    return (ctx.game if isinstance(ctx, SkillContext) else ctx).color_of(card, holder)


def is_red(ctx: SkillContext | Game, card: AnyCard, holder: Player | None = None) -> bool:
    """Whether ``card`` counts as red in this game (see :func:`suit_of`)."""
    return color_of(ctx, card, holder) is _M.Color.RED


def is_black(ctx: SkillContext | Game, card: AnyCard, holder: Player | None = None) -> bool:
    """Whether ``card`` counts as black in this game (see :func:`suit_of`)."""
    return color_of(ctx, card, holder) is _M.Color.BLACK


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


# ---------------------------------------------------------------- draw phase, turn effects


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
    want = {z for z, ok in ((_M.Zone.HAND, zone.hand), (_M.Zone.EQUIP, zone.equip)) if ok}
    return sum(1 for z in mv.from_zones if z in want)


# ---------------------------------------------------------------- looking at the draw pile


def look_at_top(ctx: SkillContext, player: Player, n: int) -> list[Card]:
    """观看牌堆顶的n张牌: take the top ``n`` cards into the processing area, seen by
    ``player`` only; the skill then disposes of them (``hand_out`` …)."""
    cards = ctx.game.take_top(n)
    ctx.game.log_event(
        "观看",
        f"{player.tag} 观看了牌堆顶的{n}张牌（{_why(ctx)}）",
        player=player.seat,
        cards=[c.label for c in cards],
    )
    return cards


def add_mark(ctx: SkillContext, player: Player, mark: str, n: int = 1) -> None:
    """获得n枚“mark”标记: public marks on ``player``'s general (kept in ``player.marks``
    as ``标记:<mark>``)."""
    if not player.alive or n <= 0:
        return
    key = "标记:" + mark
    player.marks[key] = player.marks.get(key, 0) + n
    game = ctx.game
    game.log_event("标记", f"{game.tag(player)} 获得{n}枚“{mark}”标记（{_why(ctx)}），共{player.marks[key]}枚",
                   player=player.seat, mark=mark, count=player.marks[key])


def marks_of(ctx: SkillContext, player: Player, mark: str) -> int:
    """How many “mark” marks ``player`` has."""
    return player.marks.get("标记:" + mark, 0)


def most_marked(ctx: SkillContext, players: Sequence[Player], mark: str) -> list[Player]:
    """拥有“mark”标记最多的角色: those of ``players`` with the most such marks (at least
    one: nobody has the most of none)."""
    most = max((marks_of(ctx, p, mark) for p in players), default=0)
    return [p for p in players if most > 0 and marks_of(ctx, p, mark) == most]


def kill(ctx: SkillContext, player: Player) -> None:
    """<player>死亡 (武魂): he dies at once — no 濒死, no killer (so no rewards)."""
    if player.alive:
        die(ctx.game, player, None)


def reveal_top(ctx: SkillContext, player: Player, n: int) -> list[Card]:
    """亮出牌堆顶的n张牌: ``player`` takes the top ``n`` cards into the processing area,
    face up for everyone (the log names them); the skill then disposes of them
    (获得其中…, 将其余的牌置入弃牌堆: :func:`put_into_discard_pile`)."""
    game = ctx.game
    cards = game.take_top(n)
    game.log_event("亮出", f"{game.tag(player)} 亮出了 {'、'.join(c.label for c in cards)}（{_why(ctx)}）",
                   player=player.seat, cards=[c.label for c in cards])
    return cards


def put_on_general(ctx: SkillContext, player: Player, n: int = 1) -> list[Card]:
    """从牌堆顶亮出n张牌置于你的武将牌上: the top ``n`` cards, revealed (logged), go onto
    ``player``'s general card, in the pile named after the skill (``player.piles``).
    Put there at 扣减体力时 (不屈: one per point deducted), they stand for his hp below
    1 and a recovery gives them back (:mod:`sgs.runtime.flows.hp`).  Returns them."""
    game = ctx.game
    if not player.alive or n <= 0:
        return []
    name = _why(ctx)
    cards = game.take_top(n)
    game.log_event("亮出", f"{game.tag(player)} 亮出了 {'、'.join(c.label for c in cards)}（{name}）",
                   player=player.seat, cards=[c.label for c in cards])
    game.move_cards(cards, _M.Zone.GENERAL, player, _M.MoveReason.PUT, player, pile=name)
    if ctx.timing is _M.Timing.HP_DEDUCTING:
        player.marks[HP_PILES + name] = 1
    pile = player.piles.get(name, [])
    game.log_event("置于武将牌上", f"{game.tag(player)} 将 {'、'.join(c.label for c in cards)} 置于武将牌上（{name}），"
                   f"共{len(pile)}张：{'、'.join(c.label for c in pile)}", player=player.seat,
                   cards=[c.label for c in pile])
    return cards


def pile_number_new(ctx: SkillContext, player: Player, card: Card) -> bool:
    """该牌的点数与你武将牌上已有的任何一张牌都不同: no other card on ``player``'s
    general card (in any pile) has ``card``'s number."""
    return not any(c is not card and c.number == card.number for pile in player.piles.values() for c in pile)


def prevent_death(ctx: SkillContext, player: Player) -> None:
    """你不会死去 (不屈): ``player`` does not die of the hp deduction being resolved —
    the rules start no 濒死 for it below 1 hp.  Only at 扣减体力时 (the compiler refuses
    it elsewhere); raises ``TypeError`` for another event."""
    ev = ctx.event
    if not isinstance(ev, HpDeductEvent):
        raise TypeError(f"不会死去 needs the 扣减体力时 window, not {type(ev).__name__}")
    if ev.player is player:
        ev.survives = True
        ctx.game.log_event("不会死去", f"{ctx.game.tag(player)} 不会死去（{_why(ctx)}），体力值为{player.hp}",
                           player=player.seat, hp=player.hp)


def enter_dying(ctx: SkillContext, player: Player) -> None:
    """<player>进入濒死状态: he enters 濒死 now (others may use 桃 on him; below 1 hp
    after it, he dies), whatever a skill said before of the deduction being resolved."""
    if not player.alive:
        return
    ev = ctx.event
    damage = ev if isinstance(ev, DamageEvent) else None
    if isinstance(ev, HpDeductEvent):
        damage = ev.damage
        if ev.player is player:
            ev.survives = False
    _enter_dying(ctx.game, player, damage)


def put_into_discard_pile(ctx: SkillContext, player: Player, cards: Sequence[Card]) -> None:
    """将其余的牌置入弃牌堆: those of ``cards`` (revealed, looked at) still in the
    processing area go to the discard pile (not 弃置: nobody discards them)."""
    ctx.game.clear_processing(list(cards))


def look_at_hand(ctx: SkillContext, viewer: Player, whose: Player) -> list[Card]:
    """观看<whose>的手牌: ``viewer`` sees ``whose``'s hand (the log says that he looked,
    not what he saw); returns the cards, for the skill to pick among (攻心)."""
    game = ctx.game
    game.log_event("观看手牌", f"{game.tag(viewer)} 观看了 {game.tag(whose)} 的手牌（{_why(ctx)}）",
                   player=viewer.seat, whose=whose.seat)
    return list(whose.hand)


def show_among(
    ctx: SkillContext,
    chooser: Player,
    cards: Sequence[Card],
    card_filter: Callable[[Card], bool] | None = None,
    optional: bool = False,
) -> Card | None:
    """展示其中一张…牌: ``chooser`` picks one of ``cards`` (cards he looked at) passing
    ``card_filter`` and shows it to everyone (``optional``: he may pick none).  None
    when none is picked or none passes."""
    cands = [c for c in cards if card_filter is None or card_filter(c)]
    if not cands:
        return None
    game = ctx.game
    picked = game.choose_cards(chooser, cands, 0 if optional else 1, 1, prompt="选择要展示的牌", about=_why(ctx))
    if not picked:
        return None
    show_card(ctx, chooser, picked[0])
    return picked[0]


def discard_or_put_on_pile(ctx: SkillContext, chooser: Player, card: Card) -> None:
    """将之弃置或置于牌堆顶: ``chooser`` decides where ``card`` (someone's, shown) goes —
    the discard pile (弃置) or the top of the draw pile; its holder loses it either way."""
    game = ctx.game
    choice = game.choose_option(chooser, ["弃置", "置于牌堆顶"], prompt=f"将 {card.label} 弃置或置于牌堆顶", about=_why(ctx))
    if choice == "弃置":
        game.move_cards([card], _M.Zone.DISCARD_PILE, None, _M.MoveReason.DISCARD, chooser)
        game.log_event("弃置", f"{game.tag(chooser)} 弃置了 {card.label}（{_why(ctx)}）", player=chooser.seat, cards=[card.label])
    else:
        game.move_cards([card], _M.Zone.DRAW_PILE, None, _M.MoveReason.PUT, chooser)
        game.log_event("置于牌堆", f"{game.tag(chooser)} 将 {card.label} 置于牌堆顶（{_why(ctx)}）",
                       player=chooser.seat, cards=[card.label], bottom=False)


def choose_cards_among(
    ctx: SkillContext, chooser: Player, cards: Sequence[Card], min_n: int = 1, max_n: int = 1, prompt: str = ""
) -> list[Card]:
    """``chooser`` picks ``min_n``..``max_n`` of ``cards`` (cards he is looking at,
    not his own); nothing moves."""
    return ctx.game.choose_cards(chooser, list(cards), min_n, max_n, prompt=prompt, about=_why(ctx))


def hand_out(ctx: SkillContext, giver: Player, receiver: Player, cards: Sequence[Card]) -> None:
    """交给 cards ``giver`` is looking at (in the processing area) to ``receiver``'s
    hand (遗计); cards no longer in the processing area are ignored.  If
    ``receiver`` is dead the cards go to the discard pile."""

    game = ctx.game
    cs = [c for c in cards if game.zone_of(c) is _M.Zone.PROCESSING]
    if not cs:
        return
    if not receiver.alive:
        game.clear_processing(cs)
        return
    game.move_cards(cs, _M.Zone.HAND, receiver, _M.MoveReason.GIVE, giver)
    game.log_event(
        "交给",
        f"{giver.tag} 将{len(cs)}张牌交给{receiver.tag}（{_why(ctx)}）",
        player=giver.seat,
        target=receiver.seat,
        cards=[c.label for c in cs],
    )


def arrange_cards(
    ctx: SkillContext, chooser: Player, cards: Sequence[Card], min_n: int = 0, max_n: int | None = None, prompt: str = ""
) -> list[Card]:
    """``chooser`` picks ``min_n``..``max_n`` (default: all) of ``cards`` (cards he is
    looking at) in an order of his choice — the order of the answer, first = highest
    (观星).  Nothing moves."""

    hi = len(cards) if max_n is None else max_n
    return ctx.game.choose_cards(
        chooser, list(cards), min_n, hi, prompt=prompt or "按顺序选择牌（先选的在上）", about=_why(ctx), kind=_M.DecisionKind.ARRANGE
    )


def put_on_pile(ctx: SkillContext, player: Player, cards: Sequence[Card], bottom: bool = False) -> None:
    """置于牌堆顶/牌堆底: ``player`` puts cards he is looking at (in the processing
    area) back on top of the draw pile or under it, ``cards[0]`` highest (观星);
    cards no longer in the processing area are ignored."""
    cs = ctx.game.put_on_draw_pile(cards, bottom)
    if not cs:
        return
    where = "牌堆底" if bottom else "牌堆顶"
    ctx.game.log_event(
        "置于牌堆",
        f"{ctx.game.tag(player)} 将{len(cs)}张牌置于{where}（{_why(ctx)}）",
        player=player.seat,
        cards=[c.label for c in cs],
        bottom=bottom,
    )


# ---------------------------------------------------------------- moving a target


def transfer_candidates(
    ctx: SkillContext,
    chooser: Player,
    in_range: bool = True,
    exclude_user: bool = True,
    without: Sequence[Card] = (),
) -> list[Player]:
    """The players ``chooser`` (a target of the current card use) may move it to
    (转移给…, 流离): living other players not already its targets, who may be its
    targets (no 空城 …); ``in_range``: within ``chooser``'s attack range, his
    equipment in ``without`` (a cost about to be paid) not counting; ``exclude_user``:
    not the card's user.  In seat order from ``chooser``."""
    use = _use_of(ctx)
    game = ctx.game
    out: list[Player] = []
    for p in game.alive_from(chooser):
        if p is chooser or any(p is t for t in use.targets):
            continue
        if exclude_user and p is use.user:
            continue
        if game.prohibited(use.user, p, use.card):
            continue
        if in_range and not game.in_attack_range(chooser, p, without):
            continue
        out.append(p)
    return out


def transfer_target(ctx: SkillContext, old: Player, new: Player) -> None:
    """将此牌转移给 ``new``: in a 成为目标时 window, ``new`` replaces ``old`` among the
    current card use's targets (same place in the resolution order) and then
    becomes its target in turn (his own 成为目标时 window opens).  Nothing happens
    if ``old`` is no longer a target."""
    use = _use_of(ctx)
    for i, t in enumerate(use.targets):
        if t is old:
            use.targets[i] = new
            break
    else:
        return
    ctx.game.log_event(
        "转移目标",
        f"{use.card.label}的目标由{ctx.game.tag(old)}转移给{ctx.game.tag(new)}（{_why(ctx)}）",
        player=old.seat,
        target=new.seat,
        card=use.card.label,
    )


# ---------------------------------------------------------------- naming a suit, showing a card

SUITS: tuple[Suit, ...] = (_M.Suit.SPADE, _M.Suit.HEART, _M.Suit.CLUB, _M.Suit.DIAMOND)


def choose_suit(ctx: SkillContext, chooser: Player, prompt: str = "") -> Suit:
    """选择一种花色: ``chooser`` names a suit (an OPTION decision; labels 黑桃 /
    红桃 / 梅花 / 方块); logged."""
    labels = [s.value for s in SUITS]
    choice = ctx.game.choose_option(chooser, labels, prompt=prompt or "选择一种花色", about=_why(ctx))
    assert choice is not None
    return Suit(choice)


def show_card(ctx: SkillContext, player: Player, card: Card) -> None:
    """展示: ``player`` shows ``card`` to everyone (logged with its label)."""
    ctx.game.log_event(
        "展示",
        f"{ctx.game.tag(player)} 展示了 {card.label}（{_why(ctx)}）",
        player=player.seat,
        card=card.label,
    )


def can_use_on(ctx: SkillContext, user: Player, name: CardName, target: Player) -> bool:
    """Whether ``target`` may be a target of a ``name`` (virtual, no subcards) that
    ``user`` uses or is viewed as using (视为使用: 离间's second player must be a
    legal 决斗 target — not 空城 without hand cards …)."""
    return target_ok(ctx.game, user, make_virtual(name, [], _why(ctx)), target)
