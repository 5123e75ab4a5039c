#include "core/dxil/LlvmPrinter.h"

#include <llvm/IR/AssemblyAnnotationWriter.h>
#include <llvm/IR/DebugInfoMetadata.h>
#include <llvm/IR/Instruction.h>
#include <llvm/IR/Module.h>
#include <llvm/Support/FormattedStream.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>

namespace sl::dxil {

namespace {

// Records, for each instruction, how many lines were printed before it.
class LineRecorder : public llvm::AssemblyAnnotationWriter {
 public:
  explicit LineRecorder(const std::string& text) : text_(text) {}
  void emitInstructionAnnot(const llvm::Instruction* inst, llvm::formatted_raw_ostream& os) override {
    os.flush();
    const llvm::DebugLoc& dl = inst->getDebugLoc();
    if (!dl || dl.getLine() == 0) return;
    size_t line = size_t(std::count(text_.begin(), text_.end(), '\n'));
    SourceLoc loc;
    loc.file = dl->getFilename().str();
    loc.line = dl.getLine();
    loc.column = dl.getCol();
    found.push_back({line, loc});
  }
  std::vector<std::pair<size_t, SourceLoc>> found;

 private:
  const std::string& text_;
};

}  // namespace

PrintedLlvm printLlvmModule(const llvm::Module& module) {
  PrintedLlvm out;
  LineRecorder recorder(out.text);
  {
    llvm::raw_string_ostream os(out.text);
    module.print(os, &recorder);
  }
  size_t lines = size_t(std::count(out.text.begin(), out.text.end(), '\n'));
  out.lineSources.assign(lines, SourceLoc{});
  for (auto& [line, loc] : recorder.found)
    if (line < lines) out.lineSources[line] = loc;
  return out;
}

}  // namespace sl::dxil
