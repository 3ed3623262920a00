# Shared by the benchmarks that interleave their runs (sourced, not run).

# The median of the numbers on stdin, one per line.
median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# round_order ROUND ITEM...: the items one per line, reversed on even rounds, so that drift of the
# machine during a round does not favour the items that run first.
round_order() {
  local round=$1
  shift
  if [ $((round % 2)) -eq 0 ]; then printf '%s\n' "$@" | tac; else printf '%s\n' "$@"; fi
}
