"""The end of a game: the victory screen, in the winner's colours."""
