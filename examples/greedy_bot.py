"""A greedy player for Laser Flag, standard library only (the protocol: docs/PROTOCOL.md).

    laser-flag --map duel --team2 "exec:python examples/greedy_bot.py"

On each "your_turn" it fires if any unit can, else steps the unit that gets closest to an enemy
it knows of (in sight, where last seen, or never seen: where the map starts it), else ends its
turn.
"""

import json
import sys

PROTOCOL = 2  # the messages it was written for (docs/PROTOCOL.md, "Versions")


def distance(a: list[int], b: list[int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))  # steps, diagonals allowed


def choose(view: dict, legal: list[dict], starts: list[list[int]]) -> dict:
    fires = [a for a in legal if a["action"] == "fire"]
    if fires:
        return fires[0]
    team = view["team"]
    mine = {u["id"]: u["pos"] for u in view["units"] if u["team"] == team}
    enemies = [u["pos"] for u in view["units"] if u["team"] != team]
    enemies += [pos for _, pos, _ in view["last_seen"]] or starts
    best, gain = {"action": "end_turn"}, 0
    for action in legal:
        if action["action"] != "move" or not enemies:
            continue
        here = min(distance(mine[action["unit_id"]], e) for e in enemies)
        there = min(distance(action["to"], e) for e in enemies)
        if here - there > gain:
            best, gain = action, here - there
    return best


def main() -> None:
    starts: list[list[int]] = []  # the enemies' starting tiles, from the map
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello" and message["protocol"] != PROTOCOL:
            sys.exit(f"greedy_bot: written for protocol {PROTOCOL}, not {message['protocol']}")
        if message["type"] == "welcome":
            starts = [[r, c] for t, _, r, c in message["map"]["units"] if t != message["team"]]
        elif message["type"] == "your_turn":
            action = choose(message["view"], message["legal"], starts)
            answer = {"type": "action", "ask": message["ask"], "action": action}
            print(json.dumps(answer), flush=True)
        elif message["type"] == "bye":
            return


if __name__ == "__main__":
    main()
