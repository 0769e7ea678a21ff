"""A plain numpy learner on East–West through the Gymnasium single-agent
wrapper: a linear softmax policy over the flat observation, the illegal actions
masked out, trained by REINFORCE (the episode's return, less a running mean,
times the gradient of each chosen action's log-probability) against the random
agent. At each checkpoint it plays ``--eval-games`` games (seat 0, seeds apart
from training) greedily, the most probable legal action, against the random and
the greedy agent and prints the win rate (a draw counting half).

    PYTHONPATH=src python benchmarks/learn_east_west.py --episodes 20000

The figures in benchmarks/RESULTS.md and the environments' documentation come
from that command; ``--episodes`` and ``--checkpoints`` make shorter runs.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

from pokerrules.envs.east_west_v0 import EastWestEncoding
from pokerrules.envs.single_agent import SingleAgentEnv

#: Evaluation seeds start here, far from the training episodes' generator.
EVAL_SEED = 10**9


class LinearPolicy:
    """Softmax over ``weights @ observation + bias``, illegal actions at -inf."""

    def __init__(self, size: int, actions: int) -> None:
        self.weights = np.zeros((actions, size))
        self.bias = np.zeros(actions)

    def probabilities(self, observation: np.ndarray, mask: np.ndarray) -> np.ndarray:
        logits = np.where(mask, self.weights @ observation + self.bias, -np.inf)
        p = np.exp(logits - logits.max())
        return np.asarray(p / p.sum())


def train(episodes: int, checkpoints: list[int], eval_games: int, seed: int,
          learning_rate: float) -> list[tuple[int, float, float, float]]:
    """Trains and evaluates: (episodes so far, CPU seconds, win rate against
    random, against greedy) at every checkpoint."""
    encoding = EastWestEncoding()
    env = SingleAgentEnv(encoding, opponent="random", flat=True)
    policy = LinearPolicy(encoding.observation_size, encoding.num_actions)
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
            mask = env.action_masks()
            p = policy.probabilities(observation, mask)
            action = int(rng.choice(len(p), p=p))
            steps.append((observation, p, action))
            observation, reward, done, _, _ = env.step(action)
        advantage = reward - baseline
        baseline += 0.01 * (reward - baseline)
        for obs, p, action in steps:
            grad = -p
            grad[action] += 1.0
            policy.weights += learning_rate * advantage * np.outer(grad, obs)
            policy.bias += learning_rate * advantage * grad
    return rows


def evaluate(policy: LinearPolicy, opponent: str, games: int) -> float:
    """The greedy policy's score (win 1, draw 0.5) from seat 0 over ``games`` games."""
    env = SingleAgentEnv(EastWestEncoding(), opponent=opponent, flat=True)
    score = 0.0
    for game in range(games):
        observation, _ = env.reset(seed=EVAL_SEED + game)
        done = False
        while not done:
            action = int(np.argmax(policy.probabilities(observation, env.action_masks())))
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
    parser.add_argument("--learning-rate", type=float, default=0.01)
    args = parser.parse_args(argv)
    n = args.episodes
    checkpoints = args.checkpoints or sorted({0, n // 8, n // 4, n // 2, n})
    print("episodes  train CPU-s  vs random  vs greedy")
    for episode, spent, random_rate, greedy_rate in train(
            n, checkpoints, args.eval_games, args.seed, args.learning_rate):
        print(f"{episode:8d}  {spent:11.1f}  {random_rate:9.3f}  {greedy_rate:9.3f}", flush=True)


if __name__ == "__main__":
    main()
