"""OpenSpiel's information-set MCTS bot against the greedy pokerrules agent on
Z Poker, Chinese Poker and East–West, with no code of the user's in between:
OpenSpiel deals the worlds through ``resample_from_infostate``.

    python docs/examples/openspiel_ismcts.py
"""

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from pokerrules import chinese_poker, eastwest, zpoker
from pokerrules.envs import chinese_poker_v0, east_west_v0, z_poker_v0
from pokerrules.envs.spiel import AgentBot


def play(game, bots, chance):
    """One game: chance sampled from ``chance``, each player's move from its bot."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(int(chance.choice(actions, p=probs)))
        else:
            state.apply_action(bots[state.current_player()].step(state))
    return state.returns()


def main(games=4, simulations=50):
    for name, game, module in (
            ("Z Poker", z_poker_v0.openspiel_game(), zpoker),
            ("Chinese Poker", chinese_poker_v0.openspiel_game(players=2), chinese_poker),
            ("East-West", east_west_v0.openspiel_game(), eastwest)):
        rng = np.random.RandomState(0)
        searcher = ismcts.ISMCTSBot(
            game, mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng), uct_c=2.0,
            max_simulations=simulations, random_state=rng,
            use_observation_string=True)  # the games provide observations, not infostates
        total = 0.0
        for seat in range(games):
            bots = [AgentBot(game, p, module.GreedyAgent(), seed=seat) for p in range(2)]
            bots[seat % 2] = searcher  # the seats alternate
            total += play(game, bots, rng)[seat % 2]
        print(f"{name}: ISMCTS's return over {games} games against greedy: {total:+.0f}")


if __name__ == "__main__":
    main()
