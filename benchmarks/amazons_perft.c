/*
 * amazons_perft: a plain mailbox perft for the Game of the Amazons, the
 * reference that Boardroom's Go perft is timed against (BENCHMARKS.md).
 *
 * Deliberately straightforward: a 12x12 board whose outer ring is a wall,
 * queen moves found by walking the eight rays square by square, make/unmake
 * on the board array, and at the last ply bulk counting: for every amazon
 * move the arrow squares are counted by walking rays from the landing square,
 * with no make per leaf.
 *
 * Build: gcc -O2 -o amazons_perft amazons_perft.c
 * Run:   ./amazons_perft DEPTH [POSITION]
 * POSITION is Boardroom's text encoding, e.g. the opening:
 *   "###B##B###/##########/##########/B########B/##########/##########/W########W/##########/##########/###W##W### White 0"
 * (rows from the top, '#' empty, 'W'/'B' amazons, 'X' arrows, then the side
 * to move and the ply, which is ignored; an "amazons | " prefix is skipped).
 * The count is printed alone on the last line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EMPTY = 0, WALL = 1, WHITE = 2, BLACK = 3, ARROW = 4 };
enum { W = 12, CELLS = W * W, MAXAMAZONS = 16 };

static const int dirs[8] = {1, -1, W, -W, W + 1, W - 1, -W + 1, -W - 1};

static unsigned char board[CELLS];
static int amazons[2][MAXAMAZONS]; /* cell of each amazon, by side */
static int namazons[2];

/* arrows counts the squares a queen on cell reaches. */
static int arrows(int cell) {
	int n = 0;
	for (int d = 0; d < 8; d++)
		for (int c = cell + dirs[d]; board[c] == EMPTY; c += dirs[d])
			n++;
	return n;
}

static unsigned long long perft(int side, int depth) {
	unsigned long long n = 0;
	unsigned char piece = side == 0 ? WHITE : BLACK;
	for (int i = 0; i < namazons[side]; i++) {
		int from = amazons[side][i];
		board[from] = EMPTY; /* the arrow may cross or land on it */
		for (int d = 0; d < 8; d++) {
			for (int to = from + dirs[d]; board[to] == EMPTY; to += dirs[d]) {
				if (depth == 1) {
					n += arrows(to);
					continue;
				}
				board[to] = piece;
				amazons[side][i] = to;
				for (int e = 0; e < 8; e++) {
					for (int a = to + dirs[e]; board[a] == EMPTY; a += dirs[e]) {
						board[a] = ARROW;
						n += perft(1 - side, depth - 1);
						board[a] = EMPTY;
					}
				}
				amazons[side][i] = from;
				board[to] = EMPTY;
			}
		}
		board[from] = piece;
	}
	return n;
}

static const char *opening =
	"###B##B###/##########/##########/B########B/##########/"
	"##########/W########W/##########/##########/###W##W### White 0";

/* parse reads POSITION into the board; it returns the side to move or -1. */
static int parse(const char *s) {
	memset(board, WALL, sizeof board);
	namazons[0] = namazons[1] = 0;
	if (strncmp(s, "amazons | ", 10) == 0) /* as Boardroom's Encode writes it */
		s += 10;
	for (int r = 0; r < 10; r++) {
		for (int c = 0; c < 10; c++, s++) {
			int cell = (r + 1) * W + c + 1;
			switch (*s) {
			case '#': board[cell] = EMPTY; break;
			case 'X': board[cell] = ARROW; break;
			case 'W':
			case 'B': {
				int side = *s == 'W' ? 0 : 1;
				if (namazons[side] == MAXAMAZONS)
					return -1;
				board[cell] = side == 0 ? WHITE : BLACK;
				amazons[side][namazons[side]++] = cell;
				break;
			}
			default: return -1;
			}
		}
		if (*s++ != (r < 9 ? '/' : ' '))
			return -1;
	}
	if (strncmp(s, "White", 5) == 0)
		return 0;
	if (strncmp(s, "Black", 5) == 0)
		return 1;
	return -1;
}

int main(int argc, char **argv) {
	if (argc < 2 || argc > 3) {
		fprintf(stderr, "usage: %s DEPTH [POSITION]\n", argv[0]);
		return 2;
	}
	char *end;
	long depth = strtol(argv[1], &end, 10);
	if (*end != '\0' || depth < 0 || depth > 10) {
		fprintf(stderr, "bad depth %s\n", argv[1]);
		return 2;
	}
	int side = parse(argc == 3 ? argv[2] : opening);
	if (side < 0) {
		fprintf(stderr, "bad position\n");
		return 2;
	}
	printf("%llu\n", depth == 0 ? 1ULL : perft(side, (int)depth));
	return 0;
}
