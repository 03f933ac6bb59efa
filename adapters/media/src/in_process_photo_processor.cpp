#include "pokeca/media/in_process_photo_processor.hpp"

#include "encode_jpeg.hpp"
#include "exif_orientation.hpp"
#include "image_ops.hpp"
#include "pokeca/media/photo_format.hpp"

namespace pokeca::media {
namespace {

Result<RgbImage> decode(PhotoFormat format, Bytes data) {
  switch (format) {
    case PhotoFormat::kJpeg: return decode_jpeg(data, kPhotoMaxLongEdge);
    case PhotoFormat::kPng: return decode_png(data);
    case PhotoFormat::kWebp: return decode_webp(data);
    case PhotoFormat::kGif: return decode_gif(data);
    case PhotoFormat::kHeif: return decode_heif(data);
  }
  return corrupt_photo();
}

}  // namespace

Result<ProcessedPhoto> InProcessPhotoProcessor::process(std::span<const std::byte> upload) const {
  if (upload.size() > kMaxPhotoBytes) {
    return fail(ErrorCode::kPayloadTooLarge, msg::kPhotoTooLarge, "photo/too-large");
  }
  const auto format = sniff_photo_format(upload);
  if (!format) return fail(ErrorCode::kUnsupportedMedia, msg::kPhotoUnsupportedType, "photo/unsupported-type");
  const Bytes data(reinterpret_cast<const std::uint8_t*>(upload.data()), upload.size());

  auto decoded = decode(*format, data);
  if (!decoded) return std::unexpected(decoded.error());
  const int orientation = *format == PhotoFormat::kJpeg ? jpeg_exif_orientation(data) : 1;
  RgbImage image = apply_orientation(downscale_to_fit(std::move(*decoded), kPhotoMaxLongEdge), orientation);

  ProcessedPhoto result;
  result.source_format = *format;
  auto photo = encode_jpeg(image, kPhotoJpegQuality);
  if (!photo) return std::unexpected(photo.error());
  result.photo = std::move(*photo);
  auto thumbnail = encode_jpeg(downscale_to_fit(std::move(image), kThumbnailMaxLongEdge), kPhotoJpegQuality);
  if (!thumbnail) return std::unexpected(thumbnail.error());
  result.thumbnail = std::move(*thumbnail);
  return result;
}

}  // namespace pokeca::media
