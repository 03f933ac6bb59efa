#pragma once
// Purchase reports: a signed-in user reports a purchase (or a sell-out) at an
// active store (an admin deletes one through AdminService). The store's last report follows.
#include "pokeca/accounts/user.hpp"
#include "pokeca/contributions/confirmation_service.hpp"
#include "pokeca/contributions/product_catalog.hpp"
#include "pokeca/contributions/purchase_rules.hpp"
#include "pokeca/contributions/report_ports.hpp"
#include "pokeca/map/store_ports.hpp"
#include "pokeca/personal/favorite_alerts.hpp"
#include "pokeca/shared/errors.hpp"
#include "pokeca/shared/rate_limiter.hpp"
#include "pokeca/shared/time.hpp"

namespace pokeca {

struct PurchaseDeps {
  StoreRepository& stores;
  ReportRepository& reports;
  RateLimiter& limiter;
  const Clock& clock;
  // Slows accounts whose reports others keep denying (confirmation_service.hpp); none:
  // no slowdown.
  ReporterPace* pace = nullptr;
  // The catalogue a report's product_id must name a listed product of; without it, a
  // report naming one is refused as unknown.
  ProductRepository* products = nullptr;
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
  // per-account limit or while the account is slowed; a refused report does not count against it.
  // A catalogue product must be listed (kBadRequest otherwise); its name replaces the free text.
  Result<PurchaseReport> report(const User& author, const PurchaseReportInput& input);

 private:
  PurchaseDeps deps_;
  RateLimit per_account_;
  PurchaseObserver* observer_;
};

}  // namespace pokeca
