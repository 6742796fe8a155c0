"""The game: its state, the decisions it asks, and how it is driven.

Two ways to play a game, running the same rules code:

* ``game.run(agents)`` — the agents answer every decision in place
  (``Agent.choose(view, decision)``, the view being what the seat may see,
  :class:`~sgs.runtime.observation.SeatView`; no agent is ever handed the game);
* ``game.pending()`` → the :class:`Decision` waiting (None once the game is over),
  ``game.view(seat)``, ``game.respond(answer)`` — driven one decision at a time from
  outside (a greenlet suspends the rules where they ask; :mod:`sgs.runtime.drive`
  says why), and ``game.clone()`` copies a game at any pending decision.

Same seed and same answers give the same log either way.

The rules live elsewhere, one module per event family, each driving its events
through its stage table (:mod:`sgs.runtime.stages`): :mod:`sgs.runtime.flows`
(``turn``, ``use``, ``respond``, ``play``, ``damage``, ``hp``, ``dying``, ``judge``,
``move``); windows open through the one dispatcher (:mod:`sgs.runtime.dispatch`);
queries in :mod:`sgs.runtime.legality`, skill indexes in :mod:`sgs.runtime.registry`,
questions in :mod:`sgs.runtime.choices`.  :class:`Game` exposes them as methods
(``game.damage(...)``, ``game.trigger(...)`` …), the surface actions, card effects and
tests call.  The core imports no mode and no card content: a mode passes its victory
rule, and its card rules (effects, equipment skills, the judge area's delayed tricks),
into the game (:mod:`sgs.runtime.modes.identity`, :mod:`sgs.runtime.effects`).

A :class:`Game` is fully determined by its initial table, its card rules, its seed
(one ``random.Random``) and the agents' answers: nothing process-global (what else the
process compiled or played before) changes what a game does.
"""

from __future__ import annotations

import hashlib
import random
from array import array
from collections import deque
from typing import Callable, Mapping, Sequence

from greenlet import getcurrent, greenlet

from . import choices, dispatch, legality, registry, suits, usable
from . import members as _M
from .agents import Agent
from .cards import Card, CardName
from .decisions import Decision
from .drive import Record, ReplayAgent, answer_error
from .events import CardUseEvent
from .flows import damage as _damage
from .flows import dying as _dying
from .flows import hp as _hp
from .flows import judge as _judge
from .flows import move as _move
from .flows import turn as _turn
from .flows.move import CensusError
from .log import GameLog, LogText, LogValue
from .observation import SeatView
from .player import DAMAGE_BONUS, USED, GeneralSpec, JudgeAreaEntry, Player, PlayerView, Role
from .result import GameOver
from .skills import Skill, StaticSkill, TriggerSkill
from .stages import NOBODY
from .timing import Phase, Timing
from .zones import Zone

__all__ = [
    "Game",
    "GameOver",
    "CensusError",
    "PHASES",
    "EquipmentTable",
    "CardEffects",
    "DelayedEffect",
    "VictoryCheck",
    "DAMAGE_BONUS",
    "USED",
]

PHASES: tuple[Phase, ...] = _turn.PHASES

VictoryCheck = Callable[["Game"], "GameOver | None"]

#: card name → the skill classes an equipped card of that name grants its holder
#: (the ``EQUIPMENT`` table of emitted modules; :class:`sgs.compiler.Pool` ``.equipment``)
EquipmentTable = Mapping[CardName, tuple[type[Skill], ...]]

#: card name → ``effect(game, use)``, run when a use of the card resolves
CardEffects = Mapping[CardName, Callable[["Game", CardUseEvent], None]]

#: ``resolve(game, player, entry)``: a delayed trick of the judge area in the judge phase
DelayedEffect = Callable[["Game", Player, JudgeAreaEntry], None]


def _no_victory(game: Game) -> GameOver | None:
    return None


def _no_delayed(game: Game, player: Player, entry: JudgeAreaEntry) -> None:
    return None


class Game:
    """One game.  Build it with :func:`sgs.runtime.testing.build_game` or
    :func:`sgs.runtime.modes.identity.setup_identity_game`, then :meth:`run`.

    The rules a mode passes in (the core knows none of them by itself):

    * ``victory`` — the mode's victory check, asked after every death (None: the game
      ends only by a draw or a turn cap);
    * ``equipment`` — card name → the skill classes an equipped card grants its holder
      (:data:`EquipmentTable`; the builders pass the compiled card declarations,
      :func:`sgs.runtime.effects.card_skills`).  Copied when the game is created;
    * ``card_effects`` — card name → what a use of the card does once it resolves
      (:data:`CardEffects`; the standard ones: :data:`sgs.runtime.effects.EFFECTS`);
    * ``resolve_delayed`` — the judge phase's handling of a delayed trick
      (:data:`DelayedEffect`; :func:`sgs.runtime.effects.tricks.resolve_delayed`).

    Without them a game has no card effects, no equipment skills and no victory."""

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
        resolve_delayed: DelayedEffect | None = None,
    ) -> None:
        self.players = players
        #: seat - 1 → every player in seat order from that seat's
        self._rings: tuple[tuple[Player, ...], ...] = tuple(
            tuple(players[i:] + players[:i]) for i in range(len(players))
        )
        #: seat → the living in seat order from that seat (alive_from's cache)
        self._alive_rings: dict[int, list[Player]] = {}
        #: seat << 16 | seat → the seat distance between them (legality.distance's memo;
        #: like the rings, valid while nobody dies or comes back)
        self._seat_dist: dict[int, int] = {}
        #: seat → its play phase's answers that follow from who is alive and the seats'
        #: equipment and skills (usable.PlayMemo; cleared when they change)
        self._usable: dict[int, usable.PlayMemo] = {}
        self.agents: list[Agent] = list(agents)
        self.deck = deck
        self.rng = rng
        self.draw_pile: list[Card] = draw_pile  # top = last element
        self.discard_pile: list[Card] = []  # top = last element
        self.processing: list[Card] = []
        self.loc: dict[int, tuple[Zone, Player | None]] = dict.fromkeys([c.id for c in draw_pile], (_M.Zone.DRAW_PILE, None))
        self.victory: VictoryCheck = victory if victory is not None else _no_victory
        #: card name → what the card does once its use resolves (the use flow's Effect stage)
        self.card_effects: CardEffects = card_effects if card_effects is not None else {}
        #: the judge phase's handling of one delayed trick in the judge area
        self.resolve_delayed: DelayedEffect = resolve_delayed if resolve_delayed is not None else _no_delayed
        self.log = GameLog(log_enabled)
        self.current: Player = players[0]
        self.phase: Phase | None = None
        self.round = 1
        self.turns_played = 0
        self.over = False
        self.winner: str | None = None
        self.winners: list[int] = []
        #: timing → the trigger skills listening there (:mod:`sgs.runtime.registry`)
        self.listeners: dict[Timing, list[TriggerSkill]] = {}
        #: timing → who may hear it: None (anyone's window may matter) or the seats whose
        #: own skills listen; absent: nobody (:meth:`hears`)
        self._ears: dict[Timing, frozenset[int] | None] = {}
        self._statics: dict[int, list[StaticSkill]] = {p.seat: [] for p in players}
        #: seat → hook name → that seat's static skills overriding the hook (a hook
        #: left at StaticSkill's default changes nothing, so it is not asked)
        self._hooked: dict[int, dict[str, list[StaticSkill]]] = {p.seat: {} for p in players}
        #: seat → its active, view-as and proxy skills / its view-as and proxy skills,
        #: in ``player.skills`` order (:mod:`sgs.runtime.registry`)
        self._play_skills: dict[int, list[Skill]] = {}
        self._answer_skills: dict[int, list[Skill]] = {}
        #: the hooks some seat's static skills override (alive or not)
        self._hooks_any: set[str] = set()
        #: seats with a static skill that is not always active (lord/limited/wake)
        self._hooked_dynamic: set[int] = set()
        #: card name → the skill classes an equipped card of that name grants
        self.card_skills: dict[CardName, tuple[type[Skill], ...]] = {
            name: tuple(classes) for name, classes in (equipment or {}).items()
        }
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
        #: stop the game right after this phase first ends (its 结束时 window done):
        #: a table set up to look at the state then (runtime.testing.run_table)
        self.stop_after: Phase | None = None
        self.play_actions = 0
        self._started = False
        #: seat → (general, role, tag text) of tag()'s last answer for that seat
        self._tags: list[tuple[GeneralSpec | None, Role | None, str]] = [(None, None, "")] * (len(players) + 1)
        #: the turn cap of a game driven by pending/respond, and what to do when it
        #: is reached (identity mode logs 回合上限)
        self.max_turns: int | None = None
        self.on_turn_cap: Callable[[Game, int], None] | None = None
        #: rebuilds this game as set up, with the given agents (for clone); set by
        #: setup_identity_game / build_game
        self.factory: Callable[[Sequence[Agent]], Game] | None = None
        #: every answer so far (drive.Record)
        self._record: list[Record] = []
        #: what the seats' own RNGs derive from (agent_rng): a digest of the game RNG's
        #: state now, so a seeded game's agents draw the same, and no stream reveals it
        self._agent_key = hashlib.sha256(array("Q", rng.getstate()[1]).tobytes()).digest()
        self._agent_rngs: list[random.Random | None] = [None] * len(players)
        #: seat - 1 → the view ask() gives that seat's observing agent (made on first use)
        self._views: list[SeatView | None] = [None] * len(players)
        self._glet: greenlet | None = None
        self._pending: Decision | None = None
        #: run() has played (part of) this game in place: answers are not recorded,
        #: and the game cannot be cloned
        self._by_run = False
        #: variant (seed 001): judge 闪电 before 乐不思蜀 instead of last-placed-first
        self.lightning_first = False

    # ------------------------------------------------------------------ basics

    def log_event(self, kind: str, text: LogText, **data: LogValue) -> None:
        """Log event ``kind``: its text (or a lazy text, :data:`~sgs.runtime.log.LazyText`:
        ``("{} 摸了{}张牌", tag, n)``, formatted only if read) and its JSON fields."""
        log = self.log
        log.raw.append((self.round, kind, text if log.enabled else "", data))

    def log_entry(self, kind: str, text: LogText, data: dict[str, LogValue]) -> None:
        """:meth:`log_event` with its fields as one dict, kept (``**data`` costs more to call)."""
        self.log.raw.append((self.round, kind, text if self.log.enabled else "", data))

    def tag(self, p: Player) -> str:
        """``2号位 关羽(反贼)`` — how the log names a player (cached per general and role)."""
        general, role, text = self._tags[p.seat]
        if general is p.general and role is p.role:
            return text
        text = f"{p.seat}号位 {p.general.name}({p.role.value})"
        self._tags[p.seat] = (p.general, p.role, text)
        return text

    def alive_from(self, player: Player) -> list[Player]:
        """Living players in seat order starting at ``player`` (included if alive)."""
        hit = self._alive_rings.get(player.seat)
        if hit is None:
            hit = self._alive_rings[player.seat] = [q for q in self._rings[player.seat - 1] if q.alive]
        return hit[:]

    def alive_changed(self) -> None:
        """Say that a player died or came back (``player.alive`` changed): the cached
        seat orders of :meth:`alive_from` are dropped (death does it; so must whoever
        sets ``alive`` directly while the game runs)."""
        self._alive_rings.clear()
        self._seat_dist.clear()
        self._usable.clear()

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

    def hears(self, timing: Timing, subject: Player | None) -> bool:
        """Whether a skill could answer window ``timing`` of ``subject``: one listens at
        it that is not only for its owner's own windows, or ``subject``'s own does.  When
        False, opening the window would find no skill to resolve; the flows skip it."""
        ears = self._ears.get(timing, NOBODY)
        return ears is None or (subject is not None and subject.seat in ears)

    # ------------------------------------------------------------------ the rules, as methods
    # Each is the function of its module (first parameter: the game), so
    # ``game.damage(...)`` is ``flows.damage.damage(game, ...)``.

    # skills (registry) and the dispatcher
    add_skill = registry.add_skill
    remove_skill = registry.remove_skill
    statics = registry.statics
    any_hooked = registry.any_hooked
    hooked = registry.hooked
    view_as_skills = registry.view_as_skills
    active_skills = registry.active_skills
    proxy_skills = registry.proxy_skills
    trigger = dispatch.open_window
    count_skill_use = staticmethod(dispatch.count_skill_use)
    log_invoke = dispatch.log_invoke
    armor_active = staticmethod(dispatch.armor_active)
    # queries
    suit_of = suits.suit_of
    color_of = suits.color_of
    distance = legality.distance
    attack_range = legality.attack_range
    in_attack_range = legality.in_attack_range
    slash_limit = legality.slash_limit
    max_cards = legality.max_cards
    prohibited = legality.prohibited
    # questions
    ask_yes_no = choices.ask_yes_no
    choose_option = choices.choose_option
    choose_players = choices.choose_players
    choose_cards = choices.choose_cards
    choose_card_of = choices.choose_card_of
    ask_for_card = choices.ask_for_card
    # card moves
    _add = _move.place
    move_cards = _move.move_cards
    zone_of = _move.zone_of
    owner_of = _move.owner_of
    to_discard = _move.to_discard
    clear_processing = _move.clear_processing
    check_card_census = _move.check_card_census
    reshuffle = _move.reshuffle
    take_top = _move.take_top
    put_on_draw_pile = _move.put_on_draw_pile
    draw = _move.draw
    discard_cards = _move.discard_cards
    ask_discard = _move.ask_discard
    obtain_card = _move.obtain_card
    obtain_from = _move.obtain_from
    discard_from = _move.discard_from
    give_cards = _move.give_cards
    # hp, damage, dying and death, judgement
    recover = _hp.recover
    lose_hp = _hp.lose_hp
    damage = _damage.damage
    enter_dying = _dying.enter_dying
    die = _dying.die
    judge = _judge.judge
    retrial = _judge.retrial
    # turns and phases
    skip_phase = _turn.skip_phase
    run_turn = _turn.run_turn
    start = _turn.start

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
            who = d.player  # (a PlayerView's seat read past its property: one call less)
            seat = who._p.seat if type(who) is PlayerView else who.seat
            agent = self.agents[seat - 1]
            # one view per seat, renewed for each decision (a view shows the
            # decision it was given with; building one each time was ~1.5% of a game)
            view = self._views[seat - 1]
            if view is None:
                view = self._views[seat - 1] = SeatView(self, seat)
            picked = list(agent.choose(view._renew(), d))
            # (one option picked, in range, where one is allowed: legal; else the full check)
            i = picked[0] if len(picked) == 1 else None
            if not (type(i) is int and 0 <= i < n and d.min <= 1 <= d.max) and answer_error(d, picked) is not None:
                raise ValueError(f"agent of {d.player.tag} gave illegal answer {picked} to {d.kind.value}: {d.labels()}")
        if not self._by_run:  # (a game run() plays is not cloned: nothing to record)
            self._record.append(tuple(picked))
        return picked

    # ------------------------------------------------------------------ driving from outside

    def view(self, seat: int) -> SeatView:
        """What seat ``seat`` (1-based) may see now (:mod:`sgs.runtime.observation`)."""
        return SeatView(self, seat)

    def agent_rng(self, seat: int) -> random.Random:
        """Seat ``seat``'s own RNG (``view.rng``, for agents that decide at random): a
        stream seeded from a SHA-256 digest of the game RNG's state when the game was
        made and the seat, made on first use.  Never the game's RNG, so no agent can
        read or move what decides future shuffles (the draw pile after a reshuffle);
        seats' streams are independent of each other."""
        r = self._agent_rngs[seat - 1]
        if r is None:
            r = self._agent_rngs[seat - 1] = random.Random(self._agent_key + seat.to_bytes(2, "big"))
        return r

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
        recorded answers are fed to it (:mod:`sgs.runtime.drive`), and the seats'
        own RNGs (:meth:`agent_rng`) are copied at their state.
        Raises ``ValueError`` for a game without a factory (built by hand) or one
        that :meth:`run` has played part of (only pending/respond games replay to
        the same point).  The copy's agents are the original's (they answer only if
        the copy is :meth:`run`)."""
        if self.factory is None:
            raise ValueError("this game has no factory (set up by setup_identity_game or build_game to clone)")
        if self._by_run or (self._glet is None and (self.turns_played or self.over)):
            raise ValueError("a game played by run() cannot be cloned; drive it with pending/respond")
        queue: deque[Record] = deque(self._record)
        g = self.factory([ReplayAgent(queue) for _ in self.players])
        g.max_turns, g.on_turn_cap = self.max_turns, self.on_turn_cap
        if self._glet is not None:
            while queue:
                if g.pending() is None:
                    raise RuntimeError("replay ended early: the game is not reproducible from its factory")
                g.respond(queue.popleft())
            g.pending()
        elif queue:
            raise RuntimeError("replay left answers unused: the game's set-up is not reproducible")
        for i, r in enumerate(self._agent_rngs):
            if r is not None:
                g.agent_rng(i + 1).setstate(r.getstate())
        g.agents = list(self.agents)
        return g

    # ------------------------------------------------------------------ the loop of turns

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
                d = self.respond(agent.choose(SeatView(self, d.player.seat), d))
            return
        self._by_run = True
        self._play(max_turns, start_phase)


    def _play(self, max_turns: int | None = None, start_phase: Phase | None = None) -> None:
        _turn.play_turns(self, max_turns, start_phase)
