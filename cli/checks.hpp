#pragma once
/// \file checks.hpp
/// Conventions shared by every `manipdyn` subcommand (docs/cli.md):
///  - radians and SI units; `--deg` switches the angle options of a command to degrees;
///  - every numeric option is checked when it is parsed (finite, in its range) by a validator
///    made here, whose message names the option, the range and the value:
///    "--duration: must be > 0 and <= 1e6 s, got -1";
///  - a UsageError (a wrong command line: a bad value, a combination of options, an option that
///    does not fit the model, an output path that cannot be written) exits with status 2; a
///    model or computation error (std::exception) with status 1; success with 0;
///  - the work a command may do is bounded (kMaxSteps, kMaxSamples) and checked before anything
///    is allocated;
///  - output files and folders are checked (and folders created) before the computation; a
///    folder created by a run that fails is removed again if it is still empty.
#include <functional>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

namespace manipdyn::cli {

/// A wrong command line (exit status 2). Anything else thrown is a model or computation error
/// (exit status 1).
class UsageError : public std::invalid_argument {
 public:
  using std::invalid_argument::invalid_argument;
};

/// Most RK4 integration steps of one `simulate` or `control` run.
inline constexpr double kMaxSteps = 1e7;
/// Most logged samples of one `simulate`/`control` run, or of one Stewart path.
inline constexpr double kMaxSamples = 1e6;
/// Longest simulated time of `simulate` and `control`, s.
inline constexpr double kMaxDuration = 1e6;

/// A number as a person writes it, with at most `digits` significant digits: 1e6, 1e-12, 0.01,
/// 2.5, 1e+20 -> 1e20.
std::string format_number(double x, int digits = 12);

/// One end of a range: the value and whether it belongs to the range.
struct Bound {
  double value;
  bool inclusive = true;
};

/// The range of a numeric option: optional ends, a unit ("s", "kg", "" for none), whether only
/// integers are allowed, and whether the word `none` is accepted too (the option then has no
/// value; the caller stores it as a string and reads it with parse_optional_number()).
struct NumberRange {
  std::optional<Bound> lo, hi;
  std::string unit;
  bool integer = false;
  bool none_allowed = false;

  /// "> 0 and <= 1e6 s", "an integer in 0..52", ">= 0 kg or none".
  std::string text() const;
  /// "" if `word` is a number in range (or `none` when allowed), else the reason, e.g.
  /// "must be > 0 and <= 1e6 s, got -1".
  std::string check(const std::string& word) const;
};

/// Ranges used by many options.
NumberRange positive(double max, const std::string& unit);     ///< (0, max]
NumberRange non_negative(double max, const std::string& unit); ///< [0, max]
NumberRange finite_number(const std::string& unit);           ///< any finite number
NumberRange integer_in(long lo, long hi);                      ///< lo..hi

/// A CLI11 validator for `range` (applied to every value of a vector option).
CLI::Validator number_validator(const NumberRange& range);
/// A CLI11 validator accepting exactly the words in `choices`:
/// "must be one of none, viscous, full, got 'x'".
CLI::Validator one_of(const std::vector<std::string>& choices);
/// A CLI11 validator rejecting the empty string ("must not be empty").
CLI::Validator non_empty();

/// Adds a numeric option whose help text ends with its range and default, e.g.
/// "simulated time [s, > 0 and <= 1e6; default 2]".
template <typename T>
CLI::Option* add_number(CLI::App& sub, const std::string& name, T& value,
                        const NumberRange& range, const std::string& help) {
  return sub.add_option(name, value,
                        help + " [" + range.text() + "; default " + format_number(value) + "]")
      ->check(number_validator(range));
}

/// The value of a "number or none" option: empty if `none` (or never given, i.e. `word` empty).
std::optional<double> parse_optional_number(const std::string& word);

/// Angles of an option in radians: `values` as given, times pi/180 if `degrees`.
std::vector<double> to_radians(const std::vector<double>& values, bool degrees);

/// Throws a UsageError unless `path` can be written as a file: non-empty, not a directory, its
/// folder exists and is writable, and the file (if it exists) is writable. `option` names the
/// option or argument in the message ("--csv '/x/y.csv': folder '/x' does not exist").
void check_output_file(const std::string& path, const std::string& option);
/// Creates the folder `dir` (and its parents) if needed; throws a UsageError naming `option`
/// if it is empty, cannot be created, is not a folder or is not writable.
void prepare_output_dir(const std::string& dir, const std::string& option);
/// Removes the folders that prepare_output_dir() created in this run and that are still empty
/// (main calls it when a command fails, so that a failed run leaves no empty folder behind).
void remove_empty_created_dirs();
/// Throws a UsageError unless `stem` is a plain file name stem: non-empty, no '/', not '.' or
/// '..', not starting with '.' (no hidden files).
void check_file_stem(const std::string& stem, const std::string& option);

/// Throws a UsageError if `duration / period` (rounded up) exceeds `limit`:
/// "too much work: --duration 1 s / --step 1e-12 s = 1e12 RK4 steps, at most 1e7 allowed
/// (shorten --duration or raise --step)".
void check_work(double duration, const std::string& duration_option, double period,
                const std::string& period_option, const std::string& what, double limit);

/// The integrator options of the commands that integrate a plant (`simulate`, `control`).
struct IntegratorCliOptions {
  double step = 1e-3;              ///< s, RK4 step (Dormand-Prince: the first trial step)
  std::string integrator = "rk4";  ///< rk4 | dormand_prince
  double atol = 1e-9;              ///< Dormand-Prince absolute tolerance
  double rtol = 1e-7;              ///< Dormand-Prince relative tolerance
};

/// Adds `--step` (help text `step_help`, which names the period it must not exceed),
/// `--integrator`, `--atol` and `--rtol` to `sub`, each checked when parsed.
void add_integrator_options(CLI::App& sub, IntegratorCliOptions& o, const std::string& step_help);

/// The checks of those options against each other, after the command's own `--step <= period`
/// check: at most kMaxSteps RK4 steps over `duration` (named `duration_option`), and `--atol`,
/// `--rtol` only with `--integrator dormand_prince` (`given(flag)`: the flag was on the command
/// line). Throws a UsageError.
void check_integrator_options(const IntegratorCliOptions& o, double duration,
                              const std::string& duration_option,
                              const std::function<bool(const char*)>& given);

/// The note printed when the RK4 step is shortened to divide each `period_option` interval
/// evenly (as simulate() does), e.g. "note: RK4 step 0.0025 s (--step 0.003 s shortened to
/// divide the --log-period 0.01 s into 4 equal steps)"; "" when `step` divides it already.
std::string rk4_step_note(double step, double period, const std::string& period_option);

}  // namespace manipdyn::cli
