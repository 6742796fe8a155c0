"""The event families, one module each, every one driving its events through its
stage table (:mod:`sgs.runtime.stages`): ``turn`` (turns and phases), ``use`` (使用牌),
``respond`` (打出, asking for a card), ``play`` (the 出牌阶段 loop), ``damage``, ``hp``
(回复体力, 失去体力), ``dying`` (濒死, 死亡), ``judge`` (判定, 改判), ``move`` (card moves).

Importing this package registers every core family in
:data:`sgs.runtime.stages.FAMILIES`; the card effects register theirs in
:mod:`sgs.runtime.effects`.
"""

from __future__ import annotations

from .damage import DAMAGE_STAGES
from .dying import DEATH_STAGES, DYING_STAGES
from .hp import LOSE_HP_STAGES, RECOVER_STAGES
from .judge import JUDGE_STAGES, RETRIAL_STAGES
from .move import MOVE_STAGES
from .play import play_phase
from .respond import RESPOND_STAGES
from .turn import PHASE_TABLE, TURN_STAGES
from .use import ANSWER_STAGES, EQUIP_STAGES, USE_STAGES

__all__ = [
    "ANSWER_STAGES",
    "DAMAGE_STAGES",
    "DEATH_STAGES",
    "DYING_STAGES",
    "EQUIP_STAGES",
    "JUDGE_STAGES",
    "LOSE_HP_STAGES",
    "MOVE_STAGES",
    "PHASE_TABLE",
    "RECOVER_STAGES",
    "RESPOND_STAGES",
    "RETRIAL_STAGES",
    "TURN_STAGES",
    "USE_STAGES",
    "play_phase",
]
