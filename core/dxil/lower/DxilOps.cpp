#include "core/dxil/lower/DxilOps.h"

#include <llvm/IR/Instructions.h>

#include <llvm/IR/Module.h>

namespace sl::dxil {

DxilOps::DxilOps(llvm::Module& module) : module_(module) {}

llvm::StructType* DxilOps::named(const std::string& name, std::vector<llvm::Type*> elements) {
  if (llvm::StructType* t = llvm::StructType::getTypeByName(module_.getContext(), name)) return t;
  return llvm::StructType::create(module_.getContext(), elements, name);
}

llvm::StructType* DxilOps::handleType() {
  return named("dx.types.Handle", {llvm::PointerType::get(module_.getContext(), 0)});
}

llvm::StructType* DxilOps::resBindType() {
  auto& c = module_.getContext();
  auto* i32 = llvm::Type::getInt32Ty(c);
  return named("dx.types.ResBind", {i32, i32, i32, llvm::Type::getInt8Ty(c)});
}

llvm::StructType* DxilOps::resourcePropertiesType() {
  auto* i32 = llvm::Type::getInt32Ty(module_.getContext());
  return named("dx.types.ResourceProperties", {i32, i32});
}

llvm::StructType* DxilOps::resRetType(llvm::Type* scalar) {
  auto* i32 = llvm::Type::getInt32Ty(module_.getContext());
  return named("dx.types.ResRet." + overloadName(scalar), {scalar, scalar, scalar, scalar, i32});
}

llvm::StructType* DxilOps::dimensionsType() {
  auto* i32 = llvm::Type::getInt32Ty(module_.getContext());
  return named("dx.types.Dimensions", {i32, i32, i32, i32});
}

llvm::StructType* DxilOps::splitDoubleType() {
  auto* i32 = llvm::Type::getInt32Ty(module_.getContext());
  return named("dx.types.splitdouble", {i32, i32});
}

std::string DxilOps::overloadName(llvm::Type* scalar) {
  if (scalar->isHalfTy()) return "f16";
  if (scalar->isFloatTy()) return "f32";
  if (scalar->isDoubleTy()) return "f64";
  if (scalar->isIntegerTy()) return "i" + std::to_string(scalar->getIntegerBitWidth());
  return "void";
}

llvm::Function* DxilOps::get(const std::string& name, llvm::Type* overload, llvm::Type* ret,
                             std::vector<llvm::Type*> params) {
  std::string full = "dx.op." + name;
  if (overload) full += "." + overloadName(overload);
  params.insert(params.begin(), llvm::Type::getInt32Ty(module_.getContext()));
  auto* ft = llvm::FunctionType::get(ret, params, false);
  auto* f = llvm::cast<llvm::Function>(module_.getOrInsertFunction(full, ft).getCallee());
  f->addFnAttr(llvm::Attribute::NoUnwind);
  return f;
}

llvm::FunctionCallee declareIntrinsic(llvm::Module& module, std::string_view name, llvm::Type* ret,
                                      std::vector<llvm::Type*> params, std::string_view suffix, IntrinsicEffects effects) {
  std::string full(name);
  if (!suffix.empty()) (full += ".") += suffix;
  llvm::FunctionCallee callee = module.getOrInsertFunction(full, llvm::FunctionType::get(ret, params, false));
  if (auto* f = llvm::dyn_cast<llvm::Function>(callee.getCallee())) {
    f->addFnAttr(llvm::Attribute::NoUnwind);
    if (effects == IntrinsicEffects::NoMemory) {
      f->setDoesNotAccessMemory();
      f->addFnAttr(llvm::Attribute::WillReturn);
    } else if (effects == IntrinsicEffects::Convergent) {
      f->addFnAttr(llvm::Attribute::Convergent);
    }
  }
  return callee;
}

std::vector<llvm::CallInst*> callsToIntrinsic(llvm::Module& module, std::string_view base) {
  const llvm::StringRef b(base.data(), base.size());
  std::vector<llvm::CallInst*> calls;
  for (llvm::Function& f : module) {
    const llvm::StringRef name = f.getName();
    if (name != b && !(name.starts_with(b) && name.size() > b.size() && name[b.size()] == '.')) continue;
    for (llvm::User* u : f.users())
      if (auto* call = llvm::dyn_cast<llvm::CallInst>(u)) calls.push_back(call);
  }
  return calls;
}

}  // namespace sl::dxil
