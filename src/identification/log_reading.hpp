#pragma once
// What every log reader checks alike (private: read_motion_log for arms,
// stewart::read_platform_log for platforms): the file's size and each row's time.
#include <cstdint>
#include <string>
#include <vector>

#include "manipdyn/io/csv.hpp"

namespace manipdyn::detail {

/// Throws ParseError "<source>: is 300 MiB, more than the 256 MiB a <what> may have (split or
/// decimate it)" for more than max_motion_log_bytes.
void check_log_bytes(const std::string& source, std::uintmax_t bytes, const char* what);

/// The time in cell `column` of the reader's current row, appended to `times`: ParseError at the
/// cell for nan or inf, and for a time not after the previous one (naming `previous_line`, the
/// line of the previous sample, and "repeated time" or "time goes back").
void append_log_time(const CsvReader& reader, std::size_t column, std::vector<double>& times,
                     int previous_line);

}  // namespace manipdyn::detail
