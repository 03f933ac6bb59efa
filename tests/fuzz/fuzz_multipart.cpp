// libFuzzer: the multipart/form-data parser with the submission form's
// schema. The first input byte chooses the chunk size the body is fed in, so the
// parser's resumption across chunk borders is fuzzed too.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "api/multipart/memory_file_sink.hpp"
#include "api/multipart/multipart_parser.hpp"

using namespace pokeca::http::multipart;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::size_t chunk = 1 + data[0] % 64;
  std::string_view body(reinterpret_cast<const char*>(data) + 1, size - 1);
  FormSchema schema;
  schema.text_fields = {{"store_submission[name]", 200, ""}, {"store_submission[comment]", std::nullopt, ""}};
  schema.file_fields = {"store_submission[images][]"};
  schema.limits.max_file_bytes = 64 * 1024;
  schema.limits.max_body_bytes = 256 * 1024;
  MemoryFileSink sink;
  auto parser = MultipartParser::create("multipart/form-data; boundary=XyZ", schema, sink);
  if (!parser) __builtin_trap();  // the boundary is valid
  while (!body.empty()) {
    const auto piece = body.substr(0, chunk);
    body.remove_prefix(piece.size());
    if (!parser->feed(piece)) return 0;
  }
  (void)parser->finish();
  return 0;
}
