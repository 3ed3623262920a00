"""semibfs as a NetworkX backend: ``nx.bfs_layers(G, 0, backend="semibfs")``.

A NetworkX graph is converted once (NetworkX caches the conversion on the graph) into neighbour
lists in the graph's own adjacency order, so that the breadth-first functions give exactly
NetworkX's results, order included; PageRank and components run on a store built from its edges
(``semibfs.from_edges``) on first use.
"""

import numpy as np

from . import _core
from .store import from_edges

BACKEND = "semibfs"
FUNCTIONS = ("bfs_layers", "bfs_edges", "bfs_predecessors", "pagerank", "connected_components")


def backend_info():
    """What ``networkx.backend_info`` lists for this backend."""
    return {
        "backend_name": BACKEND,
        "project": "semibfs",
        "package": "semibfs",
        "url": "https://graph500.org",
        "short_summary": "Breadth-first search, PageRank and components in C++ (semibfs)",
        "functions": {name: {} for name in FUNCTIONS},
    }


def _lists(graph, adjacency, index):
    offsets = np.zeros(len(index) + 1, dtype=np.int64)
    neighbors = []
    for position, node in enumerate(graph):
        row = [index[child] for child in adjacency[node]]
        neighbors.extend(row)
        offsets[position + 1] = offsets[position] + len(row)
    return offsets, np.asarray(neighbors, dtype=np.int64)


class SemibfsGraph:
    """A NetworkX graph as semibfs sees it: its nodes numbered in the graph's order, its lists."""

    __networkx_backend__ = BACKEND

    def __init__(self, graph):
        self.nodes = list(graph)
        self._node_array = np.empty(len(self.nodes), dtype=object)
        self._node_array[:] = self.nodes
        self.index = {node: position for position, node in enumerate(self.nodes)}
        self._directed = graph.is_directed()
        self._multigraph = graph.is_multigraph()
        self.successors = _lists(graph, graph.adj, self.index)
        self.predecessors = _lists(graph, graph.pred, self.index) if self._directed else self.successors
        self.graph = dict(graph.graph)
        self._store = None

    def is_directed(self):
        return self._directed

    def is_multigraph(self):
        return self._multigraph

    def __len__(self):
        return len(self.nodes)

    def __contains__(self, node):
        try:
            return node in self.index
        except TypeError:  # as nx.Graph: an unhashable object is no node
            return False

    def store(self):
        """The graph as a semibfs store (temporary), made on first use."""
        if self._store is None:
            offsets, neighbors = self.successors
            sources = np.repeat(np.arange(len(self.nodes), dtype=np.int64), np.diff(offsets))
            self._store = from_edges(sources, neighbors, num_vertices=len(self.nodes), directed=self._directed)
        return self._store

    def order(self, sources, reverse=False):
        offsets, neighbors = self.predecessors if reverse else self.successors
        return _core.networkx_order(offsets, neighbors, np.asarray(sources, dtype=np.int64))

    def node_list(self, positions):
        return self._node_array[positions].tolist()


def _position(graph, node):
    import networkx as nx

    if node not in graph.index:
        raise nx.NetworkXError(f"The node {node} is not in the graph.")
    return graph.index[node]


class BackendInterface:
    """The object NetworkX finds through the ``networkx.backends`` entry point."""

    @staticmethod
    def convert_from_nx(graph, *args, **kwargs):
        return SemibfsGraph(graph)

    @staticmethod
    def convert_to_nx(result, *, name=None):
        return result

    @staticmethod
    def can_run(name, args, kwargs):
        if name == "pagerank":
            return _pagerank_can_run(*args, **kwargs)
        if name == "connected_components" and args[0].number_of_edges() == 0:
            return "a store needs at least one edge"
        # sort_neighbors is bfs_edges' fifth parameter and bfs_predecessors' fourth.
        position = {"bfs_edges": 4, "bfs_predecessors": 3}.get(name)
        if position is not None and kwargs.get("sort_neighbors", args[position] if len(args) > position else None):
            return "semibfs follows the graph's own neighbour order (sort_neighbors is not supported)"
        return name in FUNCTIONS

    @staticmethod
    def bfs_layers(G, sources):
        if sources in G:
            sources = [sources]
        first = list(set(sources))  # as NetworkX: its first layer is the set of sources
        vertices, _, starts = G.order([_position(G, node) for node in first])
        yield first
        for layer in range(1, len(starts) - 1):
            yield G.node_list(vertices[starts[layer]:starts[layer + 1]])

    @staticmethod
    def bfs_edges(G, source, reverse=False, depth_limit=None, sort_neighbors=None):
        yield from _tree_edges(G, source, reverse and G.is_directed(), depth_limit, sort_neighbors)

    @staticmethod
    def bfs_predecessors(G, source, depth_limit=None, sort_neighbors=None):
        for parent, child in _tree_edges(G, source, False, depth_limit, sort_neighbors):
            yield child, parent

    @staticmethod
    def pagerank(G, alpha=0.85, personalization=None, max_iter=100, tol=1.0e-6, nstart=None, weight="weight",
                 dangling=None):
        import networkx as nx

        if len(G) == 0:
            return {}
        if max_iter < 1:  # as NetworkX: no iteration cannot converge
            raise nx.PowerIterationFailedConvergence(max_iter)
        found = G.store()._pagerank(max_iter, alpha, tol * len(G))
        if found["iterations"] >= max_iter and found["last_change"] >= tol * len(G):
            raise nx.PowerIterationFailedConvergence(max_iter)
        scores = np.empty(len(G))
        scores[found["file_ids"]] = found["values"]
        return dict(zip(G.nodes, scores.tolist()))

    @staticmethod
    def connected_components(G):
        labels = G.store().connected_components()[: len(G)]
        first_seen = {}
        for position, label in enumerate(labels.tolist()):
            # -1: a node without edges, which the store never names: a component of its own.
            first_seen.setdefault(label if label >= 0 else ("isolated", position), []).append(position)
        for members in first_seen.values():
            yield set(G.node_list(members))


def _tree_edges(G, source, reverse, depth_limit, sort_neighbors):
    vertices, parents, starts = G.order([_position(G, source)], reverse)
    layers = len(starts) - 1 if depth_limit is None else min(len(starts) - 1, depth_limit + 1)
    end = starts[layers]
    yield from zip(G.node_list(parents[1:end]), G.node_list(vertices[1:end]))


def _pagerank_can_run(G, alpha=0.85, personalization=None, max_iter=100, tol=1.0e-6, nstart=None, weight="weight",
                      dangling=None):
    import networkx as nx

    if personalization is not None or nstart is not None or dangling is not None:
        return "personalization, nstart and dangling are not supported"
    if getattr(G, "__networkx_backend__", None) == BACKEND:
        return True
    if G.is_multigraph():
        return "multigraphs weigh parallel edges"
    if nx.number_of_selfloops(G) > 0:
        return "stores drop self-loops"
    if weight is not None and any(weight in data for _, _, data in G.edges(data=True)):
        return f"edges carry '{weight}' weights"
    if G.number_of_edges() == 0 or nx.number_of_isolates(G) > 0:
        return "a store holds no vertex without edges"
    return True


backend_interface = BackendInterface()
