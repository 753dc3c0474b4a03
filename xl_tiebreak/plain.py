"""Small value classes without the start-up cost of :mod:`dataclasses`.

Creating a dataclass compiles its ``__init__``, ``__repr__``, ``__eq__`` (and, frozen, its
``__setattr__``, ``__delattr__`` and ``__hash__``) from generated source: about a millisecond
per class, paid by every start of the command line for every class it imports. The classes the
command line needs besides the data model (whose dataclasses the tests and the readers copy
with :func:`dataclasses.replace`) derive from :class:`Frozen` or :class:`Mutable` instead and
write their ``__init__`` by hand: the fields are their ``__slots__``, in order; equality, hash,
repr and the error on assignment are those a dataclass would have (docs/decisions.md D71).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import FrozenInstanceError
from operator import attrgetter

__all__ = ["Frozen", "Mutable"]


def _no_fields(_: object) -> tuple[object, ...]:
    return ()


class _Fields:
    """Equality and repr over the ``__slots__`` of a class, in order (as a dataclass has them
    over its fields)."""

    __slots__ = ()
    _fields: Callable[[object], tuple[object, ...]] = _no_fields
    """The field values of an instance as a tuple (an :func:`operator.attrgetter`)."""

    def __init_subclass__(cls) -> None:
        super().__init_subclass__()
        names: tuple[str, ...] = cls.__slots__
        if len(names) == 1:
            one = attrgetter(names[0])
            cls._fields = staticmethod(lambda obj: (one(obj),))
        elif names:
            cls._fields = staticmethod(attrgetter(*names))

    def _names(self) -> tuple[str, ...]:
        names: tuple[str, ...] = self.__slots__
        return names

    def _values(self) -> tuple[object, ...]:
        return self._fields(self)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _Fields)
        return self._values() == other._values()

    def __repr__(self) -> str:
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self._names())
        return f"{type(self).__qualname__}({shown})"


class Frozen(_Fields):
    """An immutable value: ``__init__`` sets each field once with :func:`object.__setattr__`;
    any later assignment raises :class:`dataclasses.FrozenInstanceError` (an AttributeError),
    as for a frozen dataclass. Hashable (by value) when its fields are."""

    __slots__ = ()

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __hash__(self) -> int:
        return hash(self._values())


class Mutable(_Fields):
    """A mutable value: fields assigned freely; compared by value, therefore not hashable."""

    __slots__ = ()

    __hash__ = None  # type: ignore[assignment]
