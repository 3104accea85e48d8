#pragma once
/// \file enum_names.hpp
/// One name per value of an enum of methods, written once in a table that every reader uses:
/// the C++ to_string / from_string, the CLI's choices, the Python strings and the docs. An enum
/// opts in by specialising EnumNames beside its declaration:
///
///   template <> struct EnumNames<InverseDynamicsMethod> {
///     static constexpr std::string_view argument = "inverse dynamics method";
///     static constexpr EnumName<InverseDynamicsMethod> table[] = {
///         {InverseDynamicsMethod::fastest, "fastest"}, ...};
///   };
///
/// A table row marked `deprecated` is an old spelling: from_string accepts it, to_string,
/// all() and names() never produce it (each value's first non-deprecated row is its name).
#include <cstddef>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace manipdyn {

/// One row of an enum's name table.
template <typename E>
struct EnumName {
  E value;
  const char* name;         ///< snake_case, the same word in C++, the CLI and Python
  bool deprecated = false;  ///< an old synonym: parsed, never printed
};

/// Specialised per enum: `argument` (what a value names, for messages: "inverse dynamics
/// method") and `table` (an array of EnumName<E>, canonical names in the documented order).
template <typename E>
struct EnumNames;

/// The enums that have a name table.
template <typename E>
concept NamedEnum = requires {
  EnumNames<E>::table[0];
  EnumNames<E>::argument;
};

/// The name of `value` (its first non-deprecated row); throws std::invalid_argument for a value
/// outside the table (a cast integer).
template <NamedEnum E>
const char* to_string(E value) {
  for (const EnumName<E>& row : EnumNames<E>::table)
    if (row.value == value && !row.deprecated) return row.name;
  throw std::invalid_argument("to_string: no name for " + std::string(EnumNames<E>::argument) +
                              " " + std::to_string(static_cast<long long>(value)));
}

/// Every value, in the table's order (deprecated rows skipped).
template <NamedEnum E>
std::vector<E> all() {
  std::vector<E> out;
  for (const EnumName<E>& row : EnumNames<E>::table)
    if (!row.deprecated) out.push_back(row.value);
  return out;
}

/// The name of every value, in the table's order (the CLI's and Python's list of choices).
template <NamedEnum E>
std::vector<std::string> names() {
  std::vector<std::string> out;
  for (const EnumName<E>& row : EnumNames<E>::table)
    if (!row.deprecated) out.emplace_back(row.name);
  return out;
}

/// The valid names joined for a message: "a, b, c" (separator ", "), or with `quote` and
/// `last` set, "'a', 'b' or 'c'".
template <NamedEnum E>
std::string names_text(bool quote = false, std::string_view last = ", ") {
  const std::vector<std::string> all_names = names<E>();
  std::string out;
  for (std::size_t i = 0; i < all_names.size(); ++i) {
    if (i > 0) out += i + 1 == all_names.size() ? std::string(last) : std::string(", ");
    out += quote ? "'" + all_names[i] + "'" : all_names[i];
  }
  return out;
}

/// The value named `name` (a deprecated synonym too), or nothing.
template <NamedEnum E>
std::optional<E> try_from_string(std::string_view name) {
  for (const EnumName<E>& row : EnumNames<E>::table)
    if (name == row.name) return row.value;
  return std::nullopt;
}

/// The value named `name`; throws std::invalid_argument
/// "<where>: unknown <argument> '<name>' (valid: a, b, c)" otherwise (no "<where>: " when
/// `where` is empty; `argument` defaults to the table's).
template <NamedEnum E>
E from_string(std::string_view name, std::string_view where = {},
              std::string_view argument = EnumNames<E>::argument) {
  if (const std::optional<E> value = try_from_string<E>(name)) return *value;
  std::string message = where.empty() ? std::string() : std::string(where) + ": ";
  message += "unknown " + std::string(argument) + " '" + std::string(name) + "' (valid: " +
             names_text<E>() + ")";
  throw std::invalid_argument(message);
}

}  // namespace manipdyn
