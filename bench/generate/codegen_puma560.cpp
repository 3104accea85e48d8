// Writes the generated code of the PUMA 560 without drive terms (codegen/generate.hpp, namespace
// gen_puma560_rigid) to the file named by its argument, for bench_peers: what `manipdyn codegen
// --model puma560 --no-drive --derivatives --forward-derivatives --namespace gen_puma560_rigid`
// writes, without needing the CLI.
#include <fstream>
#include <iostream>

#include "manipdyn/codegen/generate.hpp"
#include "manipdyn/serial/builtin_models.hpp"

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: bench_codegen_puma560 OUT.hpp\n";
    return 2;
  }
  manipdyn::codegen::CodegenOptions options;
  options.name_space = "gen_puma560_rigid";
  options.inverse_dynamics_derivatives = true;
  options.forward_dynamics_derivatives = true;
  std::ofstream out(argv[1]);
  out << manipdyn::codegen::generate_dynamics_code(manipdyn::puma560(false), options).source;
  if (!out.flush()) {
    std::cerr << "bench_codegen_puma560: cannot write " << argv[1] << "\n";
    return 1;
  }
  return 0;
}
