"""The Graph500 benchmark as a function."""

import json

from . import _core
from ._options import whole_number


def run_graph500(scale: int, *, progress: bool = False, **options) -> dict:
    """Runs Graph500 at ``scale`` in this process, as ``semibfs run`` does, and returns its JSON report.

    ``options`` are ``semibfs run``'s, spelled as keywords with typed values (``edgefactor=16``,
    ``roots=64``, ``threads=2``, ``store="/data/s24"``, ``dram_budget="1GiB"``, ``reuse=True``,
    ``compress=True``, ``policy="beamer"``, ...); None leaves an option out. An unknown keyword or a
    bad value raises ``semibfs.UsageError`` naming the option. Every search is validated; a failure
    raises ``semibfs.Error``. The official output block is in the report's ``"official_output"``.
    Progress and one line per root go to stderr when ``progress`` is true.
    """
    text, official = _core.run_graph500(whole_number("--scale", scale), progress=bool(progress), **options)
    report = json.loads(text)
    report["official_output"] = official
    return report
