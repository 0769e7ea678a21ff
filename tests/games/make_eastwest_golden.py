"""Writes the East-West golden transcripts (run by hand, only when the format or a
deliberate rule change calls for new ones): python tests/games/make_eastwest_golden.py"""

import json
from pathlib import Path

from pokerrules import eastwest as ew
from pokerrules.runner import play_game

GAMES = [
    ("random_random", ("random", "random"), 1, ew.EastWestRules()),
    ("greedy_random", ("greedy", "random"), 2, ew.EastWestRules()),
    ("montecarlo_greedy", ("montecarlo", "greedy"), 3, ew.EastWestRules()),
    ("two_rows_options", ("greedy", "montecarlo"), 4,
     ew.EastWestRules(win_rule="two_rows", ace_low_straight=True, flush_beats_full_house=True)),
]

if __name__ == "__main__":
    folder = Path(__file__).parent / "golden"
    for name, agent_names, seed, rules in GAMES:
        agents = [ew.AGENTS[n]() for n in agent_names]
        record = play_game(ew, agents, seed=seed, rules=rules).to_dict()
        record.update(agent_names=list(agent_names), rules=rules.to_dict())
        path = folder / f"eastwest_{name}.json"
        path.write_text(json.dumps(record, indent=1, sort_keys=True) + "\n")
        print(path, record["result"]["winners"])
