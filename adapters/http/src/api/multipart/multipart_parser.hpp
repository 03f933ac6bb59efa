#pragma once
// An incremental multipart/form-data parser (RFC 7578 over RFC 2046), std only.
// Fed the body in chunks of any size (one byte at a time works), it keeps at most one
// part's header block and a boundary's length of lookahead in memory: small text fields
// are accumulated, file bodies go straight to a FileSink. Every limit is explicit and a
// breach is a DomainError: kPayloadTooLarge with a Japanese message naming the limit,
// kBadRequest for malformed input.
//
//   auto parser = MultipartParser::create(content_type_header, schema, sink);
//   for (chunk : body) if (auto fed = parser->feed(chunk); !fed) return fed.error();
//   Result<Form> form = parser->finish();
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "pokeca/shared/errors.hpp"

namespace pokeca::http::multipart {

inline constexpr std::uint64_t kMebibyte = 1024 * 1024;

struct Limits {
  // Defaults sized for the store submission form (SPEC.md §7): 5 text fields + 3 images.
  static constexpr std::size_t kDefaultMaxParts = 16;
  static constexpr std::size_t kDefaultMaxFiles = 3;
  static constexpr std::uint64_t kDefaultMaxFileBytes = 10 * kMebibyte;
  static constexpr std::uint64_t kDefaultMaxBodyBytes = 32 * kMebibyte;
  static constexpr std::size_t kDefaultMaxHeaderBytes = 2048;
  static constexpr std::size_t kDefaultMaxHeaderLines = 8;
  static constexpr std::size_t kDefaultMaxTextFieldBytes = 1024;

  std::size_t max_parts = kDefaultMaxParts;             // every part, ignored ones included
  std::size_t max_files = kDefaultMaxFiles;             // file parts with a non-empty filename
  std::uint64_t max_file_bytes = kDefaultMaxFileBytes;  // per file
  std::uint64_t max_body_bytes = kDefaultMaxBodyBytes;  // the whole body, preamble and epilogue too
  // Per part: the header lines with their CRLFs, not the blank line that ends them.
  std::size_t max_header_bytes = kDefaultMaxHeaderBytes;
  std::size_t max_header_lines = kDefaultMaxHeaderLines;
  // For a text field whose rule gives no max_bytes.
  std::size_t max_text_field_bytes = kDefaultMaxTextFieldBytes;
};

// White space allowed between a boundary and its CRLF (RFC 2046 transport-padding).
inline constexpr std::size_t kMaxTransportPadding = 32;

struct TextFieldRule {
  std::string name;                      // e.g. "store_submission[comment]"
  std::optional<std::size_t> max_bytes;  // nullopt = Limits::max_text_field_bytes
  // Shown when the value is too long (e.g. "コメントは2000文字以内で入力してください。");
  // empty = msg::kMultipartFieldTooLong naming the field and its byte limit.
  std::string too_long_message;
};

enum class UnknownFields {
  kIgnore,  // parsed, counted against max_parts and max_body_bytes, then dropped
  kReject,  // kBadRequest
};

// What the route accepts: its text fields, its file fields and its limits.
struct FormSchema {
  std::vector<TextFieldRule> text_fields;
  std::vector<std::string> file_fields;  // e.g. "store_submission[images][]"; may repeat
  UnknownFields unknown_fields = UnknownFields::kIgnore;
  Limits limits;
};

struct FilePart {
  std::string field_name;    // as in the schema
  std::string filename;      // the last path component, UTF-8, never empty
  std::string content_type;  // as sent (lower-cased); "application/octet-stream" if none
  std::uint64_t size = 0;    // set when the part is complete
};

// Receives file bodies as they stream by. Any error it returns stops the parse and is
// returned from feed() as is (e.g. kInternal when a temporary file cannot be written).
class FileSink {
 public:
  FileSink() = default;
  FileSink(const FileSink&) = delete;
  FileSink& operator=(const FileSink&) = delete;
  virtual ~FileSink() = default;

  virtual Result<void> open(const FilePart& part) = 0;  // size is 0 here
  virtual Result<void> write(std::string_view bytes) = 0;
  virtual Result<void> close(const FilePart& part) = 0;  // size is final here
  // The parse failed while a file was open: drop what was written. Must not throw.
  virtual void abort() noexcept {}
};

struct TextField {
  std::string name;
  std::string value;  // valid UTF-8
};

struct Form {
  std::vector<TextField> fields;  // in the order received; names are unique
  std::vector<FilePart> files;    // in the order received

  [[nodiscard]] const std::string* find(std::string_view name) const;
};

class MultipartParser {
 public:
  // The boundary from the Content-Type header (see boundary_from_content_type).
  [[nodiscard]] static Result<MultipartParser> create(std::string_view content_type, FormSchema schema, FileSink& sink);
  // `boundary` must already be valid (as boundary_from_content_type returns it).
  MultipartParser(std::string_view boundary, FormSchema schema, FileSink& sink);

  // The next bytes of the body. After an error every later call returns the same error.
  [[nodiscard]] Result<void> feed(std::string_view chunk);
  // The body has ended: the form, or kBadRequest if the final boundary was not seen.
  [[nodiscard]] Result<Form> finish();

  // The final boundary has been read (the rest is epilogue).
  [[nodiscard]] bool complete() const { return state_ == State::kEpilogue; }

 private:
  enum class State { kPreamble, kAfterBoundary, kHeaders, kBody, kEpilogue, kFailed };
  enum class PartKind { kText, kFile, kEmptyFile, kIgnored };

  Result<void> run();
  Result<void> step(bool& progressed);
  Result<void> scan_for_delimiter(bool& progressed);
  Result<void> after_boundary(bool& progressed);
  Result<void> header_lines(bool& progressed);
  Result<void> header_line(std::string_view line);
  Result<void> begin_part();
  Result<void> part_data(std::string_view bytes);
  Result<void> end_part();
  Result<void> failed(DomainError error);

  std::string delimiter_;  // CRLF "--" boundary
  FormSchema schema_;
  FileSink* sink_;

  State state_ = State::kPreamble;
  std::optional<DomainError> error_;
  std::string buffer_;   // unconsumed input
  std::size_t pos_ = 0;  // first unconsumed byte of buffer_
  std::uint64_t body_bytes_ = 0;

  // The part being read.
  std::size_t header_bytes_ = 0;
  std::size_t header_count_ = 0;
  std::optional<std::string> disposition_;
  std::optional<std::string> content_type_;
  PartKind kind_ = PartKind::kIgnored;
  const TextFieldRule* text_rule_ = nullptr;
  std::size_t text_limit_ = 0;
  std::string text_value_;
  FilePart file_;
  bool file_open_ = false;

  std::size_t parts_ = 0;
  Form form_;
};

}  // namespace pokeca::http::multipart
