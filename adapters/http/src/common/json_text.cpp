#include "common/json_text.hpp"

#include <charconv>
#include <cmath>

#include <boost/json/value.hpp>

namespace pokeca::http {
namespace {

void append_number(std::string& out, double d) {
  if (!std::isfinite(d)) {
    out += "null";
    return;
  }
  char buf[32];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, d);
  out.append(buf, ec == std::errc{} ? end : buf);
}

template <typename Int>
void append_integer(std::string& out, Int n) {
  char buf[24];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, n);
  out.append(buf, ec == std::errc{} ? end : buf);
}

void write(std::string& out, const boost::json::value& v) {
  switch (v.kind()) {
    case boost::json::kind::null: out += "null"; return;
    case boost::json::kind::bool_: out += v.get_bool() ? "true" : "false"; return;
    case boost::json::kind::int64: append_integer(out, v.get_int64()); return;
    case boost::json::kind::uint64: append_integer(out, v.get_uint64()); return;
    case boost::json::kind::double_: append_number(out, v.get_double()); return;
    case boost::json::kind::string: {
      const auto& s = v.get_string();
      append_json_string(out, std::string_view(s.data(), s.size()));
      return;
    }
    case boost::json::kind::array: {
      out += '[';
      bool first = true;
      for (const auto& item : v.get_array()) {
        if (!first) out += ',';
        first = false;
        write(out, item);
      }
      out += ']';
      return;
    }
    case boost::json::kind::object: {
      out += '{';
      bool first = true;
      for (const auto& [key, item] : v.get_object()) {
        if (!first) out += ',';
        first = false;
        append_json_string(out, std::string_view(key.data(), key.size()));
        out += ':';
        write(out, item);
      }
      out += '}';
      return;
    }
  }
}

}  // namespace

void append_json_number(std::string& out, double d) { append_number(out, d); }
void append_json_integer(std::string& out, std::int64_t n) { append_integer(out, n); }

std::string to_json_text(const boost::json::value& value) {
  std::string out;
  write(out, value);
  return out;
}

}  // namespace pokeca::http
