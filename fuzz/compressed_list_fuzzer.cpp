// libFuzzer target: the compressed list decoder (src/compress/) on crafted lists. Each input builds
// a small graph's sorted lists from its bytes, encodes them, then damages the encoding with 4-byte
// patches (a byte of the stream or of a position, XORed). Opening and checking the result must
// either throw a one-line semibfs::Error or give lists that keep the decoder's promises: ids below
// n, ascending, as many as the lists say, find_first agreeing with the whole list, and, when no
// patch was applied, exactly the lists encoded. Anything else (a crash, a sanitizer report, another
// exception, a broken promise) stops the fuzzer.
//
// Input: byte 0 the vertex count (1 to 64) and byte 1 the codec (bit 0: bit code, not byte; bits
// 1-2: minimum interval length 1 to 4; bit 3: ids spread to 2^40 through encode_row_lists), then
// per vertex a degree byte and that many id bytes, then the patches (byte 0: stream or position;
// bytes 1-2: where; byte 3: the XOR mask).
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <set>
#include <vector>

#include "compress/list_check.hpp"
#include "compress/list_decoder.hpp"
#include "compress/list_encoder.hpp"
#include "core/error.hpp"

namespace {

using semibfs::VertexId;

void require(bool promise_kept) {
  if (!promise_kept) __builtin_trap();
}

struct Reader {
  const std::uint8_t* data;
  std::size_t size;
  std::size_t at = 0;
  bool more() const { return at < size; }
  std::uint8_t next() { return at < size ? data[at++] : 0; }
};

struct Graph {
  std::int64_t first_vertex = 0;
  std::int64_t num_vertices = 0;
  std::vector<std::int64_t> offsets{0};
  std::vector<std::uint64_t> neighbors;
};

// Rows of `rows` vertices; with `spread`, a rank's rows near 2^40 of a graph of 2^41 vertices.
Graph read_graph(Reader& input, std::int64_t rows, bool spread) {
  Graph graph;
  graph.first_vertex = spread ? std::int64_t{1} << 40 : 0;
  graph.num_vertices = spread ? std::int64_t{1} << 41 : rows;
  for (std::int64_t row = 0; row < rows; ++row) {
    std::set<std::uint64_t> list;
    const int degree = input.next() % 17;
    for (int k = 0; k < degree; ++k) {
      const std::uint64_t id = input.next() % static_cast<std::uint64_t>(rows);
      list.insert(spread ? static_cast<std::uint64_t>(graph.first_vertex) + id * 3 : id);
    }
    graph.neighbors.insert(graph.neighbors.end(), list.begin(), list.end());
    graph.offsets.push_back(static_cast<std::int64_t>(graph.neighbors.size()));
  }
  return graph;
}

bool patch(Reader& input, semibfs::CompressedLists& lists) {
  bool patched = false;
  while (input.size - input.at >= 4) {
    const std::uint8_t target = input.next();
    const std::size_t where = input.next() | std::size_t{input.next()} << 8;
    const std::uint8_t mask = input.next();
    if (target % 2 == 0 && !lists.words.empty()) {
      auto* bytes = reinterpret_cast<std::uint8_t*>(lists.words.data());
      bytes[where % (lists.words.size() * 8)] ^= mask;
    } else {
      lists.positions[where % lists.positions.size()] ^= mask;
    }
    patched = patched || mask != 0;
  }
  return patched;
}

// Every list decoded whole and by find_first (stopping at each entry in turn for short lists).
void check_decoding(const semibfs::CompressedLists& lists, const Graph& graph, bool patched) {
  const semibfs::ListDecoder decoder(lists);
  std::int64_t total = 0;
  for (std::int64_t row = 0; row < lists.num_rows(); ++row) {
    const VertexId v = lists.first_vertex + row;
    std::vector<VertexId> list;
    decoder.for_each_neighbor(v, [&](VertexId id) { list.push_back(id); });
    require(std::is_sorted(list.begin(), list.end()) && std::adjacent_find(list.begin(), list.end()) == list.end());
    for (const VertexId id : list) require(id >= 0 && id < lists.num_vertices);
    if (!patched) {
      require(std::equal(list.begin(), list.end(), graph.neighbors.begin() + graph.offsets[row],
                         graph.neighbors.begin() + graph.offsets[row + 1]));
    }
    for (const VertexId wanted : list) {
      require(decoder.find_first(v, [&](VertexId id) { return id >= wanted; }) == wanted);
    }
    require(decoder.find_first(v, [](VertexId) { return false; }) == semibfs::kUnreached);
    total += static_cast<std::int64_t>(list.size());
  }
  require(total == lists.num_entries);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  Reader input{data, size};
  const std::int64_t rows = input.next() % 64 + 1;
  const std::uint8_t codec_bits = input.next();
  semibfs::ListCodec codec;
  codec.code = (codec_bits & 1) != 0 ? semibfs::IntegerCode::kBit : semibfs::IntegerCode::kByte;
  codec.min_interval_length = (codec_bits >> 1 & 3) + 1;
  const Graph graph = read_graph(input, rows, (codec_bits & 8) != 0);
  semibfs::CompressedLists lists = semibfs::encode_row_lists(graph.first_vertex, graph.num_vertices, graph.offsets,
                                                             graph.neighbors, codec);
  const bool patched = patch(input, lists);
  try {
    semibfs::check_compressed_lists(lists);
  } catch (const semibfs::Error&) {
    require(patched);  // an intact encoding must pass its check
    return 0;
  }
  check_decoding(lists, graph, patched);  // lists that passed their check decode without an error
  return 0;
}
