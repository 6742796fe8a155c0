"""The PettingZoo environment passes PettingZoo's API test and random-masked games end."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import numpy as np
import pytest

pettingzoo = pytest.importorskip("pettingzoo")

import sgs.env  # noqa: E402
from sgs.runtime.decisions import DecisionKind  # noqa: E402

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "random_env.py"


def test_api_test_passes() -> None:
    from pettingzoo.test import api_test

    api_test(sgs.env.env(players=4), num_cycles=300)


def test_example_plays_random_masked_games_to_the_end() -> None:
    spec = importlib.util.spec_from_file_location("random_env_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    outcomes = module.play(games=8, players=5, seed=3)  # the example itself plays 1,000
    assert sum(outcomes.values()) == 8


@pytest.mark.slow
def test_example_plays_its_thousand_games() -> None:
    spec = importlib.util.spec_from_file_location("random_env_example", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    outcomes = module.play()  # as `python examples/random_env.py` runs it
    assert sum(outcomes.values()) == 1000


def test_multi_pick_decisions_take_one_step_per_option() -> None:
    env = sgs.env.env(players=4)
    rng = np.random.default_rng(1)
    seen_multi = False
    env.reset(seed=2)
    for agent in env.agent_iter(max_iter=20_000):
        obs, _, term, trunc, info = env.last()
        if term or trunc:
            env.step(None)
            continue
        d = env.game.pending() if env.game is not None else None
        assert d is not None and env.agent_selection == f"seat_{d.player.seat}"
        mask = obs["action_mask"]
        assert mask.sum() >= 1 and info["action_mask"].tolist() == mask.tolist()
        assert info["decision"]["labels"] == d.labels()
        if d.max > 1 and d.kind is DecisionKind.CARDS:
            seen_multi = True
            first = int(np.flatnonzero(mask[: len(d.options)])[0])
            env.step(first)
            if env.game is not None and env.game.pending() is d:
                assert env.observe(agent)["action_mask"][first] == 0  # not twice
            continue
        env.step(int(rng.choice(np.flatnonzero(mask))))
    assert seen_multi


def test_observations_of_others_have_no_mask() -> None:
    env = sgs.env.env(players=4)
    env.reset(seed=5)
    acting = env.agent_selection
    for a in env.agents:
        obs = env.observe(a)
        assert env.observation_space(a).contains(obs)
        assert (obs["action_mask"].sum() > 0) == (a == acting)


def test_readme_example_plays_a_game_to_the_end(capsys: pytest.CaptureFixture[str]) -> None:
    # the README's example, as printed there (section "Driving a game from outside")
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## Driving a game from outside", 1)[1]
    code = section.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(code.strip().splitlines()) <= 10
    np.random.seed(4)
    ns: dict[str, object] = {}
    exec(compile(code, "README.md", "exec"), ns)
    env = ns["env"]
    game = env.game  # type: ignore[attr-defined]
    assert env.agents == [] and game.pending() is None  # type: ignore[attr-defined]
    assert capsys.readouterr().out.strip() == str(game.winner)


def test_step_or_observe_before_reset_says_what_to_do() -> None:
    env = sgs.env.env(players=4)
    for call in (lambda: env.step(0), lambda: env.observe("seat_1")):
        with pytest.raises(RuntimeError, match=r"先调用 reset\(\)"):
            call()
    env.reset(seed=1)
    env.observe(env.agent_selection)
    env.close()
    with pytest.raises(RuntimeError, match=r"先调用 reset\(\)，再调用 step\(\)"):
        env.step(0)
