"""Hard in the client thinks for CLIENT_SECONDS a turn, or a fixed number of steps a decision
when LASER_FLAG_BUDGET says `steps:N` (reproducible on any machine); a malformed value is one
line and exit status 2 before anything starts."""

from __future__ import annotations

import pytest

from laser_flag.app import main
from laser_flag.bots import bot_for_level
from laser_flag.bots.budget import CLIENT_SECONDS, Budget
from laser_flag.bots.levels import BUDGET_VARIABLE, client_budget


def test_without_the_variable_hard_thinks_for_the_clients_seconds(monkeypatch):
    monkeypatch.delenv(BUDGET_VARIABLE, raising=False)
    assert client_budget() == Budget.seconds(CLIENT_SECONDS)
    assert bot_for_level("Hard").budget == Budget.seconds(CLIENT_SECONDS)


def test_the_variable_gives_hard_a_step_budget(monkeypatch):
    monkeypatch.setenv(BUDGET_VARIABLE, "steps:25")
    assert bot_for_level("Hard", seed=3).budget == Budget.steps(25)


@pytest.mark.parametrize("value", ["25", "steps:", "steps:-1", "seconds:2", "steps:1e3"])
def test_a_malformed_value_names_the_variable(monkeypatch, value):
    monkeypatch.setenv(BUDGET_VARIABLE, value)
    with pytest.raises(ValueError, match=f"^{BUDGET_VARIABLE}: .*steps:N"):
        client_budget()


def test_the_client_refuses_a_malformed_value_in_one_line(monkeypatch, capsys):
    monkeypatch.setenv(BUDGET_VARIABLE, "fast")
    assert main(["--headless", "--map", "duel"]) == 2
    out, err = capsys.readouterr()
    assert not out and err == (f"laser-flag: error: {BUDGET_VARIABLE}: 'fast': a budget is "
                               "steps:N, N a whole number below 10**9\n")
