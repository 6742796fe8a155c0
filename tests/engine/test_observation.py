"""A seat's view shows what that seat may see and nothing hidden: other hands, the
draw pile's order, unrevealed roles."""

from __future__ import annotations

import dataclasses
import json
import random
from typing import Any, Sequence

from sgs.compiler import load_pool
from sgs.runtime.agents import Agent, RandomAgent, ScriptedAgent, default_answer
from sgs.runtime.decisions import Decision
from sgs.runtime.game import Game
from sgs.runtime.observation import PUBLIC_FIELDS, CardInfo, LogLine, SeatView, redact_roles
from sgs.runtime.testing import SeatSpec, build_game
from sgs.runtime.timing import Phase

HIDDEN_HAND = ["桃♥Q", "无中生有♥J", "八卦阵♣2"]
PILE_TOP = ["闪电♠A", "借刀杀人♣K", "麒麟弓♥5", "赤兔♥5"]


class Spy:
    """An agent that keeps every view it is given, and all the log a view gives (every
    line and public fact from the first entry on), and answers like ScriptedAgent."""

    observes = True

    def __init__(self, answers: Sequence[str] = ()) -> None:
        self.views: list[dict[str, object]] = []
        self.logs: list[dict[str, object]] = []
        self.inner = ScriptedAgent(answers)

    def choose(self, view: SeatView, decision: Decision) -> Sequence[int]:
        assert isinstance(view, SeatView)
        self.views.append(view.to_dict())
        self.logs.append(
            {
                "lines": [line.render() for line in view.log_since(0)],
                "events": [dataclasses.asdict(e) for e in view.events_since(0)],
                "count": view.log_count,
            }
        )
        return self.inner.choose(view, decision)


def table(spy: Spy) -> Game:
    return build_game(
        [
            SeatSpec("关羽", role="主公", hand=["杀♠7", "闪♥2"], agent=spy),
            SeatSpec("吕布", role="反贼", hand=HIDDEN_HAND),
            SeatSpec("貂蝉", role="内奸", hand=["过河拆桥♠3"], equips=["绝影♠5"]),
            SeatSpec("张飞", role="忠臣", judge=["乐不思蜀♠6"], hp=3),
        ],
        draw_pile=PILE_TOP,
        current=1,
        phase=Phase.PLAY,
        seed=4,
    )


def test_view_shows_own_and_public_state_only() -> None:
    spy = Spy()
    game = table(spy)
    d = game.pending()
    assert d is not None and d.player.seat == 1
    v = game.view(1)
    assert v.hand == ("杀♠7", "闪♥2") and v.role == "主公"
    lu, diao, zhang = v.player(2), v.player(3), v.player(4)
    assert lu.hand_count == 3 and lu.role is None and lu.hp == 4
    assert diao.equips == ("绝影♠5",) and diao.role is None
    assert zhang.judge == ("乐不思蜀♠6",) and zhang.hp == 3 and zhang.role is None
    assert v.player(1).role == "主公"
    assert v.draw_pile_count == len(game.draw_pile) and v.current == 1 and v.phase == "出牌阶段"
    # another seat sees its own hand and the lord's role, not seat 1's hand
    v2 = game.view(2)
    assert v2.hand == tuple(HIDDEN_HAND) and v2.role == "反贼" and v2.player(1).role == "主公"
    assert v2.player(1).hand_count == 2


def test_an_agent_cannot_read_hidden_cards_or_roles_through_its_views() -> None:
    spy = Spy()
    game = table(spy)
    game.run(max_turns=1)  # seat 1 plays its turn out (the script ends the play phase)
    assert spy.views, "the lord was asked at least once"
    for seen in spy.views + spy.logs:
        text = json.dumps(seen, ensure_ascii=False)
        for label in HIDDEN_HAND + PILE_TOP:  # never drawn, used or shown in this turn
            assert label not in text, label
        for role in ("反贼", "内奸", "忠臣"):
            assert role not in text, role
    for seen in spy.views:  # nothing in the view is a live object of the game
        assert all(isinstance(p, dict) for p in seen["players"])  # type: ignore[union-attr]


def test_public_log_hides_unrevealed_roles_and_drawn_cards() -> None:
    spy = Spy()
    game = table(spy)
    game.run(max_turns=2)  # seat 1's turn, then 吕布 draws two cards from the pile top
    v = game.view(1)
    full = "\n".join(e.text for e in game.log.entries)
    assert "吕布(反贼)" in full  # the engine's own log names roles
    assert all("(反贼)" not in line and "(内奸)" not in line for line in v.log)
    assert any("2号位 吕布 摸了2张牌" in line for line in v.log)
    drawn = [e.data["cards"] for e in game.log.entries if e.kind == "摸牌" and e.data.get("player") == 2]
    assert drawn  # the structured data holds the cards …
    for cards in drawn:
        for label in cards:  # type: ignore[union-attr]
            assert label not in "\n".join(v.log)  # … the view's log does not


# ---------------------------------------------------------------- the surface for front ends and agents


def armed_table(spy: Spy) -> Game:
    return build_game(
        [
            SeatSpec("关羽", role="主公", hand=["杀♠7", "闪♥2", "诸葛连弩♣A"], equips=["青釭剑♠6"], agent=spy),
            SeatSpec("吕布", role="反贼", hand=HIDDEN_HAND, equips=["八卦阵♠2"]),
            SeatSpec("貂蝉", role="内奸", equips=["绝影♠5"]),
            SeatSpec("张飞", role="忠臣", judge=["乐不思蜀♠6"], hp=3),
        ],
        draw_pile=PILE_TOP,
        current=1,
        phase=Phase.PLAY,
        seed=4,
        equipment=load_pool(None).equipment, card_effects=load_pool(None).card_effects,
    )


def _plain(x: object) -> bool:
    """Strings, numbers, None, tuples of them and frozen dataclasses of them only."""
    if x is None or isinstance(x, (str, int, float)):
        return True
    if isinstance(x, tuple):
        return all(_plain(y) for y in x)
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        params: Any = getattr(x, "__dataclass_params__")
        return bool(params.frozen) and all(_plain(getattr(x, f.name)) for f in dataclasses.fields(x))
    return False


def test_own_cards_equipment_and_reach() -> None:
    game = armed_table(Spy())
    v = game.view(1)
    assert v.hand_cards[0] == CardInfo("杀♠7", "杀", "黑桃", 7, "基本", "", 0)
    bow = v.hand_cards[2]
    assert (bow.name, bow.type, bow.subtype, bow.attack_range) == ("诸葛连弩", "装备", "武器", 1)
    assert v.me.weapon == "青釭剑" and v.me.armor is None
    assert v.player(2).armor == "八卦阵" and v.player(2).weapon is None and v.player(2).equips == ("八卦阵♠2",)
    assert v.player(4).judge_cards == (("乐不思蜀♠6", "乐不思蜀"),) and v.player(4).wounded and not v.me.wounded
    # (a built table's generals have no skills): 青釭剑 and 八卦阵 are their equipment's
    assert v.me.skills == ("青釭剑",) and v.skills == () and v.player(2).skills == ("八卦阵",)
    # 青釭剑 reaches 2; 貂蝉 is 2 seats away plus her +1 horse
    assert v.attack_range() == 2 and v.attack_range(2) == 1
    assert [v.distance(1, n) for n in (2, 3, 4)] == [1, 3, 1] and v.distance(3, 1) == 2
    assert [v.in_attack_range(n) for n in (1, 2, 3, 4)] == [False, True, False, True]
    assert v.in_attack_range(1, src=2) and not v.in_attack_range(3, src=2)
    assert [p.seat for p in v.others()] == [2, 3, 4]
    assert not v.over and v.role_table is None and v.game_seed is None  # a built table announces nothing
    d = v.to_dict()
    assert d["attack_range"] == 2 and d["in_attack_range"] == [2, 4] and d["skills"] == []
    json.dumps(d, ensure_ascii=False)


def test_log_lines_and_public_facts_from_an_index_on() -> None:
    spy = Spy(["杀♠7", "2"])
    game = armed_table(spy)
    game.run(max_turns=2)  # 杀 on 吕布 (青釭剑: his 八卦阵 does not count); then his turn: he draws two
    v = game.view(1)
    entries = game.log.entries
    assert v.log_count == len(entries) > 4
    lines = v.log_since(0)
    assert all(isinstance(line, LogLine) for line in lines)
    me = game.players[0]
    assert [line.render() for line in lines] == [redact_roles(game, e.render(), me) for e in entries]
    assert [line.text for line in lines] == list(v.log) and [line.kind for line in lines] == [e.kind for e in entries]
    assert v.log_since(len(entries) - 2) == lines[-2:] and v.log_since(len(entries)) == ()
    used = [e for e in v.events_since(0) if e.kind == "使用"]
    assert [(e.get("player"), e.get("card"), e.get("targets")) for e in used] == [(1, "杀♠7", (2,))]
    hurt = [e for e in v.events_since(0) if e.kind == "伤害"]
    assert [(e.get("source"), e.get("target"), e.get("amount")) for e in hurt] == [(1, 2, 1)]
    # only the public kinds and fields; a later index gives the later facts only
    for e in v.events_since(0):
        assert tuple(k for k, _ in e.data) == PUBLIC_FIELDS[e.kind]
    first_draw = next(i for i, e in enumerate(entries) if e.kind == "摸牌")
    every = v.events_since(0)
    after = sum(1 for e in entries[first_draw:] if e.kind in PUBLIC_FIELDS)
    assert v.events_since(first_draw) == every[len(every) - after :] and len(every) > after
    drawn = [c for e in entries if e.kind == "摸牌" and e.data.get("player") == 2 for c in e.data["cards"]]  # type: ignore[union-attr]
    assert drawn == PILE_TOP[:2]
    public = json.dumps(
        [line.render() for line in lines] + [dataclasses.asdict(e) for e in v.events_since(0)] + [v.to_dict()],
        ensure_ascii=False,
    )
    for label in drawn + ["八卦阵♣2"]:  # drawn, and a card still in 吕布's hand
        assert label not in public, label
    for role in ("反贼", "内奸", "忠臣"):
        assert role not in public, role
    assert _plain(lines) and _plain(v.events_since(0))


def test_every_answer_of_a_view_is_plain_data() -> None:
    spy = Spy(["杀♠7", "2"])
    game = armed_table(spy)
    game.run(max_turns=1)
    v = game.view(1)
    for name in dir(v):
        if name.startswith("_") or name == "rng":
            continue
        value = getattr(v, name)
        if callable(value):
            continue
        assert _plain(value), name
    for value in (v.player(2), v.others(), v.log_since(0), v.events_since(0), v.log_tail(3), v.me):
        assert _plain(value)
    assert isinstance(v.distance(1, 3), int) and isinstance(v.attack_range(), int) and isinstance(v.in_attack_range(2), bool)


class Checker:
    """Plays like RandomAgent and checks, at every decision, that the view it is given
    (the game reuses one per seat) shows that decision's state, not an earlier one's."""

    observes = True

    def __init__(self, game: list[Game]) -> None:
        self.game = game
        self.inner = RandomAgent()
        self.checked = 0

    def choose(self, view: SeatView, decision: Decision) -> Sequence[int]:
        if not self.game:  # generals are being chosen while the game is set up
            return self.inner.choose(view, decision)
        g = self.game[0]
        me = g.players[decision.player.seat - 1]  # (the decision shows a read-only view of him)
        assert [c.label for c in view.hand_cards] == [c.label for c in me.hand] and view.me.hp == me.hp
        assert view.log_count == len(g.log.entries) and view.round == g.round
        if me.alive and view.me.general:
            assert view.attack_range() == g.attack_range(me)
            for p in g.players:
                if p is not me and p.alive:
                    assert view.in_attack_range(p.seat) == g.in_attack_range(me, p)
                    assert view.distance(me.seat, p.seat) == g.distance(me, p)
        self.checked += 1
        return self.inner.choose(view, decision)


def test_a_view_shows_the_decision_it_is_given_with() -> None:
    from sgs.runtime.modes.identity import setup_identity_game

    pool = load_pool()
    for seed in range(2):
        holder: list[Game] = []
        agents = [Checker(holder) for _ in range(5)]
        game = setup_identity_game(pool.generals, 5, seed, agents=agents, equipment=pool.equipment, card_effects=pool.card_effects)
        holder.append(game)
        game.run(max_turns=60)
        assert sum(a.checked for a in agents) > 100


def test_an_identity_game_announces_its_role_table_and_seed() -> None:
    from sgs.compiler import load_pool
    from sgs.runtime.modes.identity import setup_identity_game

    pool = load_pool()
    game = setup_identity_game(pool.generals, 5, 17, equipment=pool.equipment, card_effects=pool.card_effects)
    v = game.view(3)
    assert v.role_table == (1, 2, 1) and v.game_seed == 17
    start = v.events_since(0)[0]
    assert start.kind == "开局" and start.get("roles") == (1, 2, 1) and start.get("seed") == 17


def test_role_of_a_dead_player_becomes_visible() -> None:
    game = build_game(
        [
            SeatSpec("关羽", role="主公", hand=["杀♠7"], answers=["杀♠7", "2"]),
            SeatSpec("貂蝉", role="内奸", hp=1),
            SeatSpec("吕布", role="反贼"),
            SeatSpec("张飞", role="反贼"),
        ],
        current=1,
        phase=Phase.PLAY,
    )
    game.run(max_turns=1)
    v = game.view(4)
    assert not v.player(2).alive and v.player(2).role == "内奸"
    assert v.player(3).role is None


def test_random_agent_plays_through_views_reproducibly() -> None:
    logs = []
    for _ in range(2):
        game = table(Spy())
        game.run([RandomAgent() for _ in range(4)], max_turns=8)
        logs.append(game.log.to_jsonl())
    assert logs[0] == logs[1]


# ---------------------------------------------------------------- what a view cannot tell apart


def _hidden_variant(game: Game, viewer: int) -> tuple[Game, int, int]:
    """A clone of ``game`` that differs only in what ``viewer`` may not see: one card
    swapped between two other hands (counts kept), the draw pile reversed, the roles of
    two other hidden seats exchanged.  Returns (the clone, the seat whose hand changed,
    how many hidden roles changed)."""
    from sgs.runtime.zones import Zone

    g = game.clone()
    me = g.players[viewer - 1]
    holders = [p for p in g.players if p is not me and p.alive and p.hand]
    changed = 0
    for p in holders:
        q = next((q for q in holders if q is not p and q.hand[0].label != p.hand[0].label), None)
        if q is not None:
            a, b = p.hand[0], q.hand[0]
            p.hand[0], q.hand[0] = b, a
            g.loc[a.id], g.loc[b.id] = (Zone.HAND, q), (Zone.HAND, p)
            changed = p.seat
            break
    g.draw_pile.reverse()
    hidden = [p for p in g.players if p is not me and p.alive and not p.is_lord and not p.role_revealed]
    pair = next(((p, q) for p in hidden for q in hidden if p.role is not q.role), None)
    if pair is not None:
        pair[0].role, pair[1].role = pair[1].role, pair[0].role
    return g, changed, 2 if pair is not None else 0


def test_views_cannot_tell_games_apart_that_differ_only_in_hidden_information() -> None:
    from sgs.compiler import load_pool
    from sgs.runtime.modes.identity import setup_identity_game

    pool = load_pool()
    checked = roles_swapped = 0
    for seed in range(6):
        game = setup_identity_game(pool.generals, 5, seed, equipment=pool.equipment, card_effects=pool.card_effects)
        agent = RandomAgent()
        d = game.pending()
        for _ in range(40 + 7 * seed):  # somewhere in the second or third round
            assert d is not None
            d = game.respond(agent.choose(game.view(d.player.seat), d))
        assert d is not None
        for viewer in range(1, 6):
            if not game.players[viewer - 1].alive:
                continue
            g, changed, swapped = _hidden_variant(game, viewer)
            va, vb = game.view(viewer), g.view(viewer)
            assert va.to_dict() == vb.to_dict(), (seed, viewer)
            assert va.log_since(0) == vb.log_since(0) and va.events_since(0) == vb.events_since(0)
            assert [(p.weapon, p.armor, p.judge_cards) for p in va.players] == [(p.weapon, p.armor, p.judge_cards) for p in vb.players]
            for e in va.events_since(0):
                assert tuple(k for k, _ in e.data) == PUBLIC_FIELDS[e.kind]
            d2 = g.pending()
            assert d2 is not None and d2.labels() == d.labels()
            # not vacuous: the games do differ, and a seat that may see it does
            assert [c.label for c in g.draw_pile] == [c.label for c in reversed(game.draw_pile)]
            if changed:
                assert g.view(changed).hand != game.view(changed).hand
                checked += 1
            roles_swapped += swapped
    assert checked >= 20 and roles_swapped >= 10


# ---------------------------------------------------------------- the game's RNG is not in a view


def test_a_view_exposes_no_rng_state_of_the_game() -> None:
    """``view.rng`` is the seat's own stream: not the game's RNG (whose state decides
    the draw pile after a reshuffle), not readable for it, not a way to move it; and two
    games that differ only in their future deck order (the draw pile reversed, the game
    RNG reseeded) give every seat identical views, own RNG state included."""
    from sgs.compiler import load_pool
    from sgs.runtime.modes.identity import setup_identity_game

    pool = load_pool()
    for seed in range(3):
        game = setup_identity_game(pool.generals, 5, seed, equipment=pool.equipment, card_effects=pool.card_effects)
        agent = RandomAgent()
        d = game.pending()
        for _ in range(30):
            assert d is not None
            d = game.respond(agent.choose(game.view(d.player.seat), d))
        assert d is not None
        state = game.rng.getstate()
        views = [game.view(seat) for seat in range(1, 6)]
        # each seat its own stream
        assert len({repr(v.rng.getstate()) for v in views}) == 5
        for v in views:
            public = [getattr(v, name) for name in dir(v) if not name.startswith("_")]
            assert not any(x is game.rng for x in public)
            assert v.rng.getstate() != state
            # drawing, reseeding, setting its state: the game's RNG does not move
            v.rng.random()
            v.rng.shuffle(list(range(50)))
            v.rng.seed(seed)
            v.rng.setstate(random.Random(0).getstate())
            assert game.rng.getstate() == state
        # the future deck order differs, nothing a seat is given does
        a, b = game.clone(), game.clone()
        b.draw_pile.reverse()
        b.rng.seed(10_000 + seed)
        assert a.rng.getstate() != b.rng.getstate() and a.draw_pile != b.draw_pile
        for seat in range(1, 6):
            va, vb = a.view(seat), b.view(seat)
            assert va.to_dict() == vb.to_dict()
            assert va.rng.getstate() == vb.rng.getstate()


# ---------------------------------------------------------------- no agent is handed the game


class Plain:
    """An agent written against the Agent protocol and nothing more (no ``observes``):
    keeps what it is handed, answers with the default."""

    def __init__(self) -> None:
        self.got: list[tuple[object, int]] = []

    def choose(self, view: SeatView, decision: Decision) -> Sequence[int]:
        self.got.append((view, decision.player.seat))
        return default_answer(decision)


class OptsOut(Plain):
    """The old opt-out: an agent that says it does not observe."""

    observes = False


def test_an_agent_never_receives_the_game() -> None:
    from sgs.lab.table import TableSpec, load_table, make_agents
    from sgs.runtime.modes.identity import setup_identity_game

    pool = load_pool()
    agents: list[Plain] = []
    # played by run(), the whole game (generals chosen during set-up included)
    seats: list[Agent] = [Plain() if i % 2 else OptsOut() for i in range(5)]
    agents += seats  # type: ignore[arg-type]
    game = setup_identity_game(pool.generals, 5, 3, agents=seats, equipment=pool.equipment, card_effects=pool.card_effects)
    game.run(max_turns=30)
    # driven by pending/respond a while, then run() on through the agents
    seats = [OptsOut() if i % 2 else Plain() for i in range(5)]
    agents += seats  # type: ignore[arg-type]
    game = setup_identity_game(pool.generals, 5, 4, agents=seats, equipment=pool.equipment, card_effects=pool.card_effects)
    d = game.pending()
    for _ in range(20):
        assert d is not None
        d = game.respond(default_answer(d))
    game.run(max_turns=30)
    # the lab's per-role agents hand on what they are given
    table = load_table(TableSpec(players=5, role_agents=(("反贼", "random"),)))
    lab = make_agents(table)
    for a in lab:
        a.by_role["反贼"] = OptsOut()  # type: ignore[attr-defined]
        a.default = Plain()  # type: ignore[attr-defined]
        agents += [a.by_role["反贼"], a.default]  # type: ignore[attr-defined]
    game = setup_identity_game(table.generals, 5, 5, agents=lab, equipment=table.equipment, card_effects=table.card_effects)
    game.run(max_turns=30)
    got = [(seen, seat) for a in agents for seen, seat in a.got]
    assert len(got) > 300
    for seen, seat in got:
        assert isinstance(seen, SeatView) and not isinstance(seen, Game) and seen.seat == seat


def test_decision_player_is_a_read_only_view() -> None:
    """``decision.player`` is the deciding seat's PlayerView: its public numbers read
    live, nothing to assign, no Player or card of the game behind a public name."""
    import pytest

    from sgs.runtime.modes.identity import setup_identity_game
    from sgs.runtime.player import Player, PlayerView

    pool = load_pool()
    game = setup_identity_game(pool.generals, 5, 7, equipment=pool.equipment)
    d = game.pending()
    assert d is not None
    v, p = d.player, game.players[d.player.seat - 1]
    assert isinstance(v, PlayerView) and not isinstance(v, Player)
    assert (v.seat, v.tag, v.hp, v.max_hp, v.alive, v.hand_count) == (p.seat, p.tag, p.hp, p.max_hp, p.alive, len(p.hand))
    for name in ("hp", "seat", "alive", "hand_count"):
        with pytest.raises(AttributeError):
            setattr(v, name, 0)
    for name in ("hand", "equips", "skills", "marks", "role", "phase_counters"):
        assert not hasattr(v, name), name
    public = [n for n in dir(v) if not n.startswith("_")]
    assert all(not isinstance(getattr(v, n), (Player, list, dict, set)) for n in public)
    p.hp -= 1  # (read live)
    assert v.hp == p.hp
