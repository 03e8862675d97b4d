/* test-carddb.c — the bundled Alpha database: opening, counting, ordering, looking up. */
#include "cards.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

static int
setup_db (void **state)
{
  g_autoptr (GError) error = NULL;
  TsCardDb *db = ts_carddb_open_default (&error);
  if (db == NULL)
    fail_msg ("bundled database: %s", error->message);
  *state = db;
  return 0;
}

static int
teardown_db (void **state)
{
  ts_carddb_free (*state);
  return 0;
}

static void
test_carddb_default__has_every_alpha_name (void **state)
{
  const TsCardDb *db = *state;
  /* 284 names with LEA printings in the source plus the 6 it lacks */
  assert_int_equal (ts_carddb_count (db), 290);
  guint n_printings = 0;
  for (guint i = 0; i < ts_carddb_count (db); i++) {
    const TsCard *c = ts_carddb_nth (db, i);
    assert_non_null (c);
    assert_true (c->n_printings >= 1);
    for (guint p = 0; p < c->n_printings; p++)
      assert_string_equal (c->printings[p].set, "LEA");
    n_printings += c->n_printings;
  }
  assert_int_equal (n_printings, 295);
  assert_null (ts_carddb_nth (db, 290));
}

static void
test_carddb_default__name_order (void **state)
{
  const TsCardDb *db = *state;
  for (guint i = 1; i < ts_carddb_count (db); i++)
    assert_true (g_ascii_strcasecmp (ts_carddb_nth (db, i - 1)->name, ts_carddb_nth (db, i)->name) < 0);
  assert_string_equal (ts_carddb_nth (db, 0)->name, "Air Elemental");
}

static void
test_carddb_lookup__folds_case_and_accents (void **state)
{
  const TsCardDb *db = *state;
  const TsCard *c = ts_carddb_lookup (db, "serra angel");
  assert_non_null (c);
  assert_string_equal (c->name, "Serra Angel");
  assert_ptr_equal (ts_carddb_lookup (db, "SÉRRA ÀNGEL"), c);
  assert_null (ts_carddb_lookup (db, "Serra Ange"));
  assert_null (ts_carddb_lookup (db, ""));
  assert_null (ts_carddb_lookup (db, NULL));
  assert_null (ts_carddb_lookup (db, "\xff\xfe"));
}

static void
test_carddb_lookup__facts (void **state)
{
  const TsCardDb *db = *state;
  const TsCard *c = ts_carddb_lookup (db, "Serra Angel");
  assert_non_null (c);
  assert_string_equal (c->mana_cost, "{3}{W}{W}");
  assert_true (c->cmc == 5.0);
  assert_int_equal (c->colors, TS_COLOR_WHITE);
  assert_int_equal (c->types, TS_TYPE_CREATURE);
  assert_string_equal (c->subtypes[0], "Angel");
  assert_null (c->subtypes[1]);
  assert_string_equal (c->power, "4");
  assert_string_equal (c->toughness, "4");
  assert_true (c->keyword_flags & TS_KW_FLYING);
  assert_int_equal (c->layout, TS_LAYOUT_NORMAL);
  assert_int_equal (c->n_faces, 0);
  assert_null (c->printed_type);

  c = ts_carddb_lookup (db, "Lightning Bolt");
  assert_int_equal (c->types, TS_TYPE_INSTANT);
  assert_null (c->power);

  c = ts_carddb_lookup (db, "Mox Pearl");
  assert_string_equal (c->mana_cost, "{0}");
  assert_int_equal (c->colors, 0);
  assert_int_equal (c->types, TS_TYPE_ARTIFACT);

  c = ts_carddb_lookup (db, "Plateau");
  assert_int_equal (c->types, TS_TYPE_LAND);
  assert_string_equal (c->subtypes[0], "Mountain");
  assert_string_equal (c->subtypes[1], "Plains");

  c = ts_carddb_lookup (db, "Forest");
  assert_true (c->supertypes & TS_SUPERTYPE_BASIC);
  assert_int_equal (c->n_printings, 2);

  c = ts_carddb_lookup (db, "White Knight");
  assert_true (c->keyword_flags & TS_KW_FIRST_STRIKE);
  assert_true (c->keyword_flags & TS_KW_PROT_BLACK);
  assert_false (c->keyword_flags & TS_KW_PROT_WHITE);

  c = ts_carddb_lookup (db, "Bog Wraith");
  assert_true (c->keyword_flags & TS_KW_SWAMPWALK);
}

static void
test_carddb_default__interrupts (void **state)
{
  const TsCardDb *db = *state;
  const char *interrupts[] = { "Counterspell", "Blue Elemental Blast", "Red Elemental Blast",
                               "Power Sink", "Spell Blast", "Fork", "Dark Ritual", "Sacrifice",
                               "Magical Hack", "Sleight of Mind", "Chaoslace", "Deathlace",
                               "Lifelace", "Purelace", "Thoughtlace" };
  guint n = 0;
  for (gsize i = 0; i < G_N_ELEMENTS (interrupts); i++) {
    const TsCard *c = ts_carddb_lookup (db, interrupts[i]);
    assert_non_null (c);
    assert_true (c->types & TS_TYPE_INTERRUPT);
    assert_string_equal (c->printed_type, "Interrupt");
  }
  for (guint i = 0; i < ts_carddb_count (db); i++)
    n += (ts_carddb_nth (db, i)->types & TS_TYPE_INTERRUPT) != 0;
  assert_int_equal (n, G_N_ELEMENTS (interrupts));
  assert_false (ts_carddb_lookup (db, "Lightning Bolt")->types & TS_TYPE_INTERRUPT);
  assert_false (ts_carddb_lookup (db, "Deathgrip")->types & TS_TYPE_INTERRUPT);
}

static void
test_carddb_default__magarena_only_cards (void **state)
{
  const TsCardDb *db = *state;
  const char *names[] = { "Contract from Below", "Darkpact", "Demonic Attorney",
                          "Illusionary Mask", "Magical Hack", "Sleight of Mind" };
  for (gsize i = 0; i < G_N_ELEMENTS (names); i++) {
    const TsCard *c = ts_carddb_lookup (db, names[i]);
    assert_non_null (c);
    assert_int_equal (c->n_printings, 1);
    assert_string_equal (c->printings[0].set, "LEA");
    assert_string_equal (c->printings[0].rarity, "rare");
    assert_string_equal (c->printings[0].released, "1993-08-05");
  }
}

static void
test_carddb_open__missing_file (void **state)
{
  g_autoptr (GError) error = NULL;
  TsCardDb *db = ts_carddb_open ("/nonexistent/cards.db", &error);
  assert_null (db);
  assert_true (g_error_matches (error, TS_CARDS_ERROR, TS_CARDS_ERROR_IO));
  assert_non_null (strstr (error->message, "/nonexistent/cards.db"));
}

static void
test_carddb_open__null_is_default (void **state)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (TsCardDb) db = ts_carddb_open (NULL, &error);
  assert_non_null (db);
  assert_int_equal (ts_carddb_count (db), 290);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test_setup_teardown (test_carddb_default__has_every_alpha_name, setup_db, teardown_db),
    cmocka_unit_test_setup_teardown (test_carddb_default__name_order, setup_db, teardown_db),
    cmocka_unit_test_setup_teardown (test_carddb_lookup__folds_case_and_accents, setup_db, teardown_db),
    cmocka_unit_test_setup_teardown (test_carddb_lookup__facts, setup_db, teardown_db),
    cmocka_unit_test_setup_teardown (test_carddb_default__interrupts, setup_db, teardown_db),
    cmocka_unit_test_setup_teardown (test_carddb_default__magarena_only_cards, setup_db, teardown_db),
    cmocka_unit_test (test_carddb_open__missing_file),
    cmocka_unit_test (test_carddb_open__null_is_default),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
