from map_editor.history import History


def test_undo_and_redo_restore_values_and_removed_keys():
    data = {"a": 1}
    history = History(data)
    history.change("set", {"a": 2, "b": [1]})
    assert data == {"a": 2, "b": [1]}
    assert history.undo() == "set"
    assert data == {"a": 1}
    assert history.redo() == "set"
    assert data == {"a": 2, "b": [1]}


def test_unlimited_undo():
    data = {"n": 0}
    history = History(data)
    for i in range(1, 1001):
        history.change("inc", {"n": i})
    while history.undo():
        pass
    assert data == {"n": 0}


def test_group_is_one_step_and_keeps_first_before():
    data = {"n": 0}
    history = History(data)
    with history.group():
        for i in range(1, 6):
            history.change("drag", {"n": i})
    assert data == {"n": 5}
    history.undo()
    assert data == {"n": 0}
    assert not history.can_undo


def test_group_that_ends_where_it_began_is_no_step():
    data = {"n": 0}
    history = History(data)
    history.begin_group()
    history.change("drag", {"n": 1})
    history.change("drag", {"n": 0})
    history.end_group()
    assert not history.can_undo
    assert not history.modified


def test_values_are_copied_so_later_mutation_cannot_corrupt_history():
    tiles = [["level"]]
    data = {"tiles": tiles}
    history = History(data)
    new = [["wall"]]
    history.change("paint", {"tiles": new})
    new[0][0] = "base_1"
    history.undo()
    history.redo()
    assert data["tiles"] == [["wall"]]


def test_modified_tracks_the_saved_state():
    data = {"n": 0}
    history = History(data)
    assert not history.modified
    history.change("a", {"n": 1})
    assert history.modified
    history.mark_saved()
    assert not history.modified
    history.undo()
    assert history.modified
    history.redo()
    assert not history.modified
    history.undo()
    history.change("b", {"n": 2})  # the saved state can no longer be reached
    history.undo()
    assert history.modified


def test_new_edit_clears_redo():
    data = {"n": 0}
    history = History(data)
    history.change("a", {"n": 1})
    history.undo()
    history.change("b", {"n": 2})
    assert history.redo() is None
    assert data == {"n": 2}


def test_derived_keys_change_with_the_edit_and_undo_with_it():
    data = {"n": 1, "double": 2}
    history = History(data, lambda before, values: {"double": 2 * values["n"], **values})
    history.change("set", {"n": 5})
    assert data == {"n": 5, "double": 10}
    history.change("both", {"n": 6, "double": 0})  # what the edit sets wins
    assert data == {"n": 6, "double": 0}
    history.undo()
    history.undo()
    assert data == {"n": 1, "double": 2}
