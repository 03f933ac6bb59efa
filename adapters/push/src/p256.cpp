#include "p256.hpp"

#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/hmac.h>
#include <openssl/obj_mac.h>
#include <openssl/param_build.h>

#include "pokeca/push/web_push_crypto.hpp"

namespace pokeca::push::detail {
namespace {

struct BnFree {
  void operator()(BIGNUM* b) const { BN_free(b); }
};
struct CtxFree {
  void operator()(EVP_PKEY_CTX* c) const { EVP_PKEY_CTX_free(c); }
};
struct GroupFree {
  void operator()(EC_GROUP* g) const { EC_GROUP_free(g); }
};
struct PointFree {
  void operator()(EC_POINT* p) const { EC_POINT_free(p); }
};
struct BldFree {
  void operator()(OSSL_PARAM_BLD* b) const { OSSL_PARAM_BLD_free(b); }
};
struct ParamFree {
  void operator()(OSSL_PARAM* p) const { OSSL_PARAM_free(p); }
};
using Ctx = std::unique_ptr<EVP_PKEY_CTX, CtxFree>;

constexpr const char* kGroupName = "prime256v1";

const unsigned char* bytes(std::string_view s) { return reinterpret_cast<const unsigned char*>(s.data()); }

Pkey from_params(OSSL_PARAM_BLD* bld, int selection) {
  std::unique_ptr<OSSL_PARAM, ParamFree> params(OSSL_PARAM_BLD_to_param(bld));
  if (!params) return nullptr;
  Ctx ctx(EVP_PKEY_CTX_new_from_name(nullptr, "EC", nullptr));
  EVP_PKEY* key = nullptr;
  if (!ctx || EVP_PKEY_fromdata_init(ctx.get()) != 1 ||
      EVP_PKEY_fromdata(ctx.get(), &key, selection, params.get()) != 1)
    return nullptr;
  return Pkey(key);
}

// OpenSSL's fromdata does not check that a point lies on the curve: do it here.
bool point_on_curve(std::string_view point) {
  std::unique_ptr<EC_GROUP, GroupFree> group(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1));
  if (!group) return false;
  std::unique_ptr<EC_POINT, PointFree> p(EC_POINT_new(group.get()));
  return p && EC_POINT_oct2point(group.get(), p.get(), bytes(point), point.size(), nullptr) == 1 &&
         EC_POINT_is_on_curve(group.get(), p.get(), nullptr) == 1 && EC_POINT_is_at_infinity(group.get(), p.get()) == 0;
}

}  // namespace

Pkey public_key(std::string_view point) {
  if (point.size() != kP256PublicKeyBytes || point[0] != 0x04 || !point_on_curve(point)) return nullptr;
  std::unique_ptr<OSSL_PARAM_BLD, BldFree> bld(OSSL_PARAM_BLD_new());
  if (!bld || OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, kGroupName, 0) != 1 ||
      OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size()) != 1)
    return nullptr;
  return from_params(bld.get(), EVP_PKEY_PUBLIC_KEY);
}

Pkey private_key(std::string_view scalar) {
  if (scalar.size() != kP256PrivateKeyBytes) return nullptr;
  std::unique_ptr<EC_GROUP, GroupFree> group(EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1));
  std::unique_ptr<BIGNUM, BnFree> d(BN_bin2bn(bytes(scalar), static_cast<int>(scalar.size()), nullptr));
  if (!group || !d || BN_is_zero(d.get()) || BN_cmp(d.get(), EC_GROUP_get0_order(group.get())) >= 0) return nullptr;
  std::unique_ptr<EC_POINT, PointFree> q(EC_POINT_new(group.get()));
  if (!q || EC_POINT_mul(group.get(), q.get(), d.get(), nullptr, nullptr, nullptr) != 1) return nullptr;
  std::string point(kP256PublicKeyBytes, '\0');
  if (EC_POINT_point2oct(group.get(), q.get(), POINT_CONVERSION_UNCOMPRESSED,
                         reinterpret_cast<unsigned char*>(point.data()), point.size(), nullptr) != point.size())
    return nullptr;
  std::unique_ptr<OSSL_PARAM_BLD, BldFree> bld(OSSL_PARAM_BLD_new());
  if (!bld || OSSL_PARAM_BLD_push_utf8_string(bld.get(), OSSL_PKEY_PARAM_GROUP_NAME, kGroupName, 0) != 1 ||
      OSSL_PARAM_BLD_push_BN(bld.get(), OSSL_PKEY_PARAM_PRIV_KEY, d.get()) != 1 ||
      OSSL_PARAM_BLD_push_octet_string(bld.get(), OSSL_PKEY_PARAM_PUB_KEY, point.data(), point.size()) != 1)
    return nullptr;
  return from_params(bld.get(), EVP_PKEY_KEYPAIR);
}

Pkey generate_key() { return Pkey(EVP_PKEY_Q_keygen(nullptr, nullptr, "EC", "P-256")); }

std::string public_bytes(EVP_PKEY* key) {
  std::string out(kP256PublicKeyBytes, '\0');
  std::size_t len = 0;
  if (EVP_PKEY_get_octet_string_param(key, OSSL_PKEY_PARAM_PUB_KEY, reinterpret_cast<unsigned char*>(out.data()),
                                      out.size(), &len) != 1 ||
      len != kP256PublicKeyBytes)
    return {};
  return out;
}

std::string private_bytes(EVP_PKEY* key) {
  BIGNUM* raw = nullptr;
  if (EVP_PKEY_get_bn_param(key, OSSL_PKEY_PARAM_PRIV_KEY, &raw) != 1) return {};
  std::unique_ptr<BIGNUM, BnFree> d(raw);
  std::string out(kP256PrivateKeyBytes, '\0');
  if (BN_bn2binpad(d.get(), reinterpret_cast<unsigned char*>(out.data()), static_cast<int>(out.size())) < 0) return {};
  return out;
}

std::optional<std::string> ecdh(EVP_PKEY* own, EVP_PKEY* peer) {
  Ctx ctx(EVP_PKEY_CTX_new_from_pkey(nullptr, own, nullptr));
  std::size_t len = 0;
  if (!ctx || EVP_PKEY_derive_init(ctx.get()) != 1 || EVP_PKEY_derive_set_peer(ctx.get(), peer) != 1 ||
      EVP_PKEY_derive(ctx.get(), nullptr, &len) != 1)
    return std::nullopt;
  std::string secret(len, '\0');
  if (EVP_PKEY_derive(ctx.get(), reinterpret_cast<unsigned char*>(secret.data()), &len) != 1) return std::nullopt;
  secret.resize(len);
  return secret;
}

std::string hmac_sha256(std::string_view key, std::string_view data) {
  std::string out(32, '\0');
  unsigned int len = 0;
  HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()), bytes(data), data.size(),
       reinterpret_cast<unsigned char*>(out.data()), &len);
  out.resize(len);
  return out;
}

}  // namespace pokeca::push::detail
