// DXC's Vulkan descriptor numbering (hlsl-spirv.md §2): explicit [[vk::binding]] first, then
// register(xN, spaceM) + -fvk-x-shift, then implicit bindings in declaration order, each taking
// the lowest free binding of its set. Pure data in, numbers out, so it is unit-testable alone.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace sl::passes {

struct BindingRequest {
  std::string name;
  char registerClass = 0;            // 'b', 't', 'u', 's' (0: none written)
  std::optional<uint32_t> registerIndex;
  std::optional<uint32_t> space;     // register(..., spaceM) or register(spaceM)
  std::optional<uint32_t> vkBinding, vkSet;
  int counterOf = -1;                // index of the buffer this counter belongs to
  std::optional<uint32_t> counterBinding;  // the buffer's [[vk::counter_binding(c)]] (on the counter)
  char implicitClass = 't';          // class used by -fvk-auto-shift-bindings
  uint32_t count = 1;                // consecutive bindings reserved (multi-binding variables)
};

struct ShiftOption {
  char registerClass = 'b';
  uint32_t shift = 0;
  std::optional<uint32_t> space;  // nullopt = all spaces
};

struct BindRegisterOption {
  char registerClass = 't';
  uint32_t index = 0, space = 0, binding = 0, set = 0;
};

struct BindingOptions {
  std::vector<ShiftOption> shifts;
  std::vector<BindRegisterOption> bindRegisters;
  bool autoShift = false;
  uint32_t defaultSet = 0;
};

struct BindingResult {
  uint32_t set = 0;
  uint32_t binding = 0;
};

// Results are parallel to `requests`. `errors` gets a message per resource that cannot be bound.
std::vector<BindingResult> assignBindings(const std::vector<BindingRequest>& requests, const BindingOptions& options,
                                          std::vector<std::string>* errors = nullptr);

}  // namespace sl::passes
