"""Two real clients, each its own process running the real main loop headless: a host and a
guest play a whole game; the guest is killed mid-game and a new guest process rejoins with the
same code, and the game goes on exactly (the host's save replays to its final state)."""

from __future__ import annotations

import json
import re
import subprocess
import sys

import pytest

from ..waits import PipeReader, wait_until
from .net import ROOT, client, state

pytestmark = [pytest.mark.slow, pytest.mark.net]


def start_host(tmp_path, *extra):
    host = client("host", "--map", "blitz", "--port", "0", "--team1", "Easy", "--seed", "8",
                  "--state-file", str(tmp_path / "host.json"), *extra,
                  data_dir=tmp_path / "host-data")
    out = PipeReader(host.stdout)
    line = wait_until(lambda: re.search(r"on (127\.0\.0\.1:\d+), join code ([A-Z]{6})",
                                        out.text()), "the host's address", timeout=30)
    return host, line.group(1), line.group(2)


def start_guest(tmp_path, address, code, name="guest"):
    return client("join", address, "--code", code, "--player", "Easy",
                  data_dir=tmp_path / f"{name}-data")


def stop(*processes):
    errors = []
    for process in processes:
        if process.poll() is None:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        errors.append(process.stderr.read().decode())
    return errors


def test_a_host_and_a_guest_play_a_whole_game(tmp_path):
    host, address, code = start_host(tmp_path)
    guest = start_guest(tmp_path, address, code)
    try:
        final = wait_until(lambda: (s := state(tmp_path / "host.json")) and s["winner"] and s,
                           "the game over on the host", timeout=240)
    finally:
        errors = stop(guest, host)
    assert final["victory"] in ("score", "turn_limit", "elimination", "disqualified"), final
    guest_team = final["names"]["2"]
    assert any(line.startswith(guest_team) for line in final["log"]), final["log"]  # it played
    for err in errors:
        assert "Traceback" not in err, err
    verify_host_save(tmp_path)


def verify_host_save(tmp_path) -> None:
    """The host's save of the game (its own file, as every game's) replays, action by action,
    to the state it saved."""
    kept = sorted((tmp_path / "host-data" / "saves").glob("[!.]*.json"))
    assert len(kept) == 1, kept
    check = subprocess.run([sys.executable, "-m", "laser_flag", "replay", "--verify",
                            str(kept[0])], capture_output=True, text=True, timeout=120,
                           env={"LASER_FLAG_DATA_DIR": str(tmp_path / "host-data"),
                                "PATH": "/usr/bin:/bin", "SDL_VIDEODRIVER": "dummy"})
    assert check.returncode == 0, check.stderr


def test_the_guest_killed_mid_game_rejoins_and_the_game_goes_on(tmp_path):
    host, address, code = start_host(tmp_path)
    guest = start_guest(tmp_path, address, code, "first")
    again = None
    try:
        wait_until(lambda: (s := state(tmp_path / "host.json")) and s["turn"] >= 4,
                   "a few turns played", timeout=120)
        guest.kill()  # no bye: the connection just drops
        guest.wait()
        wait_until(lambda: (s := state(tmp_path / "host.json")) and s["active_team"] == "2"
                   and s, "the guest's turn", timeout=60)
        paused = state(tmp_path / "host.json")
        again = start_guest(tmp_path, address, code, "second")
        final = wait_until(lambda: (s := state(tmp_path / "host.json")) and s["winner"] and s,
                           "the game over after the rejoin", timeout=240)
    finally:
        errors = stop(*[p for p in (again, guest, host) if p is not None])
    assert final["turn"] >= paused["turn"] and len(final["log"]) > len(paused["log"])
    assert any("away" in line for line in final["log"])  # the host said the guest had gone
    assert any(line.endswith("is theirs.") for line in final["log"][len(paused["log"]) - 1:])
    for err in errors:
        assert "Traceback" not in err, err
    verify_host_save(tmp_path)


def test_a_guest_plays_the_host_s_own_map_it_does_not_have(tmp_path):
    data = json.loads((ROOT / "maps" / "blitz.json").read_text(encoding="utf-8"))
    data.update(name="Blitz at night", team_names={"1": "Owls", "2": "Bats"})
    own = tmp_path / "night.json"
    own.write_text(json.dumps(data), encoding="utf-8")
    host, address, code = start_host(tmp_path, "--map", str(own))
    guest = start_guest(tmp_path, address, code)  # its data folder has no maps of its own
    try:
        final = wait_until(lambda: (s := state(tmp_path / "host.json")) and s["winner"] and s,
                           "the game over on the host", timeout=240)
    finally:
        errors = stop(guest, host)
    assert final["map"] == str(own)
    assert any(line.startswith("Bats") for line in final["log"]), final["log"]  # it played
    for err in errors:
        assert "Traceback" not in err, err
