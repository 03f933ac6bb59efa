#pragma once
// What confirmations and reporter trust need from storage. Every method may be called
// from several threads at once.
#include <optional>
#include <span>
#include <vector>

#include "pokeca/contributions/confirmation.hpp"
#include "pokeca/shared/errors.hpp"

namespace pokeca {

class ConfirmationRepository {
 public:
  virtual ~ConfirmationRepository() = default;
  // The report, when it exists and its store is active.
  virtual Result<std::optional<PurchaseReport>> find_report(ReportId id) = 0;
  // The account's answer to the report, if any.
  virtual Result<std::optional<ConfirmationAnswer>> answer_of(ReportId report, std::int64_t user) = 0;
  // Stores the account's answer (replacing its earlier one) and moves the report's store's
  // latest state, of any product and of the report's product, to the answer's fact at
  // answered_at where that is not older; one transaction.
  virtual Result<void> answer(const Confirmation& c) = 0;
  // The counts of the reports that exist, in any order; `viewer`'s own answers filled in.
  virtual Result<std::vector<ReportTally>> tallies(std::span<const ReportId> reports,
                                                   std::optional<std::int64_t> viewer) = 0;
  // One standing per account asked for (zeros for an account with no reports), counting
  // reports purchased at or after `since`; any order.
  virtual Result<std::vector<ReporterStanding>> standings(std::span<const std::int64_t> users, UnixSeconds since) = 0;
};

}  // namespace pokeca
