"""``sgs.env.env()``: identity games as a PettingZoo AEC environment (extra ``[rl]``).

PettingZoo's convention: ``env()`` returns the environment, ``raw_env`` is the class.
The environment itself is :class:`sgs.runtime.env.SgsEnv` (its docstring: agents,
actions, observations, rewards); this function gives it the bundled generals and
equipment and card effects unless others are passed.
"""

from __future__ import annotations

from typing import Any

from sgs.runtime.env import SgsEnv

__all__ = ["env", "raw_env"]

raw_env = SgsEnv


def env(players: int = 5, **kwargs: Any) -> SgsEnv:
    """An identity-game environment for ``players`` seats; ``generals`` /
    ``equipment`` / ``card_effects`` default to the bundled skill set (``sgs.compiler.load_pool()``);
    other keywords go to :class:`~sgs.runtime.env.SgsEnv`."""
    if "generals" not in kwargs:
        from sgs.compiler import load_pool

        pool = load_pool()
        kwargs["generals"] = pool.generals
        kwargs.setdefault("equipment", pool.equipment)
        kwargs.setdefault("card_effects", pool.card_effects)
    return SgsEnv(players=players, **kwargs)
