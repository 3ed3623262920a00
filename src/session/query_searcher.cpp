#include "session/query_searcher.hpp"

#include <omp.h>

#include <utility>

#include "analytics/query_bfs.hpp"

namespace semibfs {

namespace {

// Vertices of each depth (index: the depth).
std::vector<std::int64_t> vertices_by_depth(const std::vector<std::int64_t>& level, std::size_t depths) {
  std::vector<std::int64_t> counts(depths, 0);
#pragma omp parallel
  {
    std::vector<std::int64_t> mine(depths, 0);
#pragma omp for schedule(static) nowait
    for (std::size_t v = 0; v < level.size(); ++v) {
      if (level[v] >= 0) ++mine[static_cast<std::size_t>(level[v])];
    }
#pragma omp critical
    for (std::size_t depth = 0; depth < depths; ++depth) counts[depth] += mine[depth];
  }
  return counts;
}

}  // namespace

// Query i discovered the vertices of depth i + 1 from those of depth i.
std::vector<LevelStats> query_level_stats(const QueryBfsResult& result) {
  const std::vector<std::int64_t> counts = vertices_by_depth(result.level, result.figures.size() + 1);
  std::vector<LevelStats> levels;
  for (const IterationFigures& query : result.figures) {
    const auto depth = static_cast<std::size_t>(query.iteration);
    LevelStats level;
    level.level = query.iteration + 1;
    level.bottom_up = query.kind == QueryKind::kSequential;
    level.frontier_vertices = counts[depth];
    level.edges_examined = query.query.entries_decoded;
    level.discovered_vertices = counts[depth + 1];
    level.seconds = query.seconds;
    level.io.requests = static_cast<std::uint64_t>(query.query.tail_reads);
    level.io.bytes = static_cast<std::uint64_t>(query.query.tail_bytes);
    levels.push_back(level);
  }
  return levels;
}

std::int64_t query_search_bytes_per_vertex(std::int64_t vertices) {
  return kQueryKernelBytesPerVertex + ParentArray::bytes_per_vertex(vertices);
}

std::vector<LevelStats> QueryRootSearcher::search(VertexId root, ParentArray& parent) {
  const QueryBfsResult result = bfs_through_queries(store_.graph(), store_.store_id(root));
  parent.visit([&](auto entries) { write_in_input_ids(store_, result, entries); });
  return query_level_stats(result);
}

VersionEdgeSource::VersionEdgeSource(std::unique_ptr<EdgeSource> base, std::vector<CompactEdge> added)
    : added_(std::make_unique<EdgeList>()), base_buffer_bytes_(base->buffer_bytes()) {
  added_->num_vertices = base->num_vertices();
  added_->edges = std::move(added);
  std::vector<std::unique_ptr<EdgeSource>> parts;
  parts.push_back(std::move(base));
  parts.push_back(std::make_unique<InMemoryEdgeSource>(*added_));
  all_ = std::make_unique<ConcatenatedEdgeSource>(std::move(parts));
}

VersionSearchStore open_version_for_search(const std::string& directory, std::int64_t vertices,
                                           const SearchOptions& search, int version, const VersionSearchBytes& bytes) {
  std::unique_ptr<PackedFileEdgeSource> base_edges = open_store_edges(directory, vertices, search);
  QueryStoreOptions opening;
  opening.budget = search.budget;
  opening.version = version;
  opening.work = "searching through the queries on";
  opening.keep_added_edges = true;
  opening.bytes_per_vertex = bytes.per_vertex;
  opening.bytes_per_file_id = bytes.per_file_id;
  // The edge file's chunks grow with the budget: counted as the minimum counts chunks.
  opening.edge_chunk_bytes = base_edges->buffer_bytes();
  opening.caller_bytes = bytes.fixed + (search.skip_validation ? 0 : Validator::working_bytes_for(vertices));
  VersionSearchStore opened;
  opened.store = std::make_unique<QueryStore>(directory, opening);
  opened.edges.emplace(std::move(base_edges), opened.store->take_added_edges());
  return opened;
}

}  // namespace semibfs
