// The Debug Adapter Protocol's base framing (docs/dap.md): a message is a header block of
// "Name: value" lines, each ending in CRLF, closed by an empty line, then Content-Length bytes
// of UTF-8 JSON. Reading never throws and never waits past the end of the input: a malformed
// header or body is reported as such and reading carries on with what follows.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

#include "llvm/Support/JSON.h"

namespace sl::cli::dap {

struct IncomingMessage {
  enum class Kind { Message, Malformed, End };
  Kind kind = Kind::End;
  llvm::json::Value value = nullptr;  // Message: the parsed JSON
  std::string error;                  // Malformed: why; End: what was cut short ("" at a clean end)
};

class MessageReader {
 public:
  // Bodies longer than `maxBody` bytes are refused (and skipped) instead of buffered.
  explicit MessageReader(std::istream& in, size_t maxBody = size_t(64) << 20) : in_(in), maxBody_(maxBody) {}
  IncomingMessage next();

 private:
  enum class LineStatus { Ok, TooLong, End };
  LineStatus readLine(std::string& line);

  std::istream& in_;
  size_t maxBody_;
};

// The framed bytes of one message: its header and its JSON.
std::string frameMessage(const llvm::json::Value& message);

// `text` as a JSON string: invalid UTF-8 (a diagnostic quoting odd source bytes) is replaced,
// since llvm::json only holds valid UTF-8.
std::string jsonText(std::string text);

}  // namespace sl::cli::dap
