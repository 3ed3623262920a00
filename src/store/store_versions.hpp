// Versions of a store (Lee et al., ExtraV, VLDB 2017, Sec. 4.5, after Llama's multiversioned
// arrays): version K > 0 holds only the edges added in it, never a copy of the base graph or of an
// earlier version, so adding edges rewrites nothing. Two files per version beside the store:
//   version-K.edges  the added edges, in the store's input ids (as edges.packed48 holds them), the
//                    packed 12-byte layout; each is new: in no earlier version, no self-loop
//   version-K        "key value" lines: the version, its edge count and SHA-256, and the SHA-256
//                    of the base manifest it extends (a rebuilt or compacted base orphans it)
// The description is written last (temporary name, then rename), so version K exists once its
// description does; version 0 is the base store. Readers take versions 1..N in order; a store's
// latest version is the highest K with every version 1..K present.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "edges/compact_edge.hpp"

namespace semibfs {

struct VersionDescription {
  int version = 0;
  std::int64_t edges = 0;
  std::string edges_sha256;
  std::string base_manifest_sha256;
};

// The highest version of the store in `directory` (0: the base alone). A gap (version-3 without
// version-2) or a description that is not one is an Error naming the file.
int latest_store_version(const std::string& directory);

// The descriptions of versions first..last, each checked against the store's current manifest
// (hashed once); one of them.
std::vector<VersionDescription> read_version_descriptions(const std::string& directory, int first, int last);
VersionDescription read_version_description(const std::string& directory, int version);
// The edges those versions added, in all.
std::int64_t added_edges(std::span<const VersionDescription> versions);

// The edges added in the versions described (or in versions first..last), in order, each file's
// size and SHA-256 checked against its description and every id below `vertices`.
std::vector<CompactEdge> read_version_edges(const std::string& directory, std::span<const VersionDescription> versions,
                                            std::int64_t vertices);
std::vector<CompactEdge> read_version_edges(const std::string& directory, int first, int last, std::int64_t vertices);

// Hands consume() the packed bytes of the edges the version described added, in pieces of whole
// edges (at most 768 KiB), its file's size and every id below `vertices` checked on the way and
// its SHA-256 once the last piece is handed over: on an Error, what consume() kept is damaged.
void read_version_edge_pieces(const std::string& directory, const VersionDescription& description,
                              std::int64_t vertices, const std::function<void(std::span<const std::byte>)>& consume);

// Writes `edges` as version latest + 1 (edges file, then description); returns its number.
int write_store_version(const std::string& directory, const std::vector<CompactEdge>& edges);

// The SHA-256 of the store's manifest file, what a version names as its base.
std::string base_manifest_sha256(const std::string& directory);

// The file names of version `version` (the description last).
std::vector<std::string> version_file_names(int version);

}  // namespace semibfs
