"""pokerrules: fast poker hand ranking and the rules of four poker-family games.

The games are Pai Gow Poker (:mod:`pokerrules.paigow`), East–West
(:mod:`pokerrules.eastwest`), Z Poker (:mod:`pokerrules.zpoker`) and the
shedding game Chinese Poker (:mod:`pokerrules.chinese_poker`), a climbing game
like Big Two, not the 13-card game of the same name in which each player sets
three poker hands. Everything the cards, ranking and error modules export is
here too, with :func:`~pokerrules.runner.play_game`.
"""

import typing as _typing

from pokerrules._version import __version__
from pokerrules.cards import (
    CARD_LIMIT,
    CHINESE_POKER_DECK,
    JOKER,
    JOKER_CODE,
    PAI_GOW_DECK,
    PIQUET_DECK,
    STANDARD_DECK,
    Card,
    CardsLike,
    Deck,
    card_codes,
    format_cards,
    make_rng,
    parse_cards,
)
from pokerrules.errors import (
    ArgumentTypeError,
    CardNotInDeckError,
    DuplicateCardError,
    FoulError,
    GameOverError,
    HandSizeError,
    HouseWayError,
    IllegalMoveError,
    InvalidCardError,
    NotYourTurnError,
    PokerRulesError,
    RulesMismatchError,
    UnknownAgentError,
    UnknownGameError,
    WeightFileError,
)
from pokerrules.hands import (
    BATCH_LIMIT,
    PAI_GOW,
    PIQUET,
    STANDARD,
    HandCategory,
    HandRank,
    HandRules,
    categories,
    category_counts,
    describe,
    evaluate,
    evaluate_many,
    evaluate_partial,
    evaluate_two,
    rank_value,
    table_bytes,
    value_counts,
)

if _typing.TYPE_CHECKING:
    from pokerrules.cards import SeedLike
    from pokerrules.runner import play_game

__all__ = [
    "BATCH_LIMIT",
    "CARD_LIMIT",
    "CHINESE_POKER_DECK",
    "JOKER",
    "JOKER_CODE",
    "PAI_GOW",
    "PAI_GOW_DECK",
    "PIQUET",
    "PIQUET_DECK",
    "STANDARD",
    "STANDARD_DECK",
    "ArgumentTypeError",
    "Card",
    "CardNotInDeckError",
    "CardsLike",
    "Deck",
    "DuplicateCardError",
    "FoulError",
    "GameOverError",
    "HandCategory",
    "HandRank",
    "HandRules",
    "HandSizeError",
    "HouseWayError",
    "IllegalMoveError",
    "InvalidCardError",
    "NotYourTurnError",
    "PokerRulesError",
    "RulesMismatchError",
    "SeedLike",
    "UnknownAgentError",
    "UnknownGameError",
    "WeightFileError",
    "__version__",
    "card_codes",
    "categories",
    "category_counts",
    "describe",
    "evaluate",
    "evaluate_many",
    "evaluate_partial",
    "evaluate_two",
    "format_cards",
    "make_rng",
    "parse_cards",
    "play_game",
    "rank_value",
    "table_bytes",
    "value_counts",
]


#: Names imported on first use, and their modules: ranking hands pays for neither
#: the game machinery (json, saves, the runner) nor numpy (which SeedLike names).
_LAZY = {"SeedLike": "pokerrules.cards", "play_game": "pokerrules.runner"}


def __getattr__(name: str) -> object:
    if name not in _LAZY:
        raise AttributeError(f"module 'pokerrules' has no attribute {name!r}")
    import importlib  # here, so that the package offers no name "importlib"

    value = getattr(importlib.import_module(_LAZY[name]), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
