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
 * the log got shorter, refreshes the undone marks. engine NULL clears. cards (may be NULL,
 * borrowed, must outlive the next reset) is what engine was made with, and engine must have
 * been made with profile NULL (the game_start picks it, as in the window): the log keeps a
 * shadow engine one event behind so that each line is worded against the state before its
 * event at constant cost, however long the game. */
void ts_event_log_sync (TsEventLog *self, TsEngine *engine, const TsCardDb *cards);
/* Forgets everything shown: call when the window switches to another engine. */
void ts_event_log_reset (TsEventLog *self);
guint ts_event_log_get_n_rows (TsEventLog *self);
/* The text of the newest row, or NULL (for tests). */
const char *ts_event_log_get_newest_text (TsEventLog *self);
/* Whether the line of log event `index` is shown as undone. */
gboolean ts_event_log_is_undone (TsEventLog *self, guint index);

G_END_DECLS
