#include "core/support/AtomicFile.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <random>
#include <sys/stat.h>
#include <unistd.h>
#ifdef __linux__
#include <linux/magic.h>
#include <sys/vfs.h>
#endif

namespace sl {

namespace {

namespace fs = std::filesystem;

// SYMLOOP_MAX on Linux: a longer chain is a loop.
constexpr int kMaxLinks = 40;
constexpr std::string_view kTempMarker = ".tmp-";
constexpr size_t kTempRandomChars = 6;

std::string osError(const std::string& what, const std::string& path) {
  return what + " '" + path + "': " + std::strerror(errno);
}

bool writeAll(int fd, std::span<const uint8_t> bytes) {
  size_t done = 0;
  while (done < bytes.size()) {
    ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

// Where a write to a path lands: a file to replace (the end of any chain of links), or
// something to open and write as it is (a device, a FIFO, an open descriptor's link).
struct Target {
  bool inPlace = false;
  std::string path;
};

// /proc/<pid>/fd/N (and /dev/stdout, /dev/fd/N through it) name open files, not paths: what
// they read as is "pipe:[123]" or a file that may be gone, so they are written through.
bool isProcfs(const fs::path& dir) {
#ifdef __linux__
  struct statfs info;
  return ::statfs(dir.empty() ? "." : dir.c_str(), &info) == 0 && info.f_type == PROC_SUPER_MAGIC;
#else
  (void)dir;
  return false;
#endif
}

std::string resolveTarget(const std::string& path, Target& out) {
  struct stat followed;
  if (::stat(path.c_str(), &followed) == 0) {
    if (S_ISDIR(followed.st_mode)) return "cannot write '" + path + "': it is a directory";
    if (S_ISSOCK(followed.st_mode)) return "cannot write '" + path + "': it is a socket";
    if (!S_ISREG(followed.st_mode)) {
      out = {true, path};
      return "";
    }
  } else if (errno != ENOENT) {
    return osError("cannot write", path);  // a loop of links, a file used as a folder, no access
  }
  // A regular file, or nothing yet (maybe at the end of a dangling link): follow the links to
  // the file they name, which is what gets replaced or created.
  std::string current = path;
  for (int hops = 0;; ++hops) {
    struct stat st;
    if (::lstat(current.c_str(), &st) != 0) {
      if (errno == ENOENT) break;
      return osError("cannot write", current);
    }
    if (!S_ISLNK(st.st_mode)) break;
    const fs::path link(current);
    if (isProcfs(link.parent_path())) {
      out = {true, path};
      return "";
    }
    std::error_code error;
    const fs::path next = fs::read_symlink(link, error);
    if (error) return "cannot read the link '" + current + "': " + error.message();
    if (hops == kMaxLinks) {
      errno = ELOOP;
      return osError("cannot write", path);
    }
    current = next.is_absolute() ? next.string() : (link.parent_path() / next).string();
  }
  if (fs::path(current).filename().empty()) return "cannot write '" + path + "': it names a directory";
  out = {false, current};
  return "";
}

// A temporary next to `target`, removed unless it was renamed over the target.
class TempFile {
 public:
  ~TempFile() {
    if (fd_ >= 0) ::close(fd_);
    if (!path_.empty()) ::unlink(path_.c_str());
  }
  // Creates `.<name>.tmp-XXXXXX` with mode 0666 (the umask and a default ACL then apply as to
  // any new file), its name shortened to fit the directory's name limit.
  bool create(const fs::path& target) {
    const fs::path dir = target.parent_path();
    long nameMax = ::pathconf(dir.empty() ? "." : dir.c_str(), _PC_NAME_MAX);
    if (nameMax <= 0) nameMax = 255;
    const size_t fixed = 1 + kTempMarker.size() + kTempRandomChars;
    const std::string name = target.filename().string();
    size_t stem = std::min(name.size(), size_t(nameMax) > fixed ? size_t(nameMax) - fixed : 0);
    // Cut between UTF-8 characters, not inside one.
    while (stem > 0 && stem < name.size() && (static_cast<unsigned char>(name[stem]) & 0xC0) == 0x80) --stem;
    static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    std::random_device seed;
    std::mt19937 random(seed());
    std::uniform_int_distribution<size_t> pick(0, sizeof kAlphabet - 2);
    for (int attempt = 0; attempt < 100; ++attempt) {
      std::string tempName = "." + name.substr(0, stem) + std::string(kTempMarker);
      for (size_t i = 0; i < kTempRandomChars; ++i) tempName += kAlphabet[pick(random)];
      const std::string candidate = (dir / tempName).string();
      fd_ = ::open(candidate.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      if (fd_ >= 0) {
        path_ = candidate;
        return true;
      }
      if (errno != EEXIST && errno != EINTR) return false;
    }
    return false;
  }
  int fd() const { return fd_; }
  const std::string& path() const { return path_; }
  // Closes it; false (errno set) when the data may not have reached the disk.
  bool close() {
    const int fd = fd_;
    fd_ = -1;
    return ::close(fd) == 0;
  }
  void renamed() { path_.clear(); }

 private:
  int fd_ = -1;
  std::string path_;
};

std::string writeInPlace(const std::string& path, std::span<const uint8_t> bytes) {
  int fd;
  do fd = ::open(path.c_str(), O_WRONLY | O_TRUNC | O_NOCTTY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0) return osError("cannot open", path);
  std::string error = writeAll(fd, bytes) ? "" : osError("cannot write", path);
  if (::close(fd) != 0 && error.empty() && errno != EINTR) error = osError("cannot write", path);
  return error;
}

std::string replaceFile(const std::string& path, std::span<const uint8_t> bytes) {
  struct stat existing;
  const bool exists = ::lstat(path.c_str(), &existing) == 0;
  // A file we may not write is refused, as cp and editors refuse it (root may write any).
  if (exists && ::faccessat(AT_FDCWD, path.c_str(), W_OK, AT_EACCESS) != 0) return osError("cannot write", path);
  TempFile temp;
  if (!temp.create(path)) {
    // A writable file in a folder we may not add to: write it through, as cp would.
    if (exists && errno == EACCES) return writeInPlace(path, bytes);
    return osError("cannot create a temporary file next to", path);
  }
  if (!writeAll(temp.fd(), bytes)) return osError("cannot write", path);
  if (exists) {
    // The replacement is the same file to its readers: owner (as far as we may set it) first,
    // since a chown clears set-id bits, then the mode.
    // Best effort: a user may give the file only a group they belong to.
    const bool root = ::geteuid() == 0;
    if (::fchown(temp.fd(), root ? existing.st_uid : uid_t(-1), existing.st_gid) != 0) errno = 0;
    if (::fchmod(temp.fd(), existing.st_mode & 07777) != 0) return osError("cannot keep the mode of", path);
  }
  if (::fsync(temp.fd()) != 0 || !temp.close()) return osError("cannot flush", path);
  if (std::rename(temp.path().c_str(), path.c_str()) != 0) return osError("cannot replace", path);
  temp.renamed();
  return "";
}

}  // namespace

std::string writeFileAtomically(const std::string& path, std::span<const uint8_t> bytes) {
  if (path == "-") {
    size_t written = std::fwrite(bytes.data(), 1, bytes.size(), stdout);
    std::fflush(stdout);
    return written == bytes.size() ? "" : osError("cannot write", "<stdout>");
  }
  if (path.empty()) return "cannot write a file with an empty name";
  Target target;
  if (std::string error = resolveTarget(path, target); !error.empty()) return error;
  return target.inPlace ? writeInPlace(target.path, bytes) : replaceFile(target.path, bytes);
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
