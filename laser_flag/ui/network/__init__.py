"""The network's screens: hosting, joining, the game and victory of a network game, the chat line,
and starting either from the command line or the menu."""
