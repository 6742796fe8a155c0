"""Shared helpers for runtime tests."""

from __future__ import annotations

from functools import cache
from typing import Sequence

from sgs.runtime.agents import ScriptedAgent
from sgs.runtime.decisions import Decision
from sgs.runtime.effects import TextEffects
from sgs.runtime.game import EquipmentTable, Game
from sgs.runtime.testing import SeatSpec, build_game
from sgs.runtime.timing import Phase

S = SeatSpec


@cache
def bundled_equipment() -> EquipmentTable:
    """The compiled equipment effects of the bundled ``skills/`` (诸葛连弩, 仁王盾, the
    horses …), which the tables of these tests are played with."""
    from sgs.compiler import load_pool

    return load_pool(None).equipment


@cache
def bundled_card_effects() -> TextEffects:
    """The compiled card effects of the bundled ``skills/`` (无中生有, 过河拆桥 …: the
    锦囊 declarations), which the tables of these tests are played with."""
    from sgs.compiler import load_pool

    return load_pool(None).card_effects


class Recorder(ScriptedAgent):
    """A scripted agent that also records every decision it was asked."""

    def __init__(self, answers: Sequence[str] = ()) -> None:
        super().__init__(answers)
        self.seen: list[Decision] = []

    def choose(self, game: Game, decision: Decision) -> list[int]:
        self.seen.append(decision)
        return super().choose(game, decision)

    def labels(self, kind: str) -> list[list[str]]:
        return [d.labels() for d in self.seen if d.kind.value == kind]


def four(
    s1: SeatSpec,
    s2: SeatSpec | None = None,
    s3: SeatSpec | None = None,
    s4: SeatSpec | None = None,
    phase: Phase | None = Phase.PLAY,
    **kw: object,
) -> Game:
    """A 4-seat table: 1 lord, 2 loyalist, 3 rebel, 4 renegade (defaults: 白板 曹操
    names are irrelevant; generals are skill-less unless given), played with the
    bundled equipment and card effects unless ``equipment=`` / ``card_effects=`` say
    otherwise."""
    defaults = [
        S("曹操", role="主公"),
        S("关羽", role="忠臣"),
        S("张飞", role="反贼"),
        S("吕布", role="内奸"),
    ]
    seats = [s1, s2 or defaults[1], s3 or defaults[2], s4 or defaults[3]]
    kw.setdefault("equipment", bundled_equipment())
    kw.setdefault("card_effects", bundled_card_effects())
    return build_game(seats, phase=phase, **kw)  # type: ignore[arg-type]


def plain(name: str, role: str, **kw: object) -> SeatSpec:
    return S(name, role=role, **kw)  # type: ignore[arg-type]


def lines(game: Game) -> list[str]:
    return [e.text for e in game.log.entries]


def kinds(game: Game, *only: str) -> list[str]:
    ks = game.log.kinds()
    return [k for k in ks if not only or k in only]
