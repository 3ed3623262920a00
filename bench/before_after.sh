#!/usr/bin/env bash
# Two semibfs binaries (before and after a change) on the same runs, interleaved round by round
# (the order alternates each round) so that both see the same machine noise; medians and the ratio
# after/before of the harmonic-mean TEPS. The answer to "did this change move performance?".
set -euo pipefail

usage() {
  cat <<'EOF_USAGE'
Usage: bench/before_after.sh BEFORE AFTER [--rounds R] [--roots N] CASE...

BEFORE and AFTER are semibfs binaries (build the old commit outside the repository, e.g.
git worktree add /tmp/old COMMIT && cmake -S /tmp/old -B /tmp/old/build && cmake --build ...).
Each CASE is one `semibfs run`:
  S          SCALE S in DRAM
  S:SIZE     SCALE S under --dram-budget SIZE (e.g. 22:296MiB), searching a store built once by
             each binary in out/before-after/store-sS-NAME and read by it with --reuse
Every case runs R rounds (default 3), BEFORE and AFTER once per round each, with THREADS threads
(default 2) and N roots (default 64), all validated. Prints per case and binary the median of the
harmonic-mean TEPS, median TEPS and construction seconds, and the ratio AFTER/BEFORE of the
harmonic-mean medians; each round's figures too. Output in out/before-after/.
EOF_USAGE
}

die() { echo "bench/before_after.sh: $*" >&2; exit 1; }

[ $# -ge 2 ] || { usage >&2; exit 2; }
before=$1
after=$2
shift 2
rounds=3
roots=64
threads=${THREADS:-2}
cases=()
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --roots) roots=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    *) cases+=("$1"); shift ;;
  esac
done
[ ${#cases[@]} -gt 0 ] || die "no CASE given (e.g. 20 22 22:296MiB)"
for binary in "$before" "$after"; do [ -x "$binary" ] || die "$binary is not an executable"; done

cd "$(dirname "$0")/.."
out=out/before-after
mkdir -p "$out"

# The official block's value of `key` in a run's stdout.
official() { awk -v key="$1" '$1 == key || ($1 == "bfs" && $2 == key) {print $NF}' "$2"; }

# A store for the budget case of SCALE $1, built once by binary $2 (named $3): each binary reads
# a store it wrote, so that a change of the store's format does not stop the older one.
ensure_store() {
  local store=$out/store-s$1-$3
  if [ ! -f "$store/manifest" ]; then
    rm -rf "$store" && mkdir -p "$store"
    echo "building the store of SCALE $1 in $store" >&2
    "$2" run --scale "$1" --roots 1 --threads "$threads" --store "$store" >/dev/null 2>"$store.log"
  fi
  echo "$store"
}

# One run: binary, case, round; prints "hTEPS medianTEPS construction".
run_case() {
  local binary=$1 case=$2 round=$3 name=$4
  local scale=${case%%:*} arguments=()
  if [[ $case == *:* ]]; then
    arguments=(--store "$(ensure_store "$scale" "$binary" "$name")" --reuse --dram-budget "${case#*:}")
  fi
  local stem=$out/${name}-${case/:/-}-r$round
  "$binary" run --scale "$scale" --roots "$roots" --threads "$threads" "${arguments[@]}" >"$stem.out" 2>"$stem.err" ||
    die "$binary run failed for case $case (see $stem.err)"
  echo "$(official harmonic_mean_TEPS: "$stem.out") $(official median_TEPS: "$stem.out") $(official construction_time: "$stem.out")"
}

# shellcheck source=bench/rounds.sh
source "$(dirname "$0")/rounds.sh"

summary=$out/summary.txt
: >"$summary"
for case in "${cases[@]}"; do
  : >"$out/before.$case.txt"
  : >"$out/after.$case.txt"
  for round in $(seq 1 "$rounds"); do
    order=(before after)
    [ $((round % 2)) -eq 0 ] && order=(after before)
    for name in "${order[@]}"; do
      binary=$before
      [ "$name" = after ] && binary=$after
      figures=$(run_case "$binary" "$case" "$round" "$name")
      echo "$figures" >>"$out/$name.$case.txt"
      echo "case $case round $round $name: hTEPS medTEPS construction_s = $figures" | tee -a "$summary" >&2
    done
  done
done
{
  printf '\n| case | before hTEPS | after hTEPS | after/before | before median TEPS | after median TEPS | before constr s | after constr s |\n'
  printf '|---|---|---|---|---|---|---|---|\n'
  for case in "${cases[@]}"; do
    b=$(cut -d' ' -f1 "$out/before.$case.txt" | median)
    a=$(cut -d' ' -f1 "$out/after.$case.txt" | median)
    printf '| %s | %.4g | %.4g | %.3f | %.4g | %.4g | %.3f | %.3f |\n' "$case" "$b" "$a" "$(awk -v a="$a" -v b="$b" 'BEGIN {print a / b}')" \
      "$(cut -d' ' -f2 "$out/before.$case.txt" | median)" "$(cut -d' ' -f2 "$out/after.$case.txt" | median)" \
      "$(cut -d' ' -f3 "$out/before.$case.txt" | median)" "$(cut -d' ' -f3 "$out/after.$case.txt" | median)"
  done
} | tee -a "$summary"
