#!/usr/bin/env bash
# The reliability soak (issue 13): writers of stores raced, killed with SIGKILL and interrupted with
# SIGINT/SIGTERM at random moments, in a loop; after each trial the next writer must succeed, the
# store that is left must be whole and searchable (validated), and no temporary file may remain.
#
#   tests/reliability/soak.sh SEMIBFS_BINARY WORK_DIR (--minutes M | --trials N) [--seed S]
#
# Paths must not hold spaces (the writers' arguments are split on them).
# Prints one line per trial that went wrong, then the counts (and a JSON line); exits 1 when any
# trial went wrong: a crash, a command that exited 0 leaving a wrong or unusable store, a second
# writer that did not fail cleanly, or a temporary file left after the next writer.
set -u

binary=$1
work=$2
shift 2
minutes=0
trials=0
seed=$$
while [ $# -gt 0 ]; do
  case $1 in
    --minutes) minutes=$2; shift 2 ;;
    --trials) trials=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    *) echo "soak.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
RANDOM=$seed
mkdir -p "$work" || exit 2
work=$(cd "$work" && pwd)

# Inputs of different sizes, so that raced writers of the same directory make different stores.
"$binary" generate --scale 17 --format g500-packed -o "$work/a.edges" 2>/dev/null || exit 2
"$binary" generate --scale 15 --edgefactor 8 --format g500-packed -o "$work/b.edges" 2>/dev/null || exit 2

declare -A count=()
failures=0
note() { count[$1]=$(( ${count[$1]:-0} + 1 )); }
fail() {
  failures=$((failures + 1))
  note "wrong"
  echo "soak: trial $trial ($kind): $*" >&2
}

random_delay() { awk -v r=$RANDOM -v max="$1" 'BEGIN { printf "%.3f", r / 32767 * max }'; }

# A command that was not signalled by us must exit 0 or 1 (a clean refusal), never crash.
expect_clean_exit() {
  local what=$1 status=$2
  if [ "$status" -ne 0 ] && [ "$status" -ne 1 ]; then fail "$what exited $status (a crash?)"; fi
}

no_temporaries() {
  local left
  left=$(find "$1" -name '*.tmp.*' 2>/dev/null | head -3)
  if [ -n "$left" ]; then fail "temporary files left after $2: $left"; fi
}

# The arguments of the writers (an array named by the caller), and the writers themselves.
build_arguments() { echo build "$1" --format g500-packed --store "$2"; }
run_arguments() { echo run --scale "$1" --store "$2" --dram-budget 32MiB --roots 2; }
semibfs() { "$binary" "$@" >/dev/null 2>>"$work/stderr"; }
build() { semibfs $(build_arguments "$1" "$2"); }
run_store() { semibfs $(run_arguments "$1" "$2") "${@:3}"; }

# A build store: searched and validated against its own edge file, and made from `input` when given.
check_build_store() {
  local store=$1 input=${2:-}
  if ! "$binary" bfs --store "$store" --roots 2 >/dev/null 2>>"$work/stderr"; then
    fail "the store in $store cannot be searched"
    return
  fi
  if [ -n "$input" ] && ! grep -q "^source $input\$" "$store/input"; then
    fail "the store in $store was not made from $input"
  fi
}

# Two writers (semibfs argument lists) started at once on a barrier file: exactly one succeeds,
# the other fails cleanly.
race() {
  local store=$1 first=$2 second=$3
  rm -f "$work/go"
  ( while [ ! -e "$work/go" ]; do :; done; exec "$binary" $first >/dev/null 2>>"$work/stderr" ) &
  local one=$!
  ( while [ ! -e "$work/go" ]; do :; done; exec "$binary" $second >/dev/null 2>>"$work/stderr" ) &
  local two=$!
  touch "$work/go"
  wait $one; local status_one=$?
  wait $two; local status_two=$?
  expect_clean_exit "the first writer" $status_one
  expect_clean_exit "the second writer" $status_two
  if [ $status_one -eq 0 ] && [ $status_two -eq 0 ]; then fail "both writers exited 0"; fi
  if [ $status_one -ne 0 ] && [ $status_two -ne 0 ]; then fail "neither writer succeeded"; fi
  winner=$([ $status_one -eq 0 ] && echo 1 || echo 2)
  no_temporaries "$store" "the race"
}

trial_build_race() {
  local store=$work/store
  race "$store" "$(build_arguments "$work/a.edges" "$store")" "$(build_arguments "$work/b.edges" "$store")"
  check_build_store "$store" "$([ "$winner" = 1 ] && echo "$work/a.edges" || echo "$work/b.edges")"
}

trial_run_race() {
  local store=$work/store
  mkdir -p "$store"
  race "$store" "$(run_arguments 16 "$store")" "$(run_arguments 15 "$store")"
  local scale=$([ "$winner" = 1 ] && echo 16 || echo 15)
  grep -q "scale=$scale " "$store/manifest" || fail "the store does not hold the winner's SCALE $scale"
  run_store "$scale" "$store" --reuse || fail "the winner's store cannot be reused"
}

# A writer (semibfs arguments) stopped by `signal` at a random moment up to `max_delay` seconds.
interrupt() {
  local signal=$1 writer=$2 max_delay=$3
  "$binary" $writer >/dev/null 2>>"$work/stderr" &
  local pid=$!
  sleep "$(random_delay "$max_delay")"
  kill -s "$signal" $pid 2>/dev/null
  { wait $pid; } 2>/dev/null  # without the shell's "Killed" line
  stopped=$?
}

expected_status() {
  case $1 in KILL) echo 137 ;; INT) echo 130 ;; TERM) echo 143 ;; esac
}

trial_build_stopped() {
  local signal=$1 store=$work/store
  interrupt "$signal" "$(build_arguments "$work/a.edges" "$store")" 0.4
  if [ "$stopped" -ne 0 ] && [ "$stopped" -ne "$(expected_status "$signal")" ]; then
    fail "build stopped by SIG$signal exited $stopped"
  fi
  if [ "$signal" != KILL ]; then no_temporaries "$store" "SIG$signal"; fi
  if [ "$stopped" -ne 0 ] && [ "$signal" != KILL ] && [ -e "$store/manifest" ]; then
    fail "an interrupted build left a manifest"
  fi
  note "build_stopped-$([ "$stopped" -eq 0 ] && echo finished || echo early)"
  # The next writer: a store that was finished stays; else a new build into the directory succeeds.
  if [ -e "$store/manifest" ]; then
    check_build_store "$store" "$work/a.edges"
    return
  fi
  build "$work/b.edges" "$store" || fail "the build after SIG$signal failed: $(tail -1 "$work/stderr")"
  no_temporaries "$store" "the next build"
  check_build_store "$store" "$work/b.edges"
}

trial_run_stopped() {
  local signal=$1 store=$work/store
  mkdir -p "$store"
  interrupt "$signal" "$(run_arguments 16 "$store")" 0.8
  if [ "$stopped" -ne 0 ] && [ "$stopped" -ne "$(expected_status "$signal")" ]; then
    fail "run --store stopped by SIG$signal exited $stopped"
  fi
  if [ "$signal" != KILL ]; then no_temporaries "$store" "SIG$signal"; fi
  note "run_stopped-$([ "$stopped" -eq 0 ] && echo finished || echo early)"
  local again=()
  if [ -e "$store/manifest" ]; then again=(--reuse); fi
  run_store 16 "$store" "${again[@]}" || fail "the run after SIG$signal failed: $(tail -1 "$work/stderr")"
  no_temporaries "$store" "the next run"
}

kinds=(build_race run_race "build_stopped KILL" "build_stopped INT" "build_stopped TERM"
       "run_stopped KILL" "run_stopped INT" "run_stopped TERM")
start=$(date +%s)
trial=0
while :; do
  if [ "$trials" -gt 0 ] && [ "$trial" -ge "$trials" ]; then break; fi
  if [ "$trials" -eq 0 ] && [ $(( $(date +%s) - start )) -ge $(( minutes * 60 )) ]; then break; fi
  trial=$((trial + 1))
  kind=${kinds[$((RANDOM % ${#kinds[@]}))]}
  rm -rf "$work/store"
  : >"$work/stderr"
  note "trial"
  note "${kind// /-}"
  trial_$kind
done
rm -rf "$work/store" "$work/go" "$work/a.edges" "$work/b.edges" "$work/stderr"

echo "soak: $trial trials in $(( $(date +%s) - start )) s, $failures wrong (seed $seed)"
json="{\"trials\": $trial, \"wrong\": $failures, \"seed\": $seed"
for key in $(printf '%s\n' "${!count[@]}" | sort); do
  echo "  $key: ${count[$key]}"
  json+=", \"$key\": ${count[$key]}"
done
echo "$json}"
[ "$failures" -eq 0 ]
