// Rule group "metadata": the shapes of !dx.version, !dx.valver, !dx.shaderModel and
// !dx.entryPoints (dxil.md §5), the entry function they name, and what the UAV records of
// !dx.resources allow in the stage (rasterizer-ordered views only in pixel shaders).
#include "core/dxil/lower/TranslateMetadata.h"
#include "core/dxil/validate/ValidationContext.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Function.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>

namespace sl::dxil::validate {
namespace {

// The newest DXIL and validator versions this validator knows (1.9, SM 6.9).
constexpr uint64_t kMaxDxilMinor = 9;
constexpr uint64_t kMaxValidatorMinor = 9;

std::optional<uint64_t> constantInt(const llvm::Metadata* md, unsigned bits = 0) {
  const auto* c = llvm::dyn_cast_or_null<llvm::ConstantAsMetadata>(md);
  const auto* i = c ? llvm::dyn_cast<llvm::ConstantInt>(c->getValue()) : nullptr;
  if (!i || (bits && i->getBitWidth() != bits)) return std::nullopt;
  return i->getZExtValue();
}

// The single tuple operand of named metadata `name`; reports Meta.Required / Meta.WellFormed.
const llvm::MDTuple* singleTuple(Context& c, const char* name, bool required) {
  const llvm::NamedMDNode* node = c.module.getNamedMetadata(name);
  if (!node) {
    if (required) c.report("Meta.Required", std::string("required metadata !") + name + " is missing");
    return nullptr;
  }
  const llvm::MDTuple* t = node->getNumOperands() == 1 ? llvm::dyn_cast<llvm::MDTuple>(node->getOperand(0)) : nullptr;
  if (!t) c.report("Meta.WellFormed", std::string("!") + name + " must hold exactly one tuple");
  return t;
}

// !{i32 major, i32 minor}
std::optional<std::pair<uint64_t, uint64_t>> versionPair(Context& c, const char* name) {
  const llvm::MDTuple* t = singleTuple(c, name, true);
  if (!t) return std::nullopt;
  std::optional<uint64_t> major = t->getNumOperands() == 2 ? constantInt(t->getOperand(0), 32) : std::nullopt;
  std::optional<uint64_t> minor = t->getNumOperands() == 2 ? constantInt(t->getOperand(1), 32) : std::nullopt;
  if (!major || !minor) {
    c.report("Meta.WellFormed", std::string("!") + name + " must be !{i32 major, i32 minor}");
    return std::nullopt;
  }
  return std::make_pair(*major, *minor);
}

bool knownKind(llvm::StringRef k) {
  return k == "vs" || k == "ps" || k == "gs" || k == "hs" || k == "ds" || k == "cs" || k == "lib" || k == "ms" ||
         k == "as";
}

void checkShaderModel(Context& c) {
  const llvm::MDTuple* t = singleTuple(c, "dx.shaderModel", true);
  if (!t) return;
  const auto* kind = t->getNumOperands() == 3 ? llvm::dyn_cast_or_null<llvm::MDString>(t->getOperand(0)) : nullptr;
  std::optional<uint64_t> major = t->getNumOperands() == 3 ? constantInt(t->getOperand(1), 32) : std::nullopt;
  std::optional<uint64_t> minor = t->getNumOperands() == 3 ? constantInt(t->getOperand(2), 32) : std::nullopt;
  if (!kind || !major || !minor) {
    c.report("Meta.WellFormed", "!dx.shaderModel must be !{!\"kind\", i32 major, i32 minor}");
    return;
  }
  c.stageKind = kind->getString().str();
  c.smMajor = uint32_t(*major);
  c.smMinor = uint32_t(*minor);
  if (!knownKind(kind->getString()) || *major != 6 || *minor > kMaxDxilMinor) {
    c.report("Sm.Name", "unknown shader model '" + shaderModelName(c) + "'");
    return;
  }
  c.haveShaderModel = true;
}

void checkVersions(Context& c) {
  if (auto v = versionPair(c, "dx.valver"); v && (v->first != 1 || v->second > kMaxValidatorMinor))
    c.report("Meta.VersionSupported", "validator version in metadata (" + std::to_string(v->first) + "." +
                                          std::to_string(v->second) + ") is not supported; maximum: (1." +
                                          std::to_string(kMaxValidatorMinor) + ")");
  std::optional<std::pair<uint64_t, uint64_t>> dxil = versionPair(c, "dx.version");
  if (!dxil) return;
  if (dxil->first != 1 || dxil->second > kMaxDxilMinor) {
    c.report("Meta.VersionSupported", "dxil version in metadata (" + std::to_string(dxil->first) + "." +
                                          std::to_string(dxil->second) + ") is not supported; maximum: (1." +
                                          std::to_string(kMaxDxilMinor) + ")");
    return;
  }
  // Shader model 6.M requires DXIL 1.M.
  if (c.haveShaderModel && dxil->second != c.smMinor)
    c.report("Sm.DxilVersion", "dxil version 1." + std::to_string(dxil->second) + " does not match shader model " +
                                   shaderModelName(c) + ", which requires dxil version 1." + std::to_string(c.smMinor));
}

// One signature list: null or a tuple of DXC's 11-operand elements.
std::optional<std::vector<SignatureElementInfo>> signatureList(Context& c, const llvm::MDOperand& op, const char* which) {
  if (!op.get()) return std::nullopt;
  const auto* list = llvm::dyn_cast<llvm::MDTuple>(op.get());
  if (!list) {
    c.report("Meta.WellFormed", std::string("the entry's ") + which + " signature must be a tuple or null");
    return std::nullopt;
  }
  std::vector<SignatureElementInfo> elements;
  for (unsigned i = 0; i < list->getNumOperands(); ++i) {
    const auto* e = llvm::dyn_cast_or_null<llvm::MDTuple>(list->getOperand(i).get());
    SignatureElementInfo info;
    bool ok = e && e->getNumOperands() == 11;
    std::optional<uint64_t> id, comp, rows, cols;
    const llvm::MDString* name = nullptr;
    if (ok) {
      id = constantInt(e->getOperand(0), 32);
      name = llvm::dyn_cast_or_null<llvm::MDString>(e->getOperand(1).get());
      comp = constantInt(e->getOperand(2), 8);
      rows = constantInt(e->getOperand(6), 32);
      cols = constantInt(e->getOperand(7), 8);
      ok = id && name && comp && rows && cols;
    }
    if (!ok) {
      c.report("Meta.WellFormed", std::string(which) + " signature element " + std::to_string(i) +
                                      " must be an 11-operand element !{i32 id, !\"name\", i8 comp, i8 kind, !{indices}, "
                                      "i8 interp, i32 rows, i8 cols, i32 row, i8 col, tags}");
      elements.push_back(info);  // keep positions: SigIds index this list
      continue;
    }
    info.id = uint32_t(*id);
    info.name = name->getString().str();
    info.compType = uint32_t(*comp);
    info.rows = uint32_t(*rows);
    info.cols = uint32_t(*cols);
    if (info.id != i)
      c.report("Meta.WellFormed", std::string(which) + " signature element '" + info.name + "' has id " +
                                      std::to_string(info.id) + " at position " + std::to_string(i));
    if (info.rows == 0 || info.cols == 0 || info.cols > 4)
      c.report("Meta.SignatureOutOfRange", std::string(which) + " signature element '" + info.name + "' has size (" +
                                               std::to_string(info.rows) + "," + std::to_string(info.cols) + ")");
    elements.push_back(info);
  }
  return elements;
}

void checkProperties(Context& c, const llvm::MDOperand& op) {
  const auto* props = llvm::dyn_cast_or_null<llvm::MDTuple>(op.get());
  if (op.get() && !props) {
    c.report("Meta.WellFormed", "the entry's properties must be a tuple or null");
    return;
  }
  const llvm::MDTuple* numThreads = nullptr;
  if (props) {
    if (props->getNumOperands() % 2 != 0) {
      c.report("Meta.WellFormed", "the entry's properties must be tag/value pairs");
      return;
    }
    for (unsigned i = 0; i < props->getNumOperands(); i += 2) {
      std::optional<uint64_t> tag = constantInt(props->getOperand(i), 32);
      if (!tag) {
        c.report("Meta.WellFormed", "entry property tag " + std::to_string(i / 2) + " must be an i32");
        continue;
      }
      const llvm::Metadata* value = props->getOperand(i + 1).get();
      if (*tag == 0 && !constantInt(value, 64)) c.report("Meta.WellFormed", "the shader flags (tag 0) must be an i64");
      if (*tag == 4) {
        numThreads = llvm::dyn_cast_or_null<llvm::MDTuple>(value);
        bool ok = numThreads && numThreads->getNumOperands() == 3;
        for (unsigned k = 0; ok && k < 3; ++k) ok = constantInt(numThreads->getOperand(k), 32).has_value();
        if (!ok) {
          c.report("Meta.WellFormed", "numthreads (tag 4) must be !{i32 x, i32 y, i32 z}");
          numThreads = nullptr;
          return;
        }
      }
    }
  }
  if (c.stageKind != "cs" && c.stageKind != "ms" && c.stageKind != "as") return;
  if (!numThreads) {
    c.report("Meta.NoEntryPropsForEntry", "entry point must have entry properties with numthreads (tag 4)");
    return;
  }
  uint64_t size[3], total = 1;
  const uint64_t maxima[3] = {1024, 1024, 64};
  const char* axes[3] = {"X", "Y", "Z"};
  for (unsigned k = 0; k < 3; ++k) {
    size[k] = *constantInt(numThreads->getOperand(k), 32);
    total *= size[k];
    if (size[k] < 1 || size[k] > maxima[k])
      c.report("Sm.ThreadGroupChannelRange", std::string("declared thread group ") + axes[k] + " size " +
                                                 std::to_string(size[k]) + " outside valid range [1.." +
                                                 std::to_string(maxima[k]) + "]");
  }
  if (total > 1024)
    c.report("Sm.MaxTheadGroup", "declared thread group size " + std::to_string(total) + " is above the maximum of 1024");
}

void checkEntryPoints(Context& c) {
  const llvm::NamedMDNode* node = c.module.getNamedMetadata("dx.entryPoints");
  if (!node) {
    c.report("Meta.Required", "required metadata !dx.entryPoints is missing");
    return;
  }
  if (node->getNumOperands() != 1) {
    c.report("Meta.WellFormed", "!dx.entryPoints must hold exactly one entry for a " +
                                    (c.stageKind.empty() ? std::string("non-library") : c.stageKind) + " shader");
    if (node->getNumOperands() == 0) return;
  }
  const llvm::MDTuple* e = llvm::dyn_cast<llvm::MDTuple>(node->getOperand(0));
  if (!e || e->getNumOperands() != 5) {
    c.report("Meta.WellFormed", "an entry of !dx.entryPoints must be !{function, !\"name\", signatures, resources, "
                                "properties}");
    return;
  }
  const auto* fnMd = llvm::dyn_cast_or_null<llvm::ValueAsMetadata>(e->getOperand(0).get());
  const llvm::Function* fn = fnMd ? llvm::dyn_cast<llvm::Function>(fnMd->getValue()) : nullptr;
  const auto* name = llvm::dyn_cast_or_null<llvm::MDString>(e->getOperand(1).get());
  if (!name) c.report("Meta.WellFormed", "the entry's name must be a string");
  if (!fn) {
    c.report("Meta.EntryFunction", "entrypoint not found: the entry's first operand is not a function");
  } else if (fn->isDeclaration()) {
    c.report("Meta.EntryFunction", "entrypoint '" + fn->getName().str() + "' is a declaration, not a definition");
  } else {
    if (!fn->getReturnType()->isVoidTy() || fn->arg_size() != 0)
      c.report("Meta.EntryFunction", "entrypoint '" + fn->getName().str() + "' must be void() (DXIL passes stage " +
                                         "inputs and outputs through loadInput/storeOutput)");
    if (name && name->getString() != fn->getName())
      c.report("Meta.WellFormed", "the entry's name '" + name->getString().str() + "' is not its function's name '" +
                                      fn->getName().str() + "'");
    if (fn->hasFnAttribute("hlsl.shader") && c.haveShaderModel) {
      const char* kind = shaderKindString(fn->getFnAttribute("hlsl.shader").getValueAsString());
      if (c.stageKind != kind)
        c.report("Meta.WellFormed", "entry '" + fn->getName().str() + "' is a '" + kind + "' shader but !dx.shaderModel says '" +
                                        c.stageKind + "'");
    }
    c.entry = fn;
  }
  // Signatures: null or !{inputs, outputs, patch constants}.
  if (const llvm::Metadata* sigs = e->getOperand(2).get()) {
    const auto* t = llvm::dyn_cast<llvm::MDTuple>(sigs);
    if (!t || t->getNumOperands() != 3) {
      c.report("Meta.WellFormed", "the entry's signatures must be !{inputs, outputs, patch constants} or null");
    } else {
      c.inputs = signatureList(c, t->getOperand(0), "input");
      c.outputs = signatureList(c, t->getOperand(1), "output");
      if (t->getOperand(2).get() && !llvm::isa<llvm::MDTuple>(t->getOperand(2).get()))
        c.report("Meta.WellFormed", "the entry's patch-constant signature must be a tuple or null");
    }
  }
  // Resources: null or !{SRVs, UAVs, CBVs, samplers}, the same node as !dx.resources.
  if (const llvm::Metadata* res = e->getOperand(3).get()) {
    const auto* t = llvm::dyn_cast<llvm::MDTuple>(res);
    bool ok = t && t->getNumOperands() == 4;
    for (unsigned k = 0; ok && k < 4; ++k) ok = !t->getOperand(k).get() || llvm::isa<llvm::MDTuple>(t->getOperand(k).get());
    const llvm::NamedMDNode* named = c.module.getNamedMetadata("dx.resources");
    if (!ok)
      c.report("Meta.WellFormed", "the entry's resources must be !{SRVs, UAVs, CBVs, samplers} or null");
    else if (!named || named->getNumOperands() != 1 || named->getOperand(0) != t)
      c.report("Meta.WellFormed", "the entry's resource lists are not the !dx.resources node");
  }
  checkProperties(c, e->getOperand(4));
}

}  // namespace

// !dx.resources = !{SRVs, UAVs, CBVs, samplers}; a UAV record's operand 9 is its ROV flag, which
// DXC's validator allows in pixel shaders only.
static void checkResources(Context& c) {
  const llvm::NamedMDNode* node = c.module.getNamedMetadata("dx.resources");
  if (!node || node->getNumOperands() != 1 || c.stageKind.empty() || c.stageKind == "ps") return;
  const llvm::MDNode* lists = node->getOperand(0);
  if (!lists || lists->getNumOperands() < 2) return;
  const auto* uavs = llvm::dyn_cast_or_null<llvm::MDTuple>(lists->getOperand(1).get());
  if (!uavs) return;
  for (const llvm::MDOperand& op : uavs->operands()) {
    const auto* record = llvm::dyn_cast_or_null<llvm::MDTuple>(op.get());
    if (!record || record->getNumOperands() < 10 || constantInt(record->getOperand(9).get(), 1) != 1u) continue;
    const auto* name = llvm::dyn_cast_or_null<llvm::MDString>(record->getOperand(2).get());
    c.report("Sm.ROVOnlyInPS", "RasterizerOrdered objects are only allowed in 5.0+ pixel shaders ('" +
                                   (name ? name->getString().str() : std::string("?")) + "' in a '" + c.stageKind +
                                   "' shader)");
  }
}

void checkMetadata(Context& c) {
  checkShaderModel(c);
  checkVersions(c);
  checkEntryPoints(c);
  checkResources(c);
}

}  // namespace sl::dxil::validate
