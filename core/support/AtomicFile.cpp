#include "core/support/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

namespace sl {

static std::string osError(const std::string& what, const std::string& path) {
  return what + " '" + path + "': " + std::strerror(errno);
}

std::string writeFileAtomically(const std::string& path, std::span<const uint8_t> bytes) {
  if (path == "-") {
    size_t written = std::fwrite(bytes.data(), 1, bytes.size(), stdout);
    std::fflush(stdout);
    return written == bytes.size() ? "" : osError("cannot write", "<stdout>");
  }
  std::string temp = path + ".tmp-XXXXXX";
  int fd = mkstemp(temp.data());
  if (fd < 0) return osError("cannot create temporary file for", path);
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      std::string err = osError("cannot write", path);
      ::close(fd);
      ::unlink(temp.c_str());
      return err;
    }
    done += static_cast<size_t>(n);
  }
  // Regular files get the usual 0644 rather than mkstemp's 0600.
  ::fchmod(fd, 0644);
  if (::fsync(fd) != 0 || ::close(fd) != 0) {
    std::string err = osError("cannot flush", path);
    ::unlink(temp.c_str());
    return err;
  }
  if (std::rename(temp.c_str(), path.c_str()) != 0) {
    std::string err = osError("cannot replace", path);
    ::unlink(temp.c_str());
    return err;
  }
  return "";
}

std::string writeFileAtomically(const std::string& path, std::string_view text) {
  return writeFileAtomically(path, std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(text.data()), text.size()));
}

bool readWholeFile(const std::string& path, std::string& contents, std::string& error) {
  FILE* file = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!file) {
    error = osError("cannot open", path);
    return false;
  }
  contents.clear();
  char buffer[65536];
  size_t n;
  while ((n = std::fread(buffer, 1, sizeof buffer, file)) > 0) contents.append(buffer, n);
  bool failed = std::ferror(file);
  if (file != stdin) std::fclose(file);
  if (failed) {
    error = osError("cannot read", path);
    return false;
  }
  return true;
}

}  // namespace sl
