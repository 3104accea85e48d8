#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: installs what is missing, builds the CLI (Release),
# then runs `build/manipdyn report --out results`: the founding papers reproduced in one HTML
# page, results/index.html, with its CSV and PNG files beside it (docs/cli.md, `report`):
#  1. PUMA 560 inverse dynamics by every formulation at Corke's configurations qz, qr, qs, qn
#     and their largest relative disagreement;
#  2. the operation counts for n = 1..12 beside the papers' formulas (with plot);
#  3. the computed-torque experiment on the PUMA 560 of Lee et al. 1982 (ideal, mismatched
#     model, payload, quantised sensors), against the 12-bit A/D resolution;
#  4. the Stewart-platform studies of Dasgupta & Mruthyunjaya 1998 (Paths I-III) and Pedrammehr
#     et al. 2012 (Paths 1-3) with both dynamic models;
#  5. the Stewart platform beyond the papers; 6. the misprints found in the papers, each with the
#     test that proves it; 7. the UR10e identified from its logs; 8. optimal control; 9. a
#     free-floating space manipulator; 10. parallel robots by description (the Delta's shortest
#     pick-and-place cycle, a 6-RUS and the Stewart platform as instances);
# each against the paper's own statement. Ends by printing where results/index.html is.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install_deps.sh
bash scripts/build.sh --target manipdyn_cli
echo
echo "==== build/manipdyn report --out results ===="
build/manipdyn report --out results
echo
echo "The report: $(pwd)/results/index.html"
