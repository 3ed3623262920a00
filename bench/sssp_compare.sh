#!/usr/bin/env bash
# Kernel 3 (SSSP) side by side with programs built outside this repository, interleaved so that both
# see the same machine noise:
#  - gapbs's sssp (Beamer et al.), on one weighted Kronecker edge list file that both read: each
#    root searched by `semibfs sssp` (one timed search after an untimed warm-up) and by gapbs (two
#    trials, the second timed, the first its warm-up);
#  - the Graph500 reference's SSSP (graph500_reference_bfs_sssp, SKIP_BFS and SKIP_VALIDATION set,
#    under mpirun) against `semibfs run --sssp`: the SSSP harmonic-mean TEPS of each.
set -euo pipefail

usage() {
  cat <<'EOF'
Usage: bench/sssp_compare.sh [--gapbs DIR] [--reference PATH] [--rounds N] [--roots N] [--delta D]
                             [--semibfs-delta D]
                             [--vertex-orders LIST] SCALE...

  --gapbs DIR       a gapbs checkout with `make sssp converter` done (e.g. /work/ext/gapbs)
  --reference PATH  the reference's graph500_reference_bfs_sssp binary (run with mpirun -np RANKS,
                    RANKS default 2: the cores semibfs's THREADS (default 2) threads use)
  --rounds N        interleaved rounds (default 3); the table gives medians over them
  --roots N         roots searched by both against gapbs (default 8)
  --semibfs-delta D against gapbs, semibfs's own delta instead of --delta's (each program at its
                    best: semibfs's pruned kernel reads fewer entries with wider buckets, 16 here
                    for weights 1..255 as its default 0.05 is for weights in [0, 1))
  --delta D         delta for both against gapbs, in the file's integer weights (default 2,
                    gapbs's benchmark setting for Kronecker graphs)
  --vertex-orders L against gapbs, semibfs's stores built with each of these `build --vertex-order`
                    values, comma-separated (default input; e.g. input,degree), each searched per
                    root in the same interleaved loop

Against gapbs, each edge of the Graph500 Kronecker list (semibfs generate --format el) gets an
integer weight 1..255 made from its two endpoints (duplicates get the same weight), so both programs
see one weighted graph; gapbs reads it symmetrized (-s). Against the reference, both generate the
Graph500 graph with the reference's float weights and search its 64 roots. Files go to out/sssp_compare/.
EOF
}

die() { echo "bench/sssp_compare.sh: $*" >&2; exit 1; }

cd "$(dirname "$0")/.."
semibfs=${SEMIBFS:-$PWD/build/semibfs}
threads=${THREADS:-2}
ranks=${RANKS:-2}
gapbs=""
reference=""
rounds=3
roots=8
delta=2
semibfs_delta=""
vertex_orders=input
scales=()
while (($#)); do
  case $1 in
    --gapbs) gapbs=$2; shift 2 ;;
    --reference) reference=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --roots) roots=$2; shift 2 ;;
    --delta) delta=$2; shift 2 ;;
    --semibfs-delta) semibfs_delta=$2; shift 2 ;;
    --vertex-orders) vertex_orders=$2; shift 2 ;;
    -h|--help) usage; exit 0 ;;
    -*) die "unknown option '$1' (see --help)" ;;
    *) scales+=("$1"); shift ;;
  esac
done
((${#scales[@]})) || die "give at least one SCALE (see --help)"
IFS=, read -r -a orders <<< "$vertex_orders"
for order in "${orders[@]}"; do
  [[ $order == input || $order == degree ]] || die "--vertex-orders: '$order' is not input or degree"
done
[[ -n $gapbs || -n $reference ]] || die "give --gapbs DIR, --reference PATH or both"
[[ -x $semibfs ]] || die "no semibfs at $semibfs (build it, or set SEMIBFS)"
out=out/sssp_compare
mkdir -p "$out"
export OMP_NUM_THREADS=$threads
mpirun_root=()
[[ $(id -u) == 0 ]] && mpirun_root=(--allow-run-as-root)

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else if (NR % 2) print v[(NR + 1) / 2]; else print (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# The weighted edge list, gapbs's serialized graph of it and semibfs's store, made once per SCALE.
prepare_files() {
  local scale=$1 base=$out/kron$1
  if [[ ! -s $base.wel ]]; then
    "$semibfs" generate --scale "$scale" --format el --quiet -o "$base.el"
    awk '{ a = ($1 < $2) ? $1 : $2; b = ($1 < $2) ? $2 : $1; print $1, $2, 1 + (a * 40503 + b * 2654435) % 255 }' \
      "$base.el" > "$base.wel.tmp" && mv "$base.wel.tmp" "$base.wel" && rm -f "$base.el"
  fi
  if [[ ! -s $base.wsg ]]; then "$gapbs/converter" -f "$base.wel" -s -b "$base.wsg.tmp" -w > /dev/null && mv "$base.wsg.tmp" "$base.wsg"; fi
  local order store
  for order in "${orders[@]}"; do
    store=$(store_of "$base" "$order")
    if [[ ! -d $store ]]; then
      mkdir -p "$store.tmp" && "$semibfs" build "$base.wel" --format el --vertex-order "$order" --store "$store.tmp" \
        --quiet && mv "$store.tmp" "$store"
    fi
  done
}

# semibfs's store of the file with this vertex order (the input order's keeps its first name).
store_of() { if [[ $2 == input ]]; then echo "$1.store"; else echo "$1.$2.store"; fi; }

# Roots: the first distinct sources of non-self-loop lines, each with an edge.
pick_roots() { awk '$1 != $2 && !seen[$1]++ { print $1; if (++n == '"$2"') exit }' "$1"; }

compare_gapbs() {
  local scale=$1 base=$out/kron$1 root round s g order column
  prepare_files "$scale"
  local times=$out/gapbs_s$scale.tsv
  : > "$times"
  for round in $(seq "$rounds"); do
    for root in $(pick_roots "$base.wel" "$roots"); do
      s=()
      for order in "${orders[@]}"; do
        s+=("$("$semibfs" sssp --store "$(store_of "$base" "$order")" --root "$root" --delta "${semibfs_delta:-$delta}" \
                --threads "$threads" 2> /dev/null | awk '/^sssp_time:/ { print $2 }')")
      done
      g=$("$gapbs/sssp" -f "$base.wsg" -r "$root" -n 2 -d "$delta" | awk '/^Trial Time:/ { t = $3 } END { print t }')
      (IFS=$'\t'; printf '%s\t%s\t%s\t%s\n' "$round" "$root" "$g" "${s[*]}") >> "$times"
    done
  done
  local ratio sm gm
  gm=$(cut -f3 "$times" | median)
  column=4
  for order in "${orders[@]}"; do
    sm=$(cut -f$column "$times" | median)
    ratio=$(awk -v c=$column '{ print $3 / $c }' "$times" | median)
    printf 'SCALE %s vs gapbs (%s roots x %s rounds, delta %s, semibfs delta %s, %s order): semibfs median %.4f s, gapbs median %.4f s, median speedup %.2fx\n' \
      "$scale" "$roots" "$rounds" "$delta" "${semibfs_delta:-$delta}" "$order" "$sm" "$gm" "$ratio"
    if ((column > 4)); then
      printf 'SCALE %s: %s order against %s order, median of the per-root time ratios %.2fx\n' "$scale" "$order" \
        "${orders[0]}" "$(awk -v c=$column '{ print $4 / $c }' "$times" | median)"
    fi
    column=$((column + 1))
  done
}

compare_reference() {
  local scale=$1 round s r
  local teps=$out/reference_s$scale.tsv
  : > "$teps"
  for round in $(seq "$rounds"); do
    s=$("$semibfs" run --scale "$scale" --sssp --threads "$threads" 2> "$out/semibfs_run_s$scale.err" |
        awk '/^sssp harmonic_mean_TEPS:/ { print $NF }')
    r=$(SKIP_BFS=1 SKIP_VALIDATION=1 mpirun "${mpirun_root[@]}" --oversubscribe -np "$ranks" "$reference" "$scale" 16 \
          2> "$out/reference_s$scale.err" | awk '/^sssp harmonic_mean_TEPS:/ { print $NF }')
    printf '%s\t%s\t%s\n' "$round" "$s" "$r" >> "$teps"
  done
  local sm rm
  sm=$(cut -f2 "$teps" | median)
  rm=$(cut -f3 "$teps" | median)
  printf 'SCALE %s vs the reference (%s ranks, %s rounds): semibfs SSSP harmonic TEPS median %.4g, reference %.4g, %.1fx\n' \
    "$scale" "$ranks" "$rounds" "$sm" "$rm" "$(awk -v a="$sm" -v b="$rm" 'BEGIN { print a / b }')"
}

for scale in "${scales[@]}"; do  # if, not &&: a comparison not asked for must not end the script with 1
  if [[ -n $gapbs ]]; then compare_gapbs "$scale" | tee -a "$out/summary.txt"; fi
  if [[ -n $reference ]]; then compare_reference "$scale" | tee -a "$out/summary.txt"; fi
done
