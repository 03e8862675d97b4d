/* ts-source-dialog.h — choose where the table picture comes from: a camera found on this
 * machine or a recorded session folder. */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define TS_TYPE_SOURCE_DIALOG (ts_source_dialog_get_type ())
G_DECLARE_FINAL_TYPE (TsSourceDialog, ts_source_dialog, TS, SOURCE_DIALOG, GtkWindow)

/* Emits ::source-chosen (const char *spec) — a capture spec such as "v4l2:/dev/video0" or
 * "dir:/path/to/session" — and closes. */
TsSourceDialog *ts_source_dialog_new (GtkWindow *parent);
/* Adds a choice. kind: "camera" or "recording" (picks the icon). */
void ts_source_dialog_add (TsSourceDialog *self, const char *spec, const char *name,
                           const char *kind);
guint ts_source_dialog_get_n_sources (TsSourceDialog *self);
/* The capture spec of choice index. */
const char *ts_source_dialog_get_spec (TsSourceDialog *self, guint index);
void ts_source_dialog_choose (TsSourceDialog *self, guint index);

G_END_DECLS
