/* A stand-in for <gnome.h>, so that gamazons' engine (moves.c, eval.c)
 * builds without its window. Only the names those two files use are here;
 * none of them does anything, because the driver (engine.c) has no window
 * to keep responsive and no spin buttons to read. */
#ifndef BOARDROOM_GNOME_STUB_H
#define BOARDROOM_GNOME_STUB_H

typedef void GtkWidget;
typedef void GtkSpinButton;

static inline int gtk_events_pending(void) { return 0; }
static inline void gtk_main_iteration(void) {}
static inline int gtk_spin_button_get_value_as_int(GtkSpinButton *b) { (void)b; return 0; }
GtkWidget *lookup_widget(GtkWidget *w, const char *name);

#endif
