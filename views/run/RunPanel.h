// The Run panel: edits a run bundle's pipeline in forms (buffers with format, channels, data and
// fills; descriptor sets with bindings and heap indices; push constants; dispatch size), runs it
// on the chosen device through RunWorker (the UI never waits), and shows every output buffer as
// a typed table with expected-vs-actual highlighting from the bundle's Results, and the run's
// time. Save writes the bundle (atomically) so `shaderlens run` replays it.
#pragma once

#include "core/pipeline/Pipeline.h"
#include "views/TextureHost.h"
#include "views/ViewFonts.h"
#include "views/run/OutputImage.h"
#include "views/run/RunDocument.h"
#include "views/run/RunWorker.h"

#include <array>
#include <functional>
#include <future>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace sl::views {

class RunPanel {
 public:
  using WriteFunction = std::function<std::string(const std::string& path, const std::string& text)>;

  bool hasDocument() const { return document_.has_value(); }
  RunDocument& document() { return *document_; }
  const RunDocument* documentIfAny() const { return document_ ? &*document_ : nullptr; }
  // The Run tab always belongs to the open document: its bundle (setDocument), or none
  // (clearDocument). Either forgets the outcome, the forms and the undo history, and a run still
  // going for the previous document is cancelled and its outcome never shown.
  void setDocument(RunDocument document);
  void clearDocument();
  // Replaces the pipeline as one undoable edit (a restored recovery file).
  void replacePipeline(offload::Pipeline pipeline);
  // The toolbar's "New from shader" was pressed since the last call (the Workspace makes the
  // bundle: it owns the compile options, which the bundle's RUN line may add shifts to).
  bool takeNewRequest();
  // "Debug this" was pressed on a differing element of a comparison since the last call: the
  // invocation that last wrote it (the Workspace debugs it: it owns the Debug tab).
  std::optional<std::array<uint32_t, 3>> takeDebugRequest() { return std::exchange(debugRequest_, std::nullopt); }
  // An output element whose writer the user wants to debug (its context menu): (resource, index).
  std::optional<std::pair<std::string, uint64_t>> takeWriterRequest() { return std::exchange(writerRequest_, std::nullopt); }

  // Every change of the pipeline (a form edit, undo, redo, a buffer added or removed) moves the
  // revision; unsaved() is whether it moved since the document was set or last saved.
  uint64_t revision() const { return revision_; }
  bool unsaved() const { return document_ && revision_ != savedRevision_; }
  // Undo and redo of the pipeline's edits (the Run tab's buttons and Ctrl+Z / Ctrl+Y there).
  bool undo();
  bool redo();
  bool canUndo() const { return !undo_.empty(); }
  bool canRedo() const { return !redo_.empty(); }

  // Starts a run of the document with `hlsl` (the editor's text); false when one is running or
  // there is no document.
  bool startRun(const std::string& fileName, const std::string& hlsl, bool compareWithCpu = false);
  RunWorker& worker() { return worker_; }
  // The outcome the panel shows (swapped in at the start of draw, or by refresh()).
  const std::shared_ptr<const RunOutcome>& outcome() const { return outcome_; }
  void refresh();
  // The outcome shown is of another shader text (`hlsl`: the editor's now) or another pipeline
  // than the document's: its outputs are of an earlier version (issue 22).
  bool outcomeStale(const std::string& hlsl) const {
    return outcome_ && (outcomeInputs_.hlsl != hlsl || outcomeInputs_.revision != revision_);
  }

  // Writes the bundle with `hlsl` as its source to `path` (the document's path when empty).
  std::string save(const std::string& path, const std::string& hlsl);
  void setWriteFunction(WriteFunction write) { write_ = std::move(write); }

  // Form edits by buffer/resource name (the forms and the script use these). "" or an error.
  std::string setBufferText(const std::string& buffer, const std::string& values);
  std::string fill(const std::string& buffer, uint32_t count, const std::string& value);
  std::string setHeapIndex(const std::string& resource, std::optional<uint32_t> index);
  void setDispatch(uint32_t x, uint32_t y, uint32_t z);
  // A buffer bound in set 0 at the next free Vulkan binding and DirectX register of its class,
  // `count` values: 1, 2, 3, ... for a read-only kind (visible inputs), zeros for a read-write
  // one. Removing a buffer removes the resources bound to it and the Results rules naming it.
  // `binding`, when given, is the Vulkan binding instead.
  std::string addBuffer(const std::string& name, offload::ResourceKind kind, offload::DataFormat format, uint32_t count,
                        std::optional<uint32_t> binding = std::nullopt);
  std::string removeBuffer(const std::string& name);
  // A 2D texture (Texture2D, RWTexture2D, or SampledTexture2D with a sampler of its own) of
  // width x height texels, bound as addBuffer binds; a read-only one is filled with a gradient
  // (floats) or the texel's x, y (integers), a read-write one with zeros. Removed by removeBuffer
  // (a combined texture's sampler with it).
  std::string addTexture(const std::string& name, offload::ResourceKind kind, offload::DataFormat format, int channels,
                         uint32_t width, uint32_t height, std::optional<uint32_t> binding = std::nullopt);
  // A sampler (linear, clamp: the YAML's defaults) bound like a new buffer (register class s);
  // removing one removes the resources that use it.
  std::string addSampler(const std::string& name, std::optional<uint32_t> binding = std::nullopt);
  std::string removeSampler(const std::string& name);

  void draw(const CompileResult* snapshot, const std::string& fileName, const std::string& hlsl, const ViewFonts& fonts);
  const std::string& message() const { return message_; }
  // The line under the toolbar (what New from shader made, or why it could not).
  void setMessage(std::string message) { message_ = std::move(message); }

  // Where texture outputs are uploaded to be drawn as images (null: tables only). Images of the
  // previous host are released through it first.
  void setTextureHost(TextureHost* host);
  // A texture output's image view as last drawn: its size, whether it was uploaded to the host,
  // and its zoom. Null when the buffer has no image view (not an output, not a texture, not
  // drawn yet).
  struct ImageViewState {
    OutputImage image;
    std::string error;  // why it cannot be an image
    ImTextureID texture{};
    int zoom = 0;  // texels are zoom x zoom pixels; 0 until first drawn (then fitted)
    ImageChoice choice;  // what `image` shows (mip level, alpha)
    bool asTable = false;
    bool drawn = false;
  };
  const ImageViewState* imageView(const std::string& bufferName) const;

 private:
  void drawToolbar(const CompileResult* snapshot, const std::string& fileName, const std::string& hlsl);
  void drawBuffers();
  void drawDescriptorSets();
  void drawConstants();
  void drawOutputs(const ViewFonts& fonts);
  void drawImage(const offload::Buffer& buffer, const offload::Buffer* expected, const RuleComparison* rule,
                 ImageViewState& view);
  void dropImages();
  void edited();
  void resetForms();

  std::optional<RunDocument> document_;
  RunWorker worker_;
  std::shared_ptr<const RunOutcome> outcome_;
  // What the last started run ran, and what the shown outcome ran (one run at a time, so the
  // next outcome is the last started run's).
  struct RunInputs {
    std::string hlsl;
    uint64_t revision = 0;
  };
  RunInputs startedInputs_, outcomeInputs_;
  WriteFunction write_;
  std::string savePath_;
  std::string message_;
  // Form text per buffer index (data as text, fill value) and its parse error.
  std::map<size_t, std::string> dataText_, fillValue_, dataError_;
  std::map<size_t, int> fillCount_;
  // Undo: the pipeline as it was before each edit (at most kMaxUndo), `committed_` as it is
  // after the last one.
  static constexpr size_t kMaxUndo = 100;
  std::vector<offload::Pipeline> undo_, redo_;
  offload::Pipeline committed_;
  uint64_t revision_ = 0, savedRevision_ = 0;
  // Outcomes of runs started up to this generation belong to an earlier document.
  uint64_t staleUpTo_ = 0;
  bool newRequested_ = false;
  std::optional<std::array<uint32_t, 3>> debugRequest_;
  std::optional<std::pair<std::string, uint64_t>> writerRequest_;
  // The "Add buffer" row.
  std::string newBufferName_;
  int newBufferKind_ = int(offload::ResourceKind::StructuredBuffer);
  int newBufferFormat_ = int(offload::DataFormat::Float32);
  int newBufferCount_ = 16;
  int newTextureWidth_ = 16, newTextureHeight_ = 16, newTextureChannels_ = 4;
  // Listed once, off the UI thread (opening the Vulkan loader takes a moment).
  std::future<std::vector<std::string>> adaptersFuture_;
  std::vector<std::string> adapters_;
  bool adaptersListed_ = false;
  int adapter_ = 0;
  TextureHost* textures_ = nullptr;
  // Image views of the shown outcome's texture outputs, by buffer index; rebuilt per outcome.
  std::map<size_t, ImageViewState> images_;
  std::shared_ptr<const RunOutcome> imagesFor_;
};

}  // namespace sl::views
