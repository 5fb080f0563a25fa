"""scripts/collect_bots.py: from nbgrader's autograded notebook 14, one bot file per student, which
the tournament plays; a student whose notebook gives no bot is named, with why."""

import collect_bots
import make_assignments as course
import nbformat
import pytest

from nimlib.tournament.bots import Struct, bots_in, load_agent

SOURCE = course.COURSE / "source" / collect_bots.ASSIGNMENT / f"{collect_bots.ASSIGNMENT}.ipynb"


def handed_in(autograded, student, bot_source=None):
    """Notebook 14's assignment as `student` handed it in: the worked solutions, or exercise 3's
    answer replaced by `bot_source`."""
    book = nbformat.read(SOURCE, as_version=4)
    for cell in book.cells:
        if bot_source and cell.metadata.nbgrader.get("grade_id") == "ex3_solution":
            cell.source = bot_source
    folder = autograded / student / collect_bots.ASSIGNMENT
    folder.mkdir(parents=True)
    nbformat.write(book, folder / SOURCE.name)


@pytest.mark.slow
def test_each_students_bot_is_written_as_their_file_or_why_not(tmp_path, capsys):
    autograded, bots = tmp_path / "autograded", tmp_path / "bots"
    handed_in(autograded, "alice")
    kept = "moves = [lambda: 3]\n\n\ndef ladder_agent(observation, configuration):\n"
    handed_in(autograded, "carol", kept + "    return moves[0]()\n")
    assert collect_bots.main([str(autograded), str(bots)]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0] == f"alice: {bots / 'alice.py'}"
    assert said[1].startswith("carol: no bot: ladder_agent uses moves (a list holding a function)")
    (bot,) = bots_in(bots)
    agent, stand_in = load_agent(bot.source)
    assert bot.name == "alice" and stand_in is None
    board, size = Struct(board=[0] * 42, mark=1), Struct(columns=7, rows=6, inarow=4)
    assert agent(board, size) in range(7)


def test_a_folder_with_no_graded_notebook_14_is_refused_by_name(tmp_path, capsys):
    with pytest.raises(SystemExit):
        collect_bots.main([str(tmp_path), str(tmp_path / "bots")])
    assert "holds no */14_class_tournament/14_class_tournament.ipynb" in capsys.readouterr().err


@pytest.mark.slow
def test_a_notebook_that_never_ends_is_named_and_the_others_go_on(tmp_path, monkeypatch):
    monkeypatch.setattr(collect_bots, "SECONDS", 3)
    autograded = tmp_path / "autograded"
    handed_in(autograded, "alice")
    handed_in(autograded, "dave", "while True:\n    pass\n")
    done = collect_bots.collect(autograded, tmp_path / "bots")
    assert done["alice"] == str(tmp_path / "bots" / "alice.py")
    assert done["dave"].startswith("the notebook did not run to its end: A cell timed out")


@pytest.mark.slow
def test_a_bot_missing_for_a_cell_that_raised_names_what_it_raised(tmp_path):
    autograded = tmp_path / "autograded"
    handed_in(
        autograded,
        "carol",
        "DEPTH = depth_of_search\n\n\ndef ladder_agent(obs, conf):\n    return 3\n",
    )
    done = collect_bots.collect(autograded, tmp_path / "bots")
    assert done["carol"] == (
        "no bot: name 'ladder_agent' is not defined (a cell raised NameError: name "
        "'depth_of_search' is not defined)"
    )
