#include "core/passes/qptr/QptrUsage.h"

#include "core/ir/Printer.h"

#include <algorithm>

namespace sl::qptr {

using namespace sl::ir;

Usage Usage::typed(Type t, uint32_t size, bool strict) {
  Usage u;
  u.kind = strict ? Kind::StrictlyTyped : Kind::DirectAccess;
  u.type = t;
  u.maxSize = size;
  return u;
}

Usage Usage::handle(Type t) {
  Usage u;
  u.kind = Kind::Handle;
  u.type = t;
  u.maxSize = 0;
  return u;
}

Usage Usage::buffer(Usage data) {
  Usage u;
  u.kind = Kind::Buffer;
  u.element = std::make_shared<Usage>(std::move(data));
  u.maxSize = 0;
  return u;
}

Usage Usage::offsetBase(uint32_t offset, Usage inner) {
  if (offset == 0) return inner;
  Usage u;
  u.kind = Kind::OffsetBase;
  u.maxSize = inner.maxSize ? std::optional<uint32_t>(offset + *inner.maxSize) : std::nullopt;
  u.entries.emplace(offset, std::move(inner));
  return u;
}

Usage Usage::dynOffsetBase(Usage element, uint32_t stride, uint32_t count) {
  Usage u;
  u.kind = Kind::DynOffsetBase;
  u.stride = stride;
  u.maxSize = count ? std::optional<uint32_t>(count * stride) : std::nullopt;
  u.element = std::make_shared<Usage>(std::move(element));
  return u;
}

const char* const kPunningPrefix = "punning: ";

// Types inside usages print on one line: structs by name, arrays by element.
static std::string shortType(const Context& cx, Type t) {
  const TypeDef& d = cx.def(t);
  switch (d.kind) {
    case TypeKind::Struct: return d.name.empty() ? "struct#" + std::to_string(t.index) : "struct `" + d.name + "`";
    case TypeKind::Array: return "[" + shortType(cx, d.element) + "; " + std::to_string(d.count) + "]";
    case TypeKind::RuntimeArray: return "[" + shortType(cx, d.element) + "]";
    default: return printType(cx, t);
  }
}

namespace {

std::string range(uint32_t start, const std::optional<uint32_t>& size) {
  return std::to_string(start) + ".." + (size ? std::to_string(start + *size) : std::string());
}

std::optional<uint32_t> maxOpt(const std::optional<uint32_t>& a, const std::optional<uint32_t>& b) {
  if (!a || !b) return std::nullopt;
  return std::max(*a, *b);
}

// The usage an element pointer holds: moved out when nothing else shares it (a copy of a big
// usage per merge made merging quadratic), copied otherwise.
Usage takeElement(std::shared_ptr<Usage>& p) {
  if (!p) return Usage::unused();
  if (p.use_count() == 1) return std::move(*p);
  return *p;
}

bool isTyped(const Usage& u) { return u.kind == Usage::Kind::StrictlyTyped || u.kind == Usage::Kind::DirectAccess; }

// Does a value of `type` contain a component usable as `u` at byte `offset`?
bool typeSupports(const Context& cx, const Layouts& layouts, Type type, uint32_t offset, const Usage& u, int depth = 0) {
  if (depth > 16) return false;
  if (u.kind == Usage::Kind::Unused) return true;
  if (isTyped(u) && offset == 0 && u.type == type) return true;
  const TypeLayout& l = layouts.layoutOf(type);
  if (u.maxSize && l.size && offset + *u.maxSize > l.size) return false;
  if (u.kind == Usage::Kind::OffsetBase) {
    for (const auto& [o, e] : u.entries)
      if (!typeSupports(cx, layouts, type, offset + o, e, depth + 1)) return false;
    return true;
  }
  if (u.kind == Usage::Kind::DynOffsetBase) {
    if (l.shape == TypeLayout::Shape::Elements && l.stride == u.stride && offset == 0)
      return typeSupports(cx, layouts, l.element, 0, *u.element, depth + 1);
  }
  if (l.shape == TypeLayout::Shape::Elements && l.stride) {
    const uint32_t i = offset / l.stride;
    if (l.count && i >= l.count) return false;
    return typeSupports(cx, layouts, l.element, offset % l.stride, u, depth + 1);
  }
  if (l.shape == TypeLayout::Shape::Fields) {
    for (size_t f = 0; f < l.offsets.size(); ++f) {
      const uint32_t fo = l.offsets[f];
      const uint32_t fs = layouts.layoutOf(l.fieldTypes[f]).size;
      if (offset >= fo && (u.maxSize ? offset + *u.maxSize <= fo + fs : true) &&
          typeSupports(cx, layouts, l.fieldTypes[f], offset - fo, u, depth + 1))
        return true;
    }
  }
  return false;
}

Usage mergeAt(const Context& cx, const Layouts& layouts, Usage a, uint32_t off, Usage b, std::vector<std::string>& errors);

// The entry with the greatest offset below `limit` that is not zero-sized (zero-sized entries
// overlap nothing but an entry at their own offset).
std::map<uint32_t, Usage>::iterator lastSizedBefore(std::map<uint32_t, Usage>& entries, std::map<uint32_t, Usage>::iterator limit) {
  for (auto it = limit; it != entries.begin();) {
    --it;
    if (!it->second.maxSize || *it->second.maxSize != 0) return it;
  }
  return entries.end();
}

// Inserts `b` at `off` into the OffsetBase `a`, merging with every overlapping entry.
// The sized entries of an offset base never overlap (each merge joins the ones it touches), so
// their ends rise with their starts: only the last sized entry below `off` can reach it, and the
// others that overlap start in [off, end of b). Looking at those alone keeps a merge logarithmic
// in the number of entries (a scan of all of them made 10,000 stores to one buffer quadratic).
Usage mergeIntoOffsetBase(const Context& cx, const Layouts& layouts, Usage a, uint32_t off, Usage b,
                          std::vector<std::string>& errors) {
  uint32_t start = off;
  Usage acc = std::move(b);
  // An end past 4 GiB (malformed offsets or sizes) would wrap and break the ordering below.
  if (acc.maxSize && uint64_t(off) + *acc.maxSize > UINT32_MAX) {
    errors.push_back("usage at +" + std::to_string(off) + " of " + std::to_string(*acc.maxSize) + " bytes ends past 4 GiB");
    return a;
  }
  const std::optional<uint32_t> bEnd = acc.maxSize ? std::optional<uint32_t>(off + *acc.maxSize) : std::nullopt;
  auto overlaps = [&](uint32_t o, const Usage& e) {
    const std::optional<uint64_t> eEnd = e.maxSize ? std::optional<uint64_t>(uint64_t(o) + *e.maxSize) : std::nullopt;
    const bool before = eEnd && *eEnd <= off;
    const bool after = bEnd && o >= *bEnd;
    const bool zeroSized = (e.maxSize && *e.maxSize == 0) || (acc.maxSize && *acc.maxSize == 0);
    return !before && !after && !(zeroSized && o != off);
  };
  std::vector<uint32_t> overlapping;
  const auto from = a.entries.lower_bound(off);
  if (auto below = lastSizedBefore(a.entries, from); below != a.entries.end() && overlaps(below->first, below->second))
    overlapping.push_back(below->first);
  for (auto it = from; it != a.entries.end() && (!bEnd || it->first < *bEnd); ++it)
    if (overlaps(it->first, it->second)) overlapping.push_back(it->first);
  for (uint32_t o : overlapping) {
    const auto found = a.entries.find(o);
    if (found == a.entries.end()) continue;
    Usage& existing = found->second;
    // Neither contains the other: SPIR-T's "unsupported straddling overlap".
    auto end = [](uint32_t s, const Usage& u) {
      return u.maxSize ? std::optional<uint64_t>(uint64_t(s) + *u.maxSize) : std::nullopt;
    };
    const auto eEnd = end(o, existing), accEnd = end(start, acc);
    auto beyond = [](const std::optional<uint64_t>& x, const std::optional<uint64_t>& y) { return !x ? bool(y) : (y && *x > *y); };
    if ((o < start && beyond(accEnd, eEnd)) || (o > start && beyond(eEnd, accEnd))) {
      errors.push_back("unsupported straddling overlap at +" + std::to_string(std::min(o, start)) + " (" +
                       printUsage(cx, existing) + " vs " + printUsage(cx, acc) + ")");
      return a;
    }
    Usage e = std::move(existing);
    a.entries.erase(o);
    if (o <= start) {
      acc = mergeAt(cx, layouts, std::move(e), start - o, std::move(acc), errors);
      start = o;
    } else {
      acc = mergeAt(cx, layouts, std::move(acc), o - start, std::move(e), errors);
    }
  }
  a.entries.emplace(start, std::move(acc));
  // The furthest end: the last sized entry's (ends rise with starts), or the last zero-sized
  // entry's offset when that is further.
  std::optional<uint32_t> size = 0;
  if (auto last = lastSizedBefore(a.entries, a.entries.end()); last != a.entries.end())
    size = last->second.maxSize ? std::optional<uint32_t>(last->first + *last->second.maxSize) : std::nullopt;
  if (size && !a.entries.empty()) size = std::max(*size, a.entries.rbegin()->first);
  a.maxSize = size;
  return a;
}

// "Make `a` also support `b` at byte `off`."
Usage mergeAt(const Context& cx, const Layouts& layouts, Usage a, uint32_t off, Usage b, std::vector<std::string>& errors) {
  // Bounded recursion whatever the input (usages nest as deep as the accesses did).
  static thread_local int depth = 0;
  struct Guard {
    Guard() { ++depth; }
    ~Guard() { --depth; }
  } guard;
  if (depth > 64) {
    errors.push_back("usage nesting too deep to merge");
    return a;
  }
  if (b.kind == Usage::Kind::Unused && off == 0) {
    a.maxSize = maxOpt(a.maxSize, b.maxSize);
    return a;
  }
  // The bigger usage is the base; of two the same size, a typed one (a whole vector accessed
  // both at once and through a dynamic component index: the type supports the indexing).
  const bool sameSizeTyped = a.maxSize && b.maxSize && *a.maxSize == *b.maxSize && isTyped(b) && !isTyped(a);
  if (off == 0 && a.kind != Usage::Kind::Unused && b.kind != Usage::Kind::Unused &&
      (!b.maxSize || (a.maxSize && *b.maxSize > *a.maxSize) || sameSizeTyped)) {
    std::swap(a, b);
  }
  if (isTyped(a) && a.maxSize && (!b.maxSize || off + *b.maxSize > *a.maxSize)) {
    // `b` reaches past `a`: both become entries of one offset base.
    Usage base;
    base.kind = Usage::Kind::OffsetBase;
    base.maxSize = a.maxSize;
    base.entries.emplace(0, std::move(a));
    a = std::move(base);
  }
  if (a.kind == Usage::Kind::Unused) {
    Usage r = Usage::offsetBase(off, std::move(b));
    r.maxSize = maxOpt(r.maxSize, a.maxSize);
    return r;
  }
  if (b.kind == Usage::Kind::OffsetBase) {
    for (auto& [o, e] : b.entries) a = mergeAt(cx, layouts, std::move(a), off + o, std::move(e), errors);
    return a;
  }
  if (isTyped(a)) {
    if (isTyped(b) && off == 0 && a.type == b.type) {
      if (b.kind == Usage::Kind::StrictlyTyped) a.kind = b.kind;
      return a;
    }
    if (typeSupports(cx, layouts, a.type, off, b)) {
      if (b.kind == Usage::Kind::StrictlyTyped) a.kind = b.kind;
      return a;
    }
    if (isTyped(b) && off == 0 && typeSupports(cx, layouts, b.type, 0, a)) {
      if (a.kind == Usage::Kind::StrictlyTyped) b.kind = a.kind;
      return b;
    }
    if (isTyped(b) && cx.isNumericScalarOrVector(a.type) && cx.isNumericScalarOrVector(b.type) &&
        a.maxSize == b.maxSize && off == 0 && a.kind != Usage::Kind::StrictlyTyped) {
      // Same-sized numeric punning (f32 stored, u32 loaded): lift bitcasts the access.
      errors.push_back(std::string(kPunningPrefix) + shortType(cx, a.type) + " vs " + shortType(cx, b.type) +
                       ": accesses of the second type are bitcast");
      return a;
    }
    errors.push_back("type subcomponents incompatible with usage (" + shortType(cx, a.type) + " vs " +
                     printUsage(cx, b) + " at +" + std::to_string(off) + ")");
    return a;
  }
  if (a.kind == Usage::Kind::DynOffsetBase) {
    if (b.maxSize && off % a.stride + *b.maxSize <= a.stride) {
      Usage elem = mergeAt(cx, layouts, takeElement(a.element), off % a.stride, std::move(b), errors);
      a.element = std::make_shared<Usage>(std::move(elem));
      return a;
    }
    if (b.kind == Usage::Kind::DynOffsetBase && b.stride == a.stride && off % a.stride == 0) {
      Usage elem = mergeAt(cx, layouts, takeElement(a.element), 0, takeElement(b.element), errors);
      a.element = std::make_shared<Usage>(std::move(elem));
      if (b.maxSize && a.maxSize) a.maxSize = std::max(*a.maxSize, off + *b.maxSize);
      else a.maxSize = std::nullopt;
      return a;
    }
    errors.push_back("usage straddles the elements of a (0..) x " + std::to_string(a.stride) + " array");
    return a;
  }
  if (a.kind == Usage::Kind::OffsetBase) return mergeIntoOffsetBase(cx, layouts, std::move(a), off, std::move(b), errors);
  errors.push_back("memory usage merged with a handle usage");
  return a;
}

}  // namespace

Usage mergeUsage(const Context& cx, const Layouts& layouts, Usage a, Usage b, std::vector<std::string>& errors) {
  if (a.kind == Usage::Kind::Handle || b.kind == Usage::Kind::Handle) {
    if (a.kind == b.kind && a.type == b.type) return a;
    errors.push_back("merge: " + printUsage(cx, a) + " vs " + printUsage(cx, b));
    return a;
  }
  if (a.kind == Usage::Kind::Buffer || b.kind == Usage::Kind::Buffer) {
    if (a.kind != b.kind) {
      errors.push_back("merge: " + printUsage(cx, a) + " vs " + printUsage(cx, b));
      return a;
    }
    Usage ae = takeElement(a.element), be = takeElement(b.element);
    a.element = std::make_shared<Usage>(mergeUsage(cx, layouts, std::move(ae), std::move(be), errors));
    return a;
  }
  // The bigger (or stricter) one is the base.
  auto rank = [](const Usage& u) {
    const int strict = u.kind == Usage::Kind::Unused || u.kind == Usage::Kind::OffsetBase ? 0
                       : u.kind == Usage::Kind::DynOffsetBase                             ? 1
                                                                                          : 2;
    return std::make_pair(u.maxSize ? int64_t(*u.maxSize) : INT64_MAX, strict);
  };
  if (rank(a) < rank(b)) std::swap(a, b);
  Usage r = mergeAt(cx, layouts, std::move(a), 0, std::move(b), errors);
  return r;
}

std::string printUsage(const Context& cx, const Usage& u) {
  switch (u.kind) {
    case Usage::Kind::Unused: return "_";
    case Usage::Kind::StrictlyTyped: case Usage::Kind::DirectAccess: case Usage::Kind::Handle:
      return shortType(cx, u.type);
    case Usage::Kind::Buffer: return "buffer_data(" + printUsage(cx, *u.element) + ")";
    case Usage::Kind::OffsetBase: {
      std::string s = "{ ";
      bool first = true;
      for (const auto& [o, e] : u.entries) {
        s += (first ? "" : ", ") + range(o, e.maxSize) + " => " + printUsage(cx, e);
        first = false;
      }
      return s + " }";
    }
    case Usage::Kind::DynOffsetBase: {
      std::string n = u.maxSize ? std::to_string(*u.maxSize / u.stride) : std::string();
      return "(0.." + n + ") × " + std::to_string(u.stride) + " => " + printUsage(cx, *u.element);
    }
  }
  return "?";
}

}  // namespace sl::qptr
