#!/usr/bin/env bash
# The reliability soak (issue 13): writers of stores raced, killed with SIGKILL and interrupted with
# SIGINT/SIGTERM at random moments, in a loop; after each trial the next writer must succeed, the
# store that is left must be whole and searchable (validated), and no temporary file may remain.
# The writers: build, run --store, add-edges and compact (issue 42), and with --python the Python
# package's semibfs.build.
#
#   tests/reliability/soak.sh SEMIBFS_BINARY WORK_DIR (--minutes M | --trials N) [--seed S] [--python PYTHON]
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
python=
while [ $# -gt 0 ]; do
  case $1 in
    --minutes) minutes=$2; shift 2 ;;
    --trials) trials=$2; shift 2 ;;
    --seed) seed=$2; shift 2 ;;
    --python) python=$2; shift 2 ;;
    *) echo "soak.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
RANDOM=$seed
mkdir -p "$work" || exit 2
work=$(cd "$work" && pwd)

# Inputs of different sizes, so that raced writers of the same directory make different stores.
"$binary" generate --scale 17 --format g500-packed -o "$work/a.edges" 2>/dev/null || exit 2
"$binary" generate --scale 15 --edgefactor 8 --format g500-packed -o "$work/b.edges" 2>/dev/null || exit 2
# A base store for the versions' writers, and edges to add: ids below 2^16, which it holds.
"$binary" build "$work/a.edges" --format g500-packed --store "$work/base" >/dev/null 2>&1 || exit 2
"$binary" generate --scale 16 --format el -o "$work/added-a.el" 2>/dev/null || exit 2
"$binary" generate --scale 14 --seed1 7 --format el -o "$work/added-b.el" 2>/dev/null || exit 2
if [ -n "$python" ]; then
  printf 'import sys, semibfs\nsemibfs.build(sys.argv[1], sys.argv[2], format="g500-packed")\n' >"$work/build.py"
fi

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

# The command lines of the writers, and the writers themselves.
build_arguments() { echo "$binary" build "$1" --format g500-packed --store "$2"; }
run_arguments() { echo "$binary" run --scale "$1" --store "$2" --dram-budget 32MiB --roots 2; }
add_arguments() { echo "$binary" add-edges "$1" --format el --store "$2"; }
compact_arguments() { echo "$binary" compact --store "$1"; }
python_build_arguments() { echo "$python" "$work/build.py" "$1" "$2"; }
quietly() { "$@" >/dev/null 2>>"$work/stderr"; }
build() { quietly $(build_arguments "$1" "$2"); }
run_store() { quietly $(run_arguments "$1" "$2") "${@:3}"; }
add_edges() { quietly $(add_arguments "$1" "$2"); }
compact() { quietly $(compact_arguments "$1"); }

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

# Two writers (command lines) started at once on a barrier file: exactly one succeeds, the other
# fails cleanly; with `serial` both may succeed, one after the other (writers of versions).
race() {
  local store=$1 first=$2 second=$3 serial=${4:-}
  rm -f "$work/go"
  ( while [ ! -e "$work/go" ]; do :; done; exec $first >/dev/null 2>>"$work/stderr" ) &
  local one=$!
  ( while [ ! -e "$work/go" ]; do :; done; exec $second >/dev/null 2>>"$work/stderr" ) &
  local two=$!
  touch "$work/go"
  wait $one; local status_one=$?
  wait $two; local status_two=$?
  expect_clean_exit "the first writer" $status_one
  expect_clean_exit "the second writer" $status_two
  if [ $status_one -eq 0 ] && [ $status_two -eq 0 ] && [ -z "$serial" ]; then fail "both writers exited 0"; fi
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

# A writer (a command line) stopped by `signal` at a random moment up to `max_delay` seconds.
interrupt() {
  local signal=$1 writer=$2 max_delay=$3
  $writer >/dev/null 2>>"$work/stderr" &
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

# A stopped writer exited 0 (it had finished) or as `signal` ends a process; what it did is counted.
expect_stopped_status() {
  local what=$1 signal=$2 kind=$3
  if [ "$stopped" -ne 0 ] && [ "$stopped" -ne "$(expected_status "$signal")" ]; then
    fail "$what stopped by SIG$signal exited $stopped"
  fi
  note "${kind}_stopped-$([ "$stopped" -eq 0 ] && echo finished || echo early)"
}

# A store with versions: its descriptions whole (info reads them all), searched at the latest
# version and validated, no compaction's directory or marker left.
check_versioned_store() {
  local store=$1
  quietly "$binary" info --store "$store" || fail "info cannot read the store's versions"
  check_build_store "$store"
  if [ -e "$store.compacting" ] || [ -e "$store/compacting" ]; then fail "a compaction's leftover stayed"; fi
}

versioned_base() {
  cp -r "$work/base" "$1"
  add_edges "$work/added-a.el" "$1" || fail "adding edges to a copy of the base failed: $(tail -1 "$work/stderr")"
}

# Two add-edges of different files: each writes its version, one after the other, or one is refused.
trial_add_race() {
  local store=$work/store
  cp -r "$work/base" "$store"
  race "$store" "$(add_arguments "$work/added-a.el" "$store")" "$(add_arguments "$work/added-b.el" "$store")" serial
  check_versioned_store "$store"
}

# compact beside add-edges on a store with a version: either order, or one refused.
trial_compact_race() {
  local store=$work/store
  versioned_base "$store"
  race "$store" "$(compact_arguments "$store")" "$(add_arguments "$work/added-b.el" "$store")" serial
  check_versioned_store "$store"
}

trial_add_stopped() {
  local signal=$1 store=$work/store
  cp -r "$work/base" "$store"
  interrupt "$signal" "$(add_arguments "$work/added-a.el" "$store")" 0.4
  expect_stopped_status "add-edges" "$signal" add
  if [ "$signal" != KILL ]; then no_temporaries "$store" "SIG$signal"; fi
  if [ "$stopped" -ne 0 ] && [ "$signal" != KILL ] && [ -e "$store/version-1" ]; then
    fail "an interrupted add-edges wrote a version"
  fi
  add_edges "$work/added-b.el" "$store" || fail "add-edges after SIG$signal failed: $(tail -1 "$work/stderr")"
  no_temporaries "$store" "the next add-edges"
  check_versioned_store "$store"
}

# A stopped compaction leaves the old store or the new one, whole; the next one removes its leftover.
trial_compact_stopped() {
  local signal=$1 store=$work/store
  versioned_base "$store"
  interrupt "$signal" "$(compact_arguments "$store")" 0.8
  expect_stopped_status "compact" "$signal" compact
  if [ "$signal" != KILL ] && [ -e "$store.compacting" ]; then fail "an interrupted compaction left $store.compacting"; fi
  check_build_store "$store"
  add_edges "$work/added-b.el" "$store" || fail "add-edges after SIG$signal failed: $(tail -1 "$work/stderr")"
  compact "$store" || fail "the compaction after SIG$signal failed: $(tail -1 "$work/stderr")"
  if [ -e "$store/version-1" ]; then fail "the compaction after SIG$signal left a version"; fi
  check_versioned_store "$store"
}

trial_python_build_race() {
  local store=$work/store
  race "$store" "$(python_build_arguments "$work/a.edges" "$store")" "$(python_build_arguments "$work/b.edges" "$store")"
  check_build_store "$store" "$([ "$winner" = 1 ] && echo "$work/a.edges" || echo "$work/b.edges")"
}

trial_python_build_stopped() {
  local signal=$1 store=$work/store
  interrupt "$signal" "$(python_build_arguments "$work/a.edges" "$store")" 1.5
  # The package raises a SIGTERM that stops a call as KeyboardInterrupt, which ends Python with 130.
  if [ "$signal" = TERM ] && [ "$stopped" -eq 130 ]; then
    note "python_build_sigterm_as_keyboard_interrupt"
    stopped=143
  fi
  expect_stopped_status "semibfs.build" "$signal" python_build
  if [ "$signal" != KILL ]; then no_temporaries "$store" "SIG$signal"; fi
  # A signal that lands after the store's last step (its manifest, written last) is raised by Python
  # as the call returns: the store is then whole, and is checked as one.
  if [ "$stopped" -ne 0 ] && [ "$signal" != KILL ] && [ -e "$store/manifest" ]; then
    note "python_build_signal_after_the_work"
  fi
  if [ -e "$store/manifest" ]; then
    check_build_store "$store" "$work/a.edges"
    return
  fi
  build "$work/b.edges" "$store" || fail "the build after SIG$signal failed: $(tail -1 "$work/stderr")"
  check_build_store "$store" "$work/b.edges"
}

kinds=(build_race run_race "build_stopped KILL" "build_stopped INT" "build_stopped TERM"
       "run_stopped KILL" "run_stopped INT" "run_stopped TERM"
       add_race compact_race "add_stopped KILL" "add_stopped INT" "add_stopped TERM"
       "compact_stopped KILL" "compact_stopped INT" "compact_stopped TERM")
if [ -n "$python" ]; then
  kinds+=(python_build_race "python_build_stopped KILL" "python_build_stopped INT" "python_build_stopped TERM")
fi
start=$(date +%s)
trial=0
while :; do
  if [ "$trials" -gt 0 ] && [ "$trial" -ge "$trials" ]; then break; fi
  if [ "$trials" -eq 0 ] && [ $(( $(date +%s) - start )) -ge $(( minutes * 60 )) ]; then break; fi
  trial=$((trial + 1))
  kind=${kinds[$((RANDOM % ${#kinds[@]}))]}
  rm -rf "$work/store" "$work/store.compacting"
  : >"$work/stderr"
  note "trial"
  note "${kind// /-}"
  trial_$kind
done
rm -rf "$work/store" "$work/store.compacting" "$work/base" "$work/go" "$work/a.edges" "$work/b.edges" \
  "$work/added-a.el" "$work/added-b.el" "$work/build.py" "$work/stderr"

echo "soak: $trial trials in $(( $(date +%s) - start )) s, $failures wrong (seed $seed)"
json="{\"trials\": $trial, \"wrong\": $failures, \"seed\": $seed"
for key in $(printf '%s\n' "${!count[@]}" | sort); do
  echo "  $key: ${count[$key]}"
  json+=", \"$key\": ${count[$key]}"
done
echo "$json}"
[ "$failures" -eq 0 ]
