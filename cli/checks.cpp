#include "checks.hpp"

#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <numbers>
#include <sstream>

#include "manipdyn/simulation/simulate.hpp"

namespace manipdyn::cli {
namespace {

// The whole of `word` as a double (strtod: also nan, inf), or nothing.
std::optional<double> parse_double(const std::string& word) {
  if (word.empty() || std::isspace(static_cast<unsigned char>(word[0]))) return std::nullopt;
  char* end = nullptr;
  const double x = std::strtod(word.c_str(), &end);
  if (end != word.c_str() + word.size()) return std::nullopt;
  return x;
}

// The whole of `word` as a decimal integer, or nothing.
std::optional<long> parse_long(const std::string& word) {
  if (word.empty() || std::isspace(static_cast<unsigned char>(word[0]))) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const long x = std::strtol(word.c_str(), &end, 10);
  if (end != word.c_str() + word.size() || errno == ERANGE) return std::nullopt;
  return x;
}

std::string with_unit(const std::string& text, const std::string& unit) {
  return unit.empty() ? text : text + " " + unit;
}

}  // namespace

std::string format_number(double x, int digits) {
  if (std::isnan(x)) return "nan";
  if (std::isinf(x)) return x > 0 ? "inf" : "-inf";
  char buf[64];
  const double ax = std::abs(x);
  const bool scientific = ax >= 1e5 || (ax > 0 && ax < 1e-4);
  std::snprintf(buf, sizeof buf, scientific ? "%.*e" : "%.*g", scientific ? digits - 1 : digits,
                x);
  std::string s = buf;
  // 1.00000000000e+06 -> 1e6, 2.50000000000e-05 -> 2.5e-5.
  const auto e = s.find('e');
  if (e != std::string::npos) {
    std::string mantissa = s.substr(0, e), exponent = s.substr(e + 1);
    if (mantissa.find('.') != std::string::npos) {
      mantissa.erase(mantissa.find_last_not_of('0') + 1);
      if (mantissa.back() == '.') mantissa.pop_back();
    }
    const bool negative = exponent[0] == '-';
    if (exponent[0] == '+' || exponent[0] == '-') exponent.erase(0, 1);
    exponent.erase(0, std::min(exponent.find_first_not_of('0'), exponent.size() - 1));
    s = mantissa + "e" + (negative ? "-" : "") + exponent;
  }
  return s;
}

std::string NumberRange::text() const {
  std::string t;
  if (integer) {
    t = "an integer in " + format_number(lo->value) + ".." + format_number(hi->value);
  } else if (lo && hi) {
    t = with_unit(std::string(lo->inclusive ? ">= " : "> ") + format_number(lo->value) + " and " +
                      (hi->inclusive ? "<= " : "< ") + format_number(hi->value),
                  unit);
  } else if (lo) {
    t = with_unit(std::string(lo->inclusive ? ">= " : "> ") + format_number(lo->value), unit);
  } else if (hi) {
    t = with_unit(std::string(hi->inclusive ? "<= " : "< ") + format_number(hi->value), unit);
  } else {
    t = unit.empty() ? "a finite number" : "a finite number (" + unit + ")";
  }
  return none_allowed ? t + " or none" : t;
}

std::string NumberRange::check(const std::string& word) const {
  if (none_allowed && word == "none") return "";
  const std::string fail = "must be " + text() + ", got ";
  if (integer) {
    const auto x = parse_long(word);
    if (!x) return fail + "'" + word + "'";
    if (*x < lo->value || *x > hi->value) return fail + word;
    return "";
  }
  const auto x = parse_double(word);
  if (!x) return fail + "'" + word + "'";
  if (!std::isfinite(*x)) return fail + word;
  if (lo && (lo->inclusive ? *x < lo->value : *x <= lo->value)) return fail + word;
  if (hi && (hi->inclusive ? *x > hi->value : *x >= hi->value)) return fail + word;
  return "";
}

NumberRange positive(double max, const std::string& unit) {
  return {Bound{0.0, false}, Bound{max, true}, unit};
}

NumberRange non_negative(double max, const std::string& unit) {
  return {Bound{0.0, true}, Bound{max, true}, unit};
}

NumberRange finite_number(const std::string& unit) { return {std::nullopt, std::nullopt, unit}; }

NumberRange integer_in(long lo, long hi) {
  return {Bound{static_cast<double>(lo)}, Bound{static_cast<double>(hi)}, "", true};
}

CLI::Validator number_validator(const NumberRange& range) {
  // The empty description keeps the range out of CLI11's type column: the help text says it.
  return CLI::Validator([range](std::string& word) { return range.check(word); }, "");
}

CLI::Validator one_of(const std::vector<std::string>& choices) {
  return CLI::Validator(
      [choices](std::string& word) -> std::string {
        for (const auto& c : choices)
          if (word == c) return "";
        std::string list;
        for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
        return "must be one of " + list + ", got '" + word + "'";
      },
      "");
}

CLI::Validator non_empty() {
  return CLI::Validator(
      [](std::string& word) -> std::string { return word.empty() ? "must not be empty" : ""; },
      "");
}

std::optional<double> parse_optional_number(const std::string& word) {
  if (word.empty() || word == "none") return std::nullopt;
  return std::strtod(word.c_str(), nullptr);
}

std::vector<double> to_radians(const std::vector<double>& values, bool degrees) {
  std::vector<double> out = values;
  if (degrees)
    for (double& x : out) x *= std::numbers::pi / 180.0;
  return out;
}

void check_output_file(const std::string& path, const std::string& option) {
  namespace fs = std::filesystem;
  if (path.empty()) throw UsageError(option + ": the output file name is empty");
  const std::string where = option + " '" + path + "': ";
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw UsageError(where + "is a folder, not a file");
  fs::path dir = fs::path(path).parent_path();
  if (dir.empty()) dir = ".";
  if (!fs::exists(dir, ec))
    throw UsageError(where + "folder '" + dir.string() + "' does not exist");
  if (!fs::is_directory(dir, ec))
    throw UsageError(where + "'" + dir.string() + "' is not a folder");
  if (access(dir.c_str(), W_OK | X_OK) != 0)
    throw UsageError(where + "folder '" + dir.string() + "' is not writable");
  if (fs::exists(path, ec) && access(path.c_str(), W_OK) != 0)
    throw UsageError(where + "the file exists and is not writable");
}

namespace fs = std::filesystem;

// The folders prepare_output_dir() created in this run, deepest first.
static std::vector<fs::path>& created_dirs() {
  static std::vector<fs::path> dirs;
  return dirs;
}

void prepare_output_dir(const std::string& dir, const std::string& option) {
  if (dir.empty()) throw UsageError(option + ": the output folder name is empty");
  const std::string where = option + " '" + dir + "': ";
  std::error_code ec;
  if (fs::exists(dir, ec) && !fs::is_directory(dir, ec))
    throw UsageError(where + "exists and is not a folder");
  // the folders this creates, deepest first, so that a failed run can remove them again
  std::vector<fs::path> missing;
  for (fs::path p = fs::absolute(dir, ec).lexically_normal(); !p.empty() && !fs::exists(p, ec);
       p = p.parent_path()) {
    missing.push_back(p);
    if (p == p.parent_path()) break;
  }
  fs::create_directories(dir, ec);
  if (ec) throw UsageError(where + "cannot create the folder (" + ec.message() + ")");
  created_dirs().insert(created_dirs().end(), missing.begin(), missing.end());
  if (access(dir.c_str(), W_OK | X_OK) != 0) throw UsageError(where + "folder is not writable");
}

void remove_empty_created_dirs() {
  std::error_code ec;
  // fs::remove of a folder removes it only if it is empty
  for (const auto& dir : created_dirs())
    if (fs::is_directory(dir, ec) && fs::is_empty(dir, ec)) fs::remove(dir, ec);
  created_dirs().clear();
}

void check_file_stem(const std::string& stem, const std::string& option) {
  if (stem.empty()) throw UsageError(option + ": the file name stem is empty");
  if (stem.find('/') != std::string::npos || stem.front() == '.')
    throw UsageError(option + " '" + stem +
                     "': must be a plain file name stem (no '/', not starting with '.'); give "
                     "the folder with --output-dir");
}

void check_work(double duration, const std::string& duration_option, double period,
                const std::string& period_option, const std::string& what, double limit) {
  const double count = std::ceil(duration / period - 1e-9);
  if (count <= limit) return;
  throw UsageError("too much work: " + duration_option + " " + format_number(duration) +
                   " s / " + period_option + " " + format_number(period) + " s = " +
                   format_number(count, 4) + " " + what + ", at most " + format_number(limit) +
                   " allowed (shorten " + duration_option + " or raise " + period_option +
                   " to at least " + format_number(duration / limit, 4) + " s)");
}

void add_integrator_options(CLI::App& sub, IntegratorCliOptions& o, const std::string& step_help) {
  add_number(sub, "--step", o.step, positive(kMaxDuration, "s"), step_help);
  sub.add_option("--integrator", o.integrator, "rk4 (default) or dormand_prince")
      ->check(one_of(names<IntegratorType>()));
  add_number(sub, "--atol", o.atol, NumberRange{Bound{0.0, false}, Bound{1.0}, ""},
             "Dormand-Prince absolute tolerance (rad, rad/s)");
  add_number(sub, "--rtol", o.rtol, NumberRange{Bound{0.0}, Bound{1.0}, ""},
             "Dormand-Prince relative tolerance");
}

void check_integrator_options(const IntegratorCliOptions& o, double duration,
                              const std::string& duration_option,
                              const std::function<bool(const char*)>& given) {
  if (o.integrator == "rk4")
    check_work(duration, duration_option, o.step, "--step", "RK4 steps", kMaxSteps);
  if (o.integrator != "dormand_prince")
    for (const char* flag : {"--atol", "--rtol"})
      if (given(flag))
        throw UsageError(std::string(flag) + " applies to --integrator dormand_prince only");
}

std::string rk4_step_note(double step, double period, const std::string& period_option) {
  const double per_period = std::ceil(period / step - 1e-9);
  const double used = period / per_period;
  if (std::abs(used - step) <= 1e-9 * step) return "";
  return "note: RK4 step " + format_number(used) + " s (--step " + format_number(step) +
         " s shortened to divide the " + period_option + " " + format_number(period) +
         " s into " + format_number(per_period) + " equal steps)";
}

}  // namespace manipdyn::cli
