#include "pokeca/analytics/analytics.hpp"

#include <algorithm>
#include <array>
#include <cctype>

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/prefectures.hpp"

namespace pokeca {
namespace {

constexpr UnixSeconds kSecondsPerDay = 86'400;

char lower(char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); }

bool contains_lowercase(std::string_view haystack_lower, std::string_view needle) {
  return haystack_lower.find(needle) != std::string_view::npos;
}

std::string hex(std::string_view bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string out;
  out.reserve(bytes.size() * 2);
  for (const char c : bytes) {
    const auto b = static_cast<unsigned char>(c);
    out.push_back(kDigits[b >> 4]);
    out.push_back(kDigits[b & 0xF]);
  }
  return out;
}

std::vector<std::string_view> split(std::string_view text, char sep) {
  std::vector<std::string_view> parts;
  if (text.empty()) return parts;
  for (;;) {
    const auto at = text.find(sep);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) break;
    text.remove_prefix(at + 1);
  }
  return parts;
}

// The first three 16-bit groups of an IPv6 address, or nullopt when it is not one.
std::optional<std::array<std::string, 3>> ipv6_first_groups(std::string_view address) {
  if (const auto slash = address.find('/'); slash != std::string_view::npos) address = address.substr(0, slash);
  if (address.find(':') == std::string_view::npos) return std::nullopt;
  std::vector<std::string_view> groups;
  const auto gap = address.find("::");
  std::vector<std::string_view> head = split(gap == std::string_view::npos ? address : address.substr(0, gap), ':');
  std::vector<std::string_view> tail =
      gap == std::string_view::npos ? std::vector<std::string_view>{} : split(address.substr(gap + 2), ':');
  const std::size_t missing = head.size() + tail.size() >= 8 ? 0 : 8 - head.size() - tail.size();
  groups = head;
  for (std::size_t i = 0; i < missing; ++i) groups.emplace_back("0");
  groups.insert(groups.end(), tail.begin(), tail.end());
  if (groups.size() < 3) return std::nullopt;
  std::array<std::string, 3> out;
  for (std::size_t i = 0; i < 3; ++i) {
    auto g = groups[i];
    if (g.empty() || g.size() > 4) return std::nullopt;
    if (!std::ranges::all_of(g, [](char c) { return std::isxdigit(static_cast<unsigned char>(c)) != 0; }))
      return std::nullopt;
    while (g.size() > 1 && g.front() == '0') g.remove_prefix(1);
    for (const char c : g) out[i].push_back(lower(c));
  }
  return out;
}

bool is_host_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '-' || c == ':';
}

}  // namespace

AnalyticsDay japan_day(UnixSeconds t) {
  const auto local = t + kJapanUtcOffsetSeconds;
  return local >= 0 ? local / kSecondsPerDay : -((-local + kSecondsPerDay - 1) / kSecondsPerDay);
}

std::string format_day(AnalyticsDay day) { return format_iso8601(day * kSecondsPerDay).substr(0, 10); }

std::optional<AnalyticsDay> parse_day(std::string_view text) {
  if (text.size() != 10 || text[4] != '-' || text[7] != '-') return std::nullopt;
  for (std::size_t i = 0; i < text.size(); ++i)
    if (i != 4 && i != 7 && std::isdigit(static_cast<unsigned char>(text[i])) == 0) return std::nullopt;
  const auto t = parse_iso8601(std::string(text) + "T00:00:00Z");
  if (!t) return std::nullopt;
  // parse_iso8601 may normalise an impossible date (02-30); refuse those.
  if (format_day(*t / kSecondsPerDay) != text) return std::nullopt;
  return *t / kSecondsPerDay;
}

bool is_bot_user_agent(std::string_view user_agent) {
  if (user_agent.empty()) return true;
  std::string lowered(user_agent.size(), ' ');
  std::ranges::transform(user_agent, lowered.begin(), lower);
  return std::ranges::any_of(kBotUserAgentWords, [&](std::string_view w) { return contains_lowercase(lowered, w); });
}

std::string visitor_address_prefix(std::string_view address) {
  if (auto groups = ipv6_first_groups(address)) {
    // IPv4-mapped IPv6 ("::ffff:203.0.113.7") is IPv4.
    if (const auto dot = address.rfind('.'); dot != std::string_view::npos)
      return visitor_address_prefix(address.substr(address.rfind(':') + 1));
    return (*groups)[0] + ":" + (*groups)[1] + ":" + (*groups)[2] + "::/48";
  }
  const auto parts = split(address, '.');
  if (parts.size() == 4 && std::ranges::all_of(parts, [](std::string_view p) {
        return !p.empty() && p.size() <= 3 &&
               std::ranges::all_of(p, [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
      }))
    return std::string(parts[0]) + "." + std::string(parts[1]) + "." + std::string(parts[2]) + ".0/24";
  return std::string(address);
}

std::string_view to_string(Viewport v) { return v == Viewport::kPhone ? "phone" : "desktop"; }

Result<PageView> validate_page_view(const PageViewInput& input) {
  const auto& path = input.path;
  if (!path.starts_with('/') || path.size() > kMaxAnalyticsPathChars || path.find_first_of("?#") != std::string::npos ||
      std::ranges::any_of(path, [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7F; }))
    return fail(ErrorCode::kBadRequest, msg::kAnalyticsBadPath);
  if (!input.prefecture.empty() && find_prefecture(input.prefecture) == nullptr)
    return fail(ErrorCode::kBadRequest, msg::kAnalyticsBadPrefecture);
  if (input.referrer_host.size() > kMaxAnalyticsReferrerChars ||
      !std::ranges::all_of(input.referrer_host, is_host_char))
    return fail(ErrorCode::kBadRequest, msg::kAnalyticsBadReferrer);
  PageView view;
  if (input.viewport == "phone")
    view.viewport = Viewport::kPhone;
  else if (input.viewport == "desktop")
    view.viewport = Viewport::kDesktop;
  else
    return fail(ErrorCode::kBadRequest, msg::kAnalyticsBadViewport);
  view.path = path;
  view.prefecture = input.prefecture;
  return view;
}

Result<void> AnalyticsService::record(const PageViewInput& input, std::string_view address,
                                      std::string_view user_agent) {
  const auto now = ports_.clock.now();
  const auto decision = ports_.limiter.hit("analytics:" + std::string(address), per_ip_, now);
  if (!decision.allowed) return fail_rate_limited(msg::kTooManyRequests, {}, decision.retry_after_seconds);
  auto view = validate_page_view(input);
  if (!view) return std::unexpected(view.error());
  view->day = japan_day(now);
  view->bot = is_bot_user_agent(user_agent);
  if (!view->bot) {
    std::string secret;
    {
      const std::scoped_lock lock(secret_mutex_);
      if (secret_day_ != view->day) {
        auto stored = ports_.repository.day_secret(view->day, hex(ports_.keys.random_secret()));
        if (!stored) return std::unexpected(stored.error());
        secret_day_ = view->day;
        secret_ = std::move(*stored);
      }
      secret = secret_;
    }
    const auto mac = ports_.keys.hmac_sha256(secret, visitor_address_prefix(address) + "\n" + std::string(user_agent));
    view->visitor_hash = hex(std::string_view(mac).substr(0, kVisitorHashBytes));
  }
  return ports_.repository.record(*view);
}

Result<AnalyticsReport> AnalyticsService::report(const std::optional<std::string>& from,
                                                 const std::optional<std::string>& to) {
  const auto today = japan_day(ports_.clock.now());
  std::optional<AnalyticsDay> last = today;
  if (to) last = parse_day(*to);
  std::optional<AnalyticsDay> first = last ? std::optional(*last - (kDefaultAnalyticsRangeDays - 1)) : std::nullopt;
  if (from) first = parse_day(*from);
  if (!first || !last) return fail(ErrorCode::kBadRequest, msg::kAnalyticsBadDate);
  if (*first > *last || *last - *first + 1 > kMaxAnalyticsRangeDays)
    return fail(ErrorCode::kBadRequest, msg::kAnalyticsBadRange);
  if (auto dropped = drop_expired_secrets(); !dropped) return std::unexpected(dropped.error());
  return ports_.repository.report(*first, *last, kAnalyticsTopCount);
}

Result<void> AnalyticsService::drop_expired_secrets() {
  const auto first_kept = japan_day(ports_.clock.now()) - (kAnalyticsSecretKeepDays - 1);
  {
    const std::scoped_lock lock(secret_mutex_);
    if (secret_day_ < first_kept) {
      secret_day_ = -1;
      secret_.clear();
    }
  }
  return ports_.repository.drop_secrets_before(first_kept);
}

}  // namespace pokeca
