// `manipdyn stewart identify-payload`: the payload on a Stewart platform from a logged run
// (identification/platform_log.hpp, platform_payload.hpp; docs/identification.md):
//   manipdyn stewart identify-payload --model dasgupta --data run.csv
//   manipdyn stewart identify-payload --model platform.yaml --data run.csv --cutoff 8 --out results/payload
#include <cmath>
#include <filesystem>
#include <iomanip>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "checks.hpp"
#include "command.hpp"
#include "model_option.hpp"
#include "manipdyn/io/csv.hpp"
#include "manipdyn/identification/platform_log.hpp"

namespace fs = std::filesystem;
namespace ms = manipdyn::stewart;

namespace {

struct IdentifyPayloadCliOptions {
  std::string model = "dasgupta";
  std::string platform = "printed";
  bool allow_invalid_inertia = false;
  std::string dynamics = "improved";
  std::string data;
  std::string out;
  ms::PlatformLogFilterOptions filter;
  double excitation_tolerance = 1e-6;
};

// The identified parameters with their standard deviations, the payload as mass, COM and inertia,
// and the fit's statistics.
std::string describe(const ms::PayloadEstimate& r, const ms::PlatformSamples& s,
                     const IdentifyPayloadCliOptions& o) {
  using manipdyn::cli::format_number;
  std::ostringstream os;
  os << "payload on " << o.model << " from " << o.data << " (" << s.samples() << " samples at "
     << format_number(s.sample_rate, 6) << " Hz after filtering at " << format_number(o.filter.cutoff, 6)
     << " Hz; " << o.dynamics << " model)\n";
  os << "  parameter   estimate        std      rel.std\n";
  for (int j = 0; j < manipdyn::kBodyParameters; ++j) {
    const double x = r.parameters(j), sd = r.standard_deviation(j);
    os << "  " << std::left << std::setw(6) << manipdyn::kBodyParameterNames[static_cast<std::size_t>(j)]
       << std::right << std::setw(13) << format_number(x, 6) << std::setw(11) << format_number(sd, 3)
       << std::setw(11) << (x != 0 ? format_number(100 * sd / std::abs(x), 3) + " %" : "-") << "\n";
  }
  os << "  (kg, kg m, kg m^2: mass, first moment m c and inertia about the platform-frame origin,"
        " platform frame)\n";
  os << "mass " << format_number(r.mass, 6) << " +- " << format_number(r.standard_deviation(0), 3) << " kg\n";
  os << "centre of mass (" << format_number(r.com.x(), 6) << ", " << format_number(r.com.y(), 6) << ", "
     << format_number(r.com.z(), 6) << ") m, std about (" << format_number(r.standard_deviation(1) / std::abs(r.mass), 3)
     << ", " << format_number(r.standard_deviation(2) / std::abs(r.mass), 3) << ", "
     << format_number(r.standard_deviation(3) / std::abs(r.mass), 3) << ") m (std(m c) / m)\n";
  os << "inertia about the centre of mass (kg m^2):\n";
  for (int i = 0; i < 3; ++i)
    os << "  " << format_number(r.inertia(i, 0), 6) << "  " << format_number(r.inertia(i, 1), 6) << "  "
       << format_number(r.inertia(i, 2), 6) << "\n";
  os << "leg-force noise sigma " << format_number(r.sigma, 4) << " N, condition number "
     << format_number(r.condition_number, 4) << " (scaled " << format_number(r.scaled_condition_number, 4)
     << ")\n";
  os << (r.physical_problem.empty() ? "physically consistent\n"
                                    : "NOT a physical body: " + r.physical_problem + "\n");
  return os.str();
}

// payload.csv: one row per parameter (value, std, relative std) in `out`.
fs::path write_payload_csv(const ms::PayloadEstimate& r, const fs::path& out) {
  std::vector<std::vector<std::string>> rows;
  for (int j = 0; j < manipdyn::kBodyParameters; ++j) {
    const double x = r.parameters(j), sd = r.standard_deviation(j);
    rows.push_back({std::string(manipdyn::kBodyParameterNames[static_cast<std::size_t>(j)]),
                    manipdyn::csv_number(x), manipdyn::csv_number(sd),
                    manipdyn::csv_number(x != 0 ? 100 * sd / std::abs(x) : NAN)});
  }
  const fs::path file = out / "payload.csv";
  manipdyn::write_csv(file, {"parameter", "value", "std", "relative_std_percent"}, rows);
  return file;
}

void run(const IdentifyPayloadCliOptions& o) {
  if (!o.out.empty()) manipdyn::cli::prepare_output_dir(o.out, "--out");
  const ms::StewartModel model = manipdyn::cli::load_stewart_model(o.model, o.platform == "printed",
                                                                  "--model", o.allow_invalid_inertia);
  const ms::PlatformLog log = ms::read_platform_log(o.data);
  const ms::PlatformSamples s = ms::prepare_platform_log(log, o.filter);
  ms::PayloadIdentificationOptions p;
  p.model = manipdyn::from_string<ms::DynamicsModel>(o.dynamics);
  p.excitation_tolerance = o.excitation_tolerance;
  const ms::PayloadEstimate r = ms::identify_payload(model, s.motions, s.F, p);
  std::cout << describe(r, s, o);
  if (!o.out.empty()) std::cout << "written " << write_payload_csv(r, o.out).string() << "\n";
}

void setup(CLI::App& sub) {
  using namespace manipdyn::cli;
  auto o = std::make_shared<IdentifyPayloadCliOptions>();
  sub.add_option("--model", o->model, "platform WITHOUT the payload: dasgupta, pedrammehr or a Stewart .yaml file")
      ->capture_default_str()
      ->check(non_empty());
  add_allow_invalid_inertia_option(sub, o->allow_invalid_inertia);
  sub.add_option("--platform", o->platform, "inertias of the built-in platforms: printed (default) or corrected")
      ->check(one_of({"printed", "corrected"}));
  sub.add_option("--dynamics", o->dynamics, "dynamic model of the platform: dasgupta or improved")
      ->capture_default_str()
      ->check(one_of(manipdyn::names<ms::DynamicsModel>()));
  sub.add_option("--data", o->data,
                 "platform log CSV: time, tx, ty, tz, qw, qx, qy, qz (or thx, thy, thz), F1..F6")
      ->required()
      ->check(non_empty());
  sub.add_option("--out", o->out, "folder for payload.csv, created if needed (default: print only)");
  add_number(sub, "--cutoff", o->filter.cutoff, positive(1e6, "Hz"),
             "low-pass cutoff of the pose, Hz (at least 4x the motion's highest frequency)");
  add_number(sub, "--force-cutoff", o->filter.force_cutoff, non_negative(1e6, "Hz"),
             "low-pass cutoff of the leg forces, Hz (0: --cutoff)");
  add_number(sub, "--sample-rate", o->filter.sample_rate, non_negative(1e7, "Hz"),
             "uniform grid rate, Hz (0: the log's, at least 200 x the cutoff)");
  add_number(sub, "--filter-order", o->filter.filter_order, integer_in(1, 10), "Butterworth order");
  add_number(sub, "--trim", o->filter.trim, integer_in(-1, 100000000),
             "uniform samples dropped at each end (-1: three periods of the lowest cutoff)");
  add_number(sub, "--first", o->filter.first, integer_in(0, 100000000), "first log row kept (0-based)");
  add_number(sub, "--last", o->filter.last, integer_in(-1, 100000000),
             "one past the last log row kept (-1: the end)");
  add_number(sub, "--decimate", o->filter.decimate, integer_in(0, 1000000),
             "keep every k-th filtered sample (0: the largest keeping Nyquist above 1.25 x the cutoffs)");
  add_number(sub, "--excitation-tolerance", o->excitation_tolerance,
             NumberRange{Bound{0.0, false}, Bound{1.0, false}, ""},
             "a direction of the scaled observation matrix below this x the largest singular value is not excited");
  sub.footer("Prints the 10 payload parameters with their standard deviations, the mass, centre of mass and "
             "inertia, and writes payload.csv with --out (docs/identification.md). Units: SI. Exit status: 0 "
             "success, 2 usage error, 1 model, log or computation error (docs/cli.md).");
  sub.callback([o] { run(*o); });
}

const bool registered = manipdyn::cli::register_subcommand(
    "stewart", {"identify-payload", "payload on the platform (mass, COM, inertia) from a logged run", setup});

}  // namespace
