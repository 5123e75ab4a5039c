// The pipeline's SPIR-V stages (core/pipeline/SpirvBackend) through compileSource.
#include "core/pipeline/Pipeline.h"

#include <catch2/catch.hpp>

static std::shared_ptr<const sl::CompileResult> compile(const std::string& src, std::vector<std::string> extra = {}) {
  std::vector<std::string> args{"-spirv", "-T", "cs_6_0", "-E", "main", "-fspv-target-env=vulkan1.3"};
  args.insert(args.end(), extra.begin(), extra.end());
  sl::ParsedCommandLine cl = sl::parseDxcCommandLine(args);
  REQUIRE(cl.error.empty());
  return sl::compileSource("t.hlsl", src, cl.options);
}

TEST_CASE("pipeline: ir, ir.bound, spirv and reflection stages", "[irgen][pipeline]") {
  auto r = compile(R"(
RWStructuredBuffer<uint> outBuf : register(u2);
AppendStructuredBuffer<uint> app;
[numthreads(8,4,1)]
void main(uint i : SV_GroupIndex) { outBuf[i] = outBuf.IncrementCounter(); app.Append(i); }
)");
  INFO(sl::renderDiagnostics(r->diagnostics));
  REQUIRE(r->succeeded);
  REQUIRE(r->stage("ir"));
  REQUIRE(r->stage("ir.bound"));
  REQUIRE(r->stage("spirv"));
  REQUIRE(r->stage("reflection"));
  CHECK(r->object.size() > 20);
  CHECK(r->object[0] == 0x03);  // SPIR-V magic, little endian
  const std::string& refl = r->stage("reflection")->text;
  CHECK(refl.find("workgroup size: 8 4 1") != std::string::npos);
  CHECK(refl.find("set 0 binding 2  STORAGE_BUFFER  RWStructuredBuffer<uint>  outBuf") != std::string::npos);
  CHECK(refl.find("set 0 binding 0  STORAGE_BUFFER  AppendStructuredBuffer<uint>  app") != std::string::npos);
  CHECK(refl.find("set 0 binding 1  STORAGE_BUFFER  counter of app  counter_var_app") != std::string::npos);
  CHECK(refl.find("set 0 binding 3  STORAGE_BUFFER  counter of outBuf  counter_var_outBuf") != std::string::npos);
  CHECK(r->stage("ir")->lineSources.size() > 3);
}

TEST_CASE("pipeline: an unsupported shader stage is an error, not invalid output", "[irgen][pipeline]") {
  auto r = compile("float4 main() : SV_Target { return 1; }\n");
  CHECK_FALSE(r->succeeded);
  CHECK(r->object.empty());
}

TEST_CASE("pipeline: the DXIL target produces the llvm, dxil and container stages", "[irgen][pipeline]") {
  sl::ParsedCommandLine cl = sl::parseDxcCommandLine({"-T", "cs_6_0", "-E", "main", "-Fo", "x.o"});
  auto r = sl::compileSource("t.hlsl", "RWStructuredBuffer<uint> o;\n[numthreads(1,1,1)] void main() { o[0] = 7; }\n",
                             cl.options);
  REQUIRE(r->succeeded);
  REQUIRE(r->stage("llvm") != nullptr);
  CHECK(r->stage("llvm")->text.find("dxil-pc-shadermodel6.0-compute") != std::string::npos);
  REQUIRE(r->stage("dxil") != nullptr);
  // SM 6.0: createHandle and bufferStore (rawBufferStore and SM 6.6's handle ops came later).
  CHECK(r->stage("dxil")->text.find("@dx.op.createHandle(i32 57, i8 1, i32 0, i32 0, i1 false)") != std::string::npos);
  CHECK(r->stage("dxil")->text.find("@dx.op.bufferStore.i32(i32 69,") != std::string::npos);
  CHECK(r->stage("dxil")->text.find("rawBufferStore") == std::string::npos);
  REQUIRE(r->object.size() > 32);
  CHECK(std::string(r->object.begin(), r->object.begin() + 4) == "DXBC");
}
