// libFuzzer: the upload type sniffer (JPEG, PNG, WebP, GIF, HEIC) that runs on every
// photo before a decoder sees it.
#include <cstddef>
#include <cstdint>
#include <span>

#include "pokeca/media/photo_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  (void)pokeca::media::sniff_photo_format(std::span(reinterpret_cast<const std::byte*>(data), size));
  return 0;
}
