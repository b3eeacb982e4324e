"""A spectator at laser-flag-server, standard library only (docs/PROTOCOL.md, "The server").

    laser-flag-server --port 7531 &
    python examples/watch_game.py 127.0.0.1:7531 CODE replay.json

It watches the game CODE names and prints a line for each board it is shown (its turn, whether
it is delayed, the scores) and for each change of who plays or watches. Once the game is over it
asks for the replay, writes it to the file given (watch it with `laser-flag replay FILE`), and
ends.
"""

import json
import socket
import sys


def send(sock: socket.socket, message: dict) -> None:
    sock.sendall(json.dumps(message).encode() + b"\n")


def main() -> None:
    host, _, port = sys.argv[1].rpartition(":")
    code, out = sys.argv[2], sys.argv[3]
    with socket.create_connection((host, int(port))) as sock:
        send(sock, {"type": "watch", "code": code})
        for line in sock.makefile("rb"):
            message = json.loads(line)
            kind = message["type"]
            if kind == "board":
                seen = message["view"]
                print(f"board turn {seen['turn']} delayed {message['delayed']} scores "
                      f"{seen['scores']['1']}-{seen['scores']['2']}", flush=True)
                if seen["winner"] is not None:
                    send(sock, {"type": "replay"})
            elif kind == "room":
                print(f"room {message['state']} watchers {message['watchers']}", flush=True)
            elif kind == "replay":
                with open(out, "w", encoding="utf-8") as file:
                    json.dump(message["save"], file)
                print(f"replay saved {out}", flush=True)
                return
            elif kind in ("error", "bye"):
                print(f"{kind} {message.get('message') or message.get('reason')}", flush=True)
                if kind == "bye":
                    return


if __name__ == "__main__":
    main()
