# Every external library, as an imported or interface target. All come from Debian packages
# (scripts/setup.sh); LLVM and Clang are linked statically, only the components used
# (design/build-notes.md: 6 ms start-up instead of ~60 ms with libLLVM.so).

find_package(LLVM REQUIRED CONFIG PATHS /usr/lib/llvm-19/lib/cmake/llvm NO_DEFAULT_PATH)
find_package(Clang REQUIRED CONFIG PATHS /usr/lib/llvm-19/lib/cmake/clang NO_DEFAULT_PATH)
if(NOT LLVM_VERSION_MAJOR EQUAL 19)
  message(FATAL_ERROR "Shaderlens needs LLVM 19, found ${LLVM_PACKAGE_VERSION}")
endif()
message(STATUS "LLVM ${LLVM_PACKAGE_VERSION} at ${LLVM_LIBRARY_DIR}")

# sl::llvm_support — LLVM Support + YAML, for any library (core, renderer).
add_library(sl_llvm_support INTERFACE)
add_library(sl::llvm_support ALIAS sl_llvm_support)
target_include_directories(sl_llvm_support SYSTEM INTERFACE ${LLVM_INCLUDE_DIRS})
target_compile_definitions(sl_llvm_support INTERFACE ${LLVM_DEFINITIONS_LIST})
llvm_map_components_to_libnames(SL_LLVM_SUPPORT_LIBS support)
target_link_libraries(sl_llvm_support INTERFACE ${SL_LLVM_SUPPORT_LIBS})

# sl::llvm_codegen — IR building, verifier, passes, bitcode, DXContainer (DXIL side).
add_library(sl_llvm_codegen INTERFACE)
add_library(sl::llvm_codegen ALIAS sl_llvm_codegen)
llvm_map_components_to_libnames(SL_LLVM_CODEGEN_LIBS core analysis passes bitwriter bitreader object binaryformat transformutils ipo irreader)
target_link_libraries(sl_llvm_codegen INTERFACE sl_llvm_support ${SL_LLVM_CODEGEN_LIBS})

# sl::clang_pp — Clang's Lexer/Preprocessor/SourceManager as a library (static archives).
add_library(sl_clang_pp INTERFACE)
add_library(sl::clang_pp ALIAS sl_clang_pp)
target_include_directories(sl_clang_pp SYSTEM INTERFACE ${CLANG_INCLUDE_DIRS})
llvm_map_components_to_libnames(SL_LLVM_FOR_CLANG_LIBS support frontendopenmp targetparser option mc)
target_link_libraries(sl_clang_pp INTERFACE
  ${LLVM_LIBRARY_DIR}/libclangLex.a
  ${LLVM_LIBRARY_DIR}/libclangBasic.a
  sl_llvm_support ${SL_LLVM_FOR_CLANG_LIBS})

# SPIRV-Tools (static) for in-process validation, disassembly, optimization.
find_package(SPIRV-Tools REQUIRED CONFIG)
find_package(SPIRV-Tools-opt REQUIRED CONFIG)
add_library(sl_spirv_tools INTERFACE)
add_library(sl::spirv_tools ALIAS sl_spirv_tools)
target_link_libraries(sl_spirv_tools INTERFACE SPIRV-Tools-opt SPIRV-Tools-static)

# SPIRV-Cross (static archives) for the GLSL/HLSL/MSL cross views and independent reflection.
add_library(sl_spirv_cross INTERFACE)
add_library(sl::spirv_cross ALIAS sl_spirv_cross)
foreach(part glsl hlsl msl reflect util core)
  find_library(SPIRV_CROSS_${part}_LIB NAMES libspirv-cross-${part}.a REQUIRED)
  target_link_libraries(sl_spirv_cross INTERFACE ${SPIRV_CROSS_${part}_LIB})
endforeach()
target_include_directories(sl_spirv_cross SYSTEM INTERFACE /usr/include/spirv_cross)

# Vulkan through volk: headers only at compile time, the loader is opened at run time.
find_package(VulkanHeaders REQUIRED CONFIG)
find_path(VOLK_SOURCE_DIR volk.c PATHS /usr/include REQUIRED)
add_library(sl_volk STATIC ${VOLK_SOURCE_DIR}/volk.c)
add_library(sl::volk ALIAS sl_volk)
target_compile_definitions(sl_volk PUBLIC VK_NO_PROTOTYPES)
target_link_libraries(sl_volk PUBLIC Vulkan::Headers ${CMAKE_DL_LIBS})
set_target_properties(sl_volk PROPERTIES POSITION_INDEPENDENT_CODE ON)

# DirectX-Headers (WSL layout) for the D3D12 backend, compiled on Linux.
find_path(DIRECTX_HEADERS_DIR directx/d3d12.h PATHS /usr/include REQUIRED)

if(SHADERLENS_BUILD_GUI)
  find_package(glfw3 REQUIRED CONFIG)
  find_path(IMGUI_INCLUDE_DIR imgui.h PATH_SUFFIXES imgui REQUIRED)
  find_library(IMGUI_LIBRARY imgui REQUIRED)
  add_library(sl_imgui INTERFACE)
  add_library(sl::imgui ALIAS sl_imgui)
  target_include_directories(sl_imgui SYSTEM INTERFACE ${IMGUI_INCLUDE_DIR} ${IMGUI_INCLUDE_DIR}/backends)
  # Debian's libimgui.a leaves stb_truetype/stb_rect_pack to libstb (imgui.pc: Requires: stb).
  find_library(SL_STB_LIBRARY NAMES libstb.a stb REQUIRED)
  # Only the GLFW platform backend is used from libimgui.a (by app/gui, which links glfw itself);
  # its prototype-based Vulkan backend stays out of the link because nothing references it
  # (design/build-notes.md). views/ links this target and so never sees GLFW.
  target_link_libraries(sl_imgui INTERFACE ${IMGUI_LIBRARY} ${SL_STB_LIBRARY})
endif()

if(SHADERLENS_BUILD_TESTS)
  find_package(Catch2 2 REQUIRED CONFIG)
  find_package(benchmark CONFIG)
endif()

find_package(Threads REQUIRED)
