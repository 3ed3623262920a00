#!/usr/bin/env python3
"""PageRank and connected components under a DRAM budget, against themselves in DRAM (issue 17).

For each store, algorithm and build: the run in DRAM (its time and peak RSS, the footprint), then
runs at 75%, 50% and 25% of that footprint, each budget replaced by the build's stated minimum
where it is below it. Builds, stores and budgets are interleaved within a round, the order
rotating each round; the figures are medians over the rounds. Prints one table row per case:
the algorithm's own time (pagerank_time / cc_time from --json), the ratio in-DRAM time over
budgeted time (the issue's goal: at least 0.5 at 25%), the peak RSS and the budget's share of the
footprint.

  bench/analytics_budget.py --rounds 3 --iterations 5 out/ligra_compare/kron22.cstore ...
  bench/analytics_budget.py --build new=build/semibfs --build old=/path/to/semibfs STORE...

Environment: THREADS (default 2).
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile

THREADS = os.environ.get("THREADS", "2")
SHARES = [0.75, 0.50, 0.25]
MIB = 1 << 20


def run(binary, algorithm, store, iterations, budget=None):
    """One run: (seconds, peak RSS bytes), or the stated minimum in bytes when refused."""
    with tempfile.TemporaryDirectory() as scratch:
        report = os.path.join(scratch, "run.json")
        command = [binary, algorithm, "--store", store, "--threads", THREADS, "--json", report,
                   "-o", os.path.join(scratch, "result")]
        if algorithm == "pagerank":
            command += ["--iterations", str(iterations), "--tolerance", "1e-300"]
        if budget is not None:
            command += ["--dram-budget", str(budget)]
        result = subprocess.run(command, capture_output=True, text=True)
        if result.returncode != 0:
            refused = re.search(r"below the minimum of [0-9.]+ \S+ \(([0-9]+) bytes\)", result.stderr)
            if refused:
                return {"minimum": int(refused.group(1))}
            sys.exit(f"analytics_budget: {' '.join(command)} failed: {result.stderr.strip()[-400:]}")
        with open(report) as handle:
            figures = json.load(handle)
    return {"seconds": figures["seconds"], "rss": figures["peak_rss_bytes"]}


def budgeted(binary, algorithm, store, iterations, budget):
    """A run at `budget`, or at the stated minimum when the budget is below it (the minimum stated
    after the store's index is read may be above the first one: docs/PERFORMANCE.md, "Stated minimums")."""
    for _ in range(3):
        outcome = run(binary, algorithm, store, iterations, budget)
        if "minimum" not in outcome:
            return budget, outcome
        budget = outcome["minimum"]
    sys.exit(f"analytics_budget: {binary} {algorithm} {store}: refused at its own minimum three times")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("stores", nargs="+")
    parser.add_argument("--build", action="append", default=[], help="NAME=PATH of a semibfs binary")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--iterations", type=int, default=5, help="PageRank iterations")
    parser.add_argument("--algorithms", default="pagerank,cc")
    arguments = parser.parse_args()
    builds = [entry.split("=", 1) for entry in arguments.build] or [["semibfs", "build/semibfs"]]
    algorithms = arguments.algorithms.split(",")
    cases = [(store, algorithm) for store in arguments.stores for algorithm in algorithms]
    # Footprints first (one run in DRAM each), so that every round runs the same budgets.
    footprint = {}
    for store, algorithm in cases:
        for name, binary in builds:
            footprint[(store, algorithm, name)] = run(binary, algorithm, store, arguments.iterations)["rss"]
    samples = {}
    for round_index in range(arguments.rounds):
        order = [(case, build) for case in cases for build in builds]
        shift = round_index % len(order)
        for (store, algorithm), (name, binary) in order[shift:] + order[:shift]:
            whole = footprint[(store, algorithm, name)]
            dram = run(binary, algorithm, store, arguments.iterations)
            samples.setdefault((store, algorithm, name, "dram"), []).append((whole, dram))
            for share in SHARES:
                budget = int(whole * share) // MIB * MIB
                used, outcome = budgeted(binary, algorithm, store, arguments.iterations, budget)
                samples.setdefault((store, algorithm, name, share), []).append((used, outcome))
            print(f"round {round_index + 1}: {name} {algorithm} {store} done", file=sys.stderr, flush=True)
    print("| store | algorithm | build | budget | share of footprint | seconds | vs in DRAM | peak RSS MiB |")
    print("|---|---|---|---|---|---|---|---|")
    for store, algorithm in cases:
        for name, _ in builds:
            whole = footprint[(store, algorithm, name)]
            dram_seconds = statistics.median(o["seconds"] for _, o in samples[(store, algorithm, name, "dram")])
            dram_rss = statistics.median(o["rss"] for _, o in samples[(store, algorithm, name, "dram")])
            print(f"| {os.path.basename(store)} | {algorithm} | {name} | in DRAM | 100% | {dram_seconds:.3f} | 1.00x | "
                  f"{dram_rss / MIB:.1f} |")
            for share in SHARES:
                runs = samples[(store, algorithm, name, share)]
                used = runs[0][0]
                seconds = statistics.median(o["seconds"] for _, o in runs)
                rss = max(o["rss"] for _, o in runs)
                label = f"{used / MIB:.2f} MiB" + (" (minimum)" if used > int(whole * share) else "")
                print(f"| {os.path.basename(store)} | {algorithm} | {name} | {label} | {100 * used / whole:.0f}% | "
                      f"{seconds:.3f} | {dram_seconds / seconds:.2f}x | {rss / MIB:.1f} |")


if __name__ == "__main__":
    main()
