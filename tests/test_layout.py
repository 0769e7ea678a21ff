"""The package's shape: every game a package with the same rooms, the public names
of the single-module layout still importable, its pickles still loading, and no
import circle anywhere under src/pokerrules."""

import ast
import base64
import importlib
import pickle
from pathlib import Path

import pytest

SRC = Path(__file__).parents[1] / "src" / "pokerrules"
GOLDEN = Path(__file__).parent / "games" / "golden"

# Every name the modules offered before the games became packages: their __all__
# plus the other public names at module level (sizes, constants, and the shared
# names they imported), standard-library helpers such as `Any` and `np` left out.
# No test or module imported an underscore name from them.
PUBLIC_NAMES = {
    'pokerrules': [
        'ArgumentTypeError', 'CHINESE_POKER_DECK', 'Card', 'CardNotInDeckError', 'Deck',
        'DuplicateCardError', 'FoulError', 'GameOverError', 'HandCategory', 'HandRank',
        'HandRules', 'HandSizeError', 'IllegalMoveError', 'InvalidCardError',
        'NotYourTurnError', 'PAI_GOW', 'PAI_GOW_DECK', 'PIQUET', 'PIQUET_DECK',
        'PokerRulesError', 'RulesMismatchError', 'STANDARD', 'STANDARD_DECK',
        '__version__', 'categories', 'category_counts', 'describe', 'evaluate',
        'evaluate_many', 'evaluate_partial', 'evaluate_two', 'format_cards', 'make_rng',
        'parse_cards', 'value_counts',
    ],
    'pokerrules.eastwest': [
        'AGENTS', 'BOARD_SIZE', 'CardNotInDeckError', 'CardsLike', 'DECK_SIZE',
        'DEFAULT_AGENTS', 'DEFAULT_RULES', 'DuplicateCardError', 'EAST', 'EastWestRules',
        'EastWestState', 'EastWestView', 'GameOverError', 'GameState', 'GreedyAgent',
        'HandRank', 'HandRules', 'HandSizeError', 'HeuristicAgent', 'IllegalMoveError',
        'LEVELS', 'MOVES_PER_GAME', 'MonteCarloAgent', 'MoveRecord', 'PIQUET',
        'PIQUET_DECK', 'PLACES', 'Place', 'PokerRulesError', 'ROWS', 'ROW_CAPACITY',
        'RandomAgent', 'Result', 'RowOutcome', 'SEAT_NAMES', 'SearchAgent', 'SeedLike',
        'WEST', 'WIN_RULES', 'WinRule', 'card_codes', 'evaluate', 'evaluate_many',
        'evaluate_partial', 'format_cards', 'make_rng', 'new_game', 'parse_move', 'render',
        'require_over', 'row_strength', 'seat_index',
    ],
    'pokerrules.zpoker': [
        'AGENTS', 'CELL_WIDTH', 'Card', 'CardNotInDeckError', 'CardsLike', 'DEFAULT_AGENTS',
        'Deck', 'DuplicateCardError', 'GameState', 'GreedyAgent', 'HandRank',
        'HandSizeError', 'IllegalMoveError', 'LEVELS', 'MOST_CARDS_PLACED_BEFORE_END_GAME',
        'MoveRecord', 'PLAYERS', 'POSITIONS', 'Phase', 'Placement', 'PokerRulesError',
        'RandomAgent', 'Result', 'SIDES', 'STANDARD', 'STANDARD_DECK', 'SearchAgent',
        'SeedLike', 'ZPokerRules', 'ZPokerState', 'ZPokerView', 'card_codes',
        'evaluate_partial', 'make_rng', 'new_game', 'parse_move', 'render', 'require_over',
        'rng_from_state', 'rng_state', 'seat_index',
    ],
    'pokerrules.chinese_poker': [
        'AGENTS', 'AnyMove', 'CHINESE_POKER_DECK', 'CardNotInDeckError', 'CardsLike',
        'ChinesePokerRules', 'ChinesePokerState', 'ChinesePokerView', 'ChooseHand',
        'DEFAULT_AGENTS', 'DuplicateCardError', 'GameState', 'GreedyAgent',
        'IllegalMoveError', 'LEVELS', 'Move', 'MoveRecord', 'PASS', 'PLAYERS_ALLOWED',
        'Play', 'PlayKind', 'PokerRulesError', 'RANK_SYMBOLS', 'RandomAgent', 'Result',
        'SINGLE_VALUE', 'SearchAgent', 'SeedLike', 'beats', 'card_codes', 'classify',
        'legal_plays', 'make_rng', 'new_game', 'parse_move', 'penalty', 'render',
        'require_over', 'rng_from_state', 'rng_state', 'seat_index',
    ],
    'pokerrules.paigow': [
        'BANKER', 'BANKER_FOUL_RULES', 'Deal', 'FORTUNE_LINES', 'FORTUNE_PAYTABLE',
        'FortuneResult', 'HOUSE_WAY_RULES', 'HouseWay', 'HouseWayFunction',
        'OptimalSetting', 'OptimalStrategy', 'Outcome', 'PaiGowRules', 'RandomSetting',
        'RoundRecord', 'SeatRecord', 'Setting', 'SettingValue', 'Settlement',
        'SimulationResult', 'Strategy', 'WAYS', 'deal_round', 'fortune_bonus',
        'fortune_counts', 'fortune_house_edge', 'fortune_lines', 'foul_many', 'hand_cards',
        'house_way', 'house_way_many', 'house_way_rule', 'is_foul', 'optimal_setting',
        'play_round', 'settings', 'settle', 'simulate',
    ],
}

# Each __all__ as it was (the top level since with every name of pokerrules.cards
# and pokerrules.hands, and play_game; later the two input bounds, BATCH_LIMIT and
# CARD_LIMIT, and the environments' UnknownAgentError; Pai Gow since with its rules
# presets by name: PRESETS, PaiGowRulesLike, paigow_rules); a star import gives the
# same names.
ALL = {
    'pokerrules': [
        'ArgumentTypeError', 'BATCH_LIMIT', 'CARD_LIMIT', 'CHINESE_POKER_DECK', 'Card',
        'CardNotInDeckError', 'CardsLike', 'Deck', 'DuplicateCardError', 'FoulError',
        'GameOverError', 'HandCategory', 'HandRank', 'HandRules', 'HandSizeError',
        'IllegalMoveError', 'InvalidCardError', 'JOKER', 'JOKER_CODE', 'NotYourTurnError',
        'PAI_GOW', 'PAI_GOW_DECK', 'PIQUET', 'PIQUET_DECK', 'PokerRulesError',
        'RulesMismatchError', 'STANDARD', 'STANDARD_DECK', 'SeedLike', 'UnknownAgentError',
        '__version__', 'card_codes', 'categories', 'category_counts', 'describe', 'evaluate',
        'evaluate_many', 'evaluate_partial', 'evaluate_two', 'format_cards', 'make_rng',
        'parse_cards', 'play_game', 'rank_value', 'table_bytes', 'value_counts',
    ],
    'pokerrules.eastwest': [
        'AGENTS', 'DEFAULT_AGENTS', 'DEFAULT_RULES', 'EAST', 'EastWestRules',
        'EastWestState', 'EastWestView', 'GreedyAgent', 'HeuristicAgent', 'LEVELS',
        'MonteCarloAgent', 'PLACES', 'Place', 'RandomAgent', 'RowOutcome', 'SEAT_NAMES',
        'SearchAgent', 'WEST', 'new_game', 'parse_move', 'render', 'row_strength',
    ],
    'pokerrules.zpoker': [
        'AGENTS', 'DEFAULT_AGENTS', 'GreedyAgent', 'LEVELS', 'POSITIONS', 'Phase',
        'Placement', 'RandomAgent', 'SIDES', 'SearchAgent', 'ZPokerRules', 'ZPokerState',
        'ZPokerView', 'new_game', 'parse_move', 'render',
    ],
    'pokerrules.chinese_poker': [
        'AGENTS', 'ChinesePokerRules', 'ChinesePokerState', 'ChinesePokerView',
        'ChooseHand', 'DEFAULT_AGENTS', 'GreedyAgent', 'LEVELS', 'Move', 'PASS', 'Play',
        'PlayKind', 'RandomAgent', 'SearchAgent', 'beats', 'classify', 'legal_plays',
        'new_game', 'parse_move', 'penalty', 'render',
    ],
    'pokerrules.paigow': [
        'BANKER', 'BANKER_FOUL_RULES', 'BatchWay', 'Deal', 'DescribedWay', 'ExactHand',
        'ExactResult', 'FORTUNE_LINES', 'FORTUNE_PAYTABLE', 'FortuneResult', 'HOUSE_WAY_RULES',
        'HouseWay', 'HouseWayError', 'HouseWayFunction', 'OptimalSetting', 'OptimalStrategy',
        'Outcome', 'PRESETS', 'PaiGowRules', 'PaiGowRulesLike', 'RandomSetting', 'RoundRecord',
        'SeatRecord', 'Setting', 'SettingValue', 'Settlement', 'SimulationResult', 'Strategy',
        'WAYS', 'WayRule', 'deal_round', 'exact_hand_counts', 'exact_house_edge',
        'exact_house_edges', 'exact_memory', 'fortune_bonus', 'fortune_counts',
        'fortune_house_edge', 'fortune_lines', 'foul_many', 'hand_cards', 'house_way',
        'house_way_and_rule', 'house_way_many', 'house_way_rule', 'is_foul', 'load_house_way',
        'optimal_setting', 'paigow_rules', 'play_round', 'settings', 'settle', 'simulate',
        'way_description', 'way_rule_names',
    ],
}

# The rooms every turn-based game has; Chinese Poker adds plays (classifier, beats,
# legal plays), Pai Gow its own (setting, houseway, table, strategy, ...).
ROOMS = {"agents", "moves", "policy", "render", "rules", "state"}


@pytest.mark.fast
@pytest.mark.parametrize("module_name", sorted(PUBLIC_NAMES))
def test_every_public_name_still_imports(module_name):
    module = importlib.import_module(module_name)
    missing = [name for name in PUBLIC_NAMES[module_name] if not hasattr(module, name)]
    assert missing == []
    for name in PUBLIC_NAMES[module_name]:  # `from X import name` works too
        exec(f"from {module_name} import {name}", {})


@pytest.mark.fast
@pytest.mark.parametrize("module_name", sorted(ALL))
def test_all_is_unchanged(module_name):
    module = importlib.import_module(module_name)
    assert sorted(module.__all__) == ALL[module_name]
    star: dict[str, object] = {}
    exec(f"from {module_name} import *", star)
    assert set(star) - {"__builtins__"} == set(ALL[module_name])


def registered_packages():
    from pokerrules.specs import game_specs
    return [spec.package for spec in game_specs()]


@pytest.mark.fast
@pytest.mark.parametrize("package", registered_packages())
def test_each_turn_based_game_has_the_same_rooms(package):
    """Every game of the registry; none keeps a cli room (the specs join the
    command line), only Pai Gow has a command of its own."""
    rooms = {p.stem for p in SRC.parent.joinpath(*package.split(".")).glob("*.py")}
    assert rooms - {"__init__", "plays"} == ROOMS
    assert importlib.import_module(package).SPEC.package == package
    assert (SRC / "paigow" / "cli.py").exists()


EXT = SRC.parents[1] / "ext"


def compiled_sources():
    """The Cython and C files we write: ext/_*.c is what Cython generates (the sdist
    leaves it out too), ext/_cyutility.c included."""
    return [*EXT.glob("*.pyx"), *EXT.glob("*.pxi"), *SRC.glob("*.pxd"), *EXT.glob("*.h"),
            *(p for p in EXT.glob("*.c") if not p.name.startswith("_"))]


@pytest.mark.fast
def test_no_module_is_much_over_600_lines():
    sources = [*SRC.rglob("*.py"), *compiled_sources()]
    long = {p.name: n for p in sources if (n := len(p.read_text().splitlines())) > 620}
    assert long == {}


@pytest.mark.fast
def test_the_line_cap_reads_the_compiled_core():
    names = {p.name for p in compiled_sources()}
    assert {"_core.pyx", "_paigow.pyx", "_core.pxd", "pr_eval.h", "pr_batch.c"} <= names
    assert not {n for n in names if n.startswith("_") and n.endswith(".c")}


@pytest.mark.fast
@pytest.mark.parametrize("name", sorted(
    __import__("json").loads((GOLDEN / "pickles.json").read_text())))
def test_pickles_of_the_single_module_layout_load(name):
    """Pickles written when each game was one module (they name e.g.
    ``pokerrules.eastwest.EastWestRules``) load to equal objects, and the loaded
    objects pickle again."""
    entry = __import__("json").loads((GOLDEN / "pickles.json").read_text())[name]
    data = base64.b64decode(entry["pickle"])
    assert name.split(".")[0].encode() in data  # it names the old module path
    loaded = pickle.loads(data)
    assert check_text(loaded) == entry["check"]
    assert check_text(pickle.loads(pickle.dumps(loaded))) == entry["check"]


def check_text(value):
    if hasattr(value, "to_json"):
        return value.to_json()
    if type(value).__name__.endswith("Agent"):
        return f"{type(value).__name__} {sorted(vars(value).items())}"
    return repr(value)


# ------------------------------------------------------------------ import circles

def module_name(path):
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def is_module(dotted):
    path = SRC.parent.joinpath(*dotted.split("."))
    return path.is_dir() or path.with_suffix(".py").exists()


def module_level_imports(path):
    """The pokerrules modules that ``path`` imports when it is imported: statements
    at module level (inside `try`/`if` too, TYPE_CHECKING blocks included, so that
    a typing-only circle counts), not those inside functions or classes. A
    ``from package import name`` counts as importing ``package.name`` when that is a
    module, else ``package``; importing ``a.b.c`` imports ``a`` and ``a.b`` too. The
    packages that hold ``path`` are left out: they are imported before it."""
    here = module_name(path)
    found = set()

    def visit(nodes):
        for node in nodes:
            if isinstance(node, ast.Import):
                found.update(alias.name for alias in node.names)
            elif isinstance(node, ast.ImportFrom):
                assert node.level == 0 and node.module, f"{here}: a relative import"
                for alias in node.names:
                    dotted = f"{node.module}.{alias.name}"
                    found.add(dotted if is_module(dotted) else node.module)
            elif isinstance(node, (ast.If, ast.Try)):
                visit(node.body)
                visit(node.orelse)
                for handler in getattr(node, "handlers", []):
                    visit(handler.body)
                visit(getattr(node, "finalbody", []))

    visit(ast.parse(path.read_text()).body)
    parts = here.split(".")
    holders = {".".join(parts[:i]) for i in range(1, len(parts) + 1)}
    out = set()
    for name in found:
        if name == "pokerrules" or name.startswith("pokerrules."):
            parts = name.split(".")
            out.update(".".join(parts[:i]) for i in range(1, len(parts) + 1))
    return out - holders


def import_graph():
    modules = {module_name(p): p for p in SRC.rglob("*.py")}
    return {name: module_level_imports(path) & set(modules) for name, path in modules.items()}


def find_cycle(graph):
    """One import circle as a list of modules, or None."""
    done, path = set(), []

    def walk(node):
        if node in path:
            return [*path[path.index(node):], node]
        if node in done:
            return None
        path.append(node)
        for nxt in sorted(graph[node]):
            cycle = walk(nxt)
            if cycle:
                return cycle
        path.pop()
        done.add(node)
        return None

    for start in sorted(graph):
        cycle = walk(start)
        if cycle:
            return cycle
    return None


@pytest.mark.fast
def test_no_import_circles():
    graph = import_graph()
    assert len(graph) > 30 and graph["pokerrules.cli"] >= {"pokerrules.cli_common"}
    assert find_cycle(graph) is None


@pytest.mark.fast
def test_the_circle_check_finds_circles():
    graph = import_graph()
    assert find_cycle({**graph, "pokerrules.cards": graph["pokerrules.cards"] | {"pokerrules.cli"}})
    assert find_cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]


@pytest.mark.fast
def test_nothing_imports_the_top_level_cli():
    """Not even inside a function: what the game CLIs share is in cli_common."""
    users = []
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module] if isinstance(node, ast.ImportFrom) else [])
            if "pokerrules.cli" in names:
                users.append(module_name(path))
    assert users == []
