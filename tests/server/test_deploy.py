"""deploy/: the systemd unit and the Containerfile start the console script pyproject.toml
installs, with options the server takes."""

from __future__ import annotations

import json
import re
import shlex
import tomllib
from pathlib import Path

from laser_flag.server.cli import parse_args

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = "laser-flag-server"


def test_the_console_script_is_the_server_s_main():
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert scripts[SCRIPT] == "laser_flag.server.cli:main"


def test_the_systemd_unit_starts_the_server_with_options_it_takes():
    unit = (ROOT / "deploy" / "laser-flag-server.service").read_text()
    starts = re.findall(r"^#? ?ExecStart=(.+)$", unit, re.MULTILINE)
    assert len(starts) == 2  # plain, and with TLS (commented out)
    for line in starts:
        command, *options = shlex.split(line)
        assert command.endswith(f"/bin/{SCRIPT}")
        args = parse_args(options)
        assert args.bind == "0.0.0.0" and args.port == 7531 and args.web_port == 8080


def test_the_containerfile_runs_the_server_with_options_it_takes():
    text = (ROOT / "deploy" / "Containerfile").read_text()
    entry = re.search(r'^ENTRYPOINT \["([^"]+)"\]$', text, re.MULTILINE).group(1)
    command = re.search(r"^CMD (\[.+\])$", text, re.MULTILINE).group(1)
    assert entry == SCRIPT
    assert parse_args(json.loads(command)).bind == "0.0.0.0"
