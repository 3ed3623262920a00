"""A store with versions from Python: store.bfs at the latest version (through the streaming
queries) equals scipy's search of all edges, version=0 the base's, validated by the five rules."""

import numpy as np
import pytest

import semibfs
from conftest import adjacency, check_search

VERTICES = 3000


def write_edges(path, pairs):
    np.savetxt(path, pairs, fmt="%d")


@pytest.fixture(scope="module")
def versioned(tmp_path_factory):
    """A random graph built from its first edges, the rest added in two versions."""
    directory = tmp_path_factory.mktemp("versions")
    rng = np.random.default_rng(7)
    pairs = rng.integers(0, VERTICES, size=(6000, 2))
    pairs = pairs[pairs[:, 0] != pairs[:, 1]]
    pairs[0] = [0, VERTICES - 1]  # the base names every id the versions use
    base, first, second = pairs[:3000], pairs[3000:4500], pairs[4500:]
    write_edges(directory / "base.el", base)
    store = semibfs.build(directory / "base.el", directory / "store", format="el", threads=2)
    for number, added in enumerate([first, second]):
        write_edges(directory / f"added{number}.el", added)
        store.add_edges(directory / f"added{number}.el", format="el")
    return store, directory, base, pairs


def named_roots(pairs, count):
    return [int(root) for root in np.unique(pairs[:, 0])[:count]]


@pytest.mark.parametrize("budget", [None, "256MiB"])
def test_the_latest_version_is_every_edge(versioned, budget):
    store, directory, _, pairs = versioned
    latest = semibfs.open(directory / "store", dram_budget=budget, threads=2)
    matrix = adjacency(pairs[:, 0], pairs[:, 1], VERTICES, directed=False)
    for root in named_roots(pairs, 3):
        result = latest.bfs(root, validate=True)
        assert result.validated and result.nedge > 0
        check_search(result, matrix, root)


def test_version_zero_is_the_base(versioned):
    _, directory, base, _ = versioned
    original = semibfs.open(directory / "store", version=0, threads=2)
    matrix = adjacency(base[:, 0], base[:, 1], VERTICES, directed=False)
    differs = False
    for root in named_roots(base, 3):
        result = original.bfs(root, validate=True)
        check_search(result, matrix, root)
        differs |= not np.array_equal(result.levels, semibfs.open(directory / "store").bfs(root).levels)
    assert differs, "the added edges changed no search: the test graph shows nothing"


def test_a_version_past_the_latest_is_one_error(versioned):
    _, directory, _, _ = versioned
    with pytest.raises(semibfs.Error, match=r"--version 5: store '.*' has versions 0 to 2"):
        semibfs.open(directory / "store", version=5).bfs(0)
