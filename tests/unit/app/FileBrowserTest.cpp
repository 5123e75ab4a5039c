#include "views/FileBrowser.h"

#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <unistd.h>

using namespace sl::views;
namespace fs = std::filesystem;

namespace {

struct Tree {
  fs::path root;
  Tree() {
    root = fs::temp_directory_path() / ("sl-filebrowser-" + std::to_string(::getpid()));
    fs::remove_all(root);
    fs::create_directories(root / "Zeta");
    fs::create_directories(root / "alpha");
    fs::create_directories(root / ".git");
    for (const char* name : {"b.hlsl", "A.hlsli", "c.h", "d.test", "e.yaml", "notes.txt", ".hidden.hlsl"})
      std::ofstream(root / name) << "// " << name << "\n";
  }
  ~Tree() {
    std::error_code ec;
    fs::permissions(root / "alpha", fs::perms::owner_all, ec);
    fs::remove_all(root, ec);
  }
};

std::vector<std::string> names(const FileBrowser& b) {
  std::vector<std::string> out;
  for (const auto& e : b.entries()) out.push_back(e.name);
  return out;
}

}  // namespace

TEST_CASE("the browser lists folders first, then shader files, each case-insensitively", "[filebrowser]") {
  Tree tree;
  FileBrowser b((tree.root / "b.hlsl").string());
  CHECK(b.folder() == tree.root.string());
  CHECK(b.error().empty());
  CHECK(names(b) == std::vector<std::string>{"..", "alpha", "Zeta", "A.hlsli", "b.hlsl", "c.h", "d.test", "e.yaml"});
  CHECK(b.entries()[0].parent);
  CHECK(b.entries()[1].folder);
  CHECK_FALSE(b.find("b.hlsl")->folder);
  CHECK(b.find("b.hlsl")->size == std::string("// b.hlsl\n").size());

  b.setFilter(FileBrowser::Filter::All);
  CHECK(b.find("notes.txt"));
  CHECK_FALSE(b.find(".hidden.hlsl"));
  b.setShowHidden(true);
  CHECK(b.find(".hidden.hlsl"));
  CHECK(b.find(".git"));
  CHECK(b.find(".git")->folder);
  b.setFilter(FileBrowser::Filter::Shaders);
  CHECK_FALSE(b.find("notes.txt"));
  CHECK(b.find(".hidden.hlsl"));
}

TEST_CASE("the browser enters folders, goes up and resolves typed names", "[filebrowser]") {
  Tree tree;
  FileBrowser b((tree.root / "b.hlsl").string());
  CHECK(b.setFolder("alpha"));
  CHECK(b.folder() == (tree.root / "alpha").string());
  CHECK(names(b) == std::vector<std::string>{".."});
  CHECK(b.resolve("x.hlsl") == (tree.root / "alpha" / "x.hlsl").string());
  CHECK(b.resolve("/abs/y.hlsl") == "/abs/y.hlsl");
  CHECK(b.resolve("../b.hlsl") == (tree.root / "b.hlsl").string());
  b.up();
  CHECK(b.folder() == tree.root.string());
  CHECK(b.setFolder(tree.root.string() + "/Zeta/"));
  CHECK(b.folder() == (tree.root / "Zeta").string());
  auto crumbs = b.breadcrumb();
  REQUIRE(crumbs.size() >= 2);
  CHECK(crumbs.front() == std::pair<std::string, std::string>{"/", "/"});
  CHECK(crumbs.back().first == "Zeta");
  CHECK(crumbs.back().second == (tree.root / "Zeta").string());

  // Up from / stays at / and lists no parent entry.
  CHECK(b.setFolder("/"));
  b.up();
  CHECK(b.folder() == "/");
  CHECK_FALSE(b.find(".."));
}

TEST_CASE("a path that is not a folder, or a vanished or unreadable one, is an error, not a throw", "[filebrowser]") {
  Tree tree;
  FileBrowser b((tree.root / "b.hlsl").string());
  CHECK_FALSE(b.setFolder("b.hlsl"));  // a file
  CHECK(b.error().find("not a folder") != std::string::npos);
  CHECK(b.folder() == tree.root.string());
  CHECK_FALSE(b.setFolder("no-such-folder"));
  CHECK(b.error().find("not a folder") != std::string::npos);
  b.refresh();
  CHECK(b.error().empty());

  // The folder vanishes while it is shown: refresh says so and lists only "..".
  CHECK(b.setFolder("Zeta"));
  fs::remove(tree.root / "Zeta");
  b.refresh();
  CHECK(b.error().find("cannot read") != std::string::npos);
  CHECK(names(b) == std::vector<std::string>{".."});
  b.up();
  CHECK(b.error().empty());

  // A broken symlink is listed as a file, with no size, and does not throw.
  fs::create_symlink(tree.root / "gone.hlsl", tree.root / "link.hlsl");
  b.refresh();
  REQUIRE(b.find("link.hlsl"));
  CHECK(b.find("link.hlsl")->size == 0);

  // chmod 000: root reads it anyway, so the check only means something for other users.
  if (::geteuid() != 0) {
    fs::permissions(tree.root / "alpha", fs::perms::none);
    CHECK(b.setFolder("alpha"));
    CHECK(b.error().find("cannot read") != std::string::npos);
  }
}

TEST_CASE("the browser lists at most its cap and says how many are left out", "[filebrowser]") {
  Tree tree;
  for (int i = 0; i < 30; ++i) std::ofstream(tree.root / "alpha" / ("f" + std::to_string(i) + ".hlsl")) << "";
  FileBrowser b((tree.root / "alpha" / "f0.hlsl").string());
  CHECK(b.entries().size() == 31);
  CHECK(b.leftOut() == 0);
  b.setCap(10);
  CHECK(b.entries().size() == 11);  // ".." and ten files
  CHECK(b.leftOut() == 20);
}

TEST_CASE("shader files by extension", "[filebrowser]") {
  for (const char* name : {"a.hlsl", "a.HLSL", "a.hlsli", "a.h", "a.test", "a.yaml"}) CHECK(FileBrowser::isShaderFile(name));
  for (const char* name : {"a.txt", "a", "hlsl", "a.yml", "a.hlsl.bak"}) CHECK_FALSE(FileBrowser::isShaderFile(name));
}
