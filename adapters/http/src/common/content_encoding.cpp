#include "common/content_encoding.hpp"

#include <libdeflate.h>

#include <algorithm>
#include <array>
#include <charconv>
#include <memory>

#include "pokeca/shared/text.hpp"

namespace pokeca::http {
namespace {

constexpr std::array<std::string_view, 9> kPrecompressedExtensions{".js",   ".mjs",         ".css", ".svg", ".html",
                                                                   ".json", ".webmanifest", ".map", ".xml"};

// The q of "gzip;q=0.5" (1 when absent; 0 when unreadable, so a bad value never enables).
double quality(std::string_view params) {
  while (!params.empty()) {
    const auto semi = params.find(';');
    auto param = trim_blanks(params.substr(0, semi));
    params = semi == std::string_view::npos ? std::string_view{} : params.substr(semi + 1);
    if (param.size() >= 2 && (param[0] == 'q' || param[0] == 'Q') && param[1] == '=') {
      const auto text = trim_blanks(param.substr(2));
      double q = 0;
      const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), q);
      return ec == std::errc{} && end == text.data() + text.size() ? q : 0.0;
    }
  }
  return 1.0;
}

}  // namespace

bool accepts_encoding(std::string_view header, std::string_view coding) {
  double named = -1;
  double any = -1;
  while (!header.empty()) {
    const auto comma = header.find(',');
    const auto item = header.substr(0, comma);
    header = comma == std::string_view::npos ? std::string_view{} : header.substr(comma + 1);
    const auto semi = item.find(';');
    const auto name = ascii_lower(trim_blanks(item.substr(0, semi)));
    const auto q = semi == std::string_view::npos ? 1.0 : quality(item.substr(semi + 1));
    if (name == coding || (coding == "gzip" && name == "x-gzip"))
      named = std::max(named, q);
    else if (name == "*")
      any = std::max(any, q);
  }
  return named >= 0 ? named > 0 : any > 0;
}

std::string gzip_compress(std::string_view data, int level) {
  // libdeflate compresses a whole buffer about three times faster than zlib at level 1, and
  // smaller (bench/RESULTS.md). A compressor holds its tables (~100s of KB) and is not
  // thread-safe: each thread keeps one per level it has used.
  struct Free {
    void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
  };
  constexpr int kLevels = 13;  // libdeflate's 0 … 12
  thread_local std::array<std::unique_ptr<libdeflate_compressor, Free>, kLevels> compressors;
  level = std::clamp(level, 0, kLevels - 1);
  auto& compressor = compressors.at(static_cast<std::size_t>(level));
  if (!compressor) compressor.reset(libdeflate_alloc_compressor(level));
  if (!compressor) return {};
  std::string out(libdeflate_gzip_compress_bound(compressor.get(), data.size()), '\0');
  const auto n = libdeflate_gzip_compress(compressor.get(), data.data(), data.size(), out.data(), out.size());
  out.resize(n);  // 0: it did not fit, which the bound rules out
  return out;
}

bool is_precompressed_type(const std::filesystem::path& file) {
  const auto ext = ascii_lower(file.extension().string());
  for (const auto e : kPrecompressedExtensions)
    if (e == ext) return true;
  return false;
}

}  // namespace pokeca::http
