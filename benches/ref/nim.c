/* Nim, solved strongly by hand: the floor for `gamec solve games/nim.game --set piles=...`.
 *
 * Every position with heap i holding 0..=pile[i] tokens (all of them are reachable from the start)
 * gets what gamec computes for it: its value for the player to move (win or lose; the empty
 * position is lost, the last mover having taken the last token), its remoteness (a winner takes
 * the fastest win, a loser the slowest loss) and its Grundy value (mex of the children's).
 * Positions are numbered in mixed radix (heap 0 the lowest digit); taking tokens lowers the number,
 * so one pass in increasing order sees every child before its parent. One 16-bit entry per
 * position: bit 15 win, bits 8..13 Grundy, bits 0..7 remoteness.
 *
 * Usage: nim [--dump] PILE...       e.g. nim 7 7 7 7 7 7 7 7   (16,777,216 positions)
 * Prints `positions N`, `value win|lose R`, `grundy G` and `counts win W lose L`; --dump also
 * prints every position as `heap=[a, b, c]<TAB>value<TAB>remoteness` (gamec's notation). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HEAPS 32

int main(int argc, char **argv) {
  int dump = 0, k = 0, pile[MAX_HEAPS], total = 0;
  uint64_t radix[MAX_HEAPS], n = 1;
  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--dump")) { dump = 1; continue; }
    char *end;
    long v = strtol(argv[a], &end, 10);
    if (*end || v < 0 || v > 63 || k == MAX_HEAPS) {
      fprintf(stderr, "nim: heaps are 0..63 tokens, at most %d heaps: %s\n", MAX_HEAPS, argv[a]);
      return 2;
    }
    pile[k] = (int)v;
    radix[k] = n;
    n *= (uint64_t)(v + 1);
    total += (int)v;
    k++;
  }
  if (k == 0 || total > 255) {
    fprintf(stderr, "usage: nim [--dump] PILE... (at most 255 tokens in all, remoteness is 8 bits)\n");
    return 2;
  }
  uint16_t *db = malloc(n * sizeof *db);
  if (!db) { fprintf(stderr, "nim: cannot allocate %llu positions\n", (unsigned long long)n); return 1; }
  int digit[MAX_HEAPS] = {0};
  uint64_t wins = 0;
  for (uint64_t p = 0; p < n; p++) {
    int win = 0, fastest = 255, slowest = -1;
    uint64_t seen = 0; /* Grundy values of the children */
    for (int i = 0; i < k; i++) {
      uint64_t c = p;
      for (int t = 1; t <= digit[i]; t++) {
        c -= radix[i];
        uint16_t e = db[c];
        int r = e & 255;
        seen |= 1ull << ((e >> 8) & 63);
        if (!(e & 0x8000)) { win = 1; if (r < fastest) fastest = r; }
        else if (r > slowest) slowest = r;
      }
    }
    int grundy = __builtin_ctzll(~seen);
    uint16_t e;
    if (win) e = (uint16_t)(0x8000 | grundy << 8 | (fastest + 1));
    else e = (uint16_t)(grundy << 8 | (slowest + 1)); /* no move at all: slowest + 1 == 0 */
    db[p] = e;
    wins += win;
    if (dump) {
      printf("heap=[");
      for (int i = 0; i < k; i++) printf(i ? ", %d" : "%d", digit[i]);
      printf("]\t%s\t%d\n", win ? "win" : "lose", e & 255);
    }
    for (int i = 0; i < k; i++) { if (++digit[i] <= pile[i]) break; digit[i] = 0; }
  }
  uint16_t s = db[n - 1];
  printf("positions %llu\n", (unsigned long long)n);
  printf("value %s %d\n", (s & 0x8000) ? "win" : "lose", s & 255);
  printf("grundy %d\n", (s >> 8) & 63);
  printf("counts win %llu lose %llu\n", (unsigned long long)wins, (unsigned long long)(n - wins));
  free(db);
  return 0;
}
