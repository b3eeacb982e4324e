"""Frozen values made at the cost of plain objects: the one way the engine builds the frozen
values it makes on every action (units, game states) without their constructors.

A frozen dataclass's __init__ fills each field through object.__setattr__, several times the
cost of a plain assignment, and an action makes a state and a unit or two. `maker(cls)` is a
function of every field of a slots dataclass `cls`, in `dataclasses.fields` order (fields
with init=False too, no defaults): it fills an object of an unguarded class with the very
same slots and then gives it the class `cls`, so the value is the one cls(...) would make,
without __post_init__. It is made from the fields themselves: a field added to `cls` is a
parameter more, which every caller must fill. `remade(value, **changes)` is a copy so made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from functools import cache
from typing import Any, TypeVar

T = TypeVar("T")


@cache
def maker(cls: type[T]) -> Callable[..., T]:
    """make(*every field of cls, in order) -> a cls value (see the module); one per class."""
    names = [f.name for f in fields(cls)]  # type: ignore[arg-type]
    if tuple(names) != getattr(cls, "__slots__", None):
        raise TypeError(f"{cls.__name__}: a maker needs a dataclass with slots=True")
    unguarded = type(f"{cls.__name__}Filling", (), {"__slots__": tuple(names)})
    fill = "".join(f"    value.{name} = {name}\n" for name in names)
    source = (f"def make({', '.join(names)}):\n    value = unguarded()\n{fill}"
              "    value.__class__ = cls\n    return value\n")
    scope: dict[str, Any] = {"unguarded": unguarded, "cls": cls}
    exec(source, scope)  # as dataclasses writes __init__: one plain function, no loop
    make: Callable[..., T] = scope["make"]
    make.__qualname__ = make.__name__ = f"make_{cls.__name__}"
    make.__doc__ = f"A {cls.__name__} of these fields: {', '.join(names)}."
    return make


def remade(value: T, **changes: Any) -> T:
    """`value` with `changes`, as dataclasses.replace makes it but with no __init__ or
    __post_init__ run: every other field, init=False ones too, holds what `value` holds.
    TypeError for a name that is no field."""
    names = type(value).__slots__  # type: ignore[attr-defined]
    unknown = changes.keys() - set(names)
    if unknown:
        raise TypeError(f"{type(value).__name__} has no field {sorted(unknown)[0]!r}")
    return maker(type(value))(*[changes.get(name, getattr(value, name)) for name in names])
