// The bindings view's model: the reflection stage's text read back into rows (Vulkan set and
// binding, descriptor type, count, HLSL type, name, block size), joined with the HLSL register
// and space the IR stage records for each global (`#[hlsl.register("u3"), hlsl.space("1")]`),
// plus push constants and, when the reflection stage lists them, heap access sites. Reading the
// stage text (not a struct) keeps the view in step with what `--print reflection` shows; lines
// the reader does not know are kept verbatim so new reflection sections still show.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace sl::views {

struct BindingRow {
  uint32_t set = 0;
  uint32_t binding = 0;
  std::string descriptorType;  // "STORAGE_BUFFER"
  std::string count = "1";     // "1", "4", "" (runtime array)
  std::string hlslType;
  std::string name;
  std::string detail;          // "(16 bytes)" and the like
  std::string hlslRegister;    // "u3"; empty when the IR has none (implicit)
  std::string space;           // "1"; empty means space0
};

struct PushConstantRow {
  std::string name;
  std::string size;  // "8 bytes"
};

struct HeapSiteRow {
  std::string text;                  // the line as the stage prints it
  std::vector<std::string> columns;  // split at runs of two or more spaces
};

// A section of the reflection stage this reader shows as a plain table (e.g. "descriptor heaps
// (proposal form)": the heap's descriptor arrays and their bindings).
struct ReflectionTable {
  std::string title;
  std::vector<HeapSiteRow> rows;
};

struct Reflection {
  std::string entryPoint;
  std::string workgroupSize;
  std::vector<BindingRow> bindings;
  std::vector<PushConstantRow> pushConstants;
  std::vector<HeapSiteRow> heapSites;   // "heap access sites:"
  std::vector<ReflectionTable> tables;   // other sections with indented rows
  std::vector<std::string> otherLines;  // lines of sections this reader does not know
};

// Rows of `bindings` that share their set and binding with another row (t0 and u0 under DXC's
// default mapping): a run cannot bind both. One message per shared slot, naming the rows.
struct SharedSlot {
  uint32_t set = 0, binding = 0;
  std::vector<size_t> rows;  // indices into Reflection::bindings
  std::string message;       // "set 0 binding 0 is used twice: Input, Output"
};
std::vector<SharedSlot> sharedSlots(const std::vector<BindingRow>& bindings);

// Reads the reflection stage's text; `irText` (the "ir" stage, may be empty) supplies registers.
Reflection parseReflection(std::string_view reflectionText, std::string_view irText = {});

// The HLSL line of a heap access site row ("line 19:24 ..."), 0 when it names none.
uint32_t heapSiteLine(const HeapSiteRow& row);

// name -> {register, space} from the IR printer's attributes on global variables.
std::map<std::string, std::pair<std::string, std::string>> registersFromIr(std::string_view irText);

}  // namespace sl::views
