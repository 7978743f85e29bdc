/*
 * engine.c: gamazons' computer player as an engine of Boardroom's engine
 * text protocol (docs/engine-protocol.md), so that `play match` can measure
 * Boardroom's Amazons against a program the project did not write.
 *
 * gamazons (Debian package `gamazons`, by Sean McMillen and Ron Yorgason,
 * GPL) keeps its player inside a GTK window: an iterative-deepening
 * alpha-beta search (`isearch`, moves.c) over a territory-and-mobility
 * evaluation (`heval`, eval.c) with a transposition table. This file is
 * Boardroom's: it links gamazons' own moves.c and eval.c, unchanged, built
 * by build.sh from Debian's source package, and gives them a line protocol
 * instead of a window.
 *
 * Its search reads the clock with time(NULL) and compares seconds with the
 * `timeout` option; build.sh renames that call to gz_clock (below), which
 * counts milliseconds, so the same comparison honours a budget in
 * milliseconds. The engine thinks three quarters of the budget, as
 * Boardroom's own engine does, and keeps the rest for the pipes.
 *
 * Only the commands a match needs, and those that help a person try it, are
 * answered: name, protocol_version, list_commands, game amazons, time, play,
 * genmove, legal, quit. Everything else is refused.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "gnome.h"
#include "amazons.h"

/* gamazons' globals and functions this driver uses (moves.c). */
extern struct options options;
extern int ok;
extern time_t start;
int init(state *s);

/* Names moves.c refers to for its window, which has none here. */
GtkWidget *main_window;
int state_hash;
GtkWidget *lookup_widget(GtkWidget *w, const char *name) { (void)w; (void)name; return NULL; }
int create_hash(state *s) { (void)s; return 0; }

/* gz_clock replaces time() in moves.c: milliseconds on a monotonic clock. */
time_t gz_clock(time_t *t)
{
	struct timespec ts;
	time_t ms;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	ms = (time_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
	if (t)
		*t = ms;
	return ms;
}

static FILE *out; /* the protocol's channel: stdout before it was moved */
static state pos;
static int in_game;
static int budget_ms = 2000;

static void reply(const char *text)
{
	if (text && *text)
		fprintf(out, "= %s\n\n", text);
	else
		fprintf(out, "=\n\n");
	fflush(out);
}

static void refuse(const char *reason)
{
	fprintf(out, "? %s\n\n", reason);
	fflush(out);
}

/* square reads "d7" into a column and a row (0-based); 0 if unreadable. */
static int square(const char **p, int *col, int *row)
{
	const char *s = *p;
	int r = 0, digits = 0;
	char c = (char)tolower((unsigned char)*s);
	if (c < 'a' || c > 'j')
		return 0;
	s++;
	while (isdigit((unsigned char)*s) && digits < 3) {
		r = r * 10 + (*s - '0');
		s++;
		digits++;
	}
	if (digits == 0 || r < 1 || r > 10)
		return 0;
	*col = c - 'a';
	*row = r - 1;
	*p = s;
	return 1;
}

static void notation(move m, const state *s, char *buf)
{
	int fc, fr;
	if (s->turn == WHITE_PLAYER) {
		fc = s->white_q_x[m.queen];
		fr = s->white_q_y[m.queen];
	} else {
		fc = s->black_q_x[m.queen];
		fr = s->black_q_y[m.queen];
	}
	sprintf(buf, "%c%d-%c%d/%c%d", 'a' + fc, fr + 1, 'a' + m.tocol,
	        m.torow + 1, 'a' + m.wallcol, m.wallrow + 1);
}

/* parse reads "d1-d7/g7" into one of the mover's legal moves. */
static const char *parse(const char *text, move *m)
{
	static move list[3000];
	int fc, fr, tc, tr, ac, ar, q, n;
	const char *p = text;
	if (!square(&p, &fc, &fr) || *p++ != '-' || !square(&p, &tc, &tr) ||
	    *p++ != '/' || !square(&p, &ac, &ar) || *p != '\0')
		return "bad notation: a move is like d1-d7/g7";
	for (q = 0; q < 4; q++) {
		int x = pos.turn == WHITE_PLAYER ? pos.white_q_x[q] : pos.black_q_x[q];
		int y = pos.turn == WHITE_PLAYER ? pos.white_q_y[q] : pos.black_q_y[q];
		if (x == fc && y == fr)
			break;
	}
	if (q == 4)
		return "illegal move: no queen of the side to move there";
	m->queen = (uchar)q;
	m->tocol = (uchar)tc;
	m->torow = (uchar)tr;
	m->wallcol = (uchar)ac;
	m->wallrow = (uchar)ar;
	n = children(&pos, list);
	if (!move_lookup(m, list, n))
		return "illegal move";
	return NULL;
}

/* seat reads a seat's name or number: WHITE_PLAYER, BLACK_PLAYER, or 0. */
static int seat(const char *word)
{
	if (!strcasecmp(word, "white") || !strcmp(word, "1"))
		return WHITE_PLAYER;
	if (!strcasecmp(word, "black") || !strcmp(word, "2"))
		return BLACK_PLAYER;
	return 0;
}

static void legal(void)
{
	static move list[3000];
	static char line[3000 * 12];
	char buf[16];
	int i, n = children(&pos, list);
	line[0] = '\0';
	for (i = 0; i < n; i++) {
		notation(list[i], &pos, buf);
		if (i > 0)
			strcat(line, " ");
		strcat(line, buf);
	}
	reply(line);
}

static void genmove(void)
{
	static move list[3000];
	char buf[16];
	move m;
	if (children(&pos, list) == 0) {
		refuse("the game is over");
		return;
	}
	options.engine.timeout = budget_ms * 3 / 4;
	ok = 1;
	start = gz_clock(NULL);
	m = isearch(&pos, NOTHINK);
	notation(m, &pos, buf);
	makemove(&pos, m);
	reply(buf);
}

int main(void)
{
	char line[65600];
	/* Whatever gamazons prints goes to standard error: standard output
	 * carries replies only. */
	out = fdopen(dup(1), "w");
	dup2(2, 1);

	options.engine.maxdepth = 20;   /* its window's defaults (init_engine) */
	options.engine.maxwidth = 3000;
	options.engine.timeout = 1;

	while (fgets(line, sizeof line, stdin)) {
		char *words[8];
		int n = 0;
		char *p = strtok(line, " \t\r\n");
		while (p && n < 8) {
			words[n++] = p;
			p = strtok(NULL, " \t\r\n");
		}
		if (n == 0 || words[0][0] == '#')
			continue;
		for (p = words[0]; *p; p++)
			*p = (char)tolower((unsigned char)*p);

		if (!strcmp(words[0], "name"))
			reply("gamazons 0.83");
		else if (!strcmp(words[0], "protocol_version"))
			reply("1");
		else if (!strcmp(words[0], "list_commands"))
			reply("name protocol_version list_commands game time play genmove legal quit");
		else if (!strcmp(words[0], "quit")) {
			reply("");
			return 0;
		} else if (!strcmp(words[0], "game")) {
			if (n != 2 || strcmp(words[1], "amazons"))
				refuse("this engine plays only amazons, without options");
			else {
				init(&pos);
				in_game = 1;
				reply("");
			}
		} else if (!strcmp(words[0], "time")) {
			long ms = n == 2 ? strtol(words[1], NULL, 10) : 0;
			if (ms < 1 || ms > 3600000)
				refuse("time: milliseconds from 1 to 3600000");
			else {
				budget_ms = (int)ms;
				reply("");
			}
		} else if (!in_game)
			refuse("no game: send game amazons first");
		else if (!strcmp(words[0], "play")) {
			move m;
			const char *why = n == 2 ? parse(words[1], &m) : "play MOVE";
			if (why)
				refuse(why);
			else {
				makemove(&pos, m);
				reply("");
			}
		} else if (!strcmp(words[0], "genmove")) {
			if (n == 2 && seat(words[1]) != pos.turn)
				refuse("genmove: that seat is not to move");
			else
				genmove();
		} else if (!strcmp(words[0], "legal"))
			legal();
		else
			refuse("unknown command");
	}
	return 0;
}
