#pragma once
// Purchase reports: a signed-in user reports a purchase (or a sell-out) at an
// active store (an admin deletes one through AdminService). The store's last report follows.
#include "pokeca/errors.hpp"
#include "pokeca/favorite_alerts.hpp"
#include "pokeca/ports.hpp"
#include "pokeca/purchase_rules.hpp"
#include "pokeca/rate_limiter.hpp"
#include "pokeca/time.hpp"
#include "pokeca/user.hpp"

namespace pokeca {

struct PurchaseDeps {
  StoreRepository& stores;
  ReportRepository& reports;
  RateLimiter& limiter;
  const Clock& clock;
};

class PurchaseService {
 public:
  // `per_account`: RateLimits::purchase_account.
  // `observer` (optional) hears of every stored report, after it committed: the
  // favourite-store alerts (favorite_alerts.hpp).
  PurchaseService(PurchaseDeps deps, RateLimit per_account, PurchaseObserver* observer = nullptr)
      : deps_(deps), per_account_(per_account), observer_(observer) {}

  // The stored report (with its id and the author's id). kBadRequest (purchase_rules),
  // kNotFound when the store does not exist or is not active, kRateLimited past the
  // per-account limit; a refused report does not count against it.
  Result<PurchaseReport> report(const User& author, const PurchaseReportInput& input);

 private:
  PurchaseDeps deps_;
  RateLimit per_account_;
  PurchaseObserver* observer_;
};

}  // namespace pokeca
