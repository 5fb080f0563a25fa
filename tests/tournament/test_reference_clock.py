"""The clock of the reference bots: a move's time too short for them to keep is refused, and a
ladder game a reference bot loses by failing (past its time, on a busy machine) is played again,
never counted as the graded bot's win. The reference bot here is a stand-in named as one, which
sleeps far past the move's time: no assertion rests on how fast the machine is."""

import pytest

import nimlib.tournament.runner
from nimlib.__main__ import main
from nimlib.tournament import Bot, Rules, grade_on_ladder, ladder, reference, run_tournament
from nimlib.tournament.bots import SHORTEST_SECONDS
from nimlib.tournament.runner import REPLAYS, checked_clock

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


def test_a_reference_bot_failing_in_every_play_gives_no_point_and_is_named(tmp_path, monkeypatch):
    grade = graded_against(tmp_path, monkeypatch, SLEEPS)
    assert grade.scores == {"alphabeta_2": 0.0} and grade.points == 0
    failure = grade.reference_failures["alphabeta_2"]
    assert failure == "took longer than 1 s for a move, and was stopped"
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
