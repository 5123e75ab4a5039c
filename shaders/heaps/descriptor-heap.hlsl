// descriptor-heap.hlsl: bindless resources through ResourceDescriptorHeap (Shader Model 6.6)
//
// Nothing here is bound to a register: the shader reads three heap slot numbers from a constant
// buffer and fetches its input and output buffers from the descriptor heap by index. Watch the
// "ir" stage for hlsl.handle_from_heap, "ir.bound" for the heap turned into descriptor arrays
// that share one Vulkan binding, and the Bindings tab for the heap access sites. In the Run tab
// the resources get "Heap slot" numbers instead of bindings.
//
// shaderlens: -T cs_6_6 -spirv

cbuffer HeapSlots : register(b0) {
  uint InputSlot;
  uint OutputSlot;
  uint Scale;
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  StructuredBuffer<uint> input = ResourceDescriptorHeap[InputSlot];
  RWStructuredBuffer<uint> output = ResourceDescriptorHeap[OutputSlot];
  output[id.x] = input[id.x] * Scale;
}
