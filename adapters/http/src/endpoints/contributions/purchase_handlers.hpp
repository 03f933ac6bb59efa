#pragma once
// The thin handlers of docs/API.md's purchase reports: read the JSON body or the path,
// call PurchaseService, answer with docs/API.md's shapes.
#include "api/api_call.hpp"
#include "pokeca/contributions/purchase_service.hpp"

namespace pokeca::http {

class PurchaseHandlers {
 public:
  explicit PurchaseHandlers(PurchaseService& purchases) : purchases_(purchases) {}

  [[nodiscard]] ApiResult post_purchases(const ApiCall& call) const;

 private:
  PurchaseService& purchases_;
};

}  // namespace pokeca::http
