// Texture and sampler methods in stage "ir": Load/operator[]/mips[][]/sample[][] become
// `hlsl.resource_load`, Sample* `hlsl.resource_sample`, Gather* `hlsl.resource_gather` and
// GetDimensions `hlsl.resource_dimensions` (operand layouts in core/ir/Opcode.h). Typed buffers
// stay in GenResource.cpp. vk::SampledTexture2D is a combined image-sampler: its handle is passed
// as both image and sampler.
#include "core/irgen/Gen.h"

#include <bit>
#include <cmath>
#include <spirv/unified1/spirv.hpp>

namespace sl::irgen {

using ir::Operand;
using ir::Value;
using RK = fe::ResourceKind;

namespace {

bool isSampledTexture(RK k) {
  switch (k) {
    case RK::Texture1D: case RK::Texture1DArray: case RK::Texture2D: case RK::Texture2DArray: case RK::Texture2DMS:
    case RK::Texture2DMSArray: case RK::Texture3D: case RK::TextureCube: case RK::TextureCubeArray:
    case RK::VkSampledTexture2D: return true;
    default: return false;
  }
}
bool isStorageTexture(RK k) {
  return k == RK::RWTexture1D || k == RK::RWTexture1DArray || k == RK::RWTexture2D || k == RK::RWTexture2DArray ||
         k == RK::RWTexture3D;
}
bool isMultisampled(RK k) { return k == RK::Texture2DMS || k == RK::Texture2DMSArray; }
bool isArrayed(RK k) {
  return k == RK::Texture1DArray || k == RK::Texture2DArray || k == RK::Texture2DMSArray || k == RK::TextureCubeArray ||
         k == RK::RWTexture1DArray || k == RK::RWTexture2DArray;
}
// Components of the size GetDimensions reports before the array count: 1D 1, 3D 3, others 2.
unsigned sizeDims(RK k) {
  switch (k) {
    case RK::Texture1D: case RK::Texture1DArray: case RK::RWTexture1D: case RK::RWTexture1DArray: return 1;
    case RK::Texture3D: case RK::RWTexture3D: return 3;
    default: return 2;
  }
}
bool hasMips(RK k) { return isSampledTexture(k) && !isMultisampled(k); }

// Which Sample* variant a method name is; `ok` false for names that are not one.
struct SampleKind {
  bool ok = false;
  bool cmp = false;
  bool bias = false, lod = false, lodZero = false, grad = false;
  bool clampAllowed = false;  // the overloads with a MinLod clamp argument
};
SampleKind sampleKind(const std::string& name) {
  SampleKind s;
  std::string rest = name.substr(6);  // after "Sample"
  if (rest.rfind("Cmp", 0) == 0) {
    s.cmp = true;
    rest = rest.substr(3);
  }
  if (rest.empty()) s.clampAllowed = true;
  else if (rest == "Bias") s.bias = s.clampAllowed = true;
  else if (rest == "Grad") s.grad = s.clampAllowed = true;
  else if (rest == "Level") s.lod = true;
  else if (rest == "LevelZero" && s.cmp) s.lodZero = true;
  else return s;
  s.ok = true;
  return s;
}

}  // namespace

// Texture offsets written as `int2(1, -1)` or `int2(-1.0f, 1.0f)` reach here as instructions
// over constants; SPIR-V's ConstOffset needs a constant, so fold constructs, negations, bitcasts
// and float-to-integer conversions of constants (as DXC's front end folds them).
static std::optional<ir::Const> foldConstant(ir::Builder& b, ir::Context& cx, Value v) {
  if (v.kind == ir::ValueKind::Const) return v.asConst();
  if (v.kind != ir::ValueKind::InstResult) return std::nullopt;
  const ir::InstDef& inst = b.instOf(v);
  if (inst.op.family != ir::OpFamily::Spv) return std::nullopt;
  std::vector<ir::Const> parts;
  for (const Operand& o : inst.operands) {
    if (o.isImm) return std::nullopt;
    std::optional<ir::Const> c = foldConstant(b, cx, o.value);
    if (!c) return std::nullopt;
    parts.push_back(*c);
  }
  if (inst.op.code == spv::OpCompositeConstruct) return cx.composite(inst.resultType, parts);
  const uint32_t op = inst.op.code;
  if (op == spv::OpFNegate && parts.size() == 1) {  // `-1.0f`: flip the sign bit
    const ir::ConstDef& d = cx.def(parts[0]);
    const ir::TypeDef& t = cx.def(d.type);
    if (d.kind != ir::ConstKind::Scalar || t.kind != ir::TypeKind::Float || (t.width != 32 && t.width != 64))
      return std::nullopt;
    return t.width == 32 ? cx.f32(-std::bit_cast<float>(static_cast<uint32_t>(d.bits))) : cx.f64(-std::bit_cast<double>(d.bits));
  }
  const bool fromFloat = op == spv::OpConvertFToS || op == spv::OpConvertFToU;
  if (parts.size() != 1 || (op != spv::OpBitcast && op != spv::OpSNegate && !fromFloat)) return std::nullopt;
  // Element-wise, to an integer type.
  auto scalar = [&](ir::Const c, ir::Type to) -> std::optional<ir::Const> {
    const ir::ConstDef& d = cx.def(c);
    if (d.kind != ir::ConstKind::Scalar || cx.def(to).kind != ir::TypeKind::Int) return std::nullopt;
    if (!fromFloat) return cx.intConst(to, op == spv::OpSNegate ? uint64_t(0) - d.bits : d.bits);
    const ir::TypeDef& from = cx.def(d.type);
    if (from.kind != ir::TypeKind::Float || (from.width != 32 && from.width != 64)) return std::nullopt;
    const double x = std::trunc(from.width == 32 ? double(std::bit_cast<float>(static_cast<uint32_t>(d.bits)))
                                                 : std::bit_cast<double>(d.bits));
    // Out of range (or NaN) has no defined result: left to the instruction.
    if (!(x > -2147483649.0 && x < 4294967296.0) || (op == spv::OpConvertFToS && x >= 2147483648.0) ||
        (op == spv::OpConvertFToU && x < 0))
      return std::nullopt;
    return cx.intConst(to, static_cast<uint64_t>(static_cast<int64_t>(x)));
  };
  const ir::ConstDef& in = cx.def(parts[0]);
  if (in.kind == ir::ConstKind::Scalar) return scalar(parts[0], inst.resultType);
  if (in.kind != ir::ConstKind::Composite || cx.def(inst.resultType).kind != ir::TypeKind::Vector) return std::nullopt;
  std::vector<ir::Const> out;
  for (ir::Const e : in.elements) {
    std::optional<ir::Const> c = scalar(e, cx.def(inst.resultType).element);
    if (!c) return std::nullopt;
    out.push_back(*c);
  }
  return cx.composite(inst.resultType, out);
}

std::optional<Value> Gen::textureMethod(const fe::IntrinsicCallExpr* call, const ResourceRef& ref) {
  const fe::Type* rt = resource(ref).type;
  const RK k = rt->resource;
  if (!isSampledTexture(k) && !isStorageTexture(k)) return std::nullopt;
  const std::string& name = call->name;
  const std::string typeName = std::string(fe::resourceKindName(k));
  auto undefResult = [&]() { return Value::constant(cx_->undef(lower(call->type))); };
  auto arg = [&](size_t i) { return rvalue(call->args[i]); };
  const bool combined = k == RK::VkSampledTexture2D;
  auto isOut = [&](size_t i) { return i < call->directions.size() && call->directions[i] != fe::ParamDirection::In; };
  auto offsetArg = [&](size_t i, bool variableAllowed) -> Value {
    Value v = arg(i);
    if (std::optional<ir::Const> c = foldConstant(*b_, *cx_, v)) {
      // Immediate offsets are 4-bit signed in D3D (DXC enforces the same range for SPIR-V).
      const ir::ConstDef& d = cx_->def(*c);
      std::vector<ir::Const> parts = d.kind == ir::ConstKind::Composite ? d.elements : std::vector<ir::Const>{*c};
      for (ir::Const p : parts) {
        const int32_t x = static_cast<int32_t>(cx_->def(p).bits);
        if (x < -8 || x > 7) {
          error(call->args[i]->loc, "the offset of " + name + " must be in the range [-8, 7], got " + std::to_string(x));
          break;
        }
      }
      return Value::constant(*c);
    }
    if (!variableAllowed)
      error(call->args[i]->loc, "the offset of " + name +
                                    " must be a compile-time constant (SPIR-V takes variable offsets only in Gather)");
    return v;
  };
  auto statusUnsupported = [&]() {
    error(call->loc, "the status (CheckAccessFullyMapped) overload of " + typeName + "::" + name +
                         " is not supported by the SPIR-V back end yet");
    return undefResult();
  };

  if (name == "Load") {
    std::vector<Operand> ops{Operand::v(handle(ref)), Operand::v(arg(0))};
    if (isStorageTexture(k)) {
      if (call->args.size() > 1) return statusUnsupported();
      return b_->hlsl(ir::HlslOp::ResourceLoad, lower(call->type), ops);
    }
    size_t next = 1;
    uint32_t flags = 0;
    std::vector<Operand> extra;
    if (isMultisampled(k)) {
      flags |= ir::LoadFlag::SampleIndex;
      extra.push_back(Operand::v(arg(next++)));
    } else {
      flags |= ir::LoadFlag::MipInCoord;
    }
    if (next < call->args.size() && !isOut(next)) {
      flags |= ir::LoadFlag::Offset;
      extra.push_back(Operand::v(offsetArg(next++, false)));
    }
    if (next < call->args.size()) return statusUnsupported();
    ops.push_back(Operand::i(flags));
    ops.insert(ops.end(), extra.begin(), extra.end());
    return b_->hlsl(ir::HlslOp::ResourceLoad, lower(call->type), ops);
  }

  if (name == "GetSamplePosition" && isMultisampled(k)) return samplePosition(call, ref);  // GenSamplePosition.cpp

  if (name == "GetDimensions") {
    const unsigned n = sizeDims(k) + (isArrayed(k) ? 1 : 0);
    const size_t argc = call->args.size();
    const bool ms = isMultisampled(k);
    // Overloads: (size...), (mip, size..., levels) on mipped textures, (size..., samples) on MS.
    const bool withMip = hasMips(k) && argc == n + 2;
    if (argc != n + (withMip ? 2u : 0u) + (ms ? 1u : 0u)) {
      error(call->loc, "unexpected GetDimensions overload on " + typeName);
      return undefResult();
    }
    Value h = handle(ref);
    ir::Type sizeType = n == 1 ? cx_->u32() : cx_->vectorType(cx_->u32(), n);
    std::vector<Operand> ops{Operand::v(h), Operand::i(0)};
    size_t first = 0;
    if (withMip) {
      ops.push_back(Operand::v(convertValue(arg(0), call->args[0]->type, unit_.context->types.uintType())));
      first = 1;
    } else if (hasMips(k)) {
      ops.push_back(Operand::v(b_->constU32(0)));
    }
    Value size = b_->hlsl(ir::HlslOp::ResourceDimensions, sizeType, ops);
    const fe::Type* uintT = unit_.context->types.uintType();
    for (unsigned c = 0; c < n; ++c) {
      Value v = n == 1 ? size : b_->extract(size, {c});
      store(lvalue(call->args[first + c]), convertValue(v, uintT, call->args[first + c]->type));
    }
    if (withMip || ms) {
      Value count = b_->hlsl(ir::HlslOp::ResourceDimensions, cx_->u32(), {Operand::v(h), Operand::i(ms ? 3u : 2u)});
      const fe::Expr* out = call->args[argc - 1];
      store(lvalue(out), convertValue(count, uintT, out->type));
    }
    return undefResult();
  }

  const bool sample = name.rfind("Sample", 0) == 0;
  const bool gather = name.rfind("Gather", 0) == 0;
  const bool lodQuery = name == "CalculateLevelOfDetail" || name == "CalculateLevelOfDetailUnclamped";
  if (!sample && !gather && !lodQuery) return std::nullopt;
  if (!hasMips(k)) {
    error(call->loc, "the method '" + name + "' of " + typeName + " is not supported");
    return undefResult();
  }

  // Arguments: [sampler,] coords, then the variant's own. Combined image-samplers have no sampler.
  size_t next = 0;
  Value image = handle(ref);
  Value sampler = image;
  if (!combined) {
    ResourceRef s = resourceOf(call->args[next++]);
    if (!s.valid()) return undefResult();
    sampler = handle(s);
  }
  Value coords = arg(next++);
  ir::Type resultType = lower(call->type);

  if (lodQuery) {
    // The level of detail comes from the coordinates' implicit derivatives.
    if (!allowImplicitDerivatives(call, name)) return undefResult();
    if (next < call->args.size()) return std::nullopt;
    const uint32_t unclamped = name == "CalculateLevelOfDetailUnclamped" ? 1u : 0u;
    return b_->hlsl(ir::HlslOp::ResourceCalculateLod, resultType,
                    {Operand::v(image), Operand::v(sampler), Operand::v(coords), Operand::i(unclamped)});
  }

  if (gather) {
    std::string rest = name.substr(6);
    uint32_t flags = 0;
    if (rest.rfind("Cmp", 0) == 0) {
      flags |= ir::SampleFlag::Cmp;
      rest = rest.substr(3);
    }
    uint32_t component = 0;
    if (rest == "Green") component = 1;
    else if (rest == "Blue") component = 2;
    else if (rest == "Alpha") component = 3;
    else if (!rest.empty() && rest != "Red") return std::nullopt;
    if ((flags & ir::SampleFlag::Cmp) && component != 0) {
      // SPIR-V's OpImageDrefGather has no component operand: it compares the first one.
      error(call->loc, name + " is not supported by the SPIR-V back end (only the red component can be compared)");
      return undefResult();
    }
    std::vector<Operand> ops{Operand::v(image), Operand::v(sampler), Operand::v(coords), Operand::i(component)};
    std::vector<Operand> extra;
    if (flags & ir::SampleFlag::Cmp) extra.push_back(Operand::v(arg(next++)));
    size_t offsets = 0;
    while (next + offsets < call->args.size() && !isOut(next + offsets)) ++offsets;
    if (offsets == 4) {
      error(call->loc, "the four-offset overload of " + name + " is not supported by the SPIR-V back end yet");
      return undefResult();
    }
    if (offsets == 1) {
      flags |= ir::SampleFlag::Offset;
      extra.push_back(Operand::v(offsetArg(next++, true)));
    }
    if (next < call->args.size()) return statusUnsupported();
    ops.push_back(Operand::i(flags));
    ops.insert(ops.end(), extra.begin(), extra.end());
    return b_->hlsl(ir::HlslOp::ResourceGather, resultType, ops);
  }

  SampleKind sk = sampleKind(name);
  if (!sk.ok) return std::nullopt;
  // Sample/SampleBias/SampleCmp take their level of detail from implicit derivatives.
  if (!sk.lod && !sk.lodZero && !sk.grad && !allowImplicitDerivatives(call, name)) return undefResult();
  uint32_t flags = 0;
  std::vector<Operand> extra;
  if (sk.cmp) {
    flags |= ir::SampleFlag::Cmp;
    extra.push_back(Operand::v(arg(next++)));
  }
  if (sk.lodZero) {
    flags |= ir::SampleFlag::Lod;
    extra.push_back(Operand::v(Value::constant(cx_->f32(0.0f))));
  } else if (sk.lod || sk.bias) {
    flags |= sk.lod ? ir::SampleFlag::Lod : ir::SampleFlag::Bias;
    extra.push_back(Operand::v(arg(next++)));
  } else if (sk.grad) {
    flags |= ir::SampleFlag::Grad;
    extra.push_back(Operand::v(arg(next++)));
    extra.push_back(Operand::v(arg(next++)));
  }
  if (next < call->args.size() && !isOut(next)) {
    flags |= ir::SampleFlag::Offset;
    extra.push_back(Operand::v(offsetArg(next++, false)));
  }
  if (sk.clampAllowed && next < call->args.size() && !isOut(next)) {
    flags |= ir::SampleFlag::Clamp;
    extra.push_back(Operand::v(arg(next++)));
  }
  if (next < call->args.size()) return statusUnsupported();
  std::vector<Operand> ops{Operand::v(image), Operand::v(sampler), Operand::v(coords), Operand::i(flags)};
  ops.insert(ops.end(), extra.begin(), extra.end());
  return b_->hlsl(ir::HlslOp::ResourceSample, resultType, ops);
}

// `tex.mips[level][coord]` and `tex.sample[index][coord]`: a fetch at that level / sample.
Value Gen::typedElementLoad(const ResourceRef& ref, Value coord, ir::Type type) {
  Value h = handle(ref);
  // Texture2DMS[coord] has no sample operand in HLSL, but a multisampled fetch needs one.
  if (isMultisampled(resource(ref).type->resource))
    return b_->hlsl(ir::HlslOp::ResourceLoad, type,
                    {Operand::v(h), Operand::v(coord), Operand::i(ir::LoadFlag::SampleIndex), Operand::v(b_->constU32(0))});
  return b_->hlsl(ir::HlslOp::ResourceLoad, type, {Operand::v(h), Operand::v(coord)});
}

Value Gen::textureIndex(const fe::ResourceIndexExpr* ri) {
  if (!ri->complete()) {
    error(ri->loc, ri->part == fe::ResourceIndexExpr::Part::Mips ? "'mips' must be indexed as mips[level][coord]"
                                                                 : "'sample' must be indexed as sample[index][coord]");
    return Value::constant(cx_->undef(lower(ri->type->isResource() ? unit_.context->types.floatType() : ri->type)));
  }
  ResourceRef ref = resourceOf(ri->base);
  if (!ref.valid()) return Value::constant(cx_->undef(lower(ri->type)));
  Value coord = rvalue(ri->index);
  Value level = rvalue(ri->level);
  const fe::Type* ct = ri->index->type;
  // The IR coordinates of a fetch are signed, like Load's int3.
  const unsigned n = ct->isVector() ? ct->cols : 1;
  ir::Type sType = cx_->s32();
  ir::Type cType = n == 1 ? sType : cx_->vectorType(sType, n);
  coord = b_->bitcast(cType, coord);
  level = b_->bitcast(sType, level);
  Value h = handle(ref);
  if (ri->part == fe::ResourceIndexExpr::Part::Sample)
    return b_->hlsl(ir::HlslOp::ResourceLoad, lower(ri->type),
                    {Operand::v(h), Operand::v(coord), Operand::i(ir::LoadFlag::SampleIndex), Operand::v(level)});
  std::vector<Value> parts;
  if (n == 1) parts.push_back(coord);
  else
    for (uint32_t c = 0; c < n; ++c) parts.push_back(b_->extract(coord, {c}));
  parts.push_back(level);
  Value withMip = b_->construct(cx_->vectorType(sType, n + 1), parts);
  return b_->hlsl(ir::HlslOp::ResourceLoad, lower(ri->type),
                  {Operand::v(h), Operand::v(withMip), Operand::i(ir::LoadFlag::MipInCoord)});
}

}  // namespace sl::irgen
