"""Typed decisions the runtime asks agents (PettingZoo/OpenSpiel style).

A :class:`Decision` lists every legal :class:`Option` with a stable string label;
an agent answers with the indices of the options it picks (``min``..``max`` of
them).  Label conventions are documented in :mod:`sgs.runtime.agents`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from functools import lru_cache

from .player import Player, PlayerView

__all__ = ["DecisionKind", "Option", "Decision", "option", "card_option", "skill_option", "CANCEL", "INVOKE", "NO_INVOKE", "END_PLAY"]

CANCEL = "取消"
INVOKE = "发动"
NO_INVOKE = "不发动"
END_PLAY = "结束出牌"


class DecisionKind(str, Enum):
    INVOKE = "发动技能"  # options 发动 / 不发动
    PLAY = "出牌"  # a card, an active/view-as/proxy skill, or 结束出牌
    TARGETS = "选择目标"  # seats, min..max
    CARDS = "选择牌"  # own cards (or revealed cards), min..max
    CARD_OF = "选择角色的牌"  # one card of another player's areas (hand blind)
    OPTION = "选择一项"
    PLAYERS = "选择角色"
    RESPOND = "响应"  # a matching card / skill, or 取消
    ORDER = "技能顺序"  # which of several simultaneous skills resolves first
    CARD_NAME = "选择牌名"  # which card a view-as skill produces
    ARRANGE = "排列牌"  # cards being looked at, picked in an order (the pick order counts)


@dataclass(frozen=True, slots=True)
class Option:
    """One legal answer.  ``hint`` is a free tag for bots (``"card"``, ``"skill"``,
    ``"cancel"``, ``"good"`` …)."""

    label: str
    hint: str = ""


# Options are immutable, so each is made once per process (decisions are asked hundreds
# of times a game); the caches are bounded because labels are card and skill names


@lru_cache(maxsize=100_000)
def option(label: str, hint: str = "") -> Option:
    """The :class:`Option` for a label and hint (made once per process)."""
    return Option(label, hint)


@lru_cache(maxsize=100_000)
def card_option(label: str) -> Option:
    """``option(label, "card")``: the option of a card, by its label (the hot case)."""
    return option(label, "card")


@lru_cache(maxsize=100_000)
def skill_option(name: str) -> Option:
    """``option(name, "skill")``: the option of a skill, by its name."""
    return option(name, "skill")


@dataclass(slots=True, init=False)
class Decision:
    """A question to one player: pick ``min``..``max`` of ``options``.

    ``player`` is who decides, as agents may see him: a read-only
    :class:`~sgs.runtime.player.PlayerView` (his seat, tag and public numbers; the
    runtime passes the :class:`~sgs.runtime.player.Player`, the decision keeps his
    view, so no agent can change the game through it).  ``about`` names what the
    question concerns (a card name like ``"闪"`` for RESPOND, a skill name for
    INVOKE/CARDS) so bots and scripts can tell questions apart; ``prompt`` is the
    Chinese sentence shown to humans.
    """

    kind: DecisionKind
    player: PlayerView
    prompt: str
    options: tuple[Option, ...]
    min: int = 1
    max: int = 1
    about: str = ""
    extra: dict[str, str] = field(default_factory=dict)

    # (hot callers pass every argument by position: a class called with keywords in
    # Python 3.11 turns them into a dict and back, ~0.8 µs more per decision)
    def __init__(
        self,
        kind: DecisionKind,
        player: Player | PlayerView,
        prompt: str,
        options: tuple[Option, ...],
        min: int = 1,
        max: int = 1,
        about: str = "",
        extra: dict[str, str] | None = None,
    ) -> None:
        self.kind = kind
        # (anything else, e.g. a test's stricter stand-in, is kept as given)
        self.player = player.view if isinstance(player, Player) else player
        self.prompt = prompt
        self.options = options
        self.min = min
        self.max = max
        self.about = about
        self.extra = {} if extra is None else extra

    def labels(self) -> list[str]:
        return [o.label for o in self.options]
