"""A window never opens larger than the screen: the default size (1280x860) or one saved on a
larger screen would run off a 900x600 one, its buttons out of reach. Headless (the dummy
driver's desktop) and in a real window on a small X screen."""

from __future__ import annotations

import pygame
import pytest

from laser_flag.ui.settings import MIN_SIZE
from laser_flag.window import on_desktop
from tests.xserver import private_display

from .test_real_window import closed_at_the_end, start_client, xdotool


def test_a_size_is_fitted_to_the_desktop_and_kept_at_the_smallest_window():
    pygame.display.init()
    try:
        desktop = pygame.display.get_desktop_sizes()[0]
        assert on_desktop((desktop[0] + 300, desktop[1] + 200)) == desktop
        assert on_desktop((desktop[0] - 100, desktop[1] + 5)) == (desktop[0] - 100, desktop[1])
        assert on_desktop((300, 200)) == MIN_SIZE
        assert on_desktop(MIN_SIZE) == MIN_SIZE
    finally:
        pygame.display.quit()


@pytest.mark.slow  # a real X server and a client process
def test_the_client_opens_within_a_900x600_screen(xvfb, tmp_path):
    with private_display("900x600x24") as display:
        client = start_client(display, data=tmp_path / "data")  # the default size, 1280x860
        with closed_at_the_end(display, client) as window:
            words = xdotool(display, "getwindowgeometry", "--shell", window)
            geometry = dict(line.split("=") for line in words.split())
            assert (int(geometry["WIDTH"]), int(geometry["HEIGHT"])) == (900, 600)
