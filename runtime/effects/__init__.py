"""Card content: what each card does, passed into every game by its mode.

* :data:`EFFECTS` — card name → ``effect(game, use)``, run when a use of the card
  resolves, for the cards whose effect is still hand-written;
* :func:`card_effects` — the card effects of a game: the given text effects (compiled
  ``锦囊`` declarations, each run by :func:`.tricks.text_effect`) over :data:`EFFECTS`
  (``Game(card_effects=...)``);
* :func:`card_skills` — the equipment skills of a game: the given table of the compiled
  card declarations (``Game(equipment=...)``); no equipment effect is hand-written;
* :func:`resolve_delayed` — a delayed trick of the judge area in the judge phase
  (``Game(resolve_delayed=...)``);
* :data:`CARD_FAMILIES` — card name → the event family of its effect (the stage table
  that :func:`sgs.runtime.stages.windows_of` follows from a use's Effect stage).

The core (:mod:`sgs.runtime.game`, :mod:`sgs.runtime.flows` …) imports none of this.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import TYPE_CHECKING, Callable, Mapping

from ..cards import CardName, CardSubtype, CardType, load_cards
from ..skills import CardEffect, Skill
from ..stages import FAMILIES
from .basic import PEACH_STAGES, SLASH_STAGES, slash_effect_all
from .maneuvering import (
    ANALEPTIC_STAGES,
    FIRE_ATTACK_STAGES,
    IRON_CHAIN_STAGES,
)
from .tricks import (
    AMAZING_GRACE_STAGES,
    ARCHERY_ATTACK_STAGES,
    COLLATERAL_STAGES,
    DELAYED_STAGES,
    DelayedText,
    DISMANTLEMENT_STAGES,
    DUEL_STAGES,
    EX_NIHILO_STAGES,
    GOD_SALVATION_STAGES,
    SAVAGE_ASSAULT_STAGES,
    SNATCH_STAGES,
    delayed_effect,
    resolve_delayed,
    text_effect,
)

if TYPE_CHECKING:
    from ..events import CardUseEvent
    from ..game import Game
    from ..stages import Stages

__all__ = ["EFFECTS", "TEXT", "DESIGNATES", "TextEffects", "CARD_FAMILIES", "RUNNABLE", "card_skills", "card_effects", "resolve_delayed"]

#: card name → the compiled class of its effect text (``CARD_EFFECTS`` of the emitted
#: modules; ``sgs.compiler.load_pool().card_effects``)
TextEffects = Mapping[CardName, type[CardEffect]]

EFFECTS: dict[CardName, Callable[["Game", "CardUseEvent"], None]] = {
    CardName.SLASH: slash_effect_all,
    CardName.FIRE_SLASH: slash_effect_all,
    CardName.THUNDER_SLASH: slash_effect_all,
}


#: cards whose effect is text: declared (``锦囊 …`` / ``基本 …``) in the bundled
#: skills/*/tricks.sgs and compiled (a test checks both ways); a game has them from its
#: ``card_effects`` table
TEXT: frozenset[CardName] = frozenset({
    CardName.EX_NIHILO, CardName.GOD_SALVATION, CardName.DISMANTLEMENT, CardName.SNATCH,
    CardName.SAVAGE_ASSAULT, CardName.ARCHERY_ATTACK, CardName.PEACH, CardName.DUEL, CardName.AMAZING_GRACE,
    CardName.INDULGENCE, CardName.SUPPLY_SHORTAGE, CardName.LIGHTNING, CardName.IRON_CHAIN,
    CardName.FIRE_ATTACK, CardName.COLLATERAL, CardName.ANALEPTIC,
})

#: cards whose use designates a player beside its targets (flows/play.py asks the user at the
#: use: ``CardUseEvent.sub_target``), with the card its target could use on him: 借刀杀人's
#: victim is a player its target could use a 【杀】 on.  Its text names him 你指定的另一名角色
#: (the compiler's capability pass reads this table).
DESIGNATES: Mapping[CardName, CardName] = MappingProxyType({CardName.COLLATERAL: CardName.SLASH})

#: the delayed tricks (延时锦囊) of the card tables: a text effect of one is run in the judge phase
DELAYED: frozenset[CardName] = frozenset(
    c.name for table in ("cards_standard.tsv", "cards_maneuvering.tsv") for c in load_cards(table)
    if c.subtype is CardSubtype.DELAYED_TRICK
)

#: cards that are only ever answered with (the flows ask for them): their use is the answer
_ANSWERS = frozenset({CardName.JINK, CardName.NULLIFICATION})
#: equipment whose effect every game can have (compiled from skills/*/equipment.sgs or
#: hand-written): the standard and EX equipment, the 军争 ones
_EQUIPMENT = frozenset(
    c.name for table in ("cards_standard.tsv", "cards_maneuvering.tsv") for c in load_cards(table)
    if c.type is CardType.EQUIP
)

#: the cards whose use does what the card says in a game: those with an effect in
#: :data:`EFFECTS` or as text (:data:`TEXT`), the answers, the equipment above.  What
#: the compiler may convert into (将…当【X】使用, 视为使用【X】); any other card is a
#: capability gap (W0701/E0503) and never a silent stub.
RUNNABLE: frozenset[CardName] = frozenset(EFFECTS) | TEXT | _ANSWERS | _EQUIPMENT


def card_skills(
    equipment: Mapping[CardName, tuple[type[Skill], ...]] | None = None,
) -> dict[CardName, tuple[type[Skill], ...]]:
    """The equipment skills of a game: ``equipment`` (card name → skill classes, e.g.
    ``sgs.compiler.load_pool().equipment``: the ``装备`` card declarations, every equipment
    card's effect written as text), copied; none without it.

    While a card is in a player's equipment area the game gives its holder one instance
    of each class the table names for it, whatever moved it there or away (装备, 枭姬's
    losses, 过河拆桥, 借刀杀人 …); an armor's skills do not work while the armor is ignored
    (青釭剑).  The runtime keeps no registry of its own and never compiles anything."""
    return {name: tuple(classes) for name, classes in (equipment or {}).items()}


def card_effects(
    text: TextEffects | None = None,
) -> dict[CardName, Callable[["Game", "CardUseEvent"], None]]:
    """The card effects of a game: the hand-written :data:`EFFECTS` with ``text`` (card
    name → compiled effect class, e.g. ``sgs.compiler.load_pool().card_effects``) laid
    over them, each run by the card-use protocol (:func:`.tricks.text_effect`; a delayed
    trick's by :class:`.tricks.DelayedText` and :func:`.tricks.resolve_delayed`).  Without
    ``text`` the cards of :data:`TEXT` have no effect."""
    table = dict(EFFECTS)
    for name, cls in (text or {}).items():
        # a delayed trick's use places it; its text runs in the judge phase (resolve_delayed)
        table[name] = DelayedText(cls) if name in DELAYED else text_effect(cls)
    return table


def _name(stages: Stages) -> str:
    return next(name for name, st in FAMILIES.items() if st is stages)


#: card name → the family of its effect (its stage table in :data:`FAMILIES`)
CARD_FAMILIES: dict[CardName, str] = {
    CardName.SLASH: _name(SLASH_STAGES),
    CardName.FIRE_SLASH: _name(SLASH_STAGES),
    CardName.THUNDER_SLASH: _name(SLASH_STAGES),
    CardName.PEACH: _name(PEACH_STAGES),
    CardName.DUEL: _name(DUEL_STAGES),
    CardName.DISMANTLEMENT: _name(DISMANTLEMENT_STAGES),
    CardName.SNATCH: _name(SNATCH_STAGES),
    CardName.ARCHERY_ATTACK: _name(ARCHERY_ATTACK_STAGES),
    CardName.SAVAGE_ASSAULT: _name(SAVAGE_ASSAULT_STAGES),
    CardName.EX_NIHILO: _name(EX_NIHILO_STAGES),
    CardName.AMAZING_GRACE: _name(AMAZING_GRACE_STAGES),
    CardName.GOD_SALVATION: _name(GOD_SALVATION_STAGES),
    CardName.COLLATERAL: _name(COLLATERAL_STAGES),
    CardName.INDULGENCE: _name(DELAYED_STAGES),
    CardName.LIGHTNING: _name(DELAYED_STAGES),
    CardName.ANALEPTIC: _name(ANALEPTIC_STAGES),
    CardName.IRON_CHAIN: _name(IRON_CHAIN_STAGES),
    CardName.FIRE_ATTACK: _name(FIRE_ATTACK_STAGES),
    CardName.SUPPLY_SHORTAGE: _name(DELAYED_STAGES),
}
