"""Small value classes without the start-up cost of :mod:`dataclasses`.

Importing :mod:`dataclasses` loads :mod:`inspect` and with it ``ast``, ``dis`` and
``tokenize`` (over ten milliseconds), and creating a dataclass compiles its ``__init__``,
``__repr__``, ``__eq__`` (and, frozen, its ``__setattr__``, ``__delattr__`` and ``__hash__``)
from generated source: about a millisecond per class, paid by every start of the command line
for every class it imports. The classes the command line needs derive from :class:`Frozen` or
:class:`Mutable` instead and write their ``__init__`` by hand: the fields are their
``__slots__``, in order; equality, hash, repr and the error on assignment are those a
dataclass would have, and :meth:`replace` copies a value as :func:`dataclasses.replace` does
(docs/decisions.md D71, D76).
"""

from __future__ import annotations

from collections.abc import Callable
from operator import attrgetter

TYPE_CHECKING = False
if TYPE_CHECKING:  # type annotations only
    from typing import Any, Self

__all__ = ["Frozen", "Mutable", "frozen_error"]


def _no_fields(_: object) -> tuple[object, ...]:
    return ()


def frozen_error(message: str) -> AttributeError:
    """The error a frozen dataclass raises on assignment (:class:`dataclasses.FrozenInstanceError`,
    an AttributeError), with :mod:`dataclasses` imported only when one is raised."""
    from dataclasses import FrozenInstanceError

    return FrozenInstanceError(message)


class _Fields:
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


class Mutable(_Fields):
    """A mutable value: fields assigned freely; compared by value, therefore not hashable."""

    __slots__ = ()

    __hash__ = None  # type: ignore[assignment]
