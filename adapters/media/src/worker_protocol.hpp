#pragma once
// The frames between IsolatedPhotoProcessor and pokeca-photo-worker (little-endian):
//   request:  u64 length, then the upload's bytes
//   response: u64 length, then a payload:
//     u8 1, u8 source format, u32 width, u32 height, u64 n, n bytes (photo),
//           u32 width, u32 height, u64 n, n bytes (thumbnail)
//     u8 0, u8 ErrorCode, u32 n, n bytes (message), u32 n, n bytes (detail)
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "pokeca/contributions/photo.hpp"

namespace pokeca::media {

inline constexpr std::size_t kFrameHeaderBytes = 8;
// A response can never legitimately be larger (two JPEGs of at most 1600² pixels).
inline constexpr std::uint64_t kMaxResponseBytes = 64ULL * 1024 * 1024;

[[nodiscard]] std::vector<std::byte> encode_frame_header(std::uint64_t length);
// The length in a frame header (first kFrameHeaderBytes bytes).
[[nodiscard]] std::uint64_t decode_frame_header(std::span<const std::byte, kFrameHeaderBytes> header);

// The whole response frame (header included).
[[nodiscard]] std::vector<std::byte> encode_response(const Result<ProcessedPhoto>& result);
// The payload (after the header); nullopt when malformed.
[[nodiscard]] std::optional<Result<ProcessedPhoto>> decode_response_payload(std::span<const std::byte> payload);

}  // namespace pokeca::media
