// IR of the seed-0050 examples and the offload suite's dyn-res-cvb-srv-uav case, built the way
// irgen emits them (hlsl.handle_from_heap + hlsl.resource_* ops), plus the glue that turns the
// heap pass's result into a HAL layout (what the app does between core and renderer).
#pragma once

#include "core/ir/Builder.h"
#include "core/passes/heaps/HeapLegalize.h"
#include "core/spirv/TargetEnv.h"
#include "renderer/hal/Executable.h"
#include "renderer/offload/HeapLayout.h"

#include <functional>
#include <memory>
#include <string>
#include <vector>

namespace sl::test {

// A compute shader `[numthreads(4,1,1)] main` with `cbuffer CB { uint Index; }` at (set 0,
// binding 0); `body` gets the builder and the loaded Index.
ir::Module heapShader(const std::function<void(ir::Builder&, ir::Value index)>& body);

ir::Value heapHandle(ir::Builder& b, ir::ResourceKind kind, ir::Type element, ir::Value index);
void storeTyped(ir::Builder& b, ir::Value handle, uint32_t coord, int32_t value);

ir::Module example1();   // RWBuffer<int> Buf = ResourceDescriptorHeap[Index]; Buf[0] = 123;
ir::Module example1b();  // ... Buf = ResourceDescriptorHeap[Index + 1]; Buf[0] = 456;
ir::Module example2();   // foo(ResourceDescriptorHeap[Index]) with foo inlined, as irgen emits it
// dyn-res-cvb-srv-uav.test: cbuffer {CbvIndex, SrvIndex, UavIndex} at b0, BufOut at (0,1).
ir::Module dynResCbvSrvUav();

// Legalizes (requiring success), verifies, writes and spirv-val's the module; returns the words.
std::vector<uint32_t> legalizeAndWrite(ir::Module& module, const passes::heaps::HeapOptions& options,
                                       passes::heaps::HeapLegalizeResult* result = nullptr,
                                       spirv::TargetEnv env = spirv::TargetEnv::Vulkan1_1);
std::string disassemble(const std::vector<uint32_t>& words);

// Heap arrays of a portable-form module -> HAL heap bindings + status block, by the runtime's own
// glue (offload::addHeapLayout on the SPIR-V), checked against what the pass reported.
void addHeapLayout(const passes::heaps::HeapLegalizeResult& result, const std::vector<uint8_t>& code,
                   hal::ExecutableLayout& layout);

}  // namespace sl::test
