// OpenBLAS sgemm at the sizes bench/cpu_bench.py compares the tile
// compiler's matmul_f32 with: C = A x B, row-major, square, random normal
// inputs; prints "sgemmS_openblas_GFLOPs X" (median of `repeat` calls after
// one warm-up) for each size on the command line.
// Build: g++ -O3 -march=native sgemm_anchor.cpp -lopenblas
#include <algorithm>
#include <cblas.h>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>

int main(int argc, char **argv) {
  std::mt19937 gen(1);
  std::normal_distribution<float> normal;
  const int repeat = 5;
  for (int i = 1; i < argc; ++i) {
    const int size = std::atoi(argv[i]);
    const size_t count = size_t(size) * size;
    std::vector<float> a(count), b(count), c(count);
    for (float &x : a)
      x = normal(gen);
    for (float &x : b)
      x = normal(gen);
    auto call = [&] {
      cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, size, size, size,
                  1.0f, a.data(), size, b.data(), size, 0.0f, c.data(), size);
    };
    call();
    std::vector<double> seconds;
    for (int r = 0; r < repeat; ++r) {
      auto start = std::chrono::steady_clock::now();
      call();
      seconds.push_back(std::chrono::duration<double>(
                            std::chrono::steady_clock::now() - start)
                            .count());
    }
    std::sort(seconds.begin(), seconds.end());
    std::printf("sgemm%d_openblas_GFLOPs %.1f\n", size,
                2.0 * size * size * size / seconds[repeat / 2] / 1e9);
  }
}
