#include "core/pipeline/EntryInterface.h"

#include "core/frontend/AST.h"
#include "core/frontend/EntrySignature.h"
#include "core/frontend/Preprocessor.h"
#include "core/pipeline/CompileOptions.h"

#include <cctype>

namespace sl {
namespace {

bool isSystemValue(const std::string& semantic) {
  return semantic.size() > 3 && std::toupper(static_cast<unsigned char>(semantic[0])) == 'S' &&
         std::toupper(static_cast<unsigned char>(semantic[1])) == 'V' && semantic[2] == '_';
}

// A parameter's SV_ semantic, or those of its struct's fields (one level, as compute inputs are
// written).
void collectSystemValues(const frontend::VarDecl& param, std::vector<std::string>& out) {
  if (isSystemValue(param.semantic)) {
    out.push_back(param.semantic);
    return;
  }
  const frontend::Type* type = param.type;
  if (!type || !type->isStruct() || !type->record) return;
  for (const frontend::VarDecl* field : type->record->fields)
    if (field && isSystemValue(field->semantic)) out.push_back(field->semantic);
}

bool carriesSemantics(const frontend::FunctionDecl& function) {
  if (!function.semantic.empty()) return true;
  for (const frontend::VarDecl* p : function.params) {
    if (!p->semantic.empty()) return true;
    if (p->type && p->type->isStruct() && p->type->record)
      for (const frontend::VarDecl* field : p->type->record->fields)
        if (field && !field->semantic.empty()) return true;
  }
  if (const frontend::Type* r = function.returnType; r && r->isStruct() && r->record)
    for (const frontend::VarDecl* field : r->record->fields)
      if (field && !field->semantic.empty()) return true;
  return false;
}

}  // namespace

std::shared_ptr<const EntryInterface> describeEntryInterface(const frontend::TranslationUnit& unit,
                                                             const frontend::PreprocessedUnit& source,
                                                             const CompileOptions& options) {
  const frontend::FunctionDecl* entry = unit.entry && unit.entry->definition ? unit.entry->definition : unit.entry;
  if (!entry) return nullptr;
  auto out = std::make_shared<EntryInterface>();
  out->entry = entry->name;
  if (entry->stage != frontend::ShaderStage::None) out->stage = std::string(frontend::shaderStageName(entry->stage));
  out->graphics = entry->stage == frontend::ShaderStage::Vertex || entry->stage == frontend::ShaderStage::Pixel;
  for (const frontend::VarDecl* p : entry->params) collectSystemValues(*p, out->systemValues);
  if (out->graphics && entry->body) {
    frontend::EntrySignatures sigs = frontend::buildEntrySignatures(
        entry, source, options.enable16BitTypes,
        options.packOptimized ? signature::PackingStrategy::Optimized : signature::PackingStrategy::Default,
        options.rowMajorByDefault);
    out->inputs = std::move(sigs.inputs);
    out->outputs = std::move(sigs.outputs);
    out->diagnostics = std::move(sigs.diagnostics);
  }
  for (const frontend::Decl* decl : unit.decls) {
    if (decl->kind != frontend::DeclKind::Function) continue;
    const auto& function = static_cast<const frontend::FunctionDecl&>(*decl);
    if (function.name == entry->name || !function.body || !carriesSemantics(function)) continue;
    bool listed = false;
    for (const std::string& name : out->otherEntries) listed |= name == function.name;
    if (!listed) out->otherEntries.push_back(function.name);
  }
  return out;
}

}  // namespace sl
