"""The panel tells the current truth: a message belongs to the state that made it and goes when
that changes; a unit that cannot fire says why instead of offering the shot."""

from __future__ import annotations

import pygame

from .conftest import (
    WALLED,
    Dice,
    card,
    centre,
    click,
    hover_tile,
    press,
    settle,
    small_session,
    start_game,
)


def test_a_refused_click_on_a_tile_goes_when_the_pointer_leaves_it(app):
    scene = start_game(app, small_session())
    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (0, 0)))  # out of reach
    refusal = scene.turns.message
    assert refusal.startswith("That tile cannot be reached") and refusal in card(scene)[1]
    hover_tile(app, scene, (4, 1))  # a reachable tile: the refusal was not about it
    assert scene.turns.message == "" and refusal not in card(scene)[1]


def test_saved_as_goes_with_the_next_action_and_undone_with_the_next_pick(app, data_dir):
    scene = start_game(app, small_session(data=WALLED))
    press(app, pygame.K_s, pygame.KMOD_LCTRL)
    assert scene.turns.message.startswith("Saved as ")
    hover_tile(app, scene, (4, 4))  # a move of the pointer is no new state
    assert scene.turns.message.startswith("Saved as ")
    click(app, centre(scene, (5, 1)))
    assert scene.turns.message == ""  # another unit picked: the words were about before
    click(app, centre(scene, (4, 1)))
    settle(app, scene)
    press(app, pygame.K_z, pygame.KMOD_LCTRL)
    assert scene.turns.message == "Undone."
    press(app, pygame.K_TAB)
    assert scene.turns.message == ""


def test_after_firing_the_card_never_offers_a_shot_it_cannot_take(app):
    scene = start_game(app, small_session(Dice((1, 1))))
    click(app, centre(scene, (5, 1)))  # the plain: firing costs all its AP
    click(app, centre(scene, (0, 4)))  # Bob's grunt
    assert "Click the target again or press F to fire." in card(scene)[1]
    press(app, pygame.K_f)
    settle(app, scene)
    assert scene.selection.target is None  # the shot is taken: its odds are old news
    click(app, centre(scene, (5, 1)))
    click(app, centre(scene, (0, 4)))  # aiming again shows the odds, and why not
    lines = card(scene)[1]
    assert "Cannot fire now: This unit has no action points left." in lines
    assert not any("Click the target again" in line for line in lines)
