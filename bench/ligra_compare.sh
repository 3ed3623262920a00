#!/usr/bin/env bash
# semibfs's compressed lists (src/compress/, byte code with intervals) against Ligra+ (Shun, Dhulipala,
# Blelloch, DCC 2015: byte, byte-RLE and nibble codes) on the same graphs, side by side:
#   1. bits per list entry: ours from semibfs_compress_probe (stream alone, and with 64-bit offsets);
#      Ligra+'s from the encoder's file (stream alone = header totalSpace; whole file = stream plus
#      its 4-byte offsets and 4-byte degrees per vertex and a 24-byte header);
#   2. single-thread decode speed, list entries per second, every list in vertex order and 2^20 lists
#      of random vertices: ours from the probe, Ligra+'s from LigraDecode, a 40-line Ligra app that
#      this script writes and builds outside the repository (Ligra has no decode benchmark of its own);
#   3. BFS time per search, same roots (the Graph500 draw of 'semibfs bfs --roots K') and THREADS
#      threads: semibfs bfs on a compressed store and on a plain store (whole in DRAM) against Ligra+
#      'BFS -s -c' on each code's file and Ligra 'BFS -s' on the uncompressed file. The tools run
#      interleaved, ROUNDS rounds (order reversed every other round, bench/rounds.sh); a round's figure
#      is the mean over the roots, the table gives the median over the rounds and, less sensitive to
#      other work on a shared machine, 'best': the mean over the roots of each root's fastest round.
#      Each tool's turn waits (at most QUIET_WAIT seconds, default 120) for a second with the cores
#      90% idle. One semibfs process runs all K searches; Ligra runs one process per root (one
#      untimed warm-up search, then one timed).
#
# Setup, once (Ligra is never copied into this repository):
#   fetch github jshun/ligra into $LIGRA (default /work/ext/ligra), then: bench/ligra_compare.sh --setup
#   python with numpy and networkit for the relabelled and hyperbolic graphs: PYTHON=path/to/python
# Run:
#   bench/ligra_compare.sh [--rounds N] [--roots K] [GRAPH...] | tee out/ligra_compare-$(date +%F).txt
#   bench/ligra_compare.sh --report [GRAPH...]: the table again from the files of earlier runs, measuring nothing
# GRAPH: kron:S (Graph500 Kronecker, semibfs generate), kron-relabel:S (the same, ids by descending
# degree, bench/relabel_by_degree.py), hyperbolic:N:DEGREE:GAMMA (bench/hyperbolic_edge_list.py),
# mtx:FILE (Matrix Market; semibfs builds its store from FILE itself), mtx-tests (the two matrices of
# tests/e2e/file_ids_cli_test.cpp), el:FILE (0-based "u v" lines).
# Default: kron:20 kron-relabel:20 hyperbolic:1048576:20:3 mtx-tests.
# Files go to out/ligra_compare/ (graphs kept between runs; delete a graph's files to remake them);
# the table and one JSON line per graph go to stdout.
set -euo pipefail

usage() { sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; }
die() { echo "bench/ligra_compare.sh: $*" >&2; exit 1; }
note() { echo "# $*" >&2; }

cd "$(dirname "$0")/.."
# shellcheck source=bench/rounds.sh
source bench/rounds.sh
semibfs=${SEMIBFS:-./build/semibfs}
probe=${PROBE:-$(dirname "$semibfs")/semibfs_compress_probe}
ligra=${LIGRA:-/work/ext/ligra}
python=${PYTHON:-python3}
threads=${THREADS:-2}
quiet_wait=${QUIET_WAIT:-120}
codes=(byte byterle nibble)
rounds=3
roots=16
out=out/ligra_compare
setup=0
report=0
graphs=()
while [ $# -gt 0 ]; do
  case $1 in
    --setup) setup=1; shift ;;
    --report) report=1; shift ;;
    --rounds) [ $# -ge 2 ] || die "--rounds needs a number"; rounds=$2; shift 2 ;;
    --roots) [ $# -ge 2 ] || die "--roots needs a number"; roots=$2; shift 2 ;;
    --out) [ $# -ge 2 ] || die "--out needs a folder"; out=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) graphs+=("$1"); shift ;;
  esac
done
[[ $rounds =~ ^[1-9][0-9]*$ ]] || die "--rounds must be a positive number, got '$rounds'"
[[ $roots =~ ^[1-9][0-9]*$ ]] || die "--roots must be a positive number, got '$roots'"

# --- Ligra: one apps folder per code (the code is a compile-time choice), plus the converters. ---

write_ligra_decode() {
  cat >"$1" <<'EOF'
// Single-thread decode speed of a Ligra(+) graph, written by semibfs bench/ligra_compare.sh: every list
// in vertex order, then the lists of RANDOM vertices (mt19937_64 seed 42, as semibfs_compress_probe
// draws them). A Ligra app: ./LigraDecode -s [-c] [-random N] [-rounds R] FILE.
#include "ligra.h"
#include <chrono>
#include <random>

static unsigned long long checksum = 0;

struct CountNeighbors {
  inline bool srcTarg(const uintE&, const uintE& target, const uintT&) { checksum += target; return true; }
};

template <class Vertex>
void visit_list(Vertex& vertex, uintE v) {  // compressed vertices: Ligra+'s own decoder, one thread
  decode(CountNeighbors(), vertex.getOutNeighbors(), v, vertex.getOutDegree(), false);
}
void visit_list(symmetricVertex& vertex, uintE) {
  for (uintT j = 0; j < vertex.getOutDegree(); ++j) checksum += vertex.getOutNeighbor(j);
}
void visit_list(asymmetricVertex& vertex, uintE) {
  for (uintT j = 0; j < vertex.getOutDegree(); ++j) checksum += vertex.getOutNeighbor(j);
}

template <class Vertex>
void Compute(graph<Vertex>& GA, commandLine P) {
  const long n = GA.n;
  std::mt19937_64 random(42);
  std::vector<uintE> picks(P.getOptionLongValue("-random", 1L << 20));
  for (uintE& v : picks) v = static_cast<uintE>(random() % static_cast<unsigned long long>(n));
  using Clock = std::chrono::steady_clock;
  auto start = Clock::now();
  long edges = 0;
  for (long v = 0; v < n; ++v) { visit_list(GA.V[v], v); edges += GA.V[v].getOutDegree(); }
  const double sequential = std::chrono::duration<double>(Clock::now() - start).count();
  const long sequential_edges = edges;
  start = Clock::now();
  edges = 0;
  for (const uintE v : picks) { visit_list(GA.V[v], v); edges += GA.V[v].getOutDegree(); }
  const double random_seconds = std::chrono::duration<double>(Clock::now() - start).count();
  printf("decode n %ld m %ld sequential_edges_per_second %.4e random_edges_per_second %.4e checksum %llu\n", n,
         static_cast<long>(GA.m), sequential_edges / sequential, edges / random_seconds, checksum % 1000);
}
EOF
}

setup_ligra() {
  if [ ! -f "$ligra/apps/Makefile" ] || [ ! -d "$ligra/ligra" ]; then
    die "no Ligra source in $ligra: fetch github jshun/ligra there (git archive or worktree), or set LIGRA"
  fi
  local code variable
  for code in "${codes[@]}"; do
    variable=$(echo "$code" | tr '[:lower:]' '[:upper:]')
    mkdir -p "$ligra/apps-$code"
    cp "$ligra"/apps/Makefile "$ligra"/apps/*.C "$ligra/apps-$code/"
    write_ligra_decode "$ligra/apps-$code/LigraDecode.C"
    note "building Ligra apps with $variable=1 OPENMP=1 in $ligra/apps-$code"
    (cd "$ligra/apps-$code" && env OPENMP=1 "$variable=1" make encoder BFS LigraDecode >build.log 2>&1) ||
      die "Ligra build failed: see $ligra/apps-$code/build.log"
  done
  note "building Ligra utils (SNAPtoAdj) in $ligra/utils"
  (cd "$ligra/utils" && OPENMP=1 make SNAPtoAdj >build.log 2>&1) || die "Ligra utils build failed: see $ligra/utils/build.log"
}

if [ "$setup" = 1 ]; then
  setup_ligra
  [ ${#graphs[@]} -gt 0 ] || exit 0
fi
[ ${#graphs[@]} -gt 0 ] || graphs=(kron:20 kron-relabel:20 hyperbolic:1048576:20:3 mtx-tests)
[ -x "$semibfs" ] || die "$semibfs not found: build it first (or set SEMIBFS=PATH)"
[ -x "$probe" ] || die "$probe not found: make semibfs_compress_probe (or set PROBE=PATH)"
for code in "${codes[@]}"; do
  [ -x "$ligra/apps-$code/BFS" ] || die "$ligra/apps-$code/BFS not found: run with --setup first (or set LIGRA)"
done
mkdir -p "$out"

# --- Graphs: each as a 0-based edge list NAME.el, with ID_BASE the id semibfs's store numbers from. ---

# The two Matrix Market graphs of tests/e2e/file_ids_cli_test.cpp (rows from 1, order 10).
write_test_matrices() {
  printf '%s\n' '%%MatrixMarket matrix coordinate pattern symmetric' '% rows from 1' '10 10 6' \
    '2 1' '3 2' '3 3' '8 7' '3 2' '7 1' >"$out/tests-sym.mtx"
  printf '%s\n' '%%MatrixMarket matrix coordinate pattern general' '% rows from 1' '10 10 7' \
    '1 2' '2 3' '3 1' '4 3' '5 6' '3 5' '10 1' >"$out/tests-general.mtx"
}

# The name of a graph's files (as prepare names them).
graph_name() {
  local spec=$1
  case $spec in
    kron:*) echo "kron${spec#kron:}" ;;
    kron-relabel:*) echo "kron${spec#kron-relabel:}-relabel" ;;
    hyperbolic:*) echo "hyperbolic-${spec#hyperbolic:}" | tr : - ;;
    mtx:*) basename "${spec#mtx:}" .mtx ;;
    el:*) local file=${spec#el:}; file=$(basename "$file"); echo "${file%.*}" ;;
    *) die "unknown graph '$spec' (see --help)" ;;
  esac
}

# prepare SPEC: makes the edge list, the stores and Ligra's files; prints 'NAME ID_BASE'.
prepare() {
  local spec=$1 name input="" base=0
  case $spec in
    kron:*)
      name=kron${spec#kron:}
      [ -s "$out/$name.el" ] || "$semibfs" generate --scale "${spec#kron:}" --format el --threads "$threads" \
        -o "$out/$name.el" >&2 ;;
    kron-relabel:*)
      name=kron${spec#kron-relabel:}-relabel
      prepare "kron:${spec#kron-relabel:}" >/dev/null
      [ -s "$out/$name.el" ] || "$python" bench/relabel_by_degree.py "$out/kron${spec#kron-relabel:}.el" "$out/$name.el" ;;
    hyperbolic:*)
      IFS=: read -r _ vertices degree gamma <<<"$spec"
      name=hyperbolic-$vertices-$degree-$gamma
      [ -s "$out/$name.el" ] || "$python" bench/hyperbolic_edge_list.py "$vertices" "$degree" "$gamma" "$out/$name.el" >&2 ;;
    mtx:*)
      input=${spec#mtx:}
      name=$(basename "${input%.mtx}")
      base=1
      # Rows and columns from 1 after the banner, comments and size line; 0-based for Ligra and the probe.
      [ -s "$out/$name.el" ] || awk '/^%/ { next } !size { size = 1; next } NF >= 2 { print $1 - 1, $2 - 1 }' \
        "$input" >"$out/$name.el" ;;
    el:*)
      input=${spec#el:}
      name=$(basename "${input%.*}")
      [ -s "$out/$name.el" ] || cp "$input" "$out/$name.el" ;;
    *) die "unknown graph '$spec' (see --help)" ;;
  esac
  [ -n "$input" ] || input=$out/$name.el
  local format=el
  [ "$base" = 1 ] && format=mtx
  [ -d "$out/$name.cstore" ] || "$semibfs" build "$input" --format "$format" --compress --store "$out/$name.cstore" \
    --threads "$threads" --dram-budget 4GiB >"$out/$name.cstore.log" 2>&1 || die "semibfs build failed: $out/$name.cstore.log"
  [ -d "$out/$name.pstore" ] || "$semibfs" build "$input" --format "$format" --store "$out/$name.pstore" \
    --threads "$threads" --dram-budget 4GiB >"$out/$name.pstore.log" 2>&1 || die "semibfs build failed: $out/$name.pstore.log"
  [ -s "$out/$name.adj" ] || OMP_NUM_THREADS=$threads "$ligra/utils/SNAPtoAdj" -s "$out/$name.el" "$out/$name.adj" >&2
  local code
  for code in "${codes[@]}"; do
    [ -s "$out/$name.$code" ] || OMP_NUM_THREADS=$threads "$ligra/apps-$code/encoder" -s "$out/$name.adj" \
      "$out/$name.$code" >"$out/$name.$code.log" 2>&1 || die "Ligra encoder failed: $out/$name.$code.log"
  done
  echo "$name $base"
}

# --- Measurements of one graph: NAME.probe, NAME.facts ('key value' lines), NAME.bfs (rows). ---

measure_sizes_and_decode() {
  local name=$1 code header
  "$probe" --graph "$out/$name.el" plain >"$out/$name.probe" 2>&1 || die "probe failed: $out/$name.probe"
  : >"$out/$name.facts"
  for code in "${codes[@]}"; do
    header=$(od -An -t d8 -N 24 "$out/$name.$code")  # n, m, totalSpace (bytes of the edge stream)
    # shellcheck disable=SC2086
    set -- $header
    {
      echo "ligra_${code}_n $1"
      echo "ligra_${code}_m $2"
      echo "ligra_${code}_stream_bytes $3"
      echo "ligra_${code}_file_bytes $(stat -c %s "$out/$name.$code")"
    } >>"$out/$name.facts"
    decode_facts "$name" "$code" -c "$out/$name.$code"
  done
  decode_facts "$name" plain "" "$out/$name.adj"
}

# decode_facts NAME LABEL FLAG FILE: the best of 3 LigraDecode passes.
decode_facts() {
  local name=$1 label=$2 flag=$3 file=$4 binary
  binary=$ligra/apps-${label/plain/byte}/LigraDecode
  # shellcheck disable=SC2086
  OMP_NUM_THREADS=$threads "$binary" -s $flag -rounds 2 "$file" >"$out/$name.decode-$label" 2>&1 ||
    { note "LigraDecode failed on $file"; return 0; }
  awk -v label="$label" '$1 == "decode" { if ($7 > s) s = $7; if ($9 > r) r = $9 }
    END { print "ligra_decode_" label "_sequential", s; print "ligra_decode_" label "_random", r }' \
    "$out/$name.decode-$label" >>"$out/$name.facts"
}

# Prints the roots of 'semibfs bfs --roots K' (validated, so the store's searches are checked once).
draw_roots() {
  local name=$1
  "$semibfs" bfs --store "$out/$name.cstore" --roots "$roots" --threads "$threads" >"$out/$name.validated.out" \
    2>"$out/$name.validated.err" || die "semibfs bfs failed: $out/$name.validated.err"
  sed -n 's/^roots in the input.s ids: //p' "$out/$name.validated.err"
}

# run_tool NAME BASE ROUND TOOL ROOT...: appends 'TOOL ROUND ROOT SECONDS NEDGE' rows to NAME.bfs.
run_tool() {
  local name=$1 base=$2 round=$3 tool=$4 root file binary flag=-c
  local log=$out/$name.run.log
  shift 4
  case $tool in
    semibfs-compressed | semibfs-plain)
      local store=$out/$name.cstore
      [ "$tool" = semibfs-plain ] && store=$out/$name.pstore
      "$semibfs" bfs --store "$store" --roots "$roots" --threads "$threads" --skip-validation >"$log" 2>&1 ||
        die "semibfs bfs failed: $log"
      # 'BFS 0: root 469579, 0.020558 s, nedge 16775818, 8.16e+08 TEPS, 6 levels'
      awk -v tool="$tool" -v round="$round" '/^BFS [0-9]+: root/ {
          sub(/,$/, "", $4); sub(/,$/, "", $8); print tool, round, $4, $5, $8 }' "$log" >>"$out/$name.bfs" ;;
    ligra-*)
      file=$out/$name.${tool#ligra-}
      binary=$ligra/apps-${tool#ligra-}/BFS
      if [ "$tool" = ligra-plain ]; then file=$out/$name.adj; binary=$ligra/apps-byte/BFS; flag=""; fi
      for root in "$@"; do
        # shellcheck disable=SC2086
        if OMP_NUM_THREADS=$threads "$binary" -s $flag -r $((root - base)) -rounds 1 "$file" >"$log" 2>&1; then
          awk -v tool="$tool" -v round="$round" -v root="$root" '/^Running time/ { print tool, round, root, $4, "-" }' \
            "$log" >>"$out/$name.bfs"
        else
          note "$tool failed from root $root: $(tail -1 "$log")"
        fi
      done ;;
  esac
}

# The idle share of all cores over one second, in percent (/proc/stat: user nice system idle iowait ...).
idle_percent() {
  local -a before after
  local i total=0
  read -r -a before </proc/stat
  sleep 1
  read -r -a after </proc/stat
  for i in 1 2 3 4 5 6 7 8; do total=$((total + after[i] - before[i])); done
  echo $((100 * (after[4] - before[4] + after[5] - before[5]) / (total > 0 ? total : 1)))
}

# Waits, at most QUIET_WAIT seconds, for a second with the cores 90% idle (other work on two shared
# cores slows a two-thread search several-fold); prints the idle percent it started at and the wait.
wait_for_quiet() {
  local waited=0 idle
  while :; do
    idle=$(idle_percent)
    if [ "$idle" -ge 90 ] || [ "$waited" -ge "$quiet_wait" ]; then echo "$idle $waited"; return 0; fi
    sleep 4
    waited=$((waited + 5))
  done
}

measure_bfs() {
  local name=$1 base=$2 round tool
  local -a root_list
  read -r -a root_list <<<"$(draw_roots "$name")"
  [ ${#root_list[@]} -gt 0 ] || die "no roots in $out/$name.validated.err"
  : >"$out/$name.bfs"
  : >"$out/$name.quiet"
  for round in $(seq 1 "$rounds"); do
    for tool in $(round_order "$round" semibfs-compressed semibfs-plain ligra-byte ligra-byterle ligra-nibble ligra-plain); do
      echo "$tool $round $(wait_for_quiet)" >>"$out/$name.quiet"
      run_tool "$name" "$base" "$round" "$tool" "${root_list[@]}"
    done
  done
}

# --- The table and the JSON lines. ---

summarize() {
  "${SUMMARY_PYTHON:-python3}" - "$out" "$threads" "$rounds" "$@" <<'EOF'
import json, statistics, sys
out, threads, rounds, names = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), sys.argv[4:]
tools = ["semibfs-compressed", "semibfs-plain", "ligra-byte", "ligra-byterle", "ligra-nibble", "ligra-plain"]
records = []
for name in names:
    probe = next(json.loads(l) for l in open(f"{out}/{name}.probe") if l.startswith("{"))
    codes = {c["code"]: c for c in probe["codes"]}
    facts = dict(l.split() for l in open(f"{out}/{name}.facts"))
    entries = probe["entries"]
    record = {"graph": name, "vertices": probe["vertices"], "entries": entries, "threads": threads, "rounds": rounds,
              "bits_per_entry": {}, "bits_per_entry_with_offsets": {}, "decode_sequential": {}, "decode_random": {},
              "bfs_seconds": {}, "bfs_best_seconds": {}, "bfs_rounds": {}, "bfs_harmonic_teps": {}}
    for code in ["byte/3", "bit/3", "csr32"]:
        key = "semibfs-" + code.replace("/", "")
        record["bits_per_entry"][key] = codes[code]["bits_per_edge"]
        record["bits_per_entry_with_offsets"][key] = codes[code]["bits_per_edge_with_offsets"]
        record["decode_sequential"][key] = codes[code]["sequential_edges_per_second"]
        record["decode_random"][key] = codes[code]["random_edges_per_second"]
    for code in ["byte", "byterle", "nibble"]:
        m = int(facts[f"ligra_{code}_m"])
        if m != entries:
            print(f"# {name}: Ligra's m {m} differs from the probe's {entries} entries", file=sys.stderr)
        record["bits_per_entry"]["ligra-" + code] = 8 * int(facts[f"ligra_{code}_stream_bytes"]) / m
        record["bits_per_entry_with_offsets"]["ligra-" + code] = 8 * int(facts[f"ligra_{code}_file_bytes"]) / m
    for label in ["byte", "byterle", "nibble", "plain"]:
        for kind in ["sequential", "random"]:
            value = facts.get(f"ligra_decode_{label}_{kind}")
            if value: record[f"decode_{kind}"]["ligra-" + label] = float(value)
    rows = [l.split() for l in open(f"{out}/{name}.bfs")]
    rounds = max(int(r[1]) for r in rows)  # as measured (--report does not know ROUNDS)
    record["rounds"] = rounds
    nedge = {r[2]: float(r[4]) for r in rows if r[4] != "-"}
    for tool in tools:
        per_round = []
        teps = []
        for round in range(1, rounds + 1):
            times = [float(r[3]) for r in rows if r[0] == tool and int(r[1]) == round]
            if times: per_round.append(statistics.mean(times))
            teps += [nedge[r[2]] / float(r[3]) for r in rows if r[0] == tool and int(r[1]) == round
                     and r[2] in nedge and float(r[3]) > 0]
        if per_round:
            record["bfs_seconds"][tool] = statistics.median(per_round)
            record["bfs_rounds"][tool] = per_round
        fastest = {}
        for r in rows:
            if r[0] == tool: fastest[r[2]] = min(float(r[3]), fastest.get(r[2], float("inf")))
        if fastest: record["bfs_best_seconds"][tool] = statistics.mean(fastest.values())
        if teps: record["bfs_harmonic_teps"][tool] = statistics.harmonic_mean(teps)
    record["bfs_roots"] = len({r[2] for r in rows})
    quiet = [l.split() for l in open(f"{out}/{name}.quiet")]
    record["turns_started_quiet"] = f"{sum(int(q[2]) >= 90 for q in quiet)}/{len(quiet)}"
    records.append(record)

def cell(value, form):
    return form.format(value) if value is not None else "n/a"
for record in records:
    g = record["graph"]
    print(f"\n== {g}: {record['vertices']} vertices, {record['entries']} list entries; "
          f"BFS: {record['bfs_roots']} roots, {threads} threads, {record['rounds']} rounds, "
          f"{record['turns_started_quiet']} turns started on idle cores")
    print(f"{'format':<14} {'bits/entry':>10} {'+offsets':>9} {'seq entries/s':>14} {'rand entries/s':>15} "
          f"{'BFS ms median':>14} {'vs ours':>8} {'ms best':>9} {'vs ours':>8}")
    ours = record["bfs_seconds"].get("semibfs-compressed")
    ours_best = record["bfs_best_seconds"].get("semibfs-compressed")
    lines = [("semibfs-byte3", "semibfs-byte3", "semibfs-compressed"), ("semibfs-bit3", "semibfs-bit3", None),
             ("semibfs-csr32", "semibfs-csr32", "semibfs-plain"), ("ligra-byte", "ligra-byte", "ligra-byte"),
             ("ligra-byterle", "ligra-byterle", "ligra-byterle"), ("ligra-nibble", "ligra-nibble", "ligra-nibble"),
             ("ligra-plain", "ligra-plain", "ligra-plain")]
    for label, key, tool in lines:
        bits = record["bits_per_entry"].get(key, 32.0 if key == "ligra-plain" else None)
        with_offsets = record["bits_per_entry_with_offsets"].get(key)
        bfs = record["bfs_seconds"].get(tool) if tool else None
        best = record["bfs_best_seconds"].get(tool) if tool else None
        ratio = bfs / ours if bfs and ours else None
        best_ratio = best / ours_best if best and ours_best else None
        print(f"{label:<14} {cell(bits, '{:10.2f}'):>10} {cell(with_offsets, '{:9.2f}'):>9} "
              f"{cell(record['decode_sequential'].get(key), '{:14.3e}'):>14} {cell(record['decode_random'].get(key), '{:15.3e}'):>15} "
              f"{cell(bfs and 1e3 * bfs, '{:14.3f}'):>14} {cell(ratio, '{:8.2f}'):>8} "
              f"{cell(best and 1e3 * best, '{:9.3f}'):>9} {cell(best_ratio, '{:8.2f}'):>8}")
print("\n# bits: semibfs +offsets = stream + 64-bit offset per vertex; Ligra+ bits = the encoder's edge stream")
print("# (header totalSpace), +offsets = its whole file (stream + 4-byte offset + 4-byte degree per vertex + 24 B).")
print("# decode: one thread, best of 3; semibfs from semibfs_compress_probe, Ligra+ from LigraDecode (its decode()).")
print("# BFS: semibfs-byte3 row = 'semibfs bfs' on the compressed store, semibfs-csr32 row = on the plain store;")
print("# median = median over the rounds of the mean per search; best = mean over the roots of each root's fastest")
print("# round; 'vs ours' = time / the same figure of semibfs on the compressed store (above 1: slower than ours).")
for record in records:
    print(json.dumps(record, separators=(",", ":")))
EOF
}

names=()
for spec in "${graphs[@]}"; do
  if [ "$spec" = mtx-tests ]; then
    write_test_matrices
    set -- "mtx:$out/tests-sym.mtx" "mtx:$out/tests-general.mtx"
  else
    set -- "$spec"
  fi
  for one in "$@"; do
    if [ "$report" = 1 ]; then
      name=$(graph_name "$one")
      [ -s "$out/$name.bfs" ] || die "no measurements of $name in $out: run without --report first"
    else
      read -r name base <<<"$(prepare "$one")"
      note "measuring $name"
      measure_sizes_and_decode "$name"
      measure_bfs "$name" "$base"
    fi
    names+=("$name")
  done
done
summarize "${names[@]}"
