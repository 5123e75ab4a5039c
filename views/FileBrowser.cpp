#include "views/FileBrowser.h"

#include <imgui.h>

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <system_error>

namespace sl::views {
namespace fs = std::filesystem;

namespace {

std::string lower(std::string s) {
  for (char& c : s) c = char(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

std::string sizeText(uintmax_t size) {
  char buf[32];
  if (size < 1024) std::snprintf(buf, sizeof buf, "%ju B", size);
  else if (size < 1024 * 1024) std::snprintf(buf, sizeof buf, "%.1f KB", double(size) / 1024.0);
  else std::snprintf(buf, sizeof buf, "%.1f MB", double(size) / (1024.0 * 1024.0));
  return buf;
}

}  // namespace

FileBrowser::FileBrowser(const std::string& documentPath) {
  std::error_code ec;
  fs::path start;
  if (!documentPath.empty()) {
    fs::path parent = fs::absolute(fs::path(documentPath), ec).parent_path();
    if (!ec && fs::is_directory(parent, ec)) start = parent;
  }
  if (start.empty()) start = fs::current_path(ec);
  if (start.empty()) start = "/";
  folder_ = start.lexically_normal().string();
  refresh();
}

bool FileBrowser::isShaderFile(const std::string& name) {
  const std::string ext = lower(fs::path(name).extension().string());
  return ext == ".hlsl" || ext == ".hlsli" || ext == ".h" || ext == ".test" || ext == ".yaml";
}

std::string FileBrowser::resolve(const std::string& name) const {
  fs::path p(name);
  if (p.is_absolute()) return p.lexically_normal().string();
  return (fs::path(folder_) / p).lexically_normal().string();
}

bool FileBrowser::setFolder(const std::string& folder) {
  std::error_code ec;
  fs::path target = fs::path(resolve(folder));
  if (!fs::is_directory(target, ec)) {
    error_ = "not a folder: " + target.string();
    return false;
  }
  std::string text = target.lexically_normal().string();
  // "/a/b/" normalises with a trailing separator; the breadcrumb and the title want none.
  while (text.size() > 1 && text.back() == '/') text.pop_back();
  folder_ = text;
  refresh();
  return true;
}

void FileBrowser::up() {
  const fs::path parent = fs::path(folder_).parent_path();
  if (parent.empty() || parent == fs::path(folder_)) return;
  setFolder(parent.string());
}

void FileBrowser::setFilter(Filter filter) {
  filter_ = filter;
  refresh();
}

void FileBrowser::setShowHidden(bool show) {
  showHidden_ = show;
  refresh();
}

void FileBrowser::setCap(size_t cap) {
  cap_ = cap;
  refresh();
}

void FileBrowser::refresh() {
  entries_.clear();
  error_.clear();
  leftOut_ = 0;
  const fs::path here(folder_);
  if (here.has_relative_path()) entries_.push_back(Entry{"..", true, true, 0});
  std::error_code ec;
  fs::directory_iterator it(here, fs::directory_options::skip_permission_denied, ec);
  if (ec) {
    error_ = "cannot read " + folder_ + ": " + ec.message();
    return;
  }
  std::vector<Entry> found;
  for (fs::directory_iterator end; it != end; it.increment(ec)) {
    if (ec) {
      error_ = "stopped reading " + folder_ + ": " + ec.message();
      break;
    }
    const fs::directory_entry& e = *it;
    Entry entry;
    entry.name = e.path().filename().string();
    if (!showHidden_ && !entry.name.empty() && entry.name.front() == '.') continue;
    std::error_code typeError;
    entry.folder = e.is_directory(typeError);  // follows symlinks; a broken one is a file of size 0
    if (!entry.folder) {
      if (filter_ == Filter::Shaders && !isShaderFile(entry.name)) continue;
      std::error_code sizeError;
      const uintmax_t size = e.file_size(sizeError);
      entry.size = sizeError ? 0 : size;
    }
    found.push_back(std::move(entry));
  }
  std::sort(found.begin(), found.end(), [](const Entry& a, const Entry& b) {
    if (a.folder != b.folder) return a.folder;
    const std::string la = lower(a.name), lb = lower(b.name);
    return la != lb ? la < lb : a.name < b.name;
  });
  if (found.size() > cap_) {
    leftOut_ = found.size() - cap_;
    found.resize(cap_);
  }
  for (Entry& e : found) entries_.push_back(std::move(e));
}

const FileBrowser::Entry* FileBrowser::find(const std::string& name) const {
  for (const Entry& e : entries_)
    if (e.name == name) return &e;
  return nullptr;
}

std::vector<std::pair<std::string, std::string>> FileBrowser::breadcrumb() const {
  std::vector<std::pair<std::string, std::string>> parts;
  fs::path so_far;
  for (const fs::path& part : fs::path(folder_)) {
    so_far /= part;
    if (part.empty()) continue;
    parts.emplace_back(part.string(), so_far.string());
  }
  return parts;
}

bool drawFileBrowser(FileBrowser& browser, std::string& path, float height) {
  // Breadcrumb: each component a button that goes there.
  std::string go;
  const auto parts = browser.breadcrumb();
  for (size_t i = 0; i < parts.size(); ++i) {
    if (i > 1) {
      ImGui::SameLine(0, 2);
      ImGui::TextDisabled("/");
    }
    if (i > 0) ImGui::SameLine(0, 2);
    ImGui::PushID(int(i));
    if (ImGui::SmallButton(parts[i].first.c_str())) go = parts[i].second;
    ImGui::PopID();
  }
  if (!go.empty()) browser.setFolder(go);

  int filter = browser.filter() == FileBrowser::Filter::Shaders ? 0 : 1;
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 21);
  if (ImGui::Combo("##filter", &filter, "Shader files (.hlsl .hlsli .h .test .yaml)\0All files\0"))
    browser.setFilter(filter == 0 ? FileBrowser::Filter::Shaders : FileBrowser::Filter::All);
  ImGui::SameLine();
  bool hidden = browser.showHidden();
  if (ImGui::Checkbox("Show hidden", &hidden)) browser.setShowHidden(hidden);
  ImGui::SameLine();
  if (ImGui::SmallButton("Refresh")) browser.refresh();

  bool acted = false;
  std::string enter;  // a folder to enter after the list is drawn (entries_ must not change mid-loop)
  ImGui::BeginChild("##browser_list", ImVec2(ImGui::GetFontSize() * 40, height), true);
  if (!browser.error().empty())
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.4f, 1.0f), "%s", browser.error().c_str());
  const auto& entries = browser.entries();
  const std::string selected = path.empty() ? "" : browser.resolve(path);
  ImGuiListClipper clipper;
  clipper.Begin(int(entries.size()));
  while (clipper.Step()) {
    for (int i = clipper.DisplayStart; i < clipper.DisplayEnd; ++i) {
      const FileBrowser::Entry& e = entries[size_t(i)];
      ImGui::PushID(i);
      const std::string label = (e.folder ? "[dir] " : "      ") + e.name + (e.folder && !e.parent ? "/" : "");
      const bool isSelected = !e.folder && browser.resolve(e.name) == selected;
      if (ImGui::Selectable(label.c_str(), isSelected, ImGuiSelectableFlags_AllowDoubleClick)) {
        const bool twice = ImGui::IsMouseDoubleClicked(ImGuiMouseButton_Left);
        if (e.folder) {
          if (twice) enter = e.name;
        } else {
          path = browser.resolve(e.name);
          acted = acted || twice;
        }
      }
      if (e.folder && ImGui::IsItemFocused() && ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false))
        enter = e.name;
      if (!e.folder) {
        ImGui::SameLine(ImGui::GetFontSize() * 32);
        ImGui::TextDisabled("%s", sizeText(e.size).c_str());
      }
      ImGui::PopID();
    }
  }
  clipper.End();
  if (browser.leftOut() > 0) ImGui::TextDisabled("%zu more entries not listed", browser.leftOut());
  ImGui::EndChild();
  if (!enter.empty()) {
    if (enter == "..") browser.up();
    else browser.setFolder(enter);
  }
  return acted;
}

}  // namespace sl::views
