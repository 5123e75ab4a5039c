#include "renderer/offload/Executor.h"

#include "renderer/offload/HeapLayout.h"

#include <llvm/ADT/StringRef.h>

#include <algorithm>
#include <cstring>
#include <set>

namespace sl::offload {

namespace {

using hal::ErrorCode;
using hal::makeError;

std::string where(uint32_t set, uint32_t binding) {
  return "set " + std::to_string(set) + " binding " + std::to_string(binding);
}

hal::ScalarType scalarOf(DataFormat f) {
  switch (f) {
    case DataFormat::Hex8: return hal::ScalarType::UInt8;
    case DataFormat::Hex16: case DataFormat::UInt16: return hal::ScalarType::UInt16;
    case DataFormat::Int16: return hal::ScalarType::SInt16;
    case DataFormat::Hex32: case DataFormat::UInt32: case DataFormat::Bool: return hal::ScalarType::UInt32;
    case DataFormat::Int32: return hal::ScalarType::SInt32;
    case DataFormat::Hex64: case DataFormat::UInt64: return hal::ScalarType::UInt64;
    case DataFormat::Int64: return hal::ScalarType::SInt64;
    case DataFormat::Float16: return hal::ScalarType::Float16;
    case DataFormat::Float32: return hal::ScalarType::Float32;
    case DataFormat::Float64: return hal::ScalarType::Float64;
    case DataFormat::Depth32: return hal::ScalarType::Depth32Float;
  }
  return hal::ScalarType::Unknown;
}

hal::Format formatOf(const Buffer& b) {
  return hal::Format(scalarOf(b.format), static_cast<uint8_t>(std::clamp(b.channels, 1, 4)));
}

struct KindMapping {
  hal::BindingKind binding;
  DescriptorType descriptor;
};

bool mapKind(ResourceKind kind, KindMapping& out) {
  switch (kind) {
    case ResourceKind::Buffer: out = {hal::BindingKind::UniformTexelBuffer, DescriptorType::UniformTexelBuffer}; return true;
    case ResourceKind::RWBuffer: out = {hal::BindingKind::StorageTexelBuffer, DescriptorType::StorageTexelBuffer}; return true;
    case ResourceKind::StructuredBuffer: case ResourceKind::RWStructuredBuffer: case ResourceKind::ByteAddressBuffer:
    case ResourceKind::RWByteAddressBuffer:
      out = {hal::BindingKind::StorageBuffer, DescriptorType::StorageBuffer};
      return true;
    case ResourceKind::ConstantBuffer: out = {hal::BindingKind::UniformBuffer, DescriptorType::UniformBuffer}; return true;
    case ResourceKind::Texture2D: out = {hal::BindingKind::SampledImage, DescriptorType::SampledImage}; return true;
    case ResourceKind::RWTexture2D: out = {hal::BindingKind::StorageImage, DescriptorType::StorageImage}; return true;
    case ResourceKind::Sampler: out = {hal::BindingKind::Sampler, DescriptorType::Sampler}; return true;
    case ResourceKind::SampledTexture2D:
      out = {hal::BindingKind::CombinedImageSampler, DescriptorType::CombinedImageSampler};
      return true;
    case ResourceKind::AccelerationStructure: return false;
  }
  return false;
}

uint32_t arraySizeOf(const Pipeline& p, const Resource& r) {
  if (r.bufferIndex >= 0) return p.buffers[size_t(r.bufferIndex)].arraySize;
  return 1;
}

}  // namespace

std::string unsupportedReason(const Pipeline& p) {
  if (p.kind != PipelineKind::Compute)
    return std::string(pipelineKindName(p.kind)) + " pipelines are not supported (this build runs Compute pipelines only)";
  if (!p.unsupportedKeys.empty())
    return "'" + p.unsupportedKeys.front() + "' is not supported (line " + std::to_string(p.firstUnsupportedPos.line) +
           "): this build runs Compute pipelines without acceleration structures";
  for (const DescriptorSet& set : p.sets)
    for (const Resource& r : set.resources) {
      if (r.heapIndex && (r.kind == ResourceKind::SampledTexture2D || r.kind == ResourceKind::AccelerationStructure))
        return "resource '" + r.name + "' uses HeapIndex: a " + resourceKindName(r.kind) +
               " cannot be placed in a descriptor heap";
      if (r.kind == ResourceKind::AccelerationStructure)
        return "resource '" + r.name + "' is an AccelerationStructure: not supported";
      if (r.tilesMapped || r.isReserved)
        return "resource '" + r.name + "' is a reserved/tiled resource: the Vulkan backend does not support tile mappings";
    }
  for (const PushConstantBlock& b : p.pushConstants)
    if (b.stage != Stage::Compute)
      return std::string("push constants for stage ") + stageName(b.stage) + " in a Compute pipeline";
  if (p.pushConstants.size() > 1) return "more than one push constant block";
  return "";
}

std::optional<VulkanSlot> vulkanSlotOf(const Resource& r, uint32_t yamlSet) {
  VulkanSlot slot;
  if (r.vkBinding) {
    slot.set = yamlSet;
    slot.binding = r.vkBinding->binding;
    slot.counterBinding = r.vkBinding->counterBinding;
    return slot;
  }
  if (!r.dxBinding) return std::nullopt;
  // DXC gives register(xN, spaceM) set M, binding N whatever the class x (hlsl-spirv.md §2.2,
  // pass 2), the numbering our compiler reproduces; the test's DirectX registers are that N, M.
  slot.set = r.dxBinding->space;
  slot.binding = r.dxBinding->registerIndex;
  slot.fromDirectX = true;
  return slot;
}

PlannedLayout planLayout(const Pipeline& p, const ReflectedModule& module, hal::HeapTier heapTier) {
  PlannedLayout plan;
  hal::ExecutableLayout& layout = plan.layout;
  if (!module.ok()) {
    plan.error = "cannot read the shader: " + module.error;
    return plan;
  }
  if (p.shaders.empty()) {
    plan.error = "the pipeline has no shader";
    return plan;
  }
  const std::string& entry = p.shaders[0].entry;
  layout.entryPoints.clear();
  for (const ReflectedEntryPoint& e : module.entryPoints)
    if (e.executionModel == 5) layout.entryPoints.push_back(e.name);  // GLCompute
  auto it = std::find(layout.entryPoints.begin(), layout.entryPoints.end(), entry);
  if (it == layout.entryPoints.end()) {
    std::string have;
    for (const std::string& n : layout.entryPoints) have += (have.empty() ? "" : ", ") + n;
    plan.error = "the shader has no compute entry point '" + entry + "'" + (have.empty() ? "" : " (it has: " + have + ")");
    return plan;
  }
  plan.entryPoint = static_cast<uint32_t>(it - layout.entryPoints.begin());
  layout.workgroupSize = module.findEntryPoint(entry)->localSize;

  std::set<std::pair<uint32_t, uint32_t>> covered;
  // `what` names the YAML side ("resource 'Out'"), `kindPrefix` its Kind ("RWBuffer: ").
  auto check = [&](const std::string& what, const std::string& kindPrefix, uint32_t set, uint32_t binding,
                   DescriptorType expected, uint32_t count) {
    covered.insert({set, binding});
    const ReflectedBinding* r = module.findBinding(set, binding);
    if (!r) return std::string();  // unused by the shader: harmless, as upstream
    std::string shaderSide = "the shader's " + (r->name.empty() ? std::string("binding") : "'" + r->name + "'") + " (" +
                             descriptorTypeName(r->type) + " at " + where(set, binding);
    if (r->type != expected)
      return what + " (" + kindPrefix + descriptorTypeName(expected) + " at " + where(set, binding) + ") does not match " +
             shaderSide + ")";
    if (r->arrayCount != 0 && r->arrayCount != count)
      return what + " has ArraySize " + std::to_string(count) + " but " + shaderSide + ") is an array of " +
             std::to_string(r->arrayCount);
    return std::string();
  };

  for (size_t s = 0; s < p.sets.size(); ++s) {
    for (const Resource& r : p.sets[s].resources) {
      if (r.heapIndex) continue;  // in a descriptor heap: reached through the shader's heap arrays
      const std::optional<VulkanSlot> slot = vulkanSlotOf(r, static_cast<uint32_t>(s));
      if (!slot) {
        plan.error = "No VulkanBinding provided for '" + r.name + "'";
        return plan;
      }
      const uint32_t set = slot->set;
      if (r.hasCounter && !slot->counterBinding) {
        plan.error = "No CounterBinding provided for resource '" + r.name + "' with a counter";
        return plan;
      }
      KindMapping kind;
      if (!mapKind(r.kind, kind)) {
        plan.error = "resource '" + r.name + "': " + resourceKindName(r.kind) + " is not supported";
        return plan;
      }
      hal::BindingLayout b;
      b.kind = kind.binding;
      b.set = set;
      b.binding = slot->binding;
      b.arrayCount = arraySizeOf(p, r);
      b.readOnly = !isReadWrite(r.kind);
      if (r.bufferIndex >= 0) {
        const Buffer& buf = p.buffers[size_t(r.bufferIndex)];
        if (b.kind == hal::BindingKind::UniformTexelBuffer || b.kind == hal::BindingKind::StorageTexelBuffer ||
            b.kind == hal::BindingKind::StorageImage)
          b.format = formatOf(buf);
        if (isTextureKind(r.kind) && !buf.isTexture()) {
          plan.error = "resource '" + r.name + "' is a " + resourceKindName(r.kind) + " but its buffer has no OutputProps";
          return plan;
        }
        if (isTextureKind(r.kind) && buf.outputProps.depth != 1) {
          plan.error = "resource '" + r.name + "': only 2D textures (Depth 1) are supported";
          return plan;
        }
      }
      std::string mismatch = check("resource '" + r.name + "'", std::string(resourceKindName(r.kind)) + ": ", set,
                                   b.binding, kind.descriptor, b.arrayCount);
      if (!mismatch.empty()) {
        plan.error = mismatch;
        return plan;
      }
      layout.bindings.push_back(b);
      if (slot->counterBinding) {
        hal::BindingLayout c;
        c.kind = hal::BindingKind::StorageBuffer;
        c.set = set;
        c.binding = *slot->counterBinding;
        c.arrayCount = b.arrayCount;
        mismatch = check("the counter of resource '" + r.name + "'", "", set, c.binding, DescriptorType::StorageBuffer,
                         c.arrayCount);
        if (!mismatch.empty()) {
          plan.error = mismatch;
          return plan;
        }
        layout.bindings.push_back(c);
      }
    }
  }
  std::string heapError = addHeapLayout(module, layout, heapTier);
  if (!heapError.empty()) {
    plan.error = heapError;
    return plan;
  }
  const ReflectedEntryPoint& entryPoint = *module.findEntryPoint(entry);
  for (const ReflectedBinding& r : module.bindings)
    if (!covered.count({r.set, r.binding}) && heapRoleOf(r) == HeapRole::None && module.usedBy(entryPoint, r)) {
      // The pipeline may have put the shader's resource in the heap instead of binding it.
      for (const DescriptorSet& set : p.sets)
        for (const Resource& res : set.resources)
          if (res.heapIndex && !r.name.empty() && res.name == r.name) {
            plan.error = "resource '" + res.name + "' uses HeapIndex " + std::to_string(*res.heapIndex) +
                         ", but the shader's '" + r.name + "' (" + descriptorTypeName(r.type) + " at " +
                         where(r.set, r.binding) + ") is a bound resource, not a descriptor-heap access";
            return plan;
          }
      plan.error = "the shader's " + (r.name.empty() ? std::string("binding") : "'" + r.name + "'") + " (" +
                   descriptorTypeName(r.type) + " at " + where(r.set, r.binding) + ") has no resource in the pipeline";
      return plan;
    }
  uint32_t pushBytes = module.pushConstantSize;
  for (const PushConstantBlock& b : p.pushConstants) pushBytes = std::max(pushBytes, b.size());
  layout.constantCount = (pushBytes + 3) / 4;
  hal::Status valid = hal::validateLayout(layout);
  if (!valid.ok()) plan.error = valid.message();
  return plan;
}

hal::Result<std::vector<hal::SpecializationConstant>> specializationConstants(const Shader& shader) {
  std::vector<hal::SpecializationConstant> out;
  std::set<uint32_t> seen;
  for (const SpecializationConstant& c : shader.specializationConstants) {
    if (!seen.insert(c.constantId).second)
      return makeError(ErrorCode::InvalidArgument, "Test configuration contains multiple entries for specialization "
                                                   "constant ID " + std::to_string(c.constantId) + ".");
    llvm::StringRef text(c.value);
    hal::SpecializationConstant sc;
    sc.id = c.constantId;
    auto invalid = [&](const char* type) {
      return makeError(ErrorCode::InvalidArgument,
                       std::string("Invalid ") + type + " value for specialization constant '" + c.value + "'");
    };
    auto put = [&](auto v) {
      sc.bytes.resize(sizeof(v));
      std::memcpy(sc.bytes.data(), &v, sizeof(v));
    };
    switch (c.type) {
      case DataFormat::Float32: {
        double d;
        if (text.getAsDouble(d)) return invalid("float");
        put(static_cast<float>(d));
        break;
      }
      case DataFormat::Float64: {
        double d;
        if (text.getAsDouble(d)) return invalid("double");
        put(d);
        break;
      }
      case DataFormat::Int16: {
        int16_t v;
        if (text.getAsInteger(0, v)) return invalid("int16");
        put(v);
        break;
      }
      case DataFormat::UInt16: {
        uint16_t v;
        if (text.getAsInteger(0, v)) return invalid("uint16");
        put(v);
        break;
      }
      case DataFormat::Int32: {
        int32_t v;
        if (text.getAsInteger(0, v)) return invalid("int32");
        put(v);
        break;
      }
      case DataFormat::UInt32: {
        uint32_t v;
        if (text.getAsInteger(0, v)) return invalid("uint32");
        put(v);
        break;
      }
      case DataFormat::Bool: {
        bool v;
        if (text.getAsInteger(0, v)) return invalid("bool");
        put(static_cast<uint32_t>(v));  // a VkBool32: 4 bytes
        break;
      }
      default:
        return makeError(ErrorCode::InvalidArgument, std::string("Unsupported specialization constant type ") +
                                                         dataFormatName(c.type) + " for constant " +
                                                         std::to_string(c.constantId));
    }
    out.push_back(std::move(sc));
  }
  return out;
}

namespace {

hal::SamplerDesc samplerDesc(const Sampler& s) {
  hal::SamplerDesc d;
  auto filter = [](FilterMode f) { return f == FilterMode::Nearest ? hal::Filter::Nearest : hal::Filter::Linear; };
  d.minFilter = filter(s.minFilter);
  d.magFilter = filter(s.magFilter);
  d.mipFilter = filter(s.minFilter);
  hal::AddressMode a = hal::AddressMode::ClampToEdge;
  switch (s.address) {
    case AddressMode::Clamp: a = hal::AddressMode::ClampToEdge; break;
    case AddressMode::Repeat: a = hal::AddressMode::Repeat; break;
    case AddressMode::Mirror: a = hal::AddressMode::MirroredRepeat; break;
    case AddressMode::Border: a = hal::AddressMode::ClampToBorder; break;
    case AddressMode::MirrorOnce: a = hal::AddressMode::MirrorClampToEdge; break;
  }
  d.addressU = d.addressV = d.addressW = a;
  d.compareEnable = s.kind == SamplerKind::SamplerComparison;
  d.compareOp = static_cast<hal::CompareOp>(static_cast<int>(s.comparisonOp));  // same order
  d.minLod = s.minLod;
  d.maxLod = s.maxLod;
  d.mipLodBias = s.mipLodBias;
  d.label = s.name;
  return d;
}

// GPU objects of one YAML resource (one per array element).
struct LiveResource {
  const Resource* resource = nullptr;
  std::vector<std::shared_ptr<hal::Buffer>> buffers;
  std::vector<std::shared_ptr<hal::Texture>> textures;
  std::shared_ptr<hal::Sampler> sampler;
  std::vector<std::shared_ptr<hal::Buffer>> counters;
};

hal::Status prefix(const hal::Status& s, const std::string& what) {
  return makeError(s.code(), what + ": " + s.message());
}

// Writes the views of a HeapIndex resource into its heap slots (array elements take consecutive
// slots from HeapIndex on): D3D12's view kinds, which the HAL maps per device tier.
hal::Status placeInHeap(const Pipeline& p, const LiveResource& lr, hal::DescriptorHeap& resources,
                        hal::DescriptorHeap& samplers) {
  const Resource& r = *lr.resource;
  const uint32_t base = *r.heapIndex;
  const std::string what = "resource '" + r.name + "' at HeapIndex " + std::to_string(base);
  if (r.kind == ResourceKind::Sampler) {
    hal::Status st = samplers.writeSampler(base, lr.sampler);
    return st.ok() ? st : prefix(st, what);
  }
  const bool writable = isReadWrite(r.kind);
  for (size_t i = 0; i < lr.textures.size(); ++i) {
    hal::Status st = resources.writeTexture(base + uint32_t(i), lr.textures[i], writable);
    if (!st.ok()) return prefix(st, what);
  }
  if (r.bufferIndex < 0) return hal::okStatus();
  const Buffer& buf = p.buffers[size_t(r.bufferIndex)];
  for (size_t i = 0; i < lr.buffers.size(); ++i) {
    const uint32_t slot = base + uint32_t(i);
    hal::Status st;
    switch (r.kind) {
      case ResourceKind::ConstantBuffer: st = resources.writeConstantBuffer(slot, lr.buffers[i]); break;
      case ResourceKind::ByteAddressBuffer: case ResourceKind::RWByteAddressBuffer:
        st = resources.writeRawBuffer(slot, lr.buffers[i], writable);
        break;
      case ResourceKind::Buffer: case ResourceKind::RWBuffer:
        st = resources.writeTypedBuffer(slot, lr.buffers[i], formatOf(buf), writable);
        break;
      case ResourceKind::StructuredBuffer: case ResourceKind::RWStructuredBuffer: {
        hal::HeapDescriptor d;
        d.kind = writable ? hal::ViewKind::RWStructuredBuffer : hal::ViewKind::StructuredBuffer;
        d.buffer = lr.buffers[i];
        d.stride = buf.stride > 0 ? uint32_t(buf.stride) : buf.elementSize();
        if (i < lr.counters.size()) d.counter = lr.counters[i];
        st = resources.write(slot, std::move(d));
        break;
      }
      default:
        return makeError(ErrorCode::Unsupported, what + ": a " + resourceKindName(r.kind) + " cannot be placed in a heap");
    }
    if (!st.ok()) return prefix(st, what);
  }
  return hal::okStatus();
}

// The descriptor heaps of a pipeline with HeapIndex resources (or a shader that uses heaps):
// each heap is as large as its highest slot needs (at least one slot).
hal::Status setUpHeaps(hal::Device& device, const Pipeline& p, const hal::ExecutableLayout& layout,
                       const std::vector<LiveResource>& live, hal::CommandBuffer& cb) {
  uint32_t resourceSlots = 0, samplerSlots = 0;
  for (const LiveResource& lr : live) {
    const Resource& r = *lr.resource;
    if (!r.heapIndex) continue;
    const uint32_t count = std::max<uint32_t>(1, uint32_t(std::max(lr.buffers.size(), lr.textures.size())));
    uint32_t& slots = r.kind == ResourceKind::Sampler ? samplerSlots : resourceSlots;
    slots = std::max(slots, *r.heapIndex + count);
  }
  if (resourceSlots == 0 && samplerSlots == 0 && layout.heapUsage == hal::kHeapNone) return hal::okStatus();
  auto resources = device.createDescriptorHeap(hal::HeapType::Resource, std::max(resourceSlots, 1u));
  if (!resources.ok()) return prefix(resources.status(), "creating the resource descriptor heap");
  auto samplers = device.createDescriptorHeap(hal::HeapType::Sampler, std::max(samplerSlots, 1u));
  if (!samplers.ok()) return prefix(samplers.status(), "creating the sampler descriptor heap");
  for (const LiveResource& lr : live) {
    if (!lr.resource->heapIndex) continue;
    hal::Status st = placeInHeap(p, lr, **resources, **samplers);
    if (!st.ok()) return st;
  }
  return cb.setDescriptorHeaps(resources.take(), samplers.take());
}

}  // namespace

hal::Status executePipeline(hal::Device& device, Pipeline& p, const std::vector<std::vector<uint8_t>>& shaders) {
  return executePipeline(device, p, shaders, nullptr);
}

hal::Status executePipeline(hal::Device& device, Pipeline& p, const std::vector<std::vector<uint8_t>>& shaders,
                            std::vector<ReadBackBuffers>* readBack) {
  return executePipeline(device, p, shaders, readBack, std::chrono::nanoseconds::max());
}

hal::Status executePipeline(hal::Device& device, Pipeline& p, const std::vector<std::vector<uint8_t>>& shaders,
                            std::vector<ReadBackBuffers>* readBack, std::chrono::nanoseconds timeout, const std::atomic<bool>* cancel) {
  std::string why = unsupportedReason(p);
  if (!why.empty()) return makeError(ErrorCode::Unsupported, why);
  if (shaders.size() != p.shaders.size())
    return makeError(ErrorCode::InvalidArgument, "Pipeline description expects " + std::to_string(p.shaders.size()) +
                                                     " shader(s) " + std::to_string(shaders.size()) + " provided");
  ReflectedModule module = reflectSpirv(shaders[0]);
  const hal::AdapterInfo& adapter = device.info();
  const hal::HeapTier heapTier =
      adapter.backend != hal::Backend::D3D12 ? hal::chooseHeapTier(adapter.heapTierFeatures).tier : hal::HeapTier::Portable;
  PlannedLayout plan = planLayout(p, module, heapTier);
  if (!plan.error.empty()) return makeError(ErrorCode::InvalidArgument, plan.error);
  auto spec = specializationConstants(p.shaders[0]);
  if (!spec.ok()) return spec.status();

  hal::ExecutableDesc desc;
  desc.format = hal::ExecutableFormat::SpirV;
  desc.code = shaders[0];
  desc.layout = plan.layout;
  desc.specialization = spec.take();
  desc.label = p.shaders[0].entry;
  auto exe = device.createExecutable(desc);
  if (!exe.ok()) return prefix(exe.status(), "creating the compute pipeline");

  // Resources, in layout order.
  std::vector<LiveResource> live;
  std::vector<hal::Binding> bindings;
  for (size_t s = 0; s < p.sets.size(); ++s) {
    for (const Resource& r : p.sets[s].resources) {
      LiveResource lr;
      lr.resource = &r;
      std::string what = "resource '" + r.name + "'";
      if (r.samplerIndex >= 0) {
        auto sampler = device.createSampler(samplerDesc(p.samplers[size_t(r.samplerIndex)]));
        if (!sampler.ok()) return prefix(sampler.status(), what);
        lr.sampler = sampler.take();
      }
      if (r.bufferIndex >= 0) {
        const Buffer& buf = p.buffers[size_t(r.bufferIndex)];
        for (uint32_t i = 0; i < buf.arraySize; ++i) {
          const std::vector<uint8_t>& data = buf.data[i];
          if (isTextureKind(r.kind)) {
            hal::TextureDesc td;
            td.format = formatOf(buf);
            td.width = static_cast<uint32_t>(buf.outputProps.width);
            td.height = static_cast<uint32_t>(buf.outputProps.height);
            td.mipLevels = static_cast<uint32_t>(buf.outputProps.mipLevels);
            td.label = r.name;
            auto tex = device.createTexture(td);
            if (!tex.ok()) return prefix(tex.status(), what);
            hal::Status up = (*tex)->upload(data);
            if (!up.ok()) return prefix(up, what);
            lr.textures.push_back(tex.take());
          } else {
            hal::BufferDesc bd;
            // Vulkan has no empty buffers; an empty Data list still gets one element.
            bd.size = std::max<uint64_t>(data.size(), std::max<uint32_t>(buf.elementSize(), 4));
            bd.label = r.name;
            auto hb = device.createBuffer(bd);
            if (!hb.ok()) return prefix(hb.status(), what);
            if (!data.empty()) {
              hal::Status up = (*hb)->upload(0, data);
              if (!up.ok()) return prefix(up, what);
            }
            lr.buffers.push_back(hb.take());
          }
        }
        if ((r.vkBinding && r.vkBinding->counterBinding) || (r.heapIndex && r.hasCounter)) {
          for (uint32_t i = 0; i < buf.arraySize; ++i) {
            auto counter = device.createBuffer({4, hal::kBufferAllUsages, r.name + ".counter"});
            if (!counter.ok()) return prefix(counter.status(), what + " counter");
            hal::Status zero = (*counter)->fill(0, 4, 0);
            if (!zero.ok()) return prefix(zero, what + " counter");
            lr.counters.push_back(counter.take());
          }
        }
      }
      if (r.heapIndex) {  // written into a descriptor heap below, not bound
        live.push_back(std::move(lr));
        continue;
      }
      // Bindings in the layout's order: the resource's elements, then its counters.
      for (size_t i = 0; i < lr.buffers.size(); ++i) bindings.emplace_back(hal::BufferRef::direct(lr.buffers[i]));
      for (size_t i = 0; i < lr.textures.size(); ++i)
        bindings.push_back(r.kind == ResourceKind::SampledTexture2D ? hal::Binding::ofTextureSampler(lr.textures[i], lr.sampler)
                                                                    : hal::Binding::ofTexture(lr.textures[i]));
      if (r.kind == ResourceKind::Sampler) bindings.push_back(hal::Binding::ofSampler(lr.sampler));
      for (size_t i = 0; i < lr.counters.size(); ++i) bindings.emplace_back(hal::BufferRef::direct(lr.counters[i]));
      live.push_back(std::move(lr));
    }
  }

  std::vector<uint32_t> constants(plan.layout.constantCount, 0);
  if (!p.pushConstants.empty()) {
    std::vector<uint8_t> bytes = p.pushConstants[0].content();
    std::memcpy(constants.data(), bytes.data(), std::min(bytes.size(), constants.size() * 4));
  }

  hal::CommandBuffer cb({hal::CommandBufferMode::OneShot, 0, "offload dispatch"});
  hal::Status st = setUpHeaps(device, p, plan.layout, live, cb);
  if (!st.ok()) return st;
  const auto& g = p.dispatch.groupCount;
  st = cb.dispatch(*exe, plan.entryPoint, {g[0], g[1], g[2]}, constants, bindings);
  if (!st.ok()) return prefix(st, "recording the dispatch");
  st = cb.finish();
  if (!st.ok()) return st;
  auto submitted = device.submit(cb);
  if (!submitted.ok()) return prefix(submitted.status(), "running the dispatch");
  // Wait in slices so a cancel request is seen while the device works.
  const auto deadline = timeout == std::chrono::nanoseconds::max() ? std::chrono::steady_clock::time_point::max()
                                                                    : std::chrono::steady_clock::now() + timeout;
  for (;;) {
    const auto slice = std::min<std::chrono::nanoseconds>(std::chrono::milliseconds(100), deadline - std::chrono::steady_clock::now());
    st = device.wait(*submitted, std::max<std::chrono::nanoseconds>(slice, std::chrono::nanoseconds(0)));
    if (st.code() != hal::ErrorCode::Timeout || std::chrono::steady_clock::now() >= deadline) break;
    if (cancel && cancel->load()) return makeError(ErrorCode::Timeout, "cancelled");
  }
  if (st.code() == hal::ErrorCode::Timeout)
    return makeError(ErrorCode::Timeout, "the dispatch did not finish in " +
                                             std::to_string(std::chrono::duration_cast<std::chrono::seconds>(timeout).count()) +
                                             " s (the deadline is --timeout SECONDS)");
  if (!st.ok()) return prefix(st, "running the dispatch");

  // Read back RW resources and counters into the YAML buffers.
  for (LiveResource& lr : live) {
    const Resource& r = *lr.resource;
    if (!isReadWrite(r.kind) || r.bufferIndex < 0) continue;
    Buffer& buf = p.buffers[size_t(r.bufferIndex)];
    std::string what = "reading back '" + r.name + "'";
    if (readBack) readBack->push_back({r.name, r.bufferIndex, lr.buffers});
    for (size_t i = 0; i < lr.buffers.size() && i < buf.data.size(); ++i) {
      hal::Status down = lr.buffers[i]->download(0, buf.data[i]);
      if (!down.ok()) return prefix(down, what);
    }
    for (size_t i = 0; i < lr.textures.size() && i < buf.data.size(); ++i) {
      hal::Status down = lr.textures[i]->download(buf.data[i]);
      if (!down.ok()) return prefix(down, what);
    }
    if (r.hasCounter) {
      buf.counters.clear();
      for (auto& counter : lr.counters) {
        auto value = counter->downloadArray<uint32_t>(1);
        if (!value.ok()) return prefix(value.status(), what + " counter");
        buf.counters.push_back((*value)[0]);
      }
    }
  }
  return hal::okStatus();
}

bool wroteNothing(const Pipeline& uploaded, const Pipeline& ran) {
  bool anyOutput = false;
  for (const DescriptorSet& set : ran.sets)
    for (const Resource& r : set.resources) {
      if (!isReadWrite(r.kind) || r.bufferIndex < 0) continue;
      const size_t b = size_t(r.bufferIndex);
      if (b >= ran.buffers.size() || b >= uploaded.buffers.size()) continue;
      anyOutput = true;
      if (ran.buffers[b].data != uploaded.buffers[b].data || ran.buffers[b].counters != uploaded.buffers[b].counters) return false;
    }
  return anyOutput;
}

ResultsOutcome evaluateResults(const Pipeline& p) {
  ResultsOutcome out;
  for (const ResultRule& r : p.results) {
    RuleOutcome o = evaluateResult(p, r);
    out.mismatches.insert(out.mismatches.end(), o.mismatches.begin(), o.mismatches.end());
    if (!o.passed) {
      out.passed = false;
      out.reports.push_back(std::move(o.report));
    }
  }
  return out;
}

}  // namespace sl::offload
