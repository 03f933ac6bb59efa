#include "pokeca/storage/postgres/pg_photo_store.hpp"

#include "pokeca/shared/messages.hpp"
#include "pokeca/storage/postgres/statement.hpp"

namespace pokeca::storage::postgres {
namespace {

constexpr std::string_view kHexDigits = "0123456789abcdef";

// Parameters go in libpq's text format: bytea as hex ('\x…'), which PostgreSQL decodes.
std::string bytea_hex(std::span<const std::byte> bytes) {
  std::string out = "\\x";
  out.reserve(2 + bytes.size() * 2);
  for (const auto b : bytes) {
    const auto v = std::to_integer<unsigned>(b);
    out += kHexDigits[v >> 4];
    out += kHexDigits[v & 0xf];
  }
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  return -1;
}

// The bytes of encode(jpeg, 'hex'); nullopt when the text is not lower-case hex.
std::optional<std::string> from_hex(std::string_view hex) {
  if (hex.size() % 2 != 0) return std::nullopt;
  std::string out(hex.size() / 2, '\0');
  for (std::size_t i = 0; i < out.size(); ++i) {
    const int hi = hex_value(hex[2 * i]);
    const int lo = hex_value(hex[2 * i + 1]);
    if (hi < 0 || lo < 0) return std::nullopt;
    out[i] = static_cast<char>((hi << 4) | lo);
  }
  return out;
}

}  // namespace

struct PgPhotoStore::Statements {
  explicit Statements(Connection& c)
      : insert(c, "INSERT INTO photos (hash, jpeg) VALUES ($1, $2::bytea) ON CONFLICT (hash) DO NOTHING"),
        // encode(): the same text whatever the session's bytea_output.
        read(c, "SELECT encode(jpeg, 'hex') FROM photos WHERE hash = $1"),
        remove(c, "DELETE FROM photos WHERE hash = $1") {}
  Statement insert, read, remove;
};

PgPhotoStore::PgPhotoStore(Database& db, ContentHash hash) : statements_(db, "photos"), hash_(std::move(hash)) {}
PgPhotoStore::~PgPhotoStore() = default;

Result<std::string> PgPhotoStore::put(std::span<const std::byte> jpeg) {
  std::string hash = hash_(std::string_view(reinterpret_cast<const char*>(jpeg.data()), jpeg.size()));
  if (!is_photo_hash(hash))
    return fail_logged(ErrorCode::kInternal, msg::kPhotoStoreFailed, "content hash is not 64 hex");
  // Same name, same bytes: a second put (or a concurrent one) leaves the row as it is.
  auto ok = statements_.with([&](Statements& st) { return st.insert.run({hash, bytea_hex(jpeg)}); });
  if (!ok) return std::unexpected(ok.error());
  return hash;
}

Result<void> PgPhotoStore::remove(std::string_view hash) {
  if (!is_photo_hash(hash)) return {};  // never a name we stored
  auto ok = statements_.with([&](Statements& st) { return st.remove.run({hash}); });
  if (!ok) return std::unexpected(ok.error());
  return {};
}

Result<std::optional<std::string>> PgPhotoStore::read(std::string_view hash) const {
  if (!is_photo_hash(hash)) return std::optional<std::string>{};
  return statements_.with([&](Statements& st) -> Result<std::optional<std::string>> {
    auto rows = st.read.run({hash});
    if (!rows) return std::unexpected(rows.error());
    if (rows->empty()) return std::optional<std::string>{};
    auto bytes = from_hex(rows->text(0, 0));
    if (!bytes) return fail_logged(ErrorCode::kInternal, msg::kPhotoStoreFailed, "photos row is not hex");
    return bytes;
  });
}

}  // namespace pokeca::storage::postgres
