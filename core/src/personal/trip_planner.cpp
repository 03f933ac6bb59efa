#include "pokeca/personal/trip_planner.hpp"

#include <algorithm>
#include <limits>
#include <numeric>

namespace pokeca {
namespace {

constexpr double kMetersPerKm = 1000.0;
// A move must gain more than this (metres) to count: rounding noise cannot loop.
constexpr double kMinGainM = 1e-7;
// Or-opt moves segments of up to this many consecutive stops.
constexpr std::size_t kMaxOrOptSegment = 3;

// Distances between the stops, plus the start as the last row/column when there is one.
// A missing end (no start, or an open end of the path) costs nothing to reach.
class DistanceTable {
 public:
  DistanceTable(std::optional<LatLng> start, std::span<const LatLng> stops, bool return_to_start)
      : n_(stops.size()), size_(stops.size() + 1), cells_(size_ * size_, 0.0) {
    std::vector<LatLng> points(stops.begin(), stops.end());
    points.push_back(start.value_or(LatLng{}));
    for (std::size_t a = 0; a < size_; ++a)
      for (std::size_t b = a + 1; b < size_; ++b)
        cells_[a * size_ + b] = cells_[b * size_ + a] = haversine_km(points[a], points[b]) * kMetersPerKm;
    head_ = start ? n_ : kNone;
    tail_ = start && return_to_start ? n_ : kNone;
  }

  static constexpr std::size_t kNone = std::numeric_limits<std::size_t>::max();

  [[nodiscard]] double at(std::size_t a, std::size_t b) const {
    if (a == kNone || b == kNone) return 0;
    return cells_[a * size_ + b];
  }
  [[nodiscard]] std::size_t head() const { return head_; }  // before the first stop
  [[nodiscard]] std::size_t tail() const { return tail_; }  // after the last stop

  [[nodiscard]] double length(std::span<const std::size_t> seq) const {
    if (seq.empty()) return 0;
    double total = at(head_, seq.front()) + at(seq.back(), tail_);
    for (std::size_t k = 1; k < seq.size(); ++k) total += at(seq[k - 1], seq[k]);
    return total;
  }

 private:
  std::size_t n_;
  std::size_t size_;
  std::vector<double> cells_;
  std::size_t head_ = kNone;
  std::size_t tail_ = kNone;
};

// Greedy: from `first` (or from the start when `first` is kNone), always on to the
// nearest stop not yet visited (ties: the lower index).
std::vector<std::size_t> nearest_neighbour(const DistanceTable& d, std::size_t n, std::size_t first) {
  std::vector<std::size_t> seq;
  seq.reserve(n);
  std::vector<bool> used(n, false);
  std::size_t at = d.head();
  if (first != DistanceTable::kNone) {
    seq.push_back(first);
    used[first] = true;
    at = first;
  }
  while (seq.size() < n) {
    std::size_t best = DistanceTable::kNone;
    double best_d = std::numeric_limits<double>::infinity();
    for (std::size_t c = 0; c < n; ++c) {
      if (used[c]) continue;
      const double dist = d.at(at, c);
      if (dist < best_d) {
        best_d = dist;
        best = c;
      }
    }
    seq.push_back(best);
    used[best] = true;
    at = best;
  }
  return seq;
}

// The neighbours of position i in seq: the stop before (or the head) and after (or the tail).
std::size_t before(const DistanceTable& d, const std::vector<std::size_t>& seq, std::size_t i) {
  return i == 0 ? d.head() : seq[i - 1];
}
std::size_t after(const DistanceTable& d, const std::vector<std::size_t>& seq, std::size_t i) {
  return i + 1 == seq.size() ? d.tail() : seq[i + 1];
}

// One pass of 2-opt: reverse seq[i..j] where that shortens the trip. True if it did.
bool two_opt_pass(const DistanceTable& d, std::vector<std::size_t>& seq) {
  bool improved = false;
  const std::size_t n = seq.size();
  for (std::size_t i = 0; i + 1 < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const std::size_t p = before(d, seq, i);
      const std::size_t q = after(d, seq, j);
      const double gain = d.at(p, seq[i]) + d.at(seq[j], q) - d.at(p, seq[j]) - d.at(seq[i], q);
      if (gain > kMinGainM) {
        std::reverse(seq.begin() + static_cast<std::ptrdiff_t>(i), seq.begin() + static_cast<std::ptrdiff_t>(j) + 1);
        improved = true;
      }
    }
  }
  return improved;
}

// One pass of or-opt: move a run of 1..kMaxOrOptSegment stops (kept or reversed) to
// the best other place, where that shortens the trip. True if a move was made.
bool or_opt_pass(const DistanceTable& d, std::vector<std::size_t>& seq) {
  const std::size_t n = seq.size();
  for (std::size_t len = 1; len <= kMaxOrOptSegment && len < n; ++len) {
    for (std::size_t i = 0; i + len <= n; ++i) {
      const std::size_t first = seq[i];
      const std::size_t last = seq[i + len - 1];
      const std::size_t p = before(d, seq, i);
      const std::size_t q = after(d, seq, i + len - 1);
      const double removal_gain = d.at(p, first) + d.at(last, q) - d.at(p, q);
      if (removal_gain <= kMinGainM) continue;
      // The trip without the run; insert it between rest[k-1] (or the head) and rest[k] (or the tail).
      std::vector<std::size_t> rest;
      rest.reserve(n - len);
      rest.insert(rest.end(), seq.begin(), seq.begin() + static_cast<std::ptrdiff_t>(i));
      rest.insert(rest.end(), seq.begin() + static_cast<std::ptrdiff_t>(i + len), seq.end());
      double best_gain = kMinGainM;
      std::size_t best_k = 0;
      bool best_reversed = false;
      bool found = false;
      for (std::size_t k = 0; k <= rest.size(); ++k) {
        if (k == i) continue;  // its own place
        const std::size_t a = k == 0 ? d.head() : rest[k - 1];
        const std::size_t b = k == rest.size() ? d.tail() : rest[k];
        const double base = d.at(a, b);
        const double forward = removal_gain - (d.at(a, first) + d.at(last, b) - base);
        const double backward = removal_gain - (d.at(a, last) + d.at(first, b) - base);
        if (forward > best_gain) {
          best_gain = forward;
          best_k = k;
          best_reversed = false;
          found = true;
        }
        if (len > 1 && backward > best_gain) {
          best_gain = backward;
          best_k = k;
          best_reversed = true;
          found = true;
        }
      }
      if (!found) continue;
      std::vector<std::size_t> run(seq.begin() + static_cast<std::ptrdiff_t>(i),
                                   seq.begin() + static_cast<std::ptrdiff_t>(i + len));
      if (best_reversed) std::reverse(run.begin(), run.end());
      rest.insert(rest.begin() + static_cast<std::ptrdiff_t>(best_k), run.begin(), run.end());
      seq = std::move(rest);
      return true;
    }
  }
  return false;
}

void improve(const DistanceTable& d, std::vector<std::size_t>& seq) {
  // Each accepted move shortens the trip by more than kMinGainM, so this ends.
  for (;;) {
    const bool two = two_opt_pass(d, seq);
    const bool moved = or_opt_pass(d, seq);
    if (!two && !moved) return;
  }
}

}  // namespace

PlannedTrip measure_trip(std::optional<LatLng> start, std::span<const LatLng> stops, std::span<const std::size_t> order,
                         bool return_to_start) {
  PlannedTrip trip;
  trip.order.assign(order.begin(), order.end());
  trip.leg_m.reserve(order.size());
  std::optional<LatLng> at = start;
  for (const std::size_t k : order) {
    trip.leg_m.push_back(at ? haversine_km(*at, stops[k]) * kMetersPerKm : 0.0);
    trip.total_m += trip.leg_m.back();
    at = stops[k];
  }
  if (start && return_to_start && !order.empty()) {
    trip.return_leg_m = haversine_km(stops[order.back()], *start) * kMetersPerKm;
    trip.total_m += trip.return_leg_m;
  }
  return trip;
}

PlannedTrip plan_trip(std::optional<LatLng> start, std::span<const LatLng> stops, bool return_to_start) {
  const std::size_t n = stops.size();
  std::vector<std::size_t> given(n);
  std::iota(given.begin(), given.end(), std::size_t{0});
  if (n < 2) return measure_trip(start, stops, given, return_to_start);

  const DistanceTable d(start, stops, return_to_start);
  std::vector<std::vector<std::size_t>> candidates;
  candidates.reserve(n + 2);
  if (start) candidates.push_back(nearest_neighbour(d, n, DistanceTable::kNone));
  for (std::size_t first = 0; first < n; ++first) candidates.push_back(nearest_neighbour(d, n, first));
  candidates.push_back(given);

  std::vector<std::size_t> best = given;
  double best_length = d.length(given);
  for (auto& seq : candidates) {
    improve(d, seq);
    const double length = d.length(seq);
    if (length < best_length - kMinGainM) {
      best_length = length;
      best = seq;
    }
  }
  return measure_trip(start, stops, best, return_to_start);
}

}  // namespace pokeca
