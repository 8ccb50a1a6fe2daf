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

from types import FunctionType
from typing import TypeVar, cast

from .lightclass import is_light

T = TypeVar("T", bound=type)


def quick_init(cls: T) -> T:
    """Decorate a frozen dataclass (applied over ``@dataclass(frozen=True)``, no
    ``__post_init__``, no ``__slots__``) with a quicker ``__init__`` of the same signature;
    a class of :mod:`.lightclass` has one already and is returned as it is."""
    if is_light(cls):
        return cls
    from dataclasses import MISSING, fields, is_dataclass

    frozen = getattr(getattr(cls, "__dataclass_params__", None), "frozen", False)
    if not (is_dataclass(cls) and frozen):
        raise TypeError(f"{cls.__name__}: quick_init is for frozen dataclasses")
    if hasattr(cls, "__post_init__") or "__slots__" in cls.__dict__:
        raise TypeError(f"{cls.__name__}: quick_init takes no __post_init__ nor __slots__")
    scope: dict[str, object] = {"_MISSING": MISSING}
    params, body = [], []
    for f in fields(cls):
        if not f.init or f.kw_only:
            raise TypeError(f"{cls.__name__}.{f.name}: quick_init takes positional fields only")
        if f.default is not MISSING:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
        elif f.default_factory is not MISSING:
            scope[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            body.append(f"    if {f.name} is _MISSING: {f.name} = _factory_{f.name}()")
        else:
            params.append(f.name)
        body.append(f"    _dict_[{f.name!r}] = {f.name}")
    source = (f"def __init__(self, {', '.join(params)}):\n    _dict_ = self.__dict__\n"
              + "\n".join(body or ["    pass"]) + "\n")
    exec(source, scope)     # noqa: S102 - the source is made of field names, as dataclasses do
    init = cast(FunctionType, scope["__init__"])
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    init.__doc__ = cls.__init__.__doc__
    cls.__init__ = init  # type: ignore[method-assign]  # replacing it is the point
    return cls
