// The pipeline generator (renderer/offload/Generate.h): shaders compiled with our compiler get a
// pipeline with every used binding at its reflected slot, of the right kind, format and size,
// filled deterministically; the YAML prints and parses back; and the pipeline runs on the CPU
// device with the results the shader computes from the generated inputs.
#include "core/pipeline/Pipeline.h"
#include "renderer/hal/Device.h"
#include "renderer/offload/Bundle.h"
#include "renderer/offload/Executor.h"
#include "renderer/offload/Generate.h"
#include "renderer/offload/PipelineParser.h"
#include "renderer/offload/PipelinePrinter.h"
#include "renderer/offload/SpirvReflect.h"
#include "tests/unit/offload/SpirvAsm.h"

#include <catch2/catch.hpp>

#include <algorithm>
#include <cstring>
#include <set>

namespace off = sl::offload;
namespace hal = sl::hal;

namespace {

std::vector<uint8_t> compile(const std::string& source, std::vector<std::string> args) {
  args.insert(args.begin(), "-fspv-heap-form=portable");
  args.insert(args.end(), {"-spirv", "-fspv-target-env=vulkan1.3", "test.hlsl"});
  sl::ParsedCommandLine cl = sl::parseDxcCommandLine(args);
  INFO(cl.error);
  REQUIRE(cl.error.empty());
  auto result = sl::compileSource("test.hlsl", source, cl.options);
  std::string messages;
  for (const sl::Diagnostic& d : result->diagnostics) messages += d.message + "\n";
  INFO(messages);
  REQUIRE(result->succeeded);
  return result->object;
}

off::Pipeline generate(const std::vector<uint8_t>& spirv, off::GenerateOptions options = {}) {
  off::ReflectedModule module = off::reflectSpirv(spirv);
  INFO(module.error);
  REQUIRE(module.ok());
  off::GenerateResult r = off::generatePipeline(module, options);
  INFO(r.error);
  REQUIRE(r.ok());
  return *r.pipeline;
}

std::string generateError(const std::vector<uint8_t>& spirv) {
  off::GenerateResult r = off::generatePipeline(off::reflectSpirv(spirv));
  CHECK_FALSE(r.ok());
  return r.error;
}

const off::Resource& resource(const off::Pipeline& p, const std::string& name) {
  for (const off::DescriptorSet& set : p.sets)
    for (const off::Resource& r : set.resources)
      if (r.name == name) return r;
  FAIL("no resource " << name);
  static off::Resource none;
  return none;
}

const off::Buffer& buffer(const off::Pipeline& p, const std::string& name) {
  const off::Buffer* b = p.findBuffer(name);
  INFO(name);
  REQUIRE(b);
  return *b;
}

template <typename T>
T at(const off::Buffer& b, size_t index, size_t arrayElement = 0) {
  T v;
  REQUIRE(arrayElement < b.data.size());
  REQUIRE((index + 1) * sizeof(T) <= b.data[arrayElement].size());
  std::memcpy(&v, b.data[arrayElement].data() + index * sizeof(T), sizeof(T));
  return v;
}

// Printed, parsed back and printed again: the same text and the same bytes.
void checkRoundTrip(const off::Pipeline& p) {
  const std::string yaml = off::printPipeline(p);
  off::ParseResult parsed = off::parsePipeline(yaml, "generated.yaml");
  INFO(parsed.renderErrors());
  REQUIRE(parsed.ok());
  CHECK(off::printPipeline(*parsed.pipeline) == yaml);
  REQUIRE(parsed.pipeline->buffers.size() == p.buffers.size());
  for (size_t i = 0; i < p.buffers.size(); ++i) {
    INFO(p.buffers[i].name);
    CHECK(parsed.pipeline->buffers[i].data == p.buffers[i].data);
  }
}

void runOnCpu(off::Pipeline& p, const std::vector<uint8_t>& spirv) {
  auto device = hal::createDevice({.backend = hal::Backend::Cpu});
  INFO(device.status().message());
  REQUIRE(device.ok());
  hal::Status st = off::executePipeline(**device, p, {spirv});
  INFO(st.message());
  REQUIRE(st.ok());
}

const char* kStructured = R"(
struct S { float a; int b; float2 c; };
StructuredBuffer<S> In : register(t0);
ByteAddressBuffer Raw : register(t1);
RWStructuredBuffer<float> Out : register(u2);
RWByteAddressBuffer RawOut : register(u3);
RWStructuredBuffer<uint> Slots : register(u4);
RWStructuredBuffer<float> Unused : register(u5);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  S s = In[id.x];
  Out[id.x] = s.a * 2 + s.b;
  RawOut.Store(id.x * 4, Raw.Load(id.x * 4) + 1);
  Slots[id.x] = Slots.IncrementCounter();
}
)";

}  // namespace

TEST_CASE("structured and byte-address buffers with a counter", "[offload][generate]") {
  const std::vector<uint8_t> spirv = compile(kStructured, {"-T", "cs_6_0", "-E", "main"});
  const off::ReflectedModule module = off::reflectSpirv(spirv);
  off::Pipeline p = generate(spirv);

  REQUIRE(p.shaders.size() == 1);
  CHECK(p.shaders[0].entry == "main");
  CHECK(p.dispatch.groupCount == std::array<uint32_t, 3>{4, 1, 1});  // 256 invocations
  REQUIRE(p.sets.size() == 1);
  CHECK(p.sets[0].resources.size() == 5);  // not the unused one
  CHECK(p.findBuffer("Unused") == nullptr);

  const off::Resource& in = resource(p, "In");
  CHECK(in.kind == off::ResourceKind::StructuredBuffer);
  CHECK(in.vkBinding->binding == 0);
  CHECK(in.dxBinding->registerIndex == 0);
  CHECK(in.dxBinding->space == 0);
  const off::Buffer& inBuf = buffer(p, "In");
  CHECK(inBuf.format == off::DataFormat::Hex32);  // float and int members
  CHECK(inBuf.stride == 16);
  CHECK(inBuf.size == 512 * 16);  // max(64, 2 x 256) elements

  CHECK(resource(p, "Raw").kind == off::ResourceKind::ByteAddressBuffer);
  CHECK(buffer(p, "Raw").format == off::DataFormat::UInt32);
  CHECK(resource(p, "Out").kind == off::ResourceKind::RWStructuredBuffer);
  CHECK(resource(p, "Out").vkBinding->binding == 2);
  CHECK(resource(p, "Out").dxBinding->registerIndex == 2);
  CHECK(buffer(p, "Out").format == off::DataFormat::Float32);
  CHECK(resource(p, "RawOut").kind == off::ResourceKind::RWByteAddressBuffer);

  const off::Resource& slots = resource(p, "Slots");
  CHECK(slots.hasCounter);
  const off::ReflectedBinding* counter = nullptr;
  for (const off::ReflectedBinding& b : module.bindings)
    if (b.name == "counter_var_Slots") counter = &b;
  REQUIRE(counter);
  REQUIRE(slots.vkBinding->counterBinding.has_value());
  CHECK(*slots.vkBinding->counterBinding == counter->binding);

  // The pattern: floats in [-4, 4] on 1/16 steps, integers below 1000.
  for (size_t i = 0; i < 512; ++i) {
    const float a = at<float>(inBuf, i * 4);
    CHECK(std::fabs(a) <= 4.0f);
    CHECK(a * 16 == std::floor(a * 16));
    CHECK(uint32_t(at<int32_t>(inBuf, i * 4 + 1)) < 1000u);
  }
  checkRoundTrip(p);

  const off::Pipeline input = p;
  runOnCpu(p, spirv);
  const off::Buffer& out = buffer(p, "Out");
  const off::Buffer& rawOut = buffer(p, "RawOut");
  for (size_t i = 0; i < 512; ++i) {
    INFO(i);
    if (i < 256) {
      CHECK(at<float>(out, i) == at<float>(inBuf, i * 4) * 2 + float(at<int32_t>(inBuf, i * 4 + 1)));
      CHECK(at<uint32_t>(rawOut, i) == at<uint32_t>(buffer(input, "Raw"), i) + 1);
    } else {  // past the dispatch: the input pattern is still there
      CHECK(at<float>(out, i) == at<float>(buffer(input, "Out"), i));
    }
  }
  REQUIRE(buffer(p, "Slots").counters.size() == 1);
  CHECK(buffer(p, "Slots").counters[0] == 256);
  std::set<uint32_t> values;
  for (size_t i = 0; i < 256; ++i) values.insert(at<uint32_t>(buffer(p, "Slots"), i));
  CHECK(values.size() == 256);
  CHECK(*values.rbegin() == 255);
}

TEST_CASE("typed buffers and a constant buffer", "[offload][generate]") {
  const char* source = R"(
cbuffer Params : register(b0) { float scale; uint offset; float2 pad; float4 bias; };
Buffer<float4> Src : register(t1);
RWBuffer<uint> Dst : register(u2);
RWBuffer<float4> Dst4 : register(u3);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.y * 16 + id.x;
  Dst4[i] = Src[i] * scale + bias;
  Dst[i] = i + offset;
}
)";
  const std::vector<uint8_t> spirv = compile(source, {"-T", "cs_6_0", "-E", "main"});
  off::Pipeline p = generate(spirv);
  CHECK(p.dispatch.groupCount == std::array<uint32_t, 3>{2, 2, 1});  // a 16 x 16 grid

  const off::Resource& params = resource(p, "Params");
  CHECK(params.kind == off::ResourceKind::ConstantBuffer);
  CHECK(params.dxBinding->registerIndex == 0);
  const off::Buffer& cb = buffer(p, "Params");
  CHECK(cb.size == 32);
  CHECK(cb.format == off::DataFormat::Hex32);
  CHECK(at<uint32_t>(cb, 1) < 1000u);

  CHECK(resource(p, "Src").kind == off::ResourceKind::Buffer);
  CHECK(buffer(p, "Src").format == off::DataFormat::Float32);
  CHECK(buffer(p, "Src").channels == 4);
  CHECK(resource(p, "Dst").kind == off::ResourceKind::RWBuffer);
  CHECK(buffer(p, "Dst").format == off::DataFormat::UInt32);
  CHECK(buffer(p, "Dst").channels == 1);
  CHECK(buffer(p, "Dst").size == 512 * 4);
  CHECK(buffer(p, "Dst4").channels == 4);
  checkRoundTrip(p);

  const off::Pipeline input = p;
  runOnCpu(p, spirv);
  const float scale = at<float>(cb, 0);
  const uint32_t offset = at<uint32_t>(cb, 1);
  for (uint32_t i = 0; i < 256; ++i) {
    INFO(i);
    CHECK(at<uint32_t>(buffer(p, "Dst"), i) == i + offset);
    for (uint32_t c = 0; c < 4; ++c)
      CHECK(at<float>(buffer(p, "Dst4"), i * 4 + c) == at<float>(buffer(input, "Src"), i * 4 + c) * scale + at<float>(cb, 4 + c));
  }
}

TEST_CASE("textures, a sampler and descriptor arrays", "[offload][generate]") {
  const char* source = R"(
Texture2D<float4> Tex : register(t0);
Texture2D<float> Layers[3] : register(t1);
RWTexture2D<float4> Target : register(u4);
SamplerState Samp : register(s5);
RWStructuredBuffer<float> Outs[2] : register(u6);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 t = Tex.Load(int3(id.xy, 0));
  Target[id.xy] = t + Layers[2].Load(int3(id.xy, 0)) + Tex.SampleLevel(Samp, (float2(id.xy) + 0.5) / 16.0, 0);
  Outs[1][id.y * 16 + id.x] = Layers[0].Load(int3(id.xy, 0));
}
)";
  const std::vector<uint8_t> spirv = compile(source, {"-T", "cs_6_0", "-E", "main"});
  off::Pipeline p = generate(spirv);

  const off::Buffer& tex = buffer(p, "Tex");
  CHECK(resource(p, "Tex").kind == off::ResourceKind::Texture2D);
  CHECK(tex.isTexture());
  CHECK(tex.outputProps.width == 16);
  CHECK(tex.outputProps.height == 16);
  CHECK(tex.outputProps.depth == 1);
  CHECK(tex.outputProps.mipLevels == 1);
  CHECK(tex.format == off::DataFormat::Float32);
  CHECK(tex.channels == 4);
  CHECK(tex.size == 16 * 16 * 16);
  CHECK(buffer(p, "Layers").arraySize == 3);
  CHECK(buffer(p, "Layers").data.size() == 3);
  CHECK(buffer(p, "Layers").data[0] != buffer(p, "Layers").data[1]);
  CHECK(resource(p, "Layers").vkBinding->binding == 1);
  CHECK(resource(p, "Target").kind == off::ResourceKind::RWTexture2D);
  CHECK(resource(p, "Target").dxBinding->registerIndex == 4);
  const off::Resource& samp = resource(p, "Samp");
  CHECK(samp.kind == off::ResourceKind::Sampler);
  REQUIRE(samp.samplerIndex >= 0);
  CHECK(p.samplers[size_t(samp.samplerIndex)].minFilter == off::FilterMode::Linear);
  CHECK(samp.dxBinding->registerIndex == 5);
  CHECK(buffer(p, "Outs").arraySize == 2);
  checkRoundTrip(p);

  const off::Pipeline input = p;
  runOnCpu(p, spirv);
  const off::Buffer& layers = buffer(input, "Layers");
  for (uint32_t texel = 0; texel < 256; ++texel) {
    INFO(texel);
    for (uint32_t c = 0; c < 4; ++c)
      CHECK(at<float>(buffer(p, "Target"), texel * 4 + c) ==
            Approx(2 * at<float>(tex, texel * 4 + c) + at<float>(layers, texel * 4, 2)).margin(1e-5));
    CHECK(at<float>(buffer(p, "Outs"), texel, 1) == at<float>(layers, texel * 4, 0));
    CHECK(at<float>(buffer(p, "Outs"), texel, 0) == at<float>(buffer(input, "Outs"), texel, 0));
  }
}

TEST_CASE("push constants, the dispatch and the seed", "[offload][generate]") {
  const char* source = R"(
struct PC { uint base; float mul; };
[[vk::push_constant]] PC pc;
RWStructuredBuffer<float> Out : register(u0);
[numthreads(4, 4, 4)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.z * 64 + id.y * 8 + id.x] = pc.base * pc.mul;
}
)";
  const std::vector<uint8_t> spirv = compile(source, {"-T", "cs_6_0", "-E", "main"});
  off::Pipeline p = generate(spirv);
  CHECK(p.dispatch.groupCount == std::array<uint32_t, 3>{2, 2, 2});
  REQUIRE(p.pushConstants.size() == 1);
  REQUIRE(p.pushConstants[0].values.size() == 1);
  const off::PushConstantValue& v = p.pushConstants[0].values[0];
  CHECK(v.offset == 0);
  CHECK(v.bytes.size() == 8);
  CHECK(v.format == off::DataFormat::Hex32);
  uint32_t base;
  float mul;
  std::memcpy(&base, v.bytes.data(), 4);
  std::memcpy(&mul, v.bytes.data() + 4, 4);
  CHECK(base < 1000);
  checkRoundTrip(p);
  runOnCpu(p, spirv);
  for (size_t i = 0; i < 512; ++i) CHECK(at<float>(buffer(p, "Out"), i) == float(base) * mul);

  // Deterministic per seed; other seeds, other data; the options are taken.
  off::GenerateOptions options;
  CHECK(generate(spirv).buffers[0].data == generate(spirv).buffers[0].data);
  options.seed = 2;
  CHECK(generate(spirv, options).buffers[0].data != generate(spirv).buffers[0].data);
  options.groups = std::array<uint32_t, 3>{3, 1, 1};
  options.elements = 10;
  off::Pipeline small = generate(spirv, options);
  CHECK(small.dispatch.groupCount == std::array<uint32_t, 3>{3, 1, 1});
  CHECK(small.buffers[0].size == 40);
}

TEST_CASE("register shifts give the DirectX registers; colliding bindings are refused", "[offload][generate]") {
  const char* source = R"(
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint> Out : register(u0);
SamplerState S : register(s1, space2);
Texture2D<float4> T : register(t3, space2);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = In[id.x] + uint(T.SampleLevel(S, 0.5, 0).x); }
)";
  CHECK_THAT(generateError(compile(source, {"-T", "cs_6_0", "-E", "main"})),
             Catch::Contains("share set 0 binding 0") && Catch::Contains("-fvk-{b,t,u,s}-shift"));

  const std::vector<std::string> args{"-T", "cs_6_0", "-E", "main", "-fvk-u-shift", "10", "all", "-fvk-s-shift", "20", "space2"};
  const std::vector<uint8_t> spirv = compile(source, args);
  off::GenerateOptions options;
  options.shifts = off::registerShiftsFromArgs(args);
  REQUIRE(options.shifts.size() == 2);
  CHECK(options.shifts[1].space == 2u);
  off::Pipeline p = generate(spirv, options);
  REQUIRE(p.sets.size() == 3);
  CHECK(p.sets[1].resources.empty());
  CHECK(resource(p, "Out").vkBinding->binding == 10);
  CHECK(resource(p, "Out").dxBinding->registerIndex == 0);
  CHECK(resource(p, "S").vkBinding->binding == 21);
  CHECK(resource(p, "S").dxBinding->registerIndex == 1);
  CHECK(resource(p, "S").dxBinding->space == 2);
  CHECK(resource(p, "T").dxBinding->registerIndex == 3);
  checkRoundTrip(p);
  runOnCpu(p, spirv);
}

TEST_CASE("portable descriptor heaps get their slots", "[offload][generate][heaps]") {
  const char* source = R"(
struct Params { uint scale; };
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  RWStructuredBuffer<uint> o = ResourceDescriptorHeap[0];
  StructuredBuffer<uint> i = ResourceDescriptorHeap[1];
  RWStructuredBuffer<uint> c = ResourceDescriptorHeap[2];
  o[id.x] = i[id.x] + 1;
  c.IncrementCounter();
}
)";
  const std::vector<uint8_t> spirv = compile(source, {"-T", "cs_6_6", "-E", "main", "-fspv-heap-slots=4"});
  off::GenerateOptions options;
  options.groups = std::array<uint32_t, 3>{1, 1, 1};
  off::GenerateResult r = off::generatePipeline(off::reflectSpirv(spirv), options);
  INFO(r.error);
  REQUIRE(r.ok());
  off::Pipeline& p = *r.pipeline;
  REQUIRE(p.sets.size() == 1);
  REQUIRE(p.sets[0].resources.size() == 4);  // 4 slots: RW, SRV, RW, SRV
  for (uint32_t slot = 0; slot < 4; ++slot) {
    const off::Resource& h = resource(p, "Heap" + std::to_string(slot));
    REQUIRE(h.heapIndex == slot);
    CHECK_FALSE(h.dxBinding.has_value());
    CHECK(h.kind == (slot % 2 ? off::ResourceKind::StructuredBuffer : off::ResourceKind::RWStructuredBuffer));
    CHECK(h.hasCounter == (slot % 2 == 0));
  }
  REQUIRE(r.notes.size() == 1);
  CHECK_THAT(r.notes[0], Catch::Contains("in turn"));
  checkRoundTrip(p);
  const off::Pipeline input = p;
  runOnCpu(p, spirv);
  for (size_t i = 0; i < 8; ++i) CHECK(at<uint32_t>(buffer(p, "Heap0"), i) == at<uint32_t>(buffer(input, "Heap1"), i) + 1);
  CHECK(at<uint32_t>(buffer(p, "Heap0"), 8) == at<uint32_t>(buffer(input, "Heap0"), 8));
  REQUIRE(buffer(p, "Heap2").counters.size() == 1);
  CHECK(buffer(p, "Heap2").counters[0] == 8);

  // The proposal form's unbounded arrays are refused with the option to use.
  std::vector<std::string> args{"-fspv-heap-form=proposal", "-T", "cs_6_6", "-E", "main"};
  CHECK_THAT(generateError(compile(source, args)), Catch::Contains("-fspv-heap-form=portable"));
}

TEST_CASE("what the pipeline YAML cannot express is refused by name", "[offload][generate]") {
  const char* volume = R"(
Texture3D<float4> Vol : register(t0);
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = Vol.Load(int4(id, 0)); }
)";
  CHECK_THAT(generateError(compile(volume, {"-T", "cs_6_0", "-E", "main"})),
             Catch::Contains("'Vol'") && Catch::Contains("3D image") && Catch::Contains("2D textures only"));
  // A storage image of a UNORM format (DXC's [[vk::image_format("rgba8")]]).
  const char* unorm = R"(
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main"
               OpExecutionMode %main LocalSize 1 1 1
               OpName %img "Img"
               OpDecorate %img DescriptorSet 0
               OpDecorate %img Binding 0
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
       %imgT = OpTypeImage %float 2D 0 0 0 2 Rgba8
        %ptr = OpTypePointer UniformConstant %imgT
        %img = OpVariable %ptr UniformConstant
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %x = OpLoad %imgT %img
               OpReturn
               OpFunctionEnd
)";
  std::string error;
  const std::vector<uint8_t> unormModule = off::test::assemble(unorm, &error);
  INFO(error);
  REQUIRE(!unormModule.empty());
  CHECK_THAT(generateError(unormModule), Catch::Contains("'Img'") && Catch::Contains("image format Rgba8"));
  CHECK_THAT(off::generatePipeline(off::reflectSpirv(compile(volume, {"-T", "cs_6_0", "-E", "main"})), {.entry = "other"}).error,
             Catch::Contains("no compute entry point 'other' (it has: main)"));
}

TEST_CASE("a generated bundle splits, names its compile and run steps and parses", "[offload][generate]") {
  const std::vector<std::string> args{"-T", "cs_6_0", "-E", "main", "-D", "NAME=a b"};
  const std::vector<uint8_t> spirv = compile(kStructured, args);
  const off::Pipeline p = generate(spirv);
  const std::string text = off::makeBundle(kStructured, args, p, {"made by a test"});
  CHECK(text.rfind("# made by a test\n#--- source.hlsl\n", 0) == 0);
  off::BundleResult b = off::parseBundle(text);
  INFO(b.error);
  REQUIRE(b.bundle);
  REQUIRE(b.bundle->part("source.hlsl"));
  CHECK(b.bundle->part("source.hlsl")->text == std::string(kStructured).substr(0));
  REQUIRE(b.bundle->compiles.size() == 1);
  CHECK(b.bundle->compiles[0].args == args);
  CHECK(b.bundle->compiles[0].sourcePart == "source.hlsl");
  REQUIRE(b.bundle->runs.size() == 1);
  CHECK(b.bundle->runs[0].pipelinePart == "pipeline.yaml");
  off::ParseResult parsed = off::parsePipeline(b.bundle->part("pipeline.yaml")->text, "pipeline.yaml");
  INFO(parsed.renderErrors());
  REQUIRE(parsed.ok());
  CHECK(off::printPipeline(*parsed.pipeline) == off::printPipeline(p));
}
