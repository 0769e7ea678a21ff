"""A plain numpy learner on East–West through the Gymnasium single-agent
wrapper: a softmax policy over the three rows, linear in a few features of each
row read from the flat observation (how many cards of the drawn card's rank and
suit the row holds, its size, the rank's cards the opponent holds, near ranks),
the illegal actions masked out, trained by REINFORCE (the episode's return, less
a running mean, times the gradient of each chosen action's log-probability)
against the random agent. At each checkpoint it plays ``--eval-games`` games (seat 0, seeds apart
from training) greedily, the most probable legal action, against the random and
the greedy agent and prints the win rate (a draw counting half).

    python benchmarks/learn_east_west.py --episodes 20000

Run it from the top directory of a checkout where pokerrules is installed (``pip
install ".[rl]"`` or ``pip install -e ".[rl]"``), as it is: it imports the installed
package (with ``PYTHONPATH=src`` it would import the checkout's ``src``, which a
plain install leaves without its compiled modules). The figures in
benchmarks/RESULTS.md and the environments' documentation come from that
command; ``--episodes``, ``--checkpoints`` and ``--eval-games`` make shorter runs.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from pokerrules.envs.east_west_v0 import EastWestEncoding
from pokerrules.envs.single_agent import SingleAgentEnv

#: Evaluation seeds start here, far from the training episodes' generator.
EVAL_SEED = 10**9


_DECK, _ROWS = 32, 3  # piquet deck indices: rank d // 4 (7 to A), suit d % 4
_BOARD, _OWN, _OTHER, _DRAWN = 0, 96, 192, 288
FEATURES = 14


def row_features(observation: np.ndarray) -> np.ndarray:
    """Per row (shape (3, FEATURES)): a constant; one-hot, the cards of the drawn
    card's rank on the row (board card included, 0..3+); the cards of its suit
    there / 5; one-hot, the observer's cards on the row (0..4); the rank's cards on
    the opponent's row / 4; the row's other ranks within 4 of the drawn one / 4;
    whether the row already holds a pair."""
    drawn = int(np.flatnonzero(observation[_DRAWN:_DRAWN + _DECK])[0])
    rank, suit = divmod(drawn, 4)
    board = observation[_BOARD:_BOARD + 96].reshape(_ROWS, 8, 4)
    own = observation[_OWN:_OWN + 96].reshape(_ROWS, 8, 4)
    other = observation[_OTHER:_OTHER + 96].reshape(_ROWS, 8, 4)
    row = board + own
    ranks = row.sum(axis=2)  # (rows, 8)
    out = np.zeros((_ROWS, FEATURES))
    out[:, 0] = 1.0
    out[np.arange(_ROWS), 1 + np.minimum(ranks[:, rank], 3).astype(int)] = 1.0
    out[:, 5] = row[:, :, suit].sum(axis=1) / 5
    out[np.arange(_ROWS), 6 + own.sum(axis=(1, 2)).astype(int)] = 1.0
    out[:, 11] = other[:, rank].sum(axis=1) / 4
    near = [r for r in range(max(0, rank - 4), min(8, rank + 5)) if r != rank]
    out[:, 12] = (ranks[:, near] > 0).sum(axis=1) / 4
    out[:, 13] = (ranks >= 2).any(axis=1)
    return out


class LinearPolicy:
    """Softmax over the rows' ``features @ weights``, illegal rows at -inf."""

    def __init__(self) -> None:
        self.weights = np.zeros(FEATURES)

    def probabilities(self, features: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = np.where(mask, features @ self.weights, -np.inf)
        p = np.exp(logits - logits.max())
        return np.asarray(p / p.sum())


def train(episodes: int, checkpoints: list[int], eval_games: int, seed: int,
          learning_rate: float) -> list[tuple[int, float, float, float]]:
    """Trains and evaluates: (episodes so far, CPU seconds, win rate against
    random, against greedy) at every checkpoint."""
    encoding = EastWestEncoding()
    env = SingleAgentEnv(encoding, opponent="random", flat=True)
    policy = LinearPolicy()
    rng = np.random.default_rng(seed)
    baseline = 0.0
    rows = []
    start = time.process_time()
    env.reset(seed=seed)
    for episode in range(episodes + 1):
        if episode in checkpoints:
            spent = time.process_time() - start
            rows.append((episode, spent, evaluate(policy, "random", eval_games),
                         evaluate(policy, "greedy", eval_games)))
            start = time.process_time() - spent  # evaluation time is not training time
        if episode == episodes:
            break
        observation, _ = env.reset()
        steps = []
        done = False
        while not done:
            features = row_features(observation)
            p = policy.probabilities(features, env.action_masks())
            action = int(rng.choice(len(p), p=p))
            steps.append((features, p, action))
            observation, reward, done, _, _ = env.step(action)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for features, p, action in steps:
            # the gradient of log p[action]: its features less their expectation
            policy.weights += learning_rate * advantage * (features[action] - p @ features)
    return rows


def evaluate(policy: LinearPolicy, opponent: str, games: int) -> float:
    """The greedy policy's score (win 1, draw 0.5) from seat 0 over ``games`` games."""
    env = SingleAgentEnv(EastWestEncoding(), opponent=opponent, flat=True)
    score = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=EVAL_SEED + game)
        done = False
        while not done:
            p = policy.probabilities(row_features(observation), env.action_masks())
            action = int(np.argmax(p))
            observation, reward, done, _, _ = env.step(action)
        score += (reward + 1) / 2
    return score / games


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--episodes", type=int, default=20_000)
    parser.add_argument("--checkpoints", type=int, nargs="*",
                        help="episodes at which to evaluate (default: 0, 1/8, 1/4, 1/2, all)")
    parser.add_argument("--eval-games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--learning-rate", type=float, default=0.05)
    args = parser.parse_args(argv)
    n = args.episodes
    checkpoints = args.checkpoints or sorted({0, n // 8, n // 4, n // 2, n})
    print("episodes  train CPU-s  vs random  vs greedy")
    for episode, spent, random_rate, greedy_rate in train(
            n, checkpoints, args.eval_games, args.seed, args.learning_rate):
        print(f"{episode:8d}  {spent:11.1f}  {random_rate:9.3f}  {greedy_rate:9.3f}", flush=True)


if __name__ == "__main__":
    main()
