#!/usr/bin/env bash
# semibfs across ranks against the Graph500 reference's MPI codes, interleaved: per round, a
# `semibfs run` under `mpirun -np RANKS` (one thread per rank, 64 searches, every one validated)
# and each reference binary through bench/mpi_reference.sh (built outside the repository; its
# header says how), the order reversed every other round. Prints each run's harmonic mean TEPS,
# then the medians and semibfs's median over each reference's.
#
#   bench/mpi_versus_reference.sh SEMIBFS SCALE RANKS ROUNDS [REFERENCE...]
# REFERENCE as mpi_reference.sh's BINARIES entries; default
#   v3:graph500_reference_bfs v2:graph500_mpi_simple v2:graph500_mpi_replicated
# The v2 codes run unvalidated (SKIP_VALIDATION; their validator takes minutes per root), so
# their TEPS count 16 * 2^SCALE edges per search (see mpi_reference.sh).
set -euo pipefail
semibfs=$1 scale=$2 ranks=$3 rounds=$4
shift 4
references=("$@")
if [ ${#references[@]} -eq 0 ]; then
  references=(v3:graph500_reference_bfs v2:graph500_mpi_simple v2:graph500_mpi_replicated)
fi
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=bench/rounds.sh
source "$(dirname "$0")/rounds.sh"
run_semibfs() {
  OMP_NUM_THREADS=1 mpirun --oversubscribe --allow-run-as-root -np "$ranks" "$semibfs" run --scale "$scale" \
    --threads 1 --json "$work/semibfs.json" >/dev/null 2>"$work/semibfs.err" ||
    { echo "semibfs failed: $(tail -1 "$work/semibfs.err")" >&2; exit 1; }
  python3 -c 'import json, sys; r = json.load(open(sys.argv[1])); assert r["validation_passed"]; print(r["graph500"]["teps"]["harmonic_mean"])' \
    "$work/semibfs.json"
}
# The reference's harmonic mean TEPS and status (mpi_reference.sh's fourth and last columns).
run_reference() {
  local line
  line=$(RANKS=$ranks SCALE=$scale SKIP_VALIDATION=1 BINARIES=$1 "$here/mpi_reference.sh" | tail -n 1)
  echo "$(echo "$line" | awk '{ print $4 }') $(echo "$line" | awk '{ print $NF }')"
}
names=(semibfs "${references[@]}")
for round in $(seq "$rounds"); do
  mapfile -t order < <(round_order "$round" "${names[@]}")
  for name in "${order[@]}"; do
    if [ "$name" = semibfs ]; then
      teps=$(run_semibfs) status=validated
    else
      read -r teps status < <(run_reference "$name")
    fi
    echo "round $round $name: harmonic_mean_TEPS $teps ($status)"
    echo "$teps" >>"$work/${name//[:\/]/_}.teps"
  done
done
semibfs_median=$(median <"$work/semibfs.teps")
for name in "${names[@]}"; do
  m=$(median <"$work/${name//[:\/]/_}.teps")
  echo "median $name: $m TEPS; semibfs / it: $(python3 -c "print(f'{$semibfs_median / $m:.2f}x')")"
done
