// Declarations of dx.op.* functions and %dx.types.* structs as DXC names them
// (../shared/design/dxil.md §3): every call is @dx.op.<name>[.<overload>](i32 opcode, ...).
#pragma once

#include <llvm/IR/IRBuilder.h>

#include <string>
#include <string_view>
#include <vector>

namespace sl::dxil {

enum class DxilOpCode : uint32_t {
  LoadInput = 4, StoreOutput = 5, CreateHandle = 57, MakeDouble = 101, SplitDouble = 102, Sample = 60, SampleBias = 61, SampleLevel = 62, SampleGrad = 63,
  SampleCmp = 64, SampleCmpLevelZero = 65, TextureLoad = 66, TextureStore = 67, TextureGather = 73,
  TextureGatherCmp = 74, CalculateLOD = 81, SampleCmpLevel = 224, BufferLoad = 68, BufferStore = 69, BufferUpdateCounter = 70,
  GetDimensions = 72, Barrier = 80, Discard = 82, DerivCoarseX = 83, DerivCoarseY = 84,
  DerivFineX = 85, DerivFineY = 86, SampleIndex = 90, Coverage = 91, InnerCoverage = 92, ThreadId = 93, GroupId = 94, ThreadIdInGroup = 95,
  FlattenedThreadIdInGroup = 96, RawBufferLoad = 139, RawBufferStore = 140, AnnotateHandle = 216,
  CreateHandleFromBinding = 217, CreateHandleFromHeap = 218,
};

class DxilOps {
 public:
  explicit DxilOps(llvm::Module& module);

  llvm::StructType* handleType();              // %dx.types.Handle = { ptr }
  llvm::StructType* resBindType();             // %dx.types.ResBind = { i32, i32, i32, i8 }
  llvm::StructType* resourcePropertiesType();  // %dx.types.ResourceProperties = { i32, i32 }
  llvm::StructType* resRetType(llvm::Type* scalar);  // %dx.types.ResRet.<t> = { t, t, t, t, i32 }
  llvm::StructType* dimensionsType();          // %dx.types.Dimensions = { i32, i32, i32, i32 }
  llvm::StructType* splitDoubleType();         // %dx.types.splitdouble = { i32, i32 } (low, high)

  // @dx.op.<name>[.<overload of `overload`>] with the given type; nounwind.
  llvm::Function* get(const std::string& name, llvm::Type* overload, llvm::Type* ret,
                      std::vector<llvm::Type*> params);
  static std::string overloadName(llvm::Type* scalar);  // f32, i32, f16, ...

 private:
  llvm::StructType* named(const std::string& name, std::vector<llvm::Type*> elements);
  llvm::Module& module_;
};

// What an llvm.dx.* declaration may assume: side effects (the default), none (memory(none),
// willreturn: equal calls may be merged, like LLVM's IntrNoMem), or convergent (wave and quad
// ops: nothing may move them across control flow).
enum class IntrinsicEffects : uint8_t { Any, NoMemory, Convergent };

// The nounwind declaration of the llvm.dx.* intrinsic `name` (DxIntrinsics.h), ".<suffix>"
// appended when a suffix is given.
llvm::FunctionCallee declareIntrinsic(llvm::Module& module, std::string_view name, llvm::Type* ret,
                                      std::vector<llvm::Type*> params, std::string_view suffix = {},
                                      IntrinsicEffects effects = IntrinsicEffects::Any);

// Every call of intrinsic `base`, whatever its overload suffix ("llvm.sin" finds llvm.sin.f32
// and llvm.sin.v3f32, not llvm.sinh.f32).
std::vector<llvm::CallInst*> callsToIntrinsic(llvm::Module& module, std::string_view base);

}  // namespace sl::dxil
