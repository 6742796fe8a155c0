"""The game engine (skeleton; being filled in)."""

from __future__ import annotations

from typing import Callable, Sequence

from .cards import AnyCard, Card, CardName, Nature
from .events import DamageEvent, JudgeEvent
from .player import Player
from .skills import UseMode
from .timing import Phase
from .zones import CardZone


class Game:
    current: Player

    def draw(self, player: Player, n: int, reason: str = "") -> list[Card]:
        raise NotImplementedError

    def discard_cards(self, player: Player, cards: list[Card], reason: str = "") -> None:
        raise NotImplementedError

    def ask_discard(
        self,
        player: Player,
        n: int,
        zone: CardZone = CardZone.HAND,
        optional: bool = False,
        card_filter: Callable[[Card], bool] | None = None,
        prompt: str = "",
        reason: str = "",
    ) -> list[Card]:
        raise NotImplementedError

    def obtain_card(self, player: Player, card: AnyCard, reason: str = "") -> list[Card]:
        raise NotImplementedError

    def obtain_from(self, player: Player, target: Player, zone: CardZone, reason: str = "") -> Card | None:
        raise NotImplementedError

    def discard_from(self, player: Player, target: Player, zone: CardZone, reason: str = "") -> Card | None:
        raise NotImplementedError

    def give_cards(self, giver: Player, receiver: Player, cards: list[Card], reason: str = "") -> None:
        raise NotImplementedError

    def recover(self, player: Player, n: int, source: Player | None = None, reason: str = "") -> int:
        raise NotImplementedError

    def lose_hp(self, player: Player, n: int, reason: str = "") -> None:
        raise NotImplementedError

    def damage(
        self,
        source: Player | None,
        target: Player,
        n: int,
        card: AnyCard | None = None,
        nature: Nature = Nature.NORMAL,
        reason: str = "",
    ) -> DamageEvent:
        raise NotImplementedError

    def judge(self, player: Player, reason: str = "", good: Callable[[Card], bool] | None = None) -> Card:
        raise NotImplementedError

    def retrial(self, event: JudgeEvent, by: Player, card: Card, respond: bool = True, reason: str = "") -> None:
        raise NotImplementedError

    def ask_yes_no(self, player: Player, prompt: str, about: str = "") -> bool:
        raise NotImplementedError

    def choose_option(
        self, chooser: Player, options: list[str], feasible: Sequence[bool] | None = None, prompt: str = "", about: str = ""
    ) -> str | None:
        raise NotImplementedError

    def choose_players(
        self, chooser: Player, candidates: list[Player], min_n: int, max_n: int, prompt: str = "", about: str = ""
    ) -> list[Player]:
        raise NotImplementedError

    def choose_cards(
        self, chooser: Player, cards: list[Card], min_n: int, max_n: int, prompt: str = "", about: str = ""
    ) -> list[Card]:
        raise NotImplementedError

    def ask_for_card(
        self, player: Player, names: tuple[CardName, ...], mode: UseMode, prompt: str = "", reason: str = ""
    ) -> AnyCard | None:
        raise NotImplementedError

    def skip_phase(self, player: Player, phase: Phase) -> None:
        raise NotImplementedError

    def distance(self, src: Player, dst: Player) -> int:
        raise NotImplementedError

    def in_attack_range(self, src: Player, dst: Player) -> bool:
        raise NotImplementedError

    def alive_from(self, player: Player) -> list[Player]:
        raise NotImplementedError
