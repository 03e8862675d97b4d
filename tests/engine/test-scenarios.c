/* test-scenarios.c — runs every rules scenario in tests/engine/scenarios/<profile>/<name>.jsonl.
 *
 * A scenario is a JSON Lines game log (docs/events.md) with check lines mixed in:
 *   {"expect": {"players.Alice.life": 17, "permanents.#3.tapped": true}, "warnings": ["rule"]}
 * Paths walk the `tablesight replay --json` object: a number indexes an array, "#N" finds the
 * element whose id is N, any other word the element whose name or card is that word. null
 * expects the path to be absent or null. "warnings" lists the rules warned about by the events
 * since the previous check (in any order); leaving it out expects none. "inferred" (optional)
 * lists, in order, the kinds of what the engine inferred since the previous check ("turn",
 * "step"); left out, inferences are not checked.
 * Every scenario is also checked for: JSON round trip of each event, the same final state from
 * a fresh replay, and the same state after undoing every event and redoing them all. */
#include "engine.h"
#include "engine-cli.h"

#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

static TsCardDb *cards_db;

static JsonNode *
walk (JsonNode *node, const char *path)
{
  g_auto (GStrv) parts = g_strsplit (path, ".", -1);
  for (char **p = parts; *p && node; p++) {
    const char *seg = *p;
    if (JSON_NODE_HOLDS_OBJECT (node)) {
      node = json_object_get_member (json_node_get_object (node), seg);
    } else if (JSON_NODE_HOLDS_ARRAY (node)) {
      JsonArray *a = json_node_get_array (node);
      JsonNode *found = NULL;
      if (g_ascii_isdigit (seg[0])) {
        guint i = (guint) g_ascii_strtoull (seg, NULL, 10);
        found = i < json_array_get_length (a) ? json_array_get_element (a, i) : NULL;
      } else {
        for (guint i = 0; i < json_array_get_length (a) && !found; i++) {
          JsonNode *el = json_array_get_element (a, i);
          if (!JSON_NODE_HOLDS_OBJECT (el))
            continue;
          JsonObject *o = json_node_get_object (el);
          if (seg[0] == '#' && json_object_has_member (o, "id") &&
              json_object_get_int_member (o, "id") == (gint64) g_ascii_strtoull (seg + 1, NULL, 10))
            found = el;
          else if (json_object_has_member (o, "name") &&
                   g_strcmp0 (json_object_get_string_member (o, "name"), seg) == 0)
            found = el;
          else if (json_object_has_member (o, "card") &&
                   g_strcmp0 (json_object_get_string_member (o, "card"), seg) == 0)
            found = el;
        }
      }
      node = found;
    } else {
      node = NULL;
    }
  }
  return node;
}

static char *
node_text (JsonNode *node)
{
  if (node == NULL)
    return g_strdup ("(absent)");
  g_autoptr (JsonGenerator) gen = json_generator_new ();
  json_generator_set_root (gen, node);
  return json_generator_to_data (gen, NULL);
}

static gboolean
same_value (JsonNode *want, JsonNode *got)
{
  if (JSON_NODE_HOLDS_NULL (want))
    return got == NULL || JSON_NODE_HOLDS_NULL (got);
  if (got == NULL)
    return FALSE;
  return json_node_equal (want, got);
}

static char *
state_json (const TsState *s, gboolean with_counters)
{
  g_autoptr (JsonNode) n = ts_state_to_json (s);
  if (!with_counters)
    json_object_remove_member (json_node_get_object (n), "events");
  return node_text (n);
}

static int
compare_strings (const void *a, const void *b)
{
  return strcmp (*(char *const *) a, *(char *const *) b);
}

static void
run_scenario (void **state)
{
  const char *path = *state;
  g_autofree char *text = NULL;
  gsize len = 0;
  g_autoptr (GError) error = NULL;
  assert_true (g_file_get_contents (path, &text, &len, &error));
  g_autoptr (TsEngine) engine = ts_engine_new (NULL, cards_db);
  g_autoptr (GPtrArray) events = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_event_free);
  g_autoptr (GPtrArray) pending = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GString) pending_inferred = g_string_new (NULL);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  guint checks = 0;
  for (guint ln = 0; lines[ln]; ln++) {
    const char *line = g_strstrip (lines[ln]);
    if (*line == '\0' || *line == '#')
      continue;
    g_autoptr (JsonParser) parser = json_parser_new ();
    if (!json_parser_load_from_data (parser, line, -1, &error))
      fail_msg ("%s:%u: %s", path, ln + 1, error->message);
    JsonObject *o = json_node_get_object (json_parser_get_root (parser));
    if (o == NULL)
      fail_msg ("%s:%u: not an object", path, ln + 1);
    if (json_object_has_member (o, "expect") || json_object_has_member (o, "warnings") ||
        json_object_has_member (o, "inferred")) {
      checks++;
      const TsState *s = ts_engine_get_state (engine);
      g_autoptr (JsonNode) sj = ts_state_to_json (s);
      if (json_object_has_member (o, "expect")) {
        JsonObject *ex = json_object_get_object_member (o, "expect");
        g_autoptr (GList) keys = json_object_get_members (ex);
        for (GList *k = keys; k; k = k->next) {
          JsonNode *want = json_object_get_member (ex, k->data);
          JsonNode *got = walk (sj, k->data);
          if (!same_value (want, got)) {
            g_autofree char *w = node_text (want), *g = node_text (got), *all = node_text (sj);
            fail_msg ("%s:%u: %s: expected %s, got %s\nstate: %s", path, ln + 1,
                      (char *) k->data, w, g, all);
          }
        }
      }
      g_autoptr (GPtrArray) want = g_ptr_array_new_with_free_func (g_free);
      if (json_object_has_member (o, "warnings")) {
        JsonArray *a = json_object_get_array_member (o, "warnings");
        for (guint i = 0; i < json_array_get_length (a); i++)
          g_ptr_array_add (want, g_strdup (json_array_get_string_element (a, i)));
      }
      if (want->len > 1)
        qsort (want->pdata, want->len, sizeof (gpointer), compare_strings);
      if (pending->len > 1)
        qsort (pending->pdata, pending->len, sizeof (gpointer), compare_strings);
      g_autofree char *wj = g_strjoinv (",", (char **) (g_ptr_array_add (want, NULL), want->pdata));
      g_autofree char *gj = g_strjoinv (",", (char **) (g_ptr_array_add (pending, NULL), pending->pdata));
      if (strcmp (wj, gj) != 0) {
        g_autofree char *all = node_text (walk (sj, "warnings"));
        fail_msg ("%s:%u: warnings: expected [%s], got [%s]\n%s", path, ln + 1, wj, gj, all);
      }
      g_ptr_array_set_size (pending, 0);
      if (json_object_has_member (o, "inferred")) {
        g_autoptr (GString) want_inferred = g_string_new (NULL);
        JsonArray *a = json_object_get_array_member (o, "inferred");
        for (guint i = 0; i < json_array_get_length (a); i++)
          g_string_append_printf (want_inferred, "%s%s", i ? "," : "",
                                  json_array_get_string_element (a, i));
        if (strcmp (want_inferred->str, pending_inferred->str) != 0) {
          g_autofree char *all = node_text (walk (sj, "inferred"));
          fail_msg ("%s:%u: inferred: expected [%s], got [%s]\n%s", path, ln + 1,
                    want_inferred->str, pending_inferred->str, all);
        }
      }
      g_string_truncate (pending_inferred, 0);
      continue;
    }
    TsEvent *e = ts_event_new (TS_EVENT_NONE);
    if (!ts_event_from_json (line, -1, ln + 1, e, &error))
      fail_msg ("%s:%u: %s", path, ln + 1, error->message);
    /* round trip: encode, decode, encode again: same text */
    g_autofree char *j1 = ts_event_to_json (e);
    TsEvent back = TS_EVENT_INIT;
    assert_true (ts_event_from_json (j1, -1, 0, &back, NULL));
    g_autofree char *j2 = ts_event_to_json (&back);
    assert_string_equal (j1, j2);
    ts_event_clear (&back);
    TsVerdict v;
    assert_true (ts_engine_apply (engine, e, &v, NULL));
    const TsState *s = ts_engine_get_state (engine);
    for (guint i = 0; i < v.n_warnings; i++)
      g_ptr_array_add (pending,
                       g_strdup (g_array_index (s->warnings, TsWarning, v.first_warning + i).rule));
    for (guint i = 0; i < v.n_inferred; i++)
      g_string_append_printf (pending_inferred, "%s%s", pending_inferred->len ? "," : "",
                              ts_event_kind_name (g_array_index (s->inferred, TsInference,
                                                                 v.first_inferred + i).kind));
    g_ptr_array_add (events, e);
  }
  assert_true (checks > 0);
  if (pending->len > 0) {
    g_ptr_array_add (pending, NULL);
    g_autofree char *gj = g_strjoinv (",", (char **) pending->pdata);
    fail_msg ("%s: warnings after the last check: [%s]", path, gj);
  }

  /* Same events, same state. */
  g_autofree char *final = state_json (ts_engine_get_state (engine), TRUE);
  g_autoptr (TsEngine) again = ts_engine_new (NULL, cards_db);
  for (guint i = 0; i < events->len; i++)
    ts_engine_apply (again, g_ptr_array_index (events, i), NULL, NULL);
  g_autofree char *replayed = state_json (ts_engine_get_state (again), TRUE);
  assert_string_equal (final, replayed);

  /* Undo everything, redo everything: the same state again; state_at gives each point. */
  gboolean has_undo = FALSE;
  for (guint i = 0; i < events->len; i++) {
    TsEventKind k = ((TsEvent *) g_ptr_array_index (events, i))->kind;
    has_undo |= k == TS_EVENT_UNDO || k == TS_EVENT_REDO;
  }
  guint half_n = events->len / 2;
  g_autofree char *start = state_json (ts_engine_get_state (engine), FALSE);
  TsState *mid = ts_engine_state_at (engine, half_n);
  g_autofree char *mid_json = state_json (mid, TRUE);
  ts_state_free (mid);
  assert_true (ts_engine_undo (engine, events->len, NULL));
  assert_int_equal (ts_engine_get_state (engine)->n_events, 0);
  assert_false (ts_engine_get_state (engine)->started);
  if (!has_undo && half_n > 0) {
    /* without undo events in the log, effective events are log events */
    assert_true (ts_engine_redo (engine, half_n, NULL));
    g_autofree char *half = state_json (ts_engine_get_state (engine), TRUE);
    assert_string_equal (half, mid_json);
  }
  assert_true (ts_engine_redo (engine, events->len, NULL));
  g_autofree char *redone = state_json (ts_engine_get_state (engine), FALSE);
  assert_string_equal (start, redone);
}

int
main (void)
{
  const char *src = g_getenv ("TS_SOURCE_DIR");
  g_autofree char *root = g_build_filename (src ? src : ".", "tests", "engine", "scenarios", NULL);
  g_autoptr (GError) error = NULL;
  cards_db = ts_carddb_open_default (&error);
  if (cards_db == NULL) {
    fprintf (stderr, "cannot open the bundled card set: %s\n", error->message);
    return 1;
  }
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const char *profiles[] = { "classic", "modern" };
  int counts[2] = { 0, 0 };
  for (int p = 0; p < 2; p++) {
    g_autofree char *dir = g_build_filename (root, profiles[p], NULL);
    g_autoptr (GDir) d = g_dir_open (dir, 0, &error);
    if (d == NULL) {
      fprintf (stderr, "%s\n", error->message);
      return 1;
    }
    g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
    const char *name;
    while ((name = g_dir_read_name (d)))
      if (g_str_has_suffix (name, ".jsonl"))
        g_ptr_array_add (names, g_strdup (name));
    if (names->len > 1)
      qsort (names->pdata, names->len, sizeof (gpointer), compare_strings);
    for (guint i = 0; i < names->len; i++)
      g_ptr_array_add (paths, g_build_filename (dir, names->pdata[i], NULL));
    counts[p] = (int) names->len;
  }
  const char *only = g_getenv ("TS_SCENARIO");
  struct CMUnitTest *tests = g_new0 (struct CMUnitTest, paths->len);
  size_t n = 0;
  for (guint i = 0; i < paths->len; i++) {
    const char *path = paths->pdata[i];
    if (only && !strstr (path, only))
      continue;
    tests[n].name = strstr (path, "scenarios/") + strlen ("scenarios/");
    tests[n].test_func = run_scenario;
    tests[n].initial_state = (void *) path;
    n++;
  }
  printf ("# scenarios: classic %d, modern %d\n", counts[0], counts[1]);
  int rc = _cmocka_run_group_tests ("scenarios", tests, n, NULL, NULL);
  g_free (tests);
  ts_carddb_free (cards_db);
  return rc;
}
