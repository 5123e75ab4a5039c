// GLSL.std.450 on the CPU executor: every instruction with values computed on the host (libm in
// the value's precision, the spec's formulas) and exact constants for the edge cases (NaN, Inf,
// -0, denormals, INT_MIN, 0 for FindUMsb). HLSL intrinsics go through our compiler, which maps
// them as DXC does; instructions and widths HLSL cannot reach are written in SPIR-V assembly.
#include <catch2/catch.hpp>

#include <bit>
#include <cmath>
#include <limits>
#include <numbers>
#include <set>
#include <sstream>

#include "interp/Dispatch.h"
#include "tests/unit/interp/InterpTestSupport.h"

using namespace sl;
using namespace sl::interptest;

namespace {

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();
constexpr float kDenormal = 1e-40f;

uint32_t bits(float f) { return std::bit_cast<uint32_t>(f); }
float fromBits(uint32_t u) { return std::bit_cast<float>(u); }

// Same value, or both NaN (any payload); zeros compare by sign too.
bool same(double a, double b) {
  if (std::isnan(a) || std::isnan(b)) return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}
std::string show(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}

// The test's own binary16 model (independent of the executor's Half): decode, and round a float
// to the nearest half (ties to even) through the host's nearbyint.
float halfToFloat(uint16_t h) {
  const int exponent = (h >> 10) & 0x1f, mantissa = h & 0x3ff;
  float v;
  if (exponent == 0) v = std::ldexp(float(mantissa), -24);
  else if (exponent == 31) v = mantissa ? kNaN : kInf;
  else v = std::ldexp(float(mantissa | 0x400), exponent - 25);
  return (h & 0x8000) ? -v : v;
}
float roundToHalf(float f) {
  if (std::isnan(f) || std::isinf(f) || f == 0) return f;
  const int exponent = std::max(std::ilogb(f), -14);  // below 2^-14 the spacing stays 2^-24
  const float r = std::ldexp(std::nearbyint(std::ldexp(f, 10 - exponent)), exponent - 10);
  return std::fabs(r) >= 65520.0f ? std::copysign(kInf, f) : r;
}
uint16_t halfBits(float f) {  // f must be exactly representable as a half
  const uint32_t u = bits(f);
  const uint16_t sign = uint16_t((u >> 16) & 0x8000);
  const float a = std::fabs(f);
  if (std::isnan(f)) return 0x7e00;
  if (std::isinf(f)) return sign | 0x7c00;
  if (a < std::ldexp(1.0f, -14)) return sign | uint16_t(std::ldexp(a, 24));
  const int exponent = std::ilogb(a);
  return sign | uint16_t((exponent + 15) << 10) | uint16_t(std::ldexp(a, 10 - exponent) - 1024);
}

// A compute shader in SPIR-V assembly over `lanes` invocations along x: invocation i reads the
// words In[i * inWords + k] and writes Out[i * outWords + k]. Helpers load and convert inputs,
// emit instructions and store results; module() wraps them in a full module with every scalar
// and vector type of 16, 32 and 64 bits.
class Kernel {
 public:
  Kernel(uint32_t inWords, uint32_t outWords) : inWords_(inWords), outWords_(outWords) {}

  std::string op(const std::string& instruction) {
    const std::string id = "%v" + std::to_string(next_++);
    body_ += id + " = " + instruction + "\n";
    return id;
  }
  void raw(const std::string& text) { body_ += text + "\n"; }
  // A Function variable (declared at the top of the entry block).
  std::string variable(const std::string& pointerType) {
    const std::string id = "%var" + std::to_string(next_++);
    variables_ += id + " = OpVariable " + pointerType + " Function\n";
    return id;
  }
  std::string constant(uint32_t k) {
    constants_.insert(k);
    return "%c" + std::to_string(k);
  }
  std::string word(uint32_t k) {
    const std::string index = op("OpIAdd %uint %inBase " + constant(k));
    return op("OpLoad %uint " + op("OpAccessChain %psb_uint %In %c0 " + index));
  }
  std::string u32(uint32_t k) { return word(k); }
  std::string i32(uint32_t k) { return op("OpBitcast %int " + word(k)); }
  std::string f32(uint32_t k) { return op("OpBitcast %float " + word(k)); }
  std::string f64(uint32_t k) { return op("OpBitcast %double " + op("OpCompositeConstruct %v2uint " + word(k) + " " + word(k + 1))); }
  std::string u64(uint32_t k) { return op("OpBitcast %ulong " + op("OpCompositeConstruct %v2uint " + word(k) + " " + word(k + 1))); }
  std::string f16(uint32_t k) { return op("OpBitcast %half " + op("OpUConvert %ushort " + word(k))); }
  std::string vec(const std::string& type, const std::vector<std::string>& components) {
    std::string text = "OpCompositeConstruct " + type;
    for (const std::string& c : components) text += " " + c;
    return op(text);
  }
  std::string glsl(const std::string& type, const std::string& name, const std::vector<std::string>& arguments) {
    std::string text = "OpExtInst " + type + " %glsl " + name;
    for (const std::string& a : arguments) text += " " + a;
    return op(text);
  }
  std::string extract(const std::string& type, const std::string& composite, uint32_t index) {
    return op("OpCompositeExtract " + type + " " + composite + " " + std::to_string(index));
  }
  void store(uint32_t k, const std::string& uintValue) {
    const std::string index = op("OpIAdd %uint %outBase " + constant(k));
    raw("OpStore " + op("OpAccessChain %psb_uint %Out %c0 " + index) + " " + uintValue);
  }
  void storeF32(uint32_t k, const std::string& v) { store(k, op("OpBitcast %uint " + v)); }
  void storeI32(uint32_t k, const std::string& v) { store(k, op("OpBitcast %uint " + v)); }
  void store64(uint32_t k, const std::string& v) {  // a double or 64-bit integer: low word first
    const std::string pair = op("OpBitcast %v2uint " + v);
    store(k, extract("%uint", pair, 0));
    store(k + 1, extract("%uint", pair, 1));
  }
  void storeF16(uint32_t k, const std::string& v) { store(k, op("OpUConvert %uint " + op("OpBitcast %ushort " + v))); }
  // Stores the n components of a vector with `storeScalar`, `stride` words apart.
  template <class F>
  void storeVector(uint32_t k, const std::string& v, const std::string& componentType, uint32_t n, uint32_t stride, F storeScalar) {
    for (uint32_t i = 0; i < n; ++i) storeScalar(k + i * stride, extract(componentType, v, i));
  }

  std::string module(uint32_t lanes, const std::string& extraHeader = "") const {
    std::string constants;
    for (uint32_t k : constants_) constants += "%c" + std::to_string(k) + " = OpConstant %uint " + std::to_string(k) + "\n";
    return R"(
OpCapability Shader
OpCapability Float16
OpCapability Float64
OpCapability Int16
OpCapability Int64
)" + extraHeader + R"(
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main" %gid %In %Out %OutF
OpExecutionMode %main LocalSize )" +
           std::to_string(lanes) + R"( 1 1
OpDecorate %gid BuiltIn GlobalInvocationId
OpDecorate %rta ArrayStride 4
OpMemberDecorate %Block 0 Offset 0
OpDecorate %Block Block
OpDecorate %In DescriptorSet 0
OpDecorate %In Binding 0
OpDecorate %Out DescriptorSet 0
OpDecorate %Out Binding 1
OpDecorate %rtaf ArrayStride 4
OpMemberDecorate %BlockF 0 Offset 0
OpDecorate %BlockF Block
OpDecorate %OutF DescriptorSet 0
OpDecorate %OutF Binding 2
%void = OpTypeVoid
%fn = OpTypeFunction %void
%bool = OpTypeBool
%uint = OpTypeInt 32 0
%int = OpTypeInt 32 1
%ushort = OpTypeInt 16 0
%short = OpTypeInt 16 1
%ulong = OpTypeInt 64 0
%long = OpTypeInt 64 1
%half = OpTypeFloat 16
%float = OpTypeFloat 32
%double = OpTypeFloat 64
%v2uint = OpTypeVector %uint 2
%v3uint = OpTypeVector %uint 3
%v4uint = OpTypeVector %uint 4
%v2int = OpTypeVector %int 2
%v3int = OpTypeVector %int 3
%v4int = OpTypeVector %int 4
%v2half = OpTypeVector %half 2
%v3half = OpTypeVector %half 3
%v4half = OpTypeVector %half 4
%v2float = OpTypeVector %float 2
%v3float = OpTypeVector %float 3
%v4float = OpTypeVector %float 4
%v2double = OpTypeVector %double 2
%v3double = OpTypeVector %double 3
%v4double = OpTypeVector %double 4
%v2ulong = OpTypeVector %ulong 2
%v2long = OpTypeVector %long 2
%m2float = OpTypeMatrix %v2float 2
%m3float = OpTypeMatrix %v3float 3
%m4float = OpTypeMatrix %v4float 4
%m2double = OpTypeMatrix %v2double 2
%m3double = OpTypeMatrix %v3double 3
%m4double = OpTypeMatrix %v4double 4
%ModfFloat = OpTypeStruct %float %float
%ModfV3Double = OpTypeStruct %v3double %v3double
%FrexpV2Float = OpTypeStruct %v2float %v2int
%FrexpDouble = OpTypeStruct %double %int
%pf_float = OpTypePointer Function %float
%pf_v2float = OpTypePointer Function %v2float
%pf_int = OpTypePointer Function %int
%pf_v2int = OpTypePointer Function %v2int
%pf_double = OpTypePointer Function %double
%pin_v3uint = OpTypePointer Input %v3uint
%rta = OpTypeRuntimeArray %uint
%Block = OpTypeStruct %rta
%psb_Block = OpTypePointer StorageBuffer %Block
%psb_uint = OpTypePointer StorageBuffer %uint
%psb_float = OpTypePointer StorageBuffer %float
%rtaf = OpTypeRuntimeArray %float
%BlockF = OpTypeStruct %rtaf
%psb_BlockF = OpTypePointer StorageBuffer %BlockF
%OutF = OpVariable %psb_BlockF StorageBuffer
%gid = OpVariable %pin_v3uint Input
%In = OpVariable %psb_Block StorageBuffer
%Out = OpVariable %psb_Block StorageBuffer
%cIn = OpConstant %uint )" +
           std::to_string(inWords_) + R"(
%cOut = OpConstant %uint )" +
           std::to_string(outWords_) + "\n" + constants + R"(
%main = OpFunction %void None %fn
%entry = OpLabel
)" + variables_ + R"(
%gidv = OpLoad %v3uint %gid
%x = OpCompositeExtract %uint %gidv 0
%inBase = OpIMul %uint %x %cIn
%outBase = OpIMul %uint %x %cOut
)" + body_ + R"(
OpReturn
OpFunctionEnd
)";
  }

 private:
  uint32_t inWords_, outWords_;
  uint32_t next_ = 0;
  std::set<uint32_t> constants_{0};
  std::string body_, variables_;
};

struct KernelRun {
  std::vector<uint32_t> out;
  std::vector<float> outF;  // binding 2: one float per lane
  std::string diagnostics;
};

KernelRun runKernel(const Kernel& kernel, uint32_t lanes, const std::vector<uint32_t>& in, uint32_t outWords,
                    interp::DispatchOptions options = {}, const std::string& extraHeader = "") {
  const std::string text = kernel.module(lanes, extraHeader);
  INFO(text);
  const auto words = assemble(text);
  Buffers b;
  b.set<uint32_t>(0, 0, in.empty() ? std::vector<uint32_t>(1) : in);
  b.set<uint32_t>(0, 1, std::vector<uint32_t>(size_t(lanes) * outWords, 0xcdcdcdcd));
  b.set<float>(0, 2, std::vector<float>(lanes, -1.0f));
  const RunResult r = run(words, b, {1, 1, 1}, options);
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  return {b.get<uint32_t>(0, 1), b.get<float>(0, 2), r.diagnostics};
}

std::vector<uint32_t> doubleWords(const std::vector<double>& values) {
  std::vector<uint32_t> words(values.size() * 2);
  std::memcpy(words.data(), values.data(), words.size() * 4);
  return words;
}
double wordsToDouble(const std::vector<uint32_t>& words, size_t at) {
  return std::bit_cast<double>(uint64_t(words[at]) | uint64_t(words[at + 1]) << 32);
}

// Unary functions with their host reference, written once for float and double.
struct UnaryFunction {
  const char* name;
  float (*f32)(float);
  double (*f64)(double);
  bool fp64;  // GLSL.std.450 allows 64-bit operands
};
#define SL_UNARY(name, fp64, expr) \
  UnaryFunction { name, [](float x) -> float { return expr; }, [](double x) -> double { return expr; }, fp64 }
const UnaryFunction kUnary[] = {
    SL_UNARY("Round", true, std::nearbyint(x)),  // the CPU device rounds halfway cases to even
    SL_UNARY("RoundEven", true, std::nearbyint(x)),
    SL_UNARY("Trunc", true, std::trunc(x)),
    SL_UNARY("FAbs", true, std::fabs(x)),
    SL_UNARY("FSign", true, x > 0 ? decltype(x)(1) : x < 0 ? decltype(x)(-1) : x),
    SL_UNARY("Floor", true, std::floor(x)),
    SL_UNARY("Ceil", true, std::ceil(x)),
    SL_UNARY("Fract", true, x - std::floor(x)),
    SL_UNARY("Radians", false, x * decltype(x)(std::numbers::pi / 180)),
    SL_UNARY("Degrees", false, x * decltype(x)(180 / std::numbers::pi)),
    SL_UNARY("Sin", false, std::sin(x)),
    SL_UNARY("Cos", false, std::cos(x)),
    SL_UNARY("Tan", false, std::tan(x)),
    SL_UNARY("Asin", false, std::asin(x)),
    SL_UNARY("Acos", false, std::acos(x)),
    SL_UNARY("Atan", false, std::atan(x)),
    SL_UNARY("Sinh", false, std::sinh(x)),
    SL_UNARY("Cosh", false, std::cosh(x)),
    SL_UNARY("Tanh", false, std::tanh(x)),
    SL_UNARY("Asinh", false, std::asinh(x)),
    SL_UNARY("Acosh", false, std::acosh(x)),
    SL_UNARY("Atanh", false, std::atanh(x)),
    SL_UNARY("Exp", false, std::exp(x)),
    SL_UNARY("Log", false, std::log(x)),
    SL_UNARY("Exp2", false, std::exp2(x)),
    SL_UNARY("Log2", false, std::log2(x)),
    SL_UNARY("Sqrt", true, std::sqrt(x)),
    SL_UNARY("InverseSqrt", true, decltype(x)(1) / std::sqrt(x)),
};
#undef SL_UNARY

const std::vector<float> kUnaryInputs = {0.0f, -0.0f, 0.5f, -0.5f, 1.0f, -1.0f, 1.5f, 2.5f, -2.5f, 3.5f, 3.7f, -3.7f, 0.25f, 0.999f,
                                         -0.75f, 10.0f, 100.0f, 1e30f, -1e30f, kDenormal, -kDenormal, kInf, -kInf, kNaN,
                                         std::numeric_limits<float>::min(), 123456.789f, -0.0001f, 8388609.0f, 0.5000001f};

}  // namespace

TEST_CASE("GLSL unary float functions in fp32 match libm", "[interp][glsl]") {
  const uint32_t count = uint32_t(std::size(kUnary));
  Kernel k(1, count);
  const std::string x = k.f32(0);
  for (uint32_t i = 0; i < count; ++i) k.storeF32(i, k.glsl("%float", kUnary[i].name, {x}));
  std::vector<uint32_t> in;
  for (float v : kUnaryInputs) in.push_back(bits(v));
  const uint32_t lanes = uint32_t(in.size());
  const KernelRun r = runKernel(k, lanes, in, count);
  for (uint32_t lane = 0; lane < lanes; ++lane)
    for (uint32_t i = 0; i < count; ++i) {
      const float expected = kUnary[i].f32(kUnaryInputs[lane]), got = fromBits(r.out[lane * count + i]);
      INFO(kUnary[i].name << "(" << show(kUnaryInputs[lane]) << ") = " << show(got) << ", expected " << show(expected));
      CHECK(same(got, expected));
    }
  // The undefined cases warn, naming what happened.
  CHECK(r.diagnostics.find("asin of a value outside [-1, 1]") != std::string::npos);
  CHECK(r.diagnostics.find("log2 of a value <= 0") != std::string::npos);
  CHECK(r.diagnostics.find("sqrt of a negative value") != std::string::npos);
  CHECK(r.diagnostics.find("acosh of a value below 1") != std::string::npos);
}

TEST_CASE("GLSL unary float functions in fp64 match libm", "[interp][glsl]") {
  std::vector<const UnaryFunction*> functions;
  for (const UnaryFunction& f : kUnary)
    if (f.fp64) functions.push_back(&f);
  const uint32_t count = uint32_t(functions.size());
  Kernel k(2, count * 2);
  const std::string x = k.f64(0);
  for (uint32_t i = 0; i < count; ++i) k.store64(i * 2, k.glsl("%double", functions[i]->name, {x}));
  std::vector<double> inputs;
  for (float v : kUnaryInputs) inputs.push_back(v);
  inputs.push_back(4.5e-320);  // a double denormal
  inputs.push_back(2.5000000000000004);
  inputs.push_back(-4503599627370497.0);
  const uint32_t lanes = uint32_t(inputs.size());
  const KernelRun r = runKernel(k, lanes, doubleWords(inputs), count * 2);
  for (uint32_t lane = 0; lane < lanes; ++lane)
    for (uint32_t i = 0; i < count; ++i) {
      const double expected = functions[i]->f64(inputs[lane]), got = wordsToDouble(r.out, (lane * count + i) * 2);
      INFO(functions[i]->name << "(" << show(inputs[lane]) << ") = " << show(got) << ", expected " << show(expected));
      CHECK(same(got, expected));
    }
}

TEST_CASE("GLSL unary float functions in fp16 go through float and round to nearest even", "[interp][glsl]") {
  const uint32_t count = uint32_t(std::size(kUnary));
  Kernel k(1, count);
  const std::string x = k.f16(0);
  for (uint32_t i = 0; i < count; ++i) k.storeF16(i, k.glsl("%half", kUnary[i].name, {x}));
  const std::vector<float> inputs = {0.0f, -0.0f, 0.5f, -0.5f, 1.0f, -1.0f, 1.5f, 2.5f, -2.5f, 3.5f, 0.25f, 0.7998046875f, 10.0f,
                                     100.0f, 65504.0f, std::ldexp(1.0f, -24), -std::ldexp(3.0f, -20), kInf, -kInf, kNaN, 2048.5f - 0.5f};
  std::vector<uint32_t> in;
  for (float v : inputs) in.push_back(halfBits(v));
  const uint32_t lanes = uint32_t(in.size());
  const KernelRun r = runKernel(k, lanes, in, count);
  for (uint32_t lane = 0; lane < lanes; ++lane)
    for (uint32_t i = 0; i < count; ++i) {
      const float expected = roundToHalf(kUnary[i].f32(inputs[lane]));
      const float got = halfToFloat(uint16_t(r.out[lane * count + i]));
      INFO(kUnary[i].name << "(" << show(inputs[lane]) << ") = " << show(got) << ", expected " << show(expected));
      CHECK(same(got, expected));
      CHECK(r.out[lane * count + i] >> 16 == 0);
    }
}

TEST_CASE("GLSL rounding, sign and fraction edge cases give the exact values", "[interp][glsl]") {
  Kernel k(1, 6);
  const std::string x = k.f32(0);
  k.storeF32(0, k.glsl("%float", "Round", {x}));
  k.storeF32(1, k.glsl("%float", "RoundEven", {x}));
  k.storeF32(2, k.glsl("%float", "FSign", {x}));
  k.storeF32(3, k.glsl("%float", "Fract", {x}));
  k.storeF32(4, k.glsl("%float", "Trunc", {x}));
  k.storeF32(5, k.glsl("%float", "FAbs", {x}));
  const std::vector<float> in = {2.5f, -2.5f, 3.5f, 0.5f, -0.5f, -0.0f, -0.25f, kNaN, -kInf, -1e-10f};
  std::vector<uint32_t> words;
  for (float v : in) words.push_back(bits(v));
  const KernelRun r = runKernel(k, uint32_t(in.size()), words, 6);
  auto at = [&](uint32_t lane, uint32_t i) { return fromBits(r.out[lane * 6 + i]); };
  CHECK(at(0, 0) == 2.0f);  // halfway cases go to even
  CHECK(at(1, 0) == -2.0f);
  CHECK(at(2, 0) == 4.0f);
  CHECK(same(at(3, 1), 0.0f));
  CHECK(same(at(4, 1), -0.0f));
  CHECK(same(at(5, 2), -0.0f));  // FSign keeps the zero's sign
  CHECK(std::isnan(at(7, 2)));   // and NaN
  CHECK(at(4, 2) == -1.0f);
  CHECK(at(6, 3) == 0.75f);       // Fract(-0.25) = -0.25 - floor(-0.25)
  CHECK(at(9, 3) == 1.0f);        // x - floor(x) rounds to 1 for a tiny negative x
  CHECK(std::isnan(at(8, 3)));    // Fract(-Inf)
  CHECK(same(at(6, 4), -0.0f));
  CHECK(at(8, 5) == kInf);
}

TEST_CASE("GLSL binary and ternary float functions, NaN and zero handling of min, max and clamp", "[interp][glsl]") {
  struct Case {
    float x, y, z;
  };
  const std::vector<Case> cases = {
      {1.0f, 2.0f, 0.25f},  {2.0f, 1.0f, 0.75f},  {kNaN, 1.0f, 2.0f},    {1.0f, kNaN, 2.0f},   {kNaN, kNaN, 0.5f},
      {0.0f, -0.0f, 1.0f},  {-0.0f, 0.0f, 1.0f},  {-3.0f, 2.0f, 0.5f},   {0.0f, -1.0f, 3.0f},  {0.0f, 0.0f, 0.0f},
      {5.0f, 1.0f, -1.0f},  {-kInf, kInf, 0.5f},  {kDenormal, 1.0f, 0.5f}, {2.0f, 10.0f, 1.0f}, {0.5f, 0.5f, 0.5f},
      {-8.0f, 1.0f / 3, 0.0f}, {3.0f, -2.0f, 7.0f},
  };
  const char* binary[] = {"Atan2", "Pow", "FMin", "FMax", "NMin", "NMax", "Step"};
  const char* ternary[] = {"FClamp", "NClamp", "FMix", "SmoothStep", "Fma"};
  const uint32_t outWords = uint32_t(std::size(binary) + std::size(ternary));
  Kernel k(3, outWords);
  const std::string x = k.f32(0), y = k.f32(1), z = k.f32(2);
  uint32_t at = 0;
  for (const char* name : binary) k.storeF32(at++, k.glsl("%float", name, {x, y}));
  for (const char* name : ternary) k.storeF32(at++, k.glsl("%float", name, {x, y, z}));
  std::vector<uint32_t> in;
  for (const Case& c : cases) in.insert(in.end(), {bits(c.x), bits(c.y), bits(c.z)});
  const KernelRun r = runKernel(k, uint32_t(cases.size()), in, outWords);

  // References: IEEE minNum/maxNum for NaN, the spec's "y if y < x else x" otherwise.
  auto fmin = [](float a, float b) { return std::isnan(a) ? b : std::isnan(b) ? a : (b < a ? b : a); };
  auto fmax = [](float a, float b) { return std::isnan(a) ? b : std::isnan(b) ? a : (a < b ? b : a); };
  for (size_t lane = 0; lane < cases.size(); ++lane) {
    const Case& c = cases[lane];
    const float t = fmin(fmax((c.z - c.x) / (c.y - c.x), 0.0f), 1.0f);
    const float expected[] = {
        std::atan2(c.x, c.y),
        c.x < 0 ? kNaN : std::pow(c.x, c.y),
        fmin(c.x, c.y), fmax(c.x, c.y), fmin(c.x, c.y), fmax(c.x, c.y),
        c.y < c.x ? 0.0f : 1.0f,
        fmin(fmax(c.x, c.y), c.z), fmin(fmax(c.x, c.y), c.z),
        c.x * (1 - c.z) + c.y * c.z,
        t * t * (3 - 2 * t),
        std::fma(c.x, c.y, c.z),
    };
    for (uint32_t i = 0; i < outWords; ++i) {
      const float got = fromBits(r.out[lane * outWords + i]);
      INFO((i < std::size(binary) ? binary[i] : ternary[i - std::size(binary)]) << "(" << show(c.x) << ", " << show(c.y) << ", "
                                                                               << show(c.z) << ") = " << show(got));
      CHECK(same(got, expected[i]));
    }
  }
  // Exact spot checks: FMin(NaN, 1) = 1; the formula decides zeros: FMin(+0, -0) = +0, FMin(-0, +0) = -0,
  // FMax(+0, -0) = +0; Pow(-8, 1/3) = NaN.
  CHECK(fromBits(r.out[2 * outWords + 2]) == 1.0f);
  CHECK(same(fromBits(r.out[5 * outWords + 2]), 0.0f));
  CHECK(same(fromBits(r.out[6 * outWords + 2]), -0.0f));
  CHECK(same(fromBits(r.out[5 * outWords + 3]), 0.0f));
  CHECK(std::isnan(fromBits(r.out[15 * outWords + 1])));
  CHECK(fromBits(r.out[10 * outWords + 7]) == -1.0f);  // FClamp(5, 1, -1) with lo > hi: min(max(5, 1), -1)
  CHECK(r.diagnostics.find("clamp with minVal > maxVal") != std::string::npos);
  CHECK(r.diagnostics.find("pow with x < 0") != std::string::npos);
  CHECK(r.diagnostics.find("atan2 with both operands 0") != std::string::npos);
  CHECK(r.diagnostics.find("smoothstep with edge0 >= edge1") != std::string::npos);
}

TEST_CASE("GLSL integer functions of every width follow the opcode's signedness", "[interp][glsl]") {
  // 32-bit: SAbs SSign FindILsb FindSMsb FindUMsb, then UMin SMin UMax SMax on (x, y), then
  // UClamp and SClamp on (x, y, z); the operands are all uint, the signed ones read them as int.
  const char* unary[] = {"SAbs", "SSign", "FindILsb", "FindSMsb", "FindUMsb"};
  const char* binary[] = {"UMin", "SMin", "UMax", "SMax"};
  const char* ternary[] = {"UClamp", "SClamp"};
  const uint32_t outWords = 11;
  Kernel k(3, outWords);
  const std::string x = k.u32(0), y = k.u32(1), z = k.u32(2);
  uint32_t at = 0;
  for (const char* name : unary) k.store(at++, k.glsl("%uint", name, {x}));
  for (const char* name : binary) k.store(at++, k.glsl("%uint", name, {x, y}));
  for (const char* name : ternary) k.store(at++, k.glsl("%uint", name, {x, y, z}));
  const std::vector<std::array<uint32_t, 3>> cases = {
      {0, 1, 2}, {1, 0, 5}, {0x80000000u, 1, 3}, {0xffffffffu, 0, 10}, {12, 0xfffffffbu, 7}, {0x00f00000u, 3, 0xfffffff0u},
      {0xfffffff8u, 0xfffffffcu, 2}, {7, 7, 7}, {0x7fffffffu, 0x80000000u, 0xffffffffu},
  };
  std::vector<uint32_t> in;
  for (const auto& c : cases) in.insert(in.end(), c.begin(), c.end());
  const KernelRun r = runKernel(k, uint32_t(cases.size()), in, outWords);
  auto findUMsb = [](uint32_t v) { return v == 0 ? -1 : 31 - std::countl_zero(v); };
  for (size_t lane = 0; lane < cases.size(); ++lane) {
    const uint32_t ux = cases[lane][0], uy = cases[lane][1], uz = cases[lane][2];
    const int32_t sx = int32_t(ux), sy = int32_t(uy), sz = int32_t(uz);
    const uint32_t expected[] = {
        sx < 0 ? uint32_t(0) - ux : ux,
        uint32_t(sx > 0 ? 1 : sx < 0 ? -1 : 0),
        ux == 0 ? ~0u : uint32_t(std::countr_zero(ux)),
        uint32_t(findUMsb(sx < 0 ? ~ux : ux)),
        uint32_t(findUMsb(ux)),
        std::min(ux, uy), uint32_t(std::min(sx, sy)), std::max(ux, uy), uint32_t(std::max(sx, sy)),
        std::min(std::max(ux, uy), uz), uint32_t(std::min(std::max(sx, sy), sz)),
    };
    for (uint32_t i = 0; i < outWords; ++i) {
      INFO("lane " << lane << " result " << i);
      CHECK(r.out[lane * outWords + i] == expected[i]);
    }
  }
  // Exact: SAbs(INT_MIN) = INT_MIN, FindUMsb(0) = FindILsb(0) = -1, FindSMsb(-1) = -1, FindSMsb(-8) = 2.
  CHECK(r.out[2 * outWords + 0] == 0x80000000u);
  CHECK(r.out[0 * outWords + 4] == 0xffffffffu);
  CHECK(r.out[0 * outWords + 2] == 0xffffffffu);
  CHECK(r.out[3 * outWords + 3] == 0xffffffffu);
  CHECK(r.out[6 * outWords + 3] == 2u);
  CHECK(r.out[2 * outWords + 3] == 30u);  // FindSMsb(INT_MIN)
  CHECK(r.diagnostics.find("sclamp with minVal > maxVal") != std::string::npos);

  SECTION("16- and 64-bit") {
    Kernel k64(4, 8);
    const std::string a = k64.u64(0), b = k64.u64(2);
    k64.store64(0, k64.glsl("%ulong", "SMin", {a, b}));
    k64.store64(2, k64.glsl("%ulong", "UMax", {a, b}));
    k64.store64(4, k64.glsl("%ulong", "SAbs", {a}));
    const std::string s = k64.op("OpUConvert %ushort " + k64.u32(0));
    const std::string t = k64.op("OpUConvert %ushort " + k64.u32(2));
    k64.store(6, k64.op("OpUConvert %uint " + k64.glsl("%ushort", "SMax", {s, t})));
    k64.store(7, k64.op("OpUConvert %uint " + k64.glsl("%ushort", "SSign", {s})));
    const std::vector<uint64_t> in64 = {0xfffffffffffffffeull, 5, 0x8000000000000000ull, 0x7fffffffffffffffull};
    std::vector<uint32_t> words(in64.size() * 2);
    std::memcpy(words.data(), in64.data(), words.size() * 4);
    const KernelRun r64 = runKernel(k64, 2, words, 8);
    auto q = [&](size_t at) { return uint64_t(r64.out[at]) | uint64_t(r64.out[at + 1]) << 32; };
    CHECK(q(0) == 0xfffffffffffffffeull);  // SMin(-2, 5)
    CHECK(q(2) == 0xfffffffffffffffeull);  // UMax
    CHECK(q(4) == 2);
    CHECK(q(8) == 0x8000000000000000ull);   // SMin(INT64_MIN, INT64_MAX)
    CHECK(q(10) == 0x8000000000000000ull);  // UMax
    CHECK(q(12) == 0x8000000000000000ull);  // SAbs(INT64_MIN)
    CHECK(r64.out[6] == 5);                 // SMax on 16 bits: the low halves 0xfffe (-2) and 5
    CHECK(r64.out[7] == 0xffff);            // SSign(-2) = -1 as a 16-bit value
    CHECK(r64.out[8 + 6] == 0);             // low halves 0x0000 and 0xffff: SMax(0, -1) = 0
    CHECK(r64.out[8 + 7] == 0);             // SSign(0)
  }
}

TEST_CASE("GLSL Modf, Frexp and Ldexp with out-parameters, struct results and edge cases", "[interp][glsl]") {
  Kernel k(4, 16);
  const std::string x = k.f32(0), e = k.i32(1), d = k.f64(2);
  // Modf through a Function variable and ModfStruct.
  const std::string whole = k.variable("%pf_float");
  k.storeF32(0, k.glsl("%float", "Modf", {x, whole}));
  k.storeF32(1, k.op("OpLoad %float " + whole));
  const std::string modf = k.glsl("%ModfFloat", "ModfStruct", {x});
  k.storeF32(2, k.extract("%float", modf, 0));
  k.storeF32(3, k.extract("%float", modf, 1));
  // Frexp through a variable, FrexpStruct on a double.
  const std::string exponent = k.variable("%pf_int");
  k.storeF32(4, k.glsl("%float", "Frexp", {x, exponent}));
  k.storeI32(5, k.op("OpLoad %int " + exponent));
  const std::string frexp = k.glsl("%FrexpDouble", "FrexpStruct", {d});
  k.store64(6, k.extract("%double", frexp, 0));
  k.storeI32(8, k.extract("%int", frexp, 1));
  // Ldexp on float and double.
  k.storeF32(9, k.glsl("%float", "Ldexp", {x, e}));
  k.store64(10, k.glsl("%double", "Ldexp", {d, e}));
  // Modf through a pointer into a buffer (OutF[lane]).
  const std::string bufferPointer = k.op("OpAccessChain %psb_float %OutF %c0 %x");
  k.storeF32(13, k.glsl("%float", "Modf", {x, bufferPointer}));

  struct Case {
    float x;
    int32_t e;
    double d;
  };
  const std::vector<Case> cases = {
      {3.75f, 2, 6.0},    {-3.75f, -3, -0.375}, {0.0f, 1, 0.0},           {-0.0f, 200, 1e-310},   {kInf, 0, -kInf},
      {kNaN, 5, 1.0},     {1.0f, 128, 1024.0},  {kDenormal, 30, 3.5e300}, {1e-3f, -149, 0.75},    {-7.0f, 1000000, -7.0},
  };
  std::vector<uint32_t> in;
  for (const Case& c : cases) {
    const uint64_t dbits = std::bit_cast<uint64_t>(c.d);
    in.insert(in.end(), {bits(c.x), uint32_t(c.e), uint32_t(dbits), uint32_t(dbits >> 32)});
  }
  const KernelRun r = runKernel(k, uint32_t(cases.size()), in, 16);
  for (size_t lane = 0; lane < cases.size(); ++lane) {
    const Case& c = cases[lane];
    INFO("lane " << lane << " x " << show(c.x) << " e " << c.e << " d " << show(c.d));
    const uint32_t* o = &r.out[lane * 16];
    float integral;
    const float fraction = std::modf(c.x, &integral);
    CHECK(same(fromBits(o[0]), fraction));
    CHECK(same(fromBits(o[1]), integral));
    CHECK(same(fromBits(o[2]), fraction));
    CHECK(same(fromBits(o[3]), integral));
    CHECK(same(r.outF[lane], integral));
    CHECK(same(fromBits(o[13]), fraction));
    if (std::isfinite(c.x)) {
      int exp = 0;
      const float mantissa = std::frexp(c.x, &exp);
      CHECK(same(fromBits(o[4]), mantissa));
      CHECK(int32_t(o[5]) == exp);
    } else {
      CHECK(same(fromBits(o[4]), c.x));  // Inf/NaN: the value and exponent 0
      CHECK(o[5] == 0);
    }
    if (std::isfinite(c.d)) {
      int exp = 0;
      const double mantissa = std::frexp(c.d, &exp);
      CHECK(same(wordsToDouble(r.out, lane * 16 + 6), mantissa));
      CHECK(int32_t(o[8]) == exp);
    }
    CHECK(same(fromBits(o[9]), std::ldexp(c.x, c.e)));
    CHECK(same(wordsToDouble(r.out, lane * 16 + 10), std::ldexp(c.d, c.e)));
  }
  CHECK(fromBits(r.out[0 * 16 + 0]) == 0.75f);
  CHECK(same(fromBits(r.out[1 * 16 + 1]), -3.0f));
  CHECK(same(fromBits(r.out[4 * 16 + 0]), 0.0f));  // Modf(Inf) = (0, Inf)
  CHECK(fromBits(r.out[4 * 16 + 1]) == kInf);
  CHECK(r.diagnostics.find("frexp of Inf or NaN") != std::string::npos);
  CHECK(r.diagnostics.find("ldexp result too large") != std::string::npos);
}

TEST_CASE("GLSL Frexp of a vector and Modf of a double vector", "[interp][glsl]") {
  Kernel k(6, 10);
  const std::string v = k.vec("%v2float", {k.f32(0), k.f32(1)});
  const std::string exponents = k.variable("%pf_v2int");
  const std::string mantissas = k.glsl("%v2float", "Frexp", {v, exponents});
  k.storeVector(0, mantissas, "%float", 2, 1, [&](uint32_t at, const std::string& c) { k.storeF32(at, c); });
  k.storeVector(2, k.op("OpLoad %v2int " + exponents), "%int", 2, 1, [&](uint32_t at, const std::string& c) { k.storeI32(at, c); });
  const std::string d = k.vec("%v3double", {k.f64(0), k.f64(2), k.f64(4)});
  const std::string modf = k.glsl("%ModfV3Double", "ModfStruct", {d});
  k.store64(4, k.op("OpCompositeExtract %double " + modf + " 0 0"));
  k.store64(6, k.op("OpCompositeExtract %double " + modf + " 1 2"));
  k.store64(8, k.op("OpCompositeExtract %double " + modf + " 0 1"));
  const std::vector<double> in = {-12.625, 1e-300, 7.5};
  const KernelRun r = runKernel(k, 1, doubleWords(in), 10);
  // Lane 0's floats are the low and high words of -12.625 as bits.
  const std::vector<uint32_t> words = doubleWords(in);
  int e0 = 0, e1 = 0;
  const float m0 = std::frexp(fromBits(words[0]), &e0), m1 = std::frexp(fromBits(words[1]), &e1);
  CHECK(same(fromBits(r.out[0]), m0));
  CHECK(same(fromBits(r.out[1]), m1));
  CHECK(int32_t(r.out[2]) == e0);
  CHECK(int32_t(r.out[3]) == e1);
  CHECK(wordsToDouble(r.out, 4) == -0.625);
  CHECK(wordsToDouble(r.out, 6) == 7.0);
  CHECK(wordsToDouble(r.out, 8) == 1e-300);
}
