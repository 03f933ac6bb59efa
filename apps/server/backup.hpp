#pragma once
// `pokeca-server backup DEST` and `pokeca-server restore SRC --data-dir DIR`: everything a
// restore needs (the database, the photos, the signing secret) with a manifest of row
// counts and checksums, which a restore verifies before it writes anything and proves
// after (integrity check, the same counts).
#include <filesystem>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include "config.hpp"

namespace pokeca::server {

inline constexpr std::string_view kManifestFileName = "manifest.tsv";
inline constexpr std::string_view kManifestMagic = "pokeca-backup\t1";

// Exit status: 0 done, 1 failed (the message says why), 2 refused (bad arguments, a
// target that is not empty).
int backup_command(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);
int restore_command(const Config& config, const std::vector<std::string>& args, std::ostream& out, std::ostream& err);

}  // namespace pokeca::server
