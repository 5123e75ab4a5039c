// The file browser of File > Open and File > Save As (ImGui has none): a current folder, its
// entries (folders first, then files, each sorted case-insensitively), a filter, hidden files on
// request and a cap on what is listed. The model is independent of ImGui so it is unit-tested
// directly; drawFileBrowser draws it inside the dialogs. Nothing here throws: an unreadable or
// vanished folder becomes error() and an empty list.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace sl::views {

class FileBrowser {
 public:
  enum class Filter { Shaders, All };
  struct Entry {
    std::string name;  // ".." for the parent entry
    bool folder = false;
    bool parent = false;
    uintmax_t size = 0;  // files only; 0 when it cannot be read
  };
  static constexpr size_t kDefaultCap = 5000;

  // Starts at the folder of `documentPath` when it has one that exists, else the working directory.
  explicit FileBrowser(const std::string& documentPath = "");

  // Goes to `folder` (absolute, or relative to the current folder) and lists it. A path that is
  // not a folder leaves the current folder and sets error(); returns whether it moved.
  bool setFolder(const std::string& folder);
  // The parent folder (no-op at the root).
  void up();
  // Lists the current folder again.
  void refresh();

  const std::string& folder() const { return folder_; }
  const std::vector<Entry>& entries() const { return entries_; }
  const std::string& error() const { return error_; }
  // Entries past the cap that are not listed.
  size_t leftOut() const { return leftOut_; }
  Filter filter() const { return filter_; }
  void setFilter(Filter filter);
  bool showHidden() const { return showHidden_; }
  void setShowHidden(bool show);
  void setCap(size_t cap);

  // `name` (an entry name or a typed path) resolved against the current folder.
  std::string resolve(const std::string& name) const;
  const Entry* find(const std::string& name) const;
  // Whether the shader filter keeps a file of this name (.hlsl .hlsli .h .test .yaml).
  static bool isShaderFile(const std::string& name);
  // The folder's components for the breadcrumb: {label, path} from the root down.
  std::vector<std::pair<std::string, std::string>> breadcrumb() const;

 private:
  std::string folder_;
  std::vector<Entry> entries_;
  std::string error_;
  size_t leftOut_ = 0;
  size_t cap_ = kDefaultCap;
  Filter filter_ = Filter::Shaders;
  bool showHidden_ = false;
};

// Draws the browser (breadcrumb, filter, entry list). A single click on a file puts its path in
// `path`; returns true when a file was double-clicked (its path is in `path`: the dialog acts).
bool drawFileBrowser(FileBrowser& browser, std::string& path, float height);

}  // namespace sl::views
