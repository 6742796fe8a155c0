"""Identity mode (身份局), 2-10 players.

Role tables (seed 001, line ~26), as loyalists/rebels/renegades besides the lord:

====  =========  ===============================================
N     default    alternative (``roles="alt"``, CLI ``--roles alt``)
====  =========  ===============================================
2     0/1/0      — (主公 + 反贼; below 4 players, not in seed 001)
3     0/1/1      — (主公 + 反贼 + 内奸)
4     1/1/1      —
5     1/2/1      —
6     1/3/1      1/2/2
7     2/3/1      —
8     2/4/1      2/3/2 (seed 001 prints "2 4 2", which needs 9 seats;
                 the official 8-player variant is 2 忠 3 反 2 内)
9     2/4/2      —
10    3/4/2      —
====  =========  ===============================================

``roles`` may also name a row explicitly (``"1/2/2"`` or ``(1, 2, 2)``); it must be
one of the rows above for that player count.  The lord sits at seat 1 and starts;
the other roles are shuffled over seats 2..N by the game's RNG.

Generals: the lord picks from 曹操/刘备/孙权 (those present in the pool) + 2 random
generals; the candidates he does not take go back to the pool; every other player
then gets 3 random candidates (2 at 10 players).  When the pool is too small for
that, every other player gets the same smaller number (at least 1) and the log
says so (``武将不足``).  The lord gets +1 max hp.  Everyone starts with 4 cards.

Deck: the 104 标准版 cards; ``include_ex=True`` adds the 4 EX cards (寒冰剑,
仁王盾, 闪电♥Q, 无懈可击♦Q) — 108 cards; ``deck="军争"`` plays with 160: those 108
and the 52 军争 cards (:data:`sgs.runtime.cards.DECKS`).  The card census covers the
deck in play.

Victory (seed 001 胜利条件): lord + loyalists when every rebel and renegade is
dead; rebels when the lord dies (even if no rebel is alive — also when two
renegades are left) unless a single renegade is the sole survivor, who then wins
alone (so of two renegades at most one can ever win).
"""

from __future__ import annotations

import random
from typing import Sequence, Union

from ..agents import Agent, RandomAgent
from ..cards import DECKS, game_deck
from ..effects import TextEffects, card_skills, resolve_delayed
from ..effects import card_effects as use_effects
from ..decisions import Decision, DecisionKind, option
from ..game import EquipmentTable, Game, GameOver
from ..player import GeneralSpec, Player, Role
from ..result import GameResult, result_of
from ..shuffle import shuffle

__all__ = [
    "IdentityError",
    "ROLE_TABLE",
    "ROLE_TABLES",
    "MIN_PLAYERS",
    "MAX_PLAYERS",
    "RoleSpec",
    "role_counts",
    "candidates_per_player",
    "identity_victory",
    "setup_identity_game",
    "play_identity_game",
    "apply_general",
    "DEFAULT_MAX_TURNS",
    "run_identity_game",
    "turn_limit_text",
    "log_turn_cap",
]

#: loyalists, rebels, renegades (besides the lord); the first row is the default,
#: further rows are the alternatives.
ROLE_TABLES: dict[int, tuple[tuple[int, int, int], ...]] = {
    2: ((0, 1, 0),),
    3: ((0, 1, 1),),
    4: ((1, 1, 1),),
    5: ((1, 2, 1),),
    6: ((1, 3, 1), (1, 2, 2)),
    7: ((2, 3, 1),),
    8: ((2, 4, 1), (2, 3, 2)),
    9: ((2, 4, 2),),
    10: ((3, 4, 2),),
}
#: the default row for each player count
ROLE_TABLE: dict[int, tuple[int, int, int]] = {n: rows[0] for n, rows in ROLE_TABLES.items()}
MIN_PLAYERS = min(ROLE_TABLES)
MAX_PLAYERS = max(ROLE_TABLES)

#: ``None`` / ``"standard"`` (default row), ``"alt"`` (the alternative row),
#: ``"L/R/N"`` or ``(L, R, N)`` (an explicit row of the table)
RoleSpec = Union[str, tuple[int, int, int], None]

LORD_CANDIDATES = ("曹操", "刘备", "孙权")

#: the turn cap of a whole game (``play_identity_game``, ``sgs play``): a game still
#: running after this many turns is stopped without a winner, and the log says so
DEFAULT_MAX_TURNS = 2000
LORD_EXTRA_CANDIDATES = 2


class IdentityError(ValueError):
    """The game cannot be set up (player count, pool too small, unknown general)."""


def _fmt(row: tuple[int, int, int]) -> str:
    return "/".join(map(str, row))


def role_counts(players: int, roles: RoleSpec = None) -> tuple[int, int, int]:
    """(loyalists, rebels, renegades) for ``players`` seats and the ``roles`` choice."""
    if players not in ROLE_TABLES:
        raise IdentityError(f"身份局人数应为 {MIN_PLAYERS} 到 {MAX_PLAYERS} 人，而不是 {players} 人")
    rows = ROLE_TABLES[players]
    if roles is None or roles in ("standard", "default", "标准"):
        return rows[0]
    if roles in ("alt", "variant", "备选"):
        if len(rows) < 2:
            raise IdentityError(f"{players} 人局没有备选身份配置（只有 6 人局 1/2/2 和 8 人局 2/3/2）")
        return rows[1]
    row: tuple[int, ...]
    if isinstance(roles, str):
        parts = [x.strip() for x in roles.replace("／", "/").split("/")]
        if len(parts) != 3 or not all(x.isdigit() for x in parts):
            raise IdentityError(f"身份配置「{roles}」应写作 忠臣/反贼/内奸 的人数，如 1/2/2，或 alt")
        row = tuple(int(x) for x in parts)
    else:
        row = tuple(roles)
    for r in rows:
        if r == row:
            return r
    allowed = "、".join(_fmt(r) for r in rows)
    raise IdentityError(f"{players} 人局的身份配置（忠臣/反贼/内奸）只能是 {allowed}，而不是 {'/'.join(map(str, row))}")


def candidates_per_player(players: int) -> int:
    """Candidate generals dealt to each non-lord player: 3, or 2 at 10 players."""
    return 2 if players >= 10 else 3


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
    d = Decision(DecisionKind.OPTION, p, "选择武将", tuple([option(g.name) for g in cands]), about="选将")
    return cands[game.ask(d)[0]]


def setup_identity_game(
    pool: Sequence[GeneralSpec],
    players: int,
    seed: int,
    agents: Sequence[Agent] | None = None,
    log_enabled: bool = True,
    generals: Sequence[str] | None = None,
    roles: RoleSpec = None,
    include_ex: bool = False,
    equipment: EquipmentTable | None = None,
    deck_name: str = "标准",
    card_effects: TextEffects | None = None,
) -> Game:
    """Deal roles, generals and starting hands; the returned game is ready to run.

    ``generals`` fixes the general of each seat in order (names from ``pool``;
    no choosing then).  ``roles`` picks the role row (module doc); ``include_ex``
    adds the 4 EX cards to the deck.  ``equipment`` — the equipment effects
    (card name → skill classes, see :class:`Game`), normally the compiled table
    of the skill set ``pool`` comes from (``sgs.compiler.load_pool()``:
    ``.generals`` and ``.equipment``); default: none (no equipment effect is
    hand-written).
    ``deck_name``: ``标准`` or ``军争`` (module doc).  ``card_effects`` — the card
    effects written as text (card name → compiled class, ``load_pool().card_effects``),
    laid over the hand-written ones (:func:`sgs.runtime.effects.card_effects`)."""
    loy, reb, ren = role_counts(players, roles)
    if deck_name not in DECKS:
        raise IdentityError(f"未知牌堆「{deck_name}」；可用：{'、'.join(DECKS)}")
    if len(pool) < players:
        raise IdentityError(f"武将池只有 {len(pool)} 名武将，不够 {players} 人")
    if agents is not None and len(agents) != players:
        raise IdentityError(f"给出了 {len(agents)} 个玩家代理，但有 {players} 个座位")
    fixed_generals: list[GeneralSpec] | None = None
    if generals is not None:
        if len(generals) != players:
            raise IdentityError(f"给出了 {len(generals)} 名武将，但有 {players} 个座位（--generals 的个数须等于人数）")
        by_name = {g.name: g for g in pool}
        unknown = [n for n in generals if n not in by_name]
        if unknown:
            raise IdentityError(f"未知武将：{'、'.join(unknown)}；可用：{'、'.join(by_name)}")
        dup = sorted({n for n in generals if list(generals).count(n) > 1})
        if dup:
            raise IdentityError(f"武将重复：{'、'.join(dup)}（每名武将只能有一人扮演）")
        fixed_generals = [by_name[n] for n in generals]
    rng = random.Random(seed)
    deck = game_deck(deck_name, include_ex)
    draw_pile = list(deck)
    shuffle(rng, draw_pile)
    others = [Role.LOYALIST] * loy + [Role.REBEL] * reb + [Role.RENEGADE] * ren
    shuffle(rng, others)
    roles_by_seat = [Role.LORD] + others
    placeholder = pool[0]
    ps = [
        Player(i + 1, placeholder, roles_by_seat[i], placeholder.max_hp, placeholder.max_hp, placeholder.kingdom, placeholder.gender)
        for i in range(players)
    ]
    ags: list[Agent] = list(agents) if agents is not None else [RandomAgent() for _ in range(players)]
    game = Game(
        ps, ags, deck, rng, draw_pile, identity_victory, log_enabled, card_skills(equipment),
        use_effects(card_effects), resolve_delayed
    )
    table = f"主公1 忠臣{loy} 反贼{reb} 内奸{ren}"
    # a standard game's entry as it always was (logs of standard games stay byte-identical)
    which = {} if deck_name == "标准" else {"deck_name": deck_name}
    game.log_event(
        "开局",
        f"身份局 {players}人（{table}），{len(deck)}张牌{'（含EX）' if include_ex else ''}"
        + (f"（{deck_name}）" if which else "")
        + f"，种子 {seed}",
        players=players,
        seed=seed,
        roles=[loy, reb, ren],
        deck=len(deck),
        ex=include_ex,
        **which,
    )

    if fixed_generals is not None:
        for p, g in zip(ps, fixed_generals):
            apply_general(game, p, g)
    else:
        _deal_generals(game, pool, ps, rng)
    for p in ps:
        game.log_event(
            "选将", f"{game.tag(p)} 体力{p.hp}/{p.max_hp} {p.kingdom.value}", player=p.seat, general=p.general.name
        )
    for p in ps:
        game.draw(p, 4, "起始手牌")
    game.factory = lambda agents: setup_identity_game(
        pool, players, seed, agents, log_enabled, generals, roles, include_ex, equipment, deck_name, card_effects
    )
    game.max_turns = DEFAULT_MAX_TURNS
    game.on_turn_cap = log_turn_cap
    return game


def _deal_generals(game: Game, pool: Sequence[GeneralSpec], ps: list[Player], rng: random.Random) -> None:
    """The lord chooses first (his unchosen candidates return to the pool), then
    every other player chooses from an equal number of random candidates."""
    players = len(ps)
    lord = ps[0]
    fixed = [g for g in pool if g.name in LORD_CANDIDATES]
    rest = [g for g in pool if g.name not in LORD_CANDIDATES]
    shuffle(rng, rest)
    lord_cands = fixed + rest[:LORD_EXTRA_CANDIDATES]
    g = _pick(game, lord, lord_cands)
    apply_general(game, lord, g)
    remaining = [x for x in pool if x is not g]
    shuffle(rng, remaining)
    want = candidates_per_player(players)
    per = min(want, len(remaining) // (players - 1))
    if per < want:
        game.log_event(
            "选将",
            f"武将不足（{len(remaining)}名武将分给{players - 1}名角色），每名其他角色只发{per}张候选武将（应为{want}张）",
            per=per,
            want=want,
            pool=len(remaining),
        )
    for p in ps[1:]:
        cands, remaining = remaining[:per], remaining[per:]
        apply_general(game, p, _pick(game, p, cands))


def turn_limit_text(max_turns: int) -> str:
    """The log line (and CLI message) of a game stopped at the turn cap."""
    return f"达到回合上限（{max_turns} 回合），对局中止，无胜者"


def log_turn_cap(game: Game, max_turns: int) -> None:
    """Log the event ``回合上限`` of a game stopped at the turn cap."""
    game.log_event("回合上限", turn_limit_text(max_turns), max_turns=max_turns)


def run_identity_game(game: Game, max_turns: int | None = DEFAULT_MAX_TURNS) -> None:
    """Run a set-up game to its end, or stop it after ``max_turns`` turns: then the
    log gets the event ``回合上限`` (``达到回合上限（N 回合），对局中止，无胜者``;
    JSON data ``max_turns``) and the game has no winner.  (Driven by
    ``pending``/``respond`` instead, a game set up here stops at
    :data:`DEFAULT_MAX_TURNS` the same way: ``game.max_turns``.)"""
    game.run(max_turns=max_turns)
    if not game.over and max_turns is not None:
        log_turn_cap(game, max_turns)


def play_identity_game(
    pool: Sequence[GeneralSpec],
    players: int,
    seed: int,
    agents: Sequence[Agent] | None = None,
    max_turns: int | None = DEFAULT_MAX_TURNS,
    log_enabled: bool = True,
    generals: Sequence[str] | None = None,
    log_text: bool | None = None,
    roles: RoleSpec = None,
    include_ex: bool = False,
    equipment: EquipmentTable | None = None,
    deck_name: str = "标准",
    card_effects: TextEffects | None = None,
) -> GameResult:
    """Play one whole identity game; ``max_turns`` guards against endless games
    (the result then has ``winner=None`` and the log ends with the ``回合上限`` event,
    :func:`run_identity_game`).  ``generals`` fixes each seat's general;
    ``log_text=False`` (alias of ``log_enabled``) skips rendering log text;
    ``roles`` picks the role row (``"alt"``, ``"1/2/2"`` …); ``include_ex`` adds
    the 4 EX cards; ``equipment``, ``deck_name`` and ``card_effects`` as for
    :func:`setup_identity_game`."""
    if log_text is not None:
        log_enabled = log_text
    game = setup_identity_game(
        pool, players, seed, agents, log_enabled, generals, roles, include_ex, equipment, deck_name, card_effects
    )
    run_identity_game(game, max_turns)
    return result_of(game)
