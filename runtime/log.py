"""Game log: one entry per event, rendered as a Chinese text line or a JSON line.

Same seed + same choices → byte-identical ``to_jsonl()`` output.

An entry's text may be recorded lazily (:data:`LazyText`): a ``str.format`` template
and its arguments, formatted only when the text is first read (:attr:`GameLog.entries`),
so a game whose log text nobody reads never builds it.  The arguments must be values
fixed when the event happens (strings and numbers, never a player whose state moves on).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Union

__all__ = ["LogEntry", "GameLog", "LogValue", "LazyText", "LogText"]

LogValue = Union[str, int, bool, None, list[str], list[int]]
#: a text formatted when read: ``(template, arg, …)`` is ``template.format(arg, …)``
#: (``("{} 摸了{}张牌", tag, 2)``); the arguments are strings and numbers
LazyText = tuple[Union[str, int], ...]
#: what an entry's text is recorded as: the text, or the lazy form
LogText = Union[str, LazyText]


@dataclass(slots=True)
class LogEntry:
    """``round`` (第N轮), ``kind`` (event name, e.g. ``使用``, ``伤害``), ``text`` (the
    line without the round prefix), ``data`` (structured fields for JSON)."""

    round: int
    kind: str
    text: str
    data: dict[str, LogValue] = field(default_factory=dict)

    def render(self) -> str:
        return f"[第{self.round}轮] {self.text}"

    def to_json(self) -> str:
        obj: dict[str, LogValue] = {"round": self.round, "kind": self.kind, "text": self.text}
        obj.update(self.data)
        return json.dumps(obj, ensure_ascii=False, sort_keys=True)


#: one entry as recorded: (round, kind, text or lazy text, data)
RawEntry = tuple[int, str, LogText, dict[str, LogValue]]


def text_of(text: LogText) -> str:
    """The text of a recorded entry (a lazy one formatted)."""
    if type(text) is str:
        return text
    template = text[0]
    assert isinstance(template, str)
    return template.format(*text[1:])


class GameLog:
    """Append-only list of :class:`LogEntry`.  ``enabled=False`` keeps only kinds
    (cheap mode for benchmarks).

    Entries are recorded as tuples (``raw``, cheap while a game runs) and made
    :class:`LogEntry` objects when :attr:`entries` is first read after them: a batch of
    games that only wants results (:meth:`kinds`) never builds them."""

    def __init__(self, enabled: bool = True) -> None:
        #: the entries as recorded, in order (append with :meth:`add`)
        self.raw: list[RawEntry] = []
        self._entries: list[LogEntry] = []
        self.enabled = enabled

    @property
    def entries(self) -> list[LogEntry]:
        """Every entry so far, in order (do not append to it: use :meth:`add`)."""
        raw, out = self.raw, self._entries
        if len(out) < len(raw):
            out.extend(LogEntry(r[0], r[1], text_of(r[2]), r[3]) for r in raw[len(out) :])
        return out

    def add(self, round_: int, kind: str, text: LogText, data: dict[str, LogValue] | None = None) -> None:
        self.raw.append((round_, kind, text if self.enabled else "", data or {}))

    def kinds(self) -> list[str]:
        return [r[1] for r in self.raw]

    def lines(self) -> list[str]:
        return [e.render() for e in self.entries]

    def text(self) -> str:
        return "\n".join(self.lines())

    def to_jsonl(self) -> str:
        return "\n".join(e.to_json() for e in self.entries)
