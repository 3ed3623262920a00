#!/usr/bin/env bash
# `semibfs build` on a SNAP file of about 10 million edges within a DRAM budget (issue 5): the
# figures of docs/PERFORMANCE.md, "Building stores from graph files".
set -euo pipefail

usage() {
  cat <<'EOF_USAGE'
Usage: bench/snap_build.sh [--scale S] [--edgefactor E] [--dram-budget SIZE] [--directed]

Writes (once) a synthetic SNAP file in out/snap-build/: the Kronecker graph of SCALE S (default
20) and edgefactor E (default 10: 10,485,760 edges) from `semibfs generate --format el`, every
id scattered by an odd multiplier modulo 2^45 (sparse, non-compact ids, as a crawl's are), with
'#' header lines and a '#' comment every million edges. Then times
`semibfs build FILE --store DIR --dram-budget SIZE` (default 512MiB) under /usr/bin/time -v and
prints the input MB, parse seconds, MB/s and edges/s, build seconds and edges/s, and peak RSS.
--directed builds the out-edge store (in- and out-lists) instead of the symmetrized one.
THREADS (default 2) threads; ./build/semibfs or $SEMIBFS. Summary, stderr and store in
out/snap-build/.
EOF_USAGE
}

die() { echo "bench/snap_build.sh: $*" >&2; exit 1; }

cd "$(dirname "$0")/.."
semibfs=${SEMIBFS:-./build/semibfs}
threads=${THREADS:-2}
scale=20
edgefactor=10
budget=512MiB
direction=()
while [ $# -gt 0 ]; do
  case $1 in
    --scale) [ $# -ge 2 ] || die "--scale needs a number"; scale=$2; shift 2 ;;
    --edgefactor) [ $# -ge 2 ] || die "--edgefactor needs a number"; edgefactor=$2; shift 2 ;;
    --dram-budget) [ $# -ge 2 ] || die "--dram-budget needs a size"; budget=$2; shift 2 ;;
    --directed) direction=(--directed); shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
  esac
done
[ -x "$semibfs" ] || die "$semibfs not found: run 'make build' first"
[ -x /usr/bin/time ] || die "/usr/bin/time not found (apt-get install time)"

out=out/snap-build
mkdir -p "$out"
input=$out/kron-s$scale-ef$edgefactor.snap.txt
if [ ! -s "$input" ]; then
  echo "writing $input" >&2
  # Ids below 2^20 times an odd multiplier below 2^33 stay below 2^53, exact in awk's doubles; an
  # odd multiplier is one to one modulo a power of two.
  "$semibfs" generate --scale "$scale" --edgefactor "$edgefactor" --format el --threads "$threads" -o - |
    awk -v scale="$scale" -v edgefactor="$edgefactor" '
      BEGIN {
        multiplier = 5754853343; modulus = 2 ^ 45
        print "# Directed graph (each unordered pair of nodes is saved once): synthetic, bench/snap_build.sh"
        printf "# Kronecker SCALE %d edgefactor %d, ids scattered: id * %.0f mod 2^45\n", scale, edgefactor, multiplier
        print "# FromNodeId\tToNodeId"
      }
      { printf "%.0f\t%.0f\n", ($1 * multiplier) % modulus, ($2 * multiplier) % modulus }
      NR % 1000000 == 0 { printf "# %d edges so far\n", NR }' >"$input.tmp"
  mv "$input.tmp" "$input"
fi

store=$out/store
rm -rf "$store"
/usr/bin/time -v "$semibfs" build "$input" --store "$store" --dram-budget "$budget" --threads "$threads" "${direction[@]}" \
  >"$out/build.out" 2>"$out/build.err" || { tail -n 5 "$out/build.err" >&2; die "the build failed"; }

field() { awk -v key="$1" '$1 == key { print $2 }' "$out/build.out"; }
rss_kib=$(awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); print $2 }' "$out/build.err")
wall=$(awk '/Elapsed \(wall clock\)/ { print $NF }' "$out/build.err")
printf '%-22s %s\n' input "$input" edges "$(field edges)" vertices "$(field vertices)" \
  input_MB "$(field input_MB)" parse_seconds "$(field parse_seconds)" parse_MB/s "$(field parse_MB/s)" \
  parse_edges/s "$(field parse_edges/s)" build_seconds "$(field build_seconds)" \
  build_edges/s "$(field build_edges/s)" direction "${direction[*]:-symmetrized}" budget "$budget" peak_RSS_MiB "$((rss_kib / 1024))" wall "$wall"
