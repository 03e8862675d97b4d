/* ts-warning-list.h — the judge's list: every warning the engine raised on the events in
 * effect, each with the rule it concerns and the event that raised it. */
#pragma once

#include <gtk/gtk.h>
#include "state.h"

G_BEGIN_DECLS

#define TS_TYPE_WARNING_LIST (ts_warning_list_get_type ())
G_DECLARE_FINAL_TYPE (TsWarningList, ts_warning_list, TS, WARNING_LIST, GtkWidget)

GtkWidget *ts_warning_list_new (void);
/* Shows state->warnings, newest first (state borrowed for the call; NULL clears). */
void ts_warning_list_update (TsWarningList *self, const TsState *state);
guint ts_warning_list_get_n_rows (TsWarningList *self);

G_END_DECLS
