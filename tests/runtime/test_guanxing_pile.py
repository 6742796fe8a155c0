"""观星 on the runtime: the pile order after it, top and bottom (scenario files can only
see the top of the draw pile)."""

from __future__ import annotations

from sgs.compiler import load_generals
from sgs.runtime.decisions import DecisionKind
from sgs.runtime.player import GeneralSpec
from sgs.runtime.testing import SeatSpec as S
from sgs.runtime.testing import build_game, run_table
from sgs.runtime.timing import Phase

from .helpers import Recorder, bundled_card_effects, bundled_equipment


def _zhuge_liang() -> GeneralSpec:
    return next(g for g in load_generals(None) if g.name == "诸葛亮")


def test_guanxing_top_in_order_rest_at_bottom_in_order() -> None:
    # 3 living players: X = 3
    rec = Recorder(["发动", "杀♠7", "闪♦2,桃♥3"])
    g = build_game(
        [S(_zhuge_liang(), role="主公", agent=rec), S("曹操", role="反贼"), S("关羽", role="内奸")],
        draw_pile=["桃♥3", "闪♦2", "杀♠7", "决斗♠A"],
        phase=Phase.START,
        equipment=bundled_equipment(), card_effects=bundled_card_effects(),
    )
    pile_size = len(g.draw_pile)
    r = run_table(g)
    arrange = [d for d in rec.seen if d.kind is DecisionKind.ARRANGE]
    assert [(d.min, d.max, sorted(d.labels())) for d in arrange] == [
        (0, 3, ["杀♠7", "桃♥3", "闪♦2"]),
        (2, 2, ["桃♥3", "闪♦2"]),
    ]
    # the draw phase drew 杀♠7 (put on top), then 决斗♠A (the card under the three looked at)
    assert r.player(1).hand == ("杀♠7", "决斗♠A")
    # 闪♦2 then 桃♥3 at the bottom, first chosen highest: 桃♥3 is the bottom card
    assert [c.label for c in g.draw_pile[:2]] == ["桃♥3", "闪♦2"]
    assert len(g.draw_pile) == pile_size - 2
    g.check_card_census()


def test_guanxing_x_is_capped_at_five() -> None:
    rec = Recorder(["发动"])  # then the defaults: nothing on top, the rest in the offered order
    seats = [S(_zhuge_liang(), role="主公", agent=rec)] + [S("曹操", role=r) for r in ("忠臣", "反贼", "反贼", "反贼", "内奸")]
    g = build_game(
        seats, draw_pile=["桃♥3", "闪♦2", "杀♠7", "决斗♠A", "闪♦3", "杀♠8"], phase=Phase.START, equipment=bundled_equipment(), card_effects=bundled_card_effects()
    )
    run_table(g)
    (first, rest) = [d for d in rec.seen if d.kind is DecisionKind.ARRANGE]
    assert len(first.options) == 5 and (rest.min, rest.max) == (5, 5)
    assert g.players[0].hand[0].label == "杀♠8"  # the 6th card was not looked at
    assert "观看了牌堆顶的5张牌" in g.log.text()
