#!/usr/bin/env python3
"""Relabels a 0-based edge list ("u v" per line) by descending degree: the hub gets id 0.

Degrees are those of the graph semibfs builds (symmetrized, self-loops and duplicates dropped),
ties go to the smaller old id, and vertices 0..max id are kept (isolated ones last), so the
result is the graph that `semibfs_compress_probe --graph IN relabel` measures. Writes each
undirected edge once, as "new_u new_v" with new_u < new_v. Needs numpy.

    python3 bench/relabel_by_degree.py IN.el OUT.el
"""
import sys

import numpy


def main(argv):
    if len(argv) != 3:
        sys.exit("usage: relabel_by_degree.py IN.el OUT.el")
    ids = numpy.fromfile(argv[1], dtype=numpy.int64, sep=" ")
    if ids.size % 2:
        sys.exit(f"{argv[1]}: an odd number of ids, not 'u v' pairs")
    u, v = ids[0::2], ids[1::2]
    num_vertices = int(ids.max()) + 1
    keep = u != v
    low, high = numpy.minimum(u[keep], v[keep]), numpy.maximum(u[keep], v[keep])
    pairs = numpy.unique(low * num_vertices + high)
    low, high = pairs // num_vertices, pairs % num_vertices
    degree = numpy.bincount(low, minlength=num_vertices) + numpy.bincount(high, minlength=num_vertices)
    order = numpy.lexsort((numpy.arange(num_vertices), -degree))  # last key first: degree, then id
    new_id = numpy.empty(num_vertices, dtype=numpy.int64)
    new_id[order] = numpy.arange(num_vertices)
    new_low, new_high = new_id[low], new_id[high]
    edges = numpy.stack([numpy.minimum(new_low, new_high), numpy.maximum(new_low, new_high)], axis=1)
    numpy.savetxt(argv[2], edges, fmt="%d")


if __name__ == "__main__":
    main(sys.argv)
