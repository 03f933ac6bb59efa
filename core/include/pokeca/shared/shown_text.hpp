#pragma once
// Text that other people see (nicknames, store names, comments, product names, trip
// names): the one check, on top of each field's own length and control-character rules.
// Direction controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C) are refused:
// they make a name read differently from what it is ("gnp.exe" shown as "exe.png", a
// nickname that turns the rest of a line around). Text made only of characters that show
// nothing (zero-width characters, fillers such as U+3164, blanks of every width, variation
// selectors, tags) is refused: it looks like no name at all, or like someone else's.
#include <string_view>

#include "pokeca/shared/errors.hpp"

namespace pokeca {

// `text` is valid UTF-8, already trimmed. Empty text passes (the fields that require
// text say so themselves). kBadRequest with msg::kTextHasDirectionControls or
// msg::kTextInvisibleOnly ({name}: `field`, the field's Japanese name).
[[nodiscard]] Result<void> check_shown_text(std::string_view text, std::string_view field);

// The two tests alone, per code point.
[[nodiscard]] bool is_direction_control(char32_t c);
[[nodiscard]] bool shows_nothing(char32_t c);

}  // namespace pokeca
