"""Store.sssp and the NetworkX backend's shortest paths against independent references: scipy's
Dijkstra (committed goldens and fresh calls) and NetworkX's own Dijkstra."""

import math
import pathlib

import networkx as nx
import numpy as np
import pytest
import scipy.sparse as sp
from scipy.sparse.csgraph import dijkstra
from test_analytics import stated_minimum

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


@pytest.mark.parametrize("directed", [False, True])
@pytest.mark.parametrize("name, format", [("road.mtx", "mtx"), ("mixed.el", "el")])
def test_distances_equal_scipy_goldens(tmp_path, name, format, directed):
    store = semibfs.build(VECTORS / name, tmp_path / "store", format=format, directed=directed, threads=2)
    assert store.directed == directed
    goldens = golden_distances(VECTORS / (name + (".directed-sssp.txt" if directed else ".sssp.txt")))
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


def scipy_distances(sources, targets, weights, n, directed=False):
    """The graph as scipy's Dijkstra takes it (float64), from each edge's least weight: both ways
    unless directed (then u -> v only)."""
    keep = sources != targets
    pairs = {}
    for u, v, w in zip(sources[keep].tolist(), targets[keep].tolist(), weights[keep].tolist()):
        key = (u, v) if directed else (min(u, v), max(u, v))
        pairs[key] = min(w, pairs.get(key, math.inf))
    rows = [u for u, _ in pairs] + ([] if directed else [v for _, v in pairs])
    cols = [v for _, v in pairs] + ([] if directed else [u for u, _ in pairs])
    data = list(pairs.values()) * (1 if directed else 2)
    return sp.csr_matrix((data, (rows, cols)), shape=(n, n))


def assert_parents_consistent(found, root, matrix):
    """Each reached vertex's parent edge is an edge of the graph (parent -> vertex) that gives its
    distance in float32; the root is its own parent, the unreached have none."""
    for vertex in np.flatnonzero(np.isfinite(found.distances)):
        parent = found.parents[vertex]
        if vertex == root:
            assert parent == root
            continue
        step = matrix[parent, vertex]
        assert step > 0 and np.float32(found.distances[parent]) + np.float32(step) == np.float32(found.distances[vertex])
    assert (found.parents[~np.isfinite(found.distances)] == -1).all()


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
        assert_parents_consistent(found, root, matrix)
        unvalidated = store.sssp(root, validate=False, delta=0.05)
        assert unvalidated.nedge is None and not unvalidated.validated and unvalidated.delta == 0.05
        np.testing.assert_array_equal(unvalidated.distances, found.distances)


def test_directed_from_edges_follow_edges_out_as_scipy_directed_dijkstra():
    n = 300
    sources, targets, weights = random_weighted_graph(n, 1200, seed=17)
    matrix = scipy_distances(sources, targets, weights, n, directed=True)
    with semibfs.from_edges(sources, targets, weights=weights, num_vertices=n, directed=True, threads=2) as store:
        assert store.directed
        for root in (int(sources[0]), int(targets[0])):
            found = store.sssp(root)
            expected = dijkstra(matrix, directed=True, indices=root)
            # Direction matters here: the same edges both ways give other distances.
            assert not np.allclose(expected, dijkstra(matrix, directed=False, indices=root))
            assert found.validated and len(found.distances) == n
            np.testing.assert_allclose(found.distances, expected, rtol=1e-5)
            assert found.reached == np.isfinite(expected).sum()
            assert_parents_consistent(found, root, matrix)


def test_directed_from_edges_with_weights_keep_one_partition(monkeypatch):
    built = []
    build = semibfs._core.build

    def recording_build(*args, **kwargs):
        built.append(kwargs["partitions"])
        return build(*args, **kwargs)

    monkeypatch.setattr(semibfs._core, "build", recording_build)
    with semibfs.from_edges([0, 1, 2], [1, 2, 0], weights=[1.0, 2.0, 4.0], directed=True, threads=1) as store:
        assert store.sssp(1).distances.tolist() == [6.0, 0.0, 2.0]  # 1 -> 2 -> 0, not 1 -> 0 backwards
    assert built == [1]  # not as many as NUMA nodes: a directed store of more keeps no weights
    with pytest.raises(semibfs.UsageError, match="one partition"):
        semibfs.from_edges([0], [1], weights=[1.0], directed=True, partitions=2)


def test_a_budget_reads_the_tails_from_the_store_and_gives_the_same_paths():
    n = 3000
    sources, targets, weights = random_weighted_graph(n, 30000, seed=9)
    with semibfs.from_edges(sources, targets, weights=weights, num_vertices=n, threads=2) as store:
        root = int(sources[0])
        in_dram = store.sssp(root)
        assert in_dram.bytes_read == 0
        expected = dijkstra(scipy_distances(sources, targets, weights, n), indices=root)
        minimum = stated_minimum(lambda: semibfs.open(store.directory, dram_budget="1KiB", threads=2).sssp(root))
        # At the minimum, one entry of each list in DRAM: every longer list's tail and its weights come
        # from the store. Above it the searches run over a copy of the lists ordered by weight, part of
        # it (its tails in a scratch file), then all of it in DRAM.
        for budget in (minimum, minimum + (3 << 19), 64 << 20):
            found = semibfs.open(store.directory, dram_budget=f"{budget}B", head_entries=1, threads=2).sssp(root)
            assert found.validated, budget
            assert found.bytes_read > 0 or budget > minimum, budget
            np.testing.assert_array_equal(found.distances[:n], in_dram.distances[:n])
            np.testing.assert_allclose(found.distances[:n], expected, rtol=1e-5)
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
            "multi": (multi, "weight"), "missing": (missing, "weight"), "disconnected": (disconnected, None),
            **weighted_digraphs(generator)}


def weighted_digraphs(generator):
    """Directed graphs whose first node's lengths change when the edges are taken both ways, each
    with a sink (a node with in-edges, no out-edges)."""
    ints = nx.gnp_random_graph(70, 0.06, seed=21, directed=True)
    for u, v in ints.edges:
        ints.edges[u, v]["weight"] = int(generator.integers(1, 20))
    ints.add_edge(0, "sink", weight=3)
    floats = nx.gnp_random_graph(90, 0.05, seed=22, directed=True)
    for u, v in floats.edges:
        floats.edges[u, v]["cost"] = float(generator.random())
    floats.add_edge(0, "sink", cost=0.5)
    unweighted = nx.relabel_nodes(nx.gnp_random_graph(60, 0.05, seed=23, directed=True), lambda node: f"v{node}")
    unweighted.add_edge("v0", "sink")
    # Parallel edges (their least weight) and a self-loop; 3 -> 0 shortens 0's paths only backwards.
    multi = nx.MultiDiGraph([(0, 1, {"weight": 4}), (0, 1, {"weight": 1}), (1, 2, {"weight": 2}), (2, 0, {"weight": 9}),
                             (2, 3, {"weight": 1}), (3, 1, {"weight": 7}), (0, 0, {"weight": 1}), (3, 0, {"weight": 1}),
                             (2, "sink", {"weight": 2})])
    return {"digraph ints": (ints, "weight"), "digraph floats": (floats, "cost"),
            "digraph unweighted": (unweighted, None), "multidigraph": (multi, "weight")}


@pytest.mark.parametrize("name", ["grid", "karate", "floats", "multi", "missing", "disconnected", "digraph ints",
                                  "digraph floats", "digraph unweighted", "multidigraph"])
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
    if graph.is_directed():  # out-edges only: the same edges both ways give other lengths
        assert len(expected) > 1
        assert nx.single_source_dijkstra_path_length(graph.to_undirected(), source, weight=weight) != expected
        assert nx.single_source_dijkstra_path_length(graph, "sink", weight=weight, backend="semibfs") == {"sink": 0}


def test_networkx_dijkstra_falls_back_where_it_cannot_serve():
    from semibfs.networkx_backend import BackendInterface

    negative = nx.path_graph(3)
    negative.edges[0, 1]["weight"] = -2
    negative_directed = nx.DiGraph(negative)
    can_run = BackendInterface.can_run
    assert "not negative" in can_run("single_source_dijkstra_path_length", (negative, 0), {})
    assert "not negative" in can_run("single_source_dijkstra_path_length", (negative_directed, 0), {})
    assert "at least one edge" in can_run("single_source_dijkstra_path_length", (nx.empty_graph(3, nx.DiGraph), 0), {})
    assert "function" in can_run("single_source_dijkstra_path_length", (negative, 0), {"weight": lambda u, v, d: 1})
    for served in (nx.path_graph(3), nx.DiGraph([(0, 1)]), nx.MultiDiGraph([(0, 1), (0, 1)])):
        assert can_run("single_source_dijkstra_path_length", (served, 0), {}) is True
