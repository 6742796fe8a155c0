"""Zones (区域) a physical card can be in, and why cards move."""

from __future__ import annotations

from enum import Enum

__all__ = ["Zone", "CardZone", "MoveReason"]


class Zone(str, Enum):
    """Where one physical card is.  Every deck card is in exactly one zone."""

    HAND = "手牌"
    EQUIP = "装备区"
    JUDGE = "判定区"
    DRAW_PILE = "牌堆"
    DISCARD_PILE = "弃牌堆"
    PROCESSING = "处理区"
    #: on a player's general card (武将牌上), in a pile named by the skill that put the
    #: cards there (不屈); public
    GENERAL = "武将牌上"


class CardZone(str, Enum):
    """Which of a player's own areas a skill may take cards from.

    ``HAND`` = 手牌, ``HAND_EQUIP`` = 牌 (hand + equipment), ``EQUIP`` = 装备区里的牌,
    ``ALL`` = 区域里的牌 (hand + equipment + judge area, e.g. 过河拆桥).
    """

    HAND = "手牌"
    HAND_EQUIP = "牌"
    EQUIP = "装备区里的牌"
    ALL = "区域里的牌"

    @property
    def hand(self) -> bool:
        return self is not _EQUIP

    @property
    def equip(self) -> bool:
        return self is not _HAND

    @property
    def judge(self) -> bool:
        return self is _ALL


# module constants: an enum class attribute is a slow lookup, and these are asked often
_HAND, _EQUIP, _ALL = CardZone.HAND, CardZone.EQUIP, CardZone.ALL


class MoveReason(str, Enum):
    DRAW = "摸牌"
    USE = "使用"
    RESPOND = "打出"
    DISCARD = "弃置"
    OBTAIN = "获得"
    GIVE = "交给"
    EQUIP = "装备"
    JUDGE = "判定"
    PUT = "置入"
    DEATH = "死亡弃置"
    RETRIAL = "改判"
    REVEAL = "亮出"
    RESHUFFLE = "洗牌"
    RECAST = "重铸"
