"""The NetworkX backend gives NetworkX's own results, order included, on NetworkX's test graphs."""

import networkx as nx
import pytest

GRAPHS = {
    "karate": nx.karate_club_graph(),
    "path": nx.path_graph(7),
    "grid": nx.grid_2d_graph(6, 5),
    "barbell": nx.barbell_graph(5, 3),
    "gnp": nx.gnp_random_graph(120, 0.04, seed=3),
    "disconnected": nx.disjoint_union(nx.cycle_graph(5), nx.star_graph(4)),
    "directed": nx.gnp_random_graph(80, 0.05, seed=4, directed=True),
    "strings": nx.relabel_nodes(nx.les_miserables_graph(), lambda name: name.upper()),
}


def first_node(graph):
    return next(iter(graph))


@pytest.mark.parametrize("name", GRAPHS)
def test_bfs_functions_equal_networkx(name):
    graph = GRAPHS[name]
    source = first_node(graph)
    assert list(nx.bfs_layers(graph, source, backend="semibfs")) == list(nx.bfs_layers(graph, source))
    assert list(nx.bfs_edges(graph, source, backend="semibfs")) == list(nx.bfs_edges(graph, source))
    for limit in (0, 1, 2):
        assert list(nx.bfs_predecessors(graph, source, depth_limit=limit, backend="semibfs")) == list(
            nx.bfs_predecessors(graph, source, depth_limit=limit))
    if graph.is_directed():
        assert list(nx.bfs_edges(graph, source, reverse=True, backend="semibfs")) == list(
            nx.bfs_edges(graph, source, reverse=True))


def test_networkx_own_tests_pass_with_the_backend():
    """NetworkX's tests of the functions served, run with this backend (what it cannot serve falls
    back to NetworkX)."""
    import os
    import subprocess
    import sys

    environment = dict(os.environ, NETWORKX_TEST_BACKEND="semibfs", NETWORKX_FALLBACK_TO_NX="True")
    modules = ["networkx.algorithms.traversal.tests.test_bfs", "networkx.algorithms.components.tests.test_connected",
               "networkx.algorithms.link_analysis.tests.test_pagerank",
               "networkx.algorithms.shortest_paths.tests.test_weighted"]
    finished = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-W", "ignore",
                               "--pyargs", *modules], env=environment, capture_output=True, text=True)
    assert finished.returncode == 0, finished.stdout[-3000:]


def test_several_sources():
    graph = GRAPHS["grid"]
    sources = [(0, 0), (5, 4), (0, 0)]
    assert list(nx.bfs_layers(graph, sources, backend="semibfs")) == list(nx.bfs_layers(graph, sources))


@pytest.mark.parametrize("name", ["karate", "barbell", "gnp", "directed", "strings"])
def test_pagerank_equals_networkx(name):
    graph = GRAPHS[name]
    if name == "gnp":
        graph = graph.subgraph(max(nx.connected_components(graph), key=len)).copy()
    unweighted = nx.Graph(graph.edges()) if not graph.is_directed() else graph
    if nx.number_of_isolates(unweighted):
        unweighted = unweighted.subgraph([v for v in unweighted if unweighted.degree(v)]).copy()
    ours = nx.pagerank(unweighted, tol=1e-10, backend="semibfs")
    theirs = nx.pagerank(unweighted, tol=1e-10)
    assert ours.keys() == theirs.keys()
    assert max(abs(ours[v] - theirs[v]) for v in theirs) < 1e-8


@pytest.mark.parametrize("name", ["karate", "grid", "disconnected", "gnp", "strings"])
def test_connected_components_equal_networkx(name):
    graph = GRAPHS[name]
    ours = {frozenset(c) for c in nx.connected_components(graph, backend="semibfs")}
    assert ours == {frozenset(c) for c in nx.connected_components(graph)}


@pytest.mark.parametrize("backend", [None, "semibfs"])
def test_missing_source_is_networkx_error(backend):
    with pytest.raises(nx.NetworkXError):
        list(nx.bfs_layers(GRAPHS["path"], [99], backend=backend))
    with pytest.raises(nx.NetworkXError):
        list(nx.bfs_edges(GRAPHS["path"], 99, backend=backend))
