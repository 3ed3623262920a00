#!/usr/bin/env bash
# Run the Graph500 reference MPI BFS codes (v3 "newreference" and v2 "mpi/")
# and print one summary line per binary, for comparison with semibfs's
# distributed run.  The reference code is NOT part of this repository; build it
# outside the tree as described below.
#
# Usage:
#   RANKS=2 SCALE=16 bench/mpi_reference.sh
#
# Environment:
#   GRAPH500_V3_DIR  checkout of graph500 branch "newreference" (default /work/ext/graph500-v3)
#   GRAPH500_V2_DIR  checkout of graph500 branch "v2-spec"      (default /work/ext/graph500-v2)
#   RANKS            MPI ranks (default 2)
#   SCALE            log2(#vertices) (default 16); EDGEFACTOR (default 16)
#   BINARIES         space-separated list; each entry is v3:NAME (in $GRAPH500_V3_DIR/src),
#                    v2:NAME (in $GRAPH500_V2_DIR/mpi) or an absolute path.  Default:
#                    v3:graph500_reference_bfs v2:graph500_mpi_simple v2:graph500_mpi_replicated
#                    v2:graph500_mpi_replicated_csc v2:graph500_mpi_one_sided
#   TIMEOUT          seconds per binary before it is killed (default 300)
#   MPIRUN           launcher (default mpirun); MPIRUN_ARGS (default
#                    "--allow-run-as-root --oversubscribe"; with RANKS=1 and Open MPI,
#                    "--mca osc pt2pt" is added, see below)
#   OMP_NUM_THREADS  default 1 (the v2 codes are built with -fopenmp)
#   SKIP_VALIDATION  if set, the references skip validation (the graph500-2.1.4 tag ignores
#                    it and always validates; status says what actually happened).  v3 still counts traversed
#                    edges itself.  v2 takes its per-root edge count from the validator, so
#                    for v2 (and absolute-path) binaries this script then reports
#                    TEPS = EDGEFACTOR*2^SCALE / mean_time (the harmonic mean with a constant
#                    edge count; v2's validated count was within 0.001% of that here:
#                    1048570 vs 1048576 at SCALE 16).  v2's RMA-based validator takes
#                    ~3 s per root at SCALE 16 with 2 ranks, so SCALE >= 18 needs this.
#   LOG_DIR          if set, raw stdout/stderr of each run is kept there
#
# Output columns (one line per binary):
#   name ranks scale harmonic_mean_TEPS median_bfs_time_s construction_time_s wall_s status
# status is ok | unvalidated | unvalidated(nedge=M) | invalid (validation failed, no
#           results printed) | timeout | rc=N (crash / MPI error) | missing
#
# ---------------------------------------------------------------------------
# How the references were fetched and built (Debian 12, GCC 12.2, Open MPI 4.1.4):
#
#   git clone https://github.com/graph500/graph500.git /work/ext/graph500.git   # or a bare mirror
#   G=/work/ext/graph500.git/.git
#   mkdir -p /work/ext/graph500-v3 /work/ext/graph500-v2
#   git --git-dir=$G archive newreference | tar -x -C /work/ext/graph500-v3   # f89d643 (2019-05-22)
#   git --git-dir=$G archive v2-spec      | tar -x -C /work/ext/graph500-v2   # 014b306 (2015-08-27)
#
#   # v3: the stock Makefile (-O3) fails to link with GCC >= 10 ("multiple definition of
#   # `column'/`weights'", tentative definitions in headers; GCC now defaults to
#   # -fno-common).  Only change: add -fcommon on the make command line.
#   cd /work/ext/graph500-v3/src && make CFLAGS='-Drestrict=__restrict__ -O3 -fcommon -DGRAPH_GENERATOR_MPI -DREUSE_CSR_FOR_VALIDATION -I../aml'
#
#   # v2: stock Makefile, unchanged (mpicc -fopenmp -O3 -DNDEBUG -ffast-math).
#   cd /work/ext/graph500-v2/mpi && make
#
# Known problems of the reference codes in this environment (no source patched):
#   * v2-spec distributes vertices in 4096-vertex blocks; SCALE < 12 + log2(RANKS) crashes
#     in graph construction (make_csr writes out of bounds).  Use SCALE >= 14.
#   * v2-spec graph500_mpi_replicated_csc fails validation with >= 2 ranks (its CSC code was
#     not updated for the block distribution; with 1 rank it validates).  The graph500-2.1.4 tag's version validates
#     (build it the same way from `git archive graph500-2.1.4`, pass it as an absolute path
#     in BINARIES); that tag uses a slightly different generator, so the graph differs.
#   * Open MPI 4.1 with 1 rank: MPI_Win_create (used by the v2 validator and by
#     graph500_mpi_one_sided) fails with the default osc component; "--mca osc pt2pt" works.
#   * graph500_mpi_one_sided issues one MPI_Accumulate per edge and is very slow under
#     Open MPI (2.2 s per BFS at SCALE 16 with 2 ranks, 170 s per run unvalidated, >300 s
#     validated); expect it to time out at SCALE >= 18.
# ---------------------------------------------------------------------------
set -u

V3=${GRAPH500_V3_DIR:-/work/ext/graph500-v3}
V2=${GRAPH500_V2_DIR:-/work/ext/graph500-v2}
RANKS=${RANKS:-2}
SCALE=${SCALE:-16}
EDGEFACTOR=${EDGEFACTOR:-16}
TIMEOUT=${TIMEOUT:-300}
MPIRUN=${MPIRUN:-mpirun}
MPIRUN_ARGS=${MPIRUN_ARGS:---allow-run-as-root --oversubscribe}
BINARIES=${BINARIES:-v3:graph500_reference_bfs v2:graph500_mpi_simple v2:graph500_mpi_replicated v2:graph500_mpi_replicated_csc v2:graph500_mpi_one_sided}
export OMP_NUM_THREADS=${OMP_NUM_THREADS:-1}

extra_args=""
if [ "$RANKS" = 1 ] && "$MPIRUN" --version 2>/dev/null | grep -q "Open MPI" \
   && ! printf '%s' "$MPIRUN_ARGS" | grep -q "osc"; then
  extra_args="--mca osc pt2pt"
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

printf '%-44s %5s %5s %14s %14s %14s %7s %s\n' name ranks scale harmonic_TEPS median_time_s construction_s wall_s status
for entry in $BINARIES; do
  case "$entry" in
    v3:*) bin="$V3/src/${entry#v3:}"; kind=v3; name="v3/${entry#v3:}" ;;
    v2:*) bin="$V2/mpi/${entry#v2:}"; kind=v2; name="v2/${entry#v2:}" ;;
    /*)   bin="$entry"; kind=other
          name="$(basename "$(dirname "$(dirname "$entry")")")/$(basename "$entry")" ;;
    *)    echo "bad BINARIES entry: $entry" >&2; continue ;;
  esac
  if [ ! -x "$bin" ]; then
    printf '%-44s %5s %5s %14s %14s %14s %7s %s\n' "$name" "$RANKS" "$SCALE" - - - - missing
    continue
  fi
  out="$tmp/out"; err="$tmp/err"
  if [ -n "${SKIP_VALIDATION:-}" ]; then
    skipenv=(env SKIP_VALIDATION=1)
  else
    skipenv=(env -u SKIP_VALIDATION)
  fi
  t0=$(date +%s.%N)
  # shellcheck disable=SC2086
  "${skipenv[@]}" timeout -k 10 "$TIMEOUT" "$MPIRUN" $MPIRUN_ARGS $extra_args -np "$RANKS" \
      "$bin" "$SCALE" "$EDGEFACTOR" >"$out" 2>"$err"
  rc=$?
  wall=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.1f", b - a}')
  if [ -n "${LOG_DIR:-}" ]; then
    mkdir -p "$LOG_DIR"
    base="$LOG_DIR/$(basename "$bin")-np$RANKS-s$SCALE"
    cp "$out" "$base.out"; cp "$err" "$base.err"
  fi
  teps=$(awk '/harmonic_mean_TEPS:/ {print $NF}' "$out" | head -1)
  med=$(awk '/(^| )median_time:/ {print $NF}' "$out" | head -1)
  cons=$(awk '/^construction_time:/ {print $NF}' "$out" | head -1)
  if [ "$rc" = 124 ] || [ "$rc" = 137 ]; then status=timeout
  elif grep -q "No results printed for invalid run" "$out"; then status=invalid
  elif [ "$rc" != 0 ]; then status="rc=$rc"
  elif [ -z "$teps" ]; then status="no-output"
  elif grep -q "^Validate time for BFS" "$err"; then status=ok
  elif [ "$kind" = v3 ]; then status=unvalidated
  else
    # v2 printed TEPS from uninitialised edge counts; recompute with nedge = M.
    mean=$(awk '/^mean_time:/ {print $NF}' "$out" | head -1)
    teps=$(awk -v m="$mean" -v s="$SCALE" -v e="$EDGEFACTOR" 'BEGIN {printf "%g", e * 2^s / m}')
    status="unvalidated(nedge=M)"
  fi
  printf '%-44s %5s %5s %14s %14s %14s %7s %s\n' "$name" "$RANKS" "$SCALE" "${teps:--}" "${med:--}" "${cons:--}" "$wall" "$status"
done
