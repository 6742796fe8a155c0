"""pending/respond drive the same rules as run(): byte-identical logs; clone() copies
a game at a pending decision, and the copies are independent."""

from __future__ import annotations

import pytest

from sgs.compiler import load_pool
from sgs.runtime.agents import RandomAgent, ScriptedAgent
from sgs.runtime.decisions import DecisionKind
from sgs.runtime.game import Game
from sgs.runtime.modes.identity import play_identity_game, setup_identity_game
from sgs.runtime.testing import SeatSpec, build_game
from sgs.runtime.timing import Phase


@pytest.fixture(scope="module")
def pool():  # type: ignore[no-untyped-def]
    return load_pool()


def drive(game: Game) -> int:
    """Answer every pending decision with a RandomAgent through the seat's view."""
    agent = RandomAgent()
    n = 0
    d = game.pending()
    while d is not None:
        d = game.respond(agent.choose(game.view(d.player.seat), d))
        n += 1
    return n


def _same_logs(pool, seeds: range, players_of) -> None:  # type: ignore[no-untyped-def]
    for seed in seeds:
        players = players_of(seed)
        ref = play_identity_game(pool.generals, players, seed, equipment=pool.equipment, card_effects=pool.card_effects)
        game = setup_identity_game(pool.generals, players, seed, equipment=pool.equipment, card_effects=pool.card_effects)
        decisions = drive(game)
        assert decisions > 0
        assert game.pending() is None and game.over == (ref.winner is not None)
        assert game.log.to_jsonl() == ref.log.to_jsonl(), f"seed {seed}, {players} players"


def test_200_games_pending_respond_equal_run(pool) -> None:  # type: ignore[no-untyped-def]
    # 2- and 3-player tables keep the default suite fast; the slow test below plays 5
    _same_logs(pool, range(200), lambda seed: 2 + seed % 2)


@pytest.mark.slow
def test_200_five_player_games_pending_respond_equal_run(pool) -> None:  # type: ignore[no-untyped-def]
    _same_logs(pool, range(200), lambda seed: 5)


def test_respond_refuses_illegal_answers_and_keeps_the_game(pool) -> None:  # type: ignore[no-untyped-def]
    game = setup_identity_game(pool.generals, 5, 3, equipment=pool.equipment, card_effects=pool.card_effects)
    d = game.pending()
    assert d is not None
    before = len(game.log.entries)
    with pytest.raises(ValueError):
        game.respond([len(d.options)])
    with pytest.raises(ValueError):
        game.respond([])
    assert game.pending() is d and len(game.log.entries) == before
    game.respond([0])
    assert game.pending() is not d


def test_respond_without_pending_is_an_error() -> None:
    game = build_game([SeatSpec("关羽", role="主公"), SeatSpec("吕布", role="反贼")], phase=Phase.PLAY)
    with pytest.raises(RuntimeError):
        game.respond([0])


def test_run_finishes_a_driven_game_with_agents(pool) -> None:  # type: ignore[no-untyped-def]
    ref = play_identity_game(pool.generals, 5, 11, equipment=pool.equipment, card_effects=pool.card_effects)
    game = setup_identity_game(pool.generals, 5, 11, equipment=pool.equipment, card_effects=pool.card_effects)
    agent = RandomAgent()
    for _ in range(30):
        d = game.pending()
        assert d is not None
        game.respond(agent.choose(game.view(d.player.seat), d))
    game.run([RandomAgent() for _ in game.players])
    assert game.log.to_jsonl() == ref.log.to_jsonl()


def _first_play(game: Game, agent: RandomAgent) -> None:
    """Drive ``game`` to a play-phase decision with more than one option."""
    d = game.pending()
    while d is not None and not (d.kind is DecisionKind.PLAY and len(d.options) > 2 and game.turns_played > 2):
        d = game.respond(agent.choose(game.view(d.player.seat), d))
    assert d is not None


def test_clone_mid_decision_is_independent(pool) -> None:  # type: ignore[no-untyped-def]
    game = setup_identity_game(pool.generals, 5, 21, equipment=pool.equipment, card_effects=pool.card_effects)
    agent = RandomAgent()
    _first_play(game, agent)
    # the agent has drawn for this decision already: the copy must be at the same point
    game.view(1).rng.random()
    copy = game.clone()
    d0, d1 = game.pending(), copy.pending()
    assert d0 is not None and d1 is not None
    assert (d0.player.seat, d0.kind, d0.labels()) == (d1.player.seat, d1.kind, d1.labels())
    assert copy.log.to_jsonl() == game.log.to_jsonl()
    assert copy.rng.getstate() == game.rng.getstate()
    assert [copy.view(s).rng.getstate() for s in range(1, 6)] == [game.view(s).rng.getstate() for s in range(1, 6)]
    log_before = game.log.to_jsonl()
    me = game.players[d0.player.seat - 1]  # (the decision shows a read-only view of him)
    hand_before = [c.label for c in me.hand]
    # the copy ends its play phase, the original uses its first card or skill
    end = d1.labels().index("结束出牌")
    copy.respond([end])
    assert game.log.to_jsonl() == log_before and [c.label for c in me.hand] == hand_before
    first = next(i for i, o in enumerate(d0.options) if o.label != "结束出牌")
    game.respond([first])
    copy_log = copy.log.to_jsonl()
    drive(game)
    assert copy.log.to_jsonl() == copy_log  # playing the original out did not touch the copy
    drive(copy)
    assert game.log.to_jsonl() != copy.log.to_jsonl()
    # both games keep the shared history up to the clone and part after it
    shared = len(log_before.splitlines())
    assert game.log.to_jsonl().splitlines()[:shared] == copy.log.to_jsonl().splitlines()[:shared]
    assert game.log.to_jsonl().splitlines()[:shared] == log_before.splitlines()
    assert game.log.to_jsonl().splitlines()[shared] != copy.log.to_jsonl().splitlines()[shared]


def test_clone_of_a_table_and_of_an_unstarted_game() -> None:
    seats = [
        SeatSpec("关羽", role="主公", hand=["杀♥10", "闪♥2"], agent=ScriptedAgent()),
        SeatSpec("吕布", role="反贼", hp=2, hand=["闪♦2"]),
    ]
    game = build_game(seats, current=1, phase=Phase.PLAY, seed=5)
    fresh = game.clone()
    assert fresh.log.to_jsonl() == game.log.to_jsonl()
    d = game.pending()
    assert d is not None and d.kind is DecisionKind.PLAY
    copy = game.clone()
    d1 = copy.pending()
    assert d1 is not None and d1.labels() == d.labels()
    d2 = copy.respond([d1.labels().index("杀♥10")])
    assert d2 is not None and d2.kind is DecisionKind.TARGETS and d2.labels() == ["2"]
    d3 = copy.respond([0])
    assert d3 is not None and d3.player.seat == 2 and d3.kind is DecisionKind.RESPOND
    assert game.pending() is d and [p.hp for p in game.players] == [5, 2]
    assert [c.label for c in game.players[0].hand] == ["杀♥10", "闪♥2"]
    assert [c.label for c in copy.players[0].hand] == ["闪♥2"]


def test_a_game_played_by_run_cannot_be_cloned(pool) -> None:  # type: ignore[no-untyped-def]
    game = setup_identity_game(pool.generals, 5, 2, equipment=pool.equipment, card_effects=pool.card_effects)
    game.run(max_turns=1)
    with pytest.raises(ValueError):
        game.clone()
