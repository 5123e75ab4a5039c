// The module: global variables, functions with structured bodies, entry points, debug sources.
//
// A function body is a tree of Regions and Nodes (SPIR-T's model; docs/ir.md):
//   Region = inputs (typed values bound on entry) + a sequence of Nodes + an Exit.
//   Node   = Block (a list of instructions) | Select (if / switch, one Region per case)
//          | Loop (body Region + continuing Region).
//   Exit   = how control leaves a Region: Yield (fall out normally, carrying the region's
//            outputs), Break / Continue / BreakIf / FallThrough (structured jumps to an enclosing
//            construct), Return, Kill, Unreachable.
// No phis: values merge through node outputs (select/loop results) and region inputs
// (loop-carried values, continuing-block values, function parameters).
#pragma once

#include "core/ir/Attrs.h"
#include "core/support/StableVector.h"
#include "core/ir/Context.h"
#include "core/ir/Handle.h"
#include "core/ir/Opcode.h"

#include <memory>
#include <string>
#include <vector>

namespace sl::ir {

enum class ValueKind : uint8_t {
  None,
  Const,        // a = Const index
  InstResult,   // a = InstId
  RegionInput,  // a = RegionId, b = input index (function parameters are body region inputs)
  NodeOutput,   // a = NodeId, b = output index
  GlobalVar,    // a = GlobalVarId; the value is a pointer (GlobalVarDef::refType)
  Func,         // a = FuncId; only as the callee operand of a call
};

struct Value {
  ValueKind kind = ValueKind::None;
  uint32_t a = 0;
  uint32_t b = 0;

  static Value constant(Const c) { return {ValueKind::Const, c.index, 0}; }
  static Value inst(InstId i) { return {ValueKind::InstResult, i.index, 0}; }
  static Value regionInput(RegionId r, uint32_t i) { return {ValueKind::RegionInput, r.index, i}; }
  static Value nodeOutput(NodeId n, uint32_t i) { return {ValueKind::NodeOutput, n.index, i}; }
  static Value global(GlobalVarId g) { return {ValueKind::GlobalVar, g.index, 0}; }
  static Value func(FuncId f) { return {ValueKind::Func, f.index, 0}; }

  bool valid() const { return kind != ValueKind::None; }
  Const asConst() const { return Const(a); }
  InstId asInst() const { return InstId(a); }
  RegionId region() const { return RegionId(a); }
  NodeId node() const { return NodeId(a); }
  GlobalVarId asGlobal() const { return GlobalVarId(a); }
  FuncId asFunc() const { return FuncId(a); }
  friend bool operator==(const Value&, const Value&) = default;
};

// A 64-bit key for hash maps of values: kind in the top byte, `a` in the next 32 bits and `b`
// (a region input or node output index, always far below 2^24) in the low 24 bits.
inline uint64_t valueKey(const Value& v) {
  return (uint64_t(static_cast<uint8_t>(v.kind)) << 56) | (uint64_t(v.a) << 24) | (v.b & 0xFFFFFFu);
}

// An instruction operand: a value, or an immediate literal word (enumerants, literal numbers,
// qptr offsets). Immediates keep SPIR-V operand order so the writer emits them verbatim.
struct Operand {
  bool isImm = false;
  Value value;
  uint32_t imm = 0;

  static Operand v(Value value) { return {false, value, 0}; }
  static Operand i(uint32_t word) { return {true, {}, word}; }
  friend bool operator==(const Operand&, const Operand&) = default;
};

struct InstDef {
  Opcode op;
  Type resultType;  // invalid: no result
  std::vector<Operand> operands;
  Attrs attrs;
  NodeId block;  // the Block node holding it
};

enum class NodeKind : uint8_t { Block, Select, Loop };
enum class SelectKind : uint8_t { If, Switch };

struct SwitchCase {
  std::vector<uint64_t> literals;
  bool isDefault = false;
};

struct NodeDef {
  NodeKind kind = NodeKind::Block;
  RegionId parent;
  Attrs attrs;
  std::vector<Type> outputTypes;  // Select / Loop results
  std::vector<Attrs> outputAttrs;

  // Block
  std::vector<InstId> insts;

  // Select: If has cases {then, else}; Switch has one region per SwitchCase, in source order
  // (fall-through goes to the next one).
  SelectKind selectKind = SelectKind::If;
  Value condition;  // bool (If) or integer scrutinee (Switch)
  std::vector<RegionId> cases;
  std::vector<SwitchCase> switchCases;
  uint32_t selectionControl = 0;

  // Loop: body inputs are the loop-carried values (initialInputs on entry, the continuing
  // region's outputs on each back edge); continuing inputs receive body-yield/continue values.
  std::vector<Value> initialInputs;
  RegionId body;
  RegionId continuing;
  uint32_t loopControl = 0;
};

enum class ExitKind : uint8_t {
  Yield,        // leave the region normally; `values` are its outputs (see docs/ir.md)
  Break,        // to after `target` (a Loop or Switch); `values` become its outputs
  Continue,     // to `target` Loop's continuing region; `values` are its inputs
  BreakIf,      // only ends a continuing region: if `condition`, leave the loop with
                // `exitValues` as outputs, else repeat with `values` as the body inputs
  FallThrough,  // switch case region -> the next case region
  Return,       // `values`: none, or the single return value
  Kill,         // discard (OpKill)
  Unreachable,
};
const char* exitKindName(ExitKind kind);

struct Exit {
  ExitKind kind = ExitKind::Yield;
  NodeId target;
  std::vector<Value> values;
  Value condition;
  std::vector<Value> exitValues;
  DebugLoc loc;
};

struct RegionDef {
  NodeId parent;  // invalid for a function body
  std::vector<Type> inputTypes;
  std::vector<Attrs> inputAttrs;
  std::vector<NodeId> nodes;
  Exit exit;
};

// The tables are StableVectors: passes insert instructions, nodes and regions while they hold
// references to others (an InstDef& across insertInstBefore, a NodeDef& across a new block), and
// appending never moves an existing element. With std::vector each such reference dangled once
// the table reallocated (four use-after-frees found by fuzzing and ASan in the qptr passes).
struct FunctionDef {
  Attrs attrs;  // name, debug location
  Type returnType;
  uint32_t functionControl = 0;
  RegionId body;  // its inputs are the parameters
  StableVector<RegionDef> regions;
  StableVector<NodeDef> nodes;
  StableVector<InstDef> insts;

  const std::string& name() const { return attrs.name; }
  RegionDef& region(RegionId r) { return regions[r.index]; }
  const RegionDef& region(RegionId r) const { return regions[r.index]; }
  NodeDef& node(NodeId n) { return nodes[n.index]; }
  const NodeDef& node(NodeId n) const { return nodes[n.index]; }
  InstDef& inst(InstId i) { return insts[i.index]; }
  const InstDef& inst(InstId i) const { return insts[i.index]; }
  std::vector<Type> paramTypes() const { return regions[body.index].inputTypes; }
};

// Address space used for qptr-era globals holding handles (SPIR-T's AddrSpace::Handles).
inline constexpr uint32_t kHandlesAddrSpace = 0xFFFFFFFFu;

struct GlobalVarDef {
  Attrs attrs;  // name, Binding/DescriptorSet/BuiltIn/NonWritable/Coherent...
  Type type;    // the content type
  uint32_t storageClass = 0;
  Type refType;  // type of the Value::global reference: pointer(storageClass, type), or qptr
  Const initializer;
  uint32_t debugVar = 0;  // the HLSL global it holds (static, groupshared): Module::debugVars index + 1
};

struct ExecutionMode {
  uint32_t mode = 0;
  std::vector<uint32_t> operands;
};

struct EntryPoint {
  uint32_t executionModel = 0;
  std::string name;
  FuncId function;
  // Extra interface globals; the writer adds every global the call tree uses (filtered to
  // Input/Output below SPIR-V 1.4, as the rules require).
  std::vector<GlobalVarId> interface;
  std::vector<ExecutionMode> modes;
};

struct DebugFile {
  std::string path;
  std::string contents;  // optional; emitted as OpSource text when the writer is asked to
};

// A lexical scope for variable debug info: a `{}` block (or a `for` statement) inside its
// parent scope, or the body of a function inlined at `inlinedAt` (whose scope is the caller's).
// `parent` and DebugLoc::scope count from 1; 0 is the enclosing function's own scope.
struct DebugScopeDef {
  enum class Kind : uint8_t { Block, InlinedFunction };
  Kind kind = Kind::Block;
  uint32_t parent = 0;
  DebugLoc loc;        // where the block or the inlined function begins
  std::string name;    // InlinedFunction: the HLSL function's name
  DebugLoc inlinedAt;  // InlinedFunction: the call
};

// A declared HLSL variable: a local, a parameter (argNumber from 1) or a global (static,
// groupshared; GlobalVarDef::debugVar). dbg.declare/dbg.value say what holds a local.
// A typedef (or `using` alias) a variable's type was written as: the debug type is a
// DebugTypedef of that name, aliasing the next one of DebugVarDef::typedefs, the last aliasing
// the variable's type.
struct DebugTypedefDef {
  std::string name;
  DebugLoc loc;  // the typedef's declaration
};
struct DebugVarDef {
  std::string name;
  Type type;          // its value type
  DebugLoc loc;       // the declaration; loc.scope is the scope it belongs to
  uint32_t argNumber = 0;
  std::vector<DebugTypedefDef> typedefs;  // outermost first: `Shade s;` with typedef Color Shade: Shade, Color
};

class Module {
 public:
  explicit Module(std::shared_ptr<Context> cx) : cx_(std::move(cx)) {}

  Context& cx() const { return *cx_; }
  const std::shared_ptr<Context>& sharedContext() const { return cx_; }

  // Stable for the same reason as a function's tables: passes add globals and functions (heap
  // arrays, helpers) while holding references to others.
  StableVector<GlobalVarDef> globals;
  StableVector<FunctionDef> functions;
  std::vector<EntryPoint> entryPoints;
  std::vector<DebugFile> debugFiles;
  // Variable debug info (only when asked for: IrGenOptions::debugVariables).
  std::vector<DebugScopeDef> debugScopes;
  std::vector<DebugVarDef> debugVars;
  // The format strings of dbg.printf (HLSL printf), by index.
  std::vector<std::string> printfFormats;
  // Capabilities and extensions the front end picks where the grammar offers alternatives (Layer
  // written by a vertex shader needs ShaderViewportIndexLayerEXT, not Geometry); the writer
  // declares them before deriving the rest.
  std::vector<uint32_t> capabilities;
  std::vector<std::string> extensions;

  GlobalVarDef& global(GlobalVarId g) { return globals[g.index]; }
  const GlobalVarDef& global(GlobalVarId g) const { return globals[g.index]; }
  FunctionDef& function(FuncId f) { return functions[f.index]; }
  const FunctionDef& function(FuncId f) const { return functions[f.index]; }

  GlobalVarId addGlobal(std::string name, Type type, uint32_t storageClass, Const initializer = {});
  uint32_t addDebugFile(std::string path, std::string contents = {});

  // The type of a value used inside `func` (invalid for Func values and bad references).
  Type typeOf(const FunctionDef& func, Value v) const;

 private:
  std::shared_ptr<Context> cx_;
};

}  // namespace sl::ir
