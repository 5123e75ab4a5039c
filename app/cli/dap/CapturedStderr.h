// What shared code prints to stderr while it runs (a compile's diagnostics), caught so the
// adapter can send it to the client as output: stderr is redirected to a temporary file from
// construction until finish().
#pragma once

#include <string>

namespace sl::cli::dap {

class CapturedStderr {
 public:
  CapturedStderr();
  ~CapturedStderr() { finish(); }
  CapturedStderr(const CapturedStderr&) = delete;
  CapturedStderr& operator=(const CapturedStderr&) = delete;
  // Restores stderr and returns what was written meanwhile ("" when nothing could be caught).
  std::string finish();

 private:
  int saved_ = -1;
  void* file_ = nullptr;  // the temporary FILE
};

}  // namespace sl::cli::dap
