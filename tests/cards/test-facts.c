/* test-facts.c — card facts from text: mana costs, type lines, keywords, name folding. */
#include "carddb-private.h"

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>
#include <cmocka.h>

static void
test_mana_cost_parse__plain_costs (void **state)
{
  int generic, colored[5], x, other;
  assert_true (ts_mana_cost_parse ("{3}{R}", &generic, colored, &x, &other));
  assert_int_equal (generic, 3);
  assert_int_equal (colored[3], 1);
  assert_int_equal (colored[0] + colored[1] + colored[2] + colored[4], 0);
  assert_int_equal (x, 0);
  assert_int_equal (other, 0);

  assert_true (ts_mana_cost_parse ("{2}{W}{U}{B}{R}{G}{G}", &generic, colored, &x, &other));
  assert_int_equal (generic, 2);
  assert_int_equal (colored[0], 1);
  assert_int_equal (colored[1], 1);
  assert_int_equal (colored[2], 1);
  assert_int_equal (colored[3], 1);
  assert_int_equal (colored[4], 2);

  assert_true (ts_mana_cost_parse ("{12}", &generic, colored, &x, &other));
  assert_int_equal (generic, 12);
  assert_true (ts_mana_cost_parse ("{0}", &generic, colored, &x, &other));
  assert_int_equal (generic, 0);
  assert_true (ts_mana_cost_parse ("", &generic, colored, &x, &other));
  assert_int_equal (generic, 0);
  assert_int_equal (colored[4], 0);
}

static void
test_mana_cost_parse__x_hybrid_phyrexian (void **state)
{
  int generic, colored[5], x, other;
  assert_true (ts_mana_cost_parse ("{X}{X}{R}", &generic, colored, &x, &other));
  assert_int_equal (x, 2);
  assert_int_equal (generic, 0);
  assert_int_equal (colored[3], 1);
  assert_true (ts_mana_cost_parse ("{W/U}{G/P}{2/B}{C}{S}", &generic, colored, &x, &other));
  assert_int_equal (other, 5);
  assert_int_equal (generic, 0);
  assert_int_equal (colored[0] + colored[1] + colored[2] + colored[3] + colored[4], 0);
  /* split cards: both halves */
  assert_true (ts_mana_cost_parse ("{1}{R} // {1}{U}", &generic, colored, &x, &other));
  assert_int_equal (generic, 2);
  assert_int_equal (colored[1], 1);
  assert_int_equal (colored[3], 1);
  /* output pointers may be NULL */
  assert_true (ts_mana_cost_parse ("{1}", NULL, NULL, NULL, NULL));
}

static void
test_mana_cost_parse__rejects_non_costs (void **state)
{
  int generic = -7, colored[5], x, other;
  const char *bad[] = { "3R", "{3", "{}", "{r}", "{3}{R}x", "{3} {R}", "{W//U}x", "{99999999999}",
                        "{3}}", "{{3}", "Fire // Ice" };
  for (gsize i = 0; i < G_N_ELEMENTS (bad); i++)
    assert_false (ts_mana_cost_parse (bad[i], &generic, colored, &x, &other));
  assert_int_equal (generic, -7); /* untouched on failure */
  assert_false (ts_mana_cost_parse (NULL, &generic, colored, &x, &other));
}

static void
test_type_line_parse__supertypes_types_subtypes (void **state)
{
  guint types, super;
  g_autoptr (GPtrArray) subs = g_ptr_array_new_with_free_func (g_free);
  ts_type_line_parse ("Legendary Creature — Elf Druid", &types, &super, subs);
  assert_int_equal (types, TS_TYPE_CREATURE);
  assert_int_equal (super, TS_SUPERTYPE_LEGENDARY);
  assert_int_equal (subs->len, 2);
  assert_string_equal (g_ptr_array_index (subs, 0), "Elf");
  assert_string_equal (g_ptr_array_index (subs, 1), "Druid");

  g_ptr_array_set_size (subs, 0);
  ts_type_line_parse ("Basic Snow Land — Forest", &types, &super, subs);
  assert_int_equal (types, TS_TYPE_LAND);
  assert_int_equal (super, TS_SUPERTYPE_BASIC | TS_SUPERTYPE_SNOW);
  assert_string_equal (g_ptr_array_index (subs, 0), "Forest");

  g_ptr_array_set_size (subs, 0);
  ts_type_line_parse ("Artifact Creature — Golem", &types, &super, subs);
  assert_int_equal (types, TS_TYPE_ARTIFACT | TS_TYPE_CREATURE);

  g_ptr_array_set_size (subs, 0);
  ts_type_line_parse ("Tribal Instant — Goblin", &types, &super, subs);
  assert_int_equal (types, TS_TYPE_KINDRED | TS_TYPE_INSTANT);

  /* multi-face: types are the union, subtypes the front face's */
  g_ptr_array_set_size (subs, 0);
  ts_type_line_parse ("Creature — Human Wizard // Creature — Human Insect", &types, &super, subs);
  assert_int_equal (subs->len, 2);
  assert_string_equal (g_ptr_array_index (subs, 1), "Wizard");
  ts_type_line_parse ("Sorcery // Legendary Enchantment — Saga", &types, &super, NULL);
  assert_int_equal (types, TS_TYPE_SORCERY | TS_TYPE_ENCHANTMENT);
  assert_int_equal (super, TS_SUPERTYPE_LEGENDARY);

  ts_type_line_parse ("World Enchantment", &types, &super, NULL);
  assert_int_equal (super, TS_SUPERTYPE_WORLD);
  ts_type_line_parse ("Ongoing Scheme", &types, &super, NULL);
  assert_int_equal (types, TS_TYPE_OTHER);
  assert_int_equal (super, TS_SUPERTYPE_ONGOING);
  ts_type_line_parse ("Legendary Planeswalker — Jace", &types, &super, NULL);
  assert_int_equal (types, TS_TYPE_PLANESWALKER);
  ts_type_line_parse ("Battle — Siege", &types, &super, NULL);
  assert_int_equal (types, TS_TYPE_BATTLE);
  ts_type_line_parse ("", &types, &super, NULL);
  assert_int_equal (types, 0);
  ts_type_line_parse (NULL, &types, &super, NULL);
  assert_int_equal (types, 0);
}

static void
test_keyword_flag__known_and_unknown (void **state)
{
  assert_true (ts_keyword_flag ("Flying") == TS_KW_FLYING);
  assert_true (ts_keyword_flag ("first strike") == TS_KW_FIRST_STRIKE);
  assert_true (ts_keyword_flag ("Protection from red") == TS_KW_PROT_RED);
  assert_true (ts_keyword_flag ("Swampwalk") == TS_KW_SWAMPWALK);
  assert_true (ts_keyword_flag ("Banding") == TS_KW_BANDING);
  assert_true (ts_keyword_flag ("Cycling") == 0);
  assert_true (ts_keyword_flag ("Protection from artifacts") == 0);
  assert_true (ts_keyword_flag (NULL) == 0);
}

static void
test_fold_name__case_accents_ligatures (void **state)
{
  const char *pairs[][2] = {
    { "Juzám Djinn", "juzam djinn" },
    { "SERRA ANGEL", "serra angel" },
    { "Æther Vial", "aether vial" },
    { "Lim-Dûl's Vault", "lim-dul's vault" },
    { "", "" },
  };
  for (gsize i = 0; i < G_N_ELEMENTS (pairs); i++) {
    g_autofree char *f = ts_cards_fold_name (pairs[i][0]);
    assert_string_equal (f, pairs[i][1]);
  }
  g_autofree char *bad = ts_cards_fold_name ("a\xff" "b");
  assert_true (g_utf8_validate (bad, -1, NULL));
}

static void
test_layout__names (void **state)
{
  assert_int_equal (ts_layout_from_string ("modal_dfc"), TS_LAYOUT_MODAL_DFC);
  assert_int_equal (ts_layout_from_string ("saga"), TS_LAYOUT_OTHER);
  assert_int_equal (ts_layout_from_string (NULL), TS_LAYOUT_NORMAL);
  for (int l = TS_LAYOUT_NORMAL; l <= TS_LAYOUT_OTHER; l++)
    assert_int_equal (ts_layout_from_string (ts_layout_to_string ((TsLayout) l)), l);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_mana_cost_parse__plain_costs),
    cmocka_unit_test (test_mana_cost_parse__x_hybrid_phyrexian),
    cmocka_unit_test (test_mana_cost_parse__rejects_non_costs),
    cmocka_unit_test (test_type_line_parse__supertypes_types_subtypes),
    cmocka_unit_test (test_keyword_flag__known_and_unknown),
    cmocka_unit_test (test_fold_name__case_accents_ligatures),
    cmocka_unit_test (test_layout__names),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
