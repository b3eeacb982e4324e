"""Watching a recorded game: the replay's screen, its timeline and side panel."""
