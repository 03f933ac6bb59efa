#pragma once
#include <optional>
#include <string>
#include <string_view>

#include "pokeca/shared/errors.hpp"

namespace pokeca {

// Small key/value facts about the database (e.g. whether demo data was loaded).
class MetaRepository {
 public:
  virtual ~MetaRepository() = default;
  virtual Result<std::optional<std::string>> get(std::string_view key) = 0;
  virtual Result<void> set(std::string_view key, std::string_view value) = 0;
};

}  // namespace pokeca
