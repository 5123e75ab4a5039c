// Variable debug info (IrGenOptions::debugVariables): the declared HLSL variables and the lexical
// scopes they live in, for the SPIR-V writer's NonSemantic.Shader.DebugInfo.100. Without the
// option every function here does nothing, so the module is the same as before.
#include "core/irgen/Gen.h"

namespace sl::irgen {

namespace {
constexpr uint32_t kNoVar = UINT32_MAX;
}

static ir::DebugVarDef variableOf(Gen& g, const fe::VarDecl* var, ir::Type type, uint32_t argNumber, uint32_t scope) {
  ir::DebugVarDef d;
  d.name = var->name;
  d.type = type;
  d.loc = g.debugLocOf(var);
  d.loc.scope = scope;
  d.argNumber = argNumber;
  // Bounded: a typedef cannot alias itself, but the chain is data.
  int guard = 0;
  for (const fe::TypedefDecl* t = var->declaredAs; t && guard < 64; t = t->aliasOf, ++guard) {
    ir::DebugLoc at = g.debugLocOf(t);
    at.scope = 0;
    d.typedefs.push_back({t->name, at});
  }
  return d;
}

void Gen::debugDeclare(const fe::VarDecl* var, ir::Value ptr, uint32_t argNumber) {
  if (!options_.debugVariables || !var || !ptr.valid()) return;
  const uint32_t index = b_->debugVar(variableOf(*this, var, lower(var->type), argNumber, b_->scope()));
  b_->debugDeclare(index, ptr);
}

uint32_t Gen::debugParamValue(const fe::VarDecl* param, ir::Value value, uint32_t argNumber) {
  if (!options_.debugVariables || !param || !value.valid()) return kNoVar;
  const uint32_t index = b_->debugVar(variableOf(*this, param, lower(param->type), argNumber, b_->scope()));
  b_->debugValue(index, value);
  return index;
}

void Gen::debugParamCopied(uint32_t var, ir::Value ptr) {
  if (var != kNoVar && ptr.valid()) b_->debugDeclare(var, ptr);
}

void Gen::debugGlobal(const fe::VarDecl* var, ir::GlobalVarId global) {
  if (!options_.debugVariables || !var || !global.valid()) return;
  ir::DebugVarDef d;
  d.name = var->name;
  d.type = module_->global(global).type;
  d.loc = debugLocOf(var);
  d.loc.scope = 0;
  module_->global(global).debugVar = b_->debugVar(std::move(d)) + 1;
}

uint32_t Gen::openScope(const fe::Node* at) {
  const uint32_t outer = b_->scope();
  if (!options_.debugVariables) return outer;
  ir::DebugScopeDef d;
  d.kind = ir::DebugScopeDef::Kind::Block;
  d.parent = outer;
  d.loc = debugLocOf(at);
  b_->setScope(b_->newScope(std::move(d)));
  return outer;
}

uint32_t Gen::openInlinedScope(const fe::FunctionDecl* callee, const fe::Node* call) {
  const uint32_t outer = b_->scope();
  if (!options_.debugVariables) return outer;
  ir::DebugScopeDef d;
  d.kind = ir::DebugScopeDef::Kind::InlinedFunction;
  d.parent = 0;
  d.name = callee->name;
  d.loc = debugLocOf(callee);
  d.inlinedAt = debugLocOf(call);
  b_->setScope(b_->newScope(std::move(d)));
  return outer;
}

void Gen::closeScope(uint32_t previous) {
  if (options_.debugVariables) b_->setScope(previous);
}

}  // namespace sl::irgen
