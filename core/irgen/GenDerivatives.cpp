// Implicit derivatives outside pixel shaders (SM 6.6 "derivatives in compute"): which entry points
// may use ddx/ddy/fwidth, Sample/SampleBias/SampleCmp and CalculateLevelOfDetail, and the
// derivative-group execution mode a compute entry then needs in SPIR-V.
//
// The rules and messages are DXC's (tools/clang/lib/Sema/SemaHLSL.cpp DiagnoseDerivativeOp and
// DiagnoseNumThreadsForDerivativeOp, texts from DiagnosticSemaKinds.td). DXC's Sema reports them
// only for CalculateLevelOfDetail with a comparison sampler; for the other operations its DXIL
// validator reports the same conditions later without a source location, so we report them all
// here, at the call.
#include "core/irgen/Gen.h"

#include <spirv/unified1/spirv.hpp>

#include <charconv>

namespace sl::irgen {

bool profileShaderModel(std::string_view profile, uint32_t& major, uint32_t& minor) {
  // "cs_6_6", "lib_6_8": the two numbers after the first underscore.
  size_t first = profile.find('_');
  if (first == std::string_view::npos) return false;
  size_t second = profile.find('_', first + 1);
  if (second == std::string_view::npos) return false;
  std::string_view a = profile.substr(first + 1, second - first - 1), b = profile.substr(second + 1);
  uint32_t ma = 0, mi = 0;
  if (std::from_chars(a.data(), a.data() + a.size(), ma).ec != std::errc() ||
      std::from_chars(b.data(), b.data() + b.size(), mi).ec != std::errc())
    return false;
  major = ma;
  minor = mi;
  return true;
}

bool Gen::allowImplicitDerivatives(const fe::Node* call, const std::string& intrinsic) {
  const fe::FunctionDecl* entry = unit_.entry;
  if (!entry) return false;
  if (entry->definition) entry = entry->definition;
  const fe::ShaderStage stage = entry->stage;
  if (stage == fe::ShaderStage::Pixel) return true;
  const std::string prefix = "Intrinsic " + intrinsic + " potentially used by '" + entry->name + "' requires derivatives - ";
  auto report = [&](const std::string& rest) {
    setLoc(call);  // at the call, as DXC (not at its last argument, which set the location last)
    error(call->loc, prefix + rest);
    SourceLoc at = source_.location(entry->loc);
    if (at.valid() && !diags_.empty()) diags_.back().notes.push_back(Diagnostic::note(at, "entry function defined here"));
    return false;
  };
  const bool computeLike = stage == fe::ShaderStage::Compute || stage == fe::ShaderStage::Mesh ||
                           stage == fe::ShaderStage::Amplification;
  if (!computeLike)
    return report("only available in pixel, compute, amplification, mesh, or broadcast node shaders.");
  if (options_.shaderModelMajor < 6 || (options_.shaderModelMajor == 6 && options_.shaderModelMinor < 6))
    return report("shader model 6.6 or greater is required for use in compute, amplification, or mesh shaders.");
  if (const fe::Attribute* nt = findAttr(entry->attributes, "numthreads")) {
    auto dim = [&](size_t i) { return i < nt->intArgs.size() ? nt->intArgs[i] : int64_t(1); };
    const int64_t x = dim(0), y = dim(1), z = dim(2);
    // Y != 1: a 2D quad layout (X and Y even); Y == 1: 1D quads (X a multiple of 4, Z == 1).
    const bool valid = y != 1 ? (x % 2 == 0 && y % 2 == 0) : (x % 4 == 0 && z == 1);
    if (!valid)
      return report("when used in compute/amplification/mesh shaders or broadcast nodes, numthreads must be either 1D "
                    "with X as a multiple of 4 or both X and Y must be multiples of 2.");
  }
  computeDerivatives_ = true;
  return true;
}

void Gen::addDerivativeGroupMode() {
  if (!computeDerivatives_) return;
  for (ir::EntryPoint& ep : module_->entryPoints) {
    if (ep.executionModel != spv::ExecutionModelGLCompute) continue;
    std::vector<uint32_t> size{1, 1, 1};
    for (const ir::ExecutionMode& m : ep.modes)
      if (m.mode == spv::ExecutionModeLocalSize && m.operands.size() == 3) size = m.operands;
    // DXC (SpirvEmitter::addDerivativeGroupExecutionMode): linear when X is a multiple of 4 and
    // Y == Z == 1, quads otherwise. The NV and KHR enumerants share their values; the SPIR-V
    // grammar of this toolchain names only the NV extension, which the writer then declares.
    const bool linear = size[0] % 4 == 0 && size[1] == 1 && size[2] == 1;
    ep.modes.push_back({linear ? spv::ExecutionModeDerivativeGroupLinearNV : spv::ExecutionModeDerivativeGroupQuadsNV, {}});
  }
}

}  // namespace sl::irgen
