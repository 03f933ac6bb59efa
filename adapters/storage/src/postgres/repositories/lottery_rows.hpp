#pragma once
// A lottery entry with its store, as the lists read it (shared by the lottery and the
// calendar repositories).
#include <string>

#include "pokeca/contributions/lottery.hpp"
#include "pokeca/storage/postgres/statement.hpp"

namespace pokeca::storage::postgres {

// "SELECT <entry columns>, <store columns> FROM lotteries AS l JOIN stores AS s …"
[[nodiscard]] std::string lottery_listing_select();
[[nodiscard]] LotteryListing read_lottery_listing(const Rows& rows, int i);

}  // namespace pokeca::storage::postgres
