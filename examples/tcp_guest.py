"""A guest for Laser Flag over TCP, standard library only (the protocol: docs/PROTOCOL.md).

    laser-flag host --headless --map duel --team1 hard --games 2 --port 7531
    python examples/tcp_guest.py 127.0.0.1:7531 CODE [SEED]

It joins with the host's join code, answers each "your_turn" with a random legal action (SEED
seeds the choice), and prints a line for each hello, welcome (with its team), rematch and
error, and for each game's end (the scores and the winner). It ends when the host says "bye".
At laser-flag-server, CODE is a game's code or a seat's secret.
"""

import json
import random
import socket
import sys

PROTOCOL = 2  # the messages it was written for (docs/PROTOCOL.md, "Versions")


def send(sock: socket.socket, message: dict) -> None:
    sock.sendall(json.dumps(message).encode() + b"\n")


def said(message: dict) -> str | None:
    """The line to print for a message, or None."""
    kind = message["type"]
    if kind in ("hello", "welcome") and "team" in message:  # a server's first hello has none
        return f"{kind} team {message['team']}"
    if kind == "events" and message["view"]["winner"] is not None:
        scores, winner = message["view"]["scores"], message["view"]["winner"]
        return f"over {scores['1']}-{scores['2']} winner {winner}"
    return kind if kind in ("rematch", "error", "bye") else None


def main() -> None:
    host, _, port = sys.argv[1].rpartition(":")
    code, rng = sys.argv[2], random.Random(int(sys.argv[3]) if len(sys.argv) > 3 else None)
    with socket.create_connection((host, int(port))) as sock:
        for line in sock.makefile("rb"):
            message = json.loads(line)
            if message["type"] == "hello" and message["protocol"] != PROTOCOL:
                sys.exit(f"tcp_guest: written for protocol {PROTOCOL}, not {message['protocol']}")
            if (text := said(message)) is not None:
                print(text, flush=True)
            if message["type"] == "hello":  # no rules of its own: it plays what it is offered
                send(sock, {"type": "hello", "protocol": PROTOCOL, "rules": message["rules"],
                            "version": "tcp_guest", "map_digest": None, "code": code,
                            "name": "tcp_guest"})
            elif message["type"] == "your_turn":
                moves = [a for a in message["legal"] if a["action"] != "end_turn"]
                choice = rng.choice(moves) if moves and rng.random() < 0.9 else {
                    "action": "end_turn"}
                send(sock, {"type": "action", "ask": message["ask"], "action": choice})
            elif message["type"] == "bye":
                return


if __name__ == "__main__":
    main()
