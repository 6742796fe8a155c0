"""What one seat may see of a game — the only way the heuristic agent reads the game.

Seam: this module is the one place that touches :class:`sgs.runtime.game.Game` for an
agent.  The engine's own observation API (issue 9) will replace it; swapping means
rewriting :func:`seat_view` and nothing else.

Visible to a seat: its own hand, role and general; of every seat: general, kingdom,
gender, hp / max hp, alive, hand *count*, equipment, judge area, and the role when it is
public (the lord's, a dead player's, a revealed one); the draw pile's size and the
discard pile; whose turn and which phase; distances and attack ranges (computed from
public state); the role table and game number the game announced (how many
loyalists, rebels, renegades; the seed).  Of the log, only public facts: damage (source, target, amount),
recovery, deaths, and the cards used with their user and targets — never what was
drawn, looked at or obtained face down.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Sequence

if TYPE_CHECKING:
    from sgs.runtime.cards import Card
    from sgs.runtime.game import Game

__all__ = ["PublicSeat", "SeatView", "PublicEvent", "seat_view", "public_events"]

#: log kinds whose listed fields everybody at the table sees
_PUBLIC_FIELDS: dict[str, tuple[str, ...]] = {
    "开局": ("players", "roles", "deck", "seed"),
    "伤害": ("source", "target", "amount"),
    "回复体力": ("player", "amount"),
    "死亡": ("player", "role", "killer"),
    "使用": ("player", "card", "targets"),
}


@dataclass(frozen=True, slots=True)
class PublicSeat:
    """A seat as everyone sees it.  ``role`` is None while it is hidden; ``equips`` and
    ``judge`` are card labels (``judge``: the names the cards count as, with labels);
    ``armor`` / ``weapon``: the card names or None."""

    seat: int
    general: str
    kingdom: str
    gender: str
    alive: bool
    hp: int
    max_hp: int
    hand_count: int
    equips: tuple[str, ...]
    weapon: str | None
    armor: str | None
    judge: tuple[tuple[str, str], ...]
    role: str | None

    @property
    def wounded(self) -> bool:
        return self.hp < self.max_hp


@dataclass(frozen=True, slots=True)
class PublicEvent:
    """One public log fact: ``kind`` and its public fields."""

    kind: str
    data: tuple[tuple[str, object], ...]

    def get(self, key: str) -> object:
        return next((v for k, v in self.data if k == key), None)


@dataclass(frozen=True)
class SeatView:
    """What seat ``me`` sees: ``role`` (its own), ``hand`` (its cards), ``seats`` (every
    seat, public part, in seat order), ``current`` (whose turn), ``phase`` (the phase
    word or None), ``round``, ``draw_pile`` / ``discard_pile`` sizes, ``discard_top``
    (labels of the discard pile, top last), ``distance`` / ``in_range``: from ``me`` to
    each seat (seat → value), ``attack_range`` (own)."""

    me: int
    role: str
    general: str
    skills: tuple[str, ...]
    hand: tuple[Card, ...]
    seats: tuple[PublicSeat, ...]
    current: int
    phase: str | None
    round: int
    draw_pile: int
    discard_pile: int
    distance: dict[int, int]
    in_range: dict[int, bool]
    attack_range: int
    #: the role table announced at the start (loyalists, rebels, renegades), if any
    role_table: tuple[int, int, int] | None = None
    #: the game's announced number (its seed, printed at the start), if any
    game_seed: int | None = None

    def seat(self, n: int) -> PublicSeat:
        return self.seats[n - 1]

    @property
    def mine(self) -> PublicSeat:
        return self.seats[self.me - 1]

    def others(self) -> list[PublicSeat]:
        """Living seats other than mine, in seat order."""
        return [s for s in self.seats if s.alive and s.seat != self.me]


def seat_view(game: Game, seat: int) -> SeatView:
    """The view of ``seat`` (1-based) of ``game`` now (module doc)."""
    players = game.players
    me = players[seat - 1]
    seats: list[PublicSeat] = []
    for p in players:
        public_role = p is me or p.is_lord or p.role_revealed or not p.alive
        seats.append(
            PublicSeat(
                seat=p.seat,
                general=p.general.name,
                kingdom=p.kingdom.value,
                gender=p.gender.value,
                alive=p.alive,
                hp=p.hp,
                max_hp=p.max_hp,
                hand_count=p.hand_count,
                equips=tuple(c.label for c in p.equip_cards()),
                weapon=p.weapon.name.value if p.weapon is not None else None,
                armor=p.armor.name.value if p.armor is not None else None,
                judge=tuple((e.name_as, e.card.label) for e in p.judge_area),
                role=p.role.value if public_role else None,
            )
        )
    alive_others = [p for p in players if p.alive and p is not me]
    table: tuple[int, int, int] | None = None
    announced: int | None = None
    first = game.log.entries[0] if game.log.entries else None
    if first is not None and first.kind == "开局":  # public: the table everyone was told
        data = first.data
        counts = data.get("roles")
        if isinstance(counts, list) and len(counts) == 3:
            table = (int(counts[0]), int(counts[1]), int(counts[2]))
        seed = data.get("seed")
        announced = seed if isinstance(seed, int) else None
    return SeatView(
        me=seat,
        role=me.role.value,
        general=me.general.name,
        skills=tuple(s.name for s in me.skills),
        hand=tuple(me.hand),
        seats=tuple(seats),
        current=game.current.seat,
        phase=game.phase.value if game.phase is not None else None,
        round=game.round,
        draw_pile=len(game.draw_pile),
        discard_pile=len(game.discard_pile),
        distance={p.seat: game.distance(me, p) for p in alive_others} if me.alive else {},
        in_range={p.seat: game.in_attack_range(me, p) for p in alive_others} if me.alive else {},
        attack_range=game.attack_range(me) if me.alive else 0,
        role_table=table,
        game_seed=announced,
    )


def public_events(game: Game, start: int = 0) -> tuple[Sequence[PublicEvent], int]:
    """The public facts of the log from entry ``start`` on, and the index to continue
    from next time."""
    entries = game.log.entries
    out: list[PublicEvent] = []
    for e in entries[start:]:
        fields = _PUBLIC_FIELDS.get(e.kind)
        if fields is not None:
            out.append(PublicEvent(e.kind, tuple((k, e.data.get(k)) for k in fields)))
    return out, len(entries)
