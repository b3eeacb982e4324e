"""Play online over TLS, headless through the real main loop with real pygame events, against a
real server process serving TLS with a self-signed certificate: tls:// before the address asks
for TLS and the certificate no authority signed is refused in the player's words; its
fingerprint, pasted with Ctrl+V, pins it, and the games are then listed, watched and joined over
TLS, the fingerprint remembered with the address; a fingerprint or an address typed wrong is
said so, in the player's language, before any connection."""

from __future__ import annotations

import shutil

import pygame
import pytest

from laser_flag import i18n
from laser_flag.remote.guest import ADDRESS_FORM
from laser_flag.remote.reasons import NO_AUTHORITY, NO_SAFE_CONNECTION
from laser_flag.remote.tls import PIN_FORM, Tls
from laser_flag.ui.network.network_scene import NetworkScene
from laser_flag.ui.network.online_scene import FINGERPRINT
from laser_flag.ui.network.watch_scene import WatchScene

from ..remote.test_network_screens import frames_until, type_text
from ..ui.conftest import app, click, press  # noqa: F401 (a fixture)
from .running import create, pin_of, self_signed, server, sit
from .test_online_screen import leave, online  # noqa: F401 (a fixture)

pytestmark = [pytest.mark.net, pytest.mark.slow,
              pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")]


@pytest.fixture(scope="module")
def tls_server(tmp_path_factory):
    cert, key = self_signed(tmp_path_factory.mktemp("tls"))
    with server("--seed", "4", "--cert", str(cert), "--key", str(key)) as running:
        yield running


def button(scene, name):
    return next(b for b in scene.buttons() if b.name == name)


def test_a_self_signed_server_is_refused_then_pinned_by_a_pasted_fingerprint(
        app, online, tls_server):  # noqa: F811
    host, port = tls_server.address
    pin = pin_of(tls_server)
    _, made = create(tls_server.address, Tls(pin=pin), fog=True)
    sit(tls_server.address, made["secret"], "Ann", Tls(pin=pin))
    type_text(app, f"tls://{host}:{port}")
    click(app, button(online, "games").rect.center)
    frames_until(app, lambda: online.problem)
    assert online.problem == NO_SAFE_CONNECTION.format(where=f"{host}:{port}", why=NO_AUTHORITY)
    assert app.settings.server_address != f"tls://{host}:{port}"  # kept only once it answers
    click(app, online.field_box(FINGERPRINT).center)
    assert online.focus == FINGERPRINT
    pygame.scrap.put_text(f"\n  {pin}  \nthe server's next line\n")
    press(app, pygame.K_v, pygame.KMOD_CTRL)
    assert online.values["fingerprint"] == pin  # the first line, trimmed
    click(app, button(online, "games").rect.center)
    frames_until(app, lambda: online.games)
    assert [game["code"] for game in online.games] == [made["code"]]
    assert app.settings.server_address == f"tls://{host}:{port}"
    assert app.settings.server_pins[f"tls://{host}:{port}"] == pin
    click(app, button(online, f"watch {made['code']}").rect.center)
    watching = app.top
    assert isinstance(watching, WatchScene)
    frames_until(app, lambda: watching.watched.room.get("watchers") == 1)
    click(app, button(watching, "back").rect.center)
    assert app.top is online
    frames_until(app, lambda: online.games)
    click(app, button(online, f"game {made['code']}").rect.center)
    press(app, pygame.K_RETURN)
    frames_until(app, lambda: isinstance(app.top, NetworkScene))
    assert app.top.turns.team == "2" and app.top.game.fog
    leave(app)


def test_shift_insert_pastes_too_and_a_fingerprint_without_tls_still_pins(
        app, online, tls_server):  # noqa: F811
    host, port = tls_server.address
    online.fields["address"].text = f"{host}:{port}"  # no tls://: the fingerprint asks for TLS
    online.focus = FINGERPRINT
    pygame.scrap.put_text(pin_of(tls_server).replace(":", "").lower())
    press(app, pygame.K_INSERT, pygame.KMOD_SHIFT)
    click(app, button(online, "games").rect.center)
    frames_until(app, lambda: online.lobby is not None and online.lobby.send({"type": "list"}))
    assert online.problem == ""


@pytest.mark.parametrize("code", ["en", "de"])
def test_a_fingerprint_or_an_address_typed_wrong_is_said_before_any_connection(
        app, online, code):  # noqa: F811
    i18n.use_language(code)
    online.fields["address"].text = "tls://127.0.0.1:7531"
    online.fields["fingerprint"].text = "AB:CD"
    online.focus = 0
    click(app, button(online, "games").rect.center)
    assert online.lobby is None and online.focus == FINGERPRINT
    assert online.problem == i18n._(PIN_FORM)
    online.fields["address"].text = "tls://127.0.0.1:99999"
    click(app, button(online, "games").rect.center)
    assert online.lobby is None and online.focus == 0
    said = i18n._(ADDRESS_FORM).format(text="'127.0.0.1:99999'")
    assert online.problem == said and (code == "en") == (said == ADDRESS_FORM.format(
        text="'127.0.0.1:99999'"))


def test_a_server_connected_to_before_brings_its_fingerprint_with_it(app, online):  # noqa: F811
    """Typed in the address field, a server remembered fills in the fingerprint it was used
    with, or clears it if it had none; an address never used leaves the field alone."""
    app.settings.use_server("tls://games.example.org", "")
    app.settings.use_server("tls://10.0.0.7:7531", "AB:CD")
    online.fields["fingerprint"].text = "typed first"
    type_text(app, "tls://10.0.0.9:7531")
    assert online.values["fingerprint"] == "typed first"
    online.fields["address"].text = ""
    type_text(app, "tls://10.0.0.7:7531")
    assert online.values["fingerprint"] == "AB:CD"
    online.fields["address"].text = ""
    type_text(app, "tls://games.example.org")
    assert online.values["fingerprint"] == ""
