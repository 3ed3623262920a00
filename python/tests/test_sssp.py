"""Store.sssp and the NetworkX backend's shortest paths against independent references: scipy's
Dijkstra (committed goldens and fresh calls) and NetworkX's own Dijkstra."""

import math
import pathlib

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from scipy.sparse.csgraph import dijkstra

import semibfs

VECTORS = pathlib.Path(__file__).resolve().parents[2] / "tests" / "vectors" / "weighted"


def golden_distances(path):
    """{root: {vertex: distance}} from a committed 'root vertex distance' file (scipy, float64)."""
    goldens = {}
    for line in path.read_text().splitlines():
        if line.startswith("#"):
            continue
        root, vertex, distance = line.split()
        goldens.setdefault(int(root), {})[int(vertex)] = float(distance)
    return goldens


@pytest.mark.parametrize("name, format", [("road.mtx", "mtx"), ("mixed.el", "el")])
def test_distances_equal_scipy_goldens(tmp_path, name, format):
    store = semibfs.build(VECTORS / name, tmp_path / "store", format=format, threads=2)
    goldens = golden_distances(VECTORS / (name + ".sssp.txt"))
    assert goldens
    for root, expected in goldens.items():
        found = store.sssp(root, delta=0.5)
        assert found.validated and found.root == root
        assert (found.nedge > 0) == (found.reached > 1)  # an isolated root traverses nothing
        assert found.parents[root] == root and found.distances[root] == 0
        reached = {v for v in range(len(found.distances)) if math.isfinite(found.distances[v])}
        assert reached == {v for v, d in expected.items() if math.isfinite(d)}
        for vertex in reached:
            assert found.distances[vertex] == pytest.approx(expected[vertex], rel=1e-6)
        assert found.reached == len(reached)


def random_weighted_graph(n, m, seed):
    generator = np.random.default_rng(seed)
    sources = generator.integers(0, n, m)
    targets = generator.integers(0, n, m)
    weights = generator.random(m).astype(np.float32)
    return sources, targets, weights


def scipy_distances(sources, targets, weights, n):
    """Undirected least-weight distances by scipy (float64), from each edge's least weight."""
    keep = sources != targets
    pairs = {}
    for u, v, w in zip(sources[keep].tolist(), targets[keep].tolist(), weights[keep].tolist()):
        key = (min(u, v), max(u, v))
        pairs[key] = min(w, pairs.get(key, math.inf))
    rows = [u for u, _ in pairs] + [v for _, v in pairs]
    cols = [v for _, v in pairs] + [u for u, _ in pairs]
    data = list(pairs.values()) * 2
    return sp.csr_matrix((data, (rows, cols)), shape=(n, n))


def test_from_edges_weights_give_scipy_distances_and_consistent_parents():
    n = 300
    sources, targets, weights = random_weighted_graph(n, 1500, seed=5)
    matrix = scipy_distances(sources, targets, weights, n)
    with semibfs.from_edges(sources, targets, weights=weights, num_vertices=n, threads=2) as store:
        root = int(sources[0])
        found = store.sssp(root)
        expected = dijkstra(matrix, directed=True, indices=root)
        assert len(found.distances) == n
        np.testing.assert_allclose(found.distances, expected, rtol=1e-5)
        assert found.teps > 0
        for vertex in np.flatnonzero(np.isfinite(found.distances)):
            parent = found.parents[vertex]
            if vertex == root:
                assert parent == root
                continue
            step = matrix[parent, vertex]
            assert step > 0 and np.float32(found.distances[parent]) + np.float32(step) == np.float32(found.distances[vertex])
        assert (found.parents[~np.isfinite(found.distances)] == -1).all()
        unvalidated = store.sssp(root, validate=False, delta=0.05)
        assert unvalidated.nedge is None and not unvalidated.validated and unvalidated.delta == 0.05
        np.testing.assert_array_equal(unvalidated.distances, found.distances)


def test_a_budget_reads_the_tails_from_the_store_and_gives_the_same_paths():
    n = 3000
    sources, targets, weights = random_weighted_graph(n, 30000, seed=9)
    with semibfs.from_edges(sources, targets, weights=weights, num_vertices=n, threads=2) as store:
        root = int(sources[0])
        in_dram = store.sssp(root)
        # One entry of each list in DRAM: every longer list's tail and its weights come from disk.
        tiered = semibfs.open(store.directory, dram_budget="64MiB", head_entries=1, threads=2)
        found = tiered.sssp(root)
        assert found.validated and found.bytes_read > 0 and in_dram.bytes_read == 0
        np.testing.assert_array_equal(found.distances[:n], in_dram.distances[:n])
        np.testing.assert_allclose(found.distances[:n], dijkstra(scipy_distances(sources, targets, weights, n),
                                                                 indices=root), rtol=1e-5)
        with pytest.raises(semibfs.UsageError, match="--head-entries"):
            semibfs.open(store.directory, head_entries=1).sssp(root)


def test_errors_are_one_line(tmp_path):
    unweighted = semibfs.from_edges([0, 1], [1, 2], threads=1)
    with pytest.raises(semibfs.Error, match="has no weights"):
        unweighted.sssp(0)
    weighted = semibfs.from_edges([0, 1], [1, 2], weights=[1.0, 2.0], threads=1)
    with pytest.raises(semibfs.UsageError, match="--delta"):
        weighted.sssp(0, delta=1e-9)
    with pytest.raises(semibfs.Error, match="--root 7 is not a vertex"):
        weighted.sssp(7)
    for bad in ([1.0, -1.0], [1.0, float("nan")], [1.0, 1e39], [1.0]):
        with pytest.raises(semibfs.UsageError, match="weight"):
            semibfs.from_edges([0, 1], [1, 2], weights=bad)


def weighted_graphs():
    generator = np.random.default_rng(11)
    grid = nx.grid_2d_graph(7, 6)
    for u, v in grid.edges:
        grid.edges[u, v]["weight"] = int(generator.integers(1, 20))
    karate = nx.karate_club_graph()  # its own integer 'weight' attributes
    floats = nx.gnp_random_graph(90, 0.06, seed=8)
    for u, v in floats.edges:
        floats.edges[u, v]["cost"] = float(generator.random())
    multi = nx.MultiGraph([(0, 1, {"weight": 4}), (0, 1, {"weight": 1}), (1, 2, {"weight": 2}), (2, 0, {"weight": 9})])
    missing = nx.path_graph(6)
    missing.edges[2, 3]["weight"] = 5  # the others weigh 1, as NetworkX takes a missing weight
    disconnected = nx.disjoint_union(nx.cycle_graph(5), nx.path_graph(3))
    disconnected.add_node("alone")
    return {"grid": (grid, "weight"), "karate": (karate, "weight"), "floats": (floats, "cost"),
            "multi": (multi, "weight"), "missing": (missing, "weight"), "disconnected": (disconnected, None)}


@pytest.mark.parametrize("name", ["grid", "karate", "floats", "multi", "missing", "disconnected"])
def test_networkx_dijkstra_lengths_equal_networkx(name):
    graph, weight = weighted_graphs()[name]
    source = next(iter(graph))
    served = nx.single_source_dijkstra_path_length(graph, source, weight=weight, backend="semibfs")
    expected = nx.single_source_dijkstra_path_length(graph, source, weight=weight)
    assert served.keys() == expected.keys()
    for node, distance in expected.items():
        assert type(served[node]) is type(distance)
        assert served[node] == pytest.approx(distance, rel=1e-6)
    assert list(served.values()) == sorted(served.values())
    if name == "grid":
        cutoff = sorted(expected.values())[len(expected) // 2]
        assert nx.single_source_dijkstra_path_length(graph, source, cutoff=cutoff, backend="semibfs") == \
            nx.single_source_dijkstra_path_length(graph, source, cutoff=cutoff)
    if name == "disconnected":
        assert nx.single_source_dijkstra_path_length(graph, "alone", backend="semibfs") == {"alone": 0}


def test_networkx_dijkstra_falls_back_where_it_cannot_serve():
    from semibfs.networkx_backend import BackendInterface

    negative = nx.path_graph(3)
    negative.edges[0, 1]["weight"] = -2
    directed = nx.DiGraph([(0, 1)])
    can_run = BackendInterface.can_run
    assert "not negative" in can_run("single_source_dijkstra_path_length", (negative, 0), {})
    assert "undirected" in can_run("single_source_dijkstra_path_length", (directed, 0), {})
    assert "function" in can_run("single_source_dijkstra_path_length", (negative, 0), {"weight": lambda u, v, d: 1})
    assert can_run("single_source_dijkstra_path_length", (nx.path_graph(3), 0), {}) is True
