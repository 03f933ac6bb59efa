#pragma once
// In-memory area watches and watch-alert queue for core's and the router's tests (the real
// ones are tested in tests/storage): the same limit and ownership rules as the ports say.
#include <algorithm>
#include <map>
#include <mutex>

#include "pokeca/personal/watch_ports.hpp"

namespace pokeca::testing {

class FakeWatches final : public WatchRepository, public WatchAlertQueue {
 public:
  Result<std::optional<AreaWatch>> insert(const AreaWatch& watch, int max_per_user) override {
    std::lock_guard lock(mutex_);
    const auto mine =
        std::ranges::count_if(watches_, [&](const auto& kv) { return kv.second.user_id == watch.user_id; });
    if (mine >= max_per_user) return std::optional<AreaWatch>{};
    AreaWatch w = watch;
    w.id = ++next_id_;
    watches_[w.id] = w;
    return std::optional<AreaWatch>{w};
  }
  Result<std::optional<AreaWatch>> update(const AreaWatch& watch) override {
    std::lock_guard lock(mutex_);
    auto it = watches_.find(watch.id);
    if (it == watches_.end() || it->second.user_id != watch.user_id) return std::optional<AreaWatch>{};
    AreaWatch w = watch;
    w.created_at = it->second.created_at;
    it->second = w;
    return std::optional<AreaWatch>{w};
  }
  Result<bool> remove(UserId user, WatchId id) override {
    std::lock_guard lock(mutex_);
    auto it = watches_.find(id);
    if (it == watches_.end() || it->second.user_id != user) return false;
    watches_.erase(it);
    return true;
  }
  Result<std::vector<AreaWatch>> list(UserId user) override {
    std::lock_guard lock(mutex_);
    std::vector<AreaWatch> out;
    for (const auto& [id, w] : watches_)
      if (w.user_id == user) out.push_back(w);
    return out;
  }
  Result<int> switch_off(UserId user, std::optional<WatchId> id, UnixSeconds at) override {
    std::lock_guard lock(mutex_);
    int n = 0;
    for (auto& [wid, w] : watches_)
      if (w.user_id == user && w.active && (!id || *id == wid)) {
        w.active = false;
        w.updated_at = at;
        ++n;
      }
    return n;
  }
  Result<QuietHours> quiet_hours(UserId user) override {
    std::lock_guard lock(mutex_);
    auto it = quiet_.find(user);
    return it == quiet_.end() ? QuietHours{} : it->second;
  }
  Result<void> set_quiet_hours(UserId user, const QuietHours& quiet) override {
    std::lock_guard lock(mutex_);
    quiet_[user] = quiet;
    return {};
  }
  // Every active watch of every user but `except` (the fake has no index); the cells
  // asked for are kept for the tests.
  Result<std::vector<WatchCandidate>> candidates(std::string_view prefecture, std::span<const std::int64_t> cells,
                                                 UserId except) override {
    std::lock_guard lock(mutex_);
    asked_cells.assign(cells.begin(), cells.end());
    std::vector<WatchCandidate> out;
    for (const auto& [id, w] : watches_) {
      if (!w.active || w.user_id == except) continue;
      const bool in_prefecture = !w.prefecture.empty() && w.prefecture == prefecture;
      const bool in_cell = w.centre && std::ranges::find(cells, watch_cell(*w.centre)) != cells.end();
      if (!in_prefecture && !in_cell) continue;
      auto q = quiet_.find(w.user_id);
      out.push_back(
          {w, "user" + std::to_string(w.user_id) + "@example.com", q == quiet_.end() ? QuietHours{} : q->second});
    }
    return out;
  }
  Result<int> queue_watch_alerts(std::span<const WatchAlertMail> mails, const AlertLimits& limits,
                                 UnixSeconds) override {
    std::lock_guard lock(mutex_);
    last_limits = limits;
    queued.insert(queued.end(), mails.begin(), mails.end());
    return static_cast<int>(mails.size());
  }

  std::vector<WatchAlertMail> queued;
  AlertLimits last_limits;
  std::vector<std::int64_t> asked_cells;

 private:
  std::mutex mutex_;
  std::map<WatchId, AreaWatch> watches_;
  std::map<UserId, QuietHours> quiet_;
  WatchId next_id_ = 0;
};

}  // namespace pokeca::testing
