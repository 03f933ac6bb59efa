#pragma once
// The product catalogue (docs/API.md "Products"): the public list, and the admins' list,
// create, change and delete.
#include "api/api_call.hpp"
#include "pokeca/contributions/product_catalog.hpp"

namespace pokeca::http {

class ProductHandlers {
 public:
  explicit ProductHandlers(ProductCatalogService& products) : products_(products) {}
  [[nodiscard]] ApiResult get_products(const ApiCall& call) const;
  [[nodiscard]] ApiResult get_admin_products(const ApiCall& call) const;
  [[nodiscard]] ApiResult post_admin_products(const ApiCall& call) const;
  [[nodiscard]] ApiResult put_admin_product(const ApiCall& call) const;
  [[nodiscard]] ApiResult delete_admin_product(const ApiCall& call) const;

 private:
  ProductCatalogService& products_;
};

}  // namespace pokeca::http
