#include "views/UiZoom.h"

#include <algorithm>
#include <charconv>
#include <iterator>

namespace sl::views {

namespace {

constexpr int kSteps[] = {50, 67, 75, 80, 90, 100, 110, 125, 150, 175, 200, 250, 300};
static_assert(kSteps[0] == UiZoom::kMinPercent && kSteps[std::size(kSteps) - 1] == UiZoom::kMaxPercent);

}  // namespace

void UiZoom::set(int percent) {
  percent = std::clamp(percent, kMinPercent, kMaxPercent);
  if (percent == percent_) return;
  percent_ = percent;
  ++changes_;
}

bool UiZoom::zoomIn() {
  const int* next = std::upper_bound(std::begin(kSteps), std::end(kSteps), percent_);
  if (next == std::end(kSteps)) return false;
  set(*next);
  return true;
}

bool UiZoom::zoomOut() {
  const int* first = std::lower_bound(std::begin(kSteps), std::end(kSteps), percent_);
  if (first == std::begin(kSteps)) return false;
  set(*(first - 1));
  return true;
}

bool parseZoomPercent(const std::string& text, int& percent, std::string& error) {
  std::string digits = text;
  if (!digits.empty() && digits.back() == '%') digits.pop_back();
  int value = 0;
  const char* end = digits.data() + digits.size();
  auto [ptr, ec] = std::from_chars(digits.data(), end, value);
  if (digits.empty() || ec != std::errc() || ptr != end) {
    error = "a zoom is a percentage such as 125%, not '" + text + "'";
    return false;
  }
  if (value < UiZoom::kMinPercent || value > UiZoom::kMaxPercent) {
    error = "the zoom must be from " + std::to_string(UiZoom::kMinPercent) + "% to " + std::to_string(UiZoom::kMaxPercent) +
            "%, not " + text;
    return false;
  }
  percent = value;
  return true;
}

}  // namespace sl::views
