// `shaderlens debug FILE.test --thread X,Y,Z ...`: one invocation of a bundle's dispatch, stopped
// at source lines. app/cli/DebugLaunch (shared with `shaderlens dap`) compiles the bundle's shader
// as `run` compiles it plus debug information and records the chosen invocation's subgroup on the
// CPU device; a script of debugger commands then walks the trace (interp/debug, docs/debugger.md).
// The text printed for each stop is canonical: golden tests check it.
#include "app/cli/Commands.h"

#include "app/cli/BreakWhere.h"
#include "app/cli/DebugLaunch.h"
#include "app/cli/DebugScript.h"
#include "interp/debug/DebugSession.h"
#include "renderer/offload/FirstDifference.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace sl::cli {

namespace {

const char* kDebugHelp =
    "usage: shaderlens debug FILE.test|SHADER.hlsl [--pipeline P.yaml] (--thread X,Y,Z | --group X,Y,Z --local X,Y,Z)\n"
    "                        [--break LINE[:COND]]...\n"
    "                        [--watch EXPR]... [--do \"CMD; CMD; ...\"] [--globals] [--subgroup-size N]\n"
    "                        [--max-steps N] [--no-debug-info] [--first-difference] [--break-where LINE[:COND]]\n"
    "Debugs one invocation of an offload-test-suite bundle's compute dispatch: compiles its shader as\n"
    "`shaderlens run` does, plus debug information, runs the dispatch on the CPU device recording the\n"
    "invocation's subgroup, then runs the commands and prints each stop: location, source line,\n"
    "locals, watches.\n"
    "Without --do it stops at the entry, at every breakpoint hit, and at the end. A SHADER.hlsl runs with\n"
    "--pipeline's offload-test-suite YAML (compiled as cs_6_6), or else the pipeline `shaderlens run\n"
    "--new` generates for it (every binding, pseudo-random inputs).\n"
    "  --thread X,Y,Z    the invocation by SV_DispatchThreadID\n"
    "  --group/--local   the invocation by SV_GroupID and SV_GroupThreadID\n"
    "  --break LINE[:COND]  a breakpoint at LINE of the shader (a line without code moves to the next\n"
    "                    line with code); with COND (an HLSL expression over locals) it stops only\n"
    "                    when COND is true\n"
    "  --watch EXPR      an HLSL expression printed at every stop\n"
    "  --globals         also print inputs (SV_DispatchThreadID...), statics and groupshared at each stop\n"
    "  --subgroup-size N lanes per wave on the CPU device (default 32; lavapipe uses 8)\n"
    "  --max-steps N     record at most N steps (default 4194304; the trace is truncated past them)\n"
    "  --no-debug-info   compile without debug information (instruction-level stepping only)\n"
    "  --break-where LINE[:COND]  instead of debugging one invocation, list every invocation of the\n"
    "                    dispatch that starts LINE with COND true (one recording per subgroup)\n"
    "  --first-difference  instead of debugging, run the dispatch on the Vulkan device too, plain and\n"
    "                    with the invocation's values captured, and print the first SPIR-V instruction\n"
    "                    whose value differs from the CPU device's (docs/first-difference.md)\n"
    "Commands (separated by ';'):\n"
    "  continue | c            to the next breakpoint hit, or the end\n"
    "  next | n [N]            step over: the next line in this function (or its caller)\n"
    "  step | s [N]            step into: the next line, entering calls\n"
    "  out | finish            back to the caller, just after the call returns\n"
    "  back [N]                step back: the previous line in this function (reverse next)\n"
    "  reverse-continue | rc   back to the previous breakpoint hit, or the first line\n"
    "  until LINE | run-to LINE  continue to LINE\n"
    "  stepi | si, backi       one SPIR-V instruction forward / back\n"
    "  restart                 back to the first line\n"
    "  break LINE[:COND]       add a breakpoint\n"
    "  delete N, info          remove breakpoint N / list the breakpoints with their hit counts\n"
    "  locals [N], globals     print the current function's variables (or call-stack entry N's,\n"
    "                          numbered as `where` shows them) / the inputs and globals\n"
    "  print EXPR | p EXPR     evaluate an HLSL expression (print/x EXPR: hexadecimal)\n"
    "  watch EXPR              print EXPR now and at every later stop\n"
    "  wave [EXPR]             EXPR (default: the last instruction's result) on every lane of the wave,\n"
    "                          with the lanes active at this step (diverged lanes marked)\n"
    "  where | bt              the call stack\n"
    "  spirv [N]               the SPIR-V around the instruction about to run (N lines each side,\n"
    "                          default 3), with the value of each result the invocation computed\n"
    "  writes                  what ran since the previous stop wrote to buffers and groupshared\n"
    "  reads                   what ran since the previous stop read from buffers, push constants\n"
    "                          and groupshared\n"
    "  console                 what every lane of the wave printed (printf) so far; stops show the\n"
    "                          traced invocation's own lines as `printf: ...` when moving forward\n"
    "Exit status 0 when every command worked, 1 when the invocation cannot be debugged or a command\n"
    "failed (its error is printed), 2 on usage errors.\n";

bool parseTriple(const std::string& text, std::array<uint32_t, 3>& out) {
  std::array<uint32_t, 3> v{0, 0, 0};
  size_t at = 0;
  for (int k = 0; k < 3; ++k) {
    const size_t comma = k < 2 ? text.find(',', at) : std::string::npos;
    const std::string part = text.substr(at, comma == std::string::npos ? std::string::npos : comma - at);
    char* end = nullptr;
    const unsigned long n = std::strtoul(part.c_str(), &end, 10);
    if (part.empty() || *end || n > 0xffffffffull || part[0] == '-') return false;
    v[size_t(k)] = uint32_t(n);
    if (comma == std::string::npos) {
      if (k == 0) {  // "5" means (5,0,0)
        out = v;
        return true;
      }
      if (k < 2) return false;
      break;
    }
    at = comma + 1;
  }
  out = v;
  return true;
}

struct Options {
  std::string file;
  std::optional<std::array<uint32_t, 3>> thread, group, local;
  std::vector<std::string> breaks, watches;
  std::string script;
  std::string pipeline;  // --pipeline FILE.yaml for a SHADER.hlsl
  bool globals = false, noDebugInfo = false;
  bool firstDifference = false;  // --first-difference
  std::string breakWhere;        // --break-where LINE[:COND]
  uint32_t subgroupSize = 0;
  uint64_t maxSteps = 0;
};

// 0 when parsed; otherwise the exit status (help printed, or a usage error reported).
int parseOptions(const Args& args, Options& o, bool& help) {
  auto value = [&](size_t& i, const std::string& flag, std::string& out) {
    const std::string& a = args[i];
    if (a.size() > flag.size() && a.compare(0, flag.size() + 1, flag + "=") == 0) {
      out = a.substr(flag.size() + 1);
      return true;
    }
    if (i + 1 >= args.size()) {
      std::fprintf(stderr, "shaderlens debug: %s needs a value (see --help)\n", flag.c_str());
      return false;
    }
    out = args[++i];
    return true;
  };
  auto is = [](const std::string& a, const char* flag) { return a == flag || a.rfind(std::string(flag) + "=", 0) == 0; };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    std::string v;
    if (a == "--help" || a == "-h" || a == "-help") {
      help = true;
      return 0;
    } else if (is(a, "--thread") || is(a, "--group") || is(a, "--local")) {
      const std::string flag = a.substr(0, a.find('='));
      if (!value(i, flag, v)) return kExitUsage;
      std::array<uint32_t, 3> t;
      if (!parseTriple(v, t)) {
        std::fprintf(stderr, "shaderlens debug: %s needs X,Y,Z (unsigned numbers), not '%s'\n", flag.c_str(), v.c_str());
        return kExitUsage;
      }
      (flag == "--thread" ? o.thread : flag == "--group" ? o.group : o.local) = t;
    } else if (is(a, "--break")) {
      if (!value(i, "--break", v)) return kExitUsage;
      o.breaks.push_back(v);
    } else if (is(a, "--watch")) {
      if (!value(i, "--watch", v)) return kExitUsage;
      o.watches.push_back(v);
    } else if (is(a, "--do")) {
      if (!value(i, "--do", v)) return kExitUsage;
      o.script += (o.script.empty() ? "" : ";") + v;
    } else if (is(a, "--pipeline")) {
      if (!value(i, "--pipeline", v)) return kExitUsage;
      o.pipeline = v;
    } else if (a == "--globals") {
      o.globals = true;
    } else if (a == "--no-debug-info") {
      o.noDebugInfo = true;
    } else if (a == "--first-difference") {
      o.firstDifference = true;
    } else if (is(a, "--break-where")) {
      if (!value(i, "--break-where", v)) return kExitUsage;
      o.breakWhere = v;
    } else if (is(a, "--subgroup-size") || is(a, "--max-steps")) {
      const std::string flag = a.substr(0, a.find('='));
      if (!value(i, flag, v)) return kExitUsage;
      char* end = nullptr;
      const unsigned long long n = std::strtoull(v.c_str(), &end, 10);
      if (v.empty() || *end || n == 0 || v[0] == '-' || (flag == "--subgroup-size" && n > 128)) {
        std::fprintf(stderr, "shaderlens debug: %s needs a positive number%s, not '%s'\n", flag.c_str(),
                     flag == "--subgroup-size" ? " (a power of two in 4..128)" : "", v.c_str());
        return kExitUsage;
      }
      if (flag == "--subgroup-size") o.subgroupSize = uint32_t(n);
      else o.maxSteps = n;
    } else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "shaderlens debug: unknown option '%s' (see --help)\n", a.c_str());
      return kExitUsage;
    } else if (!o.file.empty()) {
      std::fprintf(stderr, "shaderlens debug: more than one bundle: '%s' and '%s'\n", o.file.c_str(), a.c_str());
      return kExitUsage;
    } else {
      o.file = a;
    }
  }
  if (o.file.empty()) {
    std::fprintf(stderr, "shaderlens debug: no bundle file (see --help)\n");
    return kExitUsage;
  }
  if (!o.breakWhere.empty()) {
    if (o.thread || o.group || o.local || o.firstDifference) {
      std::fprintf(stderr, "shaderlens debug: --break-where searches every invocation: it takes no --thread, --group, --local or --first-difference\n");
      return kExitUsage;
    }
    return 0;
  }
  if (o.thread.has_value() == (o.group.has_value() || o.local.has_value()) || o.group.has_value() != o.local.has_value()) {
    std::fprintf(stderr, "shaderlens debug: name the invocation with --thread X,Y,Z, or with both --group and --local\n");
    return kExitUsage;
  }
  return 0;
}

}  // namespace

int runDebug(const Args& args) {
  Options o;
  bool help = false;
  if (int status = parseOptions(args, o, help)) return status;
  if (help) {
    std::fputs(kDebugHelp, stdout);
    return kExitSuccess;
  }
  DebugLaunchOptions launch;
  launch.file = o.file;
  launch.pipeline = o.pipeline;
  launch.invocation.thread = o.thread;
  if (o.group) launch.invocation.group = *o.group;
  if (o.local) launch.invocation.local = *o.local;
  launch.trace.subgroupSize = o.subgroupSize;
  launch.trace.maxSteps = size_t(o.maxSteps);
  launch.noDebugInfo = o.noDebugInfo;
  LaunchFailure failure;
  std::unique_ptr<DebugProgram> program = loadDebugProgram(launch, failure);
  if (!program) {
    std::fputs(failure.error.c_str(), stderr);
    return failure.status;
  }
  if (!o.breakWhere.empty()) return runBreakWhere(*program, launch, o.breakWhere);
  if (o.firstDifference) {
    offload::FirstDifferenceOptions differenceOptions;
    differenceOptions.maxSteps = size_t(o.maxSteps);
    const offload::FirstDifferenceResult difference =
        offload::findFirstDifference(program->words, program->pipelineText, program->pipelineName, launch.invocation, o.file, differenceOptions);
    std::fputs(difference.report().c_str(), difference.ok() ? stdout : stderr);
    return difference.exitCode();
  }
  std::unique_ptr<DebugTarget> target = recordDebugTarget(std::move(program), launch, failure);
  if (!target) {
    std::fputs(failure.error.c_str(), stderr);
    return failure.status;
  }
  const offload::InvocationTrace& traced = target->recorded;
  const hal::Status& status = traced.dispatchStatus;
  for (const std::string& m : traced.deviceMessages) std::fprintf(stderr, "cpu device: %s\n", m.c_str());
  if (!status.ok()) std::fprintf(stderr, "%s: error: the dispatch failed: %s\n", o.file.c_str(), status.message().c_str());

  interp::debug::DebugSession& session = *target->session;
  std::string out = "debugging " + traced.describe() + "\n";
  for (const std::string& note : session.notes()) out += "note: " + note + "\n";
  bool ok = status.ok();
  for (const std::string& b : o.breaks) {
    const size_t colon = b.find(':');
    char* end = nullptr;
    const std::string lineText = b.substr(0, colon);
    const unsigned long line = std::strtoul(lineText.c_str(), &end, 10);
    if (lineText.empty() || *end || line == 0) {
      std::fprintf(stderr, "shaderlens debug: --break needs LINE or LINE:CONDITION, not '%s'\n", b.c_str());
      return kExitUsage;
    }
    const interp::debug::BreakpointResult r = session.addBreakpoint(uint32_t(line), colon == std::string::npos ? "" : b.substr(colon + 1));
    if (!r.id) {
      std::fputs(out.c_str(), stdout);
      std::fprintf(stderr, "%s: error: --break %s: %s\n", o.file.c_str(), b.c_str(), r.message.c_str());
      return 1;
    }
    if (!r.message.empty()) out += "note: " + r.message + "\n";
    const interp::debug::Breakpoint& bp = session.breakpoints().back();
    out += "breakpoint " + std::to_string(bp.id) + " at " + baseName(session.module().sourceFiles[bp.file]) + ":" + std::to_string(bp.line) +
           (bp.condition.empty() ? "" : " if " + bp.condition) + "\n";
  }
  DebugScriptOptions scriptOptions;
  scriptOptions.watches = o.watches;
  scriptOptions.showGlobals = o.globals;
  scriptOptions.words = target->program->words;
  DebugScript script(session, scriptOptions);
  if (!script.run(o.script, out)) ok = false;
  if (script.reachedEnd())
    for (const interp::debug::Breakpoint& bp : session.breakpoints())
      if (!bp.temporary && bp.hits == 0)
        out += "note: breakpoint " + std::to_string(bp.id) + " at " + baseName(session.module().sourceFiles[bp.file]) + ":" +
               std::to_string(bp.line) + " was never reached\n";
  std::fputs(out.c_str(), stdout);
  return ok ? kExitSuccess : 1;
}

}  // namespace sl::cli
