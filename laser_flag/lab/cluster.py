"""The lab's games on Dask (`pip install laser-flag[cluster]`): a local cluster on this machine,
or an existing one at `tcp://HOST:PORT` (`dask scheduler` on one machine, `dask worker` on the
others, every machine with the same laser-flag installed).

Each game is one Dask task carrying its own seeds, so a worker that dies mid-game has its game
played again by another with the same result, and the report is the same as on one machine.
Dask is imported only here and only when asked for: the lab runs without it.
"""

from __future__ import annotations

import logging
import queue
import socket
import sys
import time
import uuid
import warnings
from typing import Any

from laser_flag import __version__

from .executors import SLOTS_PER_WORKER, Executor, LabError, drain, failure, sigint_ignored
from .games import GameRecord, Task, play

CONNECT_SECONDS = 10  # how long to try a scheduler before saying it cannot be reached
WORKERS_SECONDS = 60  # how long a new local cluster may take to start its workers
SLOTS_EVERY_S = 1.0  # how often to ask the scheduler how many workers it has
NEEDS_DASK = "needs Dask: pip install 'laser-flag[cluster]'"


class ClusterError(LabError):
    """The cluster cannot run the lab: unreachable, of another version, Dask not installed."""


def _distributed() -> Any:
    """Dask's distributed; ClusterError when it is not installed (the one-folder application
    leaves it out: no pip there to add it with)."""
    try:
        import distributed
    except ImportError:
        if getattr(sys, "frozen", False):
            raise ClusterError("the lab on Dask (--executor dask, --scheduler) is not in this "
                               "download: it needs Dask, which comes with the pip install "
                               "(pip install 'laser-flag[cluster]')") from None
        raise ClusterError(f"--executor dask {NEEDS_DASK}") from None
    return distributed


def check_address(text: str) -> str:
    """A scheduler address as Dask takes it: `tcp://HOST:PORT`; ValueError otherwise."""
    host_and_port(text)
    return text


def host_and_port(address: str) -> tuple[str, int]:
    """The host (IPv6 brackets taken off) and port of `tcp://HOST:PORT`; ValueError otherwise."""
    scheme, sep, rest = address.partition("://")
    host, colon, port = rest.rpartition(":")
    if not (sep and scheme in ("tcp", "tls") and host and colon and port.isdigit()
            and 0 < int(port) < 65536):
        raise ValueError(f"{address!r}: a scheduler address is tcp://HOST:PORT")
    return host.strip("[]"), int(port)


def lab_version() -> str:
    """This process's laser-flag version (run on each worker to compare with ours)."""
    return __version__


class DaskExecutor(Executor):
    """Games as Dask tasks on `client`'s cluster; `cluster` is the local one we started."""

    def __init__(self, client: Any, cluster: Any = None) -> None:
        self.client, self.cluster = client, cluster
        self._run = uuid.uuid4().hex[:8]  # keys of this run's tasks, apart from any other's
        self._futures: dict[str, Any] = {}
        self._ended: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._slots, self._slots_at = SLOTS_PER_WORKER, 0.0

    @property
    def slots(self) -> int:  # type: ignore[override]
        """Two games a worker thread, as many workers as the cluster has now (they may come
        and go while a run plays)."""
        now = time.monotonic()
        if now - self._slots_at >= SLOTS_EVERY_S:
            threads = sum(self.client.nthreads().values())
            self._slots, self._slots_at = SLOTS_PER_WORKER * max(1, threads), now
        return self._slots

    def submit(self, task: Task) -> None:
        key = f"laser-flag-{self._run}-{task.key}"
        future = self.client.submit(play, task, key=key, pure=False)
        self._futures[key] = future
        future.add_done_callback(self._done)

    def _done(self, future: Any) -> None:
        """On Dask's thread: only note the game ended (its result is fetched in `finished`)."""
        self._ended.put(future)

    def finished(self, timeout: float) -> list[GameRecord]:
        """The records of the games ended, fetched in one round trip; a cancelled game (the
        run is closing) is dropped, one that raised ends the run."""
        ended = drain(self._ended, timeout)
        for future in ended:
            self._futures.pop(future.key, None)
            if future.status == "error":
                raise failure(future.exception())
        return self.client.gather([f for f in ended if f.status == "finished"])

    def close(self) -> None:
        """Cancel the games not yet ended, on every worker, and let go of the cluster."""
        try:
            if self._futures:
                self.client.cancel(list(self._futures.values()))
        finally:
            self.client.close()
            if self.cluster is not None:
                self.cluster.close()


def start_local(workers: int) -> DaskExecutor:
    """A new Dask cluster on this machine: `workers` processes of one thread each."""
    distributed = _distributed()
    with sigint_ignored():  # its worker processes leave Ctrl-C to this one
        cluster = distributed.LocalCluster(
            n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
            dashboard_address=None, silence_logs=logging.ERROR)
    client = distributed.Client(cluster, set_as_default=False)
    return DaskExecutor(client, cluster)


def connect(address: str) -> DaskExecutor:
    """The cluster whose scheduler is at `address`; ClusterError when it cannot be reached or
    runs another version (of Dask, or of laser-flag on the scheduler or a worker)."""
    distributed = _distributed()
    knock(address)
    try:
        with warnings.catch_warnings():  # check_versions says it in one line
            warnings.simplefilter("ignore", distributed.versions.VersionMismatchWarning)
            client = distributed.Client(address, timeout=CONNECT_SECONDS, set_as_default=False)
    except (OSError, TimeoutError) as err:
        raise ClusterError(f"cannot reach the scheduler at {address} ({_first_line(err)})"
                           ) from None
    except Exception as err:  # it answered, but not as our Dask expects
        raise ClusterError(f"the scheduler at {address} did not accept this client "
                           f"({_first_line(err)}): is it the same version of Dask?") from None
    try:
        check_versions(client, address)
    except ClusterError:
        client.close()
        raise
    return DaskExecutor(client)


def knock(address: str) -> None:
    """ClusterError at once when nothing accepts a connection at `address`'s host and port:
    Dask's client would retry a refused port until CONNECT_SECONDS had passed, so a mistyped
    port (or a scheduler not started yet) kept a player waiting for nothing."""
    try:
        socket.create_connection(host_and_port(address), timeout=CONNECT_SECONDS).close()
    except OSError as err:
        raise ClusterError(f"cannot reach the scheduler at {address} ({_first_line(err)})"
                           ) from None


def check_versions(client: Any, address: str) -> None:
    """ClusterError unless the scheduler runs our Dask and every worker our laser-flag (the
    scheduler runs none of the game's code: the tasks only pass through it)."""
    ours = _distributed().__version__
    found = client.get_versions()["scheduler"]["packages"].get("distributed")
    if found != ours:
        raise ClusterError(f"the scheduler at {address} runs distributed {found}, this is "
                           f"{ours}: install the same versions on every machine")
    for worker, version in client.run(lab_version).items():
        if version != __version__:
            raise ClusterError(f"worker {worker} runs laser-flag {version}, this is "
                               f"{__version__}: install the same version on every machine")



def _first_line(err: BaseException) -> str:
    text = str(err).strip() or type(err).__name__
    return text.splitlines()[0]
