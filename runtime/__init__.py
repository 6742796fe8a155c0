"""The 三国杀 game runtime (import name ``sgs.runtime``).

Module map:

* ``api`` — the ONLY surface compiled skill modules import (``__all__``);
* ``timing`` — :class:`Timing` windows, :class:`Phase`, :class:`Scope`;
* ``skills`` — skill base classes and :class:`SkillContext`;
* ``events`` — event records passed through the windows;
* ``actions`` — one function per verb of the skill language, plus queries;
* ``cards`` / ``zones`` / ``player`` / ``generals`` — data (deck from
  ``data/cards_standard.tsv``, skill-less generals from ``data/generals.tsv``);
* ``game`` — :class:`Game`: the state, the decisions it asks, how it is driven
  (``run``, ``pending``/``respond``, ``clone``), the rules as its methods;
* ``stages`` — event families as data: stage tables, their runner, the windows a
  family opens; ``dispatch`` — the one dispatcher that opens a window;
* ``flows`` — one module per event family: ``turn``, ``use``, ``respond``, ``play``,
  ``damage``, ``hp``, ``dying``, ``judge``, ``move``;
* ``legality`` — distance, range, limits, target legality; ``registry`` — skill
  indexes; ``choices`` — asking players;
* ``effects`` — card content, passed into each game by its mode: the card effects still
  hand-written (``basic``, ``tricks``, ``maneuvering``); the compiled ones, every
  equipment effect among them, come in with each game (``Game(equipment=…, card_effects=…)``);
* ``decisions`` / ``agents`` — typed decisions, RandomAgent, ScriptedAgent;
* ``log`` / ``result`` — game log (text / JSON lines) and final state;
* ``modes.identity`` — identity mode (2–10 players) setup, role tables, victory,
  ``play_identity_game``;
* ``human`` — :class:`HumanAgent`, a player at the terminal (``sgs play --human``);
* ``testing`` — build a game from an explicit table (tests, scenario files).

The runtime knows nothing of the grammar and never imports ``sgs.compiler``: what was
compiled (generals, equipment and card effects) is passed into each game by its caller.
"""
