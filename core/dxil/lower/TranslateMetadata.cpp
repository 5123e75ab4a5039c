#include "core/dxil/lower/TranslateMetadata.h"

#include "core/dxil/lower/ResourceAnalysis.h"
#include "core/dxil/lower/ShaderFlags.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/Metadata.h>
#include <llvm/IR/Module.h>

namespace sl::dxil {

const char* shaderKindString(llvm::StringRef s) {
  if (s == "compute") return "cs";
  if (s == "vertex") return "vs";
  if (s == "pixel") return "ps";
  if (s == "geometry") return "gs";
  if (s == "hull") return "hs";
  if (s == "domain") return "ds";
  if (s == "mesh") return "ms";
  if (s == "amplification") return "as";
  return "";
}

namespace {

class Md {
 public:
  explicit Md(llvm::LLVMContext& c) : c_(c) {}
  llvm::Metadata* i32(uint32_t v) { return llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt32Ty(c_), v)); }
  llvm::Metadata* i8(uint8_t v) { return llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt8Ty(c_), v)); }
  llvm::Metadata* i1(bool v) { return llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt1Ty(c_), v)); }
  llvm::Metadata* i64(uint64_t v) { return llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(llvm::Type::getInt64Ty(c_), v)); }
  llvm::Metadata* str(llvm::StringRef s) { return llvm::MDString::get(c_, s); }
  llvm::MDNode* node(llvm::ArrayRef<llvm::Metadata*> ops) { return llvm::MDNode::get(c_, ops); }
  llvm::Metadata* undefPtr() { return llvm::ConstantAsMetadata::get(llvm::UndefValue::get(llvm::PointerType::get(c_, 0))); }

 private:
  llvm::LLVMContext& c_;
};

llvm::MDNode* signatureElement(Md& md, const signature::SignatureMetadataRecord& r) {
  std::vector<llvm::Metadata*> indices;
  for (uint32_t i : r.semanticIndices) indices.push_back(md.i32(i));
  return md.node({md.i32(r.sigId), md.str(r.name), md.i32(r.compType), md.i32(r.semanticKind), md.node(indices),
                  md.i32(r.interpMode), md.i32(r.rows), md.i8(uint8_t(r.cols)), md.i32(uint32_t(r.startRow)),
                  md.i8(uint8_t(r.startCol)), md.i8(uint8_t(r.usageMask)), md.i8(uint8_t(r.dynIndexMask)),
                  md.i32(r.gsStream)});
}

// DXC's element (DxilMDHelper, dxil.md §5): !{i32 ID, !"Name", i8 CompType, i8 SemanticKind,
// !{i32 indices}, i8 InterpMode, i32 Rows, i8 Cols, i32 StartRow, i8 StartCol, !{tags}|null};
// tags: 0 output stream, 2 dynamic-index mask, 3 usage mask (validator >= 1.5), each only when
// non-zero, in that order.
llvm::MDNode* dxcSignatureElement(Md& md, const signature::SignatureMetadataRecord& r, bool usageTag) {
  std::vector<llvm::Metadata*> indices;
  for (uint32_t i : r.semanticIndices) indices.push_back(md.i32(i));
  std::vector<llvm::Metadata*> tags;
  if (r.gsStream) tags.insert(tags.end(), {md.i32(0), md.i32(r.gsStream)});
  if (r.dynIndexMask) tags.insert(tags.end(), {md.i32(2), md.i32(uint8_t(r.dynIndexMask))});
  if (usageTag && r.usageMask) tags.insert(tags.end(), {md.i32(3), md.i32(uint8_t(r.usageMask))});
  return md.node({md.i32(r.sigId), md.str(r.name), md.i8(uint8_t(r.compType)), md.i8(uint8_t(r.semanticKind)),
                  md.node(indices), md.i8(uint8_t(r.interpMode)), md.i32(r.rows), md.i8(uint8_t(r.cols)),
                  md.i32(uint32_t(r.startRow)), md.i8(uint8_t(r.startCol)), tags.empty() ? nullptr : md.node(tags)});
}

}  // namespace

llvm::PreservedAnalyses DxilTranslateMetadata::run(llvm::Module& module, llvm::ModuleAnalysisManager& analyses) {
  const DxilResourceMap& resources = analyses.getResult<DxilResourceAnalysis>(module);
  const ShaderFlags& flags = analyses.getResult<ShaderFlagsAnalysis>(module);
  Md md(module.getContext());
  auto setNamed = [&](const char* name, llvm::MDNode* n) {
    if (llvm::NamedMDNode* old = module.getNamedMetadata(name)) module.eraseNamedMetadata(old);
    module.getOrInsertNamedMetadata(name)->addOperand(n);
  };
  setNamed("dx.version", md.node({md.i32(1), md.i32(options_.shaderModelMinor)}));
  setNamed("dx.valver", md.node({md.i32(options_.validatorMajor), md.i32(options_.validatorMinor)}));

  llvm::Function* entry = nullptr;
  for (llvm::Function& f : module)
    if (!f.isDeclaration() && f.hasFnAttribute("hlsl.shader")) entry = &f;
  llvm::StringRef kind = entry ? entry->getFnAttribute("hlsl.shader").getValueAsString() : "";
  const char* shaderKind = *shaderKindString(kind) ? shaderKindString(kind) : "lib";
  setNamed("dx.shaderModel", md.node({md.str(shaderKind), md.i32(options_.shaderModelMajor),
                                      md.i32(options_.shaderModelMinor)}));

  // dx.resources: SRVs, UAVs, CBVs, samplers (each list or null), bound resources only.
  std::vector<llvm::Metadata*> lists[4];
  for (const BoundResource& r : resources.bound) {
    const ResourceTypeInfo& t = r.type;
    std::vector<llvm::Metadata*> rec{md.i32(r.rangeId), md.undefPtr(), md.str(r.name), md.i32(r.space),
                                     md.i32(r.lowerBound), md.i32(r.rangeSize)};
    llvm::Metadata* tags = nullptr;
    if (t.kind == ResourceKind::StructuredBuffer) tags = md.node({md.i32(1), md.i32(t.structStride)});
    else if (t.elementType != ComponentType::Invalid) tags = md.node({md.i32(0), md.i32(uint32_t(t.elementType))});
    switch (t.resourceClass) {
      case ResourceClass::SRV:
        rec.insert(rec.end(), {md.i32(uint32_t(t.kind)), md.i32(0), tags});
        break;
      case ResourceClass::UAV:
        rec.insert(rec.end(), {md.i32(uint32_t(t.kind)), md.i1(t.globallyCoherent), md.i1(t.hasCounter), md.i1(t.isROV), tags});
        break;
      case ResourceClass::CBuffer:
        rec.insert(rec.end(), {md.i32(t.cbufferSize), nullptr});
        break;
      case ResourceClass::Sampler:
        rec.insert(rec.end(), {md.i32(t.isComparisonSampler ? 1 : 0), nullptr});
        break;
    }
    lists[uint32_t(t.resourceClass) & 3].push_back(md.node(rec));
  }
  llvm::MDNode* resourceNode = nullptr;
  if (!resources.bound.empty()) {
    std::vector<llvm::Metadata*> ops;
    for (auto& l : lists) ops.push_back(l.empty() ? nullptr : md.node(l));
    resourceNode = md.node(ops);
    setNamed("dx.resources", resourceNode);
  } else if (llvm::NamedMDNode* old = module.getNamedMetadata("dx.resources")) {
    module.eraseNamedMetadata(old);
  }

  if (entry) {
    std::vector<llvm::Metadata*> props;
    if (flags.bits) props.insert(props.end(), {md.i32(0), md.i64(flags.bits)});
    if (kind == "compute") {
      uint32_t n[3] = {1, 1, 1};
      llvm::StringRef spec = entry->getFnAttribute("hlsl.numthreads").getValueAsString();
      for (int i = 0; i < 3 && !spec.empty(); ++i) {
        auto [head, tail] = spec.split(',');
        head.trim().getAsInteger(10, n[i]);
        spec = tail;
      }
      props.insert(props.end(), {md.i32(4), md.node({md.i32(n[0]), md.i32(n[1]), md.i32(n[2])})});
    }
    llvm::Metadata* sigs = nullptr;
    auto list = [&](const std::vector<signature::SignatureMetadataRecord>& records) -> llvm::Metadata* {
      if (records.empty()) return nullptr;
      std::vector<llvm::Metadata*> elems;
      for (const auto& r : records) elems.push_back(signatureElement(md, r));
      return md.node(elems);
    };
    const bool usageTag = options_.validatorMajor > 1 || options_.validatorMinor >= 5;
    auto dxcList = [&](const std::vector<signature::SignatureMetadataRecord>& records) -> llvm::Metadata* {
      if (records.empty()) return nullptr;
      std::vector<llvm::Metadata*> elems;
      for (const auto& r : records) elems.push_back(dxcSignatureElement(md, r, usageTag));
      return md.node(elems);
    };
    if (options_.dxcEntrySignatures && (!options_.dxcInputs.empty() || !options_.dxcOutputs.empty()))
      sigs = md.node({dxcList(options_.dxcInputs), dxcList(options_.dxcOutputs), nullptr});
    if (!options_.inputs.empty() || !options_.outputs.empty()) {
      if (!options_.dxcEntrySignatures) sigs = md.node({list(options_.inputs), list(options_.outputs), nullptr});
      setNamed("dx.semantic.signatures", md.node({llvm::ValueAsMetadata::get(entry), list(options_.inputs),
                                                  list(options_.outputs)}));
    }
    setNamed("dx.entryPoints", md.node({llvm::ValueAsMetadata::get(entry), md.str(entry->getName()), sigs,
                                        resourceNode, props.empty() ? nullptr : md.node(props)}));
  }
  return llvm::PreservedAnalyses::all();
}

}  // namespace sl::dxil
