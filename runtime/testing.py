"""Build a game from an explicit table — how tests and scenario files set up a position.

Example::

    from sgs.runtime.testing import SeatSpec, build_game, run_table
    game = build_game(
        [
            SeatSpec("关羽", role="主公", hand=["杀♥K"], answers=["杀♥K", "2"]),
            SeatSpec("吕布", role="反贼", hp=2, hand=["闪♥2"], equips=["八卦阵♠2"]),
        ],
        draw_pile=["桃♥Q", "闪♦2"],     # top of the draw pile first
        current=1, phase=Phase.PLAY, seed=7,
    )
    result = run_table(game, turns=1)   # just the current turn
    assert result.player(2).hp == 1

* ``general`` — a :class:`GeneralSpec` (compiled, with skills) or a name from
  ``data/generals.tsv`` (then skill-less; ``skills=`` adds skill classes).
* ``role`` — :class:`Role` or its Chinese value; victory uses the identity rules.
* ``hp`` / ``max_hp`` — default: the printed max hp, +1 for the lord; an ``hp`` above
  the max hp without a ``max_hp`` is a :class:`TableError` (never a silent raise).
* cards are labels (``杀♠7``) or bare names (``杀`` = the first unused card of
  that name in deck order); each physical card can be placed once.  ``judge``
  entries are delayed tricks (乐不思蜀, 闪电 …), or read ``label@乐不思蜀`` to place
  any card as a delayed trick (国色); one judge area holds at most one delayed trick
  of each name.
* ``distinct_generals=True`` refuses two seats with the same general (identity
  mode deals each general once; scenario files ask for it); the default allows
  it, for unit tests of the rules that seat two skill-less 关羽.
* ``draw_pile`` — the top of the draw pile in order; all other deck cards are
  shuffled by ``seed`` below them.  ``discard_pile`` — cards placed there.
* ``answers`` — a :class:`ScriptedAgent` queue for that seat (see agents.py for the
  label conventions); or pass ``agent=`` (e.g. ``RandomAgent()``).
* ``current`` — the seat whose turn it is; ``phase`` — the phase the turn starts at.
* ``alive=False`` seats are dead from the start: their role is known (as after a
  death), they hold no cards (placing any is a :class:`TableError`), and no one asks
  them anything (a verdict-only table may even make the current seat dead; scenario
  files refuse it).
* ``equipment`` — the game's equipment effects (card name → skill classes, see
  :class:`~sgs.runtime.game.Game`); default: none.  A table relying on the compiled
  cards (诸葛连弩, 仁王盾, the horses …) passes them, e.g.
  ``equipment=sgs.compiler.load_pool().equipment``.
* ``card_effects`` — the card effects written as text (card name → compiled class,
  ``load_pool().card_effects``) over the hand-written ones; a table that uses
  桃, 无中生有, 桃园结义, 过河拆桥, 顺手牵羊, 南蛮入侵, 万箭齐发, 决斗 or 五谷丰登 passes them.
"""

from __future__ import annotations

import difflib
import random
from dataclasses import dataclass, field
from typing import Sequence

from .agents import Agent, ScriptedAgent
from .cards import Card, CardName, CardSubtype, card_kind, game_deck
from .effects import TextEffects, card_skills, resolve_delayed
from .effects import card_effects as use_effects
from .flows.hp import HP_PILES
from .game import EquipmentTable, Game
from .generals import load_generals
from .modes.identity import apply_general, identity_victory
from .player import GeneralSpec, Player, Role
from .result import GameResult, result_of
from .shuffle import shuffle
from .skills import Skill
from .timing import Phase
from .zones import Zone

__all__ = ["SeatSpec", "build_game", "run_table", "find_general", "TableError"]


class TableError(ValueError):
    """The table cannot be built (unknown general, card not in the deck, a position
    that cannot happen …).  ``seat`` (1-based; None: not a seat's), ``field`` (the
    :class:`SeatSpec` field — ``general``, ``hand``, ``equips``, ``judge`` — or
    ``draw_pile`` / ``discard_pile``) and ``index`` (in that list) say where."""

    def __init__(self, message: str, seat: int | None = None, field: str = "", index: int | None = None) -> None:
        super().__init__(message)
        self.seat, self.field, self.index = seat, field, index


@dataclass
class SeatSpec:
    general: GeneralSpec | str
    role: Role | str = Role.REBEL
    hp: int | None = None
    max_hp: int | None = None
    hand: Sequence[str] = ()
    equips: Sequence[str] = ()
    judge: Sequence[str] = ()
    answers: Sequence[str] = ()
    agent: Agent | None = None
    skills: Sequence[type[Skill]] = ()
    alive: bool = True
    extra: dict[str, int] = field(default_factory=dict)
    #: 横置 at the start (铁索连环)
    chained: bool = False
    #: cards on the general card (武将牌上): ``杀♠5@不屈`` (the pile: the skill that keeps
    #: it) or ``杀♠5`` (the pile of the general's only skill); below 1 hp they stand for
    #: the hp below 1 (不屈), and ``hp`` may be as low as ``1 - len(on_general)``
    on_general: Sequence[str] = ()


def find_general(name: str) -> GeneralSpec:
    for pkg in ("标准", "风"):
        for g in load_generals(pkg):
            if g.name == name:
                return g
    raise TableError(f"未知武将「{name}」")


class _CardBank:
    def __init__(self, deck: list[Card]) -> None:
        self.all = list(deck)
        self.free = list(deck)

    def take(self, spec: str, seat: int | None = None, field: str = "", index: int | None = None) -> Card:
        for c in self.free:
            if c.label == spec or c.name.value == spec:
                self.free.remove(c)
                return c
        where = f"{seat}号位：" if seat is not None else ""
        if any(c.label == spec or c.name.value == spec for c in self.all):
            raise TableError(f"{where}牌堆里已经没有未放置的「{spec}」（每张实体牌只能放一次）", seat, field, index)
        close = difflib.get_close_matches(spec, sorted({c.label for c in self.all}), n=1, cutoff=0.5)
        hint = f"（是否想写「{close[0]}」？）" if close else ""
        raise TableError(f"{where}牌堆里没有「{spec}」{hint}（写法如 杀♠7、闪♥2，或只写牌名如 桃）", seat, field, index)


def _delayed_names() -> set[str]:
    """Names of the delayed tricks (乐不思蜀, 闪电 …): what a judge area can hold."""
    return {n.value for n in CardName if card_kind(n)[1] is CardSubtype.DELAYED_TRICK}


def build_game(
    seats: Sequence[SeatSpec],
    draw_pile: Sequence[str] = (),
    discard_pile: Sequence[str] = (),
    current: int = 1,
    phase: Phase | None = None,
    seed: int = 0,
    include_ex: bool = False,
    log_enabled: bool = True,
    equipment: EquipmentTable | None = None,
    distinct_generals: bool = False,
    deck_name: str = "标准",
    card_effects: TextEffects | None = None,
) -> Game:
    """Build a :class:`Game` in the given position (see module doc); raises
    :class:`TableError` when the table cannot be built."""
    if len(seats) < 2:
        raise TableError("牌桌至少要有 2 个座位")
    rng = random.Random(seed)
    deck = game_deck(deck_name, include_ex)
    bank = _CardBank(deck)
    delayed = _delayed_names()
    players: list[Player] = []
    specs: list[tuple[SeatSpec, GeneralSpec]] = []
    seated: dict[str, int] = {}
    for i, s in enumerate(seats):
        try:
            g = find_general(s.general) if isinstance(s.general, str) else s.general
        except TableError as exc:
            raise TableError(f"{i + 1}号位：{exc}", i + 1, "general") from None
        if distinct_generals and g.name in seated:
            raise TableError(
                f"{i + 1}号位：武将「{g.name}」已在{seated[g.name]}号位（身份局每名武将只能有一人扮演）", i + 1, "general"
            )
        seated[g.name] = i + 1
        if s.skills:
            g = GeneralSpec(g.name, g.pinyin, g.kingdom, g.max_hp, g.gender, g.skills + tuple(s.skills), g.package)
        role = s.role if isinstance(s.role, Role) else Role(s.role)
        players.append(Player(i + 1, g, role, g.max_hp, g.max_hp, g.kingdom, g.gender))
        specs.append((s, g))
    agents: list[Agent] = [s.agent if s.agent is not None else ScriptedAgent(s.answers) for s in seats]
    game = Game(
        players, agents, deck, rng, [], identity_victory, log_enabled, card_skills(equipment),
        use_effects(card_effects), resolve_delayed
    )
    game.loc.clear()
    placed: list[tuple[Card, Zone, Player | None, str]] = []
    for p, (s, g) in zip(players, specs):
        apply_general(game, p, g, hp=s.hp, max_hp=s.max_hp)
        if s.hp is not None and s.max_hp is None and s.hp > p.max_hp:
            # a table never raises a max hp behind the author's back: say what to write
            lord = "（主公 +1）" if p.role is Role.LORD else ""
            raise TableError(
                f"{p.seat}号位：体力 {s.hp} 超过了「{g.name}」的体力上限 {p.max_hp}{lord}；"
                f"要更高的上限就同时写 max_hp = {s.hp}",
                p.seat,
                "hp",
            )
        p.alive = s.alive
        p.chained = s.chained
        game.alive_changed()
        if not s.alive:
            p.role_revealed = True  # as a death reveals it
            held = next(((f, lst) for f, lst in (("hand", s.hand), ("equips", s.equips), ("judge", s.judge),
                                                  ("on_general", s.on_general)) if lst), None)
            if held is not None:
                raise TableError(f"{p.seat}号位开局前已阵亡，不能有牌（{'、'.join(held[1])}）", p.seat, held[0], 0)
        for k, lab in enumerate(s.hand):
            placed.append((bank.take(lab, p.seat, "hand", k), Zone.HAND, p, ""))
        for k, lab in enumerate(s.equips):
            c = bank.take(lab, p.seat, "equips", k)
            if c.type.value != "装备":
                raise TableError(f"{p.seat}号位：{lab} 不是装备牌", p.seat, "equips", k)
            if any(e.subtype == c.subtype for e, *_ in (x for x in placed if x[1] is Zone.EQUIP and x[2] is p)):
                raise TableError(f"{p.seat}号位：装备区已有一张{c.subtype.value}，不能再放 {lab}", p.seat, "equips", k)
            placed.append((c, Zone.EQUIP, p, ""))
        in_judge: set[str] = set()
        for k, lab in enumerate(s.judge):
            base, at, as_name = lab.partition("@")
            c = bank.take(base, p.seat, "judge", k)
            name = as_name if at else c.name.value
            if name not in delayed:
                what = f"「{as_name}」不是延时锦囊" if at else f"{lab} 不是延时锦囊牌"
                raise TableError(
                    f"{p.seat}号位：判定区只能放延时锦囊（{'、'.join(sorted(delayed))}），{what}"
                    f"；要把其他牌当延时锦囊放置，写作「{base}@乐不思蜀」",
                    p.seat, "judge", k,
                )
            if name in in_judge:
                raise TableError(f"{p.seat}号位：判定区已有一张【{name}】，同名的延时锦囊不能再放 {lab}", p.seat, "judge", k)
            in_judge.add(name)
            placed.append((c, Zone.JUDGE, p, name))
        skill_names = [sk.name for sk in g.skills]
        for k, lab in enumerate(s.on_general):
            base, at, named = lab.partition("@")
            c = bank.take(base, p.seat, "on_general", k)
            if not at and len(skill_names) != 1:
                raise TableError(
                    f"{p.seat}号位：「{g.name}」有{len(skill_names)}个技能，写明牌在哪个技能的牌堆上，如「{base}@{skill_names[0] if skill_names else '不屈'}」",
                    p.seat, "on_general", k,
                )
            pile_name = named if at else skill_names[0]
            if pile_name not in skill_names:
                close = difflib.get_close_matches(pile_name, skill_names, n=1, cutoff=0.4)
                hint = f"（是否想写「{close[0]}」？）" if close else ""
                raise TableError(f"{p.seat}号位：「{g.name}」没有技能「{pile_name}」{hint}；可用：{'、'.join(skill_names) or '无'}",
                                 p.seat, "on_general", k)
            placed.append((c, Zone.GENERAL, p, pile_name))
        if s.on_general and p.hp < 1:
            if p.hp < 1 - len(s.on_general):
                raise TableError(f"{p.seat}号位：体力 {p.hp} 低于1的每1点须有一张武将牌上的牌（现有 {len(s.on_general)} 张）",
                                 p.seat, "hp")
            for name in {e.partition("@")[2] or skill_names[0] for e in s.on_general}:
                p.marks[HP_PILES + name] = 1  # they stand for his hp below 1 (不屈: a recovery gives them back)
    top = [bank.take(lab, None, "draw_pile", k) for k, lab in enumerate(draw_pile)]
    disc = [bank.take(lab, None, "discard_pile", k) for k, lab in enumerate(discard_pile)]
    rest = list(bank.free)
    shuffle(rng, rest)
    pile = rest + list(reversed(top))
    for c in pile:
        game.loc[c.id] = (Zone.DRAW_PILE, None)
    game.draw_pile.extend(pile)
    for c in disc:
        game.loc[c.id] = (Zone.DISCARD_PILE, None)
        game.discard_pile.append(c)
    for c, zone, owner, as_name in placed:
        if zone is Zone.GENERAL:
            game._add(c, zone, owner, pile=as_name)
        else:
            game._add(c, zone, owner, as_name)
    cur = players[current - 1]
    game.current = cur
    game._start_phase = phase
    game._started = True
    game.log_event(
        "牌局",
        "按牌桌构建：" + "；".join(f"{game.tag(p)} " + (f"体力{p.hp}/{p.max_hp}" if p.alive else "已阵亡") for p in players),
    )

    def rebuild(agents: Sequence[Agent]) -> Game:
        g = build_game(
            seats, draw_pile, discard_pile, current, phase, seed, include_ex, log_enabled, equipment, distinct_generals,
            deck_name, card_effects,
        )
        g.agents = list(agents)
        return g

    game.factory = rebuild
    return game


def run_table(game: Game, turns: int | None = 1, until: Phase | None = None) -> GameResult:
    """Run ``turns`` turns (default: finish the current turn; None: until the game
    ends) and return the final state; ``until``: stop as soon as that phase first
    ends (its 结束时 window done), whoever's turn it is, within those turns —
    ``game.stop_after`` is None afterwards if it stopped there."""
    game.stop_after = until
    game.run(max_turns=turns)
    return result_of(game)
