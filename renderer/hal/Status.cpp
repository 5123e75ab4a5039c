#include "renderer/hal/Status.h"

namespace sl::hal {

const char* errorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::Ok: return "Ok";
    case ErrorCode::InvalidArgument: return "InvalidArgument";
    case ErrorCode::OutOfRange: return "OutOfRange";
    case ErrorCode::Unsupported: return "Unsupported";
    case ErrorCode::Unavailable: return "Unavailable";
    case ErrorCode::DeviceError: return "DeviceError";
    case ErrorCode::DeviceLost: return "DeviceLost";
    case ErrorCode::Timeout: return "Timeout";
    case ErrorCode::FailedPrecondition: return "FailedPrecondition";
  }
  return "Unknown";
}

const std::string& Status::emptyMessage() {
  static const std::string kEmpty;
  return kEmpty;
}

std::string Status::toString() const {
  if (ok()) return "Ok";
  return std::string(errorCodeName(code_)) + ": " + message();
}

}  // namespace sl::hal
