"""Keyword arguments as the command line's options, so that one option table parses both."""

import os


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
