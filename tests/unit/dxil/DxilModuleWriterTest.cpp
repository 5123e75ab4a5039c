// The DXIL module writer over real shaders: each is compiled through the pipeline to the `dxil`
// stage, that module is written as 3.7-style bitcode, and LLVM 19 must read it back, verify it
// and print it as the module we wrote (checkDxilBitcode, after its documented normalizations).
#include "core/dxil/bitcode/DxilModuleWriter.h"

#include "tests/unit/dxil/CompileToDxil.h"

#include <llvm/AsmParser/Parser.h>
#include <llvm/Bitcode/BitcodeReader.h>
#include <llvm/IR/Verifier.h>
#include <llvm/IR/LLVMContext.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/SourceMgr.h>

#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

using sl::dxiltest::readFile;
using sl::dxiltest::sourcePart;

void roundTrip(const std::string& name, const std::string& source) {
  INFO(name);
  sl::dxiltest::Compiled c = sl::dxiltest::compile(source, "cs_6_0");
  llvm::LLVMContext context;
  llvm::SMDiagnostic diag;
  std::unique_ptr<llvm::Module> m = llvm::parseAssemblyString(c.dxilText, diag, context);
  REQUIRE(m);
  sl::dxil::bitcode::DxilBitcode bc = sl::dxil::bitcode::writeDxilBitcode(*m);
  INFO(bc.error);
  REQUIRE(bc.ok());
  REQUIRE(bc.bytes.size() % 4 == 0);
  CHECK(bc.bytes[0] == 'B');
  CHECK(bc.bytes[1] == 'C');
  sl::dxil::bitcode::ReadBackCheck check = sl::dxil::bitcode::checkDxilBitcode(*bc.prepared, bc.bytes);
  INFO(check.error);
  CHECK(check.ok);
  CHECK(check.functions == bc.prepared->size());
  CHECK(check.globals == bc.prepared->global_size());
  // emitDxil put bitcode that passed the same check into the container's DXIL part.
  llvm::object::DXContainer container = sl::dxiltest::reread(c.container);
  REQUIRE(container.getDXIL().has_value());
  const uint32_t size = container.getDXIL()->first.Bitcode.Size;
  REQUIRE(size > 0);
  llvm::LLVMContext partContext;
  llvm::Expected<std::unique_ptr<llvm::Module>> part = llvm::parseBitcodeFile(
      llvm::MemoryBufferRef(llvm::StringRef(container.getDXIL()->second, size), "part"), partContext);
  REQUIRE(bool(part));
  CHECK_FALSE(llvm::verifyModule(**part, &llvm::errs()));
  CHECK((*part)->getFunction("main") != nullptr);
}

}  // namespace

TEST_CASE("dxil bitcode: shaders/run/double.test reads back verifier-clean and equal", "[bitcode]") {
  roundTrip("double.test", sourcePart(readFile(std::string(SHADERLENS_SOURCE_DIR) + "/shaders/run/double.test")));
}

TEST_CASE("dxil bitcode: shaders/compute reads back", "[bitcode]") {
  for (auto& e : std::filesystem::directory_iterator(std::string(SHADERLENS_SOURCE_DIR) + "/shaders/compute"))
    if (e.path().extension() == ".hlsl") roundTrip(e.path().string(), readFile(e.path().string()));
}

TEST_CASE("dxil bitcode: offload-test-suite compute shaders read back", "[bitcode]") {
  const std::string suite = std::string(SHADERLENS_SHARED_DIR) + "/offload-test-suite/tests/";
  // Groupshared arrays and atomics, structs in buffers, loops with phis, cbuffers, wave ops, 16/64-bit.
  for (const char* test : {"Feature/HLSLLib/InterlockedAdd.32.test", "Feature/HLSLLib/InterlockedCompareExchange.int64.test",
                           "Basic/Matrix/matrix_groupthread_swizzle_one_based.test", "Basic/Matrix/matrix_bool_and_operator.test",
                           "Feature/Groupshared/GSVector.test", "Basic/Mandelbrot.test", "Basic/Matrix/matrix_const_single_subscript.test",
                           "Basic/cbuffer.test", "Feature/CBuffer/scalars-64bit.test", "Feature/HLSLLib/asuint.64.test"}) {
    const std::string path = suite + test;
    REQUIRE(std::filesystem::exists(path));
    roundTrip(test, sourcePart(readFile(path)));
  }
}
