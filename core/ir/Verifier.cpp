#include "core/ir/Verifier.h"

#include "core/ir/Printer.h"
#include "core/ir/SpirvGrammar.h"

#include <spirv/unified1/spirv.hpp>

#include "core/support/LargeStack.h"

#include <iterator>
#include <optional>
#include <set>
#include <unordered_set>

namespace sl::ir {
namespace {

enum class RegionRole { FunctionBody, Case, LoopBody, Continuing };

// An enclosing construct, innermost last.
struct Construct {
  NodeId node;
  bool inContinuing = false;  // for loops: which of its regions we are in
};

class FunctionVerifier {
 public:
  FunctionVerifier(const Module& m, uint32_t funcIndex, std::vector<Diagnostic>& diags)
      : m_(m), cx_(m.cx()), fn_(m.functions[funcIndex]), funcIndex_(funcIndex), diags_(diags) {}

  void run() {
    if (!fn_.returnType.valid() || fn_.returnType.index >= cx_.typeCount()) {
      error({}, "has no valid return type");
      return;
    }
    if (!validRegion(fn_.body)) {
      error({}, "has no valid body region");
      return;
    }
    if (fn_.region(fn_.body).parent.valid()) error({}, "body region has a parent node");
    std::vector<Construct> constructs;
    verifyRegion(fn_.body, RegionRole::FunctionBody, constructs, NodeId());
  }

 private:
  void error(DebugLoc loc, const std::string& message) {
    SourceLoc sl;
    if (loc.valid() && loc.file < m_.debugFiles.size()) {
      sl.file = m_.debugFiles[loc.file].path;
      sl.line = loc.line;
      sl.column = loc.column;
    }
    std::string fname = fn_.name().empty() ? "F" + std::to_string(funcIndex_) : "'" + fn_.name() + "'";
    diags_.push_back(Diagnostic::error(sl, "IR verifier: function " + fname + ": " + message));
  }

  bool validRegion(RegionId r) const { return r.valid() && r.index < fn_.regions.size(); }
  bool validType(Type t) const { return t.valid() && t.index < cx_.typeCount(); }
  std::string typeText(Type t) const { return validType(t) ? printType(cx_, t) : "<invalid type>"; }

  // Checks that `v` is usable here; returns its type (invalid if not).
  // The values visible at the current point: one set plus an undo log, so nested regions do not
  // copy it (leaving a region removes what it defined).
  void define(const Value& v) {
    scope_.insert(valueKey(v));
    defined_.push_back(valueKey(v));
  }

  // `describe()` names the operand in a message; it is called only when there is an error (the
  // verifier runs after every stage of every compile, so nothing is formatted on the good path).
  template <class Describe>
  Type use(const Value& v, DebugLoc loc, const Describe& describe) {
    switch (v.kind) {
      case ValueKind::None:
        error(loc, describe() + " is missing");
        return {};
      case ValueKind::Const:
        if (v.a >= cx_.constCount()) { error(loc, describe() + " refers to an unknown constant"); return {}; }
        return cx_.typeOf(v.asConst());
      case ValueKind::GlobalVar:
        if (v.a >= m_.globals.size()) { error(loc, describe() + " refers to an unknown global variable"); return {}; }
        return m_.globals[v.a].refType;
      case ValueKind::Func:
        error(loc, describe() + " is a function, which is only allowed as a call's callee");
        return {};
      default: break;
    }
    Type t = m_.typeOf(fn_, v);
    if (!validType(t)) {
      error(loc, describe() + " refers to a value that does not exist");
      return {};
    }
    if (!scope_.count(valueKey(v))) {
      error(loc, describe() + " uses a value that is not defined at this point (defined later, or inside a "
                        "construct it may not escape from)");
      return {};
    }
    return t;
  }

  void checkValues(const std::vector<Value>& values, const std::vector<Type>& expected, DebugLoc loc,
                   const std::string& what) {
    if (values.size() != expected.size()) {
      error(loc, what + " carries " + std::to_string(values.size()) + " value(s) but its target expects " +
                     std::to_string(expected.size()));
    }
    for (size_t i = 0; i < values.size(); ++i) {
      Type t = use(values[i], loc, [&] { return what + " value " + std::to_string(i); });
      if (t.valid() && i < expected.size() && t != expected[i])
        error(loc, what + " value " + std::to_string(i) + " has type " + typeText(t) + " but " +
                       typeText(expected[i]) + " is expected");
    }
  }

  void verifyRegion(RegionId r, RegionRole role, std::vector<Construct>& constructs, NodeId owner) {
    if (!usedRegions_.insert(r.index).second) {
      error({}, "region " + std::to_string(r.index) + " appears in more than one place");
      return;
    }
    const RegionDef& rd = fn_.region(r);
    if (rd.parent != owner) error({}, "region " + std::to_string(r.index) + " has the wrong parent node");
    if (rd.inputAttrs.size() != rd.inputTypes.size() && !rd.inputAttrs.empty())
      error({}, "region " + std::to_string(r.index) + " has attrs for a different number of inputs");
    for (uint32_t i = 0; i < rd.inputTypes.size(); ++i) {
      if (!validType(rd.inputTypes[i])) error({}, "region input has no valid type");
    }
    const size_t mark = defined_.size();
    for (uint32_t i = 0; i < rd.inputTypes.size(); ++i) define(Value::regionInput(r, i));
    for (NodeId n : rd.nodes) {
      if (!n.valid() || n.index >= fn_.nodes.size()) {
        error({}, "region refers to a node that does not exist");
        continue;
      }
      if (!usedNodes_.insert(n.index).second) {
        error({}, "node " + std::to_string(n.index) + " appears in more than one place");
        continue;
      }
      verifyNode(n, r, role, constructs);
    }
    verifyExit(r, role, constructs, owner);
    while (defined_.size() > mark) {
      scope_.erase(defined_.back());
      defined_.pop_back();
    }
  }

  void verifyNode(NodeId n, RegionId parent, RegionRole role, std::vector<Construct>& constructs) {
    const NodeDef& nd = fn_.node(n);
    if (nd.parent != parent) error(nd.attrs.loc, "node " + std::to_string(n.index) + " has the wrong parent region");
    for (Type t : nd.outputTypes)
      if (!validType(t)) error(nd.attrs.loc, "node output has no valid type");
    switch (nd.kind) {
      case NodeKind::Block:
        for (InstId i : nd.insts) {
          if (!i.valid() || i.index >= fn_.insts.size()) {
            error(nd.attrs.loc, "block refers to an instruction that does not exist");
            continue;
          }
          if (!usedInsts_.insert(i.index).second) {
            error(fn_.inst(i).attrs.loc, "instruction " + std::to_string(i.index) + " appears in more than one block");
            continue;
          }
          if (fn_.inst(i).block != n) error(fn_.inst(i).attrs.loc, "instruction's block link is wrong");
          verifyInst(i, parent);
          if (fn_.inst(i).resultType.valid()) define(Value::inst(i));
        }
        return;
      case NodeKind::Select: {
        Type ct = use(nd.condition, nd.attrs.loc, [&] { return std::string(nd.selectKind == SelectKind::If ? "if condition" : "switch selector"); });
        if (nd.selectKind == SelectKind::If) {
          if (ct.valid() && cx_.def(ct).kind != TypeKind::Bool)
            error(nd.attrs.loc, "if condition has type " + typeText(ct) + ", not bool");
          if (nd.cases.size() != 2) {
            error(nd.attrs.loc, "if node needs exactly 2 regions (then, else)");
            return;
          }
        } else {
          if (ct.valid() && cx_.def(ct).kind != TypeKind::Int)
            error(nd.attrs.loc, "switch selector has type " + typeText(ct) + ", not an integer scalar");
          if (nd.cases.size() != nd.switchCases.size()) {
            error(nd.attrs.loc, "switch has " + std::to_string(nd.cases.size()) + " regions but " +
                                    std::to_string(nd.switchCases.size()) + " case labels");
            return;
          }
          int defaults = 0;
          std::set<uint64_t> literals;
          for (const SwitchCase& sc : nd.switchCases) {
            defaults += sc.isDefault;
            for (uint64_t lit : sc.literals)
              if (!literals.insert(lit).second) error(nd.attrs.loc, "switch has case " + std::to_string(lit) + " twice");
            if (sc.literals.empty() && !sc.isDefault) error(nd.attrs.loc, "switch case has no label");
          }
          if (defaults > 1) error(nd.attrs.loc, "switch has more than one default");
          if (defaults == 0 && !nd.outputTypes.empty())
            error(nd.attrs.loc, "switch with outputs needs a default case (else the outputs are undefined)");
        }
        constructs.push_back({n, false});
        for (size_t c = 0; c < nd.cases.size(); ++c) {
          if (!validRegion(nd.cases[c])) {
            error(nd.attrs.loc, "select refers to a region that does not exist");
            continue;
          }
          verifyRegion(nd.cases[c], RegionRole::Case, constructs, n);
        }
        constructs.pop_back();
        break;
      }
      case NodeKind::Loop: {
        if (!validRegion(nd.body) || !validRegion(nd.continuing)) {
          error(nd.attrs.loc, "loop refers to a region that does not exist");
          return;
        }
        checkValues(nd.initialInputs, fn_.region(nd.body).inputTypes, nd.attrs.loc, "loop initial inputs");
        constructs.push_back({n, false});
        verifyRegion(nd.body, RegionRole::LoopBody, constructs, n);
        constructs.back().inContinuing = true;
        // The continuing region sees only values from outside the loop and its own inputs: a
        // `continue` may come from before any body value is defined.
        ++continuingDepth_;
        verifyRegion(nd.continuing, RegionRole::Continuing, constructs, n);
        --continuingDepth_;
        constructs.pop_back();
        break;
      }
    }
    for (uint32_t i = 0; i < nd.outputTypes.size(); ++i) define(Value::nodeOutput(n, i));
  }

  void verifyExit(RegionId r, RegionRole role, const std::vector<Construct>& constructs, NodeId owner) {
    const Exit& e = fn_.region(r).exit;
    const std::string name = exitKindName(e.kind);
    std::vector<Type> returnTypes;
    if (cx_.def(fn_.returnType).kind != TypeKind::Void) returnTypes.push_back(fn_.returnType);
    // Innermost loop/switch (breakable) and innermost loop.
    const Construct* breakable = nullptr;
    const Construct* loop = nullptr;
    for (auto it = constructs.rbegin(); it != constructs.rend(); ++it) {
      const NodeDef& nd = fn_.node(it->node);
      const bool isSwitch = nd.kind == NodeKind::Select && nd.selectKind == SelectKind::Switch;
      if (!breakable && (nd.kind == NodeKind::Loop || isSwitch)) breakable = &*it;
      if (!loop && nd.kind == NodeKind::Loop) loop = &*it;
    }
    switch (e.kind) {
      case ExitKind::Yield: {
        std::vector<Type> expected;
        if (role == RegionRole::FunctionBody) expected = returnTypes;
        else if (role == RegionRole::Case) expected = fn_.node(owner).outputTypes;
        else if (role == RegionRole::LoopBody) expected = fn_.region(fn_.node(owner).continuing).inputTypes;
        else expected = fn_.region(fn_.node(owner).body).inputTypes;
        checkValues(e.values, expected, e.loc, name);
        return;
      }
      case ExitKind::Break:
      case ExitKind::Continue: {
        const Construct* expectedTarget = e.kind == ExitKind::Break ? breakable : loop;
        if (!expectedTarget) {
          error(e.loc, name + " is not inside a " + (e.kind == ExitKind::Break ? "loop or switch" : "loop"));
          return;
        }
        if (e.target != expectedTarget->node) {
          error(e.loc, name + " must target the innermost enclosing " +
                           (e.kind == ExitKind::Break ? "loop or switch" : "loop"));
          return;
        }
        const NodeDef& target = fn_.node(e.target);
        if (target.kind == NodeKind::Loop && expectedTarget->inContinuing) {
          error(e.loc, name + " may not leave a loop's continuing region (use break_if)");
          return;
        }
        if (e.kind == ExitKind::Break) checkValues(e.values, target.outputTypes, e.loc, name);
        else checkValues(e.values, fn_.region(target.continuing).inputTypes, e.loc, name);
        return;
      }
      case ExitKind::BreakIf: {
        if (role != RegionRole::Continuing || e.target != owner) {
          error(e.loc, "break_if may only end a loop's continuing region");
          return;
        }
        Type ct = use(e.condition, e.loc, [] { return std::string("break_if condition"); });
        if (ct.valid() && cx_.def(ct).kind != TypeKind::Bool) error(e.loc, "break_if condition is not bool");
        checkValues(e.values, fn_.region(fn_.node(owner).body).inputTypes, e.loc, "break_if next");
        checkValues(e.exitValues, fn_.node(owner).outputTypes, e.loc, "break_if exit");
        return;
      }
      case ExitKind::FallThrough: {
        const bool ok = role == RegionRole::Case && owner.valid() &&
                        fn_.node(owner).selectKind == SelectKind::Switch &&
                        caseIndexOf(owner, r) + 1 < fn_.node(owner).cases.size();
        if (!ok) error(e.loc, "fallthrough is only allowed at the end of a switch case that has a next case");
        if (!e.values.empty()) error(e.loc, "fallthrough carries no values");
        return;
      }
      case ExitKind::Return:
      case ExitKind::Kill:
        // SPIR-V requires the back edge to post-dominate the whole continue construct.
        if (continuingDepth_ > 0) error(e.loc, name + " may not appear inside a loop's continuing region");
        if (e.kind == ExitKind::Return) checkValues(e.values, returnTypes, e.loc, name);
        return;
      case ExitKind::Unreachable:
        return;
    }
  }

  size_t caseIndexOf(NodeId select, RegionId r) const {
    const auto& cases = fn_.node(select).cases;
    for (size_t i = 0; i < cases.size(); ++i)
      if (cases[i] == r) return i;
    return cases.size();
  }

  // ---------------------------------------------------------------- instructions

  bool isIntScalarOrVector(Type t) const {
    return validType(t) && cx_.def(cx_.scalarOf(t)).kind == TypeKind::Int;
  }
  bool isFloatScalarOrVector(Type t) const {
    return validType(t) && cx_.def(cx_.scalarOf(t)).kind == TypeKind::Float;
  }
  bool isBoolScalarOrVector(Type t) const {
    return validType(t) && cx_.def(cx_.scalarOf(t)).kind == TypeKind::Bool;
  }
  bool sameShapeInt(Type a, Type b) const {
    return isIntScalarOrVector(a) && isIntScalarOrVector(b) && cx_.componentCount(a) == cx_.componentCount(b) &&
           cx_.def(cx_.scalarOf(a)).width == cx_.def(cx_.scalarOf(b)).width;
  }

  void verifyInst(InstId id, RegionId region) {
    const InstDef& inst = fn_.inst(id);
    auto what = [&] { return opcodeName(inst.op) + " (inst " + std::to_string(id.index) + ")"; };
    const DebugLoc loc = inst.attrs.loc;
    if (inst.resultType.valid() && !validType(inst.resultType)) {
      error(loc, what() + " has an invalid result type");
      return;
    }
    std::vector<Type> types;
    for (size_t i = 0; i < inst.operands.size(); ++i) {
      const Operand& o = inst.operands[i];
      if (o.isImm) {
        types.push_back({});
        continue;
      }
      if (inst.op.family == OpFamily::Call && i == 0) {
        types.push_back({});
        continue;
      }
      types.push_back(use(o.value, loc, [&] { return what() + " operand " + std::to_string(i); }));
    }
    auto value = [&](size_t i) -> Type { return i < types.size() ? types[i] : Type(); };
    const Type result = inst.resultType;

    switch (inst.op.family) {
      case OpFamily::Call: {
        if (inst.operands.empty() || inst.operands[0].isImm || inst.operands[0].value.kind != ValueKind::Func ||
            inst.operands[0].value.a >= m_.functions.size()) {
          error(loc, what() + " needs a function as its first operand");
          return;
        }
        const FunctionDef& callee = m_.functions[inst.operands[0].value.a];
        std::vector<Type> params = callee.paramTypes();
        if (inst.operands.size() - 1 != params.size()) {
          error(loc, what() + " passes " + std::to_string(inst.operands.size() - 1) + " argument(s) to a function taking " +
                         std::to_string(params.size()));
          return;
        }
        for (size_t i = 0; i < params.size(); ++i)
          if (value(i + 1).valid() && value(i + 1) != params[i])
            error(loc, what() + " argument " + std::to_string(i) + " has type " + typeText(value(i + 1)) +
                           " but the parameter is " + typeText(params[i]));
        if (result != callee.returnType) error(loc, what() + " result type differs from the callee's return type");
        return;
      }
      case OpFamily::Glsl:
        if (!validType(result)) error(loc, what() + " needs a result type");
        for (const Operand& o : inst.operands)
          if (o.isImm) error(loc, what() + " takes only value operands");
        return;
      case OpFamily::Qptr:
        verifyQptr(inst, what(), types);
        return;
      case OpFamily::Hlsl:
        verifyTextureOp(inst, what());  // other shapes are checked by the passes that consume them
        return;
      case OpFamily::Debug: {
        if (result.valid()) error(loc, what() + " has no result, but a result type was given");
        if (inst.op.isDebug(DebugOp::Printf)) {
          if (inst.operands.empty() || !inst.operands[0].isImm || inst.operands[0].imm >= m_.printfFormats.size())
            error(loc, what() + " needs a format (one of the module's " + std::to_string(m_.printfFormats.size()) + ")");
          for (size_t i = 1; i < inst.operands.size(); ++i) {
            const TypeDef* t = inst.operands[i].isImm || !value(i).valid() ? nullptr : &cx_.def(value(i));
            const bool printable = t && (t->kind == TypeKind::Int || t->kind == TypeKind::Float || t->kind == TypeKind::Bool ||
                                         t->kind == TypeKind::Vector);
            if (!printable) error(loc, what() + " argument " + std::to_string(i) + " is not a scalar or vector");
          }
          return;
        }
        if (inst.operands.size() < 2 || !inst.operands[0].isImm || inst.operands[0].imm >= m_.debugVars.size() ||
            inst.operands[1].isImm)
          error(loc, what() + " needs a debug variable (D0..D" + std::to_string(m_.debugVars.size()) + ") and a value");
        else if (inst.op.isDebug(DebugOp::Declare) && value(1).valid() && cx_.def(value(1)).kind != TypeKind::Pointer &&
                 cx_.def(value(1)).kind != TypeKind::QPtr)
          error(loc, what() + " needs a pointer, not " + typeText(value(1)));
        return;
      }
      case OpFamily::Spv:
        break;
    }

    const grammar::Instruction* g = grammar::findInstruction(inst.op.code);
    if (!g) {
      error(loc, what() + " is not a known SPIR-V opcode");
      return;
    }
    const bool hasResult = result.valid();
    if (hasResult != g->hasResultType) {
      error(loc, what() + (g->hasResultType ? " needs a result type" : " has no result, but a result type was given"));
      return;
    }
    const uint32_t op = inst.op.code;
    auto operandCount = [&](size_t n) {
      if (inst.operands.size() != n) {
        error(loc, what() + " takes " + std::to_string(n) + " operand(s), got " + std::to_string(inst.operands.size()));
        return false;
      }
      return true;
    };
    auto pointee = [&](Type p) -> Type {
      if (!validType(p) || cx_.def(p).kind != TypeKind::Pointer) return {};
      return cx_.def(p).element;
    };
    switch (op) {
      case spv::OpFAdd: case spv::OpFSub: case spv::OpFMul: case spv::OpFDiv: case spv::OpFRem: case spv::OpFMod:
        if (!operandCount(2)) return;
        if (!isFloatScalarOrVector(result)) error(loc, what() + " result must be a float scalar or vector");
        for (size_t i = 0; i < 2; ++i)
          if (value(i).valid() && value(i) != result)
            error(loc, what() + " operand " + std::to_string(i) + " has type " + typeText(value(i)) + ", expected " + typeText(result));
        return;
      case spv::OpIAdd: case spv::OpISub: case spv::OpIMul: case spv::OpUDiv: case spv::OpSDiv:
      case spv::OpUMod: case spv::OpSRem: case spv::OpSMod: case spv::OpBitwiseAnd: case spv::OpBitwiseOr:
      case spv::OpBitwiseXor:
        if (!operandCount(2)) return;
        if (!isIntScalarOrVector(result)) error(loc, what() + " result must be an integer scalar or vector");
        for (size_t i = 0; i < 2; ++i)
          if (value(i).valid() && !sameShapeInt(value(i), result))
            error(loc, what() + " operand " + std::to_string(i) + " has type " + typeText(value(i)) + ", expected " + typeText(result));
        return;
      case spv::OpShiftLeftLogical: case spv::OpShiftRightLogical: case spv::OpShiftRightArithmetic:
        if (!operandCount(2)) return;
        if (value(0).valid() && !sameShapeInt(value(0), result)) error(loc, what() + " base type differs from the result type");
        if (value(1).valid() && !isIntScalarOrVector(value(1))) error(loc, what() + " shift amount must be an integer");
        return;
      case spv::OpIEqual: case spv::OpINotEqual: case spv::OpULessThan: case spv::OpULessThanEqual:
      case spv::OpUGreaterThan: case spv::OpUGreaterThanEqual: case spv::OpSLessThan: case spv::OpSLessThanEqual:
      case spv::OpSGreaterThan: case spv::OpSGreaterThanEqual: case spv::OpFOrdEqual: case spv::OpFOrdNotEqual:
      case spv::OpFOrdLessThan: case spv::OpFOrdLessThanEqual: case spv::OpFOrdGreaterThan:
      case spv::OpFOrdGreaterThanEqual: case spv::OpFUnordNotEqual:
        if (!operandCount(2)) return;
        if (!isBoolScalarOrVector(result)) error(loc, what() + " result must be bool");
        if (value(0).valid() && value(1).valid()) {
          const bool isFloatCmp = op >= spv::OpFOrdEqual;
          const bool ok = isFloatCmp ? value(0) == value(1) : sameShapeInt(value(0), value(1));
          if (!ok) error(loc, what() + " compares " + typeText(value(0)) + " with " + typeText(value(1)));
          if (isBoolScalarOrVector(result) && cx_.componentCount(value(0)) != cx_.componentCount(result))
            error(loc, what() + " result has a different component count than its operands");
        }
        return;
      case spv::OpLogicalAnd: case spv::OpLogicalOr: case spv::OpLogicalEqual: case spv::OpLogicalNotEqual:
        if (!operandCount(2)) return;
        for (size_t i = 0; i < 2; ++i)
          if (value(i).valid() && value(i) != result) error(loc, what() + " operands must have the result's bool type");
        return;
      case spv::OpLogicalNot:
        if (!operandCount(1)) return;
        if (value(0).valid() && (value(0) != result || !isBoolScalarOrVector(result))) error(loc, what() + " needs bool operand and result");
        return;
      case spv::OpSelect:
        if (!operandCount(3)) return;
        if (value(0).valid() && !isBoolScalarOrVector(value(0))) error(loc, what() + " condition is not bool");
        for (size_t i = 1; i < 3; ++i)
          if (value(i).valid() && value(i) != result) error(loc, what() + " operand " + std::to_string(i) + " type differs from the result");
        return;
      case spv::OpLoad:
        if (inst.operands.empty()) { error(loc, what() + " needs a pointer"); return; }
        if (value(0).valid() && pointee(value(0)) != result)
          error(loc, what() + " loads " + typeText(result) + " through " + typeText(value(0)));
        return;
      case spv::OpStore:
        if (inst.operands.size() < 2) { error(loc, what() + " needs a pointer and a value"); return; }
        if (value(0).valid() && value(1).valid() && pointee(value(0)) != value(1))
          error(loc, what() + " stores " + typeText(value(1)) + " through " + typeText(value(0)));
        return;
      case spv::OpVariable: {
        if (inst.operands.empty() || !inst.operands[0].isImm) { error(loc, what() + " needs a storage class"); return; }
        if (inst.operands[0].imm != spv::StorageClassFunction) error(loc, what() + " in a function must use storage class Function");
        if (!validType(result) || cx_.def(result).kind != TypeKind::Pointer || cx_.def(result).storageClass != spv::StorageClassFunction)
          error(loc, what() + " result must be a Function pointer");
        if (region != fn_.body) error(loc, what() + " must be in the function's top-level region (it is hoisted to the entry block)");
        if (inst.operands.size() > 1 && (inst.operands[1].isImm || inst.operands[1].value.kind != ValueKind::Const))
          error(loc, what() + " initializer must be a constant");
        return;
      }
      case spv::OpAccessChain: case spv::OpInBoundsAccessChain: {
        if (inst.operands.empty()) { error(loc, what() + " needs a base pointer"); return; }
        Type base = value(0);
        if (!base.valid()) return;
        if (cx_.def(base).kind != TypeKind::Pointer) { error(loc, what() + " base is not a pointer"); return; }
        Type t = cx_.def(base).element;
        for (size_t i = 1; i < inst.operands.size() && t.valid(); ++i) {
          const TypeDef& d = cx_.def(t);
          if (value(i).valid() && !isIntScalarOrVector(value(i))) error(loc, what() + " index " + std::to_string(i) + " is not an integer");
          if (d.kind == TypeKind::Struct) {
            const Operand& o = inst.operands[i];
            if (o.isImm || o.value.kind != ValueKind::Const) {
              error(loc, what() + " struct index must be a constant");
              return;
            }
            uint64_t member = cx_.def(o.value.asConst()).bits;
            if (member >= d.members.size()) { error(loc, what() + " struct index out of range"); return; }
            t = d.members[member].type;
          } else if (d.kind == TypeKind::Array || d.kind == TypeKind::RuntimeArray || d.kind == TypeKind::Vector ||
                     d.kind == TypeKind::Matrix) {
            t = d.element;
          } else {
            error(loc, what() + " indexes into a non-composite type " + typeText(t));
            return;
          }
        }
        if (!validType(result) || cx_.def(result).kind != TypeKind::Pointer || cx_.def(result).element != t ||
            cx_.def(result).storageClass != cx_.def(base).storageClass)
          error(loc, what() + " result type " + typeText(result) + " does not match the indexed type " + typeText(t));
        return;
      }
      default:
        return;
    }
  }

  void verifyQptr(const InstDef& inst, const std::string& what, const std::vector<Type>& types) {
    const auto op = static_cast<QptrOp>(inst.op.code);
    auto isQptr = [&](size_t i) {
      return i < types.size() && types[i].valid() && cx_.def(types[i]).kind == TypeKind::QPtr;
    };
    const bool producesQptr = op != QptrOp::Load && op != QptrOp::Store && op != QptrOp::BufferDynLen;
    if (producesQptr && (!inst.resultType.valid() || cx_.def(inst.resultType).kind != TypeKind::QPtr))
      error(inst.attrs.loc, what + " must produce a qptr");
    if (op != QptrOp::FuncLocalVar && !isQptr(0)) error(inst.attrs.loc, what + " operand 0 must be a qptr");
  }

  // hlsl.resource_sample / resource_gather: the optional operands must match the flag bits
  // (layouts in Opcode.h), since both LegalizeBindings and the heap pass read them positionally.
  void verifyTextureOp(const InstDef& inst, const std::string& what) {
    const bool sample = inst.op.isHlsl(HlslOp::ResourceSample), gather = inst.op.isHlsl(HlslOp::ResourceGather);
    if (!sample && !gather) return;
    const size_t flagsAt = sample ? 3 : 4;
    auto isValue = [&](size_t i) { return i < inst.operands.size() && !inst.operands[i].isImm; };
    if (!isValue(0) || !isValue(1) || !isValue(2) || inst.operands.size() <= flagsAt || !inst.operands[flagsAt].isImm ||
        (gather && !inst.operands[3].isImm)) {
      error(inst.attrs.loc, what + " needs (image, sampler, coords, " + (gather ? "imm component, " : "") + "imm flags, ...)");
      return;
    }
    const uint32_t flags = inst.operands[flagsAt].imm;
    size_t want = flagsAt + 1;
    if (flags & SampleFlag::Cmp) ++want;
    if (flags & (SampleFlag::Lod | SampleFlag::Bias)) ++want;
    if (flags & SampleFlag::Grad) want += 2;
    if (flags & SampleFlag::Offset) ++want;
    if (flags & SampleFlag::Clamp) ++want;
    if (gather && (flags & ~(SampleFlag::Cmp | SampleFlag::Offset))) error(inst.attrs.loc, what + " takes only the Cmp and Offset flags");
    if (inst.operands.size() != want)
      error(inst.attrs.loc, what + " has " + std::to_string(inst.operands.size()) + " operands but its flags call for " +
                                std::to_string(want));
    for (size_t i = flagsAt + 1; i < inst.operands.size(); ++i)
      if (inst.operands[i].isImm) error(inst.attrs.loc, what + " operand " + std::to_string(i) + " must be a value");
  }

  const Module& m_;
  const Context& cx_;
  const FunctionDef& fn_;
  uint32_t funcIndex_;
  std::vector<Diagnostic>& diags_;
  std::unordered_set<uint32_t> usedRegions_, usedNodes_, usedInsts_;
  int continuingDepth_ = 0;
  std::unordered_set<uint64_t> scope_;
  std::vector<uint64_t> defined_;
};

// Functions are verified independently of each other, and the verifier runs after every IR stage
// on the path from a keystroke to the SPIR-V tab: a large module's functions are split over this
// thread and one more, at the instruction count's midpoint, their diagnostics kept in order.
void verifyFunctions(const Module& module, std::vector<Diagnostic>& diags) {
  constexpr size_t kInstsWorthAThread = 4000;  // ~1 ms of verifying; a thread costs ~0.05 ms
  const uint32_t count = static_cast<uint32_t>(module.functions.size());
  size_t insts = 0;
  for (uint32_t f = 0; f < count; ++f) insts += module.functions[f].insts.size();
  uint32_t split = count;
  if (count >= 2 && insts >= kInstsWorthAThread) {
    size_t firstHalf = 0;
    for (split = 0; split + 1 < count && firstHalf < insts / 2; ++split) firstHalf += module.functions[split].insts.size();
  }
  std::vector<Diagnostic> secondHalf;
  std::optional<StackThread> other;
  if (split < count)
    other.emplace(kCompileStackBytes, [&] {
      for (uint32_t f = split; f < count; ++f) FunctionVerifier(module, f, secondHalf).run();
    });
  for (uint32_t f = 0; f < split; ++f) FunctionVerifier(module, f, diags).run();
  if (!other) return;
  other->join();
  diags.insert(diags.end(), std::make_move_iterator(secondHalf.begin()), std::make_move_iterator(secondHalf.end()));
}

}  // namespace

std::vector<Diagnostic> verifyModule(const Module& module) {
  std::vector<Diagnostic> diags;
  const Context& cx = module.cx();
  for (uint32_t g = 0; g < module.globals.size(); ++g) {
    const GlobalVarDef& gv = module.globals[g];
    const std::string name = "IR verifier: global GV" + std::to_string(g) +
                             (gv.attrs.name.empty() ? "" : " '" + gv.attrs.name + "'");
    if (!gv.type.valid() || gv.type.index >= cx.typeCount()) {
      diags.push_back(Diagnostic::error({}, name + " has no valid type"));
      continue;
    }
    if (!gv.refType.valid() || gv.refType.index >= cx.typeCount()) {
      diags.push_back(Diagnostic::error({}, name + " has no valid reference type"));
      continue;
    }
    const TypeDef& ref = cx.def(gv.refType);
    if (ref.kind == TypeKind::Pointer && (ref.element != gv.type || ref.storageClass != gv.storageClass))
      diags.push_back(Diagnostic::error({}, name + " reference type does not point to its content type"));
    if (ref.kind != TypeKind::Pointer && ref.kind != TypeKind::QPtr)
      diags.push_back(Diagnostic::error({}, name + " reference type must be a pointer or qptr"));
    if (gv.initializer.valid() &&
        (gv.initializer.index >= cx.constCount() || cx.typeOf(gv.initializer) != gv.type))
      diags.push_back(Diagnostic::error({}, name + " initializer does not have the variable's type"));
  }
  for (const EntryPoint& ep : module.entryPoints) {
    if (!ep.function.valid() || ep.function.index >= module.functions.size()) {
      diags.push_back(Diagnostic::error({}, "IR verifier: entry point '" + ep.name + "' has no function"));
      continue;
    }
    const FunctionDef& fn = module.function(ep.function);
    if (!fn.paramTypes().empty() || !fn.returnType.valid() || cx.def(fn.returnType).kind != TypeKind::Void)
      diags.push_back(Diagnostic::error({}, "IR verifier: entry point '" + ep.name + "' function must be void()"));
    for (GlobalVarId g : ep.interface)
      if (g.index >= module.globals.size())
        diags.push_back(Diagnostic::error({}, "IR verifier: entry point '" + ep.name + "' lists an unknown interface global"));
  }
  verifyFunctions(module, diags);
  return diags;
}

}  // namespace sl::ir
