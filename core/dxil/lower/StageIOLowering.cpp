#include "core/dxil/lower/StageIOLowering.h"

#include "core/dxil/emit/DxIntrinsics.h"
#include "core/dxil/lower/DxilOps.h"

#include <llvm/IR/Constants.h>
#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Instructions.h>
#include <llvm/IR/Module.h>

namespace sl::dxil {

namespace {

namespace dxi = intrinsics;

// DXIL SemanticKind values of the inputs read through a dedicated op (dxil.md §1.3).
constexpr uint32_t kSampleIndexKind = 12, kCoverageKind = 14, kInnerCoverageKind = 15;

std::vector<llvm::CallInst*> callsTo(llvm::Module& m, std::string_view prefix) {
  std::vector<llvm::CallInst*> calls;
  for (llvm::Function& f : m) {
    llvm::StringRef name = f.getName();
    if (name != llvm::StringRef(prefix) && !name.starts_with(std::string(prefix) + ".")) continue;
    for (llvm::User* u : f.users())
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(u)) calls.push_back(call);
  }
  return calls;
}

class StageLowering {
 public:
  using FromSeed = DxcSignature::FromSeed;
  StageLowering(llvm::Module& m, const std::vector<uint32_t>& kinds, const std::vector<FromSeed>& inputMap,
                const std::vector<FromSeed>& outputMap, std::vector<std::string>* errors)
      : m_(m), kinds_(kinds), inputMap_(inputMap), outputMap_(outputMap), errors_(errors), ops_(m), b_(m.getContext()) {}

  void run() {
    for (llvm::CallInst* call : callsTo(m_, dxi::kLoadInput)) lowerLoad(call);
    for (llvm::CallInst* call : callsTo(m_, dxi::kStoreOutput)) lowerStore(call);
    // DXC's derivative ops are of class Unary: all four are dx.op.unary.<overload>, told apart by
    // the opcode (the validator's Instr.IllegalDXILOpFunction otherwise).
    struct Deriv { std::string_view intrinsic; const char* name; DxilOpCode code; };
    for (const Deriv& d : {Deriv{dxi::kDdxCoarse, "unary", DxilOpCode::DerivCoarseX},
                           Deriv{dxi::kDdyCoarse, "unary", DxilOpCode::DerivCoarseY},
                           Deriv{dxi::kDdxFine, "unary", DxilOpCode::DerivFineX},
                           Deriv{dxi::kDdyFine, "unary", DxilOpCode::DerivFineY}})
      for (llvm::CallInst* call : callsTo(m_, d.intrinsic)) lowerDerivative(call, d.name, d.code);
    for (llvm::CallInst* call : dead_) call->eraseFromParent();
    std::vector<llvm::Function*> unused;
    for (llvm::Function& f : m_)
      if (f.isDeclaration() && f.use_empty() &&
          (f.getName().starts_with(dxi::kLoadInput) || f.getName().starts_with(dxi::kStoreOutput) ||
           f.getName().starts_with("llvm.dx.ddx.") || f.getName().starts_with("llvm.dx.ddy.")))
        unused.push_back(&f);
    for (llvm::Function* f : unused) f->eraseFromParent();
  }

 private:
  void error(std::string message) {
    if (errors_) errors_->push_back(std::move(message));
  }
  llvm::ConstantInt* opcode(DxilOpCode c) { return b_.getInt32(uint32_t(c)); }
  // Declaration-order (SigId, row) -> DXC's element and row; false (reported) when there is none.
  bool toDxc(const std::vector<FromSeed>& map, const char* side, llvm::ConstantInt*& sigId, llvm::Value*& row) {
    if (map.empty()) return true;  // no DXC view given: the SigIds are DXC's
    const uint64_t id = sigId->getZExtValue();
    if (id >= map.size() || map[id].first < 0) {
      error(std::string(side) + " element " + std::to_string(id) + " is not in DXC's " + side + " signature");
      return false;
    }
    if (!map[id].splitRows) {
      sigId = b_.getInt32(uint32_t(map[id].first));
      return true;
    }
    auto* r = llvm::dyn_cast<llvm::ConstantInt>(row);
    if (!r) {
      error("a dynamic index into an array of SV_Target has no DXIL form: DXC gives each render target its own "
            "signature element");
      return false;
    }
    sigId = b_.getInt32(uint32_t(map[id].first + int32_t(r->getZExtValue())));
    row = b_.getInt32(0);
    return true;
  }
  static bool overloadOk(llvm::Type* t) {
    return t->isFloatTy() || t->isHalfTy() || t->isIntegerTy(32) || t->isIntegerTy(16);
  }
  // Splits `type` into its components, calls make(i) for each and reassembles the result.
  template <typename Make>
  llvm::Value* perComponent(llvm::Type* type, Make make) {
    auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(type);
    if (!vt) return make(0u);
    llvm::Value* v = llvm::PoisonValue::get(type);
    for (unsigned i = 0; i < vt->getNumElements(); ++i) v = b_.CreateInsertElement(v, make(i), b_.getInt32(i));
    return v;
  }

  void lowerLoad(llvm::CallInst* call) {
    b_.SetInsertPoint(call);
    auto* sigId = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(0));
    auto* col = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(2));
    llvm::Type* scalar = call->getType()->getScalarType();
    if (!sigId || !col || !overloadOk(scalar)) {
      error("llvm.dx.load.input needs a constant SigId and column and a 16/32-bit scalar type");
      return;
    }
    const uint32_t id = uint32_t(sigId->getZExtValue());
    const uint32_t kind = id < kinds_.size() ? kinds_[id] : 0;
    llvm::Type* i32 = b_.getInt32Ty();
    llvm::Value* result = nullptr;
    if (kind == kSampleIndexKind || kind == kCoverageKind || kind == kInnerCoverageKind) {
      // Not read from the signature: DXC has one op per value (the element is Shadow/NotInSig).
      const char* name = kind == kSampleIndexKind ? "sampleIndex" : kind == kCoverageKind ? "coverage" : "innerCoverage";
      DxilOpCode code = kind == kSampleIndexKind ? DxilOpCode::SampleIndex
                        : kind == kCoverageKind  ? DxilOpCode::Coverage
                                                 : DxilOpCode::InnerCoverage;
      llvm::Function* f = ops_.get(name, i32, i32, {});
      f->setDoesNotAccessMemory();
      f->setWillReturn();
      llvm::Value* v = b_.CreateCall(f, {opcode(code)});
      result = perComponent(call->getType(), [&](unsigned) { return b_.CreateZExtOrTrunc(v, scalar); });
    } else {
      llvm::Value* row = call->getArgOperand(1);
      if (!toDxc(inputMap_, "input", sigId, row)) return;
      llvm::Function* f = ops_.get("loadInput", scalar, scalar, {i32, i32, b_.getInt8Ty(), i32});
      f->setDoesNotAccessMemory();
      f->setWillReturn();  // DXC: readnone, so unused components go away
      result = perComponent(call->getType(), [&](unsigned c) -> llvm::Value* {
        return b_.CreateCall(f, {opcode(DxilOpCode::LoadInput), sigId, row,
                                 b_.getInt8(uint8_t(col->getZExtValue() + c)), llvm::UndefValue::get(i32)});
      });
    }
    call->replaceAllUsesWith(result);
    dead_.push_back(call);
  }

  void lowerStore(llvm::CallInst* call) {
    b_.SetInsertPoint(call);
    auto* sigId = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(0));
    auto* col = llvm::dyn_cast<llvm::ConstantInt>(call->getArgOperand(2));
    llvm::Value* value = call->getArgOperand(3);
    llvm::Type* scalar = value->getType()->getScalarType();
    if (!sigId || !col || !overloadOk(scalar)) {
      error("llvm.dx.store.output needs a constant SigId and column and a 16/32-bit scalar value");
      return;
    }
    llvm::Value* row = call->getArgOperand(1);
    if (!toDxc(outputMap_, "output", sigId, row)) return;
    llvm::Type* i32 = b_.getInt32Ty();
    llvm::Function* f = ops_.get("storeOutput", scalar, b_.getVoidTy(), {i32, i32, b_.getInt8Ty(), scalar});
    auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(value->getType());
    const unsigned n = vt ? vt->getNumElements() : 1;
    for (unsigned c = 0; c < n; ++c) {
      llvm::Value* x = vt ? b_.CreateExtractElement(value, b_.getInt32(c)) : value;
      b_.CreateCall(f, {opcode(DxilOpCode::StoreOutput), sigId, row,
                        b_.getInt8(uint8_t(col->getZExtValue() + c)), x});
    }
    dead_.push_back(call);
  }

  void lowerDerivative(llvm::CallInst* call, const char* name, DxilOpCode code) {
    b_.SetInsertPoint(call);
    llvm::Value* x = call->getArgOperand(0);
    llvm::Type* scalar = x->getType()->getScalarType();
    if (!scalar->isFloatTy() && !scalar->isHalfTy()) {
      error(std::string(name) + " takes 16/32-bit floats");
      return;
    }
    llvm::Function* f = ops_.get(name, scalar, scalar, {scalar});
    f->setDoesNotAccessMemory();
      f->setWillReturn();
    auto* vt = llvm::dyn_cast<llvm::FixedVectorType>(x->getType());
    llvm::Value* result = perComponent(x->getType(), [&](unsigned c) -> llvm::Value* {
      return b_.CreateCall(f, {opcode(code), vt ? b_.CreateExtractElement(x, b_.getInt32(c)) : x});
    });
    call->replaceAllUsesWith(result);
    dead_.push_back(call);
  }

  llvm::Module& m_;
  const std::vector<uint32_t>& kinds_;
  const std::vector<FromSeed>& inputMap_;
  const std::vector<FromSeed>& outputMap_;
  std::vector<std::string>* errors_;
  DxilOps ops_;
  llvm::IRBuilder<> b_;
  std::vector<llvm::CallInst*> dead_;
};

}  // namespace

llvm::PreservedAnalyses DxilStageIOLowering::run(llvm::Module& module, llvm::ModuleAnalysisManager&) {
  StageLowering(module, inputKinds_, inputMap_, outputMap_, errors_).run();
  return llvm::PreservedAnalyses::none();
}

}  // namespace sl::dxil
