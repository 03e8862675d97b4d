/* ts-card-search.c — candidates come from ts_matcher_match, so a misspelt or half-typed name
 * still finds the card, the same way noisy OCR text does. */
#include "ts-card-search.h"

#define MAX_RESULTS 12

struct _TsCardSearch {
  GtkWindow parent_instance;

  const TsMatcher *matcher;
  GtkSearchEntry *entry;
  GtkListBox *list;
  GPtrArray *names; /* char*, one per row */
};

G_DEFINE_FINAL_TYPE (TsCardSearch, ts_card_search, GTK_TYPE_WINDOW)

enum { SIGNAL_CARD_CHOSEN, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
refresh (TsCardSearch *self)
{
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  GtkWidget *child;
  TsMatch matches[MAX_RESULTS];
  guint n = 0;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  g_ptr_array_set_size (self->names, 0);

  if (self->matcher != NULL && query != NULL && query[0] != '\0')
    n = ts_matcher_match (self->matcher, query, matches, MAX_RESULTS);
  for (guint i = 0; i < n; i++) {
    GtkWidget *row = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *name = gtk_label_new (matches[i].name);
    GtkWidget *type = gtk_label_new (matches[i].card != NULL ? matches[i].card->type_line : "");
    gtk_label_set_xalign (GTK_LABEL (name), 0);
    gtk_widget_set_hexpand (name, TRUE);
    gtk_widget_add_css_class (type, "dim-label");
    gtk_label_set_ellipsize (GTK_LABEL (type), PANGO_ELLIPSIZE_END);
    gtk_box_append (GTK_BOX (row), name);
    gtk_box_append (GTK_BOX (row), type);
    gtk_widget_set_margin_top (row, 6);
    gtk_widget_set_margin_bottom (row, 6);
    gtk_widget_set_margin_start (row, 8);
    gtk_widget_set_margin_end (row, 8);
    gtk_list_box_append (self->list, row);
    g_ptr_array_add (self->names, g_strdup (matches[i].name));
  }
}

static void
on_search_changed (GtkSearchEntry *entry, gpointer user_data)
{
  refresh (TS_CARD_SEARCH (user_data));
}

static void
on_entry_activate (GtkSearchEntry *entry, gpointer user_data)
{
  TsCardSearch *self = TS_CARD_SEARCH (user_data);
  if (self->names->len > 0)
    ts_card_search_choose (self, 0);
}

static void
on_row_activated (GtkListBox *list, GtkListBoxRow *row, gpointer user_data)
{
  ts_card_search_choose (TS_CARD_SEARCH (user_data), gtk_list_box_row_get_index (row));
}

void
ts_card_search_choose (TsCardSearch *self, guint index)
{
  g_return_if_fail (TS_IS_CARD_SEARCH (self));
  g_return_if_fail (index < self->names->len);
  g_autofree char *name = g_strdup (g_ptr_array_index (self->names, index));
  g_signal_emit (self, signals[SIGNAL_CARD_CHOSEN], 0, name);
  gtk_window_close (GTK_WINDOW (self));
}

void
ts_card_search_set_query (TsCardSearch *self, const char *text)
{
  g_return_if_fail (TS_IS_CARD_SEARCH (self));
  gtk_editable_set_text (GTK_EDITABLE (self->entry), text != NULL ? text : "");
  refresh (self);
}

guint
ts_card_search_get_n_results (TsCardSearch *self)
{
  g_return_val_if_fail (TS_IS_CARD_SEARCH (self), 0);
  return self->names->len;
}

static void
ts_card_search_dispose (GObject *object)
{
  TsCardSearch *self = TS_CARD_SEARCH (object);
  g_clear_pointer (&self->names, g_ptr_array_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_CARD_SEARCH);
  G_OBJECT_CLASS (ts_card_search_parent_class)->dispose (object);
}

static void
ts_card_search_class_init (TsCardSearchClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ts_card_search_dispose;
  /* ::card-chosen (name): the judge picked this card. */
  signals[SIGNAL_CARD_CHOSEN] =
    g_signal_new ("card-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL,
                  NULL, G_TYPE_NONE, 1, G_TYPE_STRING);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/tablesight/Tablesight/ts-card-search.ui");
  gtk_widget_class_bind_template_child (widget_class, TsCardSearch, entry);
  gtk_widget_class_bind_template_child (widget_class, TsCardSearch, list);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_entry_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ts_card_search_init (TsCardSearch *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->names = g_ptr_array_new_with_free_func (g_free);
}

TsCardSearch *
ts_card_search_new (GtkWindow *parent, const TsMatcher *matcher, const char *guess)
{
  TsCardSearch *self = g_object_new (TS_TYPE_CARD_SEARCH, "transient-for", parent, NULL);
  self->matcher = matcher;
  if (matcher == NULL)
    g_object_set (self->entry, "placeholder-text", "No card database loaded", NULL);
  ts_card_search_set_query (self, guess);
  return self;
}
