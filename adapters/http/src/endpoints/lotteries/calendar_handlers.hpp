#pragma once
// The lottery calendar (docs/API.md "Lotteries"): the ICS feed a calendar app fetches with
// the secret token in its URL, and the signed-in user's settings for it (the prefectures,
// issuing and revoking the token).
#include "api/api_call.hpp"
#include "pokeca/personal/lottery_calendar.hpp"

namespace pokeca::http {

class CalendarHandlers {
 public:
  explicit CalendarHandlers(LotteryCalendarService& calendar) : calendar_(calendar) {}
  [[nodiscard]] ApiResult get_calendar_feed(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_users_calendar(const ApiCall& call) const;
  [[nodiscard]] ApiResult put_users_calendar(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_users_calendar_token(const ApiCall& call) const;
  [[nodiscard]] ApiResult delete_users_calendar_token(const ApiCall& call) const;

 private:
  LotteryCalendarService& calendar_;
};

}  // namespace pokeca::http
