// Sampling (interp/ImageAccess.h), in the order of the Vulkan spec's "Image Operations" chapter:
// cube map face selection, array layer selection, the scale factor and LOD operations, image
// level selection, the (s,t,r) to (u,v,w) and (i,j,k) transformations, the wrapping operation
// with border replacement, cube map edge handling, depth compare, and nearest/linear filtering
// within and between levels, or the 2x2 footprint of a gather.
//
// Choices where the spec lets implementations differ: the scale factors are the Euclidean norms
// of the scaled derivatives (isotropic; samplers here have no anisotropy), maxSamplerLodBias is
// 16, cube face ties go to z, then y (the spec's recommendation), nearest mip selection rounds
// half down (ceil(d' + 0.5) - 1, the preferred form), RNE rounds ties to even, and a cube corner
// texel is the average of the three texels that meet there.
#include <algorithm>
#include <cmath>

#include "interp/ImageAccess.h"

namespace sl::interp::image {

namespace {

using Address = SamplerResource::Address;
using Filter = SamplerResource::Filter;
using Compare = SamplerResource::Compare;

constexpr double kMaxSamplerLodBias = 16.0;

// floor(x) as a texel index: NaN gives 0, far-out coordinates stay where int64 holds them.
int64_t floorIndex(double x) {
  if (!(x == x)) return 0;
  return int64_t(std::floor(std::clamp(x, -4503599627370496.0, 4503599627370496.0)));  // +-2^52
}
// frac(x) = x - floor(x), 0 for non-finite x.
double fraction(double x) {
  if (!std::isfinite(x)) return 0;
  return x - std::floor(x);
}
// clamp that sends NaN to lo.
double clampNan(double v, double lo, double hi) {
  if (!(v == v)) return lo;
  return v < lo ? lo : v > hi ? hi : v;
}

int64_t positiveMod(int64_t a, int64_t n) {
  const int64_t r = a % n;
  return r < 0 ? r + n : r;
}
int64_t mirror(int64_t n) { return n >= 0 ? n : -(1 + n); }

// The wrapping operation: a texel index in [0, size), or -1 for a border texel.
int64_t wrap(int64_t i, int64_t size, Address mode) {
  switch (mode) {
    case Address::Repeat: return positiveMod(i, size);
    case Address::MirroredRepeat: return (size - 1) - mirror(positiveMod(i, 2 * size) - size);
    case Address::ClampToBorder: return i < 0 || i >= size ? -1 : i;
    case Address::MirrorClampToEdge: return std::clamp<int64_t>(mirror(i), 0, size - 1);
    case Address::ClampToEdge: break;
  }
  return std::clamp<int64_t>(i, 0, size - 1);
}

// ---- cube maps ------------------------------------------------------------------------------

// The cube map face a direction selects (z wins ties, then y) and the direction's face
// components: (s_c, t_c) and the major axis as |r_c| (for derivatives: the derivative of |r_c|).
template <class T>
int cubeFace(const T r[3]) {
  const T ax = r[0] < 0 ? -r[0] : r[0], ay = r[1] < 0 ? -r[1] : r[1], az = r[2] < 0 ? -r[2] : r[2];
  if (az >= ax && az >= ay) return r[2] < 0 ? 5 : 4;
  if (ay >= ax) return r[1] < 0 ? 3 : 2;
  return r[0] < 0 ? 1 : 0;
}
template <class T>
void faceComponents(int face, const T v[3], T& sc, T& tc, T& ma) {
  switch (face) {
    case 0: sc = -v[2], tc = -v[1], ma = v[0]; break;
    case 1: sc = v[2], tc = -v[1], ma = -v[0]; break;
    case 2: sc = v[0], tc = v[2], ma = v[1]; break;
    case 3: sc = v[0], tc = -v[2], ma = -v[1]; break;
    case 4: sc = v[0], tc = -v[1], ma = v[2]; break;
    default: sc = -v[0], tc = -v[1], ma = -v[2]; break;
  }
}
// The inverse: a direction from face components (ma = |r_c|).
void faceDirection(int face, int64_t sc, int64_t tc, int64_t ma, int64_t r[3]) {
  switch (face) {
    case 0: r[0] = ma, r[1] = -tc, r[2] = -sc; break;
    case 1: r[0] = -ma, r[1] = -tc, r[2] = sc; break;
    case 2: r[0] = sc, r[1] = ma, r[2] = tc; break;
    case 3: r[0] = sc, r[1] = -ma, r[2] = -tc; break;
    case 4: r[0] = sc, r[1] = -tc, r[2] = ma; break;
    default: r[0] = -sc, r[1] = -tc, r[2] = -ma; break;
  }
}

// Texel (i, j) one texel beyond an edge of `face` (n x n texels): the texel of the adjacent face
// it continues onto. Texel centres in units where a face spans [-n, n] are odd integers, so the
// mapping is exact: the direction through the centre selects the neighbouring face, and its
// projection there falls inside the texel across the edge.
void adjacentTexel(int face, int64_t i, int64_t j, int64_t n, int& outFace, int64_t& outI, int64_t& outJ) {
  int64_t r[3];
  faceDirection(face, 2 * i + 1 - n, 2 * j + 1 - n, n, r);
  outFace = cubeFace(r);
  int64_t sc, tc, ma;
  faceComponents(outFace, r, sc, tc, ma);
  // s_face = (sc / ma + 1) / 2, texel = floor(s_face * n), with ma = n + 1 and |sc| <= n.
  outI = std::clamp<int64_t>((sc + ma) * n / (2 * ma), 0, n - 1);
  outJ = std::clamp<int64_t>((tc + ma) * n / (2 * ma), 0, n - 1);
}

// ---- the sampling of one request ------------------------------------------------------------

class Sampling {
 public:
  Sampling(const ImageView& view, const SamplerResource& sampler, const SampleRequest& request)
      : view_(view), sampler_(sampler), request_(request), integer_(view.format.isInteger()) {
    dims_ = request.dim == ImageDim::D1 ? 1 : request.dim == ImageDim::D3 ? 3 : 2;
    cube_ = request.dim == ImageDim::Cube;
  }

  void run(SampleResult& out) {
    double st[3] = {0, 0, 0};
    double dsx[3] = {0, 0, 0}, dsy[3] = {0, 0, 0};
    uint32_t arrayCoordinate = dims_;
    if (cube_) {
      arrayCoordinate = 3;
      selectFace(st, dsx, dsy);
      if (view_.levels[0].width != view_.levels[0].height) out.issues |= kSampleCubeNotSquare;
    } else {
      for (uint32_t d = 0; d < dims_; ++d) {
        st[d] = request_.coord[d];
        dsx[d] = request_.ddx[d];
        dsy[d] = request_.ddy[d];
      }
    }
    selectLayer(arrayCoordinate);

    // The LOD operation and image level selection.
    const bool unnormalized = sampler_.unnormalizedCoordinates;
    double lambdaBase = request_.lod;
    if (request_.lodSource == SampleRequest::LodSource::Gradients) {
      const ImageView::Level& base = view_.levels[0];
      const double size[3] = {double(base.width), double(base.height), double(base.depth)};
      double rhoX = 0, rhoY = 0;
      for (uint32_t d = 0; d < dims_; ++d) {
        const double scale = unnormalized ? 1.0 : size[d];
        rhoX += (dsx[d] * scale) * (dsx[d] * scale);
        rhoY += (dsy[d] * scale) * (dsy[d] * scale);
      }
      lambdaBase = std::log2(std::sqrt(std::max(rhoX, rhoY)));
    }
    const double bias = clampNan(double(sampler_.mipLodBias) + request_.bias, -kMaxSamplerLodBias, kMaxSamplerLodBias);
    const double lambdaPrime = lambdaBase + bias;
    const double lodMin = std::max(double(sampler_.minLod), request_.minLod), lodMax = sampler_.maxLod;
    if (lodMin > lodMax) out.issues |= kSampleLodRange;
    double lambda = lambdaPrime;
    if (!(lambda == lambda)) lambda = 0;
    if (lambda > lodMax) lambda = lodMax;
    if (lambda < lodMin) lambda = lodMin;
    const double q = double(view_.mipLevels - 1);
    const double dPrime = clampNan(lambda, 0, q);
    const bool mipLinear = sampler_.mipFilter == Filter::Linear && !integer_;
    const double dl = mipLinear ? dPrime : std::min(q, std::ceil(dPrime + 0.5) - 1);
    if (request_.kind == SampleRequest::Kind::QueryLod) {
      out.queryLod[0] = unnormalized ? 0 : dl;
      out.queryLod[1] = lambdaPrime;
      return;
    }
    if (request_.kind == SampleRequest::Kind::Gather) {
      gather(st, out);
      return;
    }
    Filter filter = lambda <= 0 ? sampler_.magFilter : sampler_.minFilter;
    if (unnormalized) {
      filterLevel(0, sampler_.magFilter, st, out.texel);
    } else if (!mipLinear) {
      filterLevel(uint32_t(std::max(0.0, dl)), filter, st, out.texel);
    } else {
      const uint32_t hi = uint32_t(std::floor(dl));
      const uint32_t lo = std::min<uint32_t>(hi + 1, view_.mipLevels - 1);
      const double delta = dl - double(hi);
      filterLevel(hi, filter, st, out.texel);
      if (delta > 0 && lo != hi) {
        Texel other;
        filterLevel(lo, filter, st, other);
        for (uint32_t c = 0; c < 4; ++c) out.texel.f[c] = (1 - delta) * out.texel.f[c] + delta * other.f[c];
      }
    }
    if (integer_ && (sampler_.magFilter == Filter::Linear || sampler_.minFilter == Filter::Linear || sampler_.mipFilter == Filter::Linear) &&
        !request_.dref)
      out.issues |= kSampleIntegerLinear;
  }

 private:
  // Cube map face selection and the coordinate and derivative transformations.
  void selectFace(double st[3], double dsx[3], double dsy[3]) {
    face_ = cubeFace(request_.coord);
    double sc, tc, ma;
    faceComponents(face_, request_.coord, sc, tc, ma);
    st[0] = 0.5 * (sc / ma) + 0.5;
    st[1] = 0.5 * (tc / ma) + 0.5;
    if (request_.lodSource != SampleRequest::LodSource::Gradients) return;
    auto derivative = [&](const double d[3], double out[3]) {
      double dsc, dtc, dma;
      faceComponents(face_, d, dsc, dtc, dma);
      out[0] = 0.5 * (ma * dsc - sc * dma) / (ma * ma);
      out[1] = 0.5 * (ma * dtc - tc * dma) / (ma * ma);
      out[2] = 0;
    };
    derivative(request_.ddx, dsx);
    derivative(request_.ddy, dsy);
  }

  // Array layer selection: l = clamp(RNE(a), 0, layers - 1) (for cube arrays in cubes).
  void selectLayer(uint32_t arrayCoordinate) {
    const uint32_t count = cube_ ? std::max(1u, view_.layers / 6) : view_.layers;
    uint32_t l = 0;
    if (request_.arrayed) l = uint32_t(clampNan(std::nearbyint(request_.coord[arrayCoordinate]), 0, double(count - 1)));
    layer_ = cube_ ? l * 6 : (request_.dim == ImageDim::D3 ? 0 : l);
  }

  void compare(Texel& t) const {
    double reference = request_.drefValue;
    if (view_.format.kind == TexelFormat::Kind::UNorm) reference = clampNan(reference, 0, 1);
    const double texel = integer_ ? double(int64_t(t.i[0])) : t.f[0];
    bool pass = false;
    switch (sampler_.compare) {
      case Compare::Never: pass = false; break;
      case Compare::Less: pass = reference < texel; break;
      case Compare::Equal: pass = reference == texel; break;
      case Compare::LessEqual: pass = reference <= texel; break;
      case Compare::Greater: pass = reference > texel; break;
      case Compare::NotEqual: pass = reference != texel; break;
      case Compare::GreaterEqual: pass = reference >= texel; break;
      case Compare::Always: pass = true; break;
    }
    t.f[0] = pass ? 1.0 : 0.0;
    t.f[1] = t.f[2] = 0.0;
    t.f[3] = 1.0;
  }

  // A texel at integer coordinates of `level` after wrapping (border replacement included).
  void texelAt(uint32_t level, int64_t i, int64_t j, int64_t k, Texel& out) const {
    const ImageView::Level& l = view_.levels[level];
    const int64_t x = wrap(i, l.width, sampler_.addressU);
    const int64_t y = dims_ >= 2 ? wrap(j, l.height, sampler_.addressV) : 0;
    const int64_t z = dims_ == 3 ? wrap(k, l.depth, sampler_.addressW) : 0;
    if (x < 0 || y < 0 || z < 0) borderTexel(view_.format, sampler_.border, out);
    else decodeTexel(view_.format, view_.texel(level, uint32_t(x), uint32_t(y), uint32_t(z), layer_), Extend::Format, out);
  }

  // A texel of the selected cube face, (i, j) at most one texel beyond it (cube map edge
  // handling: the neighbouring face's texel; at a corner the average of the three).
  void cubeTexelAt(uint32_t level, int64_t i, int64_t j, Texel& out) const {
    const int64_t n = view_.levels[level].width;
    const bool outI = i < 0 || i >= n, outJ = j < 0 || j >= n;
    auto read = [&](int face, int64_t x, int64_t y, Texel& t) {
      const int64_t h = view_.levels[level].height;
      decodeTexel(view_.format, view_.texel(level, uint32_t(std::clamp<int64_t>(x, 0, n - 1)), uint32_t(std::clamp<int64_t>(y, 0, h - 1)), 0,
                                            layer_ + uint32_t(face)),
                  Extend::Format, t);
    };
    if (!outI && !outJ) return read(face_, i, j, out);
    i = std::clamp<int64_t>(i, -1, n);
    j = std::clamp<int64_t>(j, -1, n);
    auto across = [&](int64_t x, int64_t y, Texel& t) {
      int face;
      int64_t ai, aj;
      adjacentTexel(face_, x, y, n, face, ai, aj);
      read(face, ai, aj, t);
    };
    if (outI != outJ) return across(i, j, out);
    const int64_t ci = std::clamp<int64_t>(i, 0, n - 1), cj = std::clamp<int64_t>(j, 0, n - 1);
    Texel b, c;
    read(face_, ci, cj, out);
    across(i, cj, b);
    across(ci, j, c);
    if (integer_) return;  // no average of integers: the face's own corner texel
    for (uint32_t k = 0; k < 4; ++k) out.f[k] = (out.f[k] + b.f[k] + c.f[k]) / 3.0;
  }

  // One texel of the footprint, compared when the request has a Dref.
  void footprintTexel(uint32_t level, int64_t i, int64_t j, int64_t k, Texel& out) const {
    if (cube_) cubeTexelAt(level, i, j, out);
    else texelAt(level, i, j, k, out);
    if (request_.dref) compare(out);
  }

  // (u, v, w) of a level: the coordinates scaled by its size plus the offsets.
  void unnormalize(uint32_t level, const double st[3], double u[3]) const {
    const ImageView::Level& l = view_.levels[level];
    const double size[3] = {double(l.width), double(l.height), double(l.depth)};
    for (uint32_t d = 0; d < 3; ++d)
      u[d] = d < dims_ ? st[d] * (sampler_.unnormalizedCoordinates ? 1.0 : size[d]) + (cube_ ? 0 : request_.offset[d]) : 0;
  }

  // Nearest or linear filtering within one level.
  void filterLevel(uint32_t level, Filter filter, const double st[3], Texel& out) const {
    double u[3];
    unnormalize(level, st, u);
    if (filter == Filter::Nearest || integer_) {
      int64_t i = floorIndex(u[0]), j = floorIndex(u[1]), k = floorIndex(u[2]);
      if (cube_) {  // nearest filtering on a cube clamps to the face's edge
        const int64_t n = view_.levels[level].width;
        i = std::clamp<int64_t>(i, 0, n - 1);
        j = std::clamp<int64_t>(j, 0, n - 1);
      }
      footprintTexel(level, i, j, k, out);
      return;
    }
    int64_t i0[3] = {0, 0, 0};
    double alpha[3] = {0, 0, 0};
    for (uint32_t d = 0; d < dims_; ++d) {
      i0[d] = floorIndex(u[d] - 0.5);
      alpha[d] = fraction(u[d] - 0.5);
    }
    double sum[4] = {0, 0, 0, 0};
    const uint32_t corners = 1u << dims_;
    for (uint32_t corner = 0; corner < corners; ++corner) {
      double weight = 1;
      int64_t at[3] = {0, 0, 0};
      for (uint32_t d = 0; d < dims_; ++d) {
        const bool upper = (corner >> d) & 1;
        at[d] = i0[d] + (upper ? 1 : 0);
        weight *= upper ? alpha[d] : 1 - alpha[d];
      }
      Texel t;
      footprintTexel(level, at[0], at[1], at[2], t);
      for (uint32_t c = 0; c < 4; ++c) sum[c] += weight * t.f[c];
    }
    for (uint32_t c = 0; c < 4; ++c) out.f[c] = sum[c];
  }

  // Texel gathering: component `component` of the 2x2 linear footprint at the base level, in
  // the order i0j1, i1j1, i1j0, i0j0 (or the i0j0 texel of each offset footprint).
  void gather(const double st[3], SampleResult& out) const {
    const uint32_t component = std::min(request_.component, 3u);
    const bool resultInteger = integer_ && !request_.dref;
    auto take = [&](uint32_t slot, const Texel& t) {
      if (request_.dref) out.texel.f[slot] = t.f[0];
      else if (resultInteger) out.texel.i[slot] = t.i[component];
      else out.texel.f[slot] = t.f[component];
    };
    double u[3];
    unnormalize(0, st, u);
    if (request_.gatherOffsets) {
      for (uint32_t k = 0; k < 4; ++k) {
        Texel t;
        footprintTexel(0, floorIndex(u[0] + request_.offsets[k][0] - 0.5), floorIndex(u[1] + request_.offsets[k][1] - 0.5), 0, t);
        take(k, t);
      }
      return;
    }
    const int64_t i0 = floorIndex(u[0] - 0.5), j0 = floorIndex(u[1] - 0.5);
    const int64_t order[4][2] = {{i0, j0 + 1}, {i0 + 1, j0 + 1}, {i0 + 1, j0}, {i0, j0}};
    for (uint32_t k = 0; k < 4; ++k) {
      Texel t;
      footprintTexel(0, order[k][0], order[k][1], 0, t);
      take(k, t);
    }
  }

  const ImageView& view_;
  const SamplerResource& sampler_;
  const SampleRequest& request_;
  const bool integer_;
  uint32_t dims_ = 2;
  bool cube_ = false;
  int face_ = 0;
  uint32_t layer_ = 0;  // the selected layer (cube: the cube's first face)
};

}  // namespace

void sample(const ImageView& view, const SamplerResource& sampler, const SampleRequest& request, SampleResult& out) {
  Sampling(view, sampler, request).run(out);
}

}  // namespace sl::interp::image
