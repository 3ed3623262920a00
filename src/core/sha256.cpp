// OpenSSL's libcrypto measured ~13% faster than the hand-written SHA-extension code it replaced
// (bench/sha256_probe.cpp, issue 39).
#include "core/sha256.hpp"

#include <openssl/evp.h>

#include "core/error.hpp"

namespace semibfs {
namespace {

// EVP fails only when OpenSSL itself is broken or misconfigured (no SHA-256 provider, no memory).
void check(int result, const char* what) {
  if (result != 1) throw Error(std::string("OpenSSL SHA-256: ") + what + " failed");
}

}  // namespace

void Sha256::ContextFree::operator()(evp_md_ctx_st* context) const { EVP_MD_CTX_free(context); }

Sha256::Sha256() : context_(EVP_MD_CTX_new()) {
  if (!context_) throw Error("OpenSSL SHA-256: EVP_MD_CTX_new failed");
  check(EVP_DigestInit_ex(context_.get(), EVP_sha256(), nullptr), "EVP_DigestInit_ex");
}

void Sha256::update(const void* data, std::size_t size) {
  check(EVP_DigestUpdate(context_.get(), data, size), "EVP_DigestUpdate");
}

std::array<std::uint8_t, 32> Sha256::finish() {
  std::array<std::uint8_t, 32> digest{};
  unsigned int length = 0;
  check(EVP_DigestFinal_ex(context_.get(), digest.data(), &length), "EVP_DigestFinal_ex");
  if (length != digest.size()) throw Error("OpenSSL SHA-256: a digest of " + std::to_string(length) + " bytes");
  return digest;
}

std::string Sha256::hex_of(const void* data, std::size_t size) {
  Sha256 sha;
  sha.update(data, size);
  return sha.finish_hex();
}

std::string Sha256::finish_hex() {
  static const char kHex[] = "0123456789abcdef";
  std::string hex;
  for (std::uint8_t byte : finish()) {
    hex.push_back(kHex[byte >> 4]);
    hex.push_back(kHex[byte & 15]);
  }
  return hex;
}

}  // namespace semibfs
