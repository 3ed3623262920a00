#!/usr/bin/env bash
# The MPI issue's acceptance sweep: for every SCALE and rank count, a full `semibfs run` (64
# searches, every one validated) under `mpirun -np R`, checked against one process at the same
# SCALE: the same roots, nedge equal root by root, every search validated, and the official block
# saying `num_mpi_processes: R`. Prints one line per run and exits non-zero if any check fails.
#
#   bench/mpi_sweep.sh SEMIBFS "SCALES" "RANKS" [EXTRA OPTIONS...]
# e.g.
#   bench/mpi_sweep.sh build/semibfs "10 12 14 16 18" "1 2 3 4 6"
set -euo pipefail
semibfs=$1 scales=$2 rank_counts=$3
shift 3
extra=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
# Compares a run across ranks with the one-process run; prints the verdict's fields.
compare() {
  python3 - "$1" "$2" "$3" "$4" <<'PY'
import json, re, sys
alone, ranks_json, official, ranks = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
a, r = json.load(open(alone)), json.load(open(ranks_json))
same_roots = [x["root"] for x in a["roots"]] == [x["root"] for x in r["roots"]]
same_nedge = [x["nedge"] for x in a["roots"]] == [x["nedge"] for x in r["roots"]]
block = re.search(r"num_mpi_processes:\s*(\d+)", open(official).read())
printed = int(block.group(1)) if block else -1
ok = r["validation_passed"] and same_roots and same_nedge and printed == ranks and len(r["roots"]) == 64
teps = r["graph500"]["teps"]["harmonic_mean"]
print(f'{len(r["roots"]):6d} {str(r["validation_passed"]):9s} {str(same_roots):10s} {str(same_nedge):10s} '
      f'{printed:9d} {teps:12.4g} {"ok" if ok else "FAILED"}')
sys.exit(0 if ok else 1)
PY
}
printf '%5s %5s %6s %9s %10s %10s %9s %12s %s\n' scale ranks roots validated same_roots same_nedge mpi_procs harmonic_TEPS verdict
for scale in $scales; do
  "$semibfs" run --scale "$scale" --threads 1 --json "$work/alone.json" "${extra[@]}" >/dev/null 2>"$work/alone.err" ||
    { echo "one process at SCALE $scale failed: $(tail -1 "$work/alone.err")"; exit 1; }
  for ranks in $rank_counts; do
    if ! OMP_NUM_THREADS=1 mpirun --oversubscribe --allow-run-as-root -np "$ranks" "$semibfs" run --scale "$scale" \
        --threads 1 --json "$work/ranks.json" "${extra[@]}" >"$work/official.txt" 2>"$work/ranks.err"; then
      printf '%5s %5s run failed: %s\n' "$scale" "$ranks" "$(tail -1 "$work/ranks.err")"
      failures=$((failures + 1))
      continue
    fi
    printf '%5s %5s ' "$scale" "$ranks"
    compare "$work/alone.json" "$work/ranks.json" "$work/official.txt" "$ranks" || failures=$((failures + 1))
  done
done
echo "failed runs: $failures"
[ "$failures" -eq 0 ]
