"""The game engine: state, zones and card moves, timing dispatch, hp, judge, turns.

Two ways to play a game, running the same rules code:

* ``game.run(agents)`` — the agents answer every decision in place
  (``Agent.choose(view, decision)``, the view being what the seat may see,
  :class:`~sgs.runtime.observation.SeatView`; agents without ``observes = True`` get
  the game itself, the old interface kept for the terminal player and old tests);
* ``game.pending()`` → the :class:`Decision` waiting (None once the game is over),
  ``game.view(seat)``, ``game.respond(answer)`` — driven one decision at a time from
  outside (a greenlet suspends the rules where they ask; :mod:`sgs.runtime.drive`
  says why), and ``game.clone()`` copies a game at any pending decision.

Same seed and same answers give the same log either way.

Why ~1,300 lines: the event families (turn and phases, damage, hp, dying and death,
judge, card moves) are still methods of :class:`Game`, as are dispatch and the
driving above; ENGINE.md's split into runtime/flows/ with stage tables as data (one
dispatcher, the verb table's ``opens`` derived from them) is the next step of issue 9,
not done yet.

Card use, responses and the play phase live in :mod:`sgs.runtime.cardflow`; card
effects in :mod:`sgs.runtime.effects`; the identity mode in
:mod:`sgs.runtime.modes.identity`; the table builder in :mod:`sgs.runtime.testing`.

A :class:`Game` is fully determined by its initial table, its equipment table, its
seed (one ``random.Random``) and the agents' answers: nothing process-global (what
else the process compiled or played before) changes what a game does.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Callable, Mapping, Sequence

from greenlet import getcurrent, greenlet

from . import members as _M
from .agents import Agent
from .cardflow import ask_peach, play_phase, respond_card, use_response
from .cards import AnyCard, Card, CardName, CardSubtype, Nature
from .decisions import INVOKE, NO_INVOKE, Decision, DecisionKind, Option, option
from .events import (
    CardResponseEvent,
    CardsMoveEvent,
    CardUseEvent,
    DamageEvent,
    DeathEvent,
    DrawPhaseEvent,
    DyingEvent,
    Event,
    GameStartEvent,
    JudgeEvent,
    LoseHpEvent,
    PhaseEvent,
    RecoverEvent,
    SlashEffectEvent,
    TurnEvent,
)
from .drive import Record, ReplayAgent, TapRandom, answer_error, replay_draws
from .log import GameLog, LogValue
from .observation import SeatView
from .player import DAMAGE_BONUS, SLOT_OF, USED, GeneralSpec, JudgeAreaEntry, Player, Role
from .skills import (
    ActiveSkill,
    ResponseProxySkill,
    Skill,
    SkillContext,
    StaticSkill,
    TriggerSkill,
    UseMode,
    ViewAsSkill,
    static_hooks,
)
from .timing import PHASE_BEFORE, PHASE_BEGIN, PHASE_END, Phase, Scope, Timing
from .zones import CardZone, MoveReason, Zone
from .effects import EFFECTS
from .effects.equipment import HAND_WRITTEN
from .effects.tricks import resolve_delayed

__all__ = ["Game", "GameOver", "CensusError", "PHASES", "EquipmentTable", "CardEffects", "DAMAGE_BONUS", "USED"]

_YES_NO = (Option(INVOKE), Option(NO_INVOKE))

PHASES: tuple[Phase, ...] = (_M.Phase.START, _M.Phase.JUDGE, _M.Phase.DRAW, _M.Phase.PLAY, _M.Phase.DISCARD, _M.Phase.FINISH)

_DEAD_OK = (_M.Timing.DEATH, _M.Timing.DIED)



class GameOver(Exception):
    """Raised inside the engine when the game ends; caught by :meth:`Game.run`."""

    def __init__(self, winner: str, winners: list[int]) -> None:
        super().__init__(winner)
        self.winner = winner
        self.winners = winners


class CensusError(AssertionError):
    """A deck card is in no zone or in two zones."""


VictoryCheck = Callable[["Game"], "GameOver | None"]

#: card name → the skill classes an equipped card of that name grants its holder
#: (the ``EQUIPMENT`` table of emitted modules; :class:`sgs.compiler.Pool` ``.equipment``)
EquipmentTable = Mapping[CardName, tuple[type[Skill], ...]]

#: card name → ``effect(game, use)``, run when a use of the card resolves
CardEffects = Mapping[CardName, Callable[["Game", CardUseEvent], None]]


class Game:
    """One game.  Build it with :func:`sgs.runtime.testing.build_game` or
    :func:`sgs.runtime.modes.identity.setup_identity_game`, then :meth:`run`.

    ``equipment`` — the equipment effects of this game (:data:`EquipmentTable`:
    card name → skill classes), usually the compiled card declarations of the
    skill set the generals come from (``sgs.compiler.load_pool(...).equipment``).
    They are laid over the hand-written remainder
    (:data:`sgs.runtime.effects.equipment.HAND_WRITTEN`), which every game has;
    a name in both takes the given classes.  Default (None or empty): only the
    hand-written effects, so e.g. an equipped 诸葛连弩 or +1马 then does nothing.
    The table is copied when the game is created."""

    def __init__(
        self,
        players: list[Player],
        agents: Sequence[Agent],
        deck: list[Card],
        rng: random.Random,
        draw_pile: list[Card],
        victory: VictoryCheck | None = None,
        log_enabled: bool = True,
        equipment: EquipmentTable | None = None,
        card_effects: CardEffects | None = None,
    ) -> None:
        self.players = players
        self.agents: list[Agent] = list(agents)
        self.deck = deck
        self.rng = rng
        self.draw_pile: list[Card] = draw_pile  # top = last element
        self.discard_pile: list[Card] = []  # top = last element
        self.processing: list[Card] = []
        self.loc: dict[int, tuple[Zone, Player | None]] = {c.id: (_M.Zone.DRAW_PILE, None) for c in draw_pile}
        if victory is None:
            from .modes.identity import identity_victory  # the default mode (modes import the core)

            victory = identity_victory
        self.victory: VictoryCheck = victory
        #: card name → what the card does once its use resolves (the use pipeline
        #: looks it up here; default: the standard effects, :data:`sgs.runtime.effects.EFFECTS`)
        self.card_effects: CardEffects = EFFECTS if card_effects is None else card_effects
        self.log = GameLog(log_enabled)
        self.current: Player = players[0]
        self.phase: Phase | None = None
        self.round = 1
        self.turns_played = 0
        self.over = False
        self.winner: str | None = None
        self.winners: list[int] = []
        self.listeners: dict[Timing, list[TriggerSkill]] = {}
        self._statics: dict[int, list[StaticSkill]] = {p.seat: [] for p in players}
        #: seat → hook name → that seat's static skills overriding the hook (a hook
        #: left at StaticSkill's default changes nothing, so it is not asked)
        self._hooked: dict[int, dict[str, list[StaticSkill]]] = {p.seat: {} for p in players}
        #: seats with a static skill that is not always active (lord/limited/wake)
        self._hooked_dynamic: set[int] = set()
        #: card name → the skill classes an equipped card of that name grants (the
        #: given ``equipment`` over the hand-written remainder; see effects.equipment)
        self.card_skills: dict[CardName, tuple[type[Skill], ...]] = dict(HAND_WRITTEN)
        for name, classes in (equipment or {}).items():
            self.card_skills[name] = tuple(classes)
        #: equipped card id → the skill instances it granted its holder
        self._equip_skill: dict[int, list[Skill]] = {}
        #: id(skill instance) → the equipment card that granted it
        self._skill_card: dict[int, Card] = {}
        self._skip: dict[int, set[Phase]] = {p.seat: set() for p in players}
        self._phase_skipped_now: set[Phase] = set()
        #: index in PHASES of the phase the current turn is at or before (None
        #: outside a turn); what skip_phase compares with
        self._turn_at: int | None = None
        self._start_phase: Phase | None = None
        self._end_phase_now = False
        self.play_actions = 0
        self._started = False
        self._tags: dict[int, tuple[GeneralSpec, Role, str]] = {}
        #: the turn cap of a game driven by pending/respond, and what to do when it
        #: is reached (identity mode logs 回合上限)
        self.max_turns: int | None = None
        self.on_turn_cap: Callable[[Game, int], None] | None = None
        #: rebuilds this game as set up, with the given agents (for clone); set by
        #: setup_identity_game / build_game
        self.factory: Callable[[Sequence[Agent]], Game] | None = None
        #: every answer so far with the agent's RNG draws before it (drive.Record)
        self._record: list[Record] = []
        self._tape: list[int] = []
        self._tap = TapRandom(rng, self._tape)
        self._glet: greenlet | None = None
        self._pending: Decision | None = None
        #: variant (seed 001): judge 闪电 before 乐不思蜀 instead of last-placed-first
        self.lightning_first = False

    # ------------------------------------------------------------------ basics

    def log_event(self, kind: str, text: str, **data: LogValue) -> None:
        self.log.add(self.round, kind, text, data)

    def tag(self, p: Player) -> str:
        """``2号位 关羽(反贼)`` — how the log names a player (cached per general and role)."""
        hit = self._tags.get(p.seat)
        if hit is not None and hit[0] is p.general and hit[1] is p.role:
            return hit[2]
        text = f"{p.seat}号位 {p.general.name}({p.role.value})"
        self._tags[p.seat] = (p.general, p.role, text)
        return text

    def alive_from(self, player: Player) -> list[Player]:
        """Living players in seat order starting at ``player`` (included if alive)."""
        ps = self.players
        i = player.seat - 1
        return [q for q in ps[i:] if q.alive] + [q for q in ps[:i] if q.alive]

    def alive(self) -> list[Player]:
        return [p for p in self.players if p.alive]

    def next_alive(self, player: Player) -> Player:
        ps = self.players
        n = len(ps)
        for k in range(1, n + 1):
            q = ps[(player.seat - 1 + k) % n]
            if q.alive:
                return q
        return player

    def agent_of(self, p: Player) -> Agent:
        return self.agents[p.seat - 1]

    # ------------------------------------------------------------------ skills

    def add_skill(self, player: Player, skill: Skill) -> None:
        player.skills.append(skill)
        if isinstance(skill, TriggerSkill):
            for t in skill.timings:
                self.listeners.setdefault(t, []).append(skill)
        if isinstance(skill, StaticSkill):
            self._statics[player.seat].append(skill)
            self._index_statics(player)

    def remove_skill(self, player: Player, skill: Skill) -> None:
        if skill in player.skills:
            player.skills.remove(skill)
        if isinstance(skill, TriggerSkill):
            for t in skill.timings:
                lst = self.listeners.get(t)
                if lst and skill in lst:
                    lst.remove(skill)
        if isinstance(skill, StaticSkill) and skill in self._statics[player.seat]:
            self._statics[player.seat].remove(skill)
            self._index_statics(player)

    def _index_statics(self, player: Player) -> None:
        hooked: dict[str, list[StaticSkill]] = {}
        dynamic = False
        for s in self._statics[player.seat]:
            for hook in static_hooks(type(s)):
                hooked.setdefault(hook, []).append(s)
            dynamic = dynamic or s.lord or s.limited or s.wake
        self._hooked[player.seat] = hooked
        if dynamic:
            self._hooked_dynamic.add(player.seat)
        else:
            self._hooked_dynamic.discard(player.seat)

    def statics(self, player: Player) -> list[StaticSkill]:
        return [s for s in self._statics[player.seat] if s.is_active()]

    def any_hooked(self, hook: str) -> bool:
        """Whether any seat (alive or not) has a static skill overriding ``hook``."""
        for by_hook in self._hooked.values():
            if hook in by_hook:
                return True
        return False

    def hooked(self, player: Player, hook: str) -> Sequence[StaticSkill]:
        """``player``'s active static skills that override ``hook`` (a
        :class:`StaticSkill` method name), in the order :meth:`statics` lists them.
        The others would return the hook's neutral default (0 / False), so asking
        only these gives the same answers.  Do not mutate the result."""
        lst = self._hooked[player.seat].get(hook)
        if not lst:
            return ()
        if player.seat in self._hooked_dynamic:
            return [s for s in lst if s.is_active()]
        return lst

    def view_as_skills(self, player: Player) -> list[ViewAsSkill]:
        return [s for s in player.skills if isinstance(s, ViewAsSkill) and s.is_active()]

    def active_skills(self, player: Player) -> list[ActiveSkill]:
        return [s for s in player.skills if isinstance(s, ActiveSkill) and s.is_active()]

    def proxy_skills(self, player: Player) -> list[ResponseProxySkill]:
        return [s for s in player.skills if isinstance(s, ResponseProxySkill) and s.is_active()]

    def count_skill_use(self, skill: Skill) -> None:
        o = skill.owner
        o.phase_counters[skill.name] = o.phase_counters.get(skill.name, 0) + 1
        o.turn_counters[skill.name] = o.turn_counters.get(skill.name, 0) + 1
        o.marks["uses:" + skill.name] = o.marks.get("uses:" + skill.name, 0) + 1
        if skill.limited or skill.wake:
            o.marks["used:" + skill.name] = 1

    def log_invoke(self, skill: Skill, targets: Sequence[Player] = ()) -> None:
        extra = (" → " + "、".join(t.tag for t in targets)) if targets else ""
        self.log_event(
            "发动",
            f"{self.tag(skill.owner)} 发动【{skill.name}】{extra}",
            player=skill.owner.seat,
            skill=skill.name,
            targets=[t.seat for t in targets],
        )

    # ------------------------------------------------------------------ dispatch

    def trigger(self, timing: Timing, subject: Player | None, event: Event, target: Player | None = None) -> None:
        """Open window ``timing`` for ``event``: resolve every listening skill whose
        owner is alive, whose scope matches ``subject``, in seat order from the
        current player; a player orders his own simultaneous skills."""
        lst = self.listeners.get(timing)
        if not lst:
            return
        cands: list[TriggerSkill] = []
        for s in lst:
            o = s.owner
            if not o.alive and not (timing in _DEAD_OK and o is subject):
                continue
            sc = s.scope
            if sc is _M.Scope.SELF:
                if subject is not o:
                    continue
            elif sc is _M.Scope.OTHER:
                if subject is None or subject is o:
                    continue
            if not s.is_active():
                continue
            if id(s) in self._skill_card and not self._equip_works(s, event):
                continue
            cands.append(s)
        if not cands:
            return
        order = self.alive_from(self.current)
        if subject is not None and not subject.alive and timing in _DEAD_OK:
            order.append(subject)
        done: set[int] = set()
        for p in order:
            while True:
                mine: list[tuple[TriggerSkill, SkillContext]] = []
                for s in cands:
                    if s.owner is not p or id(s) in done:
                        continue
                    if not s.owner.alive and timing not in _DEAD_OK:
                        continue
                    if not self._limits_ok(s):
                        continue
                    ctx = SkillContext(self, p, s, timing, event, target)
                    if s.can_trigger(ctx):
                        mine.append((s, ctx))
                if not mine:
                    break
                if len(mine) == 1:
                    chosen = mine[0][0]
                else:
                    opts = tuple(option(s.name, "skill") for s, _ in mine)
                    i = self.ask(Decision(_M.DecisionKind.ORDER, p, f"{timing.value}：选择先发动的技能", opts))[0]
                    chosen = mine[i][0]
                done.add(id(chosen))
                self._resolve_trigger(chosen, timing, event, target)

    def _limits_ok(self, s: TriggerSkill) -> bool:
        o = s.owner
        if s.limit_per_phase is not None and o.phase_counters.get(s.name, 0) >= s.limit_per_phase:
            return False
        if s.limit_per_turn is not None and o.turn_counters.get(s.name, 0) >= s.limit_per_turn:
            return False
        return True

    def _resolve_trigger(self, s: TriggerSkill, timing: Timing, event: Event, target: Player | None) -> None:
        o = s.owner
        if s.per_point and isinstance(event, (DamageEvent, LoseHpEvent, RecoverEvent)):
            times = event.amount  # 每当…1点伤害/体力后: once per point of the event
        else:
            times = s.times(SkillContext(self, o, s, timing, event, target))
        for point in range(1, times + 1):
            if not o.alive and timing not in _DEAD_OK:
                return
            if not s.is_active() or not self._limits_ok(s):
                return
            ctx = SkillContext(self, o, s, timing, event, target)
            ctx.point = point
            if point > 1 and not s.can_trigger(ctx):
                return
            if s.optional and not self.ask_yes_no(o, f"是否发动【{s.name}】", about=s.name):
                continue
            if not s.cost(ctx):
                continue
            self.count_skill_use(s)
            self.log_invoke(s, ctx.targets)
            s.effect(ctx)

    # ------------------------------------------------------------------ decisions

    def ask(self, d: Decision) -> list[int]:
        """Ask the deciding player (every decision with at least one legal option is
        asked, even a forced one): his agent, or — while the game is driven by
        :meth:`pending` / :meth:`respond` — whoever drives it.  Validates the answer."""
        n = len(d.options)
        if n == 0:
            return []
        if d.max > n:
            d.max = n
        if d.min > n:
            d.min = n
        g = self._glet
        if g is not None and getcurrent() is g:
            self._pending = d
            parent = g.parent
            assert parent is not None  # pending()/respond() set it before switching in
            picked: list[int] = parent.switch(d)  # respond() checked it
        else:
            agent = self.agents[d.player.seat - 1]
            seen = SeatView(self, d.player.seat) if getattr(agent, "observes", False) else self
            picked = list(agent.choose(seen, d))  # type: ignore[arg-type]
            if answer_error(d, picked) is not None:
                raise ValueError(f"agent of {d.player.tag} gave illegal answer {picked} to {d.kind.value}: {d.labels()}")
        tape = self._tape
        if tape:
            self._record.append((tuple(picked), tuple(tape)))
            tape.clear()
        else:
            self._record.append((tuple(picked), ()))
        return picked

    # ------------------------------------------------------------------ driving from outside

    def view(self, seat: int) -> SeatView:
        """What seat ``seat`` (1-based) may see now (:mod:`sgs.runtime.observation`)."""
        return SeatView(self, seat)

    def agent_rng(self) -> random.Random:
        """The RNG agents draw from (``view.rng``): the game's, through a recorder
        so that :meth:`clone` can replay the draws."""
        return self._tap

    def pending(self) -> Decision | None:
        """The decision the game waits for (``decision.player`` decides), or None when
        the game is over (or stopped at :attr:`max_turns`).  The first call starts the
        game and plays until the first decision."""
        if self._pending is not None:
            return self._pending
        g = self._glet
        if g is None:
            if self.over:
                return None
            g = self._glet = greenlet(self._drive)
        elif g.dead:
            return None
        g.parent = getcurrent()
        self._pending = g.switch()
        return self._pending

    def respond(self, answer: Sequence[int]) -> Decision | None:
        """Answer the pending decision with option indices (as ``Agent.choose``
        returns them) and play on to the next decision; returns it (None: over).
        Raises ``ValueError`` for an illegal answer (the game is unchanged) and
        ``RuntimeError`` when nothing is pending."""
        d = self._pending
        g = self._glet
        if d is None or g is None:
            raise RuntimeError("no decision is pending (call pending() first; None means the game is over)")
        picked = list(answer)
        why = answer_error(d, picked)
        if why is not None:
            raise ValueError(f"illegal answer {picked} to {d.kind.value} of {d.player.tag}: {why}; options {d.labels()}")
        self._pending = None
        g.parent = getcurrent()
        self._pending = g.switch(picked)
        return self._pending

    def _drive(self) -> None:
        self._play(self.max_turns)
        if not self.over and self.max_turns is not None and self.on_turn_cap is not None:
            self.on_turn_cap(self, self.max_turns)

    def clone(self) -> Game:
        """An independent copy of this game, at the same pending decision (or not yet
        started), by a replay: the factory rebuilds the game as set up and the
        recorded answers and agent draws are fed to it (:mod:`sgs.runtime.drive`).
        Raises ``ValueError`` for a game without a factory (built by hand) or one
        that :meth:`run` has played part of (only pending/respond games replay to
        the same point).  The copy's agents are the original's (they answer only if
        the copy is :meth:`run`)."""
        if self.factory is None:
            raise ValueError("this game has no factory (set up by setup_identity_game or build_game to clone)")
        if self._glet is None and (self.turns_played or self.over):
            raise ValueError("a game played by run() cannot be cloned; drive it with pending/respond")
        queue: deque[Record] = deque(self._record)
        g = self.factory([ReplayAgent(queue) for _ in self.players])
        g.max_turns, g.on_turn_cap = self.max_turns, self.on_turn_cap
        if self._glet is not None:
            while queue:
                if g.pending() is None:
                    raise RuntimeError("replay ended early: the game is not reproducible from its factory")
                picked, draws = queue.popleft()
                replay_draws(g._tap, draws)
                g.respond(picked)
            g.pending()
            replay_draws(g._tap, self._tape)
        elif queue:
            raise RuntimeError("replay left answers unused: the game's set-up is not reproducible")
        g.agents = list(self.agents)
        return g

    def ask_yes_no(self, player: Player, prompt: str, about: str = "") -> bool:
        d = Decision(_M.DecisionKind.INVOKE, player, prompt, _YES_NO, about=about)
        return self.ask(d)[0] == 0

    def choose_option(
        self, chooser: Player, options: list[str], feasible: Sequence[bool] | None = None, prompt: str = "", about: str = ""
    ) -> str | None:
        legal = [o for i, o in enumerate(options) if feasible is None or feasible[i]]
        if not legal:
            return None
        d = Decision(_M.DecisionKind.OPTION, chooser, prompt or "选择一项", tuple(Option(o) for o in legal), about=about)
        choice = legal[self.ask(d)[0]]
        self.log_event("选择", f"{self.tag(chooser)} 选择「{choice}」", player=chooser.seat, choice=choice)
        return choice

    def choose_players(
        self, chooser: Player, candidates: list[Player], min_n: int, max_n: int, prompt: str = "", about: str = ""
    ) -> list[Player]:
        if not candidates:
            return []
        d = Decision(
            _M.DecisionKind.PLAYERS,
            chooser,
            prompt or "选择角色",
            tuple(option(str(p.seat)) for p in candidates),
            min=min(min_n, len(candidates)),
            max=max_n,
            about=about,
        )
        return [candidates[i] for i in self.ask(d)]

    def choose_cards(
        self,
        chooser: Player,
        cards: list[Card],
        min_n: int,
        max_n: int,
        prompt: str = "",
        about: str = "",
        kind: DecisionKind = _M.DecisionKind.CARDS,
    ) -> list[Card]:
        if not cards:
            return []
        d = Decision(
            kind,
            chooser,
            prompt or "选择牌",
            tuple(option(c.label, "card") for c in cards),
            min=min(min_n, len(cards)),
            max=max_n,
            about=about,
        )
        return [cards[i] for i in self.ask(d)]

    def choose_card_of(self, chooser: Player, target: Player, zone: CardZone, prompt: str = "", about: str = "") -> Card | None:
        """``chooser`` picks one card in ``target``'s areas (hand blind)."""
        cards: list[Card] = []
        labels: list[str] = []
        if zone.hand:
            for i, c in enumerate(target.hand):
                cards.append(c)
                labels.append(f"手牌{i + 1}" if chooser is not target else c.label)
        if zone.equip:
            for c in target.equip_cards():
                cards.append(c)
                labels.append(c.label)
        if zone.judge:
            for e in target.judge_area:
                cards.append(e.card)
                labels.append(e.card.label)
        if not cards:
            return None
        d = Decision(
            _M.DecisionKind.CARD_OF,
            chooser,
            prompt or f"选择{target.tag}的一张牌",
            tuple(Option(lab, "card") for lab in labels),
            about=about,
            extra={"target": str(target.seat)},
        )
        return cards[self.ask(d)[0]]

    def ask_for_card(
        self, player: Player, names: tuple[CardName, ...], mode: UseMode, prompt: str = "", reason: str = ""
    ) -> AnyCard | None:
        """Ask ``player`` to 打出 (RESPOND) or 使用 (USE, no target) a named card."""
        about = names[0].value if names else reason
        if mode is _M.UseMode.USE:
            return use_response(self, player, names, about, prompt)
        return respond_card(self, player, names, about, prompt)

    # ------------------------------------------------------------------ zones

    def _remove(self, c: Card) -> tuple[Zone, Player | None]:
        zone, owner = self.loc[c.id]
        if zone is _M.Zone.HAND:
            assert owner is not None
            owner.hand.remove(c)
        elif zone is _M.Zone.EQUIP:
            assert owner is not None
            for slot, e in list(owner.equips.items()):
                if e is c:
                    del owner.equips[slot]
            for sk in self._equip_skill.pop(c.id, []):
                self._skill_card.pop(id(sk), None)
                self.remove_skill(owner, sk)
        elif zone is _M.Zone.JUDGE:
            assert owner is not None
            owner.judge_area = [e for e in owner.judge_area if e.card is not c]
        elif zone is _M.Zone.DRAW_PILE:
            self.draw_pile.remove(c)
        elif zone is _M.Zone.DISCARD_PILE:
            self.discard_pile.remove(c)
        else:
            self.processing.remove(c)
        return zone, owner

    def _add(self, c: Card, zone: Zone, owner: Player | None, judge_as: str = "") -> None:
        if zone is _M.Zone.HAND:
            assert owner is not None
            owner.hand.append(c)
        elif zone is _M.Zone.EQUIP:
            assert owner is not None
            owner.equips[SLOT_OF[c.subtype]] = c
            granted: list[Skill] = []
            for cls in self.card_skills.get(c.name, ()):
                sk = cls(owner)
                granted.append(sk)
                self._skill_card[id(sk)] = c
                self.add_skill(owner, sk)
            if granted:
                self._equip_skill[c.id] = granted
        elif zone is _M.Zone.JUDGE:
            assert owner is not None
            owner.judge_area.append(JudgeAreaEntry(c, judge_as or c.name.value))
        elif zone is _M.Zone.DRAW_PILE:
            self.draw_pile.append(c)
        elif zone is _M.Zone.DISCARD_PILE:
            self.discard_pile.append(c)
        else:
            self.processing.append(c)
        self.loc[c.id] = (zone, owner)

    def move_cards(
        self,
        cards: Sequence[Card],
        to_zone: Zone,
        to_player: Player | None = None,
        reason: MoveReason = _M.MoveReason.PUT,
        by: Player | None = None,
        judge_as: str = "",
    ) -> None:
        """Move physical cards; opens 失去牌时 / 获得牌后 when someone listens."""
        if not cards:
            return
        lost: dict[int, tuple[Player, list[Card], list[Zone]]] = {}
        from_zones: list[Zone] = []
        for c in cards:
            zone, owner = self._remove(c)
            from_zones.append(zone)
            if owner is not None and (zone is _M.Zone.HAND or zone is _M.Zone.EQUIP) and not (
                owner is to_player and zone is to_zone
            ):
                entry = lost.setdefault(owner.seat, (owner, [], []))
                entry[1].append(c)
                entry[2].append(zone)
            self._add(c, to_zone, to_player, judge_as)
        if lost and _M.Timing.CARDS_LOST in self.listeners:
            for seat in sorted(lost):
                owner, cs, zs = lost[seat]
                ev = CardsMoveEvent(cs, owner, zs, to_player, to_zone, reason, by)
                self.trigger(_M.Timing.CARDS_LOST, owner, ev)
        if to_zone is _M.Zone.HAND and to_player is not None and _M.Timing.CARDS_OBTAINED in self.listeners:
            if reason is _M.MoveReason.DRAW:
                from_zones = [_M.Zone.DRAW_PILE] * len(cards)
            ev = CardsMoveEvent(list(cards), None, from_zones, to_player, to_zone, reason, by)
            self.trigger(_M.Timing.CARDS_OBTAINED, to_player, ev)

    def zone_of(self, c: Card) -> Zone:
        return self.loc[c.id][0]

    def owner_of(self, c: Card) -> Player | None:
        return self.loc[c.id][1]

    def to_discard(self, cards: Sequence[Card], reason: MoveReason = _M.MoveReason.PUT) -> None:
        self.move_cards(list(cards), _M.Zone.DISCARD_PILE, None, reason)

    def clear_processing(self, cards: Sequence[Card]) -> None:
        """Move those of ``cards`` still in the processing area to the discard pile."""
        rest = [c for c in cards if self.loc[c.id][0] is _M.Zone.PROCESSING]
        if rest:
            self.move_cards(rest, _M.Zone.DISCARD_PILE, None, _M.MoveReason.PUT)

    def check_card_census(self) -> None:
        """Raise :class:`CensusError` unless every deck card is in exactly one zone
        and every zone list agrees with the location table."""
        seen: dict[int, str] = {}

        def put(c: Card, where: str) -> None:
            if c.id in seen:
                raise CensusError(f"{c!r} is both in {seen[c.id]} and {where}")
            seen[c.id] = where

        for c in self.draw_pile:
            put(c, "牌堆")
        for c in self.discard_pile:
            put(c, "弃牌堆")
        for c in self.processing:
            put(c, "处理区")
        for p in self.players:
            for c in p.hand:
                put(c, f"{p.tag} 手牌")
            for c in p.equips.values():
                put(c, f"{p.tag} 装备区")
            for e in p.judge_area:
                put(e.card, f"{p.tag} 判定区")
        ids = {c.id for c in self.deck}
        if set(seen) != ids:
            missing = sorted(ids - set(seen))
            extra = sorted(set(seen) - ids)
            raise CensusError(f"cards missing from every zone: {missing}; cards not in the deck: {extra}")

    # ------------------------------------------------------------------ drawing

    def reshuffle(self) -> None:
        if not self.discard_pile:
            self.log_event("平局", "牌堆与弃牌堆均已无牌，游戏以平局结束")
            raise GameOver("平局", [])
        cards = list(self.discard_pile)
        self.discard_pile.clear()
        self.rng.shuffle(cards)
        for c in cards:
            self.loc[c.id] = (_M.Zone.DRAW_PILE, None)
        self.draw_pile[:0] = cards
        self.log_event("洗牌", f"弃牌堆洗入牌堆（{len(cards)}张）", count=len(cards))

    def take_top(self, n: int) -> list[Card]:
        """Move ``n`` cards from the top of the draw pile to the processing area
        (reshuffling the discard pile in when the draw pile runs out)."""
        out: list[Card] = []
        for _ in range(n):
            if not self.draw_pile:
                self.reshuffle()
            c = self.draw_pile.pop()
            self.loc[c.id] = (_M.Zone.PROCESSING, None)
            self.processing.append(c)
            out.append(c)
        return out

    def put_on_draw_pile(self, cards: Sequence[Card], bottom: bool = False) -> list[Card]:
        """Put those of ``cards`` that are in the processing area on the draw pile, in
        pile order with ``cards[0]`` highest: on top of it, or (``bottom``) under it,
        the last card becoming the bottom card.  No window opens (nobody loses them).
        Returns the cards moved."""
        cs = [c for c in cards if self.loc[c.id][0] is _M.Zone.PROCESSING]
        for c in cs:
            self._remove(c)
            self.loc[c.id] = (_M.Zone.DRAW_PILE, None)
        if bottom:
            self.draw_pile[:0] = list(reversed(cs))
        else:
            self.draw_pile.extend(reversed(cs))
        return cs

    def draw(self, player: Player, n: int, reason: str = "") -> list[Card]:
        if n <= 0 or not player.alive:
            return []
        cards = self.take_top(n)
        self.move_cards(cards, _M.Zone.HAND, player, _M.MoveReason.DRAW)
        self.log_event(
            "摸牌",
            f"{self.tag(player)} 摸了{n}张牌" + (f"（{reason}）" if reason else ""),
            player=player.seat,
            count=n,
            cards=[c.label for c in cards],
        )
        return cards

    # ------------------------------------------------------------------ discard / obtain / give

    def discard_cards(self, player: Player, cards: list[Card], reason: str = "", by: Player | None = None) -> None:
        cards = [c for c in cards if self.loc[c.id][1] is player and self.loc[c.id][0] in (_M.Zone.HAND, _M.Zone.EQUIP, _M.Zone.JUDGE)]
        if not cards:
            return
        self.log_event(
            "弃置",
            f"{self.tag(by or player)} 弃置了{'' if by in (None, player) else player.tag + '的'}"
            f"{'、'.join(c.label for c in cards)}" + (f"（{reason}）" if reason else ""),
            player=player.seat,
            cards=[c.label for c in cards],
        )
        self.move_cards(cards, _M.Zone.DISCARD_PILE, None, _M.MoveReason.DISCARD, by or player)

    def ask_discard(
        self,
        player: Player,
        n: int,
        zone: CardZone = _M.CardZone.HAND,
        optional: bool = False,
        card_filter: Callable[[Card], bool] | None = None,
        prompt: str = "",
        reason: str = "",
    ) -> list[Card]:
        cands = player.cards_in(zone.hand, zone.equip, zone.judge)
        if card_filter is not None:
            cands = [c for c in cands if card_filter(c)]
        if not cands or n <= 0:
            return []
        if optional and len(cands) < n:
            return []
        lo = 0 if optional else min(n, len(cands))
        picked = self.choose_cards(
            player, cands, lo, n, prompt=prompt or f"弃置{n}张{zone.value}", about=reason or "弃置"
        )
        if optional and len(picked) < n:
            return []
        self.discard_cards(player, picked, reason)
        return picked

    def obtain_card(self, player: Player, card: AnyCard, reason: str = "") -> list[Card]:
        got = [
            c
            for c in card.physical()
            if self.loc[c.id][0] is not _M.Zone.DRAW_PILE and not (self.loc[c.id][0] is _M.Zone.HAND and self.loc[c.id][1] is player)
        ]
        if not got or not player.alive:
            return []
        # logged before the move: windows the move opens (失去牌时 …) come after it
        self.log_event(
            "获得",
            f"{self.tag(player)} 获得了{'、'.join(c.label for c in got)}" + (f"（{reason}）" if reason else ""),
            player=player.seat,
            cards=[c.label for c in got],
        )
        self.move_cards(got, _M.Zone.HAND, player, _M.MoveReason.OBTAIN, player)
        return got

    def obtain_from(self, player: Player, target: Player, zone: CardZone, reason: str = "") -> Card | None:
        c = self.choose_card_of(player, target, zone, about=reason)
        if c is None:
            return None
        hidden = self.loc[c.id][0] is _M.Zone.HAND
        self.log_event(
            "获得",
            f"{self.tag(player)} 获得了{target.tag}的{'一张手牌' if hidden else c.label}"
            + (f"（{reason}）" if reason else ""),
            player=player.seat,
            target=target.seat,
            cards=[c.label],
        )
        self.move_cards([c], _M.Zone.HAND, player, _M.MoveReason.OBTAIN, player)
        return c

    def discard_from(self, player: Player, target: Player, zone: CardZone, reason: str = "") -> Card | None:
        c = self.choose_card_of(player, target, zone, about=reason)
        if c is None:
            return None
        self.discard_cards(target, [c], reason, by=player)
        return c

    def give_cards(self, giver: Player, receiver: Player, cards: list[Card], reason: str = "") -> None:
        cards = [c for c in cards if self.loc[c.id][1] is giver]
        if not cards or not receiver.alive:
            return
        giver.phase_counters["给出"] = giver.phase_counters.get("给出", 0) + len(cards)
        self.move_cards(cards, _M.Zone.HAND, receiver, _M.MoveReason.GIVE, giver)
        self.log_event(
            "交给",
            f"{self.tag(giver)} 将{len(cards)}张牌交给{receiver.tag}" + (f"（{reason}）" if reason else ""),
            player=giver.seat,
            target=receiver.seat,
            cards=[c.label for c in cards],
        )

    # ------------------------------------------------------------------ hp

    def recover(
        self, player: Player, n: int, source: Player | None = None, reason: str = "", card: AnyCard | None = None
    ) -> int:
        if not player.alive or n <= 0:
            return 0
        ev = RecoverEvent(player, n, source, card, reason)
        self.trigger(_M.Timing.RECOVERING, player, ev)
        if ev.prevented:
            return 0
        amount = min(ev.amount, player.max_hp - player.hp)
        if amount <= 0:
            return 0
        player.hp += amount
        self.log_event(
            "回复体力",
            f"{self.tag(player)} 回复了{amount}点体力，体力值为{player.hp}" + (f"（{reason}）" if reason else ""),
            player=player.seat,
            amount=amount,
            hp=player.hp,
        )
        ev.amount = amount
        self.trigger(_M.Timing.RECOVERED, player, ev)
        return amount

    def lose_hp(self, player: Player, n: int, reason: str = "") -> None:
        if not player.alive or n <= 0:
            return
        ev = LoseHpEvent(player, n, reason)
        player.hp -= n
        self.log_event(
            "失去体力",
            f"{self.tag(player)} 失去了{n}点体力，体力值为{player.hp}" + (f"（{reason}）" if reason else ""),
            player=player.seat,
            amount=n,
            hp=player.hp,
        )
        if player.hp < 1:
            self.enter_dying(player, None)
        if player.alive:
            self.trigger(_M.Timing.HP_LOST, player, ev)

    def damage(
        self,
        source: Player | None,
        target: Player,
        n: int,
        card: AnyCard | None = None,
        nature: Nature = _M.Nature.NORMAL,
        reason: str = "",
        use: object = None,
    ) -> DamageEvent:
        ev = DamageEvent(source, target, n, card, nature, use if isinstance(use, CardUseEvent) else None, reason)
        if not target.alive or n <= 0:
            ev.prevented = True
            return ev
        if source is not None and card is not None and ev.use is not None and ev.use.user is source:
            bonus = source.turn_counters.get(DAMAGE_BONUS + ("杀" if card.is_slash else card.name.value), 0)
            if bonus:
                ev.amount += bonus
                self.log_event("伤害加成", f"{self.tag(source)} 使用的{card.label}造成的伤害+{bonus}", player=source.seat)
        if source is not None and source.alive:
            self.trigger(_M.Timing.DAMAGE_CAUSING, source, ev)
        if not ev.prevented and ev.amount > 0:
            self.trigger(_M.Timing.DAMAGE_INFLICTING, target, ev)
        if ev.prevented or ev.amount <= 0 or not target.alive:
            ev.prevented = True
            self.log_event("防止伤害", f"{target.tag} 受到的伤害被防止", target=target.seat)
            return ev
        target.hp -= ev.amount
        src = self.tag(source) if source is not None else "无来源"
        nat = "" if nature is _M.Nature.NORMAL else f"{nature.value}"
        self.log_event(
            "伤害",
            f"{src} 对 {self.tag(target)} 造成{ev.amount}点{nat}伤害"
            + (f"（{card.label}）" if card is not None else "")
            + (f"（{reason}）" if reason and card is None else "")
            + f"，体力值为{target.hp}",
            source=source.seat if source is not None else None,
            target=target.seat,
            amount=ev.amount,
            nature=nature.value,
            card=card.label if card is not None else None,
            hp=target.hp,
        )
        if ev.use is not None:
            ev.use.damage_dealt[target.seat] = ev.use.damage_dealt.get(target.seat, 0) + ev.amount
        if target.hp < 1:
            self.enter_dying(target, ev)
        if source is not None and source.alive:
            self.trigger(_M.Timing.DAMAGE_CAUSED, source, ev)
        if target.alive:
            self.trigger(_M.Timing.DAMAGED, target, ev)
        return ev

    def enter_dying(self, player: Player, damage: DamageEvent | None) -> None:
        player.dying = True
        self.log_event("濒死", f"{self.tag(player)} 进入濒死状态", player=player.seat, hp=player.hp)
        ev = DyingEvent(player, damage)
        self.trigger(_M.Timing.DYING, player, ev)
        if player.hp < 1 and player.alive:
            for p in self.alive_from(self.current):
                while player.hp < 1 and p.alive and player.alive:
                    if not ask_peach(self, p, player):
                        break
                if player.hp >= 1 or not player.alive:
                    break
        player.dying = False
        if player.hp < 1 and player.alive:
            self.die(player, damage)

    def die(self, player: Player, damage: DamageEvent | None) -> None:
        killer = damage.source if damage is not None else None
        player.alive = False
        player.role_revealed = True
        self.log_event(
            "死亡",
            f"{self.tag(player)} 死亡" + (f"，凶手是{self.tag(killer)}" if killer is not None else ""),
            player=player.seat,
            role=player.role.value,
            killer=killer.seat if killer is not None else None,
        )
        ev = DeathEvent(player, killer, damage)
        self.trigger(_M.Timing.DEATH, player, ev)
        result = self.victory(self)
        if result is not None:
            raise result
        cards = player.cards_in(True, True, True)
        if cards:
            self.move_cards(cards, _M.Zone.DISCARD_PILE, None, _M.MoveReason.DEATH)
        if killer is not None and killer.alive:
            if player.role is _M.Role.REBEL:
                self.log_event("奖惩", f"{self.tag(killer)} 杀死反贼，摸三张牌", player=killer.seat)
                self.draw(killer, 3, "奖励")
            elif player.role is _M.Role.LOYALIST and killer.role is _M.Role.LORD:
                self.log_event("奖惩", f"{self.tag(killer)} 杀死忠臣，弃置所有手牌和装备", player=killer.seat)
                self.discard_cards(killer, killer.cards_in(True, True), "惩罚")
        self.trigger(_M.Timing.DIED, player, ev)
        for s in list(player.skills):
            self.remove_skill(player, s)
            player.skills.append(s)  # keep the list for display; not indexed any more

    # ------------------------------------------------------------------ judge

    def judge(self, player: Player, reason: str = "", good: Callable[[Card], bool] | None = None) -> Card:
        card = self.take_top(1)[0]
        self.log_event(
            "判定", f"{self.tag(player)} 的判定牌为 {card.label}" + (f"（{reason}）" if reason else ""),
            player=player.seat, card=card.label, reason=reason,
        )
        ev = JudgeEvent(player, card, reason, good)
        self.trigger(_M.Timing.JUDGE_RETRIAL, player, ev)
        self.log_event("判定结果", f"{self.tag(player)} 的判定结果为 {ev.card.label}", player=player.seat, card=ev.card.label)
        self.trigger(_M.Timing.JUDGE_FINISHED, player, ev)
        self.clear_processing([ev.card])
        return ev.card

    def retrial(self, event: JudgeEvent, by: Player, card: Card, respond: bool = True, reason: str = "") -> None:
        old = event.card
        self.move_cards([card], _M.Zone.PROCESSING, None, _M.MoveReason.RETRIAL, by)
        self.log_event(
            "改判",
            f"{self.tag(by)} {'打出' if respond else '用'} {card.label} 代替判定牌 {old.label}"
            + (f"（{reason}）" if reason else ""),
            player=by.seat, card=card.label, old=old.label,
        )
        event.card = card
        self.clear_processing([old])
        if respond:
            self.trigger(_M.Timing.CARD_RESPONDING, by, CardResponseEvent(by, card, reason))

    # ------------------------------------------------------------------ queries

    def _statics_without(self, player: Player, without: Sequence[Card], hook: str) -> Sequence[StaticSkill]:
        """``player``'s active static skills overriding ``hook``, minus those of the
        equipment in ``without`` (cards about to leave the equipment area, e.g. an
        equipped weapon or -1马 used as a 杀 by 武圣: distance and range are counted
        as if it were gone)."""
        lst = self.hooked(player, hook)
        if not without or not lst:
            return lst
        gone = [s for c in without for s in self._equip_skill.get(c.id, ())]
        return [s for s in lst if not any(s is g for g in gone)]

    def distance(self, src: Player, dst: Player, without: Sequence[Card] = ()) -> int:
        """Seat distance plus modifiers; equipment in ``without`` does not count."""
        if src is dst:
            return 0
        alive = [p for p in self.players if p.alive or p is src or p is dst]
        n = len(alive)
        d = abs(alive.index(src) - alive.index(dst))
        d = min(d, n - d)
        for s in self._statics_without(src, without, "distance_modifier"):
            d += s.distance_modifier(self, src, dst)
        for s in self._statics_without(dst, without, "distance_modifier"):
            d += s.distance_modifier(self, src, dst)
        return max(d, 1)

    def attack_range(self, player: Player, without: Sequence[Card] = ()) -> int:
        """Weapon range (1 without one) plus modifiers; equipment in ``without`` does not count."""
        w = player.weapon
        r = w.attack_range if w is not None and not any(c is w for c in without) else 1
        for s in self._statics_without(player, without, "attack_range_modifier"):
            r += s.attack_range_modifier(self, player)
        return r

    def in_attack_range(self, src: Player, dst: Player, without: Sequence[Card] = ()) -> bool:
        """Whether ``dst`` is within ``src``'s attack range; ``without``: ``src``'s equipment
        that does not count (the cards of the 杀 being used)."""
        return src is not dst and dst.alive and self.distance(src, dst, without) <= self.attack_range(src, without)

    def slash_limit(self, player: Player) -> int | None:
        for s in self.hooked(player, "unlimited_slash"):
            if s.unlimited_slash(self, player):
                return None
        extra = 0
        for s in self.hooked(player, "extra_slashes"):
            extra += s.extra_slashes(self, player)
        return 1 + extra

    def max_cards(self, player: Player) -> int:
        m = player.hp
        for s in self.hooked(player, "max_cards_modifier"):
            m += s.max_cards_modifier(self, player)
        return max(m, 0)

    def prohibited(self, user: Player, target: Player, card: AnyCard) -> bool:
        for s in self.hooked(user, "prohibit"):
            if s.prohibit(self, user, target, card):
                return True
        if target is not user:
            for s in self.hooked(target, "prohibit"):
                if s.prohibit(self, user, target, card):
                    return True
        return False

    def _equip_works(self, skill: Skill, event: Event) -> bool:
        """Whether an equipment card's skill works in this event: an armor's skills
        do not while the armor is ignored (青釭剑: 无视其防具)."""
        card = self._skill_card.get(id(skill))
        if card is None or card.subtype is not _M.CardSubtype.ARMOR:
            return True
        use = event.use if isinstance(event, SlashEffectEvent) else event
        return self.armor_active(skill.owner, use)

    def armor_active(self, player: Player, use: object = None) -> bool:
        if player.armor is None:
            return False
        if isinstance(use, CardUseEvent) and player.seat in use.ignore_armor:
            return False
        return True

    # ------------------------------------------------------------------ phases and turns

    def skip_phase(self, player: Player, phase: Phase) -> None:
        """Skip ``player``'s ``phase``: in the current turn when it is the current
        player's and the turn has not passed it yet (before it begins: skipped; while
        it runs: it ends now); otherwise in ``player``'s next turn.  Where the turn is
        counts, not which phase ran last: a turn that starts at 弃牌阶段 can skip its
        own 弃牌阶段 (克己) although no phase of it has run yet."""
        at = self._turn_at
        if player is self.current and at is not None and self.phase is phase:
            self._end_phase_now = True
        elif player is self.current and at is not None and PHASES.index(phase) >= at:
            self._phase_skipped_now.add(phase)
        else:
            self._skip[player.seat].add(phase)

    def run_turn(self, player: Player) -> None:
        self.current = player
        self.turns_played += 1
        for p in self.players:
            p.turn_counters.clear()
        self._phase_skipped_now = set(self._skip[player.seat])
        self._skip[player.seat].clear()
        self.log_event("回合开始", f"{self.tag(player)} 的回合开始", player=player.seat)
        tev = TurnEvent(player)
        self.trigger(_M.Timing.TURN_BEGIN, player, tev)
        start = self._start_phase
        self._start_phase = None
        for ph in PHASES:
            if start is not None and PHASES.index(ph) < PHASES.index(start):
                continue
            if not player.alive:
                break
            self._turn_at = PHASES.index(ph)
            if ph not in self._phase_skipped_now:
                self.trigger(PHASE_BEFORE[ph], player, PhaseEvent(player, ph))
                if not player.alive:
                    break
            if ph in self._phase_skipped_now:
                self.log_event("跳过阶段", f"{self.tag(player)} 跳过{ph.value}", player=player.seat, phase=ph.value)
                continue
            self.phase = ph
            self._end_phase_now = False
            for p in self.players:
                p.phase_counters.clear()
            pev: PhaseEvent = DrawPhaseEvent(player, ph) if ph is _M.Phase.DRAW else PhaseEvent(player, ph)
            self.trigger(PHASE_BEGIN[ph], player, pev)
            if not player.alive:
                break
            if ph in self._phase_skipped_now or self._end_phase_now:
                if ph in self._phase_skipped_now:
                    self.log_event("跳过阶段", f"{self.tag(player)} 跳过{ph.value}", player=player.seat, phase=ph.value)
                    continue
            elif ph is _M.Phase.JUDGE:
                self.judge_phase(player)
            elif ph is _M.Phase.DRAW:
                assert isinstance(pev, DrawPhaseEvent)
                self.trigger(_M.Timing.DRAW_PHASE_DRAWING, player, pev)
                if not pev.skip_draw and player.alive:
                    self.draw(player, pev.count)
            elif ph is _M.Phase.PLAY:
                play_phase(self, player)
            elif ph is _M.Phase.DISCARD:
                self.discard_phase(player)
            if player.alive:
                self.trigger(PHASE_END[ph], player, pev)
        self.phase = None
        self._turn_at = None
        if player.alive:
            self.trigger(_M.Timing.TURN_END, player, tev)
        self.log_event("回合结束", f"{self.tag(player)} 的回合结束", player=player.seat)

    def judge_phase(self, player: Player) -> None:
        order = list(reversed(player.judge_area))
        if self.lightning_first:
            order.sort(key=lambda e: 0 if e.name_as == "闪电" else 1)
        for entry in order:
            if not player.alive:
                return
            if entry not in player.judge_area:
                continue
            resolve_delayed(self, player, entry)

    def discard_phase(self, player: Player) -> None:
        excess = player.hand_count - self.max_cards(player)
        if excess > 0:
            picked = self.choose_cards(
                player, list(player.hand), excess, excess, prompt=f"弃牌阶段：弃置{excess}张手牌", about="弃牌阶段"
            )
            self.discard_cards(player, picked, "弃牌阶段")

    def start(self) -> None:
        """Fire 游戏开始时 (idempotent; :meth:`run` calls it)."""
        if self._started:
            return
        self._started = True
        ev = GameStartEvent()
        for p in self.alive_from(self.current):
            self.trigger(_M.Timing.GAME_START, p, ev)

    def run(
        self, agents: Sequence[Agent] | None = None, *, max_turns: int | None = None, start_phase: Phase | None = None
    ) -> None:
        """Play turns from the current player until the game is over or
        ``max_turns`` turns were played (``max_turns=1``: just the current turn),
        the agents answering in place; ``agents`` (one per seat) replace the game's.
        ``start_phase`` starts the first turn at that phase.  A game already driven
        by :meth:`pending` is played on through pending/respond by the agents."""
        if agents is not None:
            if len(agents) != len(self.players):
                raise ValueError(f"{len(agents)} agents for {len(self.players)} seats")
            self.agents = list(agents)
        if self._glet is not None:
            d = self.pending()
            while d is not None:
                agent = self.agents[d.player.seat - 1]
                seen = SeatView(self, d.player.seat) if getattr(agent, "observes", False) else self
                d = self.respond(agent.choose(seen, d))  # type: ignore[arg-type]
            return
        self._play(max_turns, start_phase)

    def _play(self, max_turns: int | None = None, start_phase: Phase | None = None) -> None:
        if self.over:
            return
        if start_phase is not None:
            self._start_phase = start_phase
        played = 0
        try:
            self.start()
            while True:
                self.run_turn(self.current)
                played += 1
                nxt = self.next_alive(self.current)
                if nxt.seat <= self.current.seat:
                    self.round += 1
                self.current = nxt
                if max_turns is not None and played >= max_turns:
                    return
        except GameOver as g:
            self.over = True
            self.winner = g.winner
            self.winners = g.winners
            self.log_event("游戏结束", f"游戏结束，{g.winner}获胜" if g.winner != "平局" else "游戏结束，平局",
                           winner=g.winner, winners=g.winners)


