// LLVM's fatal errors inside a compile throw instead of ending the process (FatalErrors.h).
#include "core/pipeline/FatalErrors.h"
#include "core/pipeline/Pipeline.h"

#include <catch2/catch.hpp>
#include <llvm/Support/ErrorHandling.h>
#include <llvm/TargetParser/Triple.h>

#include <new>

using namespace sl;

TEST_CASE("inside a boundary, LLVM's fatal errors throw, also from deep in LLVM's own code", "[fatal]") {
  FatalErrorBoundary boundary;
  CHECK_THROWS_AS(llvm::report_fatal_error("boom"), LlvmFatalError);
  // Through LLVM frames built without exceptions (unwind tables let it pass): the DXIL triple of
  // a shader model LLVM 19 does not know is report_fatal_error in Triple::normalize. That ended
  // the process on every SM 6.9 compile.
  try {
    (void)llvm::Triple::normalize("dxil-pc-shadermodel6.9-compute");
    FAIL("no fatal error");
  } catch (const LlvmFatalError& e) {
    CHECK(std::string(e.what()) == "Unsupported Shader Model version");
  }
  CHECK_THROWS_AS(llvm::report_bad_alloc_error("no memory"), std::bad_alloc);
  // The thread and LLVM go on: a good triple still normalizes.
  CHECK(llvm::Triple::normalize("dxil-pc-shadermodel6.6-compute") == "dxilv1.6-pc-shadermodel6.6-compute");
}

TEST_CASE("compiles run inside a boundary of their own", "[fatal]") {
  // compileSource installs the handlers and opens a boundary on its own thread; the caller's
  // thread needs none, and a compile after a failed one works.
  const char* source = "RWStructuredBuffer<uint> o;\n[numthreads(1,1,1)] void main() { o[0] = 1; }\n";
  CompileOptions options;
  auto first = compileSource("t.hlsl", source, options);
  CHECK(first->succeeded);
  // Clang's `#pragma clang __debug llvm_fatal_error` was such a fatal error (and `crash` a SIGILL):
  // its test hooks are off, the pragma does nothing.
  auto pragma = compileSource("t.hlsl", std::string("#pragma clang __debug llvm_fatal_error\n#pragma clang __debug crash\n") + source, options);
  INFO(renderDiagnostics(pragma->diagnostics));
  CHECK(pragma->succeeded);
}
