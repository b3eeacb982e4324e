"""The Laser Flag map editor: a Tk shell around the game's own board drawing and map loader."""

import laser_flag  # noqa: F401 -- first, so that pygame's banner is hidden here too
