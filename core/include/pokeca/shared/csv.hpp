#pragma once
// An RFC 4180 CSV reader for store imports: comma-separated fields, fields in double
// quotes may hold commas, line breaks and doubled quotes (""), records end with CRLF
// or LF, a UTF-8 byte order mark at the start is skipped.
//
// Where RFC 4180 is silent or strict, the reader chooses:
// - a quote inside an unquoted field is kept as a character (`12" 液晶` stays as is);
// - text after a closing quote (`"abc"x`) is an error, as is a quote never closed;
// - a line with nothing on it is no record at all (blank lines are skipped), and a
//   final line break does not start an empty record;
// - a lone CR (old Mac files) ends a record like LF.
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/shared/errors.hpp"

namespace pokeca {

// A field longer than this is refused (no store name or address comes near it).
inline constexpr std::size_t kMaxCsvFieldBytes = 64 * 1024;
// A record with more fields than this is refused.
inline constexpr std::size_t kMaxCsvColumns = 512;

struct CsvRecord {
  std::size_t line = 0;  // the line the record starts on, from 1
  std::vector<std::string> fields;
};

// Reads records one at a time from text that outlives the reader.
class CsvReader {
 public:
  explicit CsvReader(std::string_view text);

  // The next record; nullopt at the end; an error (with its line) for malformed text,
  // after which the reader stays at the end.
  [[nodiscard]] Result<std::optional<CsvRecord>> next();

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_ = 1;
};

// Every record of the text (the first is the header when the file has one).
[[nodiscard]] Result<std::vector<CsvRecord>> parse_csv(std::string_view text);

}  // namespace pokeca
