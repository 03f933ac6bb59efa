#include "worker_protocol.hpp"

#include <cstring>
#include <string>

namespace pokeca::media {
namespace {

class Writer {
 public:
  void u8(std::uint8_t v) { out_.push_back(static_cast<std::byte>(v)); }
  void u32(std::uint32_t v) { le(v, 4); }
  void u64(std::uint64_t v) { le(v, 8); }
  void bytes(std::span<const std::byte> b) { out_.insert(out_.end(), b.begin(), b.end()); }
  void string32(const std::string& s) {
    u32(static_cast<std::uint32_t>(s.size()));
    bytes(std::as_bytes(std::span(s)));
  }
  std::vector<std::byte>& out() { return out_; }

 private:
  void le(std::uint64_t v, int n) {
    for (int i = 0; i < n; ++i) out_.push_back(static_cast<std::byte>((v >> (8 * i)) & 0xFF));
  }
  std::vector<std::byte> out_;
};

class Reader {
 public:
  explicit Reader(std::span<const std::byte> in) : in_(in) {}
  bool ok() const { return ok_; }
  bool at_end() const { return at_ == in_.size(); }
  std::uint64_t le(int n) {
    if (!need(static_cast<std::size_t>(n))) return 0;
    std::uint64_t v = 0;
    for (int i = 0; i < n; ++i) v |= std::to_integer<std::uint64_t>(in_[at_ + static_cast<std::size_t>(i)]) << (8 * i);
    at_ += static_cast<std::size_t>(n);
    return v;
  }
  std::span<const std::byte> bytes(std::uint64_t n) {
    if (n > in_.size() || !need(static_cast<std::size_t>(n))) return {};
    auto s = in_.subspan(at_, static_cast<std::size_t>(n));
    at_ += static_cast<std::size_t>(n);
    return s;
  }
  std::string string32() {
    auto b = bytes(le(4));
    return {reinterpret_cast<const char*>(b.data()), b.size()};
  }

 private:
  bool need(std::size_t n) {
    if (!ok_ || in_.size() - at_ < n) ok_ = false;
    return ok_;
  }
  std::span<const std::byte> in_;
  std::size_t at_ = 0;
  bool ok_ = true;
};

void write_jpeg(Writer& w, const EncodedJpeg& jpeg) {
  w.u32(static_cast<std::uint32_t>(jpeg.width));
  w.u32(static_cast<std::uint32_t>(jpeg.height));
  w.u64(jpeg.bytes.size());
  w.bytes(jpeg.bytes);
}

EncodedJpeg read_jpeg(Reader& r) {
  EncodedJpeg jpeg;
  jpeg.width = static_cast<int>(r.le(4));
  jpeg.height = static_cast<int>(r.le(4));
  auto b = r.bytes(r.le(8));
  jpeg.bytes.assign(b.begin(), b.end());
  return jpeg;
}

}  // namespace

std::vector<std::byte> encode_frame_header(std::uint64_t length) {
  Writer w;
  w.u64(length);
  return std::move(w.out());
}

std::uint64_t decode_frame_header(std::span<const std::byte, kFrameHeaderBytes> header) {
  Reader r(header);
  return r.le(8);
}

std::vector<std::byte> encode_response(const Result<ProcessedPhoto>& result) {
  Writer w;
  w.u64(0);  // patched below
  if (result) {
    w.u8(1);
    w.u8(static_cast<std::uint8_t>(result->source_format));
    write_jpeg(w, result->photo);
    write_jpeg(w, result->thumbnail);
  } else {
    w.u8(0);
    w.u8(static_cast<std::uint8_t>(result.error().code));
    w.string32(result.error().message);
    w.string32(result.error().detail);
  }
  auto& out = w.out();
  const auto header = encode_frame_header(out.size() - kFrameHeaderBytes);
  std::memcpy(out.data(), header.data(), kFrameHeaderBytes);
  return std::move(out);
}

std::optional<Result<ProcessedPhoto>> decode_response_payload(std::span<const std::byte> payload) {
  Reader r(payload);
  const auto kind = r.le(1);
  if (kind == 1) {
    ProcessedPhoto photo;
    const auto format = r.le(1);
    if (format > static_cast<std::uint64_t>(PhotoFormat::kHeif)) return std::nullopt;
    photo.source_format = static_cast<PhotoFormat>(format);
    photo.photo = read_jpeg(r);
    photo.thumbnail = read_jpeg(r);
    if (!r.ok() || !r.at_end()) return std::nullopt;
    return Result<ProcessedPhoto>(std::move(photo));
  }
  if (kind == 0) {
    const auto code = r.le(1);
    if (code > static_cast<std::uint64_t>(ErrorCode::kInternal)) return std::nullopt;
    DomainError error{static_cast<ErrorCode>(code), r.string32(), r.string32()};
    if (!r.ok() || !r.at_end()) return std::nullopt;
    return Result<ProcessedPhoto>(std::unexpected(std::move(error)));
  }
  return std::nullopt;
}

}  // namespace pokeca::media
