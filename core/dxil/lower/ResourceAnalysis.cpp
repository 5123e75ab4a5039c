#include "core/dxil/lower/ResourceAnalysis.h"

#include "core/dxil/emit/DxIntrinsics.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

#include <algorithm>
#include <map>

namespace sl::dxil {

llvm::AnalysisKey DxilResourceAnalysis::Key;

namespace {

bool hasPrefix(llvm::StringRef name, std::string_view prefix) {
  return name == llvm::StringRef(prefix) || name.starts_with(std::string(prefix) + ".");
}

uint32_t constU32(llvm::Value* v, bool& ok) {
  if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(v)) return uint32_t(c->getZExtValue());
  ok = false;
  return 0;
}

// The index value a heap handle is created from, without NonUniformResourceIndex markers.
llvm::Value* stripNonUniform(llvm::Value* v) {
  while (auto* call = llvm::dyn_cast<llvm::CallInst>(v)) {
    llvm::Function* f = call->getCalledFunction();
    if (!f || !hasPrefix(f->getName(), intrinsics::kNonUniformIndex)) break;
    v = call->getArgOperand(0);
  }
  return v;
}

}  // namespace

DxilResourceMap DxilResourceAnalysis::run(llvm::Module& module, llvm::ModuleAnalysisManager&) {
  DxilResourceMap map;
  const llvm::DataLayout& layout = module.getDataLayout();
  struct Implicit {
    llvm::CallInst* call;
    uint32_t order;
  };
  std::vector<Implicit> implicit;
  std::map<std::tuple<int, uint32_t, uint32_t, uint32_t>, uint32_t> boundKey;  // class, space, lb, range
  std::unordered_map<const llvm::Value*, uint32_t> heapIds;

  auto describe = [&](llvm::CallInst* call) -> std::optional<ResourceTypeInfo> {
    auto info = describeResourceType(llvm::dyn_cast<llvm::TargetExtType>(call->getType()), layout);
    if (!info) map.errors.push_back("resource handle of an unknown type");
    else if (call->getMetadata(kGloballyCoherentMetadata)) setGloballyCoherent(*info);
    return info;
  };
  auto addBound = [&](llvm::CallInst* call, const ResourceTypeInfo& info, uint32_t space, uint32_t lb,
                      uint32_t range) {
    auto key = std::make_tuple(int(info.resourceClass), space, lb, range);
    auto it = boundKey.find(key);
    if (it == boundKey.end()) {
      BoundResource r;
      r.type = info;
      r.name = call->hasName() ? call->getName().str() : "";
      r.space = space;
      r.lowerBound = lb;
      r.rangeSize = range;
      it = boundKey.emplace(key, uint32_t(map.bound.size())).first;
      map.bound.push_back(r);
    }
    map.boundOfCall[call] = it->second;
  };

  for (llvm::Function& f : module) {
    llvm::StringRef name = f.getName();
    bool fromBinding = hasPrefix(name, intrinsics::kHandleFromBinding);
    bool fromImplicit = hasPrefix(name, intrinsics::kHandleFromImplicitBinding);
    bool fromHeap = hasPrefix(name, intrinsics::kHandleFromHeap);
    if (!fromBinding && !fromImplicit && !fromHeap) continue;
    for (llvm::User* u : f.users()) {
      auto* call = llvm::dyn_cast<llvm::CallInst>(u);
      if (!call) continue;
      auto info = describe(call);
      if (!info) continue;
      bool ok = true;
      if (fromBinding) {
        uint32_t space = constU32(call->getArgOperand(0), ok);
        uint32_t lb = constU32(call->getArgOperand(1), ok);
        uint32_t range = constU32(call->getArgOperand(2), ok);
        if (!ok) map.errors.push_back("resource binding operands must be constants");
        else addBound(call, *info, space, lb, range);
      } else if (fromImplicit) {
        uint32_t order = constU32(call->getArgOperand(0), ok);
        if (!ok) map.errors.push_back("implicit binding order must be a constant");
        else implicit.push_back({call, order});
      } else {
        llvm::Value* index = stripNonUniform(call->getArgOperand(0));
        auto it = heapIds.find(index);
        if (it == heapIds.end()) {
          HeapResource h;
          h.type = *info;
          h.heapResourceId = uint32_t(map.heap.size());
          h.samplerHeap = info->resourceClass == ResourceClass::Sampler;
          it = heapIds.emplace(index, uint32_t(map.heap.size())).first;
          map.heap.push_back(h);
        }
        map.heapOfCall[call] = it->second;
      }
    }
  }

  // Implicit bindings: first register range of the class and space not used by any explicit one.
  std::stable_sort(implicit.begin(), implicit.end(), [](const Implicit& a, const Implicit& b) { return a.order < b.order; });
  // The order id names the resource: every handle of one resource gets the same registers.
  std::map<uint32_t, uint32_t> lowerBoundOfOrder;
  for (const Implicit& imp : implicit) {
    bool ok = true;
    auto info = describeResourceType(llvm::cast<llvm::TargetExtType>(imp.call->getType()), layout);
    uint32_t space = constU32(imp.call->getArgOperand(1), ok);
    uint32_t range = constU32(imp.call->getArgOperand(2), ok);
    if (!ok || !info) continue;
    if (auto seen = lowerBoundOfOrder.find(imp.order); seen != lowerBoundOfOrder.end()) {
      addBound(imp.call, *info, space, seen->second, range);
      continue;
    }
    uint64_t size = range == 0xFFFFFFFFu ? 1 : range;
    uint64_t lb = 0;
    for (bool moved = true; moved;) {
      moved = false;
      for (const BoundResource& r : map.bound) {
        if (r.type.resourceClass != info->resourceClass || r.space != space) continue;
        uint64_t end = r.rangeSize == 0xFFFFFFFFu ? UINT32_MAX : uint64_t(r.lowerBound) + r.rangeSize;
        if (lb < end && r.lowerBound < lb + size) {
          lb = end;
          moved = true;
        }
      }
    }
    lowerBoundOfOrder[imp.order] = uint32_t(lb);
    addBound(imp.call, *info, space, uint32_t(lb), range);
  }

  // A resource whose handle feeds llvm.dx.resource.updatecounter has a counter (upstream LLVM
  // derives HasCounter from use, not from the HLSL type).
  for (llvm::Function& f : module) {
    if (!hasPrefix(f.getName(), intrinsics::kUpdateCounter)) continue;
    for (llvm::User* u : f.users()) {
      auto* call = llvm::dyn_cast<llvm::CallInst>(u);
      auto* handle = call ? llvm::dyn_cast<llvm::CallInst>(call->getArgOperand(0)) : nullptr;
      if (!handle) continue;
      if (auto it = map.boundOfCall.find(handle); it != map.boundOfCall.end()) setHasCounter(map.bound[it->second].type);
      if (auto it = map.heapOfCall.find(handle); it != map.heapOfCall.end()) setHasCounter(map.heap[it->second].type);
    }
  }

  // Range ids: per class, in order of first appearance.
  uint32_t next[4] = {0, 0, 0, 0};
  for (BoundResource& r : map.bound) r.rangeId = next[uint32_t(r.type.resourceClass) & 3]++;
  return map;
}

}  // namespace sl::dxil
