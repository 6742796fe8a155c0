"""The verb table: the ONE place that says what each verb of the language becomes.

Each :class:`Verb` names the register word, the IR effect class that carries it,
the runtime action(s) (functions of ``sgs.runtime.api``) it compiles to, and the
timing windows (``Timing`` values) its effect can open.  The emitter writes the
calls itself (:mod:`.emit`); the trigger graph (:mod:`.graph.model`) reads its
skill→window edges from ``opens``, whose window each is from ``whose``, how nested
effects are reached from ``gate`` and hp loss from ``hp_falls`` — it keeps no verb
list of its own.  A test checks that every action exists in ``sgs.runtime.api.__all__``
and every window is a ``Timing`` value; ``tests/graph/test_verb_drift.py`` runs
each verb's actions on a small table and checks that ``opens`` is exactly the set
of windows the runtime opened (a new verb needs a probe there).
"""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType
from typing import Mapping

from . import ir

__all__ = ["Verb", "VERBS", "verb_of"]

_DAMAGE_WINDOWS = ("造成伤害时", "受到伤害时", "造成伤害后", "受到伤害后", "进入濒死状态时")
_CARDS_LOST = ("失去牌时",)
_CARDS_MOVED = ("失去牌时", "获得牌后")
# a card used: its use and target windows; answered (闪 offsets a 杀, 打出【杀】 for a
# 决斗): the answer's windows; its damage
_VIEW_AS_USE = (
    ("使用时", "指定目标时", "成为目标时", "指定目标后", "成为目标后", "结算完毕", "杀被闪抵消时", "打出时", "失去牌时")
    + _DAMAGE_WINDOWS
)


#: the coverage verbs that hold effects, and how those are reached (:attr:`Verb.gate`):
#: 若 (a condition, a 拼点 won or lost) and 判定分支 results are chance, 每有一张 depends on the revealed cards;
#: ……否则…… lets the player pick (骁果: 弃置一张装备牌，否则受到伤害), as 选择若干项 does
_GATES = {"若": "chance", "判定分支": "chance", "每有一张": "chance", "否则": "choice", "选择若干项": "choice"}


@dataclass(frozen=True, slots=True)
class Verb:
    """One verb.  Fields: ``word`` (the register's word), ``node`` (IR class name),
    ``actions`` (runtime functions it compiles to), ``opens`` (Timing values its
    effect can open; empty for verbs that open none), ``needs`` (the runtime
    actions the verb needs that the runtime does not have yet: while it is not
    empty the verb has no ``actions``, ``opens`` stays empty until the drift test
    can measure it, ``sgs check`` reports W0701 and ``sgs compile`` refuses E0503)."""

    word: str
    node: str
    actions: tuple[str, ...]
    opens: tuple[str, ...]
    needs: tuple[str, ...] = ()
    #: how the effects a node of this verb holds are reached, for the trigger graph:
    #: ``"choice"`` (a player picks one: 选择一项, ……否则……), ``"chance"`` (an outcome
    #: no one picks: a judgement's result, a 拼点, a condition), ``""`` (always: 延时,
    #: 达到张数; and verbs that hold nothing)
    gate: str = ""
    #: the verb's windows are opened by a player's hp falling (a loop of them ends)
    hp_falls: bool = False
    #: whose window each window is, as (window, field path of the IR node) pairs,
    #: ``"*"`` for the rest: 造成伤害时 is the source's, 受到伤害后 the target's.
    #: Without an entry a window is the ``actor``'s (获得牌后: the receiver ``to``'s)
    whose: tuple[tuple[str, str], ...] = ()
    #: ``opens`` is the union over cards: an effect opens only the windows of the card
    #: in its ``card`` field (视为使用【杀】 opens no 回复体力 window)
    card_windows: bool = False

    def whose_field(self, window: str) -> str | None:
        """The field path (``"what.owner"``) naming whose ``window`` is, or None (the default)."""
        for w, path in self.whose:
            if w in (window, "*"):
                return path
        return None

    @property
    def runtime_ready(self) -> bool:
        return not self.needs


_TABLE: tuple[Verb, ...] = (
    Verb("摸牌", "Draw", ("draw",), ("获得牌后",)),
    Verb("弃置", "Discard", ("discard", "ask_discard"), _CARDS_LOST),
    # the card's owner loses it (None: from the processing area, no one's window)
    Verb("获得", "Obtain", ("obtain", "obtain_from"), _CARDS_MOVED, whose=(("失去牌时", "what.owner"),)),
    Verb("交给", "Give", ("give",), _CARDS_MOVED),
    Verb("回复体力", "Recover", ("recover",), ("回复体力时", "回复体力后")),
    Verb("额外回复体力", "ExtraRecover", (), ()),
    Verb("失去体力", "LoseHp", ("lose_hp",), ("失去体力后", "进入濒死状态时"), hp_falls=True),
    Verb(
        "造成伤害", "Damage", ("damage",), _DAMAGE_WINDOWS, hp_falls=True,
        whose=(("造成伤害时", "source"), ("造成伤害后", "source"), ("*", "target")),
    ),
    # the judgement's own windows are the judge's; what its result gates is chance
    Verb("判定", "Judge", ("judge", "ask_invoke"), ("判定牌生效前", "判定牌生效后"), gate="chance"),
    Verb("选择一项", "ChooseOne", ("choose_option",), (), gate="choice"),
    Verb("改判", "Retrial", ("retrial", "choose_cards"), ("打出时", "失去牌时")),
    Verb("不可被响应", "ForbidJink", ("forbid_jink",), ()),
    Verb("需连续响应", "RequireResponses", ("require_jinks", "require_duel_slashes"), ()),
    Verb("达到张数", "Threshold", ("cards_given_this_phase",), ()),
    Verb("改变摸牌数", "DrawCountChange", ("change_draw_count",), ()),
    Verb("伤害加成", "DamageBonus", ("add_damage_bonus",), ()),
    Verb("选择角色", "ChoosePlayer", ("choose_players",), ()),
    Verb("观看牌堆顶", "LookAtTop", ("look_at_top",), ()),
    Verb("分配牌", "GiveLooked", ("hand_out", "choose_cards_among", "choose_players"), ("获得牌后",)),
    Verb("置于牌堆", "PutLooked", ("arrange_cards", "put_on_pile"), ()),
    # the new target becomes the card's target
    Verb(
        "转移目标", "Transfer", ("transfer_target", "transfer_candidates", "choose_players"), ("成为目标时",),
        whose=(("*", "to"),),
    ),
    Verb("选择花色", "ChooseSuit", ("choose_suit",), ()),
    Verb("展示", "Show", ("show_card",), ()),
    # whether the suits differ is not up to the owner: like a judgement's result
    Verb("比较花色", "SuitBranch", (), (), gate="chance"),
    Verb("跳过阶段", "SkipPhase", ("skip_phase",), ()),
    Verb("无视防具", "IgnoreArmor", ("ignore_armor",), ()),
    Verb("视为使用", "ViewAsUse", ("view_as_use", "can_use_on"), _VIEW_AS_USE, card_windows=True),
) + tuple(
    # coverage (seed 004 国战 and 风): verbs the IR has and the runtime cannot run yet;
    # each names the runtime action it needs (a new mechanic = grammar rule + IR node +
    # runtime action: the first two are here, the third is what ``needs`` names)
    Verb(word, node, (), (), needs, gate=_GATES.get(word, ""))
    for word, node, needs in (
        ("拼点", "Pindian", ("pindian",)),
        ("若", "Conditional", ("test_condition",)),
        ("否则", "DoOrElse", ("do_or_else",)),
        ("延时", "Delayed", ("delay_until",)),
        ("叠置", "TurnOver", ("turn_over",)),
        ("平置", "FaceUp", ("face_up",)),
        ("重置", "ResetChain", ("unchain",)),
        ("回复至", "RecoverTo", ("set_hp",)),
        ("取消目标", "CancelTarget", ()),  # the runtime has cancel_target: only the emitter is missing
        ("转移伤害", "TransferDamage", ("transfer_damage",)),
        ("额外回合", "ExtraTurn", ("extra_turn",)),
        ("选择若干项", "ChooseItems", ("choose_options",)),
        ("视为对其使用", "VirtualUse", ("view_as_use_on",)),
        ("使用牌", "UseCard", ("ask_use_card_on",)),
        ("获得技能", "GainRules", ("grant_rules",)),
        ("标记", "GainMark", ("add_mark",)),
        ("补牌", "FillHand", ("fill_hand",)),
        ("置入装备区", "PutIntoEquip", ("put_into_equip",)),
        ("移动牌", "MoveCard", ("move_card",)),
        ("不能使用", "ForbidUse", ("forbid_use",)),
        ("不能成为目标", "CannotBeTarget", ("prohibit_target",)),
        ("无效", "NullifyCard", ()),  # nullify_for exists (仁王盾): only the emitter is missing
        ("改变伤害", "ModifyDamage", ("change_damage",)),
        ("明置", "ShowGeneral", ("show_general",)),
        ("不能明置", "ForbidShow", ("forbid_show",)),
        ("暗置", "HideGeneral", ("hide_general",)),
        ("额外目标", "ExtraTarget", ("add_target",)),
        ("失去技能", "LoseSkills", ("lose_all_skills",)),
        ("交换手牌", "SwapHands", ("swap_hands",)),
        ("结束阶段", "EndPhase", ("end_phase",)),
        ("进入濒死", "EnterDying", ("enter_dying",)),
        ("不会死去", "WillNotDie", ("prevent_death",)),
        ("死亡", "Die", ("kill",)),
        ("亮出牌堆顶", "RevealTop", ("reveal_top",)),
        ("置于武将牌上", "RevealToPile", ("put_on_general",)),
        ("每有一张", "ForEachRevealed", ("count_revealed",)),
        ("弃置亮出的牌", "DiscardRevealed", ("discard_revealed",)),
        ("观看手牌", "LookAtHand", ("look_at_hand",)),
        ("展示其中", "ShowAmong", ("show_among",)),
        ("弃置或置于牌堆顶", "DisposeShown", ("discard_or_put_on_pile",)),
        ("可当使用", "GrantConversion", ("grant_view_as",)),
        ("返回手牌", "ReturnDiscarded", ("return_from_discard_pile",)),
        ("置入弃牌堆", "PutRestDiscard", ("put_into_discard_pile",)),
        ("视为装备", "ViewAsEquipped", ("equip_as",)),
        ("弃置他人的牌", "DiscardFrom", ()),  # discard_from exists (寒冰剑): only the emitter is missing
        ("距离视为", "SetDistance", ("set_distance",)),
        ("跳过一个阶段", "SkipAnyPhase", ("choose_phase_to_skip",)),
        ("判定分支", "JudgeCases", ("judge_cases",)),
        ("交给所指的牌", "GiveRef", ("give_event_card",)),
        ("亮出此牌", "RevealDeclared", ("reveal_declared",)),
        ("此牌作废", "VoidDeclared", ("void_declared_use",)),
    )
)

VERBS: Mapping[str, Verb] = MappingProxyType({v.word: v for v in _TABLE})


def verb_of(effect: ir.Effect) -> Verb:
    """The table entry of an IR effect (by its class's ``verb``)."""
    return VERBS[effect.verb]
