"""Hostile lines a stranger sends before it is seated: garbage, deep JSON, wrong types, huge
fields, lone surrogates. The host's tests and the server's send each and expect one refusal."""

from __future__ import annotations

from laser_flag.engine.rules_version import RULES_VERSION
from laser_flag.remote import protocol

CORPUS = [
    b"\x00\x01\x02garbage\xff\n",
    b"not json at all\n",
    b"[" * 100_000 + b"\n",
    b'{"type": "hello", "protocol": "one"}\n',
    b'{"type": ["hello"]}\n',
    b'{"type": "action", "ask": 1, "action": {"action": "move", "unit_id": 0, "to": [1e999, 2]}}\n',
    b'{"type": "action", "ask": 1, "action": {"action": "move", "unit_id": 0, "to": [1, 2]}}\n',
    b'{"type": "chat", "text": "' + b"x" * 20_000 + b'"}\n',
    b'{"type": "hello", "protocol": %d, "rules": %d, "version": "x", "code": "%s"}\n'
    % (protocol.PROTOCOL, RULES_VERSION, b"A" * 10_000),
    b'{"type": "hello", "protocol": 99, "code": {"an": ["object"]}, "rules": null}\n',
    b"\n\n\n",
    b'{"type": "bye", "reason": {"nested": [1, 2, 3]}}\n',
    b'"\\ud800"\n',
]
