"""The lab on Dask: a real scheduler and workers (separate processes on 127.0.0.1) give the
report one process gives, even when a worker is killed mid-game; a local cluster likewise;
Ctrl-C stops the cluster's work; a scheduler that cannot be used is one line and exit 2."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
from pathlib import Path

import pytest

from laser_flag.tools import balance
from tests.ctrl_c import as_in_a_terminal
from tests.waits import PipeReader, wait_until

from .dask_cluster import START_S, dask_cluster

MAPS = Path(__file__).resolve().parents[2] / "maps"
DUEL = str(MAPS / "duel.json")
# Greedy against greedy: about a third of a second a game, so a kill lands mid-run.
PLAN = [DUEL, "--bots", "greedy,greedy", "--bots", "rusher,greedy", "--games", "12", "--seed",
        "4", "--json"]


def serial(capsys, *argv: str) -> dict:
    assert balance.main([*argv, "--jobs", "1"]) == 0
    return json.loads(capsys.readouterr().out)


def lab(*argv: str) -> subprocess.Popen:
    """The lab's command line in a process of its own, as a user starts it."""
    return subprocess.Popen([sys.executable, "-m", "laser_flag.tools.balance", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            start_new_session=True, preexec_fn=as_in_a_terminal)


def game_index(key: str) -> int:
    return int(str(key).rsplit("/", 1)[1])


@pytest.mark.cluster
def test_a_worker_killed_mid_game_changes_nothing(tmp_path, capsys):
    """Two workers; once one is playing the fourth game or later, it is killed (SIGKILL, no
    goodbye): its game is played again by the other with the same seeds, and the report
    equals the one a single process gives."""
    from distributed import Client

    with dask_cluster(tmp_path) as cluster:
        run = lab(*PLAN, "--scheduler", cluster.address)
        errors = PipeReader(run.stderr)
        with Client(cluster.address, timeout=30, set_as_default=False) as watcher:
            victim = cluster.workers[0]

            def busy_late() -> bool:
                playing = [k for keys in watcher.processing().values() for k in keys]
                mine = watcher.processing().get(_address_of(watcher, victim), ())
                return any(game_index(k) >= 3 for k in playing) and bool(mine)

            wait_until(busy_late, "the first worker mid-game, a few games in", START_S)
            os.kill(victim.pid, signal.SIGKILL)
            wait_until(lambda: len(watcher.scheduler_info(n_workers=-1)["workers"]) == 1,
                       "the scheduler to notice", START_S)
        out = run.stdout.read()  # stderr is the reader's: communicate() would take it too
        assert run.wait(timeout=START_S) == 0, errors.finish()
    assert json.loads(out) == serial(capsys, *PLAN)


def _address_of(client, process: subprocess.Popen) -> str | None:
    """The worker address of the worker process `process` (by its pid)."""
    pids = client.run(os.getpid)
    return next((address for address, pid in pids.items() if pid == process.pid), None)


@pytest.mark.cluster
def test_a_local_dask_cluster_gives_the_same_report(capsys):
    assert balance.main([*PLAN, "--executor", "dask", "--jobs", "2"]) == 0
    on_dask = json.loads(capsys.readouterr().out)
    assert on_dask == serial(capsys, *PLAN)


@pytest.mark.cluster
def test_ctrl_c_stops_the_clusters_work_and_keeps_the_games_finished(tmp_path):
    from distributed import Client

    with dask_cluster(tmp_path) as cluster:
        run = lab(DUEL, "--bots", "greedy", "--games", "100000", "--fixed", "--json",
                  "--scheduler", cluster.address)
        errors = PipeReader(run.stderr)
        with Client(cluster.address, timeout=30, set_as_default=False) as watcher:
            def started() -> bool:  # at most 4 games are in play: game 8 means 5 done
                keys = [k for ks in watcher.processing().values() for k in ks]
                return any(game_index(k) >= 8 for k in keys)

            wait_until(started, "a few games played", START_S)
            os.killpg(run.pid, signal.SIGINT)
            out = run.stdout.read()
            assert run.wait(timeout=START_S) == 130, errors.finish()
            wait_until(lambda: not any(watcher.processing().values()),
                       "the cluster idle again", START_S)
            assert not watcher.who_has()  # no game of the run is left on the cluster
    err = errors.finish()
    doc = json.loads(out)
    assert doc["partial"] is True and 4 <= doc["maps"][0]["games"] < 100000
    assert "Traceback" not in err and "stopped by Ctrl-C" in err


def one_line(capsys) -> str:
    out, err = capsys.readouterr()
    assert not out and err.count("\n") == 1 and "Traceback" not in err, err
    assert err.startswith("laser-flag-balance: error: ")
    return err


def free_port() -> int:
    """A port nothing listens on: the OS chose it, then it was let go."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_unreachable_scheduler_is_one_line_and_exit_2_at_once(capsys):
    """Told as soon as the port refuses, not after Dask's connect timeout (the test would
    take CONNECT_SECONDS then; it does not measure time, a person waiting does)."""
    address = f"tcp://127.0.0.1:{free_port()}"
    assert balance.main([DUEL, "--scheduler", address]) == 2
    assert f"cannot reach the scheduler at {address}" in one_line(capsys)


@pytest.mark.cluster
@pytest.mark.filterwarnings("ignore:Mismatched versions")  # Dask's own, in its loop's thread
def test_a_scheduler_of_another_dask_version_is_refused(tmp_path, capsys):
    with dask_cluster(tmp_path, workers=0, scheduler_preload="another_dask.py") as cluster:
        assert balance.main([DUEL, "--scheduler", cluster.address]) == 2
    line = one_line(capsys)
    assert f"the scheduler at {cluster.address} runs distributed 2000.1.0" in line
    assert "install the same versions on every machine" in line


@pytest.mark.cluster
def test_a_worker_of_another_laser_flag_version_is_refused(tmp_path, capsys):
    with dask_cluster(tmp_path, workers=1, worker_preload="another_lab.py") as cluster:
        assert balance.main([DUEL, "--scheduler", cluster.address]) == 2
    assert "runs laser-flag 0.0.1" in one_line(capsys)


@pytest.mark.parametrize("address", ["somewhere:8786", "tcp://host", "tcp://host:99999",
                                     "http://host:8786"])
def test_a_malformed_scheduler_address_is_refused(address, capsys):
    assert balance.main([DUEL, "--scheduler", address]) == 2
    assert "a scheduler address is tcp://HOST:PORT" in one_line(capsys)


def test_dask_not_installed_is_one_line(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now fails
    assert balance.main([DUEL, "--executor", "dask"]) == 2
    assert "pip install 'laser-flag[cluster]'" in one_line(capsys)


def test_in_the_one_folder_application_it_says_dask_is_not_in_the_download(monkeypatch, capsys):
    monkeypatch.setitem(sys.modules, "distributed", None)
    monkeypatch.setattr(sys, "frozen", True, raising=False)  # as PyInstaller sets it
    assert balance.main([DUEL, "--scheduler", "tcp://127.0.0.1:8786"]) == 2
    assert "--scheduler) is not in this download" in one_line(capsys)
