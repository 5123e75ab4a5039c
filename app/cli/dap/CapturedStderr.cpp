#include "app/cli/dap/CapturedStderr.h"

#include <cstdio>
#include <unistd.h>

namespace sl::cli::dap {

CapturedStderr::CapturedStderr() {
  std::FILE* tmp = std::tmpfile();
  if (!tmp) return;
  std::fflush(stderr);
  saved_ = dup(2);
  if (saved_ < 0 || dup2(fileno(tmp), 2) < 0) {
    if (saved_ >= 0) close(saved_);
    saved_ = -1;
    std::fclose(tmp);
    return;
  }
  file_ = tmp;
}

std::string CapturedStderr::finish() {
  if (!file_) return "";
  std::FILE* tmp = static_cast<std::FILE*>(file_);
  file_ = nullptr;
  std::fflush(stderr);
  dup2(saved_, 2);
  close(saved_);
  saved_ = -1;
  std::string text;
  std::rewind(tmp);
  char buffer[4096];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, tmp)) > 0 && text.size() < (size_t(1) << 20)) text.append(buffer, n);
  std::fclose(tmp);
  return text;
}

}  // namespace sl::cli::dap
