/* facts.c — parsing card facts from their printed text: mana costs, type lines, keywords. */
#include "carddb-private.h"

#include <string.h>

gboolean
ts_mana_cost_parse (const char *cost, int *out_generic, int out_colored[5], int *out_x,
                    int *out_other)
{
  static const char color_letters[] = "WUBRG";
  gint64 generic = 0;
  int colored[5] = { 0, 0, 0, 0, 0 };
  int x = 0, other = 0;

  if (cost == NULL)
    return FALSE;
  const char *p = cost;
  while (*p != '\0') {
    if (*p == ' ') {
      /* split and adventure costs are joined by " // " */
      if (strncmp (p, " // ", 4) != 0)
        return FALSE;
      p += 4;
      continue;
    }
    if (*p != '{')
      return FALSE;
    const char *end = strchr (p, '}');
    if (end == NULL || end == p + 1)
      return FALSE;
    gsize len = (gsize) (end - p - 1);
    const char *sym = p + 1;
    gboolean digits = TRUE;
    for (gsize i = 0; i < len; i++)
      digits = digits && g_ascii_isdigit (sym[i]);
    if (digits) {
      if (len > 9)
        return FALSE;
      generic += g_ascii_strtoll (sym, NULL, 10);
      if (generic > G_MAXINT)
        return FALSE;
    } else if (len == 1 && strchr (color_letters, sym[0]) != NULL) {
      colored[strchr (color_letters, sym[0]) - color_letters]++;
    } else if (len == 1 && (sym[0] == 'X' || sym[0] == 'Y' || sym[0] == 'Z')) {
      x++;
    } else {
      /* hybrid {W/U}, {2/W}, Phyrexian {G/P}, colourless {C}, snow {S}, half {HW}, ... */
      for (gsize i = 0; i < len; i++) {
        char c = sym[i];
        if (!(g_ascii_isupper (c) || g_ascii_isdigit (c) || c == '/'))
          return FALSE;
      }
      other++;
    }
    p = end + 1;
  }
  if (out_generic != NULL)
    *out_generic = (int) generic;
  if (out_colored != NULL)
    memcpy (out_colored, colored, sizeof colored);
  if (out_x != NULL)
    *out_x = x;
  if (out_other != NULL)
    *out_other = other;
  return TRUE;
}

static const struct {
  const char *word;
  guint bit;
} type_words[] = {
  { "Artifact", TS_TYPE_ARTIFACT },
  { "Battle", TS_TYPE_BATTLE },
  { "Creature", TS_TYPE_CREATURE },
  { "Enchantment", TS_TYPE_ENCHANTMENT },
  { "Instant", TS_TYPE_INSTANT },
  { "Kindred", TS_TYPE_KINDRED },
  { "Tribal", TS_TYPE_KINDRED },
  { "Land", TS_TYPE_LAND },
  { "Planeswalker", TS_TYPE_PLANESWALKER },
  { "Sorcery", TS_TYPE_SORCERY },
  { "Interrupt", TS_TYPE_INTERRUPT },
}, supertype_words[] = {
  { "Basic", TS_SUPERTYPE_BASIC },
  { "Legendary", TS_SUPERTYPE_LEGENDARY },
  { "Snow", TS_SUPERTYPE_SNOW },
  { "World", TS_SUPERTYPE_WORLD },
  { "Ongoing", TS_SUPERTYPE_ONGOING },
};

/* Parses one face's type line ("Legendary Creature — Elf Druid"). */
static void
parse_face_type_line (const char *line, gsize len, guint *types, guint *supertypes,
                      GPtrArray *subtypes)
{
  g_autofree char *copy = g_strndup (line, len);
  char *dash = strstr (copy, "\xe2\x80\x94"); /* U+2014 */
  gsize dash_len = 3;
  if (dash == NULL) {
    dash = strstr (copy, " - ");
    dash_len = 2;
    if (dash != NULL)
      dash++;
  }
  char *rest = NULL;
  if (dash != NULL) {
    *dash = '\0';
    rest = dash + dash_len;
  }
  g_auto (GStrv) words = g_strsplit_set (copy, " ", -1);
  for (char **w = words; *w != NULL; w++) {
    if (**w == '\0')
      continue;
    gboolean known = FALSE;
    for (gsize i = 0; i < G_N_ELEMENTS (type_words); i++)
      if (g_ascii_strcasecmp (*w, type_words[i].word) == 0) {
        *types |= type_words[i].bit;
        known = TRUE;
      }
    for (gsize i = 0; i < G_N_ELEMENTS (supertype_words); i++)
      if (g_ascii_strcasecmp (*w, supertype_words[i].word) == 0) {
        *supertypes |= supertype_words[i].bit;
        known = TRUE;
      }
    if (!known && g_ascii_isupper (**w))
      *types |= TS_TYPE_OTHER; /* Conspiracy, Plane, Scheme, Dungeon, ... */
  }
  if (rest != NULL && subtypes != NULL) {
    g_auto (GStrv) subs = g_strsplit_set (rest, " ", -1);
    for (char **s = subs; *s != NULL; s++)
      if (**s != '\0')
        g_ptr_array_add (subtypes, g_strdup (*s));
  }
}

void
ts_type_line_parse (const char *type_line, guint *out_types, guint *out_supertypes,
                    GPtrArray *out_subtypes)
{
  guint types = 0, supertypes = 0;
  gboolean front = TRUE;
  const char *p = type_line != NULL ? type_line : "";
  for (;;) {
    const char *sep = strstr (p, " // ");
    gsize len = sep != NULL ? (gsize) (sep - p) : strlen (p);
    parse_face_type_line (p, len, &types, &supertypes, front ? out_subtypes : NULL);
    front = FALSE;
    if (sep == NULL)
      break;
    p = sep + 4;
  }
  *out_types = types;
  *out_supertypes = supertypes;
}

static const struct {
  const char *name;
  guint64 bit;
} keyword_names[] = {
  { "Flying", TS_KW_FLYING },
  { "First strike", TS_KW_FIRST_STRIKE },
  { "Double strike", TS_KW_DOUBLE_STRIKE },
  { "Trample", TS_KW_TRAMPLE },
  { "Vigilance", TS_KW_VIGILANCE },
  { "Haste", TS_KW_HASTE },
  { "Reach", TS_KW_REACH },
  { "Deathtouch", TS_KW_DEATHTOUCH },
  { "Lifelink", TS_KW_LIFELINK },
  { "Defender", TS_KW_DEFENDER },
  { "Banding", TS_KW_BANDING },
  { "Menace", TS_KW_MENACE },
  { "Hexproof", TS_KW_HEXPROOF },
  { "Indestructible", TS_KW_INDESTRUCTIBLE },
  { "Flash", TS_KW_FLASH },
  { "Shroud", TS_KW_SHROUD },
  { "Fear", TS_KW_FEAR },
  { "Intimidate", TS_KW_INTIMIDATE },
  { "Plainswalk", TS_KW_PLAINSWALK },
  { "Islandwalk", TS_KW_ISLANDWALK },
  { "Swampwalk", TS_KW_SWAMPWALK },
  { "Mountainwalk", TS_KW_MOUNTAINWALK },
  { "Forestwalk", TS_KW_FORESTWALK },
  { "Protection from white", TS_KW_PROT_WHITE },
  { "Protection from blue", TS_KW_PROT_BLUE },
  { "Protection from black", TS_KW_PROT_BLACK },
  { "Protection from red", TS_KW_PROT_RED },
  { "Protection from green", TS_KW_PROT_GREEN },
};

guint64
ts_keyword_flag (const char *keyword)
{
  if (keyword == NULL)
    return 0;
  for (gsize i = 0; i < G_N_ELEMENTS (keyword_names); i++)
    if (g_ascii_strcasecmp (keyword, keyword_names[i].name) == 0)
      return keyword_names[i].bit;
  return 0;
}

static const char *const layout_names[] = {
  [TS_LAYOUT_NORMAL] = "normal",
  [TS_LAYOUT_SPLIT] = "split",
  [TS_LAYOUT_TRANSFORM] = "transform",
  [TS_LAYOUT_MODAL_DFC] = "modal_dfc",
  [TS_LAYOUT_ADVENTURE] = "adventure",
  [TS_LAYOUT_FLIP] = "flip",
  [TS_LAYOUT_MELD] = "meld",
  [TS_LAYOUT_OTHER] = "other",
};

TsLayout
ts_layout_from_string (const char *layout)
{
  if (layout == NULL)
    return TS_LAYOUT_NORMAL;
  for (gsize i = 0; i < G_N_ELEMENTS (layout_names); i++)
    if (strcmp (layout, layout_names[i]) == 0)
      return (TsLayout) i;
  return TS_LAYOUT_OTHER; /* Scryfall has more (saga, class, leveler, ...): single-faced kinds */
}

const char *
ts_layout_to_string (TsLayout layout)
{
  if ((guint) layout < G_N_ELEMENTS (layout_names))
    return layout_names[layout];
  return "other";
}

guint
ts_color_from_letter (const char *letter)
{
  if (letter == NULL || letter[0] == '\0' || letter[1] != '\0')
    return 0;
  switch (letter[0]) {
  case 'W': return TS_COLOR_WHITE;
  case 'U': return TS_COLOR_BLUE;
  case 'B': return TS_COLOR_BLACK;
  case 'R': return TS_COLOR_RED;
  case 'G': return TS_COLOR_GREEN;
  default: return 0;
  }
}

char *
ts_cards_fold_name (const char *name)
{
  gboolean ascii = TRUE;
  for (const char *p = name != NULL ? name : ""; *p != '\0' && ascii; p++)
    ascii = (guchar) *p < 0x80;
  if (ascii)
    return g_ascii_strdown (name != NULL ? name : "", -1);
  g_autofree char *valid = g_utf8_make_valid (name != NULL ? name : "", -1);
  g_autofree char *nfd = g_utf8_normalize (valid, -1, G_NORMALIZE_NFD);
  GString *out = g_string_sized_new (strlen (nfd));
  for (const char *p = nfd; *p != '\0'; p = g_utf8_next_char (p)) {
    gunichar c = g_utf8_get_char (p);
    if (g_unichar_ismark (c))
      continue;
    c = g_unichar_tolower (c);
    if (c == 0xe6) { /* æ, as in Æther: Scryfall's ASCII names spell it "ae" */
      g_string_append (out, "ae");
      continue;
    }
    g_string_append_unichar (out, c);
  }
  return g_string_free (out, FALSE);
}
