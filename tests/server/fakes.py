"""A room's surroundings by hand: a member that keeps what it was sent, and a call_later run
when the test says."""

from __future__ import annotations

import json
from typing import Any


class Member:
    """A connection as the room sees it: what it was sent, and whether it was closed."""

    def __init__(self, name: str) -> None:
        self.name, self.sent, self.closed = name, [], ""

    def post(self, message: dict[str, Any]) -> None:
        self.sent.append(message)

    def post_line(self, line: bytes) -> None:
        self.sent.append(json.loads(line))

    def close(self, reason: str) -> None:
        self.closed = reason

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [m for m in self.sent if m["type"] == kind]


class Later:
    """The event loop's call_later, run by hand, and its clock, moved on by hand (`now`)."""

    def __init__(self) -> None:
        self.due: list[tuple[float, Any]] = []
        self.now = 0.0

    def time(self) -> float:
        return self.now

    def __call__(self, seconds: float, then: Any) -> Any:
        entry = (seconds, then)
        self.due.append(entry)
        test = self

        class Handle:
            def cancel(self) -> None:
                test.due.remove(entry)
        return Handle()

    def run(self) -> None:
        due, self.due = self.due, []
        for _, then in due:
            then()
