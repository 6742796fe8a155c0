"""The event families' stage tables: what the verb table derives from them, and the
order in which real games open each event's windows (the table's)."""

from __future__ import annotations

from collections import defaultdict
from typing import Any, Iterator

import pytest

import sgs.runtime.actions as actions
from sgs.compiler import load_pool
from sgs.compiler.verbs import VERBS
from sgs.runtime import effects
from sgs.runtime.drives import DRIVES, opens_of
from sgs.runtime.events import (
    CardResponseEvent,
    CardsMoveEvent,
    CardUseEvent,
    DamageEvent,
    DeathEvent,
    DyingEvent,
    GameStartEvent,
    HpDeductEvent,
    JudgeEvent,
    LoseHpEvent,
    PhaseEvent,
    RecoverEvent,
    SlashEffectEvent,
    TurnEvent,
)
from sgs.runtime.flows import (
    DAMAGE_STAGES,
    DEATH_STAGES,
    DYING_STAGES,
    JUDGE_STAGES,
    LOSE_HP_STAGES,
    MOVE_STAGES,
    PHASE_TABLE,
    RECOVER_STAGES,
    RESPOND_STAGES,
    TURN_STAGES,
    USE_STAGES,
)
from sgs.runtime.game import Game
from sgs.runtime.modes.identity import run_identity_game, setup_identity_game
from sgs.runtime.skills import SkillContext, TriggerSkill
from sgs.runtime.stages import FAMILIES, Stages, Step, Unless, Window, windows_of
from sgs.runtime.timing import Scope, Timing


def test_every_action_says_what_it_drives() -> None:
    assert set(DRIVES) == set(actions.__all__)


def test_the_verb_table_opens_what_the_stage_tables_say() -> None:
    for word, verb in VERBS.items():
        assert set(verb.opens) == {t.value for t in opens_of(verb.actions)}, word


def test_every_card_effect_has_its_family() -> None:
    for name, effect in effects.EFFECTS.items():
        fam = FAMILIES[effects.CARD_FAMILIES[name]]
        fns = {s.fn for s in fam if isinstance(s, Step)}
        assert effect in fns or name.value.endswith("杀"), name


def test_a_use_of_slash_reaches_damage_and_dying_but_not_death() -> None:
    opened = windows_of("使用牌", cards=[effects.CardName.SLASH], card_families=effects.CARD_FAMILIES)
    assert Timing.DAMAGED in opened and Timing.DYING in opened
    assert Timing.DEATH not in opened and Timing.DIED not in opened  # the rules' doing, not the card's


def _order(stages: Stages) -> list[Timing]:
    """The table's windows in order, those of the families its steps lead to in place
    (the draw phase's 摸牌阶段摸牌时 opens on the phase's own event)."""
    out: list[Timing] = []
    for s in stages:
        if isinstance(s, Window):
            out.append(s.timing)
        elif isinstance(s, Unless):
            out.extend(_order(s.stages))
        elif isinstance(s, Step):
            for t in s.then:
                out.extend(_order(FAMILIES[t.family]))
    return out


def _table_of(ev: object) -> Stages:
    if isinstance(ev, PhaseEvent):
        return next(r.stages for r in PHASE_TABLE if r.phase is ev.phase)
    by_type: list[tuple[type, Stages]] = [
        (DamageEvent, DAMAGE_STAGES),
        (RecoverEvent, RECOVER_STAGES),
        (LoseHpEvent, LOSE_HP_STAGES),
        (HpDeductEvent, FAMILIES["扣减体力"]),
        (JudgeEvent, JUDGE_STAGES),
        (DyingEvent, DYING_STAGES),
        (DeathEvent, DEATH_STAGES),
        (CardUseEvent, USE_STAGES),
        (SlashEffectEvent, FAMILIES["杀的效果"]),
        (TurnEvent, TURN_STAGES),
        (CardsMoveEvent, MOVE_STAGES),
        (CardResponseEvent, RESPOND_STAGES),
        (GameStartEvent, FAMILIES["游戏开始"]),
    ]
    return next(st for t, st in by_type if isinstance(ev, t))


@pytest.fixture
def opened(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[int, tuple[object, list[Timing]]]]:
    seen: dict[int, tuple[object, list[Timing]]] = {}
    original = Game.trigger

    def trigger(self: Game, timing: Timing, subject: Any, event: Any, target: Any = None) -> None:
        seen.setdefault(id(event), (event, []))[1].append(timing)
        original(self, timing, subject, event, target)

    monkeypatch.setattr(Game, "trigger", trigger)
    yield seen


class _Everywhere(TriggerSkill):
    """Listens on every window (so each one really opens); never fires."""

    name = "探针"
    pinyin = "tanzhen"
    timings = tuple(Timing)
    scope = Scope.ANY
    optional = False

    def can_trigger(self, ctx: SkillContext) -> bool:
        return False


def test_games_open_each_events_windows_in_its_tables_order(opened: dict[int, tuple[object, list[Timing]]]) -> None:
    pool = load_pool()
    checked: defaultdict[str, int] = defaultdict(int)
    for seed in range(40):
        opened.clear()
        game = setup_identity_game(pool.generals, 5, seed, equipment=pool.equipment, card_effects=pool.card_effects)
        game.add_skill(game.players[0], _Everywhere(game.players[0]))
        run_identity_game(game)
        for ev, timings in opened.values():
            order = _order(_table_of(ev))
            where = [order.index(t) for t in timings]
            assert where == sorted(where), (type(ev).__name__, [t.value for t in timings])
            checked[type(ev).__name__] += 1
    assert {
        "TurnEvent",
        "PhaseEvent",
        "DrawPhaseEvent",
        "CardUseEvent",
        "SlashEffectEvent",
        "DamageEvent",
        "DyingEvent",
        "DeathEvent",
        "JudgeEvent",
        "CardsMoveEvent",
        "CardResponseEvent",
        "RecoverEvent",
    } <= set(checked), dict(checked)
