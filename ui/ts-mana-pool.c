/* ts-mana-pool.c — mana symbols drawn with Cairo (coloured disc, glyph on top) so no symbol
 * font or artwork has to ship; counts beside them, dimmed when zero. */
#include "ts-mana-pool.h"

#include <math.h>

struct _TsManaPool {
  GtkWidget parent_instance;

  GtkBox *box;
  GtkWidget *cells[TS_MANA_N];
  GtkLabel *counts[TS_MANA_N];
  int amounts[TS_MANA_N];
};

G_DEFINE_FINAL_TYPE (TsManaPool, ts_mana_pool, GTK_TYPE_WIDGET)

/* Disc colours close to the printed symbols; glyph colour dark for contrast. */
static const double disc_rgb[TS_MANA_N][3] = {
  { 0.97, 0.95, 0.82 }, /* W */
  { 0.66, 0.82, 0.93 }, /* U */
  { 0.62, 0.58, 0.56 }, /* B */
  { 0.93, 0.55, 0.45 }, /* R */
  { 0.55, 0.76, 0.55 }, /* G */
  { 0.80, 0.76, 0.75 }, /* C */
};
static const char *const mana_letters = "WUBRGC";
static const char *const mana_names[TS_MANA_N] = {
  "white", "blue", "black", "red", "green", "colourless",
};

static void
draw_sun (cairo_t *cr, double cx, double cy, double r)
{
  cairo_arc (cr, cx, cy, r * 0.38, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_set_line_width (cr, r * 0.12);
  cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
  for (int i = 0; i < 8; i++) {
    double a = i * G_PI / 4;
    cairo_move_to (cr, cx + cos (a) * r * 0.55, cy + sin (a) * r * 0.55);
    cairo_line_to (cr, cx + cos (a) * r * 0.8, cy + sin (a) * r * 0.8);
  }
  cairo_stroke (cr);
}

static void
draw_drop (cairo_t *cr, double cx, double cy, double r)
{
  cairo_move_to (cr, cx, cy - r * 0.75);
  cairo_curve_to (cr, cx + r * 0.2, cy - r * 0.3, cx + r * 0.55, cy, cx + r * 0.55, cy + r * 0.25);
  cairo_arc (cr, cx, cy + r * 0.25, r * 0.55, 0, G_PI);
  cairo_curve_to (cr, cx - r * 0.55, cy, cx - r * 0.2, cy - r * 0.3, cx, cy - r * 0.75);
  cairo_fill (cr);
}

static void
draw_skull (cairo_t *cr, double cx, double cy, double r)
{
  cairo_arc (cr, cx, cy - r * 0.1, r * 0.55, 0, 2 * G_PI);
  cairo_fill (cr);
  cairo_rectangle (cr, cx - r * 0.3, cy + r * 0.2, r * 0.6, r * 0.45);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 0.62, 0.58, 0.56);
  cairo_arc (cr, cx - r * 0.22, cy - r * 0.1, r * 0.14, 0, 2 * G_PI);
  cairo_arc (cr, cx + r * 0.22, cy - r * 0.1, r * 0.14, 0, 2 * G_PI);
  cairo_fill (cr);
}

static void
draw_flame (cairo_t *cr, double cx, double cy, double r)
{
  cairo_move_to (cr, cx, cy - r * 0.8);
  cairo_curve_to (cr, cx + r * 0.7, cy - r * 0.2, cx + r * 0.6, cy + r * 0.7, cx, cy + r * 0.7);
  cairo_curve_to (cr, cx - r * 0.6, cy + r * 0.7, cx - r * 0.6, cy, cx - r * 0.2, cy - r * 0.3);
  cairo_curve_to (cr, cx - r * 0.1, cy, cx + r * 0.1, cy - r * 0.3, cx, cy - r * 0.8);
  cairo_fill (cr);
}

static void
draw_tree (cairo_t *cr, double cx, double cy, double r)
{
  cairo_move_to (cr, cx, cy - r * 0.8);
  cairo_line_to (cr, cx + r * 0.55, cy + r * 0.25);
  cairo_line_to (cr, cx - r * 0.55, cy + r * 0.25);
  cairo_close_path (cr);
  cairo_fill (cr);
  cairo_rectangle (cr, cx - r * 0.1, cy + r * 0.2, r * 0.2, r * 0.5);
  cairo_fill (cr);
}

static void
draw_diamond (cairo_t *cr, double cx, double cy, double r)
{
  cairo_move_to (cr, cx, cy - r * 0.6);
  cairo_line_to (cr, cx + r * 0.45, cy);
  cairo_line_to (cr, cx, cy + r * 0.6);
  cairo_line_to (cr, cx - r * 0.45, cy);
  cairo_close_path (cr);
  cairo_set_line_width (cr, r * 0.14);
  cairo_stroke (cr);
}

void
ts_mana_symbol_draw (cairo_t *cr, int color, double x, double y, double size)
{
  g_return_if_fail (color >= 0 && color < TS_MANA_N);
  double r = size / 2, cx = x + r, cy = y + r;

  cairo_save (cr);
  cairo_arc (cr, cx, cy, r - 1, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, disc_rgb[color][0], disc_rgb[color][1], disc_rgb[color][2]);
  cairo_fill_preserve (cr);
  cairo_set_source_rgba (cr, 0, 0, 0, 0.55);
  cairo_set_line_width (cr, 1.2);
  cairo_stroke (cr);
  cairo_set_source_rgb (cr, 0.13, 0.12, 0.12);
  switch (color) {
  case TS_MANA_W: draw_sun (cr, cx, cy, r); break;
  case TS_MANA_U: draw_drop (cr, cx, cy, r); break;
  case TS_MANA_B: draw_skull (cr, cx, cy, r); break;
  case TS_MANA_R: draw_flame (cr, cx, cy, r); break;
  case TS_MANA_G: draw_tree (cr, cx, cy, r); break;
  default: draw_diamond (cr, cx, cy, r); break;
  }
  cairo_restore (cr);
}

static void
draw_cell (GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer user_data)
{
  int color = GPOINTER_TO_INT (user_data);
  double size = MIN (width, height);
  ts_mana_symbol_draw (cr, color, (width - size) / 2, (height - size) / 2, size);
}

static void
ts_mana_pool_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_MANA_POOL);
  G_OBJECT_CLASS (ts_mana_pool_parent_class)->dispose (object);
}

static void
ts_mana_pool_class_init (TsManaPoolClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ts_mana_pool_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/tablesight/Tablesight/ts-mana-pool.ui");
  gtk_widget_class_bind_template_child (widget_class, TsManaPool, box);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "manapool");
}

static void
ts_mana_pool_init (TsManaPool *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  for (int c = 0; c < TS_MANA_N; c++) {
    GtkWidget *cell = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
    GtkWidget *symbol = gtk_drawing_area_new ();
    char count_text[2] = { mana_letters[c], '\0' };

    gtk_drawing_area_set_content_width (GTK_DRAWING_AREA (symbol), 26);
    gtk_drawing_area_set_content_height (GTK_DRAWING_AREA (symbol), 26);
    gtk_drawing_area_set_draw_func (GTK_DRAWING_AREA (symbol), draw_cell, GINT_TO_POINTER (c),
                                    NULL);
    gtk_widget_set_valign (symbol, GTK_ALIGN_CENTER);
    gtk_widget_set_name (cell, count_text);
    self->counts[c] = GTK_LABEL (gtk_label_new ("0"));
    gtk_widget_add_css_class (GTK_WIDGET (self->counts[c]), "mana-count");
    gtk_box_append (GTK_BOX (cell), symbol);
    gtk_box_append (GTK_BOX (cell), GTK_WIDGET (self->counts[c]));
    gtk_widget_add_css_class (cell, "empty");
    g_autofree char *tip = g_strdup_printf ("%s mana", mana_names[c]);
    gtk_widget_set_tooltip_text (cell, tip);
    gtk_box_append (self->box, cell);
    self->cells[c] = cell;
  }
}

GtkWidget *
ts_mana_pool_new (void)
{
  return g_object_new (TS_TYPE_MANA_POOL, NULL);
}

void
ts_mana_pool_set (TsManaPool *self, const int amounts[TS_MANA_N])
{
  g_return_if_fail (TS_IS_MANA_POOL (self));

  for (int c = 0; c < TS_MANA_N; c++) {
    char text[16];
    self->amounts[c] = amounts[c];
    g_snprintf (text, sizeof text, "%d", amounts[c]);
    gtk_label_set_text (self->counts[c], text);
    if (amounts[c] > 0)
      gtk_widget_remove_css_class (self->cells[c], "empty");
    else
      gtk_widget_add_css_class (self->cells[c], "empty");
  }
}

int
ts_mana_pool_get (TsManaPool *self, int color)
{
  g_return_val_if_fail (TS_IS_MANA_POOL (self), 0);
  g_return_val_if_fail (color >= 0 && color < TS_MANA_N, 0);
  return self->amounts[color];
}
