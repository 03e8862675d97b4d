/* ts-new-game-dialog.c — the form behind "New Game"; starting life follows the profile
 * (20, or 40 for Commander) until the user types their own. */
#include "ts-new-game-dialog.h"
#include "profile.h"

static const char *const default_names[TS_MAX_PLAYERS] = {
  "Alice", "Bob", "Carol", "Dave", "Erin", "Frank",
};

struct _TsNewGameDialog {
  GtkWindow parent_instance;

  GtkDropDown *profile_dropdown;
  GtkLabel *commander_label;
  GtkSwitch *commander_switch;
  GtkSpinButton *life_spin;
  GtkSpinButton *players_spin;
  GtkBox *names_box;
  GtkEntry *names[TS_MAX_PLAYERS];
};

G_DEFINE_FINAL_TYPE (TsNewGameDialog, ts_new_game_dialog, GTK_TYPE_WINDOW)

enum { SIGNAL_START, N_SIGNALS };
static guint signals[N_SIGNALS];

static gboolean
is_modern (TsNewGameDialog *self)
{
  return gtk_drop_down_get_selected (self->profile_dropdown) == 1;
}

static void
on_profile_changed (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  TsNewGameDialog *self = TS_NEW_GAME_DIALOG (user_data);
  gboolean modern = is_modern (self);
  const TsProfile *profile = modern ? ts_profile_modern () : ts_profile_classic ();
  gboolean commander = modern && gtk_switch_get_active (self->commander_switch);

  gtk_widget_set_visible (GTK_WIDGET (self->commander_label), modern);
  gtk_widget_set_visible (GTK_WIDGET (self->commander_switch), modern);
  gtk_spin_button_set_value (self->life_spin,
                             commander ? profile->commander_life : profile->starting_life);
}

static void
on_players_changed (GtkSpinButton *spin, gpointer user_data)
{
  TsNewGameDialog *self = TS_NEW_GAME_DIALOG (user_data);
  int n = gtk_spin_button_get_value_as_int (spin);
  for (int i = 0; i < TS_MAX_PLAYERS; i++)
    gtk_widget_set_visible (GTK_WIDGET (self->names[i]), i < n);
}

TsEvent *
ts_new_game_dialog_build_event (TsNewGameDialog *self)
{
  g_return_val_if_fail (TS_IS_NEW_GAME_DIALOG (self), NULL);

  TsEvent *event = ts_event_new (TS_EVENT_GAME_START);
  int n = gtk_spin_button_get_value_as_int (self->players_spin);

  event->source = TS_SOURCE_PERSON;
  event->time_us = g_get_real_time ();
  event->player = 0;
  event->n_players = n;
  event->profile = g_strdup (is_modern (self) ? "modern" : "classic");
  event->amount = gtk_spin_button_get_value_as_int (self->life_spin);
  if (is_modern (self) && gtk_switch_get_active (self->commander_switch))
    event->flags |= TS_EVENT_FLAG_COMMANDER;
  for (int i = 0; i < n; i++) {
    g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (
                                          GTK_EDITABLE (self->names[i]))));
    event->names[i] = g_strdup (name[0] != '\0' ? name : default_names[i]);
  }
  return event;
}

void
ts_new_game_dialog_set (TsNewGameDialog *self, const char *const *names, int n_players,
                        const char *profile, gboolean commander, int starting_life)
{
  g_return_if_fail (TS_IS_NEW_GAME_DIALOG (self));
  n_players = CLAMP (n_players, 2, TS_MAX_PLAYERS);
  gtk_drop_down_set_selected (self->profile_dropdown,
                              g_strcmp0 (profile, "modern") == 0 ? 1 : 0);
  gtk_switch_set_active (self->commander_switch, commander);
  gtk_spin_button_set_value (self->players_spin, n_players);
  for (int i = 0; i < n_players && names != NULL && names[i] != NULL; i++)
    gtk_editable_set_text (GTK_EDITABLE (self->names[i]), names[i]);
  if (starting_life > 0)
    gtk_spin_button_set_value (self->life_spin, starting_life);
}

void
ts_new_game_dialog_start (TsNewGameDialog *self)
{
  g_return_if_fail (TS_IS_NEW_GAME_DIALOG (self));
  g_autoptr (TsEvent) event = ts_new_game_dialog_build_event (self);
  g_signal_emit (self, signals[SIGNAL_START], 0, event);
  gtk_window_close (GTK_WINDOW (self));
}

static void
on_start_clicked (GtkButton *button, gpointer user_data)
{
  ts_new_game_dialog_start (TS_NEW_GAME_DIALOG (user_data));
}

static void
ts_new_game_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_NEW_GAME_DIALOG);
  G_OBJECT_CLASS (ts_new_game_dialog_parent_class)->dispose (object);
}

static void
ts_new_game_dialog_class_init (TsNewGameDialogClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ts_new_game_dialog_dispose;
  /* ::start (const TsEvent *game_start) */
  signals[SIGNAL_START] =
    g_signal_new ("start", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0, NULL, NULL, NULL,
                  G_TYPE_NONE, 1, G_TYPE_POINTER);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/tablesight/Tablesight/ts-new-game-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, profile_dropdown);
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, commander_label);
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, commander_switch);
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, life_spin);
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, players_spin);
  gtk_widget_class_bind_template_child (widget_class, TsNewGameDialog, names_box);
  gtk_widget_class_bind_template_callback (widget_class, on_profile_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_players_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_start_clicked);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);
}

static void
ts_new_game_dialog_init (TsNewGameDialog *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
  for (int i = 0; i < TS_MAX_PLAYERS; i++) {
    self->names[i] = GTK_ENTRY (gtk_entry_new ());
    gtk_entry_set_placeholder_text (self->names[i], default_names[i]);
    gtk_entry_set_activates_default (self->names[i], TRUE);
    gtk_box_append (self->names_box, GTK_WIDGET (self->names[i]));
  }
  on_players_changed (self->players_spin, self);
  on_profile_changed (NULL, NULL, self);
}

TsNewGameDialog *
ts_new_game_dialog_new (GtkWindow *parent)
{
  return g_object_new (TS_TYPE_NEW_GAME_DIALOG, "transient-for", parent, NULL);
}
