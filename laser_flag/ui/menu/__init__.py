"""The main menu's family: the map chooser and its models (catalogue, badges, players, fog,
measuring), Load game and the saves, opening a save, settings."""
