"""`make messages` changes no file when no string changed: on a copy of the catalogues whose
dates are long past, a run leaves the template, each .po and each .mo byte for byte as they
were; tools/keep_template.py keeps an old template only while its messages are the same."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from laser_flag import i18n

ROOT = Path(__file__).resolve().parents[1]
TOOL = ROOT / "tools" / "keep_template.py"
BIN = Path(sys.executable).parent  # the virtualenv's, pybabel beside python
POT_DATE = re.compile(rb'"POT-Creation-Date: [^"]*"')
LONG_AGO = b'"POT-Creation-Date: 2000-01-01 00:00+0000\\n"'


def make_messages(locale: Path) -> None:
    """The Makefile's own recipe on the catalogues in `locale` (nothing installed first)."""
    done = subprocess.run(["make", "--no-print-directory", "messages", f"LOCALE={locale}",
                           f"BIN={BIN}", "STAMP="], cwd=ROOT, capture_output=True, text=True,
                          timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr


def files(locale: Path) -> dict[str, bytes]:
    return {str(p.relative_to(locale)): p.read_bytes() for p in sorted(locale.rglob("*"))
            if p.is_file()}


@pytest.mark.slow  # three runs of the extraction over the whole code
def test_a_run_that_changes_no_string_changes_no_file(tmp_path):
    locale = tmp_path / "locale"
    shutil.copytree(i18n.LOCALE_DIR, locale)
    make_messages(locale)  # current with the code, whatever was committed
    for path in [locale / "laser_flag.pot", *locale.glob("*/LC_MESSAGES/laser_flag.po")]:
        path.write_bytes(POT_DATE.sub(lambda _: LONG_AGO, path.read_bytes()))
    make_messages(locale)  # the dates of the first run
    before = files(locale)
    make_messages(locale)
    after = files(locale)
    assert after.keys() == before.keys() and any(name.endswith(".mo") for name in after)
    changed = [name for name in after if after[name] != before[name]]
    assert not changed, f"make messages changed {changed} though no string changed"
    assert LONG_AGO in after["laser_flag.pot"]


TEMPLATE = b'''# Translations template for laser-flag.
# Copyright (C) %s ORGANIZATION
#
msgid ""
msgstr ""
"POT-Creation-Date: %s\\n"
"Generated-By: Babel 2.19.0\\n"

msgid "Fire"
msgstr ""
'''


def keep(tmp_path: Path, new: bytes, old: bytes) -> tuple[str, bytes]:
    """tools/keep_template.py on these two templates: what it says, and the template after."""
    (tmp_path / "new.pot").write_bytes(new)
    (tmp_path / "old.pot").write_bytes(old)
    done = subprocess.run([sys.executable, str(TOOL), str(tmp_path / "new.pot"),
                           str(tmp_path / "old.pot")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "new.pot").exists()
    return done.stdout, (tmp_path / "old.pot").read_bytes()


def test_an_old_template_is_kept_while_only_its_header_differs(tmp_path):
    old = TEMPLATE % (b"2026", b"2026-11-29 13:45+0000")
    said, now = keep(tmp_path, TEMPLATE % (b"2027", b"2027-01-02 08:00+0000"), old)
    assert now == old and "unchanged, kept" in said


def test_a_template_whose_messages_changed_is_written(tmp_path):
    new = TEMPLATE % (b"2026", b"2026-11-30 09:00+0000") + b'\nmsgid "Overwatch"\nmsgstr ""\n'
    said, now = keep(tmp_path, new, TEMPLATE % (b"2026", b"2026-11-29 13:45+0000"))
    assert now == new and "written" in said


def test_a_first_template_is_written(tmp_path):
    new = TEMPLATE % (b"2026", b"2026-11-29 13:45+0000")
    (tmp_path / "new.pot").write_bytes(new)
    subprocess.run([sys.executable, str(TOOL), str(tmp_path / "new.pot"),
                    str(tmp_path / "first.pot")], check=True, capture_output=True, timeout=60)
    assert (tmp_path / "first.pot").read_bytes() == new
