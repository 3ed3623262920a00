#!/usr/bin/env bash
# Does --dram-budget hold the whole process? Peak RSS (/usr/bin/time -v, "Maximum resident set
# size") against the budget for `run --store`, `build` of a file and `bfs` on that store, per SCALE
# and budget; one table line each (docs/RELIABILITY.md, "Budgets").
set -euo pipefail

usage() {
  cat <<'EOF_USAGE'
Usage: bench/budget_rss.sh [--roots N] [--dir DIR] SCALE:BUDGET[,BUDGET...] ...

For each SCALE, with each BUDGET (e.g. 16:16MiB,32MiB,64MiB 22:256MiB,1GiB), and also at the
minimum each command states when refusing 4 KiB (budget "min"):
  run    semibfs run --scale S --roots N --store D --dram-budget B   (a fresh store each time)
  build  semibfs build kron-sS.FMT --store D --dram-budget B          (the same Kronecker graph
         written once by `generate`: an el text file up to SCALE 18, g500-packed above)
  bfs    semibfs bfs --store D --roots N --dram-budget B              (on a store built once with 1GiB)
Prints: scale, command, budget (bytes), peak RSS (bytes), within (yes/no), and a note (the minimum
stated when the budget is refused; "failed" when the command failed otherwise). N roots (default
4), THREADS threads (default 2), ./build/semibfs or $SEMIBFS; files in DIR (default out/budget-rss).
EOF_USAGE
}

die() { echo "bench/budget_rss.sh: $*" >&2; exit 1; }

cd "$(dirname "$0")/.."
semibfs=${SEMIBFS:-./build/semibfs}
threads=${THREADS:-2}
roots=4
dir=out/budget-rss
cases=()
while [ $# -gt 0 ]; do
  case $1 in
    --roots) [ $# -ge 2 ] || die "--roots needs a number"; roots=$2; shift 2 ;;
    --dir) [ $# -ge 2 ] || die "--dir needs a directory"; dir=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *:*) cases+=("$1"); shift ;;
    *) usage >&2; exit 2 ;;
  esac
done
[ ${#cases[@]} -gt 0 ] || { usage >&2; exit 2; }
[ -x "$semibfs" ] || die "$semibfs not found: run 'make build' first"
command -v /usr/bin/time >/dev/null || die "/usr/bin/time not found (apt-get install time)"
mkdir -p "$dir"

# Bytes of a size as semibfs reads it (K/M/G/T, KiB/MiB/GiB/TiB: powers of 1024).
bytes_of() {
  local size=$1 number unit
  number=${size%%[KMGT]*}
  unit=${size#"$number"}
  case $unit in
    '') echo "$number" ;;
    K | KiB) echo $((number << 10)) ;;
    M | MiB) echo $((number << 20)) ;;
    G | GiB) echo $((number << 30)) ;;
    T | TiB) echo $((number << 40)) ;;
    *) die "cannot read the size '$size'" ;;
  esac
}

# The minimum a refused command states, in bytes.
stated_minimum() { grep -oE 'below the minimum of [^(]*\([0-9]+ bytes\)' "$1" | grep -oE '[0-9]+ bytes' | cut -d' ' -f1; }

# measure NAME BUDGET_BYTES SEMIBFS_ARGS...: runs it under /usr/bin/time -v, prints one table line.
measure() {
  local name=$1 budget=$2 log
  shift 2
  log=$dir/last.err
  local status=0
  /usr/bin/time -v "$semibfs" "$@" --dram-budget "$budget" >/dev/null 2>"$log" || status=$?
  local rss_kib note=""
  rss_kib=$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$log")
  local rss=$((rss_kib * 1024))
  if [ "$status" -ne 0 ]; then
    local minimum
    minimum=$(stated_minimum "$log" || true)
    if [ -n "$minimum" ]; then note="refused: minimum $minimum"; else note="failed: $(grep -m1 '^semibfs' "$log" || tail -1 "$log")"; fi
  fi
  local within=yes
  [ "$rss" -le "$budget" ] || within=no
  printf '%-5s %-6s %12s %12s %-6s %s\n' "$scale" "$name" "$budget" "$rss" "$within" "$note"
}

# The minimum a command states when refusing 4 KiB.
minimum_of() {
  "$semibfs" "$@" --dram-budget 4096 >/dev/null 2>"$dir/minimum.err" || true
  stated_minimum "$dir/minimum.err"
}

printf '%-5s %-6s %12s %12s %-6s %s\n' scale cmd budget_B peak_RSS_B within note
for case in "${cases[@]}"; do
  scale=${case%%:*}
  IFS=, read -r -a budgets <<<"${case#*:}"
  format=el
  [ "$scale" -le 18 ] || format=g500-packed
  input=$dir/kron-s$scale.$format
  [ -f "$input" ] || "$semibfs" generate --scale "$scale" --format "$format" -o "$input" 2>/dev/null
  searched=$dir/bfs-s$scale
  if [ ! -f "$searched/manifest" ]; then
    rm -rf "$searched"
    "$semibfs" build "$input" --format "$format" --store "$searched" --threads "$threads" --dram-budget 1GiB \
      >/dev/null 2>"$dir/build.err" || die "building $searched failed: $(tail -1 "$dir/build.err")"
  fi
  store=$dir/run-s$scale
  run_args=(run --scale "$scale" --roots "$roots" --threads "$threads" --store "$store")
  bfs_args=(bfs --store "$searched" --roots "$roots" --threads "$threads")
  for budget in "${budgets[@]}" min; do
    # run: a fresh store each time
    rm -rf "$store" && mkdir -p "$store"
    if [ "$budget" = min ]; then bytes=$(minimum_of "${run_args[@]}"); else bytes=$(bytes_of "$budget"); fi
    measure run "$bytes" "${run_args[@]}"
    rm -rf "$dir/built-s$scale"
    if [ "$budget" = min ]; then bytes=$(minimum_of build "$input" --format "$format" --store "$dir/built-s$scale"); fi
    [ "$budget" = min ] || bytes=$(bytes_of "$budget")
    measure build "$bytes" build "$input" --format "$format" --threads "$threads" --store "$dir/built-s$scale"
    rm -rf "$dir/built-s$scale"
    if [ "$budget" = min ]; then bytes=$(minimum_of "${bfs_args[@]}"); else bytes=$(bytes_of "$budget"); fi
    measure bfs "$bytes" "${bfs_args[@]}"
  done
  rm -rf "$store"
done
