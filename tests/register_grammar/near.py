"""The near-miss assertion the register-grammar tests share: a text is refused, and
the parser stops where it goes wrong (the rest of the text starts with ``at``)."""

from __future__ import annotations

import pytest

from sgs.compiler.language.register import RegisterError, parse_register


def assert_stops_at(text: str, at: str) -> RegisterError:
    """Parse ``text``, expect a :class:`RegisterError` whose position starts ``at``;
    returns the error for further checks."""
    with pytest.raises(RegisterError) as info:
        parse_register(text)
    err = info.value
    assert text[err.pos:].startswith(at), text[: err.pos] + "⟨" + text[err.pos:]
    return err
