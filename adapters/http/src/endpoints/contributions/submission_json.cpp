#include "endpoints/contributions/submission_json.hpp"

#include <cmath>

#include <boost/json/array.hpp>

#include "api/json_mapping.hpp"
#include "pokeca/contributions/photo_store.hpp"
#include "pokeca/map/store_type_suggestion.hpp"
#include "pokeca/shared/prefectures.hpp"
#include "site/photo_files.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

// Distances to duplicates in whole metres: moderators compare, not survey.
double whole_metres(double m) { return std::round(m); }

json::value text_or_null(const std::string& s) {
  if (s.empty()) return nullptr;
  return json::string(s);
}

}  // namespace

json::object photo_json(const SubmissionPhoto& photo) {
  return {{"url", photo_url(photo.photo_hash)},
          {"thumb_url", photo_url(photo.thumb_hash)},
          {"width", photo.width},
          {"height", photo.height}};
}

json::object submission_json(const Submission& s) {
  json::object o;
  o["id"] = s.id;
  o["status"] = json::string(to_string(s.status));
  o["store_name"] = s.store_name;
  o["comment"] = s.comment;
  o["address"] = s.address;
  o["location_method"] = json::string(to_string(s.method));
  o["lat"] = std::round(s.location.lat * kCoordinateStepsPerDegree) / kCoordinateStepsPerDegree;
  o["lng"] = std::round(s.location.lng * kCoordinateStepsPerDegree) / kCoordinateStepsPerDegree;
  o["location_precision"] = json::string(to_string(s.precision));
  o["prefecture"] = s.prefecture;
  const auto* prefecture = find_prefecture(s.prefecture);
  o["prefecture_name"] = prefecture ? json::string(prefecture->name) : json::string();
  o["city"] = s.city;
  json::array photos;
  for (const auto& p : s.photos) photos.push_back(photo_json(p));
  o["photos"] = std::move(photos);
  o["points_awarded"] = s.points_awarded;
  o["store_id"] = s.store_id ? json::value(*s.store_id) : json::value(nullptr);
  o["reject_reason"] =
      s.status == SubmissionStatus::kRejected ? json::value(json::string(s.reject_reason)) : json::value(nullptr);
  o["created_at"] = time_or_null(s.created_at);
  o["reviewed_at"] = time_or_null(s.reviewed_at);
  return o;
}

json::object admin_submission_json(const AdminSubmission& item) {
  auto o = submission_json(item.listed.submission);
  const auto& user = item.listed.user;
  o["user"] = user
                  ? json::value(json::object{
                        {"id", user->id}, {"nickname", user->nickname}, {"prefecture", text_or_null(user->prefecture)}})
                  : json::value(nullptr);
  json::array duplicates;
  for (const auto& d : item.duplicates)
    duplicates.push_back(json::object{{"store", store_json(d.store)}, {"distance_m", whole_metres(d.distance_m)}});
  o["duplicates"] = std::move(duplicates);
  o["suggested_store_type"] = json::string(suggest_store_type(item.listed.submission.store_name));
  return o;
}

}  // namespace pokeca::http
