/* test-import.c — importing Scryfall-format JSON: good files, Scryfall's own shape, malformed
 * entries, truncation, duplicates, bad UTF-8, files that are not card lists, the SQLite round
 * trip of the bundled set. */
#include "cards.h"

#include <glib/gstdio.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

typedef struct {
  char *dir;
  char *db_path;
} Fixture;

static char *
fixture_path (const char *name)
{
  const char *src = g_getenv ("TS_SOURCE_DIR");
  return g_build_filename (src != NULL ? src : ".", "tests", "cards", "fixtures", name, NULL);
}

static int
setup (void **state)
{
  Fixture *f = g_new0 (Fixture, 1);
  f->dir = g_dir_make_tmp ("ts-import-XXXXXX", NULL);
  assert_non_null (f->dir);
  f->db_path = g_build_filename (f->dir, "cards.db", NULL);
  *state = f;
  return 0;
}

static int
teardown (void **state)
{
  Fixture *f = *state;
  g_unlink (f->db_path);
  g_rmdir (f->dir);
  g_free (f->db_path);
  g_free (f->dir);
  g_free (f);
  return 0;
}

/* TRUE when some problem line contains every one of the given fragments. */
static gboolean
has_problem (const TsImportReport *r, const char *a, const char *b)
{
  for (guint i = 0; r->problems != NULL && i < r->problems->len; i++) {
    const char *p = g_ptr_array_index (r->problems, i);
    if (strstr (p, a) != NULL && (b == NULL || strstr (p, b) != NULL))
      return TRUE;
  }
  return FALSE;
}

static void
test_import_good__facts_survive_the_database (void **state)
{
  Fixture *f = *state;
  g_autofree char *json = fixture_path ("good.json");
  g_autoptr (GError) error = NULL;
  TsImportReport r = { 0 };
  assert_true (ts_cards_import (json, f->db_path, &r, NULL, NULL, &error));
  assert_null (error);
  assert_int_equal (r.n_cards, 5);
  assert_int_equal (r.n_faces, 2);
  assert_int_equal (r.n_printings, 4);
  assert_int_equal (r.n_skipped, 0);
  assert_true (r.problems == NULL || r.problems->len == 0);
  ts_import_report_clear (&r);
  assert_null (r.problems);

  g_autoptr (TsCardDb) db = ts_carddb_open (f->db_path, &error);
  assert_non_null (db);
  assert_int_equal (ts_carddb_count (db), 5);

  const TsCard *fire = ts_carddb_lookup (db, "Ice");
  assert_non_null (fire);
  assert_string_equal (fire->name, "Fire // Ice");
  assert_int_equal (fire->layout, TS_LAYOUT_SPLIT);
  assert_int_equal (fire->n_faces, 2);
  assert_string_equal (fire->faces[0].name, "Fire");
  assert_string_equal (fire->faces[1].mana_cost, "{1}{U}");
  assert_int_equal (fire->faces[1].colors, TS_COLOR_BLUE);
  assert_int_equal (fire->faces[0].types, TS_TYPE_INSTANT);
  assert_int_equal (fire->colors, TS_COLOR_BLUE | TS_COLOR_RED);
  assert_true (fire->cmc == 4.0);
  /* printings oldest first, whatever the source order */
  assert_int_equal (fire->n_printings, 2);
  assert_string_equal (fire->printings[0].set, "APC");
  assert_string_equal (fire->printings[1].set, "MH2");
  assert_string_equal (fire->printings[1].collector_number, "290");

  const TsCard *juzam = ts_carddb_lookup (db, "juzam djinn");
  assert_non_null (juzam);
  assert_string_equal (juzam->name, "Juzám Djinn");

  const TsCard *jace = ts_carddb_lookup (db, "Jace, the Mind Sculptor");
  assert_string_equal (jace->loyalty, "3");
  assert_true (jace->types & TS_TYPE_PLANESWALKER);
  assert_true (jace->supertypes & TS_SUPERTYPE_LEGENDARY);
  assert_string_equal (jace->subtypes[0], "Jace");
  assert_null (jace->power);

  const TsCard *goyf = ts_carddb_lookup (db, "Tarmogoyf");
  assert_string_equal (goyf->power, "*");
  assert_string_equal (goyf->toughness, "1+*");

  const TsCard *ogre = ts_carddb_lookup (db, "Ogre Marauder");
  assert_string_equal (ogre->subtypes[0], "Ogre");
  assert_string_equal (ogre->subtypes[1], "Warrior");
  assert_null (ogre->subtypes[2]);
}

static void
test_import_scryfall__unknown_fields_and_one_object_per_printing (void **state)
{
  Fixture *f = *state;
  g_autofree char *json = fixture_path ("scryfall.json");
  g_autoptr (GError) error = NULL;
  TsImportReport r = { 0 };
  assert_true (ts_cards_import (json, f->db_path, &r, NULL, NULL, &error));
  assert_int_equal (r.n_cards, 1);
  assert_int_equal (r.n_printings, 2);
  assert_int_equal (r.n_merged, 1);
  assert_int_equal (r.n_skipped, 0);
  ts_import_report_clear (&r);

  g_autoptr (TsCardDb) db = ts_carddb_open (f->db_path, &error);
  const TsCard *c = ts_carddb_lookup (db, "Serra Angel");
  assert_non_null (c);
  assert_int_equal (c->n_printings, 2);
  assert_string_equal (c->printings[0].set, "LEA");
  assert_string_equal (c->printings[0].released, "1993-08-05");
  assert_string_equal (c->printings[1].set, "LEB");
  assert_true (c->keyword_flags & TS_KW_VIGILANCE);
  assert_string_equal (c->keywords[1], "Vigilance");
}

static void
test_import_malformed__entries_skipped_with_position_rest_kept (void **state)
{
  Fixture *f = *state;
  g_autofree char *json = fixture_path ("malformed.json");
  g_autoptr (GError) error = NULL;
  TsImportReport r = { 0 };
  assert_true (ts_cards_import (json, f->db_path, &r, NULL, NULL, &error));
  assert_null (error);
  assert_int_equal (r.n_cards, 3);
  assert_int_equal (r.n_skipped, 7);
  assert_true (has_problem (&r, "line 3,", "malformed JSON"));
  assert_true (has_problem (&r, "line 5,", "no name"));
  assert_true (has_problem (&r, "line 6,", "\"name\" is not a string"));
  assert_true (has_problem (&r, "line 7,", "colors"));
  assert_true (has_problem (&r, "line 8,", "not a mana cost"));
  assert_true (has_problem (&r, "line 9,", "not an object"));
  assert_true (has_problem (&r, "line 10,", "array"));
  ts_import_report_clear (&r);

  g_autoptr (TsCardDb) db = ts_carddb_open (f->db_path, &error);
  assert_non_null (ts_carddb_lookup (db, "Counterspell"));
  assert_non_null (ts_carddb_lookup (db, "Shivan Dragon")); /* the line after the broken one */
  assert_non_null (ts_carddb_lookup (db, "Giant Growth"));
  assert_null (ts_carddb_lookup (db, "Fork"));
}

static void
test_import_truncated__error_with_position_and_cards_kept (void **state)
{
  Fixture *f = *state;
  g_autofree char *json = fixture_path ("truncated.json");
  g_autoptr (GError) error = NULL;
  TsImportReport r = { 0 };
  assert_false (ts_cards_import (json, f->db_path, &r, NULL, NULL, &error));
  assert_true (g_error_matches (error, TS_CARDS_ERROR, TS_CARDS_ERROR_PARSE));
  assert_non_null (strstr (error->message, "line 3"));
  assert_non_null (strstr (error->message, "truncated"));
  assert_int_equal (r.n_cards, 1);
  ts_import_report_clear (&r);

  /* the card before the cut was written */
  g_clear_error (&error);
  g_autoptr (TsCardDb) db = ts_carddb_open (f->db_path, &error);
  assert_non_null (db);
  assert_int_equal (ts_carddb_count (db), 1);
  assert_non_null (ts_carddb_lookup (db, "Ogre Marauder"));

  /* opening the truncated JSON directly fails clearly */
  g_clear_error (&error);
  assert_null (ts_carddb_open (json, &error));
  assert_true (g_error_matches (error, TS_CARDS_ERROR, TS_CARDS_ERROR_PARSE));
}

static void
test_import_duplicates__merged_or_reported (void **state)
{
  Fixture *f = *state;
  g_autofree char *json = fixture_path ("duplicates.json");
  g_autoptr (GError) error = NULL;
  TsImportReport r = { 0 };
  assert_true (ts_cards_import (json, f->db_path, &r, NULL, NULL, &error));
  assert_int_equal (r.n_cards, 2);
  assert_int_equal (r.n_skipped, 1);
  assert_int_equal (r.n_merged, 1);
  assert_true (has_problem (&r, "line 3,", "duplicate card \"Lightning Bolt\""));
  ts_import_report_clear (&r);

  g_autoptr (TsCardDb) db = ts_carddb_open (f->db_path, &error);
  const TsCard *bolt = ts_carddb_lookup (db, "lightning bolt");
  assert_string_equal (bolt->name, "Lightning Bolt"); /* the first spelling wins */
  assert_int_equal (bolt->n_printings, 3);
  assert_string_equal (bolt->printings[0].set, "LEA");
  assert_string_equal (bolt->printings[1].set, "LEB");
  assert_string_equal (bolt->printings[2].set, "M10");
}

static void
test_import_latin1__bad_utf8_reported_with_position (void **state)
{
  Fixture *f = *state;
  g_autofree char *json = fixture_path ("latin1.json");
  g_autoptr (GError) error = NULL;
  TsImportReport r = { 0 };
  assert_true (ts_cards_import (json, f->db_path, &r, NULL, NULL, &error));
  assert_int_equal (r.n_cards, 2);
  assert_int_equal (r.n_skipped, 1);
  assert_true (has_problem (&r, "line 3,", "UTF-8"));
  ts_import_report_clear (&r);
  g_autoptr (TsCardDb) db = ts_carddb_open (f->db_path, &error);
  assert_non_null (ts_carddb_lookup (db, "Fog"));
  assert_non_null (ts_carddb_lookup (db, "Serra Angel"));
}

static void
test_import_not_cards__clear_errors (void **state)
{
  Fixture *f = *state;
  const struct {
    const char *file;
    int code;
    const char *fragment;
  } cases[] = {
    { "not-array.json", TS_CARDS_ERROR_FORMAT, "not a JSON array" },
    { "empty.json", TS_CARDS_ERROR_FORMAT, "empty" },
    { "no-such-file.json", TS_CARDS_ERROR_IO, "no-such-file.json" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++) {
    g_autofree char *json = fixture_path (cases[i].file);
    g_autoptr (GError) error = NULL;
    TsImportReport r = { 0 };
    assert_false (ts_cards_import (json, f->db_path, &r, NULL, NULL, &error));
    assert_true (g_error_matches (error, TS_CARDS_ERROR, cases[i].code));
    assert_non_null (strstr (error->message, cases[i].fragment));
    ts_import_report_clear (&r);
    /* nothing was written */
    assert_false (g_file_test (f->db_path, G_FILE_TEST_EXISTS));
    g_clear_error (&error);
    assert_null (ts_carddb_open (json, &error));
    assert_true (g_error_matches (error, TS_CARDS_ERROR, cases[i].code));
  }
}

static void
test_open__sniffs_sqlite_that_is_not_a_card_database (void **state)
{
  g_autofree char *fake = fixture_path ("fake-sqlite.db");
  g_autoptr (GError) error = NULL;
  assert_null (ts_carddb_open (fake, &error));
  assert_non_null (error);
  assert_true (error->domain == TS_CARDS_ERROR);
  assert_true (error->code == TS_CARDS_ERROR_FORMAT || error->code == TS_CARDS_ERROR_DB);
}

static void
test_import_oneline__a_file_without_line_breaks (void **state)
{
  Fixture *f = *state;
  g_autofree char *json = fixture_path ("oneline.json");
  g_autoptr (GError) error = NULL;
  TsImportReport r = { 0 };
  assert_true (ts_cards_import (json, f->db_path, &r, NULL, NULL, &error));
  assert_int_equal (r.n_cards, 5);
  assert_int_equal (r.n_faces, 2);
  ts_import_report_clear (&r);
}

static void
test_open__json_directly (void **state)
{
  g_autofree char *json = fixture_path ("good.json");
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCardDb) db = ts_carddb_open (json, &error);
  assert_non_null (db);
  assert_int_equal (ts_carddb_count (db), 5);
  assert_non_null (ts_carddb_lookup (db, "Fire"));
}

static void
test_import__unwritable_target (void **state)
{
  g_autofree char *json = fixture_path ("good.json");
  g_autoptr (GError) error = NULL;
  assert_false (ts_cards_import (json, "/nonexistent-dir/cards.db", NULL, NULL, NULL, &error));
  assert_non_null (error);
  assert_true (error->domain == TS_CARDS_ERROR);
}

static void
progress_cb (guint64 done, guint64 total, gpointer user_data)
{
  guint64 *last = user_data;
  assert_true (done >= last[0]);
  assert_true (done <= total);
  last[0] = done;
  last[1] = total;
  last[2]++;
}

static void
test_import__progress_reaches_the_end (void **state)
{
  Fixture *f = *state;
  g_autofree char *json = fixture_path ("good.json");
  guint64 last[3] = { 0, 0, 0 };
  assert_true (ts_cards_import (json, f->db_path, NULL, progress_cb, last, NULL));
  assert_true (last[2] >= 1);
  assert_true (last[0] == last[1]);
  assert_true (last[1] > 1000);
}

static gboolean
same_string (const char *a, const char *b)
{
  return g_strcmp0 (a, b) == 0;
}

/* The bundled set written to SQLite and read back is the same set, fact by fact. */
static void
test_import_bundled__round_trip (void **state)
{
  Fixture *f = *state;
  const char *src = g_getenv ("TS_SOURCE_DIR");
  g_autofree char *json = g_build_filename (src != NULL ? src : ".", "cards", "data", "alpha.json", NULL);
  g_autoptr (GError) error = NULL;
  TsImportReport r = { 0 };
  assert_true (ts_cards_import (json, f->db_path, &r, NULL, NULL, &error));
  assert_int_equal (r.n_cards, 290);
  assert_int_equal (r.n_printings, 295);
  assert_int_equal (r.n_skipped, 0);
  ts_import_report_clear (&r);

  g_autoptr (TsCardDb) a = ts_carddb_open_default (&error);
  g_autoptr (TsCardDb) b = ts_carddb_open (f->db_path, &error);
  assert_non_null (b);
  assert_int_equal (ts_carddb_count (a), ts_carddb_count (b));
  for (guint i = 0; i < ts_carddb_count (a); i++) {
    const TsCard *x = ts_carddb_nth (a, i), *y = ts_carddb_nth (b, i);
    assert_string_equal (x->name, y->name);
    assert_string_equal (x->mana_cost, y->mana_cost);
    assert_true (x->cmc == y->cmc);
    assert_int_equal (x->colors, y->colors);
    assert_string_equal (x->type_line, y->type_line);
    assert_int_equal (x->types, y->types);
    assert_int_equal (x->supertypes, y->supertypes);
    assert_true (same_string (x->power, y->power));
    assert_true (same_string (x->toughness, y->toughness));
    assert_true (same_string (x->printed_type, y->printed_type));
    assert_true (x->keyword_flags == y->keyword_flags);
    assert_int_equal (g_strv_length ((char **) x->keywords), g_strv_length ((char **) y->keywords));
    assert_int_equal (g_strv_length ((char **) x->subtypes), g_strv_length ((char **) y->subtypes));
    assert_int_equal (x->n_printings, y->n_printings);
    for (guint p = 0; p < x->n_printings; p++) {
      assert_string_equal (x->printings[p].collector_number, y->printings[p].collector_number);
      assert_string_equal (x->printings[p].rarity, y->printings[p].rarity);
    }
  }
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_import_good__facts_survive_the_database, setup, teardown),
    cmocka_unit_test_setup_teardown (test_import_scryfall__unknown_fields_and_one_object_per_printing, setup, teardown),
    cmocka_unit_test_setup_teardown (test_import_malformed__entries_skipped_with_position_rest_kept, setup, teardown),
    cmocka_unit_test_setup_teardown (test_import_truncated__error_with_position_and_cards_kept, setup, teardown),
    cmocka_unit_test_setup_teardown (test_import_duplicates__merged_or_reported, setup, teardown),
    cmocka_unit_test_setup_teardown (test_import_latin1__bad_utf8_reported_with_position, setup, teardown),
    cmocka_unit_test_setup_teardown (test_import_not_cards__clear_errors, setup, teardown),
    cmocka_unit_test_setup_teardown (test_import_oneline__a_file_without_line_breaks, setup, teardown),
    cmocka_unit_test (test_open__sniffs_sqlite_that_is_not_a_card_database),
    cmocka_unit_test (test_open__json_directly),
    cmocka_unit_test (test_import__unwritable_target),
    cmocka_unit_test_setup_teardown (test_import__progress_reaches_the_end, setup, teardown),
    cmocka_unit_test_setup_teardown (test_import_bundled__round_trip, setup, teardown),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
