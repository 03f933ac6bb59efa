#include "router/file_reply.hpp"

#include <sys/stat.h>

#include <cstdio>
#include <ctime>

#include "common/content_encoding.hpp"
#include "site/static_files.hpp"

namespace pokeca::http {
namespace {

// "Sun, 06 Nov 1994 08:49:37 GMT"
std::string http_date(std::time_t t) {
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[40];
  const auto n = std::strftime(buf, sizeof buf, "%a, %d %b %Y %H:%M:%S GMT", &tm);
  return std::string(buf, n);
}

}  // namespace

std::expected<std::optional<bhttp::file_body::value_type>, std::string> open_body_file(const BodyFile& file,
                                                                                       std::string_view accept_encoding,
                                                                                       std::string_view if_none_match,
                                                                                       Response& res) {
  const bool negotiable = !file.gzip.empty();
  const bool gzip = negotiable && accepts_encoding(accept_encoding, "gzip");
  const auto& path = gzip ? file.gzip : file.plain;
  bhttp::file_body::value_type body;
  boost::beast::error_code ec;
  body.open(path.c_str(), boost::beast::file_mode::scan, ec);
  if (ec) return std::unexpected("open " + path.string() + ": " + ec.message());
  struct stat st{};
  if (::fstat(body.file().native_handle(), &st) != 0) return std::unexpected("fstat " + path.string());

  char etag[80];
  const auto n =
      std::snprintf(etag, sizeof etag, "\"%llx-%llx%09ld%s\"", static_cast<unsigned long long>(st.st_size),
                    static_cast<unsigned long long>(st.st_mtim.tv_sec), st.st_mtim.tv_nsec, gzip ? "-gzip" : "");
  res.set(bhttp::field::cache_control, kRevalidateCache);  // public data: revalidate by tag
  res.set(bhttp::field::etag, std::string_view(etag, static_cast<std::size_t>(n)));
  res.set(bhttp::field::last_modified, http_date(st.st_mtim.tv_sec));
  if (negotiable) res.set(bhttp::field::vary, "Accept-Encoding");
  if (!if_none_match.empty() && etag_matches(if_none_match, res[bhttp::field::etag])) {
    res.result(Status::not_modified);
    res.body().clear();
    return std::nullopt;
  }
  if (gzip) res.set(bhttp::field::content_encoding, "gzip");
  return body;
}

}  // namespace pokeca::http
