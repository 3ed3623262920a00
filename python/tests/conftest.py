"""Graphs the tests share, and an independent reference: scipy's breadth-first distances."""

import numpy as np
import pytest
import scipy.sparse as sp
from scipy.sparse.csgraph import shortest_path

import semibfs


KRONECKER_SCALE = 12


@pytest.fixture(scope="session")
def kronecker(tmp_path_factory):
    """The Graph500 graph of SCALE 12: its edge file, a store built from it, its scipy matrix."""
    directory = tmp_path_factory.mktemp("kronecker")
    edges = directory / "s12.int64"
    semibfs._core.generate(KRONECKER_SCALE, str(edges), threads=2)
    pairs = np.fromfile(edges, dtype="<i8").reshape(-1, 2)
    store = semibfs.build(edges, directory / "store", format="g500-int64", threads=2)
    matrix = adjacency(pairs[:, 0], pairs[:, 1], 1 << KRONECKER_SCALE, directed=False)
    return store, matrix, directory


def adjacency(sources, targets, n, directed):
    """The 0/1 matrix of the edges (both ways unless directed), self-loops and repeats folded."""
    matrix = sp.coo_matrix((np.ones(len(sources)), (sources, targets)), shape=(n, n)).tocsr()
    if not directed:
        matrix = matrix + matrix.T
    matrix.data[:] = 1
    return matrix


def reference_levels(matrix, root):
    """Breadth-first distances by scipy (-1 for unreached), sharing no code with semibfs."""
    distance = shortest_path(matrix, directed=True, unweighted=True, indices=root)
    return np.where(np.isinf(distance), -1, distance).astype(np.int64)


def check_search(result, matrix, root, offset=0):
    """Levels equal scipy's; every parent one level up and joined to its child by an edge.

    ``offset``: the file's first id (1 for Matrix Market, whose row r is scipy's r - 1).
    """
    n = matrix.shape[0]
    # Arrays end at the largest id the file names; the reference's higher ids are isolated.
    assert len(result.levels) == len(result.parents) <= n + offset
    levels = np.pad(result.levels, (0, n + offset - len(result.levels)), constant_values=-1)[offset:]
    parents = np.pad(result.parents, (0, n + offset - len(result.parents)), constant_values=-1)[offset:]
    assert np.array_equal(levels, reference_levels(matrix, root - offset))
    assert np.all(result.levels[:offset] == -1) and np.all(result.parents[:offset] == -1)
    assert np.all((result.levels >= 0) == (result.parents >= 0))
    reached = np.flatnonzero(levels >= 0)
    assert parents[root - offset] == root
    children = reached[reached != root - offset]
    up = parents[children] - offset
    assert np.all(levels[up] == levels[children] - 1)
    assert np.all(np.asarray(matrix[up, children]).ravel() == 1)
    assert np.all(parents[levels < 0] == -1)
    assert result.reached == len(reached)
    assert result.num_levels == levels.max() + 1
