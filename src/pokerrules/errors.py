"""The one exception hierarchy of pokerrules.

Every error the library raises on bad input derives from :class:`PokerRulesError`,
itself a :class:`ValueError`, so ``except ValueError`` also catches them. Messages
name the offending card, move or player.
"""

from __future__ import annotations

__all__ = [
    "ArgumentTypeError",
    "CardNotInDeckError",
    "DuplicateCardError",
    "FoulError",
    "GameOverError",
    "HandSizeError",
    "HouseWayError",
    "IllegalMoveError",
    "InvalidCardError",
    "NotYourTurnError",
    "PokerRulesError",
    "RulesMismatchError",
    "UnknownAgentError",
    "UnknownGameError",
    "WeightFileError",
]


class PokerRulesError(ValueError):
    """Base class of every pokerrules error."""


class InvalidCardError(PokerRulesError):
    """A token or code that is no card at all ("Xx", 99)."""


class DuplicateCardError(PokerRulesError):
    """The same card given twice."""


class CardNotInDeckError(PokerRulesError):
    """A real card that the rules' deck does not hold (a 2 in piquet, a joker in standard)."""


class HandSizeError(PokerRulesError):
    """The wrong number of cards for the call (or an array of the wrong shape)."""


class ArgumentTypeError(PokerRulesError, TypeError):
    """An argument of the wrong type: None or bytes where cards go, a float seed,
    the rules of another game. Also a TypeError, as Python's own would be."""


class RulesMismatchError(PokerRulesError, TypeError):
    """Two hand ranks of different kinds or rules were ordered against each other."""


class FoulError(PokerRulesError):
    """A Pai Gow setting whose two-card hand outranks its five-card hand."""


class IllegalMoveError(PokerRulesError):
    """A move the rules do not allow in the current state."""


class NotYourTurnError(IllegalMoveError):
    """A move by a player other than the one to act."""


class GameOverError(IllegalMoveError):
    """A move after the game has ended."""


class UnknownAgentError(PokerRulesError, KeyError):
    """An agent name a learning environment does not have ("player_9"). Also a
    KeyError, as PettingZoo's own lookup of an agent's spaces raises."""

    __str__ = BaseException.__str__  # the message as written (KeyError would quote it)


class HouseWayError(PokerRulesError):
    """A house-way description that does not parse or does not pass its check
    (a rule that never holds, cannot act or fouls; a hand no rule takes). The
    message names the file, the line, the rule and an example hand."""


class UnknownGameError(PokerRulesError, KeyError):
    """A game name that no game has ("poker"); the message lists the games. Also a
    KeyError, as a lookup of a name that is not there."""

    __str__ = BaseException.__str__  # the message as written (KeyError would quote it)


class WeightFileError(PokerRulesError):
    """A learned agent's weight file that cannot be read, is damaged, or was made for
    another game or format; the message names the file."""
