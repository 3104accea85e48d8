#include "manipdyn/serial/operation_counts.hpp"

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <mutex>
#include <ostream>
#include <sstream>
#include <stdexcept>

#include "manipdyn/control/operation_counts.hpp"
#include "manipdyn/serial/builtin_models.hpp"
#include "manipdyn/serial/data.hpp"
#include "manipdyn/serial/dynamics_terms.hpp"
#include "manipdyn/serial/inverse_dynamics.hpp"

namespace manipdyn {

namespace {

using C = Counted;

std::vector<CountedAlgorithm>& registry() {
  static std::vector<CountedAlgorithm> list;
  return list;
}
std::mutex& registry_mutex() {
  static std::mutex m;
  return m;
}

// Inputs of one counted call: generic nonzero joint values (no angle is a multiple of pi/2, so
// nothing is accidentally exact), the model's gravity, and a zero external wrench.
struct CountedInputs {
  explicit CountedInputs(const SerialModel& model)
      : data(model), q(model.dof()), qd(model.dof()), qdd(model.dof()),
        gravity(model.gravity.cast<C>()), f_ext(Vector6<C>::Zero()) {
    for (int i = 0; i < model.dof(); ++i) {
      q[i] = 0.3 + 0.17 * i;
      qd[i] = 0.5 - 0.11 * i;
      qdd[i] = -0.4 + 0.07 * i;
    }
  }
  SerialDataTpl<C> data;
  VectorX<C> q, qd, qdd;
  Vector3<C> gravity;
  Vector6<C> f_ext;
};

// A counted run of one inverse-dynamics formulation.
std::function<void(const SerialModel&)> count_inverse_dynamics(InverseDynamicsMethod method) {
  return [method](const SerialModel& model) {
    CountedInputs in(model);
    op_counter().reset();
    switch (method) {
      case InverseDynamicsMethod::lagrange_euler:
        inverse_dynamics_lagrange_euler(model, in.data, in.q, in.qd, in.qdd, in.gravity, in.f_ext);
        break;
      case InverseDynamicsMethod::newton_euler:
        inverse_dynamics_newton_euler(model, in.data, in.q, in.qd, in.qdd, in.gravity, in.f_ext);
        break;
      case InverseDynamicsMethod::modified_newton_euler:
        inverse_dynamics_modified_newton_euler(model, in.data, in.q, in.qd, in.qdd, in.gravity,
                                               in.f_ext);
        break;
      case InverseDynamicsMethod::craig:
        inverse_dynamics_craig(model, in.data, in.q, in.qd, in.qdd, in.gravity, in.f_ext);
        break;
      case InverseDynamicsMethod::fastest:
        inverse_dynamics(model, in.data, in.q, in.qd, in.qdd, in.gravity, in.f_ext);
        break;
    }
  };
}

PaperCount turney_lagrange_euler() {
  // Turney, Mudge, Lee 1980, Table 1 (= the "Total" row of Table 2). The appendix repeats the
  // two totals with the words "additions" and "multiplications" swapped; Table 2's rows sum to
  // the Table 1 assignment, which is the one quoted here.
  return PaperCount{"81/6 n^3 + 165/2 n^2 + 5n", "40/3 n^3 + 58n^2 - 64/3 n",
                    [](int n) { return 81.0 / 6 * n * n * n + 165.0 / 2 * n * n + 5.0 * n; },
                    [](int n) { return 40.0 / 3 * n * n * n + 58.0 * n * n - 64.0 / 3 * n; },
                    "Turney et al. 1980, Table 1"};
}

PaperCount turney_newton_euler() {
  return PaperCount{"108n - 12", "100n - 9", [](int n) { return 108.0 * n - 12; },
                    [](int n) { return 100.0 * n - 9; }, "Turney et al. 1980, Table 1 (Table 3)"};
}

PaperCount turney_modified_newton_euler() {
  return PaperCount{"90n - 27", "88n - 24", [](int n) { return 90.0 * n - 27; },
                    [](int n) { return 88.0 * n - 24; }, "Turney et al. 1980, Table 1 (Table 4)"};
}

// The serial-arm algorithms of this part of the library (inverse dynamics and the dynamics
// terms), registered once on first use of the registry.
void register_serial_algorithms() {
  const auto add = [](std::string name, std::string description, int order,
                      std::function<void(const SerialModel&)> run,
                      std::optional<PaperCount> paper = std::nullopt, int n_max = 1000) {
    registry().push_back(counted_algorithm(std::move(name), std::move(description), order,
                                           std::move(run), std::move(paper), n_max));
  };
  // A run that calls f(model, inputs) on fresh Counted inputs, the counter reset just before.
  const auto on_inputs = [](auto f) -> std::function<void(const SerialModel&)> {
    return [f](const SerialModel& model) {
      CountedInputs in(model);
      op_counter().reset();
      f(model, in);
    };
  };
  // Inverse dynamics, one row per formulation.
  using M = InverseDynamicsMethod;
  add(operation_count_name(M::lagrange_euler), "tau by Lagrange-Euler, 4x4 trace form (Turney 1980 eqs 2.1-2.11)", 10,
      count_inverse_dynamics(InverseDynamicsMethod::lagrange_euler), turney_lagrange_euler(), 16);
  add(operation_count_name(M::newton_euler), "tau by recursive Newton-Euler (Turney 1980 eqs 3.15-3.21)", 20,
      count_inverse_dynamics(InverseDynamicsMethod::newton_euler), turney_newton_euler());
  add(operation_count_name(M::modified_newton_euler), "tau by modified Newton-Euler (Turney 1980 eqs 5.1-5.2)", 30,
      count_inverse_dynamics(InverseDynamicsMethod::modified_newton_euler),
      turney_modified_newton_euler());
  add(operation_count_name(M::craig), "tau by Craig's iterative Newton-Euler, modified DH (Craig eqs 6.45-6.53)", 40,
      count_inverse_dynamics(InverseDynamicsMethod::craig));
  add(operation_count_name(M::fastest), "tau by the default (fastest) formulation", 50,
      count_inverse_dynamics(InverseDynamicsMethod::fastest));
  // Terms of tau = M qdd + C qd + G.
  using In = CountedInputs;
  add("mass_matrix_strobing", "M(q) by strobing Newton-Euler (Turney 1980 sec. 3)", 60,
      on_inputs([](const SerialModel& m, In& in) { mass_matrix_strobing(m, in.data, in.q); }));
  add("mass_matrix_lagrange_euler", "M(q) by Lagrange-Euler (Turney 1980 eq. 2.7)", 61,
      on_inputs([](const SerialModel& m, In& in) { mass_matrix_lagrange_euler(m, in.data, in.q); }),
      std::nullopt, 16);
  add("mass_matrix", "M(q) by the default method", 62,
      on_inputs([](const SerialModel& m, In& in) { mass_matrix(m, in.data, in.q); }));
  add("gravity_torques", "G(q) by the default method", 70,
      on_inputs([](const SerialModel& m, In& in) { gravity_torques(m, in.data, in.q, in.gravity); }));
  add("gravity_torques_lagrange_euler", "G(q) by Lagrange-Euler (Turney 1980 eq. 2.11)", 71,
      on_inputs([](const SerialModel& m, In& in) {
        gravity_torques_lagrange_euler(m, in.data, in.q, in.gravity);
      }));
  add("bias_torques", "C(q,qd) qd + G(q) by the default method", 80,
      on_inputs([](const SerialModel& m, In& in) {
        bias_torques(m, in.data, in.q, in.qd, in.gravity);
      }));
  add("velocity_coupling_strobing", "the C^k matrices by strobing (Turney 1980 sec. 3)", 90,
      on_inputs([](const SerialModel& m, In& in) { velocity_coupling_strobing(m, in.data, in.q); }));
  add("velocity_coupling_lagrange_euler", "the C^k matrices by Lagrange-Euler (eq. 2.9)", 91,
      on_inputs([](const SerialModel& m, In& in) {
        velocity_coupling_lagrange_euler(m, in.data, in.q);
      }),
      std::nullopt, 16);
  add("coriolis_matrix", "C(q,qd), Christoffel form", 100,
      on_inputs([](const SerialModel& m, In& in) { coriolis_matrix(m, in.data, in.q, in.qd); }));
}

// The registry with every part's algorithms in it, registered explicitly on its first use: the
// serial algorithms of this file, then the control laws and forward-dynamics methods
// (control/operation_counts.hpp). No part registers itself from a static initialiser, which a
// plain link with the static library would drop (its object file is pulled in only when
// something else in it is used) and whose order across files is unspecified.
std::vector<CountedAlgorithm>& initialised_registry() {
  static const bool once = [] {
    register_serial_algorithms();
    for (auto& a : control_counted_algorithms()) registry().push_back(std::move(a));
    return true;
  }();
  (void)once;
  return registry();
}

std::string format_number(double x) {
  // Integers (up to rounding noise of the fractional coefficients) without decimals.
  std::ostringstream os;
  const double r = std::round(x);
  os << std::fixed << std::setprecision(std::abs(x - r) < 1e-6 ? 0 : 1) << x;
  return os.str();
}

// The row of algorithm `a` run once on `model`: the counted operations beside the paper's.
OperationCountRow count_row(const CountedAlgorithm& a, const SerialModel& model) {
  a.run(model);
  const int n = model.dof();
  OperationCountRow row;
  row.algorithm = a.name;
  row.n = n;
  row.counted = op_counter();
  if (a.paper) {
    row.paper_mul = a.paper->mul(n);
    row.paper_add = a.paper->add(n);
  }
  return row;
}

// The registered algorithms named in `only` (all if empty), in registry order; throws for an
// unknown name, listing the known ones.
std::vector<CountedAlgorithm> select_algorithms(const std::vector<std::string>& only) {
  const auto all = counted_algorithms();
  std::vector<CountedAlgorithm> chosen;
  for (const auto& name : only) {
    auto it = std::find_if(all.begin(), all.end(), [&](const auto& a) { return a.name == name; });
    if (it == all.end()) {
      std::string names;
      for (const auto& a : all) names += (names.empty() ? "" : ", ") + a.name;
      throw std::invalid_argument("operation counts: unknown algorithm '" + name +
                                  "' (known: " + names + ")");
    }
  }
  for (const auto& a : all)
    if (only.empty() || std::find(only.begin(), only.end(), a.name) != only.end())
      chosen.push_back(a);

  return chosen;
}

}  // namespace

std::string operation_count_name(InverseDynamicsMethod method) {
  return method == InverseDynamicsMethod::fastest ? "inverse_dynamics" : to_string(method);
}

std::vector<std::string> inverse_dynamics_count_names() {
  std::vector<std::string> out;
  for (InverseDynamicsMethod m : all<InverseDynamicsMethod>())
    if (m != InverseDynamicsMethod::fastest) out.push_back(operation_count_name(m));
  out.push_back(operation_count_name(InverseDynamicsMethod::fastest));
  return out;
}

CountedAlgorithm counted_algorithm(std::string name, std::string description, int order,
                                   std::function<void(const SerialModel&)> run,
                                   std::optional<PaperCount> paper, int n_max) {
  CountedAlgorithm a;
  a.name = std::move(name);
  a.description = std::move(description);
  a.order = order;
  a.n_max = n_max;
  a.run = std::move(run);
  a.paper = std::move(paper);
  return a;
}

bool register_counted_algorithm(CountedAlgorithm algorithm) {
  if (algorithm.name.empty())
    throw std::invalid_argument("register_counted_algorithm: the algorithm has no name");
  if (!algorithm.run)
    throw std::invalid_argument("register_counted_algorithm: '" + algorithm.name +
                                "' has no run function");
  std::lock_guard lock(registry_mutex());
  auto& list = initialised_registry();
  for (const auto& a : list)
    if (a.name == algorithm.name)
      throw std::invalid_argument("register_counted_algorithm: '" + algorithm.name +
                                  "' is already registered");
  list.push_back(std::move(algorithm));
  return true;
}

std::vector<CountedAlgorithm> counted_algorithms() {
  std::vector<CountedAlgorithm> list;
  {
    std::lock_guard lock(registry_mutex());
    list = initialised_registry();
  }
  std::stable_sort(list.begin(), list.end(), [](const auto& a, const auto& b) {
    return a.order != b.order ? a.order < b.order : a.name < b.name;
  });
  return list;
}

std::vector<OperationCountRow> operation_count_report(int n_min, int n_max,
                                                      const std::vector<std::string>& only) {
  if (n_min < 1 || n_max < n_min || n_max > 64) {
    std::ostringstream os;
    os << "operation_count_report: need 1 <= n_min <= n_max <= 64, got n_min = " << n_min
       << ", n_max = " << n_max;
    throw std::invalid_argument(os.str());
  }
  const auto chosen = select_algorithms(only);
  // One all-revolute, drive-free arm per n; every algorithm counted on it.
  std::vector<OperationCountRow> rows;
  RandomArmOptions options;
  options.prismatic_fraction = 0.0;
  options.with_drive = false;
  for (const auto& a : chosen)
    for (int n = n_min; n <= std::min(n_max, a.n_max); ++n) {
      rows.push_back(count_row(a, random_arm(n, 1, DhConvention::standard, options)));
    }
  return rows;
}

std::vector<OperationCountRow> operation_counts_for_model(const SerialModel& model,
                                                          const std::vector<std::string>& only) {
  std::vector<OperationCountRow> rows;
  const int n = model.dof();
  for (const auto& a : select_algorithms(only)) {
    if (n > a.n_max) continue;
    rows.push_back(count_row(a, model));
  }
  return rows;
}

void print_operation_counts(std::ostream& os, const std::vector<OperationCountRow>& rows,
                            const std::string& counted_on) {
  // Columns: left-aligned name, then right-aligned numbers.
  const std::vector<std::string> header = {"algorithm", "n",   "mul", "add",       "div",
                                           "sin",       "cos", "sqrt", "paper mul", "paper add",
                                           "mul/paper", "add/paper"};
  std::vector<std::vector<std::string>> cells;
  for (const auto& r : rows) {
    const auto& c = r.counted;
    auto ratio = [](double counted, const std::optional<double>& paper) {
      if (!paper || *paper <= 0) return std::string("-");
      std::ostringstream s;
      s << std::fixed << std::setprecision(2) << counted / *paper;
      return s.str();
    };
    cells.push_back({r.algorithm, std::to_string(r.n), std::to_string(c.mul),
                     std::to_string(c.add), std::to_string(c.div), std::to_string(c.sin),
                     std::to_string(c.cos), std::to_string(c.sqrt),
                     r.paper_mul ? format_number(*r.paper_mul) : "-",
                     r.paper_add ? format_number(*r.paper_add) : "-",
                     ratio(static_cast<double>(c.mul + c.div), r.paper_mul),
                     ratio(static_cast<double>(c.add), r.paper_add)});
  }
  std::vector<std::size_t> width(header.size());
  for (std::size_t k = 0; k < header.size(); ++k) width[k] = header[k].size();
  for (const auto& row : cells)
    for (std::size_t k = 0; k < row.size(); ++k) width[k] = std::max(width[k], row[k].size());
  auto print_row = [&](const std::vector<std::string>& row) {
    for (std::size_t k = 0; k < row.size(); ++k) {
      if (k == 0)
        os << std::left << std::setw(static_cast<int>(width[k])) << row[k];
      else
        os << "  " << std::right << std::setw(static_cast<int>(width[k])) << row[k];
    }
    os << "\n";
  };
  print_row(header);
  std::size_t total = 0;
  for (auto w : width) total += w + 2;
  os << std::string(total - 2, '-') << "\n";
  for (const auto& row : cells) print_row(row);

  // Legend: the published formulas of the algorithms in the table.
  std::vector<std::string> seen;
  bool legend = false;
  for (const auto& a : counted_algorithms()) {
    if (!a.paper) continue;
    const bool present = std::any_of(rows.begin(), rows.end(),
                                     [&](const auto& r) { return r.algorithm == a.name; });
    if (!present) continue;
    if (!legend) {
      os << "\npaper formulas (multiplications; additions):\n";
      legend = true;
    }
    os << "  " << a.name << ": " << a.paper->mul_formula << "; " << a.paper->add_formula
       << "  [" << a.paper->source << "]\n";
  }
  os << "\ncounted with manipdyn::Counted on " << counted_on
     << ";\nsin/cos of the joint angles are function calls (sin, cos columns), not "
        "multiplications;\nmul/paper compares mul + div with the paper's multiplications.\n";
}

void write_operation_counts_csv(std::ostream& os, const std::vector<OperationCountRow>& rows) {
  os << "algorithm,n,mul,add,div,sin,cos,sqrt,other_fn,paper_mul,paper_add\n";
  for (const auto& r : rows) {
    const auto& c = r.counted;
    os << r.algorithm << "," << r.n << "," << c.mul << "," << c.add << "," << c.div << ","
       << c.sin << "," << c.cos << "," << c.sqrt << "," << c.other_fn << ","
       << (r.paper_mul ? format_number(*r.paper_mul) : "") << ","
       << (r.paper_add ? format_number(*r.paper_add) : "") << "\n";
  }
}

}  // namespace manipdyn
