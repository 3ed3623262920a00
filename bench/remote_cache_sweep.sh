#!/usr/bin/env bash
# Remote vertex caches (Cicotti and Carrington, Tables 1, 4 and 5) side by side, interleaved: per round a
# `semibfs run` under `mpirun -np RANKS` (one thread per rank, every search validated) for each
# configuration, the order reversed every other round. A configuration is a number (entries of a
# cache per rank, 0 for none) or a quoted set of options (e.g. "--remote-cache server"). Prints per
# run the pairs generated, the hit rate, the normalized messages (pairs sent / generated), the
# requests to a cache outside the ranks (messages and bytes) and the harmonic mean TEPS; at the
# end each configuration's medians and its TEPS over the first configuration's.
#
#   bench/remote_cache_sweep.sh SEMIBFS SCALE RANKS ROUNDS "EXTRA OPTIONS" CONFIGURATION...
# e.g.
#   bench/remote_cache_sweep.sh build/semibfs 20 4 3 "--roots 16 --policy top-down" 0 65536 1048576 16777216
#   bench/remote_cache_sweep.sh build/semibfs 20 4 3 "--roots 16 --policy top-down" 0 "--remote-cache local" \
#     "--remote-cache node" "--remote-cache server"
set -euo pipefail
semibfs=$1 scale=$2 ranks=$3 rounds=$4 extra=$5
shift 5
configurations=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=bench/rounds.sh
source "$(dirname "$0")/rounds.sh"
# "generated hit_rate normalized cache_messages cache_bytes teps" of a run's JSON.
figures() {
  python3 - "$1" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
assert report["validation_passed"]
counts = report["distributed"]["remote_cache_counts"]
print(counts["pairs_generated"], f"{counts['hit_rate']:.4f}", f"{counts['normalized_messages']:.4f}",
      counts["cache_messages"], counts["cache_bytes"], report["graph500"]["teps"]["harmonic_mean"])
PY
}
options_of() { if [[ $1 =~ ^[0-9]+$ ]]; then echo "--remote-cache-entries $1"; else echo "$1"; fi; }
key_of() { echo "$1" | tr -c 'A-Za-z0-9\n' '_'; }
for round in $(seq "$rounds"); do
  mapfile -t order < <(round_order "$round" "${configurations[@]}")
  for configuration in "${order[@]}"; do
    key=$(key_of "$configuration")
    # shellcheck disable=SC2046,SC2086
    OMP_NUM_THREADS=1 mpirun --oversubscribe --allow-run-as-root -np "$ranks" "$semibfs" run --scale "$scale" \
      --threads 1 $(options_of "$configuration") $extra --json "$work/run.json" >/dev/null 2>"$work/err" ||
      { echo "[$configuration] failed: $(tail -1 "$work/err")"; exit 1; }
    read -r generated rate normalized cache_messages cache_bytes teps < <(figures "$work/run.json")
    echo "round $round [$configuration]: pairs_generated $generated hit_rate $rate normalized_messages $normalized" \
      "cache_messages $cache_messages cache_bytes $cache_bytes harmonic_mean_TEPS $teps"
    echo "$rate" >>"$work/$key.rate"
    echo "$normalized" >>"$work/$key.normalized"
    echo "$teps" >>"$work/$key.teps"
  done
done
first=$(median <"$work/$(key_of "${configurations[0]}").teps")
for configuration in "${configurations[@]}"; do
  key=$(key_of "$configuration")
  teps=$(median <"$work/$key.teps")
  echo "median [$configuration]: hit_rate $(median <"$work/$key.rate") normalized_messages" \
    "$(median <"$work/$key.normalized") harmonic_mean_TEPS $teps ($(python3 -c "print(f'{$teps / $first:.3f}')")x the first)"
done
