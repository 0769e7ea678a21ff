"""The greedy shedder in plain Python, over a list of legal moves: the independent
check of the compiled greedy move (ext/chinese_poker.c) that the package's greedy
agent and playouts use. The package itself never runs this."""

from __future__ import annotations

from collections.abc import Sequence

from pokerrules.chinese_poker import PlayKind
from pokerrules.chinese_poker.moves import Move
from pokerrules.chinese_poker.plays import Play, classify_codes


def greedy_play(plays: Sequence[tuple[Move, Play]], passing: Move | None, left: int,
                table_empty: bool, opponents_low: int) -> Move:
    """The greedy shedder's choice among ``plays`` (each move with its play) or
    ``passing`` (None when a pass is not allowed), holding ``left`` cards, the
    smallest opponent hand being ``opponents_low`` cards: go out at once if one
    play empties the hand; else on the lead the play that sheds the most cards,
    the lowest first, and on a table the cheapest play that beats it; a bomb only
    when nothing else beats the table and the end is near."""
    for move, play in plays:
        if play.length == left:
            return move
    bombs = [(m, p) for m, p in plays if p.kind is PlayKind.BOMB]
    others = [(m, p) for m, p in plays if p.kind is not PlayKind.BOMB]
    if others:
        if table_empty:
            return min(others, key=lambda mp: (-mp[1].length, mp[1].value))[0]
        return min(others, key=lambda mp: mp[1].value)[0]
    if bombs and (passing is None or left <= 8 or opponents_low <= 4):
        return min(bombs, key=lambda mp: mp[1].value)[0]
    if passing is not None:
        return passing
    return plays[0][0]


def greedy_among(legal_moves: Sequence[Move], hand_counts: Sequence[int], player: int,
                 table_empty: bool) -> Move:
    """:func:`greedy_play` among ``legal_moves`` (a pass or plays) of ``player``,
    the players holding ``hand_counts`` cards."""
    plays = []
    passing = None
    for move in legal_moves:
        if move.is_pass:
            passing = move
        else:
            play = classify_codes(move.cards)
            assert play is not None
            plays.append((move, play))
    low = min(c for p, c in enumerate(hand_counts) if p != player)
    return greedy_play(plays, passing, hand_counts[player], table_empty, low)
