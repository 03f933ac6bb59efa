#include "endpoints/config/site_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_mapping.hpp"
#include "pokeca/accounts/auth_policy.hpp"
#include "pokeca/contributions/photo.hpp"
#include "pokeca/contributions/purchase_rules.hpp"
#include "pokeca/contributions/submission_rules.hpp"
#include "pokeca/map/store_types.hpp"
#include "pokeca/shared/relative_time.hpp"

namespace pokeca::http {

namespace json = boost::json;

json::object site_config_json(const SiteConfig& c) {
  json::object data;
  data["tile_url"] = c.tile_url;
  data["tile_attribution"] = c.tile_attribution;
  data["tile_max_zoom"] = c.tile_max_zoom;
  data["contact_url"] = c.contact_url;
  data["analytics_id"] = c.analytics_id ? json::value(*c.analytics_id) : json::value(nullptr);
  data["demo_data"] = c.demo_data ? c.demo_data() : false;
  // The rules the forms check before sending, read from core so the frontend copies none.
  data["default_store_type"] = kDefaultStoreType;
  data["limits"] = json::object{
      {"max_images_per_submission", kMaxImagesPerSubmission},
      {"max_photo_bytes", kMaxPhotoBytes},
      {"max_submission_name_chars", kMaxSubmissionNameChars},
      {"max_submission_address_chars", kMaxSubmissionAddressChars},
      {"max_submission_comment_chars", kMaxSubmissionCommentChars},
      {"max_reject_reason_chars", kMaxRejectReasonChars},
      {"max_purchase_text_chars", kMaxPurchaseTextChars},
      {"max_purchase_age_days", kMaxPurchaseAgeSeconds / kDay},
      {"min_password_chars", kMinPasswordChars},
      {"max_nickname_chars", kMaxNicknameChars},
      {"max_withdrawal_reason_chars", kMaxWithdrawalReasonChars},
  };
  return data;
}

ApiResult SiteHandlers::get_config(const ApiCall&) const { return data_body(site_config_json(config_)); }

ApiResult SiteHandlers::get_initial_data(const ApiCall& call) const {
  json::array types;
  for (const auto& t : all_store_types()) types.push_back(store_type_json(t));
  // The account when a valid bearer token came along, else null.
  json::value user = call.user ? json::value(user_json(*call.user)) : json::value(nullptr);
  return data_body(json::object{{"user", std::move(user)}, {"store_types", std::move(types)}});
}

}  // namespace pokeca::http
