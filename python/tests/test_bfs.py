"""store.bfs against scipy's breadth-first distances: generated, Matrix Market and in-memory graphs,
in DRAM and under a DRAM budget."""

import re

import numpy as np
import pytest
import scipy.io
import scipy.sparse as sp

import semibfs
from conftest import adjacency, check_search


def roots_with_edges(matrix, count, seed=1):
    rng = np.random.default_rng(seed)
    candidates = np.flatnonzero(np.diff(matrix.indptr) > 0)
    return rng.choice(candidates, size=min(count, len(candidates)), replace=False)


def test_kronecker_levels_and_parents_equal_scipy(kronecker):
    store, matrix, _ = kronecker
    for root in roots_with_edges(matrix, 4):
        result = store.bfs(int(root))
        assert result.parents.dtype == np.int64 and result.levels.dtype == np.int64
        check_search(result, matrix, int(root))


def test_results_kept_alive_stay_intact(kronecker):
    """Arrays numpy frees are reused by later searches, never those still referenced."""
    store, matrix, _ = kronecker
    roots = [int(root) for root in roots_with_edges(matrix, 6, seed=3)]
    first = store.bfs(roots[0])
    kept = first.parents.copy(), first.levels.copy()
    others = [store.bfs(root) for root in roots[1:]]
    assert np.array_equal(first.parents, kept[0]) and np.array_equal(first.levels, kept[1])
    del others
    for root in roots[1:3]:
        check_search(store.bfs(root), matrix, root)
    check_search(first, matrix, roots[0])


def test_description_without_a_search_state(kronecker):
    _, _, directory = kronecker
    pairs = np.fromfile(directory / "s12.int64", dtype="<i8").reshape(-1, 2)
    store = semibfs.open(directory / "store")
    assert (store.num_vertices, store.num_edges, store.directed) == (int(pairs.max()) + 1, len(pairs), False)
    assert store._search is None, "reading the description allocated the search state"


def test_parents_alone(kronecker):
    store, matrix, _ = kronecker
    root = int(roots_with_edges(matrix, 1)[0])
    alone, both = store.bfs(root, levels=False), store.bfs(root)
    assert alone.levels is None and alone.num_levels is None
    assert np.array_equal(alone.parents >= 0, both.parents >= 0) and alone.reached == both.reached


def test_validated_search_counts_its_edges(kronecker):
    store, matrix, _ = kronecker
    root = int(roots_with_edges(matrix, 1)[0])
    result = store.bfs(root, validate=True)
    assert result.validated and result.nedge > 0 and result.teps > 0
    check_search(result, matrix, root)


def smallest_budget(directory, **options):
    """The minimum a store states when asked for a budget far below it."""
    with pytest.raises(semibfs.Error) as refused:
        semibfs.open(directory, dram_budget="1MiB", **options).bfs(0)
    stated = re.search(r"below the minimum of [^(]*\((\d+) bytes\)", str(refused.value))
    assert stated, str(refused.value)
    return stated.group(1)


def test_under_a_budget_with_lists_on_disk(kronecker):
    """The minimum the store states, with room for the interpreter's growth; one entry of each list
    in DRAM, the rest read from the store."""
    store, matrix, directory = kronecker
    budget = int(smallest_budget(store.directory, threads=2)) + (16 << 20)
    budgeted = semibfs.open(store.directory, dram_budget=budget, threads=2, head_entries=1)
    log = budgeted._searcher().log
    assert log.startswith("placement: DRAM budget"), log
    assert re.search(r"backward lists, remaining entries +0 B +[1-9]", log), log  # read from disk
    for root in roots_with_edges(matrix, 2, seed=7):
        check_search(budgeted.bfs(int(root), validate=True), matrix, int(root))


@pytest.mark.parametrize("directed", [False, True])
def test_matrix_market_graph_in_its_row_numbers(tmp_path, directed):
    rng = np.random.default_rng(3 + directed)
    n, m = 300, 700
    rows, cols = rng.integers(0, n, m), rng.integers(0, n, m)
    matrix = sp.coo_matrix((np.ones(m), (rows, cols)), shape=(n, n))
    path = tmp_path / "graph.mtx"
    scipy.io.mmwrite(str(path), matrix, symmetry="general")
    store = semibfs.build(path, tmp_path / "store", directed=directed)
    reference = adjacency(rows, cols, n, directed)
    for root in roots_with_edges(reference, 3):
        check_search(store.bfs(int(root) + 1, validate=True), reference, int(root) + 1, offset=1)


def test_from_edges_in_memory_arrays_with_isolated_ids(tmp_path):
    rng = np.random.default_rng(11)
    n = 500
    sources, targets = rng.integers(0, n - 20, 1500), rng.integers(0, n - 20, 1500)
    with semibfs.from_edges(sources, targets, num_vertices=n) as store:
        assert store.num_vertices <= n
        reference = adjacency(sources, targets, n, directed=False)
        for root in roots_with_edges(reference, 3):
            result = store.bfs(int(root))
            assert len(result.levels) == n
            check_search(result, reference, int(root))
        directory = store.directory
    assert not (tmp_path / directory).exists()


def test_sparse_file_ids_index_the_arrays(tmp_path):
    path = tmp_path / "sparse.txt"
    path.write_text("# SNAP\n10 1000\n1000 5000\n7 8\n")
    store = semibfs.build(path, tmp_path / "store")
    result = store.bfs(10)
    assert len(result.parents) == 5001
    assert result.levels[[10, 1000, 5000, 7, 8]].tolist() == [0, 1, 2, -1, -1]
    assert result.parents[[10, 1000, 5000]].tolist() == [10, 10, 1000]
    assert np.count_nonzero(result.levels >= 0) == 3


def test_broken_search_is_caught_by_the_checker(kronecker):
    """The checker fails on a corrupted result: it can fail."""
    store, matrix, _ = kronecker
    root = int(roots_with_edges(matrix, 1)[0])
    result = store.bfs(root)
    corrupted = result.levels.copy()
    corrupted[np.flatnonzero(corrupted == 2)[0]] = 3
    with pytest.raises(AssertionError):
        check_search(semibfs.BfsResult(**{**result.__dict__, "levels": corrupted}), matrix, root)
