// qptr.lift adds instructions, nodes and types while it walks the IR, holding references to
// others. With std::vector tables each of these cases was a use-after-free once the table
// reallocated (found with the tables shrunk to their size and ASan); the IR's tables are now
// StableVectors, whose elements never move (tests/unit/support/StableVectorTest.cpp). These tests
// keep the shapes that triggered it, with unused types added so that the type table crosses
// chunk and power-of-two boundaries at different points, and check the lifted result.
#include "QptrTestUtil.h"

#include "../spirv-reader/SpirvTestUtil.h"

#include "core/passes/qptr/QptrLift.h"

#include <catch2/catch.hpp>

using namespace sl;

namespace {

struct LiftRun {
  bool ok = false;
  std::string lifted, diagnostics;
};

// Lowers and analyzes `words` (runQptr up to analyze), adds `typePadding` unused types to the
// context, then lifts.
LiftRun liftWithPadding(const std::vector<uint32_t>& words, size_t typePadding, bool synthesize) {
  test::QptrRun run = test::runQptr(words, qptr::LayoutKind::Standard, 2, synthesize);
  if (!run.analyzeOk) return {false, run.validation + run.analyzed, run.diagnostics()};
  ir::Context& cx = run.module->cx();
  for (size_t i = 0; i < typePadding; ++i) cx.arrayType(cx.boolType(), uint32_t(1000000 + i));
  LiftRun lift;
  lift.ok = qptr::liftFromQptr(*run.module, run.state, run.analysis);
  lift.lifted = test::printWithoutLocs(*run.module);
  lift.diagnostics = run.diagnostics();
  return lift;
}

std::vector<uint32_t> assemble(const std::string& text) {
  std::string error;
  auto words = test::assembleSpirv(text, error);
  INFO(error);
  REQUIRE(!words.empty());
  return words;
}

// Paddings up to 200 put the type table's size on entry to lift at every chunk boundary up to
// there (and, were it a std::vector again, at the 64 and 128 capacities where it reallocated).
constexpr size_t kPaddings = 200;

// Lifts `words` with every padding below kPaddings; each must lift and print `expected`.
void requireLiftAtEveryPadding(const std::vector<uint32_t>& words, bool synthesize, const std::string& expected) {
  for (size_t pad = 0; pad < kPaddings; ++pad) {
    const LiftRun run = liftWithPadding(words, pad, synthesize);
    INFO("padding " << pad << "\n" << run.lifted << run.diagnostics);
    REQUIRE(run.ok);
    REQUIRE(run.lifted.find(expected) != std::string::npos);
  }
}

}  // namespace

TEST_CASE("lift materializes select outputs into a new block while the node table grows", "[qptr][lift][growth]") {
  // c_phi's `then`/`else` regions have no block: the access chains for the pointer phi go into
  // new Block nodes (liftSelectOutputs held the select's NodeDef across that).
  auto run = liftWithPadding(test::experimentWords(test::experiment("c_phi")), 0, true);
  INFO(run.lifted << run.diagnostics);
  CHECK(run.ok);
  CHECK(run.lifted.find(": ptr<StorageBuffer, u32>) = if") != std::string::npos);
}

TEST_CASE("lift synthesizes the element type of a buffer array while the type table grows", "[qptr][lift][growth]") {
  // bufs[] is a runtime array of Block structs: synthesizeBufferType read the array's TypeDef
  // after building the new Block struct.
  const auto words = test::experimentWords(test::experiment("t4_descidx.frag"));
  REQUIRE(!words.empty());
  requireLiftAtEveryPadding(words, true, "0: u32 #[Offset(12)]");
}

TEST_CASE("lift rebuilds nested buffer members while the type table grows", "[qptr][lift][growth]") {
  // s[i].b of `buffer B { S s[]; }`: the member for s is rebuilt from a new struct S and a new
  // runtime array, made while member() still needs the declared member `s` (its NonWritable).
  // member() keeps a pointer into B's member list for that.
  const auto words = assemble(R"(
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid %buf
OpExecutionMode %main LocalSize 1 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpMemberDecorate %S 0 Offset 0
OpMemberDecorate %S 1 Offset 4
OpDecorate %rta ArrayStride 8
OpMemberDecorate %B 0 Offset 0
OpMemberDecorate %B 0 NonWritable
OpDecorate %B Block
OpDecorate %buf DescriptorSet 0
OpDecorate %buf Binding 0
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v3uint = OpTypeVector %uint 3
%ptr_in_v3uint = OpTypePointer Input %v3uint
%ptr_in_uint = OpTypePointer Input %uint
%gid = OpVariable %ptr_in_v3uint Input
%S = OpTypeStruct %float %float
%rta = OpTypeRuntimeArray %S
%B = OpTypeStruct %rta
%ptr_sb_B = OpTypePointer StorageBuffer %B
%ptr_sb_float = OpTypePointer StorageBuffer %float
%buf = OpVariable %ptr_sb_B StorageBuffer
%u0 = OpConstant %uint 0
%u1 = OpConstant %uint 1
%main = OpFunction %void None %fn
%entry = OpLabel
%px = OpAccessChain %ptr_in_uint %gid %u0
%x = OpLoad %uint %px
%p = OpAccessChain %ptr_sb_float %buf %u0 %x %u1
%v = OpLoad %float %p
OpReturn
OpFunctionEnd
)");
  // The rebuilt member keeps the declared one's NonWritable (read after the new types).
  requireLiftAtEveryPadding(words, true, "#[Offset(0), NonWritable]");
}

TEST_CASE("lift descends into a struct or an array while the type table grows and no u32 type yet", "[qptr][lift][growth]") {
  // No unsigned type in the module: the first access-chain index lift makes interns u32, which
  // descend() did while it held the TypeDef of the struct (or array) it stepped into.
  const std::string header = R"(
OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %priv %arr
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%int = OpTypeInt 32 1
%float = OpTypeFloat 32
%i1 = OpConstant %int 1
%i2 = OpConstant %int 2
%i4 = OpConstant %int 4
%S = OpTypeStruct %float %float
%ptr_priv_S = OpTypePointer Private %S
%ptr_priv_float = OpTypePointer Private %float
%priv = OpVariable %ptr_priv_S Private
%A = OpTypeArray %float %i4
%ptr_priv_A = OpTypePointer Private %A
%arr = OpVariable %ptr_priv_A Private
%main = OpFunction %void None %fn
%entry = OpLabel
)";
  const std::string footer = "OpReturn\nOpFunctionEnd\n";
  const struct {
    const char* body;
    const char* expected;
  } cases[] = {
      {"%p = OpAccessChain %ptr_priv_float %priv %i1\n%v = OpLoad %float %p\n",
       "spv.OpAccessChain(&GV0, 1u32): ptr<Private, f32>"},
      {"%p = OpAccessChain %ptr_priv_float %arr %i2\n%v = OpLoad %float %p\n",
       "spv.OpAccessChain(&GV1, 2u32): ptr<Private, f32>"},
  };
  for (const auto& c : cases) requireLiftAtEveryPadding(assemble(header + c.body + footer), false, c.expected);
}
