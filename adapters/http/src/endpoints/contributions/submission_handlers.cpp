#include "endpoints/contributions/submission_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "api/json_mapping.hpp"
#include "api/multipart/memory_file_sink.hpp"
#include "endpoints/contributions/submission_json.hpp"
#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/text.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

constexpr std::string_view kFieldName = "store_submission[store_name]";
constexpr std::string_view kFieldLatitude = "store_submission[latitude]";
constexpr std::string_view kFieldLongitude = "store_submission[longitude]";
constexpr std::string_view kFieldAddress = "store_submission[address]";
constexpr std::string_view kFieldComment = "store_submission[comment]";
constexpr std::string_view kFieldImages = "store_submission[images][]";
// A coordinate is a short decimal; anything longer is not one.
constexpr std::size_t kMaxCoordinateBytes = 32;

multipart::TextFieldRule text_rule(std::string_view name, std::size_t max_chars, std::string_view too_long) {
  return {std::string(name), max_chars * kMaxUtf8BytesPerChar,
          fill_placeholder(too_long, "{max}", std::to_string(max_chars))};
}

std::optional<std::string> field(const multipart::Form& form, std::string_view name) {
  const auto* value = form.find(name);
  return value ? std::optional<std::string>(*value) : std::nullopt;
}

Result<std::optional<std::string>> optional_string(const json::object& obj, std::string_view key) {
  const auto* v = obj.if_contains(key);
  if (!v || v->is_null()) return std::optional<std::string>{};
  if (!v->is_string()) return bad_json();
  return std::optional<std::string>(std::string(v->as_string()));
}

Result<ApprovalEdits> approval_edits(std::string_view body) {
  auto obj = body_object(body);
  if (!obj) return std::unexpected(obj.error());
  ApprovalEdits edits;
  auto name = optional_string(*obj, "name");
  auto type = optional_string(*obj, "store_type");
  auto lat = optional_number_member(*obj, "lat");
  auto lng = optional_number_member(*obj, "lng");
  if (!name || !type || !lat || !lng) return bad_json();
  edits.name = std::move(*name);
  edits.store_type = std::move(*type);
  if (lat->has_value() != lng->has_value()) return fail(ErrorCode::kBadRequest, msg::kSubmissionLatLngIncomplete);
  if (*lat) edits.location = LatLng{**lat, **lng};
  if (const auto* merge = obj->if_contains("merge_into_store_id"); merge && !merge->is_null()) {
    const auto id = integer_member(*obj, "merge_into_store_id");
    if (!id || *id <= 0) return fail(ErrorCode::kBadRequest, msg::kBadId);
    edits.merge_into_store_id = id;
  }
  return edits;
}

}  // namespace

const multipart::FormSchema& submission_form_schema() {
  static const multipart::FormSchema kSchema = [] {
    multipart::FormSchema schema;
    schema.text_fields = {
        text_rule(kFieldName, kMaxSubmissionNameChars, msg::kSubmissionNameTooLong),
        {std::string(kFieldLatitude), kMaxCoordinateBytes, std::string(msg::kSubmissionLatLngNotNumber)},
        {std::string(kFieldLongitude), kMaxCoordinateBytes, std::string(msg::kSubmissionLatLngNotNumber)},
        text_rule(kFieldAddress, kMaxSubmissionAddressChars, msg::kSubmissionAddressTooLong),
        text_rule(kFieldComment, kMaxSubmissionCommentChars, msg::kSubmissionCommentTooLong),
    };
    schema.file_fields = {std::string(kFieldImages)};
    schema.limits.max_files = kMaxImagesPerSubmission;
    schema.limits.max_file_bytes = kMaxPhotoBytes;
    schema.limits.max_body_bytes = kSubmissionBodyBytes;
    return schema;
  }();
  return kSchema;
}

ApiResult SubmissionHandlers::post_store_submissions(const ApiCall& call) const {
  // The body is already in memory (Beast read it whole, up to the schema's limit), so
  // the files are kept there too; the upload lane bounds how many such requests run.
  multipart::MemoryFileSink sink;
  auto parser = multipart::MultipartParser::create(call.content_type, submission_form_schema(), sink);
  if (!parser) return std::unexpected(parser.error());
  if (auto fed = parser->feed(call.body); !fed) return std::unexpected(fed.error());
  auto form = parser->finish();
  if (!form) return std::unexpected(form.error());

  SubmissionForm input{field(*form, kFieldName), field(*form, kFieldLatitude), field(*form, kFieldLongitude),
                       field(*form, kFieldAddress), field(*form, kFieldComment)};
  std::vector<Upload> images;
  for (const auto& file : sink.files())
    images.emplace_back(reinterpret_cast<const std::byte*>(file.bytes.data()), file.bytes.size());
  auto submission = submissions_.submit(*call.user, input, images);
  if (!submission) return std::unexpected(submission.error());
  return ApiOutput{Status::created,
                   message_body(msg::kSubmissionThanks, {{"submission", submission_json(*submission)}})};
}

ApiResult SubmissionHandlers::get_admin_submissions(const ApiCall& call) const {
  auto page = submissions_.list_for_admin(
      {find_param(call.query, "status"), find_param(call.query, "limit"), find_param(call.query, "offset")});
  if (!page) return std::unexpected(page.error());
  json::array data;
  for (const auto& item : page->items) data.push_back(admin_submission_json(item));
  return data_body(std::move(data), {{"total", page->total}});
}

ApiResult SubmissionHandlers::post_admin_submission_approve(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto edits = approval_edits(call.body);
  if (!edits) return std::unexpected(edits.error());
  auto approved = submissions_.approve(*call.user, *id, *edits);
  if (!approved) return std::unexpected(approved.error());
  return message_body(msg::kSubmissionApproved,
                      {{"submission", submission_json(approved->submission)}, {"store", store_json(approved->store)}});
}

ApiResult SubmissionHandlers::post_admin_submission_reject(const ApiCall& call) const {
  auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  auto reason = body_string_member(call.body, "reason");
  if (!reason) return std::unexpected(reason.error());
  auto rejected = submissions_.reject(*call.user, *id, *reason);
  if (!rejected) return std::unexpected(rejected.error());
  return message_body(msg::kSubmissionRejected, {{"submission", submission_json(*rejected)}});
}

}  // namespace pokeca::http
