# Shared warning flags for every project target.
add_library(pokeca_warnings INTERFACE)
target_compile_options(pokeca_warnings INTERFACE -Wall -Wextra -Wpedantic -Wshadow)
if(POKECA_WERROR)
  target_compile_options(pokeca_warnings INTERFACE -Werror)
endif()
# GCC 12 reports -Wrestrict on std::string concatenation once it is inlined at -O2/-O3
# (GCC bug 105329, fixed in 13): noise in Release builds, never a finding.
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(pokeca_warnings INTERFACE -Wno-restrict)
endif()
