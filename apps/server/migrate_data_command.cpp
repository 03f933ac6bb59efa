#include "migrate_data_command.hpp"

#include <iomanip>
#include <ostream>

#include "pokeca/crypto/key_file.hpp"
#include "pokeca/crypto/sodium_token_crypto.hpp"
#include "pokeca/storage/postgres/migrate_data.hpp"
#include "pokeca/storage/sqlite/storage_error.hpp"

namespace pokeca::server {

int migrate_data_command(const Config& config, std::ostream& out, std::ostream& err) {
  if (config.migrate_from.empty() || config.migrate_to.empty()) {
    err << "usage: pokeca-server migrate-data --from SQLITE_FILE --to POSTGRESQL_URL\n";
    return 2;
  }
  // The photos and the key files live beside the database in a data directory.
  const auto dir = config.migrate_from.parent_path();
  const storage::postgres::MigrationSource source{
      .database = config.migrate_from,
      .photo_dir = dir / "photos",
      .signing_key = dir / std::string(crypto::kSigningKeyFileName),
      .vapid_key = dir / std::string(crypto::kVapidKeyFileName),
  };
  out << "copying " << config.migrate_from.string() << " into " << config.migrate_to_masked << "\n";
  try {
    const auto report = storage::postgres::migrate_data(source, config.migrate_to, crypto::sha256_hex);
    out << std::left << std::setw(28) << "table" << std::right << std::setw(10) << "sqlite" << std::setw(10)
        << "postgres" << "  checksum\n";
    for (const auto& t : report.tables)
      out << std::left << std::setw(28) << t.name << std::right << std::setw(10) << t.source_rows << std::setw(10)
          << t.target_rows << "  " << t.source_checksum << (t.source_checksum == t.target_checksum ? " =" : " ≠") << " "
          << t.target_checksum << "\n";
    out << "done: every table, photo and key agree; start the servers with --database-url\n";
    return 0;
  } catch (const storage::StorageError& e) {
    err << "error: " << e.what() << "\nnothing was written to " << config.migrate_to_masked << "\n";
    return 1;
  }
}

}  // namespace pokeca::server
