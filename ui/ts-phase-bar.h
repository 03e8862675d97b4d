/* ts-phase-bar.h — the turn's phases and steps for the active rules profile, current one lit. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TS_TYPE_PHASE_BAR (ts_phase_bar_get_type ())
G_DECLARE_FINAL_TYPE (TsPhaseBar, ts_phase_bar, TS, PHASE_BAR, GtkWidget)

GtkWidget *ts_phase_bar_new (void);

/* The steps, in turn order: short labels ("Untap", "Blockers"), full names shown as tooltips
 * (may be NULL), and a style class per step (may be NULL, or hold NULLs; "combat" tints the
 * steps of an attack). Copied. Resets the current step to none when the labels change. */
void ts_phase_bar_set_steps (TsPhaseBar *self, const char *const *labels,
                             const char *const *tooltips, const char *const *classes, guint n);
/* Lights step `index`; -1 lights none (no game). */
void ts_phase_bar_set_current (TsPhaseBar *self, int index);
int ts_phase_bar_get_current (TsPhaseBar *self);
/* The lit step's display name, or NULL. */
const char *ts_phase_bar_get_current_name (TsPhaseBar *self);
guint ts_phase_bar_get_n_steps (TsPhaseBar *self);

G_END_DECLS
