#include "renderer/hal/DeviceInfo.h"

namespace sl::hal {

const char* backendName(Backend backend) {
  switch (backend) {
    case Backend::Any: return "Any";
    case Backend::Vulkan: return "Vulkan";
    case Backend::D3D12: return "D3D12";
    case Backend::Cpu: return "CPU";
  }
  return "?";
}

const char* deviceTypeName(DeviceType type) {
  switch (type) {
    case DeviceType::Other: return "other";
    case DeviceType::IntegratedGpu: return "integrated-gpu";
    case DeviceType::DiscreteGpu: return "discrete-gpu";
    case DeviceType::VirtualGpu: return "virtual-gpu";
    case DeviceType::Cpu: return "cpu";
  }
  return "other";
}

const char* fp32DenormModeName(Fp32DenormMode mode) {
  switch (mode) {
    case Fp32DenormMode::Device: return "device";
    case Fp32DenormMode::Flush: return "flush";
    case Fp32DenormMode::Preserve: return "preserve";
  }
  return "device";
}

bool parseFp32DenormMode(const std::string& text, Fp32DenormMode& mode) {
  for (Fp32DenormMode m : {Fp32DenormMode::Device, Fp32DenormMode::Flush, Fp32DenormMode::Preserve})
    if (text == fp32DenormModeName(m)) {
      mode = m;
      return true;
    }
  return false;
}

std::string subgroupOpsToString(uint32_t ops) {
  static const struct { uint32_t bit; const char* name; } kOps[] = {
      {kSubgroupBasic, "basic"},     {kSubgroupVote, "vote"},       {kSubgroupArithmetic, "arithmetic"},
      {kSubgroupBallot, "ballot"},   {kSubgroupShuffle, "shuffle"}, {kSubgroupShuffleRelative, "shuffle-relative"},
      {kSubgroupClustered, "clustered"}, {kSubgroupQuad, "quad"},
  };
  std::string out;
  for (const auto& op : kOps) {
    if (!(ops & op.bit)) continue;
    if (!out.empty()) out += ' ';
    out += op.name;
  }
  return out.empty() ? "none" : out;
}

}  // namespace sl::hal
