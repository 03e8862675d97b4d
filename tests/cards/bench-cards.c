/* bench-cards.c — card database figures: load time (bundled and imported), import time, match
 * time per query over every card and face name, and top-1 accuracy on OCR-corrupted names. */
#include "cards.h"
#include "ocr-noise.h"

#include <glib/gstdio.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define N_QUERIES 10000
#define SEED 1993

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* CPU time of this thread in ms: match times are per core, and the machine may be busy */
static double
cpu_ms (void)
{
  struct timespec ts;
  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double) ts.tv_sec * 1000.0 + (double) ts.tv_nsec / 1e6;
}

static double
ms_since (gint64 t0)
{
  return (double) (g_get_monotonic_time () - t0) / 1000.0;
}

static void
bench_matcher (const char *label, const TsCardDb *db, gboolean verbose)
{
  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (TsMatcher) m = ts_matcher_new (db);
  double build_ms = ms_since (t0);

  /* every name a title line can show: cards and faces */
  g_autoptr (GPtrArray) names = g_ptr_array_new ();
  g_autoptr (GPtrArray) cards = g_ptr_array_new ();
  for (guint i = 0; i < ts_carddb_count (db); i++) {
    const TsCard *c = ts_carddb_nth (db, i);
    g_ptr_array_add (names, (gpointer) c->name);
    g_ptr_array_add (cards, (gpointer) c);
    for (guint f = 0; f < c->n_faces; f++) {
      g_ptr_array_add (names, (gpointer) c->faces[f].name);
      g_ptr_array_add (cards, (gpointer) c);
    }
  }

  const char *seed_env = g_getenv ("TS_BENCH_SEED");
  guint32 seed = seed_env != NULL ? (guint32) g_ascii_strtoull (seed_env, NULL, 10) : SEED;
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autofree double *times = g_new (double, N_QUERIES);
  g_autoptr (GPtrArray) queries = g_ptr_array_new_with_free_func (g_free);
  g_autofree guint *picks = g_new (guint, N_QUERIES);
  guint right = 0, in_top5 = 0;
  guint by_edits[4] = { 0 }, right_by_edits[4] = { 0 };
  for (guint q = 0; q < N_QUERIES; q++) {
    guint pick = (guint) g_rand_int_range (rand, 0, (gint32) names->len);
    guint n_edits = (guint) g_rand_int_range (rand, 1, 4);
    char *noisy = ts_ocr_corrupt (names->pdata[pick], n_edits, rand);
    g_ptr_array_add (queries, noisy);
    picks[q] = pick;
    TsMatch out[5];
    guint n = ts_matcher_match (m, noisy, out, 5);
    by_edits[n_edits]++;
    /* right when it names the card, or a name that reads the same (a face and a card can
     * share one) */
    gboolean ok = n > 0 && (out[0].card == cards->pdata[pick] ||
                            g_ascii_strcasecmp (out[0].name, names->pdata[pick]) == 0);
    right += ok;
    right_by_edits[n_edits] += ok;
    for (guint i = 0; i < n; i++)
      if (out[i].card == cards->pdata[pick]) {
        in_top5++;
        break;
      }
    if (!ok && verbose)
      printf ("  miss: %-40s -> %-40s got %s (%.3f)\n", (char *) names->pdata[pick], noisy,
              n > 0 ? out[0].name : "-", n > 0 ? out[0].score : 0.0);
  }
  /* timing apart from checking, three times over the same queries: the least disturbed run
   * counts (the machine may be shared) */
  double median = G_MAXDOUBLE, p95 = G_MAXDOUBLE, max = G_MAXDOUBLE;
  for (int run = 0; run < 3; run++) {
    for (guint q = 0; q < N_QUERIES; q++) {
      TsMatch out[5];
      double t1 = cpu_ms ();
      ts_matcher_match (m, queries->pdata[q], out, 5);
      times[q] = cpu_ms () - t1;
    }
    qsort (times, N_QUERIES, sizeof (double), compare_double);
    if (times[N_QUERIES / 2] < median) {
      median = times[N_QUERIES / 2];
      p95 = times[N_QUERIES * 95 / 100];
      max = times[N_QUERIES - 1];
    }
  }
  printf ("%s: %u names, matcher built in %.1f ms\n", label, names->len, build_ms);
  printf ("%s: match CPU time per query (5 candidates, best of 3 runs): median %.3f ms, p95 %.3f ms, max %.3f ms\n", label,
          median, p95, max);
  printf ("%s: top-1 accuracy on %d names with 1-3 OCR edits (seed %u): %.2f%% (top-5 %.2f%%)\n",
          label, N_QUERIES, seed, 100.0 * right / N_QUERIES, 100.0 * in_top5 / N_QUERIES);
  for (guint e = 1; e <= 3; e++)
    printf ("%s:   %u edit(s): %.2f%% of %u\n", label, e, 100.0 * right_by_edits[e] / MAX (by_edits[e], 1),
            by_edits[e]);
}

int
main (int argc, char **argv)
{
  gboolean verbose = g_getenv ("TS_BENCH_VERBOSE") != NULL;
  g_autoptr (GError) error = NULL;

  gint64 t0 = g_get_monotonic_time ();
  g_autoptr (TsCardDb) alpha = ts_carddb_open_default (&error);
  g_assert_no_error (error);
  printf ("bundled Alpha database: %u cards loaded in %.2f ms\n", ts_carddb_count (alpha), ms_since (t0));
  bench_matcher ("alpha", alpha, verbose);

  const char *shared = g_getenv ("TS_SHARED_DIR");
  g_autofree char *json = g_build_filename (shared != NULL ? shared : "../shared", "carddata",
                                            "cards.json", NULL);
  if (!g_file_test (json, G_FILE_TEST_EXISTS)) {
    printf ("%s absent: no figures for the full card list\n", json);
    return 0;
  }
  g_autofree char *dir = g_dir_make_tmp ("ts-bench-XXXXXX", &error);
  g_assert_no_error (error);
  g_autofree char *dbpath = g_build_filename (dir, "cards.db", NULL);
  TsImportReport report = { 0 };
  t0 = g_get_monotonic_time ();
  gboolean ok = ts_cards_import (json, dbpath, &report, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (ok);
  printf ("import of %s: %u cards, %u faces, %u printings in %.2f s\n", json, report.n_cards,
          report.n_faces, report.n_printings, ms_since (t0) / 1000.0);
  ts_import_report_clear (&report);

  double best = G_MAXDOUBLE;
  for (int i = 0; i < 3; i++) {
    t0 = g_get_monotonic_time ();
    g_autoptr (TsCardDb) db = ts_carddb_open (dbpath, &error);
    g_assert_no_error (error);
    best = MIN (best, ms_since (t0));
  }
  printf ("imported database: loaded in %.1f ms (best of 3)\n", best);
  t0 = g_get_monotonic_time ();
  g_autoptr (TsCardDb) db = ts_carddb_open (json, &error);
  g_assert_no_error (error);
  printf ("the JSON file opened directly: %.1f ms\n", ms_since (t0));

  bench_matcher ("full", db, verbose);
  g_unlink (dbpath);
  g_rmdir (dir);
  return 0;
}
