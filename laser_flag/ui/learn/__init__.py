"""Learning the game: the Rules screen's pages and pictures, the lessons' list and a lesson's
screen."""
