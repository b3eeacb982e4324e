"""What a designer types into a dialog's field, read as a value; a refusal names the field and
what it takes, in the designer's language."""

from __future__ import annotations

from laser_flag.i18n import _


def whole(text: str, what: str, low: int, high: int) -> int:
    """A field's whole number from `low` to `high`; ValueError names the field (`what`, in the
    designer's words) and the numbers it takes."""
    text = text.strip()
    if not (text.isascii() and text.isdigit() and low <= int(text) <= high):
        raise ValueError(_("{what}: type a whole number from {low} to {high}, not "
                           "{text!r}").format(what=what, low=low, high=high, text=text))
    return int(text)
