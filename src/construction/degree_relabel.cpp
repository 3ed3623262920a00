#include "construction/degree_relabel.hpp"

#include <algorithm>
#include <filesystem>

#include <fcntl.h>
#include <unistd.h>

#include <type_traits>
#include <utility>

#include "construction/build_budget.hpp"
#include "construction/endpoint_counts.hpp"
#include "core/descriptor_io.hpp"
#include "core/error.hpp"
#include "core/file_output.hpp"
#include "core/progress_log.hpp"
#include "store/edge_file_seal.hpp"
#include "core/temporary_name.hpp"
#include "edges/packed_edge_file.hpp"
#include "store/graph_store.hpp"
#include "store/store_manifest.hpp"

namespace semibfs {
namespace {

// Edges per chunk of the two passes: 1 MiB of packed edges, in and out.
constexpr std::int64_t kChunkEdges = std::int64_t{1} << 16;

// The edge file with every endpoint renamed, at `path` (written whole, then renamed into place);
// returns the original file's manifest entry (SHA-256 and pair digest in its ids), taken on the way.
StoreArray write_relabelled_edges(const PackedEdgeFile& edges, std::span<const std::uint32_t> new_of,
                                  const std::string& path, std::span<PackedEdge> chunk, GraphDirection direction,
                                  ProgressLog& log) {
  AtomicFileWriter output(path);
  EdgeFileSeal seal(direction);
  edges.for_each_chunk(chunk, [&](std::int64_t first, std::span<const PackedEdge> part) {
    seal.update(part);
    std::vector<PackedEdge> renamed(part.size());
#pragma omp parallel for schedule(static)
    for (std::size_t index = 0; index < part.size(); ++index) {
      renamed[index] = PackedEdge::make(new_of[part[index].v0()], new_of[part[index].v1()]);
    }
    output.append(std::as_bytes(std::span<const PackedEdge>(renamed)));
    log.tick("relabelling, writing edges: edge", first + static_cast<std::int64_t>(part.size()), edges.num_edges(),
             ProgressUnit::kEdges);
  });
  output.commit();
  return seal.finish(edges.num_edges() * static_cast<std::int64_t>(sizeof(PackedEdge)));
}

}  // namespace

StoredRelabel read_store_relabel(const std::string& directory, const StoreManifest& manifest) {
  const auto n = static_cast<std::size_t>(manifest.vertices);
  std::vector<std::uint32_t> old_of(n);
  read_store_array_into(directory, manifest, kRelabelOldOfName, std::as_writable_bytes(std::span(old_of)));
  std::int64_t first_bad = manifest.vertices;
  stream_store_array(directory, manifest, kRelabelNewOfName, [&](std::span<const std::byte> bytes, std::uint64_t offset) {
    const std::span<const std::uint32_t> ids(reinterpret_cast<const std::uint32_t*>(bytes.data()), bytes.size() / 4);
    const auto first = static_cast<std::int64_t>(offset / 4);
    const auto count = static_cast<std::int64_t>(ids.size());
#pragma omp parallel for schedule(static) reduction(min : first_bad)
    for (std::int64_t i = 0; i < count; ++i) {
      const std::uint32_t id = ids[i];
      if (id >= n || old_of[id] != static_cast<std::uint32_t>(first + i)) first_bad = std::min(first_bad, first + i);
    }
  });
  if (first_bad < manifest.vertices) {
    store_file_damaged(store_path(directory, kRelabelNewOfName),
                       "vertex " + std::to_string(first_bad) + " has no id of its own in " + kRelabelOldOfName);
  }
  return StoredRelabel(std::move(old_of), store_path(directory, kRelabelNewOfName));
}

VertexId StoredRelabel::store_id(VertexId vertex) const {
  if (vertex < 0 || vertex >= static_cast<VertexId>(old_of_.size())) {
    throw Error("relabelling: vertex " + std::to_string(vertex) + " is not one of the " +
                std::to_string(old_of_.size()) + " vertices");
  }
  const int descriptor = ::open(new_of_path_.c_str(), O_RDONLY | O_CLOEXEC);
  std::uint32_t id = 0;
  const std::int64_t got =
      descriptor < 0 ? -1 : read_all_at(descriptor, vertex * 4, std::as_writable_bytes(std::span(&id, 1)));
  if (descriptor >= 0) ::close(descriptor);
  if (got != 4 || id >= old_of_.size()) throw Error("relabelling: cannot read the id of vertex " + std::to_string(vertex) + " from '" + new_of_path_ + "'");
  return id;
}

namespace {

// values[old_of[v]] = value_of(store_values[v]) for every vertex v of the store.
template <typename Value, typename ValueOf>
void scatter_to_input_ids(std::span<const std::uint32_t> old_of, std::span<const Value> store_values,
                          std::span<Value> values, ValueOf value_of) {
  const auto n = static_cast<std::int64_t>(store_values.size());
  if (static_cast<std::int64_t>(values.size()) != n || std::ssize(old_of) != n) {
    throw Error("relabelling: per-vertex arrays of different lengths");
  }
#pragma omp parallel for schedule(static)
  for (std::int64_t vertex = 0; vertex < n; ++vertex) values[old_of[vertex]] = value_of(store_values[vertex]);
}

template <typename Parent>
void map_parents(std::span<const std::uint32_t> old_of, std::span<const Parent> store_parents, std::span<Parent> parents) {
  scatter_to_input_ids(old_of, store_parents, parents, [old_of](Parent parent) {
    return parent == Parent{-1} ? Parent{-1} : static_cast<Parent>(old_of[parent]);
  });
}

}  // namespace

void parents_in_input_ids(std::span<const std::uint32_t> old_of, std::span<const VertexId> store_parents,
                          std::span<VertexId> parents) {
  map_parents(old_of, store_parents, parents);
}

void parents_in_input_ids(std::span<const std::uint32_t> old_of, const ParentArray& store_parents,
                          ParentArray& parents) {
  if (store_parents.narrow() != parents.narrow()) throw Error("relabelling: parent arrays of different widths");
  parents.visit([&](auto entries) {
    using Parent = typename decltype(entries)::element_type;
    store_parents.visit([&](auto stored) {
      if constexpr (std::is_same_v<typename decltype(stored)::element_type, const Parent>) {
        map_parents<Parent>(old_of, stored, entries);
      }
    });
  });
}

void distances_in_input_ids(std::span<const std::uint32_t> old_of, std::span<const float> store_distances,
                            std::span<float> distances) {
  scatter_to_input_ids(old_of, store_distances, distances, [](float distance) { return distance; });
}

ExternalBuildStats build_relabelled_store(const std::string& edge_file, std::int64_t num_vertices,
                                          const std::string& store_directory, const ExternalBuildOptions& options) {
  if (options.rank_part) throw Error("external build: a rank's part is not relabelled");
  if (num_vertices < 0 || num_vertices > kMaxVertices) {
    throw Error("relabelling: " + std::to_string(num_vertices) + " vertices; the store supports 0 to 2^32");
  }
  ProgressLog log(options.progress, "external build");
  const PackedEdgeFile edges(edge_file);
  std::vector<PackedEdge> chunk(static_cast<std::size_t>(std::clamp<std::int64_t>(edges.num_edges(), 1, kChunkEdges)));
  VertexRelabel relabel;
  {
    // The counts the construction sizes its ranges by: endpoints of non-loop edges, duplicates in.
    std::vector<std::uint32_t> degrees(static_cast<std::size_t>(num_vertices));
    std::vector<std::uint32_t> staging(static_cast<std::size_t>(endpoint_staging_entries(num_vertices)));
    count_endpoints(edges, chunk, staging, degrees, ListEnds::kBoth, log);
    relabel = relabel_by_degree(degrees);
  }
  const std::string relabelled = temporary_path(store_path(store_directory, "edges.relabelled"));
  RemovedUnlessKept removed(relabelled);
  const StoreArray original = write_relabelled_edges(edges, relabel.new_of, relabelled, chunk, options.direction, log);
  ExternalBuildOptions build = options;
  build.dram_budget_bytes -= relabel_bytes(num_vertices);  // the permutation stays in DRAM meanwhile
  build.relabel_new_of = relabel.new_of;
  build.relabel_old_of = relabel.old_of;
  std::error_code error;
  if (std::filesystem::equivalent(edge_file, store_path(store_directory, kEdgeFileName), error) && !error) {
    build.edge_file_record = original;
  }
  return build_store_from_edge_file(relabelled, num_vertices, store_directory, build);
}

}  // namespace semibfs
