/* rules-cards.c — card facts for the rules: from the card database, define_card events, and a
 * small built-in table of basic lands and well-known mana sources (the card database knows
 * types and costs but not what mana a card's ability makes). */
#include "rules.h"

#include <stdlib.h>
#include <string.h>

typedef struct {
  const char *name;
  const char *cost;
  guint types;
  const char *mana;        /* what tapping it adds */
  guint land_types;
  int power, toughness;
  guint colors;
} BuiltinCard;

#define LAND TS_TYPE_LAND
#define ART TS_TYPE_ARTIFACT
#define CRE TS_TYPE_CREATURE
#define W TS_COLOR_WHITE
#define U TS_COLOR_BLUE
#define Bk TS_COLOR_BLACK
#define R TS_COLOR_RED
#define G TS_COLOR_GREEN

static const BuiltinCard builtin[] = {
  { "Plains", "", LAND, "{W}", W, 0, 0, 0 },
  { "Island", "", LAND, "{U}", U, 0, 0, 0 },
  { "Swamp", "", LAND, "{B}", Bk, 0, 0, 0 },
  { "Mountain", "", LAND, "{R}", R, 0, 0, 0 },
  { "Forest", "", LAND, "{G}", G, 0, 0, 0 },
  { "Wastes", "", LAND, "{C}", 0, 0, 0, 0 },
  /* Dual lands make one of two colours; without an explicit mana field the first is assumed. */
  { "Tundra", "", LAND, "{W}", W | U, 0, 0, 0 },
  { "Underground Sea", "", LAND, "{U}", U | Bk, 0, 0, 0 },
  { "Badlands", "", LAND, "{B}", Bk | R, 0, 0, 0 },
  { "Taiga", "", LAND, "{R}", R | G, 0, 0, 0 },
  { "Savannah", "", LAND, "{G}", G | W, 0, 0, 0 },
  { "Scrubland", "", LAND, "{W}", W | Bk, 0, 0, 0 },
  { "Volcanic Island", "", LAND, "{U}", U | R, 0, 0, 0 },
  { "Bayou", "", LAND, "{B}", Bk | G, 0, 0, 0 },
  { "Plateau", "", LAND, "{R}", R | W, 0, 0, 0 },
  { "Tropical Island", "", LAND, "{G}", G | U, 0, 0, 0 },
  { "Sol Ring", "{1}", ART, "{2}", 0, 0, 0, 0 },
  { "Mox Pearl", "{0}", ART, "{W}", 0, 0, 0, 0 },
  { "Mox Sapphire", "{0}", ART, "{U}", 0, 0, 0, 0 },
  { "Mox Jet", "{0}", ART, "{B}", 0, 0, 0, 0 },
  { "Mox Ruby", "{0}", ART, "{R}", 0, 0, 0, 0 },
  { "Mox Emerald", "{0}", ART, "{G}", 0, 0, 0, 0 },
  { "Llanowar Elves", "{G}", CRE, "{G}", 0, 1, 1, G },
  { "Fyndhorn Elves", "{G}", CRE, "{G}", 0, 1, 1, G },
  { "Birds of Paradise", "{G}", CRE, "{G}", 0, 0, 1, G },
};

static char *
fold (const char *name)
{
  g_autofree char *norm = g_utf8_normalize (name, -1, G_NORMALIZE_ALL);
  return g_utf8_casefold (norm ? norm : name, -1);
}

static void
facts_free (gpointer p)
{
  TsFacts *f = p;
  if (f == NULL)
    return;
  g_free (f->name);
  g_free (f->cost);
  g_free (f);
}

void
ts_rules_init (TsRules *rules, const TsCardDb *cards)
{
  rules->cards = cards;
  rules->cache = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, facts_free);
  rules->defined_all = g_ptr_array_new_with_free_func (facts_free);
  rules->defs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
}

void
ts_rules_clear (TsRules *rules)
{
  g_clear_pointer (&rules->cache, g_hash_table_unref);
  g_clear_pointer (&rules->defined_all, g_ptr_array_unref);
  g_clear_pointer (&rules->defs, g_hash_table_unref);
}

static const struct {
  const char *text;
  guint64 flag;
} keyword_table[] = {
  { "flying", TS_KW_FLYING },
  { "first strike", TS_KW_FIRST_STRIKE },
  { "double strike", TS_KW_DOUBLE_STRIKE },
  { "trample", TS_KW_TRAMPLE },
  { "vigilance", TS_KW_VIGILANCE },
  { "haste", TS_KW_HASTE },
  { "reach", TS_KW_REACH },
  { "deathtouch", TS_KW_DEATHTOUCH },
  { "lifelink", TS_KW_LIFELINK },
  { "defender", TS_KW_DEFENDER },
  { "banding", TS_KW_BANDING },
  { "bands", TS_KW_BANDING },
  { "menace", TS_KW_MENACE },
  { "hexproof", TS_KW_HEXPROOF },
  { "indestructible", TS_KW_INDESTRUCTIBLE },
  { "flash", TS_KW_FLASH },
  { "shroud", TS_KW_SHROUD },
  { "fear", TS_KW_FEAR },
  { "intimidate", TS_KW_INTIMIDATE },
  { "plainswalk", TS_KW_PLAINSWALK },
  { "islandwalk", TS_KW_ISLANDWALK },
  { "swampwalk", TS_KW_SWAMPWALK },
  { "mountainwalk", TS_KW_MOUNTAINWALK },
  { "forestwalk", TS_KW_FORESTWALK },
  { "protection from white", TS_KW_PROT_WHITE },
  { "protection from blue", TS_KW_PROT_BLUE },
  { "protection from black", TS_KW_PROT_BLACK },
  { "protection from red", TS_KW_PROT_RED },
  { "protection from green", TS_KW_PROT_GREEN },
};

guint64
ts_rules_parse_keywords (const char *text)
{
  guint64 flags = 0;
  if (text == NULL)
    return 0;
  g_auto (GStrv) parts = g_strsplit_set (text, ",;", -1);
  for (char **p = parts; *p; p++) {
    g_autofree char *k = g_ascii_strdown (g_strstrip (*p), -1);
    for (guint i = 0; i < G_N_ELEMENTS (keyword_table); i++)
      if (strcmp (k, keyword_table[i].text) == 0)
        flags |= keyword_table[i].flag;
  }
  return flags;
}

static int
pt_value (const char *s)
{
  if (s == NULL)
    return 0;
  return (int) strtol (s, NULL, 10); /* "*" and "1+*" count their number part only */
}

static guint
land_types_from_words (const char *text)
{
  guint t = 0;
  if (text == NULL)
    return 0;
  if (strstr (text, "Plains")) t |= W;
  if (strstr (text, "Island")) t |= U;
  if (strstr (text, "Swamp")) t |= Bk;
  if (strstr (text, "Mountain")) t |= R;
  if (strstr (text, "Forest")) t |= G;
  return t;
}

static const BuiltinCard *
builtin_lookup (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (builtin); i++)
    if (g_ascii_strcasecmp (builtin[i].name, name) == 0)
      return &builtin[i];
  return NULL;
}

static TsFacts *
facts_from_card (const TsCard *card)
{
  TsFacts *f = g_new0 (TsFacts, 1);
  f->name = g_strdup (card->name);
  f->cost = g_strdup (card->mana_cost ? card->mana_cost : "");
  f->types = card->types;
  f->supertypes = card->supertypes;
  f->colors = card->colors;
  f->has_pt = card->power != NULL;
  f->power = pt_value (card->power);
  f->toughness = pt_value (card->toughness);
  f->keywords = card->keyword_flags;
  if (card->subtypes)
    for (const char *const *s = card->subtypes; *s; s++) {
      if (strcmp (*s, "Wall") == 0)
        f->wall = TRUE;
      if (card->types & TS_TYPE_LAND)
        f->land_types |= land_types_from_words (*s);
    }
  return f;
}

static TsFacts *
facts_from_builtin (const BuiltinCard *b)
{
  TsFacts *f = g_new0 (TsFacts, 1);
  f->name = g_strdup (b->name);
  f->cost = g_strdup (b->cost);
  f->types = b->types;
  f->colors = b->colors;
  f->land_types = b->land_types;
  if (b->types & TS_TYPE_LAND)
    f->supertypes = b->land_types && strchr (b->name, ' ') == NULL ? TS_SUPERTYPE_BASIC : 0;
  f->has_pt = (b->types & TS_TYPE_CREATURE) != 0;
  f->power = b->power;
  f->toughness = b->toughness;
  return f;
}

/* Creatures whose {T} ability makes no mana: the 1993 set's, and a few well-known later ones.
 * The camera sees one turned sideways and cannot tell the ability from an attack, so none is
 * read as an attack. Knowledge of the cards, like the tables above. */
static const char *const tap_ability_creatures[] = {
  "Clockwork Beast", "Gaea's Liege",   "Master Decoy",   "Mother of Runes",
  "Nettling Imp",    "Orcish Artillery", "Pirate Ship",  "Prodigal Pyromancer",
  "Prodigal Sorcerer", "Royal Assassin", "Samite Healer", "Sorceress Queen",
};

static gboolean
has_tap_ability (const char *name)
{
  for (guint i = 0; i < G_N_ELEMENTS (tap_ability_creatures); i++)
    if (g_ascii_strcasecmp (tap_ability_creatures[i], name) == 0)
      return TRUE;
  return FALSE;
}

const TsFacts *
ts_rules_facts (TsRules *rules, const char *name)
{
  if (name == NULL || *name == '\0')
    return NULL;
  g_autofree char *key = fold (name);
  TsFacts *f = g_hash_table_lookup (rules->defs, key);
  if (f)
    return f;
  if (g_hash_table_lookup_extended (rules->cache, key, NULL, (gpointer *) &f))
    return f;
  const TsCard *card = rules->cards ? ts_carddb_lookup (rules->cards, name) : NULL;
  const BuiltinCard *b = builtin_lookup (name);
  if (card)
    f = facts_from_card (card);
  else if (b)
    f = facts_from_builtin (b);
  if (f && b && b->mana) {
    int x = 0;
    ts_mana_parse (b->mana, f->mana, &x);
    if (f->land_types == 0)
      f->land_types = b->land_types;
  }
  if (f)
    f->tap_ability = has_tap_ability (name);
  g_hash_table_insert (rules->cache, g_steal_pointer (&key), f);
  return f;
}

/* Cards of the 1993 set whose spell or ability prevents, redirects or regenerates damage:
 * what the classic rules still allow once combat damage is assigned. The card database
 * holds no rules text, so this is knowledge of the cards, like the mana sources above. */
static const struct {
  const char *name;
  const char *effect;
} damage_answers[] = {
  { "Death Ward", "regeneration" },       { "Drudge Skeletons", "regeneration" },
  { "Fog", "prevention" },                { "Forcefield", "prevention" },
  { "Guardian Angel", "prevention" },     { "Healing Salve", "prevention" },
  { "Jade Monolith", "redirection" },     { "Personal Incarnation", "redirection" },
  { "Regeneration", "regeneration" },     { "Reverse Damage", "prevention" },
  { "Rock Hydra", "prevention" },         { "Samite Healer", "prevention" },
  { "Scavenging Ghoul", "regeneration" }, { "Sedge Troll", "regeneration" },
  { "Simulacrum", "redirection" },        { "Uthden Troll", "regeneration" },
  { "Veteran Bodyguard", "redirection" }, { "Wall of Bone", "regeneration" },
  { "Wall of Brambles", "regeneration" }, { "Will-o'-the-Wisp", "regeneration" },
};

const char *
ts_rules_damage_answer (const char *name)
{
  if (name == NULL)
    return NULL;
  if (g_str_has_prefix (name, "Circle of Protection: "))
    return "prevention";
  for (guint i = 0; i < G_N_ELEMENTS (damage_answers); i++)
    if (g_ascii_strcasecmp (damage_answers[i].name, name) == 0)
      return damage_answers[i].effect;
  return NULL;
}

/* Called by the rules for define_card. */
void ts_rules_define (TsRules *rules, const TsEvent *e);

void
ts_rules_define (TsRules *rules, const TsEvent *e)
{
  if (e->card == NULL)
    return;
  TsFacts *f = g_new0 (TsFacts, 1);
  f->name = g_strdup (e->card);
  f->cost = g_strdup (e->cost ? e->cost : "");
  const char *tl = e->type_line ? e->type_line : "";
  static const struct {
    const char *word;
    guint type;
  } types[] = {
    { "Artifact", TS_TYPE_ARTIFACT }, { "Creature", TS_TYPE_CREATURE },
    { "Summon", TS_TYPE_CREATURE }, { "Enchantment", TS_TYPE_ENCHANTMENT },
    { "Instant", TS_TYPE_INSTANT }, { "Interrupt", TS_TYPE_INTERRUPT },
    { "Land", TS_TYPE_LAND }, { "Sorcery", TS_TYPE_SORCERY },
    { "Planeswalker", TS_TYPE_PLANESWALKER }, { "Battle", TS_TYPE_BATTLE },
  };
  const char *dash = strstr (tl, "\xe2\x80\x94"); /* U+2014 before subtypes */
  if (dash == NULL)
    dash = strstr (tl, " - ");
  g_autofree char *main_part = dash ? g_strndup (tl, (gsize) (dash - tl)) : g_strdup (tl);
  for (guint i = 0; i < G_N_ELEMENTS (types); i++)
    if (strstr (main_part, types[i].word))
      f->types |= types[i].type;
  if (strstr (main_part, "Legendary"))
    f->supertypes |= TS_SUPERTYPE_LEGENDARY;
  if (strstr (main_part, "Basic"))
    f->supertypes |= TS_SUPERTYPE_BASIC;
  if (dash) {
    if (strstr (dash, "Wall"))
      f->wall = TRUE;
    if (f->types & TS_TYPE_LAND)
      f->land_types = land_types_from_words (dash);
  }
  f->has_pt = (f->types & TS_TYPE_CREATURE) != 0;
  f->tap_ability = has_tap_ability (e->card);
  f->power = e->power;
  f->toughness = e->toughness;
  f->keywords = ts_rules_parse_keywords (e->keywords);
  f->colors = e->colors;
  if (f->colors == 0 && f->cost) {
    int m[TS_MANA_N];
    int x = 0;
    if (ts_mana_parse (f->cost, m, &x))
      for (int c = 0; c < 5; c++)
        if (m[c])
          f->colors |= 1u << c;
  }
  if (e->mana[0] || e->mana[1] || e->mana[2] || e->mana[3] || e->mana[4] || e->mana[5])
    memcpy (f->mana, e->mana, sizeof f->mana);
  else if (f->types & TS_TYPE_LAND) {
    const BuiltinCard *b = builtin_lookup (e->card);
    if (b && b->mana) {
      int x = 0;
      ts_mana_parse (b->mana, f->mana, &x);
    } else {
      for (int c = 0; c < 5; c++)
        if (f->land_types & (1u << c)) {
          f->mana[c] = 1;
          break;
        }
    }
  }
  g_ptr_array_add (rules->defined_all, f);
  g_hash_table_insert (rules->defs, fold (e->card), f);
}
