#!/usr/bin/env bash
# Variants of semibfs's options side by side: every variant is run once per round, rounds
# repeated, so that all variants see the same machine noise; prints each variant's median
# harmonic-mean TEPS and its ratio to the first variant (the baseline).
set -euo pipefail

usage() {
  cat <<'EOF_USAGE'
Usage: bench/sweep.sh [--scale S] [--rounds R] [--roots N] [--validate] VARIANT...

Each VARIANT is a quoted string of `semibfs run` options, e.g.
  bench/sweep.sh --scale 20 --rounds 3 "" "--policy beamer" "--alpha 1e3 --beta 1e4"
runs ./build/semibfs (or $SEMIBFS) at SCALE S (default 20) with THREADS threads (default 2) and
N roots (default 64), validation skipped unless --validate, and prints per variant the median
over the rounds of the harmonic-mean TEPS, of the median TEPS and of the construction seconds,
the ratio of its median harmonic TEPS to the first variant's, and the total seconds per level
direction (top-down / bottom-up, summed over the searches, from the JSON).
Every run's output and JSON are kept in out/sweep/, the printed table in out/sweep/summary.txt.
EOF_USAGE
}

die() { echo "bench/sweep.sh: $*" >&2; exit 1; }

cd "$(dirname "$0")/.."
semibfs=${SEMIBFS:-./build/semibfs}
threads=${THREADS:-2}
scale=20
rounds=3
roots=64
validation=(--skip-validation)
variants=()
while [ $# -gt 0 ]; do
  case $1 in
    --scale) [ $# -ge 2 ] || die "--scale needs a number"; scale=$2; shift 2 ;;
    --rounds) [ $# -ge 2 ] || die "--rounds needs a number"; rounds=$2; shift 2 ;;
    --roots) [ $# -ge 2 ] || die "--roots needs a number"; roots=$2; shift 2 ;;
    --validate) validation=(); shift ;;
    -h | --help) usage; exit 0 ;;
    *) variants+=("$1"); shift ;;
  esac
done
[ ${#variants[@]} -gt 0 ] || die "give at least one VARIANT (\"\" is the defaults); see --help"
for number in "$scale" "$rounds" "$roots" "$threads"; do
  [[ $number =~ ^[1-9][0-9]*$ ]] || die "SCALE, rounds, roots and THREADS must be positive numbers, got '$number'"
done
[ -x "$semibfs" ] || die "$semibfs not found: run 'make build' first (or set SEMIBFS=PATH)"

field() { awk -v key="$1" 'index($0, key) == 1 { print $NF }' "$2"; }
# shellcheck source=bench/rounds.sh
source "$(dirname "$0")/rounds.sh"
# Seconds spent top-down and bottom-up over all searches of one run.
direction_seconds() {
  python3 -c '
import json, sys
report = json.load(open(sys.argv[1]))
total = {"top-down": 0.0, "bottom-up": 0.0}
for root in report["roots"]:
    for level in root["levels"]:
        total[level["direction"]] += level["seconds"]
print("%.4f %.4f" % (total["top-down"], total["bottom-up"]))' "$1"
}

mkdir -p out/sweep
rm -f out/sweep/*.row
exec > >(tee out/sweep/summary.txt)
echo "# bench/sweep.sh, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, $(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
echo "# semibfs commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown), SCALE $scale, $threads threads," \
     "$roots roots, $rounds rounds, $([ ${#validation[@]} -eq 0 ] && echo validated || echo 'validation skipped')"
for round in $(seq "$rounds"); do
  for index in "${!variants[@]}"; do
    base="out/sweep/v$index-r$round"
    # shellcheck disable=SC2086  # a variant is a list of words
    OMP_NUM_THREADS=$threads "$semibfs" run --scale "$scale" --threads "$threads" --roots "$roots" \
      "${validation[@]}" ${variants[$index]} --json "$base.json" >"$base.out" 2>"$base.err" ||
      die "variant '${variants[$index]}' failed: see $base.err"
    echo "$(field 'bfs  harmonic_mean_TEPS:' "$base.out") $(field 'bfs  median_TEPS:' "$base.out")" \
      "$(field construction_time: "$base.out") $(direction_seconds "$base.json")" >>"out/sweep/v$index.row"
    echo "round $round/$rounds, variant $((index + 1))/${#variants[@]} done" >&2
  done
done
printf '%-40s %12s %12s %8s %9s %9s %9s\n' variant hmean_TEPS median_TEPS ratio constr_s td_s bu_s
baseline=""
for index in "${!variants[@]}"; do
  rows="out/sweep/v$index.row"
  harmonic=$(awk '{ print $1 }' "$rows" | median)
  [ -n "$baseline" ] || baseline=$harmonic
  printf '%-40s %12.4g %12.4g %8.3f %9.3f %9.4f %9.4f\n' "${variants[$index]:-(defaults)}" "$harmonic" \
    "$(awk '{ print $2 }' "$rows" | median)" "$(awk -v a="$harmonic" -v b="$baseline" 'BEGIN { print a / b }')" \
    "$(awk '{ print $3 }' "$rows" | median)" "$(awk '{ print $4 }' "$rows" | median)" \
    "$(awk '{ print $5 }' "$rows" | median)"
done
