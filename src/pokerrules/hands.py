"""Hand ranking: categories, rules presets and the evaluate functions.

Everything here runs in the compiled core (:mod:`pokerrules._core`).

Hands of one kind and one rules preset are ordered, weakest first:

>>> h0 = evaluate("7c 5d 4h 3s 2c")
>>> h1 = evaluate("Ac Ad 7h 4s 2c")
>>> h2 = evaluate("5c 4d 3h 2s Ac")
>>> h3 = evaluate("Tc 9d 8h 7s 6c")
>>> h4 = evaluate("As Ks Qs Js Ts")
>>> h0 < h1 < h2 < h3 < h4
True
>>> h4.describe(), h4.is_royal
('Royal flush', True)
>>> evaluate("Kh Kd Kc 7s Jk", PAI_GOW).describe()
'Three of a kind, kings, kickers ace, seven'
>>> evaluate("As Ks Qs Js", PAI_GOW)
Traceback (most recent call last):
...
pokerrules.errors.HandSizeError: evaluate takes 5 to 7 cards, got 4: As Ks Qs Js
"""

from __future__ import annotations

from pokerrules._core import (
    BATCH_LIMIT,
    PAI_GOW,
    PIQUET,
    STANDARD,
    HandCategory,
    HandRank,
    HandRules,
    categories,
    category_counts,
    evaluate,
    evaluate_many,
    evaluate_partial,
    evaluate_two,
    rank_value,
    table_bytes,
    value_counts,
)
from pokerrules.cards import CardsLike

__all__ = [
    "BATCH_LIMIT",
    "PAI_GOW",
    "PIQUET",
    "STANDARD",
    "HandCategory",
    "HandRank",
    "HandRules",
    "categories",
    "category_counts",
    "describe",
    "evaluate",
    "evaluate_many",
    "evaluate_partial",
    "evaluate_two",
    "rank_value",
    "table_bytes",
    "value_counts",
]


def describe(cards: CardsLike, rules: HandRules | str = STANDARD) -> str:
    """The best five of 5 to 7 cards in words, e.g. "Full house, kings full of sevens".
    ``rules`` is a :class:`HandRules` or a preset's name ("standard", "paigow",
    "piquet").

    Raises the errors of :func:`evaluate`.
    """
    return evaluate(cards, rules).describe()
