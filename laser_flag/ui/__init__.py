"""The pygame client: scenes, panels and widgets; the board itself is drawn by laser_flag.board."""
