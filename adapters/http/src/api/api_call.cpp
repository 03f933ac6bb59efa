#include "api/api_call.hpp"

#include "pokeca/shared/messages.hpp"
#include "pokeca/shared/numbers.hpp"

namespace pokeca::http {

Result<std::int64_t> id_path_param(const ApiCall& call) {
  const auto id = parse_integer(call.path_params.at(0));
  if (!id || *id <= 0) return fail(ErrorCode::kBadRequest, msg::kBadId);
  return *id;
}

}  // namespace pokeca::http
