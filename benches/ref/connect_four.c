/* Connect Four (games/connect_four.game) solved by hand with bitboards: the floor for
 * `gamec solve games/connect_four.game --set width=W --set height=H --set connect=K`.
 *
 * Every position reachable from the empty board, by a depth-first search memoised by position.
 * Boards are two 64-bit masks (the stones of the player to move, and every stone), column c in
 * bits c*(H+1) .. c*(H+1)+H-1 from the bottom up, with one empty guard bit above each column so
 * that a line never runs from one column into the next. A position's key, the player to move's
 * stones + all stones + the bottom row, is unique in W*(H+1) bits: a dense table of one byte per
 * key when that is at most 2^28 bytes (5 x 4: 32 MiB), else an open-addressing hash table.
 *
 * Rules as gamec plays them: a position where the last mover has K in a row (a column, a row or a
 * diagonal) is lost for the player to move, in 0; else a full board is a tie in 0; else a win if
 * some move leaves the opponent lost (fastest), else a tie if some move leaves a tie (fastest),
 * else a loss (slowest). Entries: value << 6 | remoteness (value 1 win, 2 lose, 3 tie; 0 unknown).
 *
 * Usage: connect_four [--dump] [WIDTH [HEIGHT [CONNECT]]]   (default 5 4 4; WIDTH*HEIGHT <= 42)
 * Prints `positions N`, `value win|lose|tie R` and `counts win W lose L tie T`; --dump also prints
 * every position as `board=[., R / Y, R], turn=T<TAB>value<TAB>remoteness` (gamec's notation,
 * row 0 at the top). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { WIN = 1, LOSE = 2, TIE = 3 };
static const char *NAME[] = {"", "win", "lose", "tie"};

static int W = 5, H = 4, K = 4, dump;
static uint64_t bottom, positions, count[4];
static uint8_t *dense;             /* dense table, or */
static uint64_t *hkeys, hcap, hlen; /* a hash table: keys (0 = free) */
static uint8_t *hvals;

static int has_line(uint64_t b) {
  const int shift[4] = {1, H + 1, H, H + 2}; /* up a column, along a row, two diagonals */
  for (int d = 0; d < 4; d++) {
    uint64_t m = b;
    for (int i = 1; i < K && m; i++) m &= b >> (i * shift[d]);
    if (m) return 1;
  }
  return 0;
}

static uint64_t hslot(uint64_t key) {
  uint64_t h = key * 0x9E3779B97F4A7C15ull;
  uint64_t i = (h ^ h >> 29) & (hcap - 1);
  while (hkeys[i] && hkeys[i] != key) i = (i + 1) & (hcap - 1);
  return i;
}

static void hgrow(void) {
  uint64_t *ok = hkeys, oc = hcap;
  uint8_t *ov = hvals;
  hcap = oc ? oc * 2 : 1 << 20;
  hkeys = calloc(hcap, sizeof *hkeys);
  hvals = malloc(hcap);
  if (!hkeys || !hvals) { fprintf(stderr, "connect_four: out of memory\n"); exit(1); }
  for (uint64_t i = 0; i < oc; i++)
    if (ok[i]) { uint64_t j = hslot(ok[i]); hkeys[j] = ok[i]; hvals[j] = ov[i]; }
  free(ok);
  free(ov);
}

static uint8_t lookup(uint64_t key) {
  if (dense) return dense[key];
  uint64_t i = hslot(key);
  return hkeys[i] ? hvals[i] : 0;
}

static void store(uint64_t key, uint8_t e) {
  if (dense) { dense[key] = e; return; }
  if (2 * (hlen + 1) > hcap) hgrow();
  uint64_t i = hslot(key);
  hkeys[i] = key;
  hvals[i] = e;
  hlen++;
}

static void print_board(uint64_t cur, uint64_t mask, int mover) {
  char me = mover == 1 ? 'R' : 'Y', other = mover == 1 ? 'Y' : 'R';
  printf("board=[");
  for (int r = H - 1; r >= 0; r--)
    for (int c = 0; c < W; c++) {
      uint64_t bit = 1ull << (c * (H + 1) + r);
      printf("%s%c", c ? ", " : r == H - 1 ? "" : " / ", (cur & bit) ? me : (mask & bit) ? other : '.');
    }
  printf("], turn=%d", mover);
}

/* cur: the stones of the player to move; mask: every stone; moves: how many stones. */
static uint8_t solve(uint64_t cur, uint64_t mask, int moves) {
  uint64_t key = cur + mask + bottom;
  uint8_t e = lookup(key);
  if (e) return e;
  if (has_line(cur ^ mask)) e = LOSE << 6;
  else if (moves == W * H) e = TIE << 6;
  else {
    int win = 99, tie = 99, lose = 0;
    for (int c = 0; c < W; c++) {
      uint64_t top = 1ull << (c * (H + 1) + H - 1);
      if (mask & top) continue;
      uint64_t child_mask = mask | (mask + (1ull << c * (H + 1)));
      uint8_t ce = solve(cur ^ mask, child_mask, moves + 1);
      int v = ce >> 6, r = ce & 63;
      if (v == LOSE) { if (r < win) win = r; }
      else if (v == TIE) { if (r < tie) tie = r; }
      else if (r > lose) lose = r;
    }
    e = win < 99 ? (uint8_t)(WIN << 6 | (win + 1))
        : tie < 99 ? (uint8_t)(TIE << 6 | (tie + 1))
        : (uint8_t)(LOSE << 6 | (lose + 1));
  }
  store(key, e);
  positions++;
  count[e >> 6]++;
  if (dump) {
    print_board(cur, mask, moves % 2 ? 2 : 1);
    printf("\t%s\t%d\n", NAME[e >> 6], e & 63);
  }
  return e;
}

int main(int argc, char **argv) {
  int arg[3] = {5, 4, 4}, n = 0;
  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--dump")) { dump = 1; continue; }
    char *end;
    long v = strtol(argv[a], &end, 10);
    if (*end || v < 1 || v > 42 || n == 3) { fprintf(stderr, "usage: connect_four [--dump] [WIDTH [HEIGHT [CONNECT]]]\n"); return 2; }
    arg[n++] = (int)v;
  }
  W = arg[0], H = arg[1], K = arg[2];
  if (W * (H + 1) > 63 || K < 2) { fprintf(stderr, "connect_four: needs WIDTH * (HEIGHT + 1) <= 63 and CONNECT >= 2\n"); return 2; }
  for (int c = 0; c < W; c++) bottom |= 1ull << c * (H + 1);
  int bits = W * (H + 1);
  if (bits <= 28) {
    dense = calloc(1ull << bits, 1);
    if (!dense) { fprintf(stderr, "connect_four: out of memory\n"); return 1; }
  } else hgrow();
  uint8_t s = solve(0, 0, 0);
  printf("positions %llu\n", (unsigned long long)positions);
  printf("value %s %d\n", NAME[s >> 6], s & 63);
  printf("counts win %llu lose %llu tie %llu\n", (unsigned long long)count[WIN],
         (unsigned long long)count[LOSE], (unsigned long long)count[TIE]);
  return 0;
}
