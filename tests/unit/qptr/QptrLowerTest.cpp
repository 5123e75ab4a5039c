#include "QptrTestUtil.h"
#include "../spirv-reader/SpirvTestUtil.h"

#include <cstdio>
#include <cstdlib>

#include <catch2/catch.hpp>

using namespace sl;

namespace {
const test::Experiment* find(const char* name) {
  for (const auto& e : test::experiments())
    if (std::string(e.name) == name) return &e;
  return nullptr;
}
}  // namespace

TEST_CASE("lower turns access chains into byte offsets", "[qptr][lower]") {
  auto run = test::runQptr(test::experimentWords(*find("t2_ubo.frag")), qptr::LayoutKind::Standard, 1);
  INFO(run.lowered << run.diagnostics());
  REQUIRE(run.lowerOk);
  CHECK(run.lowered.find("qptr.offset(v0, 64): qptr") != std::string::npos);       // u.color
  CHECK(run.lowered.find("qptr.dyn_offset(v14, v12 x 16)") != std::string::npos);  // u.arr[pc.idx]
  CHECK(run.lowered.find("qptr.buffer_data(&GV1)") != std::string::npos);
  CHECK(run.lowered.find("spv.OpAccessChain") == std::string::npos);
  CHECK(run.lowered.find("in Handles") != std::string::npos);
}

TEST_CASE("lower: handle arrays, buffer lengths, local variables", "[qptr][lower]") {
  auto t4 = test::runQptr(test::experimentWords(*find("t4_descidx.frag")), qptr::LayoutKind::Standard, 1);
  INFO(t4.lowered);
  CHECK(t4.lowered.find("qptr.handle_array_index(&GV0") != std::string::npos);
  CHECK(t4.lowered.find("qptr.offset(") != std::string::npos);
  auto t1 = test::runQptr(test::experimentWords(*find("t1_ssbo.comp")), qptr::LayoutKind::Standard, 1);
  CHECK(t1.lowered.find("qptr.buffer_dyn_len(&GV1, fixed_base_size: 16, dyn_unit_stride: 32)") != std::string::npos);
  CHECK(t1.lowered.find("qptr.func_local_var(size: 32, align: 16)") != std::string::npos);
}

TEST_CASE("lower keeps unknown pointer instructions with fallback attributes", "[qptr][lower]") {
  auto run = test::runQptr(test::experimentWords(*find("b_select")), qptr::LayoutKind::Standard, 1);
  INFO(run.lowered);
  CHECK(run.lowered.find("qptr.to_spv_ptr_input(\"input_idx: 1, u32\")") != std::string::npos);
  CHECK(run.lowered.find("qptr.from_spv_ptr_output") != std::string::npos);
  CHECK(run.lowered.find("spv.OpSelect(") != std::string::npos);
  auto e = test::runQptr(test::experimentWords(*find("e_conflict")), qptr::LayoutKind::Standard, 1);
  CHECK(e.lowered.find("qptr.offset(&GV3, 0)") != std::string::npos);  // pointer bitcast
}

TEST_CASE("lower rejects indexing into a row-major matrix with a diagnostic", "[qptr][lower]") {
  std::string error;
  // t7 only loads the whole matrix (fine); index into it to hit the unsupported path.
  const char* glsl = R"(#version 450
layout(std140, set = 0, binding = 0, row_major) uniform U { mat4 m; } u;
layout(location = 0) out vec4 c;
void main() { c = u.m[1]; }
)";
  const std::string path = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/sl-qptr-rowmajor.frag";
  FILE* f = std::fopen(path.c_str(), "w");
  REQUIRE(f);
  std::fputs(glsl, f);
  std::fclose(f);
  auto words = test::compileWithGlslang(path, "frag", false, "main", "vulkan1.2");
  REQUIRE(!words.empty());
  auto run = test::runQptr(words, qptr::LayoutKind::Standard, 3);
  INFO(run.lowered << run.diagnostics());
  CHECK(run.lowerOk == false);
  CHECK(run.diagnostics().find("RowMajor") != std::string::npos);
  // The access chain is kept (fallback) and the module still lifts to valid SPIR-V.
  CHECK(run.validation == "");
}
