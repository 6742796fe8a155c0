"""The 160-card 军争 deck: what it holds, that it is read once, and that games with it
play to the end with every card accounted for."""

from __future__ import annotations

from collections import Counter

import pytest

from sgs.compiler import load_pool
from sgs.compiler.scenario_format import ScenarioError, parse_scenario
from sgs.runtime import cards
from sgs.runtime.cards import DECKS, CardName, game_deck, standard_deck
from sgs.runtime.effects import EFFECTS, RUNNABLE, TEXT, card_skills
from sgs.runtime.modes.identity import IdentityError, play_identity_game, setup_identity_game


def test_the_decks() -> None:
    std, ex, jz = standard_deck(), standard_deck(True), game_deck("军争")
    assert (len(std), len(ex), len(jz)) == (104, 108, 160)
    assert [c.id for c in jz] == list(range(160))  # standard + EX rows, then the 军争 rows
    assert all(c.package == "军争" for c in jz[108:]) and {c.package for c in jz[:108]} == {"标准版", "EX"}
    names = Counter(c.name for c in jz[108:])
    assert names[CardName.FIRE_SLASH] == 5 and names[CardName.THUNDER_SLASH] == 9 and names[CardName.ANALEPTIC] == 5
    assert names[CardName.IRON_CHAIN] == 6 and names[CardName.SUPPLY_SHORTAGE] == 2 and names[CardName.HUALIU] == 1
    # each suit/number slot once among the 52
    assert len({(c.suit, c.number) for c in jz[108:]}) == 52
    assert {c.nature.value for c in jz if c.name is CardName.FIRE_SLASH} == {"火焰"}
    assert set(DECKS) == {"标准", "军争"}


def test_the_tables_are_read_once() -> None:
    a, b = game_deck("军争"), game_deck("军争")
    assert a == b and all(x is y for x, y in zip(a, b))  # the process's card objects, not re-made
    assert all(x is y for x, y in zip(standard_deck(True), a[:108]))
    assert set(cards._ROWS) == {"cards_standard.tsv", "cards_maneuvering.tsv"}


def test_every_maneuvering_card_resolves() -> None:
    # no card of the deck is a silent stub: an effect, an answer, or equipment with its effect
    pool = load_pool(None)
    table = card_skills(pool.equipment)
    for c in game_deck("军争")[108:]:
        assert c.name in RUNNABLE, c
        if c.type.value == "装备":
            assert c.name in table, c
        elif c.name in TEXT:  # an effect written as text (桃): compiled in the bundled pool
            assert c.name in pool.card_effects, c
        elif c.name not in (CardName.JINK, CardName.NULLIFICATION):
            assert c.name in EFFECTS, c


def test_an_unknown_deck_is_refused() -> None:
    pool = load_pool(None)
    with pytest.raises(IdentityError, match="未知牌堆"):
        setup_identity_game(pool.generals, 5, 1, equipment=pool.equipment, card_effects=pool.card_effects, deck_name="国战")
    with pytest.raises(ScenarioError, match="未知牌堆"):
        parse_scenario('[scenario]\ndeck = "军挣"\n[[seats]]\ngeneral = "曹操"\nrole = "主公"\n[[seats]]\ngeneral = "刘备"\nrole = "反贼"\n')


@pytest.mark.parametrize("players", [2, 5, 8, 10])
def test_maneuvering_games_play_to_the_end(players: int) -> None:
    pool = load_pool(None)
    kinds: Counter[str] = Counter()
    for seed in range(6):
        game = setup_identity_game(pool.generals, players, seed, equipment=pool.equipment, card_effects=pool.card_effects, deck_name="军争")
        game.run(max_turns=400)
        game.check_card_census()
        assert game.over
        kinds.update(e.kind for e in game.log.entries)
    assert kinds["伤害"] > 0 and kinds["使用"] > 0


def test_a_maneuvering_game_says_its_deck_and_standard_logs_do_not_change() -> None:
    pool = load_pool(None)
    jz = play_identity_game(pool.generals, 5, 3, equipment=pool.equipment, card_effects=pool.card_effects, deck_name="军争")
    assert jz.log.entries[0].text.startswith("身份局 5人（主公1 忠臣1 反贼2 内奸1），160张牌（军争），种子 3")
    std = play_identity_game(pool.generals, 5, 3, equipment=pool.equipment, card_effects=pool.card_effects)
    assert std.log.entries[0].text == "身份局 5人（主公1 忠臣1 反贼2 内奸1），104张牌，种子 3"
