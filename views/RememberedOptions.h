// The compile options the user last chose for each file, kept in a small text file (written
// atomically) so reopening a file, in this run or a later one, compiles it as it was left.
// An entry also keeps what the file itself stated then (its RUN line or `// shaderlens:`
// comment): once the file states something else, its own statement wins again.
#pragma once

#include <string>
#include <vector>

namespace sl::views {

class RememberedOptions {
 public:
  static constexpr size_t kMax = 200;

  // An empty store path keeps the entries for this run only (scripts, tests).
  explicit RememberedOptions(std::string storePath = {}) : storePath_(std::move(storePath)) {}
  // Reads the store (a missing store is empty; malformed lines are skipped). Returns "" or an error.
  std::string load();
  // Records `chosen` (an options line) for `path` (made absolute), whose own statement is
  // `stated` ("" when the file states nothing), and writes the store. Returns "" or an error.
  std::string remember(const std::string& path, const std::string& stated, const std::string& chosen);
  // The options line last chosen for `path`, when the file still states `stated`; else null.
  const std::string* chosenFor(const std::string& path, const std::string& stated) const;
  const std::string& storePath() const { return storePath_; }
  size_t size() const { return entries_.size(); }

 private:
  struct Entry {
    std::string path, stated, chosen;
  };
  std::string storePath_;
  std::vector<Entry> entries_;  // newest first
};

// $XDG_STATE_HOME (else ~/.local/state) /shaderlens/options.txt; empty without a home.
std::string defaultRememberedOptionsPath();

}  // namespace sl::views
