#pragma once
// Lottery sales (抽選販売): for a store and a product, how to apply, the application
// window, when results come, the purchase window and the conditions. Signed-in users
// submit entries; a trusted author's entry is shown at once, anyone else's waits for an
// admin, like a store submission. Times are Unix seconds (UTC); users see Japan time.
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/accounts/user.hpp"
#include "pokeca/admin/admin.hpp"
#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/contributions/submission_rules.hpp"
#include "pokeca/map/store.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/geo.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

using LotteryId = std::int64_t;

// How to apply; an entry names one or more (a bit set of these).
enum class LotteryMethod : unsigned { kStore = 1, kWeb = 2, kApp = 4, kPhone = 8 };
// Who may apply; an entry names none or more (a bit set of these).
enum class LotteryCondition : unsigned {
  kMembersOnly = 1,      // 会員限定
  kPurchaseHistory = 2,  // 購入実績が必要
  kIdCheck = 4,          // 本人確認
  kVisitRequired = 8,    // 来店が必要
  kPartnerCard = 16,     // 提携カード
  kOther = 32,           // その他 (the note says what)
};
// The conditions a buyer without a membership or a purchase history cannot meet:
// 「条件ゆるめ」 leaves out entries with any of them.
inline constexpr unsigned kStrictLotteryConditions =
    static_cast<unsigned>(LotteryCondition::kMembersOnly) | static_cast<unsigned>(LotteryCondition::kPurchaseHistory);

enum class LotteryStatus { kPending, kApproved, kRejected, kHidden };

[[nodiscard]] std::string_view to_string(LotteryMethod method);        // "store" | "web" | "app" | "phone"
[[nodiscard]] std::string_view to_string(LotteryCondition condition);  // "members_only" | …
[[nodiscard]] std::string_view to_string(LotteryStatus status);        // "pending" | …
[[nodiscard]] std::optional<LotteryMethod> lottery_method_from(std::string_view text);
[[nodiscard]] std::optional<LotteryCondition> lottery_condition_from(std::string_view text);
[[nodiscard]] std::optional<LotteryStatus> lottery_status_from(std::string_view text);
// Every method (or condition) in a bit set, in the enum's order.
[[nodiscard]] std::vector<LotteryMethod> lottery_methods_in(unsigned bits);
[[nodiscard]] std::vector<LotteryCondition> lottery_conditions_in(unsigned bits);

// ---- Limits ------------------------------------------------------------------------
// An application window is at most this long, and starts at most this far ahead.
inline constexpr std::int64_t kMaxLotteryWindowDays = 60;
inline constexpr std::int64_t kMaxLotteryLeadDays = 60;
inline constexpr std::size_t kMaxLotteryNoteChars = 100;
inline constexpr std::size_t kMaxLotteryProductNameChars = kMaxCatalogProductNameChars;
inline constexpr std::size_t kMaxLotteryUrlBytes = kMaxCatalogProductUrlBytes;
// Entries one account may submit in any 24 hours (counted in the database, so every
// server agrees).
inline constexpr std::int64_t kMaxLotteryEntriesPerDay = 20;
// An author with at least this many approved contributions (store submissions and
// lottery entries) is trusted: their entries are shown at once.
inline constexpr std::int64_t kTrustedLotteryAuthorApprovals = 3;
// An approved entry counts like an approved store submission in the ranking.
inline constexpr int kPointsPerLotteryEntry = kPointsPerSubmission;
// 「まもなく締切」: the window ends within this.
inline constexpr UnixSeconds kLotteryClosingSoonSeconds = 24 * 3600;
inline constexpr int kDefaultLotteryListLimit = 50;
inline constexpr int kMaxLotteryListLimit = 200;
inline constexpr double kDefaultLotteryRadiusKm = 30;
inline constexpr double kMaxLotteryRadiusKm = 100;

struct LotteryEntry {
  LotteryId id = 0;
  StoreId store_id = 0;
  std::optional<CatalogProductId> product_id;  // nullopt: その他 (product_name is free text)
  std::string product_name;                    // the catalogue's name, or the free text
  unsigned methods = 0;                        // LotteryMethod bits, at least one
  UnixSeconds apply_start = 0;
  UnixSeconds apply_end = 0;  // > apply_start
  std::optional<UnixSeconds> result_at;
  std::optional<UnixSeconds> purchase_start;  // both or neither
  std::optional<UnixSeconds> purchase_end;
  unsigned conditions = 0;  // LotteryCondition bits
  std::string condition_note;
  std::string source_url;  // the store's own announcement; "" = none
  LotteryStatus status = LotteryStatus::kPending;
  UserId author_id = 0;  // 0: none (the demo dataset's entries)
  int points_awarded = 0;
  std::string reject_reason;
  UnixSeconds created_at = 0;
  UnixSeconds updated_at = 0;
  std::optional<UnixSeconds> reviewed_at;
};

// An entry with what a list row shows of its store.
struct LotteryListing {
  LotteryEntry entry;
  std::string store_name;
  std::string prefecture;  // code
  std::string city;
  LatLng location;
  std::optional<double> distance_km;  // when the query gave a position
};

// What a user sends (POST /lotteries), as read from the JSON body.
struct LotteryInput {
  StoreId store_id = 0;
  std::optional<CatalogProductId> product_id;
  std::string product_name;  // used when product_id is absent
  std::vector<std::string> methods;
  std::string apply_start;  // ISO 8601 with a zone
  std::string apply_end;
  std::optional<std::string> result_at;
  std::optional<std::string> purchase_start;
  std::optional<std::string> purchase_end;
  std::vector<std::string> conditions;
  std::string condition_note;
  std::string source_url;
};

// The input checked against the rules at `now` (product_id is checked by the repository,
// which knows the catalogue): kBadRequest with the field's Japanese message.
[[nodiscard]] Result<LotteryEntry> checked_lottery(const LotteryInput& input, UnixSeconds now);

// Whether two entries' application windows share a moment.
[[nodiscard]] bool lottery_windows_overlap(const LotteryEntry& a, const LotteryEntry& b);

// ---- The public list ---------------------------------------------------------------

struct LotteryFilter {
  std::optional<StoreId> store_id{};        // one store's entries (its sheet)
  std::optional<std::string> prefecture{};  // code
  std::optional<CatalogProductId> product_id{};
  std::optional<LotteryMethod> method{};
  bool loose = false;  // no members-only, no purchase history
  std::optional<LatLng> near{};
  double radius_km = kDefaultLotteryRadiusKm;
  int limit = kDefaultLotteryListLimit;
};

// Raw query values (nullopt = absent), checked by parse_lottery_filter.
struct LotteryQuery {
  std::optional<std::string> store_id{}, prefecture{}, product_id{}, method{}, loose{}, lat{}, lng{}, radius_km{},
      limit{};
};
[[nodiscard]] Result<LotteryFilter> parse_lottery_filter(const LotteryQuery& query);

// ---- Ports -------------------------------------------------------------------------

// What the repository applies inside the insert's write transaction.
struct LotteryInsertRules {
  UnixSeconds now = 0;
  std::int64_t max_per_day = kMaxLotteryEntriesPerDay;
  std::int64_t trusted_approvals = kTrustedLotteryAuthorApprovals;
  int points = kPointsPerLotteryEntry;
};

struct LotteryChange {
  LotteryEntry after;
  AuditRecord audit;
};
using LotteryDecision = std::function<Result<LotteryChange>(const LotteryEntry& current)>;

class LotteryRepository {
 public:
  virtual ~LotteryRepository() = default;

  // In one write transaction: kRateLimited when the author submitted max_per_day entries in
  // the last 24 hours; kNotFound without an active store; kBadRequest for a product_id not
  // listed in the catalogue (the catalogue's name is taken); kConflict when a pending or
  // approved entry for the same store and product (id, or the same free text) has an
  // overlapping window. Approved at once (points awarded) when the author has
  // trusted_approvals approved contributions, else pending.
  virtual Result<LotteryEntry> insert(LotteryEntry entry, const LotteryInsertRules& rules) = 0;
  // Approved entries whose window has not ended at `now` (open or upcoming), soonest
  // deadline first (then id), with their active stores.
  virtual Result<std::vector<LotteryListing>> list_open(const LotteryFilter& filter, UnixSeconds now) = 0;
  // Entries of a status (any when nullopt), newest first.
  virtual Result<AdminPage<LotteryListing>> list_for_review(std::optional<LotteryStatus> status, int limit,
                                                            std::int64_t offset) = 0;
  virtual Result<std::optional<LotteryEntry>> find(LotteryId id) = 0;
  // Decides on the current row inside the write transaction and writes it with its audit
  // row; nullopt without the entry.
  virtual Result<std::optional<LotteryEntry>> change(LotteryId id, const LotteryDecision& decide) = 0;
  // Adds the demo dataset's entries as they are (no rules, no audit: nobody did it), only
  // when there are no entries yet.
  virtual Result<void> insert_demo(const std::vector<LotteryEntry>& entries) = 0;
};

// ---- The service -------------------------------------------------------------------

// Told about every entry the moment it becomes visible (a trusted author's on submit,
// anyone else's on approval from pending), after it committed.
class LotteryObserver {
 public:
  virtual ~LotteryObserver() = default;
  virtual void lottery_shown(const LotteryEntry& entry) noexcept = 0;
};

class LotteryService {
 public:
  // `observer` (optional): the area-watch alerts.
  LotteryService(LotteryRepository& lotteries, const Clock& clock, LotteryObserver* observer = nullptr)
      : lotteries_(lotteries), clock_(clock), observer_(observer) {}

  Result<LotteryEntry> submit(const User& author, const LotteryInput& input);
  Result<std::vector<LotteryListing>> open(const LotteryQuery& query);
  Result<AdminPage<LotteryListing>> for_review(const std::optional<std::string>& status,
                                               const std::optional<std::string>& page);
  Result<LotteryEntry> approve(const User& admin, LotteryId id);
  Result<LotteryEntry> reject(const User& admin, LotteryId id, std::string_view reason);
  Result<LotteryEntry> hide(const User& admin, LotteryId id);

 private:
  Result<LotteryEntry> review(const User& admin, LotteryId id, LotteryStatus to, std::string_view action,
                              std::string reason);

  LotteryRepository& lotteries_;
  const Clock& clock_;
  LotteryObserver* observer_;
};

}  // namespace pokeca
