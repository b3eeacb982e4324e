"""Sound: which effects an engine event makes (cues, pygame-free) and the mixer that plays them.

The WAV files are made by sounds/make_sounds.py and found through laser_flag.resources.
"""
