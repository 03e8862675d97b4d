/* test-shared.c — against the real card file in ../shared/carddata (skipped when absent): the
 * import gives the counts its README states, and every bundled Alpha card has the facts the
 * real file gives it. */
#include "cards.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

typedef struct {
  char *json;
  char *dir;
  char *db_path;
  TsCardDb *full;  /* the imported database */
} Shared;

static int
setup_shared (void **state)
{
  const char *dir = g_getenv ("TS_SHARED_DIR");
  g_autofree char *json = g_build_filename (dir != NULL ? dir : "../shared", "carddata",
                                            "cards.json", NULL);
  if (!g_file_test (json, G_FILE_TEST_EXISTS)) {
    *state = NULL;
    return 0;
  }
  Shared *s = g_new0 (Shared, 1);
  s->json = g_steal_pointer (&json);
  s->dir = g_dir_make_tmp ("ts-shared-XXXXXX", NULL);
  s->db_path = g_build_filename (s->dir, "cards.db", NULL);
  *state = s;
  return 0;
}

static int
teardown_shared (void **state)
{
  Shared *s = *state;
  if (s == NULL)
    return 0;
  ts_carddb_free (s->full);
  g_unlink (s->db_path);
  g_rmdir (s->dir);
  g_free (s->db_path);
  g_free (s->dir);
  g_free (s->json);
  g_free (s);
  return 0;
}

static void
test_shared_import__counts_match_the_readme (void **state)
{
  Shared *s = *state;
  if (s == NULL)
    skip ();
  g_autoptr (GError) error = NULL;
  TsImportReport r = { 0 };
  assert_true (ts_cards_import (s->json, s->db_path, &r, NULL, NULL, &error));
  assert_null (error);
  /* README: 31,903 card objects, 1,654 card faces, 91,278 printings */
  assert_int_equal (r.n_cards, 31903);
  assert_int_equal (r.n_faces, 1654);
  assert_int_equal (r.n_printings, 91278);
  assert_int_equal (r.n_skipped, 0);
  assert_int_equal (r.n_merged, 0);
  ts_import_report_clear (&r);

  s->full = ts_carddb_open (s->db_path, &error);
  assert_non_null (s->full);
  assert_int_equal (ts_carddb_count (s->full), 31903);

  /* layouts: normal 31,055, transform 386, adventure 135, split 123, modal_dfc 98, other 65,
   * meld 21, flip 20 */
  guint layouts[TS_LAYOUT_OTHER + 1] = { 0 };
  guint n_with_faces = 0, n_no_printings = 0;
  for (guint i = 0; i < ts_carddb_count (s->full); i++) {
    const TsCard *c = ts_carddb_nth (s->full, i);
    layouts[c->layout]++;
    n_with_faces += c->n_faces > 0;
    n_no_printings += c->n_printings == 0;
  }
  assert_int_equal (layouts[TS_LAYOUT_NORMAL], 31055);
  assert_int_equal (layouts[TS_LAYOUT_TRANSFORM], 386);
  assert_int_equal (layouts[TS_LAYOUT_ADVENTURE], 135);
  assert_int_equal (layouts[TS_LAYOUT_SPLIT], 123);
  assert_int_equal (layouts[TS_LAYOUT_MODAL_DFC], 98);
  assert_int_equal (layouts[TS_LAYOUT_OTHER], 65);
  assert_int_equal (layouts[TS_LAYOUT_MELD], 21);
  assert_int_equal (layouts[TS_LAYOUT_FLIP], 20);
  assert_int_equal (n_with_faces, 827);
  /* README: 59 Magarena-only objects have no printings */
  assert_int_equal (n_no_printings, 59);

  assert_string_equal (ts_carddb_lookup (s->full, "Fire")->name, "Fire // Ice");
  assert_string_equal (ts_carddb_lookup (s->full, "Juzam Djinn")->name, "Juzám Djinn");
  assert_string_equal (ts_carddb_lookup (s->full, "insectile aberration")->name,
                       "Delver of Secrets // Insectile Aberration");
}

static gboolean
same (const char *a, const char *b)
{
  return g_strcmp0 (a, b) == 0;
}

static void
test_shared_alpha__every_bundled_card_has_the_real_facts (void **state)
{
  Shared *s = *state;
  if (s == NULL)
    skip ();
  g_autoptr (GError) error = NULL;
  if (s->full == NULL)
    s->full = ts_carddb_open (s->json, &error);
  assert_non_null (s->full);
  g_autoptr (TsCardDb) alpha = ts_carddb_open_default (&error);
  assert_non_null (alpha);

  guint n_checked = 0, n_lea_printings_found = 0;
  for (guint i = 0; i < ts_carddb_count (alpha); i++) {
    const TsCard *a = ts_carddb_nth (alpha, i);
    const TsCard *r = ts_carddb_lookup (s->full, a->name);
    if (r == NULL)
      fail_msg ("bundled card \"%s\" is not in the real card file", a->name);
    if (!same (a->name, r->name) || !same (a->mana_cost, r->mana_cost) || a->cmc != r->cmc ||
        a->colors != r->colors || !same (a->type_line, r->type_line) ||
        (a->types & ~(guint) TS_TYPE_INTERRUPT) != r->types || a->supertypes != r->supertypes ||
        !same (a->power, r->power) || !same (a->toughness, r->toughness) ||
        !same (a->loyalty, r->loyalty) || a->keyword_flags != r->keyword_flags ||
        a->layout != r->layout || a->n_faces != r->n_faces)
      fail_msg ("bundled card \"%s\" differs from the real card file", a->name);
    for (guint k = 0; a->keywords[k] != NULL || r->keywords[k] != NULL; k++)
      if (!same (a->keywords[k], r->keywords[k]))
        fail_msg ("bundled card \"%s\": keywords differ", a->name);
    for (guint k = 0; a->subtypes[k] != NULL || r->subtypes[k] != NULL; k++)
      if (!same (a->subtypes[k], r->subtypes[k]))
        fail_msg ("bundled card \"%s\": subtypes differ", a->name);
    /* its LEA printings are the real file's, where the real file has them */
    for (guint p = 0; p < a->n_printings; p++) {
      for (guint q = 0; q < r->n_printings; q++)
        if (same (r->printings[q].set, "LEA") &&
            same (r->printings[q].collector_number, a->printings[p].collector_number)) {
          assert_string_equal (r->printings[q].rarity, a->printings[p].rarity);
          assert_string_equal (r->printings[q].released, a->printings[p].released);
          n_lea_printings_found++;
        }
    }
    n_checked++;
  }
  assert_int_equal (n_checked, 290);
  /* 289 LEA printings in the real file; the 6 cards it lacks them for were added */
  assert_int_equal (n_lea_printings_found, 289);
}

int
main (void)
{
  const char *dir = g_getenv ("TS_SHARED_DIR");
  g_autofree char *json = g_build_filename (dir != NULL ? dir : "../shared", "carddata",
                                            "cards.json", NULL);
  if (!g_file_test (json, G_FILE_TEST_EXISTS)) {
    printf ("%s absent: skipped\n", json);
    return 77;
  }
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_shared_import__counts_match_the_readme),
    cmocka_unit_test (test_shared_alpha__every_bundled_card_has_the_real_facts),
  };
  /* one fixture for the group: the import takes a second */
  return cmocka_run_group_tests (tests, setup_shared, teardown_shared);
}
