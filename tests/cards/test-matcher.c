/* test-matcher.c — matching OCR text to card names: every Alpha name, exact and corrupted;
 * known OCR confusions; scores; odd input; concurrent use from several threads. */
#include "cards.h"
#include "ocr-noise.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

typedef struct {
  TsCardDb *db;
  TsMatcher *m;
} Fixture;

static int
setup (void **state)
{
  Fixture *f = g_new0 (Fixture, 1);
  f->db = ts_carddb_open_default (NULL);
  assert_non_null (f->db);
  f->m = ts_matcher_new (f->db);
  assert_non_null (f->m);
  *state = f;
  return 0;
}

static int
teardown (void **state)
{
  Fixture *f = *state;
  ts_matcher_free (f->m);
  ts_carddb_free (f->db);
  g_free (f);
  return 0;
}

static const char *
best_name (const TsMatcher *m, const char *query)
{
  TsMatch out[1];
  return ts_matcher_match (m, query, out, 1) == 1 ? out[0].name : NULL;
}

static void
test_matcher_alpha__every_name_exact (void **state)
{
  Fixture *f = *state;
  for (guint i = 0; i < ts_carddb_count (f->db); i++) {
    const TsCard *c = ts_carddb_nth (f->db, i);
    TsMatch out[3];
    guint n = ts_matcher_match (f->m, c->name, out, 3);
    assert_true (n >= 1);
    assert_ptr_equal (out[0].card, c);
    assert_true (out[0].score == 1.0);
    /* upper case, no punctuation: still exact */
    g_autofree char *upper = g_utf8_strup (c->name, -1);
    assert_ptr_equal (ts_matcher_match (f->m, upper, out, 1) == 1 ? out[0].card : NULL, c);
    assert_true (out[0].score == 1.0);
  }
}

/* Every Alpha name with one OCR slip of each kind applies to it is still found first. */
static void
test_matcher_alpha__every_name_with_one_ocr_edit (void **state)
{
  Fixture *f = *state;
  g_autoptr (GRand) rand = g_rand_new_with_seed (1993);
  guint n_queries = 0;
  for (guint i = 0; i < ts_carddb_count (f->db); i++) {
    const TsCard *c = ts_carddb_nth (f->db, i);
    for (int k = 0; k < 4; k++) {
      g_autofree char *noisy = ts_ocr_corrupt (c->name, 1, rand);
      TsMatch out[1];
      guint n = ts_matcher_match (f->m, noisy, out, 1);
      assert_int_equal (n, 1);
      if (out[0].card != c && strlen (c->name) > 4)
        fail_msg ("\"%s\" read as \"%s\" matched \"%s\"", c->name, noisy, out[0].name);
      n_queries++;
    }
  }
  assert_int_equal (n_queries, 4 * 290);
}

/* Two and three slips: a few short names become other names; nearly all must still match. */
static void
test_matcher_alpha__every_name_with_several_ocr_edits (void **state)
{
  Fixture *f = *state;
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261122);
  guint right = 0, total = 0;
  for (guint i = 0; i < ts_carddb_count (f->db); i++) {
    const TsCard *c = ts_carddb_nth (f->db, i);
    for (guint edits = 2; edits <= 3; edits++) {
      g_autofree char *noisy = ts_ocr_corrupt (c->name, edits, rand);
      TsMatch out[5];
      guint n = ts_matcher_match (f->m, noisy, out, 5);
      assert_true (n >= 1);
      right += out[0].card == c;
      total++;
    }
  }
  /* 98% of 580 */
  assert_true (right * 100 >= total * 98);
}

static void
test_matcher__known_ocr_confusions (void **state)
{
  Fixture *f = *state;
  const char *cases[][2] = {
    { "Serra Angle", "Serra Angel" },
    { "BIack Lotus", "Black Lotus" },
    { "B1ack L0tus", "Black Lotus" },
    { "Lightning BoIt", "Lightning Bolt" },
    { "Lightning Bo|t", "Lightning Bolt" },
    { "Maharnoti Djinn", "Mahamoti Djinn" },   /* rn for m */
    { "Mahamoti Djinn", "Mahamoti Djinn" },
    { "VVall of Water", "Wall of Water" },      /* vv for w */
    { "Wa11 of Stone", "Wall of Stone" },
    { "Shivan Dragcn", "Shivan Dragon" },
    { "Sirens Call", "Siren's Call" },          /* lost apostrophe */
    { "sirens call", "Siren's Call" },
    { "Mahamoti Dj", "Mahamoti Djinn" },        /* cut at the art's edge */
    { "Force of Na", "Force of Nature" },
    { "Wi11-O-The-Wisp", "Will-o'-the-Wisp" },
    { "Wheel of Fortunc", "Wheel of Fortune" },
    { "Ancestral Reca1l", "Ancestral Recall" },
    { "Time Wa1k", "Time Walk" },
    { "Birds of Paraclise", "Birds of Paradise" }, /* cl for d */
    { "Lord of Atiantis", "Lord of Atlantis" },
    { "Royal Assassln", "Royal Assassin" },
    { "  Dark   Ritual  ", "Dark Ritual" },
    { "DARK RITUAL", "Dark Ritual" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (cases); i++) {
    const char *got = best_name (f->m, cases[i][0]);
    if (g_strcmp0 (got, cases[i][1]) != 0)
      fail_msg ("\"%s\": expected \"%s\", got \"%s\"", cases[i][0], cases[i][1], got);
  }
}

static void
test_matcher__scores_ranked_and_bounded (void **state)
{
  Fixture *f = *state;
  TsMatch out[20];
  guint n = ts_matcher_match (f->m, "Lightnirg Bolt", out, 20);
  assert_true (n >= 5);
  assert_string_equal (out[0].name, "Lightning Bolt");
  assert_true (out[0].score < 1.0);
  assert_true (out[0].score > 0.8);
  for (guint i = 0; i < n; i++) {
    assert_true (out[i].score >= 0.0 && out[i].score <= 1.0);
    assert_non_null (out[i].card);
    assert_ptr_equal (ts_carddb_lookup (f->db, out[i].name), out[i].card);
    if (i > 0) {
      assert_true (out[i].score <= out[i - 1].score);
      assert_true (strcmp (out[i].name, out[i - 1].name) != 0);
    }
  }
  /* a clearly better reading scores higher */
  TsMatch a[1], b[1];
  ts_matcher_match (f->m, "Lightning Bolt", a, 1);
  ts_matcher_match (f->m, "Lighfnirg Bo1t", b, 1);
  assert_true (a[0].score > out[0].score);
  assert_true (out[0].score > b[0].score);
}

static void
test_matcher__odd_queries (void **state)
{
  Fixture *f = *state;
  TsMatch out[5];
  assert_int_equal (ts_matcher_match (f->m, "", out, 5), 0);
  assert_int_equal (ts_matcher_match (f->m, NULL, out, 5), 0);
  assert_int_equal (ts_matcher_match (f->m, "'-,. !!", out, 5), 0);
  assert_int_equal (ts_matcher_match (f->m, "Fog", out, 0), 0);
  /* garbage still gets candidates, with low scores */
  guint n = ts_matcher_match (f->m, "qqqqzzzxxx", out, 5);
  assert_true (n <= 5);
  for (guint i = 0; i < n; i++)
    assert_true (out[i].score < 0.5);
  /* invalid UTF-8, control bytes, very long input: no crash, sane output */
  assert_true (ts_matcher_match (f->m, "Fo\xff\xfeg\x01", out, 5) >= 1);
  GString *longq = g_string_new (NULL);
  for (int i = 0; i < 2000; i++)
    g_string_append (longq, "Serra Angel ");
  n = ts_matcher_match (f->m, longq->str, out, 5);
  assert_true (n >= 1);
  g_string_free (longq, TRUE);
  /* a single letter */
  assert_true (ts_matcher_match (f->m, "x", out, 5) <= 5);
}

typedef struct {
  const TsMatcher *m;
  GPtrArray *queries;
  GPtrArray *expected; /* const char * best names from a serial run */
  gboolean ok;
} ThreadJob;

static gpointer
run_queries (gpointer data)
{
  ThreadJob *job = data;
  job->ok = TRUE;
  for (int round = 0; round < 3; round++)
    for (guint i = 0; i < job->queries->len; i++) {
      TsMatch out[3];
      guint n = ts_matcher_match (job->m, job->queries->pdata[i], out, 3);
      if (n == 0 || out[0].name != job->expected->pdata[i])
        job->ok = FALSE;
    }
  return NULL;
}

static void
test_matcher__concurrent_threads_agree_with_serial (void **state)
{
  Fixture *f = *state;
  g_autoptr (GRand) rand = g_rand_new_with_seed (7);
  g_autoptr (GPtrArray) queries = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) expected = g_ptr_array_new ();
  for (guint i = 0; i < ts_carddb_count (f->db); i++) {
    char *q = ts_ocr_corrupt (ts_carddb_nth (f->db, i)->name, 2, rand);
    TsMatch out[3];
    assert_true (ts_matcher_match (f->m, q, out, 3) >= 1);
    g_ptr_array_add (queries, q);
    g_ptr_array_add (expected, (gpointer) out[0].name);
  }
  ThreadJob jobs[4];
  GThread *threads[4];
  for (int t = 0; t < 4; t++) {
    jobs[t] = (ThreadJob) { f->m, queries, expected, FALSE };
    threads[t] = g_thread_new ("match", run_queries, &jobs[t]);
  }
  for (int t = 0; t < 4; t++) {
    g_thread_join (threads[t]);
    assert_true (jobs[t].ok);
  }
}

/* The full card list: faces match by their own name, and the famous example. */
static void
test_matcher_full__faces_and_example (void **state)
{
  const char *shared = g_getenv ("TS_SHARED_DIR");
  g_autofree char *json = g_build_filename (shared != NULL ? shared : "../shared", "carddata",
                                            "cards.json", NULL);
  if (!g_file_test (json, G_FILE_TEST_EXISTS))
    skip ();
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCardDb) db = ts_carddb_open (json, &error);
  assert_non_null (db);
  g_autoptr (TsMatcher) m = ts_matcher_new (db);
  assert_string_equal (best_name (m, "0gre Maraudr"), "Ogre Marauder");
  assert_string_equal (best_name (m, "Insectile Aberation"), "Insectile Aberration");
  TsMatch out[1];
  ts_matcher_match (m, "Insectile Aberration", out, 1);
  assert_string_equal (out[0].card->name, "Delver of Secrets // Insectile Aberration");
  assert_true (out[0].score == 1.0);
  assert_string_equal (best_name (m, "Juzam Djinn"), "Juzám Djinn");
  assert_string_equal (best_name (m, "JUZAM DJlNN"), "Juzám Djinn");
  assert_string_equal (best_name (m, "Jace, the Mind Scu1ptor"), "Jace, the Mind Sculptor");
  assert_string_equal (best_name (m, "Tarrnogoyf"), "Tarmogoyf");
  ts_matcher_match (m, "Fire", out, 1);
  assert_string_equal (out[0].name, "Fire");
  assert_string_equal (out[0].card->name, "Fire // Ice");
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_matcher_alpha__every_name_exact, setup, teardown),
    cmocka_unit_test_setup_teardown (test_matcher_alpha__every_name_with_one_ocr_edit, setup, teardown),
    cmocka_unit_test_setup_teardown (test_matcher_alpha__every_name_with_several_ocr_edits, setup, teardown),
    cmocka_unit_test_setup_teardown (test_matcher__known_ocr_confusions, setup, teardown),
    cmocka_unit_test_setup_teardown (test_matcher__scores_ranked_and_bounded, setup, teardown),
    cmocka_unit_test_setup_teardown (test_matcher__odd_queries, setup, teardown),
    cmocka_unit_test_setup_teardown (test_matcher__concurrent_threads_agree_with_serial, setup, teardown),
    cmocka_unit_test (test_matcher_full__faces_and_example),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
