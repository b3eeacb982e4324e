"""`python -m map_editor [FILE]`."""

import sys

from .app import main

sys.exit(main())
