// Dispatch overhead of the HAL (renderer/hal + renderer/vulkan) against a minimal hand-written
// Vulkan dispatch of the same SPIR-V on the same device kind, in one run (docs/hal.md).
//
// One iteration = record a command buffer with N dispatches, submit it, wait for it:
//   hal/N     hal::CommandBuffer (dispatch x N, finish) + Device::submit + Device::wait; the
//             backend translates the commands into a fresh VkCommandBuffer at submit.
//   vulkan/N  reset a VkCommandPool, begin, bind pipeline + one descriptor set (written once at
//             set-up), N x (push constants, dispatch), a compute->host barrier, end, reset the
//             fence, vkQueueSubmit with it, wait.
//   ratio/N/V/L  both alternately in the same iterations; V = 1: the constants change at every
//             dispatch; L = 1: the HAL's dispatches share a prebuilt hal::BindingList (the
//             counterpart of the loop's descriptor set written once), else each passes a span.
//             Counters: ratio = HAL / Vulkan time from the start of recording until the submit
//             call returns (the recording + submit overhead the goal is about), median iteration
//             against median iteration (hal_us, vulkan_us; overhead_us = their difference);
//             cpu_ratio = the same from the calling thread's CPU time summed over all iterations
//             (interrupts, reschedules and a thread-clock read per side included); total_cpu_ratio = the same including the wait (the HAL's wait also
//             recycles the submission, but mostly it is the kernel putting the thread to sleep
//             and waking it, which on a shared 2-core machine varies by more than the overhead
//             itself); wall_ratio = wall time including lavapipe's execution. Goal: ratio <= 1.1. Instruction counts of both sides (load-independent): valgrind --tool=callgrind
//             --toggle-collect='*Side::recordAndSubmit*'. On lavapipe the CPU times after a wait
//             include refilling caches that llvmpipe's worker threads evicted (docs/hal.md);
//             LP_NUM_THREADS=0 runs its shaders on its queue thread only.
// Both use the same shader (out[i] = in[i] * pc[0] + pc[1]), the same buffer sizes and usage,
// and no validation layers. After the benchmarks one line per N summarizes the ratios.
// Run: build/bench/bench_dispatch [--benchmark_filter=ratio]
#include "renderer/hal/Hal.h"
#include "tests/unit/renderer/TestShaders.h"

#include <benchmark/benchmark.h>
#include <spirv-tools/libspirv.hpp>
#include <volk.h>

#include <algorithm>
#include <sched.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <functional>
#include <map>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <tuple>
#include <vector>

namespace {

namespace hal = sl::hal;

constexpr uint32_t kElements = 256;
constexpr uint32_t kLocalSize = 64;
constexpr uint64_t kBufferBytes = kElements * 4;
// The same usage on both sides (transfer bits: host access may stage on discrete GPUs).
constexpr uint32_t kHalUsage = sl::hal::kBufferStorage | sl::hal::kBufferTransferSrc | sl::hal::kBufferTransferDst;
constexpr VkBufferUsageFlags kVkUsage =
    VK_BUFFER_USAGE_STORAGE_BUFFER_BIT | VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT;


[[noreturn]] void fail(const std::string& what) { throw std::runtime_error(what); }

void check(VkResult r, const char* what) {
  if (r != VK_SUCCESS) fail(std::string(what) + " failed: VkResult " + std::to_string(int(r)));
}

void replaceAll(std::string& text, const std::string& from, const std::string& to) {
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

// The HAL tests' scale shader (out[i] = in[i] * pc[0] + pc[1]), in set 0 with kLocalSize lanes.
std::vector<uint32_t> shaderWords() {
  std::string text = sl::test::kScaleShader;
  replaceAll(text, "@IN_SET@", "0");
  replaceAll(text, "@OUT_SET@", "0");
  replaceAll(text, "LocalSize 4 1 1", "LocalSize " + std::to_string(kLocalSize) + " 1 1");
  spvtools::SpirvTools tools(SPV_ENV_VULKAN_1_1);
  std::vector<uint32_t> words;
  if (!tools.Assemble(text, &words) || !tools.Validate(words)) fail("the benchmark shader does not assemble");
  return words;
}

// Constants of dispatch d of n: always {3, 1}, or (varying) alternating with {2, 0} so that no
// two consecutive dispatches push the same words (the HAL skips re-pushing equal constants, a
// hand-written loop pushes every time). The last dispatch always gets {3, 1}.
std::span<const uint32_t> constantsOf(uint32_t d, uint32_t n, bool varying) {
  static const uint32_t kSame[2] = {3, 1};
  static const uint32_t kOther[2] = {2, 0};
  return varying && (n - 1 - d) % 2 ? kOther : kSame;
}

// ---- Our HAL ---------------------------------------------------------------------------------

struct HalSide {
  std::unique_ptr<hal::Device> device;
  std::shared_ptr<hal::Executable> exe;
  std::shared_ptr<hal::Buffer> in, out;
  std::shared_ptr<const hal::BindingList> bindings;

  explicit HalSide(const std::vector<uint32_t>& words) {
    auto created = hal::createDevice({.backend = hal::Backend::Vulkan});
    if (!created.ok()) fail("HAL device: " + created.status().toString());
    device = created.take();
    hal::ExecutableDesc desc;
    desc.format = hal::ExecutableFormat::SpirV;
    desc.code.resize(words.size() * 4);
    std::memcpy(desc.code.data(), words.data(), desc.code.size());
    desc.layout.constantCount = 2;
    desc.layout.bindings = {{.kind = hal::BindingKind::StorageBuffer, .set = 0, .binding = 0, .readOnly = true},
                            {.kind = hal::BindingKind::StorageBuffer, .set = 0, .binding = 1}};
    desc.layout.workgroupSize = {kLocalSize, 1, 1};
    desc.label = "bench";
    auto e = device->createExecutable(desc);
    if (!e.ok()) fail("HAL executable: " + e.status().toString());
    exe = e.take();
    auto a = device->createBuffer({.size = kBufferBytes, .usage = kHalUsage, .label = "in"});
    auto b = device->createBuffer({.size = kBufferBytes, .usage = kHalUsage, .label = "out"});
    if (!a.ok() || !b.ok()) fail("HAL buffers");
    in = a.take();
    out = b.take();
    bindings = hal::BindingList::create({hal::BufferRef::direct(in), hal::BufferRef::direct(out)});
    std::vector<uint32_t> data(kElements);
    for (uint32_t i = 0; i < kElements; ++i) data[i] = i;
    if (!in->uploadArray(std::span<const uint32_t>(data)).ok()) fail("HAL upload");
  }

  // bindingList: the dispatches share a prebuilt hal::BindingList (the counterpart of the
  // hand-written loop's descriptor set written once at set-up); otherwise each passes a span.
  void record(hal::CommandBuffer& cb, uint32_t dispatches, bool varying, bool bindingList = false) {
    if (bindingList) {
      for (uint32_t d = 0; d < dispatches; ++d)
        if (!cb.dispatch(exe, 0, {kElements / kLocalSize, 1, 1}, constantsOf(d, dispatches, varying), *bindings).ok())
          fail("HAL dispatch");
    } else {
      const hal::Binding span[2] = {hal::BufferRef::direct(in), hal::BufferRef::direct(out)};
      for (uint32_t d = 0; d < dispatches; ++d)
        if (!cb.dispatch(exe, 0, {kElements / kLocalSize, 1, 1}, constantsOf(d, dispatches, varying), span).ok())
          fail("HAL dispatch");
    }
    if (!cb.finish().ok()) fail("HAL finish");
  }

  // Recording + submit: what the overhead ratio measures.
  hal::SubmissionId recordAndSubmit(uint32_t dispatches, bool varying, bool bindingList = false) {
    hal::CommandBuffer cb({.mode = hal::CommandBufferMode::OneShot});
    record(cb, dispatches, varying, bindingList);
    auto id = device->submit(cb);
    if (!id.ok()) fail("HAL submit: " + id.status().toString());
    return *id;
  }
  void wait(hal::SubmissionId id) {
    if (!device->wait(id).ok()) fail("HAL wait");
  }
  void run(uint32_t dispatches, bool varying = false) { wait(recordAndSubmit(dispatches, varying)); }

  uint32_t result(uint32_t i) {
    std::vector<uint32_t> data(kElements);
    if (!out->download(0, std::span<uint8_t>(reinterpret_cast<uint8_t*>(data.data()), kBufferBytes)).ok()) fail("HAL download");
    return data[i];
  }
};

// ---- Hand-written Vulkan ---------------------------------------------------------------------

struct VulkanSide {
  VkInstance instance = VK_NULL_HANDLE;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VolkDeviceTable vk{};
  VkQueue queue = VK_NULL_HANDLE;
  uint32_t queueFamily = 0;
  VkBuffer buffers[2]{};
  VkDeviceMemory memory[2]{};
  VkDescriptorSetLayout setLayout = VK_NULL_HANDLE;
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  VkShaderModule module = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkDescriptorPool descriptorPool = VK_NULL_HANDLE;
  VkDescriptorSet set = VK_NULL_HANDLE;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  VkCommandBuffer cmd = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;

  explicit VulkanSide(const std::vector<uint32_t>& words) {
    check(volkInitialize(), "volkInitialize");
    VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
    app.apiVersion = VK_API_VERSION_1_1;
    VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
    ici.pApplicationInfo = &app;
    check(vkCreateInstance(&ici, nullptr, &instance), "vkCreateInstance");
    // Instance-level entry points through the loader's trampolines (shared with the HAL's instance).
    volkLoadInstanceOnly(instance);
    uint32_t count = 0;
    vkEnumeratePhysicalDevices(instance, &count, nullptr);
    std::vector<VkPhysicalDevice> devices(count);
    vkEnumeratePhysicalDevices(instance, &count, devices.data());
    if (devices.empty()) fail("no Vulkan device");
    physical = devices[0];  // the HAL also opens the first adapter
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, nullptr);
    std::vector<VkQueueFamilyProperties> families(count);
    vkGetPhysicalDeviceQueueFamilyProperties(physical, &count, families.data());
    for (queueFamily = 0; queueFamily < count; ++queueFamily)
      if (families[queueFamily].queueFlags & VK_QUEUE_COMPUTE_BIT) break;
    if (queueFamily == count) fail("no compute queue");
    const float priority = 1.0f;
    VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
    qci.queueFamilyIndex = queueFamily;
    qci.queueCount = 1;
    qci.pQueuePriorities = &priority;
    VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
    dci.queueCreateInfoCount = 1;
    dci.pQueueCreateInfos = &qci;
    check(vkCreateDevice(physical, &dci, nullptr, &device), "vkCreateDevice");
    volkLoadDeviceTable(&vk, device);
    vk.vkGetDeviceQueue(device, queueFamily, 0, &queue);

    VkPhysicalDeviceMemoryProperties mem{};
    vkGetPhysicalDeviceMemoryProperties(physical, &mem);
    for (int b = 0; b < 2; ++b) {
      VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
      bci.size = kBufferBytes;
      bci.usage = kVkUsage;
      check(vk.vkCreateBuffer(device, &bci, nullptr, &buffers[b]), "vkCreateBuffer");
      VkMemoryRequirements req{};
      vk.vkGetBufferMemoryRequirements(device, buffers[b], &req);
      const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
      uint32_t type = 0;
      while (type < mem.memoryTypeCount &&
             (!(req.memoryTypeBits & (1u << type)) || (mem.memoryTypes[type].propertyFlags & want) != want))
        ++type;
      if (type == mem.memoryTypeCount) fail("no host-visible memory");
      VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
      mai.allocationSize = req.size;
      mai.memoryTypeIndex = type;
      check(vk.vkAllocateMemory(device, &mai, nullptr, &memory[b]), "vkAllocateMemory");
      check(vk.vkBindBufferMemory(device, buffers[b], memory[b], 0), "vkBindBufferMemory");
    }
    void* mapped = nullptr;
    check(vk.vkMapMemory(device, memory[0], 0, kBufferBytes, 0, &mapped), "vkMapMemory");
    for (uint32_t i = 0; i < kElements; ++i) static_cast<uint32_t*>(mapped)[i] = i;
    vk.vkUnmapMemory(device, memory[0]);

    VkDescriptorSetLayoutBinding slb[2]{};
    for (uint32_t b = 0; b < 2; ++b) {
      slb[b].binding = b;
      slb[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      slb[b].descriptorCount = 1;
      slb[b].stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
    }
    VkDescriptorSetLayoutCreateInfo dslci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    dslci.bindingCount = 2;
    dslci.pBindings = slb;
    check(vk.vkCreateDescriptorSetLayout(device, &dslci, nullptr, &setLayout), "vkCreateDescriptorSetLayout");
    VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0, 8};
    VkPipelineLayoutCreateInfo plci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
    plci.setLayoutCount = 1;
    plci.pSetLayouts = &setLayout;
    plci.pushConstantRangeCount = 1;
    plci.pPushConstantRanges = &range;
    check(vk.vkCreatePipelineLayout(device, &plci, nullptr, &pipelineLayout), "vkCreatePipelineLayout");
    VkShaderModuleCreateInfo smci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
    smci.codeSize = words.size() * 4;
    smci.pCode = words.data();
    check(vk.vkCreateShaderModule(device, &smci, nullptr, &module), "vkCreateShaderModule");
    VkComputePipelineCreateInfo cpci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
    cpci.stage = {VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO};
    cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
    cpci.stage.module = module;
    cpci.stage.pName = "main";
    cpci.layout = pipelineLayout;
    check(vk.vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &cpci, nullptr, &pipeline), "vkCreateComputePipelines");

    VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 2};
    VkDescriptorPoolCreateInfo dpci{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    dpci.maxSets = 1;
    dpci.poolSizeCount = 1;
    dpci.pPoolSizes = &size;
    check(vk.vkCreateDescriptorPool(device, &dpci, nullptr, &descriptorPool), "vkCreateDescriptorPool");
    VkDescriptorSetAllocateInfo dsai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    dsai.descriptorPool = descriptorPool;
    dsai.descriptorSetCount = 1;
    dsai.pSetLayouts = &setLayout;
    check(vk.vkAllocateDescriptorSets(device, &dsai, &set), "vkAllocateDescriptorSets");
    VkDescriptorBufferInfo infos[2] = {{buffers[0], 0, VK_WHOLE_SIZE}, {buffers[1], 0, VK_WHOLE_SIZE}};
    VkWriteDescriptorSet writes[2]{};
    for (uint32_t b = 0; b < 2; ++b) {
      writes[b] = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      writes[b].dstSet = set;
      writes[b].dstBinding = b;
      writes[b].descriptorCount = 1;
      writes[b].descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      writes[b].pBufferInfo = &infos[b];
    }
    vk.vkUpdateDescriptorSets(device, 2, writes, 0, nullptr);

    VkCommandPoolCreateInfo cpi{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
    cpi.flags = VK_COMMAND_POOL_CREATE_TRANSIENT_BIT;
    cpi.queueFamilyIndex = queueFamily;
    check(vk.vkCreateCommandPool(device, &cpi, nullptr, &commandPool), "vkCreateCommandPool");
    VkCommandBufferAllocateInfo cbai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    cbai.commandPool = commandPool;
    cbai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    cbai.commandBufferCount = 1;
    check(vk.vkAllocateCommandBuffers(device, &cbai, &cmd), "vkAllocateCommandBuffers");
    VkFenceCreateInfo fci{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
    check(vk.vkCreateFence(device, &fci, nullptr, &fence), "vkCreateFence");
  }

  ~VulkanSide() {
    if (!device) return;
    vk.vkDeviceWaitIdle(device);
    vk.vkDestroyFence(device, fence, nullptr);
    vk.vkDestroyCommandPool(device, commandPool, nullptr);
    vk.vkDestroyDescriptorPool(device, descriptorPool, nullptr);
    vk.vkDestroyPipeline(device, pipeline, nullptr);
    vk.vkDestroyShaderModule(device, module, nullptr);
    vk.vkDestroyPipelineLayout(device, pipelineLayout, nullptr);
    vk.vkDestroyDescriptorSetLayout(device, setLayout, nullptr);
    for (int b = 0; b < 2; ++b) {
      vk.vkDestroyBuffer(device, buffers[b], nullptr);
      vk.vkFreeMemory(device, memory[b], nullptr);
    }
    vk.vkDestroyDevice(device, nullptr);
    vkDestroyInstance(instance, nullptr);
  }

  // Recording + submit (with the fence reset the next submission needs): what the ratio measures.
  void recordAndSubmit(uint32_t dispatches, bool varying) {
    check(vk.vkResetCommandPool(device, commandPool, 0), "vkResetCommandPool");
    VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
    begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
    check(vk.vkBeginCommandBuffer(cmd, &begin), "vkBeginCommandBuffer");
    vk.vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
    vk.vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, pipelineLayout, 0, 1, &set, 0, nullptr);
    for (uint32_t d = 0; d < dispatches; ++d) {
      vk.vkCmdPushConstants(cmd, pipelineLayout, VK_SHADER_STAGE_COMPUTE_BIT, 0, 8, constantsOf(d, dispatches, varying).data());
      vk.vkCmdDispatch(cmd, kElements / kLocalSize, 1, 1);
    }
    VkMemoryBarrier toHost{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
    toHost.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
    toHost.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
    vk.vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &toHost, 0,
                            nullptr, 0, nullptr);
    check(vk.vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
    VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
    si.commandBufferCount = 1;
    si.pCommandBuffers = &cmd;
    check(vk.vkResetFences(device, 1, &fence), "vkResetFences");
    check(vk.vkQueueSubmit(queue, 1, &si, fence), "vkQueueSubmit");
  }
  void wait() { check(vk.vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX), "vkWaitForFences"); }
  void run(uint32_t dispatches, bool varying = false) {
    recordAndSubmit(dispatches, varying);
    wait();
  }

  uint32_t result(uint32_t i) {
    void* mapped = nullptr;
    check(vk.vkMapMemory(device, memory[1], 0, kBufferBytes, 0, &mapped), "vkMapMemory");
    const uint32_t v = static_cast<uint32_t*>(mapped)[i];
    vk.vkUnmapMemory(device, memory[1]);
    return v;
  }
};

// Both sides live for the whole run (device creation is not what is measured). The HAL device is
// created first so the hand-written side's volkLoadInstanceOnly cannot affect the HAL's set-up.
struct Sides {
  std::vector<uint32_t> words = shaderWords();
  HalSide hal{words};
  VulkanSide vulkan{words};
};

Sides& sides() {
  static Sides s;
  return s;
}

double clockSeconds(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

struct Ratios {
  double ratio = 0, halUs = 0, vulkanUs = 0;  // recording + submit: median iterations (the goal figure)
  double cpu = 0;                             // the same from summed thread CPU times
  double totalCpu = 0, wall = 0;                  // including the wait
};

// The median of per-iteration samples (reorders them). A timer interrupt, a page of the
// allocator or a reschedule lands on a few iterations of either side at random and adds
// several microseconds to each, as much as the whole overhead being measured; the median
// iteration does not see them, the sums do.
double median(std::vector<double>& v) {
  if (v.empty()) return 0;
  auto mid = v.begin() + std::ptrdiff_t(v.size() / 2);
  std::nth_element(v.begin(), mid, v.end());
  if (v.size() % 2) return *mid;
  return (*mid + *std::max_element(v.begin(), mid)) / 2;
}
std::map<std::tuple<int64_t, int64_t, int64_t>, Ratios>& ratios() {  // by (dispatches, varying, binding list)
  static std::map<std::tuple<int64_t, int64_t, int64_t>, Ratios> r;
  return r;
}

void halDispatch(benchmark::State& state) {
  for (auto _ : state) sides().hal.run(uint32_t(state.range(0)));
  state.counters["dispatches"] = double(state.range(0));
}

// Only the backend-neutral part: hal::CommandBuffer recording (validation + command copies), no
// submit. The rest of halDispatch's CPU time is Device::submit (validateSubmission + the Vulkan
// translation) and the wait.
void halRecordOnly(benchmark::State& state) {
  for (auto _ : state) {
    hal::CommandBuffer cb({.mode = hal::CommandBufferMode::OneShot});
    sides().hal.record(cb, uint32_t(state.range(0)), false);
  }
  state.counters["dispatches"] = double(state.range(0));
}

// The same after the thread has been idle for range(1) microseconds (paused timing), as it is
// after every wait: no device work at all, yet on the 2-core VM this runs 5-20x slower than
// back to back (caches, TLBs and clock refilled after the sleep). It is why the ratio's CPU
// times after a wait exceed its instruction counts (docs/hal.md, "Dispatch overhead").
void halRecordOnlyAfterIdle(benchmark::State& state) {
  const auto idle = std::chrono::microseconds(state.range(1));
  for (auto _ : state) {
    state.PauseTiming();
    std::this_thread::sleep_for(idle);
    state.ResumeTiming();
    hal::CommandBuffer cb({.mode = hal::CommandBufferMode::OneShot});
    sides().hal.record(cb, uint32_t(state.range(0)), false);
  }
  state.counters["dispatches"] = double(state.range(0));
}

void vulkanDispatch(benchmark::State& state) {
  for (auto _ : state) sides().vulkan.run(uint32_t(state.range(0)));
  state.counters["dispatches"] = double(state.range(0));
}

// Alternating in the same iterations, so both see the same machine load. Second argument: 1 =
// varying constants (see constantsOf).
void ratio(benchmark::State& state) {
  const uint32_t n = uint32_t(state.range(0));
  const bool varying = state.range(1) != 0;
  const bool bindingList = state.range(2) != 0;
  double halWall = 0, vkWall = 0, halCpu = 0, vkCpu = 0, halTotal = 0, vkTotal = 0;
  std::vector<double> halSamples, vkSamples;  // recording + submit CPU time per iteration
  halSamples.reserve(1 << 16);
  vkSamples.reserve(1 << 16);
  // The sides take turns going first: each iteration's first side records right after the
  // other side's wait of the previous iteration, so neither always follows the same one.
  bool halFirst = true;
  for (auto _ : state) {
    // The record + submit interval is read with CLOCK_MONOTONIC (vDSO, ~30 ns) inside the
    // thread-CPU-time reads (a system call, ~0.5 us here, whose share would be counted on both
    // sides and pull the ratio towards 1). The call never blocks, so the median iteration's
    // interval is its CPU time: the iterations a reschedule lands in are not the median.
    auto runHal = [&] {
      const double w0 = clockSeconds(CLOCK_MONOTONIC), c0 = clockSeconds(CLOCK_THREAD_CPUTIME_ID);
      const double r0 = clockSeconds(CLOCK_MONOTONIC);
      const hal::SubmissionId id = sides().hal.recordAndSubmit(n, varying, bindingList);
      const double r1 = clockSeconds(CLOCK_MONOTONIC);
      const double c1 = clockSeconds(CLOCK_THREAD_CPUTIME_ID);
      sides().hal.wait(id);
      const double w2 = clockSeconds(CLOCK_MONOTONIC), c2 = clockSeconds(CLOCK_THREAD_CPUTIME_ID);
      halCpu += c1 - c0;
      if (halSamples.size() < halSamples.capacity()) halSamples.push_back(r1 - r0);
      halTotal += c2 - c0;
      halWall += w2 - w0;
    };
    auto runVulkan = [&] {
      const double w0 = clockSeconds(CLOCK_MONOTONIC), c0 = clockSeconds(CLOCK_THREAD_CPUTIME_ID);
      const double r0 = clockSeconds(CLOCK_MONOTONIC);
      sides().vulkan.recordAndSubmit(n, varying);
      const double r1 = clockSeconds(CLOCK_MONOTONIC);
      const double c1 = clockSeconds(CLOCK_THREAD_CPUTIME_ID);
      sides().vulkan.wait();
      const double w2 = clockSeconds(CLOCK_MONOTONIC), c2 = clockSeconds(CLOCK_THREAD_CPUTIME_ID);
      vkCpu += c1 - c0;
      if (vkSamples.size() < vkSamples.capacity()) vkSamples.push_back(r1 - r0);
      vkTotal += c2 - c0;
      vkWall += w2 - w0;
    };
    if (halFirst) {
      runHal();
      runVulkan();
    } else {
      runVulkan();
      runHal();
    }
    halFirst = !halFirst;
  }
  // Both computed out[5] = 5 * 3 + 1 (the last dispatch's constants; 5 * 2 + 0 if an earlier
  // varying dispatch finished last on a device that overlaps them): the same work, not just its cost.
  auto good = [](uint32_t v) { return v == 16 || v == 10; };
  if (!good(sides().hal.result(5)) || !good(sides().vulkan.result(5))) {
    state.SkipWithError("a side computed a wrong result");
    return;
  }
  Ratios r;
  r.halUs = 1e6 * median(halSamples);
  r.vulkanUs = 1e6 * median(vkSamples);
  r.ratio = r.vulkanUs > 0 ? r.halUs / r.vulkanUs : 0;
  r.cpu = vkCpu > 0 ? halCpu / vkCpu : 0;
  r.totalCpu = vkTotal > 0 ? halTotal / vkTotal : 0;
  r.wall = vkWall > 0 ? halWall / vkWall : 0;
  state.counters["hal_us"] = r.halUs;
  state.counters["vulkan_us"] = r.vulkanUs;
  state.counters["overhead_us"] = r.halUs - r.vulkanUs;
  state.counters["ratio"] = r.ratio;
  state.counters["cpu_ratio"] = r.cpu;
  state.counters["total_cpu_ratio"] = r.totalCpu;
  state.counters["wall_ratio"] = r.wall;
  ratios()[{state.range(0), state.range(1), state.range(2)}] = r;
}

BENCHMARK(halDispatch)->Arg(1)->Arg(16)->Arg(256)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(halRecordOnly)->Arg(1)->Arg(16)->Arg(256)->Unit(benchmark::kMicrosecond);
BENCHMARK(halRecordOnlyAfterIdle)
    ->Args({256, 0})->Args({256, 1000})->Args({256, 8000})
    ->Iterations(300)->Unit(benchmark::kMicrosecond);
BENCHMARK(vulkanDispatch)->Arg(1)->Arg(16)->Arg(256)->UseRealTime()->Unit(benchmark::kMicrosecond);
BENCHMARK(ratio)
    ->Args({1, 0, 0})->Args({16, 0, 0})->Args({256, 0, 0})
    ->Args({16, 1, 0})->Args({256, 1, 0})
    ->Args({1, 0, 1})->Args({16, 1, 1})->Args({256, 1, 1})
    ->UseRealTime()->Unit(benchmark::kMicrosecond);

}  // namespace

// lavapipe wakes its queue thread in vkQueueSubmit, and what that costs depends on where the
// scheduler put that thread: ~2 us when the wake stays on the caller's CPU, ~6 us more when it
// crosses to the other one (an inter-processor interrupt, a VM exit on this machine). Each side
// has its own VkDevice and so its own queue thread; with another process busy on one CPU a run
// often had one side in each mode (ratios from 0.35 to 1.4 in one run). So the drivers' threads
// are created on one CPU and the calling thread moved to another: both sides always pay the same
// cross-CPU wake, and the shaders' worker threads stop evicting the recording thread's caches,
// as a GPU would not.
// SHADERLENS_BENCH_NO_PIN=1 leaves the scheduler free. Returns what was done, for the summary.
std::string pinDriverThreadsAway(const std::function<void()>& createDevices) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  std::vector<int> cpus;
  if (!std::getenv("SHADERLENS_BENCH_NO_PIN") && sched_getaffinity(0, sizeof allowed, &allowed) == 0)
    for (int c = 0; c < CPU_SETSIZE && cpus.size() < 2; ++c)
      if (CPU_ISSET(c, &allowed)) cpus.push_back(c);
  if (cpus.size() < 2) {
    createDevices();
    return "threads not pinned";
  }
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpus[1], &one);
  sched_setaffinity(0, sizeof one, &one);  // threads the drivers create now inherit it
  createDevices();
  CPU_ZERO(&one);
  CPU_SET(cpus[0], &one);
  sched_setaffinity(0, sizeof one, &one);
  return "caller on CPU " + std::to_string(cpus[0]) + ", the drivers' threads on CPU " + std::to_string(cpus[1]);
}

int main(int argc, char** argv) {
  // Mesa's WSI code complains without a runtime directory (docs/hal.md, "Environment").
  setenv("XDG_RUNTIME_DIR", "/tmp", 0);
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  std::string placement;
  try {
    placement = pinDriverThreadsAway([] { sides(); });
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bench_dispatch: %s\n", e.what());
    return 1;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  if (!ratios().empty()) std::printf("dispatch overhead: %s\n", placement.c_str());
  for (const auto& [key, r] : ratios()) {
    const auto& [dispatches, varying, bindingList] = key;
    std::printf("dispatch overhead HAL/Vulkan, %lld dispatches per submit%s%s: recording + submit %.3fx (median "
                "iteration %.2f us vs %.2f us, %+.2f us; goal <= 1.1x); thread CPU time summed %.3fx; with the wait: CPU "
                "%.3fx, wall %.3fx\n",
                static_cast<long long>(dispatches), varying ? " (varying constants)" : "", bindingList ? " (a BindingList)" : "",
                r.ratio, r.halUs, r.vulkanUs, r.halUs - r.vulkanUs, r.cpu, r.totalCpu, r.wall);
  }
  return 0;
}
