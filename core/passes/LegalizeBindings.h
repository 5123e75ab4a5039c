// Stage "ir.bound": assigns Vulkan descriptor sets and bindings exactly like DXC and lowers the
// HLSL-level resource ops of stage "ir" into SPIR-V-level IR: descriptor variables with
// layout-decorated block types (hlsl-spirv.md §1, §3), access chains, image reads/writes, atomic
// counter updates, OpArrayLength.
#pragma once

#include "core/ir/Module.h"
#include "core/passes/BindingAssignment.h"
#include "core/passes/Layout.h"
#include "core/support/Diagnostic.h"

#include <string>
#include <vector>

namespace sl::passes {

struct LegalizeOptions {
  LayoutRule cbufferRule = LayoutRule::RelaxedStd140;
  LayoutRule bufferRule = LayoutRule::RelaxedStd430;
  bool rowMajorByDefault = false;
  uint32_t spirvMinor = 0;  // SPIR-V 1.x: >= 4 uses StorageBuffer + Block, else Uniform + BufferBlock
  // -fspv-use-unknown-image-format: storage images and texel buffers get format Unknown (the
  // writer then declares StorageImageRead/WriteWithoutFormat) instead of one inferred from the
  // element type.
  bool unknownImageFormat = false;
  BindingOptions bindings;
};

// Picks DXC's rules for the layout options (-fvk-use-dx-layout, -fvk-use-scalar-layout, -fvk-use-gl-layout).
void selectLayoutRules(LegalizeOptions& options, bool dxLayout, bool scalarLayout, bool glLayout);

// One descriptor (or the push-constant block) of the legalized module, for reflection.
struct BoundResource {
  std::string name;
  std::string descriptorType;  // "STORAGE_BUFFER", "UNIFORM_BUFFER", "STORAGE_IMAGE", ...
  std::string hlslType;        // "RWStructuredBuffer<uint>"
  uint32_t set = 0;
  uint32_t binding = 0;
  uint32_t count = 1;          // descriptor count (0 = runtime array)
  bool isCounter = false;
  bool isPushConstant = false;
  uint32_t blockSize = 0;      // bytes, for cbuffers and push constants
};

struct LegalizeResult {
  std::vector<Diagnostic> diagnostics;
  std::vector<BoundResource> resources;  // in binding-assignment (declaration) order
  bool ok() const { return !hasErrors(diagnostics); }
};

LegalizeResult legalizeBindings(ir::Module& module, const LegalizeOptions& options);

}  // namespace sl::passes
