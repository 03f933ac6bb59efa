#pragma once
// Domain values → the JSON shapes of docs/API.md (Store, Report, Cluster, …).
#include <cstddef>
#include <optional>
#include <string>

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include "pokeca/accounts/user.hpp"
#include "pokeca/contributions/purchase_report.hpp"
#include "pokeca/contributions/ranking.hpp"
#include "pokeca/map/clustering.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/map/store_types.hpp"
#include "pokeca/shared/prefectures.hpp"

namespace pokeca::http {

// Distances are rounded to a metre and coordinates to 1e-6° (about 10 cm): more digits
// only look precise and make every marker list longer.
inline constexpr double kDistanceStepsPerKm = 1000.0;
inline constexpr double kCoordinateStepsPerDegree = 1e6;

[[nodiscard]] boost::json::value time_or_null(std::optional<UnixSeconds> t);
[[nodiscard]] boost::json::object store_json(const Store& store, std::optional<double> distance_km = std::nullopt);
// store_json's bytes written straight into `out` (a 300-store answer without
// 300 JSON objects to build, copy and free): to_json_text(store_json(s, d)) == this, held
// by StoreJsonText. Why the lists need their own writer: docs/decisions/store-json.md.
void append_store_json(std::string& out, const Store& store, std::optional<double> distance_km = std::nullopt);
// A little over one store's JSON (about 430 bytes with latest_by_product, at most ~560), to
// size a list's body once: an answer that outgrows its reservation is copied whole once more.
inline constexpr std::size_t kStoreJsonBytesHint = 480;
[[nodiscard]] boost::json::object report_json(const PurchaseReport& report);
[[nodiscard]] boost::json::object timeline_item_json(const TimelineItem& item);
[[nodiscard]] boost::json::object cluster_json(const Cluster& cluster);
[[nodiscard]] boost::json::object store_type_json(const StoreType& type);
// docs/API.md's User: id, email, nickname, prefecture (name or null), admin,
// email_verified, created_at. Never the password hash or internal flags.
[[nodiscard]] boost::json::object user_json(const User& user);
// docs/API.md's RankingEntry: rank, nickname, prefecture (name or null),
// approved_submissions_count, points. Never the account id.
[[nodiscard]] boost::json::object ranking_entry_json(const RankedContributor& entry);
[[nodiscard]] boost::json::object prefecture_json(const Prefecture& prefecture, std::int64_t store_count);

}  // namespace pokeca::http
