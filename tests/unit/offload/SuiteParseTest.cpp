// Every pipeline of the upstream suite (../shared/offload-test-suite, 612 files) through the
// bundle reader and the YAML parser: nothing may crash, and every compute pipeline that uses
// only buffer resources must parse.
#include "renderer/offload/Bundle.h"
#include "renderer/offload/ConciseItems.h"
#include "renderer/offload/PipelineParser.h"
#include "renderer/offload/PipelinePrinter.h"
#include "tests/unit/offload/TestUtil.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <map>

using namespace sl::offload;
using namespace sl::offload::test;

namespace {

struct IndexRow {
  std::string kind;
  std::string resources;
};

std::map<std::string, IndexRow> readIndex() {
  std::map<std::string, IndexRow> rows;
  std::string text = readFile(sharedDir() + "/offload-test-suite/INDEX.tsv");
  size_t start = text.find('\n') + 1;  // skip the header
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(start, end - start);
    std::vector<std::string> cols;
    size_t c = 0;
    while (true) {
      size_t tab = line.find('\t', c);
      cols.push_back(line.substr(c, tab == std::string::npos ? std::string::npos : tab - c));
      if (tab == std::string::npos) break;
      c = tab + 1;
    }
    if (cols.size() > 5) rows[cols[0]] = {cols[1], cols[5]};
    start = end + 1;
  }
  return rows;
}

bool bufferOnly(const std::string& resources) {
  for (const char* k : {"Texture2D", "Sampler", "SampledTexture2D", "AccelerationStructure"})
    if (resources.find(k) != std::string::npos) return false;
  return true;
}

}  // namespace

TEST_CASE("every suite pipeline parses without crashing", "[offload][suite]") {
  std::map<std::string, IndexRow> index = readIndex();
  REQUIRE(index.size() == 612);
  int files = 0, pipelines = 0, parsed = 0, roundTrips = 0, writtenConcisely = 0, bufferOnlyCompute = 0, bufferOnlyComputeParsed = 0;
  std::vector<std::string> failures;
  for (const auto& [path, row] : index) {
    std::string text = readFile(suiteDir() + "/" + path);
    REQUIRE(!text.empty());
    ++files;
    BundleResult bundle = parseBundle(text);
    INFO(path << ": " << bundle.error);
    REQUIRE(bundle.bundle);
    // Pipelines the RUN lines name; a few files are pipeline-only (`.test.yaml`).
    std::vector<std::string> names;
    for (const OffloadStep& run : bundle.bundle->runs)
      if (std::find(names.begin(), names.end(), run.pipelinePart) == names.end()) names.push_back(run.pipelinePart);
    bool expectsFailure = false;
    for (const OffloadStep& run : bundle.bundle->runs) expectsFailure |= run.expectFailure;
    for (const std::string& name : names) {
      const SplitPart* part = bundle.bundle->part(name);
      REQUIRE(part);
      ++pipelines;
      ParseResult r = parsePipeline(part->text, path + "/" + name);
      if (r.ok()) {
        ++parsed;
        // The dump of every parsed pipeline parses again to the same dump (graphics keys are not
        // printed, so only pipelines without them).
        // Basic/Mandelbrot.test fills a 256 MiB buffer: its dump is gigabytes of text (15 GB of
        // memory and most of this test's time to print and parse again), so huge pipelines are
        // only parsed.
        size_t bufferBytes = 0;
        for (const Buffer& b : r.pipeline->buffers)
          for (const std::vector<uint8_t>& element : b.data) bufferBytes += element.size();
        if (r.pipeline->unsupportedKeys.empty() && bufferBytes <= (16u << 20)) {
          std::string dump = printPipeline(*r.pipeline);
          ParseResult again = parsePipeline(dump, "dump.yaml");
          INFO(again.renderErrors());
          REQUIRE(again.ok());
          CHECK(again.pipeline->unsupportedKeys.empty());
          CHECK(printPipeline(*again.pipeline) == dump);
          ++roundTrips;
          // The form a save writes parses to the same pipeline without falling back to the dump.
          const std::string written = printPipelineAsWritten(*r.pipeline);
          CHECK(written.find("IsReserved: false") == std::string::npos);
          ParseResult writtenBack = parsePipeline(written, "written.yaml");
          REQUIRE(writtenBack.ok());
          CHECK(printPipeline(*writtenBack.pipeline) == dump);
          if (written != dump) ++writtenConcisely;
        }
      }
      if (row.kind == "compute" && bufferOnly(row.resources)) {
        ++bufferOnlyCompute;
        if (r.ok()) ++bufferOnlyComputeParsed;
        else if (!expectsFailure) failures.push_back(path + ": " + r.renderErrors());
      }
    }
  }
  for (const std::string& f : failures) UNSCOPED_INFO(f);
  CHECK(failures.empty());
  CHECK(files == 612);
  // Measured on the suite snapshot; only the negative size-validation test is rejected.
  CHECK(bufferOnlyCompute >= 500);
  CHECK(bufferOnlyComputeParsed == bufferOnlyCompute - 1);
  CHECK(roundTrips >= 500);
  CHECK(writtenConcisely == roundTrips);
  WARN("pipelines " << pipelines << ", parsed " << parsed << ", round trips " << roundTrips << ", written concisely " << writtenConcisely << ", buffer-only compute " << bufferOnlyComputeParsed << "/"
                    << bufferOnlyCompute);
}
