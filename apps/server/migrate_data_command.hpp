#pragma once
// `pokeca-server migrate-data --from FILE --to URL`: a site on SQLite moved into an empty
// PostgreSQL database (docs/decisions/postgres-backend.md, "Moving a site").
#include <iosfwd>

#include "config.hpp"

namespace pokeca::server {

// Exit status: 0 copied and compared, 1 failed (the target is left as it was), 2 bad
// arguments.
int migrate_data_command(const Config& config, std::ostream& out, std::ostream& err);

}  // namespace pokeca::server
