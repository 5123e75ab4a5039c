#include "app/cli/dap/DapTransport.h"

#include <catch2/catch.hpp>
#include <sstream>

using namespace sl::cli::dap;
using Kind = IncomingMessage::Kind;

namespace {

std::string frame(const std::string& body) { return "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body; }

}  // namespace

TEST_CASE("messages are read one frame at a time", "[dap]") {
  std::istringstream in(frame(R"({"seq":1,"type":"request","command":"initialize"})") + frame(R"({"seq":2})"));
  MessageReader reader(in);
  IncomingMessage a = reader.next();
  REQUIRE(a.kind == Kind::Message);
  CHECK(a.value.getAsObject()->getString("command") == std::optional<llvm::StringRef>("initialize"));
  IncomingMessage b = reader.next();
  REQUIRE(b.kind == Kind::Message);
  CHECK(b.value.getAsObject()->getInteger("seq") == 2);
  IncomingMessage end = reader.next();
  CHECK(end.kind == Kind::End);
  CHECK(end.error.empty());
}

TEST_CASE("other headers, LF-only lines and header case are accepted", "[dap]") {
  std::istringstream in("content-length: 2\nContent-Type: application/vscode-jsonrpc; charset=utf-8\n\n{}");
  MessageReader reader(in);
  IncomingMessage m = reader.next();
  REQUIRE(m.kind == Kind::Message);
  CHECK(m.value.getAsObject()->empty());
}

TEST_CASE("malformed headers are reported and reading resumes", "[dap]") {
  std::istringstream in("garbage line\r\n" + std::string("Content-Length: x1\r\n\r\n") + "Content-Type: a\r\n\r\n" + frame("[1]"));
  MessageReader reader(in);
  IncomingMessage bad = reader.next();
  CHECK(bad.kind == Kind::Malformed);
  CHECK(bad.error.find("'garbage line' is not 'Name: value'") != std::string::npos);
  IncomingMessage length = reader.next();
  CHECK(length.kind == Kind::Malformed);
  CHECK(length.error.find("is not a byte count") != std::string::npos);
  IncomingMessage missing = reader.next();
  CHECK(missing.kind == Kind::Malformed);
  CHECK(missing.error == "a header without Content-Length");
  IncomingMessage good = reader.next();
  REQUIRE(good.kind == Kind::Message);
  CHECK(good.value.getAsArray()->size() == 1);
}

TEST_CASE("a body that is not JSON is malformed; the next frame still reads", "[dap]") {
  std::istringstream in(frame("{\"seq\": ") + frame("{}"));
  MessageReader reader(in);
  IncomingMessage bad = reader.next();
  CHECK(bad.kind == Kind::Malformed);
  CHECK(bad.error.rfind("the body is not JSON", 0) == 0);
  CHECK(reader.next().kind == Kind::Message);
}

TEST_CASE("input that ends inside a message ends the stream with a reason", "[dap]") {
  std::istringstream body("Content-Length: 10\r\n\r\n{\"a\"");
  IncomingMessage cut = MessageReader(body).next();
  CHECK(cut.kind == Kind::End);
  CHECK(cut.error == "the input ended inside a message (4 of 10 bytes)");
  std::istringstream header("Content-Length: 10\r\n");
  IncomingMessage cutHeader = MessageReader(header).next();
  CHECK(cutHeader.kind == Kind::End);
  CHECK(cutHeader.error == "the input ended inside a message header");
}

TEST_CASE("oversized bodies and header lines are refused without buffering them", "[dap]") {
  std::istringstream in(frame(std::string(100, ' ')) + frame("{}"));
  MessageReader reader(in, 50);
  IncomingMessage big = reader.next();
  CHECK(big.kind == Kind::Malformed);
  CHECK(big.error == "a message of 100 bytes (at most 50)");
  CHECK(reader.next().kind == Kind::Message);
  std::istringstream longLine(std::string(10000, 'x') + "\r\n" + frame("{}"));
  MessageReader lines(longLine);
  IncomingMessage tooLong = lines.next();
  CHECK(tooLong.kind == Kind::Malformed);
  CHECK(tooLong.error.find("longer than 4096 bytes") != std::string::npos);
  CHECK(lines.next().kind == Kind::Message);
}

TEST_CASE("frames carry the body's byte count and read back", "[dap]") {
  llvm::json::Value message = llvm::json::Object{{"seq", 1}, {"text", "caf\xc3\xa9"}};
  const std::string framed = frameMessage(message);
  const size_t split = framed.find("\r\n\r\n");
  REQUIRE(split != std::string::npos);
  CHECK(framed.substr(0, split) == "Content-Length: " + std::to_string(framed.size() - split - 4));
  std::istringstream in(framed);
  IncomingMessage back = MessageReader(in).next();
  REQUIRE(back.kind == Kind::Message);
  CHECK(back.value == message);
}

TEST_CASE("text with invalid UTF-8 becomes valid JSON text", "[dap]") {
  CHECK(jsonText("plain") == "plain");
  const std::string fixed = jsonText("bad \xff byte");
  CHECK(llvm::json::isUTF8(fixed));
  CHECK(fixed.find("bad ") == 0);
}
