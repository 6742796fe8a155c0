"""Cards: physical cards of the deck, virtual (converted / 视为) cards, the deck loader.

* :class:`Card` — one physical card.  ``id`` is stable: the 0-based row index of
  the card in ``data/cards_standard.tsv`` (EX rows included; 0–107), then the rows of
  ``data/cards_maneuvering.tsv`` (军争; 108–159), so the same id always denotes the
  same card in logs and tests.
* :data:`DECKS` / :func:`game_deck` — the decks a game may be played with: ``标准``
  (the 104 标准版 cards, 108 with EX) and ``军争`` (标准版 + EX + the 52 军争 cards: 160).
* :class:`VirtualCard` — a card that exists only for one use/response: produced by a
  view-as skill (武圣: a red card as 杀) or by 视为.  It takes suit, number and colour
  from its subcards (several subcards of different colours give no colour; no
  subcards give no suit and no colour).
* ``AnyCard = Card | VirtualCard``; both offer ``name``, ``suit``, ``number``,
  ``color``, ``type``, ``subtype``, ``label`` and ``physical()``.

Labels: ``杀♠7``, ``闪♥2``, ``桃♥Q`` (A, J, Q, K for 1, 11, 12, 13); virtual
cards render as ``杀(武圣:闪♥2)`` or ``杀(视为)``.
"""

from __future__ import annotations

import csv
from dataclasses import dataclass, field
from enum import Enum
from importlib import resources
from typing import Union

__all__ = [
    "Suit",
    "Color",
    "CardType",
    "CardSubtype",
    "CardName",
    "Nature",
    "Card",
    "VirtualCard",
    "AnyCard",
    "number_label",
    "card_kind",
    "load_cards",
    "standard_deck",
    "game_deck",
    "DECKS",
    "CARD_KEYS",
]


class Color(str, Enum):
    RED = "红色"
    BLACK = "黑色"
    NONE = "无色"


class Suit(str, Enum):
    SPADE = "黑桃"
    HEART = "红桃"
    CLUB = "梅花"
    DIAMOND = "方块"
    NONE = "无花色"

    @property
    def symbol(self) -> str:
        return _SUIT_SYMBOL[self]

    @property
    def color(self) -> Color:
        return _COLOR_OF[self]


_SUIT_SYMBOL = {Suit.SPADE: "♠", Suit.HEART: "♥", Suit.CLUB: "♣", Suit.DIAMOND: "♦", Suit.NONE: ""}
_COLOR_OF = {
    Suit.HEART: Color.RED,
    Suit.DIAMOND: Color.RED,
    Suit.SPADE: Color.BLACK,
    Suit.CLUB: Color.BLACK,
    Suit.NONE: Color.NONE,
}


class CardType(str, Enum):
    BASIC = "基本"
    TRICK = "锦囊"
    EQUIP = "装备"


class CardSubtype(str, Enum):
    NONE = ""
    NORMAL_TRICK = "普通锦囊"
    DELAYED_TRICK = "延时锦囊"
    WEAPON = "武器"
    ARMOR = "防具"
    DEFENSIVE_HORSE = "+1马"
    OFFENSIVE_HORSE = "-1马"


class Nature(str, Enum):
    """Damage nature: normal, 火焰 fire, 雷电 thunder."""

    NORMAL = "普通"
    FIRE = "火焰"
    THUNDER = "雷电"


class CardName(str, Enum):
    """Card names: identifier from GLOSSARY.md, value the printed Chinese name."""

    SLASH = "杀"
    FIRE_SLASH = "火杀"
    THUNDER_SLASH = "雷杀"
    JINK = "闪"
    PEACH = "桃"
    ANALEPTIC = "酒"
    DUEL = "决斗"
    DISMANTLEMENT = "过河拆桥"
    SNATCH = "顺手牵羊"
    ARCHERY_ATTACK = "万箭齐发"
    SAVAGE_ASSAULT = "南蛮入侵"
    EX_NIHILO = "无中生有"
    AMAZING_GRACE = "五谷丰登"
    GOD_SALVATION = "桃园结义"
    COLLATERAL = "借刀杀人"
    NULLIFICATION = "无懈可击"
    INDULGENCE = "乐不思蜀"
    LIGHTNING = "闪电"
    SUPPLY_SHORTAGE = "兵粮寸断"
    IRON_CHAIN = "铁索连环"
    FIRE_ATTACK = "火攻"
    CROSSBOW = "诸葛连弩"
    QINGGANG_SWORD = "青釭剑"
    DOUBLE_SWORD = "雌雄双股剑"
    AXE = "贯石斧"
    BLADE = "青龙偃月刀"
    SPEAR = "丈八蛇矛"
    HALBERD = "方天画戟"
    KYLIN_BOW = "麒麟弓"
    ICE_SWORD = "寒冰剑"
    GUDING_BLADE = "古锭刀"
    FAN = "朱雀羽扇"
    EIGHT_DIAGRAM = "八卦阵"
    RENWANG_SHIELD = "仁王盾"
    VINE = "藤甲"
    SILVER_LION = "白银狮子"
    JUEYING = "绝影"
    DILU = "的卢"
    ZHUAHUANGFEIDIAN = "爪黄飞电"
    HUALIU = "骅骝"
    CHITU = "赤兔"
    DAYUAN = "大宛"
    ZIXING = "紫骍"

    @property
    def key(self) -> str:
        """The GLOSSARY identifier (``slash``, ``jink`` …)."""
        return self.name.lower()


CARD_KEYS: dict[str, CardName] = {n.key: n for n in CardName}

_SLASH_NAMES = frozenset({CardName.SLASH, CardName.FIRE_SLASH, CardName.THUNDER_SLASH})
#: a name's ``.value`` (an enum's value is a slow property to read)
_NAME_VALUE = {n: n.value for n in CardName}


def number_label(number: int) -> str:
    """``1 → A``, ``11 → J``, ``12 → Q``, ``13 → K``, ``0 → ''``, else the digits."""
    return {0: "", 1: "A", 11: "J", 12: "Q", 13: "K"}.get(number, str(number))


@dataclass(eq=False, slots=True)
class Card:
    """One physical card.  Identity is the object (and ``id``); never copied."""

    id: int
    name: CardName
    suit: Suit
    number: int
    type: CardType
    subtype: CardSubtype
    package: str
    attack_range: int = 0
    nature: Nature = Nature.NORMAL
    label: str = field(default="", init=False)

    def __post_init__(self) -> None:
        self.label = f"{self.name.value}{self.suit.symbol}{number_label(self.number)}"

    @property
    def color(self) -> Color:
        return self.suit.color

    @property
    def is_virtual(self) -> bool:
        return False

    @property
    def is_slash(self) -> bool:
        """True for 杀 of any nature (杀/火杀/雷杀)."""
        return self.name in _SLASH_NAMES

    def physical(self) -> tuple[Card, ...]:
        """The physical cards behind this card: itself."""
        return (self,)

    def __repr__(self) -> str:
        return f"<{self.label}#{self.id}>"


@dataclass(eq=False, slots=True)
class VirtualCard:
    """A card viewed as another (转化/视为).  ``skill`` names the producing skill."""

    name: CardName
    subcards: tuple[Card, ...] = ()
    skill: str = ""
    type: CardType = CardType.BASIC
    subtype: CardSubtype = CardSubtype.NONE
    nature: Nature = Nature.NORMAL
    #: put face down and declared (蛊惑): the log shows no subcard until it is revealed
    face_down: bool = False

    @property
    def suit(self) -> Suit:
        if len(self.subcards) == 1:
            return self.subcards[0].suit
        return Suit.NONE

    @property
    def number(self) -> int:
        if len(self.subcards) == 1:
            return self.subcards[0].number
        return 0

    @property
    def color(self) -> Color:
        colors = {c.color for c in self.subcards}
        if len(colors) == 1:
            return colors.pop()
        return Color.NONE

    @property
    def is_virtual(self) -> bool:
        return True

    @property
    def is_slash(self) -> bool:
        return self.name in _SLASH_NAMES

    @property
    def attack_range(self) -> int:
        return 0

    @property
    def label(self) -> str:
        name = _NAME_VALUE[self.name]
        if not self.subcards:
            return f"{name}({self.skill or '视为'})"
        if self.face_down:
            return f"{name}({self.skill}:扣置)"
        inner = "+".join([c.label for c in self.subcards])
        tag = f"{self.skill}:" if self.skill else ""
        return f"{name}({tag}{inner})"

    def physical(self) -> tuple[Card, ...]:
        return self.subcards

    def __repr__(self) -> str:
        return f"<{self.label}>"


AnyCard = Union[Card, VirtualCard]

_SUITS = {s.value: s for s in Suit}
_NATURE = {"": Nature.NORMAL, "火": Nature.FIRE, "雷": Nature.THUNDER}


_BASIC_KIND = (CardType.BASIC, CardSubtype.NONE)


def card_kind(name: CardName) -> tuple[CardType, CardSubtype]:
    """Type and subtype that a card of this name has (for virtual cards)."""
    return _KIND.get(name, _BASIC_KIND)


_KIND: dict[CardName, tuple[CardType, CardSubtype]] = {}


_RowSpec = tuple[CardName, Suit, int, CardType, CardSubtype, str, int, Nature]
#: file name → its parsed rows (the table files ship with the package and never
#: change while it runs; parsing them was ~5% of a 5-player game)
_ROWS: dict[str, tuple[_RowSpec, ...]] = {}


def _rows(filename: str) -> tuple[_RowSpec, ...]:
    rows = _ROWS.get(filename)
    if rows is None:
        text = resources.files("sgs.runtime").joinpath("data", filename).read_text(encoding="utf-8")
        parsed: list[_RowSpec] = []
        for row in csv.DictReader(text.splitlines(), delimiter="\t"):
            name = CardName(row["name"])
            ctype = CardType(row["type"])
            sub = CardSubtype(row["subtype"] or "")
            _KIND.setdefault(name, (ctype, sub))
            parsed.append(
                (
                    name,
                    _SUITS[row["suit"]],
                    int(row["number"]),
                    ctype,
                    sub,
                    row["package"],
                    int(row["attack_range"] or 0),
                    _NATURE[row.get("nature") or ""],
                )
            )
        rows = _ROWS[filename] = tuple(parsed)
    return rows


def load_cards(filename: str = "cards_standard.tsv", first_id: int = 0) -> list[Card]:
    """All rows of a card table in ``runtime/data`` as fresh cards; ``id`` = ``first_id``
    + row index.  The file is parsed once per process."""
    return [
        Card(first_id + i, name, suit, number, ctype, sub, package, attack_range, nature)
        for i, (name, suit, number, ctype, sub, package, attack_range, nature) in enumerate(_rows(filename))
    ]


#: the card tables in id order: file, the package names it holds
_TABLES = (("cards_standard.tsv", ("标准版", "EX")), ("cards_maneuvering.tsv", ("军争",)))

#: deck name → the packages its cards come from (``标准`` with ``include_ex`` adds ``EX``)
DECKS: dict[str, tuple[str, ...]] = {"标准": ("标准版",), "军争": ("标准版", "EX", "军争")}

_ALL: list[Card] = []


def _all_cards() -> list[Card]:
    """Every card of every table, made once per process (ids in :data:`_TABLES` order)."""
    if not _ALL:
        for filename, _ in _TABLES:
            _ALL.extend(load_cards(filename, len(_ALL)))
    return _ALL


_DECKS: dict[tuple[str, ...], tuple[Card, ...]] = {}


def game_deck(deck: str = "标准", include_ex: bool = False) -> list[Card]:
    """The cards of deck ``deck`` (:data:`DECKS`; ``include_ex`` adds the 4 EX cards to
    ``标准``): a new list of the process's card objects for that deck, in id order.
    Cards are never changed once made (a game keeps where each one is in its own
    tables), so games share them — also a game and its clone.  ``KeyError`` for an
    unknown deck name."""
    packages = DECKS[deck]
    if include_ex and "EX" not in packages:
        packages = (*packages, "EX")
    cards = _DECKS.get(packages)
    if cards is None:
        cards = _DECKS[packages] = tuple(c for c in _all_cards() if c.package in packages)
    return list(cards)


def standard_deck(include_ex: bool = False) -> list[Card]:
    """The 104-card 标准版 deck, plus the 4 EX cards if asked (:func:`game_deck`)."""
    return game_deck("标准", include_ex)


_all_cards()  # fill the name → kind table once
