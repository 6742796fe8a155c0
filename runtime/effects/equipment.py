"""Equipment effects still written by hand, and how a game grants equipment skills.

Every equipment card's effect is a skill: while the card is in a player's equipment
area, the game gives its holder one instance of each skill class its equipment table
names for the card (:meth:`Game._add` / :meth:`Game._remove`), whatever moved it there
or away (装备, 枭姬's losses, 过河拆桥, 借刀杀人 …).  An armor's skills do not work while
the armor is ignored (青釭剑).

Where the classes come from: a game's equipment table (``Game(..., equipment=...)``,
also ``build_game`` / ``setup_identity_game`` / ``play_identity_game``), an explicit
input of the game — the runtime keeps no registry and never compiles anything:

1. the card declarations of the skill set being played, passed in by the caller:
   ``EQUIPMENT`` of the emitted modules, e.g. ``sgs.compiler.load_pool().equipment``
   for the bundled ``skills/standard/equipment.sgs`` (诸葛连弩, 青釭剑, 雌雄双股剑,
   丈八蛇矛, 方天画戟, 寒冰剑, 麒麟弓, 贯石斧, 青龙偃月刀, 八卦阵, 仁王盾, the +1马 and -1马);
2. under them, :data:`HAND_WRITTEN` below, which every game has — only for cards the
   skill language cannot express yet.  A card never has both in the bundled set (a
   test checks); if a given table names one, its classes win.

Without a table a game has only the hand-written effects.

Nothing is hand-written any more.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Mapping

from ..cards import CardName
from ..skills import Skill

__all__ = ["HAND_WRITTEN"]


#: the equipment effects the skill language cannot express yet (see the module doc);
#: every :class:`Game` lays its equipment table over these (read-only)
HAND_WRITTEN: Mapping[CardName, tuple[type[Skill], ...]] = MappingProxyType(
    {
    }
)
