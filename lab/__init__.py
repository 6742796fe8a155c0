"""The balance lab: many seeded games, numbers with error bars, pictures.

* :mod:`.table` — what a run plays (:class:`~.table.TableSpec`: pool sources, players,
  roles, agents per seat / per role) and how one game of it is set up;
* :mod:`.rows` — one game → one result row (a JSON-ready dict) read from the game's
  structured log;
* :mod:`.simulate` — N seeded games across processes (or Ray), streamed to JSON Lines
  (or Parquet) with resume;
* :mod:`.stats` — win rates with Wilson intervals, the overpowered-general flag,
  game lengths, skill invocation rates;
* :mod:`.report` — the pictures (matplotlib);
* :mod:`.profiles`, :mod:`.heuristic` — a heuristic agent that sees only what its seat
  may see (the engine's :class:`~sgs.runtime.observation.SeatView`) and plays the skills
  by what their compiled effects do.
"""
