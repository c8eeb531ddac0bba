/* Connect Four (games/connect_four.game) solved by hand, tier by tier, in little memory: an
 * independent reference for boards too large for connect_four.c's table (6 x 5: 2.8 billion
 * positions). Same rules, values, command line and output as connect_four.c.
 *
 * A tier is a ply: the positions with the same number of stones. Each position is Tromp's key
 * (the player to move's stones + all stones + the bottom row, column c in bits c*(H+1) ..
 * c*(H+1)+H, a column's highest set bit marking its height), unique in W*(H+1) bits. A ply is
 * held as its keys in ascending order, split in two: the top D bits (the T highest columns)
 * index a directory of offsets, the low L bits (the other columns, L <= 16) are kept as 16-bit
 * words. So a position costs 2 bytes in a ply's list and 1 byte for its value.
 *
 * Forward, from the empty board: ply p+1 is built from ply p one directory slot ("partition")
 * at a time, in ascending order. A move outside the top T columns only flips the top columns'
 * stones (the player to move changes), and a move in top column j also adds a stone there, so
 * the parents of the children in partition v lie in at most T+1 partitions of ply p, each a
 * contiguous run of ply p's list; their children are marked in a bitmap over the low L bits
 * and read back sorted and without repeats (blocks of partitions on as many threads as OpenMP
 * gives, each block's keys kept until all are done, then written in order). Positions where the
 * last mover has CONNECT in a row have no children. Each ply goes to two scratch files, its keys
 * and its partitions' sizes (TMPDIR, else /tmp; each removed once read for the last time).
 *
 * Backward, from the last ply: a ply's values are computed from the next ply's keys and values
 * held in memory (a child is found through the directory and a binary search in its
 * partition); then the next ply is dropped. At most two plies are in memory at once: about 3
 * bytes a position, 2.2 GB at 6 x 5's largest pair (plies 23 and 24), plus 2^D * 8 bytes for
 * each ply's directory (128 MiB at 6 x 5, where D = 24 and L = 12). Forward holds less: a ply's
 * keys and a byte each (has it a line), and the next ply's keys.
 *
 * Rules as gamec plays them: a position where the last mover has K in a row (a column, a row or a
 * diagonal) is lost for the player to move, in 0; else a full board is a tie in 0; else a win if
 * some move leaves the opponent lost (fastest), else a tie if some move leaves a tie (fastest),
 * else a loss (slowest). Entries: value << 6 | remoteness (value 1 win, 2 lose, 3 tie).
 *
 * Build: cc -O2 connect_four_tiers.c   (or with -fopenmp to use every core)
 * Usage: connect_four_tiers [--dump] [WIDTH [HEIGHT [CONNECT]]]   (default 5 4 4)
 * Prints `positions N`, `value win|lose|tie R` and `counts win W lose L tie T` as connect_four.c
 * does; --dump also prints every position as connect_four.c does (in another order). Progress
 * and one line per ply (`ply P positions N win W lose L tie T`) go to stderr. Needs the top part
 * of a key to be at most 26 bits (boards up to 6 x 5, 7 x 4, 5 x 6 and the like). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#ifdef _OPENMP /* cc -fopenmp: OpenMP's pragmas; else none, and no warning about them */
#define OMP(x) _Pragma(#x)
#else
#define OMP(x)
#endif

enum { WIN = 1, LOSE = 2, TIE = 3 };
static const char *NAME[] = {"", "win", "lose", "tie"};

static int W = 5, H = 4, K = 4, dump;
static int S;         /* bits per column, H + 1 */
static int L, T, D;   /* low bits (the lowest W - T columns), top columns, top bits (T * S) */
static uint64_t bottom, lowmask, colmask, colbit[64], coltop[64];
static char scratch[4096];
static struct timespec t0;

static void path(int ply, const char *ext, char *out) {
  snprintf(out, 4200, "%s/ply%02d.%s", scratch, ply, ext);
}

static void die(const char *msg) {
  fprintf(stderr, "connect_four_tiers: %s\n", msg);
  if (*scratch) { /* leave no scratch files behind */
    char name[4200];
    for (int p = 0; p < 64; p++) {
      path(p, "keys", name);
      unlink(name);
      path(p, "dir", name);
      unlink(name);
    }
    rmdir(scratch);
  }
  exit(1);
}

static void *xmalloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) die("out of memory");
  return p;
}

static double elapsed(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)(t.tv_sec - t0.tv_sec) + 1e-9 * (double)(t.tv_nsec - t0.tv_nsec);
}

static int has_line(uint64_t b) {
  const int shift[4] = {1, H + 1, H, H + 2}; /* up a column, along a row, two diagonals */
  for (int d = 0; d < 4; d++) {
    uint64_t m = b;
    for (int i = 1; i < K && m; i++) m &= b >> (i * shift[d]);
    if (m) return 1;
  }
  return 0;
}

/* A column's height from its part of a key (never 0: the marker bit). */
static inline int colheight(uint64_t col) { return 63 - __builtin_clzll(col); }

/* The stones of the player to move and all stones, from a key (or a part of one: columns
 * from `first` on, up to the key's highest set bit). */
static void decode(uint64_t key, int first, uint64_t *cur, uint64_t *mask) {
  uint64_t c0 = 0, m0 = 0;
  for (int c = first; c < W && key >> (c * S); c++) {
    uint64_t col = key >> (c * S) & colmask;
    uint64_t m = col ? (1ull << colheight(col)) - 1 : 0;
    m0 |= m << (c * S);
    c0 |= (col & m) << (c * S);
  }
  *cur = c0;
  *mask = m0;
}

/* A key's low part decoded: the player to move's stones | all stones << 16. */
static uint32_t *lowtab;

/* Decodes the key with top part u (decoded: ucur, umask) and low part lo. */
static inline void decode_low(uint64_t ucur, uint64_t umask, uint16_t lo, uint64_t *cur,
                              uint64_t *mask) {
  uint32_t t = lowtab[lo];
  *cur = ucur | (t & 0xffff);
  *mask = umask | t >> 16;
}

/* The key after the player to move drops a stone in column c (not full). */
static inline uint64_t child_key(uint64_t cur, uint64_t mask, int c) {
  return (cur ^ mask) + (mask | (mask + colbit[c])) + bottom;
}

/* The top part of a key with every top column's stones changing hands; ~0 if a column is not
 * a valid column (no marker). Its own inverse. */
static uint64_t flip_top(uint64_t u) {
  uint64_t r = 0;
  for (int j = 0; j < T; j++) {
    uint64_t col = u >> (j * S) & colmask;
    if (!col) return ~0ull;
    r |= (col ^ ((1ull << colheight(col)) - 1)) << (j * S);
  }
  return r;
}

static void write_all(FILE *f, const void *p, size_t size, size_t n) {
  if (n && fwrite(p, size, n, f) != n) die("cannot write a scratch file");
}

static void read_all(const char *name, void *p, size_t bytes) {
  FILE *f = fopen(name, "rb");
  if (!f) die("cannot open a scratch file");
  if (bytes && fread(p, 1, bytes, f) != bytes) die("cannot read a scratch file");
  fclose(f);
}

/* A ply: n keys as 16-bit low parts in ascending order, partition v at dir[v] .. dir[v+1]. */
typedef struct {
  uint64_t n, *dir;
  uint16_t *keys;
  uint8_t *vals;
} Ply;

/* Reads ply p from its scratch files, removing them if `last_use`. */
static void load_ply(int p, uint64_t n, Ply *ply, int last_use) {
  char name[4200];
  uint64_t parts = 1ull << D;
  uint32_t *cnt = xmalloc(parts * sizeof *cnt);
  path(p, "dir", name);
  read_all(name, cnt, parts * sizeof *cnt);
  if (last_use) unlink(name);
  ply->n = n;
  ply->dir = xmalloc((parts + 1) * sizeof *ply->dir);
  ply->dir[0] = 0;
  for (uint64_t v = 0; v < parts; v++) ply->dir[v + 1] = ply->dir[v] + cnt[v];
  free(cnt);
  if (ply->dir[parts] != n) die("scratch directory does not add up");
  ply->keys = xmalloc(n * sizeof *ply->keys);
  path(p, "keys", name);
  read_all(name, ply->keys, n * sizeof *ply->keys);
  if (last_use) unlink(name);
  ply->vals = NULL;
}

/* Ply 0: the empty board alone. */
static void start_ply(Ply *ply) {
  uint64_t parts = 1ull << D;
  ply->n = 1;
  ply->dir = xmalloc((parts + 1) * sizeof *ply->dir);
  for (uint64_t v = 0; v <= parts; v++) ply->dir[v] = v > bottom >> L;
  ply->keys = xmalloc(sizeof *ply->keys);
  ply->keys[0] = (uint16_t)(bottom & lowmask);
  ply->vals = NULL;
}

static void free_ply(Ply *ply) {
  free(ply->dir);
  free(ply->keys);
  free(ply->vals);
  memset(ply, 0, sizeof *ply);
}

/* The children in partition v of the positions of ply `par` (term: which have a line), sorted
 * and without repeats, as low parts into out; returns how many. bm: 2^L bits, all clear. */
static size_t gen_partition(uint64_t v, const Ply *par, const uint8_t *term, uint64_t *bm,
                            uint16_t *out) {
  uint64_t fu = flip_top(v);
  if (fu == ~0ull) return 0;
  uint64_t lo_w = ~0ull, hi_w = 0;
  for (int kind = 0; kind <= T; kind++) {
    uint64_t u = fu;
    int c0, c1; /* the columns moved in: c0 .. c1 - 1 */
    if (kind == 0) {
      if (W == T) continue;
      c0 = 0, c1 = W - T;
    } else {
      int j = kind - 1;
      uint64_t col = v >> (j * S) & colmask;
      int h = colheight(col);
      /* the stone on top was dropped by the parent's mover: in the child it is the opponent's */
      if (h == 0 || (col >> (h - 1) & 1)) continue;
      uint64_t below = (1ull << (h - 1)) - 1;
      uint64_t pc = ((col & below) ^ below) | (1ull << (h - 1));
      u = (u & ~(colmask << (j * S))) | pc << (j * S);
      c0 = W - T + j, c1 = c0 + 1;
    }
    uint64_t ucur, umask;
    decode(u << L, W - T, &ucur, &umask);
    for (uint64_t i = par->dir[u]; i < par->dir[u + 1]; i++) {
      if (term[i]) continue;
      uint64_t cur, mask;
      decode_low(ucur, umask, par->keys[i], &cur, &mask);
      for (int c = c0; c < c1; c++) {
        if (mask & coltop[c]) continue;
        uint64_t ck = child_key(cur, mask, c);
        if (ck >> L != v) die("internal error: a child outside its partition");
        uint64_t lo = ck & lowmask, w = lo >> 6;
        bm[w] |= 1ull << (lo & 63);
        if (w < lo_w) lo_w = w;
        if (w > hi_w) hi_w = w;
      }
    }
  }
  size_t n = 0;
  if (lo_w == ~0ull) return 0;
  for (uint64_t w = lo_w; w <= hi_w; w++) {
    uint64_t b = bm[w];
    bm[w] = 0;
    while (b) {
      out[n++] = (uint16_t)(w << 6 | (uint64_t)__builtin_ctzll(b));
      b &= b - 1;
    }
  }
  return n;
}

/* Builds ply p+1 from ply p (in memory) into scratch files; returns its size. */
static uint64_t forward(int p, const Ply *par) {
  uint64_t parts = 1ull << D;
  uint8_t *term = xmalloc(par->n);
OMP(omp parallel for schedule(dynamic, 4096))
  for (long long u = 0; u < (long long)parts; u++) {
    uint64_t ucur, umask;
    if (par->dir[u] == par->dir[u + 1]) continue;
    decode((uint64_t)u << L, W - T, &ucur, &umask);
    for (uint64_t i = par->dir[u]; i < par->dir[u + 1]; i++) {
      uint64_t cur, mask;
      decode_low(ucur, umask, par->keys[i], &cur, &mask);
      term[i] = (uint8_t)has_line(cur ^ mask);
    }
  }
  uint32_t *cnt = xmalloc(parts * sizeof *cnt);
  char name[4200];
  path(p + 1, "keys", name);
  FILE *f = fopen(name, "wb");
  if (!f) die("cannot create a scratch file");
  int bb = 20 - L < D ? 20 - L : D; /* partitions per block: 2^bb, about a million low parts */
  if (bb < 0) bb = 0;
  uint64_t per = 1ull << bb;
  long long blocks = (long long)(parts >> bb);
  uint16_t **out = xmalloc((size_t)blocks * sizeof *out); /* each block's keys, */
  size_t *outn = xmalloc((size_t)blocks * sizeof *outn);   /* and how many */
OMP(omp parallel)
  {
    uint64_t words = L > 6 ? 1ull << (L - 6) : 1;
    uint64_t *bm = calloc(words, sizeof *bm);
    uint16_t *buf = xmalloc((per << L) * sizeof *buf);
    if (!bm) die("out of memory");
OMP(omp for schedule(dynamic, 1))
    for (long long blk = 0; blk < blocks; blk++) {
      size_t n = 0;
      for (uint64_t v = (uint64_t)blk * per; v < (uint64_t)(blk + 1) * per; v++) {
        size_t k = gen_partition(v, par, term, bm, buf + n);
        cnt[v] = (uint32_t)k;
        n += k;
      }
      out[blk] = n ? xmalloc(n * sizeof *buf) : NULL;
      if (n) memcpy(out[blk], buf, n * sizeof *buf);
      outn[blk] = n;
    }
    free(bm);
    free(buf);
  }
  uint64_t total = 0;
  for (long long blk = 0; blk < blocks; blk++) {
    write_all(f, out[blk], sizeof **out, outn[blk]);
    total += outn[blk];
    free(out[blk]);
  }
  free(out);
  free(outn);
  if (fclose(f)) die("cannot write a scratch file");
  path(p + 1, "dir", name);
  f = fopen(name, "wb");
  if (!f) die("cannot create a scratch file");
  write_all(f, cnt, sizeof *cnt, parts);
  if (fclose(f)) die("cannot write a scratch file");
  free(cnt);
  free(term);
  return total;
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

static inline uint8_t child_value(const Ply *ch, uint64_t ck) {
  uint64_t v = ck >> L, len = ch->dir[v + 1] - ch->dir[v];
  uint16_t lo = (uint16_t)(ck & lowmask);
  const uint16_t *k = ch->keys + ch->dir[v];
  if (!len) die("internal error: a child not in the next ply");
  while (len > 1) { /* the last key <= lo, without branches to mispredict */
    uint64_t half = len / 2;
    k = k[half] <= lo ? k + half : k;
    len -= half;
  }
  if (*k != lo) die("internal error: a child not in the next ply");
  return ch->vals[k - ch->keys];
}

/* Values of ply p (par) from ply p+1 (ch, with values; n = 0 past the last ply). */
static void backward(int p, Ply *par, const Ply *ch, uint64_t count[4]) {
  uint64_t parts = 1ull << D, cw = 0, cl = 0, ct = 0;
  par->vals = xmalloc(par->n);
OMP(omp parallel for if (!dump) schedule(dynamic, 4096) reduction(+ : cw, cl, ct))
  for (long long u = 0; u < (long long)parts; u++) {
    uint64_t ucur, umask;
    if (par->dir[u] == par->dir[u + 1]) continue;
    decode((uint64_t)u << L, W - T, &ucur, &umask);
    for (uint64_t i = par->dir[u]; i < par->dir[u + 1]; i++) {
      uint64_t cur, mask;
      uint8_t e;
      decode_low(ucur, umask, par->keys[i], &cur, &mask);
      if (has_line(cur ^ mask)) e = LOSE << 6;
      else if (p == W * H) e = TIE << 6;
      else {
        if (!ch->n) die("internal error: a position without children past the last ply");
        int win = 99, tie = 99, lose = 0;
        for (int c = 0; c < W; c++) {
          if (mask & coltop[c]) continue;
          uint8_t ce = child_value(ch, child_key(cur, mask, c));
          int cv = ce >> 6, r = ce & 63;
          if (cv == LOSE) { if (r < win) win = r; }
          else if (cv == TIE) { if (r < tie) tie = r; }
          else if (r > lose) lose = r;
        }
        e = win < 99 ? (uint8_t)(WIN << 6 | (win + 1))
            : tie < 99 ? (uint8_t)(TIE << 6 | (tie + 1))
            : (uint8_t)(LOSE << 6 | (lose + 1));
      }
      par->vals[i] = e;
      if (e >> 6 == WIN) cw++;
      else if (e >> 6 == LOSE) cl++;
      else ct++;
      if (dump) {
        print_board(cur, mask, p % 2 ? 2 : 1);
        printf("\t%s\t%d\n", NAME[e >> 6], e & 63);
      }
    }
  }
  count[WIN] = cw, count[LOSE] = cl, count[TIE] = ct;
}

int main(int argc, char **argv) {
  int arg[3] = {5, 4, 4}, n = 0;
  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--dump")) { dump = 1; continue; }
    char *end;
    long v = strtol(argv[a], &end, 10);
    if (*end || v < 1 || v > 42 || n == 3) {
      fprintf(stderr, "usage: connect_four_tiers [--dump] [WIDTH [HEIGHT [CONNECT]]]\n");
      return 2;
    }
    arg[n++] = (int)v;
  }
  W = arg[0], H = arg[1], K = arg[2];
  if (W * (H + 1) > 63 || K < 2) {
    fprintf(stderr, "connect_four_tiers: needs WIDTH * (HEIGHT + 1) <= 63 and CONNECT >= 2\n");
    return 2;
  }
  S = H + 1;
  L = S * (16 / S);
  if (L > W * S) L = W * S;
  T = W - L / S;
  D = T * S;
  if (D > 26) {
    fprintf(stderr, "connect_four_tiers: a board of %d x %d needs %d top bits in the directory, more than the 26 this program allows\n", W, H, D);
    return 2;
  }
  colmask = (1ull << S) - 1;
  lowmask = (1ull << L) - 1;
  for (int c = 0; c < W; c++) {
    colbit[c] = 1ull << c * S;
    coltop[c] = 1ull << (c * S + H - 1);
    bottom |= colbit[c];
  }
  lowtab = xmalloc((lowmask + 1) * sizeof *lowtab);
  for (uint64_t lo = 0; lo <= lowmask; lo++) {
    uint64_t cur, mask;
    decode(lo, 0, &cur, &mask);
    lowtab[lo] = (uint32_t)(cur | mask << 16);
  }
  clock_gettime(CLOCK_MONOTONIC, &t0);
  const char *tmp = getenv("TMPDIR");
  snprintf(scratch, sizeof scratch, "%s/connect_four_tiers.XXXXXX", tmp && *tmp ? tmp : "/tmp");
  if (!mkdtemp(scratch)) {
    *scratch = 0;
    die("cannot create a scratch directory");
  }
  fprintf(stderr, "board %d x %d, connect %d: %d top bits in the directory, %d low bits a key\n", W, H, K, D, L);

  /* Forward: ply 0 is the empty board. */
  uint64_t size[64] = {0}, count[64][4];
  int last = 0;
  Ply par;
  start_ply(&par);
  size[0] = 1;
  for (int p = 0; p < W * H; p++) {
    size[p + 1] = forward(p, &par);
    free_ply(&par);
    fprintf(stderr, "forward: ply %d has %llu positions (%.1f s)\n", p + 1,
            (unsigned long long)size[p + 1], elapsed());
    if (!size[p + 1]) {
      char name[4200];
      path(p + 1, "keys", name);
      unlink(name);
      path(p + 1, "dir", name);
      unlink(name);
      break;
    }
    last = p + 1;
    if (p + 1 < W * H) load_ply(p + 1, size[p + 1], &par, 0);
  }

  /* Backward: from the last ply down to the empty board. */
  Ply ch = {0};
  uint8_t start = 0;
  for (int p = last; p >= 0; p--) {
    if (p == 0) start_ply(&par);
    else load_ply(p, size[p], &par, 1);
    backward(p, &par, &ch, count[p]);
    if (p == 0) start = par.vals[0];
    free_ply(&ch);
    ch = par;
    fprintf(stderr, "backward: ply %d: win %llu lose %llu tie %llu (%.1f s)\n", p,
            (unsigned long long)count[p][WIN], (unsigned long long)count[p][LOSE],
            (unsigned long long)count[p][TIE], elapsed());
  }
  free_ply(&ch);
  rmdir(scratch);

  uint64_t positions = 0, total[4] = {0};
  for (int p = 0; p <= last; p++) {
    positions += size[p];
    for (int v = 1; v <= 3; v++) total[v] += count[p][v];
    fprintf(stderr, "ply %d positions %llu win %llu lose %llu tie %llu\n", p,
            (unsigned long long)size[p], (unsigned long long)count[p][WIN],
            (unsigned long long)count[p][LOSE], (unsigned long long)count[p][TIE]);
  }
  printf("positions %llu\n", (unsigned long long)positions);
  printf("value %s %d\n", NAME[start >> 6], start & 63);
  printf("counts win %llu lose %llu tie %llu\n", (unsigned long long)total[WIN],
         (unsigned long long)total[LOSE], (unsigned long long)total[TIE]);
  return 0;
}
