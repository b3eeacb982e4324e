"""TLS between a real server process and a client: a test certificate (made here with openssl)
verified by its authority, or pinned by the fingerprint the server prints; a wrong pin, an
unknown authority and a plain TCP client are refused, and the server goes on."""

from __future__ import annotations

import queue
import shutil
import socket
import subprocess

import pytest

from laser_flag.remote.guest import GuestLink
from laser_flag.remote.reasons import NO_AUTHORITY, NO_SAFE_CONNECTION, NO_TLS
from laser_flag.remote.tls import Tls, fingerprint

from ..remote.net import client
from ..waits import wait_until
from .running import pin_of, room_shows, seat_hello, self_signed, server, visitor

pytestmark = [pytest.mark.net,
              pytest.mark.skipif(shutil.which("openssl") is None, reason="needs openssl")]


@pytest.fixture(scope="module")
def certificate(tmp_path_factory):
    return self_signed(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="module")
def running(certificate):
    cert, key = certificate
    with server("--cert", str(cert), "--key", str(key)) as started:
        yield started


def joined(address, code, tls):
    """What a guest's link is told first that matters: its welcome, or why it was refused."""
    link = GuestLink(address, code, "Ann", lambda name: None, tls)
    link.start()
    try:
        while True:
            message = link.inbox.get(timeout=20)
            if message["type"] in ("welcome", "refused"):
                return message
    except queue.Empty:
        raise AssertionError("no welcome nor refusal") from None
    finally:
        link.close()


def test_the_server_prints_its_certificate_s_fingerprint(running, certificate):
    der = subprocess.run(["openssl", "x509", "-in", str(certificate[0]), "-outform", "DER"],
                         check=True, capture_output=True).stdout
    assert pin_of(running) == fingerprint(der)


def test_a_client_verifying_the_certificate_by_its_authority_is_seated(running, certificate):
    tls = Tls(cafile=str(certificate[0]))
    maker = visitor(running.address, tls)
    maker.send({"type": "create", "map": "duel"})
    made = maker.read("created")
    assert joined(running.address, made["secret"], tls)["team"] == "1"


def test_a_client_pinning_the_fingerprint_is_seated_and_a_wrong_pin_refused(running):
    pin = pin_of(running)
    maker = visitor(running.address, Tls(pin=pin.replace(":", "").lower()))
    maker.send({"type": "create", "map": "duel"})
    made = maker.read("created")
    assert joined(running.address, made["secret"], Tls(pin=pin))["type"] == "welcome"
    wrong = ("00" if not pin.startswith("00") else "11") + pin[2:]
    refused = joined(running.address, made["code"], Tls(pin=wrong))
    assert refused["type"] == "refused" and "not the one pinned" in refused["message"]


def test_an_unknown_authority_and_plain_tcp_are_refused_and_the_server_goes_on(running):
    refused = joined(running.address, "ABCDEF", Tls())
    assert refused == {"type": "refused", "message": NO_SAFE_CONNECTION.format(
        where=f"{running.address[0]}:{running.address[1]}", why=NO_AUTHORITY)}
    plain = socket.create_connection(running.address, timeout=20)
    plain.sendall(b'{"type": "list"}\n')
    assert b'"lobby"' not in plain.recv(4096)  # a TLS alert at most, then the close
    plain.close()
    visitor(running.address, Tls(pin=pin_of(running))).close()


def test_a_client_asking_for_tls_of_a_plain_server_is_told_it_does_not_speak_it(running):
    """The client's words, not OpenSSL's: the server answered in plain JSON, not TLS."""
    with server() as plain:
        where = f"{plain.address[0]}:{plain.address[1]}"
        assert joined(plain.address, "ABCDEF", Tls(pin=pin_of(running))) == {
            "type": "refused", "message": NO_SAFE_CONNECTION.format(where=where, why=NO_TLS)}


@pytest.mark.slow  # a client process
def test_laser_flag_join_with_tls_and_a_pin_takes_a_seat(running, tmp_path):
    pin = pin_of(running)
    maker = visitor(running.address, Tls(pin=pin))
    maker.send({"type": "create", "map": "duel"})
    made = maker.read("created")
    ann = visitor(running.address, Tls(pin=pin))
    ann.send(seat_hello(made["secret"], "Ann"))
    ann.read("hello")
    ann.send(seat_hello(made["secret"], "Ann"))
    host, port = running.address
    guest = client("join", f"{host}:{port}", "--code", made["code"], "--tls", "--pin", pin,
                   "--player", "Easy", data_dir=tmp_path / "data")
    try:
        wait_until(lambda: room_shows(ann, lambda room: room["players"]["2"] == "Guest"),
                   "the joined client seated", 90)
    finally:
        guest.terminate()
        guest.wait(timeout=30)
