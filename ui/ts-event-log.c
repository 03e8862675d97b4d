/* ts-event-log.c — rows are prepended so the newest event is on top; each row remembers its
 * log index so undone marks can be refreshed without rebuilding the list. */
#include "ts-event-log.h"

struct _TsEventLog {
  GtkWidget parent_instance;

  GtkWidget *outer;
  GtkListBox *list;
  GPtrArray *rows;  /* GtkWidget* row per log index, borrowed from list */
  GPtrArray *texts; /* char* per log index */
};

G_DEFINE_FINAL_TYPE (TsEventLog, ts_event_log, GTK_TYPE_WIDGET)

static GtkWidget *
event_row (TsEngine *engine, guint index, const char *text)
{
  const TsEvent *event = ts_engine_get_event (engine, index);
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  const char *source = ts_event_source_name (event->source);
  char number[16];

  g_snprintf (number, sizeof number, "#%u", index + 1);
  GtkWidget *number_label = gtk_label_new (number);
  gtk_widget_add_css_class (number_label, "dim-label");
  gtk_widget_add_css_class (number_label, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (number_label), 5);
  gtk_label_set_xalign (GTK_LABEL (number_label), 1);
  gtk_box_append (GTK_BOX (box), number_label);

  GtkWidget *chip = gtk_label_new (source != NULL ? source : "?");
  gtk_widget_add_css_class (chip, "chip");
  gtk_widget_add_css_class (chip, source != NULL ? source : "unknown");
  gtk_label_set_width_chars (GTK_LABEL (chip), 7);
  gtk_box_append (GTK_BOX (box), chip);

  if (event->time_us > 0) {
    g_autoptr (GDateTime) when = g_date_time_new_from_unix_local (event->time_us / G_USEC_PER_SEC);
    g_autofree char *clock = when != NULL ? g_date_time_format (when, "%H:%M:%S") : NULL;
    GtkWidget *time_label = gtk_label_new (clock);
    gtk_widget_add_css_class (time_label, "dim-label");
    gtk_widget_add_css_class (time_label, "numeric");
    gtk_box_append (GTK_BOX (box), time_label);
  }

  GtkWidget *text_label = gtk_label_new (text);
  gtk_label_set_xalign (GTK_LABEL (text_label), 0);
  gtk_label_set_wrap (GTK_LABEL (text_label), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text_label), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (text_label, TRUE);
  gtk_box_append (GTK_BOX (box), text_label);

  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  return row;
}

void
ts_event_log_sync (TsEventLog *self, TsEngine *engine)
{
  g_return_if_fail (TS_IS_EVENT_LOG (self));

  guint n = engine != NULL ? ts_engine_n_events (engine) : 0;
  if (n < self->rows->len) {
    GtkWidget *child;
    while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
      gtk_list_box_remove (self->list, child);
    g_ptr_array_set_size (self->rows, 0);
    g_ptr_array_set_size (self->texts, 0);
  }
  for (guint i = self->rows->len; i < n; i++) {
    char *text = ts_engine_describe_event (engine, i);
    GtkWidget *row = event_row (engine, i, text);
    gtk_list_box_prepend (self->list, row);
    g_ptr_array_add (self->rows, row);
    g_ptr_array_add (self->texts, text);
  }
  for (guint i = 0; i < n; i++) {
    const TsEvent *event = ts_engine_get_event (engine, i);
    gboolean undone = !ts_engine_event_effective (engine, i) &&
                      event->kind != TS_EVENT_UNDO && event->kind != TS_EVENT_REDO;
    GtkWidget *row = g_ptr_array_index (self->rows, i);
    if (undone != gtk_widget_has_css_class (row, "undone")) {
      if (undone)
        gtk_widget_add_css_class (row, "undone");
      else
        gtk_widget_remove_css_class (row, "undone");
    }
  }
}

guint
ts_event_log_get_n_rows (TsEventLog *self)
{
  g_return_val_if_fail (TS_IS_EVENT_LOG (self), 0);
  return self->rows->len;
}

const char *
ts_event_log_get_newest_text (TsEventLog *self)
{
  g_return_val_if_fail (TS_IS_EVENT_LOG (self), NULL);
  return self->texts->len > 0 ? g_ptr_array_index (self->texts, self->texts->len - 1) : NULL;
}

static void
ts_event_log_dispose (GObject *object)
{
  TsEventLog *self = TS_EVENT_LOG (object);
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_clear_pointer (&self->texts, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_EVENT_LOG);
  G_OBJECT_CLASS (ts_event_log_parent_class)->dispose (object);
}

static void
ts_event_log_class_init (TsEventLogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ts_event_log_dispose;
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/tablesight/Tablesight/ts-event-log.ui");
  gtk_widget_class_bind_template_child (widget_class, TsEventLog, outer);
  gtk_widget_class_bind_template_child (widget_class, TsEventLog, list);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "eventlog");
}

static void
ts_event_log_init (TsEventLog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_ptr_array_new ();
  self->texts = g_ptr_array_new_with_free_func (g_free);
}

GtkWidget *
ts_event_log_new (void)
{
  return g_object_new (TS_TYPE_EVENT_LOG, NULL);
}
