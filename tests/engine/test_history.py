"""History: an immutable sequence of actions whose copies share one list (copy on write)."""

from __future__ import annotations

import pytest

from laser_flag.engine import EndTurn, Fire, Move
from laser_flag.engine.history import History

A, B, C = Move(0, (1, 1)), Fire(0, 1), EndTurn()


def test_appending_leaves_the_history_as_it_was():
    empty = History()
    one = empty.appended(A)
    two = one.appended(B)
    assert (list(empty), list(one), list(two)) == ([], [A], [A, B])
    assert two.shares_storage_with(one) and one.shares_storage_with(empty)


def test_two_histories_appending_to_one_parent_fork_and_keep_their_own_actions():
    parent = History([A])
    left = parent.appended(B)
    right = parent.appended(C)  # the shared list already holds B after A: right copies
    assert (list(parent), list(left), list(right)) == ([A], [A, B], [A, C])
    assert left.shares_storage_with(parent) and not right.shares_storage_with(parent)
    assert list(left.appended(C)) == [A, B, C] and list(right.appended(B)) == [A, C, B]


def test_a_history_reads_as_a_sequence_of_its_own_actions_only():
    history = History([A, B]).appended(C)
    shorter = History([A, B])
    assert len(history) == 3 and history[0] == A and history[-1] == C
    assert history[1:] == [B, C] and history[::-1] == [C, B, A]
    assert list(reversed(history)) == [C, B, A] and B in history and history.index(C) == 2
    assert history == [A, B, C] and history == History([A, B, C])
    assert [A, B, C] == history  # noqa: SIM300 -- a list on the left asks the history too
    assert history != [A, B] and shorter != history and history != "abc"
    with pytest.raises(IndexError):
        history[3]  # noqa: B018 -- reading past the end is what is checked
    with pytest.raises(IndexError):
        history[-4]  # noqa: B018


def test_a_shorter_history_on_a_longer_list_ends_where_it_ends():
    long = History([A, B, C])
    short = History([A]).appended(B)
    short.appended(C)  # fills the shared list past `short`
    assert len(short) == 2 and list(short) == [A, B] and short[-1] == B
    with pytest.raises(IndexError):
        short[2]  # noqa: B018
    assert long == [A, B, C]
