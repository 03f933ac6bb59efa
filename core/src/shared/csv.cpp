#include "pokeca/shared/csv.hpp"

#include <algorithm>

namespace pokeca {
namespace {

constexpr std::string_view kUtf8Bom = "\xEF\xBB\xBF";
constexpr std::string_view kFieldEnd = ",\r\n";

std::string at_line(std::size_t line) { return "CSVの" + std::to_string(line) + "行目"; }

std::string unterminated_quote(std::size_t line) {
  return at_line(line) + "で始まる引用符（\"）が閉じられていません。";
}
std::string text_after_quote(std::size_t line) {
  return at_line(line) +
         "：閉じた引用符（\"）の後に余分な文字があります。"
         "項目の中の引用符は \"\" と2つ重ねてください。";
}
std::string field_too_long(std::size_t line) {
  return at_line(line) + "：項目が長すぎます（上限" + std::to_string(kMaxCsvFieldBytes) + "バイト）。";
}
std::string too_many_columns(std::size_t line) {
  return at_line(line) + "：列が多すぎます（上限" + std::to_string(kMaxCsvColumns) + "列）。";
}

// Line breaks inside a quoted chunk: LF, CRLF and a lone CR each count once.
std::size_t count_line_breaks(std::string_view chunk) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < chunk.size(); ++i) {
    if (chunk[i] == '\n')
      ++n;
    else if (chunk[i] == '\r' && (i + 1 == chunk.size() || chunk[i + 1] != '\n'))
      ++n;
  }
  return n;
}

}  // namespace

CsvReader::CsvReader(std::string_view text) : text_(text) {
  if (text_.starts_with(kUtf8Bom)) text_.remove_prefix(kUtf8Bom.size());
}

Result<std::optional<CsvRecord>> CsvReader::next() {
  const std::size_t size = text_.size();
  // A failure leaves the reader at the end, so a caller that keeps reading stops.
  const auto stop = [&](std::string message) {
    pos_ = size;
    return fail(ErrorCode::kBadRequest, message);
  };

  // Blank lines are no records.
  while (pos_ < size && (text_[pos_] == '\n' || text_[pos_] == '\r')) {
    if (text_[pos_] == '\r' && pos_ + 1 < size && text_[pos_ + 1] == '\n') ++pos_;
    ++pos_;
    ++line_;
  }
  if (pos_ >= size) return std::optional<CsvRecord>{};

  CsvRecord record;
  record.line = line_;
  std::string field;
  while (true) {
    field.clear();
    if (text_[pos_] == '"') {
      const std::size_t opened_on = line_;
      ++pos_;
      bool closed = false;
      while (pos_ < size) {
        const auto quote = text_.find('"', pos_);
        if (quote == std::string_view::npos) break;
        const auto chunk = text_.substr(pos_, quote - pos_);
        if (field.size() + chunk.size() > kMaxCsvFieldBytes) return stop(field_too_long(opened_on));
        field.append(chunk);
        line_ += count_line_breaks(chunk);
        pos_ = quote + 1;
        if (pos_ < size && text_[pos_] == '"') {  // "" is one quote character
          if (field.size() + 1 > kMaxCsvFieldBytes) return stop(field_too_long(opened_on));
          field.push_back('"');
          ++pos_;
          continue;
        }
        closed = true;
        break;
      }
      if (!closed) return stop(unterminated_quote(opened_on));
      if (pos_ < size && kFieldEnd.find(text_[pos_]) == std::string_view::npos) return stop(text_after_quote(line_));
    } else {
      const auto end = std::min(text_.find_first_of(kFieldEnd, pos_), size);
      if (end - pos_ > kMaxCsvFieldBytes) return stop(field_too_long(line_));
      field.assign(text_.substr(pos_, end - pos_));
      pos_ = end;
    }
    if (record.fields.size() >= kMaxCsvColumns) return stop(too_many_columns(record.line));
    record.fields.push_back(std::move(field));

    if (pos_ >= size) return record;
    const char c = text_[pos_++];
    if (c == ',') {
      if (pos_ >= size) {  // "a,b," at the very end: the last field is empty
        if (record.fields.size() >= kMaxCsvColumns) return stop(too_many_columns(record.line));
        record.fields.emplace_back();
        return record;
      }
      continue;
    }
    if (c == '\r' && pos_ < size && text_[pos_] == '\n') ++pos_;
    ++line_;
    return record;
  }
}

Result<std::vector<CsvRecord>> parse_csv(std::string_view text) {
  CsvReader reader(text);
  std::vector<CsvRecord> records;
  while (true) {
    auto record = reader.next();
    if (!record) return std::unexpected(record.error());
    if (!*record) return records;
    records.push_back(std::move(**record));
  }
}

}  // namespace pokeca
