#pragma once
// A strict reader of Prometheus's text exposition format (version 0.0.4), for tests: every
// line is a # HELP, a # TYPE or a sample; names and labels are valid; a family's lines
// are together, its TYPE before its samples; no series twice; a histogram's buckets
// ascend, their counts never decrease, and +Inf equals _count. Anything else is an error
// naming the line.
#include <cmath>
#include <cstdlib>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace pokeca::testing {

struct Sample {
  std::string name;    // as written: "x_bucket", "x_total"
  std::string family;  // the TYPE it belongs to: "x"
  std::map<std::string, std::string> labels;
  double value = 0;
};

struct Exposition {
  std::map<std::string, std::string> types;  // family → counter, gauge, histogram, …
  std::vector<Sample> samples;
  std::string error;  // empty when valid

  // The value of the one sample NAME with exactly LABELS, or nullopt.
  [[nodiscard]] std::optional<double> value(const std::string& name,
                                            const std::map<std::string, std::string>& labels = {}) const {
    for (const auto& s : samples)
      if (s.name == name && s.labels == labels) return s.value;
    return std::nullopt;
  }
};

namespace exposition_detail {

inline bool valid_name(std::string_view s, bool label) {
  if (s.empty()) return false;
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || (!label && c == ':');
    if (!letter && !(i > 0 && c >= '0' && c <= '9')) return false;
  }
  return true;
}

inline std::optional<double> parse_value(std::string_view s) {
  if (s == "+Inf" || s == "Inf") return HUGE_VAL;
  if (s == "-Inf") return -HUGE_VAL;
  if (s == "NaN") return std::nan("");
  if (s.empty()) return std::nullopt;
  const std::string text(s);
  char* end = nullptr;
  const double v = std::strtod(text.c_str(), &end);
  if (end != text.c_str() + text.size()) return std::nullopt;
  return v;
}

}  // namespace exposition_detail

inline Exposition parse_exposition(std::string_view text) {
  using namespace exposition_detail;
  Exposition out;
  std::set<std::string> helped;
  std::set<std::string> finished;  // families whose lines are over
  std::set<std::string> seen_series;
  std::string current;  // the family of the lines being read
  const auto fail = [&out](std::size_t n, const std::string& why, std::string_view line) {
    out.error = "line " + std::to_string(n) + ": " + why + ": " + std::string(line);
    return out;
  };
  const auto enter = [&](const std::string& family) {
    if (family == current) return true;
    if (finished.count(family)) return false;  // its lines were not together
    if (!current.empty()) finished.insert(current);
    current = family;
    return true;
  };
  if (!text.empty() && !text.ends_with('\n')) return fail(0, "the text must end with a line feed", "");
  std::size_t n = 0;
  for (std::size_t pos = 0; pos < text.size();) {
    const auto eol = text.find('\n', pos);
    const auto line = text.substr(pos, eol - pos);
    pos = eol + 1;
    ++n;
    if (line.empty()) return fail(n, "empty line", line);
    if (line.starts_with('#')) {
      std::istringstream in{std::string(line)};
      std::string hash, keyword, name;
      in >> hash >> keyword >> name;
      if (hash != "#") return fail(n, "comment", line);
      if (keyword != "HELP" && keyword != "TYPE") continue;  // a plain comment
      if (!valid_name(name, false)) return fail(n, "metric name", line);
      if (!enter(name)) return fail(n, "family's lines not together", line);
      if (keyword == "HELP") {
        if (!helped.insert(name).second) return fail(n, "second HELP", line);
        continue;
      }
      std::string type, extra;
      in >> type;
      if (in >> extra) return fail(n, "text after the type", line);
      if (type != "counter" && type != "gauge" && type != "histogram" && type != "summary" && type != "untyped")
        return fail(n, "unknown type", line);
      if (out.types.count(name)) return fail(n, "second TYPE", line);
      for (const auto& s : out.samples)
        if (s.family == name) return fail(n, "TYPE after samples", line);
      out.types[name] = type;
      continue;
    }
    // A sample: name, optional {labels}, value, optional timestamp.
    Sample sample;
    std::size_t i = 0;
    while (i < line.size() && line[i] != '{' && line[i] != ' ') ++i;
    sample.name = std::string(line.substr(0, i));
    if (!valid_name(sample.name, false)) return fail(n, "sample name", line);
    if (i < line.size() && line[i] == '{') {
      ++i;
      while (i < line.size() && line[i] != '}') {
        const auto eq = line.find('=', i);
        if (eq == std::string_view::npos) return fail(n, "label without '='", line);
        const std::string label(line.substr(i, eq - i));
        if (!valid_name(label, true) || label.starts_with("__")) return fail(n, "label name", line);
        i = eq + 1;
        if (i >= line.size() || line[i] != '"') return fail(n, "label value not quoted", line);
        ++i;
        std::string value;
        for (; i < line.size() && line[i] != '"'; ++i) {
          if (line[i] != '\\') {
            value += line[i];
            continue;
          }
          if (++i >= line.size()) return fail(n, "escape at the end", line);
          if (line[i] == 'n')
            value += '\n';
          else if (line[i] == '\\' || line[i] == '"')
            value += line[i];
          else
            return fail(n, "unknown escape", line);
        }
        if (i >= line.size()) return fail(n, "label value not closed", line);
        ++i;
        if (!sample.labels.emplace(label, value).second) return fail(n, "label twice", line);
        if (i < line.size() && line[i] == ',') ++i;
      }
      if (i >= line.size()) return fail(n, "labels not closed", line);
      ++i;
    }
    if (i >= line.size() || line[i] != ' ') return fail(n, "no value", line);
    std::istringstream rest{std::string(line.substr(i + 1))};
    std::string value_text, timestamp, extra;
    rest >> value_text >> timestamp >> extra;
    const auto value = parse_value(value_text);
    if (!value) return fail(n, "value", line);
    if (!timestamp.empty() && !parse_value(timestamp)) return fail(n, "timestamp", line);
    if (!extra.empty()) return fail(n, "text after the value", line);
    sample.value = *value;
    // Its family: the name itself, or a histogram's name before _bucket/_sum/_count.
    sample.family = sample.name;
    for (const std::string_view suffix : {"_bucket", "_sum", "_count"})
      if (sample.name.ends_with(suffix)) {
        const auto base = sample.name.substr(0, sample.name.size() - suffix.size());
        if (out.types.count(base) && out.types[base] == "histogram") sample.family = base;
      }
    if (!out.types.count(sample.family)) return fail(n, "sample without a TYPE", line);
    if (!enter(sample.family)) return fail(n, "family's lines not together", line);
    const auto& type = out.types[sample.family];
    if (type == "histogram" && sample.family == sample.name) return fail(n, "histogram sample without suffix", line);
    if (type == "histogram" && sample.name.ends_with("_bucket") != (sample.labels.count("le") == 1))
      return fail(n, "le label only on buckets", line);
    if (type == "counter" && !(sample.value >= 0)) return fail(n, "counter below zero", line);
    std::string key = sample.name;
    for (const auto& [k, v] : sample.labels) key += "\x1f" + k + "=" + v;
    if (!seen_series.insert(key).second) return fail(n, "series twice", line);
    out.samples.push_back(std::move(sample));
  }
  // Histograms: per series (labels without le), ascending buckets, cumulative, +Inf = _count.
  for (const auto& [family, type] : out.types) {
    if (type != "histogram") continue;
    std::map<std::map<std::string, std::string>, std::vector<std::pair<double, double>>> buckets;
    std::map<std::map<std::string, std::string>, double> counts;
    for (const auto& s : out.samples) {
      if (s.family != family) continue;
      auto labels = s.labels;
      if (s.name == family + "_bucket") {
        const auto le = parse_value(labels["le"]);
        if (!le) return fail(0, "bucket bound", family + " le=" + labels["le"]);
        labels.erase("le");
        buckets[labels].emplace_back(*le, s.value);
      } else if (s.name == family + "_count") {
        counts[labels] = s.value;
      }
    }
    for (const auto& [labels, list] : buckets) {
      for (std::size_t k = 1; k < list.size(); ++k) {
        if (!(list[k].first > list[k - 1].first)) return fail(0, "buckets not ascending", family);
        if (list[k].second < list[k - 1].second) return fail(0, "bucket counts decrease", family);
      }
      if (list.empty() || !std::isinf(list.back().first)) return fail(0, "no +Inf bucket", family);
      if (!counts.count(labels) || counts[labels] != list.back().second)
        return fail(0, "_count differs from the +Inf bucket", family);
    }
  }
  return out;
}

}  // namespace pokeca::testing
