// Status and Result<T>: how every HAL call reports failure. A failed call carries an error code
// and a message that says what was wrong and where (which object, which binding, which slot);
// the HAL never aborts on bad input.
#pragma once

#include <cassert>
#include <optional>
#include <string>
#include <utility>

namespace sl::hal {

enum class ErrorCode {
  Ok,
  InvalidArgument,  // the caller passed something inconsistent (wrong size, missing binding, ...)
  OutOfRange,       // an offset/length/slot/index outside its object
  Unsupported,      // valid request this device or backend cannot do (feature, format, limit)
  Unavailable,      // no loader / no driver / no device matched
  DeviceError,      // the native API failed (VkResult / HRESULT in the message)
  Timeout,
  FailedPrecondition,  // wrong state: submitting an unfinished command buffer, recording after finish, ...
};

const char* errorCodeName(ErrorCode code);

class [[nodiscard]] Status {
 public:
  Status() = default;  // success
  Status(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

  bool ok() const { return code_ == ErrorCode::Ok; }
  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_; }
  // "InvalidArgument: message", for printing.
  std::string toString() const;

 private:
  ErrorCode code_ = ErrorCode::Ok;
  std::string message_;
};

inline Status okStatus() { return Status(); }
inline Status makeError(ErrorCode code, std::string message) { return Status(code, std::move(message)); }

// A value or a failed Status. Accessing the value of a failed Result is a programming error
// (asserted); check ok() first.
template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}
  Result(Status error) : status_(std::move(error)) { assert(!status_.ok() && "Result from an ok Status"); }

  bool ok() const { return value_.has_value(); }
  const Status& status() const { return status_; }
  T& value() & { assert(ok()); return *value_; }
  const T& value() const& { assert(ok()); return *value_; }
  T&& value() && { assert(ok()); return std::move(*value_); }
  T& operator*() & { return value(); }
  const T& operator*() const& { return value(); }
  T* operator->() { return &value(); }
  const T* operator->() const { return &value(); }
  // Moves the value out.
  T take() { assert(ok()); return std::move(*value_); }

 private:
  std::optional<T> value_;
  Status status_;
};

}  // namespace sl::hal

// Early return of a failed Status from a function returning Status or Result<T>.
#define SL_HAL_RETURN_IF_ERROR(expr)            \
  do {                                          \
    ::sl::hal::Status sl_hal_status_ = (expr);  \
    if (!sl_hal_status_.ok()) return sl_hal_status_; \
  } while (0)
