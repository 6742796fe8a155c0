"""Event families as data: stage tables, the runner that drives an event through one,
and the windows a family opens (what the verb table's ``opens`` is derived from).

Each family (damage, hp, dying, death, judge, card use, responses, card moves, turns;
one module each under :mod:`sgs.runtime.flows`, the card effects under
:mod:`sgs.runtime.effects`) declares its stages in order:

* :class:`Window` — a timing window: ``timing``, ``whose`` (the event field naming the
  window's subject, whose skills listen as 你), ``alive`` (opens only while that player
  lives), ``target`` (the field passed as the window's target), ``when`` (an event flag
  that must be set), ``each`` (once per target of a card use);
* :class:`Step` — rules work between windows (a function of the game and the event;
  returning ``False`` ends the flow there), with ``then``: the families it leads to;
* :class:`Then` — where the code of a flow that walks its table itself starts another
  family (a card move's windows per player, 改判);
* :class:`Unless` — stages skipped when an event flag is set (a cancelled use);
* :class:`Effect` — the effect of the card being used (its card family).

:func:`run_stages` drives an event through a table, opening each window with the one
dispatcher (``game.trigger``, :mod:`sgs.runtime.dispatch`).  :func:`windows_of` walks
the tables: the windows an event of a family can open, following the families its
steps lead to.  A :class:`Then` with ``own=False`` is something the rules do on their
own after the event (an unsaved 濒死 leads to death; others may use a 桃): its windows
are not the opener's (the trigger graph draws them as the rules' ``leads`` edges).
"""

from __future__ import annotations

from dataclasses import dataclass
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Union

from .timing import Timing

if TYPE_CHECKING:
    from .game import Game

__all__ = [
    "Window",
    "Step",
    "Then",
    "Unless",
    "Effect",
    "run_effect",
    "Stage",
    "Stages",
    "Table",
    "FAMILIES",
    "family",
    "run_stages",
    "windows_of",
    "windows_in",
    "LOSER",
    "RECEIVER",
    "NOBODY",
]

#: the roles of a card move (:class:`~sgs.runtime.events.CardsMoveEvent`): the player
#: who loses hand/equipment cards, the player who receives cards into his hand
LOSER = "from_player"
RECEIVER = "to_player"

_UNSET: Any = object()
#: who hears a window nobody listens at (``Game._ears``' default, see Game.hears)
NOBODY: frozenset[int] = frozenset()


class Window:
    """Open ``timing`` for the event, its subject being the event's ``whose`` field."""

    __slots__ = ("timing", "whose", "alive", "target", "when", "each", "_who", "_target", "_when", "run")

    def __init__(
        self,
        timing: Timing,
        whose: str,
        *,
        alive: bool = False,
        target: str | None = None,
        when: str | None = None,
        each: str = "",
    ) -> None:
        self.timing = timing
        #: the event field naming the subject (per-target windows: ``"user"`` or ``"target"``)
        self.whose = whose
        #: opens only while the subject is someone alive
        self.alive = alive
        #: the event field passed as the window's target (``ctx.target``)
        self.target = target
        #: an event flag that must be true for the window to open
        self.when = when
        #: per target of a card use (``ctx.target`` = that target): ``"target"`` once per
        #: target in order; ``"new target"`` once per player who becomes a target, those a
        #: target was moved to (流离) included; ``""`` once
        self.each = each
        self._who: Callable[[Any], Any] = _none if each and whose == "target" else attrgetter(whose)
        self._target: Callable[[Any], Any] = attrgetter(target) if target else _none
        self._when: Callable[[Any], Any] | None = attrgetter(when) if when else None
        #: ``run(game, event)``: open the window for the event (``None``; a window never
        #: ends its flow).  Nothing happens unless someone listens at ``timing``; the
        #: plain cases get a closure of their own (windows are the runner's hot path).
        self.run: Callable[[Game, Any], bool | None] = self._open
        if not each and when is None and target is None:
            self.run = _plain(timing, self._who, alive)

    def _open(self, game: Game, ev: Any) -> bool | None:
        timing = self.timing
        if timing not in game._ears:
            return None
        hears = game.hears
        if self._when is not None and not self._when(ev):
            return None
        if self.each:
            targets = ev.targets
            mine = self.whose == "target"
            if self.each == "target":
                # a target may leave the use (取消) or be replaced (流离) in an earlier window
                for t in list(targets):
                    if t in targets:
                        who = t if mine else self._who(ev)
                        if hears(timing, who):
                            game.trigger(timing, who, ev, t)
                return None
            # a target moved on to another player here (流离): the new target then
            # becomes the target in turn; each player's window opens at most once
            done: list[Any] = []  # players compare by identity (eq=False)
            while True:
                for nxt in targets:
                    if nxt not in done:
                        break
                else:
                    return None
                done.append(nxt)
                who = nxt if mine else self._who(ev)
                if hears(timing, who):
                    game.trigger(timing, who, ev, nxt)
        who = self._who(ev)
        if self.alive and (who is None or not who.alive):
            return None
        if hears(timing, who):
            game.trigger(timing, who, ev, self._target(ev))
        return None

    def __repr__(self) -> str:
        return f"Window({self.timing.value}, {self.whose})"


def _plain(timing: Timing, who: Callable[[Any], Any], alive: bool) -> Callable[[Game, Any], bool | None]:
    """The run of a window opened once, with no target and no flag."""
    if alive:

        def run_alive(game: Game, ev: Any) -> bool | None:
            ears = game._ears.get(timing, NOBODY)
            if ears is None or ears:
                p = who(ev)
                if p is not None and p.alive and (ears is None or p.seat in ears):
                    game.trigger(timing, p, ev, None)
            return None

        return run_alive

    def run(game: Game, ev: Any) -> bool | None:
        ears = game._ears.get(timing, NOBODY)
        if ears is None:
            game.trigger(timing, who(ev), ev, None)
        elif ears:
            p = who(ev)
            if p is not None and p.seat in ears:
                game.trigger(timing, p, ev, None)
        return None

    return run


def _none(ev: Any) -> None:
    return None


@dataclass(frozen=True, slots=True)
class Then:
    """A family a step leads to.  ``roles``: for a card move, which of :data:`LOSER` /
    :data:`RECEIVER` are players (a draw has no loser, a discard no receiver); ``own``:
    False for what the rules do on their own afterwards (module doc); ``when``: in words.

    Also a stage of its own in the table of a flow whose code walks its table itself
    (the card moves, 改判): there the code starts the family; :func:`run_stages` passes it."""

    family: str
    when: str = ""
    own: bool = True
    roles: frozenset[str] | None = None

    def run(self, game: Game, ev: Any) -> bool | None:
        return None


class Step:
    """Rules work between windows: ``fn(game, event)``; ``False`` ends the flow."""

    __slots__ = ("fn", "then")

    def __init__(self, fn: Callable[[Game, Any], bool | None], *then: Then) -> None:
        self.fn = fn
        self.then = then

    def run(self, game: Game, ev: Any) -> bool | None:
        return self.fn(game, ev)

    def __repr__(self) -> str:
        return f"Step({self.fn.__name__})"


class Unless:
    """``stages``, skipped when the event's ``flag`` is set."""

    __slots__ = ("flag", "stages", "_flag")

    def __init__(self, flag: str, stages: tuple[Stage, ...]) -> None:
        self.flag = flag
        self.stages = Table(stages)
        self._flag = attrgetter(flag)

    def run(self, game: Game, ev: Any) -> bool | None:
        if self._flag(ev):
            return None
        return None if self.stages.run(game, ev) else False


def run_effect(game: Game, ev: Any) -> None:
    """Run the effect of the card being used, ``game.card_effects[card name](game, use)``,
    if the game has one (:class:`Effect`; the step of a card family whose effect the game
    is given, :mod:`sgs.runtime.effects.tricks`)."""
    effect = game.card_effects.get(ev.card.name)
    if effect is not None:
        effect(game, ev)


class Effect:
    """The effect of the card being used (:func:`run_effect`; the card's own family,
    e.g. 杀的效果, in :func:`windows_of`)."""

    __slots__ = ()

    def run(self, game: Game, ev: Any) -> bool | None:
        run_effect(game, ev)
        return None

    def __repr__(self) -> str:
        return "Effect()"


Stage = Union[Window, Step, Then, Unless, Effect]
Stages = tuple[Stage, ...]


class Table(tuple[Stage, ...]):
    """A stage table: its stages in order (a tuple), and ``run(game, event)``, which
    drives an event through them and returns False when a step ended the flow.

    ``run`` is made from the table: the stages are written out as one Python function
    (``source``) — a window as "if someone listens at it: open it", a step as a call,
    :class:`Unless` as an ``if``, :class:`Effect` as the card effect's lookup and call,
    :class:`Then` markers left out — what a hand-written flow would do, with the table
    still the one statement of the order (the flows are the engine's hot path)."""

    run: Callable[[Game, Any], bool]
    #: the Python source of :attr:`run`
    source: str

    def __new__(cls, stages: Iterable[Stage], name: str = "") -> Table:
        self = super().__new__(cls, stages)
        self.source, self.run = _compile(self, name)
        return self


def _compile(stages: Stages, name: str) -> tuple[str, Callable[[Game, Any], bool]]:
    env: dict[str, Any] = {}
    body: list[str] = []

    def ref(obj: object, prefix: str) -> str:
        key = f"{prefix}{len(env)}"
        env[key] = obj
        return key

    def field(attr: str) -> str:
        if not attr.isidentifier():
            raise ValueError(f"not an event field: {attr!r}")
        return attr

    def emit(stages: Stages, pad: str) -> None:
        for s in stages:
            if isinstance(s, Then):
                continue
            if isinstance(s, Step):
                body.append(f"{pad}if {ref(s.fn, 'step')}(game, ev) is False:")
                body.append(f"{pad}    return False")
            elif isinstance(s, Window):
                t = ref(s.timing, "timing")
                if s.each or s.when or s.target:
                    body.append(f"{pad}if {t} in ears:")
                    body.append(f"{pad}    {ref(s.run, 'window')}(game, ev)")
                    continue
                # open it if its subject may hear it (Game.hears), and is alive if it must be
                if s.alive:
                    cond = "who is not None and who.alive and (heard is None or who.seat in heard)"
                else:
                    cond = "heard is None or (who is not None and who.seat in heard)"
                body.append(f"{pad}heard = ears.get({t}, NOBODY)")
                body.append(f"{pad}if heard is None or heard:")
                body.append(f"{pad}    who = ev.{field(s.whose)}")
                body.append(f"{pad}    if {cond}:")
                body.append(f"{pad}        game.trigger({t}, who, ev, None)")
            elif isinstance(s, Unless):
                body.append(f"{pad}if not ev.{field(s.flag)}:")
                mark = len(body)
                emit(s.stages, pad + "    ")
                if len(body) == mark:
                    body.append(f"{pad}    pass")
            else:
                body.append(f"{pad}effect = game.card_effects.get(ev.card.name)")
                body.append(f"{pad}if effect is not None:")
                body.append(f"{pad}    effect(game, ev)")

    env["NOBODY"] = NOBODY
    emit(stages, "    ")
    source = "def run(game, ev):\n    ears = game._ears\n" + "\n".join(body) + "\n    return True\n"
    exec(compile(source, f"<stage table {name}>", "exec"), env)
    run: Callable[[Game, Any], bool] = env["run"]
    return source, run


#: family name → its stage table (every flow module registers its families on import)
FAMILIES: dict[str, Table] = {}


def family(name: str, *stages: Stage) -> Table:
    """Register the stage table of family ``name`` and return it."""
    if name in FAMILIES:
        raise ValueError(f"event family {name!r} declared twice")
    table = FAMILIES[name] = Table(stages, name)
    return table


def run_stages(game: Game, stages: Stages, ev: object) -> bool:
    """Drive ``ev`` through ``stages`` (a :class:`Table`, or any sequence of stages) in
    order; False when a step ended the flow."""
    return (stages if isinstance(stages, Table) else Table(stages)).run(game, ev)


def windows_of(
    name: str,
    roles: Iterable[str] | None = None,
    cards: Iterable[object] = (),
    card_families: Mapping[Any, str] | None = None,
) -> tuple[Timing, ...]:
    """The windows an event of family ``name`` can open, in table order (first
    appearance): its windows, then — depth first, where its steps say — those of the
    families they lead to (``own`` links only).  ``roles``: the move roles that are
    players (for a card move; None: all); ``cards``: the cards whose effects an
    :class:`Effect` stage runs, found through ``card_families`` (card name → family).
    Raises ``KeyError`` for an unknown family."""
    out: dict[Timing, None] = {}
    _walk(
        FAMILIES[name], frozenset(roles) if roles is not None else None, tuple(cards), card_families or {}, out, [name]
    )
    return tuple(out)


def windows_in(
    stages: Stages, cards: Iterable[object] = (), card_families: Mapping[Any, str] | None = None
) -> tuple[Timing, ...]:
    """:func:`windows_of` for a sequence of stages that is no family's table (what an
    action starts: families, or a single window)."""
    out: dict[Timing, None] = {}
    _walk(stages, None, tuple(cards), card_families or {}, out, [])
    return tuple(out)


def _walk(
    stages: Stages,
    roles: frozenset[str] | None,
    cards: tuple[object, ...],
    card_families: Mapping[Any, str],
    out: dict[Timing, None],
    path: list[str],
) -> None:
    for st in stages:
        if isinstance(st, Window):
            if roles is None or st.whose in roles:
                out.setdefault(st.timing)
        elif isinstance(st, (Step, Then)):
            for t in st.then if isinstance(st, Step) else (st,):
                if t.own and t.family not in path:
                    _walk(FAMILIES[t.family], t.roles, cards, card_families, out, [*path, t.family])
        elif isinstance(st, Unless):
            _walk(st.stages, roles, cards, card_families, out, path)
        else:
            for c in cards:
                fam = card_families.get(c)
                if fam is not None and fam not in path:
                    _walk(FAMILIES[fam], None, (), card_families, out, [*path, fam])
