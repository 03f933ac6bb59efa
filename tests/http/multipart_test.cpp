// The streaming multipart/form-data parser (adapters/http/src/multipart/): SPEC.md §7's
// store submission form, chunking invariance, every limit at and one over, malformed
// bodies, and random input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "api/multipart/form_headers.hpp"
#include "api/multipart/memory_file_sink.hpp"
#include "api/multipart/multipart_parser.hpp"

namespace pokeca::http::multipart {
namespace {

constexpr std::string_view kBoundary = "----WebKitFormBoundaryA1b2C3d4E5f6G7h8";
constexpr std::string_view kImages = "store_submission[images][]";

std::string content_type() { return "multipart/form-data; boundary=" + std::string(kBoundary); }

struct Part {
  std::string headers;  // header lines, each ending in CRLF
  std::string body;
};

Part text(std::string_view name, std::string_view value) {
  return {"Content-Disposition: form-data; name=\"" + std::string(name) + "\"\r\n", std::string(value)};
}

Part file(std::string_view filename, std::string_view type, std::string_view bytes, std::string_view name = kImages) {
  return {"Content-Disposition: form-data; name=\"" + std::string(name) + "\"; filename=\"" + std::string(filename) +
              "\"\r\nContent-Type: " + std::string(type) + "\r\n",
          std::string(bytes)};
}

std::string body_of(const std::vector<Part>& parts, std::string_view preamble = "",
                    std::string_view epilogue = "\r\n") {
  std::string out(preamble);
  for (const auto& part : parts) {
    out += "--" + std::string(kBoundary) + "\r\n" + part.headers + "\r\n" + part.body + "\r\n";
  }
  out += "--" + std::string(kBoundary) + "--" + std::string(epilogue);
  return out;
}

FormSchema submission_schema() {
  FormSchema schema;
  schema.text_fields = {
      {.name = "store_submission[store_name]", .max_bytes = 1024, .too_long_message = {}},
      {.name = "store_submission[latitude]", .max_bytes = 32, .too_long_message = {}},
      {.name = "store_submission[longitude]", .max_bytes = 32, .too_long_message = {}},
      {.name = "store_submission[address]", .max_bytes = 1024, .too_long_message = {}},
      {.name = "store_submission[comment]",
       .max_bytes = 2000,
       .too_long_message = "コメントは2000バイト以内で入力してください。"},
  };
  schema.file_fields = {std::string(kImages)};
  return schema;
}

// Deterministic bytes that look like an image and contain CR, LF and '-' often.
std::string image_bytes(std::size_t size, unsigned seed) {
  std::mt19937 random(seed);
  std::string out(size, '\0');
  constexpr std::string_view kTricky = "\r\n-";
  for (auto& c : out) {
    const auto r = random();
    c = (r % 7 == 0) ? kTricky[r % 3] : static_cast<char>(r >> 8);
  }
  return out;
}

struct Outcome {
  Result<Form> form;
  std::vector<MemoryFileSink::File> files;
  int aborted = 0;

  // Everything observable, flattened for comparisons between runs.
  [[nodiscard]] std::string summary() const {
    if (!form) return "error " + std::to_string(static_cast<int>(form.error().code)) + " " + form.error().message;
    std::string out;
    for (const auto& field : form->fields) out += "F[" + field.name + "]=" + field.value + "\n";
    for (const auto& part : form->files)
      out += "P[" + part.field_name + "]" + part.filename + "|" + part.content_type + "|" + std::to_string(part.size) +
             "\n";
    for (const auto& f : files) out += "S[" + f.part.filename + "]" + f.bytes + "\n";
    return out;
  }
};

// Feeds `body` cut at `cuts` (ascending offsets); stops at the first error like a server.
Outcome parse_cut(std::string_view body, const std::vector<std::size_t>& cuts, FormSchema schema,
                  std::string_view type) {
  MemoryFileSink sink;
  auto parser = MultipartParser::create(type, std::move(schema), sink);
  if (!parser) return {std::unexpected(parser.error()), {}, 0};
  std::size_t from = 0;
  auto cut_points = cuts;
  cut_points.push_back(body.size());
  for (const auto to : cut_points) {
    if (auto fed = parser->feed(body.substr(from, to - from)); !fed)
      return {std::unexpected(fed.error()), sink.files(), sink.aborted()};
    from = to;
  }
  auto form = parser->finish();
  return {std::move(form), sink.files(), sink.aborted()};
}

Outcome parse(std::string_view body, FormSchema schema = submission_schema(), std::string_view type = content_type()) {
  return parse_cut(body, {}, std::move(schema), type);
}

Outcome parse_in_chunks(std::string_view body, std::size_t chunk, FormSchema schema = submission_schema()) {
  std::vector<std::size_t> cuts;
  for (std::size_t at = chunk; at < body.size(); at += chunk) cuts.push_back(at);
  return parse_cut(body, cuts, std::move(schema), content_type());
}

void expect_error(const Outcome& outcome, ErrorCode code, std::string_view message = {}) {
  ASSERT_FALSE(outcome.form.has_value()) << outcome.summary();
  EXPECT_EQ(outcome.form.error().code, code) << outcome.form.error().message;
  if (!message.empty()) {
    EXPECT_EQ(outcome.form.error().message, message);
  }
}

std::vector<Part> submission_parts() {
  return {
      text("store_submission[store_name]", "ポケモンセンタートウキョーDX"),
      text("store_submission[latitude]", "35.681236"),
      text("store_submission[longitude]", "139.767125"),
      text("store_submission[address]", "東京都中央区日本橋2-11-2 日本橋髙島屋S.C. 東館5階"),
      text("store_submission[comment]", "平日の夕方に入荷することが多いです。\r\n--で始まる行もOK"),
      file("shelf.jpg", "image/jpeg", image_bytes(5000, 1)),
      file("IMG_0001.HEIC", "image/heic", image_bytes(3000, 2)),
      file("レシート.png", "image/png", image_bytes(1, 3)),
  };
}

// --- happy path ---

TEST(MultipartParser, StoreSubmissionWithThreeImages) {
  const auto outcome = parse(body_of(submission_parts()));
  ASSERT_TRUE(outcome.form.has_value()) << outcome.summary();
  const Form& form = *outcome.form;
  ASSERT_EQ(form.fields.size(), 5U);
  EXPECT_EQ(*form.find("store_submission[store_name]"), "ポケモンセンタートウキョーDX");
  EXPECT_EQ(*form.find("store_submission[latitude]"), "35.681236");
  EXPECT_EQ(*form.find("store_submission[longitude]"), "139.767125");
  EXPECT_EQ(*form.find("store_submission[address]"), "東京都中央区日本橋2-11-2 日本橋髙島屋S.C. 東館5階");
  EXPECT_EQ(*form.find("store_submission[comment]"), "平日の夕方に入荷することが多いです。\r\n--で始まる行もOK");
  EXPECT_EQ(form.find("store_submission[unknown]"), nullptr);
  ASSERT_EQ(form.files.size(), 3U);
  EXPECT_EQ(form.files[0].field_name, kImages);
  EXPECT_EQ(form.files[0].filename, "shelf.jpg");
  EXPECT_EQ(form.files[0].content_type, "image/jpeg");
  EXPECT_EQ(form.files[0].size, 5000U);
  EXPECT_EQ(form.files[1].filename, "IMG_0001.HEIC");
  EXPECT_EQ(form.files[1].content_type, "image/heic");
  EXPECT_EQ(form.files[2].filename, "レシート.png");
  EXPECT_EQ(form.files[2].size, 1U);
  ASSERT_EQ(outcome.files.size(), 3U);
  EXPECT_EQ(outcome.files[0].bytes, image_bytes(5000, 1));
  EXPECT_EQ(outcome.files[1].bytes, image_bytes(3000, 2));
  EXPECT_EQ(outcome.files[2].bytes, image_bytes(1, 3));
  EXPECT_EQ(outcome.files[0].part.size, 5000U);  // close() saw the final size
}

TEST(MultipartParser, EmptyValuesAndEmptyFileInputAreFine) {
  // A browser sends filename="" and no bytes for a file input left empty.
  const auto outcome =
      parse(body_of({text("store_submission[comment]", ""), file("", "application/octet-stream", "")}));
  ASSERT_TRUE(outcome.form.has_value()) << outcome.summary();
  EXPECT_EQ(*outcome.form->find("store_submission[comment]"), "");
  EXPECT_TRUE(outcome.form->files.empty());
  EXPECT_TRUE(outcome.files.empty());
}

TEST(MultipartParser, NoPartsAtAll) {
  const auto outcome = parse("--" + std::string(kBoundary) + "--");
  ASSERT_TRUE(outcome.form.has_value()) << outcome.summary();
  EXPECT_TRUE(outcome.form->fields.empty());
}

TEST(MultipartParser, PreambleEpilogueAndTransportPadding) {
  std::string body = body_of({text("store_submission[store_name]", "A")}, "preamble text\r\n--not-it\r\n",
                             "\r\nepilogue --" + std::string(kBoundary) + "\r\n garbage");
  // Padding after a boundary (RFC 2046 transport-padding).
  const std::string opener = "--" + std::string(kBoundary) + "\r\n";
  body.replace(body.find(opener), opener.size(), "--" + std::string(kBoundary) + " \t \r\n");
  const auto outcome = parse(body);
  ASSERT_TRUE(outcome.form.has_value()) << outcome.summary();
  EXPECT_EQ(*outcome.form->find("store_submission[store_name]"), "A");
}

TEST(MultipartParser, BoundaryLikeStringsInsideContentAreContent) {
  const std::string b(kBoundary);
  const std::string tricky = "--" + b + " at line start? no: no CRLF before\r\n-" + b + "\r\n--" +
                             b.substr(0, b.size() - 1) + "\r\n\r\n--\r\n" + "x--" + b + "--";
  const auto outcome =
      parse(body_of({text("store_submission[comment]", tricky), file("--" + b + ".jpg", "image/jpeg", tricky)}));
  ASSERT_TRUE(outcome.form.has_value()) << outcome.summary();
  EXPECT_EQ(*outcome.form->find("store_submission[comment]"), tricky);
  ASSERT_EQ(outcome.files.size(), 1U);
  EXPECT_EQ(outcome.files[0].bytes, tricky);
  EXPECT_EQ(outcome.files[0].part.filename, "--" + b + ".jpg");
}

TEST(MultipartParser, HeaderNamesAndParametersAreFlexible) {
  const std::vector<Part> parts = {
      {"content-disposition: FORM-DATA;name=\"store_submission[latitude]\"\r\n", "1"},  // no space
      {"X-Extra: ignored\r\nCONTENT-DISPOSITION:form-data ; name = \"store_submission[longitude]\" ; \r\n", "2"},
      {"Content-Disposition: form-data; name=\"store_submission[images][]\"; filename=a.JPG\r\n"
       "Content-Type: IMAGE/JPEG\r\nContent-Transfer-Encoding: binary\r\n",
       "x"},
  };
  const auto outcome = parse(body_of(parts));
  ASSERT_TRUE(outcome.form.has_value()) << outcome.summary();
  EXPECT_EQ(*outcome.form->find("store_submission[latitude]"), "1");
  EXPECT_EQ(*outcome.form->find("store_submission[longitude]"), "2");
  ASSERT_EQ(outcome.form->files.size(), 1U);
  EXPECT_EQ(outcome.form->files[0].filename, "a.JPG");
  EXPECT_EQ(outcome.form->files[0].content_type, "image/jpeg");
}

TEST(MultipartParser, FileWithoutContentTypeIsOctetStream) {
  const auto outcome = parse(
      body_of({{"Content-Disposition: form-data; name=\"store_submission[images][]\"; filename=\"a\"\r\n", "z"}}));
  ASSERT_TRUE(outcome.form.has_value()) << outcome.summary();
  EXPECT_EQ(outcome.form->files.at(0).content_type, "application/octet-stream");
}

// --- file names ---

TEST(MultipartFilename, PathComponentsAreStripped) {
  EXPECT_EQ(sanitize_filename("C:\\Users\\me\\Pictures\\a.jpg"), "a.jpg");
  EXPECT_EQ(sanitize_filename("../../etc/passwd"), "passwd");
  EXPECT_EQ(sanitize_filename("/abs/写真.jpg"), "写真.jpg");
  EXPECT_EQ(sanitize_filename("plain.png"), "plain.png");
  EXPECT_EQ(sanitize_filename(".."), std::nullopt);
  EXPECT_EQ(sanitize_filename("dir/"), std::nullopt);
  EXPECT_EQ(sanitize_filename("a/."), std::nullopt);
  EXPECT_EQ(sanitize_filename("bad\xff.jpg"), std::nullopt);
  EXPECT_EQ(sanitize_filename("nul\x01.jpg"), std::nullopt);

  const auto outcome = parse(body_of({file("C:\\fakepath\\..\\shop.jpg", "image/jpeg", "x")}));
  ASSERT_TRUE(outcome.form.has_value()) << outcome.summary();
  EXPECT_EQ(outcome.form->files.at(0).filename, "shop.jpg");
}

TEST(MultipartFilename, Rfc5987FilenameStarWins) {
  const auto disposition = parse_content_disposition(
      "form-data; name=\"f\"; filename=\"fallback.jpg\"; filename*=UTF-8''%E5%86%99%E7%9C%9F.jpg");
  ASSERT_TRUE(disposition.has_value());
  EXPECT_EQ(disposition->filename, "写真.jpg");
  const auto lower = parse_content_disposition("form-data; name=f; filename*=utf-8'ja'..%2F..%2Fx.png");
  ASSERT_TRUE(lower.has_value());
  EXPECT_EQ(lower->filename, "x.png");  // decoded, then stripped
  EXPECT_FALSE(parse_content_disposition("form-data; name=f; filename*=ISO-8859-1''%E9.jpg").has_value());
  EXPECT_FALSE(parse_content_disposition("form-data; name=f; filename*=UTF-8''%FF.jpg").has_value());
  EXPECT_FALSE(parse_content_disposition("form-data; name=f; filename*=UTF-8''%E5%8.jpg").has_value());
  EXPECT_FALSE(parse_content_disposition("form-data; name=f; filename*=UTF-8''%E5").has_value());
  EXPECT_FALSE(parse_content_disposition("form-data; name=f; filename*=nothing").has_value());
}

TEST(MultipartFilename, NonUtf8FilenameIsRefused) {
  const auto outcome = parse(body_of({file("\xe5\x86.jpg", "image/jpeg", "x")}));
  expect_error(outcome, ErrorCode::kBadRequest, "ファイル名が正しくありません。");
}

TEST(MultipartFilename, BoundaryInFilenameIsJustAName) {
  const auto outcome = parse(body_of({file("--" + std::string(kBoundary) + "--", "image/png", "x")}));
  ASSERT_TRUE(outcome.form.has_value()) << outcome.summary();
  EXPECT_EQ(outcome.form->files.at(0).filename, "--" + std::string(kBoundary) + "--");
}

TEST(MultipartUtf8, Validator) {
  EXPECT_TRUE(is_valid_utf8("ascii ポケカ 🃏"));
  EXPECT_FALSE(is_valid_utf8("\xc0\xaf"));          // overlong '/'
  EXPECT_FALSE(is_valid_utf8("\xed\xa0\x80"));      // surrogate
  EXPECT_FALSE(is_valid_utf8("\xf4\x90\x80\x80"));  // above U+10FFFF
  EXPECT_FALSE(is_valid_utf8("\xe3\x81"));          // truncated
  EXPECT_FALSE(is_valid_utf8("\x80"));
}

// --- the boundary ---

TEST(MultipartBoundary, FromContentType) {
  EXPECT_EQ(boundary_from_content_type("multipart/form-data; boundary=abc"), "abc");
  EXPECT_EQ(boundary_from_content_type("Multipart/Form-Data;boundary=\"a b:c?\""), "a b:c?");
  EXPECT_EQ(boundary_from_content_type("multipart/form-data; charset=utf-8; BOUNDARY=x-1"), "x-1");
  EXPECT_EQ(boundary_from_content_type("multipart/form-data; boundary=\"a\\b\""), "ab");  // quoted-pair
  const std::string seventy(70, 'b');
  EXPECT_EQ(boundary_from_content_type("multipart/form-data; boundary=" + seventy), seventy);
}

TEST(MultipartBoundary, RefusedBoundaries) {
  const auto code = [](std::string_view type) {
    const auto result = boundary_from_content_type(type);
    return result ? std::string("ok") : std::to_string(static_cast<int>(result.error().code));
  };
  const std::string bad = std::to_string(static_cast<int>(ErrorCode::kBadRequest));
  EXPECT_EQ(code("multipart/form-data; boundary=" + std::string(71, 'b')), bad);
  EXPECT_EQ(code("multipart/form-data"), bad);
  EXPECT_EQ(code("multipart/form-data;"), bad);
  EXPECT_EQ(code("multipart/form-data; charset=utf-8"), bad);
  EXPECT_EQ(code("multipart/form-data; boundary="), bad);
  EXPECT_EQ(code("multipart/form-data; boundary=\"\""), bad);
  EXPECT_EQ(code("multipart/form-data; boundary=\"ends with space \""), bad);
  EXPECT_EQ(code("multipart/form-data; boundary=\"semi;colon\""), bad);
  EXPECT_EQ(code("multipart/form-data; boundary=\"unterminated"), bad);
  EXPECT_EQ(code("multipart/form-data; boundary=a; boundary=b"), bad);
  EXPECT_EQ(code("multipart/form-data; boundary=a b"), bad);
  EXPECT_EQ(code("application/json"), std::to_string(static_cast<int>(ErrorCode::kUnsupportedMedia)));
  EXPECT_EQ(code("multipart/mixed; boundary=a"), std::to_string(static_cast<int>(ErrorCode::kUnsupportedMedia)));
  EXPECT_EQ(code(""), std::to_string(static_cast<int>(ErrorCode::kUnsupportedMedia)));

  expect_error(parse(body_of(submission_parts()), submission_schema(), "multipart/form-data"), ErrorCode::kBadRequest);
}

// --- chunking ---

TEST(MultipartChunking, EveryChunkSizeFrom1To64GivesTheSameResult) {
  std::vector<Part> parts = submission_parts();
  parts.insert(parts.begin() + 2, text("ignored[field]", std::string(300, '-')));
  const std::string body = body_of(parts, "pre\r\n", "\r\npost");
  const auto whole = parse(body);
  ASSERT_TRUE(whole.form.has_value()) << whole.summary();
  for (std::size_t chunk = 1; chunk <= 64; ++chunk)
    EXPECT_EQ(parse_in_chunks(body, chunk).summary(), whole.summary()) << "chunk " << chunk;
}

TEST(MultipartChunking, RandomSplitsGiveTheSameResult) {
  const std::string body = body_of(submission_parts());
  const auto whole = parse(body);
  ASSERT_TRUE(whole.form.has_value());
  std::mt19937 random(7);
  for (int round = 0; round < 200; ++round) {
    std::vector<std::size_t> cuts;
    const auto count = random() % 40;
    for (std::uint32_t i = 0; i < count; ++i) cuts.push_back(random() % body.size());
    std::ranges::sort(cuts);
    EXPECT_EQ(parse_cut(body, cuts, submission_schema(), content_type()).summary(), whole.summary())
        << "round " << round;
  }
}

TEST(MultipartChunking, ErrorsAreTheSameWhateverTheChunking) {
  FormSchema schema = submission_schema();
  schema.limits.max_file_bytes = 4000;  // the first image (5000 bytes) is over
  const std::string body = body_of(submission_parts());
  const auto whole = parse(body, schema);
  expect_error(whole, ErrorCode::kPayloadTooLarge);
  for (std::size_t chunk : {1U, 2U, 3U, 7U, 64U, 4096U})
    EXPECT_EQ(parse_in_chunks(body, chunk, schema).summary(), whole.summary());
}

// --- limits: exactly at, and one over ---

TEST(MultipartLimits, MaxFilesIsThree) {
  EXPECT_EQ(Limits{}.max_files, 3U);
  std::vector<Part> parts = submission_parts();  // three images
  ASSERT_TRUE(parse(body_of(parts)).form.has_value());
  parts.push_back(file("four.jpg", "image/jpeg", "4"));
  const auto outcome = parse(body_of(parts));
  expect_error(outcome, ErrorCode::kPayloadTooLarge, "画像は3枚までアップロードできます。");
  EXPECT_EQ(outcome.files.size(), 3U);  // the fourth was never opened
}

TEST(MultipartLimits, MaxFileBytesIsTenMegabytes) {
  EXPECT_EQ(Limits{}.max_file_bytes, 10U * 1024 * 1024);
  const std::string at(10U * 1024 * 1024, '\xff');
  const auto ok = parse(body_of({file("big.jpg", "image/jpeg", at)}));
  ASSERT_TRUE(ok.form.has_value()) << ok.summary();
  EXPECT_EQ(ok.form->files.at(0).size, at.size());
  const auto over = parse(body_of({file("big.jpg", "image/jpeg", at + "x")}));
  expect_error(over, ErrorCode::kPayloadTooLarge, "画像は1枚あたり10MBまでです。");
  EXPECT_EQ(over.aborted, 1);  // the sink was told to drop the partial file
  EXPECT_TRUE(over.files.empty());
}

TEST(MultipartLimits, MaxFileBytesSmallLimitInOneByteChunks) {
  FormSchema schema = submission_schema();
  schema.limits.max_file_bytes = 1536 * 1024;
  const std::string at(1536 * 1024, 'a');
  EXPECT_TRUE(parse_in_chunks(body_of({file("a.jpg", "image/jpeg", at)}), 4093, schema).form.has_value());
  schema.limits.max_file_bytes = 100;
  EXPECT_TRUE(
      parse_in_chunks(body_of({file("a.jpg", "image/jpeg", std::string(100, '-'))}), 1, schema).form.has_value());
  expect_error(parse_in_chunks(body_of({file("a.jpg", "image/jpeg", std::string(101, '-'))}), 1, schema),
               ErrorCode::kPayloadTooLarge);
  schema.limits.max_file_bytes = 1536 * 1024;
  expect_error(parse(body_of({file("a.jpg", "image/jpeg", at + "a")}), schema), ErrorCode::kPayloadTooLarge,
               "画像は1枚あたり1.5MBまでです。");
}

TEST(MultipartLimits, MaxBodyBytes) {
  const std::string body = body_of(submission_parts(), "", "");
  FormSchema schema = submission_schema();
  schema.limits.max_body_bytes = body.size();
  EXPECT_TRUE(parse(body, schema).form.has_value());
  EXPECT_TRUE(parse_in_chunks(body, 1, schema).form.has_value());
  schema.limits.max_body_bytes = body.size() - 1;
  expect_error(parse(body, schema), ErrorCode::kPayloadTooLarge);
  schema.limits.max_body_bytes = 2 * 1024 * 1024;
  expect_error(parse(std::string(2 * 1024 * 1024 + 1, 'p'), schema), ErrorCode::kPayloadTooLarge,
               "送信データは合計2MBまでです。");
  // The epilogue counts too.
  schema.limits.max_body_bytes = body.size();
  expect_error(parse(body + "x", schema), ErrorCode::kPayloadTooLarge);
}

TEST(MultipartLimits, MaxParts) {
  FormSchema schema = submission_schema();
  schema.limits.max_parts = 4;  // ignored parts count too
  std::vector<Part> parts = {text("a", "1"), text("b", "2"), text("store_submission[store_name]", "x"),
                             file("", "application/octet-stream", "")};
  EXPECT_TRUE(parse(body_of(parts), schema).form.has_value());
  parts.push_back(text("c", "3"));
  expect_error(parse(body_of(parts), schema), ErrorCode::kPayloadTooLarge, "送信項目が多すぎます（4項目まで）。");
}

TEST(MultipartLimits, TextFieldBytesPerRule) {
  // store_name: 1024 bytes by the table.
  EXPECT_TRUE(parse(body_of({text("store_submission[store_name]", std::string(1024, 'n'))})).form.has_value());
  expect_error(parse(body_of({text("store_submission[store_name]", std::string(1025, 'n'))})),
               ErrorCode::kPayloadTooLarge, "入力項目「store_submission[store_name]」は1024バイトまでです。");
  // comment: 2000 bytes with the route's own message.
  EXPECT_TRUE(parse(body_of({text("store_submission[comment]", std::string(2000, 'c'))})).form.has_value());
  expect_error(parse_in_chunks(body_of({text("store_submission[comment]", std::string(2001, 'c'))}), 1),
               ErrorCode::kPayloadTooLarge, "コメントは2000バイト以内で入力してください。");
  // A rule without max_bytes takes Limits::max_text_field_bytes.
  FormSchema schema;
  schema.text_fields = {{.name = "n", .max_bytes = std::nullopt, .too_long_message = {}}};
  schema.limits.max_text_field_bytes = 10;
  EXPECT_TRUE(parse(body_of({text("n", "0123456789")}), schema).form.has_value());
  expect_error(parse(body_of({text("n", "0123456789A")}), schema), ErrorCode::kPayloadTooLarge);
}

TEST(MultipartLimits, HeaderBytesPerPart) {
  FormSchema schema = submission_schema();
  const std::string line = "Content-Disposition: form-data; name=\"store_submission[store_name]\"\r\n";
  const std::string pad_prefix = "X-Pad: ";
  // Two lines exactly at the limit (CRLFs counted, the blank line not).
  const std::string pad = pad_prefix + std::string(20, 'p') + "\r\n";
  schema.limits.max_header_bytes = line.size() + pad.size();
  EXPECT_TRUE(parse(body_of({{line + pad, "v"}}), schema).form.has_value());
  EXPECT_TRUE(parse_in_chunks(body_of({{line + pad, "v"}}), 1, schema).form.has_value());
  const std::string longer = pad_prefix + std::string(21, 'p') + "\r\n";
  expect_error(parse(body_of({{line + longer, "v"}}), schema), ErrorCode::kPayloadTooLarge);
  expect_error(parse_in_chunks(body_of({{line + longer, "v"}}), 1, schema), ErrorCode::kPayloadTooLarge);
  // An endless header line is refused without waiting for its end.
  schema.limits.max_header_bytes = 100;
  const std::string endless = "--" + std::string(kBoundary) + "\r\nX: " + std::string(5000, 'h');
  const auto outcome = parse_cut(endless, {}, schema, content_type());
  expect_error(outcome, ErrorCode::kPayloadTooLarge, "送信データの各項目のヘッダーは100バイト・8行までです。");
}

TEST(MultipartLimits, HeaderLinesPerPart) {
  FormSchema schema = submission_schema();
  schema.limits.max_header_lines = 3;
  const std::string line = "Content-Disposition: form-data; name=\"store_submission[store_name]\"\r\n";
  EXPECT_TRUE(parse(body_of({{line + "A: 1\r\nB: 2\r\n", "v"}}), schema).form.has_value());
  expect_error(parse(body_of({{line + "A: 1\r\nB: 2\r\nC: 3\r\n", "v"}}), schema), ErrorCode::kPayloadTooLarge);
}

TEST(MultipartLimits, TransportPadding) {
  const std::string b = "--" + std::string(kBoundary);
  const std::string tail = "\r\nContent-Disposition: form-data; name=a\r\n\r\nv\r\n" + b + "--";
  EXPECT_TRUE(parse(b + std::string(kMaxTransportPadding, ' ') + tail).form.has_value());
  expect_error(parse(b + std::string(kMaxTransportPadding + 1, ' ') + tail), ErrorCode::kBadRequest);
}

// --- fields ---

TEST(MultipartFields, DuplicateTextFieldIsRefused) {
  expect_error(parse(body_of({text("store_submission[store_name]", "a"), text("store_submission[store_name]", "b")})),
               ErrorCode::kBadRequest, "同じ項目が重複して送信されています。");
}

TEST(MultipartFields, UnknownFieldsIgnoredOrRefused) {
  const std::string body = body_of({text("store_submission[store_name]", "a"), text("utf8", "✓"),
                                    file("x.txt", "text/plain", "whatever", "attachment")});
  const auto ignored = parse(body);
  ASSERT_TRUE(ignored.form.has_value()) << ignored.summary();
  EXPECT_EQ(ignored.form->fields.size(), 1U);
  EXPECT_TRUE(ignored.form->files.empty());
  FormSchema strict = submission_schema();
  strict.unknown_fields = UnknownFields::kReject;
  expect_error(parse(body, strict), ErrorCode::kBadRequest, "送信データに不明な項目が含まれています。");
}

TEST(MultipartFields, TextWhereAFileIsExpectedAndTheOtherWayRound) {
  expect_error(parse(body_of({text(kImages, "not a file")})), ErrorCode::kBadRequest);
  expect_error(parse(body_of({file("a.jpg", "image/jpeg", "x", "store_submission[comment]")})), ErrorCode::kBadRequest);
  // An empty file input that carries bytes after all.
  expect_error(parse(body_of({file("", "image/jpeg", "bytes")})), ErrorCode::kBadRequest);
}

TEST(MultipartFields, TextMustBeUtf8) {
  expect_error(parse(body_of({text("store_submission[store_name]", "\x83\x7c\x83\x50\x83\x4a")})),  // Shift_JIS
               ErrorCode::kBadRequest, "文字はUTF-8で送信してください。");
}

// --- malformed input ---

TEST(MultipartMalformed, MissingOrBrokenStructure) {
  const std::string b = "--" + std::string(kBoundary);
  const std::string cd = "Content-Disposition: form-data; name=\"store_submission[store_name]\"\r\n";
  const std::vector<std::string> bodies = {
      "",                                            // nothing
      "no boundary anywhere",                        // no boundary in the body
      b,                                             // opened, nothing after
      b + "\r\n" + cd + "\r\nvalue",                 // no closing boundary
      b + "\r\n" + cd + "\r\nvalue\r\n" + b,         // no final "--"
      b + "\r\n" + cd + "\r\nvalue\r\n" + b + "-",   // half a final "--"
      b + "\r\n" + cd,                               // headers never end
      b + "X\r\n" + cd + "\r\nv\r\n" + b + "--",     // boundary followed by other text
      b + "\r\n" + cd + "\r\nv\r\n" + b + "X--",     // same, in the body
      b + "\r\n" + cd + "\r\nv\r\n" + b + " x\r\n",  // padding then text
      b + "\n" + cd + "\nv\n" + b + "--",            // bare LF
      b + "\r\n\r\nv\r\n" + b + "--",                // no Content-Disposition
      b + "\r\nContent-Disposition: attachment; name=a\r\n\r\nv\r\n" + b + "--",
      b + "\r\nContent-Disposition: form-data\r\n\r\nv\r\n" + b + "--",             // no name
      b + "\r\nContent-Disposition: form-data; name=\"\"\r\n\r\nv\r\n" + b + "--",  // empty name
      b + "\r\nContent-Disposition: form-data; name=\"a\r\n\r\nv\r\n" + b + "--",   // unterminated quote
      b + "\r\nContent-Disposition: form-data; name=a; name=b\r\n\r\nv\r\n" + b + "--",
      b + "\r\nContent-Disposition: form-data; name=a b\r\n\r\nv\r\n" + b + "--",
      b + "\r\n" + cd + cd + "\r\nv\r\n" + b + "--",  // header twice
      b + "\r\n" + cd + "No colon here\r\n\r\nv\r\n" + b + "--",
      b + "\r\n" + cd + " folded: line\r\n\r\nv\r\n" + b + "--",
      b + "\r\n" + cd + "Bad Name: x\r\n\r\nv\r\n" + b + "--",
      b + "\r\n" + cd + ": empty name\r\n\r\nv\r\n" + b + "--",
      b + "\r\n" + cd + "X: a\rb\r\n\r\nv\r\n" + b + "--",  // bare CR
      b + "\r\n" + cd + "X: nul\x00x\r\n\r\nv\r\n" + b + "--",
      b + "\r\n" + cd + "Content-Transfer-Encoding: base64\r\n\r\ndg==\r\n" + b + "--",
  };
  for (std::size_t i = 0; i < bodies.size(); ++i) {
    SCOPED_TRACE("body " + std::to_string(i));
    expect_error(parse(bodies[i]), ErrorCode::kBadRequest);
    expect_error(parse_in_chunks(bodies[i], 1), ErrorCode::kBadRequest);
  }
}

TEST(MultipartMalformed, EveryTruncationIsAnError) {
  const std::string body = body_of(submission_parts(), "", "");
  for (std::size_t length = 0; length < body.size(); ++length) {
    const auto outcome = parse(std::string_view(body).substr(0, length));
    ASSERT_FALSE(outcome.form.has_value()) << "length " << length;
    EXPECT_EQ(outcome.form.error().code, ErrorCode::kBadRequest);
    for (const auto& f : outcome.files) {
      EXPECT_EQ(f.part.size, f.bytes.size());  // only closed files remain
    }
  }
}

TEST(MultipartMalformed, ErrorsAreStickyAndAbortTheOpenFile) {
  MemoryFileSink sink;
  auto parser = MultipartParser::create(content_type(), submission_schema(), sink);
  ASSERT_TRUE(parser.has_value());
  const std::string body = body_of({file("a.jpg", "image/jpeg", "abc")});
  const auto cut = body.find("abc") + 2;
  ASSERT_TRUE(parser->feed(std::string_view(body).substr(0, cut)).has_value());
  ASSERT_EQ(sink.files().size(), 1U);
  const auto finished = parser->finish();
  ASSERT_FALSE(finished.has_value());
  EXPECT_EQ(finished.error().message, "送信データが途中で切れています。もう一度送信してください。");
  EXPECT_EQ(sink.aborted(), 1);
  EXPECT_TRUE(sink.files().empty());
  const auto again = parser->feed(std::string_view(body).substr(cut));
  ASSERT_FALSE(again.has_value());
  EXPECT_EQ(again.error().code, ErrorCode::kBadRequest);
}

TEST(MultipartMalformed, SinkErrorsStopTheParse) {
  struct FailingSink final : FileSink {
    Result<void> open(const FilePart&) override { return {}; }
    Result<void> write(std::string_view) override { return fail(ErrorCode::kInternal, "disk full"); }
    Result<void> close(const FilePart&) override { return {}; }
    void abort() noexcept override { ++aborted; }
    int aborted = 0;
  } sink;
  auto parser = MultipartParser::create(content_type(), submission_schema(), sink);
  ASSERT_TRUE(parser.has_value());
  const auto fed = parser->feed(body_of({file("a.jpg", "image/jpeg", std::string(100, 'x'))}));
  ASSERT_FALSE(fed.has_value());
  EXPECT_EQ(fed.error().code, ErrorCode::kInternal);
  EXPECT_EQ(sink.aborted, 1);
}

// --- robustness ---

TEST(MultipartRobustness, RandomBytesNeverCrash) {
  std::mt19937 random(42);
  FormSchema schema = submission_schema();
  schema.limits.max_body_bytes = 1 << 16;
  for (int round = 0; round < 300; ++round) {
    // Random bytes drawn from an alphabet that makes boundaries and headers likely.
    static constexpr std::string_view kAlphabet = "-\r\n:;=\" abcAB\xff\x00";
    std::string body = (round % 2 == 0) ? "--" + std::string(kBoundary) + "\r\n" : "";
    const auto size = random() % 2000;
    for (std::uint32_t i = 0; i < size; ++i) {
      body += (random() % 4 == 0) ? static_cast<char>(random()) : kAlphabet[random() % kAlphabet.size()];
      if (random() % 100 == 0) body += "\r\n--" + std::string(kBoundary);
    }
    std::vector<std::size_t> cuts;
    for (std::size_t at = random() % 16 + 1; at < body.size(); at += random() % 64 + 1) cuts.push_back(at);
    const auto outcome = parse_cut(body, cuts, schema, content_type());
    if (!outcome.form) {
      const auto code = outcome.form.error().code;
      EXPECT_TRUE(code == ErrorCode::kBadRequest || code == ErrorCode::kPayloadTooLarge) << static_cast<int>(code);
    }
  }
}

TEST(MultipartRobustness, MutatedValidBodiesNeverCrash) {
  const std::string valid = body_of(submission_parts());
  std::mt19937 random(99);
  for (int round = 0; round < 300; ++round) {
    std::string body = valid;
    for (int flips = 0; flips < 1 + static_cast<int>(random() % 8); ++flips) {
      const auto at = random() % body.size();
      switch (random() % 3) {
        case 0: body[at] = static_cast<char>(random()); break;
        case 1: body.erase(at, random() % 16); break;
        default: body.insert(at, "\r\n--" + std::string(kBoundary).substr(0, random() % kBoundary.size())); break;
      }
    }
    const auto whole = parse(body);
    EXPECT_EQ(parse_in_chunks(body, 1 + random() % 32).summary(), whole.summary()) << "round " << round;
  }
}

TEST(MultipartRobustness, NearDelimitersOneByteAtATimeStayLinear) {
  // Many almost-delimiters, fed byte by byte: the parser keeps only a delimiter's length
  // of lookahead, so this is linear in the body size (a quadratic parser would crawl).
  const std::string almost = "\r\n--" + std::string(kBoundary.substr(0, kBoundary.size() - 1)) + "\r";
  std::string content;
  while (content.size() < 400 * 1024) content += almost;
  FormSchema schema = submission_schema();
  schema.limits.max_file_bytes = content.size();
  const auto outcome = parse_in_chunks(body_of({file("a.bin", "application/octet-stream", content)}), 1, schema);
  ASSERT_TRUE(outcome.form.has_value()) << outcome.summary();
  EXPECT_EQ(outcome.files.at(0).bytes, content);
}

}  // namespace
}  // namespace pokeca::http::multipart
