#pragma once
// Counters, gauges and histograms for an operator's scraper, rendered in Prometheus's
// text exposition format (version 0.0.4). Series are registered once, at start, under a
// lock; updating one is a relaxed atomic on memory the caller holds a reference to, so a
// request pays no lookup and no lock. Labels are fixed at registration: they name code
// (a route template, a lane, a limit), never data a user sent.
#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pokeca::metrics {

class Counter {
 public:
  void add(std::uint64_t n = 1) { value_.fetch_add(n, std::memory_order_relaxed); }
  [[nodiscard]] std::uint64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::uint64_t> value_{0};
};

class Gauge {
 public:
  void add(std::int64_t n) { value_.fetch_add(n, std::memory_order_relaxed); }
  void set(std::int64_t n) { value_.store(n, std::memory_order_relaxed); }
  [[nodiscard]] std::int64_t value() const { return value_.load(std::memory_order_relaxed); }

 private:
  std::atomic<std::int64_t> value_{0};
};

// Upper bounds of request latency buckets, in seconds: 0.1 ms to 1 s, about three a decade
// (the map's cache hits take tens of microseconds, a bbox miss a few milliseconds, a login
// a quarter of a second), then +Inf.
inline constexpr std::array<double, 13> kLatencyBuckets{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01,
                                                        0.025,  0.05,    0.1,    0.25,  0.5,    1.0};
inline constexpr std::size_t kMaxBuckets = 16;

// Observations in nanoseconds into fixed buckets; rendered in seconds, cumulative.
class Histogram {
 public:
  explicit Histogram(std::span<const double> upper_bounds_seconds);
  void observe(std::chrono::nanoseconds elapsed) {
    const auto ns = elapsed.count() < 0 ? std::uint64_t{0} : static_cast<std::uint64_t>(elapsed.count());
    std::size_t i = 0;
    while (i < bucket_count_ && ns > bounds_ns_[i]) ++i;
    counts_[i].fetch_add(1, std::memory_order_relaxed);  // i == bucket_count_: +Inf only
    sum_ns_.fetch_add(ns, std::memory_order_relaxed);
  }
  [[nodiscard]] std::uint64_t count() const;
  // Appends the _bucket, _sum and _count lines of series `name` with `labels` ("" or
  // `a="b",c="d"`, without braces).
  void render(std::string& out, std::string_view name, std::string_view labels) const;

 private:
  std::array<double, kMaxBuckets> bounds_{};
  std::array<std::uint64_t, kMaxBuckets> bounds_ns_{};
  std::size_t bucket_count_ = 0;
  std::array<std::atomic<std::uint64_t>, kMaxBuckets + 1> counts_{};
  std::atomic<std::uint64_t> sum_ns_{0};
};

using Labels = std::vector<std::pair<std::string, std::string>>;

// Series whose value is zero are left out of the page (a route never called, a status
// class never answered): only when the registration says so, so that the series an alert
// reads are there from the start.
enum class Zero { kShow, kOmit };

class Registry {
 public:
  Registry() = default;
  Registry(const Registry&) = delete;
  Registry& operator=(const Registry&) = delete;

  // Each returns a series that lives as long as the registry. A name is registered with
  // one type and help; a name or a label that is not valid in the format, or a second
  // type for a name, throws std::invalid_argument (a programming error).
  Counter& counter(std::string_view name, std::string_view help, const Labels& labels = {}, Zero zero = Zero::kShow);
  Gauge& gauge(std::string_view name, std::string_view help, const Labels& labels = {});
  Histogram& histogram(std::string_view name, std::string_view help, const Labels& labels = {},
                       std::span<const double> upper_bounds = kLatencyBuckets, Zero zero = Zero::kShow);
  // A histogram another component keeps (it must outlive the registry's renders).
  void histogram_of(std::string_view name, std::string_view help, const Labels& labels, const Histogram& histogram,
                    Zero zero = Zero::kShow);
  // Values read when the page is rendered (from /proc, a component's own counters, a queue).
  // `read` runs on the scraping thread and must be thread-safe.
  void counter_fn(std::string_view name, std::string_view help, const Labels& labels, std::function<double()> read);
  void gauge_fn(std::string_view name, std::string_view help, const Labels& labels, std::function<double()> read);

  // The exposition text: every family with its # HELP and # TYPE, in registration order.
  [[nodiscard]] std::string render() const;

 private:
  enum class Type { kCounter, kGauge, kHistogram };
  struct Series {
    std::string labels;  // `a="b"`, escaped, without braces
    Zero zero = Zero::kShow;
    const Counter* counter = nullptr;
    const Gauge* gauge = nullptr;
    const Histogram* histogram = nullptr;
    std::function<double()> read;
  };
  struct Family {
    std::string name;
    std::string help;
    Type type;
    std::vector<Series> series;
  };
  Family& family(std::string_view name, std::string_view help, Type type);
  static std::string label_text(const Labels& labels);

  mutable std::mutex mutex_;
  std::vector<std::unique_ptr<Family>> families_;
  std::deque<Counter> counters_;
  std::deque<Gauge> gauges_;
  std::deque<std::unique_ptr<Histogram>> histograms_;
};

// The Content-Type of render()'s text.
inline constexpr std::string_view kExpositionContentType = "text/plain; version=0.0.4; charset=utf-8";

}  // namespace pokeca::metrics
