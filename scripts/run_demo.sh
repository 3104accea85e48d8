#!/usr/bin/env bash
# The main job on a fresh Debian 12 machine: installs what is missing, builds (Release), then
#  1. PUMA 560 inverse dynamics by every formulation at Corke's configurations qz, qr, qs, qn,
#     with their largest relative disagreement and the operation counts for n = 6;
#  2. the operation-count table for n = 1..12 beside the papers' formulas;
#  3. the Stewart-platform studies of Dasgupta & Mruthyunjaya 1998 (Paths I-III) and Pedrammehr
#     et al. 2012 (Paths 1-3) with both dynamic models;
#  4. the computed-torque experiment on the PUMA 560 of Lee et al. 1982 (ideal, mismatched model,
#     quantised sensors),
# writing CSV files and PNG plots to results/.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
bash scripts/install_deps.sh
bash scripts/build.sh --target manipdyn_cli
mkdir -p results
echo
echo "==== build/manipdyn inverse-dynamics --csv results/puma560_tau.csv ===="
build/manipdyn inverse-dynamics --csv results/puma560_tau.csv
echo
echo "==== build/manipdyn opcount --n-max 12 --csv results/opcount.csv ===="
build/manipdyn opcount --n-max 12 --csv results/opcount.csv
/usr/bin/python3 python/manipdyn/plot_csv.py results/opcount.csv results/opcount_mul.png \
  --x n --y mul --group algorithm --logy --title "multiplications per call (counted)"
echo "wrote results/opcount_mul.png"
echo
echo "==== build/manipdyn stewart studies --out results/stewart ===="
build/manipdyn stewart studies --out results/stewart
echo
echo "==== build/manipdyn control --paper --output-dir results/puma ===="
build/manipdyn control --paper --output-dir results/puma
