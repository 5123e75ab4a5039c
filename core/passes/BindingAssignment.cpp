#include "core/passes/BindingAssignment.h"

#include <algorithm>
#include <map>
#include <set>

namespace sl::passes {

static uint32_t shiftFor(const BindingOptions& options, char cls, uint32_t space) {
  uint32_t shift = 0;
  for (const ShiftOption& s : options.shifts)
    if (s.registerClass == cls && (!s.space || *s.space == space)) shift = s.shift;  // the last one wins
  return shift;
}

std::vector<BindingResult> assignBindings(const std::vector<BindingRequest>& requests, const BindingOptions& options,
                                          std::vector<std::string>* errors) {
  std::vector<BindingResult> out(requests.size());
  std::vector<bool> done(requests.size(), false);
  std::map<uint32_t, std::set<uint32_t>> used;  // set -> bindings taken
  auto take = [&](size_t i, uint32_t set, uint32_t binding) {
    out[i] = {set, binding};
    done[i] = true;
    for (uint32_t k = 0; k < std::max(requests[i].count, 1u); ++k) used[set].insert(binding + k);
  };
  auto bufferSet = [&](const BindingRequest& buffer) -> uint32_t {
    if (buffer.vkBinding) return buffer.vkSet.value_or(options.defaultSet);
    if (buffer.space) return *buffer.space;
    return options.defaultSet;
  };
  // Pass 1: [[vk::binding]] and [[vk::counter_binding]].
  for (size_t i = 0; i < requests.size(); ++i) {
    const BindingRequest& r = requests[i];
    if (r.counterOf >= 0) {
      if (r.counterBinding) take(i, bufferSet(requests[r.counterOf]), *r.counterBinding);
      continue;
    }
    if (r.vkBinding) take(i, r.vkSet.value_or(options.defaultSet), *r.vkBinding);
  }
  // Pass 2: register(xN, spaceM) (+ shifts or -fvk-bind-register).
  for (size_t i = 0; i < requests.size(); ++i) {
    const BindingRequest& r = requests[i];
    if (done[i] || r.counterOf >= 0 || !r.registerIndex || r.registerClass == 'c' || r.registerClass == 0) continue;
    const uint32_t space = r.space.value_or(options.defaultSet);
    if (!options.bindRegisters.empty()) {
      bool mapped = false;
      for (const BindRegisterOption& m : options.bindRegisters)
        if (m.registerClass == r.registerClass && m.index == *r.registerIndex && m.space == space) {
          take(i, m.set, m.binding);
          mapped = true;
        }
      if (!mapped && errors) errors->push_back("no -fvk-bind-register mapping for '" + r.name + "'");
      continue;
    }
    take(i, space, *r.registerIndex + shiftFor(options, r.registerClass, space));
  }
  // Pass 3: implicit bindings, lowest free slot, in declaration order.
  for (size_t i = 0; i < requests.size(); ++i) {
    if (done[i]) continue;
    const BindingRequest& r = requests[i];
    uint32_t set = options.defaultSet;
    if (r.counterOf >= 0) set = out[r.counterOf].set;
    else if (r.space) set = *r.space;
    uint32_t binding = options.autoShift ? shiftFor(options, r.implicitClass, set) : 0;
    std::set<uint32_t>& taken = used[set];
    auto chunkFree = [&](uint32_t first) {
      for (uint32_t k = 0; k < std::max(r.count, 1u); ++k)
        if (taken.count(first + k)) return false;
      return true;
    };
    while (!chunkFree(binding)) ++binding;
    take(i, set, binding);
  }
  return out;
}

}  // namespace sl::passes
