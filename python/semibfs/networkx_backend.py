"""semibfs as a NetworkX backend: ``nx.bfs_layers(G, 0, backend="semibfs")``.

A NetworkX graph is converted once (NetworkX caches the conversion on the graph) into neighbour
lists in the graph's own adjacency order, so that the breadth-first functions give exactly
NetworkX's results, order included; PageRank, components and shortest paths run on a store built
from its edges (``semibfs.from_edges``, with the edges' weights for shortest paths) on first use.
"""

import numpy as np

from . import _core
from .store import from_edges

BACKEND = "semibfs"
FUNCTIONS = ("bfs_layers", "bfs_edges", "bfs_predecessors", "pagerank", "connected_components",
             "single_source_dijkstra_path_length")
# Float32 sums of integer weights are exact up to 2^24: such distances are handed back as NetworkX
# sums them, as ints.
EXACT_INTEGER_SUMS = 1 << 24


def backend_info():
    """What ``networkx.backend_info`` lists for this backend."""
    return {
        "backend_name": BACKEND,
        "project": "semibfs",
        "package": "semibfs",
        "url": "https://graph500.org",
        "short_summary": "Breadth-first search, shortest paths, PageRank and components in C++ (semibfs)",
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


def _edge_weight(data, attribute, default, multigraph):
    """An adjacency entry's weight, the least of parallel edges' (as NetworkX's Dijkstra takes it)."""
    if multigraph:
        return min(edge.get(attribute, default) for edge in data.values())
    return data.get(attribute, default)


def _list_weights(graph, edge_attrs):
    """The weight of each successor list entry, in _lists' order; None without a weight attribute."""
    if not edge_attrs:
        return None
    (attribute, default), = edge_attrs.items()
    multigraph = graph.is_multigraph()
    return [_edge_weight(data, attribute, 1 if default is None else default, multigraph)
            for node in graph for data in graph.adj[node].values()]


class SemibfsGraph:
    """A NetworkX graph as semibfs sees it: its nodes numbered in the graph's order, its lists."""

    __networkx_backend__ = BACKEND

    def __init__(self, graph, edge_attrs=None):
        self.nodes = list(graph)
        self._node_array = np.empty(len(self.nodes), dtype=object)
        self._node_array[:] = self.nodes
        self.index = {node: position for position, node in enumerate(self.nodes)}
        self._directed = graph.is_directed()
        self._multigraph = graph.is_multigraph()
        self.successors = _lists(graph, graph.adj, self.index)
        self.predecessors = _lists(graph, graph.pred, self.index) if self._directed else self.successors
        self.graph = dict(graph.graph)
        self.weights = _list_weights(graph, edge_attrs)  # of each successor entry, when asked for
        self._store = None
        self._weighted_store = None

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
            self._store = self._made_store(None)
        return self._store

    def weighted_store(self):
        """The graph with its edges' weights (1 each when converted without) as a store, made on first use."""
        if self._weighted_store is None:
            weights = self.weights if self.weights is not None else np.ones(len(self.successors[1]))
            self._weighted_store = self._made_store(weights)
        return self._weighted_store

    def _made_store(self, weights):
        offsets, neighbors = self.successors
        sources = np.repeat(np.arange(len(self.nodes), dtype=np.int64), np.diff(offsets))
        return from_edges(sources, neighbors, weights=weights, num_vertices=len(self.nodes), directed=self._directed)

    def has_edges(self, position):
        offsets, _ = self.successors
        return offsets[position + 1] > offsets[position]

    def integer_weights(self):
        """Whether NetworkX would sum the weights as ints (weight 1 where none was asked for)."""
        return self.weights is None or all(isinstance(weight, int) for weight in self.weights)

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
    def convert_from_nx(graph, *args, edge_attrs=None, **kwargs):
        return SemibfsGraph(graph, edge_attrs)

    @staticmethod
    def convert_to_nx(result, *, name=None):
        return result

    @staticmethod
    def can_run(name, args, kwargs):
        if name == "pagerank":
            return _pagerank_can_run(*args, **kwargs)
        if name == "single_source_dijkstra_path_length":
            return _dijkstra_can_run(*args, **kwargs)
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


    @staticmethod
    def single_source_dijkstra_path_length(G, source, cutoff=None, weight="weight"):
        import networkx as nx

        if source not in G:
            raise nx.NodeNotFound(f"Node {source} not found in graph")  # as NetworkX's Dijkstra words it
        position = G.index[source]
        if not G.has_edges(position):  # a store names no vertex without edges
            return {source: 0}
        distances = G.weighted_store().sssp(position, delta=_delta(G), validate=False).distances[: len(G)]
        reached = np.flatnonzero(np.isfinite(distances) & (cutoff is None or distances <= cutoff))
        reached = reached[np.argsort(distances[reached], kind="stable")]  # as NetworkX settles them
        values = distances[reached]
        if G.integer_weights() and (len(values) == 0 or values.max() < EXACT_INTEGER_SUMS):
            values = values.astype(np.int64)
        lengths = dict(zip(G.node_list(reached), values.tolist()))
        lengths[source] = 0  # NetworkX's start, an int whatever the weights
        return lengths


def _delta(G):
    """A bucket width for the graph's weights: their mean over the mean degree (Meyer and Sanders,
    J. Algorithms 49(1), 2003: delta of the order of the weight scale over the degree)."""
    weights = np.asarray(G.weights if G.weights is not None else [1.0], dtype=np.float64)
    offsets, _ = G.successors
    degree = max(1.0, offsets[-1] / max(1, len(G)))
    return max(1e-4, float(weights.mean()) / degree) if weights.mean() > 0 else 1.0


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


def _dijkstra_can_run(G, source, cutoff=None, weight="weight"):
    import math

    if callable(weight):
        return "a weight function is not supported (only an edge attribute)"
    if getattr(G, "__networkx_backend__", None) == BACKEND:
        return True
    if G.number_of_edges() == 0:
        return "a store needs at least one edge"
    if weight is not None:
        for _, _, data in G.edges(data=True):
            value = data.get(weight, 1)
            if not isinstance(value, (int, float)) or not math.isfinite(value) or value < 0:
                return f"an edge's '{weight}' is {value!r}: weights must be finite and not negative"
    return True


backend_interface = BackendInterface()
