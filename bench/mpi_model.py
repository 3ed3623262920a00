#!/usr/bin/env python3
"""Communication model of the search across ranks, after Cui et al. equations (1) and (2).

Reads the JSON of a run under mpirun (`semibfs run --json`) and
  --check      compares the bitmap and summary bytes each bottom-up level moved with what the model
               says for that run's ranks, nodes and sharing (exact), and the pair
               bytes of all top-down levels with their expected share of remote entries;
  --predict    predicts, for R ranks on N nodes at SCALE 30..42, the bytes a search moves between
               nodes and the time at a stated network bandwidth, under each queue sharing, taking
               from the measured run how many bottom-up publishes a search makes and how many pair
               bytes per input edge its top-down levels send.

The model, per publish of the frontier (a bottom-up level, or the switch into bottom-up):
  m = the bitmap's bytes (2^SCALE / 8, whole 64-bit words per rank);
  none (each rank its own copy):   every rank sends its slice to R - 1 ranks: m (R - 1) bytes in all
                                    (eq. 1), of which a node's ranks send m (R - P) (P ranks per
                                    node) over the network;
  in / all (node-shared queues):   the nodes' parts between nodes only: m (N - 1) bytes in all (eq. 2),
                                    the summary computed on each node instead of sent;
  the parallel allgather moves the same bytes in P streams per node instead of one.
Time per publish: the bytes a node receives over the network divided by the node's bandwidth,
which one stream reaches only to --stream-share of (Cui et al. Fig. 4: more processes per node drew
more of the dual InfiniBand ports' bandwidth).

  bench/mpi_model.py --check RUN.json
  bench/mpi_model.py --predict RUN.json --ranks 128 --nodes 16 --bandwidth-gbs 10 --stream-share 0.5
"""
import argparse
import json
import sys


def words_bytes(vertices, ranks):
    """Bytes of the bitmap as the ranks hold it: whole 64-bit words, ranges split on words."""
    words = (vertices + 63) // 64
    return words * 8


def summary_words_bytes(vertices, ranks, group_bits):
    """Bytes of the summary pieces all ranks send: each rank's groups, in whole words."""
    words = (vertices + 63) // 64
    per_rank_words = max(1, -(-words // ranks))
    total = 0
    for r in range(ranks):
        first = min(vertices, r * per_rank_words * 64)
        end = min(vertices, (r + 1) * per_rank_words * 64)
        if end <= first:
            continue
        groups = (end - 1) // group_bits - first // group_bits + 1
        total += -(-groups // 64) * 8
    return total


def gathered_slice_bytes(vertices, ranks, nodes):
    """Bytes the ranks other than each node's first send to it: their slices of the bitmap, in whole
    words (nodes of ceil(R / N) consecutive ranks, the last one possibly smaller)."""
    words = (vertices + 63) // 64
    per_rank_words = max(1, -(-words // ranks))
    per_node = -(-ranks // nodes)
    total = 0
    for r in range(ranks):
        if r % per_node != 0:
            total += max(0, min(words, (r + 1) * per_rank_words) - min(words, r * per_rank_words)) * 8
    return total


def publishes_per_level(levels):
    """1 for a bottom-up level after a bottom-up level, 2 for the first after top-down (the switch)."""
    counts, previous_bottom_up = [], False
    for level in levels:
        bottom_up = level["direction"] == "bottom-up"
        counts.append(0 if not bottom_up else (1 if previous_bottom_up else 2))
        previous_bottom_up = bottom_up
    return counts


def check(report):
    dist = report["distributed"]
    ranks, sharing = dist["ranks"], dist["queue_sharing"]
    vertices = report["options"]["vertices"]
    m = words_bytes(vertices, ranks)
    group_bits = report["options"]["summary_bits"]
    nodes = dist["nodes"] if dist["nodes"] > 0 else ranks
    failures = 0
    for root in report["roots"]:
        for level, publishes in zip(root["levels"], publishes_per_level(root["levels"])):
            traffic = level["communication"]["traffic"]
            measured = traffic.get("bitmap", {}).get("bytes", 0)
            if sharing == "none":
                expected = publishes * m * (ranks - 1)
            elif sharing == "all":
                expected = publishes * m * (nodes - 1)  # eq. (2): the nodes' parts between nodes
            else:  # in: eq. (2), and each node's other ranks send their slices to its leader
                expected = publishes * (m * (nodes - 1) + gathered_slice_bytes(vertices, ranks, nodes))
            measured_summary = traffic.get("summary", {}).get("bytes", 0)
            expected_summary = (publishes * summary_words_bytes(vertices, ranks, group_bits) * (ranks - 1)
                                if sharing == "none" and group_bits else 0)
            ok = measured == expected and measured_summary == expected_summary
            failures += not ok
            print(f"root {root['root']} level {level['level']} {level['direction']:9s} bitmap {measured} "
                  f"(model {expected}) summary {measured_summary} "
                  f"(model {expected_summary}){'' if ok else '  MISMATCH'}")
    print(f"{failures} level(s) differ from the model" if failures else "every level as the model says")
    pairs_ok = check_pairs(report)
    if failures == 0 and pairs_ok:
        print("bitmap, summary and pairs as the model says")
    return failures == 0 and pairs_ok


def check_pairs(report, tolerance=0.05):
    """The pairs of top-down levels: 8 bytes for each examined entry whose neighbour another rank owns.

    The generator permutes vertex ids at random, so an entry's neighbour is remote with probability
    (R - 1) / R; the check is over all searches together (a single level with a hub in its frontier
    strays far from the mean) and fails when the measured bytes stray more than `tolerance`.
    """
    ranks = report["distributed"]["ranks"]
    measured = expected = 0
    for root in report["roots"]:
        for level in root["levels"]:
            measured += level["communication"]["traffic"].get("pairs", {}).get("bytes", 0)
            if level["direction"] == "top-down":
                expected += 8 * level["edges_examined"] * (ranks - 1) / ranks
    if expected == 0:
        print("pairs: no top-down entries to check")
        return measured == 0
    ratio = measured / expected
    ok = abs(ratio - 1) <= tolerance
    print(f"pairs over all searches: {measured} bytes, model {expected:.0f} (8 bytes x examined top-down entries x "
          f"(R - 1) / R): {ratio:.4f} of the model{'' if ok else '  MISMATCH'}")
    return ok


def predict(report, ranks, nodes, bandwidth, stream_share):
    per_node = ranks // nodes
    roots = report["roots"]
    publishes = sum(sum(publishes_per_level(r["levels"])) for r in roots) / len(roots)
    pair_bytes = sum(l["communication"]["traffic"].get("pairs", {}).get("bytes", 0)
                     for r in roots for l in r["levels"]) / len(roots)
    measured_ranks = report["distributed"]["ranks"]
    remote_share = (measured_ranks - 1) / measured_ranks if measured_ranks > 1 else 1
    pairs_per_edge = pair_bytes / report["options"]["input_edges"] / remote_share
    print(f"from the run: {publishes:.2f} bitmap publishes per search, {pairs_per_edge:.4f} pair bytes per "
          f"input edge (scaled by the remote share (R - 1) / R)")
    print(f"R = {ranks} ranks on N = {nodes} nodes, {bandwidth / 1e9:g} GB/s per node, one stream "
          f"reaches {stream_share:g} of it")
    print("SCALE  sharing          network_bytes_per_search  seconds_per_search")
    for scale in range(30, 43, 2):
        m = (1 << scale) // 8
        pairs = pairs_per_edge * 16 * (1 << scale) * (ranks - 1) / ranks * (ranks - per_node) / max(ranks - 1, 1)
        cases = {
            "none": (m * (ranks - per_node), per_node),          # eq. (1), network part
            "all": (m * (nodes - 1), 1),                         # eq. (2), leaders
            "all+parallel": (m * (nodes - 1), per_node),         # eq. (2), P streams per node
        }
        for name, (bitmap_bytes, streams) in cases.items():
            total = publishes * bitmap_bytes + pairs
            per_node_bytes = total / nodes
            seconds = per_node_bytes / (bandwidth * min(1.0, streams * stream_share))
            print(f"{scale:5d}  {name:15s}  {total:24.4g}  {seconds:18.4g}")


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("run", help="the JSON of a run under mpirun")
    parser.add_argument("--check", action="store_true")
    parser.add_argument("--predict", action="store_true")
    parser.add_argument("--ranks", type=int, default=128)
    parser.add_argument("--nodes", type=int, default=16)
    parser.add_argument("--bandwidth-gbs", type=float, default=10.0, help="network bandwidth per node, GB/s")
    parser.add_argument("--stream-share", type=float, default=0.5)
    args = parser.parse_args()
    report = json.load(open(args.run))
    if "distributed" not in report:
        sys.exit(f"{args.run}: not a run under mpirun (no 'distributed' section)")
    ok = True
    if args.check or not args.predict:
        ok = check(report)
    if args.predict:
        predict(report, args.ranks, args.nodes, args.bandwidth_gbs * 1e9, args.stream_share)
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
