"""A random player for Laser Flag: any program that speaks docs/PROTOCOL.md can take a seat.

    laser-flag --map duel --team2 "exec:python examples/random_bot.py"
    laser-flag-balance maps/duel.json --bots greedy,"exec:python examples/random_bot.py"

It reads one JSON message a line on stdin and answers each "your_turn" with one of the legal
actions it lists, on one line of stdout. Standard library only.
"""

import json
import random
import sys

PROTOCOL = 2  # the messages it was written for (docs/PROTOCOL.md, "Versions")


def main() -> None:
    rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else None)
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello" and message["protocol"] != PROTOCOL:
            sys.exit(f"random_bot: written for protocol {PROTOCOL}, not {message['protocol']}")
        if message["type"] == "your_turn":
            # Ending the turn is always legal; choose it seldom so that the game moves on.
            actions = [a for a in message["legal"] if a["action"] != "end_turn"]
            choice = rng.choice(actions) if actions and rng.random() < 0.9 else {
                "action": "end_turn"}
            answer = {"type": "action", "ask": message["ask"], "action": choice}
            print(json.dumps(answer), flush=True)
        elif message["type"] == "bye":
            return
        elif message["type"] == "error":
            print(f"random_bot: told {message['message']}", file=sys.stderr)


if __name__ == "__main__":
    main()
