/* ts-battlefield.c — one column per player, a row per creature: name, P/T, damage, and chips
 * for tapped, summoning sick, attacking, blocking and lethal damage. Rebuilt on each update:
 * a table holds dozens of creatures, not thousands. */
#include "ts-battlefield.h"
#include "ts-camera-view.h"
#include "cards.h"

struct _TsBattlefield {
  GtkWidget parent_instance;

  GtkWidget *outer;
  GtkLabel *hint_label;
  GtkBox *columns;
  GHashTable *rows;   /* object id -> GtkListBoxRow (borrowed) */
  guint selected;
};

G_DEFINE_FINAL_TYPE (TsBattlefield, ts_battlefield, GTK_TYPE_WIDGET)

enum { SIGNAL_CREATURE_ACTIVATED, N_SIGNALS };
static guint signals[N_SIGNALS];

static void
add_chip (GtkBox *box, const char *text, const char *style)
{
  GtkWidget *chip = gtk_label_new (text);
  gtk_widget_add_css_class (chip, "chip");
  gtk_widget_add_css_class (chip, style);
  gtk_box_append (box, chip);
}

static const char *
find_card_name (const TsState *state, guint id)
{
  const TsPermanent *p = ts_state_find_permanent (state, id);
  return p != NULL ? p->card : "?";
}

static GtkWidget *
creature_row (const TsState *state, const TsPermanent *p)
{
  GtkWidget *row = gtk_list_box_row_new ();
  GtkWidget *lines = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
  GtkWidget *name = gtk_label_new (p->card != NULL ? p->card : "Unknown card");
  char pt[32];

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_ellipsize (GTK_LABEL (name), PANGO_ELLIPSIZE_END);
  gtk_widget_set_hexpand (name, TRUE);
  gtk_widget_add_css_class (name, "creature-name");
  gtk_box_append (GTK_BOX (box), name);

  GtkWidget *chips = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 4);
  if (p->attacking)
    add_chip (GTK_BOX (chips), p->blocked ? "attacking · blocked" : "attacking", "attacking");
  if (p->blocking != 0) {
    g_autofree char *text = g_strdup_printf ("blocks %s", find_card_name (state, p->blocking));
    add_chip (GTK_BOX (chips), text, "blocking");
  }
  if (p->tapped)
    add_chip (GTK_BOX (chips), "tapped", "tapped");
  if (p->summoning_sick)
    add_chip (GTK_BOX (chips), "sick", "sick");
  if (p->lethal)
    add_chip (GTK_BOX (chips), "lethal", "lethal");
  gtk_widget_set_visible (chips, gtk_widget_get_first_child (chips) != NULL);

  if (p->damage > 0) {
    g_autofree char *dmg = g_strdup_printf ("%d dmg", p->damage);
    GtkWidget *badge = gtk_label_new (dmg);
    gtk_widget_add_css_class (badge, "damage-badge");
    gtk_box_append (GTK_BOX (box), badge);
  }
  g_snprintf (pt, sizeof pt, "%d/%d", p->power, p->toughness);
  GtkWidget *pt_label = gtk_label_new (pt);
  gtk_widget_add_css_class (pt_label, "power-toughness");
  gtk_box_append (GTK_BOX (box), pt_label);

  /* Chips on their own line: a long name and three chips do not fit one column's width. */
  gtk_box_append (GTK_BOX (lines), box);
  gtk_box_append (GTK_BOX (lines), chips);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), lines);
  g_object_set_data (G_OBJECT (row), "ts-object", GUINT_TO_POINTER (p->id));
  if (p->attacking)
    gtk_widget_add_css_class (row, "attacking");
  if (p->blocking != 0)
    gtk_widget_add_css_class (row, "blocking");
  if (p->tapped)
    gtk_widget_add_css_class (row, "tapped");
  return row;
}

static void
on_row_activated (GtkListBox *list, GtkListBoxRow *row, gpointer user_data)
{
  TsBattlefield *self = TS_BATTLEFIELD (user_data);
  guint id = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "ts-object"));
  g_signal_emit (self, signals[SIGNAL_CREATURE_ACTIVATED], 0, id);
}

static void
apply_selection (TsBattlefield *self)
{
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, self->rows);
  while (g_hash_table_iter_next (&iter, &key, &value)) {
    if (GPOINTER_TO_UINT (key) == self->selected)
      gtk_widget_add_css_class (value, "picked");
    else
      gtk_widget_remove_css_class (value, "picked");
  }
}

void
ts_battlefield_update (TsBattlefield *self, const TsState *state)
{
  GtkWidget *child;

  g_return_if_fail (TS_IS_BATTLEFIELD (self));
  g_hash_table_remove_all (self->rows);
  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->columns))) != NULL)
    gtk_box_remove (self->columns, child);
  if (state == NULL)
    return;

  for (int seat = 0; seat < state->n_players; seat++) {
    GtkWidget *column = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
    GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
    GtkWidget *title = gtk_label_new (state->players[seat].name);
    GtkWidget *list = gtk_list_box_new ();
    guint n_creatures = 0, n_lands = 0, n_other = 0;

    gtk_label_set_xalign (GTK_LABEL (title), 0);
    gtk_widget_add_css_class (title, "column-title");
    gtk_widget_add_css_class (column, seat % 2 == 0 ? "seat-even" : "seat-odd");
    gtk_box_append (GTK_BOX (header), title);
    gtk_box_append (GTK_BOX (column), header);

    gtk_list_box_set_selection_mode (GTK_LIST_BOX (list), GTK_SELECTION_NONE);
    gtk_list_box_set_activate_on_single_click (GTK_LIST_BOX (list), TRUE);
    gtk_widget_add_css_class (list, "boxed-list");
    g_signal_connect (list, "row-activated", G_CALLBACK (on_row_activated), self);

    for (guint i = 0; i < state->permanents->len; i++) {
      const TsPermanent *p = &g_array_index (state->permanents, TsPermanent, i);
      if (p->controller != seat)
        continue;
      if (!(p->types & TS_TYPE_CREATURE)) {
        if (p->types & TS_TYPE_LAND)
          n_lands++;
        else
          n_other++;
        continue;
      }
      GtkWidget *row = creature_row (state, p);
      gtk_list_box_append (GTK_LIST_BOX (list), row);
      g_hash_table_insert (self->rows, GUINT_TO_POINTER (p->id), row);
      n_creatures++;
    }
    g_autofree char *summary = g_strdup_printf ("%u creature%s · %u land%s · %u other",
                                                n_creatures, n_creatures == 1 ? "" : "s",
                                                n_lands, n_lands == 1 ? "" : "s", n_other);
    GtkWidget *summary_label = gtk_label_new (summary);
    gtk_label_set_xalign (GTK_LABEL (summary_label), 1);
    gtk_widget_set_hexpand (summary_label, TRUE);
    gtk_widget_add_css_class (summary_label, "dim-label");
    gtk_box_append (GTK_BOX (header), summary_label);
    if (n_creatures == 0) {
      GtkWidget *empty = gtk_label_new ("No creatures in play");
      gtk_widget_add_css_class (empty, "dim-label");
      gtk_list_box_set_placeholder (GTK_LIST_BOX (list), empty);
    }
    gtk_box_append (GTK_BOX (column), list);
    gtk_box_append (self->columns, column);
  }
  apply_selection (self);
}

void
ts_battlefield_set_selected (TsBattlefield *self, guint object)
{
  g_return_if_fail (TS_IS_BATTLEFIELD (self));
  self->selected = object;
  apply_selection (self);
}

void
ts_battlefield_set_hint (TsBattlefield *self, const char *hint)
{
  g_return_if_fail (TS_IS_BATTLEFIELD (self));
  gtk_label_set_text (self->hint_label, hint != NULL ? hint : "");
  gtk_widget_set_visible (GTK_WIDGET (self->hint_label), hint != NULL && hint[0] != '\0');
}

void
ts_battlefield_set_note (TsBattlefield *self, guint object, const char *note)
{
  g_return_if_fail (TS_IS_BATTLEFIELD (self));
  GtkWidget *row = g_hash_table_lookup (self->rows, GUINT_TO_POINTER (object));
  if (row == NULL || note == NULL)
    return;
  /* row > lines > [name line, chips line] */
  GtkWidget *lines = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
  GtkWidget *chips = gtk_widget_get_last_child (lines);
  add_chip (GTK_BOX (chips), note, "assigned");
  gtk_widget_set_visible (chips, TRUE);
}

guint
ts_battlefield_get_n_creatures (TsBattlefield *self)
{
  g_return_val_if_fail (TS_IS_BATTLEFIELD (self), 0);
  return g_hash_table_size (self->rows);
}

void
ts_battlefield_activate (TsBattlefield *self, guint object)
{
  g_return_if_fail (TS_IS_BATTLEFIELD (self));
  GtkWidget *row = g_hash_table_lookup (self->rows, GUINT_TO_POINTER (object));
  if (row != NULL)
    g_signal_emit_by_name (row, "activate");
}

static void
ts_battlefield_dispose (GObject *object)
{
  TsBattlefield *self = TS_BATTLEFIELD (object);
  g_clear_pointer (&self->rows, g_hash_table_unref);
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_BATTLEFIELD);
  G_OBJECT_CLASS (ts_battlefield_parent_class)->dispose (object);
}

static void
ts_battlefield_class_init (TsBattlefieldClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ts_battlefield_dispose;
  /* ::creature-activated (object id): a creature's row was clicked. */
  signals[SIGNAL_CREATURE_ACTIVATED] =
    g_signal_new ("creature-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/tablesight/Tablesight/ts-battlefield.ui");
  gtk_widget_class_bind_template_child (widget_class, TsBattlefield, outer);
  gtk_widget_class_bind_template_child (widget_class, TsBattlefield, hint_label);
  gtk_widget_class_bind_template_child (widget_class, TsBattlefield, columns);
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "battlefield");
}

static void
ts_battlefield_init (TsBattlefield *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  self->rows = g_hash_table_new (NULL, NULL);
}

GtkWidget *
ts_battlefield_new (void)
{
  return g_object_new (TS_TYPE_BATTLEFIELD, NULL);
}
