"""The heuristic agent: plays whole games legally, sees only what its seat may see
(a game proxy raises on any hidden information), reads skills by their profiles."""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any, Sequence

import pytest

from sgs.lab.heuristic import HeuristicAgent, card_name_of
from sgs.lab.profiles import profile_sources
from sgs.lab.table import TableSpec, game_seed, load_table
from sgs.runtime.decisions import Decision
from sgs.runtime.game import Game
from sgs.runtime.modes.identity import run_identity_game, setup_identity_game
from sgs.runtime.player import Player

PUBLIC_LOG = {"开局", "伤害", "回复体力", "死亡", "使用"}


class Hidden(AssertionError):
    """The agent touched something its seat may not see."""


class _Len:
    """A pile whose size is public and whose cards are not."""

    def __init__(self, pile: Sequence[Any]) -> None:
        self._pile = pile

    def __len__(self) -> int:
        return len(self._pile)

    def __getattr__(self, name: str) -> Any:
        raise Hidden(f"pile.{name}")

    def __iter__(self) -> Any:
        raise Hidden("iterating a pile")

    def __getitem__(self, i: Any) -> Any:
        raise Hidden("indexing a pile")


class _Entry:
    def __init__(self, entry: Any) -> None:
        self.kind = entry.kind
        self.round = entry.round
        self._entry = entry

    @property
    def data(self) -> dict[str, Any]:
        if self.kind not in PUBLIC_LOG:
            raise Hidden(f"log data of {self.kind}")
        return dict(self._entry.data)

    @property
    def text(self) -> str:
        raise Hidden("log text")


class _Log:
    def __init__(self, log: Any) -> None:
        self.entries = [_Entry(e) for e in log.entries]


class _Seat:
    """A player as seat ``viewer`` may see it: another seat's hand and hidden role raise."""

    _OPEN = {"seat", "general", "kingdom", "gender", "alive", "hp", "max_hp", "hand_count", "equips", "weapon",
             "armor", "judge_area", "is_lord", "role_revealed", "equip_cards", "is_wounded", "lost_hp", "tag", "name"}

    def __init__(self, player: Player, viewer: int) -> None:
        object.__setattr__(self, "_p", player)
        object.__setattr__(self, "_viewer", viewer)

    def __getattr__(self, name: str) -> Any:
        p: Player = object.__getattribute__(self, "_p")
        mine = p.seat == object.__getattribute__(self, "_viewer")
        if name == "role" and (mine or p.is_lord or p.role_revealed or not p.alive):
            return p.role
        if mine and name in ("hand", "skills"):
            return getattr(p, name)
        if name in self._OPEN:
            return getattr(p, name)
        raise Hidden(f"{p.seat}号位.{name} seen from {object.__getattribute__(self, '_viewer')}号位")


class _GameProxy:
    def __init__(self, game: Game, viewer: int) -> None:
        self._game = game
        self.players = [_Seat(p, viewer) for p in game.players]
        self.current = self.players[game.current.seat - 1]
        self.phase = game.phase
        self.round = game.round
        self.draw_pile = _Len(game.draw_pile)
        self.discard_pile = _Len(game.discard_pile)
        self.log = _Log(game.log)

    def _real(self, p: Any) -> Player:
        return p._p if isinstance(p, _Seat) else p  # type: ignore[no-any-return]

    def distance(self, a: Any, b: Any) -> int:
        return self._game.distance(self._real(a), self._real(b))

    def in_attack_range(self, a: Any, b: Any) -> bool:
        return self._game.in_attack_range(self._real(a), self._real(b))

    def attack_range(self, a: Any) -> int:
        return self._game.attack_range(self._real(a))

    def __getattr__(self, name: str) -> Any:
        raise Hidden(f"game.{name}")


class Guarded:
    """A heuristic agent that only ever gets the proxy game and a proxy player."""

    def __init__(self, agent: HeuristicAgent) -> None:
        self.agent = agent

    def choose(self, game: Game, decision: Decision) -> list[int]:
        seat = decision.player.seat
        shown = dataclasses.replace(decision, player=_Seat(decision.player, seat))  # type: ignore[arg-type]
        return self.agent.choose(_GameProxy(game, seat), shown)  # type: ignore[arg-type]


@cache
def profiles() -> dict[str, Any]:
    return profile_sources(())


def test_the_proxy_hides_what_it_should() -> None:
    table = load_table(TableSpec(players=5))
    game = setup_identity_game(table.generals, 5, 3, None, True, None, None, False, table.equipment)
    proxy = _GameProxy(game, 2)
    assert len(proxy.players[1].hand) == 4 and proxy.players[0].hand_count == 4
    with pytest.raises(Hidden):
        proxy.players[0].hand
    hidden = next(p for p in proxy.players[2:] if not p.role_revealed)
    with pytest.raises(Hidden):
        hidden.role
    with pytest.raises(Hidden):
        list(proxy.draw_pile)
    with pytest.raises(Hidden):
        next(e for e in proxy.log.entries if e.kind == "摸牌").data
    with pytest.raises(Hidden):
        proxy.rng


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
