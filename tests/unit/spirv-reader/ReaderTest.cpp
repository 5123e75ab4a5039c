// The reader's structure: regions and nodes rebuilt from merge information, phis as node
// outputs / region inputs, names and line info kept, and diagnostics for bad input.
#include "SpirvTestUtil.h"

#include "core/ir/Printer.h"
#include "core/spirv/reader/Reader.h"

#include <catch2/catch.hpp>

using namespace sl;

namespace {

const char* kHeader = R"(
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
)";

const char* kTypes = R"(
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%bool = OpTypeBool
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%u5 = OpConstant %uint 5
%ptr_priv = OpTypePointer Private %uint
%g = OpVariable %ptr_priv Private
)";

spirv::ReadResult read(const std::string& body, std::string& printed, const std::string& extraDebug = "") {
  std::string error;
  auto words = test::assembleSpirv(std::string(kHeader) + extraDebug + kTypes + body, error);
  INFO(error);
  REQUIRE(!words.empty());
  auto r = spirv::readModule(words, std::make_shared<ir::Context>());
  if (r.module) {
    ir::PrintOptions po;
    po.debugLocs = false;
    printed = ir::printModule(*r.module, po).text;
  }
  return r;
}

}  // namespace

TEST_CASE("if/else with a phi becomes a select node output", "[spirv-reader]") {
  std::string text;
  auto r = read(R"(
%main = OpFunction %void None %fn
%e = OpLabel
%x = OpLoad %uint %g
%c = OpULessThan %bool %x %u5
OpSelectionMerge %m None
OpBranchConditional %c %t %f
%t = OpLabel
%a = OpIAdd %uint %x %u1
OpBranch %m
%f = OpLabel
OpBranch %m
%m = OpLabel
%p = OpPhi %uint %a %t %u0 %f
OpStore %g %p
OpReturn
OpFunctionEnd
)", text);
  INFO(text);
  REQUIRE(r.ok());
  CHECK(text.find("(v2: u32) = if v1 {") != std::string::npos);
  CHECK(text.find("yield(v3)") != std::string::npos);
  CHECK(text.find("yield(0u32)") != std::string::npos);
  CHECK(text.find("spv.OpStore(&GV0, v2)") != std::string::npos);
}

TEST_CASE("a loop with a header phi and a conditional back edge", "[spirv-reader]") {
  std::string text;
  auto r = read(R"(
%main = OpFunction %void None %fn
%e = OpLabel
OpBranch %h
%h = OpLabel
%i = OpPhi %uint %u0 %e %next %cont
OpLoopMerge %m %cont None
OpBranch %body
%body = OpLabel
OpStore %g %i
OpBranch %cont
%cont = OpLabel
%next = OpIAdd %uint %i %u1
%done = OpUGreaterThanEqual %bool %next %u5
OpBranchConditional %done %m %h
%m = OpLabel
OpReturn
OpFunctionEnd
)", text);
  INFO(text << renderDiagnostics(r.diagnostics));
  REQUIRE(r.ok());
  CHECK(text.find("loop(v0: u32 = 0u32)") != std::string::npos);
  CHECK(text.find("continuing") != std::string::npos);
  CHECK(text.find("break_if") != std::string::npos);
}

TEST_CASE("a while loop's merge-less exit branch becomes a break", "[spirv-reader]") {
  std::string text;
  auto r = read(R"(
%main = OpFunction %void None %fn
%e = OpLabel
OpBranch %h
%h = OpLabel
OpLoopMerge %m %cont None
OpBranch %cond
%cond = OpLabel
%x = OpLoad %uint %g
%c = OpULessThan %bool %x %u5
OpBranchConditional %c %body %m
%body = OpLabel
%y = OpIAdd %uint %x %u1
OpStore %g %y
OpBranch %cont
%cont = OpLabel
OpBranch %h
%m = OpLabel
OpReturn
OpFunctionEnd
)", text);
  INFO(text);
  REQUIRE(r.ok());
  CHECK(text.find("break") != std::string::npos);
  CHECK(text.find("loop") != std::string::npos);
}

TEST_CASE("switch cases in block order with fall-through", "[spirv-reader]") {
  std::string text;
  auto r = read(R"(
%main = OpFunction %void None %fn
%e = OpLabel
%x = OpLoad %uint %g
OpSelectionMerge %m None
OpSwitch %x %d 1 %c1 2 %c2
%c1 = OpLabel
OpStore %g %u0
OpBranch %c2
%c2 = OpLabel
OpStore %g %u1
OpBranch %m
%d = OpLabel
OpBranch %m
%m = OpLabel
OpReturn
OpFunctionEnd
)", text);
  INFO(text);
  REQUIRE(r.ok());
  CHECK(text.find("switch") != std::string::npos);
  CHECK(text.find("fallthrough") != std::string::npos);
}

TEST_CASE("names and line information are kept", "[spirv-reader]") {
  std::string text;
  auto r = read(R"(
%main = OpFunction %void None %fn
%e = OpLabel
OpLine %file 7 3
%x = OpLoad %uint %g
OpStore %g %x
OpReturn
OpFunctionEnd
)", text, "%file = OpString \"shader.hlsl\"\nOpSource HLSL 600 %file\nOpName %g \"counter\"\nOpName %x \"value\"\n");
  REQUIRE(r.ok());
  CHECK(text.find("GV0`counter`") != std::string::npos);
  REQUIRE(r.module->debugFiles.size() == 1);
  CHECK(r.module->debugFiles[0].path == "shader.hlsl");
  bool found = false;
  for (const auto& inst : r.module->functions[0].insts)
    if (inst.attrs.name == "value") {
      found = true;
      CHECK(inst.attrs.loc.line == 7);
      CHECK(inst.attrs.loc.column == 3);
    }
  CHECK(found);
}

TEST_CASE("bad input gives a diagnostic with the word offset and opcode", "[spirv-reader]") {
  std::string error;
  auto words = test::assembleSpirv(std::string(kHeader) + kTypes + R"(
%main = OpFunction %void None %fn
%e = OpLabel
OpReturn
OpFunctionEnd
)", error);
  REQUIRE(!words.empty());
  SECTION("truncated") {
    words.resize(words.size() - 1);
    auto r = spirv::readModule(words, std::make_shared<ir::Context>());
    REQUIRE(!r.ok());
    CHECK(r.diagnostics[0].message.find("SPIR-V word") != std::string::npos);
    CHECK(r.diagnostics[0].message.find("(OpFunction): function without OpFunctionEnd") != std::string::npos);
  }
  SECTION("bad magic") {
    words[0] = 0x12345678;
    auto r = spirv::readModule(words, std::make_shared<ir::Context>());
    REQUIRE(!r.ok());
    CHECK(r.diagnostics[0].message.find("magic") != std::string::npos);
  }
  SECTION("unstructured branch") {
    std::string err2;
    auto bad = test::assembleSpirv(std::string(kHeader) + kTypes + R"(
%main = OpFunction %void None %fn
%e = OpLabel
%x = OpLoad %uint %g
%c = OpULessThan %bool %x %u5
OpBranchConditional %c %a %b
%a = OpLabel
OpReturn
%b = OpLabel
OpReturn
OpFunctionEnd
)", err2);
    REQUIRE(!bad.empty());
    auto r = spirv::readModule(bad, std::make_shared<ir::Context>());
    REQUIRE(!r.ok());
    CHECK(r.diagnostics[0].message.find("OpBranchConditional") != std::string::npos);
    CHECK(r.diagnostics[0].message.find("without OpSelectionMerge") != std::string::npos);
  }
  SECTION("odd byte count") {
    std::vector<uint8_t> bytes(words.size() * 4 - 2);
    auto r = spirv::readModuleBytes(bytes, std::make_shared<ir::Context>());
    CHECK(!r.ok());
  }
}
