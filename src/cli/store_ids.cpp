#include "cli/store_ids.hpp"

#include "import/input_store.hpp"

namespace semibfs::cli {

IdMap read_store_ids(const std::string& store, std::int64_t num_vertices) {
  if (!input_store_exists(store)) return IdMap::identity(static_cast<std::uint64_t>(num_vertices));
  return read_id_map(store, read_input_description(store));
}

}  // namespace semibfs::cli
