/* test-dashboard.c — the real dashboard window on a private X server: commands go in through
 * its GActions (as keyboard, menus and buttons send them), and the widgets must show what the
 * engine then holds. Saves a screenshot of each main view. */
#include "ts-application.h"
#include "ts-card-search.h"
#include "ts-new-game-dialog.h"
#include "ts-source-dialog.h"
#include "ts-timing.h"
#include "ts-window.h"
#include "ui-helpers.h"

#include <glib/gstdio.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

typedef UiFixture Fixture;

static void
activate (Fixture *f, const char *name, GVariant *param)
{
  g_action_group_activate_action (G_ACTION_GROUP (f->window), name, param);
  ui_pump (1);
}

static const TsState *
state (Fixture *f)
{
  return ts_engine_get_state (ts_window_get_engine (f->window));
}

static const char *
life_text (Fixture *f, guint player)
{
  TsPlayerPanel *panel = ts_window_get_player_panel (f->window, player);
  assert_non_null (panel);
  return ts_player_panel_get_life_text (panel);
}

/* The first toplevel of a type (dialogs the actions open). */
static GtkWindow *
find_toplevel (GType type)
{
  GListModel *list = gtk_window_get_toplevels ();
  for (guint i = 0; i < g_list_model_get_n_items (list); i++) {
    g_autoptr (GObject) item = g_list_model_get_item (list, i);
    if (G_TYPE_CHECK_INSTANCE_TYPE (item, type))
      return GTK_WINDOW (item);
  }
  return NULL;
}

/* First descendant of a type, depth first. */
static GtkWidget *
find_child (GtkWidget *root, GType type)
{
  for (GtkWidget *c = gtk_widget_get_first_child (root); c != NULL;
       c = gtk_widget_get_next_sibling (c)) {
    if (G_TYPE_CHECK_INSTANCE_TYPE (c, type))
      return c;
    GtkWidget *found = find_child (c, type);
    if (found != NULL)
      return found;
  }
  return NULL;
}

static int
step_with_flag (const TsState *s, guint flag)
{
  for (guint i = 0; i < s->profile->n_steps; i++)
    if (s->profile->steps[i].flags & flag)
      return (int) i;
  return -1;
}

static void
apply (Fixture *f, TsEvent *event)
{
  g_autoptr (GError) error = NULL;
  if (event->time_us == 0)
    event->time_us = g_get_real_time ();
  assert_true (ts_window_apply (f->window, event, &error));
  assert_null (error);
  ts_event_clear (event);
  ui_pump (1);
}

static void
go_to_step (Fixture *f, guint flag)
{
  int index = step_with_flag (state (f), flag);
  assert_true (index >= 0);
  TsEvent event = TS_EVENT_INIT;
  event.kind = TS_EVENT_STEP;
  event.source = TS_SOURCE_PERSON;
  event.step = g_strdup (state (f)->profile->steps[index].id);
  apply (f, &event);
  assert_int_equal (state (f)->step, index);
}

static guint
put_on_battlefield (Fixture *f, int player, const char *card)
{
  TsEvent event = TS_EVENT_INIT;
  TsVerdict verdict;
  g_autoptr (GError) error = NULL;
  event.kind = TS_EVENT_MOVE;
  event.source = TS_SOURCE_CAMERA;
  event.time_us = g_get_real_time ();
  event.player = player;
  event.card = g_strdup (card);
  event.from_zone = TS_ZONE_HAND;
  event.zone = TS_ZONE_BATTLEFIELD;
  assert_true (ts_engine_apply (ts_window_get_engine (f->window), &event, &verdict, &error));
  ts_event_clear (&event);
  ui_pump (1);
  return verdict.object;
}

static void
start_game (Fixture *f, const char *profile)
{
  activate (f, "new-game", NULL);
  TsNewGameDialog *dialog = TS_NEW_GAME_DIALOG (find_toplevel (TS_TYPE_NEW_GAME_DIALOG));
  assert_non_null (dialog);
  const char *names[] = { "Alice", "Bob", NULL };
  ts_new_game_dialog_set (dialog, names, 2, profile, FALSE, 20);
  ts_new_game_dialog_start (dialog);
  ui_pump (20);
  assert_null (find_toplevel (TS_TYPE_NEW_GAME_DIALOG));
}

/* ---- tests ------------------------------------------------------------------------------- */

static void
test_opens_without_a_game (void **st)
{
  Fixture *f = *st;
  assert_true (gtk_widget_get_mapped (GTK_WIDGET (f->window)));
  assert_non_null (strstr (ts_window_get_timing_text (f->window), "No game yet"));
  assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "next-step"));
  assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "undo"));
  assert_null (ts_window_get_player_panel (f->window, 0));
  g_free (ui_screenshot (GTK_WIDGET (f->window), "01-empty-table"));
}

static void
test_new_game_from_dialog (void **st)
{
  Fixture *f = *st;

  activate (f, "new-game", NULL);
  GtkWindow *dialog = find_toplevel (TS_TYPE_NEW_GAME_DIALOG);
  assert_non_null (dialog);
  const char *names[] = { "Alice", "Bob", NULL };
  ts_new_game_dialog_set (TS_NEW_GAME_DIALOG (dialog), names, 2, "classic", FALSE, 20);
  ui_wait_frame (GTK_WIDGET (dialog));
  g_free (ui_screenshot (GTK_WIDGET (dialog), "02-new-game-dialog"));
  ts_new_game_dialog_start (TS_NEW_GAME_DIALOG (dialog));
  ui_pump (20);

  assert_true (state (f)->started);
  assert_string_equal (state (f)->profile->id, "classic");
  assert_string_equal (life_text (f, 0), "20");
  assert_string_equal (life_text (f, 1), "20");
  assert_null (ts_window_get_player_panel (f->window, 2));
  /* Recorded from the first event on, in the user's data folder. */
  const char *path = ts_window_get_store_path (f->window);
  assert_non_null (path);
  assert_true (g_str_has_prefix (path, g_get_user_data_dir ()));
  assert_true (g_file_test (path, G_FILE_TEST_EXISTS));
  assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "next-step"));
}

static void
test_commander_game (void **st)
{
  Fixture *f = *st;

  activate (f, "new-game", NULL);
  TsNewGameDialog *dialog = TS_NEW_GAME_DIALOG (find_toplevel (TS_TYPE_NEW_GAME_DIALOG));
  assert_non_null (dialog);
  const char *names[] = { "Ann", "Ben", "Cy", NULL };
  ts_new_game_dialog_set (dialog, names, 3, "modern", TRUE, 0);
  g_autoptr (TsEvent) event = ts_new_game_dialog_build_event (dialog);
  assert_true (event->flags & TS_EVENT_FLAG_COMMANDER);
  assert_int_equal (event->amount, 40); /* the profile's Commander life, filled in */
  assert_int_equal (event->n_players, 3);
  ts_new_game_dialog_start (dialog);
  ui_pump (20);

  assert_true (state (f)->commander);
  assert_string_equal (life_text (f, 2), "40");
  TsPlayerPanel *ann = ts_window_get_player_panel (f->window, 0);
  assert_string_equal (ts_player_panel_get_commander_text (ann), "Commander damage: Ben 0 · Cy 0");
  assert_string_equal (ts_player_panel_get_poison_text (ann), "Poison 0");
  g_free (ui_screenshot (GTK_WIDGET (f->window), "08-commander-three-players"));

  /* Classic: no commander line, poison only once someone has any. */
  start_game (f, "classic");
  ann = ts_window_get_player_panel (f->window, 0);
  assert_null (ts_player_panel_get_commander_text (ann));
  assert_null (ts_player_panel_get_poison_text (ann));
  assert_null (ts_window_get_player_panel (f->window, 2));
}

static void
test_life_buttons_entry_undo_redo (void **st)
{
  Fixture *f = *st;
  start_game (f, "classic");

  activate (f, "life-add", g_variant_new ("(ii)", 0, 1));
  assert_string_equal (life_text (f, 0), "21");
  activate (f, "life-add", g_variant_new ("(ii)", 1, -3));
  assert_string_equal (life_text (f, 1), "17");
  assert_int_equal (state (f)->players[1].life, 17);

  /* Typed entry on Bob's panel: "+2" adds, "11" sets, nonsense changes nothing. */
  GtkWidget *entry = find_child (GTK_WIDGET (ts_window_get_player_panel (f->window, 1)),
                                 GTK_TYPE_ENTRY);
  assert_non_null (entry);
  /* Space typed into a life entry still steps the turn (the entry takes numbers only). */
  guint step = state (f)->step;
  gboolean handled = FALSE;
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (entry);
  for (guint i = 0; i < g_list_model_get_n_items (controllers) && !handled; i++) {
    g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
    if (GTK_IS_EVENT_CONTROLLER_KEY (c))
      g_signal_emit_by_name (c, "key-pressed", GDK_KEY_space, 65, (GdkModifierType) 0, &handled);
  }
  assert_true (handled);
  ui_pump (1);
  assert_int_not_equal (state (f)->step, step);
  activate (f, "undo", NULL);
  assert_int_equal (state (f)->step, step);
  gtk_widget_grab_focus (entry);
  gtk_editable_set_text (GTK_EDITABLE (entry), "+2");
  g_signal_emit_by_name (entry, "activate");
  ui_pump (1);
  assert_string_equal (life_text (f, 1), "19");
  assert_null (gtk_root_get_focus (GTK_ROOT (f->window)));  /* handed back after Enter */
  gtk_editable_set_text (GTK_EDITABLE (entry), "11");
  g_signal_emit_by_name (entry, "activate");
  ui_pump (1);
  assert_string_equal (life_text (f, 1), "11");
  guint n_events = ts_engine_n_events (ts_window_get_engine (f->window));
  gtk_editable_set_text (GTK_EDITABLE (entry), "eleven");
  g_signal_emit_by_name (entry, "activate");
  ui_pump (1);
  assert_string_equal (life_text (f, 1), "11");
  assert_int_equal (ts_engine_n_events (ts_window_get_engine (f->window)), n_events);
  assert_true (gtk_widget_has_css_class (entry, "error"));

  guint set_to_11 = ts_engine_n_events (ts_window_get_engine (f->window)) - 1;
  TsEventLog *log = ts_window_get_event_log (f->window);
  assert_false (ts_event_log_is_undone (log, set_to_11));
  activate (f, "undo", NULL);
  assert_string_equal (life_text (f, 1), "19");
  assert_true (ts_event_log_is_undone (log, set_to_11));
  activate (f, "undo", NULL);
  assert_string_equal (life_text (f, 1), "17");
  assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "redo"));
  activate (f, "redo", NULL);
  assert_string_equal (life_text (f, 1), "19");
  /* Every click is in the log (undo and redo too), worded for people. */
  assert_non_null (ts_event_log_get_newest_text (log));
  assert_int_equal (ts_event_log_get_n_rows (log),
                    ts_engine_n_events (ts_window_get_engine (f->window)));
}

static void
test_next_step_lights_phase_bar (void **st)
{
  Fixture *f = *st;
  start_game (f, "classic");
  TsPhaseBar *bar = ts_window_get_phase_bar (f->window);

  assert_int_equal (ts_phase_bar_get_n_steps (bar), state (f)->profile->n_steps);
  int before = ts_phase_bar_get_current (bar);
  assert_int_equal (before, (int) state (f)->step);

  activate (f, "next-step", NULL);
  int after = ts_phase_bar_get_current (bar);
  assert_int_not_equal (after, before);
  assert_int_equal (after, (int) state (f)->step);
  const TsStepDef *step = &state (f)->profile->steps[state (f)->step];
  assert_string_equal (ts_phase_bar_get_current_name (bar), ts_timing_step_label (step));
  assert_non_null (strstr (ts_window_get_status_text (f->window), state (f)->step_name));

  /* The lit step carries the style that makes it stand out. */
  GtkWidget *lit = NULL;
  for (GtkWidget *c = gtk_widget_get_first_child (
         gtk_widget_get_first_child (GTK_WIDGET (bar)));
       c != NULL; c = gtk_widget_get_next_sibling (c))
    if (gtk_widget_has_css_class (c, "current")) {
      assert_null (lit);
      lit = c;
    }
  assert_non_null (lit);
  assert_string_equal (gtk_label_get_text (GTK_LABEL (lit)), ts_timing_step_label (step));
  assert_string_equal (gtk_widget_get_tooltip_text (lit), state (f)->step_name);

  activate (f, "undo", NULL);
  assert_int_equal (ts_phase_bar_get_current (bar), before);
}

static void
test_timing_window_text (void **st)
{
  Fixture *f = *st;
  start_game (f, "classic");
  go_to_step (f, TS_STEP_FLAG_MAIN);

  const char *text = ts_window_get_timing_text (f->window);
  g_autofree char *alice = g_strdup (text);
  char *dot = strstr (alice, " · ");
  assert_non_null (dot);
  *dot = '\0';
  const char *bob = dot + strlen (" · ");
  assert_true (g_str_has_prefix (alice, "Alice may cast: "));
  assert_true (g_str_has_prefix (bob, "Bob may cast: "));
  /* Main phase, Alice's turn: she may cast sorceries and creatures, Bob only fast spells. */
  assert_non_null (strstr (alice, "sorceries"));
  assert_non_null (strstr (alice, "creatures"));
  assert_null (strstr (bob, "sorceries"));
  assert_non_null (strstr (bob, "instants"));

  /* Untap step: nobody may cast anything. */
  go_to_step (f, TS_STEP_FLAG_UNTAP);
  text = ts_window_get_timing_text (f->window);
  assert_null (strstr (text, "sorceries"));
  assert_null (strstr (text, "instants"));
}

static void
test_illegal_event_adds_warning_row (void **st)
{
  Fixture *f = *st;
  start_game (f, "classic");
  go_to_step (f, TS_STEP_FLAG_MAIN);
  TsWarningList *warnings = ts_window_get_warning_list (f->window);
  guint before = ts_warning_list_get_n_rows (warnings);
  assert_int_equal (before, state (f)->warnings->len);

  put_on_battlefield (f, 0, "Forest");
  assert_int_equal (ts_warning_list_get_n_rows (warnings), before);
  put_on_battlefield (f, 0, "Forest"); /* a second land this turn */
  guint after = ts_warning_list_get_n_rows (warnings);
  assert_int_equal (after, before + 1);
  assert_int_equal (after, state (f)->warnings->len);
  assert_string_equal (ts_player_panel_get_life_text (ts_window_get_player_panel (f->window, 0)),
                       "20");

  activate (f, "show-view", g_variant_new_string ("log"));
  ui_wait_frame (GTK_WIDGET (f->window));
  g_free (ui_screenshot (GTK_WIDGET (f->window), "05-log-and-warnings"));
  activate (f, "show-view", g_variant_new_string ("table"));

  activate (f, "undo", NULL);
  assert_int_equal (ts_warning_list_get_n_rows (warnings), before);
}

static void
test_combat_by_clicking (void **st)
{
  Fixture *f = *st;
  start_game (f, "classic");
  go_to_step (f, TS_STEP_FLAG_MAIN);
  guint bear = put_on_battlefield (f, 0, "Grizzly Bears");
  guint giant = put_on_battlefield (f, 0, "Hill Giant");
  guint wall = put_on_battlefield (f, 1, "Wall of Stone");
  guint goblin = put_on_battlefield (f, 1, "Mons's Goblin Raiders");
  assert_true (bear && giant && wall && goblin);
  TsBattlefield *battlefield = ts_window_get_battlefield (f->window);
  assert_int_equal (ts_battlefield_get_n_creatures (battlefield), 4);

  /* Pass the turn round so Alice's creatures are no longer summoning sick. */
  activate (f, "pass-turn", NULL);
  activate (f, "pass-turn", NULL);
  assert_int_equal (state (f)->active, 0);
  assert_false (ts_state_find_permanent (state (f), bear)->summoning_sick);

  go_to_step (f, TS_STEP_FLAG_ATTACKERS);
  ts_battlefield_activate (battlefield, bear);
  ui_pump (1);
  ts_battlefield_activate (battlefield, giant);
  ui_pump (1);
  assert_true (ts_state_find_permanent (state (f), bear)->attacking);
  assert_true (ts_state_find_permanent (state (f), giant)->attacking);
  /* A defender's creature clicked now is not an attacker. */
  ts_battlefield_activate (battlefield, goblin);
  ui_pump (1);
  assert_false (ts_state_find_permanent (state (f), goblin)->attacking);

  go_to_step (f, TS_STEP_FLAG_BLOCKERS);
  ts_battlefield_activate (battlefield, wall);    /* pick the blocker … */
  ui_pump (1);
  ts_battlefield_activate (battlefield, giant);   /* … then what it blocks */
  ui_pump (1);
  assert_int_equal (ts_state_find_permanent (state (f), wall)->blocking, giant);
  assert_true (ts_state_find_permanent (state (f), giant)->blocked);
  ts_battlefield_activate (battlefield, goblin);
  ui_pump (1);
  ts_battlefield_activate (battlefield, giant);
  ui_pump (1);
  assert_int_equal (ts_state_find_permanent (state (f), goblin)->blocking, giant);

  /* Damage assignment: the attacker, then a blocker once per point. */
  guint n = ts_engine_n_events (ts_window_get_engine (f->window));
  ts_battlefield_activate (battlefield, giant);
  ui_pump (1);
  ts_battlefield_activate (battlefield, goblin);
  ui_pump (1);
  ts_battlefield_activate (battlefield, goblin);
  ui_pump (1);
  assert_int_equal (ts_engine_n_events (ts_window_get_engine (f->window)), n + 2);
  const TsEvent *last = ts_engine_get_event (ts_window_get_engine (f->window), n + 1);
  assert_int_equal (last->kind, TS_EVENT_ASSIGN);
  assert_int_equal (last->object, giant);
  assert_int_equal (last->targets[0], goblin);
  assert_int_equal (last->amount, 2);

  activate (f, "show-view", g_variant_new_string ("battlefield"));
  ui_wait_frame (GTK_WIDGET (f->window));
  g_free (ui_screenshot (GTK_WIDGET (f->window), "04-creatures-and-combat"));
  activate (f, "show-view", g_variant_new_string ("table"));
}

/* A made-up table picture: green felt with card-shaped rectangles, BGR. */
static TsImage *
fake_table (int width, int height)
{
  TsImage *image = ts_image_new (width, height, 3);
  for (int y = 0; y < height; y++)
    for (int x = 0; x < width; x++) {
      guint8 *p = image->data + (gsize) y * image->stride + x * 3;
      int shade = ((x / 40 + y / 40) % 2) * 6;
      p[0] = 40 + shade;
      p[1] = 100 + shade;
      p[2] = 45 + shade;
    }
  const int cards[][4] = { { 200, 300, 250, 350 }, { 600, 280, 350, 250 }, { 1100, 320, 250, 350 } };
  for (guint c = 0; c < G_N_ELEMENTS (cards); c++)
    for (int y = cards[c][1]; y < cards[c][1] + cards[c][3]; y++)
      for (int x = cards[c][0]; x < cards[c][0] + cards[c][2]; x++) {
        guint8 *p = image->data + (gsize) y * image->stride + x * 3;
        p[0] = 215;
        p[1] = 225;
        p[2] = 230;
      }
  return image;
}

static void
test_camera_view_with_overlays (void **st)
{
  Fixture *f = *st;
  start_game (f, "classic");
  TsCameraView *view = ts_window_get_camera_view (f->window);
  g_autoptr (TsImage) frame = fake_table (1600, 900);
  const TsCameraOverlay overlays[] = {
    { .quad = { 200, 300, 450, 300, 450, 650, 200, 650 }, .label = "Grizzly Bears", .owner = 0,
      .damage = 1, .id = 11 },
    { .quad = { 600, 280, 950, 280, 950, 530, 600, 530 }, .label = "Hill Giant", .owner = 1,
      .tapped = TRUE, .id = 12 },
    { .quad = { 1100, 320, 1350, 320, 1350, 670, 1100, 670 }, .label = NULL, .owner = 1,
      .unknown = TRUE, .id = 13 },
  };
  ts_camera_view_set_frame (view, frame);
  ts_camera_view_set_overlays (view, overlays, G_N_ELEMENTS (overlays));
  assert_int_equal (ts_camera_view_get_n_overlays (view), 3);
  ui_wait_frame (GTK_WIDGET (view));

  /* Picking maps widget pixels back to frame pixels. */
  double scale = MIN (gtk_widget_get_width (GTK_WIDGET (view)) / 1600.0,
                      gtk_widget_get_height (GTK_WIDGET (view)) / 900.0);
  double ox = (gtk_widget_get_width (GTK_WIDGET (view)) - 1600 * scale) / 2;
  double oy = (gtk_widget_get_height (GTK_WIDGET (view)) - 900 * scale) / 2;
  assert_int_equal (ts_camera_view_pick (view, ox + 1225 * scale, oy + 500 * scale), 2);
  assert_int_equal (ts_camera_view_pick (view, ox + 325 * scale, oy + 470 * scale), 0);
  assert_int_equal (ts_camera_view_pick (view, ox + 10 * scale, oy + 10 * scale), -1);

  activate (f, "life-add", g_variant_new ("(ii)", 1, -4));
  g_free (ui_screenshot (GTK_WIDGET (f->window), "03-table-with-camera"));

  /* Naming the unknown card through the search box goes into the record. */
  g_signal_emit_by_name (view, "overlay-activated", 13u, TRUE);
  ui_pump (10);
  TsCardSearch *search = TS_CARD_SEARCH (find_toplevel (TS_TYPE_CARD_SEARCH));
  assert_non_null (search);
  ts_card_search_set_query (search, "Grizly Beers");
  assert_true (ts_card_search_get_n_results (search) > 0);
  ui_wait_frame (GTK_WIDGET (search));
  g_free (ui_screenshot (GTK_WIDGET (search), "06-name-a-card"));
  guint n = ts_engine_n_events (ts_window_get_engine (f->window));
  ts_card_search_choose (search, 0);
  ui_pump (10);
  assert_int_equal (ts_engine_n_events (ts_window_get_engine (f->window)), n + 1);
  const TsEvent *note = ts_engine_get_event (ts_window_get_engine (f->window), n);
  assert_int_equal (note->kind, TS_EVENT_NOTE);
  assert_string_equal (note->card, "Grizzly Bears");
}

static gboolean
session_done (gpointer data)
{
  return !ts_window_is_playing (TS_WINDOW (data));
}

static gboolean
first_frame_applied (gpointer data)
{
  return ts_engine_n_events (ts_window_get_engine (TS_WINDOW (data))) >= 5;
}

static void
test_demo_session_plays (void **st)
{
  Fixture *f = *st;
  g_autofree char *dir = g_build_filename (g_getenv ("TS_SOURCE_DIR"), "tests", "fixtures",
                                           "demo-session", NULL);
  if (!g_file_test (dir, G_FILE_TEST_IS_DIR))
    skip ();
  TsDashboardOptions options = { .session_dir = dir };
  g_autoptr (GError) error = NULL;
  assert_true (ts_window_load (f->window, &options, &error));
  assert_true (ts_window_is_playing (f->window));
  /* The first frame: four lands already on the table, and not a word of warning about them. */
  assert_true (ui_wait (first_frame_applied, f->window, 30000));
  assert_int_equal (state (f)->warnings->len, 0);
  assert_int_equal (state (f)->players[0].lands_played, 0);
  assert_int_equal (state (f)->players[1].lands_played, 0);
  g_free (ui_screenshot (GTK_WIDGET (f->window), "00-demo-session-start"));
  assert_true (ui_wait (session_done, f->window, 30000));

  /* The recording's 14 table changes reached the engine after the game start, from the camera. */
  TsEngine *engine = ts_window_get_engine (f->window);
  assert_int_equal (ts_engine_n_events (engine), 15);
  guint camera = 0;
  for (guint i = 0; i < ts_engine_n_events (engine); i++)
    camera += ts_engine_get_event (engine, i)->source == TS_SOURCE_CAMERA;
  assert_int_equal (camera, 14);
  /* The four lands in the first frame are the table as found: no land played, no land played
   * out of turn, no warning at all for them, and they are marked as found. */
  for (guint i = 1; i <= 4; i++)
    assert_true (ts_engine_get_event (engine, i)->flags & TS_EVENT_FLAG_SETUP);
  assert_false (ts_engine_get_event (engine, 5)->flags & TS_EVENT_FLAG_SETUP);
  const TsState *played = state (f);
  for (guint i = 0; i < played->warnings->len; i++) {
    const TsWarning *w = &g_array_index (played->warnings, TsWarning, i);
    assert_true (w->event_index > 4);
    assert_string_not_equal (w->rule, "one-land-per-turn");
    assert_string_not_equal (w->rule, "land-timing");
  }
  guint found = 0;
  for (guint i = 0; i < played->permanents->len; i++)
    found += g_array_index (played->permanents, TsPermanent, i).as_found;
  assert_int_equal (found, 4);
  /* Four lands and Grizzly Bears stay; Mons's Goblin Raiders went to the graveyard. */
  guint on_battlefield = state (f)->permanents->len;
  assert_int_equal (on_battlefield, 5);
  assert_string_equal (life_text (f, 0), "20");
  /* The last frame shows the six cards on the table, each outlined. */
  assert_int_equal (ts_camera_view_get_n_overlays (ts_window_get_camera_view (f->window)), 6);
  g_free (ui_screenshot (GTK_WIDGET (f->window), "00-demo-session"));

  /* Play it again: a fresh game from the same recording reaches the same state. */
  assert_true (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "play-session"));
  activate (f, "play-session", NULL);
  assert_true (ts_window_is_playing (f->window));
  assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (f->window), "play-session"));
  assert_true (ui_wait (session_done, f->window, 30000));
  assert_int_equal (ts_engine_n_events (ts_window_get_engine (f->window)), 15);
  assert_int_equal (state (f)->permanents->len, on_battlefield);

  /* The same recording chosen from the Camera or Recording dialog. */
  activate (f, "choose-source", NULL);
  TsSourceDialog *sources = TS_SOURCE_DIALOG (find_toplevel (TS_TYPE_SOURCE_DIALOG));
  assert_non_null (sources);
  int demo = -1;
  for (guint i = 0; i < ts_source_dialog_get_n_sources (sources); i++)
    if (g_str_has_suffix (ts_source_dialog_get_spec (sources, i), "demo-session"))
      demo = (int) i;
  assert_true (demo >= 0);
  ui_wait_frame (GTK_WIDGET (sources));
  g_free (ui_screenshot (GTK_WIDGET (sources), "09-camera-or-recording"));
  ts_source_dialog_choose (sources, demo);
  ui_pump (10);
  assert_null (find_toplevel (TS_TYPE_SOURCE_DIALOG));
  assert_true (ts_window_is_playing (f->window));
  assert_true (ui_wait (session_done, f->window, 30000));
  assert_int_equal (ts_engine_n_events (ts_window_get_engine (f->window)), 15);

  /* A session folder without frames is refused with its name. */
  g_autofree char *empty = g_dir_make_tmp ("ts-ui-XXXXXX", NULL);
  TsDashboardOptions none = { .session_dir = empty };
  assert_false (ts_window_load (f->window, &none, &error));
  assert_non_null (strstr (error->message, empty));
  g_rmdir (empty);
}

/* Space reaches text entries first and only then means "next step"; every other command has
 * its accelerator on the application. */
static void
test_keyboard_shortcuts (void **st)
{
  Fixture *f = *st;
  g_auto (GStrv) space = gtk_application_get_accels_for_action (GTK_APPLICATION (f->app),
                                                                 "win.next-step");
  assert_null (space[0]);
  gboolean found = FALSE;
  g_autoptr (GListModel) controllers = gtk_widget_observe_controllers (GTK_WIDGET (f->window));
  for (guint i = 0; i < g_list_model_get_n_items (controllers); i++) {
    g_autoptr (GObject) c = g_list_model_get_item (controllers, i);
    if (!GTK_IS_SHORTCUT_CONTROLLER (c) ||
        gtk_event_controller_get_propagation_phase (GTK_EVENT_CONTROLLER (c)) != GTK_PHASE_BUBBLE)
      continue;
    for (guint j = 0; j < g_list_model_get_n_items (G_LIST_MODEL (c)); j++) {
      g_autoptr (GtkShortcut) s = g_list_model_get_item (G_LIST_MODEL (c), j);
      g_autofree char *trigger = gtk_shortcut_trigger_to_string (gtk_shortcut_get_trigger (s));
      GtkShortcutAction *action = gtk_shortcut_get_action (s);
      if (g_strcmp0 (trigger, "space") == 0 && GTK_IS_NAMED_ACTION (action) &&
          g_strcmp0 (gtk_named_action_get_action_name (GTK_NAMED_ACTION (action)),
                     "win.next-step") == 0)
        found = TRUE;
    }
  }
  assert_true (found);

  const char *const expected[][2] = {
    { "win.undo", "<Control>z" }, { "win.redo", "<Shift><Control>z" },
    { "win.fullscreen", "F11" }, { "win.new-game", "<Control>n" },
    { "win.pass-turn", "<Control>Return" }, { "win.open-store", "<Control>o" },
    { "win.save-store", "<Control>s" }, { "win.choose-source", "<Control>k" },
  };
  for (guint i = 0; i < G_N_ELEMENTS (expected); i++) {
    g_auto (GStrv) accels = gtk_application_get_accels_for_action (GTK_APPLICATION (f->app),
                                                                    expected[i][0]);
    assert_non_null (accels[0]);
    assert_string_equal (accels[0], expected[i][1]);
    /* Every accelerator names an action the window really has. */
    assert_true (g_action_group_has_action (G_ACTION_GROUP (f->window), expected[i][0] + 4));
  }
}

static void
test_dark_style_and_fullscreen (void **st)
{
  Fixture *f = *st;
  gboolean dark = FALSE;
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "dark-style", NULL);
  ui_pump (20);
  g_object_get (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", &dark, NULL);
  assert_true (dark);
  g_autoptr (GVariant) state_dark = g_action_group_get_action_state (G_ACTION_GROUP (f->app),
                                                                     "dark-style");
  assert_true (g_variant_get_boolean (state_dark));
  g_free (ui_screenshot (GTK_WIDGET (f->window), "07-dark-style"));
  g_action_group_activate_action (G_ACTION_GROUP (f->app), "dark-style", NULL);
  ui_pump (20);
  g_object_get (gtk_settings_get_default (), "gtk-application-prefer-dark-theme", &dark, NULL);
  assert_false (dark);

  assert_true (g_action_group_has_action (G_ACTION_GROUP (f->window), "fullscreen"));
  g_autoptr (GVariant) fs = g_action_group_get_action_state (G_ACTION_GROUP (f->window),
                                                             "fullscreen");
  assert_false (g_variant_get_boolean (fs));
}

static void
test_save_and_open_store (void **st)
{
  Fixture *f = *st;
  start_game (f, "modern");
  activate (f, "life-add", g_variant_new ("(ii)", 0, -7));
  activate (f, "next-step", NULL);
  guint step = state (f)->step;

  g_autofree char *dir = g_dir_make_tmp ("ts-ui-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "saved.db", NULL);
  g_autoptr (GError) error = NULL;
  assert_true (ts_window_save_store (f->window, path, &error));
  assert_string_equal (ts_window_get_store_path (f->window), path);

  start_game (f, "classic");
  assert_string_equal (life_text (f, 0), "20");
  assert_true (ts_window_open_store (f->window, path, &error));
  assert_string_equal (life_text (f, 0), "13");
  assert_int_equal (state (f)->step, step);
  assert_string_equal (state (f)->profile->id, "modern");

  /* A new, empty store named up front receives the next new game. */
  g_autofree char *fresh = g_build_filename (dir, "fresh.db", NULL);
  assert_true (ts_window_open_store (f->window, fresh, &error));
  start_game (f, "modern");
  assert_string_equal (ts_window_get_store_path (f->window), fresh);
  activate (f, "life-add", g_variant_new ("(ii)", 1, -2));
  g_autoptr (TsStore) check = ts_store_open_readonly (fresh, &error);
  assert_non_null (check);
  assert_int_equal (ts_store_count (check), 2);
  g_clear_pointer (&check, ts_store_free);

  /* A file that is not a game store: a clear error, the game on show untouched. */
  g_autofree char *junk = g_build_filename (dir, "junk.db", NULL);
  assert_true (g_file_set_contents (junk, "not a database at all", -1, NULL));
  assert_false (ts_window_open_store (f->window, junk, &error));
  assert_non_null (error);
  assert_string_equal (life_text (f, 1), "18");
  assert_string_equal (ts_window_get_store_path (f->window), fresh);
  g_clear_error (&error);
  assert_false (ts_window_replay_file (f->window, "/nonexistent/events.jsonl", &error));
  assert_non_null (error);
  g_clear_error (&error);

  /* A log torn by a crash: the whole events before the damage are shown, the banner says so. */
  g_autofree char *torn = g_build_filename (dir, "torn.jsonl", NULL);
  const char *torn_text =
    "{\"kind\":\"game_start\",\"players\":[\"Alice\",\"Bob\"]}\n"
    "{\"kind\":\"life\",\"player\":0,\"amount\":-4}\n"
    "# a comment line\n"
    "{\"kind\":\"life\",\"player\":1,\"amo";
  assert_true (g_file_set_contents (torn, torn_text, -1, NULL));
  assert_true (ts_window_replay_file (f->window, torn, &error));
  assert_int_equal (ts_engine_n_events (ts_window_get_engine (f->window)), 2);
  assert_string_equal (life_text (f, 0), "16");
  assert_non_null (ts_window_get_banner_text (f->window));
  assert_non_null (strstr (ts_window_get_banner_text (f->window), "damaged"));
  assert_non_null (strstr (ts_window_get_banner_text (f->window), "line 4"));
  g_unlink (torn);
  /* Nothing readable at all: refused, the game on show kept. */
  assert_true (g_file_set_contents (torn, "{broken\n", -1, NULL));
  assert_false (ts_window_replay_file (f->window, torn, &error));
  assert_non_null (strstr (error->message, "torn.jsonl"));
  assert_string_equal (life_text (f, 0), "16");
  g_clear_error (&error);
  g_unlink (torn);

  g_autofree char *wal = g_strdup_printf ("%s-wal", path);
  g_autofree char *shm = g_strdup_printf ("%s-shm", path);
  start_game (f, "classic"); /* closes the saved store before removing it */
  g_unlink (path);
  g_unlink (wal);
  g_unlink (shm);
  g_unlink (junk);
  const char *suffixes[] = { "", "-wal", "-shm" };
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++) {
    g_autofree char *file = g_strdup_printf ("%s%s", fresh, suffixes[i]);
    g_unlink (file);
  }
  g_rmdir (dir);
}

int
main (void)
{
  gtk_init ();
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_opens_without_a_game),
    cmocka_unit_test (test_new_game_from_dialog),
    cmocka_unit_test (test_commander_game),
    cmocka_unit_test (test_life_buttons_entry_undo_redo),
    cmocka_unit_test (test_next_step_lights_phase_bar),
    cmocka_unit_test (test_timing_window_text),
    cmocka_unit_test (test_illegal_event_adds_warning_row),
    cmocka_unit_test (test_combat_by_clicking),
    cmocka_unit_test (test_camera_view_with_overlays),
    cmocka_unit_test (test_demo_session_plays),
    cmocka_unit_test (test_keyboard_shortcuts),
    cmocka_unit_test (test_dark_style_and_fullscreen),
    cmocka_unit_test (test_save_and_open_store),
  };
  return cmocka_run_group_tests_name ("dashboard", tests, ui_fixture_setup, ui_fixture_teardown);
}
