"""What a host or server tells a player's client reads in English on the wire and in the
player's language on the client's screen, its values kept; a sentence the client does not
know shows as it came."""

from __future__ import annotations

import errno
import re
import socket
import ssl

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from laser_flag import i18n
from laser_flag.remote import protocol
from laser_flag.remote.lobby_link import LobbyLink
from laser_flag.remote.reasons import (
    CANNOT_REACH,
    EXPIRED,
    LONGEST,
    NO_AUTHORITY,
    NO_SAFE_CONNECTION,
    NO_SUCH_NAME,
    NO_TLS,
    OTHER_NAME,
    PIN_MISMATCH,
    PROTOCOL_GUEST_OLDER,
    TOLD,
    UNREACHABLE,
    WORDED_VALUES,
    WRONG_JOIN_CODE,
    failed,
    shown,
    told,
    unreachable,
    untrusted,
)
from laser_flag.remote.tls import PinMismatch

VALUES = {"ours": "3", "theirs": "2", "rate": "20", "count": "4", "where": "10.0.0.7:4711",
          "why": "Connection refused: try later", "found": "AB:CD:EF", "error": "'map'"}


PLACEHOLDERS = re.compile(r"\{(\w+)\}")


def said(template: str) -> str:
    return template.format(**{k: v for k, v in VALUES.items() if "{" + k + "}" in template})


@pytest.mark.parametrize("code", ["de", "zh_CN"])
@pytest.mark.parametrize("template", TOLD)
def test_every_sentence_a_client_is_told_reads_in_its_language_with_its_values(code, template):
    i18n.use_language(code)
    translated = i18n._(template)
    assert translated != template  # the catalogue has it
    assert shown(said(template)) == said(translated)


@pytest.mark.parametrize("template", TOLD)
def test_in_english_every_sentence_reads_as_it_came(template):
    assert shown(said(template)) == said(template)


def test_a_sentence_the_client_does_not_know_shows_as_it_came():
    i18n.use_language("de")
    for text in ("a newer host's reason", WRONG_JOIN_CODE + "!", "",
                 "wrong join code" + " " * LONGEST):
        assert shown(text) == text


def test_a_text_longer_than_any_sentence_told_is_shown_as_it_came():
    """Past LONGEST a text is not matched at all (a long near-match would make the patterns
    backtrack), and shown as it came."""
    i18n.use_language("de")
    hostile = "Cannot reach " + "(" * 5000 + " (" + ")" * 5000
    assert shown(hostile) == hostile


def test_the_wire_stays_english_whatever_the_language():
    """The host's refusal of another protocol is the English sentence, in any language."""
    i18n.use_language("zh_CN")
    hello = {"protocol": protocol.PROTOCOL - 1, "rules": 0}
    assert protocol.incompatibility(hello) == PROTOCOL_GUEST_OLDER.format(
        ours=protocol.PROTOCOL, theirs=protocol.PROTOCOL - 1)


def test_told_reads_a_message_then_a_reason():
    i18n.use_language("de")
    assert told({"type": "error", "message": WRONG_JOIN_CODE}) == "falscher Beitrittscode"
    assert told({"type": "bye", "reason": WRONG_JOIN_CODE}) == "falscher Beitrittscode"
    assert told({"type": "bye"}) == ""  # nothing said: nothing shown



@settings(max_examples=200, deadline=None)
@given(template=st.sampled_from(TOLD),
       value=st.text(alphabet=st.characters(categories=("L", "N"), include_characters=" .-_#"),
                     min_size=1, max_size=40))
def test_any_value_travels_into_the_translation(template, value):
    """Whatever the values in a told sentence (names, addresses, numbers, any script), the
    player reads the translation with those values."""
    i18n.use_language("zh_CN")
    names = set(PLACEHOLDERS.findall(template))
    english = template.format(**dict.fromkeys(names, value))
    read = {name: shown(value) if name in WORDED_VALUES else value for name in names}
    assert shown(english) == i18n._(template).format(**read)


@settings(max_examples=200, deadline=None)
@given(text=st.text(max_size=LONGEST))
def test_a_text_no_sentence_begins_with_is_shown_as_it_came(text):
    """Every told sentence begins with a letter or a value on one line: a text that begins a
    new line is none of them, whatever follows."""
    i18n.use_language("de")
    assert shown("\n" + text) == "\n" + text


@pytest.mark.parametrize(("error", "why"), [
    (ConnectionRefusedError(errno.ECONNREFUSED, "Connection refused"),
     UNREACHABLE[errno.ECONNREFUSED]),
    (socket.gaierror(socket.EAI_NONAME, "Name or service not known"), NO_SUCH_NAME),
    (TimeoutError("timed out"), UNREACHABLE[errno.ETIMEDOUT]),
    (OSError(errno.EHOSTUNREACH, "No route to host"), UNREACHABLE[errno.EHOSTUNREACH]),
    (OSError(errno.EACCES, "Permission denied"), "Permission denied"),  # the system's words
    (ValueError("hostname mismatch"), "hostname mismatch"),
])
def test_why_a_connection_failed_is_said_in_the_clients_words_when_it_knows_them(error, why):
    assert unreachable(error) == why
    assert failed("10.0.0.7:4711", error) == CANNOT_REACH.format(where="10.0.0.7:4711", why=why)


def verify_error(code: int, message: str) -> ssl.SSLCertVerificationError:
    error = ssl.SSLCertVerificationError(1, f"[SSL: CERTIFICATE_VERIFY_FAILED] {message}")
    error.verify_code, error.verify_message = code, message
    return error


def ssl_error(reason: str) -> ssl.SSLError:
    error = ssl.SSLError(1, f"[SSL: {reason}] {reason.lower().replace('_', ' ')}")
    error.reason = reason
    return error


@pytest.mark.parametrize(("error", "why"), [
    (verify_error(18, "self-signed certificate"), NO_AUTHORITY),
    (verify_error(20, "unable to get local issuer certificate"), NO_AUTHORITY),
    (verify_error(10, "certificate has expired"), EXPIRED),
    (verify_error(62, "Hostname mismatch, certificate is not valid for 'x'"), OTHER_NAME),
    (verify_error(26, "unsuitable certificate purpose"), "unsuitable certificate purpose"),
    (ssl_error("WRONG_VERSION_NUMBER"), NO_TLS),
    (ssl_error("TLSV1_ALERT_INTERNAL_ERROR"), "[SSL: TLSV1_ALERT_INTERNAL_ERROR] tlsv1 alert "
                                              "internal error"),  # OpenSSL's own words
    (PinMismatch(PIN_MISMATCH.format(found="AB:CD")), PIN_MISMATCH.format(found="AB:CD")),
])
def test_why_tls_refused_the_server_is_said_in_the_clients_words_when_it_knows_them(error, why):
    assert untrusted(error) == why
    assert failed("10.0.0.7:4711", error) == NO_SAFE_CONNECTION.format(where="10.0.0.7:4711",
                                                                       why=why)


def test_a_pin_mismatch_reads_in_the_players_language_with_its_fingerprint():
    """A why with a value of its own is read as a told sentence too: the fingerprint kept."""
    i18n.use_language("de")
    english = failed("10.0.0.7:4711", PinMismatch(PIN_MISMATCH.format(found="AB:CD")))
    assert shown(english) == i18n._(NO_SAFE_CONNECTION).format(
        where="10.0.0.7:4711", why=i18n._(PIN_MISMATCH).format(found="AB:CD"))
    assert "AB:CD" in shown(english) and "pinned" not in shown(english)


def test_a_lobby_nobody_answers_at_is_said_so_in_the_players_language():
    """The real lobby connection to a port nothing listens on: the inbox says why in English,
    the screen in German, the system's words for it included."""
    with socket.socket() as closed:
        closed.bind(("127.0.0.1", 0))
        port = closed.getsockname()[1]
    link = LobbyLink(("127.0.0.1", port))
    link.start()
    try:
        message = link.inbox.get(timeout=30)
    finally:
        link.close()
    where = f"127.0.0.1:{port}"
    assert message == {"type": "lost", "message": CANNOT_REACH.format(
        where=where, why=UNREACHABLE[errno.ECONNREFUSED])}
    i18n.use_language("de")
    assert told(message) == f"{where} ist nicht erreichbar (an diesem Port antwortet nichts)"
