#include "interp/Printf.h"

#include <algorithm>
#include <cstdio>
#include <cmath>
#include <cstring>
#include <limits>

namespace sl::interp {

namespace {

uint64_t readBits(const uint8_t* at, uint32_t width) {
  uint64_t v = 0;
  std::memcpy(&v, at, std::min<uint32_t>(width, 64) / 8);
  return v;
}

int64_t signExtend(uint64_t v, uint32_t width) {
  if (width >= 64) return int64_t(v);
  const uint64_t sign = uint64_t(1) << (width - 1);
  return int64_t((v ^ sign) - sign);
}

double asDouble(uint64_t bits, uint32_t width) {
  if (width == 64) {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  if (width == 16) {  // binary16 to double, exactly
    const uint32_t sign = uint32_t(bits >> 15) & 1, exponent = uint32_t(bits >> 10) & 0x1f, mantissa = uint32_t(bits) & 0x3ff;
    double magnitude;
    if (exponent == 0) magnitude = std::ldexp(double(mantissa), -24);
    else if (exponent == 31) magnitude = mantissa ? std::numeric_limits<double>::quiet_NaN() : std::numeric_limits<double>::infinity();
    else magnitude = std::ldexp(double(mantissa | 0x400), int(exponent) - 25);
    return sign ? -magnitude : magnitude;
  }
  float f;
  const uint32_t b = uint32_t(bits);
  std::memcpy(&f, &b, 4);
  return f;
}

// One scalar by a C conversion spec (`spec`: "%" flags width precision, without length or
// conversion), as `conversion` with `wide` for an `l` length.
std::string formatScalar(const std::string& spec, char conversion, bool wide, const PrintfArg& arg, uint32_t component) {
  const uint64_t bits = readBits(arg.bytes + size_t(component) * (arg.width / 8), arg.width);
  char buffer[512];
  std::string c = spec;
  switch (conversion) {
    case 'd': case 'i': {
      const int64_t v = arg.isFloat ? int64_t(asDouble(bits, arg.width)) : signExtend(bits, wide ? 64 : std::min<uint32_t>(arg.width, wide ? 64 : 32));
      std::snprintf(buffer, sizeof buffer, (c + "lld").c_str(), static_cast<long long>(v));
      break;
    }
    case 'u': case 'o': case 'x': case 'X': {
      uint64_t v = bits;
      if (!wide && arg.width > 32) v &= 0xffffffffu;
      std::snprintf(buffer, sizeof buffer, (c + "ll" + conversion).c_str(), static_cast<unsigned long long>(v));
      break;
    }
    default: {  // a A e E f F g G: the value as a float of its own width (integers convert)
      const double v = arg.isFloat ? asDouble(bits, arg.width)
                       : arg.isSigned ? double(signExtend(bits, arg.width))
                                      : double(bits);
      std::snprintf(buffer, sizeof buffer, (c + conversion).c_str(), v);
      break;
    }
  }
  return buffer;
}

}  // namespace

std::string formatDebugPrintf(std::string_view format, std::span<const PrintfArg> args, std::string& error) {
  std::string out;
  size_t next = 0;
  for (size_t i = 0; i < format.size(); ++i) {
    const char ch = format[i];
    if (ch != '%') {
      out += ch;
      continue;
    }
    if (i + 1 < format.size() && format[i + 1] == '%') {
      out += '%';
      ++i;
      continue;
    }
    const size_t start = i++;
    std::string spec = "%";
    while (i < format.size() && std::strchr("-+ #0", format[i])) spec += format[i++];
    for (int digits = 0; i < format.size() && format[i] >= '0' && format[i] <= '9'; ++digits) {
      if (digits == 3) {
        error = "the width in '" + std::string(format.substr(start, i - start + 1)) + "' is too large";
        return "";
      }
      spec += format[i++];
    }
    if (i < format.size() && format[i] == '.') {
      spec += format[i++];
      for (int digits = 0; i < format.size() && format[i] >= '0' && format[i] <= '9'; ++digits) {
        if (digits == 3) {
          error = "the precision in '" + std::string(format.substr(start, i - start + 1)) + "' is too large";
          return "";
        }
        spec += format[i++];
      }
    }
    uint32_t vector = 0;
    if (i + 1 < format.size() && format[i] == 'v' && format[i + 1] >= '2' && format[i + 1] <= '4') {
      vector = uint32_t(format[i + 1] - '0');
      i += 2;
    }
    bool wide = false;
    if (i < format.size() && format[i] == 'l') {
      wide = true;
      ++i;
    }
    if (i >= format.size() || !std::strchr("diuoxXaAeEfFgG", format[i])) {
      const std::string what(format.substr(start, std::min(format.size(), i + 1) - start));
      error = "'" + what + "' is not a conversion debug printf knows (d i u o x X a A e E f F g G, with l or v2..v4)";
      return "";
    }
    const char conversion = format[i];
    if (next >= args.size()) {
      error = "the format wants more arguments than the " + std::to_string(args.size()) + " it got";
      return "";
    }
    const PrintfArg& arg = args[next++];
    const uint32_t count = vector ? vector : 1;
    for (uint32_t k = 0; k < count; ++k) {
      if (k) out += ", ";
      // A scalar given to a vector conversion repeats; components past the argument's read 0.
      const uint32_t component = arg.components == 1 ? 0 : k;
      if (component >= arg.components) {
        error = "'" + std::string(format.substr(start, i - start + 1)) + "' wants " + std::to_string(count) +
                " components of an argument that has " + std::to_string(arg.components);
        return "";
      }
      out += formatScalar(spec, conversion, wide, arg, component);
    }
  }
  return out;
}

void PrintfCollector::add(uint64_t workgroupLinear, uint64_t sequence, PrintfMessage message) {
  std::lock_guard<std::mutex> lock(mutex_);
  entries_.push_back({workgroupLinear, sequence, std::move(message)});
  // Keep the first `limit_` in the final order, whatever order the workers deliver them in.
  if (entries_.size() >= 2 * limit_ + 64) {
    auto before = [](const Entry& a, const Entry& b) { return a.workgroup != b.workgroup ? a.workgroup < b.workgroup : a.sequence < b.sequence; };
    std::nth_element(entries_.begin(), entries_.begin() + ptrdiff_t(limit_), entries_.end(), before);
    dropped_ += entries_.size() - limit_;
    entries_.resize(limit_);
  }
}

std::vector<PrintfMessage> PrintfCollector::take(uint64_t& dropped) {
  std::lock_guard<std::mutex> lock(mutex_);
  std::stable_sort(entries_.begin(), entries_.end(),
                   [](const Entry& a, const Entry& b) { return a.workgroup != b.workgroup ? a.workgroup < b.workgroup : a.sequence < b.sequence; });
  if (entries_.size() > limit_) {
    dropped_ += entries_.size() - limit_;
    entries_.resize(limit_);
  }
  dropped = dropped_;
  std::vector<PrintfMessage> out;
  out.reserve(entries_.size());
  for (Entry& e : entries_) out.push_back(std::move(e.message));
  entries_.clear();
  return out;
}

}  // namespace sl::interp
