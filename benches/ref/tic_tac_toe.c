/* Tic-tac-toe (games/tic_tac_toe.game, normal play) solved by hand: the floor for
 * `gamec solve games/tic_tac_toe.game`.
 *
 * Every position reachable from the empty board, by a depth-first search memoised in a dense
 * table over the base-3 number of the board (3^9 entries; whose turn it is follows from the
 * marks). A position where the last mover has three in a row is lost for the player to move, in
 * 0; else a full board is a tie in 0; else, as gamec values it, a win if some move leaves the
 * opponent lost (fastest), else a tie if some move leaves a tie (fastest), else a loss (slowest).
 * Entries are one byte: 0 unknown, else value << 5 | remoteness (value 1 win, 2 lose, 3 tie).
 *
 * Usage: tic_tac_toe [--dump]
 * Prints `positions N`, `value win|lose|tie R` and `counts win W lose L tie T`; --dump also prints
 * every position as `board=[X, ., O / ...], turn=T<TAB>value<TAB>remoteness`. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

enum { WIN = 1, LOSE = 2, TIE = 3 };
static const char *NAME[] = {"", "win", "lose", "tie"};
static const int LINES[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6},
                                {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};
static const int POW3[9] = {1, 3, 9, 27, 81, 243, 729, 2187, 6561};

static uint8_t db[19683];
static int cell[9]; /* 0 empty, 1 X (player 1), 2 O (player 2) */
static uint64_t positions, count[4];
static int dump;

static int three(int p) {
  for (int l = 0; l < 8; l++)
    if (cell[LINES[l][0]] == p && cell[LINES[l][1]] == p && cell[LINES[l][2]] == p) return 1;
  return 0;
}

/* code: the board in base 3; marks: how many marks are on it. */
static uint8_t solve(int code, int marks) {
  if (db[code]) return db[code];
  int mover = marks % 2 ? 2 : 1, last = 3 - mover;
  uint8_t e;
  if (three(last)) e = LOSE << 5;
  else if (marks == 9) e = TIE << 5;
  else {
    int win = 99, tie = 99, lose = 0;
    for (int i = 0; i < 9; i++) {
      if (cell[i]) continue;
      cell[i] = mover;
      uint8_t c = solve(code + mover * POW3[i], marks + 1);
      cell[i] = 0;
      int v = c >> 5, r = c & 31;
      if (v == LOSE) { if (r < win) win = r; }
      else if (v == TIE) { if (r < tie) tie = r; }
      else if (r > lose) lose = r;
    }
    e = win < 99 ? (uint8_t)(WIN << 5 | (win + 1))
        : tie < 99 ? (uint8_t)(TIE << 5 | (tie + 1))
        : (uint8_t)(LOSE << 5 | (lose + 1));
  }
  db[code] = e;
  positions++;
  count[e >> 5]++;
  if (dump) {
    printf("board=[");
    for (int i = 0; i < 9; i++)
      printf("%s%c", i == 0 ? "" : i % 3 ? ", " : " / ", ".XO"[cell[i]]);
    printf("], turn=%d\t%s\t%d\n", mover, NAME[e >> 5], e & 31);
  }
  return e;
}

int main(int argc, char **argv) {
  for (int a = 1; a < argc; a++) {
    if (!strcmp(argv[a], "--dump")) dump = 1;
    else { fprintf(stderr, "usage: tic_tac_toe [--dump]\n"); return 2; }
  }
  uint8_t s = solve(0, 0);
  printf("positions %llu\n", (unsigned long long)positions);
  printf("value %s %d\n", NAME[s >> 5], s & 31);
  printf("counts win %llu lose %llu tie %llu\n", (unsigned long long)count[WIN],
         (unsigned long long)count[LOSE], (unsigned long long)count[TIE]);
  return 0;
}
