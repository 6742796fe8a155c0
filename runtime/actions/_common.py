"""What every action module shares: the acting skill's name for logs."""

from __future__ import annotations

from ..skills import CardEffect, SkillContext


def _why(ctx: SkillContext) -> str:
    skill = ctx.skill
    if skill is None or (isinstance(skill, CardEffect) and not skill.log_reason):
        return ""
    return skill.name
