// Helpers shared by the offload unit tests: reading suite files from ../shared.
#pragma once

#include <fstream>
#include <sstream>
#include <string>

namespace sl::offload::test {

inline std::string sharedDir() { return SL_SHARED_DIR; }
inline std::string suiteDir() { return sharedDir() + "/offload-test-suite/tests"; }

inline std::string readFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace sl::offload::test
