"""PageRank against an independent power iteration in numpy, components against scipy."""

import re

import numpy as np
import pytest
from scipy.sparse.csgraph import connected_components

import semibfs
from conftest import adjacency


def power_iteration(matrix, damping, iterations, tolerance):
    """Pull PageRank: score' = (1-d)/n + d (A^T (score / out-degree) + dangling score / n)."""
    n = matrix.shape[0]
    out_degree = np.asarray(matrix.sum(axis=1)).ravel()
    score = np.full(n, 1.0 / n)
    for _ in range(iterations):
        share = np.divide(score, out_degree, out=np.zeros(n), where=out_degree > 0)
        new = (1 - damping) / n + damping * (matrix.T @ share + score[out_degree == 0].sum() / n)
        change = np.abs(new - score).sum()
        score = new
        if change < tolerance:
            break
    return score


@pytest.mark.parametrize("directed", [False, True])
def test_pagerank_and_components(tmp_path, directed):
    rng = np.random.default_rng(5 + directed)
    n = 400
    sources, targets = rng.integers(0, n, 1200), rng.integers(0, n, 1200)
    keep = sources != targets  # stores drop self-loops
    sources, targets = sources[keep], targets[keep]
    ring = np.arange(n)  # every id names an edge, so that PageRank's n is the same on both sides
    sources, targets = np.concatenate([sources, ring]), np.concatenate([targets, (ring + 1) % n])
    matrix = adjacency(sources, targets, n, directed)
    store = semibfs.from_edges(sources, targets, num_vertices=n, directed=directed)
    scores = store.pagerank(iterations=200, tolerance=1e-12)
    assert np.abs(scores - power_iteration(matrix, 0.85, 200, 1e-12)).sum() < 1e-9
    labels = store.connected_components()
    count, reference = connected_components(matrix, directed=directed, connection="weak")
    assert len(np.unique(labels)) == count
    # Equal up to renaming: the pairs (ours, scipy's) are one to one.
    assert len(set(zip(labels.tolist(), reference.tolist()))) == count
    assert all(labels[v] <= v for v in range(n))  # named by the smallest id


def test_analytics_under_a_budget_equal_those_in_dram(kronecker):
    store, _, _ = kronecker
    budgeted = semibfs.open(store.directory, dram_budget="1GiB", threads=2)
    assert np.abs(budgeted.pagerank() - store.pagerank()).sum() < 1e-12
    assert np.array_equal(budgeted.connected_components(), store.connected_components())


def test_teenage_followers_equal_the_command_lines(kronecker):
    """``semibfs at --store STORE --older-than 30 --seed 4`` on the same SCALE 12 store printed these
    (and ``semibfs at --store STORE``, older than 20 with seed 1, counted 3466 vertices)."""
    store, _, _ = kronecker
    found = store.teenage_followers(older_than=30, seed=4)
    assert (found["counted_vertices"], found["teenage_followers"]) == (2876, 6425)
    assert found["average"] == pytest.approx(2.234006, abs=1e-6)
    assert found["age_seed"] == 4
    assert store.teenage_followers()["counted_vertices"] == 3466


def test_teenage_followers_from_an_ages_file_equal_those_counted_in_numpy(kronecker, tmp_path):
    store, matrix, _ = kronecker
    matrix = matrix.tolil()
    matrix.setdiag(0)  # stores drop self-loops
    matrix = matrix.tocsr()
    matrix.eliminate_zeros()
    named = np.flatnonzero(np.diff(matrix.indptr) > 0)  # vertices of the store, surely
    ages = np.random.default_rng(3).integers(10, 80, matrix.shape[0])
    path = tmp_path / "ages.txt"
    path.write_text("".join(f"{v} {ages[v]}\n" for v in named))
    has_age = np.zeros(matrix.shape[0], dtype=bool)
    has_age[named] = True
    older = has_age & (ages > 25)
    teenage = has_age & (ages >= 13) & (ages <= 19)
    found = store.teenage_followers(older_than=25, ages=path)
    assert found["counted_vertices"] == older.sum()
    assert found["teenage_followers"] == int(matrix[older][:, teenage].sum())
    assert found["ages_file"] == str(path)
    with pytest.raises(semibfs.UsageError, match="give either --seed or --ages"):
        store.teenage_followers(seed=2, ages=path)


def stated_minimum(call):
    """The minimum a refused call states, in bytes."""
    with pytest.raises(semibfs.Error) as refused:
        call()
    stated = re.search(r"below the minimum of [^(]*\((\d+) bytes\)", str(refused.value))
    assert stated, str(refused.value)
    return int(stated.group(1))


def test_analytics_count_their_values_by_file_id(tmp_path):
    """Issue 42, case 13: the values come back in an array indexed by file id (8 bytes an id), which
    the minimum counts: two edges whose ids reach 5,000,000 state 40 MB more than the same two edges
    with ids to 2 (before, the same minimum, and 64 MiB ran at 410 MB with ids to 50,000,000); the
    minimum stated then runs."""
    stores = {}
    for reach in (2, 5_000_000):
        path = tmp_path / f"to-{reach}.el"
        path.write_text(f"0 1\n1 {reach}\n")
        stores[reach] = semibfs.build(path, tmp_path / f"store-{reach}").directory
    for name in ("pagerank", "connected_components"):
        minimum = {reach: stated_minimum(getattr(semibfs.open(directory, dram_budget="1MiB", threads=2), name))
                   for reach, directory in stores.items()}
        assert minimum[5_000_000] - minimum[2] >= 8 * 5_000_000 - (2 << 20), minimum  # the program's MiB may move
        room = minimum[5_000_000] + (16 << 20)  # the interpreter's growth
        values = getattr(semibfs.open(stores[5_000_000], dram_budget=room, threads=2), name)()
        assert len(values) == 5_000_001
        assert np.isnan(values[2]) if name == "pagerank" else values[2] == -1
        assert (values[[0, 1, 5_000_000]] >= 0).all()
