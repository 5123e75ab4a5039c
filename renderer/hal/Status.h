// Status and Result<T>: how every HAL call reports failure. A failed call carries an error code
// and a message that says what was wrong and where (which object, which binding, which slot);
// the HAL never aborts on bad input.
#pragma once

#include <cassert>
#include <memory>
#include <optional>
#include <string>
#include <type_traits>
#include <utility>

namespace sl::hal {

enum class ErrorCode {
  Ok,
  InvalidArgument,  // the caller passed something inconsistent (wrong size, missing binding, ...)
  OutOfRange,       // an offset/length/slot/index outside its object
  Unsupported,      // valid request this device or backend cannot do (feature, format, limit)
  Unavailable,      // no loader / no driver / no device matched
  DeviceError,      // the native API failed (VkResult / HRESULT in the message)
  DeviceLost,       // the device is gone (VK_ERROR_DEVICE_LOST, DXGI_ERROR_DEVICE_REMOVED): make a new one
  Timeout,
  FailedPrecondition,  // wrong state: submitting an unfinished command buffer, recording after finish, ...
};

const char* errorCodeName(ErrorCode code);

// Success is a code and a null pointer: creating, moving and destroying an ok Status costs next to
// nothing (hot paths return one per call); the message lives on the heap only for errors.
class [[nodiscard]] Status {
 public:
  Status() = default;  // success
  Status(ErrorCode code, std::string message)
      : code_(code), message_(code == ErrorCode::Ok && message.empty() ? nullptr : std::make_unique<std::string>(std::move(message))) {}
  Status(const Status& other) : code_(other.code_), message_(other.message_ ? std::make_unique<std::string>(*other.message_) : nullptr) {}
  Status& operator=(const Status& other) {
    if (this != &other) {
      code_ = other.code_;
      message_ = other.message_ ? std::make_unique<std::string>(*other.message_) : nullptr;
    }
    return *this;
  }
  Status(Status&&) noexcept = default;
  Status& operator=(Status&&) noexcept = default;

  bool ok() const { return code_ == ErrorCode::Ok; }
  ErrorCode code() const { return code_; }
  const std::string& message() const { return message_ ? *message_ : emptyMessage(); }
  // "InvalidArgument: message", for printing.
  std::string toString() const;

 private:
  static const std::string& emptyMessage();
  ErrorCode code_ = ErrorCode::Ok;
  std::unique_ptr<std::string> message_;
};

inline Status okStatus() { return Status(); }

// A message built only if an error is reported: hot paths (dispatch recording, submit-time
// translation) pass a lambda instead of formatting a std::string per call. Non-owning, like a
// function_ref: valid only during the call it is passed to.
class LazyMessage {
 public:
  template <class F>
    requires std::is_invocable_r_v<std::string, const F&>
  LazyMessage(const F& f)  // NOLINT: implicit on purpose, so a lambda can be passed directly
      : object_(&f), call_([](const void* o) -> std::string { return (*static_cast<const F*>(o))(); }) {}
  std::string operator()() const { return call_(object_); }

 private:
  const void* object_;
  std::string (*call_)(const void*);
};
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
