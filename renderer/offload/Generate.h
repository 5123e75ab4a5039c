// A complete, runnable compute pipeline for any SPIR-V module, from its reflection alone: one
// resource per binding the shader uses, at exactly the reflected set/binding (VulkanBinding, plus
// the DirectXBinding that DXC's default mapping, less the module's -fvk-*-shift, gives it), of the
// Kind the descriptor and its block name say, sized from the block layout, filled with a
// deterministic pseudo-random pattern from a seed (element types from the layout or the image
// format), UAV counters, push constants, the portable descriptor heap's slots, and a dispatch of
// about 256 invocations. No Results rules: it is a starting point to run, compare (`run --compare
// cpu`) and edit. Used by `shaderlens offload --generate`, `shaderlens run --new` and (later) the
// GUI's "New from shader"; docs/offload.md, "Generated pipelines".
#pragma once

#include "renderer/offload/Pipeline.h"
#include "renderer/offload/SpirvReflect.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sl::offload {

// A `-fvk-{b,t,u,s}-shift N SPACE|all` the module was compiled with: DirectX register = Vulkan
// binding - shift, for that register class (in that space, or every space).
struct RegisterShift {
  char registerClass = 't';       // b, t, u or s
  uint32_t shift = 0;
  std::optional<uint32_t> space;  // none: every space ("all")
};

// The shifts among DXC command-line words (the rest are ignored).
std::vector<RegisterShift> registerShiftsFromArgs(const std::vector<std::string>& args);

// The -fvk-<class>-shift flags that give every register class its own bindings in the sets where
// `module` (compiled without them) has two classes at one binding (t0 and u0 are both set 0
// binding 0 under DXC's default mapping); empty when none do. Bindings `entry` uses only.
std::vector<RegisterShift> separatingShifts(const ReflectedModule& module, const std::string& entry);

struct GenerateOptions {
  std::string entry;        // the compute entry point; "" = the module's first
  uint64_t seed = 1;        // of the data pattern
  // DispatchGroupCount; none: enough workgroups for `invocations` invocations, spread over the
  // dimensions the workgroup uses (numthreads(8,8,1) -> 2,2,1: a 16x16 grid).
  std::optional<std::array<uint32_t, 3>> groups;
  uint32_t invocations = 256;
  // Elements of each runtime array (structured/byte-address/typed buffers); 0 = max(64, twice the
  // dispatch's invocations), so `Out[id.x]` and `Out[id.y * W + id.x]` stay in bounds. A buffer
  // never exceeds 1 MiB (fewer elements then).
  uint32_t elements = 0;
  uint32_t textureWidth = 16, textureHeight = 16;  // Texture2D / RWTexture2D, one mip
  uint32_t runtimeDescriptorCount = 4;             // descriptors of an unbounded descriptor array
  std::vector<RegisterShift> shifts;               // for the DirectXBindings
  bool includeUnused = false;                      // also bindings no instruction references
};

struct GenerateResult {
  std::optional<Pipeline> pipeline;  // names resolved (bufferIndex/samplerIndex): runnable as is
  std::string error;                 // why not, when the module cannot be given a pipeline
  std::vector<std::string> notes;    // guesses worth knowing ("heap slot 3 holds ...")
  bool ok() const { return pipeline.has_value(); }
};

GenerateResult generatePipeline(const ReflectedModule& module, const GenerateOptions& options = {});

// A run bundle (offload-test-suite `.test`) of one HLSL source and a pipeline, with the RUN lines
// `shaderlens run` and upstream's lit both read: split-file, `%dxc_target <compileArgs> -Fo %t.o
// %t/source.hlsl`, `%offloader %t/pipeline.yaml %t.o`. `header` lines (without '#') come first.
std::string makeBundle(std::string_view hlsl, const std::vector<std::string>& compileArgs, const Pipeline& pipeline,
                       const std::vector<std::string>& header = {});

}  // namespace sl::offload
