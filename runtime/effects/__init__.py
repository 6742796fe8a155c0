"""Card effects: what each card does to its targets once its use resolves.

``EFFECTS`` maps a card name to ``effect(game, use)``; equipment and delayed
tricks are placed by the use pipeline / :mod:`.tricks`; equipment skills live in
:mod:`.equipment`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from ..cards import CardName
from .basic import peach_effect, slash_effect_all
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
    snatch_effect,
)

if TYPE_CHECKING:
    from ..events import CardUseEvent
    from ..game import Game

__all__ = ["EFFECTS"]

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
