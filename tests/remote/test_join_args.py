"""`laser-flag join`'s command line reads a server's address as Play online's field does:
tls:// before it, or a pinned fingerprint, asks for TLS."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from laser_flag.app import UsageError, parse_join_args
from laser_flag.remote.guest import ADDRESS_FORM, parse_server
from laser_flag.remote.host import DEFAULT_PORT

PIN = "AB:" * 31 + "AB"


@pytest.mark.parametrize(("argv", "address", "tls", "pin"), [
    (["10.0.0.7:4711"], ("10.0.0.7", 4711), False, None),
    (["tls://play.example.org"], ("play.example.org", DEFAULT_PORT), True, None),
    (["TLS://[::1]:4711"], ("::1", 4711), True, None),
    (["10.0.0.7:4711", "--tls"], ("10.0.0.7", 4711), True, None),
    (["10.0.0.7:4711", "--pin", PIN.replace(":", "").lower()], ("10.0.0.7", 4711), True, PIN),
])
def test_tls_is_asked_for_by_the_address_the_flag_or_a_pin(argv, address, tls, pin):
    args = parse_join_args([*argv, "--code", "ABCDEF"])
    assert (args.address, args.tls, args.pin) == (address, tls, pin)


@pytest.mark.parametrize("address", ["tls://", "tls://host:0", "http://host:80", "tls:host"])
def test_an_address_that_is_none_is_refused(address):
    with pytest.raises(UsageError, match="HOST or HOST:PORT"):
        parse_join_args([address, "--code", "ABCDEF"])


@settings(max_examples=500, deadline=None)
@given(st.text(max_size=120))
def test_any_text_is_an_address_or_refused_in_words(text):
    """Whatever is typed in an address field or given on the command line: an address with a
    port in range, or the ValueError whose words a player is shown; nothing else."""
    try:
        (host, port), secure = parse_server(text)
    except ValueError as err:
        assert str(err) == ADDRESS_FORM.format(text=repr(text.strip()[6:] if text.strip().lower(
        ).startswith("tls://") else text.strip()))
    else:
        assert host and "/" not in host and 0 < port < 65536
        assert secure == text.strip().lower().startswith("tls://")
