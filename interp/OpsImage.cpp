// Images, samplers and texel buffers: combining and splitting handles, fetches, reads and writes
// with integer coordinates, sampling (implicit/explicit LOD, depth compare, projection), gathers,
// queries and texel pointers for image atomics. Handles name descriptor variables
// (interp/Value.h); a handler resolves each distinct handle once per instruction through the
// run's cache (RunContext::image/sampler) and lays the image out (interp/ImageAccess.h).
//
// Undefined cases get defined results with a warning: out-of-bounds fetches and reads give zero
// components (then (0, 0, 0, 1) substitution, as robustImageAccess2), out-of-bounds writes and
// writes to read-only images are dropped, a format whose numeric type differs from the shader's
// is converted numerically, implicit LOD without a derivative group execution mode samples LOD 0.
//
// Texel pointers (OpImageTexelPointer) encode the texel in the Pointer itself, since a pointer is
// all an atomic carries: object = ImageTexel with the image's global variable index, layout = the
// pointee's layout node (so a stray load or store through it stays well-formed), offset = the
// descriptor array element in bits 40..63 and the texel's byte offset in the image's data in bits
// 0..39. SubgroupExec::imageTexel (below) turns it back into memory for exec.memory().
#define SPV_ENABLE_UTILITY_CODE
#include <spirv/unified1/spirv.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

#include "interp/ImageAccess.h"
#include "interp/OpsCommon.h"

namespace sl::interp {

namespace {

using image::ImageView;
using image::SampleRequest;
using image::SampleResult;
using image::Texel;

constexpr uint32_t kTexelElementShift = 40;
constexpr uint64_t kTexelOffsetMask = (uint64_t(1) << kTexelElementShift) - 1;

// Diagnostic kinds (each once per instruction).
constexpr uint32_t kImageOutOfBounds = 60;
constexpr uint32_t kImageWriteDropped = 61;
constexpr uint32_t kImageMismatch = 62;
constexpr uint32_t kImageImplicitLod = 63;
constexpr uint32_t kImageQuad = 64;
constexpr uint32_t kImageSamplerState = 65;
constexpr uint32_t kImageClamped = 66;
constexpr uint32_t kImageUndefined = 67;  // .. 70
constexpr uint32_t kImageNullDescriptor = 71;

// Image operand bits that are followed by ids, and every bit the executor knows.
constexpr uint32_t kImageOperandOffsets = 0x10000;  // Offsets (SPIR-V 1.6 / maintenance8)
constexpr uint32_t kKnownImageOperands = 0x7fff | kImageOperandOffsets;

uint32_t imageOperandIdCount(uint32_t mask) {
  uint32_t n = 0;
  n += (mask & spv::ImageOperandsBiasMask) ? 1 : 0;
  n += (mask & spv::ImageOperandsLodMask) ? 1 : 0;
  n += (mask & spv::ImageOperandsGradMask) ? 2 : 0;
  n += (mask & spv::ImageOperandsConstOffsetMask) ? 1 : 0;
  n += (mask & spv::ImageOperandsOffsetMask) ? 1 : 0;
  n += (mask & spv::ImageOperandsConstOffsetsMask) ? 1 : 0;
  n += (mask & spv::ImageOperandsSampleMask) ? 1 : 0;
  n += (mask & spv::ImageOperandsMinLodMask) ? 1 : 0;
  n += (mask & spv::ImageOperandsMakeTexelAvailableMask) ? 1 : 0;
  n += (mask & spv::ImageOperandsMakeTexelVisibleMask) ? 1 : 0;
  n += (mask & kImageOperandOffsets) ? 1 : 0;
  return n;
}

// Where an opcode's image operand mask is (the operand index), or ~0u when it has none.
uint32_t maskIndexOf(spv::Op op) {
  switch (op) {
    case spv::OpImageSampleImplicitLod: case spv::OpImageSampleExplicitLod: case spv::OpImageSampleProjImplicitLod:
    case spv::OpImageSampleProjExplicitLod: case spv::OpImageFetch: case spv::OpImageRead:
      return 2;
    case spv::OpImageSampleDrefImplicitLod: case spv::OpImageSampleDrefExplicitLod: case spv::OpImageSampleProjDrefImplicitLod:
    case spv::OpImageSampleProjDrefExplicitLod: case spv::OpImageGather: case spv::OpImageDrefGather: case spv::OpImageWrite:
      return 3;
    default:
      return ~0u;
  }
}

// ---- operand values ---------------------------------------------------------------------------

double readFloat(const uint8_t* p, Scalar s) {
  switch (s) {
    case Scalar::F16: return Half::toFloat(load<uint16_t>(p));
    case Scalar::F32: return load<float>(p);
    case Scalar::F64: return load<double>(p);
    case Scalar::I8: return load<int8_t>(p);
    case Scalar::I16: return load<int16_t>(p);
    case Scalar::I32: return load<int32_t>(p);
    case Scalar::I64: return double(load<int64_t>(p));
    case Scalar::U8: return load<uint8_t>(p);
    case Scalar::U16: return load<uint16_t>(p);
    case Scalar::U32: return load<uint32_t>(p);
    case Scalar::U64: return double(load<uint64_t>(p));
    default: return 0;
  }
}

// A float saturated to int64 (NaN: 0).
int64_t saturateToInt64(double v) {
  if (!(v == v)) return 0;
  if (v >= 9223372036854775807.0) return std::numeric_limits<int64_t>::max();
  if (v <= -9223372036854775808.0) return std::numeric_limits<int64_t>::min();
  return int64_t(v);
}

int64_t readInt(const uint8_t* p, Scalar s) {
  switch (s) {
    case Scalar::I8: return load<int8_t>(p);
    case Scalar::I16: return load<int16_t>(p);
    case Scalar::I32: return load<int32_t>(p);
    case Scalar::I64: return load<int64_t>(p);
    case Scalar::U8: return load<uint8_t>(p);
    case Scalar::U16: return load<uint16_t>(p);
    case Scalar::U32: return load<uint32_t>(p);
    case Scalar::U64: {
      const uint64_t v = load<uint64_t>(p);
      return v > uint64_t(std::numeric_limits<int64_t>::max()) ? std::numeric_limits<int64_t>::max() : int64_t(v);
    }
    case Scalar::Bool: return *p ? 1 : 0;
    default: return saturateToInt64(readFloat(p, s));
  }
}

bool isSignedScalar(Scalar s) { return s == Scalar::I8 || s == Scalar::I16 || s == Scalar::I32 || s == Scalar::I64; }
uint32_t scalarBytes(Scalar s) { return s == Scalar::Bool ? 1 : intWidth(s) / 8; }

// An operand of a numeric scalar, vector or array of vectors (ConstOffsets), read per lane.
struct Value {
  Ref ref;
  Scalar scalar = Scalar::Other;
  uint32_t count = 0, bytes = 0;
  bool present() const { return scalar != Scalar::Other; }
  double f(uint32_t lane, uint32_t k) const { return k < count ? readFloat(ref.at(lane) + k * bytes, scalar) : 0.0; }
  int64_t i(uint32_t lane, uint32_t k) const { return k < count ? readInt(ref.at(lane) + k * bytes, scalar) : 0; }
  uint64_t bits(uint32_t lane, uint32_t k) const {
    if (k >= count) return 0;
    uint64_t v = 0;
    std::memcpy(&v, ref.at(lane) + k * bytes, bytes);
    if (isSignedScalar(scalar) && bytes < 8 && ((v >> (bytes * 8 - 1)) & 1)) v |= ~uint64_t(0) << (bytes * 8);
    return v;
  }
};

uint32_t operandTypeId(SubgroupExec& exec, const Inst& inst, uint32_t i) {
  const uint32_t id = exec.function().operandIds[inst.firstOperand + i];
  const Module& m = exec.module();
  return id < m.typeOf.size() ? m.typeOf[id] : 0;
}

Value valueOf(SubgroupExec& exec, const Inst& inst, uint32_t i) {
  Value v;
  if (i >= inst.operandCount || exec.rawOperand(inst, i).isLiteral()) return v;
  const Module& m = exec.module();
  uint32_t typeId = operandTypeId(exec, inst, i);
  if (!typeId) return v;
  uint32_t arrayCount = 1;
  if (m.type(typeId).kind == TypeKind::Array) {
    arrayCount = m.type(typeId).count;
    typeId = m.type(typeId).element;
  }
  const Scalar s = scalarOf(m, typeId);
  if (s == Scalar::Other) return v;
  v.ref = exec.operand(inst, i);
  v.scalar = s;
  v.bytes = scalarBytes(s);
  v.count = componentsOf(m, typeId) * arrayCount;
  return v;
}

// The optional operands an image operand mask announces, in bit order.
struct ImageOperands {
  uint32_t mask = 0;
  Value bias, lod, gradX, gradY, offset, offsets, sample, minLod;
  image::Extend extend = image::Extend::Format;
};

ImageOperands imageOperands(SubgroupExec& exec, const Inst& inst) {
  ImageOperands o;
  const uint32_t maskIndex = maskIndexOf(spv::Op(inst.opcode));
  if (maskIndex >= inst.operandCount) return o;
  o.mask = exec.literal(inst, maskIndex);
  uint32_t next = maskIndex + 1;
  auto take = [&](Value& v) { v = valueOf(exec, inst, next++); };
  if (o.mask & spv::ImageOperandsBiasMask) take(o.bias);
  if (o.mask & spv::ImageOperandsLodMask) take(o.lod);
  if (o.mask & spv::ImageOperandsGradMask) {
    take(o.gradX);
    take(o.gradY);
  }
  if (o.mask & spv::ImageOperandsConstOffsetMask) take(o.offset);
  if (o.mask & spv::ImageOperandsOffsetMask) take(o.offset);
  if (o.mask & spv::ImageOperandsConstOffsetsMask) take(o.offsets);
  if (o.mask & spv::ImageOperandsSampleMask) take(o.sample);
  if (o.mask & spv::ImageOperandsMinLodMask) take(o.minLod);
  if (o.mask & spv::ImageOperandsMakeTexelAvailableMask) ++next;  // scope: memory is coherent here
  if (o.mask & spv::ImageOperandsMakeTexelVisibleMask) ++next;
  if (o.mask & kImageOperandOffsets) take(o.offsets);
  if (o.mask & spv::ImageOperandsSignExtendMask) o.extend = image::Extend::Sign;
  if (o.mask & spv::ImageOperandsZeroExtendMask) o.extend = image::Extend::Zero;
  return o;
}

// ---- resources ---------------------------------------------------------------------------------

std::string variableName(const Module& m, uint32_t global, uint32_t element) {
  const GlobalVariable& v = m.globals[global];
  std::string name = v.name.empty() ? "%" + std::to_string(v.id) : v.name;
  if (v.descriptorArray) name += "[" + std::to_string(element) + "]";
  return name;
}
std::string describeVariable(const Module& m, uint32_t global, uint32_t element) {
  const GlobalVariable& v = m.globals[global];
  return "'" + variableName(m, global, element) + "' (set " + (v.set ? std::to_string(*v.set) : "?") + ", binding " +
         (v.binding ? std::to_string(*v.binding) : "?") + ")";
}
// The descriptor type of a global (the element type of a descriptor array).
TypeKind descriptorKind(const Module& m, uint32_t global) {
  const GlobalVariable& v = m.globals[global];
  return m.type(v.descriptorArray ? v.descriptorType : v.type).kind;
}

const char* dimName(uint32_t dim) {
  switch (dim) {
    case spv::Dim1D: return "1D";
    case spv::Dim2D: return "2D";
    case spv::Dim3D: return "3D";
    case spv::DimCube: return "cube";
    case spv::DimBuffer: return "texel buffer";
    default: return "other";
  }
}
const char* dimName(ImageResource::Dim dim) {
  switch (dim) {
    case ImageResource::Dim::D1: return "1D";
    case ImageResource::Dim::D2: return "2D";
    case ImageResource::Dim::D3: return "3D";
    case ImageResource::Dim::Cube: return "cube";
    case ImageResource::Dim::Buffer: return "texel buffer";
  }
  return "other";
}

// Whether a resource of `dim` can stand behind a shader image of `shaderDim`.
bool dimCompatible(uint32_t shaderDim, const ImageResource& r) {
  switch (shaderDim) {
    case spv::Dim1D: return r.dim == ImageResource::Dim::D1 || (r.dim == ImageResource::Dim::D2 && r.height == 1);
    case spv::Dim2D: return r.dim == ImageResource::Dim::D2 || r.dim == ImageResource::Dim::Cube || r.dim == ImageResource::Dim::D1;
    case spv::Dim3D: return r.dim == ImageResource::Dim::D3;
    case spv::DimCube: return (r.dim == ImageResource::Dim::Cube || r.dim == ImageResource::Dim::D2) && r.layers >= 6 && r.layers % 6 == 0;
    case spv::DimBuffer: return r.dim == ImageResource::Dim::Buffer || (r.dim == ImageResource::Dim::D1 && r.layers == 1);
    default: return false;
  }
}

// The image (and sampler) of the handles one instruction sees, each distinct handle resolved
// once: the lanes of a subgroup usually share one.
class HandleResolver {
 public:
  HandleResolver(SubgroupExec& exec, const Inst& inst, const ImageTypeInfo& type, bool needSampler)
      : exec_(exec), inst_(inst), type_(type), needSampler_(needSampler) {}

  // The view for `lane`'s handle, or null: after recording an error, or for a null handle (then
  // with a warning and exec.failed() still false: the caller reads zero or drops the write).
  const ImageView* resolve(uint32_t lane, const Handle& h) {
    if (valid_ && std::memcmp(&h, &last_, sizeof h) == 0) return ok_ ? &view_ : nullptr;
    last_ = h;
    valid_ = true;
    ok_ = resolveNew(lane, h);
    return ok_ ? &view_ : nullptr;
  }
  const SamplerResource& sampler() const { return *sampler_; }

 private:
  bool resolveNew(uint32_t lane, const Handle& h) {
    const Module& m = exec_.module();
    RunContext& run = exec_.runContext();
    if (h.imageVar == Handle::kNone || (needSampler_ && h.samplerVar == Handle::kNone)) {
      exec_.warning(inst_, lane, "the image operand is a null descriptor (an out-of-range descriptor index?): reads give zero, writes are dropped",
                    kImageNullDescriptor);
      return false;
    }
    if (h.imageVar >= m.globals.size()) {
      exec_.error(inst_, lane, "the image operand names no variable");
      return false;
    }
    const TypeKind kind = descriptorKind(m, h.imageVar);
    if (kind != TypeKind::Image && kind != TypeKind::SampledImage) {
      exec_.error(inst_, lane, "the image operand names " + describeVariable(m, h.imageVar, h.imageIndex) + ", which is not an image");
      return false;
    }
    const ImageResource* resource = run.image(h.imageVar, h.imageIndex);
    if (!resource) {
      // An empty element of a descriptor array (a heap slot holding another kind of view) is a
      // null descriptor, as robustness2's nullDescriptor defines; a plain variable must be bound.
      if (m.globals[h.imageVar].descriptorArray) {
        exec_.warning(inst_, lane, "image " + describeVariable(m, h.imageVar, h.imageIndex) +
                                       " holds no image (a null descriptor): reads give zero, writes are dropped", kImageNullDescriptor);
        return false;
      }
      exec_.error(inst_, lane, "image " + describeVariable(m, h.imageVar, h.imageIndex) + " is not bound");
      return false;
    }
    std::string problem;
    if (!view_.init(*resource, problem)) {
      exec_.error(inst_, lane, "image " + describeVariable(m, h.imageVar, h.imageIndex) + " " + problem);
      return false;
    }
    if (!dimCompatible(type_.dim, *resource)) {
      std::string what = std::string("image ") + describeVariable(m, h.imageVar, h.imageIndex) + " is a " + dimName(resource->dim) +
                         " image with " + std::to_string(resource->layers) + " layers but the shader declares a " + dimName(type_.dim) + " image";
      exec_.error(inst_, lane, what);
      return false;
    }
    if (!needSampler_) return true;
    if (h.samplerVar >= m.globals.size()) {
      exec_.error(inst_, lane, "the sampler operand names no variable");
      return false;
    }
    const TypeKind samplerKind = descriptorKind(m, h.samplerVar);
    if (samplerKind != TypeKind::Sampler && samplerKind != TypeKind::SampledImage) {
      exec_.error(inst_, lane, "the sampler operand names " + describeVariable(m, h.samplerVar, h.samplerIndex) + ", which is not a sampler");
      return false;
    }
    sampler_ = run.sampler(h.samplerVar, h.samplerIndex);
    if (!sampler_) {
      if (m.globals[h.samplerVar].descriptorArray) {
        exec_.warning(inst_, lane, "sampler " + describeVariable(m, h.samplerVar, h.samplerIndex) +
                                       " holds no sampler (a null descriptor): reads give zero", kImageNullDescriptor);
        return false;
      }
      exec_.error(inst_, lane, "sampler " + describeVariable(m, h.samplerVar, h.samplerIndex) + " is not bound");
      return false;
    }
    return true;
  }

  SubgroupExec& exec_;
  const Inst& inst_;
  const ImageTypeInfo& type_;
  const bool needSampler_;
  Handle last_;
  bool valid_ = false, ok_ = false;
  ImageView view_;
  const SamplerResource* sampler_ = nullptr;
};

Handle handleAt(const Ref& r, uint32_t lane) { return load<Handle>(r.at(lane)); }

// The result of a lane whose image is a null descriptor: zero (nothing after an error).
void zeroResult(SubgroupExec& exec, const Ref& r, uint32_t lane, const Inst& inst) {
  if (!exec.failed()) std::memset(r.at(lane), 0, inst.result.stride);
}

// A load through an out-of-range descriptor array index gives an all-zero handle, which would
// name global 0. A real image handle has no sampler and a real sampler handle no image, so such
// a handle in those places is a null descriptor.
Handle imageOnly(Handle h) {
  if (h.samplerVar != Handle::kNone) h.imageVar = Handle::kNone;
  h.samplerVar = Handle::kNone;
  return h;
}
Handle samplerOnly(Handle h) {
  if (h.imageVar != Handle::kNone) h.samplerVar = Handle::kNone;
  h.imageVar = Handle::kNone;
  return h;
}
// The handle operand of an instruction whose image operand has type `typeId`.
Handle imageHandleAt(const Module& m, uint32_t typeId, const Ref& r, uint32_t lane) {
  const Handle h = handleAt(r, lane);
  return m.type(typeId).kind == TypeKind::Image ? imageOnly(h) : h;
}

// Integer texel coordinates of an image type's coordinate operand: (x [, y] [, z]) then the
// layer of arrays (for cubes the face, or 6 * cube + face).
struct TexelCoord {
  int64_t x = 0, y = 0, z = 0, layer = 0;
};
TexelCoord texelCoordOf(const ImageTypeInfo& type, const Value& v, uint32_t lane) {
  TexelCoord c;
  c.x = v.i(lane, 0);
  switch (type.dim) {
    case spv::Dim1D:
      if (type.arrayed) c.layer = v.i(lane, 1);
      break;
    case spv::Dim3D:
      c.y = v.i(lane, 1);
      c.z = v.i(lane, 2);
      break;
    case spv::DimCube:
      c.y = v.i(lane, 1);
      c.layer = v.i(lane, 2);
      break;
    case spv::DimBuffer:
      break;
    default:
      c.y = v.i(lane, 1);
      if (type.arrayed) c.layer = v.i(lane, 2);
      break;
  }
  return c;
}
uint32_t spatialDims(uint32_t dim) {
  switch (dim) {
    case spv::Dim1D: case spv::DimBuffer: return 1;
    case spv::Dim3D: case spv::DimCube: return 3;
    default: return 2;
  }
}
image::ImageDim sampleDim(uint32_t dim) {
  switch (dim) {
    case spv::Dim1D: return image::ImageDim::D1;
    case spv::Dim3D: return image::ImageDim::D3;
    case spv::DimCube: return image::ImageDim::Cube;
    default: return image::ImageDim::D2;
  }
}

std::string describeTexel(const ImageTypeInfo& type, const TexelCoord& c, int64_t level, int64_t sample) {
  std::string s = "(" + std::to_string(c.x);
  if (type.dim != spv::Dim1D && type.dim != spv::DimBuffer) s += ", " + std::to_string(c.y);
  if (type.dim == spv::Dim3D) s += ", " + std::to_string(c.z);
  s += ")";
  if (type.arrayed || type.dim == spv::DimCube) s += " layer " + std::to_string(c.layer);
  if (level) s += " level " + std::to_string(level);
  if (type.multisampled) s += " sample " + std::to_string(sample);
  return s;
}
std::string describeSize(const ImageView& view) {
  const ImageView::Level& l = view.levels[0];
  std::string s = std::to_string(l.width);
  if (l.height > 1 || l.depth > 1) s += "x" + std::to_string(l.height);
  if (l.depth > 1) s += "x" + std::to_string(l.depth);
  if (view.layers > 1) s += ", " + std::to_string(view.layers) + " layers";
  if (view.mipLevels > 1) s += ", " + std::to_string(view.mipLevels) + " levels";
  if (view.samples > 1) s += ", " + std::to_string(view.samples) + " samples";
  return s;
}
std::string imageLabel(const SubgroupExec& exec, const ImageView& view, const Handle& h) {
  if (!view.resource->label.empty()) return view.resource->label;
  return variableName(exec.module(), h.imageVar, h.imageIndex);
}

// Writes a texel's first components in the result type. Returns false when the texel's kind
// (integer or float) differs from the result's; the value is then converted numerically.
struct ResultWriter {
  Scalar scalar = Scalar::F32;
  uint32_t components = 4, bytes = 4;

  bool write(uint8_t* out, const Texel& t, bool integer, bool isSigned) const {
    const bool floatResult = isFloat(scalar);
    for (uint32_t k = 0; k < components; ++k) {
      uint8_t* at = out + k * bytes;
      if (k >= 4) {
        std::memset(at, 0, bytes);
        continue;
      }
      if (floatResult) {
        const double v = integer ? (isSigned ? double(int64_t(t.i[k])) : double(t.i[k])) : t.f[k];
        if (scalar == Scalar::F16) storeValue<Half>(at, Half(float(v)));
        else if (scalar == Scalar::F32) store<float>(at, float(v));
        else store<double>(at, v);
      } else {
        const uint64_t v = integer ? t.i[k] : uint64_t(saturateToInt64(t.f[k]));
        std::memcpy(at, &v, bytes);
      }
    }
    return floatResult != integer;
  }
};
ResultWriter resultWriter(const Module& m, uint32_t typeId) {
  ResultWriter w;
  w.scalar = scalarOf(m, typeId);
  w.components = componentsOf(m, typeId);
  w.bytes = scalarBytes(w.scalar);
  return w;
}

void warnMismatch(SubgroupExec& exec, const Inst& inst, uint32_t lane, bool integerTexel) {
  exec.warning(inst, lane,
               integerTexel ? "the image has an integer format but the shader reads it as float (undefined; the CPU device converts the value)"
                            : "the image has a float format but the shader reads it as integer (undefined; the CPU device converts the value)",
               kImageMismatch);
}

// ---- handle instructions ---------------------------------------------------------------------

void sampledImageHandler(SubgroupExec& exec, const Inst& inst) {
  const Ref imageRef = exec.operand(inst, 0), samplerRef = exec.operand(inst, 1), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) {
    const Handle image = imageOnly(handleAt(imageRef, lane)), sampler = samplerOnly(handleAt(samplerRef, lane));
    const Handle combined{image.imageVar, image.imageIndex, sampler.samplerVar, sampler.samplerIndex};
    std::memcpy(r.at(lane), &combined, sizeof combined);
  });
}

void imageHandler(SubgroupExec& exec, const Inst& inst) {
  const Ref sampled = exec.operand(inst, 0), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) {
    const Handle h = handleAt(sampled, lane);
    const Handle image{h.imageVar, h.imageIndex, Handle::kNone, 0};
    std::memcpy(r.at(lane), &image, sizeof image);
  });
}

// ---- fetch, read, write ------------------------------------------------------------------------

// OpImageFetch, OpImageRead. aux: the image type.
void fetchHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const ImageTypeInfo& type = m.type(inst.aux).image;
  HandleResolver resolver(exec, inst, type, false);
  const Value coord = valueOf(exec, inst, 1);
  const ImageOperands ops = imageOperands(exec, inst);
  const ResultWriter writer = resultWriter(m, inst.typeId);
  const Ref handles = exec.operand(inst, 0), r = exec.result(inst);
  const uint32_t dims = spatialDims(type.dim);
  forActive(exec, [&](uint32_t lane) {
    if (exec.failed()) return;
    const Handle h = imageHandleAt(m, inst.aux, handles, lane);
    const ImageView* view = resolver.resolve(lane, h);
    if (!view) return zeroResult(exec, r, lane, inst);
    TexelCoord c = texelCoordOf(type, coord, lane);
    if (ops.offset.present() && type.dim != spv::DimCube) {
      c.x += ops.offset.i(lane, 0);
      if (dims >= 2) c.y += ops.offset.i(lane, 1);
      if (dims >= 3) c.z += ops.offset.i(lane, 2);
    }
    const int64_t level = ops.lod.present() ? ops.lod.i(lane, 0) : 0;
    const int64_t sample = ops.sample.present() ? ops.sample.i(lane, 0) : 0;
    Texel t;
    if (level >= 0 && level < int64_t(view->mipLevels) && view->inBounds(uint32_t(level), c.x, c.y, c.z, c.layer, sample)) [[likely]] {
      image::decodeTexel(view->format, view->texel(uint32_t(level), uint32_t(c.x), uint32_t(c.y), uint32_t(c.z), uint32_t(c.layer), uint32_t(sample)),
                         ops.extend, t);
    } else {
      image::zeroTexel(view->format, t);
      exec.warning(inst, lane,
                   "texel " + describeTexel(type, c, level, sample) + " is out of bounds of image '" + imageLabel(exec, *view, h) + "' (" +
                       describeSize(*view) + "): the read gives zero",
                   kImageOutOfBounds);
    }
    const bool integer = view->format.isInteger();
    const bool isSigned = ops.extend == image::Extend::Sign || (ops.extend == image::Extend::Format && view->format.kind == TexelFormat::Kind::SInt);
    if (!writer.write(r.at(lane), t, integer, isSigned)) [[unlikely]]
      warnMismatch(exec, inst, lane, integer);
  });
}

// OpImageWrite. aux: the image type.
void writeHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const ImageTypeInfo& type = m.type(inst.aux).image;
  HandleResolver resolver(exec, inst, type, false);
  const Value coord = valueOf(exec, inst, 1), texel = valueOf(exec, inst, 2);
  const ImageOperands ops = imageOperands(exec, inst);
  const Ref handles = exec.operand(inst, 0);
  const bool integerValue = !isFloat(texel.scalar);
  bool valueSigned = isSignedScalar(texel.scalar);
  if (ops.extend == image::Extend::Sign) valueSigned = true;
  if (ops.extend == image::Extend::Zero) valueSigned = false;
  forActive(exec, [&](uint32_t lane) {
    if (exec.failed()) return;
    const Handle h = imageHandleAt(m, inst.aux, handles, lane);
    const ImageView* view = resolver.resolve(lane, h);
    if (!view) return;
    if (!view->resource->writable) {
      exec.warning(inst, lane, "write to read-only image '" + imageLabel(exec, *view, h) + "' dropped", kImageWriteDropped);
      return;
    }
    const TexelCoord c = texelCoordOf(type, coord, lane);
    const int64_t sample = ops.sample.present() ? ops.sample.i(lane, 0) : 0;
    const int64_t level = ops.lod.present() ? ops.lod.i(lane, 0) : 0;  // SPV_AMD_shader_image_load_store_lod
    if (level < 0 || level >= int64_t(view->mipLevels) || !view->inBounds(uint32_t(level), c.x, c.y, c.z, c.layer, sample)) {
      exec.warning(inst, lane,
                   "texel " + describeTexel(type, c, level, sample) + " is out of bounds of image '" + imageLabel(exec, *view, h) + "' (" +
                       describeSize(*view) + "): the write is dropped",
                   kImageOutOfBounds);
      return;
    }
    image::TexelValue value;
    value.integer = integerValue;
    value.isSigned = valueSigned;
    for (uint32_t k = 0; k < 4; ++k) {
      const bool present = k < texel.count;
      if (integerValue) value.texel.i[k] = present ? texel.bits(lane, k) : (k == 3 ? 1 : 0);
      else value.texel.f[k] = present ? texel.f(lane, k) : (k == 3 ? 1.0 : 0.0);
    }
    uint8_t* target = view->writableTexel(uint32_t(level), uint32_t(c.x), uint32_t(c.y), uint32_t(c.z), uint32_t(c.layer), uint32_t(sample));
    exec.traceWrite(ObjectKind::ImageTexel, h.imageVar, lane, uint64_t(target - view->resource->data), target, view->format.texelBytes());
    const uint32_t issues = image::encodeTexel(view->format, value, target);
    exec.noteWrite(target, view->format.texelBytes(), inst, lane);
    if (issues & image::kEncodeMismatch) [[unlikely]]
      exec.warning(inst, lane,
                   value.integer ? "an integer texel written to an image with a float format (undefined; the CPU device converts the value)"
                                 : "a float texel written to an image with an integer format (undefined; the CPU device converts the value)",
                   kImageMismatch);
    if (issues & image::kEncodeClamped) [[unlikely]]
      exec.warning(inst, lane, "an integer texel out of the image format's range was saturated (implementation-defined)", kImageClamped);
  });
}

// ---- sampling ------------------------------------------------------------------------------------

bool derivativeModes(SubgroupExec& exec) {
  const EntryPoint& entry = exec.runContext().entry;
  return entry.derivativeGroupQuads || entry.derivativeGroupLinear || entry.executionModel != spv::ExecutionModelGLCompute;
}

// Fine derivatives of the first `n` coordinates across the quad of `lane` (lanes 4k..4k+3,
// x = q & 1, y = q >> 1, as OpsSubgroup's): the lane's own row for x and column for y. A pair
// with an inactive lane differences to 0. False when the quad is not fully active.
template <class CoordsOf>
bool quadDerivatives(SubgroupExec& exec, uint32_t lane, uint32_t n, CoordsOf&& coordsOf, double ddx[3], double ddy[3]) {
  const Mask& active = exec.active();
  const uint32_t base = lane & ~3u;
  const uint32_t xFrom = base + (lane & 2), xTo = xFrom + 1;
  const uint32_t yFrom = base + (lane & 1), yTo = yFrom + 2;
  auto live = [&](uint32_t l) { return l < exec.width() && active.test(l); };
  double a[4], b[4];
  if (live(xFrom) && live(xTo)) {
    coordsOf(xFrom, a);
    coordsOf(xTo, b);
    for (uint32_t k = 0; k < n; ++k) ddx[k] = b[k] - a[k];
  }
  if (live(yFrom) && live(yTo)) {
    coordsOf(yFrom, a);
    coordsOf(yTo, b);
    for (uint32_t k = 0; k < n; ++k) ddy[k] = b[k] - a[k];
  }
  return live(base) && live(base + 1) && live(base + 2) && live(base + 3);
}

void warnSampleIssues(SubgroupExec& exec, const Inst& inst, uint32_t lane, uint32_t issues) {
  if (issues & image::kSampleIntegerLinear)
    exec.warning(inst, lane, "linear filtering of an integer format (undefined; the CPU device filters nearest)", kImageUndefined);
  if (issues & image::kSampleLodRange)
    exec.warning(inst, lane, "the sampler's minLod is above its maxLod (undefined; the CPU device uses minLod)", kImageUndefined + 1);
  if (issues & image::kSampleCubeNotSquare)
    exec.warning(inst, lane, "the cube map's faces are not square (undefined)", kImageUndefined + 2);
}

void checkSamplerCompare(SubgroupExec& exec, const Inst& inst, uint32_t lane, const SamplerResource& sampler, bool dref) {
  if (dref && !sampler.compareEnable) [[unlikely]]
    exec.warning(inst, lane, "depth-compare sampling with a sampler whose compare is disabled (undefined; the CPU device compares with its compare op)",
                 kImageSamplerState);
  if (!dref && sampler.compareEnable) [[unlikely]]
    exec.warning(inst, lane, "sampling without a depth reference through a comparison sampler (undefined; the CPU device does not compare)",
                 kImageSamplerState);
}

// What the sampling handlers share: the coordinates (projected), operands and LOD source.
struct SampleSetup {
  const ImageTypeInfo& type;
  Value coord, dref;
  ImageOperands ops;
  image::ImageDim dim;
  uint32_t spatial = 2;  // coordinates that vary over the image (cube: the direction's 3)
  bool proj = false, implicit = false, derivatives = false;

  SampleSetup(SubgroupExec& exec, const Inst& inst, const ImageTypeInfo& t, bool hasDref, bool isProj, bool isImplicit)
      : type(t), coord(valueOf(exec, inst, 1)), ops(imageOperands(exec, inst)), dim(sampleDim(t.dim)), spatial(spatialDims(t.dim)),
        proj(isProj), implicit(isImplicit) {
    if (hasDref) dref = valueOf(exec, inst, 2);
    derivatives = implicit && derivativeModes(exec);
  }

  // (s [, t] [, r] [, a]), divided by q for projective instructions.
  void coordsOf(uint32_t lane, double c[4]) const {
    for (uint32_t k = 0; k < 4; ++k) c[k] = coord.f(lane, k);
    if (proj) {
      const double q = c[spatial];
      for (uint32_t k = 0; k < spatial; ++k) c[k] /= q;
      for (uint32_t k = spatial; k < 4; ++k) c[k] = 0;
    }
  }

  // A request for `lane` with coordinates, Dref, LOD source and offsets filled in.
  void fill(SubgroupExec& exec, const Inst& inst, uint32_t lane, SampleRequest& rq) const {
    rq.dim = dim;
    rq.arrayed = type.arrayed;
    coordsOf(lane, rq.coord);
    if (dref.present()) {
      rq.dref = true;
      rq.drefValue = dref.f(lane, 0);
      if (proj) rq.drefValue /= coord.f(lane, spatial);
    }
    if (ops.lod.present()) {
      rq.lodSource = SampleRequest::LodSource::Explicit;
      rq.lod = ops.lod.f(lane, 0);
    } else if (ops.gradX.present()) {
      rq.lodSource = SampleRequest::LodSource::Gradients;
      for (uint32_t k = 0; k < spatial && k < 3; ++k) {
        rq.ddx[k] = ops.gradX.f(lane, k);
        rq.ddy[k] = ops.gradY.f(lane, k);
      }
    } else if (derivatives) {
      rq.lodSource = SampleRequest::LodSource::Gradients;
      const bool full = quadDerivatives(exec, lane, spatial, [&](uint32_t l, double c[4]) { coordsOf(l, c); }, rq.ddx, rq.ddy);
      if (!full) [[unlikely]]
        exec.warning(inst, lane, "implicit lod in non-uniform control flow: part of the quad is inactive (undefined; the CPU device "
                                 "differences the active pairs, else uses 0)", kImageQuad);
    } else {
      rq.lodSource = SampleRequest::LodSource::Explicit;
      rq.lod = 0;
    }
    if (ops.bias.present()) rq.bias = ops.bias.f(lane, 0);
    if (ops.minLod.present()) rq.minLod = ops.minLod.f(lane, 0);
    if (ops.offset.present())
      for (uint32_t k = 0; k < spatial && k < 3; ++k) rq.offset[k] = int32_t(std::clamp<int64_t>(ops.offset.i(lane, k), -65536, 65536));
  }
};

void warnNoDerivatives(SubgroupExec& exec, const Inst& inst) {
  exec.warning(inst, exec.active().first(),
               "implicit lod in a compute shader without a DerivativeGroupQuadsNV or DerivativeGroupLinearNV execution mode (the CPU "
               "device samples lod 0)",
               kImageImplicitLod);
}

// OpImageSample*: aux: the image type.
void sampleHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const auto op = spv::Op(inst.opcode);
  const bool dref = op == spv::OpImageSampleDrefImplicitLod || op == spv::OpImageSampleDrefExplicitLod ||
                    op == spv::OpImageSampleProjDrefImplicitLod || op == spv::OpImageSampleProjDrefExplicitLod;
  const bool proj = op == spv::OpImageSampleProjImplicitLod || op == spv::OpImageSampleProjExplicitLod ||
                    op == spv::OpImageSampleProjDrefImplicitLod || op == spv::OpImageSampleProjDrefExplicitLod;
  const bool implicit = op == spv::OpImageSampleImplicitLod || op == spv::OpImageSampleDrefImplicitLod ||
                        op == spv::OpImageSampleProjImplicitLod || op == spv::OpImageSampleProjDrefImplicitLod;
  const ImageTypeInfo& type = m.type(inst.aux).image;
  HandleResolver resolver(exec, inst, type, true);
  const SampleSetup setup(exec, inst, type, dref, proj, implicit);
  if (implicit && !setup.derivatives) warnNoDerivatives(exec, inst);
  const ResultWriter writer = resultWriter(m, inst.typeId);
  const Ref handles = exec.operand(inst, 0), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) {
    if (exec.failed()) return;
    const ImageView* view = resolver.resolve(lane, imageHandleAt(m, inst.aux, handles, lane));
    if (!view) return zeroResult(exec, r, lane, inst);
    const SamplerResource& sampler = resolver.sampler();
    checkSamplerCompare(exec, inst, lane, sampler, dref);
    SampleRequest rq;
    setup.fill(exec, inst, lane, rq);
    SampleResult result;
    image::sample(*view, sampler, rq, result);
    if (result.issues) [[unlikely]]
      warnSampleIssues(exec, inst, lane, result.issues);
    const bool integer = view->format.isInteger() && !dref;
    if (!writer.write(r.at(lane), result.texel, integer, view->format.kind == TexelFormat::Kind::SInt)) [[unlikely]]
      warnMismatch(exec, inst, lane, integer);
  });
}

// OpImageGather, OpImageDrefGather: aux: the image type.
void gatherHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const bool dref = inst.opcode == spv::OpImageDrefGather;
  const ImageTypeInfo& type = m.type(inst.aux).image;
  HandleResolver resolver(exec, inst, type, true);
  const SampleSetup setup(exec, inst, type, dref, false, false);
  const Value component = dref ? Value{} : valueOf(exec, inst, 2);
  const ResultWriter writer = resultWriter(m, inst.typeId);
  const Ref handles = exec.operand(inst, 0), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) {
    if (exec.failed()) return;
    const ImageView* view = resolver.resolve(lane, imageHandleAt(m, inst.aux, handles, lane));
    if (!view) return zeroResult(exec, r, lane, inst);
    const SamplerResource& sampler = resolver.sampler();
    checkSamplerCompare(exec, inst, lane, sampler, dref);
    SampleRequest rq;
    setup.fill(exec, inst, lane, rq);
    rq.kind = SampleRequest::Kind::Gather;
    if (!dref) {
      const int64_t c = component.i(lane, 0);
      if (c < 0 || c > 3) [[unlikely]]
        exec.warning(inst, lane, "gather component " + std::to_string(c) + " is not 0..3 (the CPU device uses 3)", kImageUndefined + 3);
      rq.component = uint32_t(std::clamp<int64_t>(c, 0, 3));
    }
    if (setup.ops.offsets.present()) {
      rq.gatherOffsets = true;
      for (uint32_t k = 0; k < 4; ++k)
        for (uint32_t d = 0; d < 2; ++d) rq.offsets[k][d] = int32_t(std::clamp<int64_t>(setup.ops.offsets.i(lane, k * 2 + d), -65536, 65536));
    }
    SampleResult result;
    image::sample(*view, sampler, rq, result);
    if (result.issues & image::kSampleCubeNotSquare) [[unlikely]]
      warnSampleIssues(exec, inst, lane, image::kSampleCubeNotSquare);
    const bool integer = view->format.isInteger() && !dref;
    if (!writer.write(r.at(lane), result.texel, integer, view->format.kind == TexelFormat::Kind::SInt)) [[unlikely]]
      warnMismatch(exec, inst, lane, integer);
  });
}

// OpImageQueryLod: aux: the image type.
void queryLodHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const ImageTypeInfo& type = m.type(inst.aux).image;
  HandleResolver resolver(exec, inst, type, true);
  const SampleSetup setup(exec, inst, type, false, false, true);
  if (!setup.derivatives) warnNoDerivatives(exec, inst);
  const ResultWriter writer = resultWriter(m, inst.typeId);
  const Ref handles = exec.operand(inst, 0), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) {
    if (exec.failed()) return;
    const ImageView* view = resolver.resolve(lane, imageHandleAt(m, inst.aux, handles, lane));
    if (!view) return zeroResult(exec, r, lane, inst);
    SampleRequest rq;
    setup.fill(exec, inst, lane, rq);
    rq.kind = SampleRequest::Kind::QueryLod;
    SampleResult result;
    image::sample(*view, resolver.sampler(), rq, result);
    Texel t;
    t.f[0] = result.queryLod[0];
    t.f[1] = result.queryLod[1];
    writer.write(r.at(lane), t, false, false);
  });
}

// ---- queries --------------------------------------------------------------------------------------

// OpImageQuerySize, OpImageQuerySizeLod: width [, height] [, depth] [, layers] as the dim and
// arrayness say, in the result's integer width. aux: the image type.
void querySizeHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const ImageTypeInfo& type = m.type(inst.aux).image;
  HandleResolver resolver(exec, inst, type, false);
  const Value lod = inst.opcode == spv::OpImageQuerySizeLod ? valueOf(exec, inst, 1) : Value{};
  const ResultWriter writer = resultWriter(m, inst.typeId);
  const Ref handles = exec.operand(inst, 0), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) {
    if (exec.failed()) return;
    const Handle h = imageHandleAt(m, inst.aux, handles, lane);
    const ImageView* view = resolver.resolve(lane, h);
    if (!view) return zeroResult(exec, r, lane, inst);
    Texel t;
    for (uint32_t k = 0; k < 4; ++k) t.i[k] = 0;
    const int64_t level = lod.present() ? lod.i(lane, 0) : 0;
    if (level < 0 || level >= int64_t(view->mipLevels)) {
      exec.warning(inst, lane,
                   "level " + std::to_string(level) + " is not a level of image '" + imageLabel(exec, *view, h) + "' (" +
                       std::to_string(view->mipLevels) + " levels; undefined, the CPU device gives 0)",
                   kImageOutOfBounds);
    } else {
      const ImageView::Level& l = view->levels[level];
      uint32_t n = 0;
      t.i[n++] = l.width;
      if (type.dim != spv::Dim1D && type.dim != spv::DimBuffer) t.i[n++] = l.height;
      if (type.dim == spv::Dim3D) t.i[n++] = l.depth;
      if (type.arrayed) t.i[n++] = type.dim == spv::DimCube ? view->layers / 6 : view->layers;
    }
    writer.write(r.at(lane), t, true, false);
  });
}

// OpImageQueryLevels, OpImageQuerySamples. aux: the image type.
template <bool Levels>
void queryCountHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const ImageTypeInfo& type = m.type(inst.aux).image;
  HandleResolver resolver(exec, inst, type, false);
  const ResultWriter writer = resultWriter(m, inst.typeId);
  const Ref handles = exec.operand(inst, 0), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) {
    if (exec.failed()) return;
    const ImageView* view = resolver.resolve(lane, imageHandleAt(m, inst.aux, handles, lane));
    if (!view) return zeroResult(exec, r, lane, inst);
    Texel t;
    t.i[0] = Levels ? view->mipLevels : view->samples;
    writer.write(r.at(lane), t, true, false);
  });
}

// ---- texel pointers ---------------------------------------------------------------------------------

// OpImageTexelPointer. aux: the pointee's layout node; aux2: the image type.
void texelPointerHandler(SubgroupExec& exec, const Inst& inst) {
  const Module& m = exec.module();
  const ImageTypeInfo& type = m.type(inst.aux2).image;
  HandleResolver resolver(exec, inst, type, false);
  const Value coord = valueOf(exec, inst, 1), sampleValue = valueOf(exec, inst, 2);
  const Ref pointers = exec.operand(inst, 0), r = exec.result(inst);
  forActive(exec, [&](uint32_t lane) {
    if (exec.failed()) return;
    const Pointer p = load<Pointer>(pointers.at(lane));
    Pointer out{makeObject(ObjectKind::OutOfBounds, 0), inst.aux, 0};
    if (objectKind(p.object) == ObjectKind::OutOfBounds) {  // the access chain warned already
      std::memcpy(r.at(lane), &out, sizeof out);
      return;
    }
    if (objectKind(p.object) != ObjectKind::Descriptor) {
      exec.error(inst, lane, "OpImageTexelPointer needs a pointer to an image variable");
      return;
    }
    const uint32_t global = objectIndex(p.object);
    if (p.offset >= (uint64_t(1) << (64 - kTexelElementShift))) {
      exec.error(inst, lane, "descriptor element " + std::to_string(p.offset) + " is beyond what texel pointers address (2^24)");
      return;
    }
    const Handle h{global, uint32_t(p.offset), Handle::kNone, 0};
    const ImageView* view = resolver.resolve(lane, h);
    if (!view) {
      if (!exec.failed()) std::memcpy(r.at(lane), &out, sizeof out);  // a null descriptor: atomics read zero
      return;
    }
    const TexelCoord c = texelCoordOf(type, coord, lane);
    const int64_t sample = sampleValue.i(lane, 0);
    if (view->inBounds(0, c.x, c.y, c.z, c.layer, sample)) [[likely]] {
      const uint64_t offset = view->offsetOf(0, uint32_t(c.x), uint32_t(c.y), uint32_t(c.z), uint32_t(c.layer), uint32_t(sample));
      if (offset <= kTexelOffsetMask) {
        out = Pointer{makeObject(ObjectKind::ImageTexel, global), inst.aux, (p.offset << kTexelElementShift) | offset};
      } else {
        exec.error(inst, lane, "the texel lies beyond the 2^40 bytes texel pointers address");
        return;
      }
    } else {
      exec.warning(inst, lane,
                   "texel " + describeTexel(type, c, 0, sample) + " is out of bounds of image '" + imageLabel(exec, *view, h) + "' (" +
                       describeSize(*view) + "): atomics on it read zero and are dropped",
                   kImageOutOfBounds);
    }
    std::memcpy(r.at(lane), &out, sizeof out);
  });
}

// ---- binding ------------------------------------------------------------------------------------------

// The image type of operand 0 (an image or sampled image value), or null.
const Type* imageOperandType(BindContext& c) {
  const uint32_t t = c.operandType(0);
  if (!t) return nullptr;
  const Type& type = c.module.type(t);
  return type.kind == TypeKind::Image || type.kind == TypeKind::SampledImage ? &type : nullptr;
}

bool sampledDim(uint32_t dim) { return dim == spv::Dim1D || dim == spv::Dim2D || dim == spv::Dim3D || dim == spv::DimCube; }
bool texelDim(uint32_t dim) { return sampledDim(dim) || dim == spv::DimBuffer; }

// Checks the image operand mask against the ids that follow it.
bool checkImageOperands(BindContext& c) {
  const uint32_t maskIndex = maskIndexOf(spv::Op(c.inst.opcode));
  if (maskIndex >= c.inst.operandCount) return true;
  const Operand& maskOperand = c.operand(maskIndex);
  if (!maskOperand.isLiteral()) {
    c.error = "image operands mask is not a literal";
    return false;
  }
  const uint32_t mask = maskOperand.value;
  if (mask & ~kKnownImageOperands) {
    c.error = "unknown image operand bits 0x" + [&] {
      char text[16];
      std::snprintf(text, sizeof text, "%x", mask & ~kKnownImageOperands);
      return std::string(text);
    }();
    return false;
  }
  if (c.inst.operandCount != maskIndex + 1 + imageOperandIdCount(mask)) {
    c.error = "image operands do not match their mask";
    return false;
  }
  return true;
}

}  // namespace

bool bindImage(BindContext& c) {
  Inst& inst = c.inst;
  const auto op = spv::Op(inst.opcode);
  switch (op) {
    case spv::OpSampledImage:
      if (inst.operandCount != 2) return c.error = "OpSampledImage needs an image and a sampler", false;
      inst.handler = sampledImageHandler;
      return true;
    case spv::OpImage:
      if (inst.operandCount != 1) return c.error = "OpImage needs a sampled image", false;
      inst.handler = imageHandler;
      return true;
    case spv::OpImageFetch:
    case spv::OpImageRead:
    case spv::OpImageWrite: {
      const Type* t = imageOperandType(c);
      if (!t || !texelDim(t->image.dim) || inst.operandCount < (op == spv::OpImageWrite ? 3u : 2u)) return false;
      if (!checkImageOperands(c)) return false;
      inst.aux = t->id;
      inst.handler = op == spv::OpImageWrite ? writeHandler : fetchHandler;
      return true;
    }
    case spv::OpImageSampleImplicitLod:
    case spv::OpImageSampleExplicitLod:
    case spv::OpImageSampleDrefImplicitLod:
    case spv::OpImageSampleDrefExplicitLod:
    case spv::OpImageSampleProjImplicitLod:
    case spv::OpImageSampleProjExplicitLod:
    case spv::OpImageSampleProjDrefImplicitLod:
    case spv::OpImageSampleProjDrefExplicitLod:
    case spv::OpImageGather:
    case spv::OpImageDrefGather:
    case spv::OpImageQueryLod: {
      const Type* t = imageOperandType(c);
      if (!t || t->kind != TypeKind::SampledImage || !sampledDim(t->image.dim) || inst.operandCount < 2) return false;
      if ((op == spv::OpImageGather || op == spv::OpImageDrefGather) && t->image.dim != spv::Dim2D && t->image.dim != spv::DimCube) return false;
      const bool third = op == spv::OpImageGather || op == spv::OpImageDrefGather || op == spv::OpImageSampleDrefImplicitLod ||
                         op == spv::OpImageSampleDrefExplicitLod || op == spv::OpImageSampleProjDrefImplicitLod ||
                         op == spv::OpImageSampleProjDrefExplicitLod;
      if (third && inst.operandCount < 3) return c.error = "image instruction is missing an operand", false;
      if (!checkImageOperands(c)) return false;
      inst.aux = t->id;
      if (op == spv::OpImageGather || op == spv::OpImageDrefGather) inst.handler = gatherHandler;
      else if (op == spv::OpImageQueryLod) inst.handler = queryLodHandler;
      else inst.handler = sampleHandler;
      return true;
    }
    case spv::OpImageQuerySize:
    case spv::OpImageQuerySizeLod:
    case spv::OpImageQueryLevels:
    case spv::OpImageQuerySamples: {
      const Type* t = imageOperandType(c);
      if (!t || !texelDim(t->image.dim)) return false;
      if (op == spv::OpImageQuerySizeLod && inst.operandCount < 2) return c.error = "OpImageQuerySizeLod needs a level", false;
      const Scalar s = scalarOf(c.module, inst.typeId);
      if (isFloat(s) || s == Scalar::Other || s == Scalar::Bool) return c.error = "image query with a non-integer result", false;
      inst.aux = t->id;
      if (op == spv::OpImageQueryLevels) inst.handler = queryCountHandler<true>;
      else if (op == spv::OpImageQuerySamples) inst.handler = queryCountHandler<false>;
      else inst.handler = querySizeHandler;
      return true;
    }
    case spv::OpImageTexelPointer: {
      if (inst.operandCount != 3) return c.error = "OpImageTexelPointer needs an image, a coordinate and a sample", false;
      const Type& pointer = c.module.type(c.operandType(0));
      if (pointer.kind != TypeKind::Pointer || c.module.type(pointer.element).kind != TypeKind::Image) return false;
      const Type& image = c.module.type(pointer.element);
      if (!texelDim(image.image.dim)) return false;
      const Type& result = c.resultType();
      if (result.kind != TypeKind::Pointer) return c.error = "OpImageTexelPointer's result is not a pointer", false;
      inst.aux = c.module.layoutOf(result.element);
      inst.aux2 = image.id;
      inst.handler = texelPointerHandler;
      return true;
    }
    default:
      return false;
  }
}

// The memory behind an OpImageTexelPointer pointer (the encoding is described at the top).
uint8_t* SubgroupExec::imageTexel(const Pointer& p, uint32_t lane, uint64_t bytes, Access access, const Inst& inst) {
  const uint32_t global = objectIndex(p.object);
  const uint32_t element = uint32_t(p.offset >> kTexelElementShift);
  const uint64_t offset = p.offset & kTexelOffsetMask;
  if (global >= module_.globals.size()) {
    error(inst, lane, "texel pointer names no image variable");
    return nullptr;
  }
  const ImageResource* image = run_.image(global, element);
  if (!image) {
    if (module_.globals[global].descriptorArray) {
      warning(inst, lane, "image " + describeVariable(module_, global, element) + " holds no image (a null descriptor): the atomic reads zero",
              kImageNullDescriptor);
      return nullptr;
    }
    error(inst, lane, "image " + describeVariable(module_, global, element) + " is not bound");
    return nullptr;
  }
  const std::string label = image->label.empty() ? variableName(module_, global, element) : image->label;
  if (access != Access::Read && !image->writable) {
    warning(inst, lane, "atomic on read-only image '" + label + "' dropped", kImageWriteDropped);
    return nullptr;
  }
  const uint32_t texelBytes = image->format.texelBytes();
  if (bytes > texelBytes) {
    warning(inst, lane,
            "an access of " + std::to_string(bytes) + " bytes to a texel of " + std::to_string(texelBytes) + " bytes of image '" + label +
                "' (reads zero / is dropped)",
            kImageMismatch);
    return nullptr;
  }
  if (!image->data || offset > image->size || bytes > image->size - offset) {
    warning(inst, lane, "texel pointer beyond the data of image '" + label + "' (reads zero / is dropped)", kImageOutOfBounds);
    return nullptr;
  }
  uint8_t* at = image->data + offset;
  if (access == Access::Atomic && bytes && (reinterpret_cast<uintptr_t>(at) % bytes) != 0) {
    error(inst, lane, "texel of image '" + label + "' is not aligned for an atomic access");
    return nullptr;
  }
  if (access != Access::Read) {
    traceWrite(ObjectKind::ImageTexel, global, lane, offset, at, uint32_t(bytes));
    noteWrite(at, bytes, inst, lane);
  }
  return at;
}

}  // namespace sl::interp
