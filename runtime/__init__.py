"""The 三国杀 game runtime (import name ``sgs.runtime``).

Module map:

* ``api`` — the ONLY surface compiled skill modules import (``__all__``);
* ``timing`` — :class:`Timing` windows, :class:`Phase`, :class:`Scope`;
* ``skills`` — skill base classes and :class:`SkillContext`;
* ``events`` — event records passed through the windows;
* ``actions`` — one function per verb of the skill language, plus queries;
* ``cards`` / ``zones`` / ``player`` / ``generals`` — data (deck from
  ``data/cards_standard.tsv``, skill-less generals from ``data/generals.tsv``);
* ``game`` — :class:`Game`: zones and moves, dispatch, hp/damage/dying/death, judge,
  turns and phases;
* ``cardflow`` — card use pipeline, responses (打出/使用 as answer), play phase;
* ``effects`` — card effects (``basic``, ``tricks``, ``equipment``: the hand-written
  equipment effects; the compiled ones come in with each game, ``Game(equipment=…)``);
* ``decisions`` / ``agents`` — typed decisions, RandomAgent, ScriptedAgent;
* ``log`` / ``result`` — game log (text / JSON lines) and final state;
* ``modes.identity`` — identity mode (2–10 players) setup, role tables, victory,
  ``play_identity_game``;
* ``human`` — :class:`HumanAgent`, a player at the terminal (``sgs play --human``);
* ``testing`` — build a game from an explicit table (tests, scenario files).

The runtime knows nothing of the grammar and never imports ``sgs.compiler``: what was
compiled (generals, equipment effects) is passed into each game by its caller.
"""
