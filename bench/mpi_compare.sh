#!/usr/bin/env bash
# Runs across ranks against one process on this machine, interleaved: each configuration is a
# `semibfs run` (64 searches, every one validated) at SCALE, and the rounds alternate their order.
# Prints per round each configuration's harmonic mean TEPS, construction time and the share of
# the searches' time its ranks spent in exchanges; at the end the medians and each one's ratio
# to the first configuration.
#
#   bench/mpi_compare.sh SEMIBFS SCALE ROUNDS CONFIG...
# where CONFIG is "NAME:RANKS:THREADS:EXTRA OPTIONS" and RANKS 0 means a lone process, e.g.
#   bench/mpi_compare.sh build/semibfs 20 3 "alone:0:2:" "2x1:2:1:" "2x1-s256:2:1:--summary-bits 256"
set -euo pipefail
semibfs=$1 scale=$2 rounds=$3
shift 3
configs=("$@")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { grep -o "\"$1\": *[-0-9.e+]*" "$2" | head -1 | sed 's/.*: *//'; }
# shellcheck source=bench/rounds.sh
source "$(dirname "$0")/rounds.sh"
# The share of the ranks' search seconds spent in exchanges (0 for a lone process).
exchange_share() {
  python3 - "$1" <<'PY'
import json, sys
report = json.load(open(sys.argv[1]))
ranks = report.get("distributed", {}).get("per_rank", [])
comm = sum(r["communication_seconds"] for r in ranks)
comp = sum(r["computation_seconds"] for r in ranks)
print(f"{comm / (comm + comp):.3f}" if comm + comp > 0 else "0")
PY
}
declare -A teps=()
for round in $(seq "$rounds"); do
  mapfile -t order < <(round_order "$round" "${configs[@]}")
  for config in "${order[@]}"; do
    IFS=: read -r name ranks threads extra <<<"$config"
    json=$work/$name.json
    launcher=()
    if [ "$ranks" -gt 0 ]; then launcher=(mpirun --oversubscribe --allow-run-as-root -np "$ranks"); fi
    # shellcheck disable=SC2086
    OMP_NUM_THREADS=$threads "${launcher[@]}" "$semibfs" run --scale "$scale" --threads "$threads" $extra \
      --json "$json" >/dev/null 2>"$work/$name.err" || { cat "$work/$name.err" >&2; exit 1; }
    value=$(field harmonic_mean "$json")
    teps[$name]+="$value "
    echo "round $round $name: harmonic_mean_TEPS $value construction_s $(field construction_seconds "$json")" \
         "exchange_share $(exchange_share "$json")"
  done
done
first=""
for config in "${configs[@]}"; do
  name=${config%%:*}
  m=$(printf '%s\n' ${teps[$name]} | median)
  [ -z "$first" ] && first=$m
  echo "median $name: $m TEPS, $(awk -v a="$m" -v b="$first" 'BEGIN { printf "%.3f", a / b }')x the first"
done
