// The seed's examples executed on lavapipe through the HAL's portable heap tier: IR -> heap pass
// (portable form) -> SPIR-V -> executable whose layout carries the heap arrays -> dispatch with a
// DescriptorHeap -> buffers read back. Validation layers are on; any message fails the test.
#include "core/passes/heaps/HeapLegalize.h"
#include "renderer/hal/Hal.h"
#include "tests/unit/heaps/HeapShaders.h"
#include "tests/unit/renderer/HalTestSupport.h"

#include <catch2/catch.hpp>

#include <cstring>

#include <spirv/unified1/spirv.hpp>

using namespace sl;
using sl::test::makeBuffer;
using sl::test::readWords;

namespace {

void requireOk(const hal::Status& s) {
  INFO(s.toString());
  REQUIRE(s.ok());
}

const hal::Format kR32Sint{hal::ScalarType::SInt32, 1};

// Compiles `module` in the portable form and makes an executable whose ordinary bindings are
// `bindings` (set 0) and whose heap arrays come from the pass.
std::shared_ptr<hal::Executable> portableExecutable(hal::Device& device, ir::Module module,
                                                    std::vector<hal::BindingLayout> bindings, uint32_t slots = 16) {
  passes::heaps::HeapOptions options;
  options.form = passes::heaps::HeapForm::Portable;
  options.portableSlots = slots;
  passes::heaps::HeapLegalizeResult result;
  std::vector<uint32_t> words = test::legalizeAndWrite(module, options, &result);
  hal::ExecutableDesc desc;
  desc.format = hal::ExecutableFormat::SpirV;
  desc.code.resize(words.size() * 4);
  std::memcpy(desc.code.data(), words.data(), desc.code.size());
  desc.layout.bindings = std::move(bindings);
  desc.layout.workgroupSize = {4, 1, 1};
  test::addHeapLayout(result, desc.code, desc.layout);
  desc.label = "heap-test";
  auto exe = device.createExecutable(desc);
  INFO((exe.ok() ? std::string() : exe.status().toString()));
  REQUIRE(exe.ok());
  return *exe;
}

std::shared_ptr<hal::DescriptorHeap> resourceHeap(hal::Device& device, uint32_t capacity) {
  auto heap = device.createDescriptorHeap(hal::HeapType::Resource, capacity);
  REQUIRE(heap.ok());
  return *heap;
}

std::vector<hal::BindingLayout> indexOnly() { return {{hal::BindingKind::UniformBuffer, 0, 0}}; }

// Runs a one-dispatch command buffer with the index buffer bound at (0,0).
hal::Status run(hal::Device& device, std::shared_ptr<hal::Executable> exe, std::shared_ptr<hal::DescriptorHeap> heap,
                std::vector<hal::Binding> bindings) {
  hal::CommandBuffer cb;
  SL_HAL_RETURN_IF_ERROR(cb.setDescriptorHeaps(std::move(heap), nullptr));
  SL_HAL_RETURN_IF_ERROR(cb.dispatch(exe, 0, {1, 1, 1}, {}, bindings));
  SL_HAL_RETURN_IF_ERROR(cb.finish());
  return device.submitAndWait(cb);
}

std::vector<uint32_t> indices(std::vector<uint32_t> v) {
  v.resize(64, 0);  // a full uniform-buffer-sized block
  return v;
}

}  // namespace

TEST_CASE("example 1: RWBuffer<int> from ResourceDescriptorHeap[Index] on lavapipe", "[heaps][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  auto exe = portableExecutable(device, test::example1(), indexOnly());
  auto heap = resourceHeap(device, 16);
  auto target = makeBuffer(device, 16, "target");
  auto other = makeBuffer(device, 16, "other");
  requireOk(target->fill(0, hal::kWholeSize, 0));
  requireOk(other->fill(0, hal::kWholeSize, 0));
  requireOk(heap->writeTypedBuffer(5, target, kR32Sint, true));
  requireOk(heap->writeTypedBuffer(6, other, kR32Sint, true));
  auto cbuffer = makeBuffer(device, indices({5}), "CB");
  requireOk(run(device, exe, heap, {hal::BufferRef::direct(cbuffer)}));
  CHECK(readWords(*target, 4) == std::vector<uint32_t>{123, 0, 0, 0});
  CHECK(readWords(*other, 4) == std::vector<uint32_t>{0, 0, 0, 0});
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("example 1b: one local reassigned to two heap slots", "[heaps][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  auto exe = portableExecutable(device, test::example1b(), indexOnly());
  auto heap = resourceHeap(device, 16);
  auto first = makeBuffer(device, 16, "first");
  auto second = makeBuffer(device, 16, "second");
  requireOk(first->fill(0, hal::kWholeSize, 0));
  requireOk(second->fill(0, hal::kWholeSize, 0));
  requireOk(heap->writeTypedBuffer(2, first, kR32Sint, true));
  requireOk(heap->writeTypedBuffer(3, second, kR32Sint, true));
  auto cbuffer = makeBuffer(device, indices({2}), "CB");
  requireOk(run(device, exe, heap, {hal::BufferRef::direct(cbuffer)}));
  CHECK(readWords(*first, 1) == std::vector<uint32_t>{123});
  CHECK(readWords(*second, 1) == std::vector<uint32_t>{456});
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("example 2: a heap resource passed to a function (inlined)", "[heaps][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  auto exe = portableExecutable(device, test::example2(), indexOnly());
  auto heap = resourceHeap(device, 4);
  auto target = makeBuffer(device, 16, "target");
  requireOk(target->fill(0, hal::kWholeSize, 7));
  requireOk(heap->writeTypedBuffer(0, target, kR32Sint, true));
  auto cbuffer = makeBuffer(device, indices({0}), "CB");
  requireOk(run(device, exe, heap, {hal::BufferRef::direct(cbuffer)}));
  CHECK(readWords(*target, 2) == std::vector<uint32_t>{123, 7});
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("offload suite dyn-res-cvb-srv-uav: CBV, SRV and UAV from one heap", "[heaps][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  auto exe = portableExecutable(device, test::dynResCbvSrvUav(),
                                {{hal::BindingKind::UniformBuffer, 0, 0}, {hal::BindingKind::StorageBuffer, 0, 1}});
  auto heap = resourceHeap(device, 10);
  // The pipeline.yaml's buffers and heap indices.
  auto constBuf = makeBuffer(device, indices({0, 1, 2, 3}), "ConstBuf");
  auto srvBuf = makeBuffer(device, {0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150}, "SrvBuf");
  auto uavBuf = makeBuffer(device, {1000, 2000, 3000, 4000}, "UavBuf");
  auto bufOut = makeBuffer(device, 64, "BufOut");
  requireOk(heap->writeConstantBuffer(3, constBuf));
  requireOk(heap->writeStructuredBuffer(5, srvBuf, 16, false));
  requireOk(heap->writeTypedBuffer(9, uavBuf, kR32Sint, true));
  auto cbuffer = makeBuffer(device, indices({3, 5, 9}), "DynResIndices");
  requireOk(run(device, exe, heap, {hal::BufferRef::direct(cbuffer), hal::BufferRef::direct(bufOut)}));
  CHECK(readWords(*bufOut, 16) == std::vector<uint32_t>{1000, 1011, 1022, 1033, 2040, 2051, 2062, 2073, 3080, 3091, 3102, 3113,
                                                         4120, 4131, 4142, 4153});
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("a run of heap dispatches: each repeat gets its own heap arrays and status block", "[heaps][vulkan]") {
  // Repeats of a heap-indexing dispatch are stored as a run; the Vulkan backend writes their
  // per-dispatch descriptors (heap arrays, status block) one by one, sized for all of them.
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  auto exe = portableExecutable(device, test::example1(), indexOnly(), 16);
  auto heap = resourceHeap(device, 16);
  auto target = makeBuffer(device, 16, "target");
  requireOk(target->fill(0, hal::kWholeSize, 0));
  requireOk(heap->writeTypedBuffer(5, target, kR32Sint, true));
  const std::vector<hal::Binding> good = {hal::BufferRef::direct(makeBuffer(device, indices({5}), "CB"))};
  hal::CommandBuffer cb;
  requireOk(cb.setDescriptorHeaps(heap, nullptr));
  for (int i = 0; i < 3; ++i) requireOk(cb.dispatch(exe, 0, {1, 1, 1}, {}, good));
  requireOk(cb.finish());
  CHECK(cb.commands().size() == 1);
  CHECK(cb.commands().recordedCount() == 3);
  requireOk(device.submitAndWait(cb));
  CHECK(readWords(*target, 1) == std::vector<uint32_t>{123});
  // A bad index in a run is reported like any other.
  const std::vector<hal::Binding> bad = {hal::BufferRef::direct(makeBuffer(device, indices({40}), "CB"))};
  hal::CommandBuffer badRun;
  requireOk(badRun.setDescriptorHeaps(heap, nullptr));
  for (int i = 0; i < 3; ++i) requireOk(badRun.dispatch(exe, 0, {1, 1, 1}, {}, bad));
  requireOk(badRun.finish());
  hal::Status s = device.submitAndWait(badRun);
  CHECK(s.code() == hal::ErrorCode::OutOfRange);
  CHECK_THAT(s.message(), Catch::Contains("ResourceDescriptorHeap[40]"));
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("an index past the heap is caught, never a device loss", "[heaps][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  auto exe = portableExecutable(device, test::example1(), indexOnly(), 16);
  auto target = makeBuffer(device, 16, "target");
  requireOk(target->fill(0, hal::kWholeSize, 0));

  SECTION("past the shader's arrays") {
    auto heap = resourceHeap(device, 16);
    requireOk(heap->writeTypedBuffer(15, target, kR32Sint, true));
    auto cbuffer = makeBuffer(device, indices({40}), "CB");
    hal::Status s = run(device, exe, heap, {hal::BufferRef::direct(cbuffer)});
    CHECK(s.code() == hal::ErrorCode::OutOfRange);
    CHECK_THAT(s.message(), Catch::Contains("ResourceDescriptorHeap[40]"));
  }
  SECTION("past a heap smaller than the shader's arrays") {
    auto heap = resourceHeap(device, 4);
    requireOk(heap->writeTypedBuffer(3, target, kR32Sint, true));
    auto cbuffer = makeBuffer(device, indices({4}), "CB");
    hal::Status s = run(device, exe, heap, {hal::BufferRef::direct(cbuffer)});
    CHECK(s.code() == hal::ErrorCode::OutOfRange);
    CHECK_THAT(s.message(), Catch::Contains("ResourceDescriptorHeap[4]"));
    CHECK_THAT(s.message(), Catch::Contains("past the heap's 4 slots"));
  }
  // The write went to the null trap element: nothing changed, and the device still works.
  CHECK(readWords(*target, 4) == std::vector<uint32_t>{0, 0, 0, 0});
  auto heap = resourceHeap(device, 16);
  requireOk(heap->writeTypedBuffer(1, target, kR32Sint, true));
  auto cbuffer = makeBuffer(device, indices({1}), "CB");
  requireOk(run(device, exe, heap, {hal::BufferRef::direct(cbuffer)}));
  CHECK(readWords(*target, 1) == std::vector<uint32_t>{123});
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("an empty or mismatched heap slot reads as a null descriptor", "[heaps][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  auto exe = portableExecutable(device, test::dynResCbvSrvUav(),
                                {{hal::BindingKind::UniformBuffer, 0, 0}, {hal::BindingKind::StorageBuffer, 0, 1}});
  auto heap = resourceHeap(device, 10);
  auto srvBuf = makeBuffer(device, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16}, "SrvBuf");
  auto bufOut = makeBuffer(device, 64, "BufOut");
  requireOk(heap->writeStructuredBuffer(5, srvBuf, 16, false));
  // Slot 3 (the CBV) is empty, slot 9 holds a constant buffer where a RWBuffer is expected.
  requireOk(heap->writeConstantBuffer(9, srvBuf));
  auto cbuffer = makeBuffer(device, indices({3, 5, 9}), "DynResIndices");
  requireOk(run(device, exe, heap, {hal::BufferRef::direct(cbuffer), hal::BufferRef::direct(bufOut)}));
  CHECK(readWords(*bufOut, 8) == std::vector<uint32_t>{1, 2, 3, 4, 5, 6, 7, 8});
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("executables using heaps without portable heap bindings are refused clearly", "[heaps][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  ir::Module m = test::example1();
  passes::heaps::HeapOptions options;
  options.form = passes::heaps::HeapForm::Portable;
  passes::heaps::HeapLegalizeResult result;
  std::vector<uint32_t> words = test::legalizeAndWrite(m, options, &result);
  hal::ExecutableDesc desc;
  desc.code.resize(words.size() * 4);
  std::memcpy(desc.code.data(), words.data(), desc.code.size());
  desc.layout.bindings = indexOnly();
  desc.layout.heapUsage = hal::kHeapResource;
  auto exe = device.createExecutable(desc);
  REQUIRE(!exe.ok());
  CHECK(exe.status().code() == hal::ErrorCode::Unsupported);
  CHECK_THAT(exe.status().message(), Catch::Contains("portable heap tier"));

  // Layout validation: heap bindings need the heap bit and the trap element.
  test::addHeapLayout(result, desc.code, desc.layout);
  desc.layout.heapBindings[0].arrayCount = 1;
  CHECK_THAT(hal::validateLayout(desc.layout).message(), Catch::Contains("trap element"));
  desc.layout.heapBindings[0].arrayCount = 17;
  desc.layout.heapUsage = hal::kHeapSampler;
  CHECK_THAT(hal::validateLayout(desc.layout).message(), Catch::Contains("lacks the resource heap bit"));
}

TEST_CASE("heap arrays beyond the device's per-stage limits are refused, not run", "[heaps][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  ir::Module m = test::dynResCbvSrvUav();
  passes::heaps::HeapOptions options;
  options.form = passes::heaps::HeapForm::Portable;
  options.portableUniformBufferSlots = 64;  // lavapipe allows 15 uniform buffers per stage
  options.portableSlots = 16;  // 17 + 1 uniform buffers
  passes::heaps::HeapLegalizeResult result;
  std::vector<uint32_t> words = test::legalizeAndWrite(m, options, &result);
  hal::ExecutableDesc desc;
  desc.code.resize(words.size() * 4);
  std::memcpy(desc.code.data(), words.data(), desc.code.size());
  desc.layout.bindings = {{hal::BindingKind::UniformBuffer, 0, 0}, {hal::BindingKind::StorageBuffer, 0, 1}};
  test::addHeapLayout(result, desc.code, desc.layout);
  auto exe = device.createExecutable(desc);
  REQUIRE(!exe.ok());
  CHECK(exe.status().code() == hal::ErrorCode::Unsupported);
  CHECK_THAT(exe.status().message(), Catch::Contains("uniform buffers but the device allows"));
}

TEST_CASE("a constant-indexed RWTexture2D from the heap (portable storage-image array)", "[heaps][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  // RWTexture2D<uint> t = ResourceDescriptorHeap[2]; t[uint2(1, 0)] = 77;
  ir::Module m = test::heapShader([](ir::Builder& b, ir::Value) {
    ir::Context& cx = b.cx();
    ir::Value t = test::heapHandle(b, ir::ResourceKind::RWTexture2D, cx.u32(), b.constU32(2));
    b.hlsl(ir::HlslOp::ResourceStore, ir::Type(),
           {ir::Operand::v(t), ir::Operand::v(b.construct(cx.vectorType(cx.u32(), 2), {b.constU32(1), b.constU32(0)})),
            ir::Operand::v(b.constU32(77))});
  });
  auto exe = portableExecutable(device, std::move(m), indexOnly(), 4);
  auto texture = device.createTexture({{hal::ScalarType::UInt32, 1}, 4, 4, 1, hal::kTextureStorage, "r32ui"});
  REQUIRE(texture.ok());
  std::vector<uint32_t> zeros(16, 0);
  requireOk((*texture)->upload({reinterpret_cast<const uint8_t*>(zeros.data()), 64}));
  auto heap = resourceHeap(device, 4);
  requireOk(heap->writeTexture(2, *texture, true));
  auto cbuffer = makeBuffer(device, indices({0}), "CB");
  requireOk(run(device, exe, heap, {hal::BufferRef::direct(cbuffer)}));
  std::vector<uint32_t> texels(16);
  requireOk((*texture)->download({reinterpret_cast<uint8_t*>(texels.data()), 64}));
  CHECK(texels[1] == 77);
  CHECK(texels[0] == 0);
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("a heap RWStructuredBuffer's counter (portable counter array)", "[heaps][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  // RWStructuredBuffer<uint> Buf = ResourceDescriptorHeap[Index]; Buf[Buf.IncrementCounter()] = 7;
  // run by 4 threads.
  ir::Module m = test::heapShader([](ir::Builder& b, ir::Value index) {
    ir::Context& cx = b.cx();
    ir::Type rt = cx.hlslResourceType(ir::ResourceKind::RWStructuredBuffer, cx.u32());
    ir::Value buf = b.hlsl(ir::HlslOp::HandleFromHeap, rt, {ir::Operand::v(index)});
    ir::Value counter = b.hlsl(ir::HlslOp::CounterHandleFromHeap, rt, {ir::Operand::v(index)});
    ir::Value old = b.hlsl(ir::HlslOp::CounterIncrement, cx.u32(), {ir::Operand::v(counter)});
    ir::Value p = b.hlsl(ir::HlslOp::ResourceElementPtr, cx.pointerType(spv::StorageClassStorageBuffer, cx.u32()),
                         {ir::Operand::v(buf), ir::Operand::v(old)});
    b.store(p, b.constU32(7));
  });
  auto exe = portableExecutable(device, std::move(m), indexOnly(), 4);
  CHECK(exe->layout().heapBindings.size() == 2);
  auto data = makeBuffer(device, 32, "data");
  auto counter = makeBuffer(device, 16, "counter");
  requireOk(data->fill(0, hal::kWholeSize, 0));
  requireOk(counter->fill(0, hal::kWholeSize, 0));
  auto heap = resourceHeap(device, 4);
  hal::HeapDescriptor d;
  d.kind = hal::ViewKind::RWStructuredBuffer;
  d.buffer = data;
  d.stride = 4;
  d.counter = counter;
  requireOk(heap->write(1, d));
  auto cbuffer = makeBuffer(device, indices({1}), "CB");
  requireOk(run(device, exe, heap, {hal::BufferRef::direct(cbuffer)}));
  CHECK(readWords(*data, 8) == std::vector<uint32_t>{7, 7, 7, 7, 0, 0, 0, 0});
  CHECK(readWords(*counter, 1) == std::vector<uint32_t>{4});
  CHECK_NO_VALIDATION_MESSAGES(device);
}
