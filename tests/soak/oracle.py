"""The identity victory rule, written from the rule text, not from the runtime's code
(seed 001 胜利条件, /work/shared/reference/001_*.txt lines ~39–50): lord and loyalists win
when every rebel and renegade is dead; rebels win by killing the lord; a renegade wins
only as the last one standing.  The soak tests judge every game with it."""

from __future__ import annotations

from sgs.runtime.player import Role

__all__ = ["expected_winner", "expected_winners"]

L, Y, R, N = Role.LORD, Role.LOYALIST, Role.REBEL, Role.RENEGADE


def expected_winner(roles_alive: list[tuple[Role, bool]]) -> str | None:
    """The identity victory rule from the rule text (not the runtime's code):
    None while the game must go on."""
    alive = [r for r, a in roles_alive if a]
    if L not in alive:
        return "内奸" if alive == [N] else "反贼"
    if any(r in (R, N) for r in alive):
        return None
    return "主公"


def expected_winners(winner: str, roles_alive: list[tuple[Role, bool]]) -> list[int]:
    """Seats that share the win (1-based): the lord's side, all rebels (dead or
    alive), or the surviving renegade alone."""
    if winner == "主公":
        return [i + 1 for i, (r, _) in enumerate(roles_alive) if r in (L, Y)]
    if winner == "反贼":
        return [i + 1 for i, (r, _) in enumerate(roles_alive) if r is R]
    return [i + 1 for i, (_, a) in enumerate(roles_alive) if a]
