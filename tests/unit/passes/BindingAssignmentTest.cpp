// DXC's descriptor numbering, on the conformance cases of hlsl-spirv.md §2.3 and §7.
#include "core/passes/BindingAssignment.h"

#include <catch2/catch.hpp>

using namespace sl::passes;

static BindingRequest reg(const char* name, char cls, uint32_t index, std::optional<uint32_t> space = {}) {
  BindingRequest r;
  r.name = name;
  r.registerClass = cls;
  r.registerIndex = index;
  r.space = space;
  return r;
}
static BindingRequest implicit(const char* name) {
  BindingRequest r;
  r.name = name;
  return r;
}
static BindingRequest counterOf(int buffer, const char* name) {
  BindingRequest r;
  r.name = name;
  r.counterOf = buffer;
  return r;
}
static bool at(const BindingResult& r, uint32_t set, uint32_t binding) { return r.set == set && r.binding == binding; }

TEST_CASE("bindings: implicit order follows declarations", "[passes][bindings]") {
  auto out = assignBindings({implicit("s"), implicit("t"), implicit("CB"), implicit("rw")}, {});
  CHECK(at(out[0], 0, 0));
  CHECK(at(out[1], 0, 1));
  CHECK(at(out[2], 0, 2));
  CHECK(at(out[3], 0, 3));
}

TEST_CASE("bindings: implicit ones fill the lowest holes", "[passes][bindings]") {
  auto out = assignBindings({reg("a", 't', 3), implicit("b"), reg("c", 't', 0, 2), implicit("d")}, {});
  CHECK(at(out[0], 0, 3));
  CHECK(at(out[1], 0, 0));
  CHECK(at(out[2], 2, 0));
  CHECK(at(out[3], 0, 1));
}

TEST_CASE("bindings: register classes share one space unless shifted", "[passes][bindings]") {
  std::vector<BindingRequest> rs{reg("CB", 'b', 0), reg("t", 't', 0)};
  auto out = assignBindings(rs, {});
  CHECK(at(out[0], 0, 0));
  CHECK(at(out[1], 0, 0));
  BindingOptions o;
  o.shifts.push_back({'t', 16, 0});
  out = assignBindings(rs, o);
  CHECK(at(out[1], 0, 16));
}

TEST_CASE("bindings: counters (append eager, RW lazy at the end, explicit counter_binding)", "[passes][bindings]") {
  // AppendStructuredBuffer ap : register(u1); Texture2D t;  -> ap 1, counter 0, t 2
  auto out = assignBindings({reg("ap", 'u', 1), counterOf(0, "counter_var_ap"), implicit("t")}, {});
  CHECK(at(out[0], 0, 1));
  CHECK(at(out[1], 0, 0));
  CHECK(at(out[2], 0, 2));
  // RWStructuredBuffer rb; Texture2D t; rb.IncrementCounter() -> rb 0, t 1, counter 2
  out = assignBindings({implicit("rb"), implicit("t"), counterOf(0, "counter_var_rb")}, {});
  CHECK(at(out[2], 0, 2));
  // [[vk::binding(4,1), vk::counter_binding(9)]]
  BindingRequest rb = implicit("rb");
  rb.vkBinding = 4;
  rb.vkSet = 1;
  BindingRequest c = counterOf(0, "counter_var_rb");
  c.counterBinding = 9;
  out = assignBindings({rb, c}, {});
  CHECK(at(out[0], 1, 4));
  CHECK(at(out[1], 1, 9));
}

TEST_CASE("bindings: the worked example of hlsl-spirv.md 2.3, with and without shifts", "[passes][bindings]") {
  BindingRequest lut = implicit("lut");
  lut.vkBinding = 5;
  std::vector<BindingRequest> rs{reg("Frame", 'b', 0),       reg("albedo", 't', 0), reg("normal", 't', 1, 1),
                                 implicit("samp"),           reg("outBuf", 'u', 2), implicit("app"),
                                 counterOf(5, "counter_app"), implicit("$Globals"), lut,
                                 counterOf(4, "counter_outBuf")};
  auto out = assignBindings(rs, {});
  CHECK(at(out[8], 0, 5));
  CHECK(at(out[0], 0, 0));
  CHECK(at(out[1], 0, 0));
  CHECK(at(out[2], 1, 1));
  CHECK(at(out[4], 0, 2));
  CHECK(at(out[3], 0, 1));
  CHECK(at(out[5], 0, 3));
  CHECK(at(out[6], 0, 4));
  CHECK(at(out[7], 0, 6));
  CHECK(at(out[9], 0, 7));
  BindingOptions o;
  o.shifts = {{'t', 10, 0}, {'u', 20, 0}};
  out = assignBindings(rs, o);
  CHECK(at(out[1], 0, 10));
  CHECK(at(out[4], 0, 22));
  CHECK(at(out[3], 0, 1));
  CHECK(at(out[5], 0, 2));
  CHECK(at(out[6], 0, 3));
  CHECK(at(out[7], 0, 4));
  CHECK(at(out[9], 0, 6));
}

TEST_CASE("bindings: a shift for all spaces", "[passes][bindings]") {
  BindingOptions o;
  o.shifts = {{'t', 100, std::nullopt}, {'u', 200, 0}};
  auto out = assignBindings({reg("a", 't', 1, 3), reg("b", 'u', 0)}, o);
  CHECK(at(out[0], 3, 101));
  CHECK(at(out[1], 0, 200));
}
