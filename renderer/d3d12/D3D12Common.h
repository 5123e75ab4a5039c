// Internal to the D3D12 backend: headers, the dlopen'd entry points, the shared device context.
#pragma once

// Order matters: the WSL adapter defines the Win32 types the D3D12 headers use.
#include <wsl/winadapter.h>
#include <wsl/wrladapter.h>
#include <directx/d3d12.h>
#include <directx/dxcore.h>
// __uuidof for the interfaces above (WSL has no compiler-provided __uuidof).
#include <dxguids/dxguids.h>

#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "renderer/hal/Device.h"

namespace sl::d3d12 {

using Microsoft::WRL::ComPtr;

// Entry points resolved from libd3d12.so / libdxcore.so (loaded once, never unloaded).
struct Library {
  PFN_D3D12_CREATE_DEVICE createDevice = nullptr;
  PFN_D3D12_SERIALIZE_VERSIONED_ROOT_SIGNATURE serializeRootSignature = nullptr;
  PFN_D3D12_GET_DEBUG_INTERFACE getDebugInterface = nullptr;
  HRESULT (*createAdapterFactory)(REFIID, void**) = nullptr;
};
// Unavailable (with the paths tried) when the libraries are missing.
hal::Result<const Library*> loadLibrary();

// "what: HRESULT 0x887a0005" as a DeviceError.
hal::Status hrError(const std::string& what, HRESULT hr);
#define SL_HR_CHECK(call, what)                                             \
  do {                                                                      \
    HRESULT sl_hr_ = (call);                                                \
    if (FAILED(sl_hr_)) return ::sl::d3d12::hrError((what), sl_hr_);       \
  } while (0)

DXGI_FORMAT toDxgiFormat(hal::Format format);

struct Context {
  const Library* lib = nullptr;
  ComPtr<ID3D12Device> device;
  ComPtr<ID3D12CommandQueue> queue;
  ComPtr<ID3D12Fence> fence;
  uint64_t fenceValue = 0;  // last value signalled
  ComPtr<ID3D12InfoQueue> infoQueue;  // debug layer messages (validation on)
  ComPtr<ID3D12CommandSignature> dispatchSignature;
  UINT viewIncrement = 0;
  hal::AdapterInfo info;
  std::mutex queueMutex;

  // Signals the fence on the queue; returns the value to wait for.
  hal::Result<uint64_t> signal();
  hal::Status waitFor(uint64_t value, std::chrono::nanoseconds timeout);
  // A one-time command list: record, execute, wait.
  template <class F>
  hal::Status immediate(F&& record);
  hal::Status immediateImpl(void (*thunk)(void*, ID3D12GraphicsCommandList*), void* user);
};

template <class F>
hal::Status Context::immediate(F&& record) {
  auto thunk = [](void* user, ID3D12GraphicsCommandList* list) { (*static_cast<F*>(user))(list); };
  return immediateImpl(thunk, &record);
}

// A committed buffer resource in one heap type.
hal::Result<ComPtr<ID3D12Resource>> createBufferResource(Context& ctx, uint64_t size, D3D12_HEAP_TYPE heap,
                                                         const std::string& label);

}  // namespace sl::d3d12
