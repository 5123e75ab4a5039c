# Compiler and linker settings shared by every target.

# Debian's LLVM is built without RTTI; match it so LLVM classes link and
# dynamic_cast/typeid on them is caught at compile time.
add_compile_options($<$<COMPILE_LANGUAGE:CXX>:-fno-rtti>)
add_compile_options(-Wall -Wextra -Wno-unused-parameter -Wno-missing-field-initializers)

# lld links the static LLVM/Clang archives several times faster than bfd.
find_program(SHADERLENS_LLD NAMES ld.lld-19 ld.lld)
if(SHADERLENS_LLD)
  add_link_options(-fuse-ld=lld)
endif()

set(SHADERLENS_SHARED_DIR "${CMAKE_CURRENT_SOURCE_DIR}/../shared" CACHE PATH
    "The shared/ folder with the offload-test-suite and corpus (tests only)")
