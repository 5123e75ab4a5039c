#include "renderer/offload/SpirvReflect.h"

#include <algorithm>
#include <cstring>
#include <map>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace sl::offload {

const char* descriptorTypeName(DescriptorType type) {
  switch (type) {
    case DescriptorType::StorageBuffer: return "storage buffer";
    case DescriptorType::UniformBuffer: return "uniform buffer";
    case DescriptorType::UniformTexelBuffer: return "uniform texel buffer";
    case DescriptorType::StorageTexelBuffer: return "storage texel buffer";
    case DescriptorType::SampledImage: return "sampled image";
    case DescriptorType::StorageImage: return "storage image";
    case DescriptorType::Sampler: return "sampler";
    case DescriptorType::CombinedImageSampler: return "combined image sampler";
    case DescriptorType::AccelerationStructure: return "acceleration structure";
  }
  return "?";
}

const ReflectedEntryPoint* ReflectedModule::findEntryPoint(const std::string& name) const {
  for (const ReflectedEntryPoint& e : entryPoints)
    if (e.name == name) return &e;
  return nullptr;
}

const ReflectedBinding* ReflectedModule::findBinding(uint32_t set, uint32_t binding) const {
  for (const ReflectedBinding& b : bindings)
    if (b.set == set && b.binding == binding) return &b;
  return nullptr;
}

bool ReflectedModule::usedBy(const ReflectedEntryPoint& entry, const ReflectedBinding& binding) const {
  if (!binding.used) return false;
  if (version < 0x00010400 || binding.variableId == 0) return true;
  return std::find(entry.interfaceIds.begin(), entry.interfaceIds.end(), binding.variableId) != entry.interfaceIds.end();
}

namespace {

// SPIR-V opcodes, decorations and enumerants used here (SPIR-V specification, section 3).
enum Op : uint16_t {
  OpName = 5, OpEntryPoint = 15, OpExecutionMode = 16, OpTypeBool = 20, OpTypeInt = 21, OpTypeFloat = 22,
  OpTypeVector = 23, OpTypeMatrix = 24, OpTypeImage = 25, OpTypeSampler = 26, OpTypeSampledImage = 27,
  OpTypeArray = 28, OpTypeRuntimeArray = 29, OpTypeStruct = 30, OpTypePointer = 32, OpConstant = 43,
  OpSpecConstant = 50, OpVariable = 59, OpDecorate = 71, OpMemberDecorate = 72, OpExecutionModeId = 331,
  OpTypeAccelerationStructureKHR = 5341,
};
enum Decoration : uint32_t {
  DecSpecId = 1, DecBlock = 2, DecBufferBlock = 3, DecRowMajor = 4, DecColMajor = 5, DecArrayStride = 6, DecMatrixStride = 7, DecNonWritable = 24,
  DecBinding = 33, DecDescriptorSet = 34, DecOffset = 35,
};
enum StorageClass : uint32_t { UniformConstant = 0, Uniform = 2, PushConstant = 9, StorageBuffer = 12 };
enum ExecutionMode : uint32_t { LocalSize = 17, LocalSizeId = 38 };
enum Dim : uint32_t { Dim2D = 1, DimBuffer = 5 };

struct Type {
  uint16_t op = 0;
  std::vector<uint32_t> operands;  // words after the result id
};

struct Member {
  std::optional<uint32_t> offset;
  std::optional<uint32_t> matrixStride;
  bool nonWritable = false;
  bool rowMajor = false;
};

struct Decorations {
  std::optional<uint32_t> set, binding, arrayStride, specId;
  bool block = false, bufferBlock = false, nonWritable = false;
  std::map<uint32_t, Member> members;
};

class Reader {
 public:
  explicit Reader(std::vector<uint32_t> words) : words_(std::move(words)) {}

  ReflectedModule run() {
    ReflectedModule out;
    if (words_.size() < 5) return fail("not a SPIR-V module: shorter than its header");
    if (words_[0] != 0x07230203u) return fail("not a SPIR-V module: bad magic number");
    size_t at = 5;
    while (at < words_.size()) {
      uint32_t first = words_[at];
      uint16_t op = static_cast<uint16_t>(first & 0xFFFF);
      uint32_t count = first >> 16;
      if (count == 0 || at + count > words_.size())
        return fail("malformed SPIR-V: instruction at word " + std::to_string(at) + " runs past the end");
      instruction(op, std::span<const uint32_t>(words_.data() + at + 1, count - 1));
      if (op == kOpFunction) inFunctions_ = true;
      // Any operand word of a body instruction that equals a variable's id counts as a use (a
      // literal that happens to collide only makes the runner stricter, as before).
      if (inFunctions_)
        for (uint32_t i = 1; i < count; ++i) referenced_.insert(words_[at + i]);
      at += count;
    }
    if (!error_.empty()) return fail(error_);
    return finish();
  }

 private:
  ReflectedModule fail(std::string message) {
    ReflectedModule m;
    m.error = std::move(message);
    return m;
  }

  static std::string literalString(std::span<const uint32_t> w, size_t& consumed) {
    std::string s;
    for (size_t i = 0; i < w.size(); ++i) {
      for (int b = 0; b < 4; ++b) {
        char c = static_cast<char>((w[i] >> (8 * b)) & 0xFF);
        if (c == 0) {
          consumed = i + 1;
          return s;
        }
        s.push_back(c);
      }
    }
    consumed = w.size();
    return s;
  }

  void instruction(uint16_t op, std::span<const uint32_t> w) {
    auto need = [&](size_t n) {
      if (w.size() >= n) return true;
      if (error_.empty()) error_ = "malformed SPIR-V: instruction " + std::to_string(op) + " has too few operands";
      return false;
    };
    switch (op) {
      case OpName:
        if (need(1)) {
          size_t used = 0;
          names_[w[0]] = literalString(w.subspan(1), used);
        }
        break;
      case OpEntryPoint:
        if (need(3)) {
          size_t used = 0;
          ReflectedEntryPoint e;
          e.executionModel = w[0];
          e.name = literalString(w.subspan(2), used);
          e.interfaceIds.assign(w.begin() + 2 + long(std::min(used, w.size() - 2)), w.end());
          entryFunctions_.push_back(w[1]);
          entries_.push_back(e);
        }
        break;
      case OpExecutionMode:
      case OpExecutionModeId:
        if (need(2) && (w[1] == LocalSize || w[1] == LocalSizeId) && need(5))
          localSizes_[w[0]] = {w[1] == LocalSizeId, {w[2], w[3], w[4]}};
        break;
      case OpDecorate:
        if (need(2)) {
          Decorations& d = decorations_[w[0]];
          switch (w[1]) {
            case DecDescriptorSet: if (need(3)) d.set = w[2]; break;
            case DecBinding: if (need(3)) d.binding = w[2]; break;
            case DecBlock: d.block = true; break;
            case DecBufferBlock: d.bufferBlock = true; break;
            case DecNonWritable: d.nonWritable = true; break;
            case DecArrayStride: if (need(3)) d.arrayStride = w[2]; break;
            case DecSpecId: if (need(3)) d.specId = w[2]; break;
            default: break;
          }
        }
        break;
      case OpMemberDecorate:
        if (need(3)) {
          Member& m = decorations_[w[0]].members[w[1]];
          if (w[2] == DecOffset && need(4)) m.offset = w[3];
          if (w[2] == DecMatrixStride && need(4)) m.matrixStride = w[3];
          if (w[2] == DecNonWritable) m.nonWritable = true;
          if (w[2] == DecRowMajor) m.rowMajor = true;
        }
        break;
      case OpTypeBool: case OpTypeInt: case OpTypeFloat: case OpTypeVector: case OpTypeMatrix: case OpTypeImage:
      case OpTypeSampler: case OpTypeSampledImage: case OpTypeArray: case OpTypeRuntimeArray: case OpTypeStruct:
      case OpTypePointer: case OpTypeAccelerationStructureKHR:
        if (need(1)) types_[w[0]] = Type{op, std::vector<uint32_t>(w.begin() + 1, w.end())};
        break;
      case OpConstant:
      case OpSpecConstant:
        if (need(3)) constants_[w[1]] = w[2];  // low word is enough for sizes and counts
        break;
      case OpVariable:
        if (need(3)) variables_.push_back({w[1], w[0], w[2]});
        break;
      default:
        break;
    }
  }

  const Type* type(uint32_t id) const {
    auto it = types_.find(id);
    return it == types_.end() ? nullptr : &it->second;
  }

  // Byte size of a type inside an explicitly laid-out block; 0 if unknown. Memoized: a struct of
  // three members of the struct one level down is 3^depth walks otherwise.
  uint64_t sizeOf(uint32_t id, int depth, std::optional<uint32_t> matrixStride = {}) const {
    const uint64_t key = (uint64_t(id) << 32) | (matrixStride ? *matrixStride : 0xffffffffu);
    if (auto it = sizes_.find(key); it != sizes_.end()) return it->second;
    const uint64_t size = computeSize(id, depth, matrixStride);
    if (depth <= 32) sizes_.emplace(key, size);
    return size;
  }

  uint64_t computeSize(uint32_t id, int depth, std::optional<uint32_t> matrixStride) const {
    const Type* t = type(id);
    if (!t || depth > 32) return 0;
    switch (t->op) {
      case OpTypeBool: return 4;
      case OpTypeInt:
      case OpTypeFloat: return t->operands.empty() ? 0 : t->operands[0] / 8;
      case OpTypeVector: return t->operands.size() < 2 ? 0 : sizeOf(t->operands[0], depth + 1) * t->operands[1];
      case OpTypeMatrix: {
        if (t->operands.size() < 2) return 0;
        uint64_t column = matrixStride ? *matrixStride : sizeOf(t->operands[0], depth + 1);
        return column * t->operands[1];
      }
      case OpTypeArray: {
        if (t->operands.size() < 2) return 0;
        auto len = constants_.find(t->operands[1]);
        if (len == constants_.end()) return 0;
        auto dec = decorations_.find(id);
        uint64_t stride = dec != decorations_.end() && dec->second.arrayStride ? *dec->second.arrayStride
                                                                                : sizeOf(t->operands[0], depth + 1);
        return stride * len->second;
      }
      case OpTypeStruct: {
        uint64_t size = 0;
        auto dec = decorations_.find(id);
        uint64_t running = 0;
        for (size_t i = 0; i < t->operands.size(); ++i) {
          std::optional<uint32_t> offset, stride;
          if (dec != decorations_.end()) {
            auto m = dec->second.members.find(static_cast<uint32_t>(i));
            if (m != dec->second.members.end()) offset = m->second.offset, stride = m->second.matrixStride;
          }
          uint64_t start = offset ? *offset : running;
          running = start + sizeOf(t->operands[i], depth + 1, stride);
          size = std::max(size, running);
        }
        return size;
      }
      default: return 0;
    }
  }

  const Member* member(uint32_t structId, size_t index) const {
    auto dec = decorations_.find(structId);
    if (dec == decorations_.end()) return nullptr;
    auto m = dec->second.members.find(static_cast<uint32_t>(index));
    return m == dec->second.members.end() ? nullptr : &m->second;
  }

  uint32_t arrayStrideOf(uint32_t arrayId, uint32_t elementId, int depth) const {
    auto dec = decorations_.find(arrayId);
    if (dec != decorations_.end() && dec->second.arrayStride) return *dec->second.arrayStride;
    return static_cast<uint32_t>(sizeOf(elementId, depth + 1));
  }

  static bool push(std::vector<ReflectedScalar>& out, bool& truncated, ReflectedScalar s) {
    if (out.size() >= kMaxReflectedScalars) {
      truncated = true;
      return false;
    }
    out.push_back(s);
    return true;
  }

  // Every scalar of type `id` laid out at `base` (explicit layout decorations); false once the
  // list is full.
  bool scalarsOf(uint32_t id, uint64_t base, std::vector<ReflectedScalar>& out, bool& truncated, int depth,
                 std::optional<uint32_t> matrixStride = {}, bool rowMajor = false) const {
    const Type* t = type(id);
    if (!t || depth > 32 || base > UINT32_MAX) return true;
    const uint32_t at = static_cast<uint32_t>(base);
    switch (t->op) {
      case OpTypeBool: return push(out, truncated, {at, ScalarKind::Bool, 32});
      case OpTypeInt:
        if (t->operands.size() < 2) return true;
        return push(out, truncated, {at, t->operands[1] ? ScalarKind::SInt : ScalarKind::UInt, uint8_t(t->operands[0])});
      case OpTypeFloat:
        if (t->operands.empty()) return true;
        return push(out, truncated, {at, ScalarKind::Float, uint8_t(t->operands[0])});
      case OpTypeVector: {
        if (t->operands.size() < 2) return true;
        const uint64_t component = sizeOf(t->operands[0], depth + 1);
        for (uint32_t i = 0; i < t->operands[1]; ++i)
          if (!scalarsOf(t->operands[0], base + i * component, out, truncated, depth + 1)) return false;
        return true;
      }
      case OpTypeMatrix: {
        if (t->operands.size() < 2) return true;
        const Type* column = type(t->operands[0]);
        if (!column || column->op != OpTypeVector || column->operands.size() < 2) return true;
        const uint64_t component = sizeOf(column->operands[0], depth + 1);
        const uint64_t stride = matrixStride ? *matrixStride : sizeOf(t->operands[0], depth + 1);
        for (uint32_t c = 0; c < t->operands[1]; ++c)
          for (uint32_t r = 0; r < column->operands[1]; ++r) {
            const uint64_t offset = rowMajor ? r * stride + c * component : c * stride + r * component;
            if (!scalarsOf(column->operands[0], base + offset, out, truncated, depth + 1)) return false;
          }
        return true;
      }
      case OpTypeArray: {
        if (t->operands.size() < 2) return true;
        auto len = constants_.find(t->operands[1]);
        if (len == constants_.end()) return true;
        const uint64_t stride = arrayStrideOf(id, t->operands[0], depth);
        for (uint32_t i = 0; i < len->second; ++i)
          if (!scalarsOf(t->operands[0], base + i * stride, out, truncated, depth + 1, matrixStride, rowMajor)) return false;
        return true;
      }
      case OpTypeStruct: {
        uint64_t running = 0;
        for (size_t i = 0; i < t->operands.size(); ++i) {
          const Member* m = member(id, i);
          const uint64_t start = m && m->offset ? *m->offset : running;
          if (!scalarsOf(t->operands[i], base + start, out, truncated, depth + 1, m ? m->matrixStride : std::nullopt,
                         m && m->rowMajor))
            return false;
          running = start + sizeOf(t->operands[i], depth + 1, m ? m->matrixStride : std::nullopt);
        }
        return true;
      }
      default: return true;
    }
  }

  // The layout of a Block struct: its fixed part and its trailing runtime array, if any.
  ReflectedBlock blockOf(uint32_t structId) const {
    ReflectedBlock b;
    const Type* t = type(structId);
    if (!t || t->op != OpTypeStruct) return b;
    b.size = static_cast<uint32_t>(std::min<uint64_t>(sizeOf(structId, 0), UINT32_MAX));
    for (size_t i = 0; i < t->operands.size(); ++i) {
      const Member* m = member(structId, i);
      const Type* mt = type(t->operands[i]);
      if (mt && mt->op == OpTypeRuntimeArray && !mt->operands.empty()) {
        b.runtimeOffset = m && m->offset ? *m->offset : b.size;
        b.runtimeStride = arrayStrideOf(t->operands[i], mt->operands[0], 0);
        b.size = b.runtimeOffset;
        scalarsOf(mt->operands[0], 0, b.elementScalars, b.truncated, 1, m ? m->matrixStride : std::nullopt, m && m->rowMajor);
        continue;
      }
      scalarsOf(t->operands[i], m && m->offset ? *m->offset : 0, b.scalars, b.truncated, 1,
                m ? m->matrixStride : std::nullopt, m && m->rowMajor);
    }
    return b;
  }

  ReflectedImage imageOf(const Type& t) const {
    ReflectedImage im;
    const std::vector<uint32_t>& o = t.operands;
    if (o.size() > 1) im.dim = o[1];
    if (o.size() > 2) im.depth = o[2];
    if (o.size() > 3) im.arrayed = o[3] != 0;
    if (o.size() > 4) im.multisampled = o[4] != 0;
    if (o.size() > 5) im.sampled = o[5];
    if (o.size() > 6) im.format = o[6];
    if (const Type* st = o.empty() ? nullptr : type(o[0])) {
      if (st->op == OpTypeInt && st->operands.size() >= 2) {
        im.sampledKind = st->operands[1] ? ScalarKind::SInt : ScalarKind::UInt;
        im.sampledBits = uint8_t(st->operands[0]);
      } else if (st->op == OpTypeFloat && !st->operands.empty()) {
        im.sampledKind = ScalarKind::Float;
        im.sampledBits = uint8_t(st->operands[0]);
      }
    }
    return im;
  }

  ReflectedModule finish() {
    ReflectedModule out;
    out.version = words_[1];
    for (size_t i = 0; i < entries_.size(); ++i) {
      ReflectedEntryPoint e = entries_[i];
      auto ls = localSizes_.find(entryFunctions_[i]);
      if (ls != localSizes_.end()) {
        for (int k = 0; k < 3; ++k) {
          uint32_t v = ls->second.second[k];
          if (ls->second.first) {  // LocalSizeId: ids of constants
            auto c = constants_.find(v);
            v = c == constants_.end() ? 1 : c->second;
          }
          e.localSize[k] = v;
        }
      }
      out.entryPoints.push_back(e);
    }
    for (const auto& [id, d] : decorations_)
      if (d.specId) out.specializationIds.push_back(*d.specId);
    std::sort(out.specializationIds.begin(), out.specializationIds.end());

    for (const Variable& v : variables_) {
      const Type* ptr = type(v.typeId);
      if (!ptr || ptr->op != OpTypePointer || ptr->operands.size() < 2) continue;
      uint32_t pointee = ptr->operands[1];
      if (v.storageClass == PushConstant) {
        const uint32_t size = static_cast<uint32_t>(sizeOf(pointee, 0));
        if (size >= out.pushConstantSize) {
          out.pushConstantSize = size;
          out.pushConstants = blockOf(pointee);
        }
        continue;
      }
      if (v.storageClass != UniformConstant && v.storageClass != Uniform && v.storageClass != StorageBuffer) continue;
      auto dec = decorations_.find(v.id);
      if (dec == decorations_.end() || !dec->second.binding) continue;
      ReflectedBinding b;
      b.set = dec->second.set.value_or(0);
      b.binding = *dec->second.binding;
      auto name = names_.find(v.id);
      if (name != names_.end()) b.name = name->second;
      // Strip one level of arrays: that is the descriptor count.
      const Type* t = type(pointee);
      if (t && (t->op == OpTypeArray || t->op == OpTypeRuntimeArray) && !t->operands.empty()) {
        if (t->op == OpTypeArray) {
          auto len = t->operands.size() > 1 ? constants_.find(t->operands[1]) : constants_.end();
          b.arrayCount = len == constants_.end() ? 1 : len->second;
        } else {
          b.arrayCount = 0;
        }
        pointee = t->operands[0];
        t = type(pointee);
      }
      if (!t) {
        error_ = "variable %" + std::to_string(v.id) + " has an unknown type";
        continue;
      }
      if (auto tn = names_.find(pointee); tn != names_.end()) b.typeName = tn->second;
      switch (t->op) {
        case OpTypeStruct: {
          auto sd = decorations_.find(pointee);
          bool bufferBlock = sd != decorations_.end() && sd->second.bufferBlock;
          if (v.storageClass == StorageBuffer || bufferBlock) {
            b.type = DescriptorType::StorageBuffer;
            bool allReadOnly = dec->second.nonWritable;
            if (!allReadOnly && sd != decorations_.end() && !t->operands.empty()) {
              allReadOnly = true;
              for (size_t i = 0; i < t->operands.size(); ++i) {
                auto m = sd->second.members.find(static_cast<uint32_t>(i));
                if (m == sd->second.members.end() || !m->second.nonWritable) allReadOnly = false;
              }
            }
            b.readOnly = allReadOnly;
          } else {
            b.type = DescriptorType::UniformBuffer;
          }
          b.block = blockOf(pointee);
          break;
        }
        case OpTypeImage: {
          // operands: sampled type, Dim, Depth, Arrayed, MS, Sampled (1 = with sampler, 2 = storage), format
          uint32_t dim = t->operands.size() > 1 ? t->operands[1] : 0;
          uint32_t sampled = t->operands.size() > 5 ? t->operands[5] : 0;
          if (dim == DimBuffer) b.type = sampled == 2 ? DescriptorType::StorageTexelBuffer : DescriptorType::UniformTexelBuffer;
          else b.type = sampled == 2 ? DescriptorType::StorageImage : DescriptorType::SampledImage;
          b.image = imageOf(*t);
          break;
        }
        case OpTypeSampler: b.type = DescriptorType::Sampler; break;
        case OpTypeSampledImage:
          b.type = DescriptorType::CombinedImageSampler;
          if (const Type* it = t->operands.empty() ? nullptr : type(t->operands[0]); it && it->op == OpTypeImage)
            b.image = imageOf(*it);
          break;
        case OpTypeAccelerationStructureKHR: b.type = DescriptorType::AccelerationStructure; break;
        default:
          error_ = "variable '" + b.name + "' at set " + std::to_string(b.set) + " binding " + std::to_string(b.binding) +
                   " has a type that is not a descriptor";
          continue;
      }
      b.used = referenced_.count(v.id) > 0;
      b.variableId = v.id;
      out.bindings.push_back(std::move(b));
    }
    if (!error_.empty()) return fail(error_);
    std::sort(out.bindings.begin(), out.bindings.end(), [](const ReflectedBinding& a, const ReflectedBinding& b) {
      return a.set != b.set ? a.set < b.set : a.binding < b.binding;
    });
    return out;
  }

  struct Variable {
    uint32_t id, typeId, storageClass;
  };

  static constexpr uint16_t kOpFunction = 54;
  bool inFunctions_ = false;
  std::unordered_set<uint32_t> referenced_;
  std::vector<uint32_t> words_;
  std::string error_;
  std::unordered_map<uint32_t, std::string> names_;
  std::vector<ReflectedEntryPoint> entries_;
  std::vector<uint32_t> entryFunctions_;
  std::unordered_map<uint32_t, std::pair<bool, std::array<uint32_t, 3>>> localSizes_;
  std::map<uint32_t, Decorations> decorations_;
  std::unordered_map<uint32_t, Type> types_;
  mutable std::unordered_map<uint64_t, uint64_t> sizes_;
  std::unordered_map<uint32_t, uint32_t> constants_;
  std::vector<Variable> variables_;
};

}  // namespace

ReflectedModule reflectSpirv(std::span<const uint8_t> bytes) {
  if (bytes.size() % 4 != 0) {
    ReflectedModule m;
    m.error = "not a SPIR-V module: size " + std::to_string(bytes.size()) + " is not a multiple of 4";
    return m;
  }
  std::vector<uint32_t> words(bytes.size() / 4);
  std::memcpy(words.data(), bytes.data(), bytes.size());
  if (!words.empty() && words[0] == 0x03022307u)  // big-endian file: swap
    for (uint32_t& w : words) w = __builtin_bswap32(w);
  return Reader(std::move(words)).run();
}

}  // namespace sl::offload
