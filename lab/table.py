"""What a lab run plays, and how one game of it is set up.

A :class:`TableSpec` is plain data (it is pickled to worker processes and written as the
header of a result file): the pool's sources, the player count and role row, the agents
per seat and per role, the turn cap.  :func:`load_table` turns it into the compiled
generals and equipment (through the compile cache, so a worker process only imports
what the parent compiled); :func:`make_agents` builds the seats' agents for one game.

Game seeds: game ``i`` of a run with seed ``S`` plays with :func:`game_seed`\\ ``(S, i)``,
a 62-bit integer from SHA-256 — independent of the number of workers and of which games
ran before, so a run can be split, resumed or extended.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from sgs.runtime.agents import Agent, RandomAgent
from sgs.runtime.decisions import Decision
from sgs.runtime.effects import TextEffects
from sgs.runtime.game import EquipmentTable
from sgs.runtime.observation import SeatView
from sgs.runtime.player import GeneralSpec, Role

__all__ = [
    "TableSpec",
    "LoadedTable",
    "AGENT_KINDS",
    "ROLE_NAMES",
    "SpecError",
    "game_seed",
    "load_table",
    "make_agents",
    "seat_agent_names",
]

#: the role words accepted by ``--agent-role`` (主公=heuristic …)
ROLE_NAMES = tuple(r.value for r in Role)


class SpecError(ValueError):
    """A table that cannot be played (unknown agent kind or role, bad player count)."""


@dataclass(frozen=True)
class TableSpec:
    """What every game of a run plays.

    ``skills``: the ``--skills`` sources as given (``()`` = the bundled ``skills/``);
    like ``sgs play``, given sources replace the bundled generals (give ``skills/`` too
    to keep them) while the bundled equipment effects stay under their own.
    ``players``: 2–10; ``roles``: the identity role row (None, ``"alt"``, ``"1/2/2"``);
    ``ex``: the 4 EX cards; ``deck``: the deck (:data:`sgs.runtime.cards.DECKS`: 标准, or
    军争's 160 cards); ``seat_agents``: one agent kind per seat (a single kind =
    every seat); ``role_agents``: (role, kind) pairs that override the seat's kind for
    the seat that gets that role; ``max_turns``: the turn cap of one game (no winner
    after it)."""

    skills: tuple[str, ...] = ()
    players: int = 5
    roles: str | None = None
    ex: bool = False
    seat_agents: tuple[str, ...] = ("random",)
    role_agents: tuple[tuple[str, str], ...] = ()
    max_turns: int = 2000
    mode: str = "identity"
    deck: str = "标准"

    def validate(self) -> None:
        """Raise :class:`SpecError` for an unknown agent kind or role, or a seat list
        of the wrong length."""
        from sgs.runtime.modes.identity import IdentityError, role_counts

        from sgs.runtime.cards import DECKS

        if self.mode != "identity":
            raise SpecError(f"未知模式：{self.mode}（只有 identity 身份局）")
        if self.deck not in DECKS:
            raise SpecError(f"未知牌堆「{self.deck}」；可用：{'、'.join(DECKS)}")
        try:
            role_counts(self.players, self.roles)
        except IdentityError as exc:
            raise SpecError(str(exc)) from None
        if len(self.seat_agents) not in (1, self.players):
            raise SpecError(f"--agents 给出了 {len(self.seat_agents)} 个代理，应为 1 个（所有座次）或 {self.players} 个（按座次）")
        for kind in list(self.seat_agents) + [k for _, k in self.role_agents]:
            if kind not in AGENT_KINDS:
                raise SpecError(f"未知代理「{kind}」；可用：{'、'.join(AGENT_KINDS)}")
        for role, _ in self.role_agents:
            if role not in ROLE_NAMES:
                raise SpecError(f"--agent-role：未知身份「{role}」；可用：{'、'.join(ROLE_NAMES)}")

    def header(self) -> dict[str, Any]:
        """The JSON header of a result file: every field, lists for tuples (``deck`` only
        when it is not 标准, so files written before the field resume as before)."""
        data: dict[str, Any] = json.loads(json.dumps(asdict(self)))
        if data.get("deck") == "标准":
            del data["deck"]
        return data

    def key(self) -> str:
        """A short content hash of the header (same spec → same key)."""
        return hashlib.sha256(json.dumps(self.header(), sort_keys=True, ensure_ascii=False).encode()).hexdigest()[:16]

    @classmethod
    def from_header(cls, data: Mapping[str, Any]) -> TableSpec:
        return cls(
            skills=tuple(data.get("skills", ())),
            players=int(data.get("players", 5)),
            roles=data.get("roles"),
            ex=bool(data.get("ex", False)),
            seat_agents=tuple(data.get("seat_agents", ("random",))),
            role_agents=tuple((str(r), str(k)) for r, k in data.get("role_agents", ())),
            max_turns=int(data.get("max_turns", 2000)),
            mode=str(data.get("mode", "identity")),
            deck=str(data.get("deck", "标准")),
        )

    @property
    def needs_profiles(self) -> bool:
        """Whether an agent of the table reads the skills' effect profiles."""
        return any(AGENT_KINDS[k].profiles for k in set(self.seat_agents) | {k for _, k in self.role_agents})


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` (0-based) of a run seeded ``seed``: the first 62 bits
    of SHA-256 of ``"sgs-lab:{seed}:{index}"`` (deterministic on every platform)."""
    digest = hashlib.sha256(f"sgs-lab:{seed}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 2


@dataclass(frozen=True)
class AgentKind:
    """An agent factory; ``profiles``: whether it needs the skill effect profiles
    (:mod:`sgs.lab.profiles`), computed once per run in the parent."""

    make: Callable[[Mapping[str, Any]], Agent]
    profiles: bool = False


def _random(_: Mapping[str, Any]) -> Agent:
    return RandomAgent()


def _heuristic(profiles: Mapping[str, Any]) -> Agent:
    from .heuristic import HeuristicAgent

    return HeuristicAgent(profiles)


#: agent kind name → factory
AGENT_KINDS: dict[str, AgentKind] = {
    "random": AgentKind(_random),
    "heuristic": AgentKind(_heuristic, profiles=True),
}


@dataclass(frozen=True)
class LoadedTable:
    """A spec with its compiled pool: ``generals``, ``equipment``, ``profiles``
    (skill name → effect profile; empty unless an agent needs them) and
    ``card_effects`` (the card effects written as text)."""

    spec: TableSpec
    generals: tuple[GeneralSpec, ...]
    equipment: EquipmentTable
    profiles: Mapping[str, Any]
    card_effects: TextEffects = field(default_factory=dict)


def load_table(spec: TableSpec, cache_dir: str | None = None, profiles: Mapping[str, Any] | None = None) -> LoadedTable:
    """Compile (or load from the cache at ``cache_dir``, default: the user cache) the
    spec's pool.  ``profiles`` given → used as is; else computed when an agent needs
    them.  Raises :class:`sgs.compiler.CompileError` for sources that do not compile."""
    from sgs.compiler import load_pool

    bundled = load_pool(None, cache_dir=cache_dir)
    if spec.skills:
        mine = load_pool([Path(s) for s in spec.skills], cache_dir=cache_dir)
        generals, equipment = mine.generals, {**bundled.equipment, **mine.equipment}
        effects = {**bundled.card_effects, **mine.card_effects}
    else:
        generals, equipment = bundled.generals, dict(bundled.equipment)
        effects = dict(bundled.card_effects)
    if profiles is None:
        profiles = {}
        if spec.needs_profiles:
            from .profiles import profile_sources

            profiles = profile_sources(spec.skills)
    return LoadedTable(spec, tuple(generals), equipment, profiles, effects)


class _ByRole:
    """One seat's agent: the kind of the seat's role if ``role_agents`` names it,
    else the seat's kind.  The role is read from the seat's view (every seat knows its
    own role), so the agents can be made before roles are dealt."""

    __slots__ = ("default", "by_role")

    def __init__(self, default: Agent, by_role: dict[str, Agent]) -> None:
        self.default = default
        self.by_role = by_role

    def choose(self, view: SeatView, decision: Decision) -> Sequence[int]:
        return self.by_role.get(view.role, self.default).choose(view, decision)


def make_agents(table: LoadedTable) -> list[Agent]:
    """Fresh agents for one game of ``table`` (one per seat)."""
    spec = table.spec
    kinds = spec.seat_agents if len(spec.seat_agents) == spec.players else spec.seat_agents * spec.players
    agents: list[Agent] = []
    for kind in kinds:
        default = AGENT_KINDS[kind].make(table.profiles)
        if not spec.role_agents:
            agents.append(default)
            continue
        by_role = {role: AGENT_KINDS[k].make(table.profiles) for role, k in spec.role_agents}
        agents.append(_ByRole(default, by_role))
    return agents


def seat_agent_names(spec: TableSpec, roles: Sequence[str]) -> list[str]:
    """The agent kind that played each seat, given the seats' roles."""
    kinds = spec.seat_agents if len(spec.seat_agents) == spec.players else spec.seat_agents * spec.players
    by_role = dict(spec.role_agents)
    return [by_role.get(role, kind) for kind, role in zip(kinds, roles)]
