/* ts-screenshot.c — a widget's rendering to a PNG file through its own GSK renderer, so the
 * picture is exactly what the screen shows. */
#include "ts-screenshot.h"

gboolean
ts_widget_save_png (GtkWidget *widget, const char *path, GError **error)
{
  g_return_val_if_fail (GTK_IS_WIDGET (widget), FALSE);
  g_return_val_if_fail (path != NULL, FALSE);

  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  GtkNative *native = gtk_widget_get_native (widget);
  GskRenderer *renderer = native != NULL ? gtk_native_get_renderer (native) : NULL;
  if (width <= 0 || height <= 0 || renderer == NULL) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                 "%s: the window is not on screen yet, nothing to save", path);
    return FALSE;
  }

  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, width, height);
  g_autoptr (GskRenderNode) node = gtk_snapshot_free_to_node (snapshot);
  if (node == NULL) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: the window drew nothing", path);
    return FALSE;
  }
  g_autoptr (GdkTexture) texture =
    gsk_renderer_render_texture (renderer, node, &GRAPHENE_RECT_INIT (0, 0, width, height));
  if (!gdk_texture_save_to_png (texture, path)) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "%s: could not write the PNG", path);
    return FALSE;
  }
  return TRUE;
}
