#include "endpoints/personal/favorite_handlers.hpp"

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include "api/api_body.hpp"
#include "api/json_body.hpp"
#include "api/json_mapping.hpp"

namespace pokeca::http {
namespace {

namespace json = boost::json;

json::object favorite_json(StoreId store_id, UnixSeconds created_at) {
  return {{"store_id", store_id}, {"created_at", json::string(format_iso8601(created_at))}};
}

}  // namespace

ApiResult FavoriteHandlers::get_favorites(const ApiCall& call) const {
  auto list = favorites_.list(*call.user);
  if (!list) return std::unexpected(list.error());
  json::array out;
  out.reserve(list->size());
  for (const auto& f : *list) {
    auto store = store_json(f.store);
    store["status"] = json::string(to_string(f.store.status));
    out.push_back(
        json::object{{"store", std::move(store)}, {"created_at", json::string(format_iso8601(f.created_at))}});
  }
  return success_body({{"favorites", std::move(out)}});
}

ApiResult FavoriteHandlers::post_favorites(const ApiCall& call) const {
  auto body = body_object(call.body);
  if (!body) return std::unexpected(body.error());
  // A missing or non-integer id reads as 0, which the service refuses by name.
  auto added = favorites_.add(*call.user, integer_member(*body, "store_id").value_or(0));
  if (!added) return std::unexpected(added.error());
  return ApiOutput{added->added() ? Status::created : Status::ok,
                   success_body({{"favorite", favorite_json(added->store_id, added->created_at)}})};
}

ApiResult FavoriteHandlers::delete_favorite(const ApiCall& call) const {
  const auto id = id_path_param(call);
  if (!id) return std::unexpected(id.error());
  if (auto ok = favorites_.remove(*call.user, *id); !ok) return std::unexpected(ok.error());
  return success_body();
}

}  // namespace pokeca::http
