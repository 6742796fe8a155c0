"""The containers: a skill line, a general, a card declaration, a package (.sgs file).

:class:`Skill` (name, pinyin, tags, abilities), :class:`General` (武将 line and its
skills), :class:`CardDecl` (装备 / 锦囊 declaration and its effect lines), :class:`Package` (the
file).  Seam: the roots the front end returns and the back ends walk down from.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..diagnostics import Span
from .base import Tag, CardWord
from .abilities import Ability

__all__ = ["Skill", "General", "CardDecl", "Package", "TRICK_SUBTYPES", "BASIC"]

#: the subtypes of a 锦囊 declaration
TRICK_SUBTYPES = frozenset({"普通锦囊", "延时锦囊"})
#: the subtype of a basic card's declaration (基本 桃: no subtype written)
BASIC = "基本"


@dataclass(frozen=True, slots=True)
class Skill:
    """A skill line.  Fields: ``name`` (Chinese), ``pinyin`` (validated identifier),
    ``tags`` (sorted tuple of :class:`Tag`), ``abilities``, ``text`` (the whole
    description as written after normalisation), ``span`` (the line), ``name_span``."""

    name: str
    pinyin: str
    tags: tuple[Tag, ...]
    abilities: tuple[Ability, ...]
    text: str
    span: Span
    name_span: Span
    #: read by the register grammar (the sentence grammar rejected the line): what the
    #: back end cannot compile of it is W0701/E0503 (capability), never an error
    register: bool = False

    @property
    def compulsory(self) -> bool:
        return Tag.COMPULSORY in self.tags

    @property
    def lord(self) -> bool:
        return Tag.LORD in self.tags


@dataclass(frozen=True, slots=True)
class General:
    """A 武将 line and its skills.  Fields: ``name``, ``pinyin``, ``kingdom`` (魏 …),
    ``max_hp``, ``gender`` (男/女), ``skills``, ``span`` (the 武将 line)."""

    name: str
    pinyin: str
    kingdom: str
    max_hp: int
    gender: str
    skills: tuple[Skill, ...]
    span: Span


@dataclass(frozen=True, slots=True)
class CardDecl:
    """A card declaration (装备 诸葛连弩 武器 攻击范围1 / 锦囊 无中生有 普通锦囊 / 基本 桃) and
    its effect lines.  Fields: ``names`` (the card names declared together, e.g. the four
    +1马), ``subtype`` (武器/防具/+1马/-1马, 普通锦囊/延时锦囊, or 基本), ``attack_range``
    (weapons; None if not written), ``skills`` (equipment: the effects granted to the
    holder while the card is equipped; a trick: its effect on each target),
    ``span`` (the declaration line)."""

    names: tuple[CardWord, ...]
    subtype: str
    attack_range: int | None
    skills: tuple[Skill, ...]
    span: Span

    @property
    def kind(self) -> str:
        """The declaration's word: 装备, 锦囊 or 基本."""
        if self.subtype == BASIC:
            return BASIC
        return "锦囊" if self.subtype in TRICK_SUBTYPES else "装备"


@dataclass(frozen=True, slots=True)
class Package:
    """A .sgs file: ``name`` (扩展包), ``pinyin``, ``file``, ``generals``, ``span``,
    ``cards`` (its card declarations)."""

    name: str
    pinyin: str
    file: str
    generals: tuple[General, ...]
    span: Span
    cards: tuple[CardDecl, ...] = ()
