"""Keyword arguments for the extension: typed values where a call takes them (build, searches,
pagerank, components: the library's session options), command-line words where it still parses a
command's table (generate, add_edges, run_graph500)."""

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


def whole_number(option, value):
    """``value`` as an int for ``option`` (None stays None); a bad one raises the command line's UsageError."""
    if value is None:
        return None
    try:
        number = int(value, 10) if isinstance(value, str) else operator.index(value)
    except (TypeError, ValueError):
        raise _core.UsageError(f"{option}: must be an integer, got '{value}'") from None
    if isinstance(value, bool) or not -(1 << 63) <= number < 1 << 63:
        raise _core.UsageError(f"{option}: must be an integer, got '{value}'")
    return number


def as_text(value):
    """A value the library parses as the command line does (a byte size such as ``"1GiB"``, a policy's
    name); None stays None."""
    return None if value is None else str(value)
