"""sgs simulate --deck: the balance lab plays the 军争 deck (160 cards) when asked; the
header records it (only when it is not 标准: older result files resume unchanged)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import sgs.lab.rows as rows_module
from sgs.compiler.cli import app
from sgs.lab.table import SpecError, TableSpec, load_table


def test_the_deck_reaches_every_game(monkeypatch: pytest.MonkeyPatch) -> None:
    real = rows_module.setup_identity_game
    decks: list[int] = []

    def spy(*args: Any, **kwargs: Any) -> Any:
        game = real(*args, **kwargs)
        decks.append(len(game.draw_pile) + sum(p.hand_count for p in game.players))
        return game

    monkeypatch.setattr(rows_module, "setup_identity_game", spy)
    for deck, cards in (("军争", 160), ("标准", 104)):
        table = load_table(TableSpec(deck=deck))
        rows_module.play_row(table, 1, 0)
        assert decks[-1] == cards


def test_header_and_validation(tmp_path: Path) -> None:
    assert "deck" not in TableSpec().header()  # 标准: the header of older files
    assert TableSpec(deck="军争").header()["deck"] == "军争"
    assert TableSpec.from_header(TableSpec(deck="军争").header()).deck == "军争"
    with pytest.raises(SpecError, match="未知牌堆「国战」"):
        TableSpec(deck="国战").validate()
    out = tmp_path / "r.jsonl"
    res = CliRunner().invoke(app, ["simulate", "--games", "3", "--deck", "军争", "-o", str(out), "-q", "-j", "1"])
    assert res.exit_code == 0, res.output
    assert json.loads(out.read_text(encoding="utf-8").splitlines()[0])["spec"]["deck"] == "军争"
