#include "base64.hpp"

namespace pokeca::mail {
namespace {

constexpr std::string_view kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

}  // namespace

std::string base64_encode(std::string_view bytes) {
  std::string out;
  out.reserve((bytes.size() + 2) / 3 * 4);
  std::size_t i = 0;
  for (; i + 3 <= bytes.size(); i += 3) {
    const unsigned v = (static_cast<unsigned char>(bytes[i]) << 16U) |
                       (static_cast<unsigned char>(bytes[i + 1]) << 8U) | static_cast<unsigned char>(bytes[i + 2]);
    out += kAlphabet[(v >> 18U) & 63U];
    out += kAlphabet[(v >> 12U) & 63U];
    out += kAlphabet[(v >> 6U) & 63U];
    out += kAlphabet[v & 63U];
  }
  const std::size_t rest = bytes.size() - i;
  if (rest > 0) {
    unsigned v = static_cast<unsigned char>(bytes[i]) << 16U;
    if (rest == 2) v |= static_cast<unsigned char>(bytes[i + 1]) << 8U;
    out += kAlphabet[(v >> 18U) & 63U];
    out += kAlphabet[(v >> 12U) & 63U];
    out += rest == 2 ? kAlphabet[(v >> 6U) & 63U] : '=';
    out += '=';
  }
  return out;
}

std::string base64_encode_lines(std::string_view bytes, std::size_t line_length) {
  const std::string flat = base64_encode(bytes);
  std::string out;
  out.reserve(flat.size() + (flat.size() / line_length + 1) * 2);
  for (std::size_t at = 0; at < flat.size(); at += line_length) {
    out.append(flat, at, line_length);
    out += "\r\n";
  }
  return out;
}

}  // namespace pokeca::mail
