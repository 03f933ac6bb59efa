# Shared warning flags for every project target.
add_library(pokeca_warnings INTERFACE)
target_compile_options(pokeca_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow)
if(POKECA_WERROR)
  target_compile_options(pokeca_warnings INTERFACE -Werror)
endif()
