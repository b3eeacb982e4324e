"""Laser Flag: hot-seat, turn-based laser-tag squad tactics."""
