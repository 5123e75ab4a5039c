// Loading libd3d12/libdxcore, adapter enumeration through DXCore, device creation and feature
// queries, buffers and host transfers.
#include <dlfcn.h>

#include <cstdio>
#include <cstring>
#include <thread>

#include "renderer/hal/HostFloatMode.h"
#include "renderer/d3d12/D3D12Backend.h"
#include "renderer/d3d12/D3D12Objects.h"

namespace sl::d3d12 {

// ---- Library ---------------------------------------------------------------------------------

namespace {

void* openFirst(const char* const* names, std::string& tried) {
  for (const char* const* n = names; *n; ++n) {
    if (void* h = dlopen(*n, RTLD_NOW | RTLD_LOCAL)) return h;
    tried += std::string(tried.empty() ? "" : ", ") + *n;
  }
  return nullptr;
}

}  // namespace

hal::Result<const Library*> loadLibrary() {
  static std::once_flag once;
  static Library library;
  static std::string failure;
  std::call_once(once, [] {
    // WSL normally registers /usr/lib/wsl/lib with ld.so; some distributions do not.
    static const char* kD3D12[] = {"libd3d12.so", "/usr/lib/wsl/lib/libd3d12.so", nullptr};
    static const char* kDXCore[] = {"libdxcore.so", "/usr/lib/wsl/lib/libdxcore.so", nullptr};
    std::string tried;
    void* d3d12 = openFirst(kD3D12, tried);
    void* dxcore = d3d12 ? openFirst(kDXCore, tried) : nullptr;
    if (!d3d12 || !dxcore) {
      failure = "D3D12 is not available: could not open " + tried + " (D3D12 on Linux needs WSL's GPU libraries)";
      return;
    }
    library.createDevice = reinterpret_cast<PFN_D3D12_CREATE_DEVICE>(dlsym(d3d12, "D3D12CreateDevice"));
    library.serializeRootSignature =
        reinterpret_cast<PFN_D3D12_SERIALIZE_VERSIONED_ROOT_SIGNATURE>(dlsym(d3d12, "D3D12SerializeVersionedRootSignature"));
    library.getDebugInterface = reinterpret_cast<PFN_D3D12_GET_DEBUG_INTERFACE>(dlsym(d3d12, "D3D12GetDebugInterface"));
    library.createAdapterFactory = reinterpret_cast<HRESULT (*)(REFIID, void**)>(dlsym(dxcore, "DXCoreCreateAdapterFactory"));
    if (!library.createDevice || !library.serializeRootSignature || !library.createAdapterFactory)
      failure = "D3D12 is not available: libd3d12.so/libdxcore.so lack D3D12CreateDevice, "
                "D3D12SerializeVersionedRootSignature or DXCoreCreateAdapterFactory";
  });
  if (!failure.empty()) return hal::makeError(hal::ErrorCode::Unavailable, failure);
  return &library;
}

hal::Status hrError(const std::string& what, HRESULT hr) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "HRESULT 0x%08x", static_cast<unsigned>(hr));
  return hal::makeError(hal::ErrorCode::DeviceError, what + ": " + buf);
}

DXGI_FORMAT toDxgiFormat(hal::Format f) {
  using S = hal::ScalarType;
  if (!f.valid()) return DXGI_FORMAT_UNKNOWN;
  auto pick = [&](DXGI_FORMAT r, DXGI_FORMAT rg, DXGI_FORMAT rgb, DXGI_FORMAT rgba) {
    const DXGI_FORMAT t[] = {r, rg, rgb, rgba};
    return t[f.channels - 1];
  };
  const DXGI_FORMAT U = DXGI_FORMAT_UNKNOWN;
  switch (f.scalar) {
    case S::UNorm8: return pick(DXGI_FORMAT_R8_UNORM, DXGI_FORMAT_R8G8_UNORM, U, DXGI_FORMAT_R8G8B8A8_UNORM);
    case S::SNorm8: return pick(DXGI_FORMAT_R8_SNORM, DXGI_FORMAT_R8G8_SNORM, U, DXGI_FORMAT_R8G8B8A8_SNORM);
    case S::UInt8: return pick(DXGI_FORMAT_R8_UINT, DXGI_FORMAT_R8G8_UINT, U, DXGI_FORMAT_R8G8B8A8_UINT);
    case S::SInt8: return pick(DXGI_FORMAT_R8_SINT, DXGI_FORMAT_R8G8_SINT, U, DXGI_FORMAT_R8G8B8A8_SINT);
    case S::UNorm16: return pick(DXGI_FORMAT_R16_UNORM, DXGI_FORMAT_R16G16_UNORM, U, DXGI_FORMAT_R16G16B16A16_UNORM);
    case S::SNorm16: return pick(DXGI_FORMAT_R16_SNORM, DXGI_FORMAT_R16G16_SNORM, U, DXGI_FORMAT_R16G16B16A16_SNORM);
    case S::UInt16: return pick(DXGI_FORMAT_R16_UINT, DXGI_FORMAT_R16G16_UINT, U, DXGI_FORMAT_R16G16B16A16_UINT);
    case S::SInt16: return pick(DXGI_FORMAT_R16_SINT, DXGI_FORMAT_R16G16_SINT, U, DXGI_FORMAT_R16G16B16A16_SINT);
    case S::Float16: return pick(DXGI_FORMAT_R16_FLOAT, DXGI_FORMAT_R16G16_FLOAT, U, DXGI_FORMAT_R16G16B16A16_FLOAT);
    case S::UInt32: return pick(DXGI_FORMAT_R32_UINT, DXGI_FORMAT_R32G32_UINT, DXGI_FORMAT_R32G32B32_UINT, DXGI_FORMAT_R32G32B32A32_UINT);
    case S::SInt32: return pick(DXGI_FORMAT_R32_SINT, DXGI_FORMAT_R32G32_SINT, DXGI_FORMAT_R32G32B32_SINT, DXGI_FORMAT_R32G32B32A32_SINT);
    case S::Float32:
      return pick(DXGI_FORMAT_R32_FLOAT, DXGI_FORMAT_R32G32_FLOAT, DXGI_FORMAT_R32G32B32_FLOAT, DXGI_FORMAT_R32G32B32A32_FLOAT);
    case S::Depth32Float: return DXGI_FORMAT_D32_FLOAT;
    default: return DXGI_FORMAT_UNKNOWN;  // no 64-bit typed formats in DXGI
  }
}

// ---- Context ---------------------------------------------------------------------------------

hal::Result<uint64_t> Context::signal() {
  const uint64_t value = ++fenceValue;
  SL_HR_CHECK(queue->Signal(fence.Get(), value), "ID3D12CommandQueue::Signal");
  return value;
}

hal::Status Context::waitFor(uint64_t value, std::chrono::nanoseconds timeout) {
  if (fence->GetCompletedValue() >= value) return hal::okStatus();
  if (timeout == std::chrono::nanoseconds::max()) {
    // A null event makes SetEventOnCompletion block until the fence reaches the value.
    SL_HR_CHECK(fence->SetEventOnCompletion(value, nullptr), "ID3D12Fence::SetEventOnCompletion");
    return hal::okStatus();
  }
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (fence->GetCompletedValue() < value) {
    if (std::chrono::steady_clock::now() >= deadline)
      return hal::makeError(hal::ErrorCode::Timeout, "fence value " + std::to_string(value) + " not reached in time");
    std::this_thread::sleep_for(std::chrono::microseconds(50));
  }
  return hal::okStatus();
}

hal::Status Context::immediateImpl(void (*thunk)(void*, ID3D12GraphicsCommandList*), void* user) {
  std::lock_guard<std::mutex> lock(queueMutex);
  ComPtr<ID3D12CommandAllocator> allocator;
  SL_HR_CHECK(device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_COMPUTE, IID_PPV_ARGS(&allocator)), "CreateCommandAllocator");
  ComPtr<ID3D12GraphicsCommandList> list;
  SL_HR_CHECK(device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_COMPUTE, allocator.Get(), nullptr, IID_PPV_ARGS(&list)),
              "CreateCommandList");
  thunk(user, list.Get());
  SL_HR_CHECK(list->Close(), "ID3D12GraphicsCommandList::Close");
  ID3D12CommandList* lists[] = {list.Get()};
  queue->ExecuteCommandLists(1, lists);
  auto value = signal();
  if (!value.ok()) return value.status();
  return waitFor(*value, std::chrono::nanoseconds::max());
}

hal::Result<ComPtr<ID3D12Resource>> createBufferResource(Context& ctx, uint64_t size, D3D12_HEAP_TYPE heap,
                                                         const std::string& label) {
  D3D12_HEAP_PROPERTIES props{};
  props.Type = heap;
  D3D12_RESOURCE_DESC desc{};
  desc.Dimension = D3D12_RESOURCE_DIMENSION_BUFFER;
  desc.Width = size;
  desc.Height = 1;
  desc.DepthOrArraySize = 1;
  desc.MipLevels = 1;
  desc.Format = DXGI_FORMAT_UNKNOWN;
  desc.SampleDesc.Count = 1;
  desc.Layout = D3D12_TEXTURE_LAYOUT_ROW_MAJOR;
  desc.Flags = heap == D3D12_HEAP_TYPE_DEFAULT ? D3D12_RESOURCE_FLAG_ALLOW_UNORDERED_ACCESS : D3D12_RESOURCE_FLAG_NONE;
  const D3D12_RESOURCE_STATES initial = heap == D3D12_HEAP_TYPE_UPLOAD     ? D3D12_RESOURCE_STATE_GENERIC_READ
                                        : heap == D3D12_HEAP_TYPE_READBACK ? D3D12_RESOURCE_STATE_COPY_DEST
                                                                           : D3D12_RESOURCE_STATE_COMMON;
  ComPtr<ID3D12Resource> resource;
  SL_HR_CHECK(ctx.device->CreateCommittedResource(&props, D3D12_HEAP_FLAG_NONE, &desc, initial, nullptr, IID_PPV_ARGS(&resource)),
              "CreateCommittedResource for buffer '" + label + "' (" + std::to_string(size) + " bytes)");
  return resource;
}

// ---- Enumeration and device creation ---------------------------------------------------------

namespace {

struct FoundAdapter {
  ComPtr<IDXCoreAdapter> adapter;
  hal::AdapterInfo info;
};

std::string driverVersion(uint64_t v) {
  return std::to_string(v >> 48) + "." + std::to_string((v >> 32) & 0xffff) + "." + std::to_string((v >> 16) & 0xffff) + "." +
         std::to_string(v & 0xffff);
}

void queryFeatures(ID3D12Device* device, ID3D12CommandQueue* queue, hal::AdapterInfo& info) {
  hal::DeviceFeatures& f = info.features;
  D3D12_FEATURE_DATA_D3D12_OPTIONS o{};
  if (SUCCEEDED(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS, &o, sizeof o))) {
    f.shaderFloat64 = o.DoublePrecisionFloatShaderOps;
    // Heaps are typeless and indexable in shaders from Tier 3 on (with SM 6.6).
    f.descriptorIndexing = o.ResourceBindingTier >= D3D12_RESOURCE_BINDING_TIER_3;
    f.mutableDescriptors = f.descriptorIndexing;
  }
  D3D12_FEATURE_DATA_D3D12_OPTIONS1 o1{};
  if (SUCCEEDED(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS1, &o1, sizeof o1))) {
    f.shaderInt64 = o1.Int64ShaderOps;
    if (o1.WaveOps) {
      f.minSubgroupSize = o1.WaveLaneCountMin;
      f.maxSubgroupSize = o1.WaveLaneCountMax;
      f.subgroupSize = o1.WaveLaneCountMin;
      f.subgroupOps = hal::kSubgroupBasic | hal::kSubgroupVote | hal::kSubgroupArithmetic | hal::kSubgroupBallot |
                      hal::kSubgroupShuffle | hal::kSubgroupQuad;
    }
  }
  D3D12_FEATURE_DATA_D3D12_OPTIONS4 o4{};
  if (SUCCEEDED(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS4, &o4, sizeof o4))) {
    f.shaderInt16 = f.shaderFloat16 = o4.Native16BitShaderOpsSupported;
    f.storageBuffer16BitAccess = o4.Native16BitShaderOpsSupported;
  }
  D3D12_FEATURE_DATA_D3D12_OPTIONS9 o9{};
  if (SUCCEEDED(device->CheckFeatureSupport(D3D12_FEATURE_D3D12_OPTIONS9, &o9, sizeof o9))) {
    f.int64ImageAtomics = o9.AtomicInt64OnTypedResourceSupported;
    f.int64SharedAtomics = o9.AtomicInt64OnGroupSharedSupported;
    // Raw-buffer int64 atomics come with the same SM 6.6 capability as typed ones.
    f.int64BufferAtomics = o9.AtomicInt64OnTypedResourceSupported;
  }
  D3D12_FEATURE_DATA_SHADER_MODEL sm{D3D_HIGHEST_SHADER_MODEL};
  if (SUCCEEDED(device->CheckFeatureSupport(D3D12_FEATURE_SHADER_MODEL, &sm, sizeof sm))) {
    info.highestShaderModel = static_cast<uint32_t>(sm.HighestShaderModel);
    info.apiVersion = "SM " + std::to_string(sm.HighestShaderModel >> 4) + "." + std::to_string(sm.HighestShaderModel & 0xf);
  }
  f.robustBufferAccess = true;  // views are bounds-checked by definition
  f.nullDescriptors = true;
  UINT64 frequency = 0;
  if (queue && SUCCEEDED(queue->GetTimestampFrequency(&frequency)) && frequency) {
    f.timestamps = true;
    f.timestampPeriodNs = 1e9 / static_cast<double>(frequency);
    f.timestampValidBits = 64;
  }

  hal::DeviceLimits& l = info.limits;
  l.maxPushConstantsSize = (64 - 1) * 4;  // the 64-DWORD root signature minus the descriptor table
  l.maxBoundDescriptorSets = 1;
  l.maxWorkgroupSize = {D3D12_CS_THREAD_GROUP_MAX_X, D3D12_CS_THREAD_GROUP_MAX_Y, D3D12_CS_THREAD_GROUP_MAX_Z};
  l.maxWorkgroupInvocations = D3D12_CS_THREAD_GROUP_MAX_THREADS_PER_GROUP;
  l.maxWorkgroupCount = {D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION, D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION,
                         D3D12_CS_DISPATCH_MAX_THREAD_GROUPS_PER_DIMENSION};
  l.maxComputeSharedMemorySize = D3D12_CS_TGSM_REGISTER_COUNT * 4;
  l.maxStorageBufferRange = uint64_t(1) << 31;
  l.maxUniformBufferRange = D3D12_REQ_CONSTANT_BUFFER_ELEMENT_COUNT * 16;
  l.maxTexelBufferElements = 1u << D3D12_REQ_BUFFER_RESOURCE_TEXEL_COUNT_2_TO_EXP;
  l.maxImageDimension2D = D3D12_REQ_TEXTURE2D_U_OR_V_DIMENSION;
  l.minStorageBufferOffsetAlignment = D3D12_RAW_UAV_SRV_BYTE_ALIGNMENT;
  l.minUniformBufferOffsetAlignment = D3D12_CONSTANT_BUFFER_DATA_PLACEMENT_ALIGNMENT;
  l.minTexelBufferOffsetAlignment = 16;
  l.maxPerStageStorageBuffers = l.maxPerStageSampledImages = l.maxPerStageStorageImages = l.maxPerStageResources = 1000000;
  l.maxPerStageUniformBuffers = 1000000;
  l.maxPerStageSamplers = 2048;
  l.maxSamplerAllocationCount = 2048;
}

hal::Result<std::vector<FoundAdapter>> findAdapters(const Library& lib) {
  ComPtr<IDXCoreAdapterFactory> factory;
  SL_HR_CHECK(lib.createAdapterFactory(IID_PPV_ARGS(&factory)), "DXCoreCreateAdapterFactory");
  ComPtr<IDXCoreAdapterList> list;
  const GUID attributes[] = {DXCORE_ADAPTER_ATTRIBUTE_D3D12_CORE_COMPUTE};
  SL_HR_CHECK(factory->CreateAdapterList(1, attributes, IID_PPV_ARGS(&list)), "IDXCoreAdapterFactory::CreateAdapterList");
  std::vector<FoundAdapter> found;
  for (uint32_t i = 0; i < list->GetAdapterCount(); ++i) {
    FoundAdapter a;
    if (FAILED(list->GetAdapter(i, IID_PPV_ARGS(&a.adapter)))) continue;
    hal::AdapterInfo& info = a.info;
    info.backend = hal::Backend::D3D12;
    info.index = i;
    size_t size = 0;
    if (SUCCEEDED(a.adapter->GetPropertySize(DXCoreAdapterProperty::DriverDescription, &size)) && size) {
      std::string name(size, '\0');
      if (SUCCEEDED(a.adapter->GetProperty(DXCoreAdapterProperty::DriverDescription, size, name.data())))
        info.name = name.c_str();
    }
    DXCoreHardwareID hw{};
    if (SUCCEEDED(a.adapter->GetProperty(DXCoreAdapterProperty::HardwareID, sizeof hw, &hw))) {
      info.vendorId = hw.vendorID;
      info.deviceId = hw.deviceID;
    }
    uint64_t version = 0;
    if (SUCCEEDED(a.adapter->GetProperty(DXCoreAdapterProperty::DriverVersion, sizeof version, &version)))
      info.driverInfo = driverVersion(version);
    bool hardware = true, integrated = false;
    a.adapter->GetProperty(DXCoreAdapterProperty::IsHardware, sizeof hardware, &hardware);
    a.adapter->GetProperty(DXCoreAdapterProperty::IsIntegrated, sizeof integrated, &integrated);
    info.type = !hardware ? hal::DeviceType::Cpu : integrated ? hal::DeviceType::IntegratedGpu : hal::DeviceType::DiscreteGpu;
    switch (info.vendorId) {
      case 0x10DE: info.vendorName = "NVIDIA"; break;
      case 0x1002: info.vendorName = "AMD"; break;
      case 0x8086: info.vendorName = "Intel"; break;
      case 0x5143: info.vendorName = "Qualcomm"; break;
      case 0x1414: info.vendorName = "Microsoft"; break;
      default: break;
    }
    info.driverName = "d3d12";
    found.push_back(std::move(a));
  }
  return found;
}

}  // namespace

hal::Result<std::vector<hal::AdapterInfo>> enumerateAdapters() {
  auto lib = loadLibrary();
  if (!lib.ok()) return lib.status();
  auto found = findAdapters(**lib);
  if (!found.ok()) return found.status();
  std::vector<hal::AdapterInfo> adapters;
  for (FoundAdapter& a : *found) {
    ComPtr<ID3D12Device> device;
    if (FAILED((*lib)->createDevice(a.adapter.Get(), D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&device)))) continue;
    queryFeatures(device.Get(), nullptr, a.info);
    adapters.push_back(a.info);
  }
  return adapters;
}

hal::Result<std::unique_ptr<hal::Device>> createDevice(const hal::AdapterInfo& adapter, const hal::DeviceOptions& options) {
  SL_HAL_RETURN_IF_ERROR(hal::checkFp32DenormMode(adapter, options.fp32Denorm));  // Vulkan CPU devices only
  auto lib = loadLibrary();
  if (!lib.ok()) return lib.status();
  auto found = findAdapters(**lib);
  if (!found.ok()) return found.status();
  if (adapter.index >= found->size() || (*found)[adapter.index].info.name != adapter.name)
    return hal::makeError(hal::ErrorCode::Unavailable, "D3D12 adapter '" + adapter.name + "' is no longer present");
  auto ctx = std::make_shared<Context>();
  ctx->lib = *lib;
  ctx->info = (*found)[adapter.index].info;
  if (options.validation) {
    ComPtr<ID3D12Debug> debug;
    if (!(*lib)->getDebugInterface || FAILED((*lib)->getDebugInterface(IID_PPV_ARGS(&debug))))
      return hal::makeError(hal::ErrorCode::Unavailable, "validation was requested but the D3D12 debug layer is not available");
    debug->EnableDebugLayer();
  }
  SL_HR_CHECK((*lib)->createDevice((*found)[adapter.index].adapter.Get(), D3D_FEATURE_LEVEL_11_0, IID_PPV_ARGS(&ctx->device)),
              "D3D12CreateDevice '" + adapter.name + "'");
  if (options.validation) ctx->device->QueryInterface(IID_PPV_ARGS(&ctx->infoQueue));
  D3D12_COMMAND_QUEUE_DESC queueDesc{};
  queueDesc.Type = D3D12_COMMAND_LIST_TYPE_COMPUTE;
  SL_HR_CHECK(ctx->device->CreateCommandQueue(&queueDesc, IID_PPV_ARGS(&ctx->queue)), "CreateCommandQueue");
  SL_HR_CHECK(ctx->device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(&ctx->fence)), "CreateFence");
  D3D12_INDIRECT_ARGUMENT_DESC argument{};
  argument.Type = D3D12_INDIRECT_ARGUMENT_TYPE_DISPATCH;
  D3D12_COMMAND_SIGNATURE_DESC signature{};
  signature.ByteStride = sizeof(D3D12_DISPATCH_ARGUMENTS);
  signature.NumArgumentDescs = 1;
  signature.pArgumentDescs = &argument;
  SL_HR_CHECK(ctx->device->CreateCommandSignature(&signature, nullptr, IID_PPV_ARGS(&ctx->dispatchSignature)),
              "CreateCommandSignature");
  ctx->viewIncrement = ctx->device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_CBV_SRV_UAV);
  queryFeatures(ctx->device.Get(), ctx->queue.Get(), ctx->info);
  return std::unique_ptr<hal::Device>(std::make_unique<D3D12Device>(std::move(ctx)));
}

// ---- Device: objects -------------------------------------------------------------------------

D3D12Device::~D3D12Device() {
  if (ctx_ && ctx_->queue) (void)waitIdle();
}

hal::Result<std::shared_ptr<hal::Buffer>> D3D12Device::createBuffer(const hal::BufferDesc& desc) {
  if (desc.size == 0) return hal::makeError(hal::ErrorCode::InvalidArgument, "buffer '" + desc.label + "': size 0");
  const uint64_t size = (desc.size + 255) / 256 * 256;
  auto resource = createBufferResource(*ctx_, size, D3D12_HEAP_TYPE_DEFAULT, desc.label);
  if (!resource.ok()) return resource.status();
  return std::shared_ptr<hal::Buffer>(std::make_shared<D3D12Buffer>(ctx_, desc, resource.take()));
}

hal::Result<std::shared_ptr<hal::Texture>> D3D12Device::createTexture(const hal::TextureDesc& desc) {
  return hal::makeError(hal::ErrorCode::Unsupported, "texture '" + desc.label + "': textures are not implemented on the D3D12 backend");
}

hal::Result<std::shared_ptr<hal::Sampler>> D3D12Device::createSampler(const hal::SamplerDesc& desc) {
  return hal::makeError(hal::ErrorCode::Unsupported, "sampler '" + desc.label + "': samplers are not implemented on the D3D12 backend");
}

hal::Result<std::shared_ptr<hal::TimestampPool>> D3D12Device::createTimestampPool(uint32_t) {
  return hal::makeError(hal::ErrorCode::Unsupported, "timestamp pools are not implemented on the D3D12 backend");
}

hal::Result<std::shared_ptr<hal::Executable>> D3D12Device::createExecutable(const hal::ExecutableDesc& desc) {
  auto exe = std::make_shared<D3D12Executable>(ctx_, desc.layout, desc.label);
  SL_HAL_RETURN_IF_ERROR(exe->build(desc));
  return std::shared_ptr<hal::Executable>(std::move(exe));
}

std::vector<hal::ValidationMessage> D3D12Device::validationMessages() const {
  std::vector<hal::ValidationMessage> out;
  if (!ctx_->infoQueue) return out;
  const UINT64 n = ctx_->infoQueue->GetNumStoredMessages();
  for (UINT64 i = 0; i < n; ++i) {
    SIZE_T size = 0;
    if (FAILED(ctx_->infoQueue->GetMessage(i, nullptr, &size)) || size == 0) continue;
    std::vector<uint8_t> storage(size);
    auto* message = reinterpret_cast<D3D12_MESSAGE*>(storage.data());
    if (FAILED(ctx_->infoQueue->GetMessage(i, message, &size))) continue;
    hal::ValidationMessage m;
    switch (message->Severity) {
      case D3D12_MESSAGE_SEVERITY_CORRUPTION: case D3D12_MESSAGE_SEVERITY_ERROR: m.severity = hal::ValidationMessage::Severity::Error; break;
      case D3D12_MESSAGE_SEVERITY_WARNING: m.severity = hal::ValidationMessage::Severity::Warning; break;
      case D3D12_MESSAGE_SEVERITY_INFO: m.severity = hal::ValidationMessage::Severity::Info; break;
      default: m.severity = hal::ValidationMessage::Severity::Verbose; break;
    }
    m.id = "D3D12_MESSAGE_ID " + std::to_string(static_cast<int>(message->ID));
    m.message = std::string(message->pDescription, message->DescriptionByteLength ? message->DescriptionByteLength - 1 : 0);
    if (m.severity == hal::ValidationMessage::Severity::Error || m.severity == hal::ValidationMessage::Severity::Warning)
      out.push_back(std::move(m));
  }
  return out;
}

void D3D12Device::clearValidationMessages() {
  if (ctx_->infoQueue) ctx_->infoQueue->ClearStoredMessages();
}

// ---- Buffer host access ----------------------------------------------------------------------

namespace {

hal::Status checkRange(const hal::Buffer& b, const char* what, uint64_t offset, uint64_t size) {
  if (offset > b.size() || size > b.size() - offset)
    return hal::makeError(hal::ErrorCode::OutOfRange, std::string(what) + " of buffer '" + b.label() + "': range [" +
                                                          std::to_string(offset) + ", +" + std::to_string(size) + ") exceeds its " +
                                                          std::to_string(b.size()) + " bytes");
  return hal::okStatus();
}

}  // namespace

hal::Status D3D12Buffer::upload(uint64_t offset, std::span<const uint8_t> data) {
  SL_HAL_RETURN_IF_ERROR(checkRange(*this, "upload", offset, data.size()));
  if (data.empty()) return hal::okStatus();
  auto staging = createBufferResource(*ctx_, data.size(), D3D12_HEAP_TYPE_UPLOAD, "staging");
  if (!staging.ok()) return staging.status();
  void* mapped = nullptr;
  SL_HR_CHECK((*staging)->Map(0, nullptr, &mapped), "ID3D12Resource::Map");
  std::memcpy(mapped, data.data(), data.size());
  (*staging)->Unmap(0, nullptr);
  return ctx_->immediate([&](ID3D12GraphicsCommandList* list) {
    list->CopyBufferRegion(resource_.Get(), offset, staging->Get(), 0, data.size());
  });
}

hal::Status D3D12Buffer::download(uint64_t offset, std::span<uint8_t> out) {
  SL_HAL_RETURN_IF_ERROR(checkRange(*this, "download", offset, out.size()));
  if (out.empty()) return hal::okStatus();
  auto staging = createBufferResource(*ctx_, out.size(), D3D12_HEAP_TYPE_READBACK, "readback");
  if (!staging.ok()) return staging.status();
  SL_HAL_RETURN_IF_ERROR(ctx_->immediate([&](ID3D12GraphicsCommandList* list) {
    list->CopyBufferRegion(staging->Get(), 0, resource_.Get(), offset, out.size());
  }));
  void* mapped = nullptr;
  D3D12_RANGE read{0, static_cast<SIZE_T>(out.size())};
  SL_HR_CHECK((*staging)->Map(0, &read, &mapped), "ID3D12Resource::Map");
  std::memcpy(out.data(), mapped, out.size());
  D3D12_RANGE written{0, 0};
  (*staging)->Unmap(0, &written);
  return hal::okStatus();
}

hal::Status D3D12Buffer::fill(uint64_t offset, uint64_t size, uint32_t pattern) {
  if (size == hal::kWholeSize) size = offset <= this->size() ? (this->size() - offset) & ~uint64_t(3) : 0;
  if (offset % 4 || size % 4)
    return hal::makeError(hal::ErrorCode::InvalidArgument, "fill of buffer '" + label() + "': offset and size must be multiples of 4");
  SL_HAL_RETURN_IF_ERROR(checkRange(*this, "fill", offset, size));
  std::vector<uint8_t> bytes(size);
  for (uint64_t i = 0; i < size; i += 4) std::memcpy(bytes.data() + i, &pattern, 4);
  return upload(offset, bytes);
}

}  // namespace sl::d3d12
