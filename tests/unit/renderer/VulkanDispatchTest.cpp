// Dispatches through the HAL on lavapipe (validation layers on) and, for the tests that take
// SL_FOR_EACH_BACKEND, on the CPU device too; every test also fails on any validation message
// (the CPU device reports its executor's warnings as validation messages).
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <regex>
#include <thread>

#include <spirv-tools/libspirv.hpp>

#include "renderer/hal/Hal.h"
#include "tests/unit/renderer/HalTestSupport.h"
#include "tests/unit/renderer/TestShaders.h"

using namespace sl;
using sl::test::makeBuffer;
using sl::test::readWords;

namespace {

std::string withSets(std::string text, uint32_t inSet, uint32_t outSet) {
  text = std::regex_replace(text, std::regex("@IN_SET@"), std::to_string(inSet));
  return std::regex_replace(text, std::regex("@OUT_SET@"), std::to_string(outSet));
}

hal::ExecutableLayout scaleLayout(uint32_t inSet = 0, uint32_t outSet = 0) {
  hal::ExecutableLayout layout;
  layout.constantCount = 2;
  layout.bindings = {{hal::BindingKind::StorageBuffer, inSet, 0, 1, {}, true},
                     {hal::BindingKind::StorageBuffer, outSet, 1, 1, {}, false}};
  layout.workgroupSize = {4, 1, 1};
  return layout;
}

std::shared_ptr<hal::Executable> scaleExecutable(hal::Device& device, uint32_t inSet = 0, uint32_t outSet = 0) {
  return test::makeExecutable(device, withSets(test::kScaleShader, inSet, outSet), scaleLayout(inSet, outSet), "scale");
}

void requireOk(const hal::Status& s) {
  INFO(s.toString());
  REQUIRE(s.ok());
}

}  // namespace

TEST_CASE("a Vulkan device exists and reports features", "[renderer][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  const hal::AdapterInfo& info = device.info();
  CHECK(info.backend == hal::Backend::Vulkan);
  CHECK(!info.name.empty());
  CHECK(info.limits.maxPushConstantsSize >= 128);
  CHECK(info.limits.maxWorkgroupInvocations >= 128);
  CHECK(info.features.robustBufferAccess);
  CHECK(info.features.timestampPeriodNs > 0);
  auto adapters = hal::enumerateAdapters(hal::Backend::Vulkan);
  REQUIRE(adapters.ok());
  REQUIRE(!adapters->empty());
  CHECK(std::any_of(adapters->begin(), adapters->end(), [&](const hal::AdapterInfo& a) { return a.name == info.name; }));
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("picking a device by regex", "[renderer][vulkan]") {
  test::vulkanDevice();  // ensures the environment is set up and a device exists
  hal::DeviceOptions options;
  options.backend = hal::Backend::Vulkan;
  options.adapterRegex = "no-such-device-[0-9]+";
  auto none = hal::createDevice(options);
  REQUIRE(!none.ok());
  CHECK(none.status().code() == hal::ErrorCode::Unavailable);
  CHECK_THAT(none.status().message(), Catch::Contains("no-such-device"));
  options.adapterRegex = "([";
  auto bad = hal::createDevice(options);
  REQUIRE(!bad.ok());
  CHECK(bad.status().code() == hal::ErrorCode::InvalidArgument);
}

TEST_CASE("dispatch with push constants and storage buffers", "[renderer][vulkan][cpu]") {
  SL_FOR_EACH_BACKEND(device);
  device.clearValidationMessages();
  auto exe = scaleExecutable(device);
  auto in = makeBuffer(device, {1, 2, 3, 4, 5, 6, 7, 8}, "in");
  auto out = makeBuffer(device, 32, "out");
  requireOk(out->fill(0, hal::kWholeSize, 0xdeadbeef));

  hal::CommandBuffer cb({hal::CommandBufferMode::OneShot, 0, "direct"});
  const uint32_t constants[] = {3, 10};
  std::vector<hal::Binding> bindings = {hal::BufferRef::direct(in), hal::BufferRef::direct(out)};
  requireOk(cb.dispatch(exe, 0, {2, 1, 1}, constants, bindings));
  requireOk(cb.finish());
  requireOk(device.submitAndWait(cb));
  CHECK(readWords(*out, 8) == std::vector<uint32_t>{13, 16, 19, 22, 25, 28, 31, 34});

  // One-shot command buffers refuse a second submission.
  auto again = device.submit(cb);
  REQUIRE(!again.ok());
  CHECK(again.status().code() == hal::ErrorCode::FailedPrecondition);
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("bindings in two descriptor sets use pool-allocated sets", "[renderer][vulkan][cpu]") {
  SL_FOR_EACH_BACKEND(device);
  device.clearValidationMessages();
  auto exe = scaleExecutable(device, 0, 2);  // sets 0 and 2, set 1 an empty gap
  auto in = makeBuffer(device, {1, 2, 3, 4}, "in");
  auto out = makeBuffer(device, 16, "out");
  hal::CommandBuffer cb;
  const uint32_t constants[] = {2, 1};
  std::vector<hal::Binding> bindings = {hal::BufferRef::direct(in), hal::BufferRef::direct(out)};
  requireOk(cb.dispatch(exe, 0, {1, 1, 1}, constants, bindings));
  requireOk(cb.finish());
  requireOk(device.submitAndWait(cb));
  CHECK(readWords(*out, 4) == std::vector<uint32_t>{3, 5, 7, 9});
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("constants beyond push-constant space go through the uniform ring", "[renderer][vulkan][cpu]") {
  SL_FOR_EACH_BACKEND(device);
  device.clearValidationMessages();
  hal::ExecutableLayout layout;
  layout.constantCount = 40;  // 160 bytes; lavapipe's push constants hold 128
  layout.constantsBuffer = hal::ConstantsBufferSlot{0, 2};
  layout.bindings = {{hal::BindingKind::StorageBuffer, 0, 0}, {hal::BindingKind::StorageBuffer, 0, 1}};
  layout.workgroupSize = {4, 1, 1};
  auto exe = test::makeExecutable(device, test::kManyConstantsShader, layout, "many-constants");

  // Without constantsBuffer the same count is refused with a clear message.
  hal::ExecutableLayout pushOnly = layout;
  pushOnly.constantsBuffer.reset();
  pushOnly.bindings.pop_back();
  if (pushOnly.constantCount * 4 > device.info().limits.maxPushConstantsSize) {
    auto refused = device.createExecutable({hal::ExecutableFormat::SpirV, test::assembleSpirv(test::kManyConstantsShader), pushOnly, {}, "x"});
    REQUIRE(!refused.ok());
    CHECK_THAT(refused.status().message(), Catch::Contains("constantsBuffer"));
  }

  auto in = makeBuffer(device, {1, 2, 3, 4}, "in");
  auto out1 = makeBuffer(device, 16, "out1");
  auto out2 = makeBuffer(device, 16, "out2");
  std::vector<uint32_t> c1(40, 0), c2(40, 0);
  c1[0] = 2; c1[39] = 100;
  c2[0] = 5; c2[39] = 7;
  hal::CommandBuffer cb;
  requireOk(cb.dispatch(exe, 0, {1, 1, 1}, c1, std::vector<hal::Binding>{hal::BufferRef::direct(in), hal::BufferRef::direct(out1)}));
  requireOk(cb.dispatch(exe, 0, {1, 1, 1}, c2, std::vector<hal::Binding>{hal::BufferRef::direct(in), hal::BufferRef::direct(out2)}));
  requireOk(cb.finish());
  requireOk(device.submitAndWait(cb));
  CHECK(readWords(*out1, 4) == std::vector<uint32_t>{102, 104, 106, 108});
  CHECK(readWords(*out2, 4) == std::vector<uint32_t>{12, 17, 22, 27});

  // A run of repeats (same bindings) still gives every dispatch its own slice of the ring: 60
  // dispatches of 43-word records cross word blocks. Dispatch k covers workgroups [0, 60 - k), so
  // the last one writing elements [4(59 - k), 4(60 - k)) is dispatch k (lavapipe runs the
  // dispatches of a command buffer one after another: the test's oracle).
  constexpr uint32_t kRun = 60;
  std::vector<uint32_t> input(4 * kRun);
  for (uint32_t i = 0; i < input.size(); ++i) input[i] = i;
  auto runIn = makeBuffer(device, input, "run-in");
  auto runOut = makeBuffer(device, 16 * kRun, "run-out");
  const std::vector<hal::Binding> runBindings = {hal::BufferRef::direct(runIn), hal::BufferRef::direct(runOut)};
  hal::CommandBuffer run;
  for (uint32_t k = 0; k < kRun; ++k) {
    std::vector<uint32_t> c(40, 0);
    c[0] = k + 2;
    c[39] = k;
    requireOk(run.dispatch(exe, 0, {kRun - k, 1, 1}, c, runBindings));
  }
  requireOk(run.finish());
  CHECK(run.commands().size() < kRun);
  requireOk(device.submitAndWait(run));
  const std::vector<uint32_t> got = readWords(*runOut, 4 * kRun);
  for (uint32_t e = 0; e < 4 * kRun; ++e) {
    const uint32_t k = kRun - 1 - e / 4;
    CHECK(got[e] == e * (k + 2) + k);
  }
  CHECK_NO_VALIDATION_MESSAGES(device);
}

// Storage and uniform buffers in one set are pushed with the executable's descriptor update
// template: each element's range (offsets included) must reach the shader, for direct and
// indirect refs alike, and a range the template path does not take (a misaligned uniform offset)
// must still be refused with the general path's message.
TEST_CASE("plain storage and uniform buffers pushed through a template keep their offsets", "[renderer][vulkan][cpu]") {
  SL_FOR_EACH_BACKEND(device);
  device.clearValidationMessages();
  hal::ExecutableLayout layout;  // the many-constants shader with its uniform buffer as a binding
  layout.bindings = {{hal::BindingKind::StorageBuffer, 0, 0, 1, {}, true},
                     {hal::BindingKind::StorageBuffer, 0, 1},
                     {hal::BindingKind::UniformBuffer, 0, 2, 1, {}, true}};
  layout.workgroupSize = {4, 1, 1};
  auto exe = test::makeExecutable(device, test::kManyConstantsShader, layout, "uniform-binding");

  const hal::DeviceLimits& limits = device.info().limits;
  const uint64_t storageAlign = std::max<uint64_t>(limits.minStorageBufferOffsetAlignment, 16);
  const uint64_t uniformAlign = std::max<uint64_t>(limits.minUniformBufferOffsetAlignment, 16);
  // in: junk before the aligned offset; the shader reads in[0..3] from there.
  std::vector<uint32_t> inWords(storageAlign / 4 + 4, 999);
  for (uint32_t i = 0; i < 4; ++i) inWords[storageAlign / 4 + i] = i + 1;
  auto in = makeBuffer(device, inWords, "in");
  // The uniform block (uvec4[10]) twice: c[0] = 3, c[39] = 50 at offset 0; c[0] = 4, c[39] = 60 at
  // uniformAlign. Each dispatch must see the block at its own offset.
  std::vector<uint32_t> cbWords((uniformAlign + 160) / 4, 0);
  cbWords[0] = 3;
  cbWords[39] = 50;
  cbWords[uniformAlign / 4] = 4;
  cbWords[uniformAlign / 4 + 39] = 60;
  auto cbuf = makeBuffer(device, cbWords, "constants");
  auto out1 = makeBuffer(device, 16, "out1");
  auto out2 = makeBuffer(device, 16 + storageAlign, "out2");

  hal::CommandBuffer cb({.bindingCapacity = 2});
  requireOk(cb.dispatch(exe, 0, {1, 1, 1}, {},
                        std::vector<hal::Binding>{hal::BufferRef::direct(in, storageAlign, 16), hal::BufferRef::direct(out1),
                                                  hal::BufferRef::direct(cbuf, 0, 160)}));
  // Indirect refs through the table: slot 0 = out2 at storageAlign, slot 1 = the second block.
  requireOk(cb.dispatch(exe, 0, {1, 1, 1}, {},
                        std::vector<hal::Binding>{hal::BufferRef::direct(in, storageAlign), hal::BufferRef::indirect(0, storageAlign),
                                                  hal::BufferRef::indirect(1, uniformAlign, 160)}));
  requireOk(cb.finish());
  const hal::BindingTableEntry table[2] = {{out2}, {cbuf}};
  requireOk(device.submitAndWait(cb, table));
  CHECK(readWords(*out1, 4) == std::vector<uint32_t>{53, 56, 59, 62});
  CHECK(readWords(*out2, 4, storageAlign) == std::vector<uint32_t>{64, 68, 72, 76});

  if (limits.minUniformBufferOffsetAlignment > 4) {
    hal::CommandBuffer bad({.bindingCapacity = 1});
    requireOk(bad.dispatch(exe, 0, {1, 1, 1}, {},
                           std::vector<hal::Binding>{hal::BufferRef::direct(in), hal::BufferRef::direct(out1),
                                                     hal::BufferRef::indirect(0, 4, 160)}));
    requireOk(bad.finish());
    const hal::BindingTableEntry badTable[1] = {{cbuf}};
    auto refused = device.submit(bad, badTable);
    REQUIRE(!refused.ok());
    CHECK_THAT(refused.status().message(), Catch::Contains("binding 2") && Catch::Contains("offset 4 is not a multiple"));
  }
  requireOk(device.waitIdle());
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("uniform buffer, uniform texel buffer and storage texel buffer", "[renderer][vulkan][cpu]") {
  SL_FOR_EACH_BACKEND(device);
  device.clearValidationMessages();
  const hal::Format r32ui{hal::ScalarType::UInt32, 1};
  hal::ExecutableLayout layout;
  layout.bindings = {{hal::BindingKind::UniformBuffer, 0, 0},
                     {hal::BindingKind::UniformTexelBuffer, 0, 1, 1, r32ui},
                     {hal::BindingKind::StorageTexelBuffer, 0, 2, 1, r32ui},
                     {hal::BindingKind::StorageBuffer, 0, 3}};
  layout.workgroupSize = {4, 1, 1};
  auto exe = test::makeExecutable(device, test::kBufferKindsShader, layout, "buffer-kinds");

  // The uniform data sits at the device's minimum offset alignment inside its buffer.
  const uint64_t uboOffset = std::max<uint64_t>(16, device.info().limits.minUniformBufferOffsetAlignment);
  auto ubo = makeBuffer(device, uboOffset + 16, "ubo");
  requireOk(ubo->fill(0, hal::kWholeSize, 0));
  const uint32_t u[] = {1, 2, 3, 4};
  requireOk(ubo->uploadArray(std::span<const uint32_t>(u), uboOffset));
  auto texels = makeBuffer(device, {10, 20, 30, 40}, "texels");
  auto storageTexels = makeBuffer(device, 16, "storage-texels");
  auto out = makeBuffer(device, 16, "out");

  hal::CommandBuffer cb;
  std::vector<hal::Binding> bindings = {hal::BufferRef::direct(ubo, uboOffset, 16), hal::BufferRef::direct(texels),
                                        hal::BufferRef::direct(storageTexels), hal::BufferRef::direct(out)};
  requireOk(cb.dispatch(exe, 0, {1, 1, 1}, {}, bindings));
  requireOk(cb.finish());
  requireOk(device.submitAndWait(cb));
  CHECK(readWords(*out, 4) == std::vector<uint32_t>{11, 22, 33, 44});
  CHECK(readWords(*storageTexels, 4) == std::vector<uint32_t>{10, 40, 90, 160});
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("sampled image with sampler, combined image sampler and storage image", "[renderer][vulkan][cpu]") {
  SL_FOR_EACH_BACKEND(device);
  device.clearValidationMessages();
  hal::ExecutableLayout layout;
  layout.bindings = {{hal::BindingKind::SampledImage, 0, 0},
                     {hal::BindingKind::Sampler, 0, 1},
                     {hal::BindingKind::CombinedImageSampler, 0, 2},
                     {hal::BindingKind::StorageImage, 0, 3, 1, hal::Format{hal::ScalarType::UInt32, 1}},
                     {hal::BindingKind::StorageBuffer, 0, 4}};
  layout.workgroupSize = {4, 4, 1};
  auto exe = test::makeExecutable(device, test::kImageKindsShader, layout, "image-kinds");

  hal::TextureDesc texDesc{{hal::ScalarType::Float32, 4}, 4, 4, 1, hal::kTextureSampled, "rgba32f"};
  auto texture = device.createTexture(texDesc);
  INFO(texture.status().toString());
  REQUIRE(texture.ok());
  std::vector<float> texels;
  for (int i = 0; i < 16; ++i) texels.insert(texels.end(), {float(i), float(100 + i), 0.0f, 1.0f});
  requireOk((*texture)->upload({reinterpret_cast<const uint8_t*>(texels.data()), texels.size() * 4}));
  // Round trip of the texture itself.
  std::vector<float> back(texels.size());
  requireOk((*texture)->download({reinterpret_cast<uint8_t*>(back.data()), back.size() * 4}));
  CHECK(back == texels);

  auto storage = device.createTexture({{hal::ScalarType::UInt32, 1}, 4, 4, 1, hal::kTextureStorage, "r32ui"});
  INFO(storage.status().toString());
  REQUIRE(storage.ok());
  hal::SamplerDesc samplerDesc;
  samplerDesc.minFilter = samplerDesc.magFilter = samplerDesc.mipFilter = hal::Filter::Nearest;
  auto sampler = device.createSampler(samplerDesc);
  REQUIRE(sampler.ok());
  auto out = makeBuffer(device, 64, "out");

  hal::CommandBuffer cb;
  std::vector<hal::Binding> bindings = {hal::Binding::ofTexture(*texture), hal::Binding::ofSampler(*sampler),
                                        hal::Binding::ofTextureSampler(*texture, *sampler), hal::Binding::ofTexture(*storage),
                                        hal::BufferRef::direct(out)};
  requireOk(cb.dispatch(exe, 0, {1, 1, 1}, {}, bindings));
  requireOk(cb.finish());
  requireOk(device.submitAndWait(cb));

  auto sums = out->downloadArray<float>(16);
  REQUIRE(sums.ok());
  std::vector<uint32_t> stored(16);
  requireOk((*storage)->download({reinterpret_cast<uint8_t*>(stored.data()), 64}));
  for (int i = 0; i < 16; ++i) {
    CHECK((*sums)[i] == float(100 + 2 * i));
    CHECK(stored[i] == uint32_t(2 * i));
  }
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("one reusable command buffer submitted with two binding tables", "[renderer][vulkan][cpu]") {
  SL_FOR_EACH_BACKEND(device);
  device.clearValidationMessages();
  auto exe = scaleExecutable(device);
  hal::CommandBuffer cb({hal::CommandBufferMode::Reusable, 2, "reusable"});
  const uint32_t constants[] = {2, 1};
  // Slot 0: input; slot 1: output. The output ref has an offset of its own (16 bytes) that is
  // added to the table entry's offset.
  std::vector<hal::Binding> bindings = {hal::BufferRef::indirect(0), hal::BufferRef::indirect(1, 16)};
  requireOk(cb.dispatch(exe, 0, {1, 1, 1}, constants, bindings));
  requireOk(cb.finish());
  CHECK(cb.usesIndirectRefs());
  CHECK(cb.requiredTableSize() == 2);

  auto inA = makeBuffer(device, {1, 2, 3, 4}, "inA");
  auto inB = makeBuffer(device, {100, 200, 300, 400}, "inB");
  auto outA = makeBuffer(device, 48, "outA");
  auto outB = makeBuffer(device, 64, "outB");
  requireOk(outA->fill(0, hal::kWholeSize, 0));
  requireOk(outB->fill(0, hal::kWholeSize, 0));
  const hal::BindingTableEntry tableA[] = {{inA}, {outA}};
  const hal::BindingTableEntry tableB[] = {{inB}, {outB, 16}};
  // Both in flight at once: each submission resolves its own table.
  auto first = device.submit(cb, tableA);
  auto second = device.submit(cb, tableB);
  REQUIRE(first.ok());
  REQUIRE(second.ok());
  requireOk(device.wait(*first));
  requireOk(device.wait(*second));
  CHECK(readWords(*outA, 12) == std::vector<uint32_t>{0, 0, 0, 0, 3, 5, 7, 9, 0, 0, 0, 0});
  CHECK(readWords(*outB, 16) == std::vector<uint32_t>{0, 0, 0, 0, 0, 0, 0, 0, 201, 401, 601, 801, 0, 0, 0, 0});

  // A table that is too short, or an empty slot, is refused before anything runs.
  const hal::BindingTableEntry shortTable[] = {{inA}};
  auto refused = device.submit(cb, shortTable);
  REQUIRE(!refused.ok());
  CHECK_THAT(refused.status().message(), Catch::Contains("table"));
  const hal::BindingTableEntry emptySlot[] = {{inA}, {nullptr}};
  REQUIRE(!device.submit(cb, emptySlot).ok());
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("indirect dispatch reads its workgroup count from a buffer", "[renderer][vulkan][cpu]") {
  SL_FOR_EACH_BACKEND(device);
  device.clearValidationMessages();
  auto exe = scaleExecutable(device);
  auto in = makeBuffer(device, {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, "in");
  auto out = makeBuffer(device, 48, "out");
  auto counts = makeBuffer(device, 32, "counts", hal::kBufferIndirect | hal::kBufferTransferDst);
  requireOk(out->fill(0, hal::kWholeSize, 0));

  hal::CommandBuffer cb;
  // The count is written on the device, then consumed by the dispatch: 2 groups of 4 lanes.
  const uint32_t groups[] = {2, 1, 1, 0};
  requireOk(cb.updateBuffer(hal::BufferRef::direct(counts, 16), {reinterpret_cast<const uint8_t*>(groups), sizeof(groups)}));
  requireOk(cb.barrier());
  const uint32_t constants[] = {1, 1000};
  std::vector<hal::Binding> bindings = {hal::BufferRef::direct(in), hal::BufferRef::direct(out)};
  requireOk(cb.dispatchIndirect(exe, 0, hal::BufferRef::direct(counts, 16, 12), constants, bindings));
  requireOk(cb.finish());
  requireOk(device.submitAndWait(cb));
  CHECK(readWords(*out, 12) == std::vector<uint32_t>{1001, 1002, 1003, 1004, 1005, 1006, 1007, 1008, 0, 0, 0, 0});

  // A buffer without indirect usage is refused at record time.
  auto plain = makeBuffer(device, 16, "plain", hal::kBufferStorage);
  hal::CommandBuffer bad;
  hal::Status s = bad.dispatchIndirect(exe, 0, hal::BufferRef::direct(plain), constants, bindings);
  CHECK(!s.ok());
  CHECK_THAT(s.message(), Catch::Contains("indirect usage"));
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("timestamps around dispatches are monotonic", "[renderer][vulkan][cpu]") {
  SL_FOR_EACH_BACKEND(device);
  device.clearValidationMessages();
  REQUIRE(device.info().features.timestamps);
  auto exe = scaleExecutable(device);
  auto pool = device.createTimestampPool(4);
  REQUIRE(pool.ok());
  // Unwritten queries are reported, not read as garbage.
  CHECK(!(*pool)->readTicks(0, 1).ok());

  auto in = makeBuffer(device, std::vector<uint32_t>(1024, 3), "in");
  auto out = makeBuffer(device, 4096, "out");
  hal::CommandBuffer cb;
  const uint32_t constants[] = {2, 0};
  std::vector<hal::Binding> bindings = {hal::BufferRef::direct(in), hal::BufferRef::direct(out)};
  requireOk(cb.writeTimestamp(*pool, 0));
  requireOk(cb.dispatch(exe, 0, {256, 1, 1}, constants, bindings));
  requireOk(cb.writeTimestamp(*pool, 1));
  requireOk(cb.barrier());
  requireOk(cb.dispatch(exe, 0, {256, 1, 1}, constants, bindings));
  requireOk(cb.writeTimestamp(*pool, 2));
  requireOk(cb.finish());
  for (int run = 0; run < 2; ++run) {  // the pool is reused by the second submission
    requireOk(device.submitAndWait(cb));
    auto ns = (*pool)->readNanoseconds(0, 3);
    INFO(ns.status().toString());
    REQUIRE(ns.ok());
    CHECK((*ns)[0] <= (*ns)[1]);
    CHECK((*ns)[1] <= (*ns)[2]);
    CHECK((*ns)[2] > (*ns)[0]);
  }
  CHECK(readWords(*out, 2) == std::vector<uint32_t>{6, 6});
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("copy, fill and update commands", "[renderer][vulkan][cpu]") {
  SL_FOR_EACH_BACKEND(device);
  device.clearValidationMessages();
  auto src = makeBuffer(device, {1, 2, 3, 4, 5, 6, 7, 8}, "src");
  auto dst = makeBuffer(device, 32, "dst");
  requireOk(dst->fill(0, hal::kWholeSize, 0));
  hal::CommandBuffer cb({hal::CommandBufferMode::Reusable, 1, "transfers"});
  requireOk(cb.fillBuffer(hal::BufferRef::indirect(0), 0x11111111));
  requireOk(cb.barrier());
  requireOk(cb.copyBuffer(hal::BufferRef::direct(src, 8), hal::BufferRef::indirect(0, 4), 12));
  requireOk(cb.barrier());
  const uint32_t patch[] = {0xabcd};
  requireOk(cb.updateBuffer(hal::BufferRef::indirect(0, 28), {reinterpret_cast<const uint8_t*>(patch), 4}));
  requireOk(cb.finish());
  const hal::BindingTableEntry table[] = {{dst}};
  requireOk(device.submitAndWait(cb, table));
  CHECK(readWords(*dst, 8) == std::vector<uint32_t>{0x11111111, 3, 4, 5, 0x11111111, 0x11111111, 0x11111111, 0xabcd});

  // Host-side fill and partial download.
  requireOk(src->fill(8, 8, 7));
  CHECK(readWords(*src, 4, 4) == std::vector<uint32_t>{2, 7, 7, 5});
  CHECK(!src->fill(2, 4, 0).ok());          // unaligned
  std::vector<uint8_t> four(4);
  CHECK(!src->download(30, four).ok());  // past the end
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("bad submissions fail with messages, not crashes", "[renderer][vulkan][cpu]") {
  SL_FOR_EACH_BACKEND(device);
  device.clearValidationMessages();
  auto exe = scaleExecutable(device);
  auto in = makeBuffer(device, {1, 2, 3, 4}, "in");
  auto out = makeBuffer(device, 64, "out");
  const uint32_t constants[] = {1, 2};

  SECTION("unfinished command buffer") {
    hal::CommandBuffer cb;
    auto r = device.submit(cb);
    REQUIRE(!r.ok());
    CHECK(r.status().code() == hal::ErrorCode::FailedPrecondition);
  }
  SECTION("misaligned storage buffer offset is caught at submit") {
    if (device.info().limits.minStorageBufferOffsetAlignment > 4) {
      hal::CommandBuffer cb;
      std::vector<hal::Binding> bindings = {hal::BufferRef::direct(in), hal::BufferRef::direct(out, 4)};
      requireOk(cb.dispatch(exe, 0, {1, 1, 1}, constants, bindings));
      requireOk(cb.finish());
      auto r = device.submit(cb);
      REQUIRE(!r.ok());
      CHECK_THAT(r.status().message(), Catch::Contains("alignment"));
    }
  }
  SECTION("workgroup count over the device limit") {
    hal::CommandBuffer cb;
    std::vector<hal::Binding> bindings = {hal::BufferRef::direct(in), hal::BufferRef::direct(out)};
    requireOk(cb.dispatch(exe, 0, {device.info().limits.maxWorkgroupCount[0] + 1, 1, 1}, constants, bindings));
    requireOk(cb.finish());
    REQUIRE(!device.submit(cb).ok());
  }
  SECTION("workgroup count over the device limit in a repeated dispatch (the translation's fast path)") {
    hal::CommandBuffer cb;
    std::vector<hal::Binding> bindings = {hal::BufferRef::direct(in), hal::BufferRef::direct(out)};
    requireOk(cb.dispatch(exe, 0, {1, 1, 1}, constants, bindings));
    requireOk(cb.dispatch(exe, 0, {1, 1, device.info().limits.maxWorkgroupCount[2] + 1}, constants, bindings));
    requireOk(cb.finish());
    auto r = device.submit(cb);
    REQUIRE(!r.ok());
    CHECK_THAT(r.status().message(), Catch::Contains("command 1 (dispatch of") && Catch::Contains("dimension 2"));
  }
  SECTION("SPIR-V without the named entry point") {
    hal::ExecutableLayout layout = scaleLayout();
    layout.entryPoints = {"nope"};
    auto r = device.createExecutable({hal::ExecutableFormat::SpirV, test::assembleSpirv(withSets(test::kScaleShader, 0, 0)), layout, {}, "x"});
    REQUIRE(!r.ok());
    CHECK_THAT(r.status().message(), Catch::Contains("'nope'"));
  }
  SECTION("an invalid module is refused before it reaches the driver") {
    // Assembles fine, fails validation (OpIAdd of a float): lavapipe would take it as it is.
    const char* invalid = R"(OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 4 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%float = OpTypeFloat 32
%one = OpConstant %float 1
%main = OpFunction %void None %fn
%entry = OpLabel
%sum = OpIAdd %float %one %one
OpReturn
OpFunctionEnd
)";
    spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
    std::vector<uint32_t> words;
    REQUIRE(tools.Assemble(invalid, &words));
    std::vector<uint8_t> bytes(words.size() * 4);
    std::memcpy(bytes.data(), words.data(), bytes.size());
    hal::ExecutableLayout layout;
    auto r = device.createExecutable({hal::ExecutableFormat::SpirV, bytes, layout, {}, "x"});
    REQUIRE(!r.ok());
    CHECK(r.status().code() == hal::ErrorCode::InvalidArgument);
    CHECK_THAT(r.status().message(), Catch::Contains("IAdd") || Catch::Contains("int"));
  }
  SECTION("garbage instead of SPIR-V") {
    auto r = device.createExecutable({hal::ExecutableFormat::SpirV, std::vector<uint8_t>(64, 0x55), scaleLayout(), {}, "x"});
    REQUIRE(!r.ok());
    CHECK_THAT(r.status().message(), Catch::Contains("magic"));
  }
  SECTION("descriptor heaps are refused by the Vulkan backend for now") {
    if (slTestBackend != hal::Backend::Vulkan) return;  // the CPU device runs heaps
    hal::ExecutableLayout layout = scaleLayout();
    layout.heapUsage = hal::kHeapResource;
    auto r = device.createExecutable({hal::ExecutableFormat::SpirV, test::assembleSpirv(withSets(test::kScaleShader, 0, 0)), layout, {}, "x"});
    REQUIRE(!r.ok());
    CHECK(r.status().code() == hal::ErrorCode::Unsupported);
  }
  requireOk(device.waitIdle());
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("descriptor arrays, named entry points and specialization constants", "[renderer][vulkan][cpu]") {
  SL_FOR_EACH_BACKEND(device);
  device.clearValidationMessages();
  hal::ExecutableLayout layout;
  layout.bindings = {{hal::BindingKind::StorageBuffer, 0, 0, 2, {}, true}, {hal::BindingKind::StorageBuffer, 0, 1}};
  layout.workgroupSize = {4, 1, 1};
  layout.entryPoints = {"sum_main"};
  hal::ExecutableDesc desc{hal::ExecutableFormat::SpirV, test::assembleSpirv(test::kArraySpecShader), layout, {}, "array-spec"};
  const uint32_t ten = 10;
  desc.specialization.push_back({7, std::vector<uint8_t>(reinterpret_cast<const uint8_t*>(&ten), reinterpret_cast<const uint8_t*>(&ten) + 4)});
  auto exe = device.createExecutable(desc);
  INFO(exe.status().toString());
  REQUIRE(exe.ok());
  CHECK((*exe)->findEntryPoint("sum_main") == 0);
  CHECK((*exe)->findEntryPoint("main") == -1);

  auto a = makeBuffer(device, {1, 2, 3, 4}, "a");
  auto b = makeBuffer(device, {10, 20, 30, 40}, "b");
  auto out = makeBuffer(device, 16, "out");
  hal::CommandBuffer cb;
  std::vector<hal::Binding> bindings = {hal::BufferRef::direct(a), hal::BufferRef::direct(b), hal::BufferRef::direct(out)};
  requireOk(cb.dispatch(*exe, 0, {1, 1, 1}, {}, bindings));
  requireOk(cb.finish());
  requireOk(device.submitAndWait(cb));
  CHECK(readWords(*out, 4) == std::vector<uint32_t>{110, 220, 330, 440});
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("every backend enumerates or says why not", "[renderer]") {
  test::vulkanDevice();
  auto all = hal::enumerateAdapters(hal::Backend::Any);
  REQUIRE(all.ok());
  CHECK(std::any_of(all->begin(), all->end(), [](const hal::AdapterInfo& a) { return a.backend == hal::Backend::Vulkan; }));
  // D3D12 exists only where WSL's libd3d12.so does; elsewhere it reports that, by name.
  auto d3d12 = hal::enumerateAdapters(hal::Backend::D3D12);
  if (!d3d12.ok()) {
    CHECK(d3d12.status().code() == hal::ErrorCode::Unavailable);
    CHECK_THAT(d3d12.status().message(), Catch::Contains("libd3d12.so"));
    hal::DeviceOptions options;
    options.backend = hal::Backend::D3D12;
    auto device = hal::createDevice(options);
    REQUIRE(!device.ok());
    CHECK_THAT(device.status().message(), Catch::Contains("libd3d12.so"));
  } else {
    for (const hal::AdapterInfo& a : *d3d12) {
      CHECK(a.backend == hal::Backend::D3D12);
      CHECK(!a.name.empty());
    }
  }
}

TEST_CASE("texture usage defaults to what the format supports", "[renderer][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  hal::TextureDesc desc;
  desc.format = {hal::ScalarType::Float32, 4};
  desc.width = desc.height = 8;
  desc.mipLevels = 4;
  desc.label = "auto";
  auto texture = device.createTexture(desc);
  INFO(texture.status().toString());
  REQUIRE(texture.ok());
  const uint32_t usage = (*texture)->desc().usage;
  CHECK((usage & hal::kTextureUsageAuto) == 0);
  CHECK((usage & hal::kTextureSampled) != 0);
  // All four mips round-trip through the packed layout.
  std::vector<uint8_t> packed(hal::packedTextureSize(desc));
  for (size_t i = 0; i < packed.size(); ++i) packed[i] = uint8_t(i * 7);
  requireOk((*texture)->upload(packed));
  std::vector<uint8_t> back(packed.size());
  requireOk((*texture)->download(back));
  CHECK(back == packed);
  // Comparison samplers with an LOD range are accepted; an inverted range is not.
  hal::SamplerDesc cmp;
  cmp.compareEnable = true;
  cmp.compareOp = hal::CompareOp::LessEqual;
  cmp.minLod = 1;
  cmp.maxLod = 3;
  cmp.addressU = hal::AddressMode::ClampToBorder;
  cmp.borderColor = hal::BorderColor::OpaqueWhite;
  CHECK(device.createSampler(cmp).ok());
  cmp.minLod = 4;
  CHECK(!device.createSampler(cmp).ok());
  // Too many mips, and a wrong-sized upload, are refused.
  desc.mipLevels = 5;
  CHECK(!device.createTexture(desc).ok());
  CHECK(!(*texture)->upload(std::vector<uint8_t>(16)).ok());
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("a thread waiting for a long submission holds up no other thread's submit or wait", "[renderer][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  hal::ExecutableLayout layout;
  layout.constantCount = 1;
  layout.bindings = {{hal::BindingKind::StorageBuffer, 0, 0, 1, {}, false}};
  layout.workgroupSize = {4, 1, 1};
  auto spin = test::makeExecutable(device, test::kSpinShader, layout, "spin");
  const uint32_t maxWorkgroups = 65535;
  auto out = makeBuffer(device, uint64_t(maxWorkgroups) * 4 * 4, "spin out");
  const uint32_t steps = 60000;
  auto submitSpin = [&](uint32_t workgroups, uint32_t stepsPerLane) {
    hal::CommandBuffer cb({.mode = hal::CommandBufferMode::OneShot});
    const hal::Binding bindings[] = {hal::BufferRef::direct(out)};
    requireOk(cb.dispatch(spin, 0, {workgroups, 1, 1}, std::span<const uint32_t>(&stepsPerLane, 1), bindings));
    requireOk(cb.finish());
    auto id = device.submit(cb);
    REQUIRE(id.ok());
    return *id;
  };
  auto spinOnHost = [](uint32_t stepsPerLane) {
    std::vector<uint32_t> acc = {0, 1, 2, 3};
    for (uint32_t& a : acc)
      for (uint32_t k = 0; k < stepsPerLane; ++k) a = a * 1664525u + k;
    return acc;
  };

  // Calibrated for a second or two of work (the calibration run's own overhead makes it shorter).
  const uint32_t calibration = 32;
  const auto start = std::chrono::steady_clock::now();
  const hal::SubmissionId first = submitSpin(calibration, steps);
  requireOk(device.wait(first));
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  CHECK(readWords(*out, 4) == spinOnHost(steps));
  const double workgroups = std::clamp(2 * calibration / std::max(seconds, 1e-4), double(calibration), double(maxWorkgroups));

  const hal::SubmissionId slow = submitSpin(uint32_t(workgroups), steps);
  std::atomic<bool> waiting{false};
  hal::Status slowStatus;
  std::thread waiter([&] {
    waiting = true;
    slowStatus = device.wait(slow);
  });
  while (!waiting) std::this_thread::yield();
  std::this_thread::sleep_for(std::chrono::milliseconds(50));  // well inside its wait now

  // Neither a submit nor a wait for finished work queues up behind the waiting thread: the slow
  // submission is still running when they return.
  const hal::SubmissionId after = submitSpin(1, 1);
  requireOk(device.wait(first));
  const hal::Status stillRunning = device.wait(slow, std::chrono::nanoseconds(0));
  CHECK(stillRunning.code() == hal::ErrorCode::Timeout);

  // Two threads waiting for the same submission both see it complete; the later one runs after.
  requireOk(device.wait(slow));
  waiter.join();
  requireOk(slowStatus);
  requireOk(device.wait(after));
  CHECK(readWords(*out, 4) == spinOnHost(1));
  CHECK_NO_VALIDATION_MESSAGES(device);
}
