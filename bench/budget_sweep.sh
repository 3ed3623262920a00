#!/usr/bin/env bash
# Semi-external memory figures: the same graph searched with the whole graph in DRAM and under
# DRAM budgets of a fraction of the in-memory footprint, every variant once per round, rounds
# repeated (the machine is shared and noisy: compare ratios from one run, quote medians).
set -euo pipefail

usage() {
  cat <<'EOF_USAGE'
Usage: bench/budget_sweep.sh [--scale S] [--rounds R] [--roots N] [--store DIR] [--io KIND]
                             [--skip-validation] [--compress] [--forward-on-disk] [FRACTION...]

Builds the store of SCALE S (default 22) once in DIR (default out/budget-sweep/store-sS), runs
`semibfs run --reuse` on it with every list in DRAM (the in-memory reference), and then with
--dram-budget set to each FRACTION (default: 1 0.5 0.25 0.125) of the in-memory footprint (the
memory_bytes total of the reference run: edge list, graph, BFS status, validator). Every run is
timed by /usr/bin/time -v for its peak RSS. Prints per variant the median over R rounds (default 3)
of the harmonic-mean TEPS, its ratio to the in-memory median, the reads and MiB per search, the
list entries each byte read gave (ent/B: 0.25 for plain lists, more when compressed), the
mean request size, queue depth and latency percentiles, the seconds per search spent in top-down
and bottom-up levels, and the peak RSS. A budget below the planner's minimum is reported as such.
THREADS (default 2) threads; ./build/semibfs or $SEMIBFS. Output and JSON in out/budget-sweep/.
--compress: a compressed store of the same graph (DIR-z, variants z-...) and a compressed one
relabelled by degree (DIR-r, variants r-...) too, searched in DRAM and under the same budgets,
each right after its uncompressed variant in every round (the fractions stay fractions of the
uncompressed in-memory footprint).
--forward-on-disk: Iwabuchi et al.'s placement too (`--placement forward-on-disk`: the whole backward graph
in DRAM, every forward list read from the store; variants f-...), on the uncompressed store under
the same budgets, right after its planned variant in every round.
EOF_USAGE
}

die() { echo "bench/budget_sweep.sh: $*" >&2; exit 1; }

cd "$(dirname "$0")/.."
semibfs=${SEMIBFS:-./build/semibfs}
threads=${THREADS:-2}
scale=22
rounds=3
roots=64
io=auto
store=
validation=()
compress=0
forward_on_disk=0
fractions=()
while [ $# -gt 0 ]; do
  case $1 in
    --scale) [ $# -ge 2 ] || die "--scale needs a number"; scale=$2; shift 2 ;;
    --rounds) [ $# -ge 2 ] || die "--rounds needs a number"; rounds=$2; shift 2 ;;
    --roots) [ $# -ge 2 ] || die "--roots needs a number"; roots=$2; shift 2 ;;
    --store) [ $# -ge 2 ] || die "--store needs a directory"; store=$2; shift 2 ;;
    --io) [ $# -ge 2 ] || die "--io needs auto, uring or pread"; io=$2; shift 2 ;;
    --skip-validation) validation=(--skip-validation); shift ;;
    --compress) compress=1; shift ;;
    --forward-on-disk) forward_on_disk=1; shift ;;
    -h | --help) usage; exit 0 ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) fractions+=("$1"); shift ;;
  esac
done
[ ${#fractions[@]} -gt 0 ] || fractions=(1 0.5 0.25 0.125)
[ -x "$semibfs" ] || die "$semibfs is not built (run: make build)"
[ -x /usr/bin/time ] || die "/usr/bin/time is missing (apt-get install time)"
out=out/budget-sweep
mkdir -p "$out"
store=${store:-$out/store-s$scale}

common=(--scale "$scale" --roots "$roots" "${validation[@]}")
# Builds the store in directory $1 (options after it) unless it is there.
build_store() {
  local directory=$1
  shift
  [ -f "$directory/manifest" ] && return 0
  mkdir -p "$directory"
  echo "building the store of SCALE $scale in $directory" >&2
  OMP_NUM_THREADS=$threads "$semibfs" run "${common[@]}" --store "$directory" --roots 1 --skip-validation "$@" \
    >"$out/build.txt" 2>&1 || die "building the store failed; see $out/build.txt"
}
build_store "$store"
if [ "$compress" = 1 ]; then
  build_store "$store-z" --compress
  build_store "$store-r" --compress --vertex-order degree
fi

# One run: variant name, then semibfs options; JSON and output kept per round. A variant named
# z-... searches the compressed store, r-... the compressed one relabelled by degree, f-... the
# uncompressed one with Iwabuchi et al.'s placement.
run_variant() {
  local name=$1 round=$2
  shift 2
  local base="$out/s$scale-$name-r$round"
  local where=(--store "$store")
  [[ $name == z-* ]] && where=(--store "$store-z" --compress)
  [[ $name == r-* ]] && where=(--store "$store-r" --compress --vertex-order degree)
  [[ $name == f-* ]] && where=(--store "$store" --placement forward-on-disk)
  echo "round $round: $name" >&2
  if OMP_NUM_THREADS=$threads /usr/bin/time -v -o "$base.time" "$semibfs" run "${common[@]}" "${where[@]}" --reuse \
    --io "$io" --json "$base.json" "$@" >"$base.txt" 2>&1; then
    return 0
  fi
  echo "  failed: $(grep -m1 'semibfs run:' "$base.txt" || tail -n1 "$base.txt")" >&2
  rm -f "$base.json"
}

footprint() {
  python3 -c 'import json,sys; m=json.load(open(sys.argv[1]))["memory_bytes"]
print(sum(v for k, v in m.items() if k != "io_buffers"))' "$1"
}

for round in $(seq 1 "$rounds"); do
  run_variant in-memory "$round"
  reference="$out/s$scale-in-memory-r$round.json"
  [ -f "$reference" ] || die "the in-memory run failed; see $out/s$scale-in-memory-r$round.txt"
  total=$(footprint "$reference")
  if [ "$compress" = 1 ]; then
    run_variant z-in-memory "$round"
    run_variant r-in-memory "$round"
  fi
  for fraction in "${fractions[@]}"; do
    budget=$(python3 -c "import sys; print(int(float(sys.argv[1]) * int(sys.argv[2])))" "$fraction" "$total")
    run_variant "budget-$fraction" "$round" --dram-budget "$budget"
    if [ "$forward_on_disk" = 1 ]; then
      run_variant "f-budget-$fraction" "$round" --dram-budget "$budget"
    fi
    if [ "$compress" = 1 ]; then
      run_variant "z-budget-$fraction" "$round" --dram-budget "$budget"
      run_variant "r-budget-$fraction" "$round" --dram-budget "$budget"
    fi
  done
done

python3 - "$out" "$scale" "$rounds" "$compress" "$forward_on_disk" "${fractions[@]}" <<'EOF_PY' | tee "$out/summary-s$scale.txt"
import json, os, re, statistics, sys
out, scale, rounds = sys.argv[1], sys.argv[2], int(sys.argv[3])
compress, forward_on_disk, fractions = sys.argv[4] == "1", sys.argv[5] == "1", sys.argv[6:]

def load(name, round_):
    base = f"{out}/s{scale}-{name}-r{round_}"
    if not os.path.exists(base + ".json"):
        text = open(base + ".txt").read() if os.path.exists(base + ".txt") else ""
        line = next((l for l in text.splitlines() if "semibfs run:" in l), "failed")
        return None, line
    report = json.load(open(base + ".json"))
    rss = 0
    for line in open(base + ".time"):
        m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", line)
        if m: rss = int(m.group(1)) * 1024
    return (report, rss), None

def median(values):
    return statistics.median(values) if values else float("nan")

rows = []
names = ["in-memory"] + (["z-in-memory", "r-in-memory"] if compress else [])
for f in fractions:
    names += [f"budget-{f}"] + ([f"f-budget-{f}"] if forward_on_disk else [])
    names += [f"z-budget-{f}", f"r-budget-{f}"] if compress else []
for name in names:
    runs, error = [], None
    for r in range(1, rounds + 1):
        run, failure = load(name, r)
        if run: runs.append(run)
        else: error = failure
    if not runs:
        rows.append((name, None, error)); continue
    def per_search(report, key):
        roots = report["roots"]
        return sum(root.get("io", {}).get(key, 0) for root in roots) / len(roots)
    def level_seconds(report, direction):
        roots = report["roots"]
        return sum(l["seconds"] for root in roots for l in root["levels"] if l["direction"] == direction) / len(roots)
    io = [r["io"] for r, _ in runs if r.get("io")]
    def entries_per_byte(report):
        entries = sum(l.get("tail_entries", 0) for root in report["roots"] for l in root["levels"])
        read = sum(root.get("io", {}).get("bytes", 0) for root in report["roots"])
        return entries / read if read else 0
    rows.append((name, {
        "budget": runs[0][0]["options"].get("dram_budget_bytes", 0),
        "hteps": median([r["graph500"]["teps"]["harmonic_mean"] for r, _ in runs]),
        "valid": all(r["validation_passed"] and r["options"]["validation"] for r, _ in runs),
        "k": runs[0][0].get("placement", {}).get("head_entries", "-"),
        "reads": median([per_search(r, "requests") for r, _ in runs]),
        "mib": median([per_search(r, "bytes") / 2**20 for r, _ in runs]),
        "epb": median([entries_per_byte(r) for r, _ in runs]),
        "request": median([i["mean_request_bytes"] for i in io]) if io else 0,
        "depth": median([i["mean_queue_depth"] for i in io]) if io else 0,
        "p50": median([i["latency_us"]["p50"] for i in io]) if io else 0,
        "p99": median([i["latency_us"]["p99"] for i in io]) if io else 0,
        "td": median([level_seconds(r, "top-down") for r, _ in runs]),
        "bu": median([level_seconds(r, "bottom-up") for r, _ in runs]),
        "rss": median([rss for _, rss in runs]) / 2**20,
        "rounds": len(runs),
    }, None))

reference = rows[0][1]["hteps"] if rows[0][1] else float("nan")
print(f"SCALE {scale}, {rounds} rounds, medians; ratio = harmonic TEPS / in-memory harmonic TEPS")
print(f"{'variant':<15} {'budget MiB':>10} {'K':>5} {'hTEPS':>10} {'ratio':>6} {'valid':>5} {'reads/BFS':>9} "
      f"{'MiB/BFS':>8} {'ent/B':>5} {'req KiB':>7} {'QD':>5} {'p50 us':>7} {'p99 us':>7} {'TD s/BFS':>9} {'BU s/BFS':>9} {'RSS MiB':>8}")
for name, row, error in rows:
    if row is None:
        print(f"{name:<15} {error}"); continue
    print(f"{name:<15} {row['budget'] / 2**20:>10.0f} {str(row['k']):>5} {row['hteps']:>10.4g} "
          f"{row['hteps'] / reference:>6.3f} {'yes' if row['valid'] else 'NO':>5} {row['reads']:>9.0f} {row['mib']:>8.2f} {row['epb']:>5.2f} "
          f"{row['request'] / 1024:>7.1f} {row['depth']:>5.1f} {row['p50']:>7.0f} {row['p99']:>7.0f} "
          f"{row['td']:>9.4f} {row['bu']:>9.4f} {row['rss']:>8.0f}")
EOF_PY
