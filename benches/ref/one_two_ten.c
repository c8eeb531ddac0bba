/* 1, 2, ..., 10 (games/one_two_ten.game) solved by hand: the floor for
 * `gamec solve games/one_two_ten.game --set goal=N`.
 *
 * Positions are the pile 0..=goal (the rules never ask whose turn it is, so neither does the
 * position); adding 1 or 2 raises it, so one pass from the goal down sees every child before its
 * parent. The pile at the goal is lost for the player to move (the last mover won), remoteness 0.
 * Each position gets gamec's value (win/lose), remoteness (fastest win, slowest loss) and Grundy
 * value (mex of the children's): one 32-bit entry, bit 31 win, bits 29..30 Grundy, the rest
 * remoteness.
 *
 * Usage: one_two_ten [--dump] GOAL     e.g. one_two_ten 1000000
 * Prints `positions N`, `value win|lose R`, `grundy G` and `counts win W lose L`; --dump also
 * prints every position as `pile=P<TAB>value<TAB>remoteness`. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WIN 0x80000000u
#define REM 0x1fffffffu

int main(int argc, char **argv) {
  int dump = 0;
  long goal = -1;
  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--dump")) { dump = 1; continue; }
    char *end;
    goal = strtol(argv[a], &end, 10);
    if (*end || goal < 1 || goal > 100000000) { fprintf(stderr, "one_two_ten: goal 1..=100000000\n"); return 2; }
  }
  if (goal < 1) { fprintf(stderr, "usage: one_two_ten [--dump] GOAL\n"); return 2; }
  uint32_t *db = malloc((size_t)(goal + 1) * sizeof *db);
  if (!db) { fprintf(stderr, "one_two_ten: out of memory\n"); return 1; }
  uint64_t wins = 0;
  db[goal] = 0; /* lose in 0, Grundy 0 */
  for (long p = goal - 1; p >= 0; p--) {
    int win = 0, seen = 0;
    uint32_t fastest = REM, slowest = 0;
    for (long n = 1; n <= 2 && p + n <= goal; n++) {
      uint32_t e = db[p + n], r = e & REM;
      seen |= 1 << ((e >> 29) & 3);
      if (!(e & WIN)) { win = 1; if (r < fastest) fastest = r; }
      else if (r > slowest) slowest = r;
    }
    uint32_t grundy = (uint32_t)__builtin_ctz(~seen);
    db[p] = win ? WIN | grundy << 29 | (fastest + 1) : grundy << 29 | (slowest + 1);
    wins += win;
  }
  if (dump)
    for (long p = 0; p <= goal; p++)
      printf("pile=%ld\t%s\t%u\n", p, (db[p] & WIN) ? "win" : "lose", db[p] & REM);
  printf("positions %ld\n", goal + 1);
  printf("value %s %u\n", (db[0] & WIN) ? "win" : "lose", db[0] & REM);
  printf("grundy %u\n", (db[0] >> 29) & 3);
  printf("counts win %llu lose %llu\n", (unsigned long long)wins, (unsigned long long)(goal + 1 - wins));
  free(db);
  return 0;
}
