"""The engine never imports pygame or tkinter (STYLE.md: rules in the middle)."""

import subprocess
import sys


def test_importing_the_engine_loads_no_ui_library():
    code = (
        "import sys, laser_flag.engine, laser_flag.engine.los, laser_flag.engine.game;"
        "bad = [m for m in sys.modules if m.split('.')[0] in ('pygame', 'tkinter', '_tkinter')];"
        "print(bad); sys.exit(1 if bad else 0)"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.strip() == "[]"
