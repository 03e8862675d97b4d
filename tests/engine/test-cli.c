/* test-cli.c — the contract of `tablesight replay` and `tablesight log` that tests and outside
 * scripts rely on: one JSON object with the documented members, the same state from a JSON
 * Lines file and from a game store, clear failures, and the transcript. */
#include "engine.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <glib/gstdio.h>
#include <cmocka.h>

static const char *tablesight;
static char *fixture;

static int
run (char **out, char **err, ...)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_ptr_array_add (argv, (char *) tablesight);
  va_list ap;
  va_start (ap, err);
  const char *a;
  while ((a = va_arg (ap, const char *)))
    g_ptr_array_add (argv, (char *) a);
  va_end (ap);
  g_ptr_array_add (argv, NULL);
  int status = 0;
  g_autoptr (GError) error = NULL;
  g_autofree char *o = NULL, *e = NULL;
  if (!g_spawn_sync (NULL, (char **) argv->pdata, NULL, G_SPAWN_DEFAULT, NULL, NULL, &o, &e,
                     &status, &error))
    fail_msg ("cannot run %s: %s", tablesight, error->message);
  if (out)
    *out = g_steal_pointer (&o);
  if (err)
    *err = g_steal_pointer (&e);
  return WIFEXITED (status) ? WEXITSTATUS (status) : -1;
}

static JsonObject *
parse_object (JsonParser *parser, const char *text)
{
  g_autoptr (GError) error = NULL;
  if (!json_parser_load_from_data (parser, text, -1, &error))
    fail_msg ("not JSON: %s\n%s", error->message, text);
  JsonNode *root = json_parser_get_root (parser);
  assert_true (JSON_NODE_HOLDS_OBJECT (root));
  return json_node_get_object (root);
}

static char *
make_store (void)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-cli-XXXXXX", NULL);
  char *path = g_build_filename (dir, "game.db", NULL);
  g_autoptr (GPtrArray) events = ts_event_read_jsonl (fixture, NULL);
  TsStore *store = ts_store_open (path, NULL);
  assert_non_null (store);
  for (guint i = 0; i < events->len; i++)
    assert_true (ts_store_append (store, events->pdata[i], NULL, NULL));
  ts_store_free (store);
  return path;
}

/* Removes a store made by make_store() (its write-ahead log files too) and its directory. */
static void
remove_store (const char *path)
{
  const char *suffixes[] = { "", "-wal", "-shm", "-journal" };
  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++) {
    g_autofree char *p = g_strconcat (path, suffixes[i], NULL);
    g_unlink (p);
  }
  g_autofree char *dir = g_path_get_dirname (path);
  g_rmdir (dir);
}

static void
test_replay_json_contract (void **unused)
{
  g_autofree char *out = NULL, *err = NULL;
  assert_int_equal (run (&out, &err, "replay", "--json", fixture, NULL), 0);
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *o = parse_object (parser, out);
  assert_int_equal (json_object_get_int_member (o, "turn"), 3);
  assert_string_equal (json_object_get_string_member (o, "active_player"), "Alice");
  assert_string_equal (json_object_get_string_member (o, "step"), "main");
  assert_non_null (json_object_get_string_member (o, "step_name"));
  assert_true (json_object_has_member (o, "winner"));
  JsonArray *players = json_object_get_array_member (o, "players");
  assert_int_equal (json_array_get_length (players), 2);
  JsonObject *alice = json_array_get_object_element (players, 0);
  assert_string_equal (json_object_get_string_member (alice, "name"), "Alice");
  assert_int_equal (json_object_get_int_member (alice, "life"), 19);
  assert_int_equal (json_object_get_int_member (alice, "poison"), 0);
  JsonObject *mana = json_object_get_object_member (alice, "mana");
  const char *letters[] = { "W", "U", "B", "R", "G", "C" };
  for (int i = 0; i < 6; i++)
    assert_int_equal (json_object_get_int_member (mana, letters[i]), 0);
  JsonObject *timing = json_object_get_object_member (alice, "timing");
  assert_false (json_object_get_boolean_member (timing, "land"));
  assert_true (json_object_get_boolean_member (timing, "creature"));
  assert_true (strlen (json_object_get_string_member (timing, "why")) > 10);
  JsonArray *perms = json_object_get_array_member (o, "permanents");
  assert_int_equal (json_array_get_length (perms), 7);
  gboolean giant = FALSE;
  for (guint i = 0; i < json_array_get_length (perms); i++) {
    JsonObject *p = json_array_get_object_element (perms, i);
    const char *members[] = { "card", "controller", "tapped", "damage", "summoning_sick",
                              "attacking", "blocking" };
    for (guint m = 0; m < G_N_ELEMENTS (members); m++)
      assert_true (json_object_has_member (p, members[m]));
    if (g_strcmp0 (json_object_get_string_member (p, "card"), "Hill Giant") == 0) {
      giant = TRUE;
      assert_true (json_object_get_boolean_member (p, "summoning_sick"));
      assert_false (json_object_get_boolean_member (p, "tapped"));
    }
  }
  assert_true (giant);
  JsonArray *warnings = json_object_get_array_member (o, "warnings");
  assert_int_equal (json_array_get_length (warnings), 1);
  JsonObject *w = json_array_get_object_element (warnings, 0);
  assert_int_equal (json_object_get_int_member (w, "event"), 14);
  assert_string_equal (json_object_get_string_member (w, "rule"), "one-land-per-turn");
}

static void
test_replay_store_matches_jsonl (void **unused)
{
  g_autofree char *db = make_store ();
  g_autofree char *a = NULL, *b = NULL;
  assert_int_equal (run (&a, NULL, "replay", "--json", fixture, NULL), 0);
  assert_int_equal (run (&b, NULL, "replay", "--json", db, NULL), 0);
  assert_string_equal (a, b);
  g_autofree char *c = NULL;
  assert_int_equal (run (&c, NULL, "log", "replay", "--json", db, NULL), 0);
  assert_string_equal (a, c);
  g_autofree char *text = NULL;
  assert_int_equal (run (&text, NULL, "replay", db, NULL), 0);
  assert_non_null (strstr (text, "Turn 3, Alice"));
  assert_non_null (strstr (text, "one-land-per-turn"));
  remove_store (db);
}

static void
test_replay_upto (void **unused)
{
  g_autofree char *out = NULL;
  assert_int_equal (run (&out, NULL, "replay", "--json", "--upto", "8", fixture, NULL), 0);
  g_autoptr (JsonParser) parser = json_parser_new ();
  JsonObject *o = parse_object (parser, out);
  assert_int_equal (json_object_get_int_member (o, "events"), 8);
  assert_string_equal (json_object_get_string_member (o, "step"), "main");
  assert_int_equal (json_array_get_length (json_object_get_array_member (o, "permanents")), 4);
  assert_int_equal (json_array_get_length (json_object_get_array_member (o, "warnings")), 0);
  g_autofree char *modern = NULL;
  assert_int_equal (run (&modern, NULL, "replay", "--json", "--profile", "modern", "--upto", "1",
                         fixture, NULL), 0);
  g_autoptr (JsonParser) p2 = json_parser_new ();
  assert_string_equal (json_object_get_string_member (parse_object (p2, modern), "profile"), "modern");
}

static void
test_replay_failures (void **unused)
{
  g_autofree char *err = NULL;
  assert_int_equal (run (NULL, &err, "replay", "/nonexistent/game.jsonl", NULL), 1);
  assert_non_null (strstr (err, "/nonexistent/game.jsonl"));
  g_autofree char *dir = g_dir_make_tmp ("ts-cli-XXXXXX", NULL);
  g_autofree char *bad = g_build_filename (dir, "bad.jsonl", NULL);
  assert_true (g_file_set_contents (bad, "{\"kind\":\"game_start\"}\n{\"kind\":\"tap\",\n", -1, NULL));
  g_autofree char *err2 = NULL;
  assert_int_equal (run (NULL, &err2, "replay", "--json", bad, NULL), 1);
  assert_non_null (strstr (err2, "line 2"));
  g_autofree char *err3 = NULL;
  assert_int_equal (run (NULL, &err3, "replay", NULL), 2);
  g_autofree char *out = NULL;
  assert_int_equal (run (&out, NULL, "replay", "--help", NULL), 0);
  assert_non_null (strstr (out, "--json"));
  g_unlink (bad);
  g_rmdir (dir);
}

static void
test_log_show_and_export (void **unused)
{
  g_autofree char *db = make_store ();
  g_autofree char *show = NULL;
  assert_int_equal (run (&show, NULL, "log", "show", db, NULL), 0);
  assert_non_null (strstr (show, "Turn 3, Alice: Main phase — cast Hill Giant ({3}{R}), tapping Mountain ×4"));
  assert_non_null (strstr (show, "! [one-land-per-turn]"));
  assert_non_null (strstr (show, "Fireball deals 1 damage to Alice\n  = Alice: life 20 \xe2\x86\x92 19\n"));
  assert_non_null (strstr (show, "on to Main phase"));
  g_autofree char *text = NULL;
  assert_int_equal (run (&text, NULL, "log", "export", "--format", "text", db, NULL), 0);
  assert_string_equal (show, text);
  g_autofree char *jsonl = NULL;
  assert_int_equal (run (&jsonl, NULL, "log", "export", "--format", "jsonl", db, NULL), 0);
  g_autoptr (GPtrArray) exported = ts_event_parse_jsonl (jsonl, strlen (jsonl), NULL);
  g_autoptr (GPtrArray) original = ts_event_read_jsonl (fixture, NULL);
  assert_int_equal (exported->len, original->len);
  for (guint i = 0; i < exported->len; i++) {
    g_autofree char *x = ts_event_to_json (exported->pdata[i]);
    g_autofree char *y = ts_event_to_json (original->pdata[i]);
    assert_string_equal (x, y);
  }
  g_autofree char *err = NULL;
  assert_int_equal (run (NULL, &err, "log", "export", "--format", "xml", db, NULL), 2);
  assert_int_equal (run (NULL, NULL, "log", "frobnicate", db, NULL), 2);
  remove_store (db);
}

/* A game watched from the middle: the cards found on the table read as one line per player,
 * with no warning, and the land played afterwards is an ordinary land play. */
static void
test_log_show_table_as_found (void **unused)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-cli-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "found.jsonl", NULL);
  const char *text =
    "{\"kind\":\"game_start\",\"players\":[\"Alice\",\"Bob\"]}\n"
    "{\"kind\":\"move\",\"player\":0,\"card\":\"Mountain\",\"object\":1,\"zone\":\"battlefield\",\"flags\":[\"setup\"]}\n"
    "{\"kind\":\"move\",\"player\":1,\"card\":\"Forest\",\"object\":2,\"zone\":\"battlefield\",\"flags\":[\"setup\",\"tapped\"]}\n"
    "{\"kind\":\"move\",\"player\":0,\"card\":\"Mountain\",\"object\":3,\"zone\":\"battlefield\",\"flags\":[\"setup\"]}\n"
    "{\"kind\":\"move\",\"player\":0,\"card\":\"Grizzly Bears\",\"object\":4,\"zone\":\"battlefield\",\"flags\":[\"setup\"]}\n"
    "{\"kind\":\"step\",\"step\":\"main\"}\n"
    "{\"kind\":\"move\",\"player\":0,\"card\":\"Mountain\",\"object\":5,\"from\":\"hand\",\"zone\":\"battlefield\"}\n";
  assert_true (g_file_set_contents (path, text, -1, NULL));
  g_autofree char *show = NULL;
  assert_int_equal (run (&show, NULL, "log", "show", path, NULL), 0);
  assert_non_null (strstr (show, "New game (classic): Alice, Bob\n"
                                 "Table as found: Alice has Mountain, Mountain, Grizzly Bears\n"
                                 "Table as found: Bob has Forest (tapped)\n"));
  assert_non_null (strstr (show, "Turn 1, Alice: Main phase — played Mountain\n"));
  assert_null (strstr (show, "! ["));
  g_unlink (path);
  g_rmdir (dir);
}

/* The small test recording's table changes (tests/fixtures/demo-session/events.jsonl) as
 * the dashboard gives them to the engine: camera events, the first frame's cards as found.
 * Returns the path of a JSON Lines game log written in dir. */
static char *
demo_session_log (const char *dir)
{
  g_autofree char *truth = g_build_filename (g_getenv ("TS_SOURCE_DIR"), "tests", "fixtures",
                                             "demo-session", "events.jsonl", NULL);
  g_autofree char *text = NULL;
  if (!g_file_get_contents (truth, &text, NULL, NULL))
    return NULL;
  GString *log = g_string_new ("{\"kind\":\"game_start\",\"profile\":\"classic\","
                               "\"players\":[\"Player 1\",\"Player 2\"]}\n");
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  for (char **l = lines; *l; l++) {
    if (**l == '\0')
      continue;
    g_autoptr (JsonParser) parser = json_parser_new ();
    JsonObject *o = parse_object (parser, *l);
    const char *what = json_object_get_string_member (o, "event");
    gint64 frame = json_object_get_int_member (o, "frame");
    gint64 id = json_object_get_int_member (o, "id");
    gint64 seat = json_object_get_int_member (o, "player") - 1;
    g_autofree char *card = g_strescape (json_object_get_string_member (o, "name"), NULL);
    g_string_append_printf (log, "{\"source\":\"camera\",\"player\":%" G_GINT64_FORMAT
                            ",\"card\":\"%s\",\"object\":%" G_GINT64_FORMAT ",", seat, card, id);
    if (strcmp (what, "entered") == 0)
      g_string_append_printf (log, "\"kind\":\"move\",\"from\":\"hand\",\"zone\":\"battlefield\"%s}\n",
                              frame == 0 ? ",\"flags\":[\"setup\"]" : "");
    else if (strcmp (what, "left") == 0)
      g_string_append_printf (log, "\"kind\":\"move\",\"from\":\"battlefield\",\"zone\":\"%s\"}\n",
                              json_object_get_string_member (o, "zone"));
    else
      g_string_append_printf (log, "\"kind\":\"%s\"}\n",
                              strcmp (what, "tapped") == 0 ? "tap" : "untap");
  }
  char *path = g_build_filename (dir, "demo.jsonl", NULL);
  assert_true (g_file_set_contents (path, log->str, -1, NULL));
  g_string_free (log, TRUE);
  return path;
}

/* The small test recording, under either profile: no warning at all (Player 2's turn, in which
 * nothing untaps, is inferred from the Grizzly Bears they cast), and the transcript says
 * which turns were inferred and why. */
static void
test_demo_session_turns (void **unused)
{
  g_autofree char *dir = g_dir_make_tmp ("ts-cli-XXXXXX", NULL);
  g_autofree char *path = demo_session_log (dir);
  if (path == NULL)
    skip ();
  const char *profiles[] = { "classic", "modern" };
  for (guint p = 0; p < G_N_ELEMENTS (profiles); p++) {
    g_autofree char *out = NULL;
    assert_int_equal (run (&out, NULL, "replay", "--json", "--profile", profiles[p], path, NULL), 0);
    g_autoptr (JsonParser) parser = json_parser_new ();
    JsonObject *o = parse_object (parser, out);
    JsonArray *warnings = json_object_get_array_member (o, "warnings");
    if (json_array_get_length (warnings) > 0)
      fail_msg ("%s: the demo gave warnings: %s", profiles[p], out);
    assert_int_equal (json_object_get_int_member (o, "events"), 15);
    assert_int_equal (json_object_get_int_member (o, "turn"), 4);
    JsonArray *inferred = json_object_get_array_member (o, "inferred");
    guint turns = 0;
    for (guint i = 0; i < json_array_get_length (inferred); i++) {
      JsonObject *in = json_array_get_object_element (inferred, i);
      if (strcmp (json_object_get_string_member (in, "kind"), "turn") != 0)
        continue;
      turns++;
      assert_true (strlen (json_object_get_string_member (in, "reason")) > 20);
      if (turns == 1) {
        assert_int_equal (json_object_get_int_member (in, "event"), 9);
        assert_string_equal (json_object_get_string_member (in, "player"), "Player 2");
        assert_int_equal (json_object_get_int_member (in, "turn"), 2);
      }
    }
    assert_int_equal (turns, 3);
  }
  g_autofree char *show = NULL;
  assert_int_equal (run (&show, NULL, "log", "show", path, NULL), 0);
  assert_non_null (strstr (show, "Turn 2, Player 2: Main phase — cast Grizzly Bears ({1}{G}), "
                                 "tapping Forest ×2 [turn inferred: Player 1's turn has ended"));
  assert_non_null (strstr (show, "Turn 3, Player 1: Attack: attackers declared — tapped Mons's "
                                 "Goblin Raiders [attack inferred: Player 1 turned Mons's Goblin "
                                 "Raiders sideways"));
  assert_null (strstr (show, "! ["));
  g_autofree char *text = NULL;
  assert_int_equal (run (&text, NULL, "replay", path, NULL), 0);
  assert_non_null (strstr (text, "Turns and attacks inferred (4):"));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (void)
{
  tablesight = g_getenv ("TS_TABLESIGHT");
  const char *src = g_getenv ("TS_SOURCE_DIR");
  if (tablesight == NULL || src == NULL) {
    fprintf (stderr, "TS_TABLESIGHT and TS_SOURCE_DIR must be set\n");
    return 77;
  }
  fixture = g_build_filename (src, "tests", "engine", "fixtures", "hill-giant.jsonl", NULL);
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_replay_json_contract),
    cmocka_unit_test (test_replay_store_matches_jsonl),
    cmocka_unit_test (test_replay_upto),
    cmocka_unit_test (test_replay_failures),
    cmocka_unit_test (test_log_show_and_export),
    cmocka_unit_test (test_log_show_table_as_found),
    cmocka_unit_test (test_demo_session_turns),
  };
  int rc = cmocka_run_group_tests_name ("cli", tests, NULL, NULL);
  g_free (fixture);
  return rc;
}
