#include "graph500/rank_options.hpp"

#include "core/error.hpp"

namespace semibfs {

std::string to_string(QueueSharing sharing) {
  switch (sharing) {
    case QueueSharing::kNone: return "none";
    case QueueSharing::kInQueue: return "in";
    case QueueSharing::kAll: return "all";
  }
  return "unknown";
}

QueueSharing parse_queue_sharing(const std::string& text) {
  for (const QueueSharing sharing : {QueueSharing::kNone, QueueSharing::kInQueue, QueueSharing::kAll}) {
    if (text == to_string(sharing)) return sharing;
  }
  throw UsageError("unknown queue sharing '" + text + "'; valid choices: none, in, all");
}

std::string to_string(CacheHash hash) { return hash == CacheHash::kLowBits ? "low" : "mix"; }

CacheHash parse_cache_hash(const std::string& text) {
  for (const CacheHash hash : {CacheHash::kLowBits, CacheHash::kMix}) {
    if (text == to_string(hash)) return hash;
  }
  throw UsageError("unknown cache hash '" + text + "'; valid choices: low, mix");
}

std::string to_string(CacheKind kind) {
  switch (kind) {
    case CacheKind::kLocal: return "local";
    case CacheKind::kNode: return "node";
    case CacheKind::kServer: return "server";
    case CacheKind::kMemcached: return "memcached";
  }
  return "unknown";
}

}  // namespace semibfs
