#include <catch2/catch.hpp>

#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "core/support/StableVector.h"

using sl::StableVector;

TEST_CASE("stable vector: elements never move while it grows", "[support]") {
  StableVector<std::string> v;
  std::vector<const std::string*> addresses;
  for (int i = 0; i < 5000; ++i) {
    v.push_back("element " + std::to_string(i));
    addresses.push_back(&v.back());
  }
  REQUIRE(v.size() == 5000);
  for (int i = 0; i < 5000; ++i) {
    CHECK(&v[size_t(i)] == addresses[size_t(i)]);
    CHECK(v[size_t(i)] == "element " + std::to_string(i));
  }
  // A reference held across appends (the IR's use: an InstDef& across an insertion) stays usable.
  std::string& first = v.front();
  for (int i = 0; i < 1000; ++i) v.emplace_back(size_t(3), 'x');
  first += "!";
  CHECK(v[0] == "element 0!");
  CHECK(v.back() == "xxx");
}

TEST_CASE("stable vector: iteration, algorithms, copies and moves", "[support]") {
  StableVector<int> v;
  for (int i = 0; i < 100; ++i) v.push_back(99 - i);
  int expected = 99;
  for (int x : v) CHECK(x == expected--);
  CHECK(std::distance(v.begin(), v.end()) == 100);
  CHECK(*std::find(v.begin(), v.end(), 42) == 42);
  CHECK(std::find(v.begin(), v.end(), 42) - v.begin() == 57);
  std::sort(v.begin(), v.end());
  CHECK(std::is_sorted(v.begin(), v.end()));
  CHECK(v.front() == 0);
  CHECK(v.back() == 99);
  StableVector<int>::const_iterator c = v.begin();
  CHECK(c[17] == 17);

  StableVector<int> copy = v;
  copy[0] = -1;
  CHECK(v[0] == 0);
  CHECK(copy.size() == 100);
  StableVector<int> moved = std::move(copy);
  CHECK(moved.size() == 100);
  CHECK(moved[0] == -1);
  CHECK(copy.empty());  // NOLINT(bugprone-use-after-move): moved-from is specified empty
  copy = moved;
  CHECK(copy[99] == 99);
  moved = StableVector<int>();
  CHECK(moved.empty());
}

TEST_CASE("stable vector: destroys what it holds exactly once", "[support]") {
  auto counter = std::make_shared<int>(0);
  {
    StableVector<std::shared_ptr<int>> v;
    for (int i = 0; i < 300; ++i) v.push_back(counter);
    CHECK(counter.use_count() == 301);
    v.pop_back();
    CHECK(counter.use_count() == 300);
    StableVector<std::shared_ptr<int>> copy = v;
    CHECK(counter.use_count() == 599);
    v.clear();
    CHECK(counter.use_count() == 300);
    v.push_back(counter);  // reuses the kept chunks
    CHECK(v.size() == 1);
  }
  CHECK(counter.use_count() == 1);
}
