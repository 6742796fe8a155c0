"""runtime.members mirrors every member of the enums it names, as the same objects."""

from __future__ import annotations

import enum

from sgs.runtime import cards, decisions, members, player, skills, timing, zones

SOURCES = (zones, timing, cards, decisions, skills, player)


def test_every_mirror_matches_its_enum() -> None:
    for name in members.__all__:
        mirror = getattr(members, name)
        found = {getattr(mod, name) for mod in SOURCES if isinstance(getattr(mod, name, None), enum.EnumMeta)}
        assert len(found) == 1, name
        cls = found.pop()
        mirrored = {k: v for k, v in vars(mirror).items() if not k.startswith("_")}
        assert mirrored == dict(cls.__members__), name
        assert all(mirrored[k] is cls[k] for k in mirrored), name
