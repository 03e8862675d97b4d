/* ts-event-log.c — a GtkListView over one small object per event, newest first, so a game of
 * thousands of events costs only the rows on screen. Each line is worded once, by a shadow
 * engine that has applied exactly the events listed (describing against the state before the
 * event without replaying the game for every line). */
#include "ts-event-log.h"

/* ---- one event's line -------------------------------------------------------------------- */

#define TS_TYPE_EVENT_LINE (ts_event_line_get_type ())
G_DECLARE_FINAL_TYPE (TsEventLine, ts_event_line, TS, EVENT_LINE, GObject)

struct _TsEventLine {
  GObject parent_instance;
  guint index;
  char *source;   /* "camera", "person", "engine" */
  char *clock;    /* "HH:MM:SS" local, or NULL */
  char *text;
  gboolean undone;
};

G_DEFINE_FINAL_TYPE (TsEventLine, ts_event_line, G_TYPE_OBJECT)

static void
ts_event_line_finalize (GObject *object)
{
  TsEventLine *self = TS_EVENT_LINE (object);
  g_free (self->source);
  g_free (self->clock);
  g_free (self->text);
  G_OBJECT_CLASS (ts_event_line_parent_class)->finalize (object);
}

static void
ts_event_line_class_init (TsEventLineClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = ts_event_line_finalize;
}

static void
ts_event_line_init (TsEventLine *self)
{
}

/* ---- the list ---------------------------------------------------------------------------- */

struct _TsEventLog {
  GtkWidget parent_instance;

  GtkWidget *outer;
  GtkLabel *title;
  GtkStack *stack;
  GtkListView *view;
  GListStore *store;   /* TsEventLine, newest first */
  GPtrArray *lines;    /* TsEventLine* by log index (refs held by store) */
  TsEngine *shadow;    /* has applied exactly the events listed */
};

G_DEFINE_FINAL_TYPE (TsEventLog, ts_event_log, GTK_TYPE_WIDGET)

static void
setup_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 10);
  GtkWidget *number = gtk_label_new (NULL);
  GtkWidget *chip = gtk_label_new (NULL);
  GtkWidget *clock = gtk_label_new (NULL);
  GtkWidget *text = gtk_label_new (NULL);

  gtk_widget_add_css_class (number, "dim-label");
  gtk_widget_add_css_class (number, "numeric");
  gtk_label_set_width_chars (GTK_LABEL (number), 5);
  gtk_label_set_xalign (GTK_LABEL (number), 1);
  gtk_widget_add_css_class (chip, "chip");
  gtk_label_set_width_chars (GTK_LABEL (chip), 7);
  gtk_widget_add_css_class (clock, "dim-label");
  gtk_widget_add_css_class (clock, "numeric");
  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  gtk_widget_set_hexpand (text, TRUE);
  gtk_box_append (GTK_BOX (box), number);
  gtk_box_append (GTK_BOX (box), chip);
  gtk_box_append (GTK_BOX (box), clock);
  gtk_box_append (GTK_BOX (box), text);
  gtk_list_item_set_child (item, box);
  gtk_list_item_set_activatable (item, FALSE);
}

static void
bind_row (GtkSignalListItemFactory *factory, GtkListItem *item, gpointer user_data)
{
  TsEventLine *line = gtk_list_item_get_item (item);
  GtkWidget *box = gtk_list_item_get_child (item);
  GtkWidget *number = gtk_widget_get_first_child (box);
  GtkWidget *chip = gtk_widget_get_next_sibling (number);
  GtkWidget *clock = gtk_widget_get_next_sibling (chip);
  GtkWidget *text = gtk_widget_get_next_sibling (clock);
  char buf[16];

  g_snprintf (buf, sizeof buf, "#%u", line->index + 1);
  gtk_label_set_text (GTK_LABEL (number), buf);
  gtk_label_set_text (GTK_LABEL (chip), line->source);
  const char *sources[] = { "camera", "person", "engine" };
  for (guint i = 0; i < G_N_ELEMENTS (sources); i++)
    gtk_widget_remove_css_class (chip, sources[i]);
  gtk_widget_add_css_class (chip, line->source);
  gtk_label_set_text (GTK_LABEL (clock), line->clock != NULL ? line->clock : "");
  gtk_label_set_text (GTK_LABEL (text), line->text);
  if (line->undone)
    gtk_widget_add_css_class (box, "undone");
  else
    gtk_widget_remove_css_class (box, "undone");
}

void
ts_event_log_reset (TsEventLog *self)
{
  g_return_if_fail (TS_IS_EVENT_LOG (self));
  g_list_store_remove_all (self->store);
  g_ptr_array_set_size (self->lines, 0);
  g_clear_pointer (&self->shadow, ts_engine_free);
  gtk_stack_set_visible_child_name (self->stack, "empty");
  gtk_label_set_text (self->title, "Events");
}

static TsEventLine *
make_line (TsEngine *shadow, const TsEvent *event, guint index)
{
  TsEventLine *line = g_object_new (TS_TYPE_EVENT_LINE, NULL);
  const char *source = ts_event_source_name (event->source);

  line->index = index;
  line->source = g_strdup (source != NULL ? source : "unknown");
  if (event->time_us > 0) {
    g_autoptr (GDateTime) when = g_date_time_new_from_unix_local (event->time_us /
                                                                   G_USEC_PER_SEC);
    line->clock = when != NULL ? g_date_time_format (when, "%H:%M:%S") : NULL;
  }
  line->text = ts_engine_describe (shadow, event, NULL);
  /* The shadow has no store attached, so applying cannot fail. */
  ts_engine_apply (shadow, event, NULL, NULL);
  return line;
}

void
ts_event_log_sync (TsEventLog *self, TsEngine *engine, const TsCardDb *cards)
{
  g_return_if_fail (TS_IS_EVENT_LOG (self));

  guint n = engine != NULL ? ts_engine_n_events (engine) : 0;
  if (n < self->lines->len)
    ts_event_log_reset (self);
  if (n == 0)
    return;
  if (self->shadow == NULL)
    self->shadow = ts_engine_new (NULL, cards);

  guint first_new = self->lines->len;
  if (first_new < n) {
    /* One splice for all new lines: a replayed game arrives in one go. */
    g_autoptr (GPtrArray) added = g_ptr_array_new_with_free_func (g_object_unref);
    for (guint i = first_new; i < n; i++) {
      TsEventLine *line = make_line (self->shadow, ts_engine_get_event (engine, i), i);
      g_ptr_array_add (self->lines, line);
      g_ptr_array_add (added, g_object_ref (line));
    }
    /* Newest first. */
    for (guint a = 0, b = added->len - 1; a < b; a++, b--) {
      gpointer tmp = added->pdata[a];
      added->pdata[a] = added->pdata[b];
      added->pdata[b] = tmp;
    }
    g_list_store_splice (self->store, 0, 0, added->pdata, added->len);
  }

  /* Undo and redo change which earlier events are in effect: re-mark those that changed. */
  for (guint i = 0; i < n; i++) {
    const TsEvent *event = ts_engine_get_event (engine, i);
    TsEventLine *line = g_ptr_array_index (self->lines, i);
    gboolean undone = !ts_engine_event_effective (engine, i) &&
                      event->kind != TS_EVENT_UNDO && event->kind != TS_EVENT_REDO;
    if (undone != line->undone) {
      line->undone = undone;
      guint position = n - 1 - i;
      gpointer items[] = { line };
      g_list_store_splice (self->store, position, 1, items, 1);
    }
  }
  gtk_stack_set_visible_child_name (self->stack, "list");
  g_autofree char *title = g_strdup_printf ("Events (%u)", n);
  gtk_label_set_text (self->title, title);
}

guint
ts_event_log_get_n_rows (TsEventLog *self)
{
  g_return_val_if_fail (TS_IS_EVENT_LOG (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->store));
}

const char *
ts_event_log_get_newest_text (TsEventLog *self)
{
  g_return_val_if_fail (TS_IS_EVENT_LOG (self), NULL);
  if (self->lines->len == 0)
    return NULL;
  return ((TsEventLine *) g_ptr_array_index (self->lines, self->lines->len - 1))->text;
}

gboolean
ts_event_log_is_undone (TsEventLog *self, guint index)
{
  g_return_val_if_fail (TS_IS_EVENT_LOG (self), FALSE);
  g_return_val_if_fail (index < self->lines->len, FALSE);
  return ((TsEventLine *) g_ptr_array_index (self->lines, index))->undone;
}

static void
ts_event_log_dispose (GObject *object)
{
  TsEventLog *self = TS_EVENT_LOG (object);
  g_clear_pointer (&self->shadow, ts_engine_free);
  g_clear_pointer (&self->lines, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_EVENT_LOG);
  g_clear_object (&self->store);
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
  gtk_widget_class_bind_template_child (widget_class, TsEventLog, title);
  gtk_widget_class_bind_template_child (widget_class, TsEventLog, stack);
  gtk_widget_class_bind_template_child (widget_class, TsEventLog, view);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "eventlog");
}

static void
ts_event_log_init (TsEventLog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->lines = g_ptr_array_new ();
  self->store = g_list_store_new (TS_TYPE_EVENT_LINE);

  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_signal_connect (factory, "setup", G_CALLBACK (setup_row), NULL);
  g_signal_connect (factory, "bind", G_CALLBACK (bind_row), NULL);
  gtk_list_view_set_factory (self->view, factory);
  g_object_unref (factory);
  GtkNoSelection *selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->store)));
  gtk_list_view_set_model (self->view, GTK_SELECTION_MODEL (selection));
  g_object_unref (selection);
  gtk_stack_set_visible_child_name (self->stack, "empty");
}

GtkWidget *
ts_event_log_new (void)
{
  return g_object_new (TS_TYPE_EVENT_LOG, NULL);
}
