// The request handlers and state of `shaderlens dap` (docs/dap.md): one launched invocation's
// DebugSession, seen by a DAP client. Threads are the live lanes of the traced subgroup (the
// traced lane is the one that steps; the others show their values at its stops), frames are
// DebugSession::callStack's, scopes and structured values expand through a VariableTable.
// Everything runs on the caller's thread: a motion is computed before its response is sent,
// then the stopped (or exited + terminated) event follows.
#pragma once

#include <cstdint>
#include <functional>
#include <map>

#include "interp/debug/Disassembly.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "app/cli/DebugLaunch.h"
#include "app/cli/dap/DapSources.h"
#include "app/cli/dap/DapTransport.h"
#include "app/cli/dap/DapVariables.h"
#include "llvm/Support/JSON.h"

namespace sl::cli::dap {

// A SPIR-V instruction's DAP memory reference: its byte offset in the module, "0x1a4".
std::string byteAddress(uint32_t wordOffset);

class Adapter {
 public:
  // `send` writes one message (it gets its "seq" here) to the client.
  using Send = std::function<void(const llvm::json::Value&)>;
  explicit Adapter(Send send) : send_(std::move(send)) {}

  // One message read from the client: a request is answered; anything else is reported.
  void receive(IncomingMessage message);
  // After `disconnect`: the command should end.
  bool finished() const { return disconnected_; }

 private:
  struct Reply {
    bool ok = true;
    llvm::json::Value body = nullptr;
    std::string message;    // the error when !ok
    bool deferred = false;  // launch: answered after configurationDone
  };
  static Reply fail(std::string message);

  void request(const llvm::json::Object& message);
  Reply dispatch(const std::string& command, const llvm::json::Object& args);
  void post(llvm::json::Object message);  // numbers and sends
  llvm::json::Object response(int64_t requestSeq, const std::string& command, Reply reply);
  void event(const std::string& name, llvm::json::Object body = {});
  // Queued to follow the response being made (a stopped event after `next`).
  void later(llvm::json::Object message) { after_.push_back(std::move(message)); }
  void laterEvent(const std::string& name, llvm::json::Object body = {});
  void output(const std::string& category, const std::string& text, bool queued = false);

  // ---- lifecycle, breakpoints, motion (DapAdapter.cpp) ----
  Reply initialize(const llvm::json::Object& args);
  Reply launch(const llvm::json::Object& args);
  Reply configurationDone();
  Reply setBreakpoints(const llvm::json::Object& args);
  Reply motion(const std::string& command, const llvm::json::Object& args);
  Reply pause();
  Reply terminate();
  void run();  // after configuration: to the entry stop or on to the first breakpoint hit
  void reportStop(const interp::debug::Stop& stop);
  // A breakpoint (its condition true) on the line the entry stop is at, which start() does not check.
  std::optional<uint32_t> breakpointAtEntry();

  // ---- what a stop shows (DapInspect.cpp) ----
  Reply threads();
  Reply stackTrace(const llvm::json::Object& args);
  Reply scopes(const llvm::json::Object& args);
  Reply variables(const llvm::json::Object& args);
  Reply evaluate(const llvm::json::Object& args);
  // The recorded module's SPIR-V around a memory reference (an instruction's byte offset in
  // the module, "0x1a4"), with each result's value for the traced lane (DapDisassemble.cpp).
  Reply disassemble(const llvm::json::Object& args);
  const interp::debug::Disassembly& disassembly();
  // The line each instruction's OpLine/DebugLine gives it, by word offset.
  const interp::SourceLocation* locationOfWord(uint32_t wordOffset);
  // The lane a thread id names (nullopt: no such thread).
  std::optional<uint32_t> laneOfThread(int64_t threadId) const;
  std::optional<uint32_t> laneOfFrame(int64_t frameId, uint32_t* index = nullptr) const;
  int64_t threadOfLane(uint32_t lane) const { return int64_t(lane) + 1; }
  std::string laneName(uint32_t lane) const;
  llvm::json::Array scopeVariables(const VariableScope& scope, interp::debug::Format format);

  interp::debug::DebugSession* session() const { return target_ ? target_->session.get() : nullptr; }

  Send send_;
  int64_t seq_ = 0;
  std::vector<llvm::json::Object> after_;
  bool initialized_ = false, configured_ = false, running_ = false, ended_ = false, disconnected_ = false;
  bool stopOnEntry_ = false;
  std::optional<uint32_t> entryHit_;      // the breakpoint reported at the entry stop
  size_t printedUpTo_ = 0;                 // the traced lane's printf lines before this step were sent
  std::optional<int64_t> pendingLaunch_;  // the launch request's seq, answered at configurationDone
  std::unique_ptr<DebugTarget> target_;
  SourceMap sources_;
  bool linesStartAt1_ = true, columnsStartAt1_ = true;
  VariableTable variables_;
  std::map<std::string, std::vector<uint32_t>> breakpointsBySource_;
  std::optional<interp::debug::Disassembly> disassembly_;  // made at the first disassemble
  std::map<uint32_t, uint32_t> locationByWord_;            // word offset -> Module::locations index  // the client's path -> session breakpoint ids
};

}  // namespace sl::cli::dap
