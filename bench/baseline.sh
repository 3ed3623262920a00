#!/usr/bin/env bash
# Where the engine stands: one Graph500 run per SCALE, printing generation and construction
# seconds, harmonic-mean and median TEPS, validation seconds per root and peak RSS.
# Usage: bench/baseline.sh [SCALE...]   (default: 20 22); THREADS=2 by default.
# Each run's official block, stderr and JSON are kept in out/baseline/.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${SEMIBFS:-./build/semibfs}
threads=${THREADS:-2}
scales=("$@")
[ ${#scales[@]} -gt 0 ] || scales=(20 22)
mkdir -p out/baseline
[ -x "$binary" ] || { echo "bench/baseline.sh: $binary not found: run 'make build' first" >&2; exit 1; }

field() { awk -v key="$1" 'index($0, key) == 1 { print $NF }' "$2"; }

printf '%-6s %10s %10s %14s %14s %12s %10s\n' SCALE gen_s constr_s harmonic_TEPS median_TEPS valid_s/root peak_RSS_MiB
for scale in "${scales[@]}"; do
  base=out/baseline/s$scale
  /usr/bin/time -v "$binary" run --scale "$scale" --threads "$threads" --json "$base.json" \
    >"$base.out" 2>"$base.err"
  rss_kib=$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$base.err")
  printf '%-6s %10.3f %10.3f %14.4g %14.4g %12.4f %10.0f\n' "$scale" \
    "$(field graph_generation: "$base.out")" "$(field construction_time: "$base.out")" \
    "$(field 'bfs  harmonic_mean_TEPS:' "$base.out")" "$(field 'bfs  median_TEPS:' "$base.out")" \
    "$(field 'bfs  mean_validate:' "$base.out")" "$((rss_kib / 1024))"
done
