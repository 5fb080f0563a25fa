"""Bots: ConnectX's observations read as nimlib's boards, files loaded, the reference bots."""

import itertools
import random
import re

import pytest

import nimlib.tournament.bots
from nimlib import ConnectFour
from nimlib.tournament.bots import (
    LADDER,
    REFERENCE,
    Struct,
    board_cells,
    bots_in,
    connectx_configuration,
    connectx_observation,
    load_agent,
    mcts_move,
    read_observation,
    reference,
    skipped_note,
)
from nimlib.tournament.watching import play_against, replay_game


def observation_of(game, state, mark):
    """The observation and configuration a bot receives at `state`."""
    configuration = Struct(columns=game.width, rows=game.height, inarow=4, actTimeout=1)
    return Struct(board=board_cells(game, state), mark=mark), configuration


def test_an_observation_reads_as_the_board_it_came_from():
    """board_cells and read_observation are inverses, on boards of several sizes, either mover."""
    rng = random.Random(3)
    for width, height in [(7, 6), (5, 4), (9, 7)]:
        game = ConnectFour(width, height)
        for _ in range(30):
            state = game.start()
            for _ in range(rng.randrange(width * height)):
                if game.evaluate(state, True) is not None:
                    break
                state = rng.choice(game.possible_new_states(state))
            mark = 1 + game.stones(state) % 2
            observation, configuration = observation_of(game, state, mark)
            assert read_observation(observation, configuration) == (game, state)


def test_the_board_is_row_major_from_the_top_as_in_connectx():
    """After stones in columns 4 (X) and 4 (O): the bottom row's middle cell is 1, above it 2."""
    game = ConnectFour()
    cells = board_cells(game, game.from_moves("44"))
    assert cells[5 * 7 + 3] == 1 and cells[4 * 7 + 3] == 2 and sum(cells) == 3


def test_a_file_without_agent_plays_its_last_function(tmp_path):
    """As ConnectX does: the last function defined in the file, not one it imported."""
    (tmp_path / "bot.py").write_text(
        "from random import choice\n\ndef helper(o, c):\n    return 0\n\n"
        "def mine(o, c):\n    return 3\n"
    )
    assert load_agent(str(tmp_path / "bot.py"))[0](None, None) == 3


def test_a_file_without_functions_is_refused_with_its_name(tmp_path):
    """A clear error, not an AttributeError."""
    (tmp_path / "empty.py").write_text("x = 1\n")
    with pytest.raises(ValueError, match="empty.py defines no function agent"):
        load_agent(str(tmp_path / "empty.py"))


def test_bots_in_a_folder_are_its_python_files(tmp_path):
    """Each .py file is a bot named by its stem; files starting with _ are left out."""
    for name in ("b.py", "a.py", "_helpers.py", "notes.txt"):
        (tmp_path / name).write_text("def agent(o, c):\n    return 0\n")
    assert [bot.name for bot in bots_in(tmp_path)] == ["a", "b"]
    with pytest.raises(ValueError, match="is not a folder"):
        bots_in(tmp_path / "a.py")
    (tmp_path / "empty").mkdir()
    with pytest.raises(ValueError, match="holds no bot: a bot is a .py file"):
        bots_in(tmp_path / "empty")


def test_bots_whose_names_differ_only_in_case_are_refused_by_name(tmp_path):
    for name in ("Alice.py", "alice.py", "bob.py"):
        (tmp_path / name).write_text("def agent(o, c):\n    return 0\n")
    with pytest.raises(ValueError, match=r"names differ only in case \(Alice, alice\): their"):
        bots_in(tmp_path)
    (tmp_path / "Alice.py").unlink()
    assert [bot.name for bot in bots_in(tmp_path)] == ["alice", "bob"]


def test_the_files_of_sub_folders_are_named_as_not_bots(tmp_path):
    """A bot in a sub-folder (alice/alice.py, as a class's hand-ins come) was skipped without a
    word; folders such as .venv and __pycache__ are not named."""
    for folder in ("alice", "empty", ".venv", "__pycache__"):
        (tmp_path / folder).mkdir()
    (tmp_path / "alice" / "alice.py").write_text("def agent(o, c):\n    return 0\n")
    (tmp_path / ".venv" / "site.py").write_text("")
    with pytest.raises(ValueError, match=r"\(found in alice/\): move each bot's file up into"):
        bots_in(tmp_path)
    (tmp_path / "bob.py").write_text("def agent(o, c):\n    return 0\n")
    assert [bot.name for bot in bots_in(tmp_path)] == ["bob"]
    assert skipped_note(tmp_path).startswith(
        "The .py files in sub-folders are not bots (found in alice/): move each bot's file up"
    )
    (tmp_path / "alice" / "alice.py").rename(tmp_path / "alice.py")
    assert skipped_note(tmp_path) == ""


def test_notebooks_and_files_saved_under_another_ending_are_named_and_mac_leftovers_skipped(
    tmp_path,
):
    """A hand-in saved as a notebook or as alice.PY was left out without a word, and the
    ._bob.py a Mac leaves in a zip was entered as a bot that could not load."""
    bot = "def agent(o, c):\n    return 0\n"
    for name in ("bob.py", "carol.ipynb", "dave.PY", "erin.py.txt", "notes.txt"):
        (tmp_path / name).write_text(bot)
    (tmp_path / "._bob.py").write_bytes(b"\x00\x05\x16\x07")
    assert [bot.name for bot in bots_in(tmp_path)] == ["bob"]
    assert skipped_note(tmp_path).startswith(
        "Only files ending in .py are bots (left out: carol.ipynb, dave.PY, erin.py.txt): save"
    )


def test_every_reference_bot_plays_a_legal_move():
    """Each bot of the ladder answers a column with room, here where column 4 is full."""
    game = ConnectFour()
    state = game.from_moves("444444")
    observation, configuration = observation_of(game, state, 1)
    for name in LADDER:
        agent, _ = load_agent(reference(name).source)
        column = agent(observation, configuration)
        assert 0 <= column < 7 and column != 3, name


def test_reference_bots_win_at_once_and_block():
    """One ply and up take a win at once (O's in column 2, from 0: 1, rather than blocking X's
    in column 0), and block the opponent's (X's three in column 0)."""
    game = ConnectFour()
    observation, configuration = observation_of(game, game.from_moves("1212123"), 2)
    for name in ("one_ply", "alphabeta_2", "perfect"):
        assert load_agent(reference(name).source)[0](observation, configuration) == 1, name
    observation, configuration = observation_of(game, game.from_moves("12171"), 2)
    for name in ("one_ply", "alphabeta_2", "perfect"):
        assert load_agent(reference(name).source)[0](observation, configuration) == 0, name


@pytest.mark.slow
def test_the_rung_that_looks_four_moves_ahead_beats_the_one_that_looks_two():
    """Over the 49 openings of two moves, each with both colours (as benchmarks/ladder.py plays
    them, an hour a move here: a busy machine must not cut a search short), alphabeta_4 scores
    68.5 of 98 against alphabeta_2: looking deeper wins with the game's estimate."""
    game, rng = ConnectFour(), random.Random(0)
    players = {depth: REFERENCE[f"alphabeta_{depth}"] for depth in (2, 4)}
    points = 0.0
    for first, second in itertools.product(range(7), repeat=2):
        opened = game.play(game.play(game.start(), first + 1), second + 1)
        for deeper_first in (True, False):
            state, turn = opened, 0 if deeper_first else 1  # turn 0: the deeper rung's
            while (score := game.evaluate(state, True)) is None:
                state = players[4 if turn == 0 else 2](game, state, 3600.0, rng)
                turn = 1 - turn
            points += 0.5 if score == 0 else 1.0 if turn == 1 else 0.0
    assert points > 60, points  # 39.5 with the estimate of threats and centre alone


def test_unknown_reference_bots_and_shares_are_refused():
    """A clear error lists the ladder; a handicap must be a share from 0 to 1."""
    with pytest.raises(ValueError, match="choose one of 'random', 'one_ply'"):
        reference("alphabeta_9")
    with pytest.raises(ValueError, match="from 0 to 1"):
        reference("random", 1.5)
    with pytest.raises(TypeError, match="random_share must be a number from 0 to 1, not '0.5'"):
        reference("random", "0.5")
    assert reference("alphabeta_2", 0.3).name == "alphabeta_2+30% random"


def test_a_path_that_is_not_one_is_named():
    with pytest.raises(TypeError, match="folder must be a path such as 'bots', not None"):
        bots_in(None)
    with pytest.raises(TypeError, match="the database must be a path such as 'tournament.sqlite'"):
        replay_game(None, 1)


@pytest.mark.parametrize("blank", ["", "  "])
def test_a_blank_path_is_named_not_read_as_the_current_folder(tmp_path, monkeypatch, blank):
    """Path("") is the current folder: bots_in("") would take every .py file there for a bot."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "setup.py").write_text("def agent(o, c):\n    return 0\n")
    with pytest.raises(ValueError, match="^folder must be a path such as 'bots', not the blank"):
        bots_in(blank)
    with pytest.raises(
        ValueError, match="^the database must be a path such as 'tournament.sqlite'"
    ):
        replay_game(blank, 1)
    with pytest.raises(ValueError, match="^a bot's file must be a path such as 'bots/alice.py'"):
        play_against(blank)
    assert [path.name for path in tmp_path.iterdir()] == ["setup.py"]


def test_observation_and_configuration_read_as_kaggles_struct_does():
    """Attributes and keys alike, written as well as read; a missing one names what there is;
    ConnectX's keys are all there, so a Kaggle bot that reads them runs unchanged."""
    game = ConnectFour()
    observation = Struct(connectx_observation(game, game.from_moves("445")))
    configuration = Struct(connectx_configuration(7, 6, seconds=1, seed=2, load_seconds=10))
    assert observation.board is observation["board"] and observation.mark == 2
    assert observation.step == 3 and observation.remainingOverageTime == 0
    observation.board = [0] * 42
    assert observation["board"] == [0] * 42
    for key in ("columns", "rows", "inarow", "actTimeout", "timeout", "agentTimeout"):
        assert key in configuration
    assert configuration.episodeSteps == 42 and configuration.runTimeout == 42
    with pytest.raises(AttributeError, match="no 'size' here: it holds columns, rows"):
        configuration.size  # noqa: B018


def test_an_mcts_bot_is_stopped_by_its_move_time_only(monkeypatch):
    """A move time beyond a search's default clock (10 s) still gets MCTS's playouts: only the
    move's `seconds` end them, never SearchBudgetExceeded from a second clock."""
    given = {}

    def spy(game, state, playouts, **options):
        given.update(options)
        return game.possible_new_states(state)[0]

    monkeypatch.setattr(nimlib.tournament.bots, "mcts_best_move", spy)
    mcts_move(ConnectFour(), ConnectFour().start(), 8.0, random.Random(0), playouts=1000)
    assert given["seconds"] == 8.0 and given["stats"].max_seconds is None


@pytest.mark.parametrize("name", [None, 3, ("random",)])
def test_a_reference_bot_asked_by_a_name_that_is_no_str_is_named_as_given(name):
    """reference(None) said "unknown reference bot 'None'", quoting a name never given."""
    with pytest.raises(ValueError, match=rf"^unknown reference bot {re.escape(repr(name))}: "):
        reference(name)
