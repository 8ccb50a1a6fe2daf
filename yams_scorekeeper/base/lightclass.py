"""Dataclasses that cost little to import: ``@dataclass`` and ``field`` as the standard
library's, made without it.

``import dataclasses`` imports ``inspect`` (and with it ``ast``, ``dis``, ``tokenize``), and
each class it makes execs half a dozen generated methods: together more than a one-shot
``yams enter`` may spend on its whole start-up. The value objects of the engine are made here
instead: one generated ``__init__`` per class (writing the fields straight into the object, as
:func:`~.values.quick_init` does), equality, hash, ordering and repr read through one
``operator.attrgetter``. To every other reader they are dataclasses still: the standard
library's ``fields``, ``replace``, ``asdict`` and ``is_dataclass`` read them (their
``__dataclass_fields__`` is worked out, by the standard library, the first time it is asked
for), and assigning a field of a frozen one raises ``dataclasses.FrozenInstanceError``.

Supported: ``frozen``, ``order``, ``eq``, ``repr``; ``field(default=, default_factory=,
init=, repr=, compare=, hash=)``; ``__post_init__``; fields inherited from a base made here.
Not supported (refused with a TypeError): ``kw_only``, ``slots``, ``InitVar`` and ``unsafe_hash``.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from operator import attrgetter
from types import MethodType

TYPE_CHECKING = False
if TYPE_CHECKING:
    from typing import Any, TypeVar, dataclass_transform, overload

    T = TypeVar("T", bound=type)
else:           # typing costs a one-shot command 2.5 ms; these two only speak to type checkers
    def overload(func):
        return func

    def dataclass_transform(**_):
        return overload


class _Missing:
    """Marks an absent default: ``dataclasses.MISSING`` without importing dataclasses (and
    equal to it, as the marker it stands for in a signature)."""

    def __repr__(self) -> str:
        return "MISSING"

    def __eq__(self, other: object) -> bool:
        kind = type(other)
        return other is self or (kind.__name__, kind.__module__) == ("_MISSING_TYPE",
                                                                     "dataclasses")

    def __hash__(self) -> int:
        return id(self)


MISSING: Any = _Missing()

#: the fields of a class made here, in order (its own attribute, read by subclasses)
_FIELDS = "__light_fields__"


class Field:
    """What :func:`field` declares of one field (its name and annotation set by the class)."""

    __slots__ = ("name", "type", "default", "default_factory", "init", "repr", "compare",
                 "hash")

    def __init__(self, default: Any, default_factory: Any, init: bool, repr: bool,
                 compare: bool, hash: bool | None) -> None:
        if default is not MISSING and default_factory is not MISSING:
            raise ValueError("cannot specify both default and default_factory")
        self.name = ""
        self.type: Any = None
        self.default = default
        self.default_factory = default_factory
        self.init = init
        self.repr = repr
        self.compare = compare
        self.hash = hash

    def standard(self) -> Any:
        """The same field declared with the standard library's ``dataclasses.field``."""
        import dataclasses

        given = {name: value for name, value in (("default", self.default),
                                                 ("default_factory", self.default_factory))
                 if value is not MISSING}
        return dataclasses.field(**given, init=self.init, repr=self.repr,
                                 compare=self.compare, hash=self.hash)


def field(*, default: Any = MISSING, default_factory: Any = MISSING, init: bool = True,
          repr: bool = True, compare: bool = True, hash: bool | None = None) -> Any:
    """A field's settings, as ``dataclasses.field`` takes them."""
    return Field(default, default_factory, init, repr, compare, hash)


class _StandardFields:
    """``__dataclass_fields__``, worked out by the standard library when first read (by
    ``dataclasses.fields``, ``replace``, ``asdict``...), then kept on the class."""

    def __get__(self, instance: object, owner: type) -> dict[str, Any]:
        import dataclasses

        made = next(c for c in owner.__mro__ if _FIELDS in c.__dict__)
        own: tuple[Field, ...] = made.__dict__[_FIELDS]
        params = made.__dict__["__light_params__"]
        twin = dataclasses.make_dataclass(owner.__name__, [(f.name, f.type, f.standard())
                                                           for f in own], **params)
        found: dict[str, Any] = twin.__dict__["__dataclass_fields__"]
        type.__setattr__(owner, "__dataclass_fields__", found)
        type.__setattr__(owner, "__dataclass_params__", twin.__dict__["__dataclass_params__"])
        return found


def _is_classvar(annotation: object) -> bool:
    text = annotation if isinstance(annotation, str) else repr(annotation)
    return text.startswith(("ClassVar", "typing.ClassVar", "InitVar", "dataclasses.InitVar"))


def _collect(cls: type) -> tuple[Field, ...]:
    found: dict[str, Field] = {}
    for base in reversed(cls.__mro__[1:]):
        for f in base.__dict__.get(_FIELDS, ()):
            found[f.name] = f
    for name, annotation in cls.__dict__.get("__annotations__", {}).items():
        if _is_classvar(annotation):
            if str(annotation).startswith(("InitVar", "dataclasses.InitVar")):
                raise TypeError(f"{cls.__name__}.{name}: InitVar is not supported here")
            continue
        value = cls.__dict__.get(name, MISSING)
        f = value if isinstance(value, Field) else Field(value, MISSING, True, True, True, None)
        f.name, f.type = name, annotation
        if isinstance(value, Field):            # as dataclasses: the default stays, else none
            if f.default is MISSING:
                delattr(cls, name)
            else:
                setattr(cls, name, f.default)
        found.pop(name, None)
        found[name] = f
    return tuple(found.values())


def make_init(cls: type, fields: tuple[Field, ...], *,
              into_dict: bool = False) -> Callable[..., None]:
    """An ``__init__`` for ``cls`` taking ``fields`` (defaults, factories, ``init=False``),
    then calling ``__post_init__`` if the class has one. Each field is set as dataclasses sets
    it (``object.__setattr__`` for a frozen class, which keeps the object's attributes
    quick to read), or with ``into_dict`` written straight into the object's ``__dict__``:
    quicker to make, slower to read (:func:`~.values.quick_init`, for objects made at every
    event of a replay)."""
    scope: dict[str, Any] = {"_MISSING": MISSING, "_set": object.__setattr__}
    frozen = cls.__dict__.get("__light_params__", {}).get("frozen", True)
    setter = ("    _dict_[{name!r}] = {value}" if into_dict else
              "    _set(self, {name!r}, {value})" if frozen else "    self.{name} = {value}")
    params, body, seen_default = [], [], False
    for f in fields:
        if not f.init:
            if f.default is not MISSING:
                scope[f"_default_{f.name}"] = f.default
                body.append(setter.format(name=f.name, value=f"_default_{f.name}"))
            elif f.default_factory is not MISSING:
                scope[f"_factory_{f.name}"] = f.default_factory
                body.append(setter.format(name=f.name, value=f"_factory_{f.name}()"))
            continue
        if f.default is not MISSING:
            scope[f"_default_{f.name}"] = f.default
            params.append(f"{f.name}=_default_{f.name}")
            seen_default = True
        elif f.default_factory is not MISSING:
            scope[f"_factory_{f.name}"] = f.default_factory
            params.append(f"{f.name}=_MISSING")
            body.append(f"    if {f.name} is _MISSING: {f.name} = _factory_{f.name}()")
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
        else:
            params.append(f.name)
        body.append(setter.format(name=f.name, value=f.name))
    if hasattr(cls, "__post_init__"):
        body.append("    self.__post_init__()")
    source = (f"def __init__(self, {', '.join(params)}):\n"
              + ("    _dict_ = self.__dict__\n" if into_dict else "")
              + "\n".join(body or ["    pass"]) + "\n")
    exec(source, scope)     # noqa: S102 - the source is made of field names, as dataclasses do
    init: Callable[..., None] = scope["__init__"]
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


class _FirstInit:
    """The ``__init__`` of :func:`make_init`, compiled the first time an object of its class
    is made (or its signature is asked for, through ``__wrapped__``): a one-shot command
    defines some thirty classes and makes objects of half of them, and each compile costs
    about 0.2 ms. Once compiled, the real ``__init__`` takes its place on the class."""

    def __init__(self, cls: type, fields: tuple[Field, ...], into_dict: bool) -> None:
        self._cls, self._fields, self._into_dict = cls, fields, into_dict
        self._init: Callable[..., None] | None = None
        self.__qualname__ = f"{cls.__qualname__}.__init__"
        self.__name__ = "__init__"

    @property
    def __wrapped__(self) -> Callable[..., None]:
        if self._init is None:
            self._init = make_init(self._cls, self._fields, into_dict=self._into_dict)
            if self._cls.__dict__.get("__init__") is self:
                self._cls.__init__ = self._init
        return self._init

    def __get__(self, obj: object, owner: type | None = None) -> Any:
        return self if obj is None else MethodType(self, obj)

    def __call__(self, obj: object, *args: object, **kwargs: object) -> None:
        self.__wrapped__(obj, *args, **kwargs)


def lazy_init(cls: type, fields: tuple[Field, ...], *,
              into_dict: bool = False) -> Callable[..., None]:
    """An ``__init__`` for ``cls`` as :func:`make_init` makes it, compiled when first used
    (a field without a default after one with a default is refused at once, as there)."""
    seen_default = False
    for f in fields:
        if not f.init:
            continue
        if f.default is not MISSING or f.default_factory is not MISSING:
            seen_default = True
        elif seen_default:
            raise TypeError(f"non-default argument {f.name!r} follows default argument")
    return _FirstInit(cls, fields, into_dict)


def _key(names: list[str]) -> Callable[[object], tuple[Any, ...]]:
    if len(names) == 1:                     # attrgetter of one name gives the value itself
        one = attrgetter(names[0])
        return lambda obj: (one(obj),)
    if not names:
        return lambda obj: ()
    key: Callable[[object], tuple[Any, ...]] = attrgetter(*names)
    return key


_SOURCES = {
    "__eq__": ("def __eq__(self, other):\n"
               "    if other.__class__ is self.__class__:\n"
               "        return ({mine}) == ({theirs})\n"
               "    return NotImplemented\n"),
    "__hash__": "def __hash__(self):\n    return hash(({mine}))\n",
}


def _compiled(cls: type, name: str, names: list[str]) -> Callable[..., Any]:
    """``__eq__`` or ``__hash__`` over ``names``, as dataclasses writes it (as quick), compiled
    the first time it is called: most classes of a one-shot command are never compared."""
    def first(self: object, *args: object) -> Any:
        source = _SOURCES[name].format(mine="".join(f"self.{n}," for n in names) or " ",
                                       theirs="".join(f"other.{n}," for n in names) or " ")
        scope: dict[str, Any] = {}
        exec(source, scope)     # noqa: S102 - made of field names, as dataclasses does
        method = scope[name]
        method.__qualname__ = f"{cls.__qualname__}.{name}"
        setattr(cls, name, method)
        return method(self, *args)

    return first


def _methods(cls: type, fields: tuple[Field, ...], *, eq: bool, order: bool, frozen: bool,
             repr: bool) -> dict[str, Any]:
    compared = _key([f.name for f in fields if f.compare])
    shown = [f.name for f in fields if f.repr]
    names = frozenset(f.name for f in fields)
    made: dict[str, Any] = {}

    if repr:
        def __repr__(self: object) -> str:
            inner = ", ".join(f"{n}={getattr(self, n)!r}" for n in shown)
            return f"{type(self).__qualname__}({inner})"
        made["__repr__"] = __repr__
    if eq:
        made["__eq__"] = _compiled(cls, "__eq__", [f.name for f in fields if f.compare])
    if order:
        def comparison(op: Callable[[Any, Any], Any]) -> Callable[[object, object], object]:
            def compare(self: object, other: object) -> object:
                if other.__class__ is self.__class__:
                    return bool(op(compared(self), compared(other)))
                return NotImplemented
            return compare
        for name in ("lt", "le", "gt", "ge"):
            made[f"__{name}__"] = comparison(getattr(operator, name))
    if frozen:
        def __setattr__(self: object, name: str, value: object) -> None:
            if type(self) is cls or name in names:
                from dataclasses import FrozenInstanceError

                raise FrozenInstanceError(f"cannot assign to field {name!r}")
            object.__setattr__(self, name, value)

        def __delattr__(self: object, name: str) -> None:
            if type(self) is cls or name in names:
                from dataclasses import FrozenInstanceError

                raise FrozenInstanceError(f"cannot delete field {name!r}")
            object.__delattr__(self, name)
        made.update(__setattr__=__setattr__, __delattr__=__delattr__)
    own_hash = cls.__dict__.get("__hash__", MISSING)
    explicit_hash = not (own_hash is MISSING or (own_hash is None and "__eq__" in cls.__dict__))
    if eq and not explicit_hash:            # as dataclasses: frozen and equal is hashable
        made["__hash__"] = (_compiled(cls, "__hash__", [
            f.name for f in fields if (f.compare if f.hash is None else f.hash)])
            if frozen else None)
    return made


@overload
def dataclass(cls: T, /) -> T: ...
@overload
def dataclass(*, frozen: bool = False, order: bool = False,  # noqa: F811 (an overload)
              eq: bool = True, repr: bool = True) -> Callable[[T], T]: ...


@dataclass_transform(field_specifiers=(field, Field))
def dataclass(cls: T | None = None, /, *,  # noqa: F811 (the overloads' implementation)
              frozen: bool = False, order: bool = False, eq: bool = True,
              repr: bool = True) -> T | Callable[[T], T]:
    """Make ``cls`` a dataclass, as ``dataclasses.dataclass`` with these settings does."""
    if order and not eq:
        raise ValueError("eq must be true if order is true")

    def make(cls: T) -> T:
        fields = _collect(cls)
        marks = {_FIELDS: fields, "__dataclass_fields__": _StandardFields(),
                 "__light_params__": {"frozen": frozen, "order": order, "eq": eq, "repr": repr},
                 "__match_args__": tuple(f.name for f in fields if f.init)}
        for name, value in marks.items():
            setattr(cls, name, value)
        methods = {"__init__": lazy_init(cls, fields),
                   **_methods(cls, fields, eq=eq, order=order, frozen=frozen, repr=repr)}
        for name, method in methods.items():
            if name in cls.__dict__ and name != "__hash__":
                if order and name in ("__lt__", "__le__", "__gt__", "__ge__"):
                    raise TypeError(f"cannot overwrite attribute {name} in class "
                                    f"{cls.__name__}; consider using functools.total_ordering")
                if frozen and name in ("__setattr__", "__delattr__"):
                    raise TypeError(f"cannot overwrite attribute {name} in class {cls.__name__}")
                continue
            if method is not None and hasattr(method, "__qualname__"):
                method.__qualname__ = f"{cls.__qualname__}.{name}"
            setattr(cls, name, method)
        return cls

    return make if cls is None else make(cls)


def is_light(cls: type) -> bool:
    """Whether ``cls`` was made by :func:`dataclass` of this module."""
    return bool(_FIELDS in cls.__dict__)


def asdict(obj: object) -> dict[str, Any]:
    """``dataclasses.asdict`` of an instance of a class made here, without importing
    dataclasses (fields in order, made recursively of the same kinds of values)."""
    data = _as_data(obj)
    if not isinstance(data, dict):
        raise TypeError("asdict() should be called on dataclass instances")
    return data


def _as_data(value: Any) -> Any:
    kind = type(value)
    made = next((c for c in kind.__mro__ if _FIELDS in c.__dict__), None)
    if made is not None:
        return {f.name: _as_data(getattr(value, f.name)) for f in made.__dict__[_FIELDS]}
    if hasattr(kind, "__dataclass_fields__"):               # the standard library's own
        import dataclasses

        return dataclasses.asdict(value)
    if isinstance(value, tuple) and hasattr(value, "_fields"):         # a named tuple
        return kind(*[_as_data(v) for v in value])
    if isinstance(value, (list, tuple)):
        return kind(_as_data(v) for v in value)
    if isinstance(value, dict):
        return kind((_as_data(k), _as_data(v)) for k, v in value.items())
    if kind in (str, int, float, bool, type(None)):
        return value
    import copy

    return copy.deepcopy(value)
