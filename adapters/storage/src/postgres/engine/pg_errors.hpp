#pragma once
// How PostgreSQL failures leave the storage adapter: a DomainError whose code says
// whether a retry can succeed, with the SQLSTATE, PostgreSQL's message and the SQL in
// log_detail (logged with the request id, never sent to a client).
#include <string>
#include <string_view>

#include "pokeca/shared/errors.hpp"

namespace pokeca::storage::postgres {

// The SQLSTATE recorded when libpq has no answer from the server (connection lost):
// connection_failure, so it counts as retryable like the server's own class 08.
inline constexpr std::string_view kConnectionLost = "08006";

// Connection loss (class 08), shutdown (57P01–57P03), too many connections (53300), and
// serialization failures or deadlocks left after the retries: kUnavailable with
// msg::kBusy. Anything else: kInternal with msg::kInternal.
[[nodiscard]] bool is_unavailable(std::string_view sqlstate);
[[nodiscard]] DomainError pg_failure(std::string_view sqlstate, std::string_view message, std::string_view sql);

// libpq's multi-line messages as one log line.
[[nodiscard]] std::string one_line(std::string_view message);

}  // namespace pokeca::storage::postgres
