// Reading expected results out of upstream test files in ../shared/corpus: the signature table
// rows of their CHECK lines and the signature element records of their metadata CHECK lines.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace sl::signature::test {

// The text of shared/corpus/<relative>; fails the current test when it cannot be read.
std::string readCorpusFile(std::string_view relative);

// The `; Name Index Mask ...` table rows checked by lines `// <prefix>[-NEXT|-DAG]: ; ...`, in
// file order, with trailing whitespace removed.
std::vector<std::string> checkedTableRows(const std::string& text, std::string_view prefix = "CHECK");

// A signature element record from a CHECK line; -1 marks an operand the line does not pin down.
struct CheckedRecord {
  int id = -1;
  std::string name;
  int compType = -1;
  int kind = -1;
  int interp = -1;
  int rows = -1;
  int cols = -1;
  int startRow = -1;
  int startCol = -1;
  bool hasPlacement = false;
};

// DXC's 11-operand records: !{i32 ID, !"N", i8 CT, i8 KIND, !idx, i8 INTERP, i32 ROWS, i8 COLS,
// i32 ROW, i8 COL, ...}.
std::vector<CheckedRecord> dxcRecords(const std::string& text);

// Upstream 13-operand records on lines with the given FileCheck prefix (any suffix):
// !{i32 ID, !"N", i32 CT, i32 KIND, !idx, i32 INTERP, i32 ROWS, i8 COLS[, i32 ROW, i8 COL, ...]}.
std::vector<CheckedRecord> upstreamRecords(const std::string& text, std::string_view prefix);

}  // namespace sl::signature::test
