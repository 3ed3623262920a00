#!/usr/bin/env bash
# The remote vertex cache (LC-BFS, seed 004 Table 1) across cache sizes, interleaved: per round a
# `semibfs run` under `mpirun -np RANKS` (one thread per rank, every search validated) for each
# size, the order reversed every other round. Prints per run the pairs generated, the hit rate,
# the normalized messages (pairs sent / generated) and the harmonic mean TEPS; at the end each
# size's medians and its TEPS over the first size's.
#
#   bench/remote_cache_sweep.sh SEMIBFS SCALE RANKS ROUNDS "EXTRA OPTIONS" ENTRIES...
# e.g. (0 is no cache)
#   bench/remote_cache_sweep.sh build/semibfs 20 4 3 "--roots 16 --policy top-down" 0 65536 1048576 16777216
set -euo pipefail
semibfs=$1 scale=$2 ranks=$3 rounds=$4 extra=$5
shift 5
sizes=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=bench/rounds.sh
source "$(dirname "$0")/rounds.sh"
# "generated hit_rate normalized teps" of a run's JSON.
figures() {
  python3 - "$1" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
assert report["validation_passed"]
generated = hits = 0
for root in report["roots"]:
    for level in root["levels"]:
        generated += level["communication"]["pairs_generated"]
        hits += level["communication"]["remote_cache_hits"]
rate = hits / generated if generated else 0.0
print(generated, f"{rate:.4f}", f"{1 - rate:.4f}", report["graph500"]["teps"]["harmonic_mean"])
PY
}
for round in $(seq "$rounds"); do
  mapfile -t order < <(round_order "$round" "${sizes[@]}")
  for entries in "${order[@]}"; do
    # shellcheck disable=SC2086
    OMP_NUM_THREADS=1 mpirun --oversubscribe --allow-run-as-root -np "$ranks" "$semibfs" run --scale "$scale" \
      --threads 1 --remote-cache-entries "$entries" $extra --json "$work/run.json" >/dev/null 2>"$work/err" ||
      { echo "entries $entries failed: $(tail -1 "$work/err")"; exit 1; }
    read -r generated rate normalized teps < <(figures "$work/run.json")
    echo "round $round entries $entries: pairs_generated $generated hit_rate $rate normalized_messages $normalized harmonic_mean_TEPS $teps"
    echo "$rate" >>"$work/$entries.rate"
    echo "$normalized" >>"$work/$entries.normalized"
    echo "$teps" >>"$work/$entries.teps"
  done
done
first=$(median <"$work/${sizes[0]}.teps")
for entries in "${sizes[@]}"; do
  teps=$(median <"$work/$entries.teps")
  echo "median entries $entries: hit_rate $(median <"$work/$entries.rate") normalized_messages" \
    "$(median <"$work/$entries.normalized") harmonic_mean_TEPS $teps ($(python3 -c "print(f'{$teps / $first:.3f}')")x the first)"
done
