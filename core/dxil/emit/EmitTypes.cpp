// Diagnostics, LLVM types and constants for IR types, and the buffer layouts (Emitter.h).
#include "core/dxil/emit/Emitter.h"

namespace sl::dxil::emit {

// ------------------------------------------------------------------ diagnostics

SourceLoc Emitter::sourceLoc(DebugLoc loc) const {
  SourceLoc s;
  if (loc.valid() && loc.file < ir_.debugFiles.size()) {
    s.file = ir_.debugFiles[loc.file].path;
    s.line = loc.line;
    s.column = loc.column;
  }
  return s;
}

void Emitter::error(DebugLoc loc, std::string message) {
  diags_.push_back(Diagnostic::error(sourceLoc(loc), "DXIL: " + std::move(message)));
}

// ------------------------------------------------------------------ types

bool Emitter::isSignedInt(Type t) const {
  if (!t.valid()) return false;
  const TypeDef& d = cx_.def(t);
  if (d.kind == TypeKind::Vector) return isSignedInt(d.element);
  return d.kind == TypeKind::Int && d.isSigned;
}

llvm::Type* Emitter::resourceType(const TypeDef& d) {
  auto i32 = [](bool v) { return unsigned(v ? 1 : 0); };
  llvm::Type* element = d.element.valid() ? type(d.element) : nullptr;
  bool isSigned = d.element.valid() && isSignedInt(d.element);
  auto texture = [&](bool rw, ResourceKind kind) -> llvm::Type* {
    llvm::Type* e = element ? element : llvm::FixedVectorType::get(b_.getFloatTy(), 4);
    return llvm::TargetExtType::get(ctx_, "dx.Texture", {e},
                                    {i32(rw), 0u, i32(isSigned), unsigned(kind)});
  };
  using RK = ir::ResourceKind;
  switch (d.resource) {
    case RK::Buffer:
    case RK::RWBuffer: {
      llvm::Type* e = element ? element : llvm::FixedVectorType::get(b_.getFloatTy(), 4);
      return llvm::TargetExtType::get(ctx_, "dx.TypedBuffer", {e},
                                      {i32(d.resource == RK::RWBuffer), 0u, i32(isSigned)});
    }
    case RK::StructuredBuffer:
    case RK::RWStructuredBuffer:
    case RK::AppendStructuredBuffer:
    case RK::ConsumeStructuredBuffer:
      if (!element) return nullptr;
      return llvm::TargetExtType::get(ctx_, "dx.RawBuffer", {element},
                                      {i32(d.resource != RK::StructuredBuffer), 0u});
    case RK::ByteAddressBuffer:
    case RK::RWByteAddressBuffer:
      return llvm::TargetExtType::get(ctx_, "dx.RawBuffer", {b_.getInt8Ty()},
                                      {i32(d.resource == RK::RWByteAddressBuffer), 0u});
    case RK::Texture1D: return texture(false, dxil::ResourceKind::Texture1D);
    case RK::Texture1DArray: return texture(false, dxil::ResourceKind::Texture1DArray);
    case RK::Texture2D: return texture(false, dxil::ResourceKind::Texture2D);
    case RK::Texture2DArray: return texture(false, dxil::ResourceKind::Texture2DArray);
    case RK::Texture2DMS: return texture(false, dxil::ResourceKind::Texture2DMS);
    case RK::Texture2DMSArray: return texture(false, dxil::ResourceKind::Texture2DMSArray);
    case RK::Texture3D: return texture(false, dxil::ResourceKind::Texture3D);
    case RK::TextureCube: return texture(false, dxil::ResourceKind::TextureCube);
    case RK::TextureCubeArray: return texture(false, dxil::ResourceKind::TextureCubeArray);
    case RK::RWTexture1D: return texture(true, dxil::ResourceKind::Texture1D);
    case RK::RWTexture1DArray: return texture(true, dxil::ResourceKind::Texture1DArray);
    case RK::RWTexture2D: return texture(true, dxil::ResourceKind::Texture2D);
    case RK::RWTexture2DArray: return texture(true, dxil::ResourceKind::Texture2DArray);
    case RK::RWTexture3D: return texture(true, dxil::ResourceKind::Texture3D);
    case RK::ConstantBuffer:
      if (!element) return nullptr;
      return llvm::TargetExtType::get(ctx_, "dx.CBuffer", {element}, {});
    case RK::TextureBuffer:
      if (!element) return nullptr;
      return llvm::TargetExtType::get(ctx_, "dx.TBuffer", {element}, {});
    case RK::SamplerState: return llvm::TargetExtType::get(ctx_, "dx.Sampler", {}, {0u});
    case RK::SamplerComparisonState: return llvm::TargetExtType::get(ctx_, "dx.Sampler", {}, {1u});
    case RK::RaytracingAccelerationStructure:
      return llvm::TargetExtType::get(ctx_, "dx.RTAccelerationStructure", {}, {});
    case RK::VkSampledTexture2D: return nullptr;  // Vulkan-only combined image-sampler
  }
  return nullptr;
}

llvm::Type* Emitter::type(Type t) {
  if (!t.valid()) return nullptr;
  auto it = types_.find(t.index);
  if (it != types_.end()) return it->second;
  const TypeDef& d = cx_.def(t);
  llvm::Type* result = nullptr;
  switch (d.kind) {
    case TypeKind::Void: result = b_.getVoidTy(); break;
    case TypeKind::Bool: result = b_.getInt1Ty(); break;
    case TypeKind::Int: result = b_.getIntNTy(d.width); break;
    case TypeKind::Float:
      result = d.width == 16 ? b_.getHalfTy() : d.width == 64 ? b_.getDoubleTy() : b_.getFloatTy();
      break;
    case TypeKind::Vector:
      if (llvm::Type* e = type(d.element)) result = llvm::FixedVectorType::get(e, d.count);
      break;
    case TypeKind::Matrix:
    case TypeKind::Array:
      if (llvm::Type* e = type(d.element)) {
        uint32_t n = d.count;
        if (d.kind == TypeKind::Array && d.lengthConst.valid())
          n = uint32_t(cx_.def(d.lengthConst).bits);
        result = llvm::ArrayType::get(e, n);
      }
      break;
    case TypeKind::RuntimeArray:
      if (llvm::Type* e = type(d.element)) result = llvm::ArrayType::get(e, 0);
      break;
    case TypeKind::Struct: {
      std::vector<llvm::Type*> members;
      for (const StructMember& mem : d.members) {
        llvm::Type* mt = type(mem.type);
        if (!mt) return nullptr;
        members.push_back(mt);
      }
      if (d.name.empty()) {
        result = llvm::StructType::get(ctx_, members);
      } else {
        result = llvm::StructType::create(ctx_, members, "struct." + d.name);
      }
      break;
    }
    case TypeKind::Pointer:
    case TypeKind::QPtr: result = b_.getPtrTy(); break;
    case TypeKind::HlslResource: result = resourceType(d); break;
    default: break;
  }
  if (result) types_[t.index] = result;
  return result;
}

llvm::Constant* Emitter::constant(Const c) {
  auto it = consts_.find(c.index);
  if (it != consts_.end()) return it->second;
  const ConstDef& d = cx_.def(c);
  llvm::Type* t = type(d.type);
  if (!t) return nullptr;
  llvm::Constant* result = nullptr;
  switch (d.kind) {
    case ConstKind::Scalar:
    case ConstKind::SpecScalar:
      if (t->isIntegerTy()) {
        result = llvm::ConstantInt::get(t, d.bits);
      } else if (t->isHalfTy()) {
        result = llvm::ConstantFP::get(ctx_, llvm::APFloat(llvm::APFloat::IEEEhalf(),
                                                           llvm::APInt(16, d.bits)));
      } else if (t->isFloatTy()) {
        result = llvm::ConstantFP::get(ctx_, llvm::APFloat(llvm::APFloat::IEEEsingle(),
                                                           llvm::APInt(32, d.bits)));
      } else if (t->isDoubleTy()) {
        result = llvm::ConstantFP::get(ctx_, llvm::APFloat(llvm::APFloat::IEEEdouble(),
                                                           llvm::APInt(64, d.bits)));
      }
      break;
    case ConstKind::Composite: {
      std::vector<llvm::Constant*> parts;
      for (Const e : d.elements) {
        llvm::Constant* p = constant(e);
        if (!p) return nullptr;
        parts.push_back(p);
      }
      if (auto* st = llvm::dyn_cast<llvm::StructType>(t)) result = llvm::ConstantStruct::get(st, parts);
      else if (auto* at = llvm::dyn_cast<llvm::ArrayType>(t)) result = llvm::ConstantArray::get(at, parts);
      else if (t->isVectorTy()) result = llvm::ConstantVector::get(parts);
      break;
    }
    case ConstKind::Null: result = llvm::Constant::getNullValue(t); break;
    case ConstKind::Undef: result = llvm::UndefValue::get(t); break;
  }
  if (result) consts_[c.index] = result;
  return result;
}

// Buffer layout as the IR states it (Offset / ArrayStride decorations); otherwise structured
// buffers pack members back to back and constant buffers use HLSL's legacy packing: a member
// never straddles a 16-byte row, aggregates start a new row, array elements are 16-byte aligned.
static uint32_t roundUp16(uint32_t v) { return (v + 15u) & ~15u; }

uint32_t Emitter::layoutSize(Type t, bool cb) {
  const TypeDef& d = cx_.def(t);
  switch (d.kind) {
    case TypeKind::Bool: return 4;
    case TypeKind::Int:
    case TypeKind::Float: return d.width / 8;
    case TypeKind::Vector: return d.count * layoutSize(d.element, cb);
    case TypeKind::Matrix:
    case TypeKind::Array: {
      uint32_t n = d.count;
      if (d.kind == TypeKind::Array && d.lengthConst.valid()) n = uint32_t(cx_.def(d.lengthConst).bits);
      if (n == 0) return 0;
      // The last element of a cbuffer array is not padded to a full row.
      return (n - 1) * elementStride(t, cb) + layoutSize(d.element, cb);
    }
    case TypeKind::Struct: {
      uint32_t end = 0;
      for (uint32_t i = 0; i < d.members.size(); ++i)
        end = std::max(end, memberOffset(t, i, cb) + layoutSize(d.members[i].type, cb));
      return end;
    }
    default: return 0;
  }
}

uint32_t Emitter::memberOffset(Type structType, uint32_t member, bool cb) {
  const TypeDef& d = cx_.def(structType);
  if (member >= d.members.size()) return 0;
  for (const Decoration& dec : d.members[member].decorations)
    if (dec.kind == spv::DecorationOffset && !dec.operands.empty()) return dec.operands[0];
  if (member == 0) return 0;
  uint32_t end = memberOffset(structType, member - 1, cb) + layoutSize(d.members[member - 1].type, cb);
  if (!cb) return end;
  Type mt = d.members[member].type;
  TypeKind k = cx_.def(mt).kind;
  if (k == TypeKind::Struct || k == TypeKind::Array || k == TypeKind::Matrix) return roundUp16(end);
  uint32_t size = layoutSize(mt, cb);
  return (end % 16) + size > 16 ? roundUp16(end) : end;
}

uint32_t Emitter::elementStride(Type arrayType, bool cb) {
  const TypeDef& d = cx_.def(arrayType);
  if (d.arrayStride) return d.arrayStride;
  uint32_t size = d.element.valid() ? layoutSize(d.element, cb) : 0;
  return cb ? roundUp16(size) : size;
}

}  // namespace sl::dxil::emit
