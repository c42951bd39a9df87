//===- Assert.cpp - Device-side assert() ----------------------------------===//
//
// Part of Rubicon. __assertfail is what CUDA's assert() calls in device code
// (the headers route glibc's __assert_fail to it). It prints CUDA's message
//   file:line: function: block: [x,y,z], thread: [x,y,z] Assertion `expr`
//   failed.
// through ockl's hostcall printf and stops the kernel with a trap.
//
//===----------------------------------------------------------------------===//
#include "OcklServices.h"
#include "Primitives.h"

using namespace rubicon;
using namespace rubicon::machine;

namespace {

u64 lengthWithNul(const char *string) {
  u64 length = 0;
  while (string[length] != '\0')
    ++length;
  return length + 1;
}

const char *orPlaceholder(const char *string) {
  return string ? string : "(null)";
}

u64 appendString(u64 descriptor, const char *string, bool isLast) {
  string = orPlaceholder(string);
  return __ockl_printf_append_string_n(descriptor, string,
                                       lengthWithNul(string), isLast);
}

} // namespace

RUBICON_EXPORT [[noreturn]] __attribute__((noinline, cold)) void __assertfail(const char *message,
                                              const char *file, u32 line,
                                              const char *function,
                                              size_t /*charSize*/) {
  static constexpr char Format[] =
      "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` "
      "failed.\n";
  u64 descriptor = __ockl_printf_begin(0);
  descriptor = appendString(descriptor, Format, false);
  descriptor = appendString(descriptor, file, false);
  descriptor = __ockl_printf_append_args(descriptor, 1, line, 0, 0, 0, 0, 0,
                                         0, false);
  descriptor = appendString(descriptor, function, false);
  descriptor = __ockl_printf_append_args(
      descriptor, 6, blockInGrid(Dimension::X), blockInGrid(Dimension::Y),
      blockInGrid(Dimension::Z), threadInBlock(Dimension::X),
      threadInBlock(Dimension::Y), threadInBlock(Dimension::Z), 0, false);
  appendString(descriptor, message, true);
  trap();
}

// glibc's assert() calls __assert_fail, which CUDA's headers (and Rubicon's)
// declare __host__ __device__; its device side is this one.
RUBICON_EXPORT [[noreturn]] void __assert_fail(const char *message,
                                               const char *file, u32 line,
                                               const char *function) noexcept {
  __assertfail(message, file, line, function, sizeof(char));
}
