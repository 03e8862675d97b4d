/* ts-phase-bar.c — one label per step; the lit step carries the "current" style class, the
 * steps already done this turn "done", so the bar reads left to right like the turn. */
#include "ts-phase-bar.h"

struct _TsPhaseBar {
  GtkWidget parent_instance;

  GtkBox *box;
  GPtrArray *labels; /* GtkLabel*, borrowed from box */
  int current;
};

G_DEFINE_FINAL_TYPE (TsPhaseBar, ts_phase_bar, GTK_TYPE_WIDGET)

static void
ts_phase_bar_dispose (GObject *object)
{
  TsPhaseBar *self = TS_PHASE_BAR (object);
  g_clear_pointer (&self->labels, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_PHASE_BAR);
  G_OBJECT_CLASS (ts_phase_bar_parent_class)->dispose (object);
}

static void
ts_phase_bar_class_init (TsPhaseBarClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ts_phase_bar_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/tablesight/Tablesight/ts-phase-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, TsPhaseBar, box);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "phasebar");
}

static void
ts_phase_bar_init (TsPhaseBar *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->labels = g_ptr_array_new ();
  self->current = -1;
}

GtkWidget *
ts_phase_bar_new (void)
{
  return g_object_new (TS_TYPE_PHASE_BAR, NULL);
}

void
ts_phase_bar_set_steps (TsPhaseBar *self, const char *const *labels,
                        const char *const *tooltips, const char *const *classes, guint n)
{
  g_return_if_fail (TS_IS_PHASE_BAR (self));

  gboolean same = n == self->labels->len;
  for (guint i = 0; same && i < n; i++) {
    GtkWidget *label = g_ptr_array_index (self->labels, i);
    same = g_strcmp0 (gtk_label_get_text (GTK_LABEL (label)), labels[i]) == 0 &&
           g_strcmp0 (gtk_widget_get_tooltip_text (label),
                      tooltips != NULL ? tooltips[i] : NULL) == 0;
  }
  if (same)
    return;

  for (guint i = 0; i < self->labels->len; i++)
    gtk_box_remove (self->box, g_ptr_array_index (self->labels, i));
  g_ptr_array_set_size (self->labels, 0);
  for (guint i = 0; i < n; i++) {
    GtkWidget *label = gtk_label_new (labels[i]);
    gtk_widget_add_css_class (label, "step");
    if (tooltips != NULL)
      gtk_widget_set_tooltip_text (label, tooltips[i]);
    if (classes != NULL && classes[i] != NULL)
      gtk_widget_add_css_class (label, classes[i]);
    gtk_widget_set_hexpand (label, TRUE);
    gtk_box_append (self->box, label);
    g_ptr_array_add (self->labels, label);
  }
  self->current = -1;
}

void
ts_phase_bar_set_current (TsPhaseBar *self, int index)
{
  g_return_if_fail (TS_IS_PHASE_BAR (self));

  if (index >= (int) self->labels->len)
    index = -1;
  self->current = index;
  for (guint i = 0; i < self->labels->len; i++) {
    GtkWidget *label = g_ptr_array_index (self->labels, i);
    gtk_widget_remove_css_class (label, "current");
    gtk_widget_remove_css_class (label, "done");
    if ((int) i == index)
      gtk_widget_add_css_class (label, "current");
    else if ((int) i < index)
      gtk_widget_add_css_class (label, "done");
  }
}

int
ts_phase_bar_get_current (TsPhaseBar *self)
{
  g_return_val_if_fail (TS_IS_PHASE_BAR (self), -1);
  return self->current;
}

const char *
ts_phase_bar_get_current_name (TsPhaseBar *self)
{
  g_return_val_if_fail (TS_IS_PHASE_BAR (self), NULL);
  if (self->current < 0)
    return NULL;
  return gtk_label_get_text (g_ptr_array_index (self->labels, self->current));
}

guint
ts_phase_bar_get_n_steps (TsPhaseBar *self)
{
  g_return_val_if_fail (TS_IS_PHASE_BAR (self), 0);
  return self->labels->len;
}
