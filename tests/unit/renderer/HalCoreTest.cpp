// The backend-neutral HAL: formats, buffer-ref resolution, command recording validation,
// descriptor heaps. No device needed.
#include <catch2/catch.hpp>

#include "renderer/hal/Hal.h"
#include "tests/unit/renderer/HalTestSupport.h"

#include <atomic>
#include <random>
#include <thread>

using namespace sl;

namespace {

class FakeBuffer final : public hal::Buffer {
 public:
  FakeBuffer(uint64_t size, uint32_t usage = hal::kBufferAllUsages, std::string label = "fake")
      : hal::Buffer(hal::Backend::Vulkan, {size, usage, std::move(label)}) {}
  hal::Status upload(uint64_t, std::span<const uint8_t>) override { return {}; }
  hal::Status download(uint64_t, std::span<uint8_t>) override { return {}; }
  hal::Status fill(uint64_t, uint64_t, uint32_t) override { return {}; }
};

class FakeTexture final : public hal::Texture {
 public:
  explicit FakeTexture(hal::TextureDesc d) : hal::Texture(hal::Backend::Vulkan, std::move(d)) {}
  hal::Status upload(std::span<const uint8_t>) override { return {}; }
  hal::Status download(std::span<uint8_t>) override { return {}; }
};

class FakeExecutable final : public hal::Executable {
 public:
  explicit FakeExecutable(hal::ExecutableLayout l) : hal::Executable(hal::Backend::Vulkan, std::move(l), "fake-exe") {}
};

std::shared_ptr<hal::Buffer> buffer(uint64_t size, uint32_t usage = hal::kBufferAllUsages) {
  return std::make_shared<FakeBuffer>(size, usage);
}

std::shared_ptr<hal::Executable> twoBufferExecutable(uint32_t constants = 1) {
  hal::ExecutableLayout layout;
  layout.constantCount = constants;
  layout.bindings = {{hal::BindingKind::StorageBuffer, 0, 0}, {hal::BindingKind::UniformBuffer, 0, 1}};
  return std::make_shared<FakeExecutable>(layout);
}

}  // namespace

TEST_CASE("format names and sizes", "[renderer][hal]") {
  CHECK(hal::formatName({hal::ScalarType::Float32, 4}) == "R32G32B32A32_FLOAT");
  CHECK(hal::formatName({hal::ScalarType::UInt16, 1}) == "R16_UINT");
  CHECK(hal::formatName({hal::ScalarType::UNorm8, 4}) == "R8G8B8A8_UNORM");
  CHECK(hal::formatName({hal::ScalarType::Depth32Float, 1}) == "D32_FLOAT");
  CHECK(hal::formatName({}) == "UNKNOWN");
  CHECK(hal::formatSize({hal::ScalarType::Float64, 3}) == 24);
  CHECK(hal::formatSize({hal::ScalarType::Float32, 5}) == 0);
  CHECK(!hal::Format(hal::ScalarType::Depth32Float, 2).valid());
}

TEST_CASE("packed mip sizes", "[renderer][hal]") {
  hal::TextureDesc d{{hal::ScalarType::UInt32, 1}, 4, 2, 3};
  // 4x2 + 2x1 + 1x1 texels of 4 bytes.
  CHECK(hal::packedMipOffset(d, 1) == 32);
  CHECK(hal::packedMipOffset(d, 2) == 40);
  CHECK(hal::packedTextureSize(d) == 44);
}

TEST_CASE("resolving direct and indirect buffer refs", "[renderer][hal]") {
  auto b = buffer(100);
  SECTION("direct whole buffer") {
    auto r = hal::resolveBufferRef(hal::BufferRef::direct(b, 20), {}, "x");
    REQUIRE(r.ok());
    CHECK(r->offset == 20);
    CHECK(r->length == 80);
  }
  SECTION("direct out of range") {
    auto r = hal::resolveBufferRef(hal::BufferRef::direct(b, 20, 90), {}, "the ref");
    REQUIRE(!r.ok());
    CHECK(r.status().code() == hal::ErrorCode::OutOfRange);
    CHECK_THAT(r.status().message(), Catch::StartsWith("the ref"));
  }
  SECTION("indirect offsets add up and lengths clamp to the entry") {
    const hal::BindingTableEntry table[] = {{b, 16, 40}};
    auto r = hal::resolveBufferRef(hal::BufferRef::indirect(0, 8, 1000), table, "x");
    REQUIRE(r.ok());
    CHECK(r->buffer == b.get());
    CHECK(r->offset == 24);
    CHECK(r->length == 32);
  }
  SECTION("indirect slot missing or empty") {
    const hal::BindingTableEntry table[] = {{nullptr}};
    CHECK(!hal::resolveBufferRef(hal::BufferRef::indirect(1), table, "x").ok());
    CHECK(!hal::resolveBufferRef(hal::BufferRef::indirect(0), table, "x").ok());
  }
  SECTION("table entry outside its buffer") {
    const hal::BindingTableEntry table[] = {{b, 90, 20}};
    CHECK(!hal::resolveBufferRef(hal::BufferRef::indirect(0), table, "x").ok());
  }
}

TEST_CASE("direct ranges at a dispatch: every edge is accepted or refused as resolveBufferRef decides", "[renderer][hal]") {
  // The first dispatch of a command buffer checks direct refs inline; refusals go through the
  // generic check, which words them. Each case records on a fresh command buffer (nothing to repeat).
  auto exe = twoBufferExecutable();
  auto storage = buffer(64, hal::kBufferStorage);
  auto uniform = buffer(64, hal::kBufferUniform);
  const uint32_t one[] = {7};
  struct Case {
    uint64_t offset, length;
  };
  const Case cases[] = {{0, hal::kWholeSize}, {60, hal::kWholeSize}, {63, 1}, {64, hal::kWholeSize}, {64, 0}, {0, 0},
                        {0, 64},          {0, 65},                {32, 32}, {32, 33},              {65, 1},  {8, 56}};
  for (const Case& k : cases) {
    CAPTURE(k.offset, k.length);
    const hal::BufferRef ref = hal::BufferRef::direct(storage, k.offset, k.length);
    const bool expected = hal::resolveBufferRef(ref, {}, "x").ok();
    hal::CommandBuffer cb;
    const std::vector<hal::Binding> bindings = {ref, hal::BufferRef::direct(uniform)};
    hal::Status s = cb.dispatch(exe, 0, {1, 1, 1}, one, bindings);
    CHECK(s.ok() == expected);
    if (!expected) CHECK_THAT(s.message(), Catch::Contains("command 0 (dispatch) binding 0"));
  }
  // Usage: the uniform binding needs uniform usage, also when the range is fine.
  hal::CommandBuffer cb;
  const std::vector<hal::Binding> noUniform = {hal::BufferRef::direct(storage), hal::BufferRef::direct(storage)};
  CHECK_THAT(cb.dispatch(exe, 0, {1, 1, 1}, one, noUniform).message(), Catch::Contains("uniform usage"));
}

TEST_CASE("dispatch recording validates against the layout", "[renderer][hal]") {
  auto exe = twoBufferExecutable();
  auto storage = buffer(64, hal::kBufferStorage);
  auto uniform = buffer(64, hal::kBufferUniform);
  const uint32_t one[] = {7};
  hal::CommandBuffer cb({hal::CommandBufferMode::Reusable, 4, "cb"});

  std::vector<hal::Binding> good = {hal::BufferRef::direct(storage), hal::BufferRef::direct(uniform)};
  CHECK(cb.dispatch(exe, 0, {1, 1, 1}, one, good).ok());

  SECTION("wrong constant count") {
    hal::Status s = cb.dispatch(exe, 0, {1, 1, 1}, {}, good);
    CHECK(s.code() == hal::ErrorCode::InvalidArgument);
    CHECK_THAT(s.message(), Catch::Contains("0 constants given, the layout declares 1"));
  }
  SECTION("wrong binding count") {
    CHECK(!cb.dispatch(exe, 0, {1, 1, 1}, one, std::vector<hal::Binding>{hal::BufferRef::direct(storage)}).ok());
  }
  SECTION("buffer without the needed usage") {
    std::vector<hal::Binding> swapped = {hal::BufferRef::direct(uniform), hal::BufferRef::direct(storage)};
    hal::Status s = cb.dispatch(exe, 0, {1, 1, 1}, one, swapped);
    CHECK_THAT(s.message(), Catch::Contains("storage usage"));
  }
  SECTION("texture where a buffer is expected") {
    auto tex = std::make_shared<FakeTexture>(hal::TextureDesc{{hal::ScalarType::Float32, 4}, 4, 4});
    std::vector<hal::Binding> wrong = {hal::Binding::ofTexture(tex), hal::BufferRef::direct(uniform)};
    CHECK_THAT(cb.dispatch(exe, 0, {1, 1, 1}, one, wrong).message(), Catch::Contains("needs a buffer ref, got a texture"));
  }
  SECTION("entry point out of range") {
    CHECK(cb.dispatch(exe, 3, {1, 1, 1}, one, good).code() == hal::ErrorCode::OutOfRange);
  }
  SECTION("indirect slot beyond the binding capacity") {
    std::vector<hal::Binding> far = {hal::BufferRef::indirect(4), hal::BufferRef::direct(uniform)};
    CHECK_THAT(cb.dispatch(exe, 0, {1, 1, 1}, one, far).message(), Catch::Contains("binding capacity 4"));
  }
  // Failed calls record nothing.
  CHECK(cb.commands().size() == 1);
  CHECK(!cb.usesIndirectRefs());
}

TEST_CASE("submission validation of binding tables", "[renderer][hal]") {
  auto exe = twoBufferExecutable(0);
  auto uniform = buffer(64, hal::kBufferUniform);
  hal::CommandBuffer cb({hal::CommandBufferMode::Reusable, 3, "cb"});
  std::vector<hal::Binding> bindings = {hal::BufferRef::indirect(2), hal::BufferRef::direct(uniform)};
  REQUIRE(cb.dispatch(exe, 0, {1, 1, 1}, {}, bindings).ok());
  CHECK(cb.validateSubmission({}).code() == hal::ErrorCode::FailedPrecondition);  // not finished
  REQUIRE(cb.finish().ok());
  CHECK(!cb.barrier().ok());  // finished
  CHECK(cb.requiredTableSize() == 3);
  const hal::BindingTableEntry small[] = {{buffer(16)}, {buffer(16)}};
  CHECK_THAT(cb.validateSubmission(small).message(), Catch::Contains("uses binding table slots up to 2"));
  const hal::BindingTableEntry wrongUsage[] = {{nullptr}, {nullptr}, {buffer(16, hal::kBufferUniform)}};
  CHECK_THAT(cb.validateSubmission(wrongUsage).message(), Catch::Contains("storage usage"));
  const hal::BindingTableEntry good[] = {{nullptr}, {nullptr}, {buffer(16, hal::kBufferStorage)}};
  CHECK(cb.validateSubmission(good).ok());
}

TEST_CASE("transfer command validation", "[renderer][hal]") {
  auto a = buffer(64);
  auto b = buffer(32);
  hal::CommandBuffer cb;
  CHECK(cb.copyBuffer(hal::BufferRef::direct(a), hal::BufferRef::direct(b), 32).ok());
  CHECK(!cb.copyBuffer(hal::BufferRef::direct(a), hal::BufferRef::direct(b), 33).ok());
  CHECK(!cb.copyBuffer(hal::BufferRef::direct(a), hal::BufferRef::direct(b), 0).ok());
  CHECK(cb.fillBuffer(hal::BufferRef::direct(a, 4), 1).ok());
  CHECK(!cb.fillBuffer(hal::BufferRef::direct(a, 2), 1).ok());
  CHECK(!cb.fillBuffer(hal::BufferRef::direct(a, 0, 6), 1).ok());
  const uint8_t three[3] = {};
  CHECK(!cb.updateBuffer(hal::BufferRef::direct(a), three).ok());
  auto noTransfer = buffer(16, hal::kBufferStorage);
  CHECK_THAT(cb.fillBuffer(hal::BufferRef::direct(noTransfer), 0).message(), Catch::Contains("transfer-dst usage"));
}

TEST_CASE("layout validation", "[renderer][hal]") {
  hal::ExecutableLayout l;
  CHECK(hal::validateLayout(l).ok());
  l.bindings = {{hal::BindingKind::StorageBuffer, 0, 0}, {hal::BindingKind::UniformBuffer, 0, 0}};
  CHECK_THAT(hal::validateLayout(l).message(), Catch::Contains("used twice"));
  l.bindings = {{hal::BindingKind::UniformTexelBuffer, 0, 0}};
  CHECK_THAT(hal::validateLayout(l).message(), Catch::Contains("format"));
  l.bindings = {{hal::BindingKind::StorageBuffer, 0, 0, 0}};
  CHECK_THAT(hal::validateLayout(l).message(), Catch::Contains("array count 0"));
  l.bindings = {{hal::BindingKind::StorageBuffer, 0, 0, 3}, {hal::BindingKind::Sampler, 1, 0}};
  CHECK(l.bindingElementCount() == 4);
  l.constantCount = 4;
  l.constantsBuffer = hal::ConstantsBufferSlot{1, 0};
  CHECK(!hal::validateLayout(l).ok());
  l.entryPoints.clear();
  l.constantsBuffer.reset();
  CHECK(!hal::validateLayout(l).ok());
}

TEST_CASE("descriptor heap writes", "[renderer][hal]") {
  hal::DescriptorHeap heap(hal::HeapType::Resource, 4);
  auto b = buffer(64);
  CHECK(heap.writeRawBuffer(0, b, true).ok());
  CHECK(heap.slot(0).kind == hal::ViewKind::RWRawBuffer);
  const uint64_t g = heap.generation();
  CHECK(heap.writeStructuredBuffer(1, b, 16, false, 16, 32).ok());
  CHECK(heap.generation() == g + 1);
  CHECK_THAT(heap.writeStructuredBuffer(1, b, 0, false).message(), Catch::Contains("stride 0"));
  CHECK_THAT(heap.writeTypedBuffer(2, b, {}, false).message(), Catch::Contains("format"));
  CHECK_THAT(heap.writeRawBuffer(4, b, false).message(), Catch::Contains("slot 4"));
  CHECK(heap.writeConstantBuffer(3, b, 0, 128).code() == hal::ErrorCode::OutOfRange);
  CHECK_THAT(heap.writeSampler(2, nullptr).message(), Catch::Contains("cannot go in a resource heap"));
  auto tex = std::make_shared<FakeTexture>(hal::TextureDesc{{hal::ScalarType::Float32, 4}, 8, 8, 3, hal::kTextureSampled});
  CHECK(heap.writeTexture(2, tex, false, 1).ok());
  CHECK(heap.slot(2).mipCount == 2);
  CHECK_THAT(heap.writeTexture(2, tex, true).message(), Catch::Contains("storage usage"));
  CHECK(heap.clear(0).ok());
  CHECK(heap.slot(0).kind == hal::ViewKind::Empty);
  hal::DescriptorHeap samplers(hal::HeapType::Sampler, 2);
  CHECK(!samplers.writeRawBuffer(0, b, false).ok());
}

TEST_CASE("dispatches capture the descriptor heaps set before them", "[renderer][hal]") {
  hal::ExecutableLayout layout;
  layout.heapUsage = hal::kHeapResource | hal::kHeapSampler;
  auto exe = std::make_shared<FakeExecutable>(layout);
  auto resources = std::make_shared<hal::DescriptorHeap>(hal::HeapType::Resource, 8);
  auto samplers = std::make_shared<hal::DescriptorHeap>(hal::HeapType::Sampler, 2);
  hal::CommandBuffer cb;
  CHECK_THAT(cb.dispatch(exe, 0, {1, 1, 1}, {}, {}).message(), Catch::Contains("no resource heap is set"));
  CHECK(!cb.setDescriptorHeaps(samplers, resources).ok());
  REQUIRE(cb.setDescriptorHeaps(resources, nullptr).ok());
  CHECK_THAT(cb.dispatch(exe, 0, {1, 1, 1}, {}, {}).message(), Catch::Contains("no sampler heap is set"));
  REQUIRE(cb.setDescriptorHeaps(resources, samplers).ok());
  REQUIRE(cb.dispatch(exe, 0, {1, 1, 1}, {}, {}).ok());
  REQUIRE(cb.commands().size() == 1);
  const auto& d = std::get<hal::DispatchCommand>(cb.commands()[0]);
  CHECK(d.resourceHeap == resources.get());
  CHECK(d.samplerHeap == samplers.get());
}

TEST_CASE("recorded dispatches point into storage the command list owns", "[renderer][hal]") {
  std::weak_ptr<hal::Executable> weakExe;
  std::weak_ptr<hal::DescriptorHeap> weakHeap;
  hal::CommandBuffer cb;
  {
    hal::ExecutableLayout layout;
    layout.constantCount = 40;  // two dispatches fill the inline block; later ones use heap blocks
    layout.bindings = {{hal::BindingKind::StorageBuffer, 0, 0}};
    layout.heapUsage = hal::kHeapResource;
    auto exe = std::make_shared<FakeExecutable>(layout);
    auto heap = std::make_shared<hal::DescriptorHeap>(hal::HeapType::Resource, 4);
    weakExe = exe;
    weakHeap = heap;
    REQUIRE(cb.setDescriptorHeaps(heap, nullptr).ok());
    auto a = buffer(64);
    auto b = buffer(64);
    // 1000 dispatches cross many list chunks; every 7th one switches buffers.
    for (uint32_t i = 0; i < 1000; ++i) {
      std::vector<uint32_t> constants(40);
      for (uint32_t w = 0; w < 40; ++w) constants[w] = i * 100 + w;
      const hal::Binding binding[] = {hal::BufferRef::direct(i / 7 % 2 ? b : a)};
      REQUIRE(cb.dispatch(exe, 0, {i + 1, 1, 1}, constants, binding).ok());
    }
    // A failed dispatch leaves nothing behind.
    const hal::Binding tooFar[] = {hal::BufferRef::direct(a, 128)};
    std::vector<uint32_t> constants(40, 7);
    CHECK(!cb.dispatch(exe, 0, {1, 1, 1}, constants, tooFar).ok());
  }
  REQUIRE(cb.finish().ok());
  // The caller's references are gone; the list keeps the executable and the heap alive.
  CHECK(!weakExe.expired());
  CHECK(!weakHeap.expired());
  REQUIRE(cb.commands().recordedCount() == 1000);
  // Dispatches repeating the previous one's executable and bindings extend its run: fewer stored
  // commands (a new one where the bindings switch or a word block fills up).
  CHECK(cb.commands().size() < 1000);
  CHECK(cb.commands().size() >= (1000 + 6) / 7);
  const std::vector<hal::DispatchCommand> dispatches = test::recordedDispatches(cb.commands());
  REQUIRE(dispatches.size() == 1000);
  const void* previousList = nullptr;
  size_t lists = 0;
  for (uint32_t i = 0; i < 1000; ++i) {
    const auto& d = dispatches[i];
    CHECK(d.workgroups.x == i + 1);
    REQUIRE(d.constants.size() == 40);
    CHECK(d.constants[0] == i * 100);
    CHECK(d.constants[39] == i * 100 + 39);
    CHECK(d.executable == weakExe.lock().get());
    CHECK(d.resourceHeap == weakHeap.lock().get());
    REQUIRE(d.bindings.size() == 1);
    if (d.bindings.data() != previousList) ++lists;
    previousList = d.bindings.data();
  }
  CHECK(lists == (1000 + 6) / 7);  // one stored list per run of equal bindings
  size_t visited = 0;
  for (const hal::Command& c : cb.commands()) visited += std::holds_alternative<hal::DispatchCommand>(c) + hal::repeatsOf(c);
  CHECK(visited == 1000);
}

TEST_CASE("random command sequences read back in recording order, runs expanded", "[renderer][hal]") {
  // Runs must never reorder, merge or drop commands: barriers, fills and heap changes between
  // dispatches, entry point and executable switches, span and BindingList bindings, and word
  // blocks filling up all have to end a run at the right place.
  struct Dispatch {
    const hal::Executable* exe;
    uint32_t entry;
    hal::WorkgroupCount wg;
    std::vector<uint32_t> constants;
    std::vector<const hal::Buffer*> buffers;
  };
  struct Event {
    char kind;  // 'D'ispatch, 'B'arrier, 'F'ill
    Dispatch d;
  };
  hal::ExecutableLayout la, lb;
  la.constantCount = 2;
  la.entryPoints = {"main", "other"};
  la.bindings = {{hal::BindingKind::StorageBuffer, 0, 0}, {hal::BindingKind::UniformBuffer, 0, 1}};
  lb = la;
  lb.constantCount = 37;  // long records: word blocks fill up after a few dozen
  auto exeA = std::make_shared<FakeExecutable>(la);
  auto exeB = std::make_shared<FakeExecutable>(lb);
  std::vector<std::shared_ptr<hal::Buffer>> buffers = {buffer(64), buffer(64), buffer(64)};
  const std::vector<hal::Binding> spans[2] = {{hal::BufferRef::direct(buffers[0]), hal::BufferRef::direct(buffers[1])},
                                             {hal::BufferRef::direct(buffers[2]), hal::BufferRef::direct(buffers[1])}};
  const std::shared_ptr<const hal::BindingList> lists[2] = {hal::BindingList::create(spans[0]), hal::BindingList::create(spans[1])};

  for (uint32_t seed : {1u, 2u, 3u}) {
    CAPTURE(seed);
    std::mt19937 random(seed);
    auto pick = [&](uint32_t n) { return uint32_t(random() % n); };
    std::vector<Event> expected;
    hal::CommandBuffer cb;
    bool useB = false, viaList = false;
    uint32_t entry = 0, set = 0;
    for (int op = 0; op < 3000; ++op) {
      const uint32_t what = pick(60);
      if (what == 0) {
        REQUIRE(cb.barrier().ok());
        expected.push_back({'B', {}});
      } else if (what == 1) {
        REQUIRE(cb.fillBuffer(hal::BufferRef::direct(buffers[0]), 0).ok());
        expected.push_back({'F', {}});
      } else if (what == 2) {
        REQUIRE(cb.setDescriptorHeaps(nullptr, nullptr).ok());
      } else {
        // Mostly the same executable, entry point and bindings again, so that runs form.
        if (pick(8) == 0) useB = pick(3) == 0;
        if (pick(10) == 0) entry = pick(2);
        if (pick(8) == 0) set = pick(2);
        if (pick(8) == 0) viaList = pick(2) == 0;
        const hal::Executable* exe = useB ? exeB.get() : exeA.get();
        Dispatch d{exe, entry, {1 + pick(4), 1 + pick(2), 1}, std::vector<uint32_t>(exe->layout().constantCount), {}};
        for (uint32_t& c : d.constants) c = random();
        for (const hal::Binding& b : spans[set]) d.buffers.push_back(b.buffer.buffer.get());
        const auto& shared = useB ? std::static_pointer_cast<hal::Executable>(exeB) : std::static_pointer_cast<hal::Executable>(exeA);
        hal::Status s = viaList ? cb.dispatch(shared, entry, d.wg, d.constants, *lists[set])
                                : cb.dispatch(shared, entry, d.wg, d.constants, spans[set]);
        REQUIRE(s.ok());
        expected.push_back({'D', std::move(d)});
      }
    }
    REQUIRE(cb.finish().ok());
    const hal::CommandList& list = cb.commands();
    CHECK(list.recordedCount() == expected.size());
    CHECK(list.size() < expected.size() / 3);  // runs formed
    size_t at = 0;
    size_t mismatches = 0;
    auto check = [&](const hal::DispatchCommand& d) {
      REQUIRE(at < expected.size());
      const Event& e = expected[at++];
      std::vector<const hal::Buffer*> bound;
      for (const hal::Binding& b : d.bindings) bound.push_back(b.buffer.buffer.get());
      const bool same = e.kind == 'D' && d.executable == e.d.exe && d.entryPoint == e.d.entry && d.workgroups.x == e.d.wg.x &&
                        d.workgroups.y == e.d.wg.y && d.workgroups.z == e.d.wg.z &&
                        std::vector<uint32_t>(d.constants.begin(), d.constants.end()) == e.d.constants && bound == e.d.buffers;
      mismatches += !same;
    };
    for (const hal::Command& c : list) {
      if (const auto* d = std::get_if<hal::DispatchCommand>(&c)) {
        check(*d);
        for (uint32_t k = 0; k < d->repeatCount; ++k) check(d->repeat(k));
      } else {
        REQUIRE(at < expected.size());
        const char kind = std::holds_alternative<hal::BarrierCommand>(c) ? 'B' : std::holds_alternative<hal::FillBufferCommand>(c) ? 'F' : '?';
        mismatches += expected[at++].kind != kind;
      }
    }
    CHECK(at == expected.size());
    CHECK(mismatches == 0);
  }
}

TEST_CASE("command lists are pooled safely across threads", "[renderer][hal]") {
  // Command buffers recorded on several threads at once; their lists go back to the shared pool
  // when each is destroyed, sometimes on another thread (a list kept alive past its buffer).
  auto exe = twoBufferExecutable(2);
  auto storage = buffer(64);
  auto uniform = buffer(64);
  const hal::Binding bindings[] = {hal::BufferRef::direct(storage), hal::BufferRef::direct(uniform)};
  std::atomic<int> failures{0};
  std::vector<std::shared_ptr<const hal::CommandList>> kept(4);
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t)
    threads.emplace_back([&, t] {
      for (uint32_t round = 0; round < 200; ++round) {
        hal::CommandBuffer cb({.mode = hal::CommandBufferMode::OneShot});
        const uint32_t n = 1 + round % 40;  // within and beyond the inline chunk
        for (uint32_t d = 0; d < n; ++d) {
          const uint32_t constants[2] = {uint32_t(t), d};
          if (!cb.dispatch(exe, 0, {1, 1, 1}, constants, bindings).ok()) ++failures;
        }
        if (!cb.finish().ok()) ++failures;
        const hal::CommandList& list = cb.commands();
        if (list.recordedCount() != n) ++failures;
        const std::vector<hal::DispatchCommand> dispatches = test::recordedDispatches(list);
        if (dispatches.size() != n) ++failures;
        for (uint32_t d = 0; d < n && d < dispatches.size(); ++d) {
          const auto& c = dispatches[d];
          if (c.constants[0] != uint32_t(t) || c.constants[1] != d) ++failures;
        }
        if (round % 50 == 0) kept[size_t(t)] = cb.sharedCommands();  // released later, elsewhere
      }
    });
  for (std::thread& thread : threads) thread.join();
  kept.clear();
  CHECK(failures == 0);
}

TEST_CASE("timestamp queries are written once per command buffer", "[renderer][hal]") {
  class FakePool final : public hal::TimestampPool {
   public:
    FakePool() : hal::TimestampPool(hal::Backend::Vulkan, 2) {}
    double periodNs() const override { return 2.0; }
    hal::Result<std::vector<uint64_t>> readTicks(uint32_t first, uint32_t n) override {
      std::vector<uint64_t> t;
      for (uint32_t i = 0; i < n; ++i) t.push_back(10 * (first + i));
      return t;
    }
  };
  auto pool = std::make_shared<FakePool>();
  hal::CommandBuffer cb;
  CHECK(cb.writeTimestamp(pool, 0).ok());
  CHECK_THAT(cb.writeTimestamp(pool, 0).message(), Catch::Contains("already written"));
  CHECK(cb.writeTimestamp(pool, 1).ok());
  CHECK(cb.writeTimestamp(pool, 2).code() == hal::ErrorCode::OutOfRange);
  auto ns = pool->readNanoseconds(0, 2);
  REQUIRE(ns.ok());
  CHECK(*ns == std::vector<double>{0.0, 20.0});
}
