"""A PettingZoo AEC environment over identity games (optional extra ``[rl]``).

Use ``sgs.env.env()`` (it loads the bundled generals); this module holds the class and
needs only what the caller passes in (generals, equipment, card effects), like the rest of the
runtime.

* agents: ``seat_1`` … ``seat_N``; the seat whose decision is pending acts.
* actions: ``Discrete(max_options + 1)``.  Action ``i < max_options`` picks option
  ``i`` of the pending :class:`~sgs.runtime.decisions.Decision`; the last action
  (``FINISH``) ends a selection of several options.  A decision picking exactly one
  option is answered by one step; one picking ``min``..``max`` options takes one step
  per option (an option cannot be picked twice; the order counts, as for 观星) and
  is answered when ``max`` are picked or on ``FINISH`` (allowed once ``min`` are).
* observation: ``{"observation": float32 vector in [0, 1], "action_mask": int8}``;
  the mask is the legal actions of the pending decision for the acting seat, all
  zero for the others.  The vector (:func:`vector_size`), built from the seat's
  :class:`~sgs.runtime.observation.SeatView` only: per seat (seat 1 first) alive, hp
  and max hp /10, hand count /20, the 4 equipment slots, judge-area size /3, role
  one-hot (主公, 忠臣, 反贼, 内奸, unknown); own hand as counts per card name /4; draw
  pile size /108; whose turn (one-hot); the phase (one-hot, 6); the pending decision's
  kind (one-hot); options picked so far /8; own seat (one-hot).
* ``infos[agent]`` of the acting seat: ``"observation"`` (the view as JSON data,
  log restricted to its last ``log_tail`` lines), ``"action_mask"``, ``"decision"``
  (kind, prompt, labels, min, max, picked so far).
* rewards, once the game is over: +1 to each winning seat, -1 to the others (0 to all
  for a draw or a game stopped at the turn cap, which truncates instead of
  terminating).  No reward before the end.

The generals are dealt and picked as ``setup_identity_game`` does (each seat's pick is
made by a seeded RandomAgent during ``reset``); the environment's steps start with
the first decision of the game proper.  ``reset(seed=s)`` gives game seed ``s``;
without a seed, games use seeds 0, 1, 2 … in turn.
"""

from __future__ import annotations

from typing import Any, Sequence

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from .cards import CardName
from .decisions import Decision, DecisionKind
from .effects import TextEffects
from .game import EquipmentTable, Game
from .modes.identity import DEFAULT_MAX_TURNS, setup_identity_game
from .player import EquipSlot, GeneralSpec
from .timing import Phase

__all__ = ["SgsEnv", "vector_size", "FINISH_LABEL"]

FINISH_LABEL = "完成选择"
_ROLES = ("主公", "忠臣", "反贼", "内奸")
_NAMES = {n.value: i for i, n in enumerate(CardName)}
_SLOTS = tuple(s.value for s in EquipSlot)
_PHASES = {p.value: i for i, p in enumerate(Phase)}
_KINDS = {k: i for i, k in enumerate(DecisionKind)}
_PER_SEAT = 1 + 2 + 1 + len(_SLOTS) + 1 + len(_ROLES) + 1


def vector_size(players: int) -> int:
    """Length of the observation vector for ``players`` seats."""
    return players * _PER_SEAT + len(_NAMES) + 1 + players + len(_PHASES) + len(_KINDS) + 1 + players


class SgsEnv(AECEnv):  # type: ignore[misc]
    """Identity games as a PettingZoo AEC environment (module doc)."""

    metadata = {"name": "sgs_identity_v0", "render_modes": ["human", "ansi"], "is_parallelizable": False}

    def __init__(
        self,
        generals: Sequence[GeneralSpec],
        equipment: EquipmentTable | None = None,
        players: int = 5,
        max_options: int = 128,
        max_turns: int = DEFAULT_MAX_TURNS,
        log_tail: int = 30,
        render_mode: str | None = None,
        card_effects: TextEffects | None = None,
    ) -> None:
        super().__init__()
        self.generals = tuple(generals)
        self.equipment = equipment
        self.card_effects = card_effects
        self.players = players
        self.max_options = max_options
        self.finish = max_options
        self.max_turns = max_turns
        self.log_tail = log_tail
        self.render_mode = render_mode
        self.possible_agents = [f"seat_{i}" for i in range(1, players + 1)]
        self.agents = list(self.possible_agents)
        size = vector_size(players)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (max_options + 1,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(max_options + 1) for a in self.possible_agents}
        self.game: Game | None = None
        self._next_seed = 0
        self._picked: list[int] = []
        self._shown = 0

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    # ------------------------------------------------------------------ AEC protocol

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is None:
            seed = self._next_seed
        self._next_seed = seed + 1
        game = setup_identity_game(
            self.generals, self.players, seed, equipment=self.equipment, card_effects=self.card_effects
        )
        game.max_turns = self.max_turns
        self.game = game
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._picked = []
        self._shown = 0
        self._advance(game.pending())

    def step(self, action: int | None) -> None:
        game = self._started("step")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        d = game.pending()
        assert d is not None
        mask = self._mask(d)
        if action is None or not 0 <= int(action) < len(mask) or not mask[int(action)]:
            raise ValueError(f"illegal action {action} for {agent}: legal {np.flatnonzero(mask).tolist()}")
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        a = int(action)
        if a != self.finish:
            self._picked.append(a)
        if a == self.finish or len(self._picked) >= d.max:
            picked, self._picked = self._picked, []
            nxt = game.respond(picked)
            self._advance(nxt)
        else:
            self._advance(d)
        self._accumulate_rewards()

    def observe(self, agent: str) -> dict[str, np.ndarray[Any, Any]]:
        game = self._started("observe")
        seat = self.possible_agents.index(agent) + 1
        d = game.pending()
        mine = d is not None and d.player.seat == seat
        mask = self._mask(d) if mine and d is not None else np.zeros(self.max_options + 1, np.int8)
        return {"observation": self._vector(game, seat, d if mine else None), "action_mask": mask}

    def render(self) -> str | None:
        game = self.game
        if game is None or self.render_mode is None:
            return None
        seat = 0
        d = game.pending()
        lines = [e.text for e in game.log.entries[self._shown :]]
        self._shown = len(game.log.entries)
        if d is not None:
            seat = d.player.seat
            lines.append(f"[{seat}号位] {d.prompt}: {d.labels()}")
        text = "\n".join(lines)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        self.game = None

    # ------------------------------------------------------------------ helpers

    def _started(self, call: str) -> Game:
        """The running game; a RuntimeError that says what to do when there is none (before
        the first ``reset()`` or after ``close()``), instead of an AttributeError."""
        if self.game is None:
            raise RuntimeError(f"对局还没有开始：先调用 reset()，再调用 {call}()")
        return self.game

    def _advance(self, d: Decision | None) -> None:
        game = self.game
        assert game is not None
        for a in self.agents:
            self.infos[a] = {}
        if d is None:
            self._finish(game)
            return
        if len(d.options) > self.max_options:
            raise ValueError(f"a decision with {len(d.options)} options; raise max_options ({self.max_options})")
        agent = self.possible_agents[d.player.seat - 1]
        self.agent_selection = agent
        view = game.view(d.player.seat)
        data = view.to_dict(log_tail=self.log_tail)
        self.infos[agent] = {
            "observation": data,
            "action_mask": self._mask(d),
            "decision": {
                "kind": d.kind.value,
                "prompt": d.prompt,
                "labels": d.labels(),
                "min": d.min,
                "max": d.max,
                "picked": list(self._picked),
            },
        }

    def _finish(self, game: Game) -> None:
        winners = set(game.winners) if game.over else set()
        draw = not game.over or not winners
        for i, a in enumerate(self.possible_agents, start=1):
            self.rewards[a] = 0.0 if draw else (1.0 if i in winners else -1.0)
            if game.over:
                self.terminations[a] = True
            else:
                self.truncations[a] = True
        # AECEnv convention: the dead agents are stepped (with None) until none is left
        self.agent_selection = self.agents[0]

    def _mask(self, d: Decision | None) -> np.ndarray[Any, Any]:
        mask = np.zeros(self.max_options + 1, np.int8)
        if d is None:
            return mask
        n = min(len(d.options), self.max_options)
        if len(self._picked) < d.max:
            mask[:n] = 1
            for i in self._picked:
                mask[i] = 0
        if d.max > 1 and d.min <= len(self._picked):
            mask[self.finish] = 1
        if d.max <= 1 and d.min == 0:
            mask[self.finish] = 1  # pick nothing
        return mask

    def _vector(self, game: Game, seat: int, d: Decision | None) -> np.ndarray[Any, Any]:
        view = game.view(seat)
        out: list[float] = []
        for info in view.players:
            out += [float(info.alive), min(info.hp, 10) / 10 if info.hp > 0 else 0.0, min(info.max_hp, 10) / 10]
            out.append(min(info.hand_count, 20) / 20)
            out += [1.0 if slot in info.equip_slots else 0.0 for slot in _SLOTS]
            out.append(min(len(info.judge), 3) / 3)
            roles = [0.0] * (len(_ROLES) + 1)
            roles[_ROLES.index(info.role) if info.role is not None else len(_ROLES)] = 1.0
            out += roles
        hand = [0.0] * len(_NAMES)
        for name in view.hand_names:
            hand[_NAMES[name]] += 0.25
        out += [min(x, 1.0) for x in hand]
        out.append(min(view.draw_pile_count, 108) / 108)
        cur = [0.0] * self.players
        cur[view.current - 1] = 1.0
        out += cur
        ph = [0.0] * len(_PHASES)
        if view.phase is not None:
            ph[_PHASES[view.phase]] = 1.0
        out += ph
        kind = [0.0] * len(_KINDS)
        if d is not None:
            kind[_KINDS[d.kind]] = 1.0
        out += kind
        out.append(min(len(self._picked), 8) / 8 if d is not None else 0.0)
        me = [0.0] * self.players
        me[seat - 1] = 1.0
        out += me
        return np.asarray(out, dtype=np.float32)
