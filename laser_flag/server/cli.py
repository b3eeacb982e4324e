"""`laser-flag-server`: hold games for players and spectators who connect to it
(docs/NETWORK.md, "A server anyone can run")."""

from __future__ import annotations

import argparse
import asyncio
import gc
import signal
import ssl
import sys
from collections.abc import Sequence

from ..remote.host import DEFAULT_PORT
from ..remote.tls import fingerprint
from ..resources import bundled_maps
from ..tools.cli import OneLineParser, UsageError, fail
from .limits import Limits
from .lobby import Lobby
from .lobby import bundled_maps as read_maps
from .service import Service
from .web import Web

PROG = "laser-flag-server"
# The collector's thresholds while serving. The heap holds every game's states, and a
# collection pauses every game at once: at the default (700, 10, 10) one runs every few actions
# and a full one often, which made the slowest 1% of actions wait ten times the median
# (benchmarks/server.py). Young collections a seventieth as often and full ones rarer keep that
# tail near the median, for the same memory (the games' states hold few cycles).
COLLECTOR = (50_000, 20, 100)


def parse_args(argv: Sequence[str]) -> argparse.Namespace:
    defaults = Limits()
    parser = OneLineParser(prog=PROG, description="Hold Laser Flag games: players and "
                           "spectators connect to it, and it plays each game's rules.")
    parser.add_argument("--bind", default="127.0.0.1",
                        help="the address to listen on (0.0.0.0: every network; default "
                             "127.0.0.1)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"the port (default {DEFAULT_PORT}; 0: a free one)")
    parser.add_argument("--web-port", type=int, metavar="PORT",
                        help="also serve the page that lists and shows games to browsers on "
                             "this port (0: a free one; default: no page)")
    parser.add_argument("--cert", help="serve TLS with this certificate (PEM; needs --key)")
    parser.add_argument("--key", help="the certificate's private key (PEM)")
    parser.add_argument("--seed", type=int, help="roll the same dice: game n gets seed "
                                                 "+ 1000 n (tests)")
    parser.add_argument("--connections", type=int, default=defaults.connections,
                        help=f"connections at once (default {defaults.connections})")
    parser.add_argument("--per-address", type=int, default=defaults.per_address,
                        help="connections at once from one address (default "
                             f"{defaults.per_address})")
    parser.add_argument("--games", type=int, default=defaults.games,
                        help=f"games open at once (default {defaults.games})")
    parser.add_argument("--games-per-address", type=int, default=defaults.games_per_address,
                        help="open games made from one address (default "
                             f"{defaults.games_per_address})")
    parser.add_argument("--handshake", type=float, default=defaults.handshake,
                        metavar="SECONDS", help="how long a new connection may stay silent "
                        f"(default {defaults.handshake:g})")
    args = parser.parse_args(argv)
    if (args.cert is None) != (args.key is None):
        parser.error("--cert and --key go together")
    return args


def certificate_fingerprint(cert: str) -> str:
    """The SHA-256 fingerprint of the (first) certificate in the PEM file `cert`: what a client
    pins (laser_flag.remote.tls)."""
    with open(cert, encoding="ascii", errors="replace") as file:
        return fingerprint(ssl.PEM_cert_to_DER_cert(file.read()))


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    """A server's TLS context for the certificate `cert` and its key (OSError, ssl.SSLError
    when they cannot be read)."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


async def serve(service: Service, bind: str, port: int, scheme: str = "tcp",
                web_port: int | None = None) -> int:
    """Listen, say where (and `scheme`: tcp, or tls and the certificate's fingerprint) on
    stdout, and serve until SIGINT or SIGTERM; the browsers' page too on `web_port`."""
    web = None if web_port is None else Web(service, service.tls)
    try:
        host, bound = await service.start(bind, port)
        if web is not None:
            page = await web.start(bind, web_port)
    except OSError as err:
        return fail(PROG, f"cannot listen on {bind}: {err.strerror or err}")
    print(f"Serving on {host}:{bound} ({scheme}), {len(service.lobby.maps)} maps", flush=True)
    if web is not None:
        http = "https" if service.tls else "http"
        print(f"The page for browsers: {http}://{page[0]}:{page[1]}/", flush=True)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for signum in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(signum, stop.set)
    await stop.wait()
    if web is not None:
        await web.stop()
    await service.stop("the server is shutting down")
    print(f"{PROG}: stopped", file=sys.stderr, flush=True)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the server; 2 with one line for a bad option, certificate or port."""
    try:
        args = parse_args(sys.argv[1:] if argv is None else argv)
        tls = None if args.cert is None else tls_context(args.cert, args.key)
        scheme = "tcp" if args.cert is None else (
            f"tls, certificate SHA-256 {certificate_fingerprint(args.cert)}")
    except UsageError as err:
        return fail(PROG, err)
    except (OSError, ValueError) as err:  # ssl.SSLError is an OSError
        return fail(PROG, f"cannot use the certificate {args.cert}: {err}")
    bounds = Limits(args.connections, args.per_address, args.games, args.games_per_address,
                    handshake=args.handshake)

    async def run() -> int:
        loop = asyncio.get_running_loop()
        lobby = Lobby(read_maps(bundled_maps()), bounds, loop.call_later, args.seed, loop.time)
        gc.freeze()  # what serving starts with (code, maps) lives as long: never scanned again
        gc.set_threshold(*COLLECTOR)
        return await serve(Service(lobby, bounds, tls), args.bind, args.port, scheme,
                           args.web_port)

    return asyncio.run(run())


if __name__ == "__main__":
    sys.exit(main())
