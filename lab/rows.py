"""One game → one result row, read from the game's structured log.

The row is a JSON-ready dict (the keys of :data:`ROW_KEYS`, in that order):

* ``game`` (0-based index in the run), ``seed`` (the game's own seed), ``players``;
* ``winner`` (``主公`` / ``反贼`` / ``内奸`` / ``平局``, or None when the turn cap stopped
  the game), ``winners`` (winning seats), ``turns`` (turns played), ``rounds``;
* per seat, in seat order: ``generals``, ``pinyin``, ``roles``, ``agents`` (the agent
  kind that played the seat), ``alive`` (at the end), ``damage_dealt`` / ``damage_taken``
  (points of damage, from the ``伤害`` events), ``skills`` (one list per seat: every
  skill of the seat's general as ``{"skill": name, "n": invocations}``, zeros included,
  in the general's order);
* ``deaths``: ``{"seat", "round", "killer"}`` in the order they happened.

Skill invocations are counted from the log: every ``发动`` event of the seat's general's
skills (trigger, active and lord proxy skills log one when they resolve), and every card
the seat used or responded with (``使用`` / ``打出``) that one of its view-as skills
produced (the card label names the skill: ``杀(武圣:闪♥2)``).  Nothing in the runtime
changes: the log keeps its structured fields when its text is switched off.
"""

from __future__ import annotations

import re
from typing import Any

from sgs.runtime.game import Game
from sgs.runtime.modes.identity import run_identity_game, setup_identity_game
from sgs.runtime.skills import ViewAsSkill

from .table import LoadedTable, game_seed, make_agents, seat_agent_names

__all__ = ["ROW_KEYS", "play_row", "row_of"]

ROW_KEYS = (
    "game", "seed", "players", "winner", "winners", "turns", "rounds", "generals", "pinyin", "roles",
    "agents", "alive", "damage_dealt", "damage_taken", "skills", "deaths",
)

#: a virtual card's label: 名(技能:子牌…) or 名(技能)
_VIRTUAL = re.compile(r"^[^(]+\(([^:()]+)[:)]")


def play_row(table: LoadedTable, seed: int, index: int) -> dict[str, Any]:
    """Play game ``index`` of a run seeded ``seed`` on ``table`` and return its row."""
    spec = table.spec
    s = game_seed(seed, index)
    game = setup_identity_game(
        table.generals, spec.players, s, make_agents(table), False, None, spec.roles, spec.ex, table.equipment,
        spec.deck, table.card_effects,
    )
    run_identity_game(game, spec.max_turns)
    return row_of(game, table, index, s)


def row_of(game: Game, table: LoadedTable, index: int, seed: int) -> dict[str, Any]:
    """The row of a finished (or capped) game; see the module doc."""
    players = game.players
    n = len(players)
    skill_names = [[cls.name for cls in p.general.skills] for p in players]
    view_as = [{cls.name for cls in p.general.skills if issubclass(cls, ViewAsSkill)} for p in players]
    counts: list[dict[str, int]] = [dict.fromkeys(names, 0) for names in skill_names]
    dealt = [0] * n
    taken = [0] * n
    deaths: list[dict[str, Any]] = []
    for e in game.log.entries:
        kind = e.kind
        d = e.data
        if kind == "发动":
            seat = d.get("player")
            skill = d.get("skill")
            if isinstance(seat, int) and isinstance(skill, str) and skill in counts[seat - 1]:
                counts[seat - 1][skill] += 1
        elif kind == "伤害":
            amount = d.get("amount")
            target = d.get("target")
            source = d.get("source")
            if isinstance(amount, int) and isinstance(target, int):
                taken[target - 1] += amount
                if isinstance(source, int):
                    dealt[source - 1] += amount
        elif kind == "使用" or kind == "打出":
            seat = d.get("player")
            label = d.get("card")
            if isinstance(seat, int) and isinstance(label, str) and "(" in label:
                m = _VIRTUAL.match(label)
                if m is not None and m.group(1) in view_as[seat - 1]:
                    counts[seat - 1][m.group(1)] += 1
        elif kind == "死亡":
            deaths.append({"seat": d.get("player"), "round": e.round, "killer": d.get("killer")})
    roles = [p.role.value for p in players]
    return {
        "game": index,
        "seed": seed,
        "players": n,
        "winner": game.winner,
        "winners": sorted(game.winners),
        "turns": game.turns_played,
        "rounds": game.round,
        "generals": [p.general.name for p in players],
        "pinyin": [p.general.pinyin for p in players],
        "roles": roles,
        "agents": seat_agent_names(table.spec, roles),
        "alive": [p.alive for p in players],
        "damage_dealt": dealt,
        "damage_taken": taken,
        "skills": [[{"skill": k, "n": v} for k, v in c.items()] for c in counts],
        "deaths": deaths,
    }
