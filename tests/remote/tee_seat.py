"""A program seat that records its conversation: it runs COMMAND as the seat and passes every
line between the game and it, writing each to LOG as it goes, one JSON object a line:
{"to": "seat", "line": ...} for the game's lines, {"to": "game", "line": ...} for the seat's.

    python tests/remote/tee_seat.py LOG COMMAND...

It ends when the game closes its input and COMMAND has ended. Standard library only: the game
runs it as any program (`exec:`).
"""

import contextlib
import json
import subprocess
import sys
import threading


def main() -> None:
    log_path, command = sys.argv[1], sys.argv[2:]
    seat = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    lock = threading.Lock()
    with open(log_path, "w", encoding="utf-8") as log:
        def record(to: str, line: bytes) -> None:
            with lock:
                log.write(json.dumps({"to": to, "line": line.decode()}) + "\n")
                log.flush()

        def answers() -> None:
            for line in seat.stdout:
                record("game", line)
                sys.stdout.buffer.write(line)
                sys.stdout.flush()

        answering = threading.Thread(target=answers)
        answering.start()
        for line in sys.stdin.buffer:
            record("seat", line)
            try:
                seat.stdin.write(line)
                seat.stdin.flush()
            except BrokenPipeError:  # the seat has ended: the rest is only recorded
                pass
        with contextlib.suppress(BrokenPipeError):
            seat.stdin.close()
        answering.join()
    seat.wait()


if __name__ == "__main__":
    main()
