"""What a search hands back."""

from dataclasses import dataclass
from typing import Optional

import numpy as np


@dataclass(frozen=True)
class BfsResult:
    """One breadth-first search, indexed by the file's vertex ids.

    ``parents[v]`` is the parent of ``v`` in the search tree (the root is its own parent) and
    ``levels[v]`` its distance from the root; both are ``-1`` for vertices the search did not
    reach and for ids the file never names.
    """

    parents: np.ndarray
    levels: Optional[np.ndarray]  # None when the search was asked for none
    root: int
    seconds: float  # the engine's search alone, as ``semibfs bfs`` times it
    reached: int
    num_levels: Optional[int]
    validated: bool
    nedge: Optional[int] = None  # the Graph500 TEPS edge count, when validated

    @property
    def teps(self) -> Optional[float]:
        """Traversed edges per second, as Graph500 counts them (only for validated searches)."""
        return None if self.nedge is None else self.nedge / self.seconds


@dataclass(frozen=True)
class SsspResult:
    """Shortest paths from one root, indexed by the file's vertex ids.

    ``distances[v]`` is the length of a shortest path from the root to ``v`` (summed in float32,
    as the search and the Graph500 validation sum them), ``inf`` for vertices it did not reach and
    for ids the file never names; ``parents[v]`` is ``v``'s predecessor on such a path (the root is
    its own parent), ``-1`` where the distance is ``inf``.
    """

    distances: np.ndarray
    parents: np.ndarray
    root: int
    seconds: float  # the timed search alone, after an untimed warm-up, as ``semibfs sssp`` times it
    reached: int
    delta: float  # the bucket width of delta-stepping the search ran with
    validated: bool
    bytes_read: int  # of lists' tails and their weights read from the store (under a budget)
    nedge: Optional[int] = None  # the Graph500 TEPS edge count, when validated

    @property
    def teps(self) -> Optional[float]:
        """Traversed edges per second, as Graph500 counts them (only for validated searches)."""
        return None if self.nedge is None else self.nedge / self.seconds
