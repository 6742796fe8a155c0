"""Soak: 200 seeded random identity games (4–8 players) with the compiled standard
generals and equipment effects.  Every game must end with the winner its final table
implies, no exception may escape, and every card of the 104-card deck must sit in
exactly one zone after every turn (rules: 001 胜利条件; DESIGN §5)."""

from __future__ import annotations

from functools import cache

import pytest

from sgs.compiler import Pool, load_pool
from sgs.runtime.game import Game
from sgs.runtime.modes.identity import setup_identity_game

from .oracle import expected_winner

GAMES = 200
MAX_TURNS = 2000


@cache
def pool() -> Pool:
    return load_pool(None)


def play_with_census(game: Game, seed: int) -> None:
    """Run ``game`` a turn at a time to its end, checking the card census before the
    first turn and after every turn; fails, naming ``seed``, if nobody has won after
    :data:`MAX_TURNS` turns."""
    game.check_card_census()
    turns = 0
    while not game.over and turns < MAX_TURNS:
        game.run(max_turns=1)
        game.check_card_census()
        turns += 1
    assert game.over, f"seed {seed}: no winner after {MAX_TURNS} turns"


@pytest.mark.parametrize("seed", range(GAMES))
def test_random_game_ends_with_the_right_winner(seed: int) -> None:
    players = 4 + seed % 5
    game = setup_identity_game(pool().generals, players, seed, log_enabled=False, equipment=pool().equipment, card_effects=pool().card_effects)
    play_with_census(game, seed)
    assert game.winner == expected_winner([(p.role, p.alive) for p in game.players])
