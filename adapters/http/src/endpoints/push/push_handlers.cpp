#include "endpoints/push/push_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "pokeca/shared/push_messages.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

// The push service's host only: enough to tell devices apart ("fcm.googleapis.com" is
// Chrome, "updates.push.services.mozilla.com" Firefox); the full URL is a capability and
// never leaves the server again.
std::string push_service_host(std::string_view endpoint) {
  const auto start = endpoint.find("://");
  if (start == std::string_view::npos) return {};
  auto rest = endpoint.substr(start + 3);
  return std::string(rest.substr(0, rest.find_first_of("/:?")));
}

json::object device_json(const PushSubscription& s) {
  json::object out{{"id", s.id},
                   {"label", json::string(s.label)},
                   {"service", json::string(push_service_host(s.target.endpoint))},
                   {"created_at", json::string(format_iso8601(s.created_at))}};
  out["last_used_at"] = s.last_used_at ? json::value(json::string(format_iso8601(*s.last_used_at))) : json::value();
  return out;
}

json::object channels_json(const AlertChannels& c) { return {{"push", c.push}, {"mail", c.mail}}; }

}  // namespace

ApiResult PushHandlers::get_push_public_key(const ApiCall&) const {
  return success_body({{"public_key", json::string(push_.public_key())}});
}

ApiResult PushHandlers::get_push_subscriptions(const ApiCall& call) const {
  auto devices = push_.devices(call.user->id);
  if (!devices) return std::unexpected(devices.error());
  json::array out;
  for (const auto& d : *devices) out.push_back(device_json(d));
  return success_body({{"subscriptions", std::move(out)}});
}

ApiResult PushHandlers::post_push_subscriptions(const ApiCall& call) const {
  // PushSubscription.toJSON()'s shape, plus the device's name: {"endpoint", "keys":
  // {"p256dh", "auth"}, "label"}.
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  PushSubscriptionInput in;
  auto endpoint = string_member(*body, "endpoint");
  if (!endpoint) return std::unexpected(endpoint.error());
  in.endpoint = std::move(*endpoint);
  if (const auto* keys = body->if_contains("keys"); keys != nullptr && !keys->is_null()) {
    auto obj = object_member(*body, "keys");
    if (!obj) return std::unexpected(obj.error());
    auto p256dh = string_member(*obj, "p256dh");
    auto auth = string_member(*obj, "auth");
    if (!p256dh) return std::unexpected(p256dh.error());
    if (!auth) return std::unexpected(auth.error());
    in.p256dh = std::move(*p256dh);
    in.auth = std::move(*auth);
  }
  auto label = string_member(*body, "label");
  if (!label) return std::unexpected(label.error());
  in.label = std::move(*label);
  auto saved = push_.subscribe(call.user->id, std::move(in));
  if (!saved) return std::unexpected(saved.error());
  return ApiOutput{Status::created, success_body({{"subscription", device_json(*saved)}})};
}

ApiResult PushHandlers::delete_push_subscription(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  if (auto ok = push_.remove(call.user->id, *id); !ok) return std::unexpected(ok.error());
  return success_body();
}

ApiResult PushHandlers::post_push_subscription_test(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  if (auto ok = push_.send_test(call.user->id, *id); !ok) return std::unexpected(ok.error());
  return ApiOutput{Status::accepted, success_body()};
}

ApiResult PushHandlers::get_push_settings(const ApiCall& call) const {
  auto channels = push_.channels(call.user->id);
  if (!channels) return std::unexpected(channels.error());
  return success_body({{"settings", channels_json(*channels)}});
}

ApiResult PushHandlers::put_push_settings(const ApiCall& call) const {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  auto channels = push_.channels(call.user->id);
  if (!channels) return std::unexpected(channels.error());
  // Each switch may be sent alone; anything but true/false is refused by name.
  for (const auto& [key, field] : {std::pair{"push", &AlertChannels::push}, std::pair{"mail", &AlertChannels::mail}}) {
    const auto* value = body->if_contains(key);
    if (value == nullptr) continue;
    if (!value->is_bool()) return fail(ErrorCode::kBadRequest, msg::kPushBadChannels, "push/bad-settings");
    (*channels).*field = value->as_bool();
  }
  if (auto ok = push_.set_channels(call.user->id, *channels); !ok) return std::unexpected(ok.error());
  return success_body({{"settings", channels_json(*channels)}});
}

}  // namespace pokeca::http
