"""What every action module shares: the acting skill's name for logs."""

from __future__ import annotations

from ..skills import SkillContext


def _why(ctx: SkillContext) -> str:
    return ctx.skill.name if ctx.skill is not None else ""
