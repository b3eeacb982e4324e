"""The client's screens: menu, game, rules and victory."""
