"""Where each named parameter sits in a strategy's parameter row, derived from ``PARAMS``' keys.

A strategy's parameter row is ``PARAMS``' values in key order; its hooks read ``params[INDEX]``
with module-level integer indexes, which numba folds into constants. Writing those indexes by hand
let them drift from the keys. :class:`Positions` derives them from the keys instead and checks at
import that every name asked for exists and that every key was given its index.
"""

from __future__ import annotations


class Positions:
    """The positions of a parameter row's names, checked.

    Parameters
    ----------
    params : dict of str to float
        A strategy's ``PARAMS`` (its row, in key order).
    shared : dict of str to float, optional
        Entries the row must start with, in this order, indexed by the module that defines them
        (a taming policy's row starts with the common entries of all policies).

    Examples
    --------
    >>> at = Positions({"food": 4.0, "starve": 10.0})
    >>> FOOD, STARVE = at["food"], at["starve"]
    >>> at.check_every_key()
    """

    def __init__(self, params: dict[str, float], shared: dict[str, float] | None = None) -> None:
        self._index = {name: i for i, name in enumerate(params)}
        shared = list(shared or {})
        if list(params)[: len(shared)] != shared:
            raise ImportError(f"the row does not start with {shared}")
        self._asked: set[str] = set(shared)

    def __getitem__(self, name: str) -> int:
        if name not in self._index:
            raise ImportError(f"no parameter {name!r} in the row (its names: {list(self._index)})")
        self._asked.add(name)
        return self._index[name]

    def check_every_key(self) -> None:
        """Raise ImportError if some key of the row was not given its index."""
        missing = [name for name in self._index if name not in self._asked]
        if missing:
            raise ImportError(f"parameters without an index: {missing}")


class Limit:
    """The values a parameter may take: a range (``low``, ``high``, inclusive; None: open), whole
    numbers only (``whole``), or a set (``choices``).

    A module may declare ``LIMITS``, a dict from some of its ``PARAMS`` names to a
    :class:`Limit`; a ``[param=value]`` override outside it is refused (a parameter without one
    need only be finite).

    Examples
    --------
    >>> Limit(1, 100, whole=True).fault(2.5)
    'a whole number from 1 to 100'
    >>> Limit(choices=(0, 1)).fault(1.0) is None
    True
    """

    def __init__(
        self,
        low: float | None = None,
        high: float | None = None,
        whole: bool = False,
        choices: tuple[float, ...] = (),
    ) -> None:
        self.low, self.high, self.whole, self.choices = low, high, whole, tuple(choices)

    def describe(self) -> str:
        """The allowed values in words."""
        if self.choices:
            return "one of " + ", ".join(f"{c:g}" for c in self.choices)
        kind = "a whole number" if self.whole else "a number"
        if self.low is not None and self.high is not None:
            return f"{kind} from {self.low:g} to {self.high:g}"
        if self.low is not None:
            return f"{kind} of at least {self.low:g}"
        if self.high is not None:
            return f"{kind} of at most {self.high:g}"
        return kind

    def fault(self, value: float) -> str | None:
        """None when ``value`` is allowed, else what is (:meth:`describe`)."""
        if self.choices:
            return None if value in self.choices else self.describe()
        bad = (self.whole and value != int(value)) or (
            (self.low is not None and value < self.low)
            or (self.high is not None and value > self.high)
        )
        return self.describe() if bad else None
