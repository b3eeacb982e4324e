"""A game hosted on a Random map, through the menu's screens and a real guest over TCP on
127.0.0.1: the guest has no file of the map and plays the host's, which the welcome carries
whole, its seed and knobs included."""

from __future__ import annotations

import pygame
import pytest

from laser_flag.lab.generator import KEY
from laser_flag.remote import protocol
from laser_flag.ui.menu.menu_scene import MenuScene
from laser_flag.ui.menu.random_map_scene import RandomMapScene
from laser_flag.ui.network import host_scene
from laser_flag.ui.network.host_scene import HostScene
from laser_flag.ui.network.network_scene import NetworkScene
from laser_flag.ui.network.network_start import Joining

from ..ui.conftest import app, click, frames, menu_button, press  # noqa: F401 (a fixture)
from .net import MAPS
from .test_network_screens import frames_until

pytestmark = pytest.mark.net  # a host and its guest over sockets on 127.0.0.1


def test_a_random_map_is_hosted_and_the_guest_plays_it_without_a_file(app, monkeypatch):  # noqa: F811
    monkeypatch.setattr(host_scene, "PORTS", (0,))
    menu = MenuScene(maps_dir=MAPS)
    app.push(menu)
    frames(app)
    click(app, menu_button(menu, "random").rect.center)
    chooser = app.top
    assert isinstance(chooser, RandomMapScene)
    press(app, pygame.K_n)
    made = chooser.choice.made()
    press(app, pygame.K_h)
    hosting = app.top
    assert isinstance(hosting, HostScene) and hosting.gm is made
    press(app, pygame.K_RETURN)
    turns = hosting.turns
    joining = Joining(turns.host.address, turns.host.code, "Ann")
    guest = []
    frames_until(app, lambda: guest.append(joining.poll()) or guest[-1] is not None, turns)
    frames_until(app, lambda: isinstance(app.top, NetworkScene), turns)
    played = guest[-1].game.map
    try:
        assert joining.link.gm is None  # no map of that name on the guest's side
        assert protocol.map_digest(played) == protocol.map_digest(made)
        assert played.json_value(KEY)["seed"] == chooser.choice.seed
        assert played.tiles == made.tiles
    finally:
        guest[-1].leave()
        app.top.command("menu")
