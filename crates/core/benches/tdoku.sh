#!/bin/sh
# Builds tdoku (t-dillon/tdoku, not part of nonet) as a shared library for the solver bench:
#   crates/core/benches/tdoku.sh OUT [SRC]
# SRC is a checkout of tdoku (default: cloned into OUT/tdoku from GitHub). The library is built
# as tdoku's own benchmark builds it (clang -O3 -march=native), with profile-guided
# optimisation trained on the shared puzzle sets, and written to OUT/libtdoku.so; then
#   cargo bench -p nonet-core --bench solve -- --tdoku OUT/libtdoku.so
# Needs clang and llvm-profdata (Debian: apt-get install clang).
set -eu
out=$(mkdir -p "$1" && cd "$1" && pwd)
src=${2:-$out/tdoku}
[ -d "$src/src" ] || git clone --depth 1 https://github.com/t-dillon/tdoku "$src"
puzzles=$(cd "$(dirname "$0")/../../../../shared/puzzles" && pwd)
profdata=$(command -v llvm-profdata || ls /usr/lib/llvm-*/bin/llvm-profdata | tail -1)
cd "$out"
# The training driver: every puzzle of the files given, counted up to LIMIT.
cat > train.c <<'C'
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
size_t TdokuSolverDpllTriadSimd(const char *, size_t, uint32_t, char *, size_t *);
int main(int argc, char **argv) {
    size_t limit = (size_t)atoi(argv[1]), sum = 0;
    for (int f = 2; f < argc; f++) {
        FILE *in = fopen(argv[f], "r");
        char line[1024], puzzle[82] = {0}, solution[82];
        if (!in) return 1;
        while (fgets(line, sizeof line, in)) {
            if (line[0] == '#' || strlen(line) < 81) continue;
            for (int i = 0; i < 81; i++)
                puzzle[i] = line[i] >= '1' && line[i] <= '9' ? line[i] : '.';
            size_t guesses;
            sum += TdokuSolverDpllTriadSimd(puzzle, limit, 0, solution, &guesses);
        }
        fclose(in);
    }
    printf("%zu\n", sum);
    return 0;
}
C
cxx="clang++ -O3 -march=native -std=c++17 -fPIC -shared -I$src/src -I$src/include"
files="$src/src/solver_dpll_triad_simd.cc $src/src/util.cc"
rm -rf profiles
$cxx -fprofile-instr-generate="$out/profiles/%p.profraw" -o libtdoku-train.so $files
clang -O2 -o train train.c -L. -ltdoku-train -Wl,-rpath,"$out"
sets="$puzzles/17-clue.txt $puzzles/serg-benchmark.txt $puzzles/magictour-top1465.txt"
sets="$sets $puzzles/forum-hardest-1905-11plus.txt"
./train 2 $sets >/dev/null
./train 1 $sets >/dev/null
"$profdata" merge -o tdoku.profdata profiles/*.profraw
$cxx -fprofile-instr-use=tdoku.profdata -o libtdoku.so $files
echo "$out/libtdoku.so"
