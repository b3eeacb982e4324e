"""`laser-flag` / `python -m laser_flag`: open the client at the menu, or straight into a map."""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Sequence
from pathlib import Path

from . import __version__
from .bots import HUMAN, LEVELS
from .bots.levels import client_budget
from .bots.program import ANSWER_TIME_HELP, answer_seconds, is_program
from .engine.game_map import GameMap
from .engine.mapfile import MapError, load_map
from .headless import bots_only, play_headless
from .headless_host import Match, serve
from .play.log_text import game_over_text
from .play.save_keeper import SaveKeeper
from .play.session import Session
from .remote.guest import parse_server
from .remote.host import DEFAULT_PORT, Host
from .remote.tls import Tls, normal
from .resources import find_map
from .saves import ReplayMismatch, SaveError, load_save
from .sight_files import use_data_folder
from .tools.cli import (
    OneLineParser,
    UsageError,
    argument_type,
    emit,
    fail,
    one_line,
    output_problem,
    positive,
)
from .ui.menu.map_catalog import catalog, listing
from .ui.network.network_start import Joining, host_game, open_host
from .ui.settings import DEFAULT_SIZE, MAX_SIZE, MIN_SIZE, LaunchOptions, Settings, load_settings


def parse_size(text: str) -> tuple[int, int]:
    """`1280x860` -> (1280, 860), between MIN_SIZE and MAX_SIZE."""
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1280x860, not {text!r}") from None
    if not (MIN_SIZE[0] <= width <= MAX_SIZE[0] and MIN_SIZE[1] <= height <= MAX_SIZE[1]):
        raise argparse.ArgumentTypeError(
            f"size must be from {MIN_SIZE[0]}x{MIN_SIZE[1]} to {MAX_SIZE[0]}x{MAX_SIZE[1]}, "
            f"not {text!r}"
        )
    return width, height


def parse_state_file(text: str) -> Path:
    """A file the state can be written to: a regular file or none yet, in a folder that exists."""
    path = Path(text)
    problem = output_problem(path)
    if problem:
        raise argparse.ArgumentTypeError(f"{text!r}: {problem}")
    return path


def parse_level(text: str) -> str:
    """Human, Easy, Normal or Hard, in any case; or exec:COMMAND, a program (bots/program.py)."""
    if is_program(text):
        return text
    by_name = {level.lower(): level for level in LEVELS}
    if text.lower() not in by_name:
        choices = ", ".join(LEVELS)
        raise argparse.ArgumentTypeError(
            f"must be one of {choices} (any case) or exec:COMMAND, not {text!r}")
    return by_name[text.lower()]


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The options; UsageError (one line) for a bad one."""
    parser = OneLineParser(
        prog="laser-flag",
        description="Laser Flag: hot-seat, or against bots.",
        epilog="laser-flag replay SAVE [--verify]: watch a saved game, or check it headless; "
        "laser-flag host / laser-flag join: play a friend on another computer; laser-flag "
        "server (laser-flag-server): hold games for players online (--help each). "
        + ANSWER_TIME_HELP,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    parser.add_argument(
        "--map", type=argument_type(find_map),
        help="start a game on this map: a file, or a map's name (bundled first, then yours)",
    )
    parser.add_argument("--list-maps", action="store_true", help="list the maps, then exit")
    parser.add_argument(
        "--seed", type=int, help="seed of the dice of every game this run (default: fresh ones)"
    )
    parser.add_argument(
        "--size", type=parse_size, help="window size WxH (default: as the game was last left)"
    )
    for team in ("1", "2"):
        parser.add_argument(
            f"--team{team}",
            type=parse_level,
            metavar="LEVEL",
            help=f"who plays team {team}: Human (default), Easy, Normal or Hard (the chooser "
            "keeps it), or exec:COMMAND, a program speaking docs/PROTOCOL.md",
        )
    parser.add_argument(
        "--fog", action=argparse.BooleanOptionalAction,
        help="fog of war on (--fog) or off (--no-fog) in every game this run; "
        "default: as each map says, switchable in the chooser",
    )
    parser.add_argument(
        "--state-file",
        type=parse_state_file,
        help="debug: write the game state as JSON here after every action and on exit",
    )
    parser.add_argument(
        "--play-test", action="store_true",
        help="with --map: the map editor's play-test; the game is not saved, so Continue and "
        "Load game keep to your own games",
    )
    parser.add_argument(
        "--headless", action="store_true",
        help="no window: the bots of --team1 and --team2 play --map's game to its end, and the "
        "result is printed",
    )
    parser.add_argument(
        "--save", type=parse_state_file, metavar="FILE",
        help="with --headless: save the finished game here (watch it with laser-flag replay)",
    )
    args = parser.parse_args(argv)
    check_headless(args)
    return args


def check_headless(args: argparse.Namespace) -> None:
    """--headless needs a map and a bot on each side; --save goes with it."""
    if args.save is not None and not args.headless:
        raise UsageError("--save goes with --headless (the window saves as you play)")
    if not args.headless:
        return
    if args.map is None:
        raise UsageError("--headless needs --map: the map to play")
    problem = bots_only(levels(args))
    if problem:
        raise UsageError(problem)


def first_session(args: argparse.Namespace) -> Session | None:
    """The game `--map` asks for; MapError (a ValueError) when it cannot start."""
    if args.map is None:
        return None
    session = Session.start(load_map(args.map), args.seed, args.state_file, levels(args),
                            args.fog)
    if args.play_test:
        session.keeper = SaveKeeper(kept=False)
    return session


def levels(args: argparse.Namespace) -> dict[str, str]:
    return {"1": args.team1 or HUMAN, "2": args.team2 or HUMAN}


def client_settings(args: argparse.Namespace) -> Settings:
    """The saved settings (a bad file: one line on stderr), with the players the command line
    names as the chooser's choice: for `--map`'s map alone, or without one for every map."""
    settings = load_settings()
    if settings.notice:
        print(f"laser-flag: {settings.notice}", file=sys.stderr)
    chosen = levels(args)
    if (args.team1 or args.team2) and all(level in LEVELS for level in chosen.values()):
        key = args.map.name if args.map else None
        settings.choose_levels(key, chosen, default=key is None)
    return settings


def headless_main(session: Session, save: Path | None) -> int:
    """`--headless`: the report on stdout; a save that failed is one line on stderr, status 1;
    Ctrl-C one line too (status 130, as a shell reports an interrupted command)."""
    try:
        report, problem = play_headless(session, save)
    except KeyboardInterrupt:
        print(f"laser-flag: stopped by Ctrl-C after {len(session.game.history):,} actions; "
              "the game was not saved", file=sys.stderr)
        return 130
    status = emit("laser-flag", report)
    if problem is None:
        return status
    print(f"laser-flag: {one_line(problem)}", file=sys.stderr)
    return 1


def launch_options(args: argparse.Namespace) -> LaunchOptions:
    return LaunchOptions(seed=args.seed, state_file=args.state_file, fog=args.fog)


def parse_replay_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = OneLineParser(
        prog="laser-flag replay", description="Watch a saved game again, or check it headless."
    )
    parser.add_argument("file", type=Path, help="a save file")
    parser.add_argument(
        "--verify",
        action="store_true",
        help="re-simulate headless: exit 0 if it reproduces the saved state, 1 if not",
    )
    parser.add_argument("--size", type=parse_size, default=DEFAULT_SIZE, help="window size WxH")
    return parser.parse_args(argv)


def verify_save(path: Path) -> int:
    """0: the save reproduces its final state; 1: it does not; 2: it cannot be read at all
    (or the report cannot be written)."""
    try:
        loaded = load_save(path)
    except ReplayMismatch as err:
        print(f"laser-flag replay: MISMATCH {err}", file=sys.stderr)
        return 1
    except SaveError as err:
        print(f"laser-flag replay: {err}", file=sys.stderr)
        return 2
    game, names = loaded.game, loaded.names
    if game.over:
        result = f"Result: {game_over_text(game.winner, game.victory, names)}"
    else:
        to_play = names[game.active_team]
        result = f"Unfinished: round {game.round}, turn {game.turn}, {to_play} to play"
    return emit("laser-flag replay", "\n".join([
        f"{path}: OK, {len(loaded.actions)} actions reproduce the saved state",
        f"Score: {names['1']} {game.scores['1']} - {names['2']} {game.scores['2']}",
        result,
    ]))


def replay_main(argv: Sequence[str]) -> int:
    try:
        args = parse_replay_args(argv)
    except UsageError as err:
        return fail("laser-flag replay", err)
    if args.verify:
        return verify_save(args.file)
    return watch_replay(args.file, args.size)


def watch_replay(path: Path, size: tuple[int, int]) -> int:
    """Open the replay scene on a save, over the menu (where Esc and a game played on from the
    replay return to); 2 with one line when the save cannot be read."""
    try:
        loaded = load_save(path)
    except SaveError as err:
        print(f"laser-flag replay: {err}", file=sys.stderr)
        return 2
    from .window import video_problem, watch  # pygame: loaded only for a window
    if (problem := video_problem()) is not None:
        return fail("laser-flag replay", problem)
    return watch(loaded, size)


def parse_seconds(text: str) -> float:
    """A number of seconds above 0 (`--wait 30`, `--wait 0.5`)."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:  # NaN fails this too
        raise argparse.ArgumentTypeError(f"must be a number of seconds above 0, not {text!r}")
    return seconds


def parse_host_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = OneLineParser(prog="laser-flag host",
                           description="Host a game for a friend on another computer.",
                           epilog=ANSWER_TIME_HELP)
    parser.add_argument("--map", type=argument_type(find_map), default=None,
                        help="the map (default: the first bundled one)")
    parser.add_argument("--port", type=int, default=DEFAULT_PORT,
                        help=f"port to listen on (default {DEFAULT_PORT}; 0: any free one)")
    parser.add_argument("--bind", default="127.0.0.1",
                        help="address to listen on (default 127.0.0.1, this computer only; "
                             "0.0.0.0: every network)")
    parser.add_argument("--fog", action=argparse.BooleanOptionalAction,
                        help="fog of war on or off (default: as the map says)")
    for team in ("1", "2"):
        parser.add_argument(f"--team{team}", type=parse_level, metavar="LEVEL",
                            help=f"the host plays team {team} with this player (Human, a bot, "
                                 "exec:COMMAND); the guest gets the other team")
    parser.add_argument("--seed", type=int, help="seed of the dice (default: fresh ones)")
    parser.add_argument("--size", type=parse_size, help="window size WxH")
    parser.add_argument("--state-file", type=parse_state_file,
                        help="debug: write the game state as JSON here after every action")
    parser.add_argument("--headless", action="store_true",
                        help="no window: the host's side is played by the bot or program of "
                             "--team1 or --team2, and the results are printed")
    parser.add_argument("--games", type=positive, metavar="N",
                        help="with --headless: play N games, sides swapped after each "
                             "(default 1)")
    parser.add_argument("--wait", type=parse_seconds, metavar="SECONDS",
                        help="with --headless: how long the guest is waited for, to join and "
                             "to come back after leaving (default: without end)")
    parser.add_argument("--turn-seconds", type=parse_seconds, metavar="SECONDS",
                        help="with --headless: the guest's time per turn; a turn not ended in "
                             "time is ended by the host (default: without end)")
    parser.add_argument("--save", type=parse_state_file, metavar="FILE",
                        help="with --headless: save each game here (FILE-1.json, FILE-2.json, "
                             "... for more than one)")
    args = parser.parse_args(argv)
    if args.team1 and args.team2:
        raise UsageError("give --team1 or --team2 (the host's side), not both")
    if not 0 <= args.port < 65536:
        raise UsageError(f"--port must be from 0 to 65535, not {args.port}")
    check_headless_host(args)
    return args


def check_headless_host(args: argparse.Namespace) -> None:
    """--games, --wait, --turn-seconds and --save go with --headless, which needs a bot or
    program on the host's side and no window size."""
    if not args.headless:
        given = [f"--{name.replace('_', '-')}" for name in ("games", "wait", "turn_seconds", "save")
                 if getattr(args, name) is not None]
        if given:
            raise UsageError(f"{given[0]} goes with --headless (the window plays one game at a "
                             "time and saves as you play)")
        return
    if args.size is not None:
        raise UsageError("--size goes with the window, not --headless")
    if host_side(args)[1] == HUMAN:
        raise UsageError("--headless plays the host's side with a bot: give --team1 or --team2 "
                         "a level (Easy, Normal or Hard) or exec:COMMAND")


def host_side(args: argparse.Namespace) -> tuple[str, str]:
    """The host's team and who plays it (--team1 or --team2; team 1 by a person if neither)."""
    return ("2", args.team2) if args.team2 else ("1", args.team1 or HUMAN)


def parse_join_args(argv: Sequence[str]) -> argparse.Namespace:
    parser = OneLineParser(prog="laser-flag join",
                           description="Join a game hosted on another computer or held by a "
                                       "laser-flag-server.",
                           epilog=ANSWER_TIME_HELP)
    parser.add_argument("address", type=argument_type(parse_server),
                        metavar="[tls://]HOST[:PORT]")
    parser.add_argument("--code", required=True, help="the join code the host shows")
    parser.add_argument("--name", default="Guest", help="your name, as the host sees it")
    parser.add_argument("--player", type=parse_level, default=HUMAN, metavar="LEVEL",
                        help="who plays your seat: Human (default), a bot, or exec:COMMAND")
    parser.add_argument("--size", type=parse_size, help="window size WxH")
    parser.add_argument("--tls", action="store_true",
                        help="a laser-flag-server with a certificate (as tls:// before the "
                             "address): TLS, the certificate checked by the system's "
                             "authorities (or --pin's fingerprint)")
    parser.add_argument("--pin", type=argument_type(normal), metavar="SHA256",
                        help="TLS, trusting only the certificate of this SHA-256 fingerprint "
                             "(the server prints it), for a self-signed one")
    args = parser.parse_args(argv)
    args.address, secure = args.address
    args.tls = args.tls or secure or args.pin is not None
    return args


def host_main(argv: Sequence[str]) -> int:
    """`laser-flag host`: open the port, say where and the code, play in a window (or with
    none: --headless)."""
    try:
        args = parse_host_args(argv)
        gm = load_map(args.map or catalog()[0].path)
    except (UsageError, MapError) as err:
        return fail("laser-flag host", err)
    if args.headless:
        return host_headless(args, gm)
    from .window import play_network, video_problem  # pygame: loaded only for a window
    if (problem := video_problem()) is not None:  # before the port opens: no one waits on it
        return fail("laser-flag host", problem)
    try:
        turns = host_game(gm, args.fog, *host_side(args), args.bind, args.port, args.seed,
                          args.state_file)
    except OSError as exc:
        return fail("laser-flag host", f"cannot listen on {args.bind}:{args.port}: {exc}")
    say_hosting(gm, turns.host)
    return play_network(turns, args.size, args.seed)


def host_headless(args: argparse.Namespace, gm: GameMap) -> int:
    """`laser-flag host --headless`: the match played with no window (headless_host.py)."""
    host_team, player = host_side(args)
    try:
        session, host = open_host(gm, args.fog, host_team, player, args.bind, args.port,
                                  args.seed, args.state_file)
    except OSError as exc:
        return fail("laser-flag host", f"cannot listen on {args.bind}:{args.port}: {exc}")
    say_hosting(gm, host)
    return serve(Match(host, session, host_team, args.games or 1, args.wait, args.save,
                       args.seed, args.turn_seconds))


def say_hosting(gm: GameMap, host: Host) -> None:
    """Where to join and with which code, on stdout at once (a script may be reading it)."""
    address, port = host.address
    print(f"Hosting {gm.name} on {address}:{port}, join code {host.code}\n"
          f"  on the other computer: laser-flag join {address}:{port} --code {host.code}",
          flush=True)


def join_main(argv: Sequence[str]) -> int:
    """`laser-flag join`: connect, be welcomed (or told why not), play in a window."""
    try:
        args = parse_join_args(argv)
    except UsageError as err:
        return fail("laser-flag join", err)
    from .window import play_network, video_problem  # pygame: loaded only for a window
    if (problem := video_problem()) is not None:  # before joining: the host would wait on us
        return fail("laser-flag join", problem)
    try:
        tls = Tls(pin=args.pin) if args.tls else None
        turns = Joining(args.address, args.code, args.name, args.player, tls).wait()
    except ConnectionRefusedError as err:
        print(f"laser-flag join: refused: {one_line(err)}", file=sys.stderr)
        return 1
    return play_network(turns, args.size)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the client; 0 on a normal quit, 2 (one line) for a bad option or unplayable --map."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv and argv[0] == "server":  # laser-flag-server's own command line, as it has it
        from .server.cli import main as server_main  # asyncio, websockets: the server's only
        return server_main(argv[1:])
    use_data_folder()  # maps' LOS answers: read from and kept in the data folder
    try:  # a malformed setting is told now, not when Hard first thinks or a program plays
        client_budget()
        answer_seconds()
    except ValueError as err:
        return fail("laser-flag", err)
    if argv and argv[0] == "replay":
        return replay_main(argv[1:])
    if argv and argv[0] in ("host", "join"):
        return (host_main if argv[0] == "host" else join_main)(argv[1:])
    try:
        args = parse_args(argv)
    except UsageError as err:
        return fail("laser-flag", err)
    if args.list_maps:
        return emit("laser-flag", "\n".join(listing(catalog())))
    try:
        session = first_session(args)
    except (MapError, ValueError, OSError) as exc:
        print(f"laser-flag: {one_line(exc)}", file=sys.stderr)
        return 2
    if args.headless:
        return headless_main(session, args.save)
    settings = client_settings(args)
    from .window import play_client, video_problem  # pygame: loaded only for a window
    if (problem := video_problem()) is not None:
        return fail("laser-flag", problem)
    return play_client(session, settings, launch_options(args), args.size or settings.window_size)
