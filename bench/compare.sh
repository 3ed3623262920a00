#!/usr/bin/env bash
# semibfs at several SCALEs, alone or side by side with another BFS program run interleaved with it
# (semibfs, other, semibfs, other, ...) so that both see the same machine noise.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: bench/compare.sh [--other PATH] [--format F] [--pairs N] [--roots N] [--skip-validation] [SCALE...]

Runs ./build/semibfs (or $SEMIBFS) at each SCALE (default: 16 18 20 22) with THREADS threads
(default 2) and prints harmonic-mean and median TEPS, construction seconds, peak RSS (from
/usr/bin/time -v) and bytes of peak RSS per input edge (16 * 2^SCALE edges).

  --other PATH       also run PATH, a BFS program built outside this repository (build it yourself;
                     e.g. gapbs: make -C gapbs, then --other gapbs/bfs), interleaved with semibfs at
                     the same SCALE, and print both side by side with the ratio of their
                     harmonic-mean TEPS; OMP_NUM_THREADS is THREADS for both
  --format F         how to run PATH and read its output (default gapbs: 'PATH -g SCALE -n ROOTS',
                     lines 'Build Time: s' and 'Trial Time: s')
  --pairs N          runs per SCALE: pairs (semibfs, other) with --other (default 3), semibfs runs
                     without (default 1); the table gives each run and the median over them
  --roots N          searches per run (default 64, the Graph500 NBFS)
  --skip-validation  run semibfs without validating the searches (default: validated; validation
                     adds the validator's adjacency to semibfs's peak RSS)

Every run's stdout, stderr, /usr/bin/time output (and semibfs's JSON) are kept in out/compare/,
the printed table in out/compare/summary.txt.
EOF
}

die() { echo "bench/compare.sh: $*" >&2; exit 1; }

# --- The other program: its command line and its output, one case per format. ---

# The arguments that make the other program search a Kronecker graph of 2^SCALE vertices.
other_arguments() {
  case $format in
    gapbs) echo "-g $1 -n $roots" ;;
    *) die "unknown --format '$format' (known: gapbs)" ;;
  esac
}

# Reads the other program's stdout and prints 'build SECONDS' and one 'trial SECONDS' per search.
parse_other() {
  case $format in
    gapbs) awk '/^Generate Time:/ { print "generate", $3 } /^Build Time:/ { print "build", $3 }
                /^Trial Time:/ { print "trial", $3 }' "$1" ;;
    *) die "unknown --format '$format' (known: gapbs)" ;;
  esac
}

cd "$(dirname "$0")/.."
semibfs=${SEMIBFS:-./build/semibfs}
threads=${THREADS:-2}
other=""
format=gapbs
pairs=""
roots=64
validation=()
scales=()
while [ $# -gt 0 ]; do
  case $1 in
    --other) [ $# -ge 2 ] || die "--other needs a PATH"; other=$2; shift 2 ;;
    --format) [ $# -ge 2 ] || die "--format needs a name"; format=$2; shift 2 ;;
    --pairs) [ $# -ge 2 ] || die "--pairs needs a number"; pairs=$2; shift 2 ;;
    --roots) [ $# -ge 2 ] || die "--roots needs a number"; roots=$2; shift 2 ;;
    --skip-validation) validation=(--skip-validation); shift ;;
    -h | --help) usage; exit 0 ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) [[ $1 =~ ^[0-9]+$ ]] || die "SCALE must be a number, got '$1'"; scales+=("$1"); shift ;;
  esac
done
[ ${#scales[@]} -gt 0 ] || scales=(16 18 20 22)
if [ -z "$pairs" ]; then if [ -n "$other" ]; then pairs=3; else pairs=1; fi; fi
[[ $pairs =~ ^[1-9][0-9]*$ ]] || die "--pairs must be a positive number, got '$pairs'"
[[ $roots =~ ^[1-9][0-9]*$ ]] || die "--roots must be a positive number, got '$roots'"
[[ $threads =~ ^[1-9][0-9]*$ ]] || die "THREADS must be a positive number, got '$threads'"
[ -x "$semibfs" ] || die "$semibfs not found: run 'make build' first (or set SEMIBFS=PATH)"
[ -x /usr/bin/time ] || die "/usr/bin/time not found: install the Debian package 'time'"
if [ -n "$other" ]; then
  [ -e "$other" ] || die "--other $other not found (build the other program yourself, see --help)"
  if [ ! -f "$other" ] || [ ! -x "$other" ]; then die "--other $other is not an executable file"; fi
  other_arguments 0 >/dev/null  # an unknown --format fails here, before any run
fi

# --- Figures. ---

field() { awk -v key="$1" 'index($0, key) == 1 { print $NF }' "$2"; }
peak_rss_mib() { awk -F: '/Maximum resident set size/ { gsub(/ /, "", $2); printf "%.0f\n", $2 / 1024 }' "$1"; }
input_edges() { echo $((16 << $1)); }
bytes_per_edge() { awk -v mib="$1" -v edges="$(input_edges "$2")" 'BEGIN { printf "%.1f\n", mib * 1048576 / edges }'; }
# The median of field K over the rows given as arguments.
median_of() {
  local k=$1
  shift
  printf '%s\n' "$@" | awk -v k="$k" '{ print $k }' | sort -g |
    awk '{ value[NR] = $1 } END { print NR % 2 ? value[(NR + 1) / 2] : (value[NR / 2] + value[NR / 2 + 1]) / 2 }'
}

# Runs semibfs once; prints 'harmonic_TEPS median_TEPS construction_s peak_RSS_MiB'.
run_semibfs() {
  local scale=$1 base=$2
  OMP_NUM_THREADS=$threads /usr/bin/time -v -o "$base.time" "$semibfs" run --scale "$scale" \
    --threads "$threads" --roots "$roots" "${validation[@]}" --json "$base.json" >"$base.out" 2>"$base.err" ||
    die "semibfs failed at SCALE $scale: see $base.err"
  echo "$(field 'bfs  harmonic_mean_TEPS:' "$base.out") $(field 'bfs  median_TEPS:' "$base.out")" \
    "$(field construction_time: "$base.out") $(peak_rss_mib "$base.time")"
}

# Wall-clock seconds of a run, from /usr/bin/time -v ('h:mm:ss' or 'm:ss.ss').
wall_seconds() {
  awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, part, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + part[i]; print s }' "$1"
}

# Runs the other program once; prints 'harmonic_TEPS build_s build_and_squish_s peak_RSS_MiB'.
# TEPS of a search is 16 * 2^SCALE / its time, so the harmonic mean is searches * 16 * 2^SCALE /
# (sum of the times). gapbs times its build but not the squish that follows it, so
# build_and_squish_s = wall clock - generation - searches: an upper bound (it also holds process
# start and exit and the work between searches).
run_other() {
  local scale=$1 base=$2
  # shellcheck disable=SC2046  # the arguments are words
  OMP_NUM_THREADS=$threads /usr/bin/time -v -o "$base.time" "$other" $(other_arguments "$scale") \
    >"$base.out" 2>"$base.err" || die "$other failed at SCALE $scale: see $base.err"
  local figures
  figures=$(parse_other "$base.out" | awk -v edges="$(input_edges "$scale")" -v wall="$(wall_seconds "$base.time")" '
    $1 == "generate" { generate = $2 } $1 == "build" { build = $2 } $1 == "trial" { trials++; total += $2 }
    END { if (trials == 0 || total <= 0 || build == "") exit 1
          printf "%.6g %s %.3f\n", trials * edges / total, build, wall - generate - total }') ||
    die "no 'Build Time:' and 'Trial Time:' lines in $base.out (format $format)"
  echo "$figures $(peak_rss_mib "$base.time")"
}

# Runs semibfs alone: one row per run, then the medians.
table_alone() {
  echo "# B/edge: peak RSS / (16 * 2^SCALE input edges); 'median' rows: median over the runs"
  printf '%-6s %-6s %14s %14s %10s %10s %7s\n' SCALE run harmonic_TEPS median_TEPS constr_s peak_MiB B/edge
  local scale run figures harmonic median_teps construction rss rows
  for scale in "${scales[@]}"; do
    rows=()
    for run in $(seq "$pairs"); do
      figures=$(run_semibfs "$scale" "out/compare/s$scale-semibfs-$run")
      read -r harmonic median_teps construction rss <<<"$figures"
      rows+=("$figures")
      printf '%-6s %-6s %14.4g %14.4g %10.3f %10d %7s\n' "$scale" "$run" "$harmonic" "$median_teps" \
        "$construction" "$rss" "$(bytes_per_edge "$rss" "$scale")"
    done
    [ "$pairs" -gt 1 ] || continue
    rss=$(median_of 4 "${rows[@]}")
    printf '%-6s %-6s %14.4g %14.4g %10.3f %10.0f %7s\n' "$scale" median "$(median_of 1 "${rows[@]}")" \
      "$(median_of 2 "${rows[@]}")" "$(median_of 3 "${rows[@]}")" "$rss" "$(bytes_per_edge "$rss" "$scale")"
  done
}

# Runs pairs (semibfs, other) at each SCALE: one row per pair, then the medians.
table_side_by_side() {
  echo "# other: $other $(other_arguments S) (format $format), OMP_NUM_THREADS=$threads," \
       "run right after semibfs in each pair"
  echo "# other TEPS per search = 16 * 2^SCALE (the Graph500 input-edge count) / its trial time;" \
       "hTEPS: harmonic mean over the searches"
  echo "# ratio = semibfs hTEPS / other hTEPS; construction: semibfs construction_time, other 'Build Time'" \
       "and oth_b+sq_s = other wall clock - generation - searches (build + squish, an upper bound)"
  echo "# B/e: peak RSS / (16 * 2^SCALE); 'median' rows: median of each column over the pairs" \
       "(ratio: of the pairs' ratios)"
  printf '%-6s %-6s %13s %13s %7s %10s %10s %10s %9s %9s %7s %7s\n' SCALE pair semibfs_hTEPS other_hTEPS ratio \
    semi_con_s other_bld_s oth_b+sq_s semi_MiB other_MiB semi_B/e oth_B/e
  local scale pair figures other_figures harmonic construction rss other_harmonic other_build other_squish
  local other_rss ratio rows
  for scale in "${scales[@]}"; do
    rows=()
    for pair in $(seq "$pairs"); do
      figures=$(run_semibfs "$scale" "out/compare/s$scale-semibfs-$pair")
      other_figures=$(run_other "$scale" "out/compare/s$scale-other-$pair")
      read -r harmonic _ construction rss <<<"$figures"
      read -r other_harmonic other_build other_squish other_rss <<<"$other_figures"
      ratio=$(awk -v a="$harmonic" -v b="$other_harmonic" 'BEGIN { printf "%.3f", a / b }')
      rows+=("$harmonic $other_harmonic $ratio $construction $other_build $rss $other_rss $other_squish")
      printf '%-6s %-6s %13.4g %13.4g %7.3f %10.3f %10.3f %10.3f %9d %9d %7s %7s\n' "$scale" "$pair" "$harmonic" \
        "$other_harmonic" "$ratio" "$construction" "$other_build" "$other_squish" "$rss" "$other_rss" \
        "$(bytes_per_edge "$rss" "$scale")" "$(bytes_per_edge "$other_rss" "$scale")"
    done
    [ "$pairs" -gt 1 ] || continue
    rss=$(median_of 6 "${rows[@]}")
    other_rss=$(median_of 7 "${rows[@]}")
    printf '%-6s %-6s %13.4g %13.4g %7.3f %10.3f %10.3f %10.3f %9.0f %9.0f %7s %7s\n' "$scale" median \
      "$(median_of 1 "${rows[@]}")" "$(median_of 2 "${rows[@]}")" "$(median_of 3 "${rows[@]}")" \
      "$(median_of 4 "${rows[@]}")" "$(median_of 5 "${rows[@]}")" "$(median_of 8 "${rows[@]}")" "$rss" "$other_rss" \
      "$(bytes_per_edge "$rss" "$scale")" "$(bytes_per_edge "$other_rss" "$scale")"
  done
}

mkdir -p out/compare
exec > >(tee out/compare/summary.txt)
cpu_model=$(awk -F': ' '/^model name/ { print $2; exit }' /proc/cpuinfo)
memory_gib=$(awk '/^MemTotal/ { printf "%.1f", $2 / 1048576 }' /proc/meminfo)
echo "# bench/compare.sh, $(date -u '+%Y-%m-%d %H:%M UTC')"
echo "# machine: $(nproc) cores, ${cpu_model:-unknown CPU}, $memory_gib GiB, $(uname -sr)"
echo "# semibfs: $semibfs (commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)), $threads threads," \
     "$roots roots, $([ ${#validation[@]} -eq 0 ] && echo validated || echo 'validation skipped')"
echo "# semibfs TEPS: its official block (Graph500 nedge of each search / time); peak RSS: /usr/bin/time -v"
if [ -n "$other" ]; then table_side_by_side; else table_alone; fi
