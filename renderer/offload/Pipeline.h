// The llvm/offload-test-suite pipeline description (the `pipeline.yaml` part of a run bundle),
// as plain data: shaders, buffers, samplers, descriptor sets, push constants, dispatch size and
// result rules. The parser fills it from YAML, the executor fills the RW buffers after a run, the
// printer writes it back in upstream offloader's format. Graphics and ray-tracing keys are parsed
// only far enough to reject the pipeline with a clear message (see docs/offload.md).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace sl::offload {

enum class Stage : uint8_t {
  Compute, Vertex, Hull, Domain, Geometry, Pixel, Amplification, Mesh,
  RayGeneration, Miss, ClosestHit, AnyHit, Intersection, Callable,
};
constexpr int kStageCount = 14;

enum class PipelineKind : uint8_t { Compute, TraditionalRaster, MeshShaderRaster, RayTracing };

enum class DataFormat : uint8_t {
  Hex8, Hex16, Hex32, Hex64, UInt16, UInt32, UInt64, Int16, Int32, Int64,
  Float16, Float32, Float64, Depth32, Bool,
};
constexpr int kDataFormatCount = 15;

enum class ResourceKind : uint8_t {
  Buffer, StructuredBuffer, ByteAddressBuffer, Texture2D, RWBuffer, RWStructuredBuffer,
  RWByteAddressBuffer, RWTexture2D, ConstantBuffer, Sampler, SampledTexture2D, AccelerationStructure,
};
constexpr int kResourceKindCount = 12;

enum class Rule : uint8_t { BufferExact, BufferFloatULP, BufferFloatEpsilon };
enum class DenormMode : uint8_t { Any, FTZ, Preserve };
enum class FilterMode : uint8_t { Nearest, Linear };
enum class AddressMode : uint8_t { Clamp, Repeat, Mirror, Border, MirrorOnce };
enum class CompareOp : uint8_t { Never, Less, Equal, LessEqual, Greater, NotEqual, GreaterEqual, Always };
enum class SamplerKind : uint8_t { Sampler, SamplerComparison };
enum class RootParamKind : uint8_t { Constant, DescriptorTable, RootDescriptor };

// Where something was written in the YAML (1-based; 0 = unknown), for messages after parsing.
struct SourcePos {
  uint32_t line = 0;
  uint32_t column = 0;
};

struct SpecializationConstant {
  uint32_t constantId = 0;
  DataFormat type = DataFormat::UInt32;
  std::string value;  // kept as written; converted when the pipeline is built
  SourcePos pos;
};

struct Shader {
  Stage stage = Stage::Compute;
  std::string entry;
  std::vector<SpecializationConstant> specializationConstants;
  SourcePos pos;
};

struct DispatchParameters {
  std::array<uint32_t, 3> groupCount{1, 1, 1};
  std::optional<uint32_t> vertexCount;
};

// Makes a buffer a 2D texture (or render target); all mips are stored tightly packed in Data.
struct OutputProps {
  int height = 0;
  int width = 0;
  int depth = 0;
  int mipLevels = 1;
};

struct Buffer {
  std::string name;
  DataFormat format = DataFormat::Hex8;
  int channels = 1;
  int stride = 0;
  uint32_t arraySize = 1;
  // One block per descriptor-array element (arraySize blocks), each `size` bytes.
  std::vector<std::vector<uint8_t>> data;
  uint32_t size = 0;
  OutputProps outputProps;
  // UAV counter values read back after a run (one per array element); empty when none.
  std::vector<uint32_t> counters;
  SourcePos pos;

  bool isTexture() const { return outputProps.width > 0; }
  // Stride if set, else format size x channels.
  uint32_t elementSize() const;
};

struct Sampler {
  std::string name;
  SamplerKind kind = SamplerKind::Sampler;
  FilterMode minFilter = FilterMode::Linear;
  FilterMode magFilter = FilterMode::Linear;
  AddressMode address = AddressMode::Clamp;
  float minLod = 0.0f;
  float maxLod = 3.40282347e+38f;
  float mipLodBias = 0.0f;
  CompareOp comparisonOp = CompareOp::Never;
  SourcePos pos;
};

struct DirectXBinding {
  uint32_t registerIndex = 0;
  uint32_t space = 0;
};

struct VulkanBinding {
  uint32_t binding = 0;
  std::optional<uint32_t> counterBinding;
};

struct Resource {
  std::string name;
  ResourceKind kind = ResourceKind::Buffer;
  std::optional<DirectXBinding> dxBinding;
  std::optional<VulkanBinding> vkBinding;
  std::optional<uint32_t> heapIndex;
  bool hasCounter = false;
  std::optional<uint32_t> tilesMapped;
  bool isReserved = false;
  // Resolved by the parser: index into Pipeline::buffers / samplers, -1 when not applicable.
  int bufferIndex = -1;
  int samplerIndex = -1;
  SourcePos pos;
};

struct DescriptorSet {
  std::vector<Resource> resources;
};

struct PushConstantValue {
  DataFormat format = DataFormat::Hex32;
  uint32_t offset = 0;  // bytes from the start of the block
  std::vector<uint8_t> bytes;
};

struct PushConstantBlock {
  Stage stage = Stage::Compute;
  std::vector<PushConstantValue> values;
  // max(offset + size) over the values.
  uint32_t size() const;
  // The block's bytes laid out (gaps are zero).
  std::vector<uint8_t> content() const;
};

struct ResultRule {
  std::string name;
  Rule rule = Rule::BufferExact;
  std::string actual;
  std::string expected;
  int actualIndex = -1;    // into Pipeline::buffers
  int expectedIndex = -1;
  DenormMode denormMode = DenormMode::Any;
  uint32_t ulpTolerance = 0;
  double epsilon = 0.0;
  double zeroTolerance = 0.0;
  SourcePos pos;
};

struct RootParameter {
  RootParamKind kind = RootParamKind::DescriptorTable;
  std::string name;                           // Constant: the buffer
  std::string resourceName;                   // RootDescriptor: Resource.Name
  ResourceKind resourceKind = ResourceKind::Buffer;  // RootDescriptor: Resource.Kind
  SourcePos pos;
};

// D3D12-only settings; kept so a pipeline round-trips, unused by the Vulkan executor.
struct RuntimeSettings {
  std::vector<RootParameter> rootParameters;
  SourcePos pos;  // of the RootParameters list
};

struct Pipeline {
  PipelineKind kind = PipelineKind::Compute;
  std::vector<Shader> shaders;
  RuntimeSettings settings;
  std::vector<Buffer> buffers;
  std::vector<Sampler> samplers;
  std::vector<ResultRule> results;
  std::vector<DescriptorSet> sets;
  std::vector<PushConstantBlock> pushConstants;
  DispatchParameters dispatch;
  // Keys of parts this build does not run (raster I/O, ray tracing); the parser accepts their
  // shape, the executor refuses the pipeline naming the first one.
  std::vector<std::string> unsupportedKeys;
  SourcePos firstUnsupportedPos;

  Buffer* findBuffer(std::string_view name);
  const Buffer* findBuffer(std::string_view name) const;
  int bufferIndex(std::string_view name) const;
  int samplerIndex(std::string_view name) const;
};

// Spellings as in the YAML, e.g. "Float32", "RWStructuredBuffer".
const char* stageName(Stage stage);
const char* dataFormatName(DataFormat format);
const char* resourceKindName(ResourceKind kind);
const char* ruleName(Rule rule);
const char* denormModeName(DenormMode mode);
const char* filterModeName(FilterMode mode);
const char* addressModeName(AddressMode mode);
const char* compareOpName(CompareOp op);
const char* samplerKindName(SamplerKind kind);
const char* rootParamKindName(RootParamKind kind);
const char* pipelineKindName(PipelineKind kind);

// Bytes of one scalar of the format (Bool is 4 bytes, as in HLSL).
uint32_t dataFormatSize(DataFormat format);
bool isFloatFormat(DataFormat format);  // Float16/32/64 and Depth32
bool isRayTracingStage(Stage stage);

bool isReadWrite(ResourceKind kind);  // RWBuffer, RWStructuredBuffer, RWByteAddressBuffer, RWTexture2D
bool isBufferKind(ResourceKind kind);  // every buffer kind incl. ConstantBuffer
bool isTextureKind(ResourceKind kind);  // Texture2D, RWTexture2D, SampledTexture2D
bool isRawKind(ResourceKind kind);      // structured, byte-address and constant buffers

}  // namespace sl::offload
