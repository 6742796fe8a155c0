"""Responses (打出) and asking a player for a card by name.

* :func:`request_card` — ask a player for a card by name, offering his matching hand
  cards, view-as skills, lord proxy skills (护驾/激将) and the skills that can provide
  such a card when he needs one (:data:`NEED_STAGES`: 需要牌时, 八卦阵); nothing moves yet.
* :func:`respond_card` — 打出: :data:`RESPOND_STAGES`: the card goes to the processing
  area (its owner loses it), 打出时 [the responder], then to the discard pile.
* :func:`run_proxy` — 护驾/激将: the helpers are asked in seat order to 打出 for the owner.
* :func:`note_card` — the per-turn count of cards used / responded with (克己).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence, Union

from .. import members as _M
from ..cards import AnyCard, Card, CardName, VirtualCard
from ..decisions import CANCEL, Decision, Option
from ..decisions import card_option, skill_option
from ..decisions import option as _option
from ..dispatch import count_skill_use, equip_works, limits_ok, log_invoke
from ..events import CardNeedEvent, CardResponseEvent, CardUseEvent
from ..legality import SLASH_NAMES, counted_as, make_virtual
from ..player import USED, Player
from ..skills import ResponseProxySkill, SkillContext, TriggerSkill, UseMode, ViewAsSkill
from ..stages import LOSER, NOBODY, Then, Window, family
from ..timing import Phase
from ..zones import CardZone
from .question import DeclaredSkill, declare

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "RESPOND_STAGES",
    "NEED_STAGES",
    "need_skills",
    "matches",
    "viewas_candidates",
    "viewas_names",
    "viewas_offers",
    "wanted",
    "proxy_ok",
    "can_produce",
    "pick_viewas",
    "request_card",
    "run_proxy",
    "own_physical",
    "respond_card",
    "note_card",
]

#: a CardZone → which areas it covers (hand, equipment, judge area)
_PARTS = {z: (z.hand, z.equip, z.judge) for z in CardZone}
# ViewAsSkill's defaults (any card, always enabled): a skill keeping one is not asked it
_ANY_CARD, _ALWAYS_ENABLED = ViewAsSkill.card_filter, ViewAsSkill.enabled
_HAND, _EQUIP = _M.Zone.HAND, _M.Zone.EQUIP

_RESPONDED = Window(_M.Timing.CARD_RESPONDING, "player")
_NEEDED = _M.Timing.CARD_NEEDED

#: 需要使用或打出牌: a request for a card (:func:`request_card`) walks this table itself —
#: it offers each skill listening at 需要牌时 that can provide a card asked for (八卦阵,
#: 当你需要使用或打出【X】时…) beside the player's cards, and the one chosen resolves
#: (cost, 发动, effect); a card it provides (视为你使用或打出一张【X】) is the answer
NEED_STAGES = family("需要牌", Window(_NEEDED, "player"))

RESPOND_STAGES = family(
    "打出",
    Then("移动牌", "打出的牌置入处理区", roles=frozenset({LOSER})),
    _RESPONDED,
    Then("移动牌", "置入弃牌堆", roles=frozenset()),
)


def matches(name: CardName, names: Sequence[CardName]) -> bool:
    return name in names or (_M.CardName.SLASH in names and name in SLASH_NAMES)


_WANTED: dict[tuple[CardName, ...], frozenset[CardName]] = {}


def wanted(names: Sequence[CardName]) -> frozenset[CardName]:
    """The card names that :func:`matches` ``names`` (【杀】 stands for every 杀)."""
    key = tuple(names)
    hit = _WANTED.get(key)
    if hit is None:
        hit = _WANTED[key] = frozenset(n for n in CardName if matches(n, key))
    return hit


def viewas_candidates(
    game: Game, player: Player, vs: ViewAsSkill, name: CardName, ctx: SkillContext | None = None, limit: int = -1
) -> list[Card]:
    """``player``'s cards that ``vs`` may view as ``name`` (``ctx``: a context of the
    skill to ask its filter with; a new one by default); ``limit`` ≥ 0: only the first
    that many (the filter is pure: the others need not be asked)."""
    hand, equip, _ = _PARTS[vs.zone]
    cards = player.cards_in(hand, equip, False)
    if type(vs).card_filter is _ANY_CARD:
        return cards if limit < 0 else cards[:limit]
    if ctx is None:
        ctx = SkillContext(game, player, vs)
    fits: list[Card] = []
    for c in cards:  # (a loop: a generator is a function call in Python 3.11)
        if len(fits) == limit:
            break
        if vs.card_filter(ctx, c, name):
            fits.append(c)
    return fits


def viewas_offers(
    game: Game, player: Player, vs: ViewAsSkill, names: Sequence[CardName], mode: UseMode, first: bool = False
) -> list[tuple[CardName, list[Card]]]:
    """The names among ``names`` that ``vs`` can produce now (enough cards for it), each
    with its candidate subcards (``first``: only the first ``subcard_count`` of them)."""
    # (the skill's hooks are pure: asking which names match first changes no answer)
    key = (vs.card_names, names)
    fit = _FIT.get(key) if type(names) is tuple else None
    if fit is None:
        want = wanted(names)
        fit = tuple(n for n in vs.card_names if n in want)
        if type(names) is tuple:
            _FIT[key] = fit
    if not fit:
        return []
    if not vs.mode.allows(mode):
        return []
    # one context for the skill's hooks (they are pure)
    ctx = SkillContext(game, player, vs)
    if type(vs).enabled is not _ALWAYS_ENABLED and not vs.enabled(ctx, mode):
        return []
    out = []
    limit = vs.subcard_count if first else -1
    for n in fit:
        cands = viewas_candidates(game, player, vs, n, ctx, limit)
        if len(cands) >= vs.subcard_count:
            out.append((n, cands))
    return out


#: (a view-as skill's names, the names wanted) → those of the skill's names that fit
_FIT: dict[tuple[tuple[CardName, ...], Sequence[CardName]], tuple[CardName, ...]] = {}


def viewas_names(
    game: Game, player: Player, vs: ViewAsSkill, names: Sequence[CardName], mode: UseMode
) -> list[CardName]:
    """The names among ``names`` that ``vs`` can produce now."""
    return [n for n, _ in viewas_offers(game, player, vs, names, mode, True)]


def _helpers(game: Game, owner: Player, px: ResponseProxySkill) -> list[Player]:
    ctx = SkillContext(game, owner, px)
    return [h for h in game.alive_from(owner)[1:] if px.helper_filter(ctx, h)]


def proxy_ok(game: Game, player: Player, px: ResponseProxySkill, names: Sequence[CardName], mode: UseMode) -> bool:
    return (
        matches(px.card_name, names)
        and px.mode.allows(mode)
        and px.enabled(SkillContext(game, player, px), mode)
        and _has_helper(game, player, px)
    )


def _has_helper(game: Game, owner: Player, px: ResponseProxySkill) -> bool:
    """``bool(_helpers(...))``, stopping at the first helper (helper_filter is pure)."""
    ctx = SkillContext(game, owner, px)
    for h in game.alive_from(owner)[1:]:  # (a loop: a generator is a function call in 3.11)
        if px.helper_filter(ctx, h):
            return True
    return False


def can_produce(game: Game, player: Player, names: Sequence[CardName], mode: UseMode) -> bool:
    """Cheap test: could ``player`` provide such a card at all right now?"""
    want = _WANTED.get(names) if type(names) is tuple else None  # (wanted's memo, read in line)
    if want is None:
        want = wanted(names)
    seat = player.seat
    if "name_as" in game._hooked[seat]:
        for c in player.hand:
            if counted_as(game, player, c).name in want:
                return True
    else:
        for c in player.hand:
            if c.name in want:
                return True
    for s in game._answer_skills.get(seat, ()):
        if isinstance(s, ViewAsSkill):
            # (none of its names wanted: viewas_offers would find none, asking nothing)
            if not want.isdisjoint(s.card_names) and (s.always_active or s.is_active()) and viewas_names(
                game, player, s, names, mode
            ):
                return True
            continue
        if (
            isinstance(s, ResponseProxySkill)
            and (s.always_active or s.is_active())
            and proxy_ok(game, player, s, names, mode)
        ):
            return True
    # (need_skills' first test, in line: most players have no skill at 需要牌时)
    ears = game._ears.get(_NEEDED, NOBODY)
    if ears is not None and seat not in ears:
        return False
    return bool(need_skills(game, player, names, mode))


def need_skills(
    game: Game, player: Player, names: Sequence[CardName], mode: UseMode, against: CardUseEvent | None = None,
    tried: set[str] | frozenset[str] = frozenset(),
) -> list[tuple[TriggerSkill, CardNeedEvent]]:
    """``player``'s skills at 需要牌时 that can provide a card named in ``names`` to
    ``mode`` now (not among ``tried``), each with the event it would resolve in; an
    armor's skills not while ``against`` ignores the armor (青釭剑)."""
    if not game.hears(_NEEDED, player):
        return []
    lst = game.listeners[_NEEDED]
    want = wanted(names)
    out = []
    for s in lst:
        if s.owner is not player or s.name in tried or not s.need_mode.allows(mode):
            continue
        if want.isdisjoint(s.needs) or not (s.always_active or s.is_active()) or not limits_ok(s):
            continue
        ev = CardNeedEvent(player, tuple(names), mode, against)
        if id(s) in game._skill_card and not equip_works(game, s, ev):
            continue
        if s.can_trigger(SkillContext(game, player, s, _NEEDED, ev)):
            out.append((s, ev))
    return out


def _provide(game: Game, s: TriggerSkill, ev: CardNeedEvent) -> AnyCard | None:
    """Resolve need skill ``s`` (cost, 发动, effect): the card it provided, if any."""
    ctx = SkillContext(game, s.owner, s, _NEEDED, ev)
    if not s.cost(ctx):
        return None
    count_skill_use(s)
    log_invoke(game, s, ctx.targets)
    s.effect(ctx)
    return ev.provided


def pick_viewas(game: Game, player: Player, vs: ViewAsSkill, names: list[CardName]) -> VirtualCard:
    name = names[0]
    if len(names) > 1:
        d = Decision(
            _M.DecisionKind.CARD_NAME,
            player,
            f"{vs.name}：选择牌名",
            tuple(Option(n.value) for n in names),
            about=vs.name,
        )
        name = names[game.ask(d)[0]]
    cands = viewas_candidates(game, player, vs, name)
    k = vs.subcard_count
    subs = (
        game.choose_cards(player, cands, k, k, f"{vs.name}：选择当{name.value}的牌", vs.name) if k else []
    )
    return make_virtual(name, subs, vs.name)


_Entry = Union[Card, VirtualCard, ViewAsSkill, ResponseProxySkill, tuple[TriggerSkill, CardNeedEvent]]


def request_card(
    game: Game,
    player: Player,
    names: Sequence[CardName],
    mode: UseMode,
    about: str,
    prompt: str = "",
    against: CardUseEvent | None = None,
    extra: dict[str, str] | None = None,
) -> AnyCard | None:
    """Ask ``player`` for a card named in ``names`` (nothing is moved yet, except
    that proxy helpers have already 打出 their card).  Returns None if declined."""
    if not player.alive:
        return None
    tried: set[str] = set()
    want = wanted(names)
    while True:
        opts: list[Option] = []
        entries: list[_Entry] = []
        named = "name_as" in game._hooked[player.seat]
        for c in player.hand:
            card = counted_as(game, player, c) if named else c  # 武神: a 红桃 hand card is a 杀
            if card.name in want:
                opts.append(card_option(c.label))
                entries.append(card)
        for s in game._answer_skills.get(player.seat, ()):
            if not (s.always_active or s.is_active()) or s.name in tried:
                continue
            if isinstance(s, ViewAsSkill) and not want.isdisjoint(s.card_names) and viewas_names(game, player, s, names, mode):
                opts.append(skill_option(s.name))
                entries.append(s)
            elif isinstance(s, ResponseProxySkill) and proxy_ok(game, player, s, names, mode):
                opts.append(skill_option(s.name))
                entries.append(s)
        # after the player's cards and conversions: the skills that provide one (八卦阵)
        for need in need_skills(game, player, names, mode, against, tried):
            opts.append(skill_option(need[0].name))
            entries.append(need)
        if not opts:
            return None
        opts.append(_option(CANCEL, "cancel"))
        d = Decision(
            _M.DecisionKind.RESPOND,
            player,
            prompt or f"请{mode.value}一张{'/'.join(n.value for n in names)}",
            tuple(opts),
            1,
            1,
            about,
            extra or {},
        )
        i = game.ask(d)[0]
        if i == len(entries):
            return None
        e = entries[i]
        if isinstance(e, (Card, VirtualCard)):
            return e
        if isinstance(e, ViewAsSkill):
            made = pick_viewas(game, player, e, viewas_names(game, player, e, names, mode))
            if isinstance(e, DeclaredSkill) and not declare(game, player, made, e):
                continue  # void: as if never played (seed 000, 于吉), the request stands
            return made
        if isinstance(e, ResponseProxySkill):
            tried.add(e.name)
            got = run_proxy(game, player, e)
            if got is not None:
                return got
            continue
        # a skill at 需要牌时: once per request; what it provides is the answer
        skill, need_ev = e
        tried.add(skill.name)
        provided = _provide(game, skill, need_ev)
        if provided is not None:
            return provided


def run_proxy(game: Game, owner: Player, px: ResponseProxySkill) -> VirtualCard | None:
    """护驾/激将: ask the helpers in seat order to 打出 the card for ``owner``."""
    count_skill_use(px)
    log_invoke(game, px)
    for h in _helpers(game, owner, px):
        c = respond_card(
            game,
            h,
            (px.card_name,),
            about=px.card_name.value,
            prompt=f"{px.name}：是否替{owner.tag}打出一张{px.card_name.value}",
            on_behalf_of=owner,
            extra={"proxy": px.name, "for": str(owner.seat)},
        )
        if c is not None:
            return make_virtual(px.card_name, c.physical(), px.name)
    game.log_event("无人响应", f"无人响应{game.tag(owner)}的【{px.name}】", player=owner.seat, skill=px.name)
    return None


def own_physical(game: Game, player: Player, card: AnyCard) -> list[Card]:
    """The physical cards of ``card`` in ``player``'s hand or equipment area."""
    loc = game.loc
    if type(card) is Card:  # (itself: the common case, without a tuple)
        zone, owner = loc[card.id]
        return [card] if owner is player and (zone is _HAND or zone is _EQUIP) else []
    out = []
    for c in card.physical():
        zone, owner = loc[c.id]
        if owner is player and (zone is _HAND or zone is _EQUIP):
            out.append(c)
    return out


def respond_card(
    game: Game,
    player: Player,
    names: Sequence[CardName],
    about: str,
    prompt: str = "",
    against: CardUseEvent | None = None,
    on_behalf_of: Player | None = None,
    extra: dict[str, str] | None = None,
) -> AnyCard | None:
    """打出: ask, then move the card to the discard pile and open 打出时."""
    card = request_card(game, player, names, _M.UseMode.RESPOND, about, prompt, against, extra)
    if card is None:
        return None
    phys = own_physical(game, player, card)
    game.move_cards(phys, _M.Zone.PROCESSING, None, _M.MoveReason.RESPOND, player)
    game.log_entry(
        "打出",
        ("{} 打出 {}（替{}）", game.tag(player), card.label, on_behalf_of.tag)
        if on_behalf_of is not None
        else ("{} 打出 {}", game.tag(player), card.label),
        {"player": player.seat, "card": card.label},
    )
    note_card(game, player, card, _M.UseMode.RESPOND)
    skill = card.skill if isinstance(card, VirtualCard) else ""
    _RESPONDED.run(game, CardResponseEvent(player, card, skill, on_behalf_of))
    game.clear_processing(card.physical())  # (a declared card is there already: 蛊惑)
    return card


#: phase → mode → card name → the counter key note_card adds to (made once: enum
#: ``.value`` is slow to read, and a tuple key is hashed each time)
_USED_KEY = {
    ph: {
        m: {n: USED + ph.value + m.value + ("杀" if n in SLASH_NAMES else n.value) for n in CardName}
        for m in UseMode
    }
    for ph in Phase
}


def note_card(game: Game, player: Player, card: AnyCard, mode: UseMode) -> None:
    """Count a card the current player uses / responds with in a phase of his turn
    (turn counter ``USED + phase + mode + name``; all 杀 count as 杀)."""
    phase = game.phase
    if player is not game.current or phase is None:
        return
    key = _USED_KEY[phase][mode][card.name]
    counters = player.turn_counters
    counters[key] = counters.get(key, 0) + 1
