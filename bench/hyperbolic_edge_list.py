#!/usr/bin/env python3
"""Writes a random hyperbolic graph (Krioukov et al., Phys. Rev. E 82, 2010) as a 0-based edge list.

NetworKit's HyperbolicGenerator (von Looz et al., ISAAC 2015) numbers the vertices so that
neighbours tend to have near ids: a graph with the locality that web and social graphs show after
a good ordering, unlike the Graph500 Kronecker graph. Needs the PyPI package networkit.

    python3 bench/hyperbolic_edge_list.py VERTICES AVERAGE_DEGREE GAMMA OUT.el [SEED]
"""
import sys

import networkit


def main(argv):
    if len(argv) not in (5, 6):
        sys.exit("usage: hyperbolic_edge_list.py VERTICES AVERAGE_DEGREE GAMMA OUT.el [SEED]")
    vertices, average_degree, gamma, out = int(argv[1]), float(argv[2]), float(argv[3]), argv[4]
    networkit.setSeed(int(argv[5]) if len(argv) == 6 else 42, False)
    graph = networkit.generators.HyperbolicGenerator(vertices, average_degree, gamma).generate()
    networkit.graphio.writeGraph(graph, out, networkit.Format.EdgeListSpaceZero)
    print(f"{out}: {graph.numberOfNodes()} vertices, {graph.numberOfEdges()} edges")


if __name__ == "__main__":
    main(sys.argv)
