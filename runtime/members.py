"""Plain-class mirrors of the runtime's enums, for hot code.

On Python 3.11 ``EnumType`` defines ``__getattr__``, which puts every class attribute
lookup on an enum (``Zone.HAND``) on a slow path: measured ~4x a plain class
attribute.  The rules code reads members millions of times per thousand games, so the
hot modules read them from these mirrors (``_M.Zone.HAND`` is the same object as
``Zone.HAND``); tests/engine/test_members.py checks every mirror against its enum.
Generated from the enums; regenerate rather than edit by hand.
"""

from __future__ import annotations

from . import cards as _cards
from . import decisions as _decisions
from . import player as _player
from . import skills as _skills
from . import timing as _timing
from . import zones as _zones

__all__ = ["CardName", "CardSubtype", "CardType", "CardZone", "Color", "DecisionKind", "MoveReason", "Nature", "Phase", "Role", "Scope", "Suit", "Timing", "UseMode", "Zone"]


class CardName:
    """Members of :class:`cards.CardName`."""

    SLASH = _cards.CardName.SLASH
    FIRE_SLASH = _cards.CardName.FIRE_SLASH
    THUNDER_SLASH = _cards.CardName.THUNDER_SLASH
    JINK = _cards.CardName.JINK
    PEACH = _cards.CardName.PEACH
    ANALEPTIC = _cards.CardName.ANALEPTIC
    DUEL = _cards.CardName.DUEL
    DISMANTLEMENT = _cards.CardName.DISMANTLEMENT
    SNATCH = _cards.CardName.SNATCH
    ARCHERY_ATTACK = _cards.CardName.ARCHERY_ATTACK
    SAVAGE_ASSAULT = _cards.CardName.SAVAGE_ASSAULT
    EX_NIHILO = _cards.CardName.EX_NIHILO
    AMAZING_GRACE = _cards.CardName.AMAZING_GRACE
    GOD_SALVATION = _cards.CardName.GOD_SALVATION
    COLLATERAL = _cards.CardName.COLLATERAL
    NULLIFICATION = _cards.CardName.NULLIFICATION
    INDULGENCE = _cards.CardName.INDULGENCE
    LIGHTNING = _cards.CardName.LIGHTNING
    SUPPLY_SHORTAGE = _cards.CardName.SUPPLY_SHORTAGE
    IRON_CHAIN = _cards.CardName.IRON_CHAIN
    FIRE_ATTACK = _cards.CardName.FIRE_ATTACK
    CROSSBOW = _cards.CardName.CROSSBOW
    QINGGANG_SWORD = _cards.CardName.QINGGANG_SWORD
    DOUBLE_SWORD = _cards.CardName.DOUBLE_SWORD
    AXE = _cards.CardName.AXE
    BLADE = _cards.CardName.BLADE
    SPEAR = _cards.CardName.SPEAR
    HALBERD = _cards.CardName.HALBERD
    KYLIN_BOW = _cards.CardName.KYLIN_BOW
    ICE_SWORD = _cards.CardName.ICE_SWORD
    GUDING_BLADE = _cards.CardName.GUDING_BLADE
    FAN = _cards.CardName.FAN
    EIGHT_DIAGRAM = _cards.CardName.EIGHT_DIAGRAM
    RENWANG_SHIELD = _cards.CardName.RENWANG_SHIELD
    VINE = _cards.CardName.VINE
    SILVER_LION = _cards.CardName.SILVER_LION
    JUEYING = _cards.CardName.JUEYING
    DILU = _cards.CardName.DILU
    ZHUAHUANGFEIDIAN = _cards.CardName.ZHUAHUANGFEIDIAN
    HUALIU = _cards.CardName.HUALIU
    CHITU = _cards.CardName.CHITU
    DAYUAN = _cards.CardName.DAYUAN
    ZIXING = _cards.CardName.ZIXING


class CardSubtype:
    """Members of :class:`cards.CardSubtype`."""

    NONE = _cards.CardSubtype.NONE
    NORMAL_TRICK = _cards.CardSubtype.NORMAL_TRICK
    DELAYED_TRICK = _cards.CardSubtype.DELAYED_TRICK
    WEAPON = _cards.CardSubtype.WEAPON
    ARMOR = _cards.CardSubtype.ARMOR
    DEFENSIVE_HORSE = _cards.CardSubtype.DEFENSIVE_HORSE
    OFFENSIVE_HORSE = _cards.CardSubtype.OFFENSIVE_HORSE


class CardType:
    """Members of :class:`cards.CardType`."""

    BASIC = _cards.CardType.BASIC
    TRICK = _cards.CardType.TRICK
    EQUIP = _cards.CardType.EQUIP


class CardZone:
    """Members of :class:`zones.CardZone`."""

    HAND = _zones.CardZone.HAND
    HAND_EQUIP = _zones.CardZone.HAND_EQUIP
    EQUIP = _zones.CardZone.EQUIP
    ALL = _zones.CardZone.ALL


class Color:
    """Members of :class:`cards.Color`."""

    RED = _cards.Color.RED
    BLACK = _cards.Color.BLACK
    NONE = _cards.Color.NONE


class DecisionKind:
    """Members of :class:`decisions.DecisionKind`."""

    INVOKE = _decisions.DecisionKind.INVOKE
    PLAY = _decisions.DecisionKind.PLAY
    TARGETS = _decisions.DecisionKind.TARGETS
    CARDS = _decisions.DecisionKind.CARDS
    CARD_OF = _decisions.DecisionKind.CARD_OF
    OPTION = _decisions.DecisionKind.OPTION
    PLAYERS = _decisions.DecisionKind.PLAYERS
    RESPOND = _decisions.DecisionKind.RESPOND
    ORDER = _decisions.DecisionKind.ORDER
    CARD_NAME = _decisions.DecisionKind.CARD_NAME
    ARRANGE = _decisions.DecisionKind.ARRANGE


class MoveReason:
    """Members of :class:`zones.MoveReason`."""

    DRAW = _zones.MoveReason.DRAW
    USE = _zones.MoveReason.USE
    RESPOND = _zones.MoveReason.RESPOND
    DISCARD = _zones.MoveReason.DISCARD
    OBTAIN = _zones.MoveReason.OBTAIN
    GIVE = _zones.MoveReason.GIVE
    EQUIP = _zones.MoveReason.EQUIP
    JUDGE = _zones.MoveReason.JUDGE
    PUT = _zones.MoveReason.PUT
    DEATH = _zones.MoveReason.DEATH
    RETRIAL = _zones.MoveReason.RETRIAL
    REVEAL = _zones.MoveReason.REVEAL
    RESHUFFLE = _zones.MoveReason.RESHUFFLE
    RECAST = _zones.MoveReason.RECAST


class Nature:
    """Members of :class:`cards.Nature`."""

    NORMAL = _cards.Nature.NORMAL
    FIRE = _cards.Nature.FIRE
    THUNDER = _cards.Nature.THUNDER


class Phase:
    """Members of :class:`timing.Phase`."""

    START = _timing.Phase.START
    JUDGE = _timing.Phase.JUDGE
    DRAW = _timing.Phase.DRAW
    PLAY = _timing.Phase.PLAY
    DISCARD = _timing.Phase.DISCARD
    FINISH = _timing.Phase.FINISH


class Role:
    """Members of :class:`player.Role`."""

    LORD = _player.Role.LORD
    LOYALIST = _player.Role.LOYALIST
    REBEL = _player.Role.REBEL
    RENEGADE = _player.Role.RENEGADE


class Scope:
    """Members of :class:`timing.Scope`."""

    SELF = _timing.Scope.SELF
    OTHER = _timing.Scope.OTHER
    ANY = _timing.Scope.ANY


class Suit:
    """Members of :class:`cards.Suit`."""

    SPADE = _cards.Suit.SPADE
    HEART = _cards.Suit.HEART
    CLUB = _cards.Suit.CLUB
    DIAMOND = _cards.Suit.DIAMOND
    NONE = _cards.Suit.NONE


class Timing:
    """Members of :class:`timing.Timing`."""

    GAME_START = _timing.Timing.GAME_START
    TURN_BEGIN = _timing.Timing.TURN_BEGIN
    TURN_END = _timing.Timing.TURN_END
    START_PHASE_BEFORE = _timing.Timing.START_PHASE_BEFORE
    JUDGE_PHASE_BEFORE = _timing.Timing.JUDGE_PHASE_BEFORE
    DRAW_PHASE_BEFORE = _timing.Timing.DRAW_PHASE_BEFORE
    PLAY_PHASE_BEFORE = _timing.Timing.PLAY_PHASE_BEFORE
    DISCARD_PHASE_BEFORE = _timing.Timing.DISCARD_PHASE_BEFORE
    FINISH_PHASE_BEFORE = _timing.Timing.FINISH_PHASE_BEFORE
    START_PHASE_BEGIN = _timing.Timing.START_PHASE_BEGIN
    START_PHASE_END = _timing.Timing.START_PHASE_END
    JUDGE_PHASE_BEGIN = _timing.Timing.JUDGE_PHASE_BEGIN
    JUDGE_PHASE_END = _timing.Timing.JUDGE_PHASE_END
    DRAW_PHASE_BEGIN = _timing.Timing.DRAW_PHASE_BEGIN
    DRAW_PHASE_DRAWING = _timing.Timing.DRAW_PHASE_DRAWING
    DRAW_PHASE_END = _timing.Timing.DRAW_PHASE_END
    PLAY_PHASE_BEGIN = _timing.Timing.PLAY_PHASE_BEGIN
    PLAY_PHASE_END = _timing.Timing.PLAY_PHASE_END
    DISCARD_PHASE_BEGIN = _timing.Timing.DISCARD_PHASE_BEGIN
    DISCARD_PHASE_END = _timing.Timing.DISCARD_PHASE_END
    FINISH_PHASE_BEGIN = _timing.Timing.FINISH_PHASE_BEGIN
    FINISH_PHASE_END = _timing.Timing.FINISH_PHASE_END
    CARD_USING = _timing.Timing.CARD_USING
    TARGET_SPECIFYING = _timing.Timing.TARGET_SPECIFYING
    TARGET_CONFIRMING = _timing.Timing.TARGET_CONFIRMING
    TARGET_SPECIFIED = _timing.Timing.TARGET_SPECIFIED
    TARGET_CONFIRMED = _timing.Timing.TARGET_CONFIRMED
    CARD_USE_FINISHED = _timing.Timing.CARD_USE_FINISHED
    CARD_RESPONDING = _timing.Timing.CARD_RESPONDING
    SLASH_MISSED = _timing.Timing.SLASH_MISSED
    CARD_NEEDED = _timing.Timing.CARD_NEEDED
    DAMAGE_CAUSING = _timing.Timing.DAMAGE_CAUSING
    DAMAGE_INFLICTING = _timing.Timing.DAMAGE_INFLICTING
    DAMAGE_CAUSED = _timing.Timing.DAMAGE_CAUSED
    DAMAGED = _timing.Timing.DAMAGED
    JUDGE_RETRIAL = _timing.Timing.JUDGE_RETRIAL
    JUDGE_FINISHED = _timing.Timing.JUDGE_FINISHED
    HP_DEDUCTING = _timing.Timing.HP_DEDUCTING
    RECOVERING = _timing.Timing.RECOVERING
    RECOVERED = _timing.Timing.RECOVERED
    HP_LOST = _timing.Timing.HP_LOST
    DYING = _timing.Timing.DYING
    DEATH = _timing.Timing.DEATH
    DIED = _timing.Timing.DIED
    CARDS_LOST = _timing.Timing.CARDS_LOST
    CARDS_OBTAINED = _timing.Timing.CARDS_OBTAINED
    EQUIP_SELF_LOST = _timing.Timing.EQUIP_SELF_LOST


class UseMode:
    """Members of :class:`skills.UseMode`."""

    USE = _skills.UseMode.USE
    RESPOND = _skills.UseMode.RESPOND
    BOTH = _skills.UseMode.BOTH


class Zone:
    """Members of :class:`zones.Zone`."""

    HAND = _zones.Zone.HAND
    EQUIP = _zones.Zone.EQUIP
    JUDGE = _zones.Zone.JUDGE
    DRAW_PILE = _zones.Zone.DRAW_PILE
    DISCARD_PILE = _zones.Zone.DISCARD_PILE
    PROCESSING = _zones.Zone.PROCESSING
    GENERAL = _zones.Zone.GENERAL
