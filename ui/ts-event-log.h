/* ts-event-log.h — the game's event log, newest first, each line with its source (camera,
 * person, engine) and time; undone events stay listed, struck through. */
#pragma once

#include <gtk/gtk.h>
#include "engine.h"

G_BEGIN_DECLS

#define TS_TYPE_EVENT_LOG (ts_event_log_get_type ())
G_DECLARE_FINAL_TYPE (TsEventLog, ts_event_log, TS, EVENT_LOG, GtkWidget)

GtkWidget *ts_event_log_new (void);

/* Brings the list in line with engine's log: appends the events not yet shown, rebuilds when
 * the log got shorter (another game was loaded), refreshes the undone marks. engine NULL
 * clears. Cost: one describe per new event. */
void ts_event_log_sync (TsEventLog *self, TsEngine *engine);
guint ts_event_log_get_n_rows (TsEventLog *self);
/* The text of the newest row, or NULL (for tests). */
const char *ts_event_log_get_newest_text (TsEventLog *self);

G_END_DECLS
