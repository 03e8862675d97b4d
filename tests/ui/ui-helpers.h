/* ui-helpers.h — what the dashboard tests share: opening the window, running the main loop
 * for a while, waiting for a condition, and saving a widget as a PNG. */
#pragma once

#include <gtk/gtk.h>

#include "ts-application.h"
#include "ts-window.h"

/* Opens the dashboard window with default options at 1400x880, mapped and drawn once.
 * Returns NULL (and says why on stderr) when the application cannot start. Close it with
 * ui_window_close(). */
TsWindow *ui_window_open (TsApplication **out_app);
/* The same with the given options (the application copies them). */
TsWindow *ui_window_open_with (const TsDashboardOptions *options, TsApplication **out_app);
void ui_window_close (TsApplication *app, TsWindow *window);

/* The cmocka group fixture of the dashboard tests: the window, opened once for the group. */
typedef struct {
  TsApplication *app;
  TsWindow *window;
} UiFixture;

/* Group setup and teardown: *state becomes a UiFixture (freed by ui_fixture_teardown). */
int ui_fixture_setup (void **state);
int ui_fixture_teardown (void **state);

/* Runs the default main context for ms milliseconds. */
void ui_pump (guint ms);
/* Runs the main context until cond(data) or timeout_ms; returns cond's last value. */
gboolean ui_wait (gboolean (*cond) (gpointer), gpointer data, guint timeout_ms);
/* Waits until the widget has been drawn at least once more. */
void ui_wait_frame (GtkWidget *widget);
/* Renders widget (as on screen now) to TS_SCREENSHOT_DIR/name.png. Returns the path (free
 * with g_free) or NULL with a message on stderr. */
char *ui_screenshot (GtkWidget *widget, const char *name);
