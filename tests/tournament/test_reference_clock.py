"""The clock of the reference bots: a move's time too short for them to keep is refused, and a
game a reference bot loses by failing (past its time, on a busy machine), on the ladder or in a
tournament, is played again, never counted as its opponent's win. The reference bot here is a
stand-in named as one, which sleeps far past the move's time, or a stand-in for the games
themselves: no assertion rests on how fast the machine is."""

from collections import Counter

import pytest

import nimlib.tournament.runner
from nimlib.__main__ import main
from nimlib.tournament import Bot, Rules, Store, grade_on_ladder, ladder, reference, run_tournament
from nimlib.tournament.bots import SHORTEST_SECONDS, bot_of_file
from nimlib.tournament.game import LOST_BY_FAILING, GameRecord, Move, failure_of
from nimlib.tournament.runner import REPLAYS, checked_clock, play_shipped, shipped

ALWAYS_LEFT = "def agent(observation, configuration):\n    return 0\n"
# once (marked by a file beside it), or always, it sleeps past the move's time; else plays left
SLEEPS_ONCE = """import pathlib
import time

SLEPT = pathlib.Path(__file__).with_suffix(".slept")


def agent(observation, configuration):
    if not SLEPT.exists():
        SLEPT.touch()
        time.sleep(60)
    return 0
"""
SLEEPS = "import time\n\ndef agent(observation, configuration):\n    time.sleep(60)\n"


def graded_against(tmp_path, monkeypatch, code: str):
    """The grade of a bot that always plays the left column, in one game (moving first) against
    a stand-in for alphabeta_2 whose file holds `code`."""
    (tmp_path / "left.py").write_text(ALWAYS_LEFT)
    stand_in = tmp_path / "alphabeta_2.py"
    stand_in.write_text(code)
    monkeypatch.setattr(
        nimlib.tournament.runner, "reference", lambda rung: Bot(rung, str(stand_in))
    )
    return grade_on_ladder(tmp_path / "left.py", 1, Rules(seconds=1), rungs=("alphabeta_2",))


def test_a_ladder_game_the_reference_bot_loses_on_time_is_played_again(tmp_path, monkeypatch):
    """Played again, the stand-in stacks on the bot's stones until the bot plays a full column:
    the bot was credited with the win it lost only to its clock."""
    grade = graded_against(tmp_path, monkeypatch, SLEEPS_ONCE)
    assert (tmp_path / "alphabeta_2.slept").exists()  # the first play was lost on time
    assert grade.scores == {"alphabeta_2": 0.0} and grade.reference_failures == {}
    assert "which is full" in grade.failures["alphabeta_2"]


@pytest.mark.slow
def test_a_reference_bot_failing_in_every_play_gives_no_point_and_is_named(tmp_path, monkeypatch):
    grade = graded_against(tmp_path, monkeypatch, SLEEPS)
    assert grade.scores == {"alphabeta_2": 0.0} and grade.points == 0
    failure = grade.reference_failures["alphabeta_2"]
    assert failure.startswith("on its move 1, took longer than 1 s for a move, and was stopped")
    said = " ".join(repr(grade).split())
    assert f"alphabeta_2 failed in each of {REPLAYS} plays of a game ({failure})" in said
    assert "grade again on a machine less busy, or with more seconds a move" in said


@pytest.mark.parametrize("seconds", [0.1, SHORTEST_SECONDS - 0.01])
def test_a_clock_shorter_than_the_reference_bots_keep_is_refused(tmp_path, seconds):
    too_short = f"seconds = {seconds:g} is too short for nimlib's reference bots: they need 0.5 s"
    with pytest.raises(ValueError, match=too_short):
        run_tournament(ladder()[:2], tmp_path / "t.sqlite", Rules(seconds=seconds))
    with pytest.raises(ValueError, match=too_short):
        grade_on_ladder(reference("random"), 1, Rules(seconds=seconds), rungs=("random",))
    assert not (tmp_path / "t.sqlite").exists()


def test_bots_of_ones_own_play_on_any_clock_the_reference_bots_on_theirs():
    checked_clock(Rules(seconds=0.1), [Bot("alice", "alice.py"), Bot("bob", "bob.py")])
    checked_clock(Rules(seconds=SHORTEST_SECONDS), ladder())


@pytest.mark.parametrize("grade", [[], ["--grade", "1"]])
def test_the_command_refuses_a_clock_too_short_before_printing_anything(tmp_path, capsys, grade):
    (tmp_path / "left.py").write_text(ALWAYS_LEFT)
    database = ["--database", str(tmp_path / "t.sqlite")] if not grade else []
    assert main(["tournament", str(tmp_path), "--seconds", "0.1", *grade, *database]) == 2
    said = capsys.readouterr()
    assert said.out == "" and "Traceback" not in said.err
    assert said.err.startswith("python -m nimlib tournament: --seconds 0.1 is too short for ")
    assert ("--no-ladder" in said.err) == (not grade)


ON_TIME = "took longer than 2 s for a move, and was stopped"


class StandInGames:
    """A stand-in for play_game, in this process and at once: the bot `failing` loses its first
    `fails` plays of each game by failing on time, after three moves in column 4; any other play
    is seven moves and a draw."""

    def __init__(self, failing: str, fails: int) -> None:
        self.failing, self.fails = failing, fails
        self.plays: Counter = Counter()  # plays of each game, by (first, second, seed)

    def __call__(self, first, second, rules, seed=0, on_move=None) -> GameRecord:
        game = (first.name, second.name, seed)
        self.plays[game] += 1
        fails = self.failing in (first.name, second.name) and self.plays[game] <= self.fails
        columns = [4, 4, 4] if fails else [1, 2, 1, 2, 2, 1, 3]
        record = GameRecord(
            first.name,
            second.name,
            [Move(ply, column, 0.0) for ply, column in enumerate(columns, start=1)],
        )
        for move in record.moves if on_move is not None else []:
            on_move(move)
        if fails:
            record.result = 0.0 if self.failing == first.name else 1.0
            record.reason = f"{self.failing}{LOST_BY_FAILING}{ON_TIME}"
        else:
            record.result, record.reason = 0.5, "the board is full: a draw"
        return record


def tournament_with(tmp_path, monkeypatch, failing: str, fails: int, rounds: int = 1):
    """The results of a tournament between alice (a bot's file) and perfect, each game played by
    StandInGames(failing, fails), and the stand-in, which counts the plays."""
    (tmp_path / "alice.py").write_text(ALWAYS_LEFT)
    games = StandInGames(failing, fails)
    monkeypatch.setattr(nimlib.tournament.runner, "play_game", games)
    bots = [bot_of_file(tmp_path / "alice.py"), reference("perfect")]
    results = run_tournament(bots, tmp_path / "t.sqlite", rounds=rounds, judge_calls=0)
    return results, games


def test_a_tournament_game_a_reference_bot_loses_by_failing_is_played_again(tmp_path, monkeypatch):
    """alice was credited with a win that perfect lost only to its clock; played again, it is a
    draw, and only the moves of the play that counts are stored."""
    results, games = tournament_with(tmp_path, monkeypatch, "perfect", fails=1)
    [game] = results.games
    assert (game.result, game.reason) == (0.5, "the board is full: a draw")
    assert list(games.plays.values()) == [2]
    store = Store(tmp_path / "t.sqlite", existing=True)
    assert store.columns(game.id) == "1212213"
    store.close()
    assert [(line.name, line.draws, line.games) for line in results.standings] == [
        ("alice", 1, 1),
        ("perfect", 1, 1),
    ]


def test_a_reference_bot_failing_in_every_play_of_a_tournament_game_gives_no_point(
    tmp_path, monkeypatch
):
    results, games = tournament_with(tmp_path, monkeypatch, "perfect", fails=REPLAYS)
    [game] = results.games
    assert game.result is None and failure_of(game.reason, "perfect") == ON_TIME
    assert list(games.plays.values()) == [REPLAYS]
    assert [(line.name, line.games) for line in results.standings] == [("alice", 0), ("perfect", 0)]
    assert results.crosstable == {}


def test_a_students_bot_that_fails_still_loses_the_game_played_once(tmp_path, monkeypatch):
    results, games = tournament_with(tmp_path, monkeypatch, "alice", fails=REPLAYS)
    [game] = results.games
    assert game.result == 0.0 and failure_of(game.reason, "alice") == ON_TIME
    assert list(games.plays.values()) == [1]
    assert results.crosstable[("perfect", "alice")] == (1.0, 1)


def test_a_resumed_tournament_plays_no_game_a_reference_bot_failed_again(tmp_path, monkeypatch):
    """Its stored game, which gave no point, is neither played again nor counted; the round
    added is played, and only it."""
    first, games = tournament_with(tmp_path, monkeypatch, "perfect", fails=REPLAYS)
    again, _ = tournament_with(tmp_path, monkeypatch, "perfect", fails=REPLAYS)
    assert again.games == first.games
    more, games = tournament_with(tmp_path, monkeypatch, "perfect", fails=0, rounds=2)
    assert list(games.plays) == [("perfect", "alice", more.games[1].seed)]  # round 2 alone
    assert more.games[0] == first.games[0]
    assert [(line.name, line.games, line.draws) for line in more.standings] == [
        ("alice", 1, 1),
        ("perfect", 1, 1),
    ]


def test_a_game_on_a_cluster_is_played_again_as_on_this_machine(tmp_path, monkeypatch):
    (tmp_path / "alice.py").write_text(ALWAYS_LEFT)
    games = StandInGames("perfect", REPLAYS)
    monkeypatch.setattr(nimlib.tournament.runner, "play_game", games)
    alice = shipped(bot_of_file(tmp_path / "alice.py"))
    record = play_shipped(alice, shipped(reference("perfect")), Rules(), 0)
    assert record.result is None and failure_of(record.reason, "perfect") == ON_TIME
    assert list(games.plays.values()) == [REPLAYS]


def test_the_command_names_the_reference_bot_that_failed_in_every_play(
    tmp_path, monkeypatch, capsys
):
    """The 8 games perfect failed were listed as "Games lost by failing", each alice's win."""
    (tmp_path / "alice.py").write_text(ALWAYS_LEFT)
    monkeypatch.setattr(nimlib.tournament.runner, "play_game", StandInGames("perfect", REPLAYS))
    database = str(tmp_path / "t.sqlite")
    assert main(["tournament", str(tmp_path), "--database", database, "--rounds", "1"]) == 0
    said = " ".join(capsys.readouterr().out.split())
    assert "No bot lost a game by failing." in said
    assert (
        f"Games that gave neither bot a point, as a reference bot failed in each of {REPLAYS} "
        "plays (a busy machine? a new --database with more --seconds or fewer --workers plays "
        "the tournament again):"
        f" perfect: {ON_TIME} (8 games)"
    ) in said
