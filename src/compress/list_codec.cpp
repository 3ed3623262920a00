#include "compress/list_codec.hpp"

#include "core/error.hpp"

namespace semibfs {

ListCodec default_list_codec() { return ListCodec{}; }

std::string to_string(IntegerCode code) { return code == IntegerCode::kByte ? "byte" : "bit"; }

IntegerCode parse_integer_code(const std::string& text) {
  if (text == "byte") return IntegerCode::kByte;
  if (text == "bit") return IntegerCode::kBit;
  throw UsageError("unknown integer code '" + text + "' (expected byte or bit)");
}

std::string to_string(const ListCodec& codec) {
  return to_string(codec.code) + "/" + std::to_string(codec.min_interval_length);
}

}  // namespace semibfs
