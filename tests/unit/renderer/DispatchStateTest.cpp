// Submit-time state elision (docs/hal.md, "Dispatch overhead") and the fp32 denormal mode of CPU
// devices (docs/hal.md, "fp32 denormals"). Device tests run on lavapipe with validation on.
#include <catch2/catch.hpp>

#include <cstring>
#include <regex>

#include "renderer/hal/Hal.h"
#include "renderer/hal/HostFloatMode.h"
#include "tests/unit/renderer/HalTestSupport.h"
#include "tests/unit/renderer/TestShaders.h"

using namespace sl;
using sl::test::makeBuffer;
using sl::test::readWords;

namespace {

void requireOk(const hal::Status& s) {
  INFO(s.toString());
  REQUIRE(s.ok());
}

std::shared_ptr<hal::Executable> scale(hal::Device& device, const std::string& label) {
  std::string text = std::regex_replace(std::string(test::kScaleShader), std::regex("@(IN|OUT)_SET@"), "0");
  hal::ExecutableLayout layout;
  layout.constantCount = 2;
  layout.bindings = {{hal::BindingKind::StorageBuffer, 0, 0, 1, {}, true},
                     {hal::BindingKind::StorageBuffer, 0, 1, 1, {}, false}};
  layout.workgroupSize = {4, 1, 1};
  return test::makeExecutable(device, text, layout, label);
}

// out[i] = in[i] * 0.5 on floats: 2^-126 (the smallest normal) becomes the denormal 2^-127
// unless denormals are flushed.
const std::string kHalveShader = spvtest::computeShaderAsm({
    .element = "float",
    .types = "%half = OpConstant %float 0.5\n",
    .body = R"(%pin = OpAccessChain %ptr_sb_float %in %c0 %i
%x = OpLoad %float %pin
%r = OpFMul %float %x %half
%pout = OpAccessChain %ptr_sb_float %out %c0 %i
OpStore %pout %r
)"});

// in[i] = {2^-126, 1.0, 2^-126, 4.0} halved on a device opened with `mode`; the output words.
std::vector<uint32_t> halveOn(hal::Fp32DenormMode mode) {
  auto device = hal::createDevice({.backend = hal::Backend::Vulkan, .validation = true, .fp32Denorm = mode});
  INFO(device.status().toString());
  REQUIRE(device.ok());
  hal::Device& d = **device;
  hal::ExecutableLayout layout;
  layout.bindings = {{hal::BindingKind::StorageBuffer, 0, 0, 1, {}, true},
                     {hal::BindingKind::StorageBuffer, 0, 1, 1, {}, false}};
  layout.workgroupSize = {4, 1, 1};
  auto exe = test::makeExecutable(d, kHalveShader, layout, "halve");
  auto in = makeBuffer(d, {0x00800000u, 0x3f800000u, 0x00800000u, 0x40800000u}, "in");
  auto out = makeBuffer(d, 16, "out");
  hal::CommandBuffer cb;
  std::vector<hal::Binding> bindings = {hal::BufferRef::direct(in), hal::BufferRef::direct(out)};
  requireOk(cb.dispatch(exe, 0, {1, 1, 1}, {}, bindings));
  requireOk(cb.finish());
  requireOk(d.submitAndWait(cb));
  CHECK_NO_VALIDATION_MESSAGES(d);
  return readWords(*out, 4);
}

}  // namespace

TEST_CASE("repeated bindings share one list and skip re-validation, but not re-checking", "[renderer][hal]") {
  hal::Device& device = test::vulkanDevice();
  auto exe = scale(device, "scale");
  auto in = makeBuffer(device, {1, 2, 3, 4}, "in");
  auto out = makeBuffer(device, 16, "out");
  hal::CommandBuffer cb;
  const uint32_t c[] = {1, 0};
  std::vector<hal::Binding> bindings = {hal::BufferRef::direct(in), hal::BufferRef::direct(out)};
  requireOk(cb.dispatch(exe, 0, {1, 1, 1}, c, bindings));
  requireOk(cb.dispatch(exe, 0, {1, 1, 1}, c, bindings));
  // The second is a repeat in the first one's run: same stored list, no command of its own.
  CHECK(cb.commands().size() == 1);
  const auto& first = std::get<hal::DispatchCommand>(cb.commands()[0]);
  const hal::DispatchCommand second = test::recordedDispatches(cb.commands())[1];
  CHECK(first.repeatCount == 1);
  CHECK(first.bindings.data() == second.bindings.data());
  CHECK(second.bindings.size() == 2);
  // The cheap checks still run on a repeated list: constants count, entry point.
  CHECK_THAT(cb.dispatch(exe, 0, {1, 1, 1}, {}, bindings).message(), Catch::Contains("0 constants given"));
  CHECK_THAT(cb.dispatch(exe, 3, {1, 1, 1}, c, bindings).message(), Catch::Contains("entry point 3"));
  // A different list is validated again (and gets its own storage).
  std::vector<hal::Binding> swapped = {hal::BufferRef::direct(out), hal::BufferRef::direct(in, 4)};
  requireOk(cb.dispatch(exe, 0, {1, 1, 1}, c, swapped));
  CHECK(std::get<hal::DispatchCommand>(cb.commands()[1]).bindings.data() != first.bindings.data());
  std::vector<hal::Binding> outOfRange = {hal::BufferRef::direct(in, 64), hal::BufferRef::direct(out)};
  CHECK_THAT(cb.dispatch(exe, 0, {1, 1, 1}, c, outOfRange).message(), Catch::Contains("command 3 (dispatch) binding 0"));
  CHECK(cb.commands().recordedCount() == 3);
}

TEST_CASE("binding comparison: a buffer binding is its ref; other kinds compare every object", "[renderer][hal]") {
  auto buffer = std::make_shared<int>(0);  // any object: only identity matters here
  hal::BufferRef ref{std::shared_ptr<hal::Buffer>(buffer, reinterpret_cast<hal::Buffer*>(buffer.get())), 0, 16, 32};
  const hal::Binding a = ref;
  hal::Binding b = ref;
  CHECK(hal::sameBinding(a, b));
  b.buffer.offset = 32;
  CHECK_FALSE(hal::sameBinding(a, b));
  b = ref;
  b.buffer.length = hal::kWholeSize;
  CHECK_FALSE(hal::sameBinding(a, b));
  b = hal::BufferRef::indirect(0, 16, 32);
  CHECK_FALSE(hal::sameBinding(a, b));
  const hal::Binding slot0 = hal::BufferRef::indirect(0), slot1 = hal::BufferRef::indirect(1);
  CHECK_FALSE(hal::sameBinding(slot0, slot1));
  CHECK(hal::sameBinding(slot1, hal::Binding(hal::BufferRef::indirect(1))));
  // Textures and samplers: the object, the mip, the sampler.
  auto t = std::shared_ptr<hal::Texture>(buffer, reinterpret_cast<hal::Texture*>(buffer.get()));
  auto s = std::shared_ptr<hal::Sampler>(buffer, reinterpret_cast<hal::Sampler*>(buffer.get()));
  CHECK(hal::sameBinding(hal::Binding::ofTexture(t, 1), hal::Binding::ofTexture(t, 1)));
  CHECK_FALSE(hal::sameBinding(hal::Binding::ofTexture(t, 1), hal::Binding::ofTexture(t, 2)));
  CHECK_FALSE(hal::sameBinding(hal::Binding::ofTexture(t), hal::Binding::ofTextureSampler(t, s)));
  CHECK_FALSE(hal::sameBinding(hal::Binding::ofTextureSampler(t, s), hal::Binding::ofTextureSampler(t, nullptr)));
  CHECK_FALSE(hal::sameBinding(hal::Binding::ofSampler(s), hal::Binding::ofSampler(nullptr)));
  CHECK_FALSE(hal::sameBinding(a, hal::Binding::ofTexture(t)));
  const hal::Binding list1[] = {a, hal::Binding::ofSampler(s)};
  const hal::Binding list2[] = {a, hal::Binding::ofSampler(s)};
  CHECK(hal::sameBindings(list1, list2));
  CHECK_FALSE(hal::sameBindings(list1, std::span<const hal::Binding>(list2, 1)));
}

TEST_CASE("a BindingList is compared by identity, kept instead of copied, and validated like a span", "[renderer][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  auto exe = scale(device, "list");
  auto in = makeBuffer(device, {1, 2, 3, 4}, "in");
  auto out = makeBuffer(device, 16, "out");
  std::weak_ptr<const hal::BindingList> weak;
  hal::CommandBuffer cb;
  {
    auto list = hal::BindingList::create({hal::BufferRef::direct(in), hal::BufferRef::direct(out)});
    weak = list;
    const uint32_t c1[] = {2, 1}, c2[] = {3, 0};
    requireOk(cb.dispatch(exe, 0, {1, 1, 1}, c1, *list));
    requireOk(cb.dispatch(exe, 0, {1, 1, 1}, c2, *list));  // a repeat: one pointer compared
    // The same contents as a span share the stored list too.
    const std::vector<hal::Binding> same = {hal::BufferRef::direct(in), hal::BufferRef::direct(out)};
    requireOk(cb.dispatch(exe, 0, {1, 1, 1}, c1, same));
    REQUIRE(cb.commands().size() == 1);
    const auto& d = std::get<hal::DispatchCommand>(cb.commands()[0]);
    CHECK(d.repeatCount == 2);
    CHECK(d.bindings.data() == list->bindings().data());  // not copied
    // A list of the wrong shape is refused like a span.
    auto tooShort = hal::BindingList::create({hal::BufferRef::direct(in)});
    CHECK_THAT(cb.dispatch(exe, 0, {1, 1, 1}, c1, *tooShort).message(), Catch::Contains("1 bindings given"));
    auto outOfRange = hal::BindingList::create({hal::BufferRef::direct(in, 64), hal::BufferRef::direct(out)});
    CHECK_THAT(cb.dispatch(exe, 0, {1, 1, 1}, c1, *outOfRange).message(), Catch::Contains("command 3 (dispatch) binding 0"));
    CHECK(cb.commands().recordedCount() == 3);
    requireOk(cb.dispatch(exe, 0, {1, 1, 1}, c2, *list));  // back to the list after failures
    requireOk(cb.finish());
  }
  CHECK(!weak.expired());  // the command buffer keeps it alive
  requireOk(device.submitAndWait(cb));
  CHECK(readWords(*out, 4) == std::vector<uint32_t>{3, 6, 9, 12});
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("a run of repeated dispatches keeps each one's workgroups and constants", "[renderer][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  auto exe = scale(device, "run");
  // 300 dispatches of 5-word records cross the inline word block and a heap block. Dispatch k
  // covers workgroups [0, 300 - k), so elements [4(299 - k), 4(300 - k)) are last written by
  // dispatch k (lavapipe runs the dispatches of a command buffer in order: the test's oracle).
  constexpr uint32_t kDispatches = 300;
  std::vector<uint32_t> input(4 * kDispatches);
  for (uint32_t i = 0; i < input.size(); ++i) input[i] = i;
  auto in = makeBuffer(device, input, "in");
  auto out = makeBuffer(device, 16 * kDispatches, "out");
  const std::vector<hal::Binding> bindings = {hal::BufferRef::direct(in), hal::BufferRef::direct(out)};
  for (int submission = 0; submission < 2; ++submission) {
    hal::CommandBuffer cb;
    for (uint32_t k = 0; k < kDispatches; ++k) {
      const uint32_t c[] = {k + 2 + uint32_t(submission), k};
      requireOk(cb.dispatch(exe, 0, {kDispatches - k, 1, 1}, c, bindings));
    }
    requireOk(cb.finish());
    CHECK(cb.commands().size() < 10);  // a few runs (a new one where a word block fills up)
    CHECK(cb.commands().recordedCount() == kDispatches);
    requireOk(device.submitAndWait(cb));
    const std::vector<uint32_t> got = readWords(*out, 4 * kDispatches);
    size_t wrong = 0;
    for (uint32_t e = 0; e < got.size(); ++e) {
      const uint32_t k = kDispatches - 1 - e / 4;
      wrong += got[e] != e * (k + 2 + uint32_t(submission)) + k;
    }
    CHECK(wrong == 0);
  }
  // A repeat over the device's workgroup limit is reported with its own command index.
  hal::CommandBuffer tooMany;
  const uint32_t c[] = {1, 0};
  for (uint32_t k = 0; k < 5; ++k)
    requireOk(tooMany.dispatch(exe, 0, {1, k == 3 ? device.info().limits.maxWorkgroupCount[1] + 1 : 1, 1}, c, bindings));
  requireOk(tooMany.finish());
  REQUIRE(tooMany.commands().size() == 1);
  auto r = device.submit(tooMany);
  REQUIRE(!r.ok());
  CHECK_THAT(r.status().message(), Catch::Contains("command 3 (dispatch of 'run')") && Catch::Contains("dimension 1"));
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("constants and pipelines change between dispatches that share bindings", "[renderer][vulkan]") {
  hal::Device& device = test::vulkanDevice();
  device.clearValidationMessages();
  auto a = scale(device, "a");
  auto b = scale(device, "b");
  auto buf = makeBuffer(device, {1, 2, 3, 4}, "buf");
  auto tmp = makeBuffer(device, 16, "tmp");
  // buf -> tmp (x*2+1) -> buf (x*3) -> tmp (x+5, same constants as a previous push of b) -> buf
  // (x*2+1 again, executable a after b): constants, pipeline and bindings alternate.
  hal::CommandBuffer cb;
  const std::vector<hal::Binding> forward = {hal::BufferRef::direct(buf), hal::BufferRef::direct(tmp)};
  const std::vector<hal::Binding> back = {hal::BufferRef::direct(tmp), hal::BufferRef::direct(buf)};
  const uint32_t k1[] = {2, 1}, k2[] = {3, 0}, k3[] = {1, 5};
  requireOk(cb.dispatch(a, 0, {1, 1, 1}, k1, forward));
  requireOk(cb.barrier());
  requireOk(cb.dispatch(a, 0, {1, 1, 1}, k2, back));
  requireOk(cb.barrier());
  requireOk(cb.dispatch(b, 0, {1, 1, 1}, k3, forward));
  requireOk(cb.barrier());
  requireOk(cb.dispatch(a, 0, {1, 1, 1}, k1, back));
  requireOk(cb.finish());
  requireOk(device.submitAndWait(cb));
  // x=1: 3 -> 9 -> 14 -> 29
  CHECK(readWords(*buf, 4) == std::vector<uint32_t>{29, 41, 53, 65});
  // Submitted again: the pooled native command buffer is re-recorded from the start.
  hal::CommandBuffer again;
  requireOk(again.dispatch(b, 0, {1, 1, 1}, k2, forward));
  requireOk(again.barrier());
  requireOk(again.dispatch(b, 0, {1, 1, 1}, k2, forward));
  requireOk(again.finish());
  requireOk(device.submitAndWait(again));
  CHECK(readWords(*tmp, 4) == std::vector<uint32_t>{87, 123, 159, 195});
  CHECK_NO_VALIDATION_MESSAGES(device);
}

TEST_CASE("fp32 denormal modes: pure rules", "[renderer][hal]") {
  const uint32_t base = 0x1f80;  // the x86 default MXCSR
  CHECK(hal::mxcsrForDenormMode(base, hal::Fp32DenormMode::Device) == base);
  CHECK(hal::mxcsrForDenormMode(base, hal::Fp32DenormMode::Flush) == (base | 0x8040));
  CHECK(hal::mxcsrForDenormMode(base | 0x8040, hal::Fp32DenormMode::Preserve) == base);

  hal::AdapterInfo gpu;
  gpu.backend = hal::Backend::Vulkan;
  gpu.name = "Some GPU";
  gpu.type = hal::DeviceType::DiscreteGpu;
  CHECK(hal::checkFp32DenormMode(gpu, hal::Fp32DenormMode::Device).ok());
  hal::Status s = hal::checkFp32DenormMode(gpu, hal::Fp32DenormMode::Flush);
  CHECK(s.code() == hal::ErrorCode::Unsupported);
  CHECK_THAT(s.message(), Catch::Contains("only to CPU implementations") && Catch::Contains("discrete-gpu"));

  hal::AdapterInfo cpu = gpu;
  cpu.type = hal::DeviceType::Cpu;
  CHECK(hal::checkFp32DenormMode(cpu, hal::Fp32DenormMode::Flush).ok() == hal::hostFloatModeControllable());
  cpu.backend = hal::Backend::D3D12;
  CHECK(!hal::checkFp32DenormMode(cpu, hal::Fp32DenormMode::Preserve).ok());

  hal::Fp32DenormMode mode = hal::Fp32DenormMode::Device;
  CHECK(hal::parseFp32DenormMode("flush", mode));
  CHECK(mode == hal::Fp32DenormMode::Flush);
  CHECK(!hal::parseFp32DenormMode("ftz", mode));
}

TEST_CASE("fp32 denormals on lavapipe: flush as D3D, or preserve", "[renderer][vulkan]") {
  if (!hal::hostFloatModeControllable()) return;  // non-x86 hosts: checkFp32DenormMode refuses (tested above)
  const uint32_t before = hal::hostMxcsr();
  const std::vector<uint32_t> flushed = halveOn(hal::Fp32DenormMode::Flush);
  CHECK(flushed == std::vector<uint32_t>{0u, 0x3f000000u, 0u, 0x40000000u});
  // The calling thread's own mode is back to what it was: host-side comparisons stay IEEE.
  CHECK(hal::hostMxcsr() == before);
  const std::vector<uint32_t> preserved = halveOn(hal::Fp32DenormMode::Preserve);
  CHECK(preserved == std::vector<uint32_t>{0x00400000u, 0x3f000000u, 0x00400000u, 0x40000000u});
  CHECK(hal::hostMxcsr() == before);
}
