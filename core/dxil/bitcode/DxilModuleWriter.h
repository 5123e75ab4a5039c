// DXIL bitcode: an llvm::Module of the `dxil` stage written as LLVM 3.7-era module bitcode (the
// form DXIL containers carry), from LLVM's BitCodeFormat document, on our BitstreamWriter.
// MODULE_BLOCK version 1 (relative value ids), no IDENTIFICATION block, typed pointers (each
// opaque `ptr` gets the element type its definition or use implies), METADATA_STRING records.
//
// This increment does not write debug info: the module is cloned and stripped of it first
// (!dbg locations, DI nodes, llvm.dbg.cu). Poison is written as undef, dso_local and the attributes
// 3.7 does not know (nocallback, nofree, nosync, willreturn, speculatable, ...) are dropped, and
// atomicrmw/cmpxchg carry no alignment (3.7's records have none: readers assume the natural one).
//
// checkDxilBitcode is what "works" means: LLVM 19's parseBitcodeFile reads the bytes back,
// verifyModule passes, and the printed read-back module equals the printed prepared module
// after the normalizations above (listed in `differences`).
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Module;
}

namespace sl::dxil::bitcode {

struct DxilBitcode {
  std::vector<uint8_t> bytes;  // empty when error is set
  std::string error;           // why the module could not be written (an internal limitation)
  std::unique_ptr<llvm::Module> prepared;  // the module written (debug info stripped, casts added)
  std::vector<std::string> dropped;        // attributes/flags 3.7 cannot say, once each
  bool ok() const { return error.empty(); }
  DxilBitcode();
  DxilBitcode(DxilBitcode&&) noexcept;
  ~DxilBitcode();
};

DxilBitcode writeDxilBitcode(const llvm::Module& module);

struct ReadBackCheck {
  bool ok = false;
  std::string error;                     // first failure: parse, verifier or text mismatch
  std::vector<std::string> differences;  // the normalizations applied before comparing
  size_t functions = 0, instructions = 0, globals = 0, namedMetadata = 0;
};

// Reads `bitcode` back with LLVM 19 and compares it with `prepared` (DxilBitcode::prepared).
ReadBackCheck checkDxilBitcode(const llvm::Module& prepared, const std::vector<uint8_t>& bitcode);

}  // namespace sl::dxil::bitcode
