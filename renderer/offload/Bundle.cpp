#include "renderer/offload/Bundle.h"

#include <algorithm>
#include <cctype>
#include <unordered_map>

namespace sl::offload {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

// Lines without their terminators ("\n" or "\r\n").
std::vector<std::string_view> lines(std::string_view text) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view line = text.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    out.push_back(line);
    start = end + 1;
  }
  return out;
}

// The part name if `line` is a split-file marker.
std::optional<std::string_view> markerName(std::string_view line) {
  size_t prefix = line.rfind("//", 0) == 0 ? 2 : 1;
  if (line.size() < prefix + 4 || line.substr(prefix, 4) != "--- ") return std::nullopt;
  return line.substr(prefix + 4);
}

}  // namespace

SplitResult splitFile(std::string_view text) {
  SplitResult result;
  std::vector<std::string_view> all = lines(text);
  SplitPart* current = nullptr;
  for (size_t i = 0; i < all.size(); ++i) {
    if (auto name = markerName(all[i])) {
      std::string_view n = *name;
      if (n.empty() || std::isspace(static_cast<unsigned char>(n.front())) ||
          std::isspace(static_cast<unsigned char>(n.back()))) {
        result.error = std::to_string(i + 1) + ": part name must be non-empty without surrounding spaces";
        return result;
      }
      for (const SplitPart& p : result.parts)
        if (p.name == n) {
          result.error = std::to_string(i + 1) + ": '" + std::string(n) + "' occurs more than once";
          return result;
        }
      result.parts.push_back({std::string(n), "", static_cast<uint32_t>(i + 2)});
      current = &result.parts.back();
      continue;
    }
    if (current) {
      current->text.append(all[i]);
      current->text.push_back('\n');
    }
  }
  return result;
}

const SplitPart* Bundle::part(std::string_view name) const {
  for (const SplitPart& p : parts)
    if (p.name == name) return &p;
  return nullptr;
}

std::vector<std::pair<uint32_t, std::string>> runLines(std::string_view text) {
  std::vector<std::pair<uint32_t, std::string>> out;
  std::vector<std::string_view> all = lines(text);
  bool continuing = false;
  for (size_t i = 0; i < all.size(); ++i) {
    std::string_view line = all[i];
    std::string_view body;
    if (continuing) {
      // A continued RUN line repeats the prefix ("# RUN: ...").
      size_t at = line.find("RUN:");
      body = at == std::string_view::npos ? line : line.substr(at + 4);
    } else {
      size_t at = line.find("RUN:");
      if (at == std::string_view::npos) continue;
      if (at > 0 && (std::isalnum(static_cast<unsigned char>(line[at - 1])) || line[at - 1] == '_')) continue;
      body = line.substr(at + 4);
      out.emplace_back(static_cast<uint32_t>(i + 1), "");
    }
    body = trim(body);
    continuing = !body.empty() && body.back() == '\\';
    if (continuing) body.remove_suffix(1);
    std::string& command = out.back().second;
    if (!command.empty()) command += ' ';
    command.append(trim(body));
  }
  return out;
}

// Iterative, and linear in the command's length: RUN lines are input, and nesting is not bounded.
std::string resolveLitConditionals(std::string_view command) {
  // Each `%{` and its `%}`, matched in one pass (bodies nest).
  std::unordered_map<size_t, size_t> closeOf;
  {
    std::vector<size_t> opens;
    for (size_t k = 0; k + 1 < command.size(); ++k) {
      if (command[k] == '%' && command[k + 1] == '{') {
        opens.push_back(k);
        ++k;
      } else if (command[k] == '%' && command[k + 1] == '}' && !opens.empty()) {
        closeOf.emplace(opens.back(), k);
        opens.pop_back();
      }
    }
  }
  std::string out;
  // Text still to resolve: [from, end) of the command, innermost chosen body last.
  struct Segment {
    size_t from, end;
  };
  std::vector<Segment> segments{{0, command.size()}};
  while (!segments.empty()) {
    const Segment s = segments.back();
    segments.pop_back();
    const std::string_view text = command.substr(0, s.end);
    size_t at = text.find("%if ", s.from);
    if (at == std::string_view::npos) {
      out.append(text.substr(s.from));
      continue;
    }
    out.append(text.substr(s.from, at - s.from));
    // The `%}` closing the body opened at `open`, if it lies in this segment.
    auto closing = [&](size_t open) -> size_t {
      auto it = closeOf.find(open);
      return it != closeOf.end() && it->second + 2 <= s.end ? it->second : std::string_view::npos;
    };
    size_t open = text.find("%{", at);
    size_t close = open == std::string_view::npos ? open : closing(open);
    if (close == std::string_view::npos) {
      out.append(text.substr(at));
      continue;
    }
    std::string_view condition = trim(text.substr(at + 4, open - at - 4));
    Segment thenBody{open + 2, close}, elseBody{0, 0};
    size_t next = close + 2;
    size_t probe = next;
    while (probe < text.size() && text[probe] == ' ') ++probe;
    if (text.substr(probe, 5) == "%else") {
      size_t elseOpen = text.find("%{", probe);
      size_t elseClose = elseOpen == std::string_view::npos ? elseOpen : closing(elseOpen);
      if (elseClose != std::string_view::npos) {
        elseBody = {elseOpen + 2, elseClose};
        next = elseClose + 2;
      }
    }
    segments.push_back({next, s.end});  // the rest, after the chosen body
    segments.push_back(condition == "Vulkan" ? thenBody : elseBody);
  }
  return out;
}

std::vector<std::string> shellSplit(std::string_view command) {
  std::vector<std::string> words;
  std::string word;
  bool inWord = false;
  for (size_t i = 0; i < command.size(); ++i) {
    char c = command[i];
    if (c == '\'' || c == '"') {
      size_t end = command.find(c, i + 1);
      if (end == std::string_view::npos) end = command.size();
      word.append(command.substr(i + 1, end - i - 1));
      inWord = true;
      i = end;
    } else if (c == '\\' && i + 1 < command.size()) {
      word.push_back(command[++i]);
      inWord = true;
    } else if (std::isspace(static_cast<unsigned char>(c))) {
      if (inWord) words.push_back(std::move(word)), word.clear();
      inWord = false;
    } else if (c == '|') {
      if (inWord) words.push_back(std::move(word)), word.clear();
      inWord = false;
      words.emplace_back("|");
    } else {
      word.push_back(c);
      inWord = true;
    }
  }
  if (inWord) words.push_back(std::move(word));
  return words;
}

namespace {

std::optional<std::string> partOf(const std::string& path) {
  if (path.rfind("%t/", 0) == 0 && path.size() > 3) return path.substr(3);
  return std::nullopt;
}

// Interprets one `%dxc_target ...` word list (after the program word).
std::string readCompile(const std::vector<std::string>& w, size_t from, size_t to, CompileStep& step) {
  for (size_t i = from; i < to; ++i) {
    const std::string& a = w[i];
    if (a == "-Fo" || a == "/Fo") {
      if (i + 1 >= to) return "-Fo without a path";
      step.output = w[++i];
    } else if (a.rfind("-Fo", 0) == 0 && a.size() > 3) {
      step.output = a.substr(3);
    } else if (auto part = partOf(a)) {
      if (!step.sourcePart.empty()) return "more than one input file";
      step.sourcePart = *part;
    } else {
      step.args.push_back(a);
    }
  }
  if (step.sourcePart.empty()) return "no %t/ input file";
  if (step.output.empty()) return "no -Fo output";
  return "";
}

}  // namespace

BundleResult parseBundle(std::string_view text) {
  BundleResult result;
  SplitResult split = splitFile(text);
  if (!split.error.empty()) {
    result.error = split.error;
    return result;
  }
  Bundle bundle;
  bundle.parts = std::move(split.parts);
  for (std::string_view line : lines(text)) {
    for (auto [key, list] : {std::pair<const char*, std::vector<std::string>*>{"REQUIRES:", &bundle.requires_},
                             {"UNSUPPORTED:", &bundle.unsupported},
                             {"XFAIL:", &bundle.xfail}}) {
      size_t at = line.find(key);
      if (at != std::string_view::npos && (at == 0 || !std::isalnum(static_cast<unsigned char>(line[at - 1]))))
        list->emplace_back(trim(line.substr(at + std::string_view(key).size())));
    }
    size_t check = line.find("CHECK");
    if (check != std::string_view::npos && line.find(':', check) != std::string_view::npos)
      bundle.checkLines.emplace_back(trim(line.substr(check)));
  }
  for (auto& [lineNo, raw] : runLines(text)) {
    std::vector<std::string> words = shellSplit(resolveLitConditionals(raw));
    // Walk the pipeline stages of the command: WORDS | WORDS | ...
    size_t start = 0;
    while (start < words.size()) {
      size_t end = start;
      while (end < words.size() && words[end] != "|" && words[end] != "&&") ++end;
      size_t prog = start;
      bool negated = false;
      while (prog < end && words[prog] == "not") negated = true, ++prog;
      if (prog < end) {
        const std::string& program = words[prog];
        if (program == "%dxc_target" || program == "%dxc_target_lib") {
          CompileStep step;
          step.library = program == "%dxc_target_lib";
          step.line = lineNo;
          std::string err = readCompile(words, prog + 1, end, step);
          if (!err.empty()) {
            result.error = std::to_string(lineNo) + ": " + program + ": " + err;
            return result;
          }
          bundle.compiles.push_back(std::move(step));
        } else if (program == "%offloader") {
          OffloadStep step;
          step.line = lineNo;
          step.expectFailure = negated;
          for (size_t i = prog + 1; i < end; ++i) {
            const std::string& a = words[i];
            if (a == "2>&1") continue;
            if (!a.empty() && a[0] == '-') {
              step.flags.push_back(a);
              if ((a == "-r" || a == "-o" || a == "-api") && i + 1 < end) step.flags.push_back(words[++i]);
              continue;
            }
            if (step.pipelinePart.empty()) {
              auto part = partOf(a);
              if (!part) {
                result.error = std::to_string(lineNo) + ": %offloader: the pipeline must be a %t/ part, not '" + a + "'";
                return result;
              }
              step.pipelinePart = *part;
              continue;
            }
            step.shaders.push_back(a);
            int producer = -1;
            for (size_t c = 0; c < bundle.compiles.size(); ++c)
              if (bundle.compiles[c].output == a) producer = static_cast<int>(c);
            step.shaderCompiles.push_back(producer);
          }
          if (end < words.size() && words[end] == "|" && end + 1 < words.size() && words[end + 1] == "FileCheck")
            step.fileCheck = true;
          if (step.pipelinePart.empty()) {
            result.error = std::to_string(lineNo) + ": %offloader without a pipeline";
            return result;
          }
          bundle.runs.push_back(std::move(step));
        }
      }
      start = end + 1;
    }
  }
  for (const OffloadStep& run : bundle.runs)
    if (!bundle.part(run.pipelinePart)) {
      result.error = std::to_string(run.line) + ": pipeline part '" + run.pipelinePart + "' is not in the bundle";
      return result;
    }
  for (const CompileStep& c : bundle.compiles)
    if (!bundle.part(c.sourcePart)) {
      result.error = std::to_string(c.line) + ": source part '" + c.sourcePart + "' is not in the bundle";
      return result;
    }
  result.bundle = std::move(bundle);
  return result;
}

}  // namespace sl::offload
