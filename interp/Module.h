// A SPIR-V module decoded for execution (docs/interp.md): interned types with their register and
// memory layouts, a constant pool already in register form, global variables with their
// interface decorations, and functions as arrays of pre-decoded instructions grouped into blocks
// with the structured-control-flow facts the executor needs (merge and continue targets).
//
// Register form: every value occupies a fixed number of bytes, members packed without padding
// (bool: one byte 0/1; pointer: Pointer; image/sampler handles: Handle). Memory form: a type's
// explicit layout (Offset, ArrayStride, MatrixStride, RowMajor) when the module gives one, else
// the register form, so Function/Private/Workgroup loads and stores are plain copies.
#pragma once

#include <array>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <vector>

#include "interp/Value.h"

namespace sl::interp {

class SubgroupExec;
struct Inst;
using Handler = void (*)(SubgroupExec& exec, const Inst& inst);

enum class TypeKind : uint8_t {
  Void, Bool, Int, Float, Vector, Matrix, Array, RuntimeArray, Struct, Pointer, Function,
  Image, Sampler, SampledImage, AccelerationStructure, Other,
};

struct ImageTypeInfo {
  uint32_t sampledType = 0;  // type id of the component type
  uint32_t dim = 0;          // spv::Dim
  uint32_t depth = 0;        // 0 no depth, 1 depth, 2 unknown
  bool arrayed = false;
  bool multisampled = false;
  uint32_t sampled = 0;      // 1 sampled, 2 storage, 0 unknown
  uint32_t format = 0;       // spv::ImageFormat
};

struct Type {
  uint32_t id = 0;
  TypeKind kind = TypeKind::Other;
  uint32_t width = 0;        // Int/Float: bits
  bool isSigned = false;     // Int
  uint32_t element = 0;      // Vector/Matrix (column type)/Array/RuntimeArray/Pointer (pointee) type id
  uint32_t count = 0;        // Vector components, Matrix columns, Array length
  uint32_t storageClass = 0; // Pointer
  std::vector<uint32_t> members;  // Struct member type ids; Function: return type then parameters
  uint32_t size = 0;         // register-form bytes (0 for RuntimeArray, Void, Function)
  // Scalar leaf of Bool/Int/Float/Vector/Matrix: its type id; and total scalar components.
  uint32_t scalar = 0;
  uint32_t components = 0;
  ImageTypeInfo image;       // Image, SampledImage (of its image type)
  // Decorations that shape the memory layout of this type when it is laid out explicitly.
  uint32_t arrayStride = 0;                 // Array/RuntimeArray
  std::vector<uint32_t> memberOffsets;      // Struct: ~0u when absent
  std::vector<uint32_t> memberMatrixStride; // Struct: 0 when absent
  std::vector<uint8_t> memberRowMajor;      // Struct: 1 when RowMajor
  bool block = false;        // Block or BufferBlock
  bool bufferBlock = false;
};

// How a type lies in memory. Built per (type, matrix stride, majorness) on demand and interned,
// so access chains step from node to node.
struct LayoutNode {
  uint32_t type = 0;
  uint32_t size = 0;          // bytes in memory (runtime arrays: 0; a struct ending in one: up to it)
  uint32_t stride = 0;        // Array/RuntimeArray element stride; Matrix column (or row) stride
  bool rowMajor = false;      // Matrix
  std::vector<uint32_t> children;  // Struct: member nodes; Array/RuntimeArray/Matrix/Vector: element node
  std::vector<uint32_t> offsets;   // Struct: member offsets
  bool explicitLayout = false;     // from decorations (else the register form)
  // Copy plan between memory and register form: runs of bytes {memory offset, register offset,
  // size}, merged where both sides are contiguous. Empty for runtime arrays.
  struct Run {
    uint32_t memory = 0, reg = 0, size = 0;
  };
  std::vector<Run> runs;
  bool identity = false;  // one run covering the whole value at offset 0 on both sides
};

struct Operand {
  // stride == 0: constant pool at `value`; stride == kLiteral: the literal `value`; else a
  // register at frame offset value * laneCount, one `stride`-byte slot per lane.
  uint32_t value = 0;
  uint32_t stride = 0;
  uint32_t size = 0;  // bytes of the value (0 for literals)
  static constexpr uint32_t kLiteral = ~0u;
  bool isLiteral() const { return stride == kLiteral; }
  bool isConstant() const { return stride == 0; }
};

struct SourceLocation {
  uint32_t file = 0;  // index into Module::sourceFiles (0: unknown)
  uint32_t line = 0;
  uint32_t column = 0;
};

struct Inst {
  Handler handler = nullptr;
  uint16_t opcode = 0;        // spv::Op
  uint16_t extOpcode = 0;     // OpExtInst: the set's instruction number
  uint32_t resultId = 0;
  uint32_t typeId = 0;
  Operand result;             // register of the result (stride 0 when none)
  uint32_t firstOperand = 0;  // into Function::operands
  uint32_t operandCount = 0;
  uint32_t aux = 0;           // handler-specific (component count, byte offset, layout node, ...)
  uint32_t aux2 = 0;
  uint32_t wordOffset = 0;    // word index in the module (diagnostics)
  uint32_t location = 0;      // index into Module::locations (0: none)
};

enum class Terminator : uint8_t { Branch, BranchConditional, Switch, Return, ReturnValue, Unreachable, Kill };

struct Block {
  uint32_t labelId = 0;
  uint32_t first = 0;         // first instruction (into Function::insts)
  uint32_t terminator = 0;    // index of the terminating instruction
  Terminator kind = Terminator::Return;
  // Targets as block indices: Branch {t}; BranchConditional {true, false}; Switch {default, cases...}.
  std::vector<uint32_t> targets;
  std::vector<uint64_t> caseLiterals;  // Switch: literal of targets[i + 1]
  uint32_t selector = 0;      // operand index of the condition/selector/return value in operands
  // Structured control flow: OpSelectionMerge or OpLoopMerge in this block.
  uint32_t mergeBlock = kNoBlock;
  uint32_t continueBlock = kNoBlock;  // loop headers only
  bool loopHeader = false;
  bool hasPhis = false;  // starts with OpPhi (lanes entering it record where they came from)
  uint32_t immediatePostDominator = kNoBlock;  // fallback reconvergence (kExitBlock: function exit)
  static constexpr uint32_t kNoBlock = ~0u;
  static constexpr uint32_t kExitBlock = ~0u - 1;
};

struct Function {
  uint32_t id = 0;
  std::string name;
  uint32_t returnType = 0;
  std::vector<uint32_t> parameterIds;
  std::vector<Operand> parameters;  // registers receiving the arguments
  std::vector<Inst> insts;
  std::vector<Operand> operands;
  std::vector<uint32_t> operandIds;  // the SPIR-V id of each operand (0 for literals)
  std::vector<Block> blocks;
  uint32_t registerBytes = 0;   // per lane, all registers of one call frame
  uint32_t localBytes = 0;      // per lane, its Function-storage variables
  Operand returnValue;          // register the callee's result is written to before returning
  // Function-storage variables: {result id, byte offset in the frame's locals, type}.
  struct Local {
    uint32_t id = 0, offset = 0, type = 0;
  };
  std::vector<Local> locals;
  // Words handlers keep for themselves (an access chain's precomputed plan), indexed by aux.
  std::vector<uint32_t> extra;
  // Pointer ids whose pointee layout is known at decode time (variables, static access chains).
  std::map<uint32_t, uint32_t> staticPointerLayout;
};

struct GlobalVariable {
  uint32_t id = 0;
  std::string name;
  uint32_t pointerType = 0;
  uint32_t type = 0;          // pointee
  uint32_t storageClass = 0;  // spv::StorageClass
  std::optional<uint32_t> set, binding;
  std::optional<uint32_t> builtIn;  // spv::BuiltIn
  uint32_t initializer = 0;   // constant id
  uint32_t layout = 0;        // memory layout node of the pointee
  uint32_t offset = 0;        // Private/Input/Workgroup: offset in that block
  bool nonWritable = false;
  // Descriptor arrays (UniformConstant/StorageBuffer/Uniform arrays of resources): element count
  // (0: runtime array) and the element type.
  bool descriptorArray = false;
  uint32_t descriptorCount = 0;
  uint32_t descriptorType = 0;
};

struct EntryPoint {
  std::string name;
  uint32_t function = 0;       // index into Module::functions
  uint32_t executionModel = 0; // spv::ExecutionModel
  std::array<uint32_t, 3> localSize{1, 1, 1};
  std::vector<uint32_t> interface;  // variable ids
  bool derivativeGroupQuads = false, derivativeGroupLinear = false;
  uint32_t requiredSubgroupSize = 0;  // SubgroupSize execution mode, 0 when absent
  // SPV_KHR_float_controls execution modes, per width bit (16/32/64).
  uint32_t denormFlushWidths = 0, denormPreserveWidths = 0;
};

struct DecodeOptions {
  // Specialization constant values by SpecId: the value's bytes (4 or 8; Bool as 4).
  std::map<uint32_t, std::vector<uint8_t>> specialization;
  // Run SPIRV-Tools' validator (Vulkan 1.3 rules) before decoding; the decoder itself never
  // trusts the module either way.
  bool validate = true;
  // Run SPIRV-Tools' performance passes (spirv-opt -O) first, as a driver's compiler would.
  // Off by default: the module then runs as given, instruction for instruction (the debugger and
  // the CPU device as a reference need that); diagnostics of an optimized module name its words.
  bool optimize = false;
};

class Module {
 public:
  std::vector<Type> types;           // indexed by id (kind Other for non-types)
  std::vector<uint32_t> typeOf;      // id -> result type id of a value (0 when none)
  std::vector<uint32_t> constantOffset;  // id -> offset into constants (~0u when not a constant)
  std::vector<uint8_t> constants;    // the pool, register form
  std::vector<GlobalVariable> globals;
  std::vector<uint32_t> globalIndexOf;  // id -> index into globals (~0u)
  std::vector<Function> functions;
  std::vector<uint32_t> functionIndexOf;  // id -> index into functions (~0u)
  std::vector<EntryPoint> entryPoints;
  std::vector<LayoutNode> layouts;   // [0] unused
  std::vector<std::string> sourceFiles{""};
  std::vector<SourceLocation> locations{SourceLocation{}};
  std::vector<std::string> names;    // id -> OpName ("" when none)
  uint32_t bound = 0;
  uint32_t glslExtSet = 0;           // id of the GLSL.std.450 import (0 when none)
  uint32_t debugPrintfSet = 0;       // NonSemantic.DebugPrintf
  uint32_t shaderDebugInfoSet = 0;   // NonSemantic.Shader.DebugInfo.100
  std::vector<std::string> strings;  // id -> OpString text
  // Each DebugPrintf instruction's format (an OpString id) and argument types (Inst::aux indexes).
  struct PrintfSite {
    uint32_t format = 0;
    std::vector<uint32_t> argTypes;
  };
  std::vector<PrintfSite> printfSites;
  uint32_t privateBytes = 0;         // per lane
  uint32_t inputBytes = 0;           // per lane
  uint32_t workgroupBytes = 0;       // per workgroup
  // Opcodes the executor does not implement, each with where it first appears; executing one is
  // a runtime error naming it.
  std::vector<std::string> unsupported;

  const Type& type(uint32_t id) const { return types[id]; }
  const LayoutNode& layout(uint32_t node) const { return layouts[node]; }
  int findEntryPoint(const std::string& name) const;
  // "file:line:column" of a location index, or "" when unknown.
  std::string describeLocation(uint32_t location) const;
  // The layout node of `type` in memory (explicit when decorated), with the matrix facts a
  // struct member supplies.
  uint32_t layoutOf(uint32_t type, uint32_t matrixStride = 0, bool rowMajor = false);

 private:
  std::map<std::tuple<uint32_t, uint32_t, bool>, uint32_t> layoutIndex_;
};

struct DecodeResult {
  std::shared_ptr<Module> module;  // null on failure
  std::string error;               // the first problem, with its word offset
};

// Decodes (and by default validates) a SPIR-V binary. Never crashes on malformed input.
DecodeResult decodeModule(std::span<const uint32_t> words, const DecodeOptions& options = {});

}  // namespace sl::interp
