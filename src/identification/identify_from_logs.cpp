#include "manipdyn/identification/identify_from_logs.hpp"

#include <stdexcept>

#include "manipdyn/identification/motion_log.hpp"

namespace manipdyn {
namespace {

std::vector<IdentificationSamples> all_samples(const std::vector<LogRun>& runs, int n,
                                               const LogFilterOptions& filter) {
  std::vector<IdentificationSamples> samples;
  samples.reserve(runs.size());
  for (const LogRun& run : runs) samples.push_back(log_run_samples(run, n, filter, false));
  return samples;
}

}  // namespace

IdentificationSamples log_run_samples(const LogRun& run, int n, LogFilterOptions filter,
                                      bool filter_tau) {
  filter.first = run.first;
  filter.last = run.last;
  filter.filter_tau = filter_tau;
  return prepare_motion_log(read_motion_log(run.file, n), filter);
}

LogIdentification identify_from_logs(const SerialModel& nominal,
                                     const LogIdentificationOptions& options) {
  check_identifiable_model("identify_from_logs", nominal);
  if (options.data.empty())
    throw std::invalid_argument("identify_from_logs: no identification run (options.data)");
  const int n = nominal.dof();
  LogIdentification out;
  // the arm, from the identification runs
  out.result = identify(nominal, all_samples(options.data, n, options.filter),
                        options.identification);
  // the validation runs, predicted by both models
  for (const LogRun& run : options.validate) {
    ValidationPrediction v{run, log_run_samples(run, n, options.filter, true), {}, {}};
    v.identified = predict_torques(out.result.model, v.samples);
    v.nominal = predict_torques(nominal, v.samples);
    out.validation.push_back(std::move(v));
  }
  // the drive gains, from the currents of the runs without and with the known payload
  if (options.payload_mass > 0) {
    LogFilterOptions currents = options.filter;
    currents.drive_gains = VectorXd::Ones(n);
    out.drive_gains = identify_drive_gains(nominal, all_samples(options.data, n, currents),
                                           all_samples(options.payload, n, currents),
                                           options.payload_mass, options.identification);
  }
  // the payload, on top of the identified arm
  if (!options.payload.empty())
    out.payload = identify_payload(out.result.model,
                                   all_samples(options.payload, n, options.filter));
  return out;
}

}  // namespace manipdyn
