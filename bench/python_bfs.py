#!/usr/bin/env python3
"""store.bfs(root) from Python against `semibfs bfs --root` on the same store, interleaved.

The CLI's figure is its own search time (`bfs_time`, the engine alone); Python's is the whole
call as a user times it (the search, the levels, the numpy arrays): the first call after the CLI's
process ran and a warm one, then the call without levels and, beside them, the search alone as
the result reports it. Prints each round and the medians of the ratios.

  build/python-venv/bin/python bench/python_bfs.py --scale 20 --rounds 3 --roots 8
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import time

import numpy as np

import semibfs


def make_store(binary, scale, directory, threads):
    if os.path.exists(os.path.join(directory, "manifest")):
        return
    os.makedirs(directory, exist_ok=True)
    edges = os.path.join(directory, "..", f"s{scale}.g500")
    subprocess.run([binary, "generate", "--scale", str(scale), "--format", "g500-packed", "-o", edges], check=True)
    subprocess.run([binary, "build", edges, "--store", directory, "--format", "g500-packed", "--threads",
                    str(threads)], check=True, stdout=subprocess.DEVNULL)
    os.remove(edges)


def cli_search_seconds(binary, directory, root, threads):
    out = subprocess.run([binary, "bfs", "--store", directory, "--root", str(root), "--threads", str(threads),
                          "--skip-validation"], check=True, capture_output=True, text=True).stdout
    return float(re.search(r"bfs_time: ([0-9.]+) s", out).group(1))


def timed(call):
    start = time.perf_counter()
    call()
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--roots", type=int, default=8)
    parser.add_argument("--threads", type=int, default=os.cpu_count())
    parser.add_argument("--binary", default="build/semibfs")
    parser.add_argument("--directory", default="/tmp/semibfs-python-bench/store")
    args = parser.parse_args()
    make_store(args.binary, args.scale, args.directory, args.threads)
    store = semibfs.open(args.directory, threads=args.threads)
    rng = np.random.default_rng(1)
    degrees_ok = [r for r in rng.integers(0, store.num_vertices, 4 * args.roots).tolist() if store.bfs(r).reached > 1]
    roots = degrees_ok[: args.roots]
    ratios = {"first": [], "warm": [], "parents": [], "search": []}
    for round_number in range(args.rounds):
        for root in roots:
            cli = cli_search_seconds(args.binary, args.directory, root, args.threads)
            # The CLI's process has just evicted this one's graph from the caches (its own search
            # follows its load of the graph): the first call pays for that, the next ones do not.
            first = timed(lambda: store.bfs(root))
            parents_call = timed(lambda: store.bfs(root, levels=False))
            result = store.bfs(root)
            warm = timed(lambda: store.bfs(root))
            for name, seconds in (("first", first), ("warm", warm), ("parents", parents_call),
                                  ("search", result.seconds)):
                ratios[name].append(seconds / cli)
            print(f"round {round_number} root {root}: cli {cli * 1e3:.2f} ms; python bfs(root): first "
                  f"{first * 1e3:.2f} ms ({first / cli:.3f}x), warm {warm * 1e3:.2f} ms ({warm / cli:.3f}x); "
                  f"levels=False {parents_call * 1e3:.2f} ms ({parents_call / cli:.3f}x); "
                  f"search {result.seconds * 1e3:.2f} ms ({result.seconds / cli:.3f}x)")
    print(f"median python bfs(root) / cli search, first call after the cli: {statistics.median(ratios['first']):.3f}x")
    print(f"median python bfs(root) / cli search, warm: {statistics.median(ratios['warm']):.3f}x")
    print(f"median python bfs(root, levels=False) / cli search: {statistics.median(ratios['parents']):.3f}x")
    print(f"median python search (with levels) / cli search: {statistics.median(ratios['search']):.3f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
