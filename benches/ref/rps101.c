/* RPS-101 (games/rps101.game) analysed exactly by hand: the floor for
 * `gamec solve games/rps101.game`. No linear programming is needed for this game, so this is
 * what a solver that knew the game's shape in advance would do.
 *
 * Throw i beats throw j when (i - j) mod n is odd (n odd: exactly one of i, j beats the other).
 * A is the row player's payoff: +1 win, -1 loss, 0 for the same throw. Then:
 *  - every row and every column of A sums to 0, so the uniform strategy holds either player to
 *    0 whatever the other does: the value is 0 and the uniform strategy is optimal;
 *  - any optimal strategy y then makes every column pay exactly 0 (the uniform strategy against
 *    it uses every column), so y A = 0: the optimal strategies are the probability vectors in A's
 *    left null space. A skew-symmetric matrix of odd order has even rank below n; if A's rank
 *    modulo the prime 2^31 - 1 is n - 1, its rank over the rationals is n - 1 too, the null space
 *    is one line and the uniform strategy is the only optimal one;
 *  - a throw is dominated when another row is >= it everywhere and > somewhere (as gamec says);
 *  - balanced: every throw beats as many throws as beat it.
 *
 * Usage: rps101 [N]   (default 101; N odd)
 * Prints `throws N`, `value 0`, `strategy uniform`, `unique yes|undetermined`,
 * `dominated none|COUNT` and `balanced yes|no`. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define P 2147483647ull

static uint64_t pow_mod(uint64_t b, uint64_t e) {
  uint64_t r = 1;
  for (b %= P; e; e >>= 1, b = b * b % P) if (e & 1) r = r * b % P;
  return r;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 101;
  if (n < 1 || n > 2000 || n % 2 == 0) { fprintf(stderr, "usage: rps101 [N] (N odd, at most 2000)\n"); return 2; }
  int *a = malloc(sizeof(int) * n * n);
  uint64_t *m = malloc(sizeof(uint64_t) * n * n);
  if (!a || !m) { fprintf(stderr, "rps101: out of memory\n"); return 1; }
  for (int i = 0; i < n; i++)
    for (int j = 0; j < n; j++)
      a[i * n + j] = i == j ? 0 : ((i - j) % n + n) % n % 2 ? 1 : -1;

  /* Value 0, uniform optimal: every row and every column sums to 0. Balanced: as many 1s as -1s. */
  int zero_sums = 1, balanced = 1;
  for (int i = 0; i < n; i++) {
    int row = 0, col = 0, beats = 0, beaten = 0;
    for (int j = 0; j < n; j++) {
      row += a[i * n + j];
      col += a[j * n + i];
      beats += a[i * n + j] == 1;
      beaten += a[i * n + j] == -1;
    }
    if (row || col) zero_sums = 0;
    if (beats != beaten) balanced = 0;
  }
  if (!zero_sums) { fprintf(stderr, "rps101: a row or column does not sum to 0; this reference only knows that case\n"); return 1; }

  /* Rank modulo P, by Gaussian elimination. */
  for (int k = 0; k < n * n; k++) m[k] = a[k] < 0 ? P - 1 : (uint64_t)a[k];
  int rank = 0;
  for (int col = 0; col < n && rank < n; col++) {
    int piv = -1;
    for (int r = rank; r < n; r++) if (m[r * n + col]) { piv = r; break; }
    if (piv < 0) continue;
    for (int j = 0; j < n; j++) { uint64_t t = m[piv * n + j]; m[piv * n + j] = m[rank * n + j]; m[rank * n + j] = t; }
    uint64_t inv = pow_mod(m[rank * n + col], P - 2);
    for (int r = rank + 1; r < n; r++) {
      uint64_t f = m[r * n + col] * inv % P;
      if (!f) continue;
      for (int j = col; j < n; j++) m[r * n + j] = (m[r * n + j] + (P - f) * m[rank * n + j]) % P;
    }
    rank++;
  }

  /* Weakly dominated rows. */
  int dominated = 0;
  for (int i = 0; i < n; i++)
    for (int k = 0; k < n; k++) {
      if (k == i) continue;
      int ge = 1, gt = 0;
      for (int j = 0; j < n && ge; j++) {
        if (a[k * n + j] < a[i * n + j]) ge = 0;
        if (a[k * n + j] > a[i * n + j]) gt = 1;
      }
      if (ge && gt) { dominated++; break; }
    }

  printf("throws %d\n", n);
  printf("value 0\n");
  printf("strategy uniform\n");
  printf("unique %s\n", rank == n - 1 ? "yes" : "undetermined");
  if (dominated) printf("dominated %d\n", dominated); else printf("dominated none\n");
  printf("balanced %s\n", balanced ? "yes" : "no");
  free(a);
  free(m);
  return 0;
}
