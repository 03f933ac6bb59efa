// libFuzzer: the frames the server reads from pokeca-photo-worker (a worker that a
// hostile image took over may write anything); a decoded frame must encode back.
#include <cstddef>
#include <cstdint>
#include <span>

#include "worker_protocol.hpp"

using namespace pokeca::media;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::span bytes(reinterpret_cast<const std::byte*>(data), size);
  if (size >= kFrameHeaderBytes) (void)decode_frame_header(bytes.first<kFrameHeaderBytes>());
  if (auto decoded = decode_response_payload(bytes)) {
    const auto frame = encode_response(*decoded);
    if (frame.size() < kFrameHeaderBytes) __builtin_trap();
  }
  return 0;
}
