#include "graph500/json_report.hpp"

#include <initializer_list>
#include <string_view>
#include <utility>

#include "graph500/statistics.hpp"
#include "core/json_writer.hpp"
#include "core/program_version.hpp"
#include "core/numa_placement.hpp"

namespace semibfs {
namespace {

// null for the policies that never switch, so the report does not show a threshold nothing read.
void write_threshold(JsonWriter& json, std::string_view name, const BfsOptions& bfs, double value) {
  if (uses_thresholds(bfs.policy)) {
    json.field(name, value);
  } else {
    json.key(name);
    json.null_value();
  }
}

// The graph as searched: its real size, and a run's Kronecker parameters (a store built from a
// file has none).
void write_graph(JsonWriter& json, const Graph500Report& report) {
  json.field("graph", report.graph);
  if (report.kronecker) {
    json.field("scale", report.kronecker->scale);
    json.field("edgefactor", report.kronecker->edgefactor);
  }
  json.field("vertices", report.vertices);
  json.field("input_edges", report.input_edges);
}

void write_search_options(JsonWriter& json, const SearchOptions& search) {
  json.field("policy", to_string(search.bfs.policy));
  write_threshold(json, "alpha", search.bfs, search.bfs.alpha_or_default());
  write_threshold(json, "beta", search.bfs, search.bfs.beta_or_default());
  json.field("summary_bits", search.bfs.summary_bits);
  json.field("dram_budget_bytes", search.budget.dram_budget_bytes);
  if (search.head_entries) json.field("head_entries", *search.head_entries);
  json.field("io", std::string(io_kind_name(search.io)));
  json.field("validation", !search.skip_validation);
}

void write_options(JsonWriter& json, const Graph500Report& report) {
  json.key("options");
  json.begin_object();
  write_graph(json, report);
  json.field("seed1", report.draw.seed1);
  json.field("seed2", report.draw.seed2);
  json.field("roots_requested", report.draw.num_roots);
  if (!report.roots_note.empty()) json.field("roots_note", report.roots_note);
  json.field("threads", report.threads);
  json.field("partitions", report.partitions);
  json.field("neighbor_order", to_string(report.neighbor_order));
  json.field("compressed_lists", report.compressed_lists);
  json.field("numa", numa_description());
  json.field("store", report.store_directory);
  json.field("graph_from_store", report.graph_from_store);
  json.field("store_write_seconds", report.store_write_seconds);
  json.field("edge_file_check_seconds", report.edge_file_check_seconds);
  write_search_options(json, report.search);
  json.end_object();
}

void write_machine(JsonWriter& json, const MachineInfo& machine, std::int64_t peak_rss_bytes) {
  json.key("machine");
  json.begin_object();
  json.field("hostname", machine.hostname);
  json.field("cpu_model", machine.cpu_model);
  json.field("logical_cores", machine.logical_cores);
  json.field("memory_bytes", machine.memory_bytes);
  json.field("peak_rss_bytes", peak_rss_bytes);
  json.end_object();
}

using NamedFigure = std::pair<std::string_view, double>;

void write_figures(JsonWriter& json, std::string_view name, std::initializer_list<NamedFigure> figures) {
  json.key(name);
  json.begin_object();
  for (const auto& [figure, value] : figures) json.field(figure, value);
  json.end_object();
}

// The key names of the official block ("min", "firstquartile", ...), grouped per quantity.
void write_summary(JsonWriter& json, std::string_view name, const SummaryStatistics& s) {
  write_figures(json, name, {{"min", s.minimum}, {"firstquartile", s.first_quartile}, {"median", s.median},
                             {"thirdquartile", s.third_quartile}, {"max", s.maximum}, {"mean", s.mean},
                             {"stddev", s.stddev}});
}

void write_teps(JsonWriter& json, const TepsStatistics& t) {
  write_figures(json, "teps", {{"min", t.minimum}, {"firstquartile", t.first_quartile}, {"median", t.median},
                               {"thirdquartile", t.third_quartile}, {"max", t.maximum},
                               {"harmonic_mean", t.harmonic_mean}, {"harmonic_stddev", t.harmonic_stddev}});
}

void write_official(JsonWriter& json, const Graph500Results& official) {
  json.key("graph500");
  json.begin_object();
  json.field("scale", official.scale);
  json.field("edgefactor", official.edgefactor);
  json.field("nbfs", static_cast<std::int64_t>(official.bfs_seconds.size()));
  json.field("graph_generation_seconds", official.generation_seconds);
  json.field("num_mpi_processes", official.num_mpi_processes);
  json.field("construction_seconds", official.construction_seconds);
  if (!official.bfs_seconds.empty()) {
    write_summary(json, "time", summarize(official.bfs_seconds));
    write_summary(json, "nedge", summarize(official.nedge));
    write_teps(json, summarize_teps(official.bfs_seconds, official.nedge));
    write_summary(json, "validate", summarize(official.validate_seconds));
  }
  json.end_object();
}

void write_traffic(JsonWriter& json, const std::vector<TrafficFigure>& traffic) {
  json.key("traffic");
  json.begin_object();
  for (const TrafficFigure& kind : traffic) {
    json.key(kind.kind);
    json.begin_object();
    json.field("bytes", kind.bytes);
    json.field("messages", kind.messages);
    json.field("seconds", kind.seconds);
    json.end_object();
  }
  json.end_object();
}

void write_cache_figures(JsonWriter& json, const CacheFigures& figures) {
  json.key("remote_cache_counts");
  json.begin_object();
  json.field("pairs_generated", figures.pairs_generated);
  json.field("hits", figures.hits);
  json.field("pairs_sent", figures.pairs_sent());
  json.field("hit_rate", figures.hit_rate());
  json.field("normalized_messages", figures.normalized_messages());
  json.field("pair_messages", figures.pair_messages);
  json.field("pair_bytes", figures.pair_bytes);
  json.field("cache_messages", figures.cache_messages);
  json.field("cache_bytes", figures.cache_bytes);
  json.end_object();
}

void write_seconds_per_rank(JsonWriter& json, std::string_view name, const std::vector<double>& seconds) {
  json.key(name);
  json.begin_array();
  for (const double value : seconds) json.value(value);
  json.end_array();
}

void write_level_communication(JsonWriter& json, const LevelCommunication& communication) {
  json.key("communication");
  json.begin_object();
  write_traffic(json, communication.traffic);
  json.field("pairs_generated", communication.pairs_generated);
  json.field("remote_cache_hits", communication.remote_cache_hits);
  json.field("pairs_sent", communication.pairs_generated - communication.remote_cache_hits);
  write_seconds_per_rank(json, "rank_communication_seconds", communication.rank_communication_seconds);
  write_seconds_per_rank(json, "rank_computation_seconds", communication.rank_computation_seconds);
  json.end_object();
}

void write_distributed(JsonWriter& json, const DistributedFigures& figures) {
  json.key("distributed");
  json.begin_object();
  json.field("ranks", figures.ranks);
  json.field("nodes", figures.nodes);
  json.field("queue_sharing", figures.queue_sharing);
  json.field("remote_cache", figures.remote_cache);
  json.field("cache_server_ranks", figures.cache_server_ranks);
  json.field("remote_cache_entries", figures.remote_cache_entries);
  json.field("remote_cache_hash", figures.remote_cache_hash);
  json.field("parallel_allgather", figures.parallel_allgather);
  json.field("message_limit_bytes", figures.message_limit_bytes);
  write_cache_figures(json, figures.remote_cache_figures);
  json.key("construction");
  json.begin_object();
  write_traffic(json, figures.construction_traffic);
  json.end_object();
  json.key("untimed");
  json.begin_object();
  write_traffic(json, figures.untimed_traffic);
  json.end_object();
  json.key("per_rank");
  json.begin_array();
  for (const RankFigures& rank : figures.per_rank) {
    json.begin_object();
    json.field("rank", rank.rank);
    json.field("vertices", rank.vertices);
    json.field("adjacencies", rank.adjacencies);
    json.field("input_edges", rank.input_edges);
    json.field("communication_seconds", rank.communication_seconds);
    json.field("computation_seconds", rank.computation_seconds);
    write_traffic(json, rank.traffic);
    json.end_object();
  }
  json.end_array();
  json.end_object();
}

void write_levels(JsonWriter& json, const std::vector<LevelStats>& levels,
                  const std::vector<LevelCommunication>& communication) {
  json.key("levels");
  json.begin_array();
  for (std::size_t index = 0; index < levels.size(); ++index) {
    const LevelStats& level = levels[index];
    json.begin_object();
    json.field("level", level.level);
    json.field("direction", level.bottom_up ? "bottom-up" : "top-down");
    json.field("frontier_vertices", level.frontier_vertices);
    json.field("frontier_edges", level.frontier_edges);
    json.field("edges_examined", level.edges_examined);
    // The entries the tails read from disk gave (decoded, when compressed; under mpirun the
    // reporting rank's, as its io).
    if (level.tail_entries > 0) json.field("tail_entries", level.tail_entries);
    json.field("discovered_vertices", level.discovered_vertices);
    json.field("bottom_up_early_exits", level.bottom_up_early_exits);
    json.field("seconds", level.seconds);
    if (level.io.requests > 0) {
      json.key("io");
      write_json(json, level.io);
    }
    if (index < communication.size()) write_level_communication(json, communication[index]);
    json.end_object();
  }
  json.end_array();
}

void write_exchange(JsonWriter& json, std::int64_t updates_sent, std::int64_t bytes, std::int64_t messages) {
  json.key("exchange");
  json.begin_object();
  json.field("updates_sent", updates_sent);
  json.field("bytes", bytes);
  json.field("messages", messages);
  json.end_object();
}

// What an SSSP search, or one bucket's phase of it, did (SsspStats and SsspBucketPhase alike).
template <typename Counts>
void write_relaxation_counts(JsonWriter& json, const Counts& counts) {
  json.field("rounds", counts.rounds);
  json.field("edges_relaxed", counts.edges_relaxed);
  json.field("light_edges", counts.light_edges);  // lighter than delta
  json.field("heavy_edges", counts.edges_relaxed - counts.light_edges);
  json.field("distance_updates", counts.distance_updates);
  json.field("bytes_read", counts.bytes_read);  // tails and their weights, from the store
  json.field("read_requests", counts.read_requests);
}

// Each bucket's phase of an SSSP search, in the order emptied.
void write_bucket_phases(JsonWriter& json, const std::vector<SsspBucketPhase>& phases, bool across_ranks) {
  json.key("bucket_phases");
  json.begin_array();
  for (const SsspBucketPhase& phase : phases) {
    json.begin_object();
    json.field("bucket", phase.bucket);
    write_relaxation_counts(json, phase);
    json.field("pulled", phase.pulled);  // its other edges pulled by the unsettled vertices
    if (across_ranks) write_exchange(json, phase.updates_sent, phase.exchange_bytes, phase.exchange_messages);
    json.end_object();
  }
  json.end_array();
}

void write_sssp_figures(JsonWriter& json, const SsspFigures& sssp) {
  json.field("reached", sssp.reached);
  json.field("distance_sum", sssp.distance_sum);
  json.field("max_distance", static_cast<double>(sssp.max_distance));
  json.field("buckets", sssp.stats.buckets);
  write_relaxation_counts(json, sssp.stats);
  if (sssp.exchange) write_exchange(json, sssp.exchange->updates_sent, sssp.exchange->bytes, sssp.exchange->messages);
  write_bucket_phases(json, sssp.stats.phases, sssp.exchange.has_value());
}

void write_roots(JsonWriter& json, const std::vector<RootResult>& roots) {
  json.key("roots");
  json.begin_array();
  for (const RootResult& root : roots) {
    json.begin_object();
    json.field("root", root.root);
    json.field("seconds", root.bfs_seconds);
    json.field("teps", root.teps);
    json.field("nedge", root.nedge);
    if (root.validate_seconds >= 0) {
      json.field("validate_seconds", root.validate_seconds);
    } else {
      json.key("validate_seconds");
      json.null_value();
    }
    if (root.io.requests > 0) {
      json.key("io");
      write_json(json, root.io);
    }
    if (!root.communication.empty()) {
      CacheFigures cache;
      for (const LevelCommunication& level : root.communication) cache.add(level);
      write_cache_figures(json, cache);
    }
    if (root.sssp) {
      write_sssp_figures(json, *root.sssp);
    } else {
      write_levels(json, root.levels, root.communication);
    }
    json.end_object();
  }
  json.end_array();
}

// Kernel 3's options, official figures and searches, when the run had them.
void write_sssp(JsonWriter& json, const Graph500Report& report) {
  if (!report.sssp) return;
  const Graph500Results& official = report.official;
  json.key("sssp");
  json.begin_object();
  json.field("algorithm", "delta-stepping");
  json.field("delta", report.sssp->delta.value_or(0.0));  // set by the kernel that ran
  json.field("pruning", report.sssp_pruned ? "push-pull" : "none");  // sssp/shortest_path_kernel.hpp
  if (!official.sssp_seconds.empty()) {
    write_summary(json, "time", summarize(official.sssp_seconds));
    write_teps(json, summarize_teps(official.sssp_seconds, official.sssp_nedge));
    write_summary(json, "validate", summarize(official.sssp_validate_seconds));
  }
  write_roots(json, report.sssp_roots);
  json.end_object();
}

// The passes that validated several searches at once; each search's validate_seconds is its share.
void write_validation_passes(JsonWriter& json, const std::vector<ValidationPass>& passes) {
  json.key("validation_passes");
  json.begin_array();
  for (const ValidationPass& pass : passes) {
    json.begin_object();
    json.field("kernel", pass.kernel);
    json.field("first", pass.first);
    json.field("searches", pass.searches);
    json.field("seconds", pass.seconds);
    json.end_object();
  }
  json.end_array();
}

}  // namespace

std::string format_json_report(const Graph500Report& report, const MachineInfo& machine,
                               std::int64_t peak_rss_bytes) {
  JsonWriter json;
  json.begin_object();
  json.field("program", "semibfs");
  json.field("program_version", program_version());
  json.field("benchmark", "graph500-bfs");
  json.field("command_line", read_command_line());
  write_options(json, report);
  write_machine(json, machine, peak_rss_bytes);
  json.key("memory_bytes");
  json.begin_object();
  json.field("edge_list", report.memory.edge_list_bytes);
  json.field("forward_graph", report.memory.graph.forward);
  json.field("backward_graph", report.memory.graph.backward);
  json.field("first_neighbors", report.memory.graph.first_neighbors);
  json.field("bfs_status", report.memory.bfs_status_bytes);
  json.field("validator", report.memory.validator_bytes);
  json.field("io_buffers", report.memory.io_buffer_bytes);
  json.end_object();
  if (report.plan) {
    json.key("placement");
    write_json(json, *report.plan);
  }
  json.field("lists_on_disk", report.lists_on_disk);
  if (report.lists_on_disk) {
    json.field("io_backend", report.io_backend);
    json.key("io");
    write_json(json, report.io.summary());
  }
  json.field("validation_passed", report.validation_passed);
  if (!report.validation_passed) json.field("validation_failure", report.validation_failure);
  write_validation_passes(json, report.validation_passes);
  json.field("validation_source", report.validation_source);
  if (report.validation_bytes_read >= 0) json.field("validation_bytes_read", report.validation_bytes_read);
  if (report.distributed) write_distributed(json, *report.distributed);
  write_official(json, report.official);
  write_roots(json, report.roots);
  write_sssp(json, report);
  json.end_object();
  return json.text();
}

}  // namespace semibfs
