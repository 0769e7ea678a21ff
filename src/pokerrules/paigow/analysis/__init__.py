"""Pai Gow Poker, its analysis: the outcome tables, the exact counts and the
simulated house edge, the optimal setting for either seat and the strategy
tables with their files, the house way's cost, the comparison of ways, the
classes of hands and the side bets.

It builds on :mod:`pokerrules.paigow.game`; the public names come from
:mod:`pokerrules.paigow`.
"""
