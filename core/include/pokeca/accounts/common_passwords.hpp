#pragma once
// The passwords people pick most often (data/common_passwords.txt, one a line).
// Sign-up and password reset refuse them: they are the first ones any attacker tries.
#include <string>
#include <string_view>
#include <unordered_set>

namespace pokeca {

class CommonPasswords {
 public:
  CommonPasswords() = default;
  // One password a line; blank lines and lines starting with '#' are skipped.
  [[nodiscard]] static CommonPasswords from_text(std::string_view text);

  // Compared after ASCII lower-casing ("PASSWORD1" is as weak as "password1").
  [[nodiscard]] bool contains(std::string_view password) const;
  [[nodiscard]] std::size_t size() const { return lowered_.size(); }

 private:
  std::unordered_set<std::string> lowered_;
};

[[nodiscard]] std::string ascii_lower(std::string_view text);

}  // namespace pokeca
