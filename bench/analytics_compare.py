#!/usr/bin/env python3
"""PageRank and connected components: semibfs beside Ligra/Ligra+ and NetworKit (issue 17).

Runs, on graphs bench/ligra_compare.sh prepared in out/ligra_compare/ (NAME.pstore and
NAME.cstore, semibfs's plain and compressed stores; NAME.adj and NAME.byte, Ligra's plain and
byte-coded files; NAME.el, the 0-based edge list), each tool's PageRank for a fixed number of
iterations and its connected components, interleaved over rounds (the order rotating each round),
every tool with the same threads, and prints per tool the median over the rounds of the time its
own timer gives (loading excluded): semibfs's pagerank_time / cc_time, Ligra's "Running time"
(one round a process), and NetworKit's run() timed around the call. Needs the Python package
networkit (a virtual environment outside the repository) and Ligra built outside it:

  bench/ligra_compare.sh --setup && bench/ligra_compare.sh kron:20   # graphs and Ligra, once
  (cd $LIGRA/apps-byte && OPENMP=1 BYTE=1 make PageRank Components)
  /path/to/venv/bin/python bench/analytics_compare.py --rounds 3 --iterations 10 kron20

Environment: SEMIBFS (default ./build/semibfs), LIGRA (default /work/ext/ligra), THREADS (2).
PageRank's semantics differ slightly (Ligra does not spread the rank of vertices without
out-edges), but each iteration is one pass over every edge in all three; the iteration count is
fixed so that the times compare. Components: each tool runs to its own end (label propagation in
semibfs and Ligra; NetworKit's is a sequential search).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import time

SEMIBFS = os.environ.get("SEMIBFS", "./build/semibfs")
LIGRA = os.environ.get("LIGRA", "/work/ext/ligra")
THREADS = int(os.environ.get("THREADS", "2"))
OUT = "out/ligra_compare"


def run(command):
    env = dict(os.environ, OMP_NUM_THREADS=str(THREADS))
    result = subprocess.run(command, capture_output=True, text=True, env=env)
    if result.returncode != 0:
        sys.exit(f"analytics_compare: {' '.join(command)} failed: {result.stderr.strip()[-400:]}")
    return result.stdout + result.stderr


def semibfs_seconds(command, store, iterations):
    arguments = [SEMIBFS, command, "--store", store, "--threads", str(THREADS)]
    if command == "pagerank":
        arguments += ["--iterations", str(iterations), "--tolerance", "1e-300"]
    text = run(arguments)
    key = "pagerank_time" if command == "pagerank" else "cc_time"
    return float(re.search(key + r": ([0-9.]+) s", text).group(1))


def ligra_seconds(app, graph_file, compressed, iterations):
    arguments = [f"{LIGRA}/apps-byte/{app}", "-s", "-rounds", "1"]
    if app == "PageRank":
        arguments += ["-maxiters", str(iterations)]
    if compressed:
        arguments.append("-c")
    text = run(arguments + [graph_file])
    return float(re.findall(r"Running time : ([0-9.e+-]+)", text)[-1])


_networkit_graphs = {}


def networkit_seconds(algorithm, edge_list, iterations):
    import networkit as nk
    nk.setNumberOfThreads(THREADS)
    if edge_list not in _networkit_graphs:
        reader = nk.graphio.EdgeListReader(" ", 0, directed=False, continuous=True)
        graph = reader.read(edge_list)
        graph.removeMultiEdges()
        graph.removeSelfLoops()
        _networkit_graphs[edge_list] = graph
    graph = _networkit_graphs[edge_list]
    if algorithm == "pagerank":
        task = nk.centrality.PageRank(graph, damp=0.85, tol=1e-300)
        task.maxIterations = iterations
    else:
        task = nk.components.ConnectedComponents(graph)
    start = time.perf_counter()
    task.run()
    return time.perf_counter() - start


def tools(name, iterations):
    base = f"{OUT}/{name}"

    # One algorithm in each tool: semibfs's and NetworKit's name for it, and Ligra's app.
    def runs(algorithm, ligra_app):
        return {
            "semibfs plain": lambda: semibfs_seconds(algorithm, base + ".pstore", iterations),
            "semibfs compressed": lambda: semibfs_seconds(algorithm, base + ".cstore", iterations),
            "Ligra": lambda: ligra_seconds(ligra_app, base + ".adj", False, iterations),
            "Ligra+ byte": lambda: ligra_seconds(ligra_app, base + ".byte", True, iterations),
            "NetworKit": lambda: networkit_seconds(algorithm, base + ".el", iterations),
        }

    return {"pagerank": runs("pagerank", "PageRank"), "cc": runs("cc", "Components")}


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("graphs", nargs="+", help="names prepared by bench/ligra_compare.sh (e.g. kron20)")
    options = parser.parse_args()
    for name in options.graphs:
        table = tools(name, options.iterations)
        times = {algorithm: {tool: [] for tool in table[algorithm]} for algorithm in table}
        for round_index in range(options.rounds):
            for algorithm, entries in table.items():
                order = list(entries)
                order = order[round_index % len(order):] + order[:round_index % len(order)]
                for tool in order:
                    seconds = entries[tool]()
                    times[algorithm][tool].append(seconds)
                    print(f"# {name} round {round_index + 1} {algorithm} {tool}: {seconds:.4f} s", file=sys.stderr)
        print(f"{name}, {THREADS} threads, {options.rounds} rounds, PageRank {options.iterations} iterations")
        print("| algorithm | tool | median s | rounds s | vs semibfs plain |")
        print("|---|---|---|---|---|")
        for algorithm, entries in times.items():
            reference = statistics.median(entries["semibfs plain"])
            for tool, values in entries.items():
                median = statistics.median(values)
                rounds = ", ".join(f"{value:.4f}" for value in values)
                print(f"| {algorithm} | {tool} | {median:.4f} | {rounds} | {median / reference:.2f} |")
        print(json.dumps({"graph": name, "threads": THREADS, "iterations": options.iterations, "seconds": times}))


if __name__ == "__main__":
    main()
