#!/usr/bin/env bash
# What the store checks of issue 13 cost a `run --reuse` under a DRAM budget: the edge file's
# checksum (streamed once at open) and the structural checks of every array. AFTER (with the
# checks) and BEFORE (a build of the commit before them) each search a store of their own, made
# once with the same parameters; the rounds interleave the two. Prints per round the wall seconds
# of each run, their construction_seconds (reading the store: checksums and structural checks),
# AFTER's edge_file_check_seconds, and at the end the medians and the share of AFTER's wall time
# that the edge-file check took.
#
#   bench/check_cost.sh BEFORE AFTER SCALE BUDGET STORE_PARENT [ROUNDS]
set -euo pipefail
before=$1 after=$2 scale=$3 budget=$4 parent=$5 rounds=${6:-2}
field() { grep -o "\"$1\": *[-0-9.e+]*" "$2" | head -1 | sed 's/.*: *//'; }
# shellcheck source=bench/rounds.sh
source "$(dirname "$0")/rounds.sh"
declare -A walls=() opens=()
checks=()
for binary in before after; do
  store=$parent/s$scale-$binary
  if [ ! -e "$store/manifest" ]; then
    mkdir -p "$store"
    "${!binary}" run --scale "$scale" --store "$store" --dram-budget "$budget" --roots 1 >/dev/null 2>&1
  fi
done
for round in $(seq "$rounds"); do
  order=(before after)
  if [ $((round % 2)) -eq 0 ]; then order=(after before); fi
  for binary in "${order[@]}"; do
    json=$parent/check-cost-$binary.json
    start=$(date +%s.%N)
    "${!binary}" run --scale "$scale" --store "$parent/s$scale-$binary" --dram-budget "$budget" --reuse \
      --json "$json" >/dev/null 2>&1
    wall=$(echo "$(date +%s.%N) - $start" | bc)
    open=$(field construction_seconds "$json")
    walls[$binary]+="$wall "
    opens[$binary]+="$open "
    line="round $round $binary: wall ${wall} s, construction ${open} s"
    if [ "$binary" = after ]; then
      check=$(field edge_file_check_seconds "$json")
      checks+=("$check")
      line+=", edge-file check ${check} s"
    fi
    echo "$line"
  done
done
for binary in before after; do
  echo "$binary: median wall $(tr ' ' '\n' <<<"${walls[$binary]}" | grep . | median) s," \
       "median construction $(tr ' ' '\n' <<<"${opens[$binary]}" | grep . | median) s"
done
check=$(printf '%s\n' "${checks[@]}" | median)
wall=$(tr ' ' '\n' <<<"${walls[after]}" | grep . | median)
echo "edge-file check: median ${check} s, $(echo "scale=2; 100 * $check / $wall" | bc)% of AFTER's wall time"
