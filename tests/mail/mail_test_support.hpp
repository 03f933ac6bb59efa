#pragma once
// Test-side reading of built messages, written independently of the adapter's encoder:
// base64 and encoded-word decoding, header unfolding, and a temporary directory.
#include <stdlib.h>
#include "pokeca/testing/temp_dir.hpp"

#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

namespace pokeca::mail::testing {

inline std::string base64_decode(std::string_view text) {
  auto value = [](char c) -> int {
    if (c >= 'A' && c <= 'Z') return c - 'A';
    if (c >= 'a' && c <= 'z') return c - 'a' + 26;
    if (c >= '0' && c <= '9') return c - '0' + 52;
    if (c == '+') return 62;
    if (c == '/') return 63;
    return -1;
  };
  std::string out;
  unsigned buffer = 0;
  int bits = 0;
  for (const char c : text) {
    if (c == '=' || c == '\r' || c == '\n') continue;
    const int v = value(c);
    if (v < 0) throw std::invalid_argument("not base64");
    buffer = (buffer << 6U) | static_cast<unsigned>(v);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += static_cast<char>((buffer >> static_cast<unsigned>(bits)) & 0xFFU);
    }
  }
  return out;
}

struct ParsedMessage {
  std::multimap<std::string, std::string> headers;  // name as written → unfolded value
  std::string raw_body;                             // after the blank line
  [[nodiscard]] std::string header(const std::string& name) const {
    const auto it = headers.find(name);
    return it == headers.end() ? std::string() : it->second;
  }
};

// Splits at the first CRLF CRLF; unfolds CRLF followed by a space or tab.
inline ParsedMessage parse_message(std::string_view bytes) {
  const std::size_t split = bytes.find("\r\n\r\n");
  if (split == std::string_view::npos) throw std::invalid_argument("no header/body separator");
  ParsedMessage parsed;
  parsed.raw_body = std::string(bytes.substr(split + 4));
  const std::string_view head = bytes.substr(0, split + 2);
  std::string name;
  std::string value;
  auto flush = [&] {
    if (!name.empty()) parsed.headers.emplace(name, value);
    name.clear();
    value.clear();
  };
  std::size_t at = 0;
  while (at < head.size()) {
    const std::size_t eol = head.find("\r\n", at);
    const std::string_view line = head.substr(at, eol - at);
    at = eol + 2;
    if (!line.empty() && (line.front() == ' ' || line.front() == '\t')) {
      value += line;  // folding whitespace stays
      continue;
    }
    flush();
    const std::size_t colon = line.find(':');
    if (colon == std::string_view::npos) throw std::invalid_argument("header line without colon");
    name = std::string(line.substr(0, colon));
    std::string_view rest = line.substr(colon + 1);
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    value = std::string(rest);
  }
  flush();
  return parsed;
}

// Decodes "=?UTF-8?B?…?=" words; whitespace between adjacent words is dropped (RFC 2047
// §6.2), other text is kept.
inline std::string decode_encoded_words(std::string_view text) {
  std::string out;
  std::string pending_space;
  bool last_was_word = false;
  std::size_t at = 0;
  while (at < text.size()) {
    if (text.substr(at).starts_with("=?")) {
      const std::size_t q1 = text.find('?', at + 2);
      const std::size_t q2 = q1 == std::string_view::npos ? q1 : text.find('?', q1 + 1);
      const std::size_t end = q2 == std::string_view::npos ? q2 : text.find("?=", q2 + 1);
      if (end == std::string_view::npos) throw std::invalid_argument("unterminated encoded-word");
      const std::string_view charset = text.substr(at + 2, q1 - at - 2);
      const std::string_view encoding = text.substr(q1 + 1, q2 - q1 - 1);
      if (charset != "UTF-8" || (encoding != "B" && encoding != "b"))
        throw std::invalid_argument("unexpected encoded-word form");
      if (!last_was_word) out += pending_space;
      pending_space.clear();
      out += base64_decode(text.substr(q2 + 1, end - q2 - 1));
      at = end + 2;
      last_was_word = true;
      continue;
    }
    const char c = text[at++];
    if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
      pending_space += c;
      continue;
    }
    out += pending_space;
    pending_space.clear();
    out += c;
    last_was_word = false;
  }
  return out;
}

inline std::string crlf_to_lf(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\r' && i + 1 < text.size() && text[i + 1] == '\n') continue;
    out += text[i];
  }
  return out;
}

using pokeca::testing::TempDir;

}  // namespace pokeca::mail::testing
