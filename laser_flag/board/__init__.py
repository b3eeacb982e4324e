"""The board as players see it: tiles, units, art, palettes and icons, drawn with pygame.

Shared by the game client (laser_flag.ui) and the map editor (map_editor); it imports
neither of them, only the engine.
"""
