"""Turns and phases, and the game's loop of turns.

:data:`TURN_STAGES`: the turn begins (turn counters reset; phases skipped in advance
become this turn's), 回合开始时 [the player], the six phases of :data:`PHASE_TABLE`
in order, 回合结束时 [while he lives].  Each phase (its stage table registered under
its name): <阶段>开始前 (not for a phase skipped in advance; a skill there may still
skip it, 克己), <阶段>开始时, the phase's own work (判定: the judge area's delayed
tricks; 摸牌: 摸牌阶段摸牌时, then the draw; 出牌: :mod:`.play`; 弃牌: down to the
hand limit), <阶段>结束时.  Where a turn is, is an index into the table (``game._turn_at``):
:func:`skip_phase` skips a phase of this turn only if the turn has not passed it.

:func:`play_turns` is the game: 游戏开始时 for every player (once), then turns in seat
order until the game ends (a :class:`~sgs.runtime.result.GameOver`) or a turn cap.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

from .. import members as _M
from ..events import DrawPhaseEvent, GameStartEvent, PhaseEvent, TurnEvent
from ..legality import max_cards
from ..player import Player
from ..result import GameOver
from ..stages import LOSER, RECEIVER, Stages, Step, Then, Window, family
from ..timing import Phase, Timing
from .play import play_phase

if TYPE_CHECKING:
    from ..game import Game

__all__ = ["PhaseRow", "PHASE_TABLE", "PHASES", "TURN_STAGES", "skip_phase", "run_turn", "start", "play_turns"]


def _judge_phase(game: Game, pev: PhaseEvent) -> None:
    """The judge area's delayed tricks, last placed first (variant: 闪电 first), each
    resolved by the game's card rules (``game.resolve_delayed``)."""
    player = pev.player
    order = list(reversed(player.judge_area))
    if game.lightning_first:
        order.sort(key=lambda e: 0 if e.name_as == "闪电" else 1)
    for entry in order:
        if not player.alive:
            return
        if entry not in player.judge_area:
            continue
        game.resolve_delayed(game, player, entry)


_DRAWING = Window(_M.Timing.DRAW_PHASE_DRAWING, "player")


def _draw_phase(game: Game, pev: PhaseEvent) -> None:
    assert isinstance(pev, DrawPhaseEvent)
    player = pev.player
    _DRAWING.run(game, pev)
    if not pev.skip_draw and player.alive:
        game.draw(player, pev.count)


def _play_phase(game: Game, pev: PhaseEvent) -> None:
    play_phase(game, pev.player)


def _discard_phase(game: Game, pev: PhaseEvent) -> None:
    player = pev.player
    excess = player.hand_count - max_cards(game, player)
    if excess > 0:
        picked = game.choose_cards(player, list(player.hand), excess, excess, f"弃牌阶段：弃置{excess}张手牌", "弃牌阶段")
        game.discard_cards(player, picked, "弃牌阶段")


@dataclass(frozen=True, slots=True)
class PhaseRow:
    """One phase of a turn: its windows and its own work (None: none)."""

    phase: Phase
    before: Window
    begin: Window
    body: Step | None
    end: Window

    @property
    def stages(self) -> Stages:
        return (self.before, self.begin, *((self.body,) if self.body is not None else ()), self.end)


def _row(phase: Phase, before: Timing, begin: Timing, end: Timing, body: Step | None = None) -> PhaseRow:
    row = PhaseRow(phase, Window(before, "player"), Window(begin, "player"), body, Window(end, "player"))
    family(phase.value, *row.stages)
    return row


T = _M.Timing
#: the phases of a turn, in order
PHASE_TABLE: tuple[PhaseRow, ...] = (
    _row(_M.Phase.START, T.START_PHASE_BEFORE, T.START_PHASE_BEGIN, T.START_PHASE_END),
    _row(
        _M.Phase.JUDGE,
        T.JUDGE_PHASE_BEFORE,
        T.JUDGE_PHASE_BEGIN,
        T.JUDGE_PHASE_END,
        Step(_judge_phase, Then("判定", "判定区里的延时锦囊")),
    ),
    _row(
        _M.Phase.DRAW,
        T.DRAW_PHASE_BEFORE,
        T.DRAW_PHASE_BEGIN,
        T.DRAW_PHASE_END,
        Step(_draw_phase, Then("摸牌阶段摸牌"), Then("移动牌", "摸牌", roles=frozenset({RECEIVER}))),
    ),
    _row(_M.Phase.PLAY, T.PLAY_PHASE_BEFORE, T.PLAY_PHASE_BEGIN, T.PLAY_PHASE_END, Step(_play_phase)),
    _row(
        _M.Phase.DISCARD,
        T.DISCARD_PHASE_BEFORE,
        T.DISCARD_PHASE_BEGIN,
        T.DISCARD_PHASE_END,
        Step(_discard_phase, Then("移动牌", "弃置超出手牌上限的牌", roles=frozenset({LOSER}))),
    ),
    _row(_M.Phase.FINISH, T.FINISH_PHASE_BEFORE, T.FINISH_PHASE_BEGIN, T.FINISH_PHASE_END),
)
del T
family("摸牌阶段摸牌", _DRAWING)
#: the phases of a turn, in order
PHASES: tuple[Phase, ...] = tuple(r.phase for r in PHASE_TABLE)
_INDEX = {r.phase: i for i, r in enumerate(PHASE_TABLE)}
_DRAW = _M.Phase.DRAW


def skip_phase(game: Game, player: Player, phase: Phase) -> None:
    """Skip ``player``'s ``phase``: in the current turn when it is the current
    player's and the turn has not passed it yet (before it begins: skipped; while
    it runs: it ends now); otherwise in ``player``'s next turn.  Where the turn is
    counts, not which phase ran last: a turn that starts at 弃牌阶段 can skip its
    own 弃牌阶段 (克己) although no phase of it has run yet."""
    at = game._turn_at
    if player is game.current and at is not None and game.phase is phase:
        game._end_phase_now = True
    elif player is game.current and at is not None and _INDEX[phase] >= at:
        game._phase_skipped_now.add(phase)
    else:
        game._skip[player.seat].add(phase)


def _log_skip(game: Game, player: Player, ph: Phase) -> None:
    game.log_event("跳过阶段", f"{game.tag(player)} 跳过{ph.value}", player=player.seat, phase=ph.value)


#: PHASE_TABLE as the turn loop reads it, one flat tuple per phase: (index, phase, the
#: timings and runs of its 开始前 and 开始时 windows, its work or None, its 结束时 window's)
_ROWS = tuple(
    (i, r.phase, r.before.timing, r.before.run, r.begin.timing, r.begin.run, r.body.fn if r.body else None,
     r.end.timing, r.end.run)
    for i, r in enumerate(PHASE_TABLE)
)


def _phases(game: Game, tev: TurnEvent) -> None:
    player = tev.player
    start = game._start_phase
    game._start_phase = None
    listeners = game._ears
    players = game.players
    for i, ph, before_t, before, begin_t, begin, body, end_t, end in _ROWS if start is None else _ROWS[_INDEX[start]:]:
        if not player.alive:
            break
        game._turn_at = i
        if ph not in game._phase_skipped_now:
            if before_t in listeners:
                before(game, PhaseEvent(player, ph))
            if not player.alive:
                break
        if ph in game._phase_skipped_now:
            _log_skip(game, player, ph)
            continue
        game.phase = ph
        game._end_phase_now = False
        for p in players:
            if p.phase_counters:
                p.phase_counters.clear()
        # the phase's event, made when first needed (one object for its windows and work)
        pev: PhaseEvent | None = None
        if begin_t in listeners:
            pev = DrawPhaseEvent(player, ph) if ph is _DRAW else PhaseEvent(player, ph)
            begin(game, pev)
            if not player.alive:
                break
            if ph in game._phase_skipped_now:
                _log_skip(game, player, ph)
                continue
        if body is not None and not game._end_phase_now:
            if pev is None:
                pev = DrawPhaseEvent(player, ph) if ph is _DRAW else PhaseEvent(player, ph)
            body(game, pev)
        if end_t in listeners and player.alive:
            if pev is None:
                pev = DrawPhaseEvent(player, ph) if ph is _DRAW else PhaseEvent(player, ph)
            end(game, pev)
        if ph is game.stop_after:
            raise _Stopped


def _turn_begins(game: Game, tev: TurnEvent) -> None:
    player = tev.player
    game.current = player
    game.turns_played += 1
    for p in game.players:
        if p.turn_counters:
            p.turn_counters.clear()
    game._phase_skipped_now = set(game._skip[player.seat])
    game._skip[player.seat].clear()
    game.log_entry("回合开始", ("{} 的回合开始", game.tag(player)), {"player": player.seat})


def _phases_over(game: Game, tev: TurnEvent) -> None:
    game.phase = None
    game._turn_at = None


def _turn_ends(game: Game, tev: TurnEvent) -> None:
    player = tev.player
    game.log_entry("回合结束", ("{} 的回合结束", game.tag(player)), {"player": player.seat})


TURN_STAGES = family(
    "回合",
    Step(_turn_begins),
    Window(_M.Timing.TURN_BEGIN, "player"),
    Step(_phases, *(Then(r.phase.value) for r in PHASE_TABLE)),
    Step(_phases_over),
    Window(_M.Timing.TURN_END, "player", alive=True),
    Step(_turn_ends),
)


def run_turn(game: Game, player: Player) -> None:
    """Play ``player``'s turn (from ``game._start_phase`` if set).  A player whose
    general card is face down (叠置) does not play it: he turns the card face up (平置)
    and the turn is skipped — no window of it opens (the rules of 风, 据守)."""
    if player.face_down:
        player.face_down = False
        game._start_phase = None
        game.log_event("平置", f"{game.tag(player)} 将武将牌平置，跳过此回合", player=player.seat)
        return
    TURN_STAGES.run(game, TurnEvent(player))


_GAME_START = Window(_M.Timing.GAME_START, "player")
family("游戏开始", _GAME_START)


def start(game: Game) -> None:
    """Fire 游戏开始时 (idempotent; the turn loop calls it)."""
    if game._started:
        return
    game._started = True
    ev = GameStartEvent()
    for p in game.alive_from(game.current):
        if game.hears(_GAME_START.timing, p):
            game.trigger(_GAME_START.timing, p, ev)


class _Stopped(Exception):
    """The phase :attr:`Game.stop_after` names has ended: play stops there."""


def play_turns(game: Game, max_turns: int | None = None, start_phase: Phase | None = None) -> None:
    """Play turns from the current player until the game is over or ``max_turns``
    turns were played; ``start_phase`` starts the first turn at that phase."""
    if game.over:
        return
    if start_phase is not None:
        game._start_phase = start_phase
    played = 0
    try:
        start(game)
        while True:
            game.run_turn(game.current)
            played += 1
            nxt = game.next_alive(game.current)
            if nxt.seat <= game.current.seat:
                game.round += 1
            game.current = nxt
            if max_turns is not None and played >= max_turns:
                return
    except _Stopped:
        game.log_event("停止", f"在{game.tag(game.current)}的{game.stop_after.value if game.stop_after else ''}结束后停止")
        game.stop_after = None
    except GameOver as g:
        # the traceback's frames hold the game, and the frame that raised holds the
        # exception: dropping it lets the game go by reference counting, not the GC
        g.__traceback__ = None
        game.over = True
        game.winner = g.winner
        game.winners = g.winners
        game.log_event(
            "游戏结束",
            f"游戏结束，{g.winner}获胜" if g.winner != "平局" else "游戏结束，平局",
            winner=g.winner,
            winners=g.winners,
        )
