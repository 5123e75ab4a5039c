#include "renderer/offload/Generate.h"

#include "renderer/offload/ConciseItems.h"
#include "renderer/offload/HeapLayout.h"
#include "renderer/offload/PipelinePrinter.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <map>
#include <set>

namespace sl::offload {

std::vector<RegisterShift> registerShiftsFromArgs(const std::vector<std::string>& args) {
  std::vector<RegisterShift> out;
  for (size_t i = 0; i + 2 < args.size(); ++i) {
    const std::string& a = args[i];
    if (a.size() != 12 || a.rfind("-fvk-", 0) != 0 || a.compare(6, 6, "-shift") != 0) continue;
    const char cls = a[5];
    if (cls != 'b' && cls != 't' && cls != 'u' && cls != 's') continue;
    RegisterShift s;
    s.registerClass = cls;
    char* end = nullptr;
    s.shift = uint32_t(std::strtoul(args[i + 1].c_str(), &end, 10));
    if (args[i + 1].empty() || *end) continue;
    if (args[i + 2] != "all") {
      std::string space = args[i + 2];
      if (space.rfind("space", 0) == 0) space = space.substr(5);  // DXC takes both "1" and "space1"
      s.space = uint32_t(std::strtoul(space.c_str(), &end, 10));
      if (space.empty() || *end) continue;
    }
    out.push_back(s);
    i += 2;
  }
  return out;
}

namespace {

constexpr uint32_t kMaxBufferBytes = 1u << 20;
constexpr uint32_t kGlCompute = 5;

std::string str(uint64_t v) { return std::to_string(v); }
std::string where(const ReflectedBinding& b) { return "set " + str(b.set) + " binding " + str(b.binding); }
std::string nameOf(const ReflectedBinding& b) { return b.name.empty() ? "the binding at " + where(b) : "'" + b.name + "'"; }

// splitmix64: a small, well-mixed, portable sequence.
struct Rng {
  uint64_t state = 0;
  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

uint64_t hashName(std::string_view s) {
  uint64_t h = 0xcbf29ce484222325ull;
  for (char c : s) h = (h ^ uint8_t(c)) * 0x100000001b3ull;
  return h;
}

// Exact for the values the pattern produces (zero, or normal with at most 11 significant bits).
uint16_t halfBits(float f) {
  uint32_t b;
  std::memcpy(&b, &f, 4);
  const uint16_t sign = uint16_t((b >> 16) & 0x8000);
  if ((b & 0x7FFFFFFF) == 0) return sign;
  const int exponent = int((b >> 23) & 0xFF) - 127 + 15;
  return uint16_t(sign | (uint32_t(exponent) << 10) | ((b >> 13) & 0x3FF));
}

// The data pattern: floats in [-4, 4] in steps of 1/16 (exact in every float format and in the
// YAML's %g), one in eight an exact small value; integers in [0, modulus); bools 0/1.
struct Filler {
  Rng rng;
  uint32_t intModulus = 1000;

  float nextFloat() {
    static const float kExact[8] = {0.0f, 1.0f, -1.0f, 0.5f, 2.0f, -0.5f, 4.0f, 0.25f};
    const uint64_t v = rng.next();
    if ((v & 7) == 0) return kExact[(v >> 3) & 7];
    return float(int((v >> 8) % 129) - 64) / 16.0f;
  }

  void write(uint8_t* p, ScalarKind kind, uint8_t bits) {
    switch (kind) {
      case ScalarKind::Float: {
        const float f = nextFloat();
        if (bits == 16) {
          const uint16_t h = halfBits(f);
          std::memcpy(p, &h, 2);
        } else if (bits == 64) {
          const double d = f;
          std::memcpy(p, &d, 8);
        } else {
          std::memcpy(p, &f, 4);
        }
        return;
      }
      case ScalarKind::Bool: {
        const uint32_t v = uint32_t(rng.next() & 1);
        std::memcpy(p, &v, 4);
        return;
      }
      case ScalarKind::SInt:
      case ScalarKind::UInt: {
        const uint64_t v = rng.next() % std::max<uint32_t>(1, intModulus);
        std::memcpy(p, &v, std::min<uint32_t>(8, std::max<uint32_t>(1, bits / 8)));
        return;
      }
    }
  }
};

DataFormat formatFor(ScalarKind kind, uint8_t bits) {
  switch (kind) {
    case ScalarKind::Float: return bits == 16 ? DataFormat::Float16 : bits == 64 ? DataFormat::Float64 : DataFormat::Float32;
    case ScalarKind::Bool: return DataFormat::UInt32;
    case ScalarKind::UInt:
      return bits == 8 ? DataFormat::Hex8 : bits == 16 ? DataFormat::UInt16 : bits == 64 ? DataFormat::UInt64 : DataFormat::UInt32;
    case ScalarKind::SInt:
      return bits == 8 ? DataFormat::Hex8 : bits == 16 ? DataFormat::Int16 : bits == 64 ? DataFormat::Int64 : DataFormat::Int32;
  }
  return DataFormat::Hex32;
}

// The Format of a block's data: its scalars' own when they all agree, else HexN of the narrowest
// scalar (so every value prints exactly and every scalar starts on an element).
DataFormat formatForScalars(const std::vector<ReflectedScalar>& a, const std::vector<ReflectedScalar>& b) {
  std::optional<DataFormat> common;
  bool mixed = false;
  uint8_t narrowest = 64;
  for (const auto* list : {&a, &b})
    for (const ReflectedScalar& s : *list) {
      const DataFormat f = formatFor(s.kind, s.bits);
      if (common && *common != f) mixed = true;
      common = f;
      narrowest = std::min<uint8_t>(narrowest, s.kind == ScalarKind::Bool ? 32 : s.bits);
    }
  if (!common) return DataFormat::Hex32;
  if (!mixed) return *common;
  return narrowest <= 8 ? DataFormat::Hex8 : narrowest <= 16 ? DataFormat::Hex16 : narrowest <= 32 ? DataFormat::Hex32 : DataFormat::Hex64;
}

struct TexelFormat {
  DataFormat format = DataFormat::Float32;
  int channels = 4;
  ScalarKind kind = ScalarKind::Float;
  uint8_t bits = 32;
};

// SPIR-V ImageFormat -> Format x Channels; Unknown takes the sampled type with 4 channels.
std::optional<TexelFormat> texelFormatOf(const ReflectedImage& im, std::string& why) {
  using K = ScalarKind;
  auto make = [](DataFormat f, int c, K k, uint8_t bits) { return TexelFormat{f, c, k, bits}; };
  switch (im.format) {
    case 0:
      return make(formatFor(im.sampledKind, im.sampledBits), 4, im.sampledKind, im.sampledBits);
    case 1: return make(DataFormat::Float32, 4, K::Float, 32);   // Rgba32f
    case 2: return make(DataFormat::Float16, 4, K::Float, 16);   // Rgba16f
    case 3: return make(DataFormat::Float32, 1, K::Float, 32);   // R32f
    case 6: return make(DataFormat::Float32, 2, K::Float, 32);   // Rg32f
    case 7: return make(DataFormat::Float16, 2, K::Float, 16);   // Rg16f
    case 9: return make(DataFormat::Float16, 1, K::Float, 16);   // R16f
    case 21: return make(DataFormat::Int32, 4, K::SInt, 32);     // Rgba32i
    case 22: return make(DataFormat::Int16, 4, K::SInt, 16);     // Rgba16i
    case 24: return make(DataFormat::Int32, 1, K::SInt, 32);     // R32i
    case 25: return make(DataFormat::Int32, 2, K::SInt, 32);     // Rg32i
    case 26: return make(DataFormat::Int16, 2, K::SInt, 16);     // Rg16i
    case 28: return make(DataFormat::Int16, 1, K::SInt, 16);     // R16i
    case 30: return make(DataFormat::UInt32, 4, K::UInt, 32);    // Rgba32ui
    case 31: return make(DataFormat::UInt16, 4, K::UInt, 16);    // Rgba16ui
    case 32: return make(DataFormat::Hex8, 4, K::UInt, 8);       // Rgba8ui
    case 33: return make(DataFormat::UInt32, 1, K::UInt, 32);    // R32ui
    case 35: return make(DataFormat::UInt32, 2, K::UInt, 32);    // Rg32ui
    case 36: return make(DataFormat::UInt16, 2, K::UInt, 16);    // Rg16ui
    case 37: return make(DataFormat::Hex8, 2, K::UInt, 8);       // Rg8ui
    case 38: return make(DataFormat::UInt16, 1, K::UInt, 16);    // R16ui
    case 39: return make(DataFormat::Hex8, 1, K::UInt, 8);       // R8ui
    case 40: return make(DataFormat::UInt64, 1, K::UInt, 64);    // R64ui
    case 41: return make(DataFormat::Int64, 1, K::SInt, 64);     // R64i
    default: break;
  }
  static const std::map<uint32_t, const char*> kNames = {
      {4, "Rgba8"}, {5, "Rgba8Snorm"}, {8, "R11fG11fB10f"}, {10, "Rgba16"}, {11, "Rgb10A2"}, {12, "Rg16"},
      {13, "Rg8"}, {14, "R16"}, {15, "R8"}, {16, "Rgba16Snorm"}, {17, "Rg16Snorm"}, {18, "Rg8Snorm"},
      {19, "R16Snorm"}, {20, "R8Snorm"}, {23, "Rgba8i"}, {27, "Rg8i"}, {29, "R8i"}, {34, "Rgb10a2ui"}};
  auto n = kNames.find(im.format);
  why = std::string("image format ") + (n != kNames.end() ? n->second : ("#" + str(im.format)).c_str()) +
        ", which the pipeline YAML has no Format for (only [U]Int8/16/32/64 and Float16/32/64 channels)";
  return std::nullopt;
}

// The element of an HLSL typed-buffer type name, "RWBuffer<uint2>" -> UInt32 x 2.
std::optional<TexelFormat> texelFormatOfName(std::string_view type) {
  const size_t lt = type.find('<'), gt = type.rfind('>');
  if (lt == std::string_view::npos || gt == std::string_view::npos || gt < lt) return std::nullopt;
  std::string arg;
  for (char c : type.substr(lt + 1, gt - lt - 1))
    if (c != ' ') arg += c;
  int channels = 1;
  if (!arg.empty() && arg.back() >= '1' && arg.back() <= '4' && arg.size() > 1 && !std::isdigit(uint8_t(arg[arg.size() - 2]))) {
    channels = arg.back() - '0';
    arg.pop_back();
  }
  using K = ScalarKind;
  static const std::map<std::string, std::pair<K, uint8_t>> kScalars = {
      {"float", {K::Float, 32}}, {"float32_t", {K::Float, 32}}, {"min16float", {K::Float, 32}}, {"min10float", {K::Float, 32}},
      {"half", {K::Float, 16}}, {"float16_t", {K::Float, 16}}, {"double", {K::Float, 64}}, {"float64_t", {K::Float, 64}},
      {"int", {K::SInt, 32}}, {"int32_t", {K::SInt, 32}}, {"min16int", {K::SInt, 32}}, {"int16_t", {K::SInt, 16}},
      {"int64_t", {K::SInt, 64}}, {"uint", {K::UInt, 32}}, {"uint32_t", {K::UInt, 32}}, {"dword", {K::UInt, 32}},
      {"min16uint", {K::UInt, 32}}, {"uint16_t", {K::UInt, 16}}, {"uint64_t", {K::UInt, 64}}, {"bool", {K::UInt, 32}}};
  auto it = kScalars.find(arg);
  if (it == kScalars.end()) return std::nullopt;
  return TexelFormat{formatFor(it->second.first, it->second.second), channels, it->second.first, it->second.second};
}

bool isTwoDimensional(const ReflectedImage& im) { return im.dim == 1 && !im.arrayed && !im.multisampled; }

std::string imageShape(const ReflectedImage& im) {
  static const char* kDims[] = {"1D", "2D", "3D", "Cube", "Rect", "Buffer", "SubpassData"};
  std::string s = im.dim < 7 ? kDims[im.dim] : "dim " + str(im.dim);
  if (im.arrayed) s += " arrayed";
  if (im.multisampled) s += " multisampled";
  return s;
}

// How a storage buffer's block name says it was declared (DXC's and our names), else read-only-ness.
ResourceKind storageKindOf(std::string_view typeName, bool readOnly) {
  auto starts = [&](std::string_view p) { return typeName.starts_with(p); };
  if (starts("type.RWByteAddressBuffer")) return ResourceKind::RWByteAddressBuffer;
  if (starts("type.ByteAddressBuffer")) return ResourceKind::ByteAddressBuffer;
  if (starts("type.RWStructuredBuffer") || starts("type.AppendStructuredBuffer") || starts("type.ConsumeStructuredBuffer"))
    return ResourceKind::RWStructuredBuffer;
  if (starts("type.StructuredBuffer")) return ResourceKind::StructuredBuffer;
  return readOnly ? ResourceKind::StructuredBuffer : ResourceKind::RWStructuredBuffer;
}

char registerClassOf(ResourceKind kind) {
  if (kind == ResourceKind::ConstantBuffer) return 'b';
  if (kind == ResourceKind::Sampler) return 's';
  return isReadWrite(kind) ? 'u' : 't';
}

std::optional<ResourceKind> heapKindOf(std::string_view type) {
  const std::string_view base = type.substr(0, type.find('<'));
  if (base == "Buffer") return ResourceKind::Buffer;
  if (base == "RWBuffer") return ResourceKind::RWBuffer;
  if (base == "StructuredBuffer") return ResourceKind::StructuredBuffer;
  if (base == "RWStructuredBuffer" || base == "AppendStructuredBuffer" || base == "ConsumeStructuredBuffer")
    return ResourceKind::RWStructuredBuffer;
  if (base == "ByteAddressBuffer") return ResourceKind::ByteAddressBuffer;
  if (base == "RWByteAddressBuffer") return ResourceKind::RWByteAddressBuffer;
  if (base == "ConstantBuffer") return ResourceKind::ConstantBuffer;
  if (base == "Texture2D") return ResourceKind::Texture2D;
  if (base == "RWTexture2D") return ResourceKind::RWTexture2D;
  return std::nullopt;
}

class Generator {
 public:
  Generator(const ReflectedModule& module, const GenerateOptions& options) : m_(module), o_(options) {}

  GenerateResult run() {
    if (!m_.ok()) return fail("cannot read the shader: " + m_.error);
    const ReflectedEntryPoint* entry = nullptr;
    for (const ReflectedEntryPoint& e : m_.entryPoints)
      if (e.executionModel == kGlCompute && (o_.entry.empty() || e.name == o_.entry)) {
        entry = &e;
        break;
      }
    if (!entry) {
      std::string have;
      for (const ReflectedEntryPoint& e : m_.entryPoints)
        if (e.executionModel == kGlCompute) have += (have.empty() ? "" : ", ") + e.name;
      if (o_.entry.empty()) return fail("the shader has no compute entry point");
      return fail("the shader has no compute entry point '" + o_.entry + "'" + (have.empty() ? "" : " (it has: " + have + ")"));
    }
    entry_ = entry;
    p_.shaders.push_back(Shader{Stage::Compute, entry->name, {}, {}});
    p_.dispatch.groupCount = o_.groups ? *o_.groups : defaultGroups(entry->localSize);
    for (uint32_t& g : p_.dispatch.groupCount) g = std::max<uint32_t>(g, 1);
    uint64_t invocations = 1;
    for (int i = 0; i < 3; ++i) invocations *= uint64_t(p_.dispatch.groupCount[i]) * std::max<uint32_t>(1, entry->localSize[i]);
    elements_ = o_.elements ? o_.elements : uint32_t(std::min<uint64_t>(std::max<uint64_t>(64, 2 * invocations), 1u << 24));

    if (!planHeaps()) return fail(error_);
    if (!planBindings()) return fail(error_);
    if (!addPushConstants()) return fail(error_);
    if (!addHeapResources()) return fail(error_);
    if (p_.sets.empty()) p_.sets.emplace_back();
    GenerateResult r;
    r.pipeline = std::move(p_);
    r.notes = std::move(notes_);
    return r;
  }

 private:
  GenerateResult fail(std::string message) {
    GenerateResult r;
    r.error = std::move(message);
    return r;
  }

  bool failWith(std::string message) {
    error_ = std::move(message);
    return false;
  }

  // Enough workgroups for o_.invocations, spread like the workgroup: a square grid for 2D
  // workgroups, a cube-ish one for 3D, a line for 1D.
  std::array<uint32_t, 3> defaultGroups(const std::array<uint32_t, 3>& local) const {
    const uint64_t target = std::max<uint32_t>(1, o_.invocations);
    const uint64_t lx = std::max<uint32_t>(1, local[0]), ly = std::max<uint32_t>(1, local[1]), lz = std::max<uint32_t>(1, local[2]);
    auto ceilDiv = [](uint64_t a, uint64_t b) { return uint32_t(std::max<uint64_t>(1, (a + b - 1) / b)); };
    if (lx * ly * lz >= target) return {1, 1, 1};
    if (ly == 1 && lz == 1) return {ceilDiv(target, lx), 1, 1};
    if (lz == 1) {
      const uint64_t side = uint64_t(std::ceil(std::sqrt(double(target))));
      return {ceilDiv(side, lx), ceilDiv(side, ly), 1};
    }
    const uint64_t side = uint64_t(std::ceil(std::cbrt(double(target))));
    return {ceilDiv(side, lx), ceilDiv(side, ly), ceilDiv(side, lz)};
  }

  Filler fillerFor(std::string_view name, uint32_t intModulus = 1000) const {
    Filler f;
    f.rng.state = o_.seed * 0x9E3779B97F4A7C15ull ^ hashName(name);
    f.intModulus = intModulus;
    return f;
  }

  std::string uniqueName(std::string base) {
    if (base.empty()) base = "Resource";
    std::string name = base;
    for (int i = 1; usedNames_.count(name); ++i) name = base + "_" + str(i);
    usedNames_.insert(name);
    return name;
  }

  // A buffer laid out as `block` (fixed part + `elements` runtime-array elements), every scalar
  // filled; `arraySize` descriptor-array elements, each with its own data.
  Buffer blockBuffer(const std::string& name, const ReflectedBlock& block, uint32_t arraySize, bool constant,
                     uint32_t intModulus) {
    Buffer b;
    b.name = name;
    b.format = formatForScalars(block.scalars, block.elementScalars);
    const uint32_t fsize = dataFormatSize(b.format);
    uint32_t elements = block.runtimeStride ? elements_ : 0;
    if (block.runtimeStride && uint64_t(block.runtimeOffset) + uint64_t(elements) * block.runtimeStride > kMaxBufferBytes) {
      elements = std::max<uint32_t>(1, (kMaxBufferBytes - std::min(block.runtimeOffset, kMaxBufferBytes)) / block.runtimeStride);
      notes_.push_back("'" + name + "': " + str(elements) + " elements (a buffer is at most 1 MiB)");
    }
    uint64_t size = block.runtimeStride ? uint64_t(block.runtimeOffset) + uint64_t(elements) * block.runtimeStride : block.size;
    const uint32_t align = constant ? 16 : std::max<uint32_t>(4, fsize);
    size = std::max<uint64_t>(align, (size + align - 1) / align * align);
    b.size = uint32_t(size);
    b.arraySize = std::max<uint32_t>(1, arraySize);
    if (block.truncated) notes_.push_back("'" + name + "': only the first " + str(kMaxReflectedScalars) + " scalars are filled");
    Filler f = fillerFor(name, intModulus);
    for (uint32_t a = 0; a < b.arraySize; ++a) {
      std::vector<uint8_t> data(b.size, 0);
      auto put = [&](uint64_t offset, const ReflectedScalar& s) {
        const uint32_t bytes = s.kind == ScalarKind::Bool ? 4 : std::max<uint32_t>(1, s.bits / 8);
        if (offset + bytes <= data.size()) f.write(data.data() + offset, s.kind, s.bits);
      };
      for (const ReflectedScalar& s : block.scalars) put(s.offset, s);
      for (uint32_t e = 0; e < elements; ++e)
        for (const ReflectedScalar& s : block.elementScalars) put(uint64_t(block.runtimeOffset) + uint64_t(e) * block.runtimeStride + s.offset, s);
      b.data.push_back(std::move(data));
    }
    return b;
  }

  // Texel data: a typed buffer of `elements` texels, or a width x height texture (one mip).
  Buffer texelBuffer(const std::string& name, const TexelFormat& tf, uint32_t arraySize, bool texture) {
    Buffer b;
    b.name = name;
    b.format = tf.format;
    b.channels = tf.channels;
    const uint32_t texelBytes = dataFormatSize(tf.format) * uint32_t(tf.channels);
    uint64_t texels = texture ? uint64_t(o_.textureWidth) * o_.textureHeight : elements_;
    if (!texture && texels * texelBytes > kMaxBufferBytes) {
      texels = kMaxBufferBytes / texelBytes;
      notes_.push_back("'" + name + "': " + str(texels) + " elements (a buffer is at most 1 MiB)");
    }
    if (texture) {
      b.outputProps.width = int(o_.textureWidth);
      b.outputProps.height = int(o_.textureHeight);
      b.outputProps.depth = 1;
      b.outputProps.mipLevels = 1;
    }
    b.size = uint32_t(std::max<uint64_t>(1, texels) * texelBytes);
    b.arraySize = std::max<uint32_t>(1, arraySize);
    Filler f = fillerFor(name);
    const uint32_t scalarBytes = dataFormatSize(tf.format);
    for (uint32_t a = 0; a < b.arraySize; ++a) {
      std::vector<uint8_t> data(b.size, 0);
      for (uint32_t at = 0; at + scalarBytes <= b.size; at += scalarBytes) f.write(data.data() + at, tf.kind, tf.bits);
      b.data.push_back(std::move(data));
    }
    return b;
  }

  int addBuffer(Buffer b) {
    p_.buffers.push_back(std::move(b));
    return int(p_.buffers.size() - 1);
  }

  int addSampler(const std::string& name, bool comparison) {
    Sampler s;
    s.name = name;
    if (comparison) {
      s.kind = SamplerKind::SamplerComparison;
      s.comparisonOp = CompareOp::LessEqual;
    }
    p_.samplers.push_back(s);
    return int(p_.samplers.size() - 1);
  }

  DirectXBinding dxBindingOf(ResourceKind kind, uint32_t set, uint32_t binding) const {
    const char cls = registerClassOf(kind);
    DirectXBinding dx{binding, set};
    for (const RegisterShift& s : o_.shifts)
      if (s.registerClass == cls && (!s.space || *s.space == set) && binding >= s.shift) dx.registerIndex = binding - s.shift;
    return dx;
  }

  // Kind, buffer and sampler of one bound descriptor (or of one heap slot's view).
  struct Made {
    ResourceKind kind = ResourceKind::Buffer;
    int buffer = -1, sampler = -1;
  };

  bool makeResource(const ReflectedBinding& b, const std::string& name, ResourceKind kind, uint32_t arraySize,
                    uint32_t intModulus, Made& made) {
    made.kind = kind;
    switch (kind) {
      case ResourceKind::StructuredBuffer: case ResourceKind::RWStructuredBuffer:
      case ResourceKind::ByteAddressBuffer: case ResourceKind::RWByteAddressBuffer:
      case ResourceKind::ConstantBuffer: {
        const bool constant = kind == ResourceKind::ConstantBuffer;
        Buffer buf = blockBuffer(name, b.block, arraySize, constant, constant ? intModulus : 1000);
        const bool structured = kind == ResourceKind::StructuredBuffer || kind == ResourceKind::RWStructuredBuffer;
        if (structured && b.block.size == 0 && b.block.runtimeStride && b.block.runtimeStride % dataFormatSize(buf.format) == 0)
          buf.stride = int(b.block.runtimeStride);
        made.buffer = addBuffer(std::move(buf));
        return true;
      }
      case ResourceKind::Buffer: case ResourceKind::RWBuffer: {
        // A typed buffer: a texel buffer, or (portable heap form) a storage buffer of its texels.
        std::optional<TexelFormat> tf;
        std::string why;
        if (b.type == DescriptorType::StorageBuffer) {
          // The element type is in the heap array's name (the block may have only the accessed
          // members after qptr lifting), else in the runtime array's element.
          tf = texelFormatOfName(b.name);
          const auto& s = b.block.elementScalars;
          if (!tf && !s.empty() && s.size() <= 4) tf = TexelFormat{formatFor(s[0].kind, s[0].bits), int(s.size()), s[0].kind, s[0].bits};
          if (!tf) return failWith("the shader's " + nameOf(b) + " has no typed-buffer element type");
        } else {
          tf = texelFormatOf(b.image, why);
        }
        if (!tf) return failWith("the shader's " + nameOf(b) + " (" + descriptorTypeName(b.type) + " at " + where(b) + ") has " + why);
        made.buffer = addBuffer(texelBuffer(name, *tf, arraySize, false));
        return true;
      }
      case ResourceKind::Texture2D: case ResourceKind::RWTexture2D: case ResourceKind::SampledTexture2D: {
        if (!isTwoDimensional(b.image))
          return failWith("the shader's " + nameOf(b) + " (" + descriptorTypeName(b.type) + " at " + where(b) + ") is a " +
                          imageShape(b.image) + " image: the pipeline YAML has 2D textures only");
        std::string why;
        std::optional<TexelFormat> tf = texelFormatOf(b.image, why);
        if (!tf) return failWith("the shader's " + nameOf(b) + " (" + descriptorTypeName(b.type) + " at " + where(b) + ") has " + why);
        if (tf->channels == 3) tf->channels = 4;
        made.buffer = addBuffer(texelBuffer(name, *tf, arraySize, true));
        if (kind == ResourceKind::SampledTexture2D) made.sampler = addSampler(name, false);
        return true;
      }
      case ResourceKind::Sampler:
        made.sampler = addSampler(name, false);
        return true;
      case ResourceKind::AccelerationStructure:
        break;
    }
    return failWith("the shader's " + nameOf(b) + " (" + descriptorTypeName(b.type) + " at " + where(b) +
                    ") has no pipeline resource kind (acceleration structures are not supported)");
  }

  std::optional<ResourceKind> boundKindOf(const ReflectedBinding& b) {
    switch (b.type) {
      case DescriptorType::StorageBuffer: return storageKindOf(b.typeName, b.readOnly);
      case DescriptorType::UniformBuffer: return ResourceKind::ConstantBuffer;
      case DescriptorType::UniformTexelBuffer: return ResourceKind::Buffer;
      case DescriptorType::StorageTexelBuffer: return ResourceKind::RWBuffer;
      case DescriptorType::SampledImage: return ResourceKind::Texture2D;
      case DescriptorType::StorageImage: return ResourceKind::RWTexture2D;
      case DescriptorType::Sampler: return ResourceKind::Sampler;
      case DescriptorType::CombinedImageSampler: return ResourceKind::SampledTexture2D;
      case DescriptorType::AccelerationStructure: break;
    }
    error_ = "the shader's " + nameOf(b) + " at " + where(b) + " is an acceleration structure: not supported";
    return std::nullopt;
  }

  bool planBindings() {
    // Counters (DXC's and our naming: counter_var_<resource>) go with their resources.
    std::map<std::string, const ReflectedBinding*> counters;
    std::vector<const ReflectedBinding*> ordinary;
    for (const ReflectedBinding& b : m_.bindings) {
      if (heapRoleOf(b) != HeapRole::None) continue;
      if (b.type == DescriptorType::StorageBuffer && b.name.rfind("counter_var_", 0) == 0) {
        counters[b.name.substr(12)] = &b;
        continue;
      }
      ordinary.push_back(&b);
    }
    std::vector<const ReflectedBinding*> chosen;
    std::set<std::string> withCounter;
    for (const ReflectedBinding* b : ordinary) {
      auto c = counters.find(b->name);
      const bool counterUsed = c != counters.end() && used(*c->second);
      if (!used(*b) && !counterUsed) continue;
      chosen.push_back(b);
      if (counterUsed) withCounter.insert(b->name);
    }
    for (const auto& [resource, c] : counters)
      if (used(*c) && !withCounter.count(resource))
        return failWith("the shader's counter " + nameOf(*c) + " at " + where(*c) + " belongs to no resource named '" + resource + "'");

    // Two used descriptors at one slot cannot both be given a resource.
    std::map<std::pair<uint32_t, uint32_t>, const ReflectedBinding*> slots;
    auto claim = [&](const ReflectedBinding& b) {
      auto [it, fresh] = slots.insert({{b.set, b.binding}, &b});
      if (fresh) return true;
      return failWith("the shader's " + nameOf(*it->second) + " (" + descriptorTypeName(it->second->type) + ") and " + nameOf(b) +
                      " (" + descriptorTypeName(b.type) + ") share " + where(b) +
                      " (DXC's default mapping gives register(xN, spaceM) of every class set M binding N): compile with "
                      "-fvk-{b,t,u,s}-shift or [[vk::binding]] to separate them");
    };
    for (const ReflectedBinding* b : chosen) {
      if (!claim(*b)) return false;
      if (withCounter.count(b->name) && !claim(*counters[b->name])) return false;
    }

    const uint32_t intModulus = heapModulus_ ? heapModulus_ : 1000;
    for (const ReflectedBinding* b : chosen) {
      std::optional<ResourceKind> kind = boundKindOf(*b);
      if (!kind) return false;
      const uint32_t arraySize = b->arrayCount ? b->arrayCount : o_.runtimeDescriptorCount;
      if (b->arrayCount == 0)
        notes_.push_back(nameOf(*b) + " is an unbounded descriptor array: given " + str(arraySize) + " descriptors");
      const std::string name = uniqueName(b->name.empty() ? "Binding" + str(b->set) + "_" + str(b->binding) : b->name);
      Made made;
      if (!makeResource(*b, name, *kind, arraySize, intModulus, made)) return false;
      Resource r;
      r.name = name;
      r.kind = made.kind;
      r.bufferIndex = made.buffer;
      r.samplerIndex = made.sampler;
      r.dxBinding = dxBindingOf(made.kind, b->set, b->binding);
      r.vkBinding = VulkanBinding{b->binding, std::nullopt};
      if (withCounter.count(b->name)) {
        const ReflectedBinding& c = *counters[b->name];
        if (c.set != b->set)
          return failWith("the counter of " + nameOf(*b) + " is in set " + str(c.set) + ", not the resource's set " + str(b->set) +
                          ": the pipeline YAML puts a counter in its resource's set");
        r.vkBinding->counterBinding = c.binding;
        r.hasCounter = true;
      }
      if (p_.sets.size() <= b->set) p_.sets.resize(b->set + 1);
      p_.sets[b->set].resources.push_back(std::move(r));
    }
    return true;
  }

  bool addPushConstants() {
    if (m_.pushConstantSize == 0) return true;
    const ReflectedBlock& block = m_.pushConstants;
    PushConstantValue v;
    v.format = formatForScalars(block.scalars, {});
    const uint32_t align = std::max<uint32_t>(4, dataFormatSize(v.format));
    const uint32_t size = (m_.pushConstantSize + align - 1) / align * align;
    v.offset = 0;
    v.bytes.assign(size, 0);
    Filler f = fillerFor("PushConstants", heapModulus_ ? heapModulus_ : 1000);
    for (const ReflectedScalar& s : block.scalars) {
      const uint32_t bytes = s.kind == ScalarKind::Bool ? 4 : std::max<uint32_t>(1, s.bits / 8);
      if (s.offset + bytes <= size) f.write(v.bytes.data() + s.offset, s.kind, s.bits);
    }
    PushConstantBlock pc;
    pc.stage = Stage::Compute;
    pc.values.push_back(std::move(v));
    p_.pushConstants.push_back(std::move(pc));
    return true;
  }

  // The portable heap form's arrays: which view kinds the resource heap's slots hold (one
  // resource type per slot, in turn), the sampler heap's, and whether views have counters.
  struct HeapType {
    const ReflectedBinding* binding = nullptr;
    ResourceKind kind = ResourceKind::Buffer;
    uint32_t slots = 0;
    bool comparison = false;  // sampler heap
  };

  bool planHeaps() {
    for (const ReflectedBinding& b : m_.bindings) {
      const HeapRole role = heapRoleOf(b);
      if (role == HeapRole::None || role == HeapRole::Status || !used(b)) continue;
      if (b.arrayCount == 0)
        return failWith("the shader's heap array " + nameOf(b) + " at " + where(b) +
                        " is unbounded (the proposal heap form): compile with -fspv-heap-form=portable");
      if (role == HeapRole::Counter) {
        heapCounters_ = true;
        counterSlots_ = std::max(counterSlots_, b.arrayCount - 1);
        continue;
      }
      const std::string_view type = std::string_view(b.name).substr(b.name.find('.') + 1);
      HeapType t;
      t.binding = &b;
      t.slots = b.arrayCount - 1;  // the last element is the trap element
      if (role == HeapRole::Sampler) {
        t.kind = ResourceKind::Sampler;
        t.comparison = type.starts_with("SamplerComparisonState");
        samplerTypes_.push_back(t);
        continue;
      }
      std::optional<ResourceKind> kind = heapKindOf(type);
      if (!kind) {
        notes_.push_back("the resource heap's " + std::string(type) + " views are not generated (no pipeline resource kind)");
        continue;
      }
      t.kind = *kind;
      resourceTypes_.push_back(t);
    }
    // Only counters used (IncrementCounter on a heap buffer nothing else touches): views for
    // them, RW structured buffers of uint.
    const bool counted = std::any_of(resourceTypes_.begin(), resourceTypes_.end(),
                                     [](const HeapType& t) { return t.kind == ResourceKind::RWStructuredBuffer; });
    if (heapCounters_ && !counted && counterSlots_) {
      counterView_.name = "ResourceDescriptorHeap.RWStructuredBuffer<uint>";
      counterView_.type = DescriptorType::StorageBuffer;
      counterView_.block.runtimeStride = 4;
      counterView_.block.elementScalars = {ReflectedScalar{0, ScalarKind::UInt, 32}};
      HeapType t;
      t.binding = &counterView_;
      t.kind = ResourceKind::RWStructuredBuffer;
      t.slots = counterSlots_;
      resourceTypes_.push_back(t);
    }
    // Aliases of one binding come in no particular order from the reflection: by name, so the
    // slots' kinds do not change between runs.
    auto byName = [](const HeapType& a, const HeapType& b) { return a.binding->name < b.binding->name; };
    std::sort(resourceTypes_.begin(), resourceTypes_.end(), byName);
    std::sort(samplerTypes_.begin(), samplerTypes_.end(), byName);
    uint32_t resourceSlots = 0, samplerSlots = 0;
    for (const HeapType& t : resourceTypes_) resourceSlots = std::max(resourceSlots, t.slots);
    for (const HeapType& t : samplerTypes_) samplerSlots = std::max(samplerSlots, t.slots);
    heapModulus_ = resourceSlots ? resourceSlots : samplerSlots;
    return true;
  }

  bool addHeapResources() {
    if (resourceTypes_.empty() && samplerTypes_.empty()) return true;
    if (p_.sets.empty()) p_.sets.emplace_back();
    auto place = [&](const std::vector<HeapType>& types, const char* prefix, const char* heap) {
      uint32_t slots = 0;
      for (const HeapType& t : types) slots = std::max(slots, t.slots);
      std::string summary;
      for (uint32_t i = 0; i < slots; ++i) {
        // Slot i: the types in turn, skipping any whose array does not reach slot i.
        const HeapType* t = nullptr;
        for (size_t j = 0; j < types.size() && !t; ++j)
          if (types[(i + j) % types.size()].slots > i) t = &types[(i + j) % types.size()];
        if (!t) continue;
        const std::string name = uniqueName(prefix + str(i));
        Made made;
        if (t->kind == ResourceKind::Sampler) {
          made.kind = ResourceKind::Sampler;
          made.sampler = addSampler(name, t->comparison);
        } else if (!makeResource(*t->binding, name, t->kind, 1, heapModulus_, made)) {
          return false;
        }
        Resource r;
        r.name = name;
        r.kind = made.kind;
        r.heapIndex = i;
        r.bufferIndex = made.buffer;
        r.samplerIndex = made.sampler;
        r.hasCounter = heapCounters_ && made.kind == ResourceKind::RWStructuredBuffer;
        p_.sets[0].resources.push_back(std::move(r));
      }
      if (types.size() > 1) {
        for (size_t j = 0; j < types.size(); ++j)
          summary += std::string(j ? ", " : "") + types[j].binding->name.substr(types[j].binding->name.find('.') + 1);
        notes_.push_back(std::string(heap) + " slots 0.." + str(slots - 1) + " hold " + summary +
                         " in turn (slot i: type i mod " + str(types.size()) + ")");
      }
      return true;
    };
    return place(resourceTypes_, "Heap", "ResourceDescriptorHeap") && place(samplerTypes_, "SamplerHeap", "SamplerDescriptorHeap");
  }

  bool used(const ReflectedBinding& b) const { return o_.includeUnused || m_.usedBy(*entry_, b); }

  const ReflectedModule& m_;
  const GenerateOptions& o_;
  const ReflectedEntryPoint* entry_ = nullptr;
  ReflectedBinding counterView_;  // the views of a heap that only the counters of are used
  Pipeline p_;
  std::vector<std::string> notes_;
  std::string error_;
  std::set<std::string> usedNames_;
  uint32_t elements_ = 64;
  std::vector<HeapType> resourceTypes_, samplerTypes_;
  bool heapCounters_ = false;
  uint32_t counterSlots_ = 0;
  uint32_t heapModulus_ = 0;
};

std::string shellWord(const std::string& w) {
  if (!w.empty() && w.find_first_of(" \t\"'\\$`|&;<>()*?[]#~") == std::string::npos) return w;
  std::string out = "'";
  for (char c : w) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

}  // namespace

std::vector<RegisterShift> separatingShifts(const ReflectedModule& module, const std::string& entry) {
  const ReflectedEntryPoint* ep = nullptr;
  for (const ReflectedEntryPoint& e : module.entryPoints)
    if (!ep && (entry.empty() || e.name == entry)) ep = &e;
  // The register class each binding came from under DXC's default mapping.
  auto classOf = [](const ReflectedBinding& b) {
    switch (b.type) {
      case DescriptorType::UniformBuffer: return 'b';
      case DescriptorType::Sampler: return 's';
      case DescriptorType::StorageTexelBuffer:
      case DescriptorType::StorageImage: return 'u';
      case DescriptorType::StorageBuffer: return registerClassOf(storageKindOf(b.typeName, b.readOnly));
      default: return 't';
    }
  };
  // Per set: the classes at each binding, and each class's highest binding.
  std::map<uint32_t, std::map<uint32_t, std::set<char>>> classesAt;
  std::map<uint32_t, std::map<char, uint32_t>> highest;
  for (const ReflectedBinding& b : module.bindings) {
    if (heapRoleOf(b) != HeapRole::None || b.name.rfind("counter_var_", 0) == 0) continue;
    if (ep && !module.usedBy(*ep, b)) continue;
    const char cls = classOf(b);
    classesAt[b.set][b.binding].insert(cls);
    uint32_t& top = highest[b.set][cls];
    top = std::max(top, b.binding);
  }
  std::vector<RegisterShift> out;
  for (const auto& [set, bindings] : classesAt) {
    bool collides = false;
    for (const auto& [binding, classes] : bindings) collides = collides || classes.size() > 1;
    if (!collides) continue;
    // Each class after the first starts past the bindings of the ones before it (b, t, u, s).
    uint32_t base = 0;
    for (char cls : {'b', 't', 'u', 's'}) {
      auto at = highest[set].find(cls);
      if (at == highest[set].end()) continue;
      if (base > 0) out.push_back(RegisterShift{cls, base, set});
      base += at->second + 1;
    }
  }
  return out;
}

GenerateResult generatePipeline(const ReflectedModule& module, const GenerateOptions& options) {
  return Generator(module, options).run();
}

std::string makeBundle(std::string_view hlsl, const std::vector<std::string>& compileArgs, const Pipeline& pipeline,
                       const std::vector<std::string>& header) {
  std::string out;
  for (const std::string& line : header) out += line.empty() ? "#\n" : "# " + line + "\n";
  out += "#--- source.hlsl\n";
  out += hlsl;
  if (!hlsl.empty() && hlsl.back() != '\n') out += '\n';
  out += "#--- pipeline.yaml\n";
  out += printPipelineAsWritten(pipeline);
  out += "#--- end\n\n# RUN: split-file %s %t\n# RUN: %dxc_target";
  for (const std::string& a : compileArgs) out += " " + shellWord(a);
  out += " -Fo %t.o %t/source.hlsl\n# RUN: %offloader %t/pipeline.yaml %t.o\n";
  return out;
}

}  // namespace sl::offload
