"""Card use (使用), response (打出), target legality and the play phase.

* :func:`use_card` — the use pipeline: move to processing → 使用时 → per target
  指定目标时 / 成为目标时 / 指定目标后 / 成为目标后 → effect → 结算完毕 → discard.
* :func:`request_card` — ask a player for a card by name, offering his matching
  hand cards, view-as skills, lord proxy skills (护驾/激将) and 八卦阵.
* :func:`respond_card` (打出) and :func:`use_response` (使用 as an answer: 闪, 无懈可击).
* :func:`play_phase` — the 出牌阶段 loop.

Why ~750 lines: the use, respond and play-phase families and their legality still
share this module; ENGINE.md's split (flows/use.py, flows/respond.py, legality with
stage tables as data) is the next step of issue 9, not done yet.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence, Union

from . import members as _M
from .cards import AnyCard, Card, CardName, CardType, Nature, VirtualCard, card_kind
from .decisions import CANCEL, END_PLAY, Decision, DecisionKind, Option
from .decisions import option as _option
from .events import CardResponseEvent, CardUseEvent
from .player import SLOT_OF, USED, Player
from .skills import ActiveSkill, ResponseProxySkill, SkillContext, UseMode, ViewAsSkill
from .timing import Phase, Timing
from .zones import MoveReason, Zone

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "use_card",
    "request_card",
    "respond_card",
    "use_response",
    "ask_use_slash",
    "ask_peach",
    "can_produce",
    "play_phase",
    "target_ok",
    "usable_in_play",
    "SLASH_NAMES",
    "make_virtual",
]

SLASH_NAMES = frozenset({_M.CardName.SLASH, _M.CardName.FIRE_SLASH, _M.CardName.THUNDER_SLASH})
_NATURE_OF = {_M.CardName.FIRE_SLASH: _M.Nature.FIRE, _M.CardName.THUNDER_SLASH: _M.Nature.THUNDER}
SLASH_COUNT = "杀"
EIGHT_DIAGRAM = "八卦阵"

_FIXED_SELF = frozenset({_M.CardName.PEACH, _M.CardName.EX_NIHILO, _M.CardName.LIGHTNING, _M.CardName.ANALEPTIC})
_ALL_OTHERS = frozenset({_M.CardName.SAVAGE_ASSAULT, _M.CardName.ARCHERY_ATTACK})
_ALL = frozenset({_M.CardName.GOD_SALVATION, _M.CardName.AMAZING_GRACE})


def make_virtual(name: CardName, subcards: Sequence[Card], skill: str) -> VirtualCard:
    t, st = card_kind(name)
    return VirtualCard(name, tuple(subcards), skill, t, st, _NATURE_OF.get(name, _M.Nature.NORMAL))


def _matches(name: CardName, names: Sequence[CardName]) -> bool:
    return name in names or (_M.CardName.SLASH in names and name in SLASH_NAMES)


# ---------------------------------------------------------------------- legality


def no_distance_limit(game: Game, user: Player, card: AnyCard, target: Player) -> bool:
    for s in game.hooked(user, "no_distance_limit"):
        if s.no_distance_limit(game, user, card, target):
            return True
    return False


class Reach:
    """Memo of one user's distances and attack range to each player, for the
    queries of one decision (the play options, a card's targets): valid while the
    game does not change, so build a new one for every decision.  Only physical
    cards use it (a virtual 杀 may leave equipment out of the count, 武圣)."""

    __slots__ = ("game", "user", "_dist", "_in_range", "_alive")

    def __init__(self, game: Game, user: Player) -> None:
        self.game = game
        self.user = user
        self._dist: dict[int, int] = {}
        self._in_range: dict[int, bool] = {}
        self._alive: list[Player] | None = None

    def distance(self, t: Player) -> int:
        d = self._dist.get(t.seat)
        if d is None:
            d = self._dist[t.seat] = self.game.distance(self.user, t)
        return d

    def in_attack_range(self, t: Player) -> bool:
        r = self._in_range.get(t.seat)
        if r is None:
            r = self._in_range[t.seat] = self.game.in_attack_range(self.user, t)
        return r

    def alive_from_user(self) -> list[Player]:
        """``game.alive_from(user)``; do not mutate."""
        if self._alive is None:
            self._alive = self.game.alive_from(self.user)
        return self._alive


def target_ok(game: Game, user: Player, card: AnyCard, t: Player, reach: Reach | None = None) -> bool:
    """Whether ``t`` may be chosen as a target of ``user``'s ``card``; ``reach``: a
    memo of ``user``'s distances built for the current decision (same answers)."""
    if not t.alive or game.prohibited(user, t, card):
        return False
    name = card.name
    if name in SLASH_NAMES:
        if t is user:
            return False
        # an equipped weapon / -1马 used as this 杀 (武圣) no longer counts for range
        if isinstance(card, VirtualCard):
            if game.in_attack_range(user, t, card.subcards):
                return True
        elif reach is not None:
            if reach.in_attack_range(t):
                return True
        elif game.in_attack_range(user, t):
            return True
        return no_distance_limit(game, user, card, t)
    if name is _M.CardName.DUEL:
        return t is not user
    if name is _M.CardName.DISMANTLEMENT:
        return t is not user and t.card_count(True, True, True) > 0
    if name is _M.CardName.SNATCH:
        if t is user or t.card_count(True, True, True) == 0:
            return False
        d = reach.distance(t) if reach is not None and not isinstance(card, VirtualCard) else game.distance(user, t)
        return d <= 1 or no_distance_limit(game, user, card, t)
    if name is _M.CardName.INDULGENCE:
        return t is not user and not any(e.name_as == _M.CardName.INDULGENCE.value for e in t.judge_area)
    if name is _M.CardName.COLLATERAL:
        return t is not user and t.weapon is not None and any(collateral_victims(game, t))
    if name is _M.CardName.PEACH:
        return t is user and t.is_wounded
    if name is _M.CardName.LIGHTNING:
        return t is user and not any(e.name_as == _M.CardName.LIGHTNING.value for e in t.judge_area)
    if name in _FIXED_SELF or card.type is _M.CardType.EQUIP:
        return t is user
    if name in _ALL_OTHERS:
        return t is not user
    return True


def collateral_victims(game: Game, holder: Player) -> list[Player]:
    probe = make_virtual(_M.CardName.SLASH, (), "")
    return [
        b
        for b in game.alive_from(holder)
        if b is not holder and game.in_attack_range(holder, b) and not game.prohibited(holder, b, probe)
    ]


def fixed_targets(game: Game, user: Player, card: AnyCard, reach: Reach | None = None) -> list[Player] | None:
    """Targets decided by the card itself (None: the user chooses)."""
    name = card.name
    if name in _ALL_OTHERS:
        ring = reach.alive_from_user() if reach is not None else game.alive_from(user)
        return [p for p in ring[1:] if not game.prohibited(user, p, card)]
    if name in _ALL:
        ring = reach.alive_from_user() if reach is not None else game.alive_from(user)
        return [p for p in ring if not game.prohibited(user, p, card)]
    if name in _FIXED_SELF or card.type is _M.CardType.EQUIP:
        return [user] if target_ok(game, user, card, user, reach) else []
    return None


def max_targets(game: Game, user: Player, card: AnyCard) -> int:
    extra = sum(s.extra_targets(game, user, card) for s in game.hooked(user, "extra_targets"))
    return 1 + extra


def slash_available(game: Game, player: Player) -> bool:
    limit = game.slash_limit(player)
    return limit is None or player.phase_counters.get(SLASH_COUNT, 0) < limit


def usable_in_play(game: Game, user: Player, card: AnyCard, reach: Reach | None = None) -> bool:
    name = card.name
    if name is _M.CardName.JINK or name is _M.CardName.NULLIFICATION:
        return False
    if name in SLASH_NAMES and not slash_available(game, user):
        return False
    fixed = fixed_targets(game, user, card, reach)
    if fixed is not None:
        if name in _ALL:
            return True
        return bool(fixed)
    ring = reach.alive_from_user() if reach is not None else game.alive_from(user)
    for t in ring:
        if target_ok(game, user, card, t, reach):
            return True
    return False


def _card_hooks(game: Game, user: Player) -> bool:
    """Whether a static skill may make two cards of one name differ in legality for
    ``user`` (a prohibit hook of anyone alive, or ``user``'s no-distance hook)."""
    return bool(game.hooked(user, "no_distance_limit")) or game.any_hooked("prohibit")


# ---------------------------------------------------------------------- requests


def _viewas_candidates(game: Game, player: Player, vs: ViewAsSkill, name: CardName) -> list[Card]:
    ctx = SkillContext(game, player, vs)
    z = vs.zone
    return [c for c in player.cards_in(z.hand, z.equip, False) if vs.card_filter(ctx, c, name)]


def _viewas_names(game: Game, player: Player, vs: ViewAsSkill, names: Sequence[CardName], mode: UseMode) -> list[CardName]:
    if not vs.mode.allows(mode):
        return []
    if not vs.enabled(SkillContext(game, player, vs), mode):
        return []
    return [
        n
        for n in vs.card_names
        if _matches(n, names) and len(_viewas_candidates(game, player, vs, n)) >= vs.subcard_count
    ]


def _helpers(game: Game, owner: Player, px: ResponseProxySkill) -> list[Player]:
    ctx = SkillContext(game, owner, px)
    return [h for h in game.alive_from(owner)[1:] if px.helper_filter(ctx, h)]


def _proxy_ok(game: Game, player: Player, px: ResponseProxySkill, names: Sequence[CardName], mode: UseMode) -> bool:
    return (
        _matches(px.card_name, names)
        and px.mode.allows(mode)
        and px.enabled(SkillContext(game, player, px), mode)
        and bool(_helpers(game, player, px))
    )


def can_produce(game: Game, player: Player, names: Sequence[CardName], mode: UseMode) -> bool:
    """Cheap test: could ``player`` provide such a card at all right now?"""
    for c in player.hand:
        if _matches(c.name, names):
            return True
    for s in player.skills:
        if isinstance(s, ViewAsSkill) and s.is_active() and _viewas_names(game, player, s, names, mode):
            return True
        if isinstance(s, ResponseProxySkill) and s.is_active() and _proxy_ok(game, player, s, names, mode):
            return True
    return _M.CardName.JINK in names and player.armor is not None and player.armor.name is _M.CardName.EIGHT_DIAGRAM


def _pick_viewas(game: Game, player: Player, vs: ViewAsSkill, names: list[CardName]) -> VirtualCard:
    name = names[0]
    if len(names) > 1:
        d = Decision(_M.DecisionKind.CARD_NAME, player, f"{vs.name}：选择牌名", tuple(Option(n.value) for n in names), about=vs.name)
        name = names[game.ask(d)[0]]
    cands = _viewas_candidates(game, player, vs, name)
    k = vs.subcard_count
    subs = game.choose_cards(player, cands, k, k, prompt=f"{vs.name}：选择当{name.value}的牌", about=vs.name) if k else []
    return make_virtual(name, subs, vs.name)


_Entry = Union[Card, ViewAsSkill, ResponseProxySkill, str]


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
    while True:
        opts: list[Option] = []
        entries: list[_Entry] = []
        for c in player.hand:
            if _matches(c.name, names):
                opts.append(_option(c.label, "card"))
                entries.append(c)
        for s in player.skills:
            if not s.is_active() or s.name in tried:
                continue
            if isinstance(s, ViewAsSkill) and _viewas_names(game, player, s, names, mode):
                opts.append(_option(s.name, "skill"))
                entries.append(s)
            elif isinstance(s, ResponseProxySkill) and _proxy_ok(game, player, s, names, mode):
                opts.append(_option(s.name, "skill"))
                entries.append(s)
        if (
            _M.CardName.JINK in names
            and EIGHT_DIAGRAM not in tried
            and player.armor is not None
            and player.armor.name is _M.CardName.EIGHT_DIAGRAM
            and game.armor_active(player, against)
        ):
            opts.append(_option(EIGHT_DIAGRAM, "skill"))
            entries.append(EIGHT_DIAGRAM)
        if not opts:
            return None
        opts.append(_option(CANCEL, "cancel"))
        d = Decision(
            _M.DecisionKind.RESPOND,
            player,
            prompt or f"请{mode.value}一张{'/'.join(n.value for n in names)}",
            tuple(opts),
            about=about,
            extra=extra or {},
        )
        i = game.ask(d)[0]
        if i == len(entries):
            return None
        e = entries[i]
        if isinstance(e, Card):
            return e
        if isinstance(e, ViewAsSkill):
            return _pick_viewas(game, player, e, _viewas_names(game, player, e, names, mode))
        if isinstance(e, ResponseProxySkill):
            tried.add(e.name)
            got = run_proxy(game, player, e)
            if got is not None:
                return got
            continue
        # 八卦阵
        tried.add(EIGHT_DIAGRAM)
        game.log_event("发动", f"{game.tag(player)} 发动【八卦阵】", player=player.seat, skill=EIGHT_DIAGRAM)
        j = game.judge(player, EIGHT_DIAGRAM, good=lambda c: c.color.value == "红色")
        if j.color.value == "红色":
            return make_virtual(_M.CardName.JINK, (), EIGHT_DIAGRAM)


def run_proxy(game: Game, owner: Player, px: ResponseProxySkill) -> VirtualCard | None:
    """护驾/激将: ask the helpers in seat order to 打出 the card for ``owner``."""
    game.count_skill_use(px)
    game.log_invoke(px)
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


def _own_physical(game: Game, player: Player, card: AnyCard) -> list[Card]:
    out = []
    for c in card.physical():
        zone, owner = game.loc[c.id]
        if owner is player and zone in (_M.Zone.HAND, _M.Zone.EQUIP):
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
    phys = _own_physical(game, player, card)
    game.move_cards(phys, _M.Zone.PROCESSING, None, _M.MoveReason.RESPOND, player)
    game.log_event(
        "打出",
        f"{game.tag(player)} 打出 {card.label}" + (f"（替{on_behalf_of.tag}）" if on_behalf_of is not None else ""),
        player=player.seat,
        card=card.label,
    )
    note_card(game, player, card, _M.UseMode.RESPOND)
    skill = card.skill if isinstance(card, VirtualCard) else ""
    game.trigger(_M.Timing.CARD_RESPONDING, player, CardResponseEvent(player, card, skill, on_behalf_of))
    game.clear_processing(phys)
    return card


def use_response(
    game: Game,
    player: Player,
    names: Sequence[CardName],
    about: str,
    prompt: str = "",
    against: CardUseEvent | None = None,
    extra: dict[str, str] | None = None,
) -> AnyCard | None:
    """使用 a card as an answer, without targets (闪 against 杀/万箭齐发, 无懈可击)."""
    card = request_card(game, player, names, _M.UseMode.USE, about, prompt, against, extra)
    if card is None:
        return None
    skill = card.skill if isinstance(card, VirtualCard) else ""
    use = CardUseEvent(player, card, [], skill, responding=True)
    phys = _own_physical(game, player, card)
    game.move_cards(phys, _M.Zone.PROCESSING, None, _M.MoveReason.USE, player)
    game.log_event("使用", f"{game.tag(player)} 使用 {card.label}", player=player.seat, card=card.label, targets=[])
    note_card(game, player, card, _M.UseMode.USE)
    game.trigger(_M.Timing.CARD_USING, player, use)
    game.trigger(_M.Timing.CARD_USE_FINISHED, player, use)
    game.clear_processing(phys)
    return card


def ask_use_slash(
    game: Game, player: Player, target: Player, about: str, prompt: str = "", optional: bool = True
) -> CardUseEvent | None:
    """Ask ``player`` to 使用 a 杀 on ``target`` (借刀杀人, 青龙偃月刀)."""
    probe = make_virtual(_M.CardName.SLASH, (), "")
    if not target_ok(game, player, probe, target):
        return None
    card = request_card(
        game, player, (_M.CardName.SLASH,), _M.UseMode.USE, about, prompt or f"{about}：是否对{target.tag}使用一张杀",
        extra={"target": str(target.seat)},
    )
    if card is None:
        return None
    return use_card(game, player, card, [target])


def ask_peach(game: Game, p: Player, dying: Player) -> bool:
    """Ask ``p`` to use a 桃 on the dying player; True if he did."""
    if not can_produce(game, p, (_M.CardName.PEACH,), _M.UseMode.USE):
        return False
    card = request_card(
        game, p, (_M.CardName.PEACH,), _M.UseMode.USE, "桃", f"{dying.tag} 濒死，是否对其使用一张桃",
        extra={"dying": str(dying.seat)},
    )
    if card is None:
        return False
    use_card(game, p, card, [dying], responding=True)
    return True


# ---------------------------------------------------------------------- use pipeline


#: the prefix of the counter keys note_card writes (enum ``.value`` is slow to read)
_USED_KEY = {(ph, m): USED + ph.value + m.value for ph in Phase for m in UseMode}
_NAME_VALUE = {n: n.value for n in CardName}


def note_card(game: Game, player: Player, card: AnyCard, mode: UseMode) -> None:
    """Count a card the current player uses / responds with in a phase of his turn
    (turn counter ``USED + phase + mode + name``; all 杀 count as 杀)."""
    phase = game.phase
    if player is not game.current or phase is None:
        return
    key = _USED_KEY[phase, mode] + ("杀" if card.name in SLASH_NAMES else _NAME_VALUE[card.name])
    player.turn_counters[key] = player.turn_counters.get(key, 0) + 1



def use_card(
    game: Game,
    user: Player,
    card: AnyCard,
    targets: Sequence[Player],
    skill: str = "",
    responding: bool = False,
    sub_target: Player | None = None,
    unnullifiable: bool = False,
) -> CardUseEvent:
    """Use ``card`` with ``targets`` (legality is the caller's business);
    ``unnullifiable``: a trick no 无懈可击 may answer."""
    if not skill and isinstance(card, VirtualCard):
        skill = card.skill
    use = CardUseEvent(user, card, list(targets), skill, responding, sub_target)
    use.unnullifiable = unnullifiable
    phys = _own_physical(game, user, card)
    tgt_text = (" → " + "、".join(t.tag for t in use.targets)) if use.targets and use.targets != [user] else ""
    if sub_target is not None:
        tgt_text += f"（杀的目标：{sub_target.tag}）"
    game.log_event(
        "使用",
        f"{game.tag(user)} 使用 {card.label}{tgt_text}",
        player=user.seat,
        card=card.label,
        targets=[t.seat for t in use.targets],
    )
    note_card(game, user, card, _M.UseMode.USE)
    if card.type is _M.CardType.EQUIP and len(phys) == 1 and not card.is_virtual:
        equip(game, user, phys[0])
        game.trigger(_M.Timing.CARD_USING, user, use)
        game.trigger(_M.Timing.CARD_USE_FINISHED, user, use)
        return use
    game.move_cards(phys, _M.Zone.PROCESSING, None, _M.MoveReason.USE, user)
    game.trigger(_M.Timing.CARD_USING, user, use)
    if not use.cancelled:
        for tg in list(use.targets):
            if tg in use.targets:
                game.trigger(_M.Timing.TARGET_SPECIFYING, user, use, tg)
        # a target may be moved to another player here (流离): the new target then
        # becomes the target in turn; each player's window opens at most once
        confirmed: list[Player] = []  # players compare by identity (eq=False)
        while True:
            nxt = next((t for t in use.targets if t not in confirmed), None)
            if nxt is None:
                break
            confirmed.append(nxt)
            game.trigger(_M.Timing.TARGET_CONFIRMING, nxt, use, nxt)
        for tg in list(use.targets):
            if tg in use.targets:
                game.trigger(_M.Timing.TARGET_SPECIFIED, user, use, tg)
        for tg in list(use.targets):
            if tg in use.targets:
                game.trigger(_M.Timing.TARGET_CONFIRMED, tg, use, tg)
        if not use.cancelled:
            effect = game.card_effects.get(card.name)
            if effect is not None:
                effect(game, use)
    game.trigger(_M.Timing.CARD_USE_FINISHED, user, use)
    game.clear_processing(phys)
    return use


def equip(game: Game, player: Player, card: Card) -> None:
    slot = SLOT_OF[card.subtype]
    old = player.equips.get(slot)
    if old is not None:
        game.move_cards([old], _M.Zone.DISCARD_PILE, None, _M.MoveReason.PUT, player)
    game.move_cards([card], _M.Zone.EQUIP, player, _M.MoveReason.EQUIP, player)


# ---------------------------------------------------------------------- play phase


_PlayEntry = Union[Card, ViewAsSkill, ActiveSkill, ResponseProxySkill, str]


def _active_ok(game: Game, player: Player, sk: ActiveSkill) -> bool:
    if sk.limit_per_phase is not None and player.phase_counters.get(sk.name, 0) >= sk.limit_per_phase:
        return False
    ctx = SkillContext(game, player, sk)
    if not sk.can_use(ctx):
        return False
    z = sk.card_zone
    if sk.min_cards > 0:
        n = sum(1 for c in player.cards_in(z.hand, z.equip, z.judge) if sk.card_filter(ctx, c))
        if n < sk.min_cards:
            return False
    if sk.min_targets > 0:
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


def _viewas_play_names(game: Game, player: Player, vs: ViewAsSkill) -> list[CardName]:
    out = []
    for n in _viewas_names(game, player, vs, list(vs.card_names), _M.UseMode.USE):
        cands = _viewas_candidates(game, player, vs, n)
        probe = make_virtual(n, cands[: vs.subcard_count], vs.name)
        if usable_in_play(game, player, probe):
            out.append(n)
    return out


def play_options(game: Game, player: Player) -> tuple[list[Option], list[_PlayEntry]]:
    opts: list[Option] = []
    entries: list[_PlayEntry] = []
    reach = Reach(game, player)
    # without static hooks that look at the card, a card's legality is its name's
    by_name: dict[CardName, bool] | None = None if _card_hooks(game, player) else {}
    for c in player.hand:
        if by_name is None:
            ok = usable_in_play(game, player, c, reach)
        else:
            hit = by_name.get(c.name)
            if hit is None:
                hit = by_name[c.name] = usable_in_play(game, player, c, reach)
            ok = hit
        if ok:
            opts.append(_option(c.label, "card"))
            entries.append(c)
    for s in player.skills:
        if not s.is_active():
            continue
        if isinstance(s, ActiveSkill) and _active_ok(game, player, s):
            opts.append(_option(s.name, "skill"))
            entries.append(s)
        elif isinstance(s, ViewAsSkill) and _viewas_play_names(game, player, s):
            opts.append(_option(s.name, "skill"))
            entries.append(s)
        elif (
            isinstance(s, ResponseProxySkill)
            and s.card_name in SLASH_NAMES
            and not player.phase_counters.get(s.name + "无人响应", 0)
            and _proxy_ok(game, player, s, (_M.CardName.SLASH,), _M.UseMode.USE)
            and usable_in_play(game, player, make_virtual(_M.CardName.SLASH, (), s.name))
        ):
            opts.append(_option(s.name, "skill"))
            entries.append(s)
    opts.append(_option(END_PLAY, "end"))
    entries.append(END_PLAY)
    return opts, entries


def play_phase(game: Game, player: Player) -> None:
    game.play_actions = 0
    while player.alive and not game._end_phase_now and game.play_actions < 500:
        opts, entries = play_options(game, player)
        d = Decision(
            _M.DecisionKind.PLAY,
            player,
            "出牌阶段：选择要使用的牌或技能",
            tuple(opts),
            about="出牌",
            extra={"actions": str(game.play_actions)},
        )
        e = entries[game.ask(d)[0]]
        if isinstance(e, str):
            return
        game.play_actions += 1
        if isinstance(e, Card):
            play_card(game, player, e)
        elif isinstance(e, ActiveSkill):
            play_active(game, player, e)
        elif isinstance(e, ViewAsSkill):
            names = _viewas_play_names(game, player, e)
            card = _pick_viewas(game, player, e, names)
            play_card(game, player, card)
        else:
            play_proxy_slash(game, player, e)


def choose_targets(game: Game, user: Player, card: AnyCard) -> tuple[list[Player], Player | None] | None:
    """Targets for a card used in the play phase; None if there are none."""
    reach = Reach(game, user)
    fixed = fixed_targets(game, user, card, reach)
    if fixed is not None:
        return fixed, None
    cands = [t for t in reach.alive_from_user() if target_ok(game, user, card, t, reach)]
    if not cands:
        return None
    hi = max_targets(game, user, card) if card.name in SLASH_NAMES else 1
    d = Decision(
        _M.DecisionKind.TARGETS,
        user,
        f"选择{card.label}的目标",
        tuple(_option(str(t.seat), "player") for t in cands),
        min=1,
        max=hi,
        about=card.name.value,
    )
    targets = [cands[i] for i in game.ask(d)]
    sub: Player | None = None
    if card.name is _M.CardName.COLLATERAL:
        victims = collateral_victims(game, targets[0])
        sub = game.choose_players(user, victims, 1, 1, prompt="借刀杀人：选择杀的目标", about="借刀杀人")[0]
    return targets, sub


def play_card(game: Game, player: Player, card: AnyCard) -> None:
    chosen = choose_targets(game, player, card)
    if chosen is None:
        return
    targets, sub = chosen
    if card.name in SLASH_NAMES and game.phase is _M.Phase.PLAY and player is game.current:
        player.phase_counters[SLASH_COUNT] = player.phase_counters.get(SLASH_COUNT, 0) + 1
    use_card(game, player, card, targets, sub_target=sub)


def play_active(game: Game, player: Player, sk: ActiveSkill) -> None:
    ctx = SkillContext(game, player, sk)
    z = sk.card_zone
    cards: list[Card] = []
    if sk.max_cards != 0:
        cands = [c for c in player.cards_in(z.hand, z.equip, z.judge) if sk.card_filter(ctx, c)]
        hi = len(cands) if sk.max_cards is None else sk.max_cards
        cards = game.choose_cards(player, cands, sk.min_cards, hi, prompt=f"{sk.name}：选择牌", about=sk.name)
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
                picked = game.choose_players(
                    player, step, lo, 1, prompt=f"{sk.name}：选择第{len(targets) + 1}名目标", about=sk.name
                )
                if not picked:
                    break
                targets.append(picked[0])
        else:
            targets = game.choose_players(player, tc, sk.min_targets, hi_t, prompt=f"{sk.name}：选择目标", about=sk.name)
        if len(targets) < sk.min_targets:
            return
    game.count_skill_use(sk)
    game.log_invoke(sk, targets)
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


