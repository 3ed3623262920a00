#!/usr/bin/env bash
# The cost of reading a store through its versions (ExtraV Sec. 6.5: 90% of the edges in the base,
# the rest spread over the versions): for each version count V, a store whose base holds the first
# 90% of a Kronecker graph's edges and whose V versions hold the rest, beside one store built from
# all edges at once. Each round times PageRank (10 iterations) and connected components on every
# store, interleaved (reversed on even rounds); it prints the medians and the cost per version,
# (time with V versions / time of the store built at once - 1) / V.
#
#   bench/version_cost.sh [--scale S] [--rounds R] [--versions "1 10 100"] [--dir DIR]
# SEMIBFS (default build/semibfs) names the binary; DIR (default /tmp/semibfs-versions) keeps the
# stores between invocations (reused when there).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/rounds.sh"
semibfs=${SEMIBFS:-$here/../build/semibfs}
scale=20 rounds=3 versions="1 10 100" dir=/tmp/semibfs-versions
while [ $# -gt 0 ]; do
  case $1 in
    --scale) scale=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --versions) versions=$2; shift 2 ;;
    --dir) dir=$2; shift 2 ;;
    *) echo "version_cost.sh: unknown option $1 (see the header of $0)" >&2; exit 2 ;;
  esac
done
mkdir -p "$dir"
edges=$dir/kron$scale.packed
[ -f "$edges" ] || "$semibfs" generate --scale "$scale" --format g500-packed -o "$edges" >&2
total=$(( $(stat -c %s "$edges") / 12 ))
base=$(( total * 9 / 10 ))
[ -f "$dir/all/manifest" ] || "$semibfs" build "$edges" --format g500-packed --store "$dir/all" >/dev/null

# store-vV: the first 90% as its base, the rest cut into V files of 12-byte edges, each added.
make_versioned() {
  local v=$1 store=$dir/store-v$1
  [ -f "$store/version-$v" ] && return
  rm -rf "$store"
  head -c $((base * 12)) "$edges" > "$dir/base.packed"
  "$semibfs" build "$dir/base.packed" --format g500-packed --store "$store" >/dev/null
  local rest=$((total - base)) k
  for k in $(seq 0 $((v - 1))); do
    local first=$((base + rest * k / v)) last=$((base + rest * (k + 1) / v))
    dd if="$edges" of="$dir/batch.packed" iflag=skip_bytes,count_bytes skip=$((first * 12)) \
      count=$(((last - first) * 12)) status=none
    "$semibfs" add-edges "$dir/batch.packed" --format g500-packed --store "$store" >/dev/null
  done
  rm -f "$dir/base.packed" "$dir/batch.packed"
}
for v in $versions; do make_versioned "$v"; done

# seconds COMMAND STORE: the command's own time line.
seconds() {
  case $1 in
    pagerank) "$semibfs" pagerank --store "$2" --iterations 10 --tolerance 1e-300 2>/dev/null | awk '/^pagerank_time/ { print $2 }' ;;
    cc) "$semibfs" cc --store "$2" 2>/dev/null | awk '/^cc_time/ { print $2 }' ;;
  esac
}
stores="all"
for v in $versions; do stores="$stores store-v$v"; done
results=$(mktemp)
for round in $(seq 1 "$rounds"); do
  for store in $(round_order "$round" $stores); do
    for command in pagerank cc; do echo "$command $store $(seconds $command "$dir/$store")" >> "$results"; done
  done
done
printf '%-10s %-10s %10s %16s\n' command store seconds cost/version
for command in pagerank cc; do
  at_once=$(awk -v c=$command '$1 == c && $2 == "all" { print $3 }' "$results" | median)
  for store in $stores; do
    t=$(awk -v c=$command -v s=$store '$1 == c && $2 == s { print $3 }' "$results" | median)
    v=${store#store-v}
    if [ "$store" = all ]; then cost=-; else cost=$(awk -v t=$t -v a=$at_once -v v=$v 'BEGIN { printf "%.3f%%", (t / a - 1) / v * 100 }'); fi
    printf '%-10s %-10s %10.4f %16s\n' $command $store $t $cost
  done
done
rm -f "$results"
