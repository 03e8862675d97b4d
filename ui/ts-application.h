/* ts-application.h — the tablesight GtkApplication: app-wide actions, accelerators, style. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TS_APPLICATION_ID "org.tablesight.Tablesight"

/* What the dashboard opens with. Every path may be NULL. Strings are copied. */
typedef struct {
  const char *log_path;     /* game store (SQLite) to resume and append to */
  const char *replay_path;  /* JSON Lines event log to replay */
  const char *session_dir;  /* a recorded table session (frames + events) */
  const char *cards_path;   /* card database; NULL = the bundled set */
  const char *screenshot_path; /* save the window as this PNG once drawn, then quit */
  const char *source_spec;  /* the live table: a capture spec (camera or recorded folder) */
  const char *calibration_path; /* with source_spec: the table's calibration file */
  const char *demo_dir;     /* the bundled demo session, offered first among the recordings */
} TsDashboardOptions;

#define TS_TYPE_APPLICATION (ts_application_get_type ())
G_DECLARE_FINAL_TYPE (TsApplication, ts_application, TS, APPLICATION, GtkApplication)

TsApplication *ts_application_new (const TsDashboardOptions *options);

/* The options given to ts_application_new(); owned by the application. */
const TsDashboardOptions *ts_application_get_options (TsApplication *self);

/* What made a non-interactive run (--screenshot) fail, or NULL. */
const GError *ts_application_get_error (TsApplication *self);

/* Prefer the dark variant of the theme (the "app.dark-style" action's state). */
void ts_application_set_dark (TsApplication *self, gboolean dark);

G_END_DECLS
