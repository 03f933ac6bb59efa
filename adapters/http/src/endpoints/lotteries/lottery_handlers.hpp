#pragma once
// Lottery entries (docs/API.md "Lotteries"): the public list of open and upcoming
// entries, a signed-in user's submission, and the admins' review.
#include "api/api_call.hpp"
#include "pokeca/contributions/lottery.hpp"

namespace pokeca::http {

class LotteryHandlers {
 public:
  explicit LotteryHandlers(LotteryService& lotteries) : lotteries_(lotteries) {}
  [[nodiscard]] ApiResult get_lotteries(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_lotteries(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_admin_lotteries(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_admin_lottery_approve(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_admin_lottery_reject(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_admin_lottery_hide(const ApiCall& call) const;

 private:
  LotteryService& lotteries_;
};

}  // namespace pokeca::http
