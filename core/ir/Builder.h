// The IR builder: what irgen (and tests, and passes) use to create functions, instructions and
// structured control flow without touching the arenas directly.
//
// Usage sketch (a compute shader `if (id < n) out[id] = id * 2; else return;`):
//   Builder b(module);
//   GlobalVarId out = b.global("out", blockType, spv::StorageClassStorageBuffer);
//   b.bind(out, 0, 0);
//   FuncId f = b.createFunction("main", cx.voidType(), {});
//   b.entryPoint(f, spv::ExecutionModelGLCompute, "main").modes.push_back({spv::ExecutionModeLocalSize, {64, 1, 1}});
//   b.setLoc(file, 3, 5);                        // stamps what follows with a debug location
//   Value id = b.extract(b.load(Value::global(gid)), {0});
//   b.beginIf(b.ult(id, n));
//     b.store(b.accessChain(Value::global(out), {b.constU32(0), id}), b.imul(id, b.constU32(2)));
//   b.beginElse();
//     b.ret();
//   b.endIf();
//   b.ret();
//
// Insertion always happens at the end of the current region. After an exit (ret/breakOut/...)
// the region is terminated; what is emitted afterwards (dead code after `return;` in HLSL) goes
// into a detached region that is never printed or emitted, so irgen need not special-case it;
// `isTerminated()` tells whether that is happening.
// Mutable locals: `local()` makes a Function-storage OpVariable in the function's entry block, like
// DXC before legalization; load/store it anywhere. Region outputs and loop inputs are available
// (beginIf/beginLoop/beginSwitch output types, yield/breakOut/continueLoop values) for passes.
#pragma once

#include "core/ir/Module.h"

#include <optional>
#include <unordered_set>
#include <string>
#include <vector>

namespace sl::ir {

class Builder {
 public:
  explicit Builder(Module& module);

  Module& module() { return module_; }
  Context& cx() { return module_.cx(); }

  // ---- functions ----
  // Adds a function without moving the insertion point (for calls to functions whose bodies are
  // generated later); setFunction() then starts its body.
  FuncId declareFunction(std::string name, Type returnType, std::vector<Type> paramTypes,
                         std::vector<std::string> paramNames = {});
  // declareFunction + setFunction.
  FuncId createFunction(std::string name, Type returnType, std::vector<Type> paramTypes,
                        std::vector<std::string> paramNames = {});
  // Positions at the end of `f`'s body (clears the construct stack). An empty body gets its
  // entry block (where local() puts variables) first.
  void setFunction(FuncId f);
  FuncId currentFunction() const { return func_; }
  FunctionDef& function() { return module_.function(func_); }
  Value param(uint32_t index) const;

  // ---- entry points and globals ----
  GlobalVarId global(std::string name, Type type, uint32_t storageClass, Const initializer = {});
  void decorate(GlobalVarId g, uint32_t decoration, std::vector<uint32_t> operands = {});
  void bind(GlobalVarId g, uint32_t set, uint32_t binding);  // DescriptorSet + Binding
  // The reference is valid until the next entry point is added.
  EntryPoint& entryPoint(FuncId f, uint32_t executionModel, std::string name);

  // ---- insertion point and debug locations ----
  void setInsertPoint(RegionId region);
  RegionId insertRegion() const { return region_; }
  bool isTerminated() const;
  void setLoc(DebugLoc loc) { loc_ = loc; }
  // In the current lexical scope (setScope).
  void setLoc(uint32_t file, uint32_t line, uint32_t column) { loc_ = {file, line, column, scope_}; }
  void clearLoc() { loc_ = {}; }
  DebugLoc loc() const { return loc_; }
  // Variable debug info: the lexical scope (DebugLoc::scope) of what follows; newScope adds a
  // Module::debugScopes entry and returns its DebugLoc::scope number.
  void setScope(uint32_t scope) {
    scope_ = scope;
    loc_.scope = scope;
  }
  uint32_t scope() const { return scope_; }
  uint32_t newScope(DebugScopeDef scope);
  // Variable debug info: a Module::debugVars entry, and dbg.declare / dbg.value of it.
  uint32_t debugVar(DebugVarDef var);
  void debugDeclare(uint32_t var, Value pointer);
  void debugValue(uint32_t var, Value value, std::vector<uint32_t> indexes = {});
  // HLSL printf: dbg.printf of `format` (added to Module::printfFormats) with `args`.
  void debugPrintf(std::string format, const std::vector<Value>& args);

  // ---- raw instructions ----
  InstId emit(Opcode op, Type resultType, std::vector<Operand> operands);
  // A SPIR-V op with a result (`resultType` valid) or without (returns an invalid Value).
  Value spv(uint32_t opcode, Type resultType, std::vector<Operand> operands);
  void spvVoid(uint32_t opcode, std::vector<Operand> operands);
  Value glsl(uint32_t instNumber, Type resultType, std::vector<Value> args);
  Value qptr(QptrOp op, Type resultType, std::vector<Operand> operands);
  Value hlsl(HlslOp op, Type resultType, std::vector<Operand> operands);
  Value call(FuncId callee, std::vector<Value> args);
  // The instruction behind a value (for adding attrs: decorations, names).
  InstDef& instOf(Value v);
  void name(Value v, std::string name);
  void decorate(Value v, uint32_t decoration, std::vector<uint32_t> operands = {});

  // ---- constants ----
  Value constant(Const c) { return Value::constant(c); }
  Value constU32(uint32_t v) { return Value::constant(cx().u32(v)); }
  Value constS32(int32_t v) { return Value::constant(cx().s32(v)); }
  Value constF32(float v) { return Value::constant(cx().f32(v)); }
  Value constBool(bool v) { return Value::constant(cx().boolConst(v)); }

  // ---- arithmetic and logic (result type = type of the first operand) ----
  Value binary(uint32_t opcode, Value a, Value b);
  Value unary(uint32_t opcode, Value a);
  // Comparisons: result is bool or a bool vector matching `a`.
  Value compare(uint32_t opcode, Value a, Value b);
  Value convert(uint32_t opcode, Type to, Value a);
  Value iadd(Value a, Value b);
  Value isub(Value a, Value b);
  Value imul(Value a, Value b);
  Value udiv(Value a, Value b);
  Value sdiv(Value a, Value b);
  Value umod(Value a, Value b);
  Value srem(Value a, Value b);
  Value fadd(Value a, Value b);
  Value fsub(Value a, Value b);
  Value fmul(Value a, Value b);
  Value fdiv(Value a, Value b);
  Value frem(Value a, Value b);
  Value fneg(Value a);
  Value sneg(Value a);
  Value bitAnd(Value a, Value b);
  Value bitOr(Value a, Value b);
  Value bitXor(Value a, Value b);
  Value bitNot(Value a);
  Value shl(Value a, Value b);
  Value shr(Value a, Value b);   // logical
  Value shra(Value a, Value b);  // arithmetic
  Value ieq(Value a, Value b);
  Value ine(Value a, Value b);
  Value ult(Value a, Value b);
  Value ule(Value a, Value b);
  Value ugt(Value a, Value b);
  Value uge(Value a, Value b);
  Value slt(Value a, Value b);
  Value sle(Value a, Value b);
  Value sgt(Value a, Value b);
  Value sge(Value a, Value b);
  // Float comparisons are ordered, as DXC emits them (including !=).
  Value feq(Value a, Value b);
  Value fne(Value a, Value b);
  Value flt(Value a, Value b);
  Value fle(Value a, Value b);
  Value fgt(Value a, Value b);
  Value fge(Value a, Value b);
  Value logicalAnd(Value a, Value b);
  Value logicalOr(Value a, Value b);
  Value logicalNot(Value a);
  Value select(Value condition, Value a, Value b);
  Value extract(Value composite, std::vector<uint32_t> indices);  // type inferred
  Value construct(Type type, std::vector<Value> parts);
  Value bitcast(Type to, Value a);

  // ---- memory ----
  // A Function-storage variable in the entry block; `init` must be a constant.
  Value local(Type type, std::string name = {}, Const init = {});
  // Result pointer type inferred by walking the pointee type (struct indices must be constants).
  Value accessChain(Value base, std::vector<Value> indices);
  Value load(Value pointer);
  void store(Value pointer, Value value);
  Value arrayLength(Value structPointer, uint32_t memberIndex);
  // OpAtomic{IAdd,ISub,UMin,...}(ptr, scope, semantics, value) -> old value.
  Value atomic(uint32_t opcode, Value pointer, uint32_t scope, uint32_t semantics, Value value);
  void controlBarrier(uint32_t executionScope, uint32_t memoryScope, uint32_t semantics);
  void memoryBarrier(uint32_t memoryScope, uint32_t semantics);
  // NonUniformResourceIndex: OpCopyObject decorated NonUniform.
  Value nonUniform(Value index);

  // ---- structured control flow ----
  // if/else: beginIf enters the `then` region; beginElse the `else` region; endIf returns to the
  // enclosing region after the node. A case region left open gets `yield` (no values).
  NodeId beginIf(Value condition, std::vector<Type> outputTypes = {});
  void beginElse();
  NodeId endIf();

  // Loops: beginLoop enters the body (its inputs take `initialValues`, read with loopInput);
  // beginContinuing enters the continuing region (inputs of `continuingInputTypes`, read with
  // continuingInput); endLoop closes it (an open continuing region gets an unconditional back
  // edge, an open body falls into continuing). `outputTypes` are the loop results, set by
  // breakOut / breakIf values.
  NodeId beginLoop(std::vector<Value> initialValues = {}, std::vector<Type> outputTypes = {},
                   std::vector<Type> continuingInputTypes = {});
  Value loopInput(uint32_t index) const;
  void beginContinuing();
  Value continuingInput(uint32_t index) const;
  NodeId endLoop();

  // switch: beginCase starts the next case region (an open previous case falls through, as in
  // HLSL); endSwitch closes the last one with yield.
  NodeId beginSwitch(Value selector, std::vector<Type> outputTypes = {});
  void beginCase(std::vector<uint64_t> literals, bool isDefault = false);
  NodeId endSwitch();

  Value output(NodeId node, uint32_t index) const { return Value::nodeOutput(node, index); }

  // Misuse of the builder (endIf without beginIf, break outside a loop, ...) never crashes: the
  // call does nothing (or emits `unreachable`) and a message is recorded here. irgen should
  // report a non-empty list as an internal error.
  const std::vector<std::string>& errors() const { return errors_; }

  // ---- exits (each terminates the current region) ----
  void yield(std::vector<Value> values = {});
  void breakOut(std::vector<Value> values = {});     // innermost loop or switch
  void continueLoop(std::vector<Value> values = {});  // innermost loop
  void breakIf(Value condition, std::vector<Value> nextValues = {},
               std::vector<Value> exitValues = {});  // end of a continuing region
  void fallThrough();
  void ret(std::optional<Value> value = std::nullopt);
  void kill();
  void unreachable();

 private:
  struct Frame {
    NodeId node;
    RegionId region;  // the region the node lives in (insertion resumes there)
  };

  void misuse(std::string message) const;
  const Frame* topFrame(NodeKind kind, SelectKind selectKind, const char* what) const;
  RegionId newRegion(NodeId parent, std::vector<Type> inputTypes);
  NodeId newNode(NodeKind kind);  // appended to the current region
  void terminate(Exit exit);
  void closeOpenRegion(ExitKind kind);
  std::optional<NodeId> innermost(bool loopsOnly) const;
  Type pointeeOf(Value pointer);

  Module& module_;
  FuncId func_;
  RegionId region_;
  DebugLoc loc_;
  uint32_t scope_ = 0;
  uint32_t localCount_ = 0;
  NodeId entryBlock_;
  std::vector<Frame> frames_;
  std::unordered_set<uint32_t> terminated_;  // regions of func_ given an exit
  mutable std::vector<std::string> errors_;
  InstDef scratchInst_;
};

}  // namespace sl::ir
