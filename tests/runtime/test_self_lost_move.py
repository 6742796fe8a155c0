"""失去装备区里的此牌后 (白银狮子) belongs to the move that took the card: it resolves
after that move's windows, with that move as its event — not early, inside a move nested
in one of them (枭姬's draw), with an event rebuilt from where the card is now.

Played from the two scenario files of tests/scenarios/maneuvering (their logs assert the
order); here, the event each 白银狮子 resolution received and what 孙尚香 held then."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import sgs.runtime.flows.move as move
from sgs.compiler.scenario import run_scenario_file
from sgs.runtime.events import CardsMoveEvent
from sgs.runtime.timing import Timing
from sgs.runtime.zones import MoveReason, Zone

SCENARIOS = Path(__file__).resolve().parent.parent / "scenarios" / "maneuvering"


def _self_lost_calls(monkeypatch: pytest.MonkeyPatch, name: str) -> list[tuple[str, CardsMoveEvent, list[str]]]:
    """Run scenario ``name``; each 失去装备区里的此牌后 resolution: the skill, its event,
    and its former owner's hand at that moment."""
    calls: list[tuple[str, CardsMoveEvent, list[str]]] = []
    real = move.resolve_alone

    def spy(game: Any, sk: Any, timing: Timing, ev: Any) -> Any:
        if timing is Timing.EQUIP_SELF_LOST:
            calls.append((sk.name, ev, [c.label for c in ev.from_player.hand]))
        return real(game, sk, timing, ev)

    monkeypatch.setattr(move, "resolve_alone", spy)
    report = run_scenario_file(SCENARIOS / name)
    assert report.ok, report.failures
    return calls


def _fields(ev: CardsMoveEvent) -> tuple[object, ...]:
    return (
        [c.label for c in ev.cards],
        ev.from_player and ev.from_player.seat,
        ev.from_zones,
        ev.to_player and ev.to_player.seat,
        ev.to_zone,
        ev.reason,
        ev.by and ev.by.seat,
    )


def test_dismantled_silver_lion_resolves_after_xiaoji_with_the_discard_as_its_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    [(skill, ev, hand)] = _self_lost_calls(monkeypatch, "silver_lion_xiaoji.toml")
    assert skill == "白银狮子"
    assert hand == ["桃♥3", "闪♦2"]  # 枭姬's draw is done
    # 1号位 discarded it (过河拆桥) from 2号位's equipment area to the discard pile
    assert _fields(ev) == (["白银狮子♣A"], 2, [Zone.EQUIP], None, Zone.DISCARD_PILE, MoveReason.DISCARD, 1)


def test_replaced_silver_lion_resolves_after_xiaoji_with_the_replacement_as_its_event(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    [(skill, ev, hand)] = _self_lost_calls(monkeypatch, "silver_lion_xiaoji_replaced.toml")
    assert skill == "白银狮子"
    # 枭姬's draw is done; 藤甲 is not yet in the equipment area (equip moves the old card
    # out first, then the new one in)
    assert hand == ["藤甲♠2", "桃♥3", "闪♦2"]
    # put into the discard pile by its owner, equipping 藤甲
    assert _fields(ev) == (["白银狮子♣A"], 2, [Zone.EQUIP], None, Zone.DISCARD_PILE, MoveReason.PUT, 2)
