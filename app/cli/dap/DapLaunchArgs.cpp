#include "app/cli/dap/DapLaunchArgs.h"

#include <filesystem>

namespace sl::cli::dap {

namespace {

// [x, y, z] (missing trailing components are 0) or a single number n for (n, 0, 0).
bool readTriple(const llvm::json::Value& value, std::array<uint32_t, 3>& out) {
  out = {0, 0, 0};
  auto component = [](const llvm::json::Value& v, uint32_t& c) {
    std::optional<int64_t> n = v.getAsInteger();
    if (!n || *n < 0 || *n > int64_t(0xffffffffu)) return false;
    c = uint32_t(*n);
    return true;
  };
  if (const llvm::json::Array* a = value.getAsArray()) {
    if (a->empty() || a->size() > 3) return false;
    for (size_t k = 0; k < a->size(); ++k)
      if (!component((*a)[k], out[k])) return false;
    return true;
  }
  return component(value, out[0]);
}

std::string resolved(const std::string& path, const std::string& cwd) {
  if (path.empty() || cwd.empty() || std::filesystem::path(path).is_absolute()) return path;
  return (std::filesystem::path(cwd) / path).string();
}

}  // namespace

std::optional<LaunchArguments> parseLaunchArguments(const llvm::json::Object& args, std::string& error) {
  LaunchArguments out;
  DebugLaunchOptions& o = out.launch;
  o.tool = "shaderlens dap";
  auto string = [&](const char* key, std::string& to) {
    const llvm::json::Value* v = args.get(key);
    if (!v) return true;
    std::optional<llvm::StringRef> s = v->getAsString();
    if (!s) error = "launch: '" + std::string(key) + "' must be a string";
    else to = s->str();
    return s.has_value();
  };
  auto boolean = [&](const char* key, bool& to) {
    const llvm::json::Value* v = args.get(key);
    if (!v) return true;
    std::optional<bool> b = v->getAsBoolean();
    if (!b) error = "launch: '" + std::string(key) + "' must be true or false";
    else to = *b;
    return b.has_value();
  };
  auto positive = [&](const char* key, uint64_t limit, uint64_t& to) {
    const llvm::json::Value* v = args.get(key);
    if (!v) return true;
    std::optional<int64_t> n = v->getAsInteger();
    if (!n || *n <= 0 || uint64_t(*n) > limit) {
      error = "launch: '" + std::string(key) + "' must be a number from 1 to " + std::to_string(limit);
      return false;
    }
    to = uint64_t(*n);
    return true;
  };
  std::string cwd;
  uint64_t subgroupSize = 0, maxSteps = 0;
  if (!string("program", o.file) || !string("pipeline", o.pipeline) || !string("cwd", cwd) || !boolean("stopOnEntry", out.stopOnEntry) ||
      !boolean("noDebugInfo", o.noDebugInfo) || !positive("subgroupSize", 128, subgroupSize) || !positive("maxSteps", uint64_t(1) << 32, maxSteps))
    return std::nullopt;
  if (o.file.empty()) {
    error = "launch: 'program' must name the .test bundle or .hlsl shader to debug";
    return std::nullopt;
  }
  if (o.pipeline.empty() && o.file.size() > 4 && o.file.compare(o.file.size() - 4, 4, ".spv") == 0) {
    error = "launch: a .spv program needs 'pipeline' (the offload-test-suite YAML that runs it)";
    return std::nullopt;
  }
  o.file = resolved(o.file, cwd);
  o.pipeline = resolved(o.pipeline, cwd);
  o.trace.subgroupSize = uint32_t(subgroupSize);
  o.trace.maxSteps = size_t(maxSteps);
  const llvm::json::Value* thread = args.get("thread");
  const llvm::json::Value* group = args.get("group");
  const llvm::json::Value* local = args.get("local");
  if (thread && (group || local)) {
    error = "launch: name the invocation with 'thread' or with 'group' and 'local', not both";
    return std::nullopt;
  }
  if (bool(group) != bool(local)) {
    error = "launch: 'group' and 'local' go together";
    return std::nullopt;
  }
  const char* wrong = nullptr;
  if (thread) {
    std::array<uint32_t, 3> t;
    if (!readTriple(*thread, t)) wrong = "thread";
    else o.invocation.thread = t;
  } else if (group) {
    if (!readTriple(*group, o.invocation.group)) wrong = "group";
    else if (!readTriple(*local, o.invocation.local)) wrong = "local";
  } else {
    o.invocation.thread = std::array<uint32_t, 3>{0, 0, 0};  // the first invocation by default
  }
  if (wrong) {
    error = "launch: '" + std::string(wrong) + "' must be [x, y, z] of unsigned numbers";
    return std::nullopt;
  }
  return out;
}

}  // namespace sl::cli::dap
