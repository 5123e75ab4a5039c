// HLSL types -> IR types (hlsl-spirv.md §3.3 for matrices): floatRxC is OpTypeMatrix of R row
// vectors of C components, so m[i] is a SPIR-V "column"; non-float matrices are arrays of R
// vectors; 1xN / Nx1 matrices are vectors and 1-vectors are scalars.
#include "core/irgen/Gen.h"

#include <spirv/unified1/spirv.hpp>

namespace sl::irgen {

uint32_t Gen::scalarWidth(fe::ScalarKind kind) const {
  using K = fe::ScalarKind;
  switch (kind) {
    case K::Bool: return 1;
    case K::Int64: case K::UInt64: case K::Double: return 64;
    case K::Int16: case K::UInt16: case K::Float16: return 16;
    case K::Half: case K::Min16Float: case K::Min16Int: case K::Min16UInt:
      return options_.enable16BitTypes ? 16 : 32;
    default: return 32;
  }
}

ir::Type Gen::scalarType(fe::ScalarKind kind) {
  using K = fe::ScalarKind;
  ir::Context& cx = *cx_;
  if (kind == K::Bool) return cx.boolType();
  const uint32_t width = scalarWidth(kind);
  if (fe::isFloatKind(kind)) return cx.floatType(kind == K::LiteralFloat ? 32 : width);
  if (kind == K::LiteralInt) return cx.s32();
  return cx.intType(width, !fe::isUnsignedKind(kind));
}

fe::ScalarKind Gen::scalarKindOf(const fe::Type* type) const {
  if (type->isEnum()) return fe::ScalarKind::Int;
  return type->scalar;
}
bool Gen::isFloat(const fe::Type* type) const { return type->isNumeric() && fe::isFloatKind(type->scalar); }
bool Gen::isSigned(const fe::Type* type) const {
  if (type->isEnum()) return true;
  return type->isNumeric() && fe::isIntKind(type->scalar) && !fe::isUnsignedKind(type->scalar);
}
bool Gen::isBool(const fe::Type* type) const { return type->isNumeric() && type->scalar == fe::ScalarKind::Bool; }
bool Gen::isIntMatrix(const fe::Type* type) const {
  return type->isMatrix() && type->rows > 1 && type->cols > 1 && !fe::isFloatKind(type->scalar);
}
const fe::Type* Gen::elementOf(const fe::Type* type) {
  return unit_.context->types.elementOf(type);
}

ir::Type Gen::lower(const fe::Type* type) {
  auto cached = typeCache_.find(type);
  if (cached != typeCache_.end()) return cached->second;
  ir::Context& cx = *cx_;
  ir::Type result;
  switch (type->kind) {
    case fe::TypeKind::Void: result = cx.voidType(); break;
    case fe::TypeKind::Scalar: result = scalarType(type->scalar); break;
    case fe::TypeKind::Enum: result = cx.s32(); break;
    case fe::TypeKind::Vector:
      result = type->cols == 1 ? scalarType(type->scalar) : cx.vectorType(scalarType(type->scalar), type->cols);
      break;
    case fe::TypeKind::Matrix: {
      ir::Type s = scalarType(type->scalar);
      if (type->rows == 1 && type->cols == 1) result = s;
      else if (type->rows == 1) result = cx.vectorType(s, type->cols);
      else if (type->cols == 1) result = cx.vectorType(s, type->rows);
      else if (fe::isFloatKind(type->scalar)) result = cx.matrixType(cx.vectorType(s, type->cols), type->rows);
      else result = cx.arrayType(cx.vectorType(s, type->cols), type->rows);
      break;
    }
    case fe::TypeKind::Array:
      result = type->arraySize ? cx.arrayType(lower(type->element), type->arraySize)
                               : cx.runtimeArrayType(lower(type->element));
      break;
    case fe::TypeKind::Struct: {
      std::vector<ir::StructMember> members;
      const fe::StructDecl* rec = type->record;
      if (rec->base) members.push_back({"", lower(unit_.context->types.structType(rec->base)), {}});
      for (const fe::VarDecl* f : rec->fields) {
        if (f->type->isResource()) continue;
        members.push_back({f->name, lower(f->type), {}});
      }
      if (members.empty()) members.push_back({"", cx.u32(), {}});  // empty structs are not valid SPIR-V
      result = cx.structType(rec->qualifiedName.empty() ? rec->name : rec->qualifiedName, std::move(members));
      break;
    }
    case fe::TypeKind::Resource: result = lowerResource(type); break;
    default: result = cx.u32(); break;  // strings and errors never reach code generation
  }
  typeCache_[type] = result;
  return result;
}

// The struct index of a field inside its record's IR struct (base classes are member 0).
uint32_t fieldIndex(const fe::StructDecl* rec, const fe::VarDecl* field) {
  uint32_t index = rec->base ? 1 : 0;
  for (const fe::VarDecl* f : rec->fields) {
    if (f == field) return index;
    if (!f->type->isResource()) ++index;
  }
  return index;
}

static bool containsMatrix(const fe::Type* t) {
  while (t->isArray()) t = t->element;
  return t->isMatrix() && t->rows > 1 && t->cols > 1;
}

ir::Type Gen::memoryStruct(const std::string& name, const std::vector<const fe::VarDecl*>& fields,
                           const std::vector<std::string>& packOffsets) {
  std::vector<ir::StructMember> members;
  for (size_t i = 0; i < fields.size(); ++i) {
    const fe::VarDecl* f = fields[i];
    ir::StructMember m{f->name, lowerMemory(f->type, f->layout), {}};
    if (containsMatrix(f->type)) {
      bool rowMajor = f->layout == fe::MatrixLayout::RowMajor ||
                      (f->layout == fe::MatrixLayout::Default && options_.rowMajorByDefault);
      // SPIR-V's majorness names the other axis: HLSL column_major is RowMajor (hlsl-spirv §3.3).
      m.decorations.push_back({rowMajor ? uint32_t(spv::DecorationColMajor) : uint32_t(spv::DecorationRowMajor), {}});
    }
    if (i < packOffsets.size() && !packOffsets[i].empty()) {
      // "c3.y" -> 16 * 3 + 4 * 1: an explicit Offset that the layout pass keeps.
      const std::string& p = packOffsets[i];
      size_t dot = p.find('.');
      uint32_t reg = static_cast<uint32_t>(std::strtoul(p.c_str() + 1, nullptr, 10));
      uint32_t comp = 0;
      if (dot != std::string::npos && dot + 1 < p.size()) {
        static const std::string lanes = "xyzw";
        size_t at = lanes.find(p[dot + 1]);
        if (at == std::string::npos) at = std::string("rgba").find(p[dot + 1]);
        comp = at == std::string::npos ? 0 : static_cast<uint32_t>(at);
      }
      m.decorations.push_back({spv::DecorationOffset, {16 * reg + 4 * comp}});
    }
    members.push_back(std::move(m));
  }
  if (members.empty()) members.push_back({"", cx_->u32(), {}});
  return cx_->structType(name, std::move(members));
}

ir::Type Gen::lowerMemory(const fe::Type* type, fe::MatrixLayout layout) {
  ir::Context& cx = *cx_;
  switch (type->kind) {
    case fe::TypeKind::Scalar:
    case fe::TypeKind::Vector:
    case fe::TypeKind::Matrix:
      if (options_.dxLayout && type->isMatrix() && type->elementCount() > 1 && (type->rows == 1 || type->cols == 1)) {
        // D3D packing puts each storage vector of a one-element-wide matrix in its own register:
        // the columns of a column-major 1xN, the rows of a row-major Nx1.
        const bool rowMajor = layout == fe::MatrixLayout::RowMajor ||
                              (layout == fe::MatrixLayout::Default && options_.rowMajorByDefault);
        if ((!rowMajor && type->rows == 1) || (rowMajor && type->cols == 1))
          return cx.arrayType(lowerMemory(unit_.context->types.scalar(type->scalar)), type->elementCount());
      }
      if (type->scalar == fe::ScalarKind::Bool) {
        // bool in a laid-out block is uint (loads compare with 0).
        const fe::Type* asUint = unit_.context->types.withElement(type, fe::ScalarKind::UInt);
        return lower(asUint);
      }
      return lower(type);
    case fe::TypeKind::Array:
      return type->arraySize ? cx.arrayType(lowerMemory(type->element, layout), type->arraySize)
                             : cx.runtimeArrayType(lowerMemory(type->element, layout));
    case fe::TypeKind::Struct: {
      if (auto it = memoryStructCache_.find(type); it != memoryStructCache_.end()) return it->second;
      const ir::Type lowered = lowerMemoryStruct(type);
      memoryStructCache_.emplace(type, lowered);
      return lowered;
    }
    default:
      return lower(type);
  }
}

// A struct in laid-out memory: its data fields (resources are not data), a base class first as
// a member of its own.
ir::Type Gen::lowerMemoryStruct(const fe::Type* type) {
  ir::Context& cx = *cx_;
  const fe::StructDecl* rec = type->record;
  std::vector<const fe::VarDecl*> data;
  for (const fe::VarDecl* f : rec->fields)
    if (!f->type->isResource()) data.push_back(f);
  ir::Type s = memoryStruct(rec->qualifiedName.empty() ? rec->name : rec->qualifiedName, data, {});
  if (!rec->base) return s;
  ir::TypeDef d = cx.def(s);
  if (data.empty()) d.members.clear();
  d.members.insert(d.members.begin(), {"", lowerMemory(unit_.context->types.structType(rec->base)), {}});
  return cx.intern(d);
}

ir::Type Gen::lowerResource(const fe::Type* type) {
  ir::Context& cx = *cx_;
  using RK = fe::ResourceKind;
  ir::ResourceKind k;
  switch (type->resource) {
    case RK::Buffer: k = ir::ResourceKind::Buffer; break;
    case RK::RWBuffer: k = ir::ResourceKind::RWBuffer; break;
    case RK::StructuredBuffer: k = ir::ResourceKind::StructuredBuffer; break;
    case RK::RWStructuredBuffer: k = ir::ResourceKind::RWStructuredBuffer; break;
    case RK::AppendStructuredBuffer: k = ir::ResourceKind::AppendStructuredBuffer; break;
    case RK::ConsumeStructuredBuffer: k = ir::ResourceKind::ConsumeStructuredBuffer; break;
    case RK::ByteAddressBuffer: k = ir::ResourceKind::ByteAddressBuffer; break;
    case RK::RWByteAddressBuffer: k = ir::ResourceKind::RWByteAddressBuffer; break;
    case RK::Texture1D: k = ir::ResourceKind::Texture1D; break;
    case RK::Texture1DArray: k = ir::ResourceKind::Texture1DArray; break;
    case RK::Texture2D: k = ir::ResourceKind::Texture2D; break;
    case RK::Texture2DArray: k = ir::ResourceKind::Texture2DArray; break;
    case RK::Texture2DMS: k = ir::ResourceKind::Texture2DMS; break;
    case RK::Texture2DMSArray: k = ir::ResourceKind::Texture2DMSArray; break;
    case RK::Texture3D: k = ir::ResourceKind::Texture3D; break;
    case RK::TextureCube: k = ir::ResourceKind::TextureCube; break;
    case RK::TextureCubeArray: k = ir::ResourceKind::TextureCubeArray; break;
    case RK::RWTexture1D: k = ir::ResourceKind::RWTexture1D; break;
    case RK::RWTexture1DArray: k = ir::ResourceKind::RWTexture1DArray; break;
    case RK::RWTexture2D: k = ir::ResourceKind::RWTexture2D; break;
    case RK::RWTexture2DArray: k = ir::ResourceKind::RWTexture2DArray; break;
    case RK::RWTexture3D: k = ir::ResourceKind::RWTexture3D; break;
    case RK::ConstantBuffer: k = ir::ResourceKind::ConstantBuffer; break;
    case RK::TextureBuffer: k = ir::ResourceKind::TextureBuffer; break;
    case RK::SamplerState: k = ir::ResourceKind::SamplerState; break;
    case RK::SamplerComparisonState: k = ir::ResourceKind::SamplerComparisonState; break;
    case RK::VkSampledTexture2D: k = ir::ResourceKind::VkSampledTexture2D; break;
    default: k = ir::ResourceKind::RaytracingAccelerationStructure; break;
  }
  ir::Type element;
  switch (type->resource) {
    case RK::ByteAddressBuffer:
    case RK::RWByteAddressBuffer: element = cx.u32(); break;
    case RK::SamplerState:
    case RK::SamplerComparisonState:
    case RK::RaytracingAccelerationStructure: break;
    case RK::StructuredBuffer:
    case RK::RWStructuredBuffer:
    case RK::AppendStructuredBuffer:
    case RK::ConsumeStructuredBuffer:
    case RK::ConstantBuffer:
    case RK::TextureBuffer:
      element = type->element ? lowerMemory(type->element) : cx.u32();
      break;
    default:
      element = type->element ? lower(type->element) : cx.vectorType(cx.f32(), 4);
      break;
  }
  return cx.hlslResourceType(k, element);
}

}  // namespace sl::irgen
