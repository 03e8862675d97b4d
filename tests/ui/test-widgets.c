/* test-widgets.c — the dashboard's pieces one at a time: the life entry's parser, the mana
 * pool, the phase bar, the timing-window sentences, the camera view's frame formats. */
#include "ts-camera-view.h"
#include "ts-mana-pool.h"
#include "ts-phase-bar.h"
#include "ts-player-panel.h"
#include "ts-session-player.h"
#include "ts-timing.h"
#include "ui-helpers.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <cmocka.h>
#include <glib/gstdio.h>

static void
test_life_entry_parsing (void **st)
{
  int life = 0;
  assert_true (ts_player_panel_parse_life ("17", 20, &life));
  assert_int_equal (life, 17);
  assert_true (ts_player_panel_parse_life (" +3 ", 20, &life));
  assert_int_equal (life, 23);
  assert_true (ts_player_panel_parse_life ("-2", 20, &life));
  assert_int_equal (life, 18);
  assert_true (ts_player_panel_parse_life ("−5", 20, &life)); /* typographic minus */
  assert_int_equal (life, 15);
  assert_true (ts_player_panel_parse_life ("0", 20, &life));
  assert_int_equal (life, 0);
  life = 99;
  assert_false (ts_player_panel_parse_life ("", 20, &life));
  assert_false (ts_player_panel_parse_life ("abc", 20, &life));
  assert_false (ts_player_panel_parse_life ("12x", 20, &life));
  assert_false (ts_player_panel_parse_life ("+", 20, &life));
  assert_false (ts_player_panel_parse_life ("99999999999999", 20, &life));
  assert_false (ts_player_panel_parse_life (NULL, 20, &life));
  assert_int_equal (life, 99);
}

static void
test_player_panel_shows_numbers (void **st)
{
  GtkWidget *panel = g_object_ref_sink (ts_player_panel_new (1));
  ts_player_panel_set_life (TS_PLAYER_PANEL (panel), 7);
  assert_string_equal (ts_player_panel_get_life_text (TS_PLAYER_PANEL (panel)), "7");
  ts_player_panel_set_life (TS_PLAYER_PANEL (panel), -2);
  assert_string_equal (ts_player_panel_get_life_text (TS_PLAYER_PANEL (panel)), "-2");
  assert_int_equal (ts_player_panel_get_player (TS_PLAYER_PANEL (panel)), 1);
  ts_player_panel_set_active (TS_PLAYER_PANEL (panel), TRUE);
  assert_true (gtk_widget_has_css_class (panel, "active"));
  ts_player_panel_set_active (TS_PLAYER_PANEL (panel), FALSE);
  assert_false (gtk_widget_has_css_class (panel, "active"));
  ts_player_panel_set_status (TS_PLAYER_PANEL (panel), "out: life below 1");
  assert_true (gtk_widget_has_css_class (panel, "out"));
  g_object_unref (panel);
}

static void
test_mana_pool (void **st)
{
  GtkWidget *pool = g_object_ref_sink (ts_mana_pool_new ());
  const int amounts[TS_MANA_N] = { 0, 2, 0, 3, 0, 1 };
  ts_mana_pool_set (TS_MANA_POOL (pool), amounts);
  for (int c = 0; c < TS_MANA_N; c++)
    assert_int_equal (ts_mana_pool_get (TS_MANA_POOL (pool), c), amounts[c]);

  /* Every symbol draws something where it was asked to, and nothing outside. */
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 32 * 6, 32);
  cairo_t *cr = cairo_create (surface);
  for (int c = 0; c < TS_MANA_N; c++)
    ts_mana_symbol_draw (cr, c, c * 32 + 4, 4, 24);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  const guint8 *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  for (int c = 0; c < TS_MANA_N; c++) {
    const guint32 *centre = (const guint32 *) (data + 16 * stride) + c * 32 + 16;
    const guint32 *corner = (const guint32 *) (data + 1 * stride) + c * 32 + 1;
    assert_int_not_equal (*centre >> 24, 0);
    assert_int_equal (*corner >> 24, 0);
  }
  cairo_surface_destroy (surface);
  g_object_unref (pool);
}

static void
test_phase_bar (void **st)
{
  GtkWidget *bar = g_object_ref_sink (ts_phase_bar_new ());
  const char *steps[] = { "Untap", "Upkeep", "Draw", "Main", "End" };
  const char *classes[] = { NULL, NULL, NULL, "combat", NULL };
  ts_phase_bar_set_steps (TS_PHASE_BAR (bar), steps, NULL, classes, 5);
  assert_int_equal (ts_phase_bar_get_n_steps (TS_PHASE_BAR (bar)), 5);
  assert_int_equal (ts_phase_bar_get_current (TS_PHASE_BAR (bar)), -1);
  assert_null (ts_phase_bar_get_current_name (TS_PHASE_BAR (bar)));
  ts_phase_bar_set_current (TS_PHASE_BAR (bar), 3);
  assert_string_equal (ts_phase_bar_get_current_name (TS_PHASE_BAR (bar)), "Main");
  ts_phase_bar_set_current (TS_PHASE_BAR (bar), 9); /* out of range: nothing lit */
  assert_int_equal (ts_phase_bar_get_current (TS_PHASE_BAR (bar)), -1);
  ts_phase_bar_set_steps (TS_PHASE_BAR (bar), steps, NULL, NULL, 2);
  assert_int_equal (ts_phase_bar_get_n_steps (TS_PHASE_BAR (bar)), 2);
  g_object_unref (bar);
}

static TsState *
two_player_state (void)
{
  TsState *state = ts_state_new (ts_profile_classic ());
  state->started = TRUE;
  state->n_players = 2;
  state->turn = 3;
  state->active = 0;
  state->players[0].name = g_strdup ("Alice");
  state->players[1].name = g_strdup ("Bob");
  for (int i = 0; i < 2; i++)
    state->players[i].in_game = TRUE;
  return state;
}

static void
test_timing_sentences (void **st)
{
  g_autoptr (TsState) state = two_player_state ();
  TsPlayer *alice = &state->players[0], *bob = &state->players[1];

  alice->timing.allowed[TS_SPELL_SORCERY] = TRUE;
  alice->timing.allowed[TS_SPELL_CREATURE] = TRUE;
  alice->timing.allowed[TS_SPELL_INSTANT] = TRUE;
  alice->timing.allowed[TS_SPELL_LAND] = TRUE;
  bob->timing.allowed[TS_SPELL_INSTANT] = TRUE;
  g_autofree char *text = ts_timing_describe (state);
  assert_string_equal (text, "Alice may cast: sorceries, creatures, instants · "
                             "Bob may cast: instants");

  /* Only abilities: "fast effects"; nothing at all: "nothing". Active player first. */
  memset (alice->timing.allowed, 0, sizeof alice->timing.allowed);
  memset (bob->timing.allowed, 0, sizeof bob->timing.allowed);
  alice->timing.allowed[TS_SPELL_ABILITY] = TRUE;
  state->active = 1;
  g_autofree char *text2 = ts_timing_describe (state);
  assert_string_equal (text2, "Bob may cast: nothing · Alice may cast: fast effects");

  bob->in_game = FALSE;
  g_autofree char *text3 = ts_timing_describe (state);
  assert_string_equal (text3, "Alice may cast: fast effects");

  bob->timing.why = g_strdup ("During an attack: fast effects only");
  assert_string_equal (ts_timing_why (state), "During an attack: fast effects only");

  state->game_over = TRUE;
  state->winner = 0;
  g_autofree char *over = ts_timing_describe (state);
  assert_string_equal (over, "Game over: Alice wins");
  assert_null (ts_timing_why (state));

  state->started = FALSE;
  g_autofree char *none = ts_timing_describe (state);
  assert_non_null (strstr (none, "No game yet"));
}

static void
test_camera_view_frames (void **st)
{
  GtkWidget *window = gtk_window_new ();
  GtkWidget *view = ts_camera_view_new ();
  gtk_window_set_child (GTK_WINDOW (window), view);
  gtk_window_set_default_size (GTK_WINDOW (window), 640, 360);
  gtk_window_present (GTK_WINDOW (window));
  ui_pump (100);

  /* Grey, BGR and BGRA frames are all accepted; a frame that fills the view maps corners. */
  const int channels[] = { 1, 3, 4 };
  for (guint i = 0; i < G_N_ELEMENTS (channels); i++) {
    g_autoptr (TsImage) image = ts_image_new (64, 36, channels[i]);
    memset (image->data, 128, (gsize) image->stride * image->height);
    ts_camera_view_set_frame (TS_CAMERA_VIEW (view), image);
    ui_wait_frame (view);
  }
  const TsCameraOverlay card = { .quad = { 0, 0, 32, 0, 32, 36, 0, 36 }, .label = "X",
                                 .owner = 0, .id = 5 };
  ts_camera_view_set_overlays (TS_CAMERA_VIEW (view), &card, 1);
  int w = gtk_widget_get_width (view), h = gtk_widget_get_height (view);
  double scale = MIN (w / 64.0, h / 36.0);
  double ox = (w - 64 * scale) / 2, oy = (h - 36 * scale) / 2;
  assert_int_equal (ts_camera_view_pick (TS_CAMERA_VIEW (view), ox + 16 * scale,
                                         oy + 18 * scale), 0);
  assert_int_equal (ts_camera_view_pick (TS_CAMERA_VIEW (view), ox + 48 * scale,
                                         oy + 18 * scale), -1);
  /* A 1080p frame is shrunk to the view's size, yet shows the same picture and overlays keep
   * the frame's pixel units: red left half, blue right half, a card over the right half. */
  g_autoptr (TsImage) big = ts_image_new (1920, 1080, 3);
  for (int y = 0; y < 1080; y++)
    for (int x = 0; x < 1920; x++)
      big->data[(gsize) y * big->stride + x * 3 + (x < 960 ? 2 : 0)] = 255;
  ts_camera_view_set_frame (TS_CAMERA_VIEW (view), big);
  const TsCameraOverlay right = { .quad = { 1000, 100, 1900, 100, 1900, 1000, 1000, 1000 },
                                  .label = "", .owner = 1, .id = 9 };
  ts_camera_view_set_overlays (TS_CAMERA_VIEW (view), &right, 1);
  ui_wait_frame (view);
  scale = MIN (w / 1920.0, h / 1080.0);
  ox = (w - 1920 * scale) / 2;
  oy = (h - 1080 * scale) / 2;
  assert_int_equal (ts_camera_view_pick (TS_CAMERA_VIEW (view), ox + 1500 * scale,
                                         oy + 300 * scale), 0);
  assert_int_equal (ts_camera_view_pick (TS_CAMERA_VIEW (view), ox + 500 * scale,
                                         oy + 300 * scale), -1);
  ts_camera_view_set_overlays (TS_CAMERA_VIEW (view), NULL, 0);
  ui_wait_frame (view);
  g_autoptr (GdkPaintable) paintable = gtk_widget_paintable_new (view);
  GtkSnapshot *snapshot = gtk_snapshot_new ();
  gdk_paintable_snapshot (paintable, snapshot, w, h);
  g_autoptr (GskRenderNode) node = gtk_snapshot_free_to_node (snapshot);
  GskRenderer *renderer = gtk_native_get_renderer (gtk_widget_get_native (view));
  g_autoptr (GdkTexture) shot = gsk_renderer_render_texture (renderer, node,
                                                             &GRAPHENE_RECT_INIT (0, 0, w, h));
  g_autofree guint32 *pixels = g_new (guint32, (gsize) w * h);
  gdk_texture_download (shot, (guchar *) pixels, (gsize) w * 4);
  guint32 left = pixels[(h / 2) * w + (int) (ox + 480 * scale)];
  guint32 right_px = pixels[(h / 2) * w + (int) (ox + 1440 * scale)];
  assert_int_equal ((left >> 16) & 0xff, 255);  /* ARGB32: red */
  assert_int_equal (left & 0xff, 0);
  assert_int_equal (right_px & 0xff, 255);       /* blue */
  assert_int_equal ((right_px >> 16) & 0xff, 0);

  ts_camera_view_set_overlays (TS_CAMERA_VIEW (view), NULL, 0);
  assert_int_equal (ts_camera_view_get_n_overlays (TS_CAMERA_VIEW (view)), 0);
  ts_camera_view_set_frame (TS_CAMERA_VIEW (view), NULL);
  assert_int_equal (ts_camera_view_pick (TS_CAMERA_VIEW (view), w / 2.0, h / 2.0), -1);
  gtk_window_destroy (GTK_WINDOW (window));
  ui_pump (10);
}

static void
write_text (const char *dir, const char *name, const char *text)
{
  g_autofree char *path = g_build_filename (dir, name, NULL);
  assert_true (g_file_set_contents (path, text, -1, NULL));
}

static void
remove_tree (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  while (d != NULL && (name = g_dir_read_name (d)) != NULL) {
    g_autofree char *path = g_build_filename (dir, name, NULL);
    g_unlink (path);
  }
  g_rmdir (dir);
}

/* A recorded session read back: events become camera events with the recording's ids, owners
 * come from the events, and every kind of damage is refused with file and line. */
static void
test_session_player (void **st)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-session-XXXXXX", NULL);
  g_autoptr (GError) error = NULL;

  /* No frames at all. */
  assert_null (ts_session_player_new (dir, &error));
  assert_non_null (strstr (error->message, "no recorded frames"));
  g_clear_error (&error);

  g_autoptr (TsImage) image = ts_image_new (64, 48, 3);
  g_autofree char *jpg = g_build_filename (dir, "frame-0000.jpg", NULL);
  assert_true (ts_image_save (image, jpg, &error));
  g_autofree char *jpg1 = g_build_filename (dir, "frame-0001.jpg", NULL);
  assert_true (ts_image_save (image, jpg1, &error));
  write_text (dir, "frame-0000.json",
              "{\"cards\":[{\"id\":7,\"name\":\"Forest\",\"tapped\":true,\"visible\":0.1,"
              "\"quad\":[[1,1],[20,1],[20,30],[1,30]]},{\"id\":8,\"name\":\"Island\","
              "\"quad\":[[30,1],[50,1],[50,30],[30,30]]}]}");
  write_text (dir, "frame-0001.json", "{\"cards\":[{\"id\":7,\"quad\":[[1,1],[2,2]]}]}");
  write_text (dir, "events.jsonl",
              "{\"frame\":0,\"event\":\"entered\",\"id\":7,\"name\":\"Forest\",\"player\":2,"
              "\"zone\":\"battlefield\"}\n"
              "\n"
              "{\"frame\":1,\"event\":\"tapped\",\"id\":7,\"player\":2}\n"
              "{\"frame\":1,\"event\":\"left\",\"id\":7,\"player\":2,\"zone\":\"graveyard\"}\n");

  g_autoptr (TsSessionPlayer) player = ts_session_player_new (dir, &error);
  assert_non_null (player);
  assert_int_equal (ts_session_player_get_n_frames (player), 2);
  const GPtrArray *events = ts_session_player_get_events (player);
  assert_int_equal (events->len, 3);
  const TsSessionEvent *entered = g_ptr_array_index (events, 0);
  assert_int_equal (entered->event->kind, TS_EVENT_MOVE);
  assert_int_equal (entered->event->zone, TS_ZONE_BATTLEFIELD);
  assert_int_equal (entered->event->source, TS_SOURCE_CAMERA);
  assert_int_equal (entered->event->player, 1);
  assert_int_equal (entered->session_id, 7);
  assert_string_equal (entered->event->card, "Forest");
  /* On the table in the first frame, lying tapped: the table as found, tapped. */
  assert_int_equal (entered->event->flags, TS_EVENT_FLAG_SETUP | TS_EVENT_FLAG_TAPPED);
  assert_int_equal (((TsSessionEvent *) g_ptr_array_index (events, 1))->event->kind,
                    TS_EVENT_TAP);
  /* Later changes are ordinary ones. */
  assert_int_equal (((TsSessionEvent *) g_ptr_array_index (events, 1))->event->flags, 0);
  const TsSessionEvent *left = g_ptr_array_index (events, 2);
  assert_int_equal (left->event->zone, TS_ZONE_GRAVEYARD);
  assert_int_equal (left->frame, 1);
  assert_int_equal (left->event->flags, 0);

  g_autoptr (TsSessionFrame) frame = ts_session_player_load_frame (player, 0, &error);
  assert_non_null (frame);
  assert_int_equal (frame->image->width, 64);
  assert_int_equal (frame->overlays->len, 2);
  const TsCameraOverlay *forest = &g_array_index (frame->overlays, TsCameraOverlay, 0);
  assert_int_equal (forest->owner, 1);      /* seat from the events */
  assert_true (forest->tapped);
  assert_true (forest->unknown);            /* title 10 % visible: not readable */
  assert_string_equal (forest->label, "Forest");
  const TsCameraOverlay *island = &g_array_index (frame->overlays, TsCameraOverlay, 1);
  assert_int_equal (island->owner, -1);     /* never named by an event */
  assert_false (island->unknown);

  /* A card with a two-corner outline: refused, naming the file. */
  assert_null (ts_session_player_load_frame (player, 1, &error));
  assert_non_null (strstr (error->message, "frame-0001.json"));
  g_clear_error (&error);

  /* Malformed events: the line is named. */
  write_text (dir, "events.jsonl", "{\"frame\":0,\"event\":\"entered\",\"id\":1}\n{oops\n");
  assert_null (ts_session_player_new (dir, &error));
  assert_non_null (strstr (error->message, "events.jsonl:2"));
  g_clear_error (&error);
  write_text (dir, "events.jsonl", "{\"frame\":0,\"event\":\"flipped\",\"id\":1}\n");
  assert_null (ts_session_player_new (dir, &error));
  assert_non_null (strstr (error->message, "flipped"));
  g_clear_error (&error);
  write_text (dir, "events.jsonl", "[1,2,3]\n");
  assert_null (ts_session_player_new (dir, &error));
  assert_non_null (strstr (error->message, "events.jsonl:1"));
  g_clear_error (&error);

  /* A corrupt picture: refused, naming it. */
  write_text (dir, "frame-0000.jpg", "not a jpeg");
  write_text (dir, "events.jsonl", "");
  g_autoptr (TsSessionPlayer) player2 = ts_session_player_new (dir, &error);
  assert_non_null (player2);
  assert_null (ts_session_player_load_frame (player2, 0, &error));
  assert_non_null (error);
  g_clear_error (&error);
  remove_tree (dir);
}

static void
on_css_error (GtkCssProvider *provider, GtkCssSection *section, const GError *error,
              gpointer data)
{
  g_autofree char *where = gtk_css_section_to_string (section);
  fprintf (stderr, "style.css: %s: %s\n", where, error->message);
  (*(int *) data)++;
}

static void
test_style_sheet_parses (void **st)
{
  GtkCssProvider *css = gtk_css_provider_new ();
  int errors = 0;
  g_signal_connect (css, "parsing-error", G_CALLBACK (on_css_error), &errors);
  gtk_css_provider_load_from_resource (css, "/org/tablesight/Tablesight/style.css");
  g_autofree char *text = gtk_css_provider_to_string (css);
  assert_non_null (strstr (text, "font-size: 64px"));
  assert_int_equal (errors, 0);
  g_object_unref (css);
}

int
main (void)
{
  gtk_init ();
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_style_sheet_parses),
    cmocka_unit_test (test_life_entry_parsing),
    cmocka_unit_test (test_player_panel_shows_numbers),
    cmocka_unit_test (test_mana_pool),
    cmocka_unit_test (test_phase_bar),
    cmocka_unit_test (test_timing_sentences),
    cmocka_unit_test (test_camera_view_frames),
    cmocka_unit_test (test_session_player),
  };
  return cmocka_run_group_tests_name ("widgets", tests, NULL, NULL);
}
