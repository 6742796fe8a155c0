"""What each action of ``runtime.api`` drives, and so the windows it can open.

:data:`DRIVES` says, for every action of :mod:`sgs.runtime.actions`, which event families
it starts (a :class:`~sgs.runtime.stages.Then`, with the move roles that are players
for a card move) or which single window of a family (转移目标: the new target's
成为目标时, opened later by the use flow), and for a card use the cards it can be.
The windows themselves come from the families' stage tables: :func:`opens_of` walks
them (:func:`sgs.runtime.stages.windows_of`).  The verb table's ``opens``
(``sgs.compiler.verbs``) is ``opens_of(verb.actions)``, and
``tests/graph/test_verb_drift.py`` measures it against the windows the runtime opens.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Mapping

from . import members as _M
from .cards import CardName
from .effects import CARD_FAMILIES
from .flows.use import CONFIRMING
from .stages import LOSER, RECEIVER, Stages, Then, Window, windows_in
from .timing import Timing

__all__ = ["Drive", "DRIVES", "VIEWED_AS", "opens_of"]


@dataclass(frozen=True, slots=True)
class Drive:
    """The families (or single windows) an action starts; ``cards``: the cards whose
    effects a card use it makes can run."""

    stages: Stages = ()
    cards: tuple[CardName, ...] = ()


_LOSES = frozenset({LOSER})
_GETS = frozenset({RECEIVER})
_MOVES = frozenset({LOSER, RECEIVER})

#: the cards a skill's 视为使用 names today (离间's 决斗; 杀): a new one adds its effect's windows
VIEWED_AS: tuple[CardName, ...] = (_M.CardName.SLASH, _M.CardName.DUEL)

_NOTHING = Drive()

#: action name → what it drives (every name of ``actions.__all__``, a test checks;
#: nothing for the queries, the choices and the flags a window sets on its event)
DRIVES: Mapping[str, Drive] = {
    "draw": Drive((Then("移动牌", roles=_GETS),)),
    "discard": Drive((Then("移动牌", roles=_LOSES),)),
    "ask_discard": Drive((Then("移动牌", roles=_LOSES),)),
    "obtain": Drive((Then("移动牌", roles=_MOVES),)),
    "obtain_from": Drive((Then("移动牌", roles=_MOVES),)),
    "discard_from": Drive((Then("移动牌", roles=_LOSES),)),
    "give": Drive((Then("移动牌", roles=_MOVES),)),
    "give_equipped": Drive((Then("移动牌", roles=_MOVES),)),
    "hand_out": Drive((Then("移动牌", roles=_GETS),)),
    "recover": Drive((Then("回复体力"),)),
    "lose_hp": Drive((Then("失去体力"),)),
    # at 0 max hp: death without 濒死 and without a killer (so no rewards): the death
    # family's windows and the drop of the dead player's cards
    "lose_max_hp": Drive((Window(_M.Timing.DEATH, "player"), Then("移动牌", roles=_LOSES), Window(_M.Timing.DIED, "player"))),
    "damage": Drive((Then("伤害"),)),
    "transfer_damage": Drive((Then("伤害"),)),
    "discard_or_put_on_pile": Drive((Then("移动牌", roles=_LOSES),)),
    "put_into_discard_pile": Drive((Then("移动牌", roles=frozenset()),)),
    # death without 濒死 and without a killer, as at 0 max hp
    "kill": Drive((Window(_M.Timing.DEATH, "player"), Then("移动牌", roles=_LOSES), Window(_M.Timing.DIED, "player"))),
    # 亮出 onto the general card: nobody loses the cards, nobody receives them in hand
    "put_on_general": Drive((Then("移动牌", roles=frozenset()),)),
    "enter_dying": Drive((Then("濒死"),)),
    "judge": Drive((Then("判定"),)),
    # from the processing area into a judge area (or the discard pile): nobody's card moves
    "pass_delayed": Drive((Then("移动牌", roles=frozenset()),)),
    "retrial": Drive((Then("改判"),)),
    "ask_for_card": Drive((Then("打出"), Then("使用牌（响应）"))),
    # 轮流打出一张【杀】 (决斗): the same requests, one after another
    "take_turns": Drive((Then("打出"), Then("使用牌（响应）"))),
    "use_as": Drive((Then("使用牌"),), VIEWED_AS),
    "view_as_use": Drive((Then("使用牌"),), VIEWED_AS),
    "view_as_use_on": Drive((Then("使用牌"),), VIEWED_AS),
    # 对<目标>使用一张【杀】 (青龙偃月刀): a real use, of the cards a skill asks for today
    "use_chosen_card": Drive((Then("使用牌"),), (_M.CardName.SLASH,)),
    # 需对<目标>使用一张【杀】 (借刀杀人): the request and the use in one
    "use_card_on": Drive((Then("使用牌"),), (_M.CardName.SLASH,)),
    "transfer_target": Drive((CONFIRMING,)),
    # 此牌作废: the declared card from the processing area to the discard pile (no one loses it)
    "void_declared_use": Drive((Then("移动牌", roles=frozenset()),)),
    **{
        name: _NOTHING
        for name in (
            "prevent_damage",
            "change_damage",
            "prevent_excess_damage",
            # the 杀's own damage step follows the window: the flag opens nothing itself
            "force_hit",
            "can_use_card_on",
            # the choice of the card only (use_chosen_card uses it; a 激将 helper's 打出
            # inside the request is the request flow's, as for provide_card)
            "ask_use_card_on",
            "prevent_death",
            "pile_number_new",
            "gain_max_hp",
            "turn_over",
            "chain",
            "unchain",
            "look_at_hand",
            "add_mark",
            "marks_of",
            "most_marked",
            "reveal_top",
            "in_processing",
            "show_among",
            "choose_options",
            "ask_invoke",
            "choose_option",
            "choose_players",
            "choose_cards",
            "forbid_jink",
            # the card is the answer of the request being made: its use or play is the
            # requester's (the card's own windows are opened by the flow that asked)
            "provide_card",
            "ignore_armor",
            "require_jinks",
            "require_duel_slashes",
            "nullify_for",
            "skip_phase",
            "delayed_card",
            "cancel_target",
            "distance",
            "attack_range",
            "in_attack_range",
            "is_current",
            "current_player",
            "alive_players",
            "other_players",
            "suit_of",
            "color_of",
            "is_red",
            "is_black",
            "phase_count",
            "add_phase_count",
            "skill_uses",
            "cards_given_this_phase",
            "change_draw_count",
            "skip_draw",
            "add_damage_bonus",
            "next_use_bonus",
            "look_at_top",
            "choose_cards_among",
            "lost_count",
            "cards_used_this_turn",
            "current_phase",
            "arrange_cards",
            "put_on_pile",
            "transfer_candidates",
            "choose_suit",
            "show_card",
            "show_chosen",
            "can_use_on",
            "questioned",
            "questioners",
            "reveal_declared",
            "declared_true",
            "declared_false",
            "declared_card",
        )
    },
}


def opens_of(names: Iterable[str]) -> tuple[Timing, ...]:
    """The windows the actions ``names`` can open, in the order their families' stage
    tables reach them (first appearance).  Raises ``KeyError`` for an unknown action."""
    out: dict[Timing, None] = {}
    for name in names:
        d = DRIVES[name]
        for t in windows_in(d.stages, d.cards, CARD_FAMILIES):
            out.setdefault(t)
    return tuple(out)
