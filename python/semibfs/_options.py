"""Keyword arguments for the extension: typed values where a call takes them (generate, build,
add_edges, searches, pagerank, components: the library's session options), command-line words
for run_graph500, which still parses `semibfs run`'s table."""

import operator
import os

from . import _core


def option_words(**options):
    """``dram_budget="1GiB"`` -> ``["--dram-budget", "1GiB"]``; True is a bare flag, None and False are left out."""
    words = []
    for name, value in options.items():
        if value is None or value is False:
            continue
        flag = "--" + name.replace("_", "-")
        if value is True:
            words.append(flag)
        else:
            words += [flag, os.fspath(value) if isinstance(value, os.PathLike) else str(value)]
    return words


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
