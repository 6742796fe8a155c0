"""The heuristic agent: plays whole games legally, sees only what its seat may see
(its seat's view, guarded against private attributes; the view itself is proven in
tests/engine/test_observation.py), reads skills by their profiles."""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

import pytest

from sgs.lab.heuristic import HeuristicAgent, card_name_of
from sgs.lab.profiles import profile_sources
from sgs.lab.table import TableSpec, game_seed, load_table
from sgs.runtime.decisions import Decision
from sgs.runtime.modes.identity import run_identity_game, setup_identity_game
from sgs.runtime.observation import SeatView
from sgs.runtime.player import Player


class Hidden(AssertionError):
    """The agent touched something its seat may not see."""


class _Seat:
    """The deciding player as its own seat may see it: anything but the seat, the
    general and the public numbers raises (the agent reads the rest from its view)."""

    _OPEN = {"seat", "general", "kingdom", "gender", "alive", "hp", "max_hp", "hand_count", "tag", "name"}

    def __init__(self, player: Player) -> None:
        object.__setattr__(self, "_p", player)

    def __getattr__(self, name: str) -> Any:
        p: Player = object.__getattribute__(self, "_p")
        if name in self._OPEN:
            return getattr(p, name)
        raise Hidden(f"decision.player.{name}")


class _Guard:
    """A seat's view with its public surface only: anything private (``_game`` …) raises."""

    def __init__(self, view: SeatView) -> None:
        object.__setattr__(self, "_view", view)

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise Hidden(f"view.{name}")
        return getattr(object.__getattribute__(self, "_view"), name)


class Guarded:
    """A heuristic agent that only ever gets its seat's view (through :class:`_Guard`)
    and a proxy of the deciding player."""

    observes = True

    def __init__(self, agent: HeuristicAgent) -> None:
        self.agent = agent

    def choose(self, view: SeatView, decision: Decision) -> list[int]:
        assert isinstance(view, SeatView) and view.seat == decision.player.seat
        shown = dataclasses.replace(decision, player=_Seat(decision.player))  # type: ignore[arg-type]
        return self.agent.choose(_Guard(view), shown)  # type: ignore[arg-type]


@cache
def profiles() -> dict[str, Any]:
    return profile_sources(())


def test_the_guards_hide_what_they_should() -> None:
    table = load_table(TableSpec(players=5))
    game = setup_identity_game(table.generals, 5, 3, None, True, None, None, False, table.equipment)
    d = game.pending()
    assert d is not None
    guard = _Guard(game.view(d.player.seat))
    assert len(guard.hand_cards) == d.player.hand_count
    with pytest.raises(Hidden):
        guard._game
    seat = _Seat(d.player)
    assert seat.seat == d.player.seat
    with pytest.raises(Hidden):
        seat.hand


@pytest.mark.parametrize("index", range(2))
def test_heuristic_games_never_touch_hidden_information(index: int) -> None:
    table = load_table(TableSpec(players=5), profiles=profiles())
    agents = [Guarded(HeuristicAgent(profiles())) for _ in range(5)]
    game = setup_identity_game(table.generals, 5, game_seed(21, index), agents, False, None, None, False, table.equipment)
    run_identity_game(game, 400)
    assert game.over and game.winner in ("主公", "反贼", "内奸")


def test_same_seed_same_game() -> None:
    table = load_table(TableSpec(players=5, seat_agents=("heuristic",)), profiles=profiles())

    def log(seed: int) -> str:
        agents = [HeuristicAgent(profiles()) for _ in range(5)]
        g = setup_identity_game(table.generals, 5, seed, agents, True, None, None, False, table.equipment)
        run_identity_game(g, 400)
        return g.log.to_jsonl()

    assert log(8) == log(8)


def test_profiles_read_the_effects_not_the_names() -> None:
    p = profiles()
    assert p["青囊"]["kind"] == "active" and p["青囊"]["other"] > 0  # heals someone: a friend's skill
    assert p["反馈"]["other"] < 0 < p["反馈"]["self"]  # takes from the source
    assert p["苦肉"]["self_hp"] < 0  # costs hp
    assert p["武圣"]["kind"] == "view-as" and p["武圣"]["cards"] == ["杀"]
    assert p["铁骑"]["attack"]


def test_card_names_from_labels() -> None:
    assert card_name_of("杀♠7") == "杀"
    assert card_name_of("杀(武圣:闪♥2)") == "杀"
    assert card_name_of("无懈可击♦Q") == "无懈可击"
