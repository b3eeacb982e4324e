"""The play model, one floor below the screens: a game in progress without pixels.

The session and its save keeper, the turn drivers and their seats (a person, a bot, a program, a
guest on another computer), the playback of events, recordings and the replay player, the
lessons' model and the words of the log. Nothing here imports pygame, Tk or `laser_flag.ui`
(tests/test_layers.py): the game screens draw what these hold, and headless play, the host
without a window and the tests drive them directly.
"""
