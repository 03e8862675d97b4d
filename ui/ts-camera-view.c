/* ts-camera-view.c — draws the frame as a texture scaled to fit, and the card overlays with
 * Cairo on top. Frames arrive at camera rate, so set_frame only copies bytes and queues a
 * draw; all scaling happens on the GPU (or in GSK's Cairo renderer). */
#include "ts-camera-view.h"

#include <math.h>
#include <string.h>

typedef struct {
  double quad[8];
  char *label;
  int owner;
  gboolean tapped;
  int damage;
  gboolean unknown;
  gboolean library;
  guint id;
} Overlay;

struct _TsCameraView {
  GtkWidget parent_instance;

  GdkTexture *texture;  /* NULL = no frame; may be smaller than the frame (see set_frame) */
  int frame_width;      /* the frame's own size in pixels: overlays are in these units */
  int frame_height;
  GArray *overlays;     /* Overlay */
  char *placeholder;
};

G_DEFINE_FINAL_TYPE (TsCameraView, ts_camera_view, GTK_TYPE_WIDGET)

enum { SIGNAL_OVERLAY_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

/* GNOME palette: blue, red, green, yellow, purple, orange; readable on a green felt table. */
static const char *const owner_colors[] = {
  "#3584e4", "#e01b24", "#2ec27e", "#f6d32d", "#c061cb", "#ff7800",
};

void
ts_owner_color (int owner, GdkRGBA *out)
{
  if (owner < 0) {
    gdk_rgba_parse (out, "#deddda");
    return;
  }
  gdk_rgba_parse (out, owner_colors[owner % G_N_ELEMENTS (owner_colors)]);
}

static void
overlay_clear (gpointer data)
{
  Overlay *o = data;
  g_clear_pointer (&o->label, g_free);
}

/* Where the frame lands inside the widget: scale and offset, letterboxed. */
static gboolean
frame_placement (TsCameraView *self, double *scale, double *ox, double *oy)
{
  if (self->texture == NULL)
    return FALSE;
  double w = gtk_widget_get_width (GTK_WIDGET (self));
  double h = gtk_widget_get_height (GTK_WIDGET (self));
  double fw = self->frame_width;
  double fh = self->frame_height;
  if (w <= 0 || h <= 0 || fw <= 0 || fh <= 0)
    return FALSE;
  *scale = MIN (w / fw, h / fh);
  *ox = (w - fw * *scale) / 2;
  *oy = (h - fh * *scale) / 2;
  return TRUE;
}

static void
draw_overlay (cairo_t *cr, const Overlay *o, double scale, double ox, double oy,
              double view_width)
{
  GdkRGBA color;
  double px[4], py[4];
  double cx = 0, cy = 0, top = G_MAXDOUBLE;

  ts_owner_color (o->owner, &color);
  for (int i = 0; i < 4; i++) {
    px[i] = ox + o->quad[2 * i] * scale;
    py[i] = oy + o->quad[2 * i + 1] * scale;
    cx += px[i] / 4;
    cy += py[i] / 4;
    top = MIN (top, py[i]);
  }

  cairo_save (cr);
  cairo_move_to (cr, px[0], py[0]);
  for (int i = 1; i < 4; i++)
    cairo_line_to (cr, px[i], py[i]);
  cairo_close_path (cr);
  cairo_set_line_join (cr, CAIRO_LINE_JOIN_ROUND);
  if (o->unknown) {
    /* Unknown cards: white dashed outline over a dark one, so they read as "needs a look". */
    static const double dash[] = { 10, 6 };
    cairo_set_source_rgba (cr, 0, 0, 0, 0.7);
    cairo_set_line_width (cr, 6);
    cairo_stroke_preserve (cr);
    cairo_set_dash (cr, dash, 2, 0);
    cairo_set_source_rgb (cr, 1, 1, 1);
    cairo_set_line_width (cr, 3);
    cairo_stroke (cr);
    cairo_set_dash (cr, NULL, 0, 0);
  } else {
    gdk_cairo_set_source_rgba (cr, &color);
    cairo_set_line_width (cr, 4);
    cairo_stroke (cr);
  }

  /* Name plate centred over the card. */
  const char *label = (o->label != NULL && o->label[0] != '\0') ? o->label
                      : o->unknown ? "? unknown — click"
                      : o->library ? "library" : "?";
  cairo_select_font_face (cr, "Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  cairo_set_font_size (cr, 15);
  cairo_text_extents_t ext;
  cairo_text_extents (cr, label, &ext);
  double bw = ext.x_advance + 12, bh = 22;
  /* Keep the name plate inside the view even for a card at the frame's edge. */
  double bx = CLAMP (cx - bw / 2, 2, MAX (2, view_width - bw - 2)), by = cy - bh / 2;
  cairo_rectangle (cr, bx, by, bw, bh);
  if (o->unknown)
    cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.85);
  else
    cairo_set_source_rgba (cr, color.red * 0.45, color.green * 0.45, color.blue * 0.45, 0.88);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  cairo_move_to (cr, bx + 6, by + 16);
  cairo_show_text (cr, label);

  if (o->tapped) {
    /* A curved arrow: the conventional "tapped" sign. */
    double r = 11, tx = cx, ty = cy + bh + 4;
    cairo_new_path (cr);
    cairo_arc (cr, tx, ty, r + 4, 0, 2 * G_PI);
    cairo_set_source_rgba (cr, 0.1, 0.1, 0.1, 0.85);
    cairo_fill (cr);
    cairo_set_source_rgb (cr, 1, 0.85, 0.3);
    cairo_set_line_width (cr, 3);
    cairo_new_path (cr);
    cairo_arc (cr, tx, ty, r - 3, -G_PI / 2, G_PI);
    cairo_stroke (cr);
    cairo_move_to (cr, tx - r - 1, ty - 2);
    cairo_line_to (cr, tx - r + 3, ty + 5);
    cairo_line_to (cr, tx - r + 7, ty - 2);
    cairo_close_path (cr);
    cairo_fill (cr);
  }

  if (o->damage > 0) {
    char text[16];
    g_snprintf (text, sizeof text, "%d", o->damage);
    double rx = px[0], ry = py[0];
    for (int i = 1; i < 4; i++)
      if (px[i] + py[i] > rx + ry) {
        rx = px[i];
        ry = py[i];
      }
    cairo_new_path (cr);
    cairo_arc (cr, rx, ry, 15, 0, 2 * G_PI);
    cairo_set_source_rgb (cr, 0.75, 0.11, 0.16);
    cairo_fill_preserve (cr);
    cairo_set_source_rgb (cr, 1, 1, 1);
    cairo_set_line_width (cr, 2);
    cairo_stroke (cr);
    cairo_set_font_size (cr, 17);
    cairo_text_extents (cr, text, &ext);
    cairo_move_to (cr, rx - ext.x_advance / 2, ry + ext.height / 2);
    cairo_show_text (cr, text);
  }
  cairo_restore (cr);
}

static void
ts_camera_view_snapshot (GtkWidget *widget, GtkSnapshot *snapshot)
{
  TsCameraView *self = TS_CAMERA_VIEW (widget);
  double w = gtk_widget_get_width (widget);
  double h = gtk_widget_get_height (widget);
  double scale, ox, oy;
  GdkRGBA bg = { 0.12, 0.12, 0.13, 1 };

  gtk_snapshot_append_color (snapshot, &bg, &GRAPHENE_RECT_INIT (0, 0, w, h));

  if (!frame_placement (self, &scale, &ox, &oy)) {
    PangoLayout *layout = gtk_widget_create_pango_layout (widget, self->placeholder);
    PangoAttrList *attrs = pango_attr_list_new ();
    int lw, lh;
    pango_attr_list_insert (attrs, pango_attr_scale_new (1.5));
    pango_layout_set_attributes (layout, attrs);
    pango_attr_list_unref (attrs);
    pango_layout_set_width (layout, (int) (w * 0.8) * PANGO_SCALE);
    pango_layout_set_alignment (layout, PANGO_ALIGN_CENTER);
    pango_layout_get_pixel_size (layout, &lw, &lh);
    gtk_snapshot_save (snapshot);
    gtk_snapshot_translate (snapshot, &GRAPHENE_POINT_INIT ((w - w * 0.8) / 2, (h - lh) / 2));
    GdkRGBA fg = { 0.75, 0.75, 0.75, 1 };
    gtk_snapshot_append_layout (snapshot, layout, &fg);
    gtk_snapshot_restore (snapshot);
    g_object_unref (layout);
    return;
  }

  double fw = self->frame_width * scale;
  double fh = self->frame_height * scale;
  gtk_snapshot_append_texture (snapshot, self->texture, &GRAPHENE_RECT_INIT (ox, oy, fw, fh));

  if (self->overlays->len == 0)
    return;
  cairo_t *cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, w, h));
  for (guint i = 0; i < self->overlays->len; i++)
    draw_overlay (cr, &g_array_index (self->overlays, Overlay, i), scale, ox, oy, w);
  cairo_destroy (cr);
}

static void
ts_camera_view_measure (GtkWidget *widget, GtkOrientation orientation, int for_size,
                        int *minimum, int *natural, int *minimum_baseline, int *natural_baseline)
{
  /* Small minimum so the players' column keeps its room; 16:9 natural size. */
  *minimum = orientation == GTK_ORIENTATION_HORIZONTAL ? 240 : 135;
  *natural = orientation == GTK_ORIENTATION_HORIZONTAL ? 640 : 360;
}

/* Point in polygon, even-odd rule, in widget pixels. */
static gboolean
quad_contains (const double *qx, const double *qy, double x, double y)
{
  gboolean inside = FALSE;
  for (int i = 0, j = 3; i < 4; j = i++)
    if ((qy[i] > y) != (qy[j] > y) &&
        x < (qx[j] - qx[i]) * (y - qy[i]) / (qy[j] - qy[i]) + qx[i])
      inside = !inside;
  return inside;
}

int
ts_camera_view_pick (TsCameraView *self, double x, double y)
{
  double scale, ox, oy;

  g_return_val_if_fail (TS_IS_CAMERA_VIEW (self), -1);
  if (!frame_placement (self, &scale, &ox, &oy))
    return -1;
  /* Last drawn is on top, so search backwards. */
  for (guint i = self->overlays->len; i-- > 0;) {
    const Overlay *o = &g_array_index (self->overlays, Overlay, i);
    double qx[4], qy[4];
    for (int k = 0; k < 4; k++) {
      qx[k] = ox + o->quad[2 * k] * scale;
      qy[k] = oy + o->quad[2 * k + 1] * scale;
    }
    if (quad_contains (qx, qy, x, y))
      return (int) i;
  }
  return -1;
}

static void
on_click (GtkGestureClick *gesture, int n_press, double x, double y, gpointer user_data)
{
  TsCameraView *self = TS_CAMERA_VIEW (user_data);
  int i = ts_camera_view_pick (self, x, y);
  if (i < 0)
    return;
  const Overlay *o = &g_array_index (self->overlays, Overlay, i);
  g_signal_emit (self, signals[SIGNAL_OVERLAY_ACTIVATED], 0, o->id, o->unknown);
}

static void
ts_camera_view_dispose (GObject *object)
{
  TsCameraView *self = TS_CAMERA_VIEW (object);

  g_clear_object (&self->texture);
  g_clear_pointer (&self->overlays, g_array_unref);
  g_clear_pointer (&self->placeholder, g_free);
  G_OBJECT_CLASS (ts_camera_view_parent_class)->dispose (object);
}

static void
ts_camera_view_class_init (TsCameraViewClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ts_camera_view_dispose;
  widget_class->snapshot = ts_camera_view_snapshot;
  widget_class->measure = ts_camera_view_measure;

  /* ::overlay-activated (id, unknown): a card was clicked; the window offers to name it. */
  signals[SIGNAL_OVERLAY_ACTIVATED] =
    g_signal_new ("overlay-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_UINT, G_TYPE_BOOLEAN);
  gtk_widget_class_set_css_name (widget_class, "cameraview");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
ts_camera_view_init (TsCameraView *self)
{
  self->overlays = g_array_new (FALSE, TRUE, sizeof (Overlay));
  g_array_set_clear_func (self->overlays, overlay_clear);
  self->placeholder = g_strdup ("No camera");
  gtk_widget_set_hexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_vexpand (GTK_WIDGET (self), TRUE);
  gtk_widget_set_overflow (GTK_WIDGET (self), GTK_OVERFLOW_HIDDEN);

  GtkGesture *click = gtk_gesture_click_new ();
  g_signal_connect (click, "released", G_CALLBACK (on_click), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (click));
}

GtkWidget *
ts_camera_view_new (void)
{
  return g_object_new (TS_TYPE_CAMERA_VIEW, NULL);
}

/* A frame shrunk to at most dst_w x dst_h pixels, each one the mean of the 2x2 source pixels
 * around its centre: cheap (a few ms for 1080p) and keeps card text legible, where letting the
 * renderer scale a full frame every frame costs tens of ms without a GPU. Returns BGR. */
static GBytes *
shrink_bgr (const TsImage *image, int dst_w, int dst_h)
{
  gsize stride = (gsize) dst_w * 3;
  guint8 *out = g_malloc (stride * dst_h);
  int ch = image->channels;
  for (int y = 0; y < dst_h; y++) {
    int sy = (int) (((double) y + 0.5) * image->height / dst_h);
    int sy0 = MAX (sy - 1, 0), sy1 = MIN (sy, image->height - 1);
    const guint8 *r0 = image->data + (gsize) sy0 * image->stride;
    const guint8 *r1 = image->data + (gsize) sy1 * image->stride;
    guint8 *dst = out + y * stride;
    for (int x = 0; x < dst_w; x++) {
      int sx = (int) (((double) x + 0.5) * image->width / dst_w);
      int sx0 = MAX (sx - 1, 0) * ch, sx1 = MIN (sx, image->width - 1) * ch;
      for (int c = 0; c < 3; c++) {
        int k = ch == 1 ? 0 : c;
        dst[3 * x + c] = (guint8) ((r0[sx0 + k] + r0[sx1 + k] + r1[sx0 + k] + r1[sx1 + k] + 2) / 4);
      }
    }
  }
  return g_bytes_new_take (out, stride * dst_h);
}

void
ts_camera_view_set_frame (TsCameraView *self, const TsImage *image)
{
  g_return_if_fail (TS_IS_CAMERA_VIEW (self));

  g_clear_object (&self->texture);
  self->frame_width = self->frame_height = 0;
  if (image != NULL && image->width > 0 && image->height > 0 && image->data != NULL) {
    g_return_if_fail (image->channels == 1 || image->channels == 3 || image->channels == 4);
    g_autoptr (GBytes) bytes = NULL;
    GdkMemoryFormat format = GDK_MEMORY_B8G8R8;
    gsize stride;
    int tw = image->width, th = image->height;

    /* Never upload more pixels than the view shows (widget size times the screen scale). */
    int scale_factor = gtk_widget_get_scale_factor (GTK_WIDGET (self));
    int vw = gtk_widget_get_width (GTK_WIDGET (self)) * scale_factor;
    int vh = gtk_widget_get_height (GTK_WIDGET (self)) * scale_factor;
    double fit = vw > 0 && vh > 0 ? MIN ((double) vw / tw, (double) vh / th) : 1.0;

    if (fit < 0.75) {
      tw = MAX (1, (int) (image->width * fit + 0.5));
      th = MAX (1, (int) (image->height * fit + 0.5));
      bytes = shrink_bgr (image, tw, th);
      stride = (gsize) tw * 3;
    } else if (image->channels == 3 || image->channels == 4) {
      format = image->channels == 3 ? GDK_MEMORY_B8G8R8 : GDK_MEMORY_B8G8R8A8;
      stride = image->stride;
      bytes = g_bytes_new (image->data, (gsize) image->stride * image->height);
    } else {
      /* GTK 4.8 has no grey texture format: widen to BGR. */
      stride = (gsize) image->width * 3;
      guint8 *bgr = g_malloc (stride * image->height);
      for (int y = 0; y < image->height; y++) {
        const guint8 *src = image->data + (gsize) y * image->stride;
        guint8 *dst = bgr + y * stride;
        for (int x = 0; x < image->width; x++)
          dst[3 * x] = dst[3 * x + 1] = dst[3 * x + 2] = src[x];
      }
      bytes = g_bytes_new_take (bgr, stride * image->height);
    }
    self->texture = gdk_memory_texture_new (tw, th, format, bytes, stride);
    self->frame_width = image->width;
    self->frame_height = image->height;
  }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
ts_camera_view_set_overlays (TsCameraView *self, const TsCameraOverlay *overlays, guint n)
{
  g_return_if_fail (TS_IS_CAMERA_VIEW (self));
  g_return_if_fail (n == 0 || overlays != NULL);

  g_array_set_size (self->overlays, 0);
  for (guint i = 0; i < n; i++) {
    Overlay o = {
      .label = g_strdup (overlays[i].label),
      .owner = overlays[i].owner,
      .tapped = overlays[i].tapped,
      .damage = overlays[i].damage,
      .unknown = overlays[i].unknown,
      .library = overlays[i].library,
      .id = overlays[i].id,
    };
    memcpy (o.quad, overlays[i].quad, sizeof o.quad);
    g_array_append_val (self->overlays, o);
  }
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
ts_camera_view_get_overlay (TsCameraView *self, guint index, TsCameraOverlay *out)
{
  g_return_val_if_fail (TS_IS_CAMERA_VIEW (self), FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  if (index >= self->overlays->len)
    return FALSE;
  const Overlay *o = &g_array_index (self->overlays, Overlay, index);
  *out = (TsCameraOverlay) {
    .label = o->label,
    .owner = o->owner,
    .tapped = o->tapped,
    .damage = o->damage,
    .unknown = o->unknown,
    .library = o->library,
    .id = o->id,
  };
  memcpy (out->quad, o->quad, sizeof out->quad);
  return TRUE;
}

guint
ts_camera_view_get_n_overlays (TsCameraView *self)
{
  g_return_val_if_fail (TS_IS_CAMERA_VIEW (self), 0);
  return self->overlays->len;
}

void
ts_camera_view_set_placeholder (TsCameraView *self, const char *text)
{
  g_return_if_fail (TS_IS_CAMERA_VIEW (self));
  g_free (self->placeholder);
  self->placeholder = g_strdup (text != NULL ? text : "");
  gtk_widget_queue_draw (GTK_WIDGET (self));
}
