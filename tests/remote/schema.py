"""docs/protocol.schema.json for the tests: a validator for any of its definitions, and the
lines of a recorded conversation checked against it, each direction against its own messages."""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema import Draft202012Validator

SCHEMA = Path(__file__).resolve().parents[2] / "docs" / "protocol.schema.json"
FROM_GAME, FROM_SEAT = "game_message", "seat_message"


@cache
def schema() -> dict[str, Any]:
    return json.loads(SCHEMA.read_text(encoding="utf-8"))


@cache
def validator(definition: str) -> Draft202012Validator:
    """A validator for `$defs/definition`, its references resolved within the schema."""
    whole = schema()
    return Draft202012Validator({"$schema": whole["$schema"], "$defs": whole["$defs"],
                                 "$ref": f"#/$defs/{definition}"})


def problems(value: Any, definition: str) -> list[str]:
    """What keeps `value` from being a `definition`, one line each (none: it is one)."""
    return [f"{'/'.join(map(str, error.absolute_path)) or '(top)'}: {error.message}"[:300]
            for error in validator(definition).iter_errors(value)]


def check_lines(lines: Iterable[bytes | str | None], definition: str) -> list[dict[str, Any]]:
    """Every line as a message, each valid as a `definition` (AssertionError naming the first
    that is not; None stands for a line too long); the messages."""
    messages = []
    for number, line in enumerate(lines):
        assert line is not None, f"line {number} is longer than the protocol allows"
        message = json.loads(line)
        found = problems(message, definition)
        assert not found, f"line {number} ({message.get('type')}): {found[0]}"
        messages.append(message)
    return messages


def events_once(message: dict[str, Any]) -> bool:
    """Whether `message` carries events in one place at most: its own `events`, never inside
    a view (nor anywhere else)."""
    def holds_events(value: Any) -> bool:
        if isinstance(value, dict):
            return "events" in value or any(holds_events(v) for v in value.values())
        return isinstance(value, list) and any(holds_events(v) for v in value)
    return not any(holds_events(v) for k, v in message.items() if k != "events")
