#pragma once
// A secret all servers of one database share (server_secrets, migration 012): the first
// to ask generates it, every later caller (this server restarted, or another one) reads
// the same bytes. Start-up only: failures throw StorageError with one line that never
// shows the secret.
#include <cstddef>
#include <functional>
#include <string>
#include <string_view>

#include "pokeca/storage/postgres/database.hpp"

namespace pokeca::storage::postgres {

// The name of the access tokens' signing key.
inline constexpr std::string_view kSigningKeySecret = "signing_key";
// The Web Push (VAPID) private key every server signs with: the browsers' subscriptions
// were made for its public key.
inline constexpr std::string_view kVapidKeySecret = "vapid_private_key";

// `random_bytes(n)`: n bytes from a cryptographic source (the caller's crypto adapter).
using RandomBytes = std::function<std::string(std::size_t bytes)>;

// The raw bytes of secret `name`, `bytes` long: stored by the first caller (of any
// server, at once or not), read back by all. Throws StorageError when the database cannot
// be reached or holds a value of another length (not a key this program made).
[[nodiscard]] std::string load_or_create_secret(Database& db, std::string_view name, std::size_t bytes,
                                                const RandomBytes& random_bytes);

}  // namespace pokeca::storage::postgres
