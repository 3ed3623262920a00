#!/usr/bin/env bash
# What validation costs an official run in DRAM (issue 41): BEFORE and AFTER each run
# `run --scale SCALE --roots ROOTS`, interleaved over ROUNDS rounds. Prints per run the wall
# seconds, the median search time and the median validation time per root from the official
# block, and at the end the medians of each and AFTER's validation over its search time.
#
#   bench/validation_cost.sh BEFORE AFTER SCALE [ROUNDS [ROOTS]]
set -euo pipefail
before=$1 after=$2 scale=$3 rounds=${4:-3} roots=${5:-64}
# shellcheck source=bench/rounds.sh
source "$(dirname "$0")/rounds.sh"
block_field() { grep -E "^bfs  $1:" "$2" | awk '{ print $NF }'; }
declare -A walls=() searches=() validations=()
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for round in $(seq "$rounds"); do
  for binary in $(round_order "$round" before after); do
    start=$(date +%s.%N)
    "${!binary}" run --scale "$scale" --roots "$roots" >"$out" 2>/dev/null
    wall=$(echo "$(date +%s.%N) - $start" | bc)
    search=$(block_field median_time "$out")
    validation=$(block_field median_validate "$out")
    echo "round $round $binary: wall $wall s, median search $search s, median validation $validation s"
    walls[$binary]+="$wall "
    searches[$binary]+="$search "
    validations[$binary]+="$validation "
  done
done
for binary in before after; do
  wall=$(echo "${walls[$binary]}" | tr ' ' '\n' | grep . | median)
  search=$(echo "${searches[$binary]}" | tr ' ' '\n' | grep . | median)
  validation=$(echo "${validations[$binary]}" | tr ' ' '\n' | grep . | median)
  ratio=$(echo "scale=2; $validation / $search" | bc)
  echo "$binary medians: wall $wall s, search $search s, validation $validation s per root (${ratio}x a search)"
done
