// Variables, loads, stores, access chains, copies and array lengths. Loads and stores convert
// between a pointee's memory layout and its register form with the layout's copy plan; an
// access that leaves its object reads zero and drops writes, with a diagnostic (robust buffer
// access for buffers, the same defined behaviour for every other object).
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include "interp/OpsCommon.h"

namespace sl::interp {

namespace {

constexpr uint32_t kIndexOutOfRange = 30;

// Copies a value between memory (at `p`) and register form (`reg`) following `node`.
// Out-of-bounds parts read as zero and are not written.
void transfer(SubgroupExec& exec, const Inst& inst, const LayoutNode& node, Pointer p, uint32_t lane, uint8_t* reg, bool toMemory) {
  const Module& m = exec.module();
  const Type& t = m.type(node.type);
  const auto access = toMemory ? SubgroupExec::Access::Write : SubgroupExec::Access::Read;
  if (!node.runs.empty()) {
    const LayoutNode::Run& last = node.runs.back();
    uint64_t extent = 0;
    for (const LayoutNode::Run& r : node.runs) extent = std::max<uint64_t>(extent, uint64_t(r.memory) + r.size);
    (void)last;
    if (uint8_t* base = exec.memory(p, lane, extent, access, inst, false)) {
      for (const LayoutNode::Run& r : node.runs) {
        if (toMemory) std::memcpy(base + r.memory, reg + r.reg, r.size);
        else std::memcpy(reg + r.reg, base + r.memory, r.size);
      }
      return;
    }
    if (objectKind(p.object) == ObjectKind::OutOfBounds || objectKind(p.object) == ObjectKind::Null ||
        objectKind(p.object) == ObjectKind::Descriptor) {
      exec.memory(p, lane, extent, access, inst);  // reports what is wrong (or nothing for OutOfBounds)
      if (!toMemory) std::memset(reg, 0, t.size);
      return;
    }
    // Partly out of bounds: run by run.
    for (const LayoutNode::Run& r : node.runs) {
      Pointer q = p;
      q.offset += r.memory;
      uint8_t* at = exec.memory(q, lane, r.size, access, inst);
      if (toMemory) {
        if (at) std::memcpy(at, reg + r.reg, r.size);
      } else if (at) {
        std::memcpy(reg + r.reg, at, r.size);
      } else {
        std::memset(reg + r.reg, 0, r.size);
      }
      if (exec.failed()) return;
    }
    return;
  }
  // Too many runs for a flat plan: member by member.
  switch (t.kind) {
    case TypeKind::Struct: {
      uint32_t at = 0;
      for (size_t i = 0; i < node.children.size() && !exec.failed(); ++i) {
        Pointer q = p;
        q.offset += node.offsets[i];
        transfer(exec, inst, m.layout(node.children[i]), q, lane, reg + at, toMemory);
        at += m.type(t.members[i]).size;
      }
      return;
    }
    case TypeKind::Array: {
      const LayoutNode& element = m.layout(node.children[0]);
      const uint32_t elementSize = m.type(t.element).size;
      for (uint32_t i = 0; i < t.count && !exec.failed(); ++i) {
        Pointer q = p;
        q.offset += uint64_t(i) * node.stride;
        transfer(exec, inst, element, q, lane, reg + size_t(i) * elementSize, toMemory);
      }
      return;
    }
    default:
      exec.error(inst, lane, "cannot load or store a value of this type");
      return;
  }
}

Handle handleFor(const Module& m, const Pointer& p, const LayoutNode& node) {
  Handle h;
  const uint32_t global = objectIndex(p.object);
  const Type& t = m.type(node.type);
  if (t.kind == TypeKind::Sampler) {
    h.samplerVar = global;
    h.samplerIndex = uint32_t(p.offset);
  } else {
    h.imageVar = global;
    h.imageIndex = uint32_t(p.offset);
    if (t.kind == TypeKind::SampledImage) {  // a combined image sampler descriptor
      h.samplerVar = global;
      h.samplerIndex = uint32_t(p.offset);
    }
  }
  return h;
}

void loadHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const Ref pointer = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t size = inst.result.stride;
  forActive(exec, [&](uint32_t lane) {
    const Pointer p = load<Pointer>(pointer.at(lane));
    const LayoutNode& node = m.layout(p.layout);
    if (objectKind(p.object) == ObjectKind::Descriptor) {
      const Handle h = handleFor(m, p, node);
      std::memcpy(r.at(lane), &h, sizeof h);
      return;
    }
    if (objectKind(p.object) == ObjectKind::OutOfBounds) {
      // An element past a descriptor array is a null descriptor (zeros would name descriptor 0).
      const TypeKind kind = m.type(node.type).kind;
      if (kind == TypeKind::Image || kind == TypeKind::Sampler || kind == TypeKind::SampledImage) {
        const Handle none;
        std::memcpy(r.at(lane), &none, sizeof none);
        return;
      }
    }
    if (node.identity) {
      if (const uint8_t* from = exec.memory(p, lane, size, SubgroupExec::Access::Read, inst)) std::memcpy(r.at(lane), from, size);
      else std::memset(r.at(lane), 0, size);
      return;
    }
    transfer(exec, inst, node, p, lane, r.at(lane), false);
  });
}

void storeHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const Ref pointer = exec.operand(inst, 0), value = exec.operand(inst, 1);
  const uint32_t size = exec.rawOperand(inst, 1).size;
  forActive(exec, [&](uint32_t lane) {
    const Pointer p = load<Pointer>(pointer.at(lane));
    if (objectKind(p.object) == ObjectKind::Descriptor) {
      exec.error(inst, lane, "store through a pointer to a descriptor");
      return;
    }
    const LayoutNode& node = m.layout(p.layout);
    if (node.identity) {
      if (uint8_t* to = exec.memory(p, lane, size, SubgroupExec::Access::Write, inst)) std::memcpy(to, value.at(lane), size);
      return;
    }
    transfer(exec, inst, node, p, lane, value.at(lane), true);
  });
}

void copyMemoryHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const Ref target = exec.operand(inst, 0), source = exec.operand(inst, 1);
  thread_local std::vector<uint8_t> scratch;
  forActive(exec, [&](uint32_t lane) {
    const Pointer to = load<Pointer>(target.at(lane)), from = load<Pointer>(source.at(lane));
    const LayoutNode& fromNode = m.layout(from.layout);
    scratch.assign(m.type(fromNode.type).size, 0);
    transfer(exec, inst, fromNode, from, lane, scratch.data(), false);
    if (!exec.failed()) transfer(exec, inst, m.layout(to.layout), to, lane, scratch.data(), true);
  });
}

// Function-storage variable: aux: offset in the frame's locals; aux2: layout node.
void variableHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const Ref r = exec.result(inst);
  const Pointer p{makeObject(ObjectKind::LaneStack, 0), inst.aux2, uint64_t(exec.frameLocalsBase()) + inst.aux};
  const bool initialized = !exec.rawOperand(inst, 0).isLiteral();
  const Ref initializer = initialized ? exec.operand(inst, 0) : Ref{};
  const LayoutNode& node = m.layout(inst.aux2);
  forActive(exec, [&](uint32_t lane) {
    std::memcpy(r.at(lane), &p, sizeof p);
    if (initialized) transfer(exec, inst, node, p, lane, initializer.at(lane), true);
  });
}

// Loads and stores of a whole Function-storage variable in register form (the bulk of
// unoptimized code): the address is the lane's stack + the frame's locals + the variable's
// offset, always in bounds. aux: the variable's offset in the frame's locals.
template <uint32_t Size>
void loadLocal(SubgroupExec& exec, const Inst& inst) {
  const Ref r = exec.result(inst);
  const uint32_t size = Size ? Size : inst.result.stride;
  const size_t offset = exec.frameLocalsBase() + inst.aux;
  uint8_t* base = exec.laneStackBase() + offset;
  const uint8_t* written = exec.laneStackWritten() + offset;
  const size_t stride = exec.laneStackStride();
  forActive(exec, [&](uint32_t lane) {
    std::memcpy(r.at(lane), base + lane * stride, Size ? Size : size);
    // Every byte written is 1, so a whole-value check is one compare for the common sizes.
    bool initialized;
    if constexpr (Size == 4) initialized = load<uint32_t>(written + lane * stride) == 0x01010101u;
    else if constexpr (Size == 8) initialized = load<uint64_t>(written + lane * stride) == 0x0101010101010101ull;
    else initialized = std::memchr(written + lane * stride, 0, size) == nullptr;
    if (!initialized) [[unlikely]]
      exec.uninitializedLocalRead(inst, lane, offset, size);
  });
}
template <uint32_t Size>
void storeLocal(SubgroupExec& exec, const Inst& inst) {
  const Ref value = exec.operand(inst, 1);
  const uint32_t size = Size ? Size : exec.rawOperand(inst, 1).size;
  const size_t offset = exec.frameLocalsBase() + inst.aux;
  uint8_t* base = exec.laneStackBase() + offset;
  uint8_t* written = exec.laneStackWritten() + offset;
  const size_t stride = exec.laneStackStride();
  forActive(exec, [&](uint32_t lane) {
    exec.traceWrite(ObjectKind::LaneStack, 0, lane, offset, base + lane * stride, Size ? Size : size);
    std::memcpy(base + lane * stride, value.at(lane), Size ? Size : size);
    std::memset(written + lane * stride, 1, Size ? Size : size);
  });
}

// The Function-storage variable `id` of this function when it is kept in register form.
const Function::Local* localInRegisterForm(BindContext& c, uint32_t id) {
  for (const Function::Local& local : c.function.locals)
    if (local.id == id) return c.module.layout(c.module.layoutOf(local.type)).identity ? &local : nullptr;
  return nullptr;
}

int64_t readIndex(const uint8_t* at, uint32_t size, bool isSigned) {
  switch (size) {
    case 1: return isSigned ? int64_t(load<int8_t>(at)) : int64_t(load<uint8_t>(at));
    case 2: return isSigned ? int64_t(load<int16_t>(at)) : int64_t(load<uint16_t>(at));
    case 4: return isSigned ? int64_t(load<int32_t>(at)) : int64_t(load<uint32_t>(at));
    default: {
      const uint64_t v = load<uint64_t>(at);
      // An unsigned 64-bit index past INT64_MAX is out of every range anyway.
      return isSigned || v <= uint64_t(INT64_MAX) ? int64_t(v) : INT64_MAX;
    }
  }
}

// aux: bit i set when index operand i is signed.
void accessChainHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  RunContext& run = exec.runContext();
  const Ref base = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t indexCount = inst.operandCount - 1;
  forActive(exec, [&](uint32_t lane) {
    Pointer p = load<Pointer>(base.at(lane));
    bool outOfBounds = objectKind(p.object) == ObjectKind::OutOfBounds;
    for (uint32_t k = 0; k < indexCount; ++k) {
      const LayoutNode& node = m.layout(p.layout);
      const Type& t = m.type(node.type);
      const int64_t index = readIndex(exec.operand(inst, 1 + k).at(lane), exec.rawOperand(inst, 1 + k).size, (inst.aux >> k) & 1);
      auto outOfRange = [&](uint64_t count) {
        if (!outOfBounds)
          exec.warning(inst, lane, "index " + std::to_string(index) + " is out of bounds of an array of " + std::to_string(count) +
                                       " (the access reads zero / is dropped)", kIndexOutOfRange);
        outOfBounds = true;
      };
      if (objectKind(p.object) == ObjectKind::Descriptor && k == 0 && (t.kind == TypeKind::Array || t.kind == TypeKind::RuntimeArray) &&
          objectIndex(p.object) < m.globals.size() && m.globals[objectIndex(p.object)].descriptorArray) {
        // Selecting an element of a descriptor array: a buffer becomes its own object.
        const uint32_t global = objectIndex(p.object);
        const GlobalVariable& v = m.globals[global];
        if (index < 0 || (v.descriptorCount && uint64_t(index) >= v.descriptorCount)) {
          outOfRange(v.descriptorCount);
          p.layout = v.layout;
          continue;
        }
        const bool buffer = v.storageClass == spv::StorageClassStorageBuffer || v.storageClass == spv::StorageClassUniform;
        if (buffer) {
          const uint32_t slot = run.bufferElementSlot(global, uint32_t(index));
          if (slot == ~0u) {
            if (!outOfBounds)
              exec.warning(inst, lane, "descriptor " + std::to_string(index) + " of '" + v.name + "' is not bound (the access reads zero / is dropped)", kIndexOutOfRange + 1);
            outOfBounds = true;
            p.layout = v.layout;
            continue;
          }
          p = Pointer{makeObject(ObjectKind::Buffer, slot), v.layout, 0};
        } else {
          p = Pointer{p.object, v.layout, uint64_t(index)};
        }
        continue;
      }
      switch (t.kind) {
        case TypeKind::Struct: {
          if (index < 0 || uint64_t(index) >= node.children.size()) {
            exec.error(inst, lane, "struct member index out of range");
            return;
          }
          p.offset += node.offsets[size_t(index)];
          p.layout = node.children[size_t(index)];
          break;
        }
        case TypeKind::Array:
        case TypeKind::RuntimeArray:
        case TypeKind::Vector: {
          if (index < 0 || (t.kind != TypeKind::RuntimeArray && uint64_t(index) >= t.count)) outOfRange(t.count);
          else p.offset += uint64_t(index) * node.stride;
          p.layout = node.children[0];
          break;
        }
        case TypeKind::Matrix: {
          if (index < 0 || uint64_t(index) >= t.count) {
            outOfRange(t.count);
          } else {
            const uint32_t componentSize = m.type(m.type(t.element).element).size;
            p.offset += uint64_t(index) * (node.rowMajor ? componentSize : node.stride);
          }
          p.layout = node.children[0];
          break;
        }
        default:
          exec.error(inst, lane, "access chain indexes into a non-composite");
          return;
      }
    }
    if (outOfBounds) p.object = makeObject(ObjectKind::OutOfBounds, 0);
    std::memcpy(r.at(lane), &p, sizeof p);
  });
}

// An access chain whose base layout is known at decode time: the static part of the offset is
// folded, each dynamic index is one multiply-add with its bound check. Plan in Function::extra
// at aux: result layout, static offset, dynamic step count, then per step: operand index,
// stride, bound (0: runtime array, checked by the access), signed.
void staticAccessChain(SubgroupExec& exec, const Inst& inst) {
  const uint32_t* plan = exec.function().extra.data() + inst.aux;
  const uint32_t layout = plan[0], staticOffset = plan[1], steps = plan[2];
  const Ref base = exec.operand(inst, 0), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) {
    Pointer p = load<Pointer>(base.at(lane));
    p.layout = layout;
    p.offset += staticOffset;
    bool outOfBounds = objectKind(p.object) == ObjectKind::OutOfBounds;
    for (uint32_t k = 0; k < steps && !outOfBounds; ++k) {
      const uint32_t* step = plan + 3 + k * 4;
      const int64_t index = readIndex(exec.operand(inst, step[0]).at(lane), exec.rawOperand(inst, step[0]).size, step[3] != 0);
      if (index < 0 || (step[2] && uint64_t(index) >= step[2])) {
        exec.warning(inst, lane, "index " + std::to_string(index) + " is out of bounds of an array of " + std::to_string(step[2]) +
                                     " (the access reads zero / is dropped)", kIndexOutOfRange);
        outOfBounds = true;
        break;
      }
      p.offset += uint64_t(index) * step[1];
    }
    if (outOfBounds) p.object = makeObject(ObjectKind::OutOfBounds, 0);
    std::memcpy(r.at(lane), &p, sizeof p);
  });
}

// The plan for a static access chain, or false when the chain needs the general walk (a
// descriptor array, an unknown base layout, a constant index out of range).
bool planAccessChain(BindContext& c) {
  const Module& m = c.module;
  Function& f = c.function;
  uint32_t node = 0;
  const Operand& base = c.operand(0);
  if (base.isConstant()) {
    Pointer p;
    std::memcpy(&p, m.constants.data() + base.value, sizeof p);
    if (objectKind(p.object) == ObjectKind::Descriptor) return false;
    node = p.layout;
  } else if (auto it = f.staticPointerLayout.find(c.operandId(0)); it != f.staticPointerLayout.end()) {
    node = it->second;
  } else {
    return false;
  }
  std::vector<uint32_t> plan{0, 0, 0};
  uint64_t staticOffset = 0;
  for (uint32_t i = 1; i < c.inst.operandCount; ++i) {
    const LayoutNode& n = m.layout(node);
    const Type& t = m.type(n.type);
    const Operand& o = c.operand(i);
    const Type& indexType = m.type(c.operandType(i));
    if (o.isLiteral() || indexType.kind != TypeKind::Int) return false;
    uint64_t constant = 0;
    if (o.isConstant()) std::memcpy(&constant, m.constants.data() + o.value, std::min<uint32_t>(indexType.size, 8));
    const bool negative = o.isConstant() && indexType.isSigned && indexType.size < 8 && (constant >> (indexType.size * 8 - 1)) & 1;
    if (t.kind == TypeKind::Struct) {
      if (!o.isConstant() || negative || constant >= n.children.size()) return false;
      staticOffset += n.offsets[constant];
      node = n.children[constant];
      continue;
    }
    uint64_t stride = n.stride;
    uint32_t bound = t.kind == TypeKind::RuntimeArray ? 0 : t.count;
    if (t.kind == TypeKind::Matrix && n.rowMajor) stride = m.type(m.type(t.element).element).size;
    else if (t.kind != TypeKind::Array && t.kind != TypeKind::RuntimeArray && t.kind != TypeKind::Vector && t.kind != TypeKind::Matrix)
      return false;
    if (o.isConstant()) {
      if (negative || (bound && constant >= bound)) return false;  // the general walk warns at run time
      staticOffset += constant * stride;
    } else {
      if (stride > UINT32_MAX) return false;
      plan.insert(plan.end(), {i, uint32_t(stride), bound, uint32_t(indexType.isSigned)});
    }
    node = n.children[0];
  }
  if (staticOffset > UINT32_MAX) return false;
  plan[0] = node;
  plan[1] = uint32_t(staticOffset);
  plan[2] = uint32_t((plan.size() - 3) / 4);
  c.inst.aux = uint32_t(f.extra.size());
  f.extra.insert(f.extra.end(), plan.begin(), plan.end());
  f.staticPointerLayout[c.inst.resultId] = node;
  c.inst.handler = staticAccessChain;
  return true;
}

// aux: member index of the runtime array.
void arrayLengthHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const Ref pointer = exec.operand(inst, 0), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) {
    const Pointer p = load<Pointer>(pointer.at(lane));
    const LayoutNode& node = m.layout(p.layout);
    uint32_t length = 0;
    if (inst.aux < node.children.size()) {
      const LayoutNode& array = m.layout(node.children[inst.aux]);
      const uint64_t available = exec.objectSizeFrom(p, lane);
      const uint64_t offset = node.offsets[inst.aux];
      if (array.stride && available > offset) length = uint32_t(std::min<uint64_t>((available - offset) / array.stride, UINT32_MAX));
    }
    store<uint32_t>(r.at(lane), length);
  });
}

}  // namespace

bool bindMemory(BindContext& c) {
  Inst& inst = c.inst;
  switch (spv::Op(inst.opcode)) {
    case spv::OpVariable:
      inst.handler = variableHandler;
      c.function.staticPointerLayout[inst.resultId] = inst.aux2;
      return true;
    case spv::OpLoad:
      if (const Function::Local* local = localInRegisterForm(c, c.operandId(0))) {
        inst.aux = local->offset;
        const uint32_t size = c.module.type(inst.typeId).size;
        inst.handler = size == 4 ? loadLocal<4> : size == 8 ? loadLocal<8> : size == 12 ? loadLocal<12> : size == 16 ? loadLocal<16> : loadLocal<0>;
        return true;
      }
      inst.handler = loadHandler;
      return true;
    case spv::OpStore:
      if (const Function::Local* local = localInRegisterForm(c, c.operandId(0))) {
        inst.aux = local->offset;
        const uint32_t size = c.operand(1).size;
        inst.handler = size == 4 ? storeLocal<4> : size == 8 ? storeLocal<8> : size == 12 ? storeLocal<12> : size == 16 ? storeLocal<16> : storeLocal<0>;
        return true;
      }
      inst.handler = storeHandler;
      return true;
    case spv::OpCopyMemory:
      inst.handler = copyMemoryHandler;
      return true;
    case spv::OpAccessChain:
    case spv::OpInBoundsAccessChain: {
      if (inst.operandCount > 33) {
        c.error = "access chain with more than 32 indices";
        return false;
      }
      if (planAccessChain(c)) return true;
      inst.aux = 0;
      for (uint32_t i = 1; i < inst.operandCount; ++i)
        if (c.module.type(c.operandType(i)).isSigned) inst.aux |= 1u << (i - 1);
      inst.handler = accessChainHandler;
      return true;
    }
    case spv::OpArrayLength:
      inst.aux = c.operand(1).value;
      inst.handler = arrayLengthHandler;
      return true;
    default:
      return false;
  }
}

}  // namespace sl::interp
