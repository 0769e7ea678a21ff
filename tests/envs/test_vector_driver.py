"""The batch driver under every vector engine: what each game's batch does alike."""

from __future__ import annotations

import numpy as np
import pytest

from pokerrules import _vector
from pokerrules.chinese_poker import ChinesePokerRules
from pokerrules.eastwest.rules import DEFAULT_RULES
from pokerrules.envs.chinese_poker_v0 import play_patterns
from pokerrules.errors import ArgumentTypeError, HandSizeError
from pokerrules.zpoker import ZPokerRules

N = 6


def _batches() -> dict[str, object]:
    z, c = ZPokerRules(), ChinesePokerRules()
    return {
        "east-west": _vector.EastWestBatch(N, DEFAULT_RULES.hand_rules.variant,
                                           DEFAULT_RULES.win_rule, 0, "self"),
        "z-poker": _vector.ZPokerBatch(N, z.deck.codes, z.hand_size, 0, "self"),
        "chinese-poker": _vector.ChinesePokerBatch(N, 4, c.target, c.open_choice, 0, "self",
                                                   *play_patterns()),
    }


@pytest.mark.parametrize("game", ["east-west", "z-poker", "chinese-poker"])
def test_reset_which_deals_only_the_chosen_games(game: str) -> None:
    batch = _batches()[game]
    batch.reset(np.arange(N))  # type: ignore[attr-defined]
    before = [batch.game(i) for i in range(N)]  # type: ignore[attr-defined]
    which = np.zeros(N, dtype=bool)
    which[[1, 4]] = True
    batch.reset(np.arange(100, 100 + N), which)  # type: ignore[attr-defined]
    after = [batch.game(i) for i in range(N)]  # type: ignore[attr-defined]
    for i in range(N):
        if which[i]:
            assert after[i]["seed"] == 100 + i
        else:
            assert after[i] == before[i]


@pytest.mark.parametrize("game", ["east-west", "z-poker", "chinese-poker"])
def test_reset_which_refuses_another_shape_or_type_changing_nothing(game: str) -> None:
    batch = _batches()[game]
    batch.reset(np.arange(N))  # type: ignore[attr-defined]
    before = [batch.game(i) for i in range(N)]  # type: ignore[attr-defined]
    with pytest.raises(HandSizeError, match="which must have shape"):
        batch.reset(np.arange(N), np.ones(N + 1, dtype=bool))  # type: ignore[attr-defined]
    with pytest.raises(ArgumentTypeError, match="which must be bools"):
        batch.reset(np.arange(N), np.ones(N, dtype=np.int64))  # type: ignore[attr-defined]
    assert [batch.game(i) for i in range(N)] == before  # type: ignore[attr-defined]

