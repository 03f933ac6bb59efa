#include "api/multipart/multipart_parser.hpp"

#include <algorithm>
#include <initializer_list>
#include <string>
#include <utility>

#include <boost/beast/core/string.hpp>
#include "api/multipart/form_headers.hpp"
#include "common/http_messages.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca::http::multipart {
namespace {

constexpr std::string_view kCrlf = "\r\n";
constexpr std::string_view kDefaultFileType = "application/octet-stream";

using boost::beast::iequals;

// 10485760 → "10", 1572864 → "1.5" (rounded down to a tenth).
std::string mebibytes(std::uint64_t bytes) {
  std::string out = std::to_string(bytes / kMebibyte);
  if (const auto rest = bytes % kMebibyte; rest != 0) out += "." + std::to_string(rest * 10 / kMebibyte);
  return out;
}

DomainError too_large(std::string message) { return DomainError{ErrorCode::kPayloadTooLarge, std::move(message)}; }

DomainError bad_request(std::string_view message) { return DomainError{ErrorCode::kBadRequest, std::string(message)}; }

bool is_token_char(char c) {
  if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) return true;
  return std::string_view("!#$%&'*+-.^_`|~").find(c) != std::string_view::npos;
}

}  // namespace

const std::string* Form::find(std::string_view name) const {
  const auto it = std::ranges::find(fields, name, &TextField::name);
  return it == fields.end() ? nullptr : &it->value;
}

Result<MultipartParser> MultipartParser::create(std::string_view content_type, FormSchema schema, FileSink& sink) {
  auto boundary = boundary_from_content_type(content_type);
  if (!boundary) return std::unexpected(std::move(boundary.error()));
  return MultipartParser(*boundary, std::move(schema), sink);
}

MultipartParser::MultipartParser(std::string_view boundary, FormSchema schema, FileSink& sink)
    : delimiter_(std::string(kCrlf) + "--" + std::string(boundary)),
      schema_(std::move(schema)),
      sink_(&sink),
      // The first boundary may open the body without a CRLF before it: pretend there was one.
      buffer_(kCrlf) {}

Result<void> MultipartParser::failed(DomainError error) {
  state_ = State::kFailed;
  if (file_open_) {
    file_open_ = false;
    sink_->abort();
  }
  buffer_.clear();
  buffer_.shrink_to_fit();
  pos_ = 0;
  error_ = error;
  return std::unexpected(std::move(error));
}

Result<void> MultipartParser::feed(std::string_view chunk) {
  if (state_ == State::kFailed) return std::unexpected(*error_);
  body_bytes_ += chunk.size();
  if (body_bytes_ > schema_.limits.max_body_bytes)
    return failed(too_large(
        fill_placeholders(msg::kMultipartBodyTooLarge, {{"{max_mb}", mebibytes(schema_.limits.max_body_bytes)}})));
  if (state_ == State::kEpilogue) return {};  // ignored (RFC 2046)
  buffer_.append(chunk);
  if (auto ran = run(); !ran) return failed(std::move(ran.error()));
  buffer_.erase(0, pos_);
  pos_ = 0;
  return {};
}

Result<Form> MultipartParser::finish() {
  if (state_ == State::kFailed) return std::unexpected(*error_);
  if (state_ != State::kEpilogue) {
    auto error = failed(bad_request(msg::kMultipartTruncated));
    return std::unexpected(std::move(error.error()));
  }
  return std::move(form_);
}

Result<void> MultipartParser::run() {
  for (bool progressed = true; progressed;) {
    progressed = false;
    if (auto stepped = step(progressed); !stepped) return stepped;
  }
  return {};
}

Result<void> MultipartParser::step(bool& progressed) {
  switch (state_) {
    case State::kPreamble:
    case State::kBody: return scan_for_delimiter(progressed);
    case State::kAfterBoundary: return after_boundary(progressed);
    case State::kHeaders: return header_lines(progressed);
    case State::kEpilogue: pos_ = buffer_.size(); return {};
    case State::kFailed: break;
  }
  return {};
}

Result<void> MultipartParser::scan_for_delimiter(bool& progressed) {
  const std::string_view view = std::string_view(buffer_).substr(pos_);
  if (const auto found = view.find(delimiter_); found != std::string_view::npos) {
    if (state_ == State::kBody) {
      if (auto data = part_data(view.substr(0, found)); !data) return data;
      if (auto ended = end_part(); !ended) return ended;
    }
    pos_ += found + delimiter_.size();
    state_ = State::kAfterBoundary;
    progressed = true;
    return {};
  }
  // Everything but a delimiter's length minus one can be let go: it cannot start one.
  if (view.size() >= delimiter_.size()) {
    const std::size_t safe = view.size() - (delimiter_.size() - 1);
    if (state_ == State::kBody) {
      if (auto data = part_data(view.substr(0, safe)); !data) return data;
    }
    pos_ += safe;
  }
  return {};
}

Result<void> MultipartParser::after_boundary(bool& progressed) {
  const std::string_view view = std::string_view(buffer_).substr(pos_);
  if (view.starts_with("--")) {  // the close delimiter
    pos_ += 2;
    state_ = State::kEpilogue;
    progressed = true;
    return {};
  }
  if (view == "-") return {};
  std::size_t padding = 0;
  while (padding < view.size() && (view[padding] == ' ' || view[padding] == '\t')) ++padding;
  if (padding > kMaxTransportPadding) return std::unexpected(bad_request(msg::kMultipartMalformed));
  const std::string_view rest = view.substr(padding);
  if (rest.empty() || rest == "\r") return {};
  if (!rest.starts_with(kCrlf)) return std::unexpected(bad_request(msg::kMultipartMalformed));
  pos_ += padding + kCrlf.size();
  state_ = State::kHeaders;
  header_bytes_ = 0;
  header_count_ = 0;
  disposition_.reset();
  content_type_.reset();
  progressed = true;
  return {};
}

Result<void> MultipartParser::header_lines(bool& progressed) {
  const auto& limits = schema_.limits;
  const auto header_too_large = [&] {
    return std::unexpected(too_large(fill_placeholders(
        msg::kMultipartHeaderTooLarge,
        {{"{max}", std::to_string(limits.max_header_bytes)}, {"{lines}", std::to_string(limits.max_header_lines)}})));
  };
  const std::string_view view = std::string_view(buffer_).substr(pos_);
  const auto end = view.find(kCrlf);
  if (end == std::string_view::npos) {
    // An unfinished line that will count at least its bytes so far and an LF.
    if (view.size() >= 2 && header_bytes_ + view.size() + 1 > limits.max_header_bytes) return header_too_large();
    return {};
  }
  pos_ += end + kCrlf.size();
  progressed = true;
  if (end == 0) return begin_part();  // the blank line
  header_bytes_ += end + kCrlf.size();
  if (header_bytes_ > limits.max_header_bytes || ++header_count_ > limits.max_header_lines) return header_too_large();
  return header_line(view.substr(0, end));
}

Result<void> MultipartParser::header_line(std::string_view line) {
  // No folded lines (obsolete), no bare CR or LF, no control characters but HT.
  if (line.front() == ' ' || line.front() == '\t') return std::unexpected(bad_request(msg::kMultipartMalformed));
  if (std::ranges::any_of(line, [](char c) {
        const auto byte = static_cast<unsigned char>(c);
        return (byte < 0x20 && c != '\t') || byte == 0x7f;
      }))
    return std::unexpected(bad_request(msg::kMultipartMalformed));
  const auto colon = line.find(':');
  if (colon == std::string_view::npos || colon == 0 || !std::ranges::all_of(line.substr(0, colon), is_token_char))
    return std::unexpected(bad_request(msg::kMultipartMalformed));
  const std::string_view name = line.substr(0, colon);
  const std::string_view value = trim_blanks(line.substr(colon + 1));
  std::optional<std::string>* slot = nullptr;
  if (iequals(name, "content-disposition")) {
    slot = &disposition_;
  } else if (iequals(name, "content-type")) {
    slot = &content_type_;
  } else if (iequals(name, "content-transfer-encoding")) {
    // Deprecated by RFC 7578 §4.7; only the identity encodings are accepted.
    if (!iequals(value, "binary") && !iequals(value, "8bit") && !iequals(value, "7bit"))
      return std::unexpected(bad_request(msg::kMultipartMalformed));
    return {};
  } else {
    return {};  // other headers are ignored
  }
  if (*slot) return std::unexpected(bad_request(msg::kMultipartMalformed));  // repeated
  *slot = std::string(value);
  return {};
}

Result<void> MultipartParser::begin_part() {
  const auto& limits = schema_.limits;
  state_ = State::kBody;
  if (++parts_ > limits.max_parts)
    return std::unexpected(
        too_large(fill_placeholders(msg::kMultipartTooManyParts, {{"{max}", std::to_string(limits.max_parts)}})));
  if (!disposition_) return std::unexpected(bad_request(msg::kMultipartMalformed));
  auto disposition = parse_content_disposition(*disposition_);
  if (!disposition) return std::unexpected(std::move(disposition.error()));

  const auto rule = std::ranges::find(schema_.text_fields, disposition->name, &TextFieldRule::name);
  if (rule != schema_.text_fields.end()) {
    if (disposition->filename) return std::unexpected(bad_request(msg::kMultipartMalformed));  // a file for text
    if (form_.find(rule->name) != nullptr) return std::unexpected(bad_request(msg::kMultipartDuplicateField));
    kind_ = PartKind::kText;
    text_rule_ = &*rule;
    text_limit_ = rule->max_bytes.value_or(limits.max_text_field_bytes);
    text_value_.clear();
    return {};
  }
  if (std::ranges::find(schema_.file_fields, disposition->name) != schema_.file_fields.end()) {
    if (!disposition->filename) return std::unexpected(bad_request(msg::kMultipartMalformed));  // text for a file
    if (disposition->filename->empty()) {                                                       // an empty file input
      kind_ = PartKind::kEmptyFile;
      return {};
    }
    if (form_.files.size() + 1 > limits.max_files)
      return std::unexpected(
          too_large(fill_placeholders(msg::kTooManyImages, {{"{max}", std::to_string(limits.max_files)}})));
    std::string type = ascii_lower(content_type_ ? std::string_view(*content_type_) : kDefaultFileType);
    file_ = FilePart{.field_name = std::move(disposition->name),
                     .filename = std::move(*disposition->filename),
                     .content_type = std::move(type),
                     .size = 0};
    kind_ = PartKind::kFile;
    if (auto opened = sink_->open(file_); !opened) return opened;
    file_open_ = true;
    return {};
  }
  if (schema_.unknown_fields == UnknownFields::kReject)
    return std::unexpected(bad_request(msg::kMultipartUnknownField));
  kind_ = PartKind::kIgnored;
  return {};
}

Result<void> MultipartParser::part_data(std::string_view bytes) {
  if (bytes.empty()) return {};
  switch (kind_) {
    case PartKind::kText:
      if (text_value_.size() + bytes.size() > text_limit_) {
        if (!text_rule_->too_long_message.empty()) return std::unexpected(too_large(text_rule_->too_long_message));
        return std::unexpected(too_large(fill_placeholders(
            msg::kMultipartFieldTooLong, {{"{name}", text_rule_->name}, {"{max}", std::to_string(text_limit_)}})));
      }
      text_value_.append(bytes);
      return {};
    case PartKind::kFile:
      if (file_.size + bytes.size() > schema_.limits.max_file_bytes)
        return std::unexpected(too_large(
            fill_placeholders(msg::kImageTooLarge, {{"{max_mb}", mebibytes(schema_.limits.max_file_bytes)}})));
      file_.size += bytes.size();
      return sink_->write(bytes);
    case PartKind::kEmptyFile: return std::unexpected(bad_request(msg::kMultipartBadFilename));  // bytes, no name
    case PartKind::kIgnored: return {};
  }
  return {};
}

Result<void> MultipartParser::end_part() {
  switch (kind_) {
    case PartKind::kText:
      if (!is_valid_utf8(text_value_)) return std::unexpected(bad_request(msg::kMultipartNotUtf8));
      form_.fields.push_back(TextField{.name = text_rule_->name, .value = std::move(text_value_)});
      text_value_.clear();
      break;
    case PartKind::kFile:
      file_open_ = false;
      if (auto closed = sink_->close(file_); !closed) return closed;
      form_.files.push_back(std::move(file_));
      break;
    case PartKind::kEmptyFile:
    case PartKind::kIgnored: break;
  }
  kind_ = PartKind::kIgnored;
  text_rule_ = nullptr;
  return {};
}

}  // namespace pokeca::http::multipart
