"""A declared use (扣置并声明) and 质疑 — 蛊惑.

A :class:`DeclaredSkill` is a view-as skill whose card is put face
down and declared as the named card.  Before that card is used or played,
:data:`QUESTION_STAGES` runs: the card goes face down into the processing area (its
owner loses it); the other living players, in seat order from the user, are each
asked whether to 质疑 (the questioning window: options 不质疑 / 质疑); then the
skill's own text after it (:meth:`DeclaredSkill.after_questions`: 亮出此牌, 若为真/为假,
who loses hp or draws, whether the card is put into the discard pile).  A card put
into the discard pile there is void: seed 000 (于吉) says such a card counts as never
used or played, so the caller drops the use (no 杀 counted, no target, no window of a
use), and an answer that was asked for is asked again.

Actions for the skill's text (:mod:`sgs.runtime.api`): :func:`questioned`,
:func:`questioners`, :func:`reveal_declared`, :func:`declared_true`,
:func:`declared_false`, :func:`declared_card`, :func:`void_declared_use`.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, ClassVar

from .. import members as _M
from ..cards import Card, CardName, VirtualCard
from ..decisions import Decision, DecisionKind, Option
from ..events import Event
from ..player import Player
from ..skills import SkillContext, ViewAsSkill
from ..stages import LOSER, Step, Then, family

if TYPE_CHECKING:
    from ..game import Game

__all__ = [
    "DeclaredSkill",
    "QUESTION_STAGES",
    "QuestionEvent",
    "NO_QUESTION",
    "QUESTION",
    "declare",
    "questioned",
    "questioners",
    "reveal_declared",
    "declared_true",
    "declared_false",
    "declared_card",
    "void_declared_use",
    "deck_names",
]

NO_QUESTION = "不质疑"
QUESTION = "质疑"


class DeclaredSkill(ViewAsSkill):
    """扣置一张手牌当…使用或打出，其他角色可以质疑此牌 (蛊惑): a view-as skill whose card
    is put face down and declared; before it is used or played the other players may
    质疑 it (:data:`QUESTION_STAGES`).  ``card_names``: what may be declared (only names
    of the game's deck are offered); ``after_questions(ctx)`` — the skill's text after
    the questions (``ctx.event``: the :class:`QuestionEvent`): 亮出此牌, 若为真/为假 …;
    it may make the card void (not used, as if never played)."""

    def card_filter(self, ctx: SkillContext, card: Card, as_name: CardName) -> bool:
        return as_name in deck_names(ctx.game)

    def after_questions(self, ctx: SkillContext) -> None:
        return None


@dataclass(eq=False, slots=True)
class QuestionEvent(Event):
    """One declared card being questioned: ``user``, ``card`` (the declared card, face
    down until revealed), ``skill``; ``questioners`` in the order they were asked,
    ``revealed`` (亮出此牌 done), ``void`` (put into the discard pile: not used)."""

    kind: ClassVar[str] = "质疑"
    user: Player
    card: VirtualCard
    skill: DeclaredSkill
    questioners: list[Player] = field(default_factory=list)
    revealed: bool = False
    void: bool = False


def _ask(game: Game, ev: QuestionEvent) -> None:
    """The questioning window: every other living player, in seat order from the user."""
    user, name = ev.user, ev.card.name.value
    for p in game.alive_from(user)[1:]:
        d = Decision(
            DecisionKind.OPTION,
            p,
            f"{user.tag} 以【{ev.skill.name}】声明了【{name}】：是否质疑",
            (Option(NO_QUESTION), Option(QUESTION)),
            about=QUESTION,
            extra={"declarer": str(user.seat), "declared": name},
        )
        if game.ask(d)[0] == 1:
            ev.questioners.append(p)
            game.log_event("质疑", f"{game.tag(p)} 质疑{user.tag}的【{name}】", player=p.seat, target=user.seat)
    if not ev.questioners:
        game.log_event("无人质疑", f"无人质疑{game.tag(user)}的【{name}】", player=user.seat)


def _settle(game: Game, ev: QuestionEvent) -> None:
    """The skill's text after the questions (亮出此牌, 若为真 …)."""
    ev.skill.after_questions(SkillContext(game, ev.user, ev.skill, None, ev))


QUESTION_STAGES = family(
    "质疑",
    Then("移动牌", "扣置的牌置入处理区", roles=frozenset({LOSER})),
    Step(_ask),
    Step(_settle),
)


def declare(game: Game, user: Player, card: VirtualCard, skill: DeclaredSkill) -> bool:
    """Put ``card``'s subcards face down and question it (:data:`QUESTION_STAGES`);
    True when the card goes on to be used or played as declared (it stays in the
    processing area: the use or the answer takes it from there), False when it was
    void.  ``card.face_down`` hides its subcards in the log until it is revealed."""
    card.face_down = True
    phys = [c for c in card.physical() if game.loc[c.id][1] is user]
    game.log_event(
        "声明",
        f"{game.tag(user)} 发动【{skill.name}】，扣置{len(phys)}张手牌，声明为【{card.name.value}】",
        player=user.seat,
        skill=skill.name,
        card=card.name.value,
    )
    # the table's first stage (the face-down move) is done here: the event does not carry the cards
    game.move_cards(phys, _M.Zone.PROCESSING, None, _M.MoveReason.PUT, user)
    ev = QuestionEvent(user, card, skill)
    QUESTION_STAGES.run(game, ev)
    if ev.void:
        game.clear_processing(phys)
    return not ev.void


def _event(ctx: SkillContext) -> QuestionEvent:
    ev = ctx.event
    if not isinstance(ev, QuestionEvent):
        raise TypeError(f"not in a 质疑 (event: {type(ev).__name__})")
    return ev


def questioned(ctx: SkillContext) -> bool:
    """若有角色质疑: someone questioned the declared card."""
    return bool(_event(ctx).questioners)


def questioners(ctx: SkillContext) -> list[Player]:
    """质疑者: those who questioned, in seat order from the user, still alive."""
    return [p for p in _event(ctx).questioners if p.alive]


def declared_card(ctx: SkillContext) -> Card:
    """此牌: the physical card put face down (the declared card has one)."""
    return _event(ctx).card.subcards[0]


def reveal_declared(ctx: SkillContext) -> None:
    """亮出此牌: the face-down card is turned up (logged with the verdict)."""
    ev = _event(ctx)
    if ev.revealed:
        return
    ev.revealed = True
    ev.card.face_down = False
    game, real = ctx.game, declared_card(ctx)
    verdict = "真" if real.name is ev.card.name else "假"
    game.log_event(
        "亮出",
        f"{game.tag(ev.user)} 亮出 {real.label}（声明为【{ev.card.name.value}】：{verdict}）",
        player=ev.user.seat,
        card=real.label,
    )


def declared_true(ctx: SkillContext) -> bool:
    """若为真: the revealed card is the card declared."""
    ev = _event(ctx)
    return ev.revealed and declared_card(ctx).name is ev.card.name


def declared_false(ctx: SkillContext) -> bool:
    """若为假: the revealed card is not the card declared."""
    ev = _event(ctx)
    return ev.revealed and declared_card(ctx).name is not ev.card.name


def void_declared_use(ctx: SkillContext) -> None:
    """将此牌置入弃牌堆 (此牌作废): the card goes to the discard pile and is not used or
    played (it counts as never used)."""
    ev = _event(ctx)
    if ev.void:
        return
    ev.void = True
    game = ctx.game
    cards = [c for c in ev.card.physical() if game.loc[c.id][0] is _M.Zone.PROCESSING]
    shown = "、".join(c.label for c in cards) if ev.revealed else f"{len(cards)}张扣置的牌"
    game.log_event(
        "作废",
        f"{game.tag(ev.user)} 的【{ev.card.name.value}】作废，{shown}置入弃牌堆",
        player=ev.user.seat,
        cards=[c.label for c in cards] if ev.revealed else [],
    )
    game.clear_processing(cards)


_DECK_NAMES: weakref.WeakKeyDictionary[Game, frozenset[CardName]] = weakref.WeakKeyDictionary()


def deck_names(game: Game) -> frozenset[CardName]:
    """The card names of ``game``'s deck (a declaration names a card of the game)."""
    names = _DECK_NAMES.get(game)
    if names is None:
        names = _DECK_NAMES[game] = frozenset(c.name for c in game.deck)
    return names
