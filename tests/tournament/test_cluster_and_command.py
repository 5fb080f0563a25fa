"""The tournament on a local Dask cluster, and from the command line, stopped and resumed."""

import signal
import sqlite3
import subprocess
import sys
import time

import pytest

from nimlib.tournament import Bot, reference, run_tournament


@pytest.mark.ci
def test_a_dask_cluster_plays_the_same_games_as_this_machine(tmp_path, bots_dir):
    """Deterministic bots, the same seeds: the same results, and each game's moves stored."""
    distributed = pytest.importorskip("distributed")
    bots = [
        reference("one_ply"),
        reference("alphabeta_2"),
        Bot("raises", str(bots_dir / "raises.py")),
    ]
    here = run_tournament(bots, tmp_path / "here.sqlite", rounds=1, judge_calls=0)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=2, processes=False) as cluster:
        there = run_tournament(
            bots,
            tmp_path / "there.sqlite",
            rounds=1,
            judge_calls=0,
            scheduler=cluster.scheduler_address,
        )
    assert [(g.first, g.second, g.result, g.reason) for g in there.games] == [
        (g.first, g.second, g.result, g.reason) for g in here.games
    ]
    with sqlite3.connect(tmp_path / "there.sqlite") as connection:
        assert connection.execute("SELECT COUNT(*) FROM moves").fetchone()[0] > 3


def test_without_distributed_the_cluster_path_names_the_package(tmp_path, monkeypatch):
    """A clear ImportError, not a ModuleNotFoundError from deep inside."""
    monkeypatch.setitem(sys.modules, "distributed", None)
    bots = [reference("random"), reference("one_ply")]
    with pytest.raises(ImportError, match="needs Dask's distributed package: pip install"):
        run_tournament(bots, tmp_path / "t.sqlite", rounds=1, scheduler="tcp://127.0.0.1:1")


def done_games(database):
    """How many games the database holds as played (0 while the command has not made it)."""
    if not database.exists():
        return 0
    try:
        with sqlite3.connect(database) as connection:
            return connection.execute(
                "SELECT COUNT(*) FROM games WHERE status = 'done'"
            ).fetchone()[0]
    except sqlite3.OperationalError:  # no table yet
        return 0


@pytest.mark.ci
def test_the_command_stopped_by_ctrl_c_resumes_and_plays_no_game_twice(tmp_path, bots_dir):
    """Interrupted after some games, the same command finishes the tournament; every game is
    done once, and the leaderboard lists every bot."""
    command = [sys.executable, "-m", "nimlib", "tournament", str(bots_dir), "--no-ladder",
               "--seconds", "0.5", "--rounds", "1", "--memory", "256", "--workers", "2",
               "--database", str(tmp_path / "t.sqlite")]  # fmt: skip
    run = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    while run.poll() is None and done_games(tmp_path / "t.sqlite") < 5:
        time.sleep(0.2)  # until a few games are stored
    run.send_signal(signal.SIGINT)
    _, stopped = run.communicate(timeout=120)
    assert run.returncode == 130 and "run the same command to resume" in stopped
    finished = subprocess.run(command, capture_output=True, text=True, timeout=600)
    assert finished.returncode == 0, finished.stderr
    with sqlite3.connect(tmp_path / "t.sqlite") as connection:
        statuses = connection.execute("SELECT status, COUNT(*) FROM games GROUP BY status")
        assert statuses.fetchall() == [("done", 45)]  # 10 bots: 45 pairs, one round
    for name in ("kaggle_style", "raises", "eats_memory", "fails_to_load"):
        assert name in finished.stdout
    assert "kept: the share of a bot's moves" in finished.stdout
