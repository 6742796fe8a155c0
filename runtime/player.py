"""Players, roles, kingdoms, genders, and the general record emitted modules export."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING

from .cards import Card, CardSubtype

if TYPE_CHECKING:
    from .skills import Skill

__all__ = ["Kingdom", "Gender", "Role", "EquipSlot", "GeneralSpec", "Player", "PlayerView", "JudgeAreaEntry", "DAMAGE_BONUS", "USED"]

#: turn counter key prefix: extra damage of the player's cards of a name this turn (裸衣)
DAMAGE_BONUS = "伤害加成:"
#: turn counter key: f"{USED}{phase}{使用|打出}{name}" — cards of a name the current
#: player used / responded with in a phase of his turn (克己)
USED = "用牌:"


class Kingdom(str, Enum):
    WEI = "魏"
    SHU = "蜀"
    WU = "吴"
    QUN = "群"
    GOD = "神"


class Gender(str, Enum):
    MALE = "男"
    FEMALE = "女"


class Role(str, Enum):
    LORD = "主公"
    LOYALIST = "忠臣"
    REBEL = "反贼"
    RENEGADE = "内奸"


class EquipSlot(str, Enum):
    WEAPON = "武器"
    ARMOR = "防具"
    DEFENSIVE_HORSE = "+1马"
    OFFENSIVE_HORSE = "-1马"


SLOT_OF: dict[CardSubtype, EquipSlot] = {
    CardSubtype.WEAPON: EquipSlot.WEAPON,
    CardSubtype.ARMOR: EquipSlot.ARMOR,
    CardSubtype.DEFENSIVE_HORSE: EquipSlot.DEFENSIVE_HORSE,
    CardSubtype.OFFENSIVE_HORSE: EquipSlot.OFFENSIVE_HORSE,
}


@dataclass(frozen=True, slots=True)
class GeneralSpec:
    """A general (武将) as printed: what emitted modules export in ``GENERALS``.

    ``skills`` are skill classes (one instance per owner is created by the game).
    ``max_hp`` is the printed value; the lord's +1 is added by the mode.
    """

    name: str
    pinyin: str
    kingdom: Kingdom
    max_hp: int
    gender: Gender
    skills: tuple[type[Skill], ...] = ()
    package: str = "标准"

    def without_skills(self) -> GeneralSpec:
        """The same general with no skills (benchmarks, rule tests)."""
        return GeneralSpec(self.name, self.pinyin, self.kingdom, self.max_hp, self.gender, (), self.package)


@dataclass(slots=True)
class JudgeAreaEntry:
    """A delayed trick in a judge area: the physical card and what it counts as."""

    card: Card
    name_as: str  # CardName value the card is treated as (乐不思蜀 / 闪电)


@dataclass(eq=False)
class Player:
    """One seat at the table.  Read-only for skills: change state via actions.

    Queries (all cheap): ``hp``, ``max_hp``, ``lost_hp``, ``is_wounded``,
    ``hand_count``, ``kingdom``, ``gender``, ``alive``, ``seat`` (1-based),
    ``role``, ``is_lord``, ``hand`` (list of cards), ``equips`` (slot → card),
    ``judge_area`` (last placed last), ``skills``, ``dying``, ``chained``.
    """

    seat: int
    general: GeneralSpec
    role: Role
    hp: int
    max_hp: int
    kingdom: Kingdom
    gender: Gender
    alive: bool = True
    dying: bool = False
    #: 横置 (连环状态, 铁索连环): elemental damage to him is conducted to the other chained
    chained: bool = False
    role_revealed: bool = False
    #: 叠置 (face down): the player's next turn is skipped, and the card turned face up
    #: instead (runtime.flows.turn.run_turn)
    face_down: bool = False
    hand: list[Card] = field(default_factory=list)
    equips: dict[EquipSlot, Card] = field(default_factory=dict)
    judge_area: list[JudgeAreaEntry] = field(default_factory=list)
    skills: list[Skill] = field(default_factory=list)
    #: per-phase counters (reset when any phase of any player begins); keys are
    #: free strings, e.g. ``"杀"`` (杀 used), ``"给出"`` (cards given), skill names.
    phase_counters: dict[str, int] = field(default_factory=dict)
    #: per-turn counters (reset at the start of every turn).
    turn_counters: dict[str, int] = field(default_factory=dict)
    #: per-game marks (限定技 used, 觉醒技 woken, free use by skills).
    marks: dict[str, int] = field(default_factory=dict)
    #: cards on the general card (武将牌上, public), per pile: the name of the skill
    #: that put them there (不屈), in the order they came
    piles: dict[str, list[Card]] = field(default_factory=dict)
    #: :attr:`tag`'s text and what it was made of (seat, general)
    _tag: tuple[int, GeneralSpec | None, str] = field(default=(0, None, ""), init=False, repr=False, compare=False)
    #: this player as decisions show him to agents (read-only; made once)
    view: PlayerView = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.view = PlayerView(self)

    @property
    def name(self) -> str:
        return self.general.name

    @property
    def lost_hp(self) -> int:
        return self.max_hp - self.hp

    @property
    def is_wounded(self) -> bool:
        return self.hp < self.max_hp

    @property
    def hand_count(self) -> int:
        return len(self.hand)

    # (members read from module constants: an enum class attribute is a slow lookup)

    @property
    def is_lord(self) -> bool:
        return self.role is _LORD

    @property
    def weapon(self) -> Card | None:
        return self.equips.get(_WEAPON)

    @property
    def armor(self) -> Card | None:
        return self.equips.get(_ARMOR)

    def equip_cards(self) -> list[Card]:
        """Equipment in slot order (weapon, armor, +1, -1)."""
        equips = self.equips
        out: list[Card] = []
        if equips:
            for s in _SLOTS:  # (a loop: a comprehension is a function call in Python 3.11)
                if s in equips:
                    out.append(equips[s])
        return out

    def cards_in(self, hand: bool = True, equip: bool = False, judge: bool = False) -> list[Card]:
        out: list[Card] = []
        if hand:
            out.extend(self.hand)
        if equip:
            out.extend(self.equip_cards())
        if judge:
            out.extend(e.card for e in self.judge_area)
        return out

    def card_count(self, hand: bool = True, equip: bool = False, judge: bool = False) -> int:
        n = len(self.hand) if hand else 0
        if equip:
            n += len(self.equips)
        if judge:
            n += len(self.judge_area)
        return n

    def has_skill(self, name: str) -> bool:
        return any(s.name == name for s in self.skills)

    def phase_count(self, key: str) -> int:
        return self.phase_counters.get(key, 0)

    def turn_count(self, key: str) -> int:
        return self.turn_counters.get(key, 0)

    @property
    def tag(self) -> str:
        """``2号位 关羽`` — how logs name a player."""
        seat, general, text = self._tag
        if seat == self.seat and general is self.general:
            return text
        text = f"{self.seat}号位 {self.general.name}"
        self._tag = (self.seat, self.general, text)
        return text

    def __repr__(self) -> str:
        return f"<{self.tag} hp={self.hp}/{self.max_hp}>"


class PlayerView:
    """A :class:`Player` as a :class:`~sgs.runtime.decisions.Decision` shows him to the
    agent deciding (``decision.player``): his seat and public numbers, read live from
    the game, nothing to assign and no object of the game (his hand, skills and role
    are in the agent's :class:`~sgs.runtime.observation.SeatView`).  Each property is
    the Player's own, so the two never disagree.  Python cannot forbid walking
    internals (``view._p``); the public surface is what is promised."""

    __slots__ = ("_p",)

    def __init__(self, player: Player) -> None:
        self._p = player

    @property
    def seat(self) -> int:
        return self._p.seat

    @property
    def tag(self) -> str:
        return self._p.tag

    @property
    def name(self) -> str:
        return self._p.name

    @property
    def general(self) -> GeneralSpec:
        return self._p.general

    @property
    def kingdom(self) -> Kingdom:
        return self._p.kingdom

    @property
    def gender(self) -> Gender:
        return self._p.gender

    @property
    def alive(self) -> bool:
        return self._p.alive

    @property
    def dying(self) -> bool:
        return self._p.dying

    @property
    def hp(self) -> int:
        return self._p.hp

    @property
    def max_hp(self) -> int:
        return self._p.max_hp

    @property
    def lost_hp(self) -> int:
        return self._p.lost_hp

    @property
    def is_wounded(self) -> bool:
        return self._p.is_wounded

    @property
    def hand_count(self) -> int:
        return self._p.hand_count

    @property
    def chained(self) -> bool:
        return self._p.chained

    @property
    def face_down(self) -> bool:
        return self._p.face_down

    def __repr__(self) -> str:
        return f"<view of {self._p.tag}>"


_LORD = Role.LORD
_WEAPON = EquipSlot.WEAPON
_ARMOR = EquipSlot.ARMOR
_SLOTS = tuple(EquipSlot)
