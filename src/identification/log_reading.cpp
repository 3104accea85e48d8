// The checks every log reader shares (log_reading.hpp).
#include "log_reading.hpp"

#include <cmath>
#include <sstream>

#include "manipdyn/identification/motion_log.hpp"
#include "manipdyn/io/parse_error.hpp"

namespace manipdyn::detail {

void check_log_bytes(const std::string& source, std::uintmax_t bytes, const char* what) {
  if (bytes > max_motion_log_bytes)
    throw ParseError(source, 0, 0, "",
                     "is " + std::to_string(bytes >> 20) + " MiB, more than the " +
                         std::to_string(max_motion_log_bytes >> 20) + " MiB a " + what +
                         " may have (split or decimate it)");
}

void append_log_time(const CsvReader& reader, std::size_t column, std::vector<double>& times,
                     int previous_line) {
  const double tk = reader.number(column);
  if (!std::isfinite(tk)) reader.fail(column, std::string("is ") + (std::isnan(tk) ? "nan" : "inf"));
  if (!times.empty() && tk <= times.back()) {
    std::ostringstream os;
    os.precision(17);
    os << "time " << tk << " s is not after the previous sample's " << times.back() << " s (line "
       << previous_line << "): " << (tk == times.back() ? "repeated time" : "time goes back");
    reader.fail(column, os.str());
  }
  times.push_back(tk);
}

}  // namespace manipdyn::detail
