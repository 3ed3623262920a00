"""Keyword arguments for the extension: typed values, as the library's session options take them
(generate, build, add_edges, searches, the analytics; run_graph500 checks its own in the extension)."""

import operator

import numpy as np

from . import _core


def whole_number(option, value, *, unsigned=False):
    """``value`` as an int for ``option`` (None stays None): within int64, or 0 to 2^64 - 1 when
    ``unsigned`` (a seed); anything else raises the command line's UsageError."""
    if value is None:
        return None
    low, high, words = (0, 1 << 64, " from 0 to 2^64 - 1") if unsigned else (-(1 << 63), 1 << 63, "")
    try:
        if isinstance(value, bool):
            raise TypeError
        number = int(value, 10) if isinstance(value, str) else operator.index(value)
    except (TypeError, ValueError):
        number = None
    if number is None or not low <= number < high:
        raise _core.UsageError(f"{option}: must be an integer{words}, got '{value}'")
    return number


def as_text(value):
    """A value the library parses as the command line does (a byte size such as ``"1GiB"``, a policy's
    name); None stays None."""
    return None if value is None else str(value)


def vertex_id(value):
    """``value`` as a file id, an integer from 0 to 2^64 - 1: TypeError for what is not an integer
    (a float, a str, a bool), ValueError below 0, OverflowError above; one line each."""
    if isinstance(value, (bool, np.bool_)) or not hasattr(type(value), "__index__"):
        raise TypeError(f"root must be an integer vertex id, not {type(value).__name__} {value!r}")
    number = operator.index(value)
    if number < 0:
        raise ValueError(f"root must be a vertex id from 0 to 2^64 - 1, got {number}")
    if number >= 1 << 64:
        raise OverflowError(f"root {number} is beyond the largest vertex id, 2^64 - 1")
    return number


def flag(name, value):
    """``value`` as a bool for the keyword ``name``: only True or False (numpy's too), else a TypeError."""
    if not isinstance(value, (bool, np.bool_)):
        raise TypeError(f"{name} must be True or False, not {type(value).__name__} {value!r}")
    return bool(value)
