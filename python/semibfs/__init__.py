"""semibfs from Python: Graph500 runs, stores on disk, BFS, shortest paths, PageRank and components.

>>> import semibfs
>>> g = semibfs.generate(16, "/tmp/s16")          # the Graph500 Kronecker graph as a store
>>> r = g.bfs(0)                                  # numpy parents and levels, -1 for unreached
>>> w = semibfs.build("roads.mtx", "/tmp/roads")  # a weighted file (Matrix Market real values)
>>> d = w.sssp(1).distances                       # shortest paths, inf for unreached

Errors raise ``semibfs.Error`` (a bad argument: ``semibfs.UsageError``) with the command line's
one-line message.
"""

from ._core import Error, UsageError
from .graph500 import run_graph500
from .result import BfsResult, SsspResult
from .store import Store, build, from_edges, generate, open

__all__ = ["BfsResult", "Error", "SsspResult", "Store", "UsageError", "build", "from_edges", "generate", "open", "run_graph500"]
__version__ = "0.1.0"
