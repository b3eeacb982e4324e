"""`python -m laser_flag` opens the game client."""

import sys

from .app import main

sys.exit(main())
