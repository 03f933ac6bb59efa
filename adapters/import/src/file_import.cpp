#include "pokeca/import/file_import.hpp"

#include <algorithm>
#include <fstream>
#include <ostream>
#include <system_error>

#include "pokeca/shared/utf8.hpp"
#include "sources.hpp"
#include "text_util.hpp"

namespace pokeca::importer {
namespace {

namespace fs = std::filesystem;

constexpr std::string_view kNotFound = "ファイルが見つかりません";
constexpr std::string_view kNotAFile = "通常のファイルではありません";
constexpr std::string_view kUnreadable = "ファイルを読み込めません（読み取り権限を確認してください）";
constexpr std::string_view kEmpty = "ファイルが空です";
constexpr std::string_view kNotUtf8 =
    "UTF-8として読めない文字があります。Shift_JISなどで保存されている場合は、"
    "UTF-8で保存し直してから取り込んでください";
constexpr std::string_view kInterrupted =
    "取り込みを途中で中断しました。同じファイルをもう一度取り込むと続きから反映されます";
constexpr std::string_view kFailedPrefix = "取り込めませんでした：";

std::string with_path(std::string_view message, const fs::path& path) {
  return std::string(message) + "：" + path.string();
}

std::string too_large(const fs::path& path) {
  return "ファイルが大きすぎます（上限" + std::to_string(kMaxImportFileBytes / (1024 * 1024)) + "MB）：" +
         path.string();
}

Result<std::string> read_whole_file(const fs::path& path) {
  std::error_code ec;
  const auto status = fs::status(path, ec);
  if (ec || !fs::exists(status)) return fail(ErrorCode::kNotFound, with_path(kNotFound, path));
  if (!fs::is_regular_file(status)) return fail(ErrorCode::kBadRequest, with_path(kNotAFile, path));
  const auto size = fs::file_size(path, ec);
  if (ec) return fail(ErrorCode::kInternal, with_path(kUnreadable, path));
  if (size > kMaxImportFileBytes) return fail(ErrorCode::kPayloadTooLarge, too_large(path));
  if (size == 0) return fail(ErrorCode::kBadRequest, with_path(kEmpty, path));
  std::ifstream in(path, std::ios::binary);
  if (!in) return fail(ErrorCode::kInternal, with_path(kUnreadable, path));
  std::string content(static_cast<std::size_t>(size), '\0');
  in.read(content.data(), static_cast<std::streamsize>(size));
  if (static_cast<std::uintmax_t>(in.gcount()) != size) return fail(ErrorCode::kInternal, with_path(kUnreadable, path));
  return content;
}

std::string line_of(std::string_view content, std::size_t offset) {
  const auto before = content.substr(0, offset);
  return std::to_string(1 + std::count(before.begin(), before.end(), '\n')) + "行目";
}

}  // namespace

ImportFormat detect_format(const fs::path& path, std::string_view content) {
  const auto ext = ascii_lower(path.extension().string());
  if (ext == ".csv") return ImportFormat::kCsv;
  if (ext == ".geojson" || ext == ".json") return ImportFormat::kGeoJson;
  constexpr std::string_view kBom = "\xEF\xBB\xBF";
  if (content.starts_with(kBom)) content.remove_prefix(kBom.size());
  content = trim_ascii_whitespace(content);
  return !content.empty() && content.front() == '{' ? ImportFormat::kGeoJson : ImportFormat::kCsv;
}

Result<ImportSummary> import_text(std::string_view content, ImportFormat format, StoreRepository& stores,
                                  const Gazetteer& gazetteer, UnixSeconds now) {
  if (const auto bad = find_invalid_utf8(content))
    return fail(ErrorCode::kBadRequest, std::string(kNotUtf8) + "（" + line_of(content, *bad) + "）。");
  StoreImporter importer(stores, gazetteer, now);
  auto done = format == ImportFormat::kCsv ? import_csv(content, importer) : import_geojson(content, importer);
  if (!done) {
    // Nothing is written before the readers have checked the whole text, so an error
    // with records already counted is the repository's, in the middle of the run.
    if (importer.summary().total() > 0)
      return fail(done.error().code, done.error().message + "（" + std::string(kInterrupted) + "）");
    return std::unexpected(done.error());
  }
  return importer.summary();
}

Result<ImportSummary> import_file(const fs::path& path, StoreRepository& stores, const Gazetteer& gazetteer,
                                  const Clock& clock) {
  auto content = read_whole_file(path);
  if (!content) return std::unexpected(content.error());
  return import_text(*content, detect_format(path, *content), stores, gazetteer, clock.now());
}

std::string format_summary(const ImportSummary& summary, const fs::path& path) {
  const auto n = [](std::size_t count) { return std::to_string(count) + "件"; };
  std::string out = "取り込みました：" + path.string() + "\n";
  out += "  追加 " + n(summary.inserted) + "、更新 " + n(summary.updated) + "、変更なし " + n(summary.unchanged) +
         "、スキップ " + n(summary.skipped) + "\n";
  if (summary.skipped == 0) return out;
  out += "スキップした行：\n";
  for (const auto& row : summary.skipped_rows) out += "  " + describe(row.position) + "：" + row.reason + "\n";
  if (summary.skipped > summary.skipped_rows.size())
    out += "  （ほか" + n(summary.skipped - summary.skipped_rows.size()) + "は省略）\n";
  return out;
}

int run_import_command(const fs::path& path, StoreRepository& stores, const Gazetteer& gazetteer, const Clock& clock,
                       std::ostream& out, std::ostream& err) {
  auto summary = import_file(path, stores, gazetteer, clock);
  if (!summary) {
    err << kFailedPrefix << summary.error().message << '\n';
    return 1;
  }
  out << format_summary(*summary, path);
  return 0;
}

}  // namespace pokeca::importer
