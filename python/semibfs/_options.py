"""Keyword arguments for the extension: typed values, as the library's session options take them
(generate, build, add_edges, searches, the analytics; run_graph500 checks its own in the extension)."""

import operator

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
