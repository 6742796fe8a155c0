"""The IR: small frozen dataclasses, each carrying its source :class:`Span`.

The IR is the one contract between the front end (grammar → :mod:`..lower`) and
the back ends (:mod:`..check`, the trigger graph, :mod:`..emit`).  It keeps every
distinction the register makes:

* per damage event (``一次``) vs per point (``1点``): :attr:`TimingSpec.per_point`;
* 使用 / 打出 / 使用或打出: :class:`Mode`;
* ``你可以`` (optional) vs none (mandatory): ``optional`` on abilities and effects;
* 手牌 vs 牌: :class:`Zone`;
* 其他角色 vs 一名角色: :attr:`PlayerRef.who` and :attr:`PlayerRef.other`;
* ``每阶段限一次``: :class:`Limit`.

Skill kinds are distinct ability classes: :class:`TriggeredAbility`,
:class:`ViewAsAbility`, :class:`ActiveAbility`, :class:`StaticAbility`,
:class:`ReplacementAbility`, :class:`ProxyAbility`.  Effects are the verbs of the
language; each effect class names its verb in ``verb`` (a key of
:data:`sgs.compiler.verbs.VERBS`).

The modules, from the leaves up (each imports only those before it, except for
annotations):

* :mod:`.base` — the vocabulary: enums (:class:`Mode`, :class:`Who` …) and :class:`CardWord`;
* :mod:`.refs` — player and card references (:class:`PlayerRef`, :class:`CardSpec`, :data:`CardRef`);
* :mod:`.conditions` — 若… tests (:class:`Condition`, :class:`NoCardUsed`);
* :mod:`.statics` — static rules (:data:`StaticModifier`);
* :mod:`.effects` — the standard set's effects and the :data:`Effect` union;
* :mod:`.effects_coverage` — effects of the coverage families (seed 004, 风);
* :mod:`.walk` — :func:`walk_effects`, the one walker of nested effects;
* :mod:`.abilities` — ability kinds, :class:`TimingSpec`, :data:`Ability`;
* :mod:`.package` — :class:`Skill`, :class:`General`, :class:`CardDecl`, :class:`Package`.

Everything is re-exported here: use ``ir.Obtain``, ``from sgs.compiler.ir import X``.
"""

from __future__ import annotations

# Each submodule declares its names once, in its own __all__; this package re-exports them.
from ..diagnostics import Span
from . import abilities, base, conditions, effects, effects_coverage, package, refs, statics, walk
from .abilities import *  # noqa: F403
from .base import *  # noqa: F403
from .conditions import *  # noqa: F403
from .effects import *  # noqa: F403
from .effects_coverage import *  # noqa: F403
from .package import *  # noqa: F403
from .refs import *  # noqa: F403
from .statics import *  # noqa: F403
from .walk import *  # noqa: F403

__all__ = ["Span"]
__all__ += base.__all__
__all__ += refs.__all__
__all__ += conditions.__all__
__all__ += statics.__all__
__all__ += effects.__all__
__all__ += effects_coverage.__all__
__all__ += walk.__all__
__all__ += abilities.__all__
__all__ += package.__all__
