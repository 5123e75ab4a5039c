#include "renderer/offload/PipelinePrinter.h"

#include <llvm/Support/Format.h>
#include <llvm/Support/YAMLTraits.h>
#include <llvm/Support/raw_ostream.h>

#include <cinttypes>
#include <cstring>

namespace sl::offload {
namespace {

// One element of a Data list while printing: the format and the raw bits.
struct DataElement {
  DataFormat format = DataFormat::Hex8;
  uint64_t bits = 0;
};

uint64_t loadBits(const uint8_t* p, uint32_t size) {
  uint64_t v = 0;
  std::memcpy(&v, p, size);  // little-endian host, as upstream assumes
  return v;
}

// A flow list view of one data block.
struct DataList {
  DataFormat format = DataFormat::Hex8;
  const std::vector<uint8_t>* bytes = nullptr;
  uint32_t size = 0;  // bytes shown (the buffer's size)
  DataElement scratch;
};

// A block list of flow lists, for ArraySize > 1.
struct DataArray {
  std::vector<DataList> lists;
};

struct BindingsView {
  std::string vertexBuffer;
  std::string renderTarget;
};

struct AccelerationStructuresView {};

struct DirectXSettingsView {
  std::vector<RootParameter>* params = nullptr;
};

void writeElement(llvm::raw_ostream& out, const DataElement& e) {
  switch (e.format) {
    case DataFormat::Hex8: out << llvm::format("0x%" PRIX8, static_cast<uint8_t>(e.bits)); break;
    case DataFormat::Hex16:
    case DataFormat::Float16: out << llvm::format("0x%" PRIX16, static_cast<uint16_t>(e.bits)); break;
    case DataFormat::Hex32: out << llvm::format("0x%" PRIX32, static_cast<uint32_t>(e.bits)); break;
    case DataFormat::Hex64: out << llvm::format("0x%" PRIX64, e.bits); break;
    case DataFormat::UInt16: out << static_cast<uint16_t>(e.bits); break;
    case DataFormat::UInt32:
    case DataFormat::Bool: out << static_cast<uint32_t>(e.bits); break;
    case DataFormat::UInt64: out << e.bits; break;
    case DataFormat::Int16: out << static_cast<int16_t>(e.bits); break;
    case DataFormat::Int32: out << static_cast<int32_t>(e.bits); break;
    case DataFormat::Int64: out << static_cast<int64_t>(e.bits); break;
    case DataFormat::Float32:
    case DataFormat::Depth32: {
      float f;
      uint32_t b = static_cast<uint32_t>(e.bits);
      std::memcpy(&f, &b, 4);
      out << llvm::format("%g", f);
      break;
    }
    case DataFormat::Float64: {
      double d;
      std::memcpy(&d, &e.bits, 8);
      out << llvm::format("%g", d);
      break;
    }
  }
}

struct RootResourceView {
  std::string name;
  ResourceKind kind = ResourceKind::Buffer;
};

}  // namespace
}  // namespace sl::offload

LLVM_YAML_IS_SEQUENCE_VECTOR(sl::offload::Shader)
LLVM_YAML_IS_SEQUENCE_VECTOR(sl::offload::SpecializationConstant)
LLVM_YAML_IS_SEQUENCE_VECTOR(sl::offload::RootParameter)
LLVM_YAML_IS_SEQUENCE_VECTOR(sl::offload::Buffer)
LLVM_YAML_IS_SEQUENCE_VECTOR(sl::offload::Sampler)
LLVM_YAML_IS_SEQUENCE_VECTOR(sl::offload::ResultRule)
LLVM_YAML_IS_SEQUENCE_VECTOR(sl::offload::Resource)
LLVM_YAML_IS_SEQUENCE_VECTOR(sl::offload::DescriptorSet)
LLVM_YAML_IS_SEQUENCE_VECTOR(sl::offload::PushConstantValue)
LLVM_YAML_IS_SEQUENCE_VECTOR(sl::offload::PushConstantBlock)

namespace llvm::yaml {

using namespace sl::offload;

template <>
struct ScalarTraits<DataElement> {
  static void output(const DataElement& e, void*, raw_ostream& out) { writeElement(out, e); }
  static StringRef input(StringRef, void*, DataElement&) { return "printing only"; }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};

template <>
struct SequenceTraits<DataList> {
  static size_t size(IO&, DataList& list) { return list.size / dataFormatSize(list.format); }
  static DataElement& element(IO&, DataList& list, size_t i) {
    uint32_t es = dataFormatSize(list.format);
    list.scratch.format = list.format;
    list.scratch.bits = loadBits(list.bytes->data() + i * es, es);
    return list.scratch;
  }
  static const bool flow = true;
};

template <>
struct SequenceTraits<DataArray> {
  static size_t size(IO&, DataArray& a) { return a.lists.size(); }
  static DataList& element(IO&, DataArray& a, size_t i) { return a.lists[i]; }
};

#define SL_ENUM_TRAITS(Type, count, nameFn)                                     \
  template <>                                                                   \
  struct ScalarEnumerationTraits<Type> {                                        \
    static void enumeration(IO& io, Type& v) {                                  \
      for (int i = 0; i < (count); ++i) io.enumCase(v, nameFn(static_cast<Type>(i)), static_cast<Type>(i)); \
    }                                                                           \
  };
SL_ENUM_TRAITS(Stage, kStageCount, stageName)
SL_ENUM_TRAITS(DataFormat, kDataFormatCount, dataFormatName)
SL_ENUM_TRAITS(ResourceKind, kResourceKindCount, resourceKindName)
SL_ENUM_TRAITS(Rule, 3, ruleName)
SL_ENUM_TRAITS(DenormMode, 3, denormModeName)
SL_ENUM_TRAITS(FilterMode, 2, filterModeName)
SL_ENUM_TRAITS(AddressMode, 5, addressModeName)
SL_ENUM_TRAITS(CompareOp, 8, compareOpName)
SL_ENUM_TRAITS(SamplerKind, 2, samplerKindName)
SL_ENUM_TRAITS(RootParamKind, 3, rootParamKindName)
#undef SL_ENUM_TRAITS

template <>
struct MappingTraits<SpecializationConstant> {
  static void mapping(IO& io, SpecializationConstant& c) {
    io.mapRequired("ConstantID", c.constantId);
    io.mapRequired("Type", c.type);
    io.mapRequired("Value", c.value);
  }
};

template <>
struct MappingTraits<Shader> {
  static void mapping(IO& io, Shader& s) {
    io.mapRequired("Stage", s.stage);
    io.mapRequired("Entry", s.entry);
    io.mapOptional("SpecializationConstants", s.specializationConstants);
  }
};

template <>
struct MappingTraits<RootResourceView> {
  static void mapping(IO& io, RootResourceView& r) {
    io.mapRequired("Name", r.name);
    io.mapRequired("Kind", r.kind);
  }
};

template <>
struct MappingTraits<RootParameter> {
  static void mapping(IO& io, RootParameter& p) {
    io.mapRequired("Kind", p.kind);
    if (p.kind == RootParamKind::Constant) io.mapRequired("Name", p.name);
    if (p.kind == RootParamKind::RootDescriptor) {
      RootResourceView r{p.resourceName, p.resourceKind};
      io.mapRequired("Resource", r);
    }
  }
};

template <>
struct MappingTraits<DirectXSettingsView> {
  static void mapping(IO& io, DirectXSettingsView& s) { io.mapOptional("RootParameters", *s.params); }
};

template <>
struct MappingTraits<RuntimeSettings> {
  static void mapping(IO& io, RuntimeSettings& s) {
    DirectXSettingsView dx{&s.rootParameters};
    io.mapOptional("DirectX", dx);
  }
};

template <>
struct MappingTraits<OutputProps> {
  static void mapping(IO& io, OutputProps& p) {
    io.mapRequired("Height", p.height);
    io.mapRequired("Width", p.width);
    io.mapRequired("Depth", p.depth);
    io.mapOptional("MipLevels", p.mipLevels, 1);
  }
};

template <>
struct MappingTraits<Buffer> {
  static void mapping(IO& io, Buffer& b) {
    io.mapRequired("Name", b.name);
    io.mapRequired("Format", b.format);
    io.mapOptional("Channels", b.channels, 1);
    io.mapOptional("Stride", b.stride, 0);
    io.mapOptional("ArraySize", b.arraySize, 1u);
    if (!b.counters.empty()) {
      if (b.arraySize == 1) io.mapRequired("Counter", b.counters.back());
      else io.mapRequired("Counters", b.counters);
    }
    if (b.arraySize == 1) {
      static const std::vector<uint8_t> kNone;
      DataList list{b.format, b.data.empty() ? &kNone : &b.data.back(), b.data.empty() ? 0u : b.size, {}};
      io.mapRequired("Data", list);
    } else {
      DataArray array;
      for (const auto& block : b.data) array.lists.push_back(DataList{b.format, &block, b.size, {}});
      io.mapRequired("Data", array);
    }
    io.mapOptional("OutputProps", b.outputProps);
  }
};

template <>
struct MappingTraits<Sampler> {
  static void mapping(IO& io, Sampler& s) {
    io.mapRequired("Name", s.name);
    io.mapOptional("Kind", s.kind);
    io.mapOptional("MinFilter", s.minFilter);
    io.mapOptional("MagFilter", s.magFilter);
    io.mapOptional("Address", s.address);
    io.mapOptional("MinLOD", s.minLod);
    io.mapOptional("MaxLOD", s.maxLod);
    io.mapOptional("MipLODBias", s.mipLodBias);
    io.mapOptional("ComparisonOp", s.comparisonOp);
  }
};

template <>
struct MappingTraits<ResultRule> {
  static void mapping(IO& io, ResultRule& r) {
    io.mapRequired("Result", r.name);
    io.mapRequired("Rule", r.rule);
    io.mapRequired("Actual", r.actual);
    io.mapRequired("Expected", r.expected);
    if (r.rule == Rule::BufferFloatULP) {
      io.mapRequired("ULPT", r.ulpTolerance);
      io.mapOptional("DenormMode", r.denormMode);
      io.mapOptional("ZeroTolerance", r.zeroTolerance, 0.0);
    } else if (r.rule == Rule::BufferFloatEpsilon) {
      io.mapRequired("Epsilon", r.epsilon);
      io.mapOptional("DenormMode", r.denormMode);
    }
  }
};

template <>
struct MappingTraits<DirectXBinding> {
  static void mapping(IO& io, DirectXBinding& b) {
    io.mapRequired("Register", b.registerIndex);
    io.mapRequired("Space", b.space);
  }
};

template <>
struct MappingTraits<VulkanBinding> {
  static void mapping(IO& io, VulkanBinding& b) {
    io.mapRequired("Binding", b.binding);
    io.mapOptional("CounterBinding", b.counterBinding);
  }
};

template <>
struct MappingTraits<Resource> {
  static void mapping(IO& io, Resource& r) {
    io.mapRequired("Name", r.name);
    io.mapRequired("Kind", r.kind);
    io.mapOptional("HasCounter", r.hasCounter, false);
    io.mapOptional("TilesMapped", r.tilesMapped);
    io.mapOptional("IsReserved", r.isReserved);
    io.mapOptional("DirectXBinding", r.dxBinding);
    io.mapOptional("VulkanBinding", r.vkBinding);
    io.mapOptional("HeapIndex", r.heapIndex);
  }
};

template <>
struct MappingTraits<DescriptorSet> {
  static void mapping(IO& io, DescriptorSet& s) { io.mapRequired("Resources", s.resources); }
};

template <>
struct MappingTraits<BindingsView> {
  static void mapping(IO& io, BindingsView& b) {
    io.mapOptional("VertexBuffer", b.vertexBuffer);
    io.mapOptional("RenderTarget", b.renderTarget);
  }
};

template <>
struct MappingTraits<PushConstantValue> {
  static void mapping(IO& io, PushConstantValue& v) {
    io.mapRequired("Format", v.format);
    io.mapRequired("Offset", v.offset);
    DataList list{v.format, &v.bytes, static_cast<uint32_t>(v.bytes.size()), {}};
    io.mapRequired("Data", list);
  }
};

template <>
struct MappingTraits<PushConstantBlock> {
  static void mapping(IO& io, PushConstantBlock& b) {
    io.mapRequired("Stage", b.stage);
    io.mapRequired("Values", b.values);
  }
};

template <>
struct MappingTraits<AccelerationStructuresView> {
  static void mapping(IO&, AccelerationStructuresView&) {}
};

template <>
struct MappingTraits<DispatchParameters> {
  static void mapping(IO& io, DispatchParameters& d) {
    std::vector<uint32_t> count(d.groupCount.begin(), d.groupCount.end());
    io.mapOptional("DispatchGroupCount", count);
    io.mapOptional("VertexCount", d.vertexCount);
  }
};

template <>
struct MappingTraits<Pipeline> {
  static void mapping(IO& io, Pipeline& p) {
    io.mapRequired("Shaders", p.shaders);
    io.mapOptional("RuntimeSettings", p.settings);
    io.mapRequired("Buffers", p.buffers);
    io.mapOptional("Samplers", p.samplers);
    io.mapOptional("Results", p.results);
    io.mapRequired("DescriptorSets", p.sets);
    BindingsView bindings;
    io.mapOptional("Bindings", bindings);
    io.mapOptional("PushConstants", p.pushConstants);
    AccelerationStructuresView as;
    io.mapOptional("AccelerationStructures", as);
    io.mapOptional("DispatchParameters", p.dispatch);
  }
};

}  // namespace llvm::yaml


namespace sl::offload {

std::string formatElement(DataFormat format, const uint8_t* bytes) {
  std::string s;
  llvm::raw_string_ostream os(s);
  writeElement(os, DataElement{format, loadBits(bytes, dataFormatSize(format))});
  return s;
}

std::string printPipeline(const Pipeline& pipeline) {
  std::string s;
  llvm::raw_string_ostream os(s);
  llvm::yaml::Output out(os);
  Pipeline copy = pipeline;  // YAML I/O maps through non-const references
  out << copy;
  return s;
}

namespace {

void hexList(llvm::raw_ostream& os, const Buffer& b, const std::vector<uint8_t>& block) {
  uint32_t es = dataFormatSize(b.format);
  size_t count = std::min<size_t>(b.size, block.size()) / es;
  if (count == 0) return;
  os << "[ ";
  for (size_t i = 0; i < count; ++i) os << (i ? ", " : "") << "0x" << llvm::format("%" PRIx64, loadBits(block.data() + i * es, es));
  os << " ]";
}

}  // namespace

std::string hexBufferValues(const Buffer& buffer) {
  std::string s;
  llvm::raw_string_ostream os(s);
  if (buffer.arraySize > 1) {
    for (size_t i = 0; i < buffer.data.size(); ++i) {
      if (i) os << "\n";
      os << " - ";
      hexList(os, buffer, buffer.data[i]);
    }
  } else if (!buffer.data.empty()) {
    hexList(os, buffer, buffer.data.back());
  }
  return s;
}

std::string printFailureReport(const ResultRule& rule, const Buffer& expected, const Buffer& actual) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << "Test failed: " << rule.name << "\n";
  switch (rule.rule) {
    case Rule::BufferExact: os << "Comparison Rule: BufferExact\n"; break;
    case Rule::BufferFloatULP: os << "Comparison Rule: BufferFloatULP\nULP: " << rule.ulpTolerance << "\n"; break;
    case Rule::BufferFloatEpsilon:
      os << "Comparison Rule: BufferFloatEpsilon\nEpsilon: " << llvm::format("%g", rule.epsilon) << "\n";
      break;
  }
  os << "Expected:\n";
  // One YAML writer for both documents, as upstream does.
  llvm::yaml::Output out(os);
  Buffer e = expected, a = actual;
  out << e;
  os << "Got:\n";
  out << a;
  os << "Full Hex representation of Expected Buffer Values:\n" << hexBufferValues(expected) << "\n";
  os << "Full Hex representation of Actual Buffer Values:\n" << hexBufferValues(actual) << "\n";
  return s;
}

}  // namespace sl::offload
