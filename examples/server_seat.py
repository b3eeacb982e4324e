"""Sits a program at a game on laser-flag-server: the bridge between the server's TCP and a
program that speaks docs/PROTOCOL.md over its stdin and stdout (an `exec:` seat). Standard
library only.

    python examples/server_seat.py HOST:PORT CODE -- python examples/random_bot.py
    python examples/server_seat.py HOST:PORT --create duel --fog -- python examples/greedy_bot.py
    python examples/server_seat.py tls://HOST:PORT --pin SHA256 CODE -- python my_bot.py

CODE is a game's code or a seat's secret; --create makes a game on a bundled map and prints
"game CODE" for the other player. The program is sent the game's messages as a host would send
them (the server's own lobby messages are not passed on) and its answers go to the server.
The bridge prints "seat SECRET" once seated, joins again with the secret if the connection
drops, and ends once the game is over ("over 4-1 winner 1"), telling the program "bye".
tls:// before the address speaks TLS to a server with a certificate, checked by the system's
authorities, or with --pin by its SHA-256 fingerprint (the server prints it) for a self-signed
one.
"""

import argparse
import contextlib
import hashlib
import json
import socket
import ssl
import subprocess
import sys
import threading
import time

PROTOCOL = 2  # the seat messages it passes on (docs/PROTOCOL.md, "Versions")
SEAT_MESSAGES = {"hello", "welcome", "your_turn", "events", "error", "chat", "rematch", "bye"}
RETRIES = 30  # connections tried after a drop, a second apart


def send(sock: socket.socket, message: dict) -> None:
    sock.sendall(json.dumps(message).encode() + b"\n")


def hello(code: str) -> dict:
    return {"type": "hello", "protocol": PROTOCOL, "rules": 1, "version": "server_seat",
            "map_digest": None, "code": code, "name": "server_seat"}


class Server:
    """Where the server is, and how to speak to it: plain TCP, or TLS (pinned with `pin`)."""

    def __init__(self, text: str, pin: str | None) -> None:
        secure = text.lower().startswith("tls://")
        host, _, port = (text[len("tls://"):] if secure else text).rpartition(":")
        self.address, self.pin = (host.strip("[]"), int(port)), pin
        self.tls = secure or pin is not None

    def connect(self) -> socket.socket:
        sock = socket.create_connection(self.address)
        if not self.tls:
            return sock
        context = ssl.create_default_context()
        if self.pin is not None:  # the pin is the check: no authority signed a private one
            context.check_hostname, context.verify_mode = False, ssl.CERT_NONE
        sock = context.wrap_socket(sock, server_hostname=self.address[0])
        found = hashlib.sha256(sock.getpeercert(binary_form=True)).hexdigest()
        if self.pin is not None and found != self.pin.replace(":", "").lower():
            sock.close()
            sys.exit("server_seat: the server's certificate is not the one pinned")
        return sock


class Bridge:
    def __init__(self, server: Server, code: str, program: subprocess.Popen) -> None:
        self.server, self.code, self.program = server, code, program
        self.sock: socket.socket | None = None
        self.over = False

    def tell_program(self, message: dict) -> None:
        self.program.stdin.write(json.dumps(message) + "\n")
        self.program.stdin.flush()

    def answers(self) -> None:
        """The program's lines, passed to the server as they come."""
        for line in self.program.stdout:
            if self.sock is not None and line.strip():
                # A drop loses the line: the server sends the open turn again on the return.
                with contextlib.suppress(OSError):
                    self.sock.sendall(line.rstrip("\n").encode() + b"\n")

    def session(self, sock: socket.socket) -> None:
        """One connection, until it ends or the game is over."""
        self.sock = sock
        for line in sock.makefile("rb"):
            message = json.loads(line)
            kind = message["type"]
            if kind == "hello":
                if "lobby" in message:  # the server's: name the seat
                    send(sock, hello(self.code))
                    continue
                send(sock, hello(self.code))  # the game's: answered, and passed on
            elif kind == "seat":
                self.code = message["secret"]
                print(f"seat {self.code}", flush=True)
                continue
            if kind in SEAT_MESSAGES:
                self.tell_program(message)
            if kind == "bye":
                self.over = True
                return
            if kind == "events" and message["view"]["winner"] is not None:
                scores = message["view"]["scores"]
                print(f"over {scores['1']}-{scores['2']} winner {message['view']['winner']}",
                      flush=True)
                self.over = True
                return

    def run(self) -> None:
        threading.Thread(target=self.answers, daemon=True).start()
        tries = RETRIES
        while not self.over and tries:
            try:
                with self.server.connect() as sock:
                    tries = RETRIES
                    self.session(sock)
            except ssl.SSLError as exc:  # not the server expected: trying again would not help
                sys.exit(f"server_seat: {exc}")
            except OSError:
                tries -= 1
                time.sleep(1)
        self.sock = None
        if self.program.poll() is None:
            self.tell_program({"type": "bye", "reason": "the game is over"})


def create(server: Server, game_map: str, fog: bool) -> str:
    """A new game's code; the creator's secret is the code the bridge sits with."""
    with server.connect() as sock:
        lines = sock.makefile("rb")
        json.loads(lines.readline())  # the server's hello
        send(sock, {"type": "create", "map": game_map, "fog": fog})
        answer = json.loads(lines.readline())
        if answer["type"] != "created":
            sys.exit(f"server_seat: {answer.get('message')}")
        print(f"game {answer['code']}", flush=True)
        return answer["secret"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                     usage="%(prog)s [tls://]HOST:PORT [--pin SHA256] "
                                           "(CODE | --create MAP [--fog]) -- COMMAND...")
    parser.add_argument("address", metavar="[tls://]HOST:PORT")
    parser.add_argument("code", nargs="?", help="a game's code or a seat's secret")
    parser.add_argument("--create", metavar="MAP", help="make a game on this bundled map")
    parser.add_argument("--fog", action="store_true", help="with --create: fog of war")
    parser.add_argument("--pin", metavar="SHA256",
                        help="TLS, trusting only the certificate of this fingerprint")
    argv = sys.argv[1:]
    cut = argv.index("--") if "--" in argv else len(argv)
    args, command = parser.parse_intermixed_args(argv[:cut]), argv[cut + 1:]  # after --
    server = Server(args.address, args.pin)
    if not command or (args.code is None) == (args.create is None):
        parser.error("give a CODE or --create MAP, then -- the program")
    code = args.code or create(server, args.create, args.fog)
    program = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               text=True)
    Bridge(server, code, program).run()
    program.wait(timeout=10)


if __name__ == "__main__":
    main()
