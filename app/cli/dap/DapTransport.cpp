#include "app/cli/dap/DapTransport.h"

#include <cctype>

#include "llvm/Support/raw_ostream.h"

namespace sl::cli::dap {

namespace {

constexpr size_t kMaxHeaderLine = 4096;

bool equalsIgnoringCase(const std::string& a, const char* b) {
  size_t k = 0;
  for (; k < a.size() && b[k]; ++k)
    if (std::tolower(static_cast<unsigned char>(a[k])) != std::tolower(static_cast<unsigned char>(b[k]))) return false;
  return k == a.size() && !b[k];
}

std::string trimmed(const std::string& s) {
  size_t b = 0, e = s.size();
  while (b < e && (s[b] == ' ' || s[b] == '\t')) ++b;
  while (e > b && (s[e - 1] == ' ' || s[e - 1] == '\t')) --e;
  return s.substr(b, e - b);
}

// A printable excerpt of a bad header line for the message.
std::string excerpt(const std::string& line) {
  std::string out;
  for (char c : line.substr(0, 40)) out += std::isprint(static_cast<unsigned char>(c)) ? c : '?';
  return "'" + out + (line.size() > 40 ? "...'" : "'");
}

}  // namespace

MessageReader::LineStatus MessageReader::readLine(std::string& line) {
  line.clear();
  bool tooLong = false;
  for (;;) {
    const int c = in_.get();
    if (c == std::char_traits<char>::eof()) return line.empty() && !tooLong ? LineStatus::End : tooLong ? LineStatus::TooLong : LineStatus::Ok;
    if (c == '\n') break;
    if (line.size() < kMaxHeaderLine) line += char(c);
    else tooLong = true;  // keep reading to the end of the line, keep nothing more
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return tooLong ? LineStatus::TooLong : LineStatus::Ok;
}

IncomingMessage MessageReader::next() {
  IncomingMessage out;
  std::string line;
  bool sawHeader = false, haveLength = false;
  size_t length = 0;
  for (;;) {
    const LineStatus status = readLine(line);
    if (status == LineStatus::End) {
      out.kind = IncomingMessage::Kind::End;
      if (sawHeader) out.error = "the input ended inside a message header";
      return out;
    }
    out.kind = IncomingMessage::Kind::Malformed;
    if (status == LineStatus::TooLong) {
      out.error = "a header line longer than " + std::to_string(kMaxHeaderLine) + " bytes";
      return out;
    }
    if (line.empty()) {
      if (!sawHeader) continue;  // blank lines between messages are harmless
      break;
    }
    sawHeader = true;
    const size_t colon = line.find(':');
    if (colon == std::string::npos) {
      out.error = "header line " + excerpt(line) + " is not 'Name: value'";
      return out;
    }
    const std::string name = trimmed(line.substr(0, colon));
    const std::string value = trimmed(line.substr(colon + 1));
    if (!equalsIgnoringCase(name, "Content-Length")) continue;  // Content-Type and the like
    bool digits = !value.empty() && value.size() <= 19;
    for (char c : value) digits = digits && c >= '0' && c <= '9';
    if (!digits) {
      out.error = "Content-Length " + excerpt(value) + " is not a byte count";
      return out;
    }
    length = size_t(std::stoull(value));
    haveLength = true;
  }
  if (!haveLength) {
    out.error = "a header without Content-Length";
    return out;
  }
  if (length > maxBody_) {
    in_.ignore(std::streamsize(length));
    out.error = "a message of " + std::to_string(length) + " bytes (at most " + std::to_string(maxBody_) + ")";
    if (in_.eof()) out.kind = IncomingMessage::Kind::End;
    return out;
  }
  std::string body(length, '\0');
  in_.read(body.data(), std::streamsize(length));
  if (size_t(in_.gcount()) != length) {
    out.kind = IncomingMessage::Kind::End;
    out.error = "the input ended inside a message (" + std::to_string(in_.gcount()) + " of " + std::to_string(length) + " bytes)";
    return out;
  }
  llvm::Expected<llvm::json::Value> parsed = llvm::json::parse(body);
  if (!parsed) {
    out.error = "the body is not JSON: " + llvm::toString(parsed.takeError());
    return out;
  }
  out.kind = IncomingMessage::Kind::Message;
  out.value = std::move(*parsed);
  return out;
}

std::string frameMessage(const llvm::json::Value& message) {
  std::string body;
  llvm::raw_string_ostream os(body);
  os << message;
  os.flush();
  return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
}

std::string jsonText(std::string text) {
  if (llvm::json::isUTF8(text)) return text;
  return llvm::json::fixUTF8(text);
}

}  // namespace sl::cli::dap
