"""Which UI libraries importing some modules loads, checked in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys

UI_LIBRARIES = ("pygame", "tkinter", "_tkinter")


def ui_libraries_loaded_by(*modules: str) -> list[str]:
    """The pygame/tkinter modules a fresh `python -c "import ..."` of `modules` ends up with."""
    code = (f"import json, sys, {', '.join(modules)};"
            f"print(json.dumps(sorted(m for m in sys.modules"
            f" if m.split('.')[0] in {UI_LIBRARIES!r})))")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout)
