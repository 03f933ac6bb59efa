#include "common/client_address.hpp"

#include <boost/asio/ip/address.hpp>
#include "pokeca/shared/text.hpp"

namespace pokeca::http {
namespace {

constexpr std::size_t kIpv6PrefixBytes = 8;  // /64
constexpr std::size_t kMaxAddressChars = 64;

}  // namespace

std::string rate_limit_address(std::string_view text) {
  boost::system::error_code ec;
  auto address = boost::asio::ip::make_address(std::string(text.substr(0, kMaxAddressChars)), ec);
  if (ec) return std::string(text.substr(0, kMaxAddressChars));
  if (address.is_v6() && address.to_v6().is_v4_mapped())
    address = boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6());
  if (address.is_v4()) return address.to_string();
  auto bytes = address.to_v6().to_bytes();
  for (std::size_t i = kIpv6PrefixBytes; i < bytes.size(); ++i) bytes[i] = 0;
  return boost::asio::ip::address_v6(bytes).to_string() + "/64";
}

std::string client_address(std::string_view peer, std::string_view forwarded_for, bool trust_forwarded_for) {
  if (trust_forwarded_for) {
    const auto comma = forwarded_for.rfind(',');
    const auto last = trim_blanks(comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1));
    if (!last.empty()) return rate_limit_address(last);
  }
  return rate_limit_address(peer);
}

}  // namespace pokeca::http
