/* ts-screenshot.h — saves what a widget shows on screen as a PNG (for `dashboard
 * --screenshot`, documentation and the UI tests' artefacts). */
#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* Renders widget at its current size with its window's renderer and writes a PNG to path.
 * The widget must be realized and allocated. FALSE with error (G_IO_ERROR) otherwise. */
gboolean ts_widget_save_png (GtkWidget *widget, const char *path, GError **error);

G_END_DECLS
