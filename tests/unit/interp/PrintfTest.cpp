// HLSL printf on the CPU executor: the validation layer's format rules (so CPU and GPU text
// match), every active lane printing in a deterministic order, malformed calls skipped with a
// warning, and the trace of the debugged invocation keeping what its wave printed.
#include <catch2/catch.hpp>

#include <cstring>

#include "interp/Printf.h"
#include "interp/Trace.h"
#include "tests/unit/interp/InterpTestSupport.h"

using namespace sl;
using namespace sl::interptest;

namespace {

struct Args {
  std::vector<std::vector<uint8_t>> storage;
  std::vector<interp::PrintfArg> list;
  template <class T>
  Args& add(std::initializer_list<T> components) {
    std::vector<uint8_t> bytes(components.size() * sizeof(T));
    std::memcpy(bytes.data(), components.begin(), bytes.size());
    storage.push_back(std::move(bytes));
    interp::PrintfArg a;
    a.isFloat = std::is_floating_point_v<T>;
    a.isSigned = std::is_signed_v<T>;
    a.width = uint32_t(sizeof(T) * 8);
    a.components = uint32_t(components.size());
    list.push_back(a);
    return *this;
  }
  std::string format(std::string_view f, std::string& error) {
    for (size_t i = 0; i < list.size(); ++i) list[i].bytes = storage[i].data();
    return interp::formatDebugPrintf(f, list, error);
  }
};

std::string format(std::string_view f, Args args) {
  std::string error;
  std::string text = args.format(f, error);
  INFO(error);
  CHECK(error.empty());
  return text;
}

std::string formatError(std::string_view f, Args args) {
  std::string error;
  CHECK(args.format(f, error).empty());
  return error;
}

// A compute shader printing "id=%u v=%v2f neg=%d hex=%08x" for each invocation.
const char* kPrintingShader = R"(
               OpCapability Shader
               OpExtension "SPV_KHR_non_semantic_info"
     %printf = OpExtInstImport "NonSemantic.DebugPrintf"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gid
               OpExecutionMode %main LocalSize 4 1 1
        %fmt = OpString "id=%u v=%v2f neg=%d hex=%08x"
               OpDecorate %gid BuiltIn GlobalInvocationId
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
       %uint = OpTypeInt 32 0
        %int = OpTypeInt 32 1
      %float = OpTypeFloat 32
    %v2float = OpTypeVector %float 2
     %v3uint = OpTypeVector %uint 3
     %uint_2 = OpConstant %uint 2
     %uint_3 = OpConstant %uint 3
    %uint_ff = OpConstant %uint 255
   %float_05 = OpConstant %float 0.5
      %ptr_in = OpTypePointer Input %v3uint
        %gid = OpVariable %ptr_in Input
       %bool = OpTypeBool
       %main = OpFunction %void None %fn
      %entry = OpLabel
         %id = OpLoad %v3uint %gid
          %x = OpCompositeExtract %uint %id 0
         %xf = OpConvertUToF %float %x
          %v = OpCompositeConstruct %v2float %xf %float_05
         %xi = OpBitcast %int %x
        %neg = OpSNegate %int %xi
        %hex = OpIMul %uint %x %uint_ff
      %local = OpBitwiseAnd %uint %x %uint_3
       %even = OpULessThan %bool %local %uint_2
               OpSelectionMerge %done None
               OpBranchConditional %even %print %done
      %print = OpLabel
          %p = OpExtInst %void %printf 1 %fmt %x %v %neg %hex
               OpBranch %done
       %done = OpLabel
               OpReturn
               OpFunctionEnd
)";

}  // namespace

TEST_CASE("printf formats as the validation layer does", "[interp][printf]") {
  CHECK(format("plain text", {}) == "plain text");
  CHECK(format("100%% sure", {}) == "100% sure");
  CHECK(format("%d %i %u", Args().add<int32_t>({-5}).add<int32_t>({7}).add<uint32_t>({4000000000u})) == "-5 7 4000000000");
  CHECK(format("%x %X %o %08x", Args().add<uint32_t>({255}).add<uint32_t>({255}).add<uint32_t>({8}).add<uint32_t>({0xbeef})) == "ff FF 10 0000beef");
  CHECK(format("%f %.2f %e %g", Args().add<float>({1.5f}).add<float>({3.14159f}).add<float>({1000.0f}).add<float>({0.25f})) ==
        "1.500000 3.14 1.000000e+03 0.25");
  CHECK(format("%5d|%-5d|", Args().add<int32_t>({42}).add<int32_t>({42})) == "   42|42   |");
  // 64-bit integers need the `l` length; doubles print at their own precision.
  CHECK(format("%lu %ld %lx", Args().add<uint64_t>({1ull << 40}).add<int64_t>({-(1ll << 40)}).add<uint64_t>({0x123456789ull})) ==
        "1099511627776 -1099511627776 123456789");
  CHECK(format("%.3f", Args().add<double>({2.0 / 3.0})) == "0.667");
  // Vectors: one argument, components joined by ", ".
  CHECK(format("%v3u", Args().add<uint32_t>({1, 2, 3})) == "1, 2, 3");
  CHECK(format("(%.1v2f)", Args().add<float>({0.25f, -1.0f})) == "(0.2, -1.0)");  // precision, then the vector size
  CHECK(format("%v4x", Args().add<uint32_t>({10, 11, 12, 13})) == "a, b, c, d");
}

TEST_CASE("a malformed printf is skipped with the reason", "[interp][printf]") {
  CHECK_THAT(formatError("%s", Args().add<uint32_t>({1})), Catch::Contains("'%s' is not a conversion"));
  CHECK_THAT(formatError("%d %d", Args().add<int32_t>({1})), Catch::Contains("more arguments than the 1 it got"));
  CHECK_THAT(formatError("%v3f", Args().add<float>({1.0f, 2.0f})), Catch::Contains("wants 3 components of an argument that has 2"));
  CHECK_THAT(formatError("%1234d", Args().add<int32_t>({1})), Catch::Contains("too large"));
  CHECK_THAT(formatError("trailing %", {}), Catch::Contains("is not a conversion"));
}

TEST_CASE("every active lane prints, workgroup by workgroup", "[interp][printf]") {
  Buffers b;
  interp::DispatchOptions options;
  options.threads = 2;  // workgroups finish in any order; the messages still come in workgroup order
  options.subgroupSize = 4;
  const RunResult r = run(assemble(kPrintingShader), b, {3, 1, 1}, options);
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  // Invocations 0 and 1 of each workgroup print (the branch); global ids 0, 1, 4, 5, 8, 9.
  REQUIRE(r.result.printfs.size() == 6);
  const std::vector<uint32_t> globals = {0, 1, 4, 5, 8, 9};
  for (size_t i = 0; i < globals.size(); ++i) {
    const interp::PrintfMessage& m = r.result.printfs[i];
    const uint32_t x = globals[i];
    CHECK(m.global[0] == x);
    CHECK(m.workgroup[0] == x / 4);
    CHECK(m.local[0] == x % 4);
    char expected[128];
    std::snprintf(expected, sizeof expected, "id=%u v=%.6f, 0.500000 neg=%d hex=%08x", x, double(x), -int(x), x * 255);
    CHECK(m.text == expected);
  }
  CHECK(r.result.droppedPrintfs == 0);

  SECTION("past the limit, the first messages in workgroup order are kept") {
    options.maxPrintfMessages = 3;
    const RunResult limited = run(assemble(kPrintingShader), b, {3, 1, 1}, options);
    REQUIRE(limited.result.printfs.size() == 3);
    CHECK(limited.result.printfs[2].global[0] == 4);
    CHECK(limited.result.droppedPrintfs == 3);
  }
}

TEST_CASE("a printf whose format the layer would refuse warns and prints nothing", "[interp][printf]") {
  std::string text = kPrintingShader;
  const std::string good = "\"id=%u v=%v2f neg=%d hex=%08x\"";
  text.replace(text.find(good), good.size(), "\"id=%u %s\"");
  Buffers b;
  const RunResult r = run(assemble(text), b);
  CHECK(r.result.ok);
  CHECK(r.result.printfs.empty());
  CHECK_THAT(r.diagnostics, Catch::Contains("printf skipped: '%s' is not a conversion"));
}

TEST_CASE("the trace keeps what the traced wave printed, at its step", "[interp][printf][trace]") {
  const std::vector<uint32_t> words = assemble(kPrintingShader);
  interp::DecodeResult decoded = interp::decodeModule(words);
  REQUIRE(decoded.module);
  Buffers b;
  interp::TraceRecorder trace;
  trace.localIndex = 1;
  interp::DispatchDesc desc;
  desc.module = decoded.module;
  desc.resources = &b;
  desc.options.subgroupSize = 4;
  desc.trace = &trace;
  REQUIRE(interp::dispatch(desc).ok);
  REQUIRE(trace.prints.size() == 2);  // lanes 0 and 1 of the traced wave
  CHECK(trace.prints[0].lane == 0);
  CHECK(trace.prints[1].lane == 1);
  CHECK(trace.prints[1].text == "id=1 v=1.000000, 0.500000 neg=-1 hex=000000ff");
  // The print belongs to the step that ran the DebugPrintf.
  const interp::TraceStep& step = trace.steps.at(trace.prints[1].step);
  const interp::Inst& inst = decoded.module->functions[step.function].insts[step.inst];
  CHECK(inst.opcode == 12);  // OpExtInst
}
