"""A real Dask cluster for tests: `dask scheduler` and `dask worker` processes on 127.0.0.1,
ports chosen by the operating system, each waited for with a timeout, all ended afterwards."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tests.waits import wait_until

START_S = 120  # a busy 2-core machine may take long to import Dask in every process
PRELOADS = Path(__file__).resolve().parent / "preloads"


@dataclass
class Cluster:
    address: str
    scheduler: subprocess.Popen
    workers: list[subprocess.Popen] = field(default_factory=list)


def _dask(*argv: str, log: Path) -> subprocess.Popen:
    """A `dask ...` command in its own session (so a signal to it reaches it alone)."""
    out = open(log, "wb")  # noqa: SIM115 - the child holds it; closed when the cluster ends
    return subprocess.Popen([sys.executable, "-m", "dask", *argv], stdout=out,
                            stderr=subprocess.STDOUT, start_new_session=True)


def start_worker(cluster: Cluster, folder: Path, preload: str | None = None) -> subprocess.Popen:
    """One worker of one thread, without a nanny (killing it kills the worker itself)."""
    extra = ["--preload", str(PRELOADS / preload)] if preload else []
    worker = _dask("worker", cluster.address, "--nthreads", "1", "--no-nanny",
                   "--no-dashboard", "--host", "127.0.0.1", *extra,
                   log=folder / f"worker{len(cluster.workers)}.log")
    cluster.workers.append(worker)
    return worker


def worker_count(address: str) -> int:
    from distributed import Client

    with Client(address, timeout=30, set_as_default=False) as client:
        return len(client.scheduler_info(n_workers=-1)["workers"])


@contextlib.contextmanager
def dask_cluster(folder: Path, workers: int = 2, scheduler_preload: str | None = None,
                 worker_preload: str | None = None) -> Iterator[Cluster]:
    """A scheduler and `workers` workers, ready (every worker connected) before it yields."""
    file = folder / "scheduler.json"
    extra = ["--preload", str(PRELOADS / scheduler_preload)] if scheduler_preload else []
    scheduler = _dask("scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
                      "--scheduler-file", str(file), *extra, log=folder / "scheduler.log")
    cluster = Cluster("", scheduler)
    try:
        wait_until(lambda: file.exists() and file.stat().st_size > 0 or scheduler.poll(),
                   "the scheduler's address", timeout=START_S)
        assert scheduler.poll() is None, (folder / "scheduler.log").read_text()
        cluster.address = json.loads(file.read_text())["address"]
        for _ in range(workers):
            start_worker(cluster, folder, worker_preload)
        wait_until(lambda: worker_count(cluster.address) == workers, f"{workers} workers",
                   timeout=START_S)
        yield cluster
    finally:
        # The workers first, while their scheduler is up: a worker told to stop at the moment
        # its scheduler closes can hang in its own close (Dask's), and was waited out for 30 s.
        end(cluster.workers)
        end([scheduler])


def end(processes: list[subprocess.Popen]) -> None:
    """SIGTERM to each, then wait for all; SIGKILL for one that has not ended in 30 s."""
    for process in processes:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
