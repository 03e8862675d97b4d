/* fuzz-import.c — fuzz target for the card importer: any bytes as a card JSON file must give
 * cards or clear problems, never a crash; the cards it yields must be usable (lookup, matching,
 * mana costs). */
#include "carddb-private.h"

#include <stdint.h>
#include <string.h>

int LLVMFuzzerTestOneInput (const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput (const uint8_t *data, size_t size)
{
  TsCardDb *db = ts_carddb_new_empty ();
  TsImportReport report = { 0 };
  GError *error = NULL;
  gboolean ok = ts_carddb_load_json_data (db, (const char *) data, size, &report, &error);
  g_assert (ok == (error == NULL));
  g_clear_error (&error);
  ts_carddb_finish (db);
  g_assert (report.n_cards == ts_carddb_count (db));

  for (guint i = 0; i < ts_carddb_count (db); i++) {
    const TsCard *c = ts_carddb_nth (db, i);
    g_assert (ts_carddb_lookup (db, c->name) != NULL);
    int generic, colored[5], x, other;
    ts_mana_cost_parse (c->mana_cost, &generic, colored, &x, &other);
  }

  /* the same bytes as OCR text */
  TsMatcher *m = ts_matcher_new (db);
  g_autofree char *query = g_strndup ((const char *) data, MIN (size, 200));
  TsMatch out[4];
  guint n = ts_matcher_match (m, query, out, G_N_ELEMENTS (out));
  for (guint i = 0; i < n; i++)
    g_assert (out[i].score >= 0.0 && out[i].score <= 1.0);
  int generic, colored[5], x, other;
  ts_mana_cost_parse (query, &generic, colored, &x, &other);

  ts_matcher_free (m);
  ts_import_report_clear (&report);
  ts_carddb_free (db);
  return 0;
}
