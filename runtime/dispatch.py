"""The one dispatcher: open a timing window and resolve the skills listening there.

:func:`open_window` (``Game.trigger``) collects the trigger skills listening at the
window whose owner is alive (a dead player's own skills still fire at 死亡时/死亡后)
and whose scope matches the window's subject; then, in seat order from the current
player, each player resolves his skills that can trigger, one at a time — when
several can, their owner picks which goes first (an ORDER decision), and the others
are asked again afterwards.  Limits (per phase, per turn; limited and wake skills once
per game) are checked before each invocation and counted after its cost is paid.
Every event family (:mod:`sgs.runtime.flows`) opens its windows through here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from . import members as _M
from .decisions import Decision, option
from .events import CardNeedEvent, CardUseEvent, DamageEvent, Event, LoseHpEvent, RecoverEvent, SlashEffectEvent
from .player import Player
from .skills import Skill, SkillContext, TriggerSkill
from .timing import Timing

if TYPE_CHECKING:
    from .game import Game
    from .log import LazyText

__all__ = ["open_window", "count_skill_use", "log_invoke", "equip_works", "armor_active", "limits_ok", "resolve_alone", "DEAD_OK"]

#: windows where a dead player's own skills still fire (his death's)
DEAD_OK = (_M.Timing.DEATH, _M.Timing.DIED)
_SELF, _OTHER = _M.Scope.SELF, _M.Scope.OTHER
# TriggerSkill's defaults (True, once, no cost): a skill keeping one is not asked it
_ALWAYS, _ONCE, _FREE = TriggerSkill.can_trigger, TriggerSkill.times, TriggerSkill.cost


def open_window(game: Game, timing: Timing, subject: Player | None, event: Event, target: Player | None = None) -> None:
    """Open window ``timing`` for ``event``: resolve every listening skill whose
    owner is alive, whose scope matches ``subject``, in seat order from the
    current player; a player orders his own simultaneous skills."""
    lst = game.listeners.get(timing)
    if not lst:
        return
    cands: list[TriggerSkill] = []
    skill_card = game._skill_card
    for s in lst:
        o = s.owner
        if not o.alive and not (timing in DEAD_OK and o is subject):
            continue
        sc = s.scope
        if sc is _SELF:
            if subject is not o:
                continue
        elif sc is _OTHER:
            if subject is None or subject is o:
                continue
        if not (s.always_active or s.is_active()):
            continue
        if id(s) in skill_card and not equip_works(game, s, event):
            continue
        cands.append(s)
    if not cands:
        return
    if len(cands) == 1:
        # one candidate: its owner is the only player with anything to resolve (he is
        # alive, or the dead subject of his own death's window), once — what the loop
        # below does for him, without its bookkeeping
        s = cands[0]
        p = s.owner
        if not p.alive and timing not in DEAD_OK:
            return
        if (s.limit_per_phase is not None or s.limit_per_turn is not None) and not limits_ok(s):
            return
        if type(s).can_trigger is _ALWAYS or s.can_trigger(SkillContext(game, p, s, timing, event, target)):
            _resolve(game, s, timing, event, target)
        return
    # the candidates' owners in seat order from the current player (the living, then a
    # dead subject of his own death's window): the work grows with the candidates, not
    # the seats
    by_owner: dict[int, list[TriggerSkill]] = {}
    for s in cands:
        mine_all = by_owner.get(s.owner.seat)
        if mine_all is None:
            by_owner[s.owner.seat] = [s]
        else:
            mine_all.append(s)
    n = len(game.players)
    first = game.current.seat
    dead = subject.seat if subject is not None and not subject.alive and timing in DEAD_OK else 0
    done: set[int] = set()
    for seat in sorted(by_owner, key=lambda seat: n if seat == dead else (seat - first) % n):
        own = by_owner[seat]
        p = own[0].owner
        while True:
            mine: list[TriggerSkill] = []
            for s in own:
                if id(s) in done:
                    continue
                if not s.owner.alive and timing not in DEAD_OK:
                    continue
                if (s.limit_per_phase is not None or s.limit_per_turn is not None) and not limits_ok(s):
                    continue
                # (a skill keeping TriggerSkill.can_trigger always can: no context to ask it)
                if type(s).can_trigger is _ALWAYS or s.can_trigger(SkillContext(game, p, s, timing, event, target)):
                    mine.append(s)
            if not mine:
                break
            if len(mine) == 1:
                chosen = mine[0]
            else:
                opts = tuple(option(s.name, "skill") for s in mine)
                i = game.ask(Decision(_M.DecisionKind.ORDER, p, f"{timing.value}：选择先发动的技能", opts))[0]
                chosen = mine[i]
            done.add(id(chosen))
            _resolve(game, chosen, timing, event, target)


def resolve_alone(game: Game, s: TriggerSkill, timing: Timing, event: Event) -> None:
    """Resolve ``s`` alone at ``timing`` for its owner, outside the listeners (a lost
    equipment card's own skill at 失去装备区里的此牌后: the owner no longer has it)."""
    p = s.owner
    if not p.alive:
        return
    if type(s).can_trigger is _ALWAYS or s.can_trigger(SkillContext(game, p, s, timing, event, None)):
        _resolve(game, s, timing, event, None)


def limits_ok(s: TriggerSkill) -> bool:
    """Whether ``s`` is within its per-phase and per-turn limits."""
    o = s.owner
    if s.limit_per_phase is not None and o.phase_counters.get(s.name, 0) >= s.limit_per_phase:
        return False
    if s.limit_per_turn is not None and o.turn_counters.get(s.name, 0) >= s.limit_per_turn:
        return False
    return True


def _resolve(game: Game, s: TriggerSkill, timing: Timing, event: Event, target: Player | None) -> None:
    o = s.owner
    cls = type(s)
    if s.per_point and isinstance(event, (DamageEvent, LoseHpEvent, RecoverEvent)):
        times = event.amount  # 每当…1点伤害/体力后: once per point of the event
    elif cls.times is _ONCE:
        times = 1
    else:
        times = s.times(SkillContext(game, o, s, timing, event, target))
    limited = s.limit_per_phase is not None or s.limit_per_turn is not None
    for point in range(1, times + 1):
        if not o.alive and timing not in DEAD_OK:
            return
        if not (s.always_active or s.is_active()) or (limited and not limits_ok(s)):
            return
        ctx = SkillContext(game, o, s, timing, event, target)
        ctx.point = point
        if point > 1 and cls.can_trigger is not _ALWAYS and not s.can_trigger(ctx):
            return
        if s.optional and not game.ask_yes_no(o, f"是否发动【{s.name}】", s.name):
            continue
        if cls.cost is not _FREE and not s.cost(ctx):
            continue
        count_skill_use(s)
        log_invoke(game, s, ctx.targets)
        s.effect(ctx)


def count_skill_use(skill: Skill) -> None:
    """Count one invocation of ``skill`` (phase, turn and game counters of its owner)."""
    o = skill.owner
    o.phase_counters[skill.name] = o.phase_counters.get(skill.name, 0) + 1
    o.turn_counters[skill.name] = o.turn_counters.get(skill.name, 0) + 1
    o.marks["uses:" + skill.name] = o.marks.get("uses:" + skill.name, 0) + 1
    if skill.limited or skill.wake:
        o.marks["used:" + skill.name] = 1


def log_invoke(game: Game, skill: Skill, targets: Sequence[Player] = ()) -> None:
    """Log ``发动``: the owner invokes ``skill`` (→ its targets)."""
    seats = []
    text: LazyText  # (formatted only if read: Game.log_event's lazy form)
    if targets:
        tags = []
        for t in targets:  # (a loop: a comprehension is a function call in Python 3.11)
            tags.append(t.tag)
            seats.append(t.seat)
        text = ("{} 发动【{}】 → {}", game.tag(skill.owner), skill.name, "、".join(tags))
    else:
        text = ("{} 发动【{}】", game.tag(skill.owner), skill.name)
    game.log_entry("发动", text, {"player": skill.owner.seat, "skill": skill.name, "targets": seats})


def equip_works(game: Game, skill: Skill, event: Event) -> bool:
    """Whether an equipment card's skill works in this event: an armor's skills
    do not while the armor is ignored (青釭剑: 无视其防具)."""
    card = game._skill_card.get(id(skill))
    if card is None or card.subtype is not _M.CardSubtype.ARMOR:
        return True
    use = event.use if isinstance(event, (SlashEffectEvent, CardNeedEvent)) else event
    return armor_active(skill.owner, use)


def armor_active(player: Player, use: object = None) -> bool:
    """Whether ``player``'s armor works (he has one, not ignored by ``use``)."""
    if player.armor is None:
        return False
    if isinstance(use, CardUseEvent) and player.seat in use.ignore_armor:
        return False
    return True
