// writeFileAtomically writes what an ordinary open() would write to: links are followed and the
// file they name replaced, devices and FIFOs written in place, modes kept, new files made with
// the umask, long names and failures leave no temporaries behind.
#include "core/support/AtomicFile.h"

#include <catch2/catch.hpp>

#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <filesystem>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace sl;
namespace fs = std::filesystem;

namespace {

// A fresh folder, removed again at the end of the test.
struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& name)
      : dir(fs::temp_directory_path() / ("sl-atomic-" + name + "-" + std::to_string(::getpid()))) {
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  ~Scratch() {
    std::error_code ignored;
    fs::permissions(dir, fs::perms::owner_all, fs::perm_options::add, ignored);
    fs::remove_all(dir, ignored);
  }
  std::string operator/(const std::string& name) const { return (dir / name).string(); }
  size_t entries() const {
    size_t n = 0;
    for ([[maybe_unused]] auto& e : fs::directory_iterator(dir)) ++n;
    return n;
  }
};

std::string readText(const std::string& path) {
  std::string text, error;
  REQUIRE(readWholeFile(path, text, error));
  return text;
}

mode_t modeOf(const std::string& path) {
  struct stat st;
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st.st_mode & 07777;
}

bool isLink(const std::string& path) { return fs::is_symlink(fs::symlink_status(path)); }

// Runs `body` in a child process as the user nobody; returns its exit status (0 passed).
// Skipped (returns 0) unless we are root and may become nobody.
template <typename Body>
int asNobody(Body body) {
  if (::geteuid() != 0) return 0;
  const pid_t child = ::fork();
  if (child == 0) {
    if (::setgid(65534) != 0 || ::setuid(65534) != 0) ::_exit(0);
    ::_exit(body());
  }
  int status = 0;
  ::waitpid(child, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 100;
}

}  // namespace

TEST_CASE("writeFileAtomically replaces a file and leaves no temporaries", "[atomic]") {
  Scratch s("replace");
  const std::string path = s / "out.txt";
  REQUIRE(writeFileAtomically(path, std::string_view("first")).empty());
  REQUIRE(writeFileAtomically(path, std::string_view("second")).empty());
  CHECK(readText(path) == "second");
  CHECK(s.entries() == 1);
}

TEST_CASE("writing into a missing directory reports the path", "[atomic]") {
  std::string error = writeFileAtomically("/nonexistent-dir-sl/x.bin", std::string_view("x"));
  CHECK(error.find("/nonexistent-dir-sl/x.bin") != std::string::npos);
}

TEST_CASE("an empty path is an error, not a silent success", "[atomic]") {
  CHECK(!writeFileAtomically("", std::string_view("x")).empty());
}

TEST_CASE("a link stays a link: the file it names is replaced", "[atomic][link]") {
  Scratch s("link");
  fs::create_directories(s.dir / "real");
  fs::create_directories(s.dir / "links");
  const std::string real = s / "real/file.txt";
  REQUIRE(writeFileAtomically(real, std::string_view("old")).empty());

  SECTION("absolute") {
    const std::string link = s / "links/abs";
    fs::create_symlink(real, link);
    REQUIRE(writeFileAtomically(link, std::string_view("through an absolute link")) == "");
    CHECK(isLink(link));
    CHECK(readText(real) == "through an absolute link");
  }
  SECTION("relative, from another folder") {
    const std::string link = s / "links/rel";
    fs::create_symlink("../real/file.txt", link);
    REQUIRE(writeFileAtomically(link, std::string_view("through a relative link")) == "");
    CHECK(isLink(link));
    CHECK(readText(real) == "through a relative link");
  }
  SECTION("a chain of links") {
    fs::create_symlink("../real/file.txt", s.dir / "links/last");
    fs::create_symlink(s / "links/last", s.dir / "links/middle");
    fs::create_symlink("links/middle", s.dir / "first");  // each relative to its own folder
    REQUIRE(writeFileAtomically(s / "first", std::string_view("through three links")) == "");
    CHECK(isLink(s / "first"));
    CHECK(isLink(s / "links/middle"));
    CHECK(isLink(s / "links/last"));
    CHECK(readText(real) == "through three links");
  }
  // No temporary left in either folder.
  size_t inReal = 0;
  for ([[maybe_unused]] auto& e : fs::directory_iterator(s.dir / "real")) ++inReal;
  CHECK(inReal == 1);
}

TEST_CASE("a dangling link gets the file it names created", "[atomic][link]") {
  Scratch s("dangling");
  fs::create_directories(s.dir / "to");
  fs::create_symlink("to/new.txt", s.dir / "link");
  REQUIRE(writeFileAtomically(s / "link", std::string_view("created")) == "");
  CHECK(isLink(s / "link"));
  CHECK(fs::is_regular_file(fs::symlink_status(s / "to/new.txt")));
  CHECK(readText(s / "to/new.txt") == "created");
}

TEST_CASE("a loop of links is an error", "[atomic][link]") {
  Scratch s("loop");
  fs::create_symlink("b", s.dir / "a");
  fs::create_symlink("a", s.dir / "b");
  CHECK(!writeFileAtomically(s / "a", std::string_view("x")).empty());
  CHECK(isLink(s / "a"));
  CHECK(s.entries() == 2);
}

TEST_CASE("a FIFO is written in place", "[atomic][special]") {
  Scratch s("fifo");
  const std::string fifo = s / "pipe";
  REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
  // Held open for reading (O_RDWR does not wait for a writer), so the write does not block.
  const int reader = ::open(fifo.c_str(), O_RDWR | O_NONBLOCK);
  REQUIRE(reader >= 0);
  REQUIRE(writeFileAtomically(fifo, std::string_view("through the pipe")) == "");
  char buffer[64] = {};
  const ssize_t n = ::read(reader, buffer, sizeof buffer);
  ::close(reader);
  CHECK(std::string(buffer, n > 0 ? size_t(n) : 0) == "through the pipe");
  CHECK(fs::is_fifo(fs::symlink_status(fifo)));
  CHECK(s.entries() == 1);
}

TEST_CASE("a device node is written in place, /dev/null included", "[atomic][special]") {
  auto isNullDevice = [](const std::string& path) {
    struct stat st;
    return ::lstat(path.c_str(), &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev == makedev(1, 3);
  };
  if (::geteuid() == 0) {
    // A private copy first: were devices still replaced, this fails before /dev/null is touched.
    Scratch s("device");
    const std::string node = s / "null";
    REQUIRE(::mknod(node.c_str(), S_IFCHR | 0666, makedev(1, 3)) == 0);
    REQUIRE(writeFileAtomically(node, std::string_view("gone")) == "");
    REQUIRE(isNullDevice(node));
    CHECK(s.entries() == 1);
  }
  REQUIRE(isNullDevice("/dev/null"));
  CHECK(writeFileAtomically("/dev/null", std::string_view("gone")) == "");
  CHECK(isNullDevice("/dev/null"));
  // An unprivileged user, who may not create files in /dev, may still write /dev/null.
  CHECK(asNobody([] { return writeFileAtomically("/dev/null", std::string_view("x")).empty() ? 0 : 1; }) == 0);
  // A full device reports its error.
  CHECK(writeFileAtomically("/dev/full", std::string_view("x")).find("/dev/full") != std::string::npos);
}

TEST_CASE("an open descriptor's /dev/fd link is written through, not replaced", "[atomic][special]") {
  SECTION("a pipe") {
    int fds[2];
    REQUIRE(::pipe(fds) == 0);
    REQUIRE(writeFileAtomically("/dev/fd/" + std::to_string(fds[1]), std::string_view("to the pipe")) == "");
    char buffer[64] = {};
    const ssize_t n = ::read(fds[0], buffer, sizeof buffer);
    ::close(fds[0]);
    ::close(fds[1]);
    CHECK(std::string(buffer, n > 0 ? size_t(n) : 0) == "to the pipe");
  }
  SECTION("a regular file (what /dev/stdout is after `> out.txt`)") {
    Scratch s("fdlink");
    const std::string path = s / "out.txt";
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT, 0644);
    REQUIRE(fd >= 0);
    struct stat before, after;
    REQUIRE(::fstat(fd, &before) == 0);
    REQUIRE(writeFileAtomically("/proc/self/fd/" + std::to_string(fd), std::string_view("in the same file")) == "");
    REQUIRE(::stat(path.c_str(), &after) == 0);
    ::close(fd);
    CHECK(after.st_ino == before.st_ino);
    CHECK(readText(path) == "in the same file");
    CHECK(s.entries() == 1);
  }
}

TEST_CASE("a socket or a directory is a clear error", "[atomic][special]") {
  Scratch s("notfile");
  CHECK(writeFileAtomically(s.dir.string(), std::string_view("x")).find("directory") != std::string::npos);
  CHECK(writeFileAtomically(s / "missing/", std::string_view("x")) != "");
  CHECK(fs::is_directory(s.dir));

  const std::string socketPath = s / "sock";
  const int sock = ::socket(AF_UNIX, SOCK_STREAM, 0);
  REQUIRE(sock >= 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::snprintf(address.sun_path, sizeof address.sun_path, "%s", socketPath.c_str());
  REQUIRE(::bind(sock, reinterpret_cast<sockaddr*>(&address), sizeof address) == 0);
  CHECK(writeFileAtomically(socketPath, std::string_view("x")).find("socket") != std::string::npos);
  ::close(sock);
  CHECK(fs::is_socket(fs::symlink_status(socketPath)));
  CHECK(s.entries() == 1);
}

TEST_CASE("a replaced file keeps its mode and owner", "[atomic][mode]") {
  Scratch s("mode");
  const std::string path = s / "file";
  REQUIRE(writeFileAtomically(path, std::string_view("a")) == "");

  SECTION("0600") {
    fs::permissions(path, fs::perms(0600));
    REQUIRE(writeFileAtomically(path, std::string_view("b")) == "");
    CHECK(modeOf(path) == 0600);
  }
  SECTION("0755") {
    fs::permissions(path, fs::perms(0755));
    REQUIRE(writeFileAtomically(path, std::string_view("b")) == "");
    CHECK(modeOf(path) == 0755);
  }
  SECTION("0444: root replaces it and it stays read-only; anyone else is refused, as cp refuses") {
    fs::permissions(path, fs::perms(0444));
    if (::geteuid() == 0) {
      REQUIRE(writeFileAtomically(path, std::string_view("b")) == "");
      CHECK(readText(path) == "b");
      CHECK(modeOf(path) == 0444);
    } else {
      CHECK(writeFileAtomically(path, std::string_view("b")).find("Permission denied") != std::string::npos);
      CHECK(readText(path) == "a");
    }
  }
  SECTION("another user's file, as root") {
    if (::geteuid() != 0) return;
    REQUIRE(::chown(path.c_str(), 65534, 65534) == 0);
    REQUIRE(writeFileAtomically(path, std::string_view("b")) == "");
    struct stat st;
    REQUIRE(::stat(path.c_str(), &st) == 0);
    CHECK(st.st_uid == 65534);
    CHECK(st.st_gid == 65534);
  }
  CHECK(s.entries() == 1);
}

TEST_CASE("unprivileged: a read-only file is refused, a writable one in a closed folder written through", "[atomic][mode]") {
  Scratch s("nobody");
  const std::string readOnly = s / "read-only", writable = s / "writable";
  REQUIRE(writeFileAtomically(readOnly, std::string_view("a")) == "");
  REQUIRE(writeFileAtomically(writable, std::string_view("a")) == "");
  fs::permissions(readOnly, fs::perms(0444));
  fs::permissions(writable, fs::perms(0666));
  fs::permissions(s.dir, fs::perms(0755));  // nobody may not add a temporary here
  CHECK(asNobody([&] {
          const bool refused = writeFileAtomically(readOnly, std::string_view("b")).find("Permission denied") != std::string::npos;
          const bool through = writeFileAtomically(writable, std::string_view("b")).empty();
          return refused && through ? 0 : 1;
        }) == 0);
  if (::geteuid() == 0) {
    CHECK(readText(readOnly) == "a");
    CHECK(readText(writable) == "b");
  }
  CHECK(s.entries() == 2);
}

TEST_CASE("a new file gets 0666 less the umask, as open() would make it", "[atomic][mode]") {
  Scratch s("umask");
  const mode_t saved = ::umask(027);
  REQUIRE(writeFileAtomically(s / "a", std::string_view("x")) == "");
  ::umask(0);
  REQUIRE(writeFileAtomically(s / "b", std::string_view("x")) == "");
  ::umask(saved);
  CHECK(modeOf(s / "a") == 0640);
  CHECK(modeOf(s / "b") == 0666);
}

TEST_CASE("a long file name still fits its temporary", "[atomic][name]") {
  Scratch s("long");
  for (size_t length : {250u, 255u}) {
    const std::string path = s / std::string(length, 'n');
    REQUIRE(writeFileAtomically(path, std::string_view("first")) == "");
    REQUIRE(writeFileAtomically(path, std::string_view("second")) == "");
    CHECK(readText(path) == "second");
  }
  // A name of multi-byte characters is cut between characters.
  std::string umlauts;
  for (int i = 0; i < 127; ++i) umlauts += "\xc3\xa4";
  REQUIRE(writeFileAtomically(s / umlauts, std::string_view("x")) == "");
  CHECK(s.entries() == 3);
}

TEST_CASE("a failed write leaves the old file and no temporary", "[atomic][failure]") {
  Scratch s("fail");
  const std::string path = s / "file";
  REQUIRE(writeFileAtomically(path, std::string_view("old")) == "");
  // A file size limit makes the temporary's write fail half-way, as a full disk would.
  struct rlimit saved;
  REQUIRE(::getrlimit(RLIMIT_FSIZE, &saved) == 0);
  auto previous = std::signal(SIGXFSZ, SIG_IGN);
  struct rlimit tiny = saved;
  tiny.rlim_cur = 1024;
  REQUIRE(::setrlimit(RLIMIT_FSIZE, &tiny) == 0);
  const std::string error = writeFileAtomically(path, std::string(4096, 'x'));
  ::setrlimit(RLIMIT_FSIZE, &saved);
  std::signal(SIGXFSZ, previous);
  CHECK(error.find(path) != std::string::npos);
  CHECK(readText(path) == "old");
  CHECK(s.entries() == 1);
}

TEST_CASE("reading a missing file fails with a message", "[atomic]") {
  std::string contents, error;
  CHECK_FALSE(readWholeFile("/nonexistent-dir-sl/y", contents, error));
  CHECK(error.find("cannot open") != std::string::npos);
}
