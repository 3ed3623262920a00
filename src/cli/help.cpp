#include "cli/commands.hpp"

namespace semibfs::cli {

const char* const kMainHelp =
    "semibfs: the Graph500 breadth-first-search benchmark, spec-exact and validated.\n"
    "\n"
    "Usage: semibfs COMMAND [OPTIONS]\n"
    "\n"
    "Commands:\n"
    "  run        a Graph500 run: generate, construct, 64 timed and validated searches,\n"
    "             the official output block on stdout\n"
    "  generate   write the Graph500 Kronecker edge list to a file\n"
    "\n"
    "Run 'semibfs COMMAND --help' for a command's options.\n";

const char* const kRunHelp =
    "Usage: semibfs run --scale S [OPTIONS]\n"
    "\n"
    "A Graph500 run in memory. The official block goes to stdout, progress and one line per\n"
    "root to stderr.\n"
    "\n"
    "  --scale S            log2 of the number of vertices (1..32), required\n"
    "  --edgefactor E       edges per vertex (default 16)\n"
    "  --seed1 A --seed2 B  generator seeds (default 2 and 3, the reference's)\n"
    "  --roots N            number of searches (default 64)\n"
    "  --threads N          OpenMP threads (default: all cores)\n"
    "  --policy P           how each step's direction is chosen: alpha-beta (default; frontier\n"
    "                       vertices against n, Iwabuchi et al. Sec. III-C), beamer (frontier\n"
    "                       edges against unexplored edges, Beamer et al. SC'12), top-down or\n"
    "                       bottom-up\n"
    "  --direction D        the older name: hybrid (= alpha-beta), top-down or bottom-up\n"
    "  --alpha A            switch to bottom-up when the growing frontier passes n/A vertices\n"
    "                       (alpha-beta, default 1e4) or m_u/A edges (beamer, default 15)\n"
    "  --beta B             switch back to top-down when the shrinking frontier falls below n/B\n"
    "                       vertices (alpha-beta, default 1e3; beamer, default 18)\n"
    "  --summary-bits N     frontier bits per summary bit in bottom-up steps: 64, 128, 256, 512,\n"
    "                       1024, or 0 for none (default; Cui et al. Sec. III-C)\n"
    "  --partitions P       split the vertices into P ranges, each with a forward and a backward\n"
    "                       graph (NETAL layout, Yasui et al. Sec. IV-A); default: one per NUMA\n"
    "                       node\n"
    "  --neighbor-order O   order of each neighbour list: hub-first (default; the highest-degree\n"
    "                       neighbour first), degree (all by descending degree) or id\n"
    "  --store DIR          also write the constructed graph to DIR (an existing directory without\n"
    "                       a store): a manifest and one file per array, each with its SHA-256\n"
    "  --reuse              with --store: read the graph from DIR instead of constructing it (the\n"
    "                       edge list is still generated, for validation); the store must have\n"
    "                       been made with the same SCALE, edgefactor, seeds, partitions and order\n"
    "  --skip-validation    do not validate the searches (the run is then not a valid result)\n"
    "  --json FILE          also write the figures, options, machine and per-level statistics\n"
    "  -h, --help           this text\n";

const char* const kGenerateHelp =
    "Usage: semibfs generate --scale S [OPTIONS] -o FILE\n"
    "\n"
    "Writes the Graph500 Kronecker edge list, bit-identical to the reference v3.0.0 generator.\n"
    "\n"
    "  --scale S            log2 of the number of vertices (1..48), required\n"
    "  --edgefactor E       edges per vertex (default 16)\n"
    "  --seed1 A --seed2 B  generator seeds (default 2 and 3)\n"
    "  --format F           int64 (two little-endian int64 per edge, default), packed48 (the\n"
    "                       reference's 12-byte edge) or text ('v0 v1' per line)\n"
    "  --threads N          OpenMP threads (default: all cores)\n"
    "  -o FILE              output file, '-' for stdout; written to a temporary name, then renamed\n"
    "  -h, --help           this text\n";

}  // namespace semibfs::cli
