"""Play random games through the PettingZoo environment and check that every one ends.

    python examples/random_env.py            # 1,000 five-player games
    python examples/random_env.py 50 4       # 50 four-player games

Each step picks uniformly among the actions the mask allows; nothing is trained.  A
game ends by a victory (terminations) or at the turn cap (truncations); the script
fails if a game does neither, if an action outside the mask is ever needed, or if the
final rewards are not +1 for the winning seats and -1 for the others.
"""

from __future__ import annotations

import sys
import time

import numpy as np

import sgs.env


def play(games: int = 1000, players: int = 5, seed: int = 0) -> dict[str, int]:
    env = sgs.env.env(players=players)
    rng = np.random.default_rng(seed)
    outcomes: dict[str, int] = {}
    for g in range(games):
        env.reset(seed=seed + g)
        steps = 0
        final: dict[str, float] = {}
        for agent in env.agent_iter(max_iter=200_000):
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                final[agent] = reward
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            assert legal.size, f"game {g}: {agent} has no legal action"
            env.step(int(rng.choice(legal)))
            steps += 1
        game = env.game
        assert game is not None and env.agents == [], f"game {g} did not end after {steps} steps"
        winner = game.winner or "回合上限"
        if game.winner is not None and game.winner != "平局":
            for i, a in enumerate(env.possible_agents, start=1):
                assert final[a] == (1.0 if i in game.winners else -1.0), (g, a, final[a])
        outcomes[winner] = outcomes.get(winner, 0) + 1
    return outcomes


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 5
    t0 = time.perf_counter()
    outcomes = play(games, players)
    print(f"{games} games of {players} players ended in {time.perf_counter() - t0:.1f} s: {outcomes}")


if __name__ == "__main__":
    main()
