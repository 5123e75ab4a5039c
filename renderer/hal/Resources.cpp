#include "renderer/hal/Resources.h"

#include <algorithm>

namespace sl::hal {

uint64_t packedMipOffset(const TextureDesc& desc, uint32_t level) {
  const uint64_t element = formatSize(desc.format);
  uint64_t offset = 0;
  for (uint32_t i = 0; i < level; ++i) {
    const uint64_t w = std::max<uint64_t>(1, desc.width >> i);
    const uint64_t h = std::max<uint64_t>(1, desc.height >> i);
    offset += w * h * element;
  }
  return offset;
}

uint64_t packedTextureSize(const TextureDesc& desc) { return packedMipOffset(desc, desc.mipLevels); }

Result<std::vector<double>> TimestampPool::readNanoseconds(uint32_t first, uint32_t n) {
  Result<std::vector<uint64_t>> ticks = readTicks(first, n);
  if (!ticks.ok()) return ticks.status();
  std::vector<double> ns;
  ns.reserve(ticks->size());
  for (uint64_t t : *ticks) ns.push_back(static_cast<double>(t) * periodNs());
  return ns;
}

}  // namespace sl::hal
