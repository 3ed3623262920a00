#include "graph500/rank_options.hpp"

#include <algorithm>

#include "core/error.hpp"

namespace semibfs {

namespace {

bool all_digits(const std::string& text) {
  return !text.empty() && std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; });
}

}  // namespace

MemcachedAddress parse_memcached_address(const std::string& address) {
  const std::size_t colon = address.rfind(':');
  std::string host = colon == std::string::npos ? "" : address.substr(0, colon);
  const std::string port = colon == std::string::npos ? "" : address.substr(colon + 1);
  if (host.size() > 2 && host.front() == '[' && host.back() == ']') {
    host = host.substr(1, host.size() - 2);
  } else if (host.find(':') != std::string::npos) {
    host.clear();  // an IPv6 host needs its brackets
  }
  const bool well_formed = !host.empty() && host.find_first_of(" \t\r\n[]") == std::string::npos && all_digits(port) &&
                           port.size() <= 5 && std::stoi(port) >= 1 && std::stoi(port) <= 65535;
  if (!well_formed) {
    throw UsageError("memcached server address '" + address +
                     "': expected HOST:PORT with a port from 1 to 65535, e.g. 127.0.0.1:11211");
  }
  return MemcachedAddress{host, std::stoi(port)};
}

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
