// hal::ExecutableLayout -> root signature (RS 1.1) + compute PSO.
#include <cstring>

#include "renderer/d3d12/D3D12Objects.h"

namespace sl::d3d12 {

namespace {

std::string str(uint64_t v) { return std::to_string(v); }

hal::Result<D3D12_DESCRIPTOR_RANGE_TYPE> rangeType(const hal::BindingLayout& b, const std::string& where) {
  switch (b.kind) {
    case hal::BindingKind::StorageBuffer: return b.readOnly ? D3D12_DESCRIPTOR_RANGE_TYPE_SRV : D3D12_DESCRIPTOR_RANGE_TYPE_UAV;
    case hal::BindingKind::UniformBuffer: return D3D12_DESCRIPTOR_RANGE_TYPE_CBV;
    case hal::BindingKind::UniformTexelBuffer: return D3D12_DESCRIPTOR_RANGE_TYPE_SRV;
    case hal::BindingKind::StorageTexelBuffer: return D3D12_DESCRIPTOR_RANGE_TYPE_UAV;
    default:
      return hal::makeError(hal::ErrorCode::Unsupported, where + ": " + hal::bindingKindName(b.kind) +
                                                             " bindings are not implemented on the D3D12 backend (buffers only)");
  }
}

}  // namespace

hal::Status D3D12Executable::build(const hal::ExecutableDesc& desc) {
  const hal::ExecutableLayout& l = layout();
  const std::string name = "executable '" + label() + "'";
  SL_HAL_RETURN_IF_ERROR(hal::validateLayout(l));
  if (desc.format != hal::ExecutableFormat::Dxil)
    return hal::makeError(hal::ErrorCode::Unsupported, name + ": the D3D12 backend runs DXIL, not " + hal::executableFormatName(desc.format));
  if (desc.code.size() < 32 || std::memcmp(desc.code.data(), "DXBC", 4) != 0)
    return hal::makeError(hal::ErrorCode::InvalidArgument, name + ": not a DXIL container (no DXBC header)");
  if (l.entryPoints.size() != 1)
    return hal::makeError(hal::ErrorCode::Unsupported, name + ": a DXIL compute container holds one entry point, the layout names " +
                                                           str(l.entryPoints.size()));
  if (l.heapUsage != hal::kHeapNone)
    return hal::makeError(hal::ErrorCode::Unsupported, name + " uses descriptor heaps, which the D3D12 backend does not bind yet");

  std::vector<D3D12_DESCRIPTOR_RANGE1> ranges;
  uint32_t offset = 0;
  for (size_t i = 0; i < l.bindings.size(); ++i) {
    const hal::BindingLayout& b = l.bindings[i];
    auto type = rangeType(b, name + " binding " + str(i));
    if (!type.ok()) return type.status();
    if (*type == D3D12_DESCRIPTOR_RANGE_TYPE_CBV && b.binding == 0 && b.set == 0 && usesRootConstants())
      return hal::makeError(hal::ErrorCode::InvalidArgument, name + " binding " + str(i) +
                                                                 ": b0 space0 is taken by the root constants");
    D3D12_DESCRIPTOR_RANGE1 r{};
    r.RangeType = *type;
    r.NumDescriptors = b.arrayCount;
    r.BaseShaderRegister = b.binding;
    r.RegisterSpace = b.set;
    // Volatile: each submission writes the table right before it executes (docs/hal.md).
    r.Flags = D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE;
    r.OffsetInDescriptorsFromTableStart = offset;
    offset += b.arrayCount;
    ranges.push_back(r);
  }
  if (l.constantsBuffer) {
    D3D12_DESCRIPTOR_RANGE1 r{};
    r.RangeType = D3D12_DESCRIPTOR_RANGE_TYPE_CBV;
    r.NumDescriptors = 1;
    r.BaseShaderRegister = l.constantsBuffer->binding;
    r.RegisterSpace = l.constantsBuffer->set;
    r.Flags = D3D12_DESCRIPTOR_RANGE_FLAG_DESCRIPTORS_VOLATILE | D3D12_DESCRIPTOR_RANGE_FLAG_DATA_VOLATILE;
    r.OffsetInDescriptorsFromTableStart = offset++;
    ranges.push_back(r);
  }
  tableSize_ = offset;

  std::vector<D3D12_ROOT_PARAMETER1> params;
  if (usesRootConstants()) {
    if (l.constantCount > ctx_->info.limits.maxPushConstantsSize / 4)
      return hal::makeError(hal::ErrorCode::Unsupported, name + ": " + str(l.constantCount) + " root constants exceed the " +
                                                             str(ctx_->info.limits.maxPushConstantsSize / 4) +
                                                             " that fit the root signature; give the layout a constantsBuffer");
    D3D12_ROOT_PARAMETER1 p{};
    p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_32BIT_CONSTANTS;
    p.Constants.ShaderRegister = 0;
    p.Constants.RegisterSpace = 0;
    p.Constants.Num32BitValues = l.constantCount;
    p.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    params.push_back(p);
  }
  if (!ranges.empty()) {
    D3D12_ROOT_PARAMETER1 p{};
    p.ParameterType = D3D12_ROOT_PARAMETER_TYPE_DESCRIPTOR_TABLE;
    p.DescriptorTable.NumDescriptorRanges = static_cast<UINT>(ranges.size());
    p.DescriptorTable.pDescriptorRanges = ranges.data();
    p.ShaderVisibility = D3D12_SHADER_VISIBILITY_ALL;
    tableParameter_ = static_cast<int>(params.size());
    params.push_back(p);
  }

  D3D12_VERSIONED_ROOT_SIGNATURE_DESC rs{};
  rs.Version = D3D_ROOT_SIGNATURE_VERSION_1_1;
  rs.Desc_1_1.NumParameters = static_cast<UINT>(params.size());
  rs.Desc_1_1.pParameters = params.data();
  rs.Desc_1_1.Flags = D3D12_ROOT_SIGNATURE_FLAG_NONE;
  ComPtr<ID3DBlob> blob, error;
  HRESULT hr = ctx_->lib->serializeRootSignature(&rs, &blob, &error);
  if (FAILED(hr)) {
    std::string detail = error ? std::string(static_cast<const char*>(error->GetBufferPointer()), error->GetBufferSize()) : "";
    return hal::makeError(hal::ErrorCode::InvalidArgument, name + ": root signature rejected: " + detail);
  }
  SL_HR_CHECK(ctx_->device->CreateRootSignature(0, blob->GetBufferPointer(), blob->GetBufferSize(), IID_PPV_ARGS(&rootSignature_)),
              "CreateRootSignature of " + name);
  D3D12_COMPUTE_PIPELINE_STATE_DESC pso{};
  pso.pRootSignature = rootSignature_.Get();
  pso.CS.pShaderBytecode = desc.code.data();
  pso.CS.BytecodeLength = desc.code.size();
  SL_HR_CHECK(ctx_->device->CreateComputePipelineState(&pso, IID_PPV_ARGS(&pipeline_)), "CreateComputePipelineState of " + name);
  return hal::okStatus();
}

}  // namespace sl::d3d12
