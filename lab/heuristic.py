"""A heuristic agent: plays like a sensible human who knows the roles it can infer.

It reads the game only through the engine's
:class:`~sgs.runtime.observation.SeatView` it is given (its own hand, the public state,
and the log's public facts: who damaged, healed or targeted whom), and the skills only through their effect profiles
(:mod:`sgs.lab.profiles`, from the compiled IR) — nothing is written per general, so a
general from new text gets the same sensible play.  It draws no randomness in play (ties
go to the first option); the one random choice — which candidate general to take, so
that every general is dealt as often as with random agents — comes from an RNG seeded
by the announced game number and the seat.  Its games stay a function of the seed.

Sides.  Every seat gets an *attitude* (> 0 friend, < 0 enemy): public roles decide
(the lord's, the dead's); a hidden seat's *lean* (> 0: acts for the lord) grows when it
heals or helps the lord or hurts a suspected rebel, and falls when it hurts or targets
the lord or a suspected loyalist.  The lord and loyalists attack low leans, rebels attack
the lord and high leans, the renegade sides with the lord while others live and turns
on him when they are the last two.

Play.  Equip what fills an empty slot (a longer weapon over a shorter one); 桃 when
wounded; 无中生有 at once; 顺手牵羊 / 过河拆桥 / 乐不思蜀 / 决斗 / 杀 on enemies (the weakest,
unarmoured first); 南蛮入侵 / 万箭齐发 when the others are more enemies than friends;
桃园结义 when more friends are wounded.  Responses: always 闪 (八卦阵 first) and 杀 when
asked; 桃 for itself and friends; 无懈可击 against a trick that hurts a friend or helps an
enemy (and to undo one that undid such a trick); discard the least valuable cards.
Skills by profile: a trigger skill is invoked unless it only costs (hp loss while low,
a draw cut without attack cards); an active skill that hurts is used when an enemy is
there, one that helps when a friend is, a card-cycling one on spare cards; view-as
skills count as the card they make.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, ClassVar, Mapping, Sequence

from sgs.runtime.cards import CardSubtype, CardType
from sgs.runtime.decisions import CANCEL, END_PLAY, INVOKE, NO_INVOKE, Decision, DecisionKind

if TYPE_CHECKING:
    from sgs.runtime.observation import CardInfo, SeatInfo, SeatView

__all__ = ["HeuristicAgent", "card_name_of", "HARMFUL_TRICKS", "HELPFUL_TRICKS"]

HARMFUL_TRICKS = frozenset({"过河拆桥", "顺手牵羊", "乐不思蜀", "决斗", "南蛮入侵", "万箭齐发", "借刀杀人", "闪电"})
HELPFUL_TRICKS = frozenset({"无中生有", "桃园结义", "五谷丰登"})
#: how much a card is worth keeping (the first copy; later copies of 闪/杀 less)
_VALUE = {
    "桃": 9.0, "无懈可击": 8.0, "无中生有": 7.0, "闪": 6.0, "顺手牵羊": 6.0, "乐不思蜀": 6.0, "杀": 5.0, "火杀": 5.0,
    "雷杀": 5.0, "决斗": 5.0, "过河拆桥": 5.0, "南蛮入侵": 4.0, "万箭齐发": 4.0, "桃园结义": 3.0, "五谷丰登": 3.0,
    "借刀杀人": 3.0, "酒": 3.0, "闪电": 1.0,
}
_SLASHES = frozenset({"杀", "火杀", "雷杀"})
_SUITS = "♠♥♣♦"
_EQUIP, _WEAPON, _ARMOR = CardType.EQUIP.value, CardSubtype.WEAPON.value, CardSubtype.ARMOR.value
_MAX_ACTIONS = 30


def card_name_of(label: str) -> str:
    """The card name of a card label (``杀♠7`` → ``杀``; a virtual ``杀(武圣:闪♥2)`` → ``杀``)."""
    for i, ch in enumerate(label):
        if ch in _SUITS or ch == "(":
            return label[:i]
    return label


class HeuristicAgent:
    """The heuristic agent (module doc).  ``profiles``: skill name → effect profile
    (:func:`sgs.lab.profiles.profile_sources`); a skill without one is treated as a
    harmless trigger.  One instance per seat and game (it keeps its reading of the
    table's leans between decisions)."""

    observes: ClassVar[bool] = True

    def __init__(self, profiles: Mapping[str, Any] | None = None) -> None:
        self.profiles: Mapping[str, Any] = profiles or {}
        self.lean: dict[int, float] = {}
        self._log_pos = 0
        self._phase_key: tuple[int, int, str | None] | None = None
        self._skill_uses: dict[str, int] = {}

    # ------------------------------------------------------------------ reading the table

    def _observe(self, view: SeatView) -> None:
        events = view.events_since(self._log_pos)
        self._log_pos = view.log_count
        lord = next((s.seat for s in view.players if s.role == "主公"), 1)
        for e in events:
            if e.kind == "伤害":
                src, tgt, amount = e.get("source"), e.get("target"), e.get("amount")
                if not isinstance(src, int) or not isinstance(tgt, int) or not isinstance(amount, int) or src == lord:
                    continue
                if tgt == lord:
                    self._nudge(src, -1.5 * amount)
                elif src != tgt:
                    side = self._side_of(view, tgt)
                    if side < -1:
                        self._nudge(src, 0.7 * amount)
                    elif side > 1:
                        self._nudge(src, -0.7 * amount)
            elif e.kind == "使用":
                user, card, targets = e.get("player"), e.get("card"), e.get("targets")
                if not isinstance(user, int) or not isinstance(card, str) or not isinstance(targets, tuple) or user == lord:
                    continue
                if len(targets) != 1:
                    continue
                name = card_name_of(card)
                t = targets[0]
                if t == lord and name in HARMFUL_TRICKS | _SLASHES:
                    self._nudge(user, -1.0)
                elif t == lord and name == "桃" and user != lord:
                    self._nudge(user, 2.0)
                elif isinstance(t, int) and t != user and name in HARMFUL_TRICKS | _SLASHES:
                    side = self._side_of(view, t)
                    if side < -1:
                        self._nudge(user, 0.4)
                    elif side > 1:
                        self._nudge(user, -0.4)

    def _nudge(self, seat: int, delta: float) -> None:
        self.lean[seat] = max(-10.0, min(10.0, self.lean.get(seat, 0.0) + delta))

    def _side_of(self, view: SeatView, seat: int) -> float:
        """How much a seat is for the lord (public role first, else its lean)."""
        role = view.player(seat).role
        if role in ("主公", "忠臣"):
            return 10.0
        if role == "反贼":
            return -10.0
        if role == "内奸":
            return -3.0
        return self.lean.get(seat, 0.0)

    def hidden_roles(self, view: SeatView) -> dict[str, int]:
        """The roles still hidden among the living other seats: the announced table
        minus the public roles and my own."""
        loy, reb, ren = view.role_table or (0, 0, 0)
        pool = {"忠臣": loy, "反贼": reb, "内奸": ren}
        for s in view.players:  # the public roles (the dead's, the revealed) and my own
            if s.role in pool:
                pool[s.role] -= 1
        return {r: max(0, n) for r, n in pool.items()}

    def _role_attitude(self, view: SeatView, role: str, rebels_left: bool) -> float:
        """My attitude to a seat of a known role (> 0 friend)."""
        me = view.role
        if me in ("主公", "忠臣"):
            return {"主公": 50.0, "忠臣": 20.0, "反贼": -20.0, "内奸": -10.0}[role]
        if me == "反贼":
            return {"主公": -50.0, "忠臣": -20.0, "反贼": 20.0, "内奸": -5.0}[role]
        # renegade: keep the lord alive while the others live, clear the rebels first
        alive = sum(1 for s in view.players if s.alive)
        if alive <= 2:
            return -50.0
        return {"主公": 4.0, "忠臣": -3.0 if rebels_left else -20.0, "反贼": -20.0, "内奸": -10.0}[role]

    def attitude(self, view: SeatView, seat: int) -> float:
        """> 0: a friend of this seat, < 0: an enemy: the public role's attitude, else
        the expected attitude over the roles still hidden (each as likely as its share
        of them), moved by the seat's observed lean (module doc)."""
        if seat == view.seat:
            return 100.0
        s = view.player(seat)
        pool = self.hidden_roles(view)
        rebels_left = pool["反贼"] > 0 or any(x.alive and x.role == "反贼" for x in view.players)
        if s.role is not None:
            att = self._role_attitude(view, s.role, rebels_left)
            if s.role == "主公" and view.role == "内奸" and s.hp <= 2 and len([x for x in view.players if x.alive]) > 2:
                att = 10.0  # the renegade saves a lord in danger while others are left
            return att
        total = sum(pool.values())
        if total == 0:
            return 0.0
        expected = sum(n * self._role_attitude(view, r, rebels_left) for r, n in pool.items()) / total
        lean = self.lean.get(seat, 0.0)
        scale = 1.0 if len({r for r, n in pool.items() if n}) > 1 else 0.0  # roles certain: lean adds nothing
        if view.role == "反贼":
            return expected / 20.0 - lean * scale
        return expected / 20.0 + lean * scale

    # ------------------------------------------------------------------ helpers

    def _profile(self, skill: str) -> Mapping[str, Any] | None:
        p = self.profiles.get(skill)
        return p if isinstance(p, Mapping) else None

    def _value(self, card: CardInfo, view: SeatView, hand: Sequence[CardInfo]) -> float:
        name = card.name
        if card.type == _EQUIP:
            mine = view.me
            if card.subtype == _WEAPON:
                return 4.0 if mine.weapon is None else 2.0
            if card.subtype == _ARMOR:
                return 5.0 if mine.armor is None else 1.0
            return 3.0
        v = _VALUE.get(name, 3.0)
        same = sum(1 for c in hand if c.name == name or (name in _SLASHES and c.name in _SLASHES))
        if name in ("闪", "杀") and same > 1:
            v -= 2.0
        return v

    def _label_value(self, label: str, view: SeatView) -> float:
        hand = view.hand_cards
        for c in hand:
            if c.label == label:
                return self._value(c, view, hand)
        return _VALUE.get(card_name_of(label), 3.0)

    def _enemies(self, view: SeatView) -> list[SeatInfo]:
        return [s for s in view.others() if self.attitude(view, s.seat) < 0]

    def _friends(self, view: SeatView) -> list[SeatInfo]:
        return [s for s in view.others() if self.attitude(view, s.seat) > 0]

    def _harm_order(self, view: SeatView, seats: Sequence[int], about: str) -> list[tuple[float, int]]:
        """Seats scored as targets of something harmful (higher = better target)."""
        out = []
        for n in seats:
            s = view.player(n)
            att = self.attitude(view, n)
            score = -att * 10.0
            if about in _SLASHES or about == "决斗":
                score += (5 - min(s.hp, 5)) * 2.0 - (1.5 if s.armor is not None else 0.0)
                if about == "决斗":
                    score -= s.hand_count * 0.5
            elif about in ("过河拆桥", "顺手牵羊"):
                bad_judge = any(name in ("乐不思蜀", "闪电") for _, name in s.judge_cards)
                if att > 0 and bad_judge:
                    score = 60.0  # clear a friend's 乐不思蜀
                else:
                    score += len(s.equips) * 1.0 + (s.hand_count > 0) * 0.5
                    if s.hand_count + len(s.equips) + len(s.judge) == 0:
                        score -= 100.0
            elif about == "乐不思蜀":
                score += s.hand_count * 0.3
            else:
                score += (5 - min(s.hp, 5)) * 1.0
            out.append((score, n))
        out.sort(key=lambda x: (-x[0], x[1]))
        return out

    def _help_order(self, view: SeatView, seats: Sequence[int]) -> list[tuple[float, int]]:
        out = []
        for n in seats:
            s = view.player(n)
            att = self.attitude(view, n)
            score = min(att, 30.0) * 10.0 + (s.max_hp - s.hp) * 2.0
            out.append((score, n))
        out.sort(key=lambda x: (-x[0], x[1]))
        return out

    # ------------------------------------------------------------------ decisions

    def choose(self, view: SeatView, decision: Decision) -> list[int]:
        self._observe(view)
        kind = decision.kind
        labels = decision.labels()
        if kind is DecisionKind.PLAY:
            return [self._play(view, decision, labels)]
        if kind is DecisionKind.RESPOND:
            return [self._respond(view, decision, labels)]
        if kind is DecisionKind.INVOKE:
            return [labels.index(INVOKE if self._invoke(view, decision.about) else NO_INVOKE)]
        if kind in (DecisionKind.TARGETS, DecisionKind.PLAYERS):
            return self._players(view, decision, labels)
        if kind is DecisionKind.CARDS:
            return self._cards(view, decision, labels)
        if kind is DecisionKind.CARD_OF:
            return [self._card_of(view, decision, labels)]
        if kind is DecisionKind.OPTION:
            return [self._option(view, decision, labels)]
        if kind is DecisionKind.ARRANGE:
            order = sorted(range(len(labels)), key=lambda i: (-self._label_value(labels[i], view), i))
            return order[: max(decision.min, min(decision.max, len(labels)))]
        # ORDER, CARD_NAME and anything new: the first option(s)
        return list(range(decision.min)) if decision.min > 0 else [0]

    # play phase ----------------------------------------------------------

    def _play(self, view: SeatView, d: Decision, labels: list[str]) -> int:
        end = labels.index(END_PLAY)
        key = (view.round, view.current, view.phase)
        if key != self._phase_key:
            self._phase_key = key
            self._skill_uses = {}
        if int(d.extra.get("actions", "0")) >= _MAX_ACTIONS:
            return end
        hand = {c.label: c for c in view.hand_cards}
        enemies = self._enemies(view)
        friends = self._friends(view)
        best, best_score = end, 0.0
        for i, label in enumerate(labels):
            if i == end:
                continue
            card = hand.get(label)
            if card is not None:
                score = self._card_play_score(view, card, enemies, friends)
            else:
                score = self._skill_play_score(view, label, enemies, friends)
                if self._skill_uses.get(label, 0) >= 3:
                    score = 0.0
            if score > best_score:
                best, best_score = i, score
        if best != end and labels[best] not in hand:
            self._skill_uses[labels[best]] = self._skill_uses.get(labels[best], 0) + 1
        return best

    def _card_play_score(self, view: SeatView, card: CardInfo, enemies: list[SeatInfo], friends: list[SeatInfo]) -> float:
        name = card.name
        mine = view.me
        if card.type == _EQUIP:
            if card.subtype == _WEAPON:
                return 8.0 if mine.weapon is None else (3.0 if card.attack_range > _attack_range(view) else 0.0)
            if card.subtype == _ARMOR:
                return 8.0 if mine.armor is None else 0.0
            # a horse: only into an empty slot of its kind
            return 0.0 if any(_horse_kind(lab) == _horse_kind(card.label) for lab in mine.equips) else 7.0
        if name == "桃":
            return 9.0 if mine.hp < mine.max_hp else 0.0
        if name == "无中生有":
            return 8.5
        if name == "顺手牵羊":
            near = [s for s in view.others() if _distance(view, s.seat) <= 1]
            return 7.0 if any(self._harm_order(view, [s.seat for s in near], name)[0][0] > 0 for _ in [0] if near) else 0.0
        if name == "过河拆桥":
            seats = [s.seat for s in view.others()]
            return 6.0 if seats and self._harm_order(view, seats, name)[0][0] > 0 else 0.0
        if name == "乐不思蜀":
            return 6.5 if any(not any(n == "乐不思蜀" for _, n in s.judge_cards) for s in enemies) else 0.0
        if name == "决斗":
            return 5.0 if enemies else 0.0
        if name in _SLASHES:
            return 5.5 if any(_in_range(view, s.seat) for s in enemies) else 0.0
        if name in ("南蛮入侵", "万箭齐发"):
            return 4.0 if len(enemies) > len(friends) else 0.0
        if name == "桃园结义":
            hurt_friends = sum(1 for s in friends if s.wounded) + (mine.hp < mine.max_hp)
            hurt_enemies = sum(1 for s in enemies if s.wounded)
            return 3.0 if hurt_friends > hurt_enemies else 0.0
        if name == "五谷丰登":
            return 2.0
        if name == "借刀杀人":
            return 3.0 if any(s.weapon is not None for s in enemies) else 0.0
        if name == "闪电":
            return 0.0
        return 1.0

    def _skill_play_score(self, view: SeatView, skill: str, enemies: list[SeatInfo], friends: list[SeatInfo]) -> float:
        p = self._profile(skill)
        if p is None:
            return 0.0
        kind = p.get("kind")
        if kind == "view-as":
            cards = [str(c) for c in p.get("cards", [])]
            hand = view.hand_cards
            spare = any(self._value(c, view, hand) <= 5.0 for c in hand) or bool(view.me.equips)
            if not spare:
                return 0.0
            best = 0.0
            for name in cards:
                if name in _SLASHES:
                    best = max(best, 5.0 if any(_in_range(view, s.seat) for s in enemies) else 0.0)
                elif name == "桃":
                    best = max(best, 8.0 if view.me.hp < view.me.max_hp else 0.0)
                elif name in HARMFUL_TRICKS:
                    best = max(best, 4.5 if enemies else 0.0)
                elif name in HELPFUL_TRICKS:
                    best = max(best, 4.0)
            return best
        if kind == "proxy":
            has_slash = any(c.name in _SLASHES for c in view.hand_cards)
            return 2.0 if not has_slash and any(_in_range(view, s.seat) for s in enemies) else 0.0
        if kind != "active":
            return 0.0
        other = float(p.get("other", 0.0))
        self_value = float(p.get("self", 0.0))
        if other > 0:
            if any(s.wounded for s in friends) or view.me.hp < view.me.max_hp or len(view.hand_cards) > view.me.hp:
                return 4.0 if friends or view.me.hp < view.me.max_hp else 0.0
            return 0.0
        if other < 0 or (other == 0 and self_value < 0):
            return 4.5 if enemies else 0.0
        hp_cost = float(p.get("self_hp", 0.0))
        if hp_cost < 0:
            return 3.0 if view.me.hp >= 3 or any(c.name == "桃" for c in view.hand_cards) else 0.0
        # card cycling (弃置…摸…): worth it with spare cards
        hand = view.hand_cards
        spare_cards = sum(1 for c in hand if self._value(c, view, hand) <= 4.0)
        return 3.0 if spare_cards >= 1 else 0.0

    # responses -----------------------------------------------------------

    def _respond(self, view: SeatView, d: Decision, labels: list[str]) -> int:
        cancel = labels.index(CANCEL) if CANCEL in labels else -1
        others = [i for i in range(len(labels)) if i != cancel]
        if not others:
            return cancel
        about = d.about
        extra = d.extra

        def cheapest() -> int:
            # 八卦阵 (free) first, then the least valuable card or skill
            return min(others, key=lambda i: (labels[i] != "八卦阵", self._label_value(labels[i], view), i))

        if about == "无懈可击":
            trick = extra.get("trick", "")
            target = int(extra.get("target", "0") or 0)
            stands = extra.get("nullified", "0") == "0"
            att = self.attitude(view, target) if target else 0.0
            polarity = -1.0 if trick in HARMFUL_TRICKS else 1.0 if trick in HELPFUL_TRICKS else 0.0
            if trick == "五谷丰登" or trick == "桃园结义":
                polarity *= 0.2
            value = polarity * att  # > 0: the trick's effect is good for my side
            if (stands and value < -0.5) or (not stands and value > 0.5):
                return cheapest()
            return cancel if cancel >= 0 else cheapest()
        if about == "桃":
            dying = int(extra.get("dying", "0") or 0)
            if dying == view.seat or (dying and self.attitude(view, dying) > 0):
                return cheapest()
            return cancel if cancel >= 0 else cheapest()
        if "proxy" in extra:
            helped = int(extra.get("for", "0") or 0)
            if helped and self.attitude(view, helped) <= 0:
                return cancel if cancel >= 0 else cheapest()
            return cheapest()
        if about == "借刀杀人" or (about not in ("闪", "杀") and "target" in extra):
            target = int(extra.get("target", "0") or 0)
            if target and self.attitude(view, target) < 0:
                return cheapest()
            return cancel if cancel >= 0 else cheapest()
        return cheapest()

    # skills ---------------------------------------------------------------

    def _invoke(self, view: SeatView, skill: str) -> bool:
        p = self._profile(skill)
        if p is None:
            return True
        if float(p.get("self_hp", 0.0)) < 0 and view.me.hp < 3:
            return False
        if p.get("attack"):
            attack_cards = [c for c in view.hand_cards if c.name in _SLASHES or c.name == "决斗"]
            if float(p.get("self", 0.0)) < 0:
                return bool(attack_cards) and bool(self._enemies(view))
            return True
        return float(p.get("self", 0.0)) >= 0 or float(p.get("other", 0.0)) < 0

    def _players(self, view: SeatView, d: Decision, labels: list[str]) -> list[int]:
        seats = [int(lab) for lab in labels if lab.isdigit()]
        if len(seats) != len(labels):
            return list(range(max(d.min, 1)))[: d.max]
        about = d.about
        p = self._profile(about)
        helpful = about in HELPFUL_TRICKS or about == "桃" or (p is not None and float(p.get("other", 0.0)) > 0)
        ranked = self._help_order(view, seats) if helpful else self._harm_order(view, seats, about)
        picks = [n for score, n in ranked if score > 0][: d.max]
        if len(picks) < d.min:
            picks += [n for _, n in ranked if n not in picks][: d.min - len(picks)]
        return sorted(labels.index(str(n)) for n in picks)

    def _cards(self, view: SeatView, d: Decision, labels: list[str]) -> list[int]:
        by_value = sorted(range(len(labels)), key=lambda i: (self._label_value(labels[i], view), i))
        about = d.about
        if about == "五谷丰登":
            return [by_value[-1]] if d.min <= 1 else by_value[-d.min:]
        if d.min == 0:
            spare = [i for i in by_value if self._label_value(labels[i], view) <= 3.0]
            return sorted(spare[: d.max]) if about and spare and self._profile(about) is not None else []
        take = d.min
        p = self._profile(about)
        if p is not None and p.get("kind") == "active" and float(p.get("other", 0.0)) == 0 and float(p.get("self", 0.0)) >= 0:
            spare = [i for i in by_value if self._label_value(labels[i], view) <= 4.0]
            take = max(d.min, min(d.max, len(spare)))  # 制衡-like cycling: every spare card
        return sorted(by_value[:take])

    def _card_of(self, view: SeatView, d: Decision, labels: list[str]) -> int:
        target = int(d.extra.get("target", "0") or 0)
        if not target:
            return 0
        s = view.player(target)
        judge = {lab for lab, _ in s.judge_cards}
        if self.attitude(view, target) > 0:
            for i, lab in enumerate(labels):
                if lab in judge:
                    return i
            hand = [i for i, lab in enumerate(labels) if lab.startswith("手牌")]
            return hand[0] if hand else len(labels) - 1

        def rank(i: int) -> tuple[int, int]:
            lab = labels[i]
            if lab in judge:
                return (9, i)
            if s.armor is not None and card_name_of(lab) == s.armor:
                return (0, i)
            if s.weapon is not None and card_name_of(lab) == s.weapon:
                return (2, i)
            if lab.startswith("手牌"):
                return (1, i) if s.hand_count <= 2 else (3, i)
            return (4, i)

        return min(range(len(labels)), key=rank)

    def _option(self, view: SeatView, d: Decision, labels: list[str]) -> int:
        if d.about == "选将":
            # a uniformly random candidate, from an RNG of the announced game number and
            # the seat: the lab measures generals, so each must be dealt as in random play
            rng = random.Random(f"{view.game_seed}:{view.seat}:{','.join(labels)}")
            return rng.randrange(len(labels))
        hand = view.hand_cards
        spare = sum(1 for c in hand if self._value(c, view, hand) <= 4.0)

        def score(text: str) -> float:
            s = 0.0
            if "伤害" in text or "失去" in text:
                s -= 4.0 if view.me.hp <= 2 else 2.5
            if "弃置" in text:
                n = 2 if ("两" in text or "2" in text) else 1
                s -= n * (1.0 if spare >= n else 2.5)
            if "摸" in text:
                s += -0.5 if text.startswith("令") else 1.5
            if "回复" in text:
                s += 3.0
            return s

        return max(range(len(labels)), key=lambda i: (score(labels[i]), -i))


def _distance(view: SeatView, seat: int) -> int:
    """My distance to a living other seat (99 while I am dead)."""
    return view.distance(view.seat, seat) if view.me.alive else 99


def _in_range(view: SeatView, seat: int) -> bool:
    """Whether a living other seat is in my attack range (never while I am dead)."""
    return view.me.alive and view.in_attack_range(seat)


def _attack_range(view: SeatView) -> int:
    return view.attack_range() if view.me.alive else 0


def _horse_kind(label: str) -> str:
    """``+1`` / ``-1`` for a horse's label, else the card name (weapons, armour)."""
    name = card_name_of(label)
    return "+1" if name in ("的卢", "绝影", "爪黄飞电") else "-1" if name in ("赤兔", "大宛", "紫骍") else name
