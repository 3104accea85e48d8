#pragma once
/// \file error_message.hpp
/// message_of(f): the what() of the exception of type E (default std::invalid_argument, the type
/// of the library's input errors) that f() throws, or "(no exception)"; an exception of another
/// type propagates, so a test expecting an input error also checks its type.
#include <stdexcept>
#include <string>

namespace manipdyn::test_support {

template <typename E = std::invalid_argument, typename F>
std::string message_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  return "(no exception)";
}

}  // namespace manipdyn::test_support
