#include "core/dxil/emit/LlvmPrinter.h"

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
    // Count only what was printed since the last instruction (counting the whole text each time
    // made printing quadratic: 2.4 s for a 2000-line shader).
    lines_ += size_t(std::count(text_.begin() + std::ptrdiff_t(scanned_), text_.end(), '\n'));
    scanned_ = text_.size();
    const size_t line = lines_;
    SourceLoc loc;
    loc.file = dl->getFilename().str();
    loc.line = dl.getLine();
    loc.column = dl.getCol();
    found.push_back({line, loc});
  }
  std::vector<std::pair<size_t, SourceLoc>> found;

 private:
  const std::string& text_;
  size_t scanned_ = 0;  // bytes of text_ already counted
  size_t lines_ = 0;    // newlines in them
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
