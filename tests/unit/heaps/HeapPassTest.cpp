// The heap legalization pass: DXC's proposal form (shapes of the sm6_6.descriptorheap.* corpus
// tests) and the portable form; every output passes spirv-val.
#include "core/passes/heaps/HeapLegalize.h"
#include "tests/unit/heaps/HeapShaders.h"

#include <spirv/unified1/spirv.hpp>

#include <catch2/catch.hpp>

#include <functional>
#include <iostream>
#include <map>
#include <regex>
#include <set>

using namespace sl;
using namespace sl::passes::heaps;
using ir::Operand;
using ir::Value;
using test::heapHandle;

namespace {

HeapOptions proposal() { return HeapOptions{}; }
HeapOptions portable(uint32_t slots = 16) {
  HeapOptions o;
  o.form = HeapForm::Portable;
  o.portableSlots = slots;
  return o;
}

bool has(const std::string& text, const std::string& pattern) { return std::regex_search(text, std::regex(pattern)); }

HeapLegalizeResult legalizeExpectingErrors(ir::Module& m, const HeapOptions& o) {
  HeapLegalizeResult r = legalizeHeaps(m, o);
  CHECK(!r.ok());
  return r;
}

std::string messages(const HeapLegalizeResult& r) { return renderDiagnostics(r.diagnostics); }

}  // namespace

TEST_CASE("proposal form: RWBuffer from the heap is a runtime array of storage texel buffers", "[heaps][pass]") {
  ir::Module m = test::example1();
  HeapLegalizeResult r;
  std::string text = test::disassemble(test::legalizeAndWrite(m, proposal(), &r));
  CHECK(has(text, "OpCapability RuntimeDescriptorArray"));
  CHECK(has(text, "OpExtension \"SPV_EXT_descriptor_indexing\""));
  CHECK(has(text, "OpTypeImage %int Buffer 2 0 0 2 R32i"));
  CHECK(has(text, "OpTypeRuntimeArray"));
  CHECK(has(text, "OpImageWrite %\\w+ %uint_0 %int_123"));
  REQUIRE(r.arrays.size() == 1);
  // The cbuffer holds (0,0): the heap takes the first free binding after it.
  CHECK(r.arrays[0].binding.set == 0);
  CHECK(r.arrays[0].binding.binding == 1);
  CHECK(r.arrays[0].arraySize == 0);
  CHECK(r.arrays[0].descriptorClass == DescriptorClass::StorageTexelBuffer);
  CHECK(r.usesResourceHeap);
  CHECK(!r.usesSamplerHeap);
  CHECK(!r.status);
  CHECK(has(text, "OpDecorate %\\S+ Binding 1"));
}

TEST_CASE("proposal form: every type of the resource group shares one binding", "[heaps][pass]") {
  // sm6_6.descriptorheap.rwstructuredbuffer.hlsl: output[10] = input[11] with both from the heap.
  ir::Module m(std::make_shared<ir::Context>());
  ir::Context& cx = m.cx();
  ir::Builder b(m);
  ir::FuncId f = b.createFunction("main", cx.voidType(), {});
  b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
  Value input = heapHandle(b, ir::ResourceKind::StructuredBuffer, cx.u32(), b.constU32(0));
  Value output = heapHandle(b, ir::ResourceKind::RWStructuredBuffer, cx.u32(), b.constU32(1));
  ir::Type ptr = cx.pointerType(spv::StorageClassStorageBuffer, cx.u32());
  Value src = b.hlsl(ir::HlslOp::ResourceElementPtr, ptr, {Operand::v(input), Operand::v(b.constU32(11))});
  Value dst = b.hlsl(ir::HlslOp::ResourceElementPtr, ptr, {Operand::v(output), Operand::v(b.constU32(10))});
  b.store(dst, b.load(src));
  b.ret();
  HeapLegalizeResult r;
  std::string text = test::disassemble(test::legalizeAndWrite(m, proposal(), &r));
  REQUIRE(r.arrays.size() == 2);
  CHECK(r.arrays[0].resourceType == "StructuredBuffer<uint>");
  CHECK(r.arrays[1].resourceType == "RWStructuredBuffer<uint>");
  CHECK(r.arrays[0].binding.binding == 0);
  CHECK(r.arrays[1].binding.binding == 0);
  CHECK(has(text, "OpAccessChain %_ptr_StorageBuffer_uint %\\S+ %uint_0 %uint_0 %uint_11"));
  CHECK(has(text, "OpAccessChain %_ptr_StorageBuffer_uint %\\S+ %uint_1 %uint_0 %uint_10"));
  CHECK(has(text, "OpCapability RuntimeDescriptorArray"));
}

TEST_CASE("proposal form: resource, sampler and counter groups take free bindings in that order", "[heaps][pass]") {
  ir::Module m(std::make_shared<ir::Context>());
  ir::Context& cx = m.cx();
  ir::Builder b(m);
  // [[vk::binding(0)]] RWByteAddressBuffer already bound by the ordinary pass.
  ir::Type block = cx.structType("type_RWByteAddressBuffer", {{"data", cx.runtimeArrayType(cx.u32(), 4), {{spv::DecorationOffset, {0}}}}},
                                 {{spv::DecorationBlock, {}}});
  ir::GlobalVarId out = b.global("Out", block, spv::StorageClassStorageBuffer);
  b.bind(out, 0, 0);
  ir::FuncId f = b.createFunction("main", cx.voidType(), {});
  b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
  Value sampler = heapHandle(b, ir::ResourceKind::SamplerState, ir::Type(), b.constU32(2));
  (void)sampler;
  Value buf = heapHandle(b, ir::ResourceKind::RWStructuredBuffer, cx.u32(), b.constU32(3));
  Value counter = b.hlsl(ir::HlslOp::CounterHandleFromHeap, cx.hlslResourceType(ir::ResourceKind::RWStructuredBuffer, cx.u32()),
                         {Operand::v(b.constU32(3))});
  Value old = b.hlsl(ir::HlslOp::CounterIncrement, cx.u32(), {Operand::v(counter)});
  Value dst = b.hlsl(ir::HlslOp::ResourceElementPtr, cx.pointerType(spv::StorageClassStorageBuffer, cx.u32()),
                     {Operand::v(buf), Operand::v(old)});
  b.store(dst, b.constU32(7));
  b.ret();
  HeapLegalizeResult r;
  std::string text = test::disassemble(test::legalizeAndWrite(m, proposal(), &r));
  REQUIRE(r.arrays.size() == 3);
  auto bindingOf = [&](HeapKind k) {
    for (const HeapArray& a : r.arrays)
      if (a.heap == k) return a.binding.binding;
    return UINT32_MAX;
  };
  CHECK(bindingOf(HeapKind::Resource) == 1);
  CHECK(bindingOf(HeapKind::Sampler) == 2);
  CHECK(bindingOf(HeapKind::Counter) == 3);
  CHECK(has(text, "OpAtomicIAdd %int"));
  CHECK(r.usesCounters);

  // -fvk-bind-*-heap pins win, and the unpinned groups still take the lowest free bindings.
  ir::Module pinned(std::make_shared<ir::Context>());
  {
    ir::Builder pb(pinned);
    ir::FuncId pf = pb.createFunction("main", pinned.cx().voidType(), {});
    pb.entryPoint(pf, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
    heapHandle(pb, ir::ResourceKind::SamplerState, ir::Type(), pb.constU32(0));
    Value rb = heapHandle(pb, ir::ResourceKind::RWByteAddressBuffer, pinned.cx().u32(), pb.constU32(1));
    Value p = pb.hlsl(ir::HlslOp::ResourceElementPtr, pinned.cx().pointerType(spv::StorageClassStorageBuffer, pinned.cx().u32()),
                      {Operand::v(rb), Operand::v(pb.constU32(0))});
    pb.store(p, pb.constU32(1));
    pb.ret();
  }
  HeapOptions o = proposal();
  o.resourceHeap = SetBinding{2, 0};
  HeapLegalizeResult pr;
  test::legalizeAndWrite(pinned, o, &pr);
  REQUIRE(pr.arrays.size() == 2);
  for (const HeapArray& a : pr.arrays) {
    if (a.heap == HeapKind::Resource) CHECK((a.binding.set == 2 && a.binding.binding == 0));
    if (a.heap == HeapKind::Sampler) CHECK((a.binding.set == 0 && a.binding.binding == 0));
  }
}

TEST_CASE("proposal form: NonUniformResourceIndex decorates the heap access", "[heaps][pass]") {
  ir::Module m = test::heapShader([](ir::Builder& b, Value index) {
    Value buf = heapHandle(b, ir::ResourceKind::RWByteAddressBuffer, b.cx().u32(), b.nonUniform(index));
    Value p = b.hlsl(ir::HlslOp::ResourceElementPtr, b.cx().pointerType(spv::StorageClassStorageBuffer, b.cx().u32()),
                     {Operand::v(buf), Operand::v(b.constU32(2))});
    b.store(p, b.constU32(5));
  });
  HeapLegalizeResult r;
  std::string text = test::disassemble(test::legalizeAndWrite(m, proposal(), &r));
  CHECK(has(text, "OpDecorate %\\S+ NonUniform"));
  CHECK(has(text, "OpCapability ShaderNonUniform"));
  REQUIRE(r.sites.size() == 1);
  CHECK(r.sites[0].nonUniform);

  // Without the wrapper nothing is NonUniform (DXC: indexing is not NonUniform by default).
  ir::Module plain = test::example1();
  CHECK(!has(test::disassemble(test::legalizeAndWrite(plain, proposal())), "NonUniform"));
}

TEST_CASE("proposal form: typed loads read four components and keep the element's", "[heaps][pass]") {
  ir::Module m = test::dynResCbvSrvUav();
  HeapLegalizeResult r;
  std::string text = test::disassemble(test::legalizeAndWrite(m, proposal(), &r));
  CHECK(has(text, "OpImageRead %v4int"));
  CHECK(has(text, "OpCompositeExtract %int"));
  REQUIRE(r.arrays.size() == 3);
  for (const HeapArray& a : r.arrays) CHECK(a.binding.binding == 2);  // after CB (0) and BufOut (1)
}

TEST_CASE("heap access sites list location, heap, type and uniformity", "[heaps][pass]") {
  ir::Module m = test::example1b();
  HeapLegalizeResult r;
  test::legalizeAndWrite(m, proposal(), &r);
  REQUIRE(r.sites.size() == 2);
  CHECK(r.sites[0].loc.line == 10);
  CHECK(r.sites[0].loc.column == 9);
  CHECK(r.sites[1].loc.line == 13);
  CHECK(r.sites[0].function == "main");
  CHECK(r.sites[0].heap == HeapKind::Resource);
  CHECK(r.sites[0].resourceType == "RWBuffer<int>");
  CHECK(!r.sites[0].nonUniform);
  CHECK(!r.sites[0].constantIndex);
}

TEST_CASE("portable form: fixed arrays with a trap element, typed buffers as storage buffers", "[heaps][pass]") {
  ir::Module m = test::example1();
  HeapLegalizeResult r;
  std::string text = test::disassemble(test::legalizeAndWrite(m, portable(8), &r));
  CHECK(!has(text, "RuntimeDescriptorArray"));
  CHECK(!has(text, "SPV_EXT_descriptor_indexing"));
  CHECK(!has(text, "OpTypeImage"));
  CHECK(has(text, "OpTypeArray %\\S+ %uint_9"));  // 8 slots + the trap element
  CHECK(has(text, "OpAtomicUMax"));
  CHECK(has(text, "OpUGreaterThanEqual"));
  REQUIRE(r.arrays.size() == 1);
  CHECK(r.arrays[0].descriptorClass == DescriptorClass::StorageBuffer);
  CHECK(r.arrays[0].binding.set == 1);
  CHECK(r.arrays[0].binding.binding == 0);
  CHECK(r.arrays[0].arraySize == 9);
  REQUIRE(r.status);
  CHECK(r.status->binding.set == 1);
  CHECK(r.status->binding.binding == 1);
}

TEST_CASE("portable form: one binding per descriptor class", "[heaps][pass]") {
  ir::Module m = test::dynResCbvSrvUav();
  HeapLegalizeResult r;
  test::legalizeAndWrite(m, portable(), &r);
  REQUIRE(r.arrays.size() == 3);
  std::map<DescriptorClass, std::set<uint32_t>> bindings;
  for (const HeapArray& a : r.arrays) bindings[a.descriptorClass].insert(a.binding.binding);
  // StructuredBuffer<int4> and RWBuffer<int> (as a storage buffer) alias binding 0; the CBV has its own.
  CHECK(bindings[DescriptorClass::StorageBuffer] == std::set<uint32_t>{0});
  CHECK(bindings[DescriptorClass::UniformBuffer] == std::set<uint32_t>{1});
  REQUIRE(r.status);
  CHECK(r.status->binding.binding == 2);
}

TEST_CASE("portable form: what needs descriptor indexing is a clear error", "[heaps][pass]") {
  SECTION("NonUniformResourceIndex") {
    ir::Module m = test::heapShader([](ir::Builder& b, Value index) {
      test::storeTyped(b, heapHandle(b, ir::ResourceKind::RWBuffer, b.cx().s32(), b.nonUniform(index)), 0, 1);
    });
    HeapLegalizeResult r = legalizeExpectingErrors(m, portable());
    CHECK_THAT(messages(r), Catch::Contains("NonUniformResourceIndex"));
    CHECK_THAT(messages(r), Catch::Contains("heap.hlsl:"));
  }
  SECTION("a constant index past the slots") {
    ir::Module m = test::heapShader([](ir::Builder& b, Value) {
      test::storeTyped(b, heapHandle(b, ir::ResourceKind::RWBuffer, b.cx().s32(), b.constU32(20)), 0, 1);
    });
    CHECK_THAT(messages(legalizeExpectingErrors(m, portable(16))), Catch::Contains("heap index 20 is past the 16 slots"));
  }
  SECTION("three-component typed buffers") {
    ir::Module m = test::heapShader([](ir::Builder& b, Value index) {
      heapHandle(b, ir::ResourceKind::RWBuffer, b.cx().vectorType(b.cx().f32(), 3), index);
    });
    CHECK_THAT(messages(legalizeExpectingErrors(m, portable())), Catch::Contains("1, 2 or 4"));
  }
}

TEST_CASE("portable form: a constant-indexed texture needs no descriptor indexing", "[heaps][pass]") {
  ir::Module m = test::heapShader([](ir::Builder& b, Value) {
    Value t = heapHandle(b, ir::ResourceKind::RWTexture2D, b.cx().f32(), b.constU32(3));
    b.hlsl(ir::HlslOp::ResourceStore, ir::Type(),
           {Operand::v(t), Operand::v(b.construct(b.cx().vectorType(b.cx().u32(), 2), {b.constU32(0), b.constU32(0)})),
            Operand::v(b.constF32(1))});
  });
  HeapLegalizeResult r;
  std::string text = test::disassemble(test::legalizeAndWrite(m, portable(), &r));
  CHECK(has(text, "OpImageWrite"));
  CHECK(!has(text, "RuntimeDescriptorArray"));
  REQUIRE(r.arrays.size() == 1);
  CHECK(r.arrays[0].descriptorClass == DescriptorClass::StorageImage);
}

TEST_CASE("heap handles used outside resource accesses are reported, not miscompiled", "[heaps][pass]") {
  ir::Module m(std::make_shared<ir::Context>());
  ir::Context& cx = m.cx();
  ir::Builder b(m);
  ir::Type rt = cx.hlslResourceType(ir::ResourceKind::RWBuffer, cx.s32());
  ir::FuncId foo = b.createFunction("foo", cx.voidType(), {rt}, {"Buf"});
  b.ret();
  ir::FuncId f = b.createFunction("main", cx.voidType(), {});
  b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
  b.setLoc(m.addDebugFile("call.hlsl"), 12, 3);
  b.call(foo, {heapHandle(b, ir::ResourceKind::RWBuffer, cx.s32(), b.constU32(0))});
  b.ret();
  HeapLegalizeResult r = legalizeExpectingErrors(m, proposal());
  CHECK_THAT(messages(r), Catch::Contains("must be inlined"));
  CHECK_THAT(messages(r), Catch::Contains("call.hlsl:12:3"));
}

TEST_CASE("vulkan1.0 style: Uniform + BufferBlock heap buffers, as DXC's default target", "[heaps][pass]") {
  // sm6_6.descriptorheap.byteaddressbuffer.hlsl: output.Store(11, input.Load(10)).
  auto build = [] {
    ir::Module m(std::make_shared<ir::Context>());
    ir::Context& cx = m.cx();
    ir::Builder b(m);
    ir::FuncId f = b.createFunction("main", cx.voidType(), {});
    b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {1, 1, 1}});
    Value output = heapHandle(b, ir::ResourceKind::RWByteAddressBuffer, cx.u32(), b.constU32(0));
    Value input = heapHandle(b, ir::ResourceKind::ByteAddressBuffer, cx.u32(), b.constU32(1));
    ir::Type ptr = cx.pointerType(spv::StorageClassUniform, cx.u32());
    Value v = b.load(b.hlsl(ir::HlslOp::ResourceElementPtr, ptr, {Operand::v(input), Operand::v(b.constU32(2))}));
    b.store(b.hlsl(ir::HlslOp::ResourceElementPtr, ptr, {Operand::v(output), Operand::v(b.constU32(2))}), v);
    b.ret();
    return m;
  };
  for (HeapForm form : {HeapForm::Proposal, HeapForm::Portable}) {
    HeapOptions o;
    o.form = form;
    o.storageBufferClass = false;
    ir::Module m = build();
    std::string text = test::disassemble(test::legalizeAndWrite(m, o, nullptr, spirv::TargetEnv::Vulkan1_0));
    CHECK(has(text, "OpDecorate %type_ByteAddressBuffer BufferBlock"));
    if (form == HeapForm::Proposal) {
      CHECK(has(text, "OpAccessChain %_ptr_Uniform_uint %\\S+ %uint_1 %uint_0 %uint_2"));
      CHECK(has(text, "OpAccessChain %_ptr_Uniform_uint %\\S+ %uint_0 %uint_0 %uint_2"));
    }
  }
}

// Not run by default: prints both forms of example 1 (used for docs/heaps.md).
TEST_CASE("print example 1 in both forms", "[.print]") {
  for (HeapForm form : {HeapForm::Proposal, HeapForm::Portable}) {
    HeapOptions o;
    o.form = form;
    o.portableSlots = 4;
    ir::Module m = test::example1();
    std::cout << test::disassemble(test::legalizeAndWrite(m, o)) << "\n";
  }
}

namespace {

ir::Type float2(ir::Context& cx) { return cx.vectorType(cx.f32(), 2); }
ir::Type float4(ir::Context& cx) { return cx.vectorType(cx.f32(), 4); }

// Out[0] = Tex.SampleLevel(Samp, uv, lod) with Tex = ResourceDescriptorHeap[tex],
// Samp = SamplerDescriptorHeap[samp]; Out is an ordinary RWStructuredBuffer<float4> at (0, 1).
ir::Module sampleShader(const std::function<Value(ir::Builder&, Value index)>& texIndex,
                        const std::function<Value(ir::Builder&, Value index)>& sampIndex) {
  return test::heapShader([&](ir::Builder& b, Value index) {
    ir::Context& cx = b.cx();
    ir::Type outBlock = cx.structType("type_Out", {{"data", cx.runtimeArrayType(float4(cx), 16), {{spv::DecorationOffset, {0}}}}},
                                      {{spv::DecorationBlock, {}}});
    ir::GlobalVarId out = b.global("Out", outBlock, spv::StorageClassStorageBuffer);
    b.bind(out, 0, 1);
    b.setLoc(0, 12, 21);
    Value tex = heapHandle(b, ir::ResourceKind::Texture2D, float4(cx), texIndex(b, index));
    b.setLoc(0, 13, 21);
    Value samp = b.hlsl(ir::HlslOp::HandleFromHeap, cx.hlslResourceType(ir::ResourceKind::SamplerState, ir::Type()),
                        {Operand::v(sampIndex(b, index))});
    b.setLoc(0, 14, 12);
    Value uv = b.construct(float2(cx), {b.constF32(0.4f), b.constF32(0.5f)});
    Value texel = b.hlsl(ir::HlslOp::ResourceSample, float4(cx),
                         {Operand::v(tex), Operand::v(samp), Operand::v(uv), Operand::i(ir::SampleFlag::Lod),
                          Operand::v(b.constF32(0))});
    b.store(b.accessChain(Value::global(out), {b.constU32(0), b.constU32(0)}), texel);
  });
}

size_t count(const std::string& text, const std::string& pattern) {
  std::regex re(pattern);
  return std::distance(std::sregex_iterator(text.begin(), text.end(), re), std::sregex_iterator());
}

}  // namespace

TEST_CASE("portable form: a dynamic texture index becomes a switch over the slots", "[heaps][pass]") {
  ir::Module m = test::heapShader([](ir::Builder& b, Value index) {
    Value t = heapHandle(b, ir::ResourceKind::RWTexture2D, b.cx().f32(), index);
    b.hlsl(ir::HlslOp::ResourceStore, ir::Type(),
           {Operand::v(t), Operand::v(b.construct(b.cx().vectorType(b.cx().u32(), 2), {b.constU32(0), b.constU32(0)})),
            Operand::v(b.constF32(1))});
  });
  HeapLegalizeResult r;
  std::string text = test::disassemble(test::legalizeAndWrite(m, portable(4), &r));
  INFO(text);
  CHECK(has(text, "OpSwitch %\\w+ %\\w+ 0 %\\w+ 1 %\\w+ 2 %\\w+ 3 %\\w+\n"));
  CHECK(count(text, "OpImageWrite") == 4);  // one per slot, none in the default case
  CHECK(!has(text, "RuntimeDescriptorArray"));
  CHECK(has(text, "OpAtomicUMax"));  // out-of-range indices are still reported
  REQUIRE(r.sites.size() == 1);
  CHECK_FALSE(r.sites[0].constantIndex.has_value());
}

TEST_CASE("portable form: sampling with dynamic texture and sampler indices switches over slot pairs", "[heaps][pass]") {
  ir::Module m = sampleShader([](ir::Builder&, Value index) { return index; },
                              [](ir::Builder& b, Value index) { return b.iadd(index, b.constU32(1)); });
  HeapLegalizeResult r;
  std::string text = test::disassemble(test::legalizeAndWrite(m, portable(3), &r));
  INFO(text);
  // 3 texture slots x 3 sampler slots, each sampling with constant indices; results merge in a phi.
  CHECK(count(text, "OpImageSampleExplicitLod") == 9);
  CHECK(count(text, "OpSampledImage") == 9);
  CHECK(has(text, "OpPhi %v4float"));
  CHECK(has(text, "Lod %float_0"));
  CHECK(!has(text, "RuntimeDescriptorArray"));
  std::set<DescriptorClass> classes;
  for (const HeapArray& a : r.arrays) classes.insert(a.descriptorClass);
  CHECK(classes == std::set<DescriptorClass>{DescriptorClass::SampledImage, DescriptorClass::Sampler});
  REQUIRE(r.sites.size() == 2);
  CHECK(r.sites[1].heap == HeapKind::Sampler);
}

TEST_CASE("portable form: a constant sampler index with a dynamic texture index switches over the texture only",
          "[heaps][pass]") {
  ir::Module m = sampleShader([](ir::Builder&, Value index) { return index; },
                              [](ir::Builder& b, Value) { return b.constU32(2); });
  std::string text = test::disassemble(test::legalizeAndWrite(m, portable(5)));
  INFO(text);
  CHECK(count(text, "OpImageSampleExplicitLod") == 5);
}

TEST_CASE("proposal form: sampling from heap texture and sampler arrays", "[heaps][pass]") {
  ir::Module m = sampleShader([](ir::Builder&, Value index) { return index; },
                              [](ir::Builder& b, Value index) { return b.nonUniform(index); });
  HeapLegalizeResult r;
  std::string text = test::disassemble(test::legalizeAndWrite(m, proposal(), &r));
  INFO(text);
  CHECK(count(text, "OpImageSampleExplicitLod") == 1);
  CHECK(has(text, "SamplerDescriptorHeap_SamplerState = OpVariable %_ptr_UniformConstant__runtimearr_"));
  CHECK(has(text, "OpDecorate %\\w+ NonUniform"));
  CHECK(has(text, "RuntimeDescriptorArray"));
  // Resources at binding 2 (after CB and Out), samplers at the next free binding.
  CHECK(has(text, "OpDecorate %ResourceDescriptorHeap_\\S* Binding 2"));
  CHECK(has(text, "OpDecorate %SamplerDescriptorHeap_\\S* Binding 3"));
}
