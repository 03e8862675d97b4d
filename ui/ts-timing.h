/* ts-timing.h — the engine's timing window and turn position as the sentences the dashboard
 * shows ("Alice may cast: sorceries, creatures, instants · Bob may cast: instants"). */
#pragma once

#include <glib.h>
#include "state.h"

G_BEGIN_DECLS

/* Who may cast what now, every player in the game on one line. Free with g_free(). */
char *ts_timing_describe (const TsState *state);
/* Why: the active player's reason ("During an attack: fast effects only"); NULL when none. */
const char *ts_timing_why (const TsState *state);
/* "Turn 3 · Alice's turn · Combat phase, declare blockers step". Free with g_free(). */
char *ts_timing_status (const TsState *state);
/* A short label for the phase bar ("Upkeep", "Blockers", "Main 2"); static, never NULL. */
const char *ts_timing_step_label (const TsStepDef *step);

G_END_DECLS
