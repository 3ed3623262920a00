"""Threads sharing one Store (issue 42, case 1): four threads searching through one Store got wrong
levels in 65 of 120 searches, with no error; its searches now run one at a time and each is the
single-threaded result."""

from concurrent.futures import ThreadPoolExecutor

import numpy as np

import semibfs


def test_four_threads_sharing_one_store_get_the_single_threaded_levels(kronecker):
    store, matrix, _ = kronecker
    degrees = np.diff(matrix.indptr)
    roots = [int(root) for root in np.flatnonzero(degrees > 0)[:12]]
    alone = semibfs.open(store.directory, threads=2)
    expected = {root: alone.bfs(root) for root in roots}
    shared = semibfs.open(store.directory, threads=2)

    def search(root):
        return root, shared.bfs(root)

    with ThreadPoolExecutor(max_workers=4) as pool:
        found = list(pool.map(search, roots * 10))
    assert len(found) == 120
    wrong = [root for root, result in found
             if not np.array_equal(result.levels, expected[root].levels) or result.reached != expected[root].reached]
    assert wrong == []
