"""Card content: what each card does, passed into every game by its mode.

* :data:`EFFECTS` — card name → ``effect(game, use)``, run when a use of the card
  resolves (``Game(card_effects=...)``);
* :func:`card_skills` — the equipment skills of a game: a given table (the compiled
  card declarations) over the hand-written remainder (``Game(equipment=...)``);
* :func:`resolve_delayed` — a delayed trick of the judge area in the judge phase
  (``Game(resolve_delayed=...)``);
* :data:`CARD_FAMILIES` — card name → the event family of its effect (the stage table
  that :func:`sgs.runtime.stages.windows_of` follows from a use's Effect stage).

The core (:mod:`sgs.runtime.game`, :mod:`sgs.runtime.flows` …) imports none of this.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Mapping

from ..cards import CardName
from ..skills import Skill
from .basic import peach_effect, slash_effect_all
from .equipment import HAND_WRITTEN
from .tricks import (
    amazing_grace_effect,
    archery_attack_effect,
    collateral_effect,
    delayed_effect,
    dismantlement_effect,
    duel_effect,
    ex_nihilo_effect,
    god_salvation_effect,
    savage_assault_effect,
    resolve_delayed,
    snatch_effect,
)

if TYPE_CHECKING:
    from ..events import CardUseEvent
    from ..game import Game

__all__ = ["EFFECTS", "card_skills", "resolve_delayed"]

EFFECTS: dict[CardName, Callable[["Game", "CardUseEvent"], None]] = {
    CardName.SLASH: slash_effect_all,
    CardName.FIRE_SLASH: slash_effect_all,
    CardName.THUNDER_SLASH: slash_effect_all,
    CardName.PEACH: peach_effect,
    CardName.DUEL: duel_effect,
    CardName.DISMANTLEMENT: dismantlement_effect,
    CardName.SNATCH: snatch_effect,
    CardName.ARCHERY_ATTACK: archery_attack_effect,
    CardName.SAVAGE_ASSAULT: savage_assault_effect,
    CardName.EX_NIHILO: ex_nihilo_effect,
    CardName.AMAZING_GRACE: amazing_grace_effect,
    CardName.GOD_SALVATION: god_salvation_effect,
    CardName.COLLATERAL: collateral_effect,
    CardName.INDULGENCE: delayed_effect,
    CardName.LIGHTNING: delayed_effect,
}


def card_skills(equipment: Mapping[CardName, tuple[type[Skill], ...]] | None = None) -> dict[CardName, tuple[type[Skill], ...]]:
    """The equipment skills of a game: ``equipment`` (card name → skill classes, e.g.
    ``sgs.compiler.load_pool().equipment``) laid over the hand-written remainder
    (:data:`.equipment.HAND_WRITTEN`), which every game has; a name in both takes the
    given classes."""
    table = dict(HAND_WRITTEN)
    for name, classes in (equipment or {}).items():
        table[name] = tuple(classes)
    return table
