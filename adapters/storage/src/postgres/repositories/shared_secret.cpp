#include "pokeca/storage/postgres/shared_secret.hpp"

#include <optional>

#include "pokeca/storage/postgres/connection.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"

namespace pokeca::storage::postgres {
namespace {

constexpr std::string_view kHexDigits = "0123456789abcdef";

std::string bytea_hex(std::string_view bytes) {
  std::string out = "\\x";
  out.reserve(2 + bytes.size() * 2);
  for (const char c : bytes) {
    const auto v = static_cast<unsigned char>(c);
    out += kHexDigits[v >> 4];
    out += kHexDigits[v & 0xf];
  }
  return out;
}

std::optional<std::string> from_hex(std::string_view hex) {
  const auto digit = [](char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    return -1;
  };
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string out(hex.size() / 2, '\0');
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = digit(hex[2 * i]);
    const int lo = digit(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = static_cast<char>((hi << 4) | lo);
  }
  return out;
}

[[noreturn]] void refuse(std::string_view name, const std::string& why) {
  throw StorageError("shared secret " + std::string(name) + ": " + why);
}

}  // namespace

std::string load_or_create_secret(Database& db, std::string_view name, std::size_t bytes,
                                  const RandomBytes& random_bytes) {
  auto lease = db.acquire();
  auto& conn = lease.connection();
  // Two statements, each autocommitted: when two servers start at once, the second INSERT
  // waits for the first and does nothing, and the SELECT after it (a new snapshot) reads
  // the row that won. The candidate is generated whether or not it is kept.
  const std::string candidate = random_bytes(bytes);
  if (candidate.size() != bytes) refuse(name, "the random source gave a value of the wrong length");
  auto inserted =
      conn.query("INSERT INTO server_secrets (name, value) VALUES ($1, $2::bytea) ON CONFLICT (name) DO NOTHING",
                 {name, bytea_hex(candidate)});
  if (!inserted) refuse(name, inserted.error().log_detail);
  auto rows = conn.query("SELECT encode(value, 'hex') FROM server_secrets WHERE name = $1", {name});
  if (!rows) refuse(name, rows.error().log_detail);
  if (rows->empty()) refuse(name, "not stored");
  auto value = from_hex(rows->text(0, 0));
  if (!value) refuse(name, "stored value is not bytea hex");
  if (value->size() != bytes)
    refuse(name, "stored value has " + std::to_string(value->size()) + " bytes, expected " + std::to_string(bytes));
  return std::move(*value);
}

}  // namespace pokeca::storage::postgres
