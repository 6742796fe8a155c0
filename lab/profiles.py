"""Skill effect profiles: what a skill does to its owner and to the others it touches,
read from the compiled IR (not written per general), for the heuristic agent.

:func:`profile_skill` walks a skill's effects (:func:`sgs.compiler.ir.walk_effects`)
and scores each verb for the player it acts on — the owner (``你``) or the other party
(a chosen player, the damage source, the target …):

====================  ======================================  =====
verb                  who                                     score
====================  ======================================  =====
摸牌 n                the drawer                              +n
回复体力 n            who recovers                            +2n
失去体力 n            who loses                               −2n
造成伤害 n            the damaged player                      −2n
弃置 own cards n      the discarder                           −n
弃置他人的牌          the owner of the cards                  −1
获得 a card           the taker +1; its owner (if a player) −1
交给 n cards          the giver −n, the receiver +n
跳过阶段 / 叠置       that player (跳过弃牌阶段: +1)           −2
改变摸牌数 d          that player                             +d
伤害加成 / 不可被响应  the owner's attack                      attack
视为使用 / 转移目标    the other party                         −2
====================  ======================================  =====

Effects under a judge branch count half (the judge may fail); the options of 选择一项
count their mean.  A profile is a plain dict (pickled to worker processes):
``kind`` (``triggered`` / ``active`` / ``view-as`` / ``static`` / ``proxy`` …),
``self`` and ``other`` (summed scores), ``self_hp`` (hp the owner loses: −n),
``attack`` (the skill makes the owner's attacks
stronger), ``optional``, ``cards`` (view-as: the card names produced).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Iterable, Sequence

__all__ = ["profile_skill", "profile_packages", "profile_sources"]


def _is_self(ref: Any) -> bool:
    from sgs.compiler.ir.base import Who

    return ref is not None and getattr(ref, "who", None) is Who.YOU


def _is_all(ref: Any) -> bool:
    from sgs.compiler.ir.base import Who

    return ref is not None and getattr(ref, "who", None) is Who.ALL


class _Score:
    def __init__(self) -> None:
        self.self = 0.0
        self.other = 0.0
        self.self_hp = 0.0
        self.attack = False

    def add(self, ref: Any, value: float) -> None:
        if ref is None:
            return
        if _is_all(ref):
            self.self += value
            self.other += value
        elif _is_self(ref):
            self.self += value
        else:
            self.other += value


def _count(spec: Any) -> float:
    count = getattr(spec, "count", None)
    n = getattr(count, "n", None)
    return float(n) if isinstance(n, int) and n > 0 else 1.0


def _score_effects(effects: Iterable[Any], score: _Score, weight: float) -> None:
    from sgs.compiler import ir

    for e in effects:
        if isinstance(e, ir.JudgeBranch):
            _score_effects(e.then, score, weight * 0.5)
            continue
        if isinstance(e, ir.ChooseOne):
            if e.options:
                for o in e.options:
                    _score_effects(o.effects, score, weight / len(e.options))
            continue
        if isinstance(e, (ir.Threshold, ir.SuitBranch)):
            _score_effects(e.then, score, weight * 0.5)
            continue
        nested = [x for x in ir.walk_effects([e]) if x is not e]
        if nested:  # a nesting node of the coverage families: score what it holds, halved
            _score_effects(nested, score, weight * 0.5)
            continue
        w = weight
        if isinstance(e, ir.Draw):
            score.add(e.actor, w * _count(e.cards))
        elif isinstance(e, ir.Recover):
            score.add(e.actor, w * 2 * e.amount)
        elif isinstance(e, ir.ExtraRecover):
            score.add(e.actor, w * e.amount)
        elif isinstance(e, ir.LoseHp):
            score.add(e.actor, -w * 2 * e.amount)
            if _is_self(e.actor):
                score.self_hp -= w * e.amount
        elif isinstance(e, ir.Damage):
            score.add(e.target, -w * 2 * e.amount)
        elif isinstance(e, ir.Discard):
            score.add(e.actor, -w * _count(e.cards))
        elif isinstance(e, ir.Obtain):
            score.add(e.actor, w)
            owner = getattr(e.what, "owner", None)
            if owner is not None:
                score.add(owner, -w)
        elif isinstance(e, ir.Give):
            score.add(e.actor, -w * _count(e.cards))
            score.add(e.to, w * _count(e.cards))
        elif isinstance(e, ir.GiveLooked):
            score.add(e.to, w)
        elif isinstance(e, ir.SkipPhase):
            # skipping one's own discard phase keeps cards; any other phase is lost
            score.add(e.actor, w if "弃牌" in e.phase else -2 * w)
        elif isinstance(e, ir.DrawCountChange):
            score.add(e.actor, w * e.delta)
        elif isinstance(e, (ir.DamageBonus, ir.ForbidJink, ir.RequireResponses, ir.IgnoreArmor)):
            score.attack = True
        elif isinstance(e, (ir.ViewAsUse, ir.Transfer)):
            score.other -= 2 * w
        else:
            name = type(e).__name__
            if name == "DiscardFrom":
                score.add(getattr(e, "owner", None), -w)
            elif name == "TurnOver":
                score.add(getattr(e, "actor", None), -2 * w)
            elif name == "VirtualUse":
                for t in getattr(e, "targets", ()):
                    score.add(t, -2 * w)


def profile_skill(skill: Any) -> dict[str, Any]:
    """The profile of one IR skill (:class:`sgs.compiler.ir.Skill`); see the module doc."""
    score = _Score()
    kinds: list[str] = []
    cards: list[str] = []
    optional = False
    for ab in skill.abilities:
        kinds.append(str(getattr(ab, "kind", "?")))
        optional = optional or bool(getattr(ab, "optional", False))
        _score_effects(getattr(ab, "effects", ()), score, 1.0)
        for conv in getattr(ab, "conversions", ()):
            target = getattr(conv, "target", None)
            cards.append(str(getattr(target, "name", target)))
    return {
        "kind": kinds[0] if kinds else "?",
        "self": round(score.self, 3),
        "other": round(score.other, 3),
        "self_hp": round(score.self_hp, 3),
        "attack": score.attack,
        "optional": optional,
        "cards": cards,
    }


def profile_packages(packages: Sequence[Any]) -> dict[str, Any]:
    """Skill name → profile for every skill of the packages (generals' and equipment
    cards'; a later package's skill of the same name wins)."""
    out: dict[str, Any] = {}
    for pkg in packages:
        for g in pkg.generals:
            for s in g.skills:
                out[s.name] = profile_skill(s)
        for decl in getattr(pkg, "cards", ()):
            for s in decl.skills:
                out.setdefault(s.name, profile_skill(s))
    return out


def profile_sources(skills: Sequence[str]) -> dict[str, Any]:
    """Profiles of the bundled skills with those of ``skills`` (paths) over them (the
    front end only: parse and lower; compile errors are the compiler's to report —
    call this after :func:`sgs.compiler.load_pool` succeeded)."""
    from sgs.compiler import build

    packages = list(build().packages)
    if skills:
        packages += list(build([Path(s) for s in skills]).packages)
    return profile_packages(packages)
