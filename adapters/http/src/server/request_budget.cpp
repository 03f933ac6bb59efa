#include "server/request_budget.hpp"

#include <utility>

namespace pokeca::http {

BodyBudget::Lease& BodyBudget::Lease::operator=(Lease&& other) noexcept {
  if (this != &other) {
    release();
    budget_ = std::exchange(other.budget_, nullptr);
    bytes_ = other.bytes_;
  }
  return *this;
}

void BodyBudget::Lease::release() {
  if (budget_) budget_->in_use_ -= bytes_;
  budget_ = nullptr;
}

BodyBudget::Lease BodyBudget::try_take(std::uint64_t bytes) {
  auto held = in_use_.load();
  do {
    if (bytes > capacity_ || held > capacity_ - bytes) return {};
  } while (!in_use_.compare_exchange_weak(held, held + bytes));
  return Lease{this, bytes};
}

bool BodyBudget::Lease::grow_to(std::uint64_t bytes) {
  if (!budget_ || bytes <= bytes_) return budget_ != nullptr;
  const auto more = bytes - bytes_;
  auto& in_use = budget_->in_use_;
  auto held = in_use.load();
  do {
    if (more > budget_->capacity_ || held > budget_->capacity_ - more) return false;
  } while (!in_use.compare_exchange_weak(held, held + more));
  bytes_ = bytes;
  return true;
}

PerKeySlots::Slot& PerKeySlots::Slot::operator=(Slot&& other) noexcept {
  if (this != &other) {
    release();
    owner_ = std::exchange(other.owner_, nullptr);
    key_ = std::move(other.key_);
  }
  return *this;
}

void PerKeySlots::Slot::release() {
  if (!owner_) return;
  std::lock_guard lock(owner_->mutex_);
  const auto it = owner_->held_.find(key_);
  if (it != owner_->held_.end() && --it->second == 0) owner_->held_.erase(it);
  owner_ = nullptr;
}

PerKeySlots::Slot PerKeySlots::try_take(const std::string& key) {
  std::lock_guard lock(mutex_);
  auto& count = held_[key];
  if (count >= per_key_) {
    if (count == 0) held_.erase(key);  // per_key_ == 0: nobody may hold one
    return {};
  }
  ++count;
  return Slot{this, key};
}

unsigned PerKeySlots::held(const std::string& key) const {
  std::lock_guard lock(mutex_);
  const auto it = held_.find(key);
  return it == held_.end() ? 0 : it->second;
}

ConnectionShares::Hold& ConnectionShares::Hold::operator=(Hold&& other) noexcept {
  if (this != &other) {
    release();
    owner_ = std::exchange(other.owner_, nullptr);
    key_ = std::move(other.key_);
  }
  return *this;
}

void ConnectionShares::Hold::release() {
  if (!owner_) return;
  std::lock_guard lock(owner_->mutex_);
  --owner_->open_;
  const auto it = owner_->held_.find(key_);
  if (it != owner_->held_.end() && --it->second == 0) owner_->held_.erase(it);
  owner_ = nullptr;
}

ConnectionShares::Hold ConnectionShares::try_take(const std::string& address) {
  std::lock_guard lock(mutex_);
  if (open_ >= limits_.total) return {};
  if (!address.empty()) {
    const auto it = held_.find(address);
    const unsigned holds = it == held_.end() ? 0 : it->second;
    if (holds >= limits_.per_address) return {};
    const unsigned shared = limits_.total > limits_.headroom ? limits_.total - limits_.headroom : 0;
    if (open_ >= shared && holds >= limits_.small_client) return {};
    ++held_[address];
  }
  ++open_;
  return Hold{this, address};
}

unsigned ConnectionShares::open() const {
  std::lock_guard lock(mutex_);
  return open_;
}

unsigned ConnectionShares::held(const std::string& address) const {
  std::lock_guard lock(mutex_);
  const auto it = held_.find(address);
  return it == held_.end() ? 0 : it->second;
}

std::optional<std::uint64_t> RefusalTally::count(Clock::time_point now) {
  std::lock_guard lock(mutex_);
  ++pending_;
  if (last_line_ && now - *last_line_ < interval_) return std::nullopt;
  last_line_ = now;
  return std::exchange(pending_, 0);
}

}  // namespace pokeca::http
