#include "views/inspect/LineLinks.h"

#include "views/TextLines.h"

#include <string>

namespace sl::views {

namespace {

// Whether locations are in `fileName`. Nearly every entry names the same file, so the last
// answer is remembered: sameFile makes paths absolute, too slow to do per line per frame.
class FileMatcher {
 public:
  explicit FileMatcher(std::string_view fileName) : fileName_(fileName) {}
  bool operator()(const SourceLoc& loc) {
    if (loc.line == 0) return false;
    if (loc.file == fileName_) return true;
    if (!known_ || loc.file != lastFile_) {
      lastFile_ = loc.file;
      lastResult_ = sameFile(loc.file, fileName_);
      known_ = true;
    }
    return lastResult_;
  }

 private:
  std::string_view fileName_;
  std::string lastFile_;
  bool lastResult_ = false;
  bool known_ = false;
};

}  // namespace

std::set<uint32_t> stageLinesForSource(const StageArtifact& artifact, std::string_view fileName, uint32_t hlslLine) {
  std::set<uint32_t> out;
  if (hlslLine == 0) return out;
  FileMatcher inFile(fileName);
  for (size_t i = 0; i < artifact.lineSources.size(); ++i) {
    const SourceLoc& loc = artifact.lineSources[i];
    if (loc.line == hlslLine && inFile(loc)) out.insert(uint32_t(i + 1));
  }
  return out;
}

uint32_t sourceLineForStage(const StageArtifact& artifact, std::string_view fileName, uint32_t stageLine) {
  if (stageLine == 0 || stageLine > artifact.lineSources.size()) return 0;
  const SourceLoc& loc = artifact.lineSources[stageLine - 1];
  return FileMatcher(fileName)(loc) ? loc.line : 0;
}

bool hasLineMap(const StageArtifact& artifact, std::string_view fileName) {
  FileMatcher inFile(fileName);
  for (const SourceLoc& loc : artifact.lineSources)
    if (inFile(loc)) return true;
  return false;
}

}  // namespace sl::views
