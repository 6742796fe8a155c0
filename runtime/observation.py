"""What one seat may see: the observation agents get instead of the :class:`Game`.

A :class:`SeatView` is what the deciding seat knows at a decision:

* its own hand (card labels, hand order; :attr:`SeatView.hand_cards`: name, suit,
  number, type, subtype, weapon range of each), equipment, judge area, skills, role;
* of every seat (:class:`SeatInfo`): general, kingdom, gender, hp / max hp, alive,
  dying, hand **count**, equipment and judge area (face up; weapon and armour names),
  skill names, and the
  role only where this seat may know it — its own, the lord's, a dead player's, a
  role the game revealed, or everyone's once the game is over;
* the draw pile's **size** (never its order or contents), the discard pile (face up,
  bottom first) and the processing area;
* whose turn it is, the phase, the round, whether the game is over;
* distances and attack ranges between seats (computed from public state: seats,
  horses, weapons, skills);
* the public log: each entry's text with the roles this seat may not know dropped
  from the player tags (the engine's log names every player as ``2号位 关羽(反贼)``),
  whole (:attr:`SeatView.log`) or from an index on (:meth:`SeatView.log_since`, with
  round and kind, so a front end shows new lines cheaply);
* the public *facts* of the log (:meth:`SeatView.events_since`): of the entries
  everybody at the table witnesses, only the fields everybody sees (:data:`PUBLIC_FIELDS`:
  damage, recovery, deaths, cards used with user and targets, the announced role table
  and seed).  The rest of the entries' structured data is never part of the view (a
  draw's data lists the cards drawn, an obtain's the cards taken face down).

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
    from .log import LogValue
    from .player import Player

__all__ = ["CardInfo", "LogLine", "PublicEvent", "PUBLIC_FIELDS", "SeatInfo", "SeatView", "role_visible", "redact_roles"]

#: log kinds whose listed fields everybody at the table sees (the rest of an entry's
#: data may be hidden: what was drawn, looked at, obtained face down)
PUBLIC_FIELDS: dict[str, tuple[str, ...]] = {
    "开局": ("players", "roles", "deck", "seed"),
    "伤害": ("source", "target", "amount"),
    "回复体力": ("player", "amount"),
    "死亡": ("player", "role", "killer"),
    "使用": ("player", "card", "targets"),
}

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
    #: the equipped weapon's / armour's card name (``青釭剑``), None when the slot is empty
    weapon: str | None = None
    armor: str | None = None
    #: the judge area as (card label, the name it counts as) pairs, as placed
    judge_cards: tuple[tuple[str, str], ...] = ()

    @property
    def wounded(self) -> bool:
        return self.hp < self.max_hp


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card of the seat's own hand: ``label`` (``杀♠7``), ``name`` (``杀``), ``suit``
    (``黑桃`` …, ``无花色``: the suit it counts as in his hand, :mod:`sgs.runtime.suits`), ``number`` (1–13), ``type`` (``基本`` / ``锦囊`` / ``装备``),
    ``subtype`` (``武器``, ``防具``, ``+1马``, ``-1马``, ``普通锦囊``, ``延时锦囊`` or
    ``""``), ``attack_range`` (a weapon's range, else 0)."""

    label: str
    name: str
    suit: str
    number: int
    type: str
    subtype: str
    attack_range: int


@dataclass(frozen=True, slots=True)
class LogLine:
    """One public log line: ``round`` (第N轮), ``kind`` (``使用``, ``伤害`` …), ``text``
    (the entry's text, roles the viewer may not know dropped)."""

    round: int
    kind: str
    text: str

    def render(self) -> str:
        """``[第N轮] text``, as the game's own text log prints the entry."""
        return f"[第{self.round}轮] {self.text}"


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """The public fields of one log entry (:data:`PUBLIC_FIELDS`): ``kind``, ``round``
    and ``data`` as (field, value) pairs in the table's order, a list value as a tuple
    (``使用``'s ``targets``: seat numbers)."""

    kind: str
    round: int
    data: tuple[tuple[str, object], ...]

    def get(self, key: str) -> object:
        """The field ``key``'s value, None if the entry has none."""
        for k, v in self.data:
            if k == key:
                return v
        return None


class SeatView:
    """The observation of seat ``seat`` (1-based) at the current decision (module doc)."""

    __slots__ = ("_game", "seat", "_players", "_hand", "_log", "_reach", "rng")

    def __init__(self, game: Game, seat: int, rng: random.Random | None = None) -> None:
        self._game = game
        self.seat = seat
        self._players: tuple[SeatInfo, ...] | None = None
        self._hand: tuple[CardInfo, ...] | None = None
        self._log: tuple[str, ...] | None = None
        #: distances and ranges asked for already ((kind, a, b) -> value): the view is
        #: valid for one decision, so they cannot change under it
        self._reach: dict[tuple[int, int, int], int] = {}
        #: this seat's own RNG (module doc; ``rng``: it, as ``game.agent_rng(seat)`` gives it)
        self.rng: random.Random = game.agent_rng(seat) if rng is None else rng

    def _renew(self) -> SeatView:
        """This view, for the decision now being asked: what it had worked out for
        an earlier one is dropped (the game reuses one view per seat)."""
        self._players = None
        self._hand = None
        self._log = None
        if self._reach:
            self._reach.clear()
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
    def hand_cards(self) -> tuple[CardInfo, ...]:
        """Own hand, in hand order, each card as :class:`CardInfo`."""
        if self._hand is None:
            game = self._game
            # the suit each counts as in his hand (the suit view: 红颜), not the printed one
            self._hand = tuple(
                CardInfo(c.label, c.name.value, game.suit_of(c).value, c.number, c.type.value, c.subtype.value, c.attack_range)
                for c in game.players[self.seat - 1].hand
            )
        return self._hand

    @property
    def role(self) -> str:
        """Own role (``主公`` / ``忠臣`` / ``反贼`` / ``内奸``)."""
        return self._game.players[self.seat - 1].role.value

    @property
    def skills(self) -> tuple[str, ...]:
        """Own skill names, without those of equipment (``八卦阵`` …: see ``equips``)."""
        return tuple(s.name for s in self._game.players[self.seat - 1].skills if not getattr(s, "equipment", False))

    @property
    def players(self) -> tuple[SeatInfo, ...]:
        """Every seat, seat 1 first."""
        if self._players is None:
            g = self._game
            me = g.players[self.seat - 1]
            infos = []
            for p in g.players:
                weapon, armor = p.weapon, p.armor
                infos.append(
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
                        weapon.name.value if weapon is not None else None,
                        armor.name.value if armor is not None else None,
                        tuple((e.card.label, e.name_as) for e in p.judge_area),
                    )
                )
            self._players = tuple(infos)
        return self._players

    def player(self, seat: int) -> SeatInfo:
        return self.players[seat - 1]

    @property
    def me(self) -> SeatInfo:
        """This seat's own :class:`SeatInfo`."""
        return self.players[self.seat - 1]

    def others(self) -> tuple[SeatInfo, ...]:
        """The living seats other than this one, in seat order."""
        return tuple(p for p in self.players if p.alive and p.seat != self.seat)

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
    def over(self) -> bool:
        """Whether the game has ended (every role is then visible)."""
        return self._game.over

    # ------------------------------------------------------------------ the log

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

    @property
    def log_count(self) -> int:
        """How many log entries there are so far: where :meth:`log_since` and
        :meth:`events_since` continue next time."""
        return len(self._game.log.entries)

    def log_since(self, start: int) -> tuple[LogLine, ...]:
        """The public log lines from entry ``start`` (0-based) on, as :attr:`log` words
        them, with round and kind."""
        g = self._game
        me = g.players[self.seat - 1]
        return tuple(LogLine(e.round, e.kind, redact_roles(g, e.text, me)) for e in g.log.entries[max(start, 0) :])

    def events_since(self, start: int) -> tuple[PublicEvent, ...]:
        """The public facts (:data:`PUBLIC_FIELDS`) of the log entries from ``start``
        (0-based) on; entries of other kinds are left out."""
        out: list[PublicEvent] = []
        for e in self._game.log.entries[max(start, 0) :]:
            fields = PUBLIC_FIELDS.get(e.kind)
            if fields is not None:
                data = e.data
                out.append(PublicEvent(e.kind, e.round, tuple((k, _plain(data.get(k))) for k in fields)))
        return tuple(out)

    @property
    def role_table(self) -> tuple[int, int, int] | None:
        """The role table the game announced at its start: (loyalists, rebels,
        renegades); None if it announced none (a scenario's table)."""
        a = self._announced()
        counts = a.get("roles") if a is not None else None
        if isinstance(counts, list) and len(counts) == 3:
            return (int(counts[0]), int(counts[1]), int(counts[2]))
        return None

    @property
    def game_seed(self) -> int | None:
        """The game's number as announced at its start (its seed), None if none."""
        a = self._announced()
        seed = a.get("seed") if a is not None else None
        return seed if isinstance(seed, int) else None

    def _announced(self) -> dict[str, LogValue] | None:
        entries = self._game.log.entries
        return entries[0].data if entries and entries[0].kind == "开局" else None

    # ------------------------------------------------------------------ reach

    def distance(self, src: int, dst: int) -> int:
        """Distance between two seats (public: seats, horses and skills are face up)."""
        key = (0, src, dst)
        d = self._reach.get(key)
        if d is None:
            g = self._game
            d = self._reach[key] = g.distance(g.players[src - 1], g.players[dst - 1])
        return d

    def attack_range(self, seat: int | None = None) -> int:
        """Attack range of ``seat`` (default: this seat): the weapon's range, 1 without
        one, plus the skills' and horses' modifiers."""
        seat = self.seat if seat is None else seat
        key = (1, seat, 0)
        r = self._reach.get(key)
        if r is None:
            g = self._game
            r = self._reach[key] = g.attack_range(g.players[seat - 1])
        return r

    def in_attack_range(self, dst: int, src: int | None = None) -> bool:
        """Whether seat ``dst`` is within the attack range of ``src`` (default: this
        seat); never oneself or a dead seat."""
        src = self.seat if src is None else src
        key = (2, src, dst)
        r = self._reach.get(key)
        if r is None:
            g = self._game
            r = self._reach[key] = int(g.in_attack_range(g.players[src - 1], g.players[dst - 1]))
        return bool(r)

    # ------------------------------------------------------------------ as data

    def to_dict(self, log_tail: int | None = None) -> dict[str, Any]:
        """The whole view as JSON-ready data; ``log_tail``: only the log's last lines.
        (Not included: :meth:`events_since`, which an agent reads itself.)"""
        me = self.players[self.seat - 1]
        return {
            "seat": self.seat,
            "role": self.role,
            "hand": list(self.hand),
            "hand_cards": [asdict(c) for c in self.hand_cards],
            "skills": list(self.skills),
            "players": [asdict(p) for p in self.players],
            "draw_pile_count": self.draw_pile_count,
            "discard_pile": list(self.discard_pile),
            "processing": list(self.processing),
            "current": self.current,
            "phase": self.phase,
            "round": self.round,
            "over": self.over,
            "role_table": list(self.role_table) if self.role_table is not None else None,
            "game_seed": self.game_seed,
            "attack_range": self.attack_range() if me.alive else 0,
            "in_attack_range": [p.seat for p in self.others() if me.alive and self.in_attack_range(p.seat)],
            "log": list(self.log if log_tail is None else self.log_tail(log_tail)),
        }

    def __repr__(self) -> str:
        return f"<SeatView of seat {self.seat}>"


def _plain(v: LogValue) -> object:
    """A log value as plain immutable data (a list as a tuple)."""
    return tuple(v) if isinstance(v, list) else v
