/* ts-window.c — the dashboard window. It owns the engine of the game on show (and the store
 * recording it), turns actions into events, and refreshes every part from the engine's state
 * after each change. No rule is decided here: combat clicks become attack/block/assign events
 * and the engine judges them. */
#include "ts-config.h"
#include "ts-window.h"
#include "ts-card-search.h"
#include "ts-live-feed.h"
#include "ts-new-game-dialog.h"
#include "ts-session-player.h"
#include "ts-source-dialog.h"
#include "ts-timing.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <stdio.h>
#include <string.h>

struct _TsWindow {
  GtkApplicationWindow parent_instance;

  TsEngine *engine;
  TsStore *store;         /* NULL: the game is not recorded (a replay) */
  char *store_path;
  TsCardDb *cards;        /* NULL when none could be opened */
  TsMatcher *matcher;
  GPtrArray *panels;      /* TsPlayerPanel*, borrowed from players_box */
  guint picked;           /* creature picked in combat (blocker or attacker), 0 none */
  GHashTable *assigned;   /* "attacker:blocker" -> damage assigned by clicks */
  guint n_warnings_seen;  /* warnings already looked at (the log page needs attention beyond) */
  char *source_spec;

  /* A recorded session playing (stand-in for the live tracker). */
  TsSessionPlayer *session;
  GCancellable *session_cancel;
  GHashTable *session_objects; /* recording's card id -> engine object */
  guint session_next_event;    /* index into the session's events */
  guint session_frame;         /* frame on show */
  guint session_timer;
  gboolean session_playing;
  char *session_dir;           /* the last session played, for "Play Again" */

  /* The live table (a camera, or a recording through the real pipeline). */
  TsLiveFeed *live_feed;

  /* template */
  GtkLabel *store_label;
  GtkRevealer *banner_revealer;
  GtkLabel *banner_label;
  GtkLabel *status_label;
  TsPhaseBar *phase_bar;
  GtkLabel *timing_label;
  GtkLabel *timing_why_label;
  GtkLabel *latest_warning_label;
  GtkStack *view_stack;
  GtkStackPage *log_page;
  TsCameraView *camera_view;
  TsBattlefield *battlefield;
  TsWarningList *warning_list;
  TsEventLog *event_log;
  GtkBox *players_box;
  GtkWidget *welcome_box;
};

G_DEFINE_FINAL_TYPE (TsWindow, ts_window, GTK_TYPE_APPLICATION_WINDOW)

static void refresh (TsWindow *self);
static gboolean load_session (TsWindow *self, const char *dir, GError **error);

/* ---- helpers ----------------------------------------------------------------------------- */

static const TsStepDef *
current_step (TsWindow *self)
{
  const TsState *state = ts_engine_get_state (self->engine);
  if (state->profile == NULL || state->step >= state->profile->n_steps)
    return NULL;
  return &state->profile->steps[state->step];
}

static void
set_action_enabled (TsWindow *self, const char *name, gboolean enabled)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), name);
  if (action != NULL)
    g_simple_action_set_enabled (G_SIMPLE_ACTION (action), enabled);
}

void
ts_window_show_error (TsWindow *self, const char *what, const GError *error)
{
  g_return_if_fail (TS_IS_WINDOW (self));
  g_autofree char *text = g_strdup_printf ("%s: %s", what,
                                           error != NULL ? error->message : "unknown error");
  gtk_label_set_text (self->banner_label, text);
  gtk_revealer_set_reveal_child (self->banner_revealer, TRUE);
}

static void
on_banner_close (GtkButton *button, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  gtk_revealer_set_reveal_child (self->banner_revealer, FALSE);
}

void
ts_window_set_banner (TsWindow *self, const char *text)
{
  g_return_if_fail (TS_IS_WINDOW (self));
  if (text != NULL)
    gtk_label_set_text (self->banner_label, text);
  gtk_revealer_set_reveal_child (self->banner_revealer, text != NULL);
}

const char *
ts_window_get_banner_text (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  if (!gtk_revealer_get_reveal_child (self->banner_revealer))
    return NULL;
  return gtk_label_get_text (self->banner_label);
}

/* Applies an event built by the window (source person, time now). Errors go to the banner:
 * the only failure is the store refusing to record, and then nothing changed. */
static gboolean
apply_person (TsWindow *self, TsEvent *event)
{
  g_autoptr (GError) error = NULL;
  event->source = TS_SOURCE_PERSON;
  if (event->time_us == 0)
    event->time_us = g_get_real_time ();
  if (!ts_window_apply (self, event, &error)) {
    ts_window_show_error (self, "The event was not recorded", error);
    return FALSE;
  }
  return TRUE;
}

gboolean
ts_window_apply (TsWindow *self, const TsEvent *event, GError **error)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (event != NULL, FALSE);
  return ts_engine_apply (self->engine, event, NULL, error);
}

static void
on_engine_changed (TsEngine *engine, const TsState *state, gpointer user_data)
{
  refresh (TS_WINDOW (user_data));
}

static void
stop_session (TsWindow *self)
{
  if (self->session_cancel != NULL)
    g_cancellable_cancel (self->session_cancel);
  g_clear_object (&self->session_cancel);
  g_clear_handle_id (&self->session_timer, g_source_remove);
  g_clear_pointer (&self->session, ts_session_player_free);
  g_hash_table_remove_all (self->session_objects);
  self->session_playing = FALSE;
}

/* Swaps in a new engine (and store); the old ones are freed. */
static void
replace_engine (TsWindow *self, TsEngine *engine, TsStore *store, const char *store_path)
{
  stop_session (self);
  if (self->engine != NULL)
    ts_engine_set_changed_func (self->engine, NULL, NULL, NULL);
  g_clear_pointer (&self->engine, ts_engine_free);
  g_clear_pointer (&self->store, ts_store_free);
  g_free (self->store_path);
  self->engine = engine;
  self->store = store;
  self->store_path = g_strdup (store_path);
  self->picked = 0;
  self->n_warnings_seen = 0;
  g_hash_table_remove_all (self->assigned);
  ts_event_log_reset (self->event_log);
  /* Fresh panels: nothing half-typed carries over into another game. */
  while (self->panels->len > 0)
    gtk_box_remove (self->players_box, g_ptr_array_steal_index (self->panels,
                                                                self->panels->len - 1));
  ts_engine_set_changed_func (self->engine, on_engine_changed, self, NULL);
  refresh (self);
}

/* ---- refresh ----------------------------------------------------------------------------- */

static void
sync_panels (TsWindow *self, const TsState *state)
{
  int n = state->started ? state->n_players : 0;

  while ((int) self->panels->len > n) {
    GtkWidget *panel = g_ptr_array_steal_index (self->panels, self->panels->len - 1);
    gtk_box_remove (self->players_box, panel);
  }
  while ((int) self->panels->len < n) {
    GtkWidget *panel = ts_player_panel_new (self->panels->len);
    gtk_box_append (self->players_box, panel);
    g_ptr_array_add (self->panels, panel);
  }

  for (int i = 0; i < n; i++) {
    TsPlayerPanel *panel = g_ptr_array_index (self->panels, i);
    const TsPlayer *p = &state->players[i];
    ts_player_panel_set_name (panel, p->name);
    ts_player_panel_set_life (panel, p->life);
    ts_player_panel_set_mana (panel, p->mana);
    ts_player_panel_set_lands_played (panel, p->lands_played,
                                      state->profile != NULL ? state->profile->lands_per_turn : 1);
    /* Modern games count poison (and Commander games use it most); in a classic game it is
     * shown once someone has any. */
    gboolean poison = state->commander || p->poison > 0 ||
                      (state->profile != NULL && g_strcmp0 (state->profile->id, "modern") == 0);
    ts_player_panel_set_poison (panel, p->poison, poison);
    if (state->commander) {
      g_autoptr (GString) text = g_string_new (NULL);
      for (int j = 0; j < n; j++)
        if (j != i)
          g_string_append_printf (text, "%s%s %d", text->len > 0 ? " · " : "",
                                  state->players[j].name, p->commander_damage[j]);
      ts_player_panel_set_commander (panel, text->str);
    } else {
      ts_player_panel_set_commander (panel, NULL);
    }
    ts_player_panel_set_active (panel, i == state->active && !state->game_over);
    if (!p->in_game) {
      g_autofree char *status = g_strdup_printf ("out: %s", p->lost_why != NULL ? p->lost_why
                                                                                 : "left");
      ts_player_panel_set_status (panel, status);
    } else if (state->game_over && state->winner == i) {
      ts_player_panel_set_status (panel, "winner");
    } else {
      ts_player_panel_set_status (panel, NULL);
    }
  }
}

static void
sync_phase_bar (TsWindow *self, const TsState *state)
{
  const TsProfile *profile = state->profile;
  if (profile == NULL || !state->started) {
    ts_phase_bar_set_steps (self->phase_bar, NULL, NULL, NULL, 0);
    return;
  }
  g_autofree const char **labels = g_new0 (const char *, profile->n_steps + 1);
  g_autofree const char **names = g_new0 (const char *, profile->n_steps + 1);
  g_autofree const char **classes = g_new0 (const char *, profile->n_steps + 1);
  for (guint i = 0; i < profile->n_steps; i++) {
    labels[i] = ts_timing_step_label (&profile->steps[i]);
    names[i] = profile->steps[i].name;
    classes[i] = profile->steps[i].flags & TS_STEP_FLAG_COMBAT ? "combat" : NULL;
  }
  ts_phase_bar_set_steps (self->phase_bar, labels, names, classes, profile->n_steps);
  ts_phase_bar_set_current (self->phase_bar, (int) state->step);
}

static char *
combat_hint (TsWindow *self, const TsState *state)
{
  const TsStepDef *step = current_step (self);
  if (step == NULL || !state->started || state->game_over)
    return NULL;
  const char *active = state->players[state->active].name;
  if (step->flags & TS_STEP_FLAG_ATTACKERS)
    return g_strdup_printf ("Declare attackers: click %s's creatures that attack.", active);
  if (step->flags & TS_STEP_FLAG_BLOCKERS) {
    if (self->picked != 0) {
      const TsPermanent *p = ts_state_find_permanent (state, self->picked);
      if (p != NULL && p->attacking)
        return g_strdup_printf ("%s assigns damage: click one of its blockers once per "
                                "point of damage.", p->card);
      if (p != NULL)
        return g_strdup_printf ("%s will block: now click the attacker it blocks.", p->card);
    }
    return g_strdup ("Declare blockers: click a defending creature, then the attacker it "
                     "blocks. To split damage, click a blocked attacker, then its blockers.");
  }
  return NULL;
}

static void
refresh (TsWindow *self)
{
  const TsState *state = ts_engine_get_state (self->engine);

  sync_panels (self, state);
  sync_phase_bar (self, state);
  gtk_widget_set_visible (self->welcome_box, !state->started);
  gtk_widget_set_visible (GTK_WIDGET (self->status_label), state->started);

  g_autofree char *status = ts_timing_status (state);
  gtk_label_set_text (self->status_label, status);
  g_autofree char *timing = ts_timing_describe (state);
  gtk_label_set_text (self->timing_label, timing);
  const char *why = ts_timing_why (state);
  gtk_label_set_text (self->timing_why_label, why != NULL ? why : "");
  gtk_widget_set_visible (GTK_WIDGET (self->timing_why_label), why != NULL);

  guint n_warnings = state->warnings->len;
  if (n_warnings > 0) {
    const TsWarning *w = &g_array_index (state->warnings, TsWarning, n_warnings - 1);
    g_autofree char *text = g_strdup_printf ("⚠ %s  (%s)", w->message, w->rule);
    gtk_label_set_text (self->latest_warning_label, text);
  }
  gtk_widget_set_visible (GTK_WIDGET (self->latest_warning_label), n_warnings > 0);
  if (n_warnings < self->n_warnings_seen)
    self->n_warnings_seen = n_warnings;
  gtk_stack_page_set_needs_attention (self->log_page, n_warnings > self->n_warnings_seen);

  if (self->picked != 0 && ts_state_find_permanent (state, self->picked) == NULL)
    self->picked = 0;
  if (!state->in_attack)
    g_hash_table_remove_all (self->assigned);
  ts_battlefield_update (self->battlefield, state);
  ts_battlefield_set_selected (self->battlefield, self->picked);
  GHashTableIter iter;
  gpointer key, value;
  g_hash_table_iter_init (&iter, self->assigned);
  while (g_hash_table_iter_next (&iter, &key, &value)) {
    guint attacker = 0, blocker = 0;
    if (sscanf (key, "%u:%u", &attacker, &blocker) != 2)
      continue;
    const TsPermanent *a = ts_state_find_permanent (state, attacker);
    g_autofree char *note = g_strdup_printf ("%d damage from %s", GPOINTER_TO_INT (value),
                                             a != NULL ? a->card : "?");
    ts_battlefield_set_note (self->battlefield, blocker, note);
  }
  g_autofree char *hint = combat_hint (self, state);
  ts_battlefield_set_hint (self->battlefield, hint);
  ts_warning_list_update (self->warning_list, state);
  ts_event_log_sync (self->event_log, self->engine, self->cards);

  gboolean playing = state->started && !state->game_over;
  set_action_enabled (self, "next-step", playing);
  set_action_enabled (self, "pass-turn", playing);
  set_action_enabled (self, "life-add", state->started);
  set_action_enabled (self, "set-life", state->started);
  set_action_enabled (self, "undo", ts_engine_can_undo (self->engine));
  set_action_enabled (self, "redo", ts_engine_can_redo (self->engine));
  set_action_enabled (self, "save-store", ts_engine_n_events (self->engine) > 0);

  if (self->store_path != NULL) {
    g_autofree char *tip = g_strdup_printf ("Every event is saved to %s as it happens",
                                            self->store_path);
    gtk_label_set_text (self->store_label, "● Recording");
    gtk_widget_add_css_class (GTK_WIDGET (self->store_label), "recording");
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->store_label), tip);
  } else {
    gtk_label_set_text (self->store_label, state->started ? "Not saved — Save As to keep" : "");
    gtk_widget_remove_css_class (GTK_WIDGET (self->store_label), "recording");
    gtk_widget_set_tooltip_text (GTK_WIDGET (self->store_label), NULL);
  }
  set_action_enabled (self, "play-session", self->session_dir != NULL && !self->session_playing);
}

/* ---- game commands ----------------------------------------------------------------------- */

static void
on_next_step (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsEvent event = TS_EVENT_INIT;
  event.kind = TS_EVENT_STEP;
  apply_person (TS_WINDOW (user_data), &event);
  ts_event_clear (&event);
}

static void
on_pass_turn (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsEvent event = TS_EVENT_INIT;
  event.kind = TS_EVENT_TURN;
  apply_person (TS_WINDOW (user_data), &event);
  ts_event_clear (&event);
}

static void
on_undo (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  g_autoptr (GError) error = NULL;
  if (!ts_engine_undo (self->engine, 1, &error))
    ts_window_show_error (self, "Undo was not recorded", error);
}

static void
on_redo (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  g_autoptr (GError) error = NULL;
  if (!ts_engine_redo (self->engine, 1, &error))
    ts_window_show_error (self, "Redo was not recorded", error);
}

static void
apply_life_change (TsWindow *self, int player, int delta)
{
  const TsState *state = ts_engine_get_state (self->engine);
  if (player < 0 || player >= state->n_players || delta == 0)
    return;
  TsEvent event = TS_EVENT_INIT;
  event.kind = TS_EVENT_LIFE;
  event.player = player;
  event.amount = delta;
  apply_person (self, &event);
  ts_event_clear (&event);
}

static void
on_life_add (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  int player, delta;
  g_variant_get (param, "(ii)", &player, &delta);
  apply_life_change (TS_WINDOW (user_data), player, delta);
}

static void
on_set_life (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  const TsState *state = ts_engine_get_state (self->engine);
  int player, life;
  g_variant_get (param, "(ii)", &player, &life);
  if (player < 0 || player >= state->n_players)
    return;
  apply_life_change (self, player, life - state->players[player].life);
}

/* Combat by clicking: what a click means depends on the step (see combat_hint). */
static void
on_creature_activated (TsBattlefield *battlefield, guint id, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  const TsState *state = ts_engine_get_state (self->engine);
  const TsStepDef *step = current_step (self);
  const TsPermanent *p = ts_state_find_permanent (state, id);
  TsEvent event = TS_EVENT_INIT;

  if (p == NULL || step == NULL)
    return;
  if (step->flags & TS_STEP_FLAG_ATTACKERS) {
    if (p->controller != state->active || p->attacking)
      return;
    event.kind = TS_EVENT_ATTACK;
    event.player = state->active;
    event.targets[0] = id;
    event.n_targets = 1;
    apply_person (self, &event);
  } else if (step->flags & TS_STEP_FLAG_BLOCKERS) {
    const TsPermanent *picked = self->picked != 0 ? ts_state_find_permanent (state, self->picked)
                                                  : NULL;
    if (picked != NULL && picked->attacking && p->blocking == picked->id) {
      /* Attacker picked, one of its blockers clicked: one more point of damage to it. */
      g_autofree char *key = g_strdup_printf ("%u:%u", picked->id, id);
      int n = GPOINTER_TO_INT (g_hash_table_lookup (self->assigned, key)) + 1;
      g_hash_table_replace (self->assigned, g_steal_pointer (&key), GINT_TO_POINTER (n));
      event.kind = TS_EVENT_ASSIGN;
      event.player = picked->controller;
      event.object = picked->id;
      event.targets[0] = id;
      event.n_targets = 1;
      event.amount = n;
      apply_person (self, &event);
    } else if (picked != NULL && !picked->attacking && p->attacking) {
      event.kind = TS_EVENT_BLOCK;
      event.player = picked->controller;
      event.object = picked->id;
      event.targets[0] = id;
      event.n_targets = 1;
      self->picked = 0;
      apply_person (self, &event);
    } else if (p->attacking || p->controller != state->active) {
      self->picked = self->picked == id ? 0 : id;
      refresh (self);
    }
  }
  ts_event_clear (&event);
}

/* ---- dialogs ----------------------------------------------------------------------------- */

static void
on_new_game_start (TsNewGameDialog *dialog, const TsEvent *game_start, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  g_autoptr (GError) error = NULL;
  if (!ts_window_new_game (self, game_start, &error))
    ts_window_show_error (self, "Could not start the game", error);
}

static void
on_new_game (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  TsNewGameDialog *dialog = ts_new_game_dialog_new (GTK_WINDOW (self));
  const TsState *state = ts_engine_get_state (self->engine);

  if (state->started) {
    const char *names[TS_MAX_PLAYERS + 1] = { NULL };
    for (int i = 0; i < state->n_players; i++)
      names[i] = state->players[i].name;
    ts_new_game_dialog_set (dialog, names, state->n_players,
                            state->profile != NULL ? state->profile->id : NULL,
                            state->commander, 0);
  }
  g_signal_connect_object (dialog, "start", G_CALLBACK (on_new_game_start), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_open_response (GtkNativeDialog *native, int response, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  if (response == GTK_RESPONSE_ACCEPT) {
    g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
    g_autofree char *path = g_file_get_path (file);
    g_autoptr (GError) error = NULL;
    gboolean ok = g_str_has_suffix (path, ".jsonl")
                  ? ts_window_replay_file (self, path, &error)
                  : ts_window_open_store (self, path, &error);
    if (!ok)
      ts_window_show_error (self, "Could not open the game", error);
  }
  g_object_unref (native);
  g_object_unref (self);
}

static void
on_open_store (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  GtkFileChooserNative *native =
    gtk_file_chooser_native_new ("Open a Game", GTK_WINDOW (self), GTK_FILE_CHOOSER_ACTION_OPEN,
                                 "_Open", "_Cancel");
  g_autoptr (GtkFileFilter) games = gtk_file_filter_new ();
  gtk_file_filter_set_name (games, "Games (game store or event log)");
  gtk_file_filter_add_pattern (games, "*.db");
  gtk_file_filter_add_pattern (games, "*.jsonl");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (native), games);
  g_signal_connect (native, "response", G_CALLBACK (on_open_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
on_save_response (GtkNativeDialog *native, int response, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  if (response == GTK_RESPONSE_ACCEPT) {
    g_autoptr (GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (native));
    g_autofree char *path = g_file_get_path (file);
    g_autoptr (GError) error = NULL;
    if (!ts_window_save_store (self, path, &error))
      ts_window_show_error (self, "Could not save the game", error);
  }
  g_object_unref (native);
  g_object_unref (self);
}

static void
on_save_store (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  GtkFileChooserNative *native =
    gtk_file_chooser_native_new ("Save the Game", GTK_WINDOW (self),
                                 GTK_FILE_CHOOSER_ACTION_SAVE, "_Save", "_Cancel");
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (native), "game.db");
  g_signal_connect (native, "response", G_CALLBACK (on_save_response), g_object_ref (self));
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (native));
}

static void
on_source_chosen (TsSourceDialog *dialog, const char *spec, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  g_autoptr (GError) error = NULL;
  /* "truth:DIR": a recording played from its ground truth, not through the camera pipeline. */
  if (g_str_has_prefix (spec, "truth:")) {
    TsDashboardOptions options = { .session_dir = spec + 6 };
    if (!ts_window_load (self, &options, &error))
      ts_window_show_error (self, "Could not open the recording", error);
    return;
  }
  if (!ts_window_open_live (self, spec, NULL, TRUE, &error))
    ts_window_show_error (self, "Could not open the source", error);
}

/* Offers a recorded session folder twice: through the camera pipeline and, when it has its
 * ground truth, played from that truth. */
static void
add_recording (TsSourceDialog *dialog, const char *path, const char *name)
{
  g_autofree char *spec = g_strdup_printf ("dir:%s", path);
  g_autofree char *label = g_strdup_printf ("%s (through the camera pipeline)", name);
  ts_source_dialog_add (dialog, spec, label, "recording");
  g_autofree char *truth_path = g_build_filename (path, "events.jsonl", NULL);
  if (!g_file_test (truth_path, G_FILE_TEST_EXISTS))
    return;
  g_autofree char *truth = g_strdup_printf ("truth:%s", path);
  g_autofree char *truth_label = g_strdup_printf ("%s (recorded truth)", name);
  ts_source_dialog_add (dialog, truth, truth_label, "recording");
}

/* Recorded sessions we know of: the bundled demo, then the test recordings in the source
 * tree's fixtures. */
static void
add_known_recordings (TsWindow *self, TsSourceDialog *dialog)
{
  GtkApplication *app = gtk_window_get_application (GTK_WINDOW (self));
  const TsDashboardOptions *options =
    TS_IS_APPLICATION (app) ? ts_application_get_options (TS_APPLICATION (app)) : NULL;
  if (options != NULL && options->demo_dir != NULL)
    add_recording (dialog, options->demo_dir, "Bundled demo game");
  g_autofree char *fixtures = g_build_filename (TS_SOURCE_DIR, "tests", "fixtures", NULL);
  g_autoptr (GDir) dir = g_dir_open (fixtures, 0, NULL);
  const char *name;
  while (dir != NULL && (name = g_dir_read_name (dir)) != NULL) {
    if (!g_str_has_suffix (name, "-session"))
      continue;
    g_autofree char *path = g_build_filename (fixtures, name, NULL);
    add_recording (dialog, path, name);
  }
}

static void
on_choose_source (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  TsSourceDialog *dialog = ts_source_dialog_new (GTK_WINDOW (self));
  g_autoptr (GPtrArray) cameras = ts_capture_list_cameras (NULL);
  for (guint i = 0; i < cameras->len; i++) {
    const TsCameraInfo *cam = g_ptr_array_index (cameras, i);
    g_autofree char *label = g_strdup_printf ("%s (%s)", cam->name ? cam->name : cam->spec,
                                              cam->spec);
    ts_source_dialog_add (dialog, cam->spec, label, "camera");
  }
  add_known_recordings (self, dialog);
  g_signal_connect_object (dialog, "source-chosen", G_CALLBACK (on_source_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
}

static void
on_card_chosen (TsCardSearch *search, const char *name, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  guint id = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (search), "ts-tracker-id"));
  gtk_widget_activate_action (GTK_WIDGET (self), "win.name-card", "(us)", id, name);
}

static void
on_overlay_activated (TsCameraView *view, guint id, gboolean unknown, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  TsCardSearch *search = ts_card_search_new (GTK_WINDOW (self), self->matcher, NULL);
  g_object_set_data (G_OBJECT (search), "ts-tracker-id", GUINT_TO_POINTER (id));
  g_signal_connect_object (search, "card-chosen", G_CALLBACK (on_card_chosen), self, 0);
  gtk_window_present (GTK_WINDOW (search));
}

/* The judge named a card the camera could not read. The note keeps it in the record; the
 * live table's tracker listens to this action to relabel its track. */
static void
on_name_card (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  guint id;
  const char *name;
  g_variant_get (param, "(u&s)", &id, &name);
  if (self->live_feed != NULL)
    ts_live_feed_name_card (self->live_feed, id, name);
  TsEvent event = TS_EVENT_INIT;
  event.kind = TS_EVENT_NOTE;
  event.card = g_strdup (name);
  event.note = g_strdup_printf ("judge named tracked card %u: %s", id, name);
  apply_person (self, &event);
  ts_event_clear (&event);
}

static void
on_fullscreen (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  if (gtk_window_is_fullscreen (GTK_WINDOW (self)))
    gtk_window_unfullscreen (GTK_WINDOW (self));
  else
    gtk_window_fullscreen (GTK_WINDOW (self));
}

static void
on_fullscreened (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (object), "fullscreen");
  g_simple_action_set_state (G_SIMPLE_ACTION (action),
                             g_variant_new_boolean (gtk_window_is_fullscreen (GTK_WINDOW (object))));
}

static void
on_show_view (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  const char *name = g_variant_get_string (param, NULL);
  if (gtk_stack_get_child_by_name (self->view_stack, name) != NULL)
    gtk_stack_set_visible_child_name (self->view_stack, name);
}

static void
on_visible_child (GObject *object, GParamSpec *pspec, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  const char *name = gtk_stack_get_visible_child_name (self->view_stack);
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "show-view");
  if (action != NULL && name != NULL)
    g_simple_action_set_state (G_SIMPLE_ACTION (action), g_variant_new_string (name));
  if (g_strcmp0 (name, "log") == 0 && self->engine != NULL) {
    self->n_warnings_seen = ts_engine_get_state (self->engine)->warnings->len;
    gtk_stack_page_set_needs_attention (self->log_page, FALSE);
  }
}

static void
on_play_session (GSimpleAction *action, GVariant *param, gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = g_strdup (self->session_dir);
  if (dir != NULL && !load_session (self, dir, &error))
    ts_window_show_error (self, "Could not play the recording", error);
}

static const GActionEntry win_actions[] = {
  { .name = "next-step", .activate = on_next_step },
  { .name = "pass-turn", .activate = on_pass_turn },
  { .name = "new-game", .activate = on_new_game },
  { .name = "undo", .activate = on_undo },
  { .name = "redo", .activate = on_redo },
  { .name = "open-store", .activate = on_open_store },
  { .name = "save-store", .activate = on_save_store },
  { .name = "choose-source", .activate = on_choose_source },
  { .name = "fullscreen", .activate = on_fullscreen, .state = "false" },
  { .name = "show-view", .activate = on_show_view, .parameter_type = "s", .state = "'table'" },
  { .name = "life-add", .activate = on_life_add, .parameter_type = "(ii)" },
  { .name = "set-life", .activate = on_set_life, .parameter_type = "(ii)" },
  { .name = "name-card", .activate = on_name_card, .parameter_type = "(us)" },
  { .name = "play-session", .activate = on_play_session },
};

/* ---- loading ----------------------------------------------------------------------------- */

static gboolean
replay_events (TsWindow *self, GPtrArray *events, GError **error)
{
  TsEngine *engine = ts_engine_new (NULL, self->cards);
  for (guint i = 0; i < events->len; i++)
    if (!ts_engine_apply (engine, g_ptr_array_index (events, i), NULL, error)) {
      ts_engine_free (engine);
      return FALSE;
    }
  replace_engine (self, engine, NULL, NULL);
  return TRUE;
}

gboolean
ts_window_replay_file (TsWindow *self, const char *path, GError **error)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  g_autofree char *text = NULL;
  gsize len = 0;
  if (!g_file_get_contents (path, &text, &len, error))
    return FALSE;

  /* A log cut short by a crash keeps every whole event before the damage: the game is shown
   * up to there and the banner says where the log breaks off. */
  g_autoptr (GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_event_free);
  g_autoptr (GError) damage = NULL;
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (guint i = 0; lines[i] != NULL && damage == NULL; i++) {
    const char *line = lines[i];
    while (g_ascii_isspace (*line))
      line++;
    if (*line == '\0' || *line == '#')
      continue;
    TsEvent *event = ts_event_new (TS_EVENT_NONE);
    if (ts_event_from_json (line, -1, i + 1, event, &damage))
      g_ptr_array_add (events, event);
    else
      ts_event_free (event);
  }
  if (damage != NULL && events->len == 0) {
    g_propagate_prefixed_error (error, g_steal_pointer (&damage), "%s: ", path);
    return FALSE;
  }
  if (!replay_events (self, events, error))
    return FALSE;
  g_autofree char *base = g_path_get_basename (path);
  gtk_window_set_title (GTK_WINDOW (self), base);
  if (damage != NULL) {
    g_autofree char *what = g_strdup_printf ("%s is damaged; showing the %u events before the "
                                             "damage", base, events->len);
    ts_window_show_error (self, what, damage);
  }
  return TRUE;
}

gboolean
ts_window_open_store (TsWindow *self, const char *path, GError **error)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  g_autoptr (TsStore) store = ts_store_open (path, error);
  if (store == NULL)
    return FALSE;
  g_autoptr (TsEngine) engine = ts_engine_new (NULL, self->cards);
  if (!ts_engine_load_store (engine, store, error))
    return FALSE;
  replace_engine (self, g_steal_pointer (&engine), g_steal_pointer (&store), path);
  g_autofree char *base = g_path_get_basename (path);
  gtk_window_set_title (GTK_WINDOW (self), base);
  return TRUE;
}

gboolean
ts_window_save_store (TsWindow *self, const char *path, GError **error)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  if (self->store_path != NULL && g_strcmp0 (self->store_path, path) == 0)
    return TRUE; /* already recording there, every event committed */

  /* Write next to the target, then rename: a failed save leaves any old file whole. */
  g_autofree char *tmp = g_strdup_printf ("%s.part", path);
  g_unlink (tmp);
  g_autoptr (TsStore) store = ts_store_open (tmp, error);
  if (store == NULL)
    return FALSE;
  for (guint i = 0; i < ts_engine_n_events (self->engine); i++)
    if (!ts_store_append (store, ts_engine_get_event (self->engine, i), NULL, error))
      return FALSE;
  g_clear_pointer (&store, ts_store_free);
  g_autofree char *tmp_wal = g_strdup_printf ("%s-wal", tmp);
  g_autofree char *tmp_shm = g_strdup_printf ("%s-shm", tmp);
  g_unlink (tmp_wal);
  g_unlink (tmp_shm);
  if (g_rename (tmp, path) != 0) {
    int saved = errno;
    g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", path,
                 g_strerror (saved));
    return FALSE;
  }
  /* Reopen and check before recording there: what was saved must replay. */
  return ts_window_open_store (self, path, error);
}

gboolean
ts_window_new_game (TsWindow *self, const TsEvent *game_start, GError **error)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (game_start != NULL && game_start->kind == TS_EVENT_GAME_START, FALSE);

  g_autoptr (TsStore) store = NULL;
  g_autofree char *path = NULL;
  if (self->store != NULL && ts_store_count (self->store) == 0) {
    /* An empty store named on the command line (--log new.db): the game goes there. */
    ts_engine_attach_store (self->engine, NULL);
    store = g_steal_pointer (&self->store);
    path = g_strdup (self->store_path);
  } else {
    g_autofree char *dir = g_build_filename (g_get_user_data_dir (), "tablesight", "games",
                                             NULL);
    if (g_mkdir_with_parents (dir, 0755) != 0) {
      int saved = errno;
      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved), "%s: %s", dir,
                   g_strerror (saved));
      return FALSE;
    }
    g_autoptr (GDateTime) now = g_date_time_new_now_local ();
    g_autofree char *stamp = g_date_time_format (now, "%Y%m%d-%H%M%S");
    for (int n = 0; path == NULL || g_file_test (path, G_FILE_TEST_EXISTS); n++) {
      g_free (path);
      g_autofree char *base = n == 0 ? g_strdup_printf ("game-%s.db", stamp)
                                     : g_strdup_printf ("game-%s-%d.db", stamp, n);
      path = g_build_filename (dir, base, NULL);
    }
    store = ts_store_open (path, error);
    if (store == NULL)
      return FALSE;
  }
  g_autoptr (TsEngine) engine = ts_engine_new (NULL, self->cards);
  ts_engine_attach_store (engine, store);
  if (!ts_engine_apply (engine, game_start, NULL, error))
    return FALSE;
  replace_engine (self, g_steal_pointer (&engine), g_steal_pointer (&store), path);
  gtk_window_set_title (GTK_WINDOW (self), "tablesight");
  return TRUE;
}

/* ---- recorded sessions ------------------------------------------------------------------- */

static void load_next_frame (TsWindow *self);

/* Overlays as recorded, with what the engine knows added: damage marked on each card. */
static void
show_session_frame (TsWindow *self, TsSessionFrame *frame)
{
  const TsState *state = ts_engine_get_state (self->engine);
  for (guint i = 0; i < frame->overlays->len; i++) {
    TsCameraOverlay *o = &g_array_index (frame->overlays, TsCameraOverlay, i);
    guint object = GPOINTER_TO_UINT (g_hash_table_lookup (self->session_objects,
                                                          GUINT_TO_POINTER (o->id)));
    const TsPermanent *p = object != 0 ? ts_state_find_permanent (state, object) : NULL;
    o->damage = p != NULL ? p->damage : 0;
  }
  ts_camera_view_set_frame (self->camera_view, frame->image);
  ts_camera_view_set_overlays (self->camera_view, (const TsCameraOverlay *) frame->overlays->data,
                               frame->overlays->len);
}

/* The table changes that had settled by this frame go to the engine, as the live table's
 * observer would send them. */
static void
apply_session_events (TsWindow *self, guint frame)
{
  const GPtrArray *events = ts_session_player_get_events (self->session);
  while (self->session_next_event < events->len) {
    const TsSessionEvent *se = g_ptr_array_index (events, self->session_next_event);
    if (se->frame > frame)
      break;
    self->session_next_event++;
    g_autoptr (TsEvent) event = ts_event_copy (se->event);
    event->time_us = g_get_real_time ();
    event->object = GPOINTER_TO_UINT (g_hash_table_lookup (self->session_objects,
                                                           GUINT_TO_POINTER (se->session_id)));
    TsVerdict verdict = { 0 };
    g_autoptr (GError) error = NULL;
    if (!ts_engine_apply (self->engine, event, &verdict, &error)) {
      ts_window_show_error (self, "A recorded event was not applied", error);
      continue;
    }
    if (event->object == 0 && verdict.object != 0)
      g_hash_table_insert (self->session_objects, GUINT_TO_POINTER (se->session_id),
                           GUINT_TO_POINTER (verdict.object));
  }
}

static void
load_frame_in_thread (GTask *task, gpointer source, gpointer task_data, GCancellable *cancel)
{
  TsSessionPlayer *player = task_data;
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (task), "ts-frame"));
  GError *error = NULL;
  TsSessionFrame *frame = ts_session_player_load_frame (player, index, &error);
  if (frame == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, frame, (GDestroyNotify) ts_session_frame_free);
}

static gboolean
on_session_timer (gpointer user_data)
{
  TsWindow *self = TS_WINDOW (user_data);
  self->session_timer = 0;
  load_next_frame (self);
  return G_SOURCE_REMOVE;
}

static void
on_frame_loaded (GObject *source, GAsyncResult *result, gpointer user_data)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsSessionFrame) frame = g_task_propagate_pointer (G_TASK (result), &error);
  if (frame == NULL && g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED)) {
    g_object_unref (user_data);
    return;
  }
  TsWindow *self = TS_WINDOW (user_data);
  if (g_task_get_cancellable (G_TASK (result)) != self->session_cancel) {
    g_object_unref (self); /* a stale frame from a session replaced meanwhile */
    return;
  }
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (result), "ts-frame"));
  if (frame == NULL) {
    ts_window_show_error (self, "The recording has a bad frame", error);
  } else {
    apply_session_events (self, index);
    show_session_frame (self, frame);
  }
  self->session_frame = index;
  if (index + 1 < ts_session_player_get_n_frames (self->session)) {
    double fps = ts_session_player_get_fps (self->session);
    self->session_timer = g_timeout_add ((guint) (1000 / fps), on_session_timer, self);
  } else {
    apply_session_events (self, G_MAXUINT);
    self->session_playing = FALSE;
    refresh (self);
  }
  g_object_unref (self);
}

/* Frames decode on a worker thread: a camera-sized JPEG must not hold up the window. */
static void
load_next_frame (TsWindow *self)
{
  guint index = self->session_frame == G_MAXUINT ? 0 : self->session_frame + 1;
  GTask *task = g_task_new (NULL, self->session_cancel, on_frame_loaded, g_object_ref (self));
  g_object_set_data (G_OBJECT (task), "ts-frame", GUINT_TO_POINTER (index));
  g_task_set_task_data (task, ts_session_player_ref (self->session),
                        (GDestroyNotify) ts_session_player_free);
  g_task_run_in_thread (task, load_frame_in_thread);
  g_object_unref (task);
}

static gboolean
load_session (TsWindow *self, const char *dir, GError **error)
{
  g_autoptr (TsSessionPlayer) session = ts_session_player_new (dir, error);
  if (session == NULL)
    return FALSE;
  g_clear_pointer (&self->live_feed, ts_live_feed_free);

  g_autoptr (TsEngine) engine = ts_engine_new (NULL, self->cards);
  g_autoptr (TsEvent) start = ts_session_player_game_start (session);
  start->time_us = g_get_real_time ();
  if (!ts_engine_apply (engine, start, NULL, error))
    return FALSE;
  replace_engine (self, g_steal_pointer (&engine), NULL, NULL);

  self->session = g_steal_pointer (&session);
  if (self->session_dir != dir) {
    g_free (self->session_dir);
    self->session_dir = g_strdup (dir);
  }
  self->session_cancel = g_cancellable_new ();
  self->session_next_event = 0;
  self->session_frame = G_MAXUINT;
  self->session_playing = TRUE;
  set_action_enabled (self, "play-session", FALSE);
  load_next_frame (self);

  g_autofree char *base = g_path_get_basename (dir);
  g_autofree char *title = g_strdup_printf ("%s (recorded)", base);
  gtk_window_set_title (GTK_WINDOW (self), title);
  return TRUE;
}

gboolean
ts_window_is_playing (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  return self->session_playing;
}

gboolean
ts_window_load (TsWindow *self, const TsDashboardOptions *options, GError **error)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);

  if (self->cards == NULL) {
    g_autoptr (GError) cards_error = NULL;
    self->cards = options != NULL && options->cards_path != NULL
                  ? ts_carddb_open (options->cards_path, &cards_error)
                  : ts_carddb_open_default (&cards_error);
    if (self->cards != NULL)
      self->matcher = ts_matcher_new (self->cards);
    else
      ts_window_show_error (self, "No card database (cards are shown by name only)",
                            cards_error);
  }
  if (options == NULL)
    return TRUE;
  if (options->source_spec != NULL) {
    if (options->log_path != NULL && !ts_window_open_store (self, options->log_path, error))
      return FALSE;
    return ts_window_open_live (self, options->source_spec, options->calibration_path,
                                options->log_path == NULL, error);
  }
  if (options->log_path != NULL)
    return ts_window_open_store (self, options->log_path, error);
  if (options->replay_path != NULL)
    return ts_window_replay_file (self, options->replay_path, error);
  if (options->session_dir != NULL)
    return load_session (self, options->session_dir, error);
  return TRUE;
}

/* ---- the live table ---------------------------------------------------------------------- */

gboolean
ts_window_open_live (TsWindow *self, const char *spec, const char *calibration_path,
                     gboolean new_game, GError **error)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (spec != NULL, FALSE);
  if (self->cards == NULL && !ts_window_load (self, NULL, error))
    return FALSE;
  TsLiveFeed *feed = ts_live_feed_open (self, spec, calibration_path, self->cards,
                                        self->matcher, error);
  if (feed == NULL)
    return FALSE;
  return ts_window_start_live (self, feed, new_game, error);
}

gboolean
ts_window_start_live (TsWindow *self, TsLiveFeed *feed_in, gboolean new_game, GError **error)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (feed_in != NULL, FALSE);
  g_autoptr (TsLiveFeed) feed = feed_in;
  g_clear_pointer (&self->live_feed, ts_live_feed_free);
  stop_session (self);
  gboolean start_game = new_game || !ts_engine_get_state (self->engine)->started;
  if (start_game) {
    g_autoptr (TsEvent) start = ts_event_new (TS_EVENT_GAME_START);
    const char *const *names = ts_live_feed_get_player_names (feed);
    start->source = TS_SOURCE_CAMERA;
    start->time_us = g_get_real_time ();
    start->profile = g_strdup ("classic");
    start->n_players = names != NULL ? (int) g_strv_length ((char **) names) : 2;
    start->n_players = CLAMP (start->n_players, 2, TS_MAX_PLAYERS);
    for (int p = 0; p < start->n_players; p++)
      start->names[p] = names != NULL && names[p] != NULL ? g_strdup (names[p])
                                                          : g_strdup_printf ("Player %d", p + 1);
    if (!ts_window_new_game (self, start, error))
      return FALSE;
  }
  g_free (self->source_spec);
  self->source_spec = g_strdup (ts_live_feed_get_name (feed));
  g_autofree char *title = g_strdup_printf ("%s (live)", ts_live_feed_get_name (feed));
  gtk_window_set_title (GTK_WINDOW (self), title);
  ts_camera_view_set_placeholder (self->camera_view, "Waiting for the first frame…");
  self->live_feed = g_steal_pointer (&feed);
  ts_live_feed_start (self->live_feed, start_game);
  return TRUE;
}

TsLiveFeed *
ts_window_get_live_feed (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->live_feed;
}

/* ---- accessors --------------------------------------------------------------------------- */

TsEngine *
ts_window_get_engine (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->engine;
}

const char *
ts_window_get_store_path (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->store_path;
}

TsCameraView *
ts_window_get_camera_view (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->camera_view;
}

TsPlayerPanel *
ts_window_get_player_panel (TsWindow *self, guint player)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return player < self->panels->len ? g_ptr_array_index (self->panels, player) : NULL;
}

TsPhaseBar *
ts_window_get_phase_bar (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->phase_bar;
}

TsBattlefield *
ts_window_get_battlefield (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->battlefield;
}

TsEventLog *
ts_window_get_event_log (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->event_log;
}

TsWarningList *
ts_window_get_warning_list (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return self->warning_list;
}

const char *
ts_window_get_timing_text (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->timing_label);
}

const char *
ts_window_get_status_text (TsWindow *self)
{
  g_return_val_if_fail (TS_IS_WINDOW (self), NULL);
  return gtk_label_get_text (self->status_label);
}

/* ---- object ------------------------------------------------------------------------------ */

static void
ts_window_dispose (GObject *object)
{
  TsWindow *self = TS_WINDOW (object);

  /* The feed borrows the engine, the cards and the camera view: it goes first. */
  g_clear_pointer (&self->live_feed, ts_live_feed_free);
  if (self->engine != NULL)
    ts_engine_set_changed_func (self->engine, NULL, NULL, NULL);
  g_clear_pointer (&self->engine, ts_engine_free);
  g_clear_pointer (&self->store, ts_store_free);
  g_clear_pointer (&self->store_path, g_free);
  g_clear_pointer (&self->matcher, ts_matcher_free);
  g_clear_pointer (&self->cards, ts_carddb_free);
  g_clear_pointer (&self->panels, g_ptr_array_unref);
  g_clear_pointer (&self->assigned, g_hash_table_unref);
  g_clear_pointer (&self->source_spec, g_free);
  stop_session (self);
  g_clear_pointer (&self->session_objects, g_hash_table_unref);
  g_clear_pointer (&self->session_dir, g_free);
  gtk_widget_dispose_template (GTK_WIDGET (object), TS_TYPE_WINDOW);
  G_OBJECT_CLASS (ts_window_parent_class)->dispose (object);
}

static void
ts_window_class_init (TsWindowClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  G_OBJECT_CLASS (klass)->dispose = ts_window_dispose;

  g_type_ensure (TS_TYPE_PHASE_BAR);
  g_type_ensure (TS_TYPE_CAMERA_VIEW);
  g_type_ensure (TS_TYPE_BATTLEFIELD);
  g_type_ensure (TS_TYPE_EVENT_LOG);
  g_type_ensure (TS_TYPE_WARNING_LIST);
  gtk_widget_class_set_template_from_resource (widget_class,
                                               "/org/tablesight/Tablesight/ts-window.ui");
  gtk_widget_class_bind_template_child (widget_class, TsWindow, store_label);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, banner_revealer);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, banner_label);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, status_label);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, phase_bar);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, timing_label);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, timing_why_label);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, latest_warning_label);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, view_stack);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, log_page);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, camera_view);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, battlefield);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, warning_list);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, event_log);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, players_box);
  gtk_widget_class_bind_template_child (widget_class, TsWindow, welcome_box);
  gtk_widget_class_bind_template_callback (widget_class, on_banner_close);
  gtk_widget_class_bind_template_callback (widget_class, on_creature_activated);
}

static void
ts_window_init (TsWindow *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->panels = g_ptr_array_new ();
  self->assigned = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->session_objects = g_hash_table_new (NULL, NULL);
  g_action_map_add_action_entries (G_ACTION_MAP (self), win_actions, G_N_ELEMENTS (win_actions),
                                   self);
  g_signal_connect (self, "notify::fullscreened", G_CALLBACK (on_fullscreened), NULL);

  /* Space = next step, after the focused widget had its chance (typing in an entry). */
  GtkEventController *keys = gtk_shortcut_controller_new ();
  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_BUBBLE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (keys),
    gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_space, 0),
                      gtk_named_action_new ("win.next-step")));
  gtk_widget_add_controller (GTK_WIDGET (self), keys);
  g_signal_connect (self->view_stack, "notify::visible-child", G_CALLBACK (on_visible_child),
                    self);
  g_signal_connect (self->camera_view, "overlay-activated", G_CALLBACK (on_overlay_activated),
                    self);
  ts_camera_view_set_placeholder (self->camera_view,
                                  "No camera yet\nChoose a camera or a recorded session with "
                                  "Ctrl+K, or start a game by hand with Ctrl+N");
  self->engine = ts_engine_new (NULL, NULL);
  ts_engine_set_changed_func (self->engine, on_engine_changed, self, NULL);
  refresh (self);
}

TsWindow *
ts_window_new (TsApplication *app)
{
  return g_object_new (TS_TYPE_WINDOW, "application", app, NULL);
}
