// SHA-256 (FIPS 180-4), streaming: checksums of edge lists and of every on-disk store file. A thin
// wrapper over OpenSSL's EVP digest, which picks the x86 SHA extensions (or other CPU paths) itself.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

struct evp_md_ctx_st;  // OpenSSL's EVP_MD_CTX, declared here so callers need not see <openssl/evp.h>

namespace semibfs {

class Sha256 {
 public:
  Sha256();
  void update(const void* data, std::size_t size);
  std::array<std::uint8_t, 32> finish();
  std::string finish_hex();
  // The digest of `size` bytes at `data` in one call, as hex.
  static std::string hex_of(const void* data, std::size_t size);

 private:
  struct ContextFree {
    void operator()(evp_md_ctx_st* context) const;
  };
  std::unique_ptr<evp_md_ctx_st, ContextFree> context_;
};

}  // namespace semibfs
