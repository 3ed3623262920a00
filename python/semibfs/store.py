"""Stores: graphs on disk made by ``semibfs build``, searched in DRAM or under a DRAM budget."""

import builtins
import os
import shutil
import tempfile
import threading
import weakref

import numpy as np

from . import _core
from ._options import as_text, flag, vertex_id, whole_number
from .result import BfsResult, SsspResult


class Store:
    """A store directory, opened for searches and analytics.

    ``dram_budget`` (e.g. ``"1GiB"``) keeps the whole process within that much DRAM while it
    searches: what does not fit of each neighbour list is read from the store. ``threads`` sets
    the OpenMP threads; ``policy`` the direction policy (``"beamer"`` by default, as
    ``semibfs bfs``); ``head_entries=K`` (with a budget) keeps only the first K entries of each
    list in DRAM, the rest read from disk. ``version=N`` reads version N of a store that
    ``semibfs add-edges`` added to (0: the graph it was built from; default: the latest); at a
    version above 0 ``bfs`` searches through the streaming queries, as ``semibfs bfs`` does. The
    search state is allocated on the first ``bfs`` and kept until ``close``. Threads may share a
    Store: its searches then run one at a time (one search state); a Store per thread searches in
    parallel.
    """

    def __init__(self, directory, *, dram_budget=None, threads=None, policy=None, io=None, head_entries=None,
                 version=None):
        self.directory = os.fspath(directory)
        self._values = dict(dram_budget=dram_budget, threads=threads, policy=policy, io=io, head_entries=head_entries,
                            version=version)
        self._search = None
        self._opening = threading.Lock()  # threads sharing the Store open its search state once
        self._described = None
        self._length = None  # at least this many entries in the arrays (isolated ids of from_edges)
        self._cleanup = None

    def _searcher(self):
        with self._opening:
            if self._search is None:
                values = self._values
                self._search = _core.StoreSearch(self.directory, **self._common_options(),
                                                 policy=as_text(values["policy"]), io=as_text(values["io"]),
                                                 head_entries=whole_number("--head-entries", values["head_entries"]))
            return self._search

    def _description(self):
        # From the store's input description alone: no search state is allocated for it.
        if self._described is None:
            self._described = _core.describe_store(self.directory)
        return self._described

    @property
    def num_vertices(self) -> int:
        """Vertices of the input (the ids its edges name)."""
        return self._description()["num_vertices"]

    @property
    def num_edges(self) -> int:
        """Edges of the input, as read (repeats and self-loops included)."""
        return self._description()["num_edges"]

    @property
    def directed(self) -> bool:
        return self._description()["directed"]

    def _padded(self, array, fill):
        if self._length is None or len(array) >= self._length:
            return array
        return np.concatenate([array, np.full(self._length - len(array), fill, dtype=array.dtype)])

    def bfs(self, root: int, *, validate: bool = False, levels: bool = True) -> BfsResult:
        """Searches from ``root`` (a file id); the GIL is released while it runs.

        ``levels=False`` leaves the levels out (``result.levels`` is None): the call is then the
        search and nothing else where the file's ids are the store's.

        With ``validate=True`` the result is checked by the five Graph500 rules against the
        input's edges (as ``semibfs bfs`` does), and a failure raises ``semibfs.Error``.
        """
        found = self._searcher().bfs(vertex_id(root), flag("validate", validate), flag("levels", levels))
        found["parents"] = self._padded(found["parents"], -1)
        if levels:
            found["levels"] = self._padded(found["levels"], -1)
        return BfsResult(**found)

    def sssp(self, root: int, *, delta: float | None = None, validate: bool = True) -> SsspResult:
        """Shortest paths from ``root`` (a file id) by delta-stepping, on a store built from a
        weighted file (or by ``from_edges`` with ``weights``), as ``semibfs sssp`` runs them: an
        untimed warm-up, then the timed search; the GIL is released while it runs.

        ``delta`` is the bucket width in the weights' unit (default 0.05 for an undirected store in
        DRAM, searched by the pruned kernel, else 0.01; for weights in [0, 1)).
        With ``validate`` (the default) the result is checked by the Graph500 SSSP rules against
        the input's edges and weights, and a failure raises ``semibfs.Error``. Each call opens the
        store: its lists and weights whole in DRAM, or under the Store's ``dram_budget`` as
        ``semibfs sssp --dram-budget`` searches it (a copy ordered by weight split between DRAM and
        a scratch file, or the lists tiered, the tails read from the store).
        """
        found = _core.sssp(self.directory, vertex_id(root), delta=None if delta is None else float(delta),
                           validate=flag("validate", validate), **self._sssp_options())
        found["distances"] = self._padded(found["distances"], np.inf)
        found["parents"] = self._padded(found["parents"], -1)
        return SsspResult(**found)

    def _sssp_options(self):
        values = self._values
        return dict(dram_budget=as_text(values["dram_budget"]), threads=whole_number("--threads", values["threads"]),
                    head_entries=whole_number("--head-entries", values["head_entries"]))

    def _by_file_id(self, values, name, fill, dtype):
        ids = values["file_ids"]
        length = max(int(ids.max()) + 1 if len(ids) else 0, self._length or 0)
        out = np.full(length, fill, dtype=dtype)
        out[ids] = values[name]
        return out

    def _common_options(self):
        """The budget, threads and version as the extension takes them (typed, checked there)."""
        values = self._values
        return dict(dram_budget=as_text(values["dram_budget"]), threads=whole_number("--threads", values["threads"]),
                    version=whole_number("--version", values["version"]))

    def _query_options(self):
        """The store and its options as the extension's analytics take them."""
        # Under a budget the search state gives its DRAM back to the analytics.
        if self._search is not None and self._values["dram_budget"] is not None:
            self._search = None
        return dict(store=self.directory, **self._common_options())

    def pagerank(self, *, iterations: int = 100, damping: float = 0.85, tolerance: float = 1e-9) -> np.ndarray:
        """PageRank by pull over streaming queries; float64 by file id, NaN for ids the file never names.

        Iterates until the L1 change of an iteration is below ``tolerance``, at most ``iterations`` times.
        """
        return self._by_file_id(self._pagerank(iterations, damping, tolerance), "values", np.nan, np.float64)

    def _pagerank(self, iterations, damping, tolerance):
        """The scores by store order with their file ids, the iterations run and the last L1 change."""
        return self._analytics("pagerank", iterations=whole_number("--iterations", iterations),
                               damping=float(damping), tolerance=float(tolerance))

    def connected_components(self) -> np.ndarray:
        """Each vertex's component, named by its smallest file id (-1 for ids the file never names).

        A directed store's weakly connected components.
        """
        return self._by_file_id(self._analytics("cc"), "values", -1, np.int64)

    def teenage_followers(self, *, older_than: int = 20, seed: int | None = None, ages=None) -> dict:
        """Average teenage followers, as ``semibfs at``: the figures it prints, by their JSON keys
        (``counted_vertices``, ``teenage_followers``, ``average``, ...). Ages from ``seed`` (1 when
        neither is given) or from the file ``ages`` ('VERTEX AGE' lines in the edge file's ids)."""
        return self._analytics("at", older_than=whole_number("--older-than", older_than),
                               seed=whole_number("--seed", seed, unsigned=True), ages=as_text(ages))

    def _analytics(self, name, **options):
        """The analytics kernel `name` (as its `semibfs` command) with its options; None: not given."""
        return _core.analytics(name, **self._query_options(), **options)

    def add_edges(self, input, *, format=None, dram_budget=None, threads=None):
        """Adds the edges of a graph file as a new version of the store, as ``semibfs add-edges``
        does: only the edges new to the latest version are written, nothing of the base is
        rewritten. Ids are the store's file ids; a vertex the store lacks is an error. A store opened
        without ``version`` then reads the new version."""
        self._search = None  # its reader's lock would keep the writer out; the next search reopens
        print(_core.add_edges(os.fspath(input), self.directory, format=as_text(format), dram_budget=as_text(dram_budget),
                              threads=whole_number("--threads", threads)), end="", flush=True)

    def close(self):
        """Frees the search state; a store made by ``from_edges`` is removed."""
        self._search = None
        if self._cleanup is not None:
            self._cleanup()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __repr__(self):
        return f"semibfs.Store({self.directory!r})"


def open(directory, **options) -> Store:  # noqa: A001 - the package's verb, as in semibfs.open
    """Opens a store made by ``semibfs build`` (or ``semibfs.build``); options as ``Store``."""
    if not os.path.isdir(os.fspath(directory)):
        raise _core.Error(f"store '{os.fspath(directory)}' is not a directory (make one with semibfs.build)")
    return Store(directory, **options)


def build(input, store, *, format=None, directed=False, dram_budget=None, partitions=None, neighbor_order=None,
          compress=False, vertex_order=None, threads=None, progress=False, **open_options) -> Store:
    """Builds a store from a graph file (SNAP, Matrix Market, edge list, Graph500 binary; gzip or not),
    within ``dram_budget`` as ``semibfs build`` does, and opens it under the same budget.

    ``progress`` prints the build's progress on stderr and its summary on stdout, as the command does.
    """
    summary = _core.build(os.fspath(input), os.fspath(store), format=as_text(format), directed=bool(directed),
                          dram_budget=as_text(dram_budget), partitions=whole_number("--partitions", partitions),
                          neighbor_order=as_text(neighbor_order), compress=bool(compress),
                          vertex_order=as_text(vertex_order), threads=whole_number("--threads", threads),
                          progress=bool(progress))
    if progress:
        print(summary, end="", flush=True)
    return Store(store, dram_budget=dram_budget, threads=threads, **open_options)


def generate(scale: int, store, *, edgefactor: int = 16, seed1=None, seed2=None, progress=False, threads=None,
             **build_options) -> Store:
    """The Graph500 Kronecker graph of ``scale`` (the reference generator, bit for bit) as a store.

    ``build_options`` are ``build``'s (``dram_budget``, ``compress``, ``vertex_order``, ...).
    """
    store = os.fspath(store)
    created = not os.path.lexists(store)
    os.makedirs(store, exist_ok=True)
    try:
        with tempfile.TemporaryDirectory(dir=os.path.dirname(os.path.abspath(store))) as scratch:
            edges = os.path.join(scratch, "kronecker.g500")
            _core.generate(whole_number("--scale", scale), edges,
                           edgefactor=whole_number("--edgefactor", edgefactor),
                           seed1=whole_number("--seed1", seed1, unsigned=True),
                           seed2=whole_number("--seed2", seed2, unsigned=True), format="g500-packed",
                           threads=whole_number("--threads", threads), progress=bool(progress))
            kronecker = build(edges, store, format="g500-packed", threads=threads, progress=progress,
                              **build_options)
    except BaseException:
        if created:  # a refused or failed graph leaves no directory behind (the build removed its files)
            try:
                os.rmdir(store)
            except OSError:
                pass
        raise
    kronecker._length = 1 << scale  # ids above the largest with an edge are isolated vertices too
    return kronecker


def from_edges(sources, targets, *, weights=None, num_vertices=None, directed=False, directory=None,
               **open_options) -> Store:
    """A graph from two arrays of vertex ids (edge i leads from ``sources[i]`` to ``targets[i]``),
    with ``weights[i]`` its weight when given (finite, not negative; kept as float32) for ``sssp``.

    The edges become a store in ``directory`` (a temporary one by default, removed by ``close``
    or when the object is collected) and are searched from there as any store; results are
    indexed by these ids, with ``num_vertices`` entries at least. A ``directed`` graph with
    ``weights`` is built in one partition, the only directed store that keeps weights.
    """
    edges = np.column_stack([np.asarray(sources, dtype=np.int64), np.asarray(targets, dtype=np.int64)])
    if edges.ndim != 2 or len(edges) == 0:
        raise _core.UsageError("from_edges needs at least one edge (two arrays of equal length)")
    if edges.min() < 0:
        raise _core.UsageError("from_edges: vertex ids must be non-negative")
    if weights is not None:
        weights = _edge_weights(weights, len(edges))
        if directed:
            open_options["partitions"] = _one_weighted_partition(open_options.get("partitions"))
    owned = directory is None
    if not owned and os.path.exists(os.path.join(os.fspath(directory), "manifest")):
        raise _core.UsageError(f"from_edges: directory '{os.fspath(directory)}' holds a store; the edges would be "
                               "written inside it (give an empty directory, or none for a temporary one)")
    scratch = tempfile.mkdtemp(prefix="semibfs-") if owned else os.fspath(directory)
    try:
        path, format = _write_edges(scratch, edges, weights)
        store = build(path, os.path.join(scratch, "store"), format=format, directed=directed, **open_options)
        os.remove(path)
    except BaseException:
        if owned:
            shutil.rmtree(scratch, ignore_errors=True)
        raise
    store._length = num_vertices
    if owned:
        store._cleanup = weakref.finalize(store, shutil.rmtree, scratch, True)
    return store


def _one_weighted_partition(partitions):
    """1, the partitions of a directed store with weights (by default there are as many as NUMA nodes)."""
    if partitions is not None and partitions != 1:
        raise _core.UsageError(f"from_edges: partitions={partitions!r} with weights and directed=True: a directed "
                               "store keeps weights in one partition only (leave partitions out)")
    return 1


def _edge_weights(weights, count):
    """The weights as float32, one per edge, each finite and not negative; else a UsageError."""
    given = np.asarray(weights, dtype=np.float64)
    if given.shape != (count,):
        raise _core.UsageError(f"from_edges: weights needs one value per edge ({count}), got shape {given.shape}")
    with np.errstate(over="ignore"):
        kept = given.astype(np.float32)
    bad = np.flatnonzero(~np.isfinite(kept) | (kept < 0))
    if len(bad):
        raise _core.UsageError(f"from_edges: weight {given[bad[0]]!r} of edge {bad[0]} is no weight (finite within "
                               "float32, not negative)")
    return kept


def _write_edges(scratch, edges, weights):
    """The edges as a file `build` reads, and its format: binary pairs, or 'u v w' lines with weights
    (each float32 written with the 9 digits that give it back exactly)."""
    if weights is None:
        path = os.path.join(scratch, "edges.int64")
        edges.astype("<i8").tofile(path)
        return path, "g500-int64"
    path = os.path.join(scratch, "edges.el")
    with builtins.open(path, "w") as lines:
        for (source, target), weight in zip(edges.tolist(), weights.tolist()):
            lines.write(f"{source} {target} {weight:.9g}\n")
    return path, "el"
