"""Frozen value objects that are quick to make.

A replay makes a few value objects at every event (the coup entered, the cell judged, the mark
written, the turn played). A frozen dataclass sets each field through ``object.__setattr__``,
about five times slower than a plain assignment; :func:`quick_init` gives such a class an
``__init__`` that writes the fields straight into the new object, with the same parameters,
defaults and default factories. Everything else stays the dataclass's: equality, hash, repr,
ordering, ``dataclasses.replace``, and assigning a field afterwards still raises
``FrozenInstanceError``. Standard library only.
"""

from __future__ import annotations

from . import lightclass
from .lightclass import Field, is_light, lazy_init, make_init

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import TypeVar

    T = TypeVar("T", bound=type)



def quick_init(cls: T) -> T:
    """Decorate a frozen dataclass (applied over ``@dataclass(frozen=True)``, no
    ``__post_init__``, no ``__slots__``) with a quicker ``__init__`` of the same signature;
    on a class of :mod:`.lightclass`, its ``__init__`` is made again that way."""
    if is_light(cls):
        own_fields: tuple[Field, ...] = cls.__dict__["__light_fields__"]
        cls.__init__ = lazy_init(cls, own_fields, into_dict=True)  # type: ignore[misc]
        return cls
    from dataclasses import MISSING, fields, is_dataclass

    frozen = getattr(getattr(cls, "__dataclass_params__", None), "frozen", False)
    if not (is_dataclass(cls) and frozen):
        raise TypeError(f"{cls.__name__}: quick_init is for frozen dataclasses")
    if hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: quick_init takes no __post_init__ nor __slots__")
    own = []
    for f in fields(cls):
        if not f.init or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes positional fields only")
        light = Field(lightclass.MISSING if f.default is MISSING else f.default,
                      lightclass.MISSING if f.default_factory is MISSING else f.default_factory,
                      True, f.repr, f.compare, f.hash)
        light.name = f.name
        own.append(light)
    init = make_init(cls, tuple(own), into_dict=True)
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]  # replacing it is the point
    return cls
