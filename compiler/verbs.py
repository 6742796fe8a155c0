"""The verb table: the ONE place that says what each verb of the language becomes.

Each :class:`Verb` names the register word, the IR effect class that carries it,
the runtime action(s) (functions of ``sgs.runtime.api``) it compiles to, and the
timing windows (``Timing`` values) its effect can open — derived, not written: the
runtime says which event families each action drives and the families' stage tables
say which windows they open (:func:`sgs.runtime.drives.opens_of`).  The emitter writes the
calls itself (:mod:`.emit`); the trigger graph (:mod:`.graph.model`) reads its
skill→window edges from ``opens``, whose window each is from ``whose``, how nested
effects are reached from ``gate`` and hp loss from ``hp_falls`` — it keeps no verb
list of its own; ``sgs explain`` (:mod:`.reading`) words each effect with the verb's
templates (:data:`EXPLAIN`) and finds a skill's cost by ``cost``.  A test checks that every action exists in ``sgs.runtime.api.__all__``
and every window is a ``Timing`` value; ``tests/graph/test_verb_drift.py`` runs
each verb's actions on a small table and checks that ``opens`` is exactly the set
of windows the runtime opened (a new verb needs a probe there).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from types import MappingProxyType
from typing import Any, Mapping

from sgs.runtime.drives import opens_of
from sgs.runtime.timing import Timing

from . import ir

__all__ = ["Verb", "VERBS", "verb_of", "verb_of_frame"]

#: Timing value → its place in the runtime's declaration order (the order of ``opens``)
_ORDER = {t.value: i for i, t in enumerate(Timing)}


def _opens(actions: tuple[str, ...]) -> tuple[str, ...]:
    """The windows the runtime actions ``actions`` can open, derived from the event
    families' stage tables (:func:`sgs.runtime.drives.opens_of`), in declaration order."""
    return tuple(sorted((t.value for t in opens_of(actions)), key=_ORDER.__getitem__))


def _verb(word: str, node: str, actions: tuple[str, ...], **fields: Any) -> Verb:
    """A verb of the runtime: its ``opens`` derived from what its actions drive."""
    return Verb(word, node, actions, _opens(actions), **fields)


#: the coverage verbs that hold effects, and how those are reached (:attr:`Verb.gate`):
#: 若 (a condition, a 拼点 won or lost) and 判定分支 results are chance, 每有一张 depends on the revealed cards;
#: ……否则…… lets the player pick (骁果: 弃置一张装备牌，否则受到伤害), as 选择若干项 does
_GATES = {"若": "chance", "判定分支": "chance", "每有一张": "chance", "否则": "choice", "选择若干项": "choice"}


@dataclass(frozen=True, slots=True)
class Verb:
    """One verb.  Fields: ``word`` (the register's word), ``node`` (IR class name),
    ``actions`` (runtime functions it compiles to), ``opens`` (Timing values its
    effect can open, derived from its actions by :func:`_verb`; empty for verbs that
    open none), ``needs`` (the runtime
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
    #: ``sgs explain``: an active ability's first effect of this verb, done by you, is
    #: the skill's cost (苦肉: 失去1点体力; 青囊: 弃置一张手牌), not one of its effects
    cost: bool = False
    #: ``sgs explain``'s wording of the verb's node, Chinese and English (see
    #: :data:`EXPLAIN` for the template slots); ``explain_more``: (node, zh, en) for
    #: the other IR nodes spelled with the same verb (判定: JudgeBranch, JudgeAgain)
    explain_zh: str = ""
    explain_en: str = ""
    explain_more: tuple[tuple[str, str, str], ...] = ()
    #: the register grammar's verb frames read as this verb (grammar/register/30_verbs.lark:
    #: ``act_<frame>``); the binder (sgs.compiler.language.bind) finds the verb by them
    frames: tuple[str, ...] = ()
    #: the verb's arguments after its actor, as (field, kind) pairs — kind ``"player"``
    #: (a player phrase), ``"amount"`` (n点 / a number: an int) or ``"cards"`` (a card
    #: phrase or n张: a CardSpec).  The binder binds a frame's arguments by them, into
    #: the IR class ``node``; for ``node == "Call"`` (a verb without an IR class) the
    #: emitter calls ``actions[0](ctx, actor, *args)`` in this order
    params: tuple[tuple[str, str], ...] = ()
    #: the windows whose event the verb acts on (防止此伤害: the damage of 造成伤害时 /
    #: 受到伤害时; 将此【杀】转移: the target of 成为目标时); anywhere else the back end cannot
    #: run it, which the capability pass (:func:`sgs.compiler.check.runtime_gaps`) says
    #: before anything is emitted.  Empty: any window, or none
    windows: tuple[str, ...] = ()
    #: there, only the skill's owner can do it (转移此伤害: 你)
    owner_only: bool = False
    #: the action asks its actor itself, with a way to decline (a request for a card:
    #: 取消): a 你可以 on this verb is decided by that request, with no 发动 question first;
    #: and the request's refusal is what a 否则 after it (X需A，否则B: :class:`DoOrElse`)
    #: waits for — the action returns what was done, None when refused
    decides: bool = False
    #: no player does it: written without a subject in a card's effect, the card or the
    #: rules do it (亮出牌堆顶… in a card's own step; 将此牌移动至下家的判定区) — any other
    #: verb there needs a doer (the capability pass refuses it)
    no_one: bool = False
    #: everyday words a designer may write for this verb, each with the register's word to
    #: write instead (拿走 → 获得; for 摸牌: 抽 → 摸): an unknown word that is one gets it as
    #: the suggestion, if the text then reads.  Reviewed: a synonym is never a word of the
    #: lexicon, and never an antonym or a dropped negation of its word (tests/diagnostics/
    #: test_verb_synonyms.py); a word a designer may mean two ways (拿: 摸 or 获得) is listed
    #: under both and the reading decides
    synonyms: tuple[tuple[str, str], ...] = ()

    def explain(self, node: str) -> tuple[str, str]:
        """The (Chinese, English) explain templates of the IR node class ``node``."""
        for n, zh, en in self.explain_more:
            if n == node:
                return zh, en
        return self.explain_zh, self.explain_en

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
    _verb("摸牌", "Draw", ("draw",), frames=("draw",), params=(("cards", "cards"),),
          synonyms=(("抽", "摸"), ("抽取", "摸"), ("拿", "摸"))),
    _verb("弃置", "Discard", ("discard", "ask_discard"), cost=True, frames=("discard",), params=(("cards", "cards"),),
          synonyms=(("扔掉", "弃置"), ("扔", "弃置"), ("丢掉", "弃置"), ("舍弃", "弃置"))),
    # the card's owner loses it (None: from the processing area, no one's window)
    # (获得其中每种花色的牌各一张: the owner picks one of each suit among the revealed cards)
    _verb("获得", "Obtain", ("obtain", "obtain_from", "choose_cards_among"), whose=(("失去牌时", "what.owner"),),
          synonyms=(("拿", "获得"), ("抽取", "获得"), ("拿走", "获得"), ("拿取", "获得"), ("偷取", "获得"), ("偷走", "获得"),
                    ("抢夺", "获得"), ("抢走", "获得"), ("夺取", "获得"), ("夺走", "获得"))),
    # 将所选的牌交给X (仁德) / 其将装备区里的武器牌交给你 (借刀杀人: the cards of a kind in sight)
    _verb("交给", "Give", ("give", "give_equipped"), synonyms=(("送给", "交给"),)),
    _verb("回复体力", "Recover", ("recover",), frames=("recover",), params=(("amount", "amount"),)),
    _verb("额外回复体力", "ExtraRecover", (), windows=("回复体力时",), owner_only=True),
    _verb("失去体力", "LoseHp", ("lose_hp",), hp_falls=True, cost=True, frames=("lose_hp",), params=(("amount", "amount"),)),
    # no IR class: a Call of the runtime action with the amount (加1点体力上限 / 减1点体力上限);
    # a loop through 减体力上限 ends as a loop through 失去体力 does (the max hp strictly falls)
    _verb("加体力上限", "Call", ("gain_max_hp",), frames=("gain_max_hp",), params=(("amount", "amount"),)),
    _verb("减体力上限", "Call", ("lose_max_hp",), frames=("lose_max_hp",), params=(("amount", "amount"),),
          hp_falls=True, cost=True),
    _verb(
        "造成伤害", "Damage", ("damage",), hp_falls=True,
        whose=(("造成伤害时", "source"), ("造成伤害后", "source"), ("*", "target")),
    ),
    # the judgement's own windows are the judge's; what its result gates is chance
    _verb("判定", "Judge", ("judge", "ask_invoke"), gate="chance"),
    _verb("选择一项", "ChooseOne", ("choose_option",), gate="choice"),
    _verb("改判", "Retrial", ("retrial", "choose_cards")),
    _verb("不可被响应", "ForbidJink", ("forbid_jink",)),
    _verb("需连续响应", "RequireResponses", ("require_jinks", "require_duel_slashes")),
    _verb("达到张数", "Threshold", ("cards_given_this_phase",)),
    _verb("改变摸牌数", "DrawCountChange", ("change_draw_count",), windows=("摸牌阶段摸牌时",), owner_only=True),
    _verb("伤害加成", "DamageBonus", ("add_damage_bonus",)),
    # 你本回合使用的下一张【杀】造成的伤害+1 (酒): a lasting effect the next such use spends
    _verb("下一张伤害加成", "NextUseBonus", ("next_use_bonus",)),
    # 此伤害+1 / 此伤害-1, in a 造成伤害时 / 受到伤害时 window (古锭刀, 藤甲)
    _verb("改变伤害", "ModifyDamage", ("change_damage",), windows=("造成伤害时", "受到伤害时")),
    # 防止此伤害, in a 造成伤害时 / 受到伤害时 window (寒冰剑)
    _verb("防止伤害", "PreventDamage", ("prevent_damage",), frames=("prevent",), windows=("造成伤害时", "受到伤害时")),
    # 防止多余的伤害 (白银狮子): the damage is capped at 1, the rest prevented
    _verb("防止多余伤害", "PreventExcessDamage", ("prevent_excess_damage",), frames=("prevent_excess",),
          windows=("受到伤害时",)),
    # 弃置其两张牌 / 弃置其装备区里的一张坐骑牌: the actor picks each card (寒冰剑, 麒麟弓)
    _verb("弃置他人的牌", "DiscardFrom", ("discard_from",), whose=(("*", "owner"),)),
    _verb("选择角色", "ChoosePlayer", ("choose_players",)),
    _verb("观看牌堆顶", "LookAtTop", ("look_at_top",)),
    _verb("分配牌", "GiveLooked", ("hand_out", "choose_cards_among", "choose_players")),
    _verb("置于牌堆", "PutLooked", ("arrange_cards", "put_on_pile")),
    # the new target becomes the card's target
    _verb(
        "转移目标", "Transfer", ("transfer_target", "transfer_candidates", "choose_players"), whose=(("*", "to"),),
        windows=("成为目标时",), owner_only=True,
    ),
    _verb("选择花色", "ChooseSuit", ("choose_suit",)),
    # 展示之 (the card just obtained) / 展示一张手牌 (his pick among his own: show_chosen)
    _verb("展示", "Show", ("show_card", "show_chosen")),
    # whether the suits differ is not up to the owner: like a judgement's result
    _verb("比较花色", "SuitBranch", (), gate="chance"),
    _verb("跳过阶段", "SkipPhase", ("skip_phase",)),
    # 将此牌移动至下家的判定区 (闪电): the delayed trick being resolved moves on to the next
    # player who can take it (delayed_card: the card, e.g. the one 闪电's damage is of)
    _verb("移至下家判定区", "PassDelayed", ("pass_delayed", "delayed_card"), no_one=True),
    # 横置X / 重置X (铁索连环): X's general card enters / leaves the chained state
    _verb("横置", "Chain", ("chain",)),
    _verb("重置", "ResetChain", ("unchain",)),
    _verb("无视防具", "IgnoreArmor", ("ignore_armor",), windows=("指定目标后",)),
    # 叠置 (翻面): the card turns over; a face-down player's next turn is skipped
    # 选择一至两项 (神速): the chosen options' effects, each then the per-choice ones
    _verb("选择若干项", "ChooseItems", ("choose_options",), gate="choice"),
    # 视为对一名其他角色使用一张【杀】: the user picks the target (no distance limit)
    _verb("视为对其使用", "VirtualUse", ("view_as_use_on",), card_windows=True),
    # 转移此伤害给一名其他角色 (天香): the damage is prevented and its source deals it to him
    _verb("转移伤害", "TransferDamage", ("transfer_damage", "choose_players"), hp_falls=True, whose=(("*", "to"),),
          windows=("受到伤害时",), owner_only=True),
    # 观看一名其他角色的手牌，然后你可以展示其中一张红桃牌，将之弃置或置于牌堆顶 (攻心)
    _verb("观看手牌", "LookAtHand", ("look_at_hand",)),
    _verb("展示其中", "ShowAmong", ("show_among",)),
    _verb("弃置或置于牌堆顶", "DisposeShown", ("discard_or_put_on_pile",)),
    # 亮出牌堆顶的五张牌，然后获得其中每种花色的牌各一张，将其余的牌置入弃牌堆 (涉猎)
    _verb("亮出牌堆顶", "RevealTop", ("reveal_top",), no_one=True),
    _verb("置入弃牌堆", "PutRestDiscard", ("put_into_discard_pile",)),
    # 伤害来源获得一枚“梦魇”标记 / 令拥有“梦魇”标记最多的一名其他角色… / 该角色死亡 (武魂)
    _verb("标记", "GainMark", ("add_mark",)),
    _verb("死亡", "Die", ("kill",)),
    _verb("叠置", "TurnOver", ("turn_over",), frames=("turnover",), params=()),
    _verb("视为使用", "ViewAsUse", ("view_as_use", "can_use_on"), card_windows=True),
    # 从牌堆顶亮出一张牌置于你的武将牌上 (不屈): a pile on the general card, named by the skill
    _verb("置于武将牌上", "RevealToPile", ("put_on_general",)),
    # 若…，… of an effect: the conditions the emitter compiles (check.EFFECT_CONDITIONS: the
    # numbers of the cards on a general card, the outcome of a declared card's questions) are
    # tested by these queries; an outcome no one picks
    _verb(
        "若", "Conditional", ("pile_number_new", "questioned", "declared_true", "declared_false", "declared_card"),
        gate="chance",
    ),
    # 你不会死去 at 扣减体力时: the rules start no 濒死 for this deduction
    _verb("不会死去", "WillNotDie", ("prevent_death",), windows=("扣减体力时",)),
    _verb("进入濒死", "EnterDying", ("enter_dying",)),
    # 你亮出此牌 / 将此牌置入弃牌堆 after a declared card's questions (蛊惑: runtime.flows.question)
    _verb("亮出此牌", "RevealDeclared", ("reveal_declared",)),
    _verb("此牌作废", "VoidDeclared", ("void_declared_use",)),
    # 视为你使用或打出一张【闪】 at 需要牌时 (八卦阵): the card asked for; its use or play
    # is the request's, whose flow opens the card's windows
    _verb("视为使用或打出", "Provide", ("provide_card",), windows=("需要牌时",), owner_only=True),
    # 此【杀】依然造成伤害 at 杀被闪抵消时 (贯石斧): the offset 杀 goes on to its damage step,
    # which the 杀's own flow runs after the window (the action only marks it)
    _verb("依然造成伤害", "ForceHit", ("force_hit",), frames=("force_hit",)),
    # 对<目标>使用一张【杀】 (青龙偃月刀): the actor may use such a card (from the hand or
    # by a conversion) on that target — a use with all its windows; declining is the
    # request's 取消, so a 你可以 on it asks nothing more (``decides``); 需对<目标>使用一张【杀】，
    # 否则… (借刀杀人): the request and the use in one (use_card_on), its refusal the 否则's
    _verb("使用牌", "UseCard", ("ask_use_card_on", "use_chosen_card", "can_use_card_on", "use_card_on"),
          card_windows=True, decides=True),
    # 目标角色需打出一张【杀】 / 需使用一张【闪】 (南蛮入侵, 万箭齐发): a request for a card with
    # no target — its answer is the card's use or play (the flows open its windows); he may
    # refuse (``decides``), which is what a 否则 after it waits for
    _verb("打出牌", "AnswerCard", ("ask_for_card",), decides=True),
    # X需A，否则B: no action of its own — B when A's request is refused, so A must be a
    # verb that ``decides`` (the capability pass checks it); X picks between the two
    _verb("否则", "DoOrElse", (), gate="choice"),
    # X可以A，若如此做，B: no action of its own — B when A was done, so A must be a verb
    # whose action says so (an optional discard; the capability pass allows no other)
    _verb("若如此做", "IfDone", (), gate="choice"),
    # X与Y轮流打出一张【杀】，首先未打出的一方… (决斗): the requests one after another, until
    # one is refused; what follows is reached by the players' choices
    _verb("轮流", "TakeTurns", ("take_turns",), gate="choice"),
) + tuple(
    # coverage (seed 004 国战 and 风): verbs the IR has and the runtime cannot run yet;
    # each names the runtime action it needs (a new mechanic = grammar rule + IR node +
    # runtime action: the first two are here, the third is what ``needs`` names)
    Verb(word, node, (), (), needs, gate=_GATES.get(word, ""))
    for word, node, needs in (
        ("拼点", "Pindian", ("pindian",)),
        ("延时", "Delayed", ("delay_until",)),
        ("平置", "FaceUp", ("face_up",)),
        ("回复至", "RecoverTo", ("set_hp",)),
        ("取消目标", "CancelTarget", ()),  # the runtime has cancel_target: only the emitter is missing
        ("额外回合", "ExtraTurn", ("extra_turn",)),
        ("获得技能", "GainRules", ("grant_rules",)),
        ("补牌", "FillHand", ("fill_hand",)),
        ("置入装备区", "PutIntoEquip", ("put_into_equip",)),
        ("移动牌", "MoveCard", ("move_card",)),
        ("不能使用", "ForbidUse", ("forbid_use",)),
        ("不能成为目标", "CannotBeTarget", ("prohibit_target",)),
        ("无效", "NullifyCard", ()),  # nullify_for exists (仁王盾): only the emitter is missing
        ("明置", "ShowGeneral", ("show_general",)),
        ("不能明置", "ForbidShow", ("forbid_show",)),
        ("暗置", "HideGeneral", ("hide_general",)),
        ("额外目标", "ExtraTarget", ("add_target",)),
        ("失去技能", "LoseSkills", ("lose_all_skills",)),
        ("交换手牌", "SwapHands", ("swap_hands",)),
        ("结束阶段", "EndPhase", ("end_phase",)),
        ("每有一张", "ForEachRevealed", ("count_revealed",)),
        ("弃置亮出的牌", "DiscardRevealed", ("discard_revealed",)),
        ("可当使用", "GrantConversion", ("grant_view_as",)),
        ("返回手牌", "ReturnDiscarded", ("return_from_discard_pile",)),
        ("视为装备", "ViewAsEquipped", ("equip_as",)),
        ("距离视为", "SetDistance", ("set_distance",)),
        ("跳过一个阶段", "SkipAnyPhase", ("choose_phase_to_skip",)),
        ("判定分支", "JudgeCases", ("judge_cases",)),
        ("交给所指的牌", "GiveRef", ("give_event_card",)),
    )
) + tuple(
    # verbs of the register grammar (grammar/register/30_verbs.lark) that neither the typed IR
    # nor the runtime has yet: a Call of the action named in ``needs``, bound by ``params``, so
    # the capability pass names the verb (W0701 in check, E0503 in compile)
    Verb(word, "Call", (), (), needs, frames=(frame,), params=params)
    for word, frame, needs, params in (
        # 竖置你的体力牌: a card of the player's own stood upright
        ("竖置", "upright", ("stand_upright",), (("cards", "cards"),)),
        # 猜测其手牌中…的牌数: a guess at hidden cards (猜对 / 猜错 follow)
        ("猜测", "guess", ("guess",), (("what", "cards"),)),
        # 书写一册“天书”: a named book written for the player
        ("书写", "write", ("write_book",), (("what", "cards"),)),
        # 保留每种花色的手牌各一张: the cards kept, the rest of the hand goes
        ("保留", "keep", ("keep_cards",), (("cards", "cards"),)),
        # 删去“…”: words struck out of a skill's text (修改〖X〗（删去“…”）)
        ("删去", "strike", ("edit_skill_text",), (("what", "cards"),)),
    )
)

#: ``sgs explain``'s templates, per verb word: (Chinese, English[, (node, zh, en)…]).
#: Slots name fields of the IR node and are rendered by type (:mod:`.reading`): a
#: player phrase, cards, a count, nested effects (joined 然后 / then) or options;
#: ``{cards:drawn}`` cards drawn from the pile (no zone), ``{delta:signed}`` +1/-1;
#: ``{may}`` 可以 / "may "
#: where the text makes the effect optional (never for a cost); ``{f?yes|no}`` yes
#: when field ``f`` is set (``%`` in it stands for the value), else no.
EXPLAIN: Mapping[str, tuple[Any, ...]] = MappingProxyType({
    "摸牌": ("{actor}{may}摸{cards:drawn}", "{actor} {may}draw(s) {cards:drawn}"),
    "弃置": ("{actor}{may}弃置{cards}", "{actor} {may}discard(s) {cards}"),
    "获得": ("{actor}{may}获得{what}", "{actor} {may}obtain(s) {what}"),
    "交给": ("{actor}{may}将{cards}交给{to}", "{actor} {may}give(s) {cards} to {to}"),
    "回复体力": ("{actor}回复{amount}点体力", "{actor} recover(s) {amount} hp"),
    "额外回复体力": ("{actor}额外回复{amount}点体力", "{actor} recover(s) {amount} more hp"),
    "失去体力": ("{actor}{may}失去{amount}点体力", "{actor} {may}lose(s) {amount} hp"),
    "加体力上限": ("{actor}{may}加{amount}点体力上限", "{actor} {may}gain(s) {amount} max hp"),
    "减体力上限": ("{actor}{may}减{amount}点体力上限", "{actor} {may}lose(s) {amount} max hp"),
    "造成伤害": (
        "{source}对{target}造成{amount}点{nature?%|}伤害", "{source} deal(s) {amount} {nature?% |}damage to {target}",
    ),
    "判定": (
        "{actor}{may}进行一次判定", "{actor} {may}perform(s) a judgement",
        ("JudgeBranch", "{judge}；若{test}：{then}{otherwise?；否则：%|}", "{judge}; if {test}: {then}{otherwise?; otherwise: %|}"),
        (
            "JudgeAgain", "{actor}{may}再次进行判定，直到出现{until}的判定结果为止",
            "{actor} {may}judge(s) again, until the result is {until}",
        ),
    ),
    "选择一项": ("{actor}选择一项：{options}", "{actor} choose(s) one: {options}"),
    "改判": ("{actor}{may}{mode}{cards}代替判定牌", "{actor} {may}{mode} {cards} to replace the judgement card"),
    "不可被响应": ("此{card}不可被{by}响应", "this {card} cannot be answered with {by}"),
    "需连续响应": (
        "{actor}需连续{mode}{count}张{card}才能抵消", "{actor} must {mode} {count} {card} in a row to offset it",
    ),
    "达到张数": (
        "当你于此阶段给出的牌{first_time?首次|}达到{count}张时：{then}",
        "when the cards you gave away this phase {first_time?first |}reach {count}: {then}",
    ),
    "改变摸牌数": ("{actor}摸牌阶段摸牌数{delta:signed}", "{actor} draw(s) {delta:signed} card(s) in the draw phase"),
    "伤害加成": ("{actor}使用的{cards}造成的伤害{delta:signed}", "damage of the {cards} {actor} use(s): {delta:signed}"),
    "下一张伤害加成": ("{actor}{phase?此阶段|本回合}使用的下一张{card}造成的伤害{delta:signed}",
                "damage of the next {card} {actor} use(s) {phase?this phase|this turn}: {delta:signed}"),
    "选择角色": ("{actor}{may}选择角色：{who}", "{actor} {may}choose(s) players: {who}"),
    "观看牌堆顶": ("{actor}{may}观看牌堆顶的{count}张牌", "{actor} {may}look(s) at the top {count} cards of the draw pile"),
    "分配牌": (
        "{actor}将观看的{count?其中%张|另一张}牌交给{to}", "{actor} give(s) {count?%|the other} of the cards looked at to {to}",
    ),
    "置于牌堆": (
        "{actor}将{rest?其余|其中任意数量的}牌以任意顺序置于牌堆{bottom?底|顶}",
        "{actor} put(s) {rest?the rest|any number} of them on the {bottom?bottom|top} of the draw pile, in any order",
    ),
    "转移目标": ("{actor}{may}将此{card}转移给{to}", "{actor} {may}transfer(s) this {card} to {to}"),
    "选择花色": ("{actor}选择一种花色", "{actor} name(s) a suit"),
    "展示": ("{actor}展示{cards?%|之}", "{actor} show(s) {cards?%|it}"),
    "比较花色": (
        "若此牌的花色与所选的{differs?不同|相同}：{then}", "if the card's suit is {differs?not |}the one named: {then}",
    ),
    "跳过阶段": ("{actor}{may}跳过{phase}", "{actor} {may}skip(s) the {phase}"),
    "移至下家判定区": ("将此牌移动至下家的判定区", "the card moves on to the next player's judge area"),
    "无视防具": ("无视{whose}的防具", "{whose} armour is ignored"),
    "视为使用": ("{actor}{may}视为使用一张{card}", "{actor} {may}use(s) a virtual {card}"),
    "视为使用或打出": ("视为{actor}{mode}一张{card}", "{actor} {mode} a virtual {card} (the card asked for)"),
    "拼点": ("{actor}{may}与{target}拼点", "{actor} {may}compare(s) cards (拼点) with {target}"),
    "若": ("若{cond}：{then}", "if {cond}: {then}"),
    "否则": ("需{do}，否则{otherwise}", "{do} is required, or else {otherwise}"),
    "若如此做": ("{do}，若如此做：{then}", "{do}; if done: {then}"),
    "打出牌": ("{actor}{mode}一张{card}", "{actor} {mode} a {card}"),
    "轮流": (
        "{actor}与{partner}轮流{do}（由{actor}开始），首先未做到的一方：{then}",
        "{actor} and {partner} take turns: {do} ({actor} first); the first who does not: {then}",
    ),
    "延时": ("在{window}：{effects}", "at {window}: {effects}"),
    "叠置": ("{actor}{may}将武将牌叠置", "{actor} {may}turn(s) the general card face down"),
    "平置": ("{actor}{may}将武将牌平置", "{actor} {may}turn(s) the general card face up"),
    "重置": ("{actor}{may}被重置", "{actor} {may}become(s) unchained (重置)"),
    "横置": ("{actor}{may}被横置", "{actor} {may}become(s) chained (横置)"),
    "回复至": ("{actor}将体力回复至{hp}点", "{actor} recover(s) to {hp} hp"),
    "取消目标": ("{actor}{may}取消之（不再是此牌的目标）", "{actor} {may}cancel(s) it (no longer a target)"),
    "转移伤害": ("{actor}{may}将此伤害转移给{to}", "{actor} {may}transfer(s) the damage to {to}"),
    "额外回合": ("{actor}进行一个额外的回合", "{actor} take(s) an extra turn"),
    "选择若干项": (
        "{actor}{may}选择{low}至{high}项：{options}{per_choice?；每选择一项：%|}",
        "{actor} {may}choose(s) {low} to {high} of: {options}{per_choice?; for each chosen: %|}",
    ),
    "视为对其使用": ("{actor}视为对{targets}使用一张{card}", "{actor} use(s) a virtual {card} on {targets}"),
    "使用牌": ("{actor}{may}对{target}使用一张{card}", "{actor} {may}use(s) a {card} on {target}"),
    "获得技能": ("{actor}获得以下技能直到{until}：{rules}", "{actor} gain(s) until {until}: {rules}"),
    "标记": ("{actor}获得{count}枚“{mark}”标记", "{actor} gain(s) {count} “{mark}” mark(s)"),
    "补牌": (
        "{actor}将手牌补至体力上限{cap?（最多补至%张）|}", "{actor} draw(s) up to the max hp{cap? (at most %)|}",
    ),
    "置入装备区": ("{actor}{may}将{cards}置于{to}的装备区", "{actor} {may}put(s) {cards} into {to}'s equipment area"),
    "移动牌": ("{actor}{may}将{owner?%的|}{cards}移动{to?给%|}", "{actor} {may}move(s) {cards}{owner? of %|}{to? to %|}"),
    "不能使用": ("{actor}不能使用{card}{until_turn_end?，直到回合结束|}", "{actor} cannot use {card}{until_turn_end? until the end of the turn|}"),
    "不能成为目标": ("{actor}不能成为{cards}的目标", "{actor} cannot be the target of {cards}"),
    "无效": ("此{card}对{for_}无效", "this {card} has no effect on {for_}"),
    "改变伤害": ("此伤害{delta:signed}", "the damage changes by {delta:signed}"),
    "防止伤害": ("{actor}{may}防止此伤害", "{actor} {may}prevent(s) the damage"),
    "防止多余伤害": ("{actor}{may}防止多余的伤害", "{actor} {may}prevent(s) the damage beyond 1"),
    "依然造成伤害": ("此【杀】依然造成伤害", "the slash (杀) still deals its damage"),
    "明置": ("{actor}{may}明置武将牌", "{actor} {may}reveal(s) the general card"),
    "不能明置": ("{actor}不能明置武将牌", "{actor} cannot reveal the general card"),
    "暗置": ("{actor}暗置{whose}的一张武将牌", "{actor} hide(s) a general card of {whose}"),
    "额外目标": ("{actor}{may}额外指定{who}为目标", "{actor} {may}add(s) {who} as a target"),
    "失去技能": ("{actor}失去当前所有的技能", "{actor} lose(s) all current skills"),
    "交换手牌": ("{actor}交换他们的手牌", "{actor} swap their hands"),
    "结束阶段": ("{actor}结束{phase}", "{actor} end(s) the {phase}"),
    "进入濒死": ("{actor}进入濒死状态", "{actor} enter(s) the dying state"),
    "不会死去": ("{actor}不会死去", "{actor} do(es) not die"),
    "死亡": ("{actor}死亡", "{actor} die(s)"),
    "亮出牌堆顶": ("{actor}{may}亮出牌堆顶的{count}张牌", "{actor} {may}reveal(s) the top {count} cards of the draw pile"),
    "置于武将牌上": ("{actor}从牌堆顶亮出{count}张牌置于武将牌上", "{actor} put(s) the top {count} card(s), revealed, on the general card"),
    "每有一张": ("其中每有一张{pattern?%|}牌：{then}", "for each {pattern?% |}card among them: {then}"),
    "弃置亮出的牌": ("{actor}弃置这些{pattern?%|}牌", "{actor} discard(s) these {pattern?% |}cards"),
    "观看手牌": ("{actor}{may}观看{whose}的手牌", "{actor} {may}look(s) at the hand of {whose}"),
    "展示其中": ("{actor}{may}展示其中{cards}", "{actor} {may}show(s) {cards} among them"),
    "弃置或置于牌堆顶": ("{actor}将之弃置或置于牌堆顶", "{actor} discard(s) it or put(s) it on top of the draw pile"),
    "可当使用": ("{actor}的手牌均可当{card}{mode}", "{actor}'s hand cards can be used as {card} ({mode})"),
    "返回手牌": ("{actor}将{cards}从弃牌堆返回{to}的手牌", "{actor} return(s) {cards} from the discard pile to {to}'s hand"),
    "置入弃牌堆": ("{actor}将其余的牌置入弃牌堆", "{actor} put(s) the rest into the discard pile"),
    "视为装备": ("{actor}视为装备着{card}", "{actor} count(s) as equipped with {card}"),
    "弃置他人的牌": ("{actor}{may}弃置{owner}的{cards}", "{actor} {may}discard(s) {cards} of {owner}"),
    "距离视为": ("{actor}与{to}的距离视为{value}", "{actor}'s distance to {to} counts as {value}"),
    "跳过一个阶段": ("{actor}{may}跳过一个阶段（{excluded}除外）", "{actor} {may}skip(s) one phase (not {excluded})"),
    "判定分支": ("判定结果为：{cases}", "by the judgement's result: {cases}"),
    "亮出此牌": ("{actor}亮出此牌", "{actor} reveal(s) the card"),
    "此牌作废": ("将此牌置入弃牌堆（此次使用作废）", "the card goes into the discard pile (the use is void)"),
    "交给所指的牌": ("{actor}{may}将{what}交给{to}", "{actor} {may}give(s) {what} to {to}"),
    "竖置": ("{actor}{may}竖置{cards}", "{actor} {may}stand(s) {cards} upright"),
    "猜测": ("{actor}{may}猜测{what}", "{actor} {may}guess(es) {what}"),
    "书写": ("{actor}{may}书写{what}", "{actor} {may}write(s) {what}"),
    "保留": ("{actor}{may}保留{cards}", "{actor} {may}keep(s) {cards}"),
    "删去": ("{actor}{may}删去{what}", "{actor} {may}strike(s) {what} out"),
})


def _with_explain(v: Verb) -> Verb:
    zh, en, *more = EXPLAIN[v.word]  # a verb without templates is an import-time error
    return replace(v, explain_zh=zh, explain_en=en, explain_more=tuple(more))


VERBS: Mapping[str, Verb] = MappingProxyType({v.word: _with_explain(v) for v in _TABLE})


def verb_of(effect: ir.Effect) -> Verb:
    """The table entry of an IR effect (by its ``verb``: the class's, or a Call's own)."""
    return VERBS[effect.verb]


_BY_FRAME: Mapping[str, Verb] = MappingProxyType({f: v for v in VERBS.values() for f in v.frames})


def verb_of_frame(frame: str) -> Verb | None:
    """The verb the register grammar's frame ``act_<frame>`` is read as, if any."""
    return _BY_FRAME.get(frame)
