"""Makes the weighted test graphs and their expected shortest-path distances (tests/vectors/weighted).

The distances come from scipy.sparse.csgraph.dijkstra (float64), an implementation independent of
semibfs: the graph given to it is undirected, each pair with the least weight of its tuples (both
directions), self-loops left out; and for `build --directed` (*.directed-sssp.txt) directed, each
tuple u v w the edge u -> v, an ordered pair with the least weight of its tuples.
Run: python make_vectors.py (needs numpy and scipy).
"""
import random

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra


def mtx_graph(rng):
    # 40 vertices, 1-based: a component of 1..35, another of 36..39, vertex 40 isolated.
    tuples = []
    for v in range(2, 36):
        tuples.append((v, rng.randint(1, v - 1), round(rng.uniform(0.1, 10), 3)))
    for _ in range(60):
        u, v = rng.sample(range(1, 36), 2)
        tuples.append((u, v, round(rng.uniform(0.1, 10), 3)))
    tuples += [(36, 37, 1.5), (37, 38, 0.25), (38, 39, 2.0), (39, 36, 0.5)]
    tuples += [(5, 5, 1.0), (3, 2, 0.001)]            # a self-loop; a light duplicate of a pair
    tuples += [(b, a, w + 1) for a, b, w in tuples[:10]]  # heavier duplicates, the other way round
    return 40, tuples


def el_graph(rng):
    # Sparse ids (renumbered by the build), integer and decimal weights, duplicates.
    ids = [1000 * i + 7 for i in range(30)]
    tuples = []
    for i in range(1, 30):
        tuples.append((ids[i], ids[rng.randint(0, i - 1)], rng.choice([1, 2, 3, 0.5, 0.75, 12.125])))
    for _ in range(40):
        a, b = rng.sample(ids, 2)
        tuples.append((a, b, rng.randint(1, 20)))
    tuples += [(ids[3], ids[4], 100), (ids[4], ids[3], 0.125)]
    return ids, tuples


def distances(vertices, tuples, roots, directed=False):
    """vertices: the file ids; returns {root: [(vertex, distance)]} in vertex order."""
    index = {v: i for i, v in enumerate(vertices)}
    least = {}
    for u, v, w in tuples:
        if u == v:
            continue
        key = (index[u], index[v]) if directed else (min(index[u], index[v]), max(index[u], index[v]))
        least[key] = min(least.get(key, float("inf")), float(w))
    rows = [a for a, b in least] + ([] if directed else [b for a, b in least])
    cols = [b for a, b in least] + ([] if directed else [a for a, b in least])
    data = list(least.values()) * (1 if directed else 2)
    graph = csr_matrix((data, (rows, cols)), shape=(len(vertices), len(vertices)))
    result = {}
    for root in roots:
        d = dijkstra(graph, directed=directed, indices=index[root])
        result[root] = [(vertices[i], d[i]) for i in range(len(vertices))]
    return result


def write_golden(path, result):
    with open(path, "w") as out:
        out.write("# root vertex distance (scipy.sparse.csgraph.dijkstra, float64; inf: unreached)\n")
        for root, rows in result.items():
            for vertex, d in rows:
                out.write(f"{root} {vertex} {'inf' if np.isinf(d) else repr(float(d))}\n")


def main():
    rng = random.Random(40)
    n, tuples = mtx_graph(rng)
    with open("road.mtx", "w") as out:
        out.write("%%MatrixMarket matrix coordinate real general\n% semibfs test graph (make_vectors.py)\n")
        out.write(f"{n} {n} {len(tuples)}\n")
        for u, v, w in tuples:
            out.write(f"{u} {v} {w}\n")
    write_golden("road.mtx.sssp.txt", distances(list(range(1, n + 1)), tuples, [1, 36, 40]))
    write_golden("road.mtx.directed-sssp.txt", distances(list(range(1, n + 1)), tuples, [35, 1, 36], directed=True))
    ids, tuples = el_graph(rng)
    with open("mixed.el", "w") as out:
        for u, v, w in tuples:
            out.write(f"{u}\t{v} {w}\n")
    used = sorted({u for u, v, w in tuples} | {v for u, v, w in tuples})
    write_golden("mixed.el.sssp.txt", distances(used, tuples, [ids[0], ids[17]]))
    write_golden("mixed.el.directed-sssp.txt", distances(used, tuples, [ids[29], ids[17]], directed=True))


if __name__ == "__main__":
    main()
