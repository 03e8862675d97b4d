/* ts-warning-list.c — rebuilt only when the set of warnings changes (compared by count and
 * the newest warning's event index), since undo can remove warnings as well as add them. */
#include "ts-warning-list.h"

struct _TsWarningList {
  GtkWidget parent_instance;

  GtkWidget *outer;
  GtkLabel *title;
  GtkListBox *list;
  guint n_rows;
  guint last_event;  /* event index of the newest warning shown */
};

G_DEFINE_FINAL_TYPE (TsWarningList, ts_warning_list, GTK_TYPE_WIDGET)

static GtkWidget *
warning_row (const TsState *state, const TsWarning *w)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 2);
  GtkWidget *top = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *icon = gtk_image_new_from_icon_name ("dialog-warning-symbolic");
  GtkWidget *message = gtk_label_new (w->message);
  g_autofree char *where = NULL;

  gtk_widget_add_css_class (icon, "warning");
  gtk_box_append (GTK_BOX (top), icon);
  gtk_label_set_xalign (GTK_LABEL (message), 0);
  gtk_label_set_wrap (GTK_LABEL (message), TRUE);
  gtk_widget_set_hexpand (message, TRUE);
  gtk_widget_add_css_class (message, "warning-message");
  gtk_box_append (GTK_BOX (top), message);
  gtk_box_append (GTK_BOX (box), top);

  if (w->player >= 0 && w->player < state->n_players)
    where = g_strdup_printf ("Rule: %s · event #%u · %s", w->rule, w->event_index + 1,
                             state->players[w->player].name);
  else
    where = g_strdup_printf ("Rule: %s · event #%u", w->rule, w->event_index + 1);
  GtkWidget *detail = gtk_label_new (where);
  gtk_label_set_xalign (GTK_LABEL (detail), 0);
  gtk_widget_add_css_class (detail, "dim-label");
  gtk_widget_add_css_class (detail, "warning-rule");
  gtk_box_append (GTK_BOX (box), detail);

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

void
ts_warning_list_update (TsWarningList *self, const TsState *state)
{
  GtkWidget *child;

  g_return_if_fail (TS_IS_WARNING_LIST (self));
  guint n = state != NULL ? state->warnings->len : 0;
  guint last = n > 0 ? g_array_index (state->warnings, TsWarning, n - 1).event_index : 0;
  if (n == self->n_rows && last == self->last_event)
    return;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < n; i++)
    gtk_list_box_prepend (self->list,
                          warning_row (state, &g_array_index (state->warnings, TsWarning, i)));
  self->n_rows = n;
  self->last_event = last;

  g_autofree char *title = n > 0 ? g_strdup_printf ("Warnings for the judge (%u)", n)
                                 : g_strdup ("Warnings for the judge");
  gtk_label_set_text (self->title, title);
}

guint
ts_warning_list_get_n_rows (TsWarningList *self)
{
  g_return_val_if_fail (TS_IS_WARNING_LIST (self), 0);
  return self->n_rows;
}

static void
ts_warning_list_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_WARNING_LIST);
  G_OBJECT_CLASS (ts_warning_list_parent_class)->dispose (object);
}

static void
ts_warning_list_class_init (TsWarningListClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ts_warning_list_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/tablesight/Tablesight/ts-warning-list.ui");
  gtk_widget_class_bind_template_child (widget_class, TsWarningList, outer);
  gtk_widget_class_bind_template_child (widget_class, TsWarningList, title);
  gtk_widget_class_bind_template_child (widget_class, TsWarningList, list);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "warninglist");
}

static void
ts_warning_list_init (TsWarningList *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
ts_warning_list_new (void)
{
  return g_object_new (TS_TYPE_WARNING_LIST, NULL);
}
