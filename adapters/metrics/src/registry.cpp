#include "pokeca/metrics/registry.hpp"

#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace pokeca::metrics {
namespace {

// [a-zA-Z_:][a-zA-Z0-9_:]* for metric names; label names without ':' and not "__…".
bool valid_name(std::string_view name, bool label) {
  if (name.empty() || (label && name.starts_with("__"))) return false;
  for (std::size_t i = 0; i < name.size(); ++i) {
    const char c = name[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!label && c == ':');
    if (!letter && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

// A label value: backslash, double quote and line feed escaped.
void append_escaped(std::string& out, std::string_view value) {
  for (const char c : value) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '"')
      out += "\\\"";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
}

// HELP text: backslash and line feed escaped.
void append_help(std::string& out, std::string_view help) {
  for (const char c : help) {
    if (c == '\\')
      out += "\\\\";
    else if (c == '\n')
      out += "\\n";
    else
      out += c;
  }
}

void append_number(std::string& out, double value) {
  if (std::isnan(value)) {
    out += "NaN";
    return;
  }
  if (std::isinf(value)) {
    out += value > 0 ? "+Inf" : "-Inf";
    return;
  }
  char buf[32];
  if (value == std::floor(value) && std::fabs(value) < 1e15)
    std::snprintf(buf, sizeof buf, "%.0f", value);
  else if (std::fabs(value) >= 1e6 && std::fabs(value) < 1e15)  // timestamps: keep the milliseconds
    std::snprintf(buf, sizeof buf, "%.3f", value);
  else
    std::snprintf(buf, sizeof buf, "%.9g", value);
  out += buf;
}

void append_series(std::string& out, std::string_view name, std::string_view suffix, std::string_view labels,
                   std::string_view extra_label, double value) {
  out += name;
  out += suffix;
  if (!labels.empty() || !extra_label.empty()) {
    out += '{';
    out += labels;
    if (!labels.empty() && !extra_label.empty()) out += ',';
    out += extra_label;
    out += '}';
  }
  out += ' ';
  append_number(out, value);
  out += '\n';
}

}  // namespace

Histogram::Histogram(std::span<const double> upper_bounds_seconds) {
  if (upper_bounds_seconds.size() > kMaxBuckets) throw std::invalid_argument("too many histogram buckets");
  for (std::size_t i = 0; i < upper_bounds_seconds.size(); ++i) {
    if (i > 0 && upper_bounds_seconds[i] <= upper_bounds_seconds[i - 1])
      throw std::invalid_argument("histogram buckets must increase");
    bounds_[i] = upper_bounds_seconds[i];
    bounds_ns_[i] = static_cast<std::uint64_t>(std::llround(upper_bounds_seconds[i] * 1e9));
  }
  bucket_count_ = upper_bounds_seconds.size();
}

std::uint64_t Histogram::count() const {
  std::uint64_t total = 0;
  for (std::size_t i = 0; i <= bucket_count_; ++i) total += counts_[i].load(std::memory_order_relaxed);
  return total;
}

void Histogram::render(std::string& out, std::string_view name, std::string_view labels) const {
  // Buckets are read one by one while requests go on: the cumulative counts are made
  // from one reading of each, so they never decrease along the page, and _count is
  // the +Inf bucket's.
  std::uint64_t cumulative = 0;
  std::string le;
  for (std::size_t i = 0; i <= bucket_count_; ++i) {
    cumulative += counts_[i].load(std::memory_order_relaxed);
    le = "le=\"";
    if (i == bucket_count_)
      le += "+Inf";
    else
      append_number(le, bounds_[i]);
    le += '"';
    append_series(out, name, "_bucket", labels, le, static_cast<double>(cumulative));
  }
  append_series(out, name, "_sum", labels, {}, static_cast<double>(sum_ns_.load(std::memory_order_relaxed)) / 1e9);
  append_series(out, name, "_count", labels, {}, static_cast<double>(cumulative));
}

std::string Registry::label_text(const Labels& labels) {
  std::string text;
  for (const auto& [name, value] : labels) {
    if (!valid_name(name, true) || name == "le") throw std::invalid_argument("invalid label name: " + name);
    if (!text.empty()) text += ',';
    text += name;
    text += "=\"";
    append_escaped(text, value);
    text += '"';
  }
  return text;
}

Registry::Family& Registry::family(std::string_view name, std::string_view help, Type type) {
  if (!valid_name(name, false)) throw std::invalid_argument("invalid metric name: " + std::string(name));
  for (auto& f : families_)
    if (f->name == name) {
      if (f->type != type) throw std::invalid_argument("metric registered with another type: " + std::string(name));
      return *f;
    }
  families_.push_back(std::make_unique<Family>(Family{std::string(name), std::string(help), type, {}}));
  return *families_.back();
}

Counter& Registry::counter(std::string_view name, std::string_view help, const Labels& labels, Zero zero) {
  std::lock_guard lock(mutex_);
  auto& f = family(name, help, Type::kCounter);
  auto& c = counters_.emplace_back();
  f.series.push_back({label_text(labels), zero, &c, nullptr, nullptr, {}});
  return c;
}

Gauge& Registry::gauge(std::string_view name, std::string_view help, const Labels& labels) {
  std::lock_guard lock(mutex_);
  auto& f = family(name, help, Type::kGauge);
  auto& g = gauges_.emplace_back();
  f.series.push_back({label_text(labels), Zero::kShow, nullptr, &g, nullptr, {}});
  return g;
}

Histogram& Registry::histogram(std::string_view name, std::string_view help, const Labels& labels,
                               std::span<const double> upper_bounds, Zero zero) {
  std::lock_guard lock(mutex_);
  auto& f = family(name, help, Type::kHistogram);
  auto& h = *histograms_.emplace_back(std::make_unique<Histogram>(upper_bounds));
  f.series.push_back({label_text(labels), zero, nullptr, nullptr, &h, {}});
  return h;
}

void Registry::histogram_of(std::string_view name, std::string_view help, const Labels& labels,
                            const Histogram& histogram, Zero zero) {
  std::lock_guard lock(mutex_);
  family(name, help, Type::kHistogram).series.push_back({label_text(labels), zero, nullptr, nullptr, &histogram, {}});
}

void Registry::counter_fn(std::string_view name, std::string_view help, const Labels& labels,
                          std::function<double()> read) {
  std::lock_guard lock(mutex_);
  family(name, help, Type::kCounter)
      .series.push_back({label_text(labels), Zero::kShow, nullptr, nullptr, nullptr, std::move(read)});
}

void Registry::gauge_fn(std::string_view name, std::string_view help, const Labels& labels,
                        std::function<double()> read) {
  std::lock_guard lock(mutex_);
  family(name, help, Type::kGauge)
      .series.push_back({label_text(labels), Zero::kShow, nullptr, nullptr, nullptr, std::move(read)});
}

std::string Registry::render() const {
  std::lock_guard lock(mutex_);
  std::string out;
  out.reserve(16 * 1024);
  for (const auto& f : families_) {
    out += "# HELP ";
    out += f->name;
    out += ' ';
    append_help(out, f->help);
    out += "\n# TYPE ";
    out += f->name;
    out += f->type == Type::kCounter ? " counter\n" : f->type == Type::kGauge ? " gauge\n" : " histogram\n";
    for (const auto& s : f->series) {
      if (s.histogram) {
        if (s.zero == Zero::kOmit && s.histogram->count() == 0) continue;
        s.histogram->render(out, f->name, s.labels);
        continue;
      }
      double value = 0;
      if (s.counter)
        value = static_cast<double>(s.counter->value());
      else if (s.gauge)
        value = static_cast<double>(s.gauge->value());
      else if (s.read)
        value = s.read();
      if (s.zero == Zero::kOmit && value == 0) continue;
      append_series(out, f->name, {}, s.labels, {}, value);
    }
  }
  return out;
}

}  // namespace pokeca::metrics
