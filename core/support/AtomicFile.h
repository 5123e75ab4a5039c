// Writes files atomically: a temporary in the same directory, fsync, then rename over the target,
// so a crash or a full disk never leaves a half-written output, bundle or recovery file.
//
// What "the target" is follows what an ordinary open() would write to:
// - "-" is stdout;
// - a symbolic link (a chain of them, relative or absolute, dangling or not) is followed and the
//   file it finally names is replaced, so the link stays a link; a link a dangling chain ends in
//   gets its file created;
// - an existing regular file is replaced by one with its mode (and, as root, its owner). A file we
//   may not write is refused ("Permission denied"), as `cp` refuses it; root, whom permissions do
//   not stop, replaces a read-only file and leaves it read-only, as `cp` as root does. A file we
//   may write in a folder we may not add to is written through (not atomically), as `cp` does;
// - a new file gets 0666 less the umask (and a default ACL), as open(O_CREAT) would make it;
// - a character or block device, a FIFO, or anything reached through /proc's descriptor links
//   (/dev/stdout, /dev/fd/N) is written in place: there is nothing to replace atomically;
// - a directory, a socket or an empty path is an error.
// The temporary is `.<prefix of the name>.tmp-XXXXXX`, shortened to fit the file system's name
// limit, and removed on every failure.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

namespace sl {

// Returns "" on success, else a message naming the path and the OS error.
std::string writeFileAtomically(const std::string& path, std::span<const uint8_t> bytes);
std::string writeFileAtomically(const std::string& path, std::string_view text);

// Reads a whole file; returns false and sets `error` (naming the path) on failure.
bool readWholeFile(const std::string& path, std::string& contents, std::string& error);

}  // namespace sl
