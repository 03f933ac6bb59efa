#include "backup.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <map>
#include <optional>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "pokeca/crypto/file_digest.hpp"
#include "pokeca/crypto/key_file.hpp"
#include "pokeca/shared/time.hpp"
#include "pokeca/storage/sqlite/backup.hpp"
#include "system_clock.hpp"

namespace pokeca::server {
namespace fs = std::filesystem;

namespace {

constexpr std::string_view kDatabaseName = "pokeca.db";
constexpr std::string_view kPhotosName = "photos";
// A photo being written is a temporary file beside its final name (the media adapter's
// rename); it is not part of any backup.
constexpr std::string_view kTemporaryPrefix = ".tmp-";

struct FileEntry {
  std::string path;  // relative to the backup's root, '/'-separated
  std::uintmax_t bytes = 0;
  std::string sha256;
};

struct Manifest {
  std::string created_at;
  std::vector<std::pair<std::string, std::int64_t>> counts;
  std::vector<FileEntry> files;
};

class Failure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

bool empty_or_missing(const fs::path& dir) {
  std::error_code ec;
  if (!fs::exists(dir, ec)) return true;
  return fs::is_directory(dir, ec) && fs::is_empty(dir, ec);
}

void make_private_dir(const fs::path& dir) {
  fs::create_directories(dir);
  fs::permissions(dir, fs::perms::owner_all, fs::perm_options::replace);
}

FileEntry describe_file(const fs::path& root, const fs::path& file) {
  auto digest = crypto::sha256_file_hex(file);
  if (!digest) throw Failure("cannot read " + file.string());
  return {fs::relative(file, root).generic_string(), fs::file_size(file), std::move(*digest)};
}

// Only names this program writes: no absolute path, no "..", no hidden file.
bool safe_relative_path(std::string_view path) {
  if (path.empty() || path.front() == '/') return false;
  std::string_view rest = path;
  while (!rest.empty()) {
    const auto slash = rest.find('/');
    const auto part = rest.substr(0, slash);
    if (part.empty() || part.front() == '.') return false;
    if (!std::ranges::all_of(part, [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '_' || c == '-';
        }))
      return false;
    rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
  }
  return true;
}

std::string format_manifest(const Manifest& m) {
  std::ostringstream out;
  out << kManifestMagic << "\ncreated_at\t" << m.created_at << "\n";
  for (const auto& [table, n] : m.counts) out << "count\t" << table << "\t" << n << "\n";
  for (const auto& f : m.files) out << "file\t" << f.path << "\t" << f.bytes << "\t" << f.sha256 << "\n";
  return out.str();
}

Manifest parse_manifest(const fs::path& file) {
  std::ifstream in(file);
  if (!in) throw Failure("no manifest: " + file.string() + " (an unfinished or foreign backup)");
  std::string line;
  if (!std::getline(in, line) || line != kManifestMagic) throw Failure("not a backup manifest: " + file.string());
  Manifest m;
  while (std::getline(in, line)) {
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string field; std::getline(fields, field, '\t');) f.push_back(field);
    try {
      if (f.size() == 2 && f[0] == "created_at") {
        m.created_at = f[1];
      } else if (f.size() == 3 && f[0] == "count") {
        m.counts.emplace_back(f[1], std::stoll(f[2]));
      } else if (f.size() == 4 && f[0] == "file" && safe_relative_path(f[1]) && f[3].size() == 64) {
        m.files.push_back({f[1], std::stoull(f[2]), f[3]});
      } else {
        throw Failure("bad manifest line: " + line);
      }
    } catch (const std::logic_error&) {  // stoll/stoull on a field that is not a number
      throw Failure("bad manifest line: " + line);
    }
  }
  const bool has_database = std::ranges::any_of(m.files, [](const FileEntry& f) { return f.path == kDatabaseName; });
  if (!has_database) throw Failure("the manifest lists no database");
  return m;
}

std::string describe_counts(const std::vector<std::pair<std::string, std::int64_t>>& counts) {
  std::string text;
  for (const auto& [table, n] : counts) text += (text.empty() ? "" : ", ") + table + " " + std::to_string(n);
  return text;
}

void write_manifest(const fs::path& dest, const Manifest& m) {
  const auto temporary = dest / (std::string(kManifestFileName) + ".part");
  {
    std::ofstream out(temporary, std::ios::trunc);
    out << format_manifest(m);
    out.close();
    if (!out) throw Failure("cannot write " + temporary.string());
  }
  // Written last and renamed into place: a backup without its manifest is unfinished.
  fs::rename(temporary, dest / kManifestFileName);
}

Manifest backup(const Config& config, const fs::path& dest) {
  if (!fs::exists(config.database_file())) throw Failure("no database at " + config.database_file().string());
  make_private_dir(dest);
  Manifest m;
  m.created_at = format_iso8601(SystemClock{}.now());
  // The database first: every photo it refers to was stored before its row was written,
  // so the photos copied after it include them all.
  const auto database = dest / kDatabaseName;
  storage::backup_database(config.database_file(), database);
  m.counts = storage::table_counts(database);
  m.files.push_back(describe_file(dest, database));

  const auto key = config.data_dir / std::string(crypto::kSigningKeyFileName);
  if (fs::exists(key)) {
    fs::copy_file(key, dest / crypto::kSigningKeyFileName);
    fs::permissions(dest / crypto::kSigningKeyFileName, fs::perms::owner_read | fs::perms::owner_write,
                    fs::perm_options::replace);
    m.files.push_back(describe_file(dest, dest / crypto::kSigningKeyFileName));
  }

  if (fs::is_directory(config.photo_dir())) {
    for (const auto& entry : fs::recursive_directory_iterator(config.photo_dir())) {
      if (!entry.is_regular_file() || entry.path().filename().string().starts_with(kTemporaryPrefix)) continue;
      const auto target = dest / kPhotosName / fs::relative(entry.path(), config.photo_dir());
      fs::create_directories(target.parent_path());
      std::error_code ec;
      fs::copy_file(entry.path(), target, ec);
      if (ec) {
        if (!fs::exists(entry.path())) continue;  // removed since it was listed (a rejected submission)
        throw Failure("cannot copy " + entry.path().string() + ": " + ec.message());
      }
      m.files.push_back(describe_file(dest, target));
    }
  }
  write_manifest(dest, m);
  return m;
}

void verify_files(const fs::path& src, const Manifest& m) {
  for (const auto& f : m.files) {
    const auto file = src / f.path;
    std::error_code ec;
    if (!fs::is_regular_file(file, ec)) throw Failure("missing from the backup: " + f.path);
    if (fs::file_size(file) != f.bytes) throw Failure("size differs from the manifest: " + f.path);
    if (crypto::sha256_file_hex(file) != f.sha256) throw Failure("checksum differs from the manifest: " + f.path);
  }
}

void restore(const fs::path& src, const Config& config, const Manifest& m) {
  make_private_dir(config.data_dir);
  for (const auto& f : m.files) {
    const auto target = config.data_dir / f.path;
    fs::create_directories(target.parent_path());
    fs::copy_file(src / f.path, target);
  }
  if (fs::exists(config.data_dir / crypto::kSigningKeyFileName))
    fs::permissions(config.data_dir / crypto::kSigningKeyFileName, fs::perms::owner_read | fs::perms::owner_write,
                    fs::perm_options::replace);
  const auto integrity = storage::integrity_check(config.database_file());
  if (integrity != "ok") throw Failure("integrity_check of the restored database: " + integrity);
  const auto counts = storage::table_counts(config.database_file());
  if (counts != m.counts)
    throw Failure("the restored database's counts (" + describe_counts(counts) + ") differ from the manifest's (" +
                  describe_counts(m.counts) + ")");
}

}  // namespace

int backup_command(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 1) {
    err << "usage: pokeca-server backup DEST [--data-dir DIR]\n";
    return 2;
  }
  const fs::path dest = args[0];
  if (!empty_or_missing(dest)) {
    err << "refusing: " << dest.string() << " exists and is not an empty directory\n";
    return 2;
  }
  try {
    const auto m = backup(config, dest);
    out << "backup: " << dest.string() << " (" << describe_counts(m.counts) << "; files " << m.files.size()
        << ", checksums in " << kManifestFileName << ")\n";
    return 0;
  } catch (const std::exception& e) {  // Failure, StorageError, filesystem_error
    err << "backup failed: " << e.what() << "\n";
    return 1;
  }
}

int restore_command(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  if (args.size() != 1) {
    err << "usage: pokeca-server restore SRC --data-dir DIR\n";
    return 2;
  }
  if (!empty_or_missing(config.data_dir)) {
    err << "refusing: " << config.data_dir.string() << " exists and is not an empty directory\n";
    return 2;
  }
  const fs::path src = args[0];
  try {
    const auto m = parse_manifest(src / kManifestFileName);
    verify_files(src, m);  // before anything is written
    restore(src, config, m);
    out << "restored: " << config.data_dir.string() << " from the backup of " << m.created_at << " ("
        << describe_counts(m.counts) << "; integrity ok)\n";
    return 0;
  } catch (const std::exception& e) {
    err << "restore failed: " << e.what() << "\n";
    return 1;
  }
}

}  // namespace pokeca::server
