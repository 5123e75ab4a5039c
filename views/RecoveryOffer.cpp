#include "views/RecoveryOffer.h"

#include "core/support/AtomicFile.h"
#include "views/StateDir.h"

#include <sys/stat.h>
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <functional>

namespace sl::views {

namespace {

namespace fs = std::filesystem;

std::string absoluteOf(const std::string& path) {
  std::error_code error;
  fs::path absolute = fs::absolute(path, error);
  return (error ? fs::path(path) : absolute).lexically_normal().string();
}

// The recovery file name's stem: <name>-<hash> (the hash tells apart equally named files in
// different folders).
std::string recoveryStem(const Document& document) {
  std::string name, key;
  if (!document.savePath.empty()) {
    name = fs::path(document.savePath).filename().string();
    key = absoluteOf(document.savePath);
  } else if (!document.bundlePath.empty()) {
    name = fs::path(document.bundlePath).filename().string() + "." + fs::path(document.fileName).filename().string();
    key = absoluteOf(document.bundlePath) + "#" + document.fileName;
  } else {
    name = fs::path(document.fileName).filename().string();
    key = absoluteOf(document.fileName);
  }
  char hash[17];
  std::snprintf(hash, sizeof hash, "%016zx", std::hash<std::string>{}(key));
  return name + "-" + hash;
}

// Which slot a file name in the recovery folder is for `stem`: 0 for <stem>.hlsl, N for
// <stem>.N.hlsl; -1 when it is another document's.
long slotOf(const std::string& fileName, const std::string& stem) {
  if (fileName.size() < stem.size() + 5 || fileName.compare(0, stem.size(), stem) != 0 || !fileName.ends_with(".hlsl"))
    return -1;
  const std::string middle = fileName.substr(stem.size(), fileName.size() - stem.size() - 5);
  if (middle.empty()) return 0;
  if (middle.size() < 2 || middle[0] != '.' || middle[1] == '0' ||
      !std::all_of(middle.begin() + 1, middle.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return -1;
  return std::strtol(middle.c_str() + 1, nullptr, 10);
}

}  // namespace

std::string defaultRecoveryDir() {
  const std::string dir = shaderlensStateDir();
  return dir.empty() ? "" : dir + "/recovery";
}

std::string recoveryPathFor(const std::string& dir, const Document& document, unsigned slot) {
  if (dir.empty()) return "";
  const std::string suffix = slot == 0 ? ".hlsl" : "." + std::to_string(slot) + ".hlsl";
  return (fs::path(dir) / (recoveryStem(document) + suffix)).string();
}

std::string RecoveryFile::modifiedText() const {
  std::tm local{};
  localtime_r(&modified, &local);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%d %H:%M:%S", &local);
  return text;
}

std::vector<RecoveryFile> findRecoveryFiles(const std::string& dir, const Document& document) {
  std::vector<std::pair<long, RecoveryFile>> found;
  std::error_code error;
  if (dir.empty() || !fs::is_directory(dir, error)) return {};
  const std::string stem = recoveryStem(document);
  for (const fs::directory_entry& entry : fs::directory_iterator(dir, error)) {
    const long slot = slotOf(entry.path().filename().string(), stem);
    struct stat info;
    if (slot < 0 || ::stat(entry.path().c_str(), &info) != 0 || !S_ISREG(info.st_mode)) continue;
    RecoveryFile file{entry.path().string(), "", info.st_mtime};
    std::string readError;
    if (readWholeFile(file.path, file.text, readError)) found.emplace_back(slot, std::move(file));
  }
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) {
    return a.second.modified != b.second.modified ? a.second.modified > b.second.modified : a.first < b.first;
  });
  std::vector<RecoveryFile> files;
  for (auto& [slot, file] : found) files.push_back(std::move(file));
  return files;
}

RecoveryOffer::RecoveryOffer(const std::string& dir, const Document& document, const std::string& text)
    : dir_(dir), document_(document) {
  document_.text.clear();
  document_.bundleText.clear();
  for (RecoveryFile& file : findRecoveryFiles(dir, document)) {
    std::error_code ignored;
    if (file.text == text)
      fs::remove(file.path, ignored);  // nothing of it is lost
    else
      files_.push_back(std::move(file));
  }
}

std::string RecoveryOffer::answer(Answer answer) {
  if (!pending()) return "";
  const RecoveryFile& file = files_[next_++];
  switch (answer) {
    case Answer::Restore:
      restored_ = file.text;
      restoredPath_ = file.path;
      return "";
    case Answer::Discard: {
      std::error_code error;
      fs::remove(file.path, error);
      return error ? "cannot delete " + file.path + ": " + error.message() : "";
    }
    case Answer::Keep:
      return "";
  }
  return "";
}

std::string RecoveryOffer::autosavePath() const {
  if (!enabled() || pending()) return "";
  if (restored_) return restoredPath_;
  for (unsigned slot = 0;; ++slot) {
    const std::string path = recoveryPathFor(dir_, document_, slot);
    std::error_code ignored;
    const fs::file_type type = fs::symlink_status(path, ignored).type();
    if (type == fs::file_type::not_found || type == fs::file_type::none) return path;  // none: unreadable folder
  }
}

}  // namespace sl::views
