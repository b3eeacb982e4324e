"""Tests of the pygame client."""
