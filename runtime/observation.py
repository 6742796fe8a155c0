"""What one seat may see: the observation agents get instead of the :class:`Game`.

A :class:`SeatView` is what the deciding seat knows at a decision:

* its own hand (card labels, hand order), equipment, judge area, skills, role;
* of every seat (:class:`SeatInfo`): general, kingdom, gender, hp / max hp, alive,
  dying, hand **count**, equipment and judge area (face up), skill names, and the
  role only where this seat may know it — its own, the lord's, a dead player's, a
  role the game revealed, or everyone's once the game is over;
* the draw pile's **size** (never its order or contents), the discard pile (face up,
  bottom first) and the processing area;
* whose turn it is, the phase, the round;
* the public log: each entry's text with the roles this seat may not know dropped
  from the player tags (the engine's log names every player as ``2号位 关羽(反贼)``);
  the entries' structured data are not part of the view (a draw's data lists the
  cards drawn).

Everything a view returns is a copy made of strings, ints, tuples and frozen
dataclasses — no :class:`~sgs.runtime.player.Player` or
:class:`~sgs.runtime.cards.Card` objects — so an agent cannot reach the game through
it.  A view is cheap to make (it copies on first use of each property) and valid only
for the decision it was made for.  ``to_dict()`` is the whole view as plain JSON
data (what the PettingZoo environment puts in ``info``); across a process boundary
that is the only thing the agent receives.  In one process Python cannot forbid an
agent to walk object internals (``view._game``); the public surface is what is
promised and tested (tests/engine/test_observation.py).

``rng`` is this seat's own seeded RNG, for agents that decide at random (RandomAgent):
a stream derived from the game RNG's state when the game was made and the seat
(:meth:`Game.agent_rng`), never the game's RNG itself, so no agent can read or move
the generator that decides future shuffles; drawing from it keeps a seeded game
reproducible, and :meth:`Game.clone` copies its state.
"""

from __future__ import annotations

import random
import re
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from .player import EquipSlot

if TYPE_CHECKING:
    from .game import Game
    from .player import Player

__all__ = ["SeatInfo", "SeatView", "role_visible", "redact_roles"]

_TAG = re.compile(r"(\d+)号位 ([^\s()（）]+)\((主公|忠臣|反贼|内奸)\)")


def role_visible(game: Game, p: Player, me: Player | None) -> bool:
    """Whether ``me`` (None: a spectator) may know ``p``'s role: his own, the lord's,
    a dead or revealed player's, anyone's once the game is over."""
    return game.over or p is me or p.is_lord or p.role_revealed or not p.alive


def redact_roles(game: Game, text: str, me: Player | None) -> str:
    """Drop the roles that ``me`` may not know from a log line's player tags."""

    def sub(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        if 1 <= seat <= len(game.players) and role_visible(game, game.players[seat - 1], me):
            return m.group(0)
        return f"{m.group(1)}号位 {m.group(2)}"

    return _TAG.sub(sub, text)


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """One seat as everyone sees it.  ``role`` is None where the viewer may not know it;
    ``equips`` in slot order (weapon, armor, +1, -1); ``judge`` as placed, each
    ``label`` or ``label@name`` when the card counts as another delayed trick."""

    seat: int
    general: str
    kingdom: str
    gender: str
    hp: int
    max_hp: int
    alive: bool
    dying: bool
    hand_count: int
    equips: tuple[str, ...]
    judge: tuple[str, ...]
    skills: tuple[str, ...]
    role: str | None
    #: the equipment slots in use, as ``equips`` (``武器``, ``防具``, ``+1马``, ``-1马``)
    equip_slots: tuple[str, ...] = ()
    #: 横置 (铁索连环; public)
    chained: bool = False


class SeatView:
    """The observation of seat ``seat`` (1-based) at the current decision (module doc)."""

    __slots__ = ("_game", "seat", "_players", "_log", "rng")

    def __init__(self, game: Game, seat: int, rng: random.Random | None = None) -> None:
        self._game = game
        self.seat = seat
        self._players: tuple[SeatInfo, ...] | None = None
        self._log: tuple[str, ...] | None = None
        #: this seat's own RNG (module doc; ``rng``: it, as ``game.agent_rng(seat)`` gives it)
        self.rng: random.Random = game.agent_rng(seat) if rng is None else rng

    def _renew(self) -> SeatView:
        """This view, for the decision now being asked: what it had worked out for
        an earlier one is dropped (the game reuses one view per seat)."""
        self._players = None
        self._log = None
        return self

    @property
    def hand(self) -> tuple[str, ...]:
        """Own hand card labels, in hand order."""
        return tuple(c.label for c in self._game.players[self.seat - 1].hand)

    @property
    def hand_names(self) -> tuple[str, ...]:
        """Own hand card names (``杀``, ``闪`` …), in hand order."""
        return tuple(c.name.value for c in self._game.players[self.seat - 1].hand)

    @property
    def role(self) -> str:
        """Own role (``主公`` / ``忠臣`` / ``反贼`` / ``内奸``)."""
        return self._game.players[self.seat - 1].role.value

    @property
    def players(self) -> tuple[SeatInfo, ...]:
        """Every seat, seat 1 first."""
        if self._players is None:
            g = self._game
            me = g.players[self.seat - 1]
            self._players = tuple(
                SeatInfo(
                    p.seat,
                    p.general.name,
                    p.kingdom.value,
                    p.gender.value,
                    p.hp,
                    p.max_hp,
                    p.alive,
                    p.dying,
                    len(p.hand),
                    tuple(c.label for c in p.equip_cards()),
                    tuple(e.card.label if e.name_as == e.card.name.value else f"{e.card.label}@{e.name_as}" for e in p.judge_area),
                    tuple(s.name for s in p.skills),
                    p.role.value if role_visible(g, p, me) else None,
                    tuple(s.value for s in EquipSlot if s in p.equips),
                    p.chained,
                )
                for p in g.players
            )
        return self._players

    def player(self, seat: int) -> SeatInfo:
        return self.players[seat - 1]

    @property
    def draw_pile_count(self) -> int:
        return len(self._game.draw_pile)

    @property
    def discard_pile(self) -> tuple[str, ...]:
        """Face up, bottom first."""
        return tuple(c.label for c in self._game.discard_pile)

    @property
    def processing(self) -> tuple[str, ...]:
        return tuple(c.label for c in self._game.processing)

    @property
    def current(self) -> int:
        """Seat whose turn it is."""
        return self._game.current.seat

    @property
    def phase(self) -> str | None:
        ph = self._game.phase
        return ph.value if ph is not None else None

    @property
    def round(self) -> int:
        return self._game.round

    @property
    def log(self) -> tuple[str, ...]:
        """The public log so far: entry texts, roles this seat may not know dropped."""
        if self._log is None:
            g = self._game
            me = g.players[self.seat - 1]
            self._log = tuple(redact_roles(g, e.text, me) for e in g.log.entries)
        return self._log

    def log_tail(self, k: int) -> tuple[str, ...]:
        """The last ``k`` lines of :attr:`log` (cheaper than the whole log)."""
        if self._log is not None or k <= 0:
            return self.log[-k:] if k > 0 else ()
        g = self._game
        me = g.players[self.seat - 1]
        return tuple(redact_roles(g, e.text, me) for e in g.log.entries[-k:])

    def distance(self, src: int, dst: int) -> int:
        """Distance between two seats (public: seats, horses and skills are face up)."""
        g = self._game
        return g.distance(g.players[src - 1], g.players[dst - 1])

    def to_dict(self, log_tail: int | None = None) -> dict[str, Any]:
        """The whole view as JSON-ready data; ``log_tail``: only the log's last lines."""
        return {
            "seat": self.seat,
            "role": self.role,
            "hand": list(self.hand),
            "players": [asdict(p) for p in self.players],
            "draw_pile_count": self.draw_pile_count,
            "discard_pile": list(self.discard_pile),
            "processing": list(self.processing),
            "current": self.current,
            "phase": self.phase,
            "round": self.round,
            "log": list(self.log if log_tail is None else self.log_tail(log_tail)),
        }

    def __repr__(self) -> str:
        return f"<SeatView of seat {self.seat}>"
