/* Cat and Mouse (benches/games/cat_and_mouse.game) solved by hand: the floor for
 * `gamec solve benches/games/cat_and_mouse.game --set width=W --set height=H`, a loopy game.
 *
 * A position is (whose turn, the mouse's square, the cat's square), numbered densely. First a
 * breadth-first search from the start marks what play reaches (gamec solves only that); then
 * retrograde analysis, as gamec defines it: the ends (cat on the mouse, or mouse in the hole)
 * are lost for the player to move, in 0, and values spread back in order of remoteness, a
 * position being won (1 + the remoteness of the first lost child found, which is the fastest)
 * as soon as one child is lost for the opponent, and lost (1 + the slowest) once every child is
 * won for the opponent. Predecessors are generated from the rules by moving back, so no graph
 * is stored. Whatever is left is a draw. The game has no tied end, so there are no ties.
 *
 * Usage: cat_and_mouse [--dump] [WIDTH [HEIGHT]]   (default 34 33: 2,515,524 positions)
 * Prints `positions N`, `value win|lose R` or `value draw`, and `counts win W lose L draw D`;
 * --dump also prints every position as `mr=R, mc=C, cr=R, cc=C, turn=T<TAB>value<TAB>remoteness`
 * (`-` for a draw). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { UNKNOWN = 0, WIN = 1, LOSE = 2 };

static int W = 34, H = 33;
static uint32_t C; /* squares */

static uint32_t index_of(int turn, uint32_t m, uint32_t c) { return ((uint32_t)(turn - 1) * C + m) * C + c; }

/* The squares next to s, in north, south, west, east order; returns how many. */
static int neighbours(uint32_t s, uint32_t *out) {
  int r = (int)(s / (uint32_t)W), c = (int)(s % (uint32_t)W), n = 0;
  if (r > 0) out[n++] = s - (uint32_t)W;
  if (r < H - 1) out[n++] = s + (uint32_t)W;
  if (c > 0) out[n++] = s - 1;
  if (c < W - 1) out[n++] = s + 1;
  return n;
}

int main(int argc, char **argv) {
  int dump = 0, arg[2] = {34, 33}, n = 0;
  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--dump")) { dump = 1; continue; }
    char *end;
    long v = strtol(argv[a], &end, 10);
    if (*end || v < 2 || v > 200 || n == 2) { fprintf(stderr, "usage: cat_and_mouse [--dump] [WIDTH [HEIGHT]] (2..=200 each)\n"); return 2; }
    arg[n++] = (int)v;
  }
  W = arg[0], H = arg[1];
  C = (uint32_t)(W * H);
  const uint32_t hole = (uint32_t)(H / 3 * W + W / 3);
  const uint32_t N = 2 * C * C;
  uint8_t *reached = calloc(N, 1), *value = calloc(N, 1), *left = calloc(N, 1);
  uint16_t *rem = calloc(N, sizeof *rem);
  uint32_t *queue = malloc((size_t)N * sizeof *queue);
  if (!reached || !value || !left || !rem || !queue) { fprintf(stderr, "cat_and_mouse: out of memory\n"); return 1; }
  uint32_t nb[4], head = 0, tail = 0;

  /* What play reaches from the start, and how many moves each position has. */
  uint32_t start = index_of(1, 0, C - 1);
  reached[start] = 1;
  queue[tail++] = start;
  while (head < tail) {
    uint32_t p = queue[head++], c = p % C, m = p / C % C;
    int turn = (int)(p / C / C) + 1;
    if (m == c || m == hole) continue; /* an end */
    uint32_t child[5];
    int k = 0;
    if (turn == 1) {
      int d = neighbours(m, nb);
      for (int i = 0; i < d; i++) if (nb[i] != c) child[k++] = index_of(2, nb[i], c);
      child[k++] = index_of(2, m, c);
    } else {
      int d = neighbours(c, nb);
      for (int i = 0; i < d; i++) child[k++] = index_of(1, m, nb[i]);
      child[k++] = index_of(1, m, c);
    }
    left[p] = (uint8_t)k;
    for (int i = 0; i < k; i++)
      if (!reached[child[i]]) { reached[child[i]] = 1; queue[tail++] = child[i]; }
  }
  const uint32_t positions = tail;

  /* Retrograde analysis from the ends, in order of remoteness. */
  head = tail = 0;
  for (uint32_t i = 0; i < positions; i++) {
    uint32_t p = queue[i], c = p % C, m = p / C % C;
    if (m == c || m == hole) { value[p] = LOSE; rem[p] = 0; }
  }
  for (uint32_t p = 0; p < N; p++) /* the queue now holds the valued positions, ends first */
    if (reached[p] && value[p] == LOSE) queue[tail++] = p;
  while (head < tail) {
    uint32_t x = queue[head++], c = x % C, m = x / C % C;
    int turn = (int)(x / C / C) + 1;
    uint32_t pred[5];
    int k = 0;
    if (turn == 2) { /* the mouse moved here: from a neighbouring square unless onto the cat, or waited */
      if (m != c) { int d = neighbours(m, nb); for (int i = 0; i < d; i++) pred[k++] = index_of(1, nb[i], c); }
      pred[k++] = index_of(1, m, c);
    } else { /* the cat moved here, or waited */
      int d = neighbours(c, nb);
      for (int i = 0; i < d; i++) pred[k++] = index_of(2, m, nb[i]);
      pred[k++] = index_of(2, m, c);
    }
    for (int i = 0; i < k; i++) {
      uint32_t p = pred[i], pc = p % C, pm = p / C % C;
      if (!reached[p] || value[p] || pm == pc || pm == hole) continue;
      if (value[x] == LOSE) { value[p] = WIN; rem[p] = (uint16_t)(rem[x] + 1); queue[tail++] = p; }
      else if (--left[p] == 0) { value[p] = LOSE; rem[p] = (uint16_t)(rem[x] + 1); queue[tail++] = p; }
    }
  }

  uint64_t count[3] = {0, 0, 0};
  for (uint32_t p = 0; p < N; p++) {
    if (!reached[p]) continue;
    count[value[p]]++;
    if (dump) {
      uint32_t c = p % C, m = p / C % C;
      printf("mr=%u, mc=%u, cr=%u, cc=%u, turn=%u\t", m / W, m % W, c / W, c % W, p / C / C + 1);
      if (value[p]) printf("%s\t%d\n", value[p] == WIN ? "win" : "lose", rem[p]);
      else printf("draw\t-\n");
    }
  }
  printf("positions %u\n", positions);
  if (value[start]) printf("value %s %d\n", value[start] == WIN ? "win" : "lose", rem[start]);
  else printf("value draw\n");
  printf("counts win %llu lose %llu draw %llu\n", (unsigned long long)count[WIN],
         (unsigned long long)count[LOSE], (unsigned long long)count[UNKNOWN]);
  return 0;
}
