#pragma once
// The machine codes (DomainError::detail) of docs/API.md's accounts section. They keep
// the identity provider's names so the frontend maps them to SPEC.md §8's messages.
#include <string_view>

namespace pokeca {

// Machine codes (DomainError::detail) of docs/API.md's accounts section.
namespace auth_code {
inline constexpr std::string_view kInvalidEmail = "auth/invalid-email";
inline constexpr std::string_view kWeakPassword = "auth/weak-password";
inline constexpr std::string_view kEmailAlreadyInUse = "auth/email-already-in-use";
inline constexpr std::string_view kInvalidCredential = "auth/invalid-credential";
inline constexpr std::string_view kEmailNotVerified = "auth/email-not-verified";
inline constexpr std::string_view kUserDisabled = "auth/user-disabled";
inline constexpr std::string_view kTooManyRequests = "auth/too-many-requests";
inline constexpr std::string_view kSessionExpired = "auth/session-expired";
inline constexpr std::string_view kInvalidActionCode = "auth/invalid-action-code";
inline constexpr std::string_view kNotLoggedIn = "auth/not-logged-in";
inline constexpr std::string_view kAlreadyVerified = "auth/already-verified";
inline constexpr std::string_view kUnauthenticated = "auth/unauthenticated";
}  // namespace auth_code

}  // namespace pokeca
