#pragma once
// A lottery entry with its store, as the lists read it (shared by the lottery and the
// calendar repositories).
#include <string>

#include "pokeca/contributions/lottery.hpp"
#include "pokeca/storage/sqlite/statement.hpp"

namespace pokeca::storage {

// "SELECT <entry columns>, <store columns> FROM lotteries AS l … JOIN stores AS s …" over
// approved entries in deadline order (the partial index lotteries_open_by_end,
// named: without statistics SQLite would take every approved entry and sort them); the query
// must say status = 'approved'.
[[nodiscard]] std::string open_lottery_listing_select();
[[nodiscard]] LotteryListing read_lottery_listing(const Row& row);

}  // namespace pokeca::storage
