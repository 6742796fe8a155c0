"""Timing windows (时机), phases and trigger scopes.

The values of :class:`Timing` are the skill-text register's own words, so the
compiler can map a parsed timing phrase to an enum member by value
(``Timing("受到伤害后")``).  Each window has a *subject* player (the "你" of a
``每当你…`` sentence); see :class:`Timing` for who the subject is.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["Timing", "Phase", "Scope", "PHASE_BEFORE", "PHASE_BEGIN", "PHASE_END"]


class Phase(str, Enum):
    """The six phases of a turn, in order."""

    START = "回合开始阶段"
    JUDGE = "判定阶段"
    DRAW = "摸牌阶段"
    PLAY = "出牌阶段"
    DISCARD = "弃牌阶段"
    FINISH = "回合结束阶段"


class Timing(str, Enum):
    """A timing window.  The subject of the window (who "你" is) in brackets.

    Turn and phases (subject: the player whose turn it is):
    ``TURN_BEGIN`` 回合开始时, ``TURN_END`` 回合结束时, and for every phase
    ``<PHASE>_BEGIN`` = "<阶段>开始时" and ``<PHASE>_END`` = "<阶段>结束时".
    ``<PHASE>_BEFORE`` = "<阶段>开始前": the phase is about to be entered (not yet
    skipped); a skill there may still skip it (克己: ``skip_phase``).
    ``DRAW_PHASE_DRAWING`` 摸牌阶段摸牌时: ``ctx.draw_phase.count`` may be changed
    (英姿 +1) or ``ctx.draw_phase.skip_draw`` set (突袭 "放弃摸牌").

    Card use (event :class:`~sgs.runtime.events.CardUseEvent`):
    ``CARD_USING`` 使用时 [user]; ``TARGET_SPECIFYING`` 指定目标时 [user, once per
    target, ``ctx.target`` set]; ``TARGET_CONFIRMING`` 成为目标时 [target];
    ``TARGET_SPECIFIED`` 指定目标后 [user, per target]; ``TARGET_CONFIRMED``
    成为目标后 [target]; ``CARD_USE_FINISHED`` 结算完毕 [user].
    ``CARD_RESPONDING`` 打出时 [responder] (:class:`CardResponseEvent`).
    ``SLASH_MISSED`` 杀被闪抵消时 [slash user; ``ctx.target`` = the target]
    (:class:`SlashEffectEvent`).
    ``CARD_NEEDED`` 需要牌时 [the player asked for a card] (:class:`CardNeedEvent`): not
    opened like the others — a request for a card (:func:`sgs.runtime.flows.respond.request_card`)
    offers each skill listening here that can provide a card asked for (八卦阵) beside
    the player's own cards, and the chosen one resolves.

    Damage (:class:`DamageEvent`): ``DAMAGE_CAUSING`` 造成伤害时 [source],
    ``DAMAGE_INFLICTING`` 受到伤害时 [target], ``DAMAGE_CAUSED`` 造成伤害后
    [source], ``DAMAGED`` 受到伤害后 [target].

    Judge (:class:`JudgeEvent`): ``JUDGE_RETRIAL`` 判定牌生效前 [judged player;
    retrial skills use scope ANY], ``JUDGE_FINISHED`` 判定牌生效后.

    Hp: ``HP_DEDUCTING`` 扣减体力时 [the player; once per point of hp a damage or an
    hp loss deducts, his hp as it stands after that point: :class:`HpDeductEvent`],
    ``RECOVERING`` 回复体力时 [recovering player; amount may be changed],
    ``RECOVERED`` 回复体力后, ``HP_LOST`` 失去体力后 [player].
    ``DYING`` 进入濒死状态时 [dying player], ``DEATH`` 死亡时 [dead player; his
    own skills still fire], ``DIED`` 死亡后 [dead player].

    Cards: ``CARDS_LOST`` 失去牌时 [player whose hand/equipment cards left;
    fired after the move], ``CARDS_OBTAINED`` 获得牌后 [player who received
    cards into his hand] (:class:`CardsMoveEvent`), ``EQUIP_SELF_LOST``
    失去装备区里的此牌后 [the player who lost an equipment card; opened after the move
    for that card's own skills only, which he no longer has: its event is the move of
    the card alone].

    ``GAME_START`` 游戏开始时 [every player].
    """

    GAME_START = "游戏开始时"
    TURN_BEGIN = "回合开始时"
    TURN_END = "回合结束时"

    START_PHASE_BEFORE = "回合开始阶段开始前"
    JUDGE_PHASE_BEFORE = "判定阶段开始前"
    DRAW_PHASE_BEFORE = "摸牌阶段开始前"
    PLAY_PHASE_BEFORE = "出牌阶段开始前"
    DISCARD_PHASE_BEFORE = "弃牌阶段开始前"
    FINISH_PHASE_BEFORE = "回合结束阶段开始前"

    START_PHASE_BEGIN = "回合开始阶段开始时"
    START_PHASE_END = "回合开始阶段结束时"
    JUDGE_PHASE_BEGIN = "判定阶段开始时"
    JUDGE_PHASE_END = "判定阶段结束时"
    DRAW_PHASE_BEGIN = "摸牌阶段开始时"
    DRAW_PHASE_DRAWING = "摸牌阶段摸牌时"
    DRAW_PHASE_END = "摸牌阶段结束时"
    PLAY_PHASE_BEGIN = "出牌阶段开始时"
    PLAY_PHASE_END = "出牌阶段结束时"
    DISCARD_PHASE_BEGIN = "弃牌阶段开始时"
    DISCARD_PHASE_END = "弃牌阶段结束时"
    FINISH_PHASE_BEGIN = "回合结束阶段开始时"
    FINISH_PHASE_END = "回合结束阶段结束时"

    CARD_USING = "使用时"
    TARGET_SPECIFYING = "指定目标时"
    TARGET_CONFIRMING = "成为目标时"
    TARGET_SPECIFIED = "指定目标后"
    TARGET_CONFIRMED = "成为目标后"
    CARD_USE_FINISHED = "结算完毕"
    CARD_RESPONDING = "打出时"
    SLASH_MISSED = "杀被闪抵消时"
    CARD_NEEDED = "需要牌时"

    DAMAGE_CAUSING = "造成伤害时"
    DAMAGE_INFLICTING = "受到伤害时"
    DAMAGE_CAUSED = "造成伤害后"
    DAMAGED = "受到伤害后"

    JUDGE_RETRIAL = "判定牌生效前"
    JUDGE_FINISHED = "判定牌生效后"

    HP_DEDUCTING = "扣减体力时"
    RECOVERING = "回复体力时"
    RECOVERED = "回复体力后"
    HP_LOST = "失去体力后"
    DYING = "进入濒死状态时"
    DEATH = "死亡时"
    DIED = "死亡后"

    CARDS_LOST = "失去牌时"
    CARDS_OBTAINED = "获得牌后"
    EQUIP_SELF_LOST = "失去装备区里的此牌后"


PHASE_BEFORE: dict[Phase, Timing] = {
    Phase.START: Timing.START_PHASE_BEFORE,
    Phase.JUDGE: Timing.JUDGE_PHASE_BEFORE,
    Phase.DRAW: Timing.DRAW_PHASE_BEFORE,
    Phase.PLAY: Timing.PLAY_PHASE_BEFORE,
    Phase.DISCARD: Timing.DISCARD_PHASE_BEFORE,
    Phase.FINISH: Timing.FINISH_PHASE_BEFORE,
}
PHASE_BEGIN: dict[Phase, Timing] = {
    Phase.START: Timing.START_PHASE_BEGIN,
    Phase.JUDGE: Timing.JUDGE_PHASE_BEGIN,
    Phase.DRAW: Timing.DRAW_PHASE_BEGIN,
    Phase.PLAY: Timing.PLAY_PHASE_BEGIN,
    Phase.DISCARD: Timing.DISCARD_PHASE_BEGIN,
    Phase.FINISH: Timing.FINISH_PHASE_BEGIN,
}
PHASE_END: dict[Phase, Timing] = {
    Phase.START: Timing.START_PHASE_END,
    Phase.JUDGE: Timing.JUDGE_PHASE_END,
    Phase.DRAW: Timing.DRAW_PHASE_END,
    Phase.PLAY: Timing.PLAY_PHASE_END,
    Phase.DISCARD: Timing.DISCARD_PHASE_END,
    Phase.FINISH: Timing.FINISH_PHASE_END,
}


class Scope(str, Enum):
    """Whose window a trigger skill listens to (the subject of the sentence).

    ``SELF`` 你 (default), ``OTHER`` 其他角色, ``ANY`` 一名角色.
    """

    SELF = "你"
    OTHER = "其他角色"
    ANY = "一名角色"
