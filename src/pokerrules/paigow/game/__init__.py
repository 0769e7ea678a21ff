"""Pai Gow Poker, the game: the rules and their presets, the seven cards' settings
and fouls, the house ways (compiled descriptions, shipped as ``ways/*.way``), the
round's deal and settlement, the game state, its records and its rendering.

Nothing here imports :mod:`pokerrules.paigow.analysis`; the public names come from
:mod:`pokerrules.paigow`.
"""
