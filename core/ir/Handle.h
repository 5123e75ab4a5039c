// Small typed indices: cheap to copy, compare and hash. An invalid handle has index UINT32_MAX.
#pragma once

#include <cstdint>
#include <functional>

namespace sl::ir {

template <class Tag>
struct Handle {
  uint32_t index = UINT32_MAX;

  constexpr Handle() = default;
  constexpr explicit Handle(uint32_t i) : index(i) {}
  constexpr bool valid() const { return index != UINT32_MAX; }
  constexpr explicit operator bool() const { return valid(); }
  friend constexpr bool operator==(Handle a, Handle b) { return a.index == b.index; }
  friend constexpr bool operator!=(Handle a, Handle b) { return a.index != b.index; }
  friend constexpr bool operator<(Handle a, Handle b) { return a.index < b.index; }
};

// Interned, identity-free values of a Context.
using Type = Handle<struct TypeTag>;
using Const = Handle<struct ConstTag>;
// Entities of a Module.
using GlobalVarId = Handle<struct GlobalVarTag>;
using FuncId = Handle<struct FuncTag>;
// Entities of one function body.
using RegionId = Handle<struct RegionTag>;
using NodeId = Handle<struct NodeTag>;
using InstId = Handle<struct InstTag>;

}  // namespace sl::ir

template <class Tag>
struct std::hash<sl::ir::Handle<Tag>> {
  size_t operator()(sl::ir::Handle<Tag> h) const noexcept { return std::hash<uint32_t>()(h.index); }
};
