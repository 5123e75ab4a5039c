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

TEST_CASE("GLSL packing and unpacking of snorm, unorm, half and double", "[interp][glsl]") {
  Kernel k(4, 24);
  const std::string v4 = k.vec("%v4float", {k.f32(0), k.f32(1), k.f32(2), k.f32(3)});
  const std::string v2 = k.vec("%v2float", {k.f32(0), k.f32(1)});
  k.store(0, k.glsl("%uint", "PackSnorm4x8", {v4}));
  k.store(1, k.glsl("%uint", "PackUnorm4x8", {v4}));
  k.store(2, k.glsl("%uint", "PackSnorm2x16", {v2}));
  k.store(3, k.glsl("%uint", "PackUnorm2x16", {v2}));
  k.store(4, k.glsl("%uint", "PackHalf2x16", {v2}));
  const std::string word = k.u32(0);
  auto storeF = [&](uint32_t at, const std::string& c) { k.storeF32(at, c); };
  k.storeVector(5, k.glsl("%v4float", "UnpackSnorm4x8", {word}), "%float", 4, 1, storeF);
  k.storeVector(9, k.glsl("%v4float", "UnpackUnorm4x8", {word}), "%float", 4, 1, storeF);
  k.storeVector(13, k.glsl("%v2float", "UnpackSnorm2x16", {word}), "%float", 2, 1, storeF);
  k.storeVector(15, k.glsl("%v2float", "UnpackUnorm2x16", {word}), "%float", 2, 1, storeF);
  k.storeVector(17, k.glsl("%v2float", "UnpackHalf2x16", {word}), "%float", 2, 1, storeF);
  const std::string pair = k.vec("%v2uint", {k.u32(0), k.u32(1)});
  const std::string d = k.glsl("%double", "PackDouble2x32", {pair});
  k.store64(19, d);
  const std::string back = k.glsl("%v2uint", "UnpackDouble2x32", {d});
  k.store(21, k.extract("%uint", back, 0));
  k.store(22, k.extract("%uint", back, 1));

  const std::vector<std::array<float, 4>> cases = {
      {0.5f, -1.0f, 2.0f, kNaN},         // clamping, NaN packs 0
      {-0.25f, 1.0f / 254, 3.0f / 254, 0.0f},  // 0.5 and 1.5 steps: halfway cases round to even
      {1.0f, 0.0f, -0.0f, 0.999f},
      {65504.0f, 1e-8f, kInf, -2.0f},    // half: max, underflow
      {1.0f / 3, 70000.0f, 0.1f, 0.75f}, // half: overflow to Inf
  };
  std::vector<uint32_t> in;
  for (const auto& c : cases)
    for (float v : c) in.push_back(bits(v));
  const KernelRun r = runKernel(k, uint32_t(cases.size()), in, 24);

  auto quantize = [](float v, float lo, float scale) { return std::isnan(v) ? 0 : int32_t(std::nearbyint(std::clamp(v, lo, 1.0f) * scale)); };
  for (size_t lane = 0; lane < cases.size(); ++lane) {
    const auto& c = cases[lane];
    const uint32_t* o = &r.out[lane * 24];
    INFO("lane " << lane);
    uint32_t snorm8 = 0, unorm8 = 0;
    for (int i = 0; i < 4; ++i) {
      snorm8 |= uint32_t(uint8_t(int8_t(quantize(c[i], -1, 127)))) << (8 * i);
      unorm8 |= uint32_t(quantize(c[i], 0, 255)) << (8 * i);
    }
    CHECK(o[0] == snorm8);
    CHECK(o[1] == unorm8);
    CHECK(o[2] == (uint32_t(uint16_t(int16_t(quantize(c[0], -1, 32767)))) | uint32_t(uint16_t(int16_t(quantize(c[1], -1, 32767)))) << 16));
    CHECK(o[3] == (uint32_t(quantize(c[0], 0, 65535)) | uint32_t(quantize(c[1], 0, 65535)) << 16));
    CHECK(same(halfToFloat(uint16_t(o[4])), roundToHalf(c[0])));
    CHECK(same(halfToFloat(uint16_t(o[4] >> 16)), roundToHalf(c[1])));
    const uint32_t w = bits(c[0]);
    for (int i = 0; i < 4; ++i) {
      CHECK(fromBits(o[5 + i]) == std::max(float(int8_t(w >> (8 * i))) / 127.0f, -1.0f));
      CHECK(fromBits(o[9 + i]) == float(uint8_t(w >> (8 * i))) / 255.0f);
    }
    for (int i = 0; i < 2; ++i) {
      CHECK(fromBits(o[13 + i]) == std::max(float(int16_t(w >> (16 * i))) / 32767.0f, -1.0f));
      CHECK(fromBits(o[15 + i]) == float(uint16_t(w >> (16 * i))) / 65535.0f);
      CHECK(same(fromBits(o[17 + i]), halfToFloat(uint16_t(w >> (16 * i)))));
    }
    CHECK(o[19] == bits(c[0]));
    CHECK(o[20] == bits(c[1]));
    CHECK(o[21] == bits(c[0]));
    CHECK(o[22] == bits(c[1]));
  }
  // Exact: PackSnorm4x8(0.5, -1, 2, NaN) = 0x00 7f 81 40; 1/254 * 255 = 1.0039 -> 1, 0.5 * 127 = 63.5 -> 64.
  CHECK(r.out[0] == 0x007f8140u);
  CHECK(r.out[1] == 0x00ff0080u);
  CHECK((r.out[24 + 4] & 0xffff) == 0xb400u);          // -0.25 as a half
  CHECK(r.out[3 * 24 + 4] == 0x00007bffu);             // (65504, 1e-8): max half, then 0
  CHECK(r.out[4 * 24 + 4] >> 16 == 0x7c00u);           // 70000 overflows to Inf
}

TEST_CASE("GLSL geometry: length, distance, cross, normalize, faceforward, reflect, refract", "[interp][glsl]") {
  Kernel k(9, 20);
  const std::string a = k.vec("%v3float", {k.f32(0), k.f32(1), k.f32(2)});
  const std::string b = k.vec("%v3float", {k.f32(3), k.f32(4), k.f32(5)});
  const std::string c = k.vec("%v3float", {k.f32(6), k.f32(7), k.f32(8)});
  const std::string eta = k.f32(8);
  auto storeF = [&](uint32_t at, const std::string& v) { k.storeF32(at, v); };
  k.storeF32(0, k.glsl("%float", "Length", {a}));
  k.storeF32(1, k.glsl("%float", "Distance", {a, b}));
  k.storeVector(2, k.glsl("%v3float", "Cross", {a, b}), "%float", 3, 1, storeF);
  k.storeVector(5, k.glsl("%v3float", "Normalize", {a}), "%float", 3, 1, storeF);
  k.storeVector(8, k.glsl("%v3float", "FaceForward", {a, b, c}), "%float", 3, 1, storeF);
  k.storeVector(11, k.glsl("%v3float", "Reflect", {a, b}), "%float", 3, 1, storeF);
  k.storeVector(14, k.glsl("%v3float", "Refract", {a, b, eta}), "%float", 3, 1, storeF);
  const std::string s = k.f32(0);
  k.storeF32(17, k.glsl("%float", "Length", {s}));      // scalar: |x|
  k.storeF32(18, k.glsl("%float", "Normalize", {s}));   // scalar: sign
  k.storeF32(19, k.glsl("%float", "Refract", {s, k.f32(3), eta}));

  using V = std::array<float, 3>;
  const std::vector<std::array<V, 3>> cases = {
      {V{1, 2, 3}, V{4, 5, 6}, V{-1, 0, 0.5f}},
      {V{0.8f, -0.6f, 0}, V{0, 1, 0}, V{0, 1, 1.5f}},   // eta 1.5 at a grazing angle: k < 0 gives 0
      {V{-3, 0, 4}, V{0, 0, 1}, V{1, 1, 0.9f}},
      {V{0, 0, 0}, V{1, 1, 1}, V{1, 0, 0.5f}},           // normalize(0) = NaN
      {V{1e20f, 1e20f, 0}, V{0, 0, 0}, V{0, 0, 1}},      // overflowing squares, as the formula does
  };
  std::vector<uint32_t> in;
  for (const auto& c3 : cases)
    for (const V& v : c3)
      for (float f : v) in.push_back(bits(f));
  const KernelRun r = runKernel(k, uint32_t(cases.size()), in, 20);
  auto dot = [](const V& x, const V& y) { return x[0] * y[0] + x[1] * y[1] + x[2] * y[2]; };
  for (size_t lane = 0; lane < cases.size(); ++lane) {
    const V& x = cases[lane][0];
    const V& y = cases[lane][1];
    const V& z = cases[lane][2];
    const float e = z[2];
    const uint32_t* o = &r.out[lane * 20];
    INFO("lane " << lane);
    const float length = std::sqrt(dot(x, x));
    const V d{x[0] - y[0], x[1] - y[1], x[2] - y[2]};
    const float ni = dot(y, x), kk = 1 - e * e * (1 - ni * ni);
    const float expected[] = {
        length, std::sqrt(dot(d, d)),
        x[1] * y[2] - y[1] * x[2], x[2] * y[0] - y[2] * x[0], x[0] * y[1] - y[0] * x[1],
        x[0] / length, x[1] / length, x[2] / length,
        dot(z, y) < 0 ? x[0] : -x[0], dot(z, y) < 0 ? x[1] : -x[1], dot(z, y) < 0 ? x[2] : -x[2],
        x[0] - 2 * ni * y[0], x[1] - 2 * ni * y[1], x[2] - 2 * ni * y[2],
        kk < 0 ? 0 : e * x[0] - (e * ni + std::sqrt(kk)) * y[0],
        kk < 0 ? 0 : e * x[1] - (e * ni + std::sqrt(kk)) * y[1],
        kk < 0 ? 0 : e * x[2] - (e * ni + std::sqrt(kk)) * y[2],
        std::fabs(x[0]), x[0] / std::fabs(x[0]),
        [&] {
          const float sk = 1 - e * e * (1 - (y[0] * x[0]) * (y[0] * x[0]));
          return sk < 0 ? 0.0f : e * x[0] - (e * (y[0] * x[0]) + std::sqrt(sk)) * y[0];
        }(),
    };
    for (uint32_t i = 0; i < 20; ++i) {
      INFO("result " << i << " = " << show(fromBits(o[i])) << ", expected " << show(expected[i]));
      CHECK(same(fromBits(o[i]), expected[i]));
    }
  }
  CHECK(fromBits(r.out[0]) == std::sqrt(14.0f));
  CHECK(fromBits(r.out[20 + 14]) == 0.0f);  // total internal reflection
  CHECK(fromBits(r.out[2 * 20 + 0]) == 5.0f);
}

TEST_CASE("GLSL Determinant and MatrixInverse of 2x2, 3x3 and 4x4 float and double matrices", "[interp][glsl]") {
  // Lane input: 16 floats; an n x n matrix takes the first n * n of them column by column, the
  // double 4x4 takes all 16 widened.
  Kernel k(16, 64);
  auto column = [&](const std::string& type, uint32_t n, uint32_t c, bool dbl) {
    std::vector<std::string> components;
    for (uint32_t r = 0; r < n; ++r) {
      const std::string f = k.f32(c * n + r);
      components.push_back(dbl ? k.op("OpFConvert %double " + f) : f);
    }
    return k.vec(type, components);
  };
  auto matrix = [&](uint32_t n, bool dbl) {
    const std::string scalar = dbl ? "double" : "float";
    std::vector<std::string> columns;
    for (uint32_t c = 0; c < n; ++c) columns.push_back(column("%v" + std::to_string(n) + scalar, n, c, dbl));
    return k.vec("%m" + std::to_string(n) + scalar, columns);
  };
  uint32_t at = 0;
  for (uint32_t n = 2; n <= 4; ++n) {
    const std::string m = matrix(n, false);
    k.storeF32(at++, k.glsl("%float", "Determinant", {m}));
    const std::string inv = k.glsl("%m" + std::to_string(n) + "float", "MatrixInverse", {m});
    for (uint32_t c = 0; c < n; ++c)
      for (uint32_t r = 0; r < n; ++r) k.storeF32(at++, k.op("OpCompositeExtract %float " + inv + " " + std::to_string(c) + " " + std::to_string(r)));
  }
  const std::string md = matrix(4, true);
  k.store64(at, k.glsl("%double", "Determinant", {md}));
  at += 2;
  const std::string invd = k.glsl("%m4double", "MatrixInverse", {md});
  for (uint32_t c = 0; c < 4; ++c) k.store64(at + c * 2, k.op("OpCompositeExtract %double " + invd + " " + std::to_string(c) + " " + std::to_string(c)));
  REQUIRE(at + 8 <= 64);

  const std::vector<std::array<float, 16>> cases = {
      {2, 1, 0, 1, 3, 1, 0, 1, 4, 1, 0, 2, 1, 0, 1, 5},
      {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16},  // singular 3x3 and 4x4
      {4, -2, 1, 3, 0, 1, -1, 2, 5, 0, 2, -3, 1, 1, 0, 2},
  };
  std::vector<uint32_t> in;
  for (const auto& c : cases) {
    for (float v : c) in.push_back(bits(v));
  }
  const KernelRun r = runKernel(k, uint32_t(cases.size()), in, 64);

  // Host reference in double: Gaussian elimination with partial pivoting (another method than the
  // executor's cofactors), element (row, column) = values[column * n + row].
  auto reference = [](const float* values, uint32_t n, double& det, std::vector<double>& inverse) {
    std::vector<double> a(n * n), inv(n * n, 0.0);
    for (uint32_t c = 0; c < n; ++c)
      for (uint32_t row = 0; row < n; ++row) a[row * n + c] = values[c * n + row];
    for (uint32_t i = 0; i < n; ++i) inv[i * n + i] = 1;
    det = 1;
    for (uint32_t col = 0; col < n; ++col) {
      uint32_t pivot = col;
      for (uint32_t row = col + 1; row < n; ++row)
        if (std::fabs(a[row * n + col]) > std::fabs(a[pivot * n + col])) pivot = row;
      if (a[pivot * n + col] == 0) {
        det = 0;
        return;
      }
      if (pivot != col) {
        for (uint32_t j = 0; j < n; ++j) std::swap(a[col * n + j], a[pivot * n + j]), std::swap(inv[col * n + j], inv[pivot * n + j]);
        det = -det;
      }
      const double p = a[col * n + col];
      det *= p;
      for (uint32_t j = 0; j < n; ++j) a[col * n + j] /= p, inv[col * n + j] /= p;
      for (uint32_t row = 0; row < n; ++row) {
        if (row == col) continue;
        const double f = a[row * n + col];
        for (uint32_t j = 0; j < n; ++j) a[row * n + j] -= f * a[col * n + j], inv[row * n + j] -= f * inv[col * n + j];
      }
    }
    inverse.assign(n * n, 0);
    for (uint32_t c = 0; c < n; ++c)
      for (uint32_t row = 0; row < n; ++row) inverse[c * n + row] = inv[row * n + c];  // back to column-major
  };
  for (size_t lane = 0; lane < cases.size(); ++lane) {
    const uint32_t* o = &r.out[lane * 64];
    uint32_t pos = 0;
    for (uint32_t n = 2; n <= 4; ++n) {
      INFO("lane " << lane << " n " << n);
      double det;
      std::vector<double> inverse;
      reference(cases[lane].data(), n, det, inverse);
      CHECK(fromBits(o[pos]) == Approx(det).margin(1e-4));
      ++pos;
      for (uint32_t i = 0; i < n * n; ++i, ++pos) {
        if (det == 0) CHECK(!std::isfinite(fromBits(o[pos])));  // singular: a division by 0
        else CHECK(fromBits(o[pos]) == Approx(inverse[i]).epsilon(1e-5).margin(1e-6));
      }
    }
    double det;
    std::vector<double> inverse;
    reference(cases[lane].data(), 4, det, inverse);
    CHECK(wordsToDouble(r.out, lane * 64 + pos) == Approx(det).margin(1e-12));
    if (det != 0)
      for (uint32_t c = 0; c < 4; ++c) CHECK(wordsToDouble(r.out, lane * 64 + pos + 2 + c * 2) == Approx(inverse[c * 4 + c]).epsilon(1e-12));
  }
  CHECK(fromBits(r.out[0]) == 2.0f);   // lane 0's 2x2: columns (2, 1), (0, 1)
  CHECK(fromBits(r.out[5]) == 18.0f);  // its 3x3: rows (2 1 0), (1 3 1), (0 1 4)
  CHECK(r.diagnostics.find("inverse of a singular matrix") != std::string::npos);
}

TEST_CASE("HLSL float intrinsics map to GLSL.std.450 and match the host", "[interp][glsl]") {
  const auto words = compileHlsl(R"(
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u1);
RWStructuredBuffer<int> Signs : register(u2);
[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float x = In[id.x], y = In[(id.x + 1) % 32], z = In[(id.x + 7) % 32];
  uint o = id.x * 32;
  Out[o + 0] = sin(x);   Out[o + 1] = cos(x);   Out[o + 2] = tan(x);   Out[o + 3] = asin(x);
  Out[o + 4] = acos(x);  Out[o + 5] = atan(x);  Out[o + 6] = atan2(x, y); Out[o + 7] = sinh(x);
  Out[o + 8] = cosh(x);  Out[o + 9] = tanh(x);  Out[o + 10] = pow(x, y); Out[o + 11] = exp(x);
  Out[o + 12] = exp2(x); Out[o + 13] = log(x);  Out[o + 14] = log2(x);  Out[o + 15] = sqrt(x);
  Out[o + 16] = rsqrt(x); Out[o + 17] = floor(x); Out[o + 18] = ceil(x); Out[o + 19] = round(x);
  Out[o + 20] = trunc(x); Out[o + 21] = frac(x); Out[o + 22] = abs(x);  Out[o + 23] = radians(x);
  Out[o + 24] = degrees(x); Out[o + 25] = lerp(x, y, z); Out[o + 26] = clamp(x, y, z); Out[o + 27] = saturate(x);
  Out[o + 28] = step(x, y); Out[o + 29] = smoothstep(x, y, z); Out[o + 30] = min(x, y); Out[o + 31] = max(x, y);
  Signs[id.x] = sign(x);
})");
  const std::vector<float> in = {0.0f, -0.0f, 0.5f, -0.5f, 1.0f, -1.0f, 2.5f, -2.5f, 3.7f, -3.7f, 0.25f, 10.0f, 100.0f,
                                 1e30f, kDenormal, kInf, -kInf, kNaN, 0.75f, 2.0f, -8.0f, 1.5f, 0.125f, 42.0f, -0.3f,
                                 5.5f, 1e-5f, 7.0f, 0.9f, -100.0f, 3.0f, 0.0625f};
  REQUIRE(in.size() == 32);
  Buffers b;
  b.set<float>(0, 0, in);
  b.zeros<float>(0, 1, 32 * 32);
  b.zeros<int32_t>(0, 2, 32);
  const RunResult r = run(words, b);
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<float>(0, 1);
  const auto signs = b.get<int32_t>(0, 2);
  auto fmin = [](float a, float c) { return std::isnan(a) ? c : std::isnan(c) ? a : (c < a ? c : a); };
  auto fmax = [](float a, float c) { return std::isnan(a) ? c : std::isnan(c) ? a : (a < c ? c : a); };
  for (uint32_t i = 0; i < 32; ++i) {
    const float x = in[i], y = in[(i + 1) % 32], z = in[(i + 7) % 32];
    const float t = fmin(fmax((z - x) / (y - x), 0.0f), 1.0f);
    const float expected[32] = {
        std::sin(x), std::cos(x), std::tan(x), std::asin(x), std::acos(x), std::atan(x), std::atan2(x, y), std::sinh(x),
        std::cosh(x), std::tanh(x), x < 0 ? kNaN : std::pow(x, y), std::exp(x), std::exp2(x), std::log(x), std::log2(x),
        std::sqrt(x), 1 / std::sqrt(x), std::floor(x), std::ceil(x), std::nearbyint(x), std::trunc(x), x - std::floor(x),
        std::fabs(x), x * float(std::numbers::pi / 180), x * float(180 / std::numbers::pi), x * (1 - z) + y * z,
        fmin(fmax(x, y), z), fmin(fmax(x, 0.0f), 1.0f), y < x ? 0.0f : 1.0f, t * t * (3 - 2 * t), fmin(x, y), fmax(x, y),
    };
    for (uint32_t k = 0; k < 32; ++k) {
      INFO("invocation " << i << " (x = " << show(x) << ") result " << k << " = " << show(out[i * 32 + k]) << ", expected " << show(expected[k]));
      CHECK(same(out[i * 32 + k], expected[k]));
    }
    CHECK(signs[i] == (x > 0 ? 1 : x < 0 ? -1 : 0));  // sign(NaN) converts to 0
  }
  CHECK(out[27 * 32 + 27] == 1.0f);   // saturate(7)
  CHECK(out[17 * 32 + 27] == 0.0f);   // saturate(NaN) = 0
  CHECK(out[6 * 32 + 19] == 2.0f);    // round(2.5) = 2
}

TEST_CASE("HLSL integer intrinsics: firstbithigh, firstbitlow, abs, sign, min, max, clamp", "[interp][glsl]") {
  const auto words = compileHlsl(R"(
StructuredBuffer<int> In : register(t0);
RWStructuredBuffer<int> Out : register(u1);
[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  int x = In[id.x], y = In[(id.x + 3) % 16];
  uint u = asuint(x), v = asuint(y);
  uint o = id.x * 10;
  Out[o + 0] = firstbithigh(x);
  Out[o + 1] = int(firstbithigh(u));
  Out[o + 2] = int(firstbitlow(u));
  Out[o + 3] = abs(x);
  Out[o + 4] = sign(x);
  Out[o + 5] = min(x, y);
  Out[o + 6] = max(x, y);
  Out[o + 7] = int(min(u, v));
  Out[o + 8] = int(max(u, v));
  Out[o + 9] = clamp(x, -100, 100);
})");
  const std::vector<int32_t> in = {0, 1, -1, INT32_MIN, INT32_MAX, 12, -12, 0x00f00000, -8, 255, 256, -256, 7, -7, 1 << 30, -(1 << 30)};
  Buffers b;
  b.set<int32_t>(0, 0, in);
  b.zeros<int32_t>(0, 1, 160);
  const RunResult r = run(words, b);
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<int32_t>(0, 1);
  auto msb = [](uint32_t v) { return v == 0 ? -1 : 31 - std::countl_zero(v); };
  for (uint32_t i = 0; i < 16; ++i) {
    const int32_t x = in[i], y = in[(i + 3) % 16];
    const uint32_t u = uint32_t(x), v = uint32_t(y);
    const int32_t expected[10] = {
        msb(x < 0 ? ~u : u), msb(u), u == 0 ? -1 : std::countr_zero(u), x == INT32_MIN ? INT32_MIN : std::abs(x),
        x > 0 ? 1 : x < 0 ? -1 : 0, std::min(x, y), std::max(x, y), int32_t(std::min(u, v)), int32_t(std::max(u, v)),
        std::clamp(x, -100, 100),
    };
    for (uint32_t k = 0; k < 10; ++k) {
      INFO("x = " << x << " y = " << y << " result " << k);
      CHECK(out[i * 10 + k] == expected[k]);
    }
  }
  CHECK(out[0 * 10 + 1] == -1);  // firstbithigh(0u)
  CHECK(out[2 * 10 + 0] == -1);  // firstbithigh(-1)
  CHECK(out[3 * 10 + 3] == INT32_MIN);
}

TEST_CASE("HLSL f32tof16 and f16tof32 are PackHalf2x16 and UnpackHalf2x16", "[interp][glsl]") {
  const auto words = compileHlsl(R"(
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<uint> Halves : register(u1);
RWStructuredBuffer<float> Back : register(u2);
[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint h = f32tof16(In[id.x]);
  Halves[id.x] = h;
  Back[id.x] = f16tof32(h | 0xabcd0000u);  // the high half is ignored
})");
  const std::vector<float> in = {0.0f, -0.0f, 1.0f, -2.0f, 65504.0f, 65520.0f, 1e-8f, std::ldexp(1.0f, -24), 3e-5f, kInf,
                                 -kInf, kNaN, 1.0f / 3, 2049.0f, 2051.0f, kDenormal};
  Buffers b;
  b.set<float>(0, 0, in);
  b.zeros<uint32_t>(0, 1, 16);
  b.zeros<float>(0, 2, 16);
  const RunResult r = run(words, b);
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto halves = b.get<uint32_t>(0, 1);
  const auto back = b.get<float>(0, 2);
  for (uint32_t i = 0; i < 16; ++i) {
    INFO("f32tof16(" << show(in[i]) << ") = 0x" << std::hex << halves[i]);
    CHECK(halves[i] >> 16 == 0);
    CHECK(same(halfToFloat(uint16_t(halves[i])), roundToHalf(in[i])));
    CHECK(same(back[i], halfToFloat(uint16_t(halves[i]))));
  }
  CHECK(halves[2] == 0x3c00u);
  CHECK(halves[5] == 0x7c00u);   // 65520 rounds up to Inf
  CHECK(halves[7] == 0x0001u);   // the smallest subnormal
  CHECK(halves[13] == 0x6800u);  // 2049 ties to even: 2048
  CHECK(halves[14] == 0x6802u);  // 2051 ties to even: 2052
}

TEST_CASE("HLSL geometry and matrix intrinsics: length, normalize, cross, reflect, refract, determinant, modf, ldexp", "[interp][glsl]") {
  const auto words = compileHlsl(R"(
StructuredBuffer<float4> In : register(t0);
RWStructuredBuffer<float4> Out : register(u1);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 a = In[id.x * 3], b = In[id.x * 3 + 1], c = In[id.x * 3 + 2];
  uint o = id.x * 6;
  Out[o + 0] = float4(length(a), distance(a, b), determinant(float2x2(a.xy, b.xy)), determinant(float3x3(a.xyz, b.xyz, c.xyz)));
  Out[o + 1] = normalize(a);
  Out[o + 2] = float4(cross(a.xyz, b.xyz), determinant(float4x4(a, b, c, a.wzyx)));
  Out[o + 3] = reflect(a, b);
  Out[o + 4] = refract(a, b, c.x);
  float4 whole;
  float4 fraction = modf(c, whole);
  Out[o + 5] = float4(fraction.x, whole.x, ldexp(a.x, b.x), faceforward(a, b, c).y);
})");
  const std::vector<std::array<float, 4>> in = {
      {1, 2, 3, 4}, {0.5f, -1, 2, 0}, {0.75f, -2.5f, 3, 1},
      {0.8f, 0.6f, 0, 0}, {0, -1, 0, 0}, {1.5f, 0, 0, 0},
      {-3, 4, 0, 12}, {1, 1, 1, 1}, {-0.5f, 1.25f, -7.75f, 2},
      {kNaN, 1, 0, 0}, {3, 0, -0.0f, 1}, {2, kInf, 0, 0},
  };
  Buffers b;
  b.set<std::array<float, 4>>(0, 0, in);
  b.zeros<std::array<float, 4>>(0, 1, 24);
  const RunResult r = run(words, b);
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<std::array<float, 4>>(0, 1);
  using V = std::array<float, 4>;
  auto dot4 = [](const V& x, const V& y) { return x[0] * y[0] + x[1] * y[1] + x[2] * y[2] + x[3] * y[3]; };
  for (uint32_t i = 0; i < 4; ++i) {
    const V& a = in[i * 3];
    const V& bb = in[i * 3 + 1];
    const V& c = in[i * 3 + 2];
    const V* o = &out[i * 6];
    INFO("invocation " << i);
    const float length = std::sqrt(dot4(a, a));
    const V d{a[0] - bb[0], a[1] - bb[1], a[2] - bb[2], a[3] - bb[3]};
    CHECK(same(o[0][0], length));
    CHECK(same(o[0][1], std::sqrt(dot4(d, d))));
    // float2x2(a.xy, b.xy) has rows a.xy and b.xy (HLSL is row-major in its constructors).
    CHECK(same(o[0][2], a[0] * bb[1] - a[1] * bb[0]));
    const double det3 = double(a[0]) * (double(bb[1]) * c[2] - double(bb[2]) * c[1]) - double(a[1]) * (double(bb[0]) * c[2] - double(bb[2]) * c[0]) +
                        double(a[2]) * (double(bb[0]) * c[1] - double(bb[1]) * c[0]);
    if (std::isfinite(det3)) CHECK(o[0][3] == Approx(det3).margin(1e-4));
    for (int k = 0; k < 4; ++k) CHECK(same(o[1][k], a[k] / length));
    CHECK(same(o[2][0], a[1] * bb[2] - bb[1] * a[2]));
    CHECK(same(o[2][1], a[2] * bb[0] - bb[2] * a[0]));
    CHECK(same(o[2][2], a[0] * bb[1] - bb[0] * a[1]));
    const float ni = dot4(bb, a), eta = c[0], k = 1 - eta * eta * (1 - ni * ni);
    for (int j = 0; j < 4; ++j) {
      CHECK(same(o[3][j], a[j] - 2 * ni * bb[j]));
      CHECK(same(o[4][j], k < 0 ? 0.0f : eta * a[j] - (eta * ni + std::sqrt(k)) * bb[j]));
    }
    float whole;
    const float fraction = std::modf(c[0], &whole);
    CHECK(same(o[5][0], fraction));
    CHECK(same(o[5][1], whole));
    CHECK(same(o[5][2], a[0] * std::exp2(bb[0])));  // our compiler lowers ldexp to x * exp2(e), as DXC
    CHECK(same(o[5][3], dot4(c, bb) < 0 ? a[1] : -a[1]));
  }
  CHECK(out[0][0] == std::sqrt(30.0f));
  CHECK(out[6 * 1 + 4][0] == 0.0f);  // refract with k < 0: (0.8, 0.6) into (0, -1) at eta 1.5 -> total internal reflection
}

TEST_CASE("HLSL half intrinsics with -enable-16bit-types compute through float and round to half", "[interp][glsl]") {
  const auto words = compileHlsl(R"(
StructuredBuffer<half> In : register(t0);
RWStructuredBuffer<half> Out : register(u1);
[numthreads(16, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  half x = In[id.x], y = In[(id.x + 5) % 16];
  uint o = id.x * 8;
  Out[o + 0] = sin(x);
  Out[o + 1] = pow(x, y);
  Out[o + 2] = sqrt(x);
  Out[o + 3] = lerp(x, y, (half)0.25);
  Out[o + 4] = min(x, y);
  Out[o + 5] = abs(x);
  Out[o + 6] = exp2(x);
  Out[o + 7] = length(half2(x, y));
})",
                                 "cs_6_2", {"-enable-16bit-types"});
  const std::vector<float> values = {0.0f, -0.0f, 0.5f, 1.0f, -1.0f, 2.5f, 3.140625f, 10.0f, 0.0999755859375f, 100.0f,
                                     65504.0f, std::ldexp(1.0f, -24), kInf, kNaN, 1.5f, 15.0f};
  std::vector<uint16_t> in;
  for (float v : values) in.push_back(halfBits(v));
  Buffers b;
  b.set<uint16_t>(0, 0, in);
  b.zeros<uint16_t>(0, 1, 16 * 8);
  const RunResult r = run(words, b);
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<uint16_t>(0, 1);
  auto fmin = [](float a, float c) { return std::isnan(a) ? c : std::isnan(c) ? a : (c < a ? c : a); };
  for (uint32_t i = 0; i < 16; ++i) {
    const float x = values[i], y = values[(i + 5) % 16];
    // fp16 arithmetic rounds after each operation; lerp is x * (1 - a) + y * a with a = 0.25.
    const float lerp = roundToHalf(roundToHalf(x * 0.75f) + roundToHalf(y * 0.25f));
    const float expected[8] = {
        roundToHalf(std::sin(x)), x < 0 ? kNaN : roundToHalf(std::pow(x, y)), roundToHalf(std::sqrt(x)), lerp, fmin(x, y),
        std::fabs(x), roundToHalf(std::exp2(x)), roundToHalf(std::sqrt(x * x + y * y)),
    };
    for (uint32_t k = 0; k < 8; ++k) {
      const float got = halfToFloat(out[i * 8 + k]);
      INFO("x = " << show(x) << " y = " << show(y) << " result " << k << " = " << show(got) << ", expected " << show(expected[k]));
      if (k == 3) {
        // The compiler may keep lerp as FMix (rounded once) or expand it: either is within one half ulp step.
        CHECK((same(got, lerp) || same(got, roundToHalf(x * 0.75f + y * 0.25f))));
      } else {
        CHECK(same(got, expected[k]));
      }
    }
  }
  CHECK(out[8 * 8 + 5] == halfBits(0.0999755859375f));
}

TEST_CASE("HLSL double intrinsics: fma, abs, min, max, clamp, saturate, sign", "[interp][glsl]") {
  const auto words = compileHlsl(R"(
StructuredBuffer<double> In : register(t0);
RWStructuredBuffer<double> Out : register(u1);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  double x = In[id.x], y = In[(id.x + 1) % 8], z = In[(id.x + 2) % 8];
  uint o = id.x * 7;
  Out[o + 0] = fma(x, y, z);
  Out[o + 1] = abs(x);
  Out[o + 2] = min(x, y);
  Out[o + 3] = max(x, y);
  Out[o + 4] = clamp(x, -1.0, 1.0);
  Out[o + 5] = saturate(x);
  Out[o + 6] = sign(x);
})");
  const double nan = std::numeric_limits<double>::quiet_NaN();
  const std::vector<double> in = {1.0 + std::ldexp(1.0, -52), 1.0 - std::ldexp(1.0, -53), -1.0, -0.0, 1e-310, nan, 3.5, -1e300};
  Buffers b;
  b.set<double>(0, 0, in);
  b.zeros<double>(0, 1, 56);
  const RunResult r = run(words, b);
  INFO(r.diagnostics);
  REQUIRE(r.result.ok);
  const auto out = b.get<double>(0, 1);
  auto dmin = [](double a, double c) { return std::isnan(a) ? c : std::isnan(c) ? a : (c < a ? c : a); };
  auto dmax = [](double a, double c) { return std::isnan(a) ? c : std::isnan(c) ? a : (a < c ? c : a); };
  for (uint32_t i = 0; i < 8; ++i) {
    const double x = in[i], y = in[(i + 1) % 8], z = in[(i + 2) % 8];
    const double expected[7] = {std::fma(x, y, z), std::fabs(x), dmin(x, y), dmax(x, y), dmin(dmax(x, -1.0), 1.0), dmin(dmax(x, 0.0), 1.0),
                                double(x > 0 ? 1 : x < 0 ? -1 : 0)};
    for (uint32_t k = 0; k < 7; ++k) {
      INFO("x = " << show(x) << " result " << k << " = " << show(out[i * 7 + k]));
      CHECK(same(out[i * 7 + k], expected[k]));
    }
  }
  // fma rounds once: (1 + 2^-52)(1 - 2^-53) - 1 = 2^-53 - 2^-105 exactly representable in double only through fma.
  CHECK(out[0] == std::fma(in[0], in[1], in[2]));
  CHECK(out[0] != in[0] * in[1] + in[2]);
}

TEST_CASE("GLSL fp32 functions flush denormal inputs and results in D3D's float mode", "[interp][glsl]") {
  Kernel k(2, 5);
  const std::string x = k.f32(0), y = k.f32(1);
  k.storeF32(0, k.glsl("%float", "Sqrt", {x}));
  k.storeF32(1, k.glsl("%float", "FMax", {x, y}));
  k.storeF32(2, k.glsl("%float", "Ldexp", {y, k.op("OpBitcast %int " + k.constant(0))}));
  k.storeF32(3, k.glsl("%float", "Fma", {y, y, x}));
  k.storeF32(4, k.glsl("%float", "Length", {k.vec("%v2float", {x, x})}));
  const std::vector<uint32_t> in = {bits(kDenormal), bits(-kDenormal)};
  const KernelRun preserved = runKernel(k, 1, in, 5);
  CHECK(fromBits(preserved.out[0]) == std::sqrt(kDenormal));
  CHECK(fromBits(preserved.out[1]) == kDenormal);
  CHECK(fromBits(preserved.out[2]) == -kDenormal);
  interp::DispatchOptions options;
  options.flushFp32Denormals = true;
  const KernelRun flushed = runKernel(k, 1, in, 5, options);
  CHECK(same(fromBits(flushed.out[0]), 0.0f));   // sqrt(+0)
  CHECK(same(fromBits(flushed.out[1]), 0.0f));   // FMax(+0, -0) = +0
  CHECK(same(fromBits(flushed.out[2]), -0.0f));  // the result flushes with its sign
  CHECK(same(fromBits(flushed.out[3]), 0.0f));
  CHECK(same(fromBits(flushed.out[4]), 0.0f));
}

TEST_CASE("GLSL instructions with operands of the wrong type reject the module; InterpolateAt fails when it runs", "[interp][glsl]") {
  auto decode = [](const std::string& body) {
    const std::string text = R"(
OpCapability Shader
%glsl = OpExtInstImport "GLSL.std.450"
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main "main"
OpExecutionMode %main LocalSize 1 1 1
%void = OpTypeVoid
%fn = OpTypeFunction %void
%uint = OpTypeInt 32 0
%float = OpTypeFloat 32
%v2float = OpTypeVector %float 2
%uint_1 = OpConstant %uint 1
%float_1 = OpConstant %float 1
%pf = OpTypePointer Function %float
%main = OpFunction %void None %fn
%entry = OpLabel
%var = OpVariable %pf Function
)" + body + R"(
OpReturn
OpFunctionEnd
)";
    interp::DecodeOptions options;
    options.validate = false;  // what the validator would reject must not reach a handler either
    return interp::decodeModule(assemble(text), options);
  };
  CHECK(decode("%r = OpExtInst %float %glsl Sin %float_1").module);
  const interp::DecodeResult intOperand = decode("%r = OpExtInst %float %glsl Sin %uint_1");
  CHECK(!intOperand.module);
  CHECK(intOperand.error.find("GLSL.std.450 Sin") != std::string::npos);
  CHECK(!decode("%r = OpExtInst %v2float %glsl Length %float_1").module);
  CHECK(!decode("%r = OpExtInst %float %glsl Modf %float_1 %float_1").module);  // not a pointer
  CHECK(!decode("%r = OpExtInst %float %glsl Determinant %float_1").module);
  CHECK(!decode("%r = OpExtInst %uint %glsl PackHalf2x16 %float_1").module);

  const interp::DecodeResult interpolate = decode("%r = OpExtInst %float %glsl InterpolateAtCentroid %var");
  REQUIRE(interpolate.module);
  interp::DispatchDesc desc;
  desc.module = interpolate.module;
  const interp::DispatchResult result = interp::dispatch(desc);
  CHECK(!result.ok);
  CHECK(result.error().find("InterpolateAtCentroid is fragment-only") != std::string::npos);
}
