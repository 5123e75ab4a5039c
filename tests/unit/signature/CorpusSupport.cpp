#include "tests/unit/signature/CorpusSupport.h"

#include <fstream>
#include <regex>
#include <sstream>

#include <catch2/catch.hpp>

namespace sl::signature::test {
namespace {

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

std::string rstrip(std::string s) {
  while (!s.empty() && (s.back() == ' ' || s.back() == '\r' || s.back() == '\t')) s.pop_back();
  return s;
}

int numberOr(const std::string& text, int fallback) {
  static const std::regex number("-?[0-9]+");
  return std::regex_match(text, number) ? std::stoi(text) : fallback;
}

// The text after `// <prefix>[-SUFFIX]:` on a line, or "" when the line is not such a check.
bool checkText(const std::string& line, std::string_view prefix, std::string& text) {
  const std::regex check("^\\s*//\\s*" + std::string(prefix) + "(-[A-Z]+)?:\\s?(.*)$");
  std::smatch m;
  if (!std::regex_match(line, m, check)) return false;
  text = m[2].str();
  return true;
}

}  // namespace

std::string readCorpusFile(std::string_view relative) {
  const std::string path = std::string(SL_SHARED_DIR) + "/corpus/" + std::string(relative);
  std::ifstream in(path, std::ios::binary);
  INFO("corpus file: " << path);
  REQUIRE(in.good());
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

std::vector<std::string> checkedTableRows(const std::string& text, std::string_view prefix) {
  static const std::regex row("^; \\S+ +[0-9]+ .*$");
  std::vector<std::string> out;
  for (const std::string& line : lines(text)) {
    std::string checked;
    if (!checkText(line, prefix, checked)) continue;
    checked = rstrip(checked);
    if (std::regex_match(checked, row)) out.push_back(checked);
  }
  return out;
}

std::vector<CheckedRecord> dxcRecords(const std::string& text) {
  static const std::regex record(
      "!\\{i32 ([0-9]+), !\"([^\"]+)\", i8 ([0-9]+), i8 ([0-9]+), [^,]+, i8 ([0-9]+), i32 ([0-9]+), i8 ([0-9]+), "
      "i32 (-?[0-9]+), i8 (-?[0-9]+)");
  std::vector<CheckedRecord> out;
  for (const std::string& line : lines(text)) {
    std::string checked;
    if (!checkText(line, "CHECK", checked)) continue;
    std::smatch m;
    if (!std::regex_search(checked, m, record)) continue;
    CheckedRecord r;
    r.id = std::stoi(m[1]);
    r.name = m[2];
    r.compType = std::stoi(m[3]);
    r.kind = std::stoi(m[4]);
    r.interp = std::stoi(m[5]);
    r.rows = std::stoi(m[6]);
    r.cols = std::stoi(m[7]);
    r.startRow = std::stoi(m[8]);
    r.startCol = std::stoi(m[9]);
    r.hasPlacement = true;
    out.push_back(r);
  }
  return out;
}

std::vector<CheckedRecord> upstreamRecords(const std::string& text, std::string_view prefix) {
  static const std::regex record(
      "!\\{i32 ([0-9]+),\\s+!\"([^\"]+)\",\\s+i32 ([^,]+),\\s+i32 ([^,]+),\\s+[^,]+,\\s+i32 ([0-9]+),\\s+i32 "
      "([0-9]+),\\s+i8 ([0-9]+)(,\\s+i32 (-?[0-9]+),\\s+i8 (-?[0-9]+))?");
  std::vector<CheckedRecord> out;
  for (const std::string& line : lines(text)) {
    std::string checked;
    if (!checkText(line, prefix, checked)) continue;
    std::smatch m;
    if (!std::regex_search(checked, m, record)) continue;
    CheckedRecord r;
    r.id = std::stoi(m[1]);
    r.name = m[2];
    r.compType = numberOr(m[3], -1);
    r.kind = numberOr(m[4], -1);
    r.interp = std::stoi(m[5]);
    r.rows = std::stoi(m[6]);
    r.cols = std::stoi(m[7]);
    if (m[8].matched) {
      r.startRow = std::stoi(m[9]);
      r.startCol = std::stoi(m[10]);
      r.hasPlacement = true;
    }
    out.push_back(r);
  }
  return out;
}

}  // namespace sl::signature::test
