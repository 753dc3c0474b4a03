"""Small value classes without the start-up cost of :mod:`dataclasses`.

Importing :mod:`dataclasses` loads :mod:`inspect` and with it ``ast``, ``dis`` and
``tokenize`` (over ten milliseconds), and creating a dataclass compiles its ``__init__``,
``__repr__``, ``__eq__`` (and, frozen, its ``__setattr__``, ``__delattr__`` and ``__hash__``)
from generated source: about a millisecond per class, paid by every start of the command line
for every class it imports. Every value class of the package derives from :class:`Frozen` or
:class:`Mutable` instead, in one of two forms:

* **declared**, as a dataclass is: fields are class annotations, in order, with defaults
  (``roster: list[int] = field(default_factory=list)``; ``field(compare=False)`` leaves a
  field out of equality and hash); ``__slots__`` and ``__init__`` are made when the class is
  created (one small function compiled, no :mod:`dataclasses` import), and a ``__post_init__``
  is called as a dataclass calls it. The type checker sees a dataclass
  (:func:`typing.dataclass_transform`). ``class X(Mutable, eq=False)`` compares by identity.
* **written by hand**, for the classes on the command line's start-up path: the class states
  its ``__slots__`` and writes its ``__init__`` (no compiling at all).

Either way equality, hash, repr and the error on assignment are those a dataclass would have,
and :meth:`replace` copies a value as :func:`dataclasses.replace` does (docs/engineering.md D71,
D76).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:  # type annotations only
    from typing import Any, Self, dataclass_transform
else:
    def dataclass_transform(**_: object) -> Callable[[type], type]:
        """At run time: nothing (the type checker reads :func:`typing.dataclass_transform`)."""
        return lambda cls: cls

__all__ = ["Frozen", "Mutable", "field", "frozen_error"]

_MISSING = object()
"""No default given."""


class Field:
    """What :func:`field` declares about a field: its default or default factory, and whether
    it takes part in equality and hash."""

    __slots__ = ("default", "default_factory", "compare")

    def __init__(self, default: object, default_factory: Callable[[], object] | None,
                 compare: bool) -> None:
        self.default = default
        self.default_factory = default_factory
        self.compare = compare


def field(*, default: Any = _MISSING, default_factory: Callable[[], Any] | None = None,
          compare: bool = True) -> Any:
    """A declared field's default (``default=``, or ``default_factory=`` called for every new
    value) and ``compare=False`` to leave it out of equality and hash (a place in the input)."""
    return Field(default, default_factory, compare)


def _declared_fields(namespace: dict[str, Any]) -> list[tuple[str, Field]]:
    """The fields a class body declares (its annotations, ``ClassVar`` ones left out), each with
    its :class:`Field`; their defaults are taken out of the namespace (slots cannot have class
    attributes of the same name)."""
    out = []
    for name, annotation in namespace.get("__annotations__", {}).items():
        if "ClassVar" in str(annotation):
            continue
        value = namespace.pop(name, _MISSING)
        out.append((name, value if isinstance(value, Field) else Field(value, None, True)))
    return out


def _make_init(fields: list[tuple[str, Field]], frozen: bool, post_init: bool) -> Any:
    """An ``__init__`` that takes the fields in order (defaults as declared) and sets them."""
    scope: dict[str, object] = {"_MISSING": _MISSING, "_set": object.__setattr__}
    params, body = [], []
    for name, spec in fields:
        if spec.default_factory is not None:
            scope[f"_f_{name}"] = spec.default_factory
            params.append(f"{name}=_MISSING")
            body.append(f"    if {name} is _MISSING: {name} = _f_{name}()")
        elif spec.default is not _MISSING:
            scope[f"_d_{name}"] = spec.default
            params.append(f"{name}=_d_{name}")
        else:
            if any(p.endswith("_MISSING") or "=" in p for p in params):
                raise TypeError(f"field {name!r} without a default follows one with a default")
            params.append(name)
        body.append(f"    _set(self, {name!r}, {name})" if frozen else
                    f"    self.{name} = {name}")
    if post_init:
        body.append("    self.__post_init__()")
    source = f"def __init__(self, {', '.join(params)}):\n" + ("\n".join(body) or "    pass")
    exec(source, scope)  # noqa: S102 - the source is made here from field names only
    return scope["__init__"]


class _Declared(type):
    """Makes ``__slots__`` and ``__init__`` of a declared value class (see the module's text);
    a class that states its own ``__slots__`` is left as written."""

    def __new__(mcs, name: str, bases: tuple[type, ...], namespace: dict[str, Any],
                eq: bool = True, **kwargs: Any) -> _Declared:
        if "__slots__" in namespace or not bases:
            return super().__new__(mcs, name, bases, namespace, **kwargs)
        fields = _declared_fields(namespace)
        namespace["__slots__"] = tuple(n for n, _ in fields)
        uncompared = tuple(n for n, spec in fields if not spec.compare)
        if uncompared:
            namespace["_uncompared"] = uncompared
        if not eq:
            namespace["__eq__"] = object.__eq__
            namespace["__hash__"] = object.__hash__
        if "__init__" not in namespace:
            frozen = any(issubclass(b, Frozen) for b in bases)
            namespace["__init__"] = _make_init(fields, frozen, "__post_init__" in namespace)
        return super().__new__(mcs, name, bases, namespace, **kwargs)


def _no_fields(_: object) -> tuple[object, ...]:
    return ()


def frozen_error(message: str) -> AttributeError:
    """The error a frozen dataclass raises on assignment (:class:`dataclasses.FrozenInstanceError`,
    an AttributeError), with :mod:`dataclasses` imported only when one is raised."""
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(message)


class _Fields(metaclass=_Declared):
    """Equality and repr over the ``__slots__`` of a class, in order (as a dataclass has them
    over its fields); the names in ``_uncompared`` take no part in equality or hash (a
    dataclass field with ``compare=False``)."""

    __slots__ = ()
    _uncompared: tuple[str, ...] = ()
    """Fields left out of equality and hash (a place in the input, the text as written)."""
    _fields: Callable[[object], tuple[object, ...]] = _no_fields
    """The compared field values of an instance as a tuple (an :func:`operator.attrgetter`)."""

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        names = tuple(n for n in cls._names_of() if n not in cls._uncompared)
        if len(names) == 1:
            one = attrgetter(names[0])
            cls._fields = staticmethod(lambda obj: (one(obj),))
        elif names:
            cls._fields = staticmethod(attrgetter(*names))
        else:
            cls._fields = staticmethod(_no_fields)

    @classmethod
    def _names_of(cls) -> tuple[str, ...]:
        names: tuple[str, ...] = cls.__slots__
        return names

    def _values(self) -> tuple[object, ...]:
        return self._fields(self)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _Fields)
        return self._values() == other._values()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._names_of())
        return f"{type(self).__qualname__}({shown})"

    def replace(self, **changes: Any) -> Self:
        """A copy with some fields changed, made by the class' own ``__init__`` (as
        :func:`dataclasses.replace`); an unknown field name raises TypeError."""
        names = self._names_of()
        unknown = set(changes).difference(names)
        if unknown:
            raise TypeError(f"{type(self).__qualname__} has no field "
                            f"{', '.join(sorted(unknown))}")
        values = {name: getattr(self, name) for name in names}
        values.update(changes)
        make: Any = type(self)
        copy: Self = make(**values)
        return copy


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
class Frozen(_Fields):
    """An immutable value: ``__init__`` sets each field once with :func:`object.__setattr__`;
    any later assignment raises :class:`dataclasses.FrozenInstanceError` (an AttributeError),
    as for a frozen dataclass. Hashable (by value) when its fields are."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise frozen_error(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise frozen_error(f"cannot delete field {name!r}")

    def __hash__(self) -> int:
        return hash(self._values())

    def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
        # pickle and copy.deepcopy rebuild the value through __init__ (restoring the fields
        # one by one would meet the error on assignment)
        return _rebuild, (type(self), {name: getattr(self, name) for name in self._names_of()})


def _rebuild(cls: Callable[..., object], fields: dict[str, object]) -> object:
    """A frozen value made again from its fields (by :meth:`Frozen.__reduce__`)."""
    return cls(**fields)


@dataclass_transform(field_specifiers=(field,))
class Mutable(_Fields):
    """A mutable value: fields assigned freely; compared by value, therefore not hashable."""

    __slots__ = ()

    __hash__ = None  # type: ignore[assignment]
