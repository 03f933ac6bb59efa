#include "api/multipart/form_headers.hpp"

#include <algorithm>
#include <cstdint>

#include <boost/beast/core/string.hpp>
#include "common/http_messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca::http::multipart {
namespace {

constexpr bool is_space(char c) { return c == ' ' || c == '\t'; }

using boost::beast::iequals;

// RFC 9110 tchar.
constexpr bool is_tchar(char c) {
  if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
  return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

// RFC 2046 bchars (without the space, which is handled apart).
constexpr bool is_bchar_nospace(char c) {
  if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
  return std::string_view("'()+_,-./:=?").find(c) != std::string_view::npos;
}

constexpr bool is_control(unsigned char c) { return c < 0x20 || c == 0x7f; }

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// RFC 8187 ext-value: charset "'" [language] "'" value-chars; UTF-8 only.
std::optional<std::string> decode_ext_value(std::string_view text) {
  const auto first = text.find('\'');
  if (first == std::string_view::npos) return std::nullopt;
  const auto second = text.find('\'', first + 1);
  if (second == std::string_view::npos) return std::nullopt;
  if (!iequals(text.substr(0, first), "utf-8")) return std::nullopt;
  const std::string_view encoded = text.substr(second + 1);
  std::string out;
  out.reserve(encoded.size());
  for (std::size_t i = 0; i < encoded.size(); ++i) {
    const char c = encoded[i];
    if (c == '%') {
      if (i + 2 >= encoded.size()) return std::nullopt;
      const int hi = hex_value(encoded[i + 1]);
      const int lo = hex_value(encoded[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else if (is_tchar(c)) {
      out += c;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

}  // namespace

std::optional<HeaderParams> parse_header_params(std::string_view text, bool backslash_escapes) {
  HeaderParams params;
  std::size_t i = 0;
  const auto skip_spaces = [&] {
    while (i < text.size() && is_space(text[i])) ++i;
  };
  while (true) {
    skip_spaces();
    if (i == text.size()) return params;
    if (text[i] == ';') {  // tolerate empty parameters ("a=b;;c=d", a trailing ';')
      ++i;
      continue;
    }
    const std::size_t name_start = i;
    while (i < text.size() && is_tchar(text[i])) ++i;
    const std::string_view name = text.substr(name_start, i - name_start);
    if (name.empty()) return std::nullopt;
    skip_spaces();
    if (i == text.size() || text[i] != '=') return std::nullopt;
    ++i;
    skip_spaces();
    std::string value;
    if (i < text.size() && text[i] == '"') {
      ++i;
      bool closed = false;
      while (i < text.size()) {
        const char c = text[i++];
        if (c == '"') {
          closed = true;
          break;
        }
        if (c == '\\' && backslash_escapes) {
          if (i == text.size()) return std::nullopt;
          value += text[i++];
          continue;
        }
        if (is_control(static_cast<unsigned char>(c)) && c != '\t') return std::nullopt;
        value += c;
      }
      if (!closed) return std::nullopt;
    } else {
      const std::size_t value_start = i;
      while (i < text.size() && is_tchar(text[i])) ++i;
      value = std::string(text.substr(value_start, i - value_start));
      if (value.empty()) return std::nullopt;
    }
    params.emplace_back(ascii_lower(name), std::move(value));
    skip_spaces();
    if (i == text.size()) return params;
    if (text[i] != ';') return std::nullopt;
    ++i;
  }
}

Result<std::string> boundary_from_content_type(std::string_view content_type) {
  const auto semicolon = content_type.find(';');
  const std::string_view media_type = trim_blanks(content_type.substr(0, semicolon));
  if (!iequals(media_type, "multipart/form-data")) return fail(ErrorCode::kUnsupportedMedia, msg::kNotMultipart);
  if (semicolon == std::string_view::npos) return fail(ErrorCode::kBadRequest, msg::kMultipartMalformed);
  const auto params = parse_header_params(content_type.substr(semicolon + 1), true);
  if (!params) return fail(ErrorCode::kBadRequest, msg::kMultipartMalformed);
  std::optional<std::string> boundary;
  for (const auto& [name, value] : *params) {
    if (name != "boundary") continue;
    if (boundary) return fail(ErrorCode::kBadRequest, msg::kMultipartMalformed);  // which one?
    boundary = value;
  }
  if (!boundary || boundary->empty() || boundary->size() > kMaxBoundaryLength || boundary->back() == ' ' ||
      !std::ranges::all_of(*boundary, [](char c) { return c == ' ' || is_bchar_nospace(c); }))
    return fail(ErrorCode::kBadRequest, msg::kMultipartMalformed);
  return *boundary;
}

Result<ContentDisposition> parse_content_disposition(std::string_view value) {
  const auto semicolon = value.find(';');
  if (!iequals(trim_blanks(value.substr(0, semicolon)), "form-data") || semicolon == std::string_view::npos)
    return fail(ErrorCode::kBadRequest, msg::kMultipartMalformed);
  const auto params = parse_header_params(value.substr(semicolon + 1), false);
  if (!params) return fail(ErrorCode::kBadRequest, msg::kMultipartMalformed);
  std::optional<std::string> name;
  std::optional<std::string> filename;
  std::optional<std::string> filename_ext;
  for (const auto& [key, text] : *params) {
    std::optional<std::string>* slot = nullptr;
    if (key == "name")
      slot = &name;
    else if (key == "filename")
      slot = &filename;
    else if (key == "filename*")
      slot = &filename_ext;
    else
      continue;  // unknown parameters are ignored (RFC 6266 §4.4)
    if (*slot) return fail(ErrorCode::kBadRequest, msg::kMultipartMalformed);  // repeated
    *slot = text;
  }
  if (!name || name->empty()) return fail(ErrorCode::kBadRequest, msg::kMultipartMalformed);
  if (!is_valid_utf8(*name)) return fail(ErrorCode::kBadRequest, msg::kMultipartNotUtf8);
  ContentDisposition out{.name = std::move(*name), .filename = std::nullopt};
  std::optional<std::string> raw = std::move(filename);
  if (filename_ext) {
    raw = decode_ext_value(*filename_ext);
    if (!raw) return fail(ErrorCode::kBadRequest, msg::kMultipartBadFilename);
  }
  if (raw) {
    if (raw->empty()) {
      out.filename = std::string();  // an empty file input: the browser sends filename=""
    } else {
      out.filename = sanitize_filename(*raw);
      if (!out.filename) return fail(ErrorCode::kBadRequest, msg::kMultipartBadFilename);
    }
  }
  return out;
}

std::optional<std::string> sanitize_filename(std::string_view raw) {
  if (!is_valid_utf8(raw)) return std::nullopt;
  if (std::ranges::any_of(raw, [](char c) { return is_control(static_cast<unsigned char>(c)); })) return std::nullopt;
  const auto slash = raw.find_last_of("/\\");
  std::string_view base = slash == std::string_view::npos ? raw : raw.substr(slash + 1);
  base = trim_blanks(base);
  if (base.empty() || base == "." || base == "..") return std::nullopt;
  return std::string(base);
}

}  // namespace pokeca::http::multipart
