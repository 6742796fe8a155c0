"""Identity mode (身份局), 4-8 players.

Role table (seed 001, line ~26): 4 = 主忠反内; 5 = 主 + 1 忠 2 反 1 内;
6 = 1/3/1; 7 = 2/3/1; 8 = 2/4/1 (seed 001 also prints 6 = 1/2/2 and 8 = 2/4/2
as variants; not the default).  The lord sits at seat 1 and starts; the other roles
are shuffled over seats 2..N by the game's RNG.  The lord picks from 曹操/刘备/孙权
(those present in the pool) + 2 random generals, every other player from 3 random
ones; the lord gets +1 max hp.  Everyone starts with 4 cards.

Victory: lord + loyalists when every rebel and renegade is dead; rebels when the
lord dies (even if no rebel is alive) unless a renegade is the sole survivor, who
then wins alone.
"""

from __future__ import annotations

import random
from typing import Sequence

from ..agents import Agent, RandomAgent
from ..cards import standard_deck
from ..decisions import Decision, DecisionKind, Option
from ..game import Game, GameOver
from ..player import GeneralSpec, Player, Role
from ..result import GameResult, result_of

__all__ = ["IdentityError", "ROLE_TABLE", "identity_victory", "setup_identity_game", "play_identity_game", "apply_general"]

ROLE_TABLE: dict[int, tuple[int, int, int]] = {  # loyalists, rebels, renegades
    4: (1, 1, 1),
    5: (1, 2, 1),
    6: (1, 3, 1),
    7: (2, 3, 1),
    8: (2, 4, 1),
}

LORD_CANDIDATES = ("曹操", "刘备", "孙权")


class IdentityError(ValueError):
    """The game cannot be set up (player count, pool too small, unknown general)."""


def identity_victory(game: Game) -> GameOver | None:
    lord = next((p for p in game.players if p.role is Role.LORD), None)
    if lord is None:
        return None
    alive = [p for p in game.players if p.alive]
    if not lord.alive:
        if len(alive) == 1 and alive[0].role is Role.RENEGADE:
            return GameOver("内奸", [alive[0].seat])
        return GameOver("反贼", [p.seat for p in game.players if p.role is Role.REBEL])
    if not any(p.role in (Role.REBEL, Role.RENEGADE) for p in alive):
        return GameOver("主公", [p.seat for p in game.players if p.role in (Role.LORD, Role.LOYALIST)])
    return None


def apply_general(game: Game, p: Player, g: GeneralSpec, hp: int | None = None, max_hp: int | None = None) -> None:
    """Seat ``g`` on player ``p``: kingdom, gender, hp, one instance per skill."""
    p.general = g
    p.kingdom = g.kingdom
    p.gender = g.gender
    p.max_hp = max_hp if max_hp is not None else g.max_hp + (1 if p.role is Role.LORD else 0)
    p.hp = hp if hp is not None else p.max_hp
    for s in list(p.skills):
        game.remove_skill(p, s)
    for cls in g.skills:
        game.add_skill(p, cls(p))


def _pick(game: Game, p: Player, cands: list[GeneralSpec]) -> GeneralSpec:
    d = Decision(DecisionKind.OPTION, p, "选择武将", tuple(Option(g.name) for g in cands), about="选将")
    return cands[game.ask(d)[0]]


def setup_identity_game(
    pool: Sequence[GeneralSpec],
    players: int,
    seed: int,
    agents: Sequence[Agent] | None = None,
    log_enabled: bool = True,
    generals: Sequence[str] | None = None,
) -> Game:
    """Deal roles, generals and starting hands; the returned game is ready to run.

    ``generals`` fixes the general of each seat in order (names from ``pool``;
    no choosing then)."""
    if players not in ROLE_TABLE:
        raise IdentityError(f"身份局人数应为 4 到 8 人，而不是 {players} 人")
    if len(pool) < players:
        raise IdentityError(f"武将池只有 {len(pool)} 名武将，不够 {players} 人")
    fixed_generals: list[GeneralSpec] | None = None
    if generals is not None:
        if len(generals) != players:
            raise IdentityError(f"给出了 {len(generals)} 名武将，但有 {players} 个座位（--generals 的个数须等于人数）")
        by_name = {g.name: g for g in pool}
        unknown = [n for n in generals if n not in by_name]
        if unknown:
            raise IdentityError(f"未知武将：{'、'.join(unknown)}；可用：{'、'.join(by_name)}")
        fixed_generals = [by_name[n] for n in generals]
    rng = random.Random(seed)
    deck = standard_deck()
    draw_pile = list(deck)
    rng.shuffle(draw_pile)
    loy, reb, ren = ROLE_TABLE[players]
    others = [Role.LOYALIST] * loy + [Role.REBEL] * reb + [Role.RENEGADE] * ren
    rng.shuffle(others)
    roles = [Role.LORD] + others
    placeholder = pool[0]
    ps = [
        Player(i + 1, placeholder, roles[i], placeholder.max_hp, placeholder.max_hp, placeholder.kingdom, placeholder.gender)
        for i in range(players)
    ]
    ags: list[Agent] = list(agents) if agents is not None else [RandomAgent() for _ in range(players)]
    game = Game(ps, ags, deck, rng, draw_pile, identity_victory, log_enabled)
    game.log_event("开局", f"身份局 {players}人，种子 {seed}", players=players, seed=seed)

    if fixed_generals is not None:
        for p, g in zip(ps, fixed_generals):
            apply_general(game, p, g)
        for p in ps:
            game.log_event(
                "选将", f"{game.tag(p)} 体力{p.hp}/{p.max_hp} {p.kingdom.value}", player=p.seat, general=p.general.name
            )
        for p in ps:
            game.draw(p, 4, "起始手牌")
        return game
    remaining = list(pool)
    lord = ps[0]
    fixed = [g for g in remaining if g.name in LORD_CANDIDATES]
    rest = [g for g in remaining if g.name not in LORD_CANDIDATES]
    rng.shuffle(rest)
    lord_cands = fixed + rest[:2]
    # keep enough generals for the others (at least one each)
    while len(lord_cands) > 1 and len(remaining) - len(lord_cands) < players - 1:
        lord_cands.pop()
    g = _pick(game, lord, lord_cands)
    remaining = [x for x in remaining if x is not g]
    apply_general(game, lord, g)
    rng.shuffle(remaining)
    per = min(3, len(remaining) // (players - 1))
    if per < 3:
        game.log_event("选将", f"武将不足，每名其他角色只发{per}张候选武将", per=per)
    for p in ps[1:]:
        cands, remaining = remaining[:per], remaining[per:]
        apply_general(game, p, _pick(game, p, cands))
    for p in ps:
        game.log_event(
            "选将", f"{game.tag(p)} 体力{p.hp}/{p.max_hp} {p.kingdom.value}", player=p.seat, general=p.general.name
        )
    for p in ps:
        game.draw(p, 4, "起始手牌")
    return game


def play_identity_game(
    pool: Sequence[GeneralSpec],
    players: int,
    seed: int,
    agents: Sequence[Agent] | None = None,
    max_turns: int | None = 2000,
    log_enabled: bool = True,
    generals: Sequence[str] | None = None,
    log_text: bool | None = None,
) -> GameResult:
    """Play one whole identity game; ``max_turns`` guards against endless games
    (the result then has ``winner=None``).  ``generals`` fixes each seat's general;
    ``log_text=False`` (alias of ``log_enabled``) skips rendering log text."""
    if log_text is not None:
        log_enabled = log_text
    game = setup_identity_game(pool, players, seed, agents, log_enabled, generals)
    game.run(max_turns=max_turns)
    return result_of(game)
