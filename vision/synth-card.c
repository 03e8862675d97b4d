/* synth-card.c — card facts for the generator (decks) and drawing one card face with Cairo in
 * the 1993 and the modern frame, in millimetres, so faces stay sharp at any scale or turn. */
#include "synth-card.h"
#include "cards.h"

#include <math.h>
#include <string.h>

/* ---- decks ------------------------------------------------------------------------------- */

struct TsSynthDeck {
  GArray *cards;          /* TsSynthCardInfo with strings interned in chunk */
  GStringChunk *chunk;
};

TsSynthDeck *
ts_synth_deck_new (void)
{
  TsSynthDeck *deck = g_new0 (TsSynthDeck, 1);
  deck->cards = g_array_new (FALSE, TRUE, sizeof (TsSynthCardInfo));
  deck->chunk = g_string_chunk_new (1024);
  return deck;
}

void
ts_synth_deck_free (TsSynthDeck *deck)
{
  if (deck == NULL)
    return;
  g_array_unref (deck->cards);
  g_string_chunk_free (deck->chunk);
  g_free (deck);
}

static const char *
intern (TsSynthDeck *deck, const char *s)
{
  return s == NULL ? NULL : g_string_chunk_insert_const (deck->chunk, s);
}

void
ts_synth_deck_add (TsSynthDeck *deck, const TsSynthCardInfo *info)
{
  g_return_if_fail (deck != NULL && info != NULL && info->name != NULL);
  TsSynthCardInfo copy = *info;
  copy.name = intern (deck, info->name);
  copy.mana_cost = intern (deck, info->mana_cost);
  copy.type_line = intern (deck, info->type_line);
  copy.power = intern (deck, info->power);
  copy.toughness = intern (deck, info->toughness);
  g_array_append_val (deck->cards, copy);
}

guint
ts_synth_deck_count (const TsSynthDeck *deck)
{
  return deck->cards->len;
}

const TsSynthCardInfo *
ts_synth_deck_nth (const TsSynthDeck *deck, guint i)
{
  g_return_val_if_fail (i < deck->cards->len, NULL);
  return &g_array_index (deck->cards, TsSynthCardInfo, i);
}

const TsSynthCardInfo *
ts_synth_deck_lookup (const TsSynthDeck *deck, const char *name)
{
  for (guint i = 0; i < deck->cards->len; i++) {
    const TsSynthCardInfo *c = &g_array_index (deck->cards, TsSynthCardInfo, i);
    if (g_strcmp0 (c->name, name) == 0)
      return c;
  }
  return NULL;
}

#define W TS_SYNTH_WHITE
#define U TS_SYNTH_BLUE
#define B TS_SYNTH_BLACK
#define R TS_SYNTH_RED
#define G TS_SYNTH_GREEN

/* Limited Edition Alpha (1993) printed facts. */
static const TsSynthCardInfo builtin_cards[] = {
  { "Serra Angel", "{3}{W}{W}", "Creature — Angel", W, FALSE, FALSE, "4", "4" },
  { "Savannah Lions", "{W}", "Creature — Cat", W, FALSE, FALSE, "2", "1" },
  { "Swords to Plowshares", "{W}", "Instant", W, FALSE, FALSE, NULL, NULL },
  { "Wrath of God", "{2}{W}{W}", "Sorcery", W, FALSE, FALSE, NULL, NULL },
  { "White Knight", "{W}{W}", "Creature — Human Knight", W, FALSE, FALSE, "2", "2" },
  { "Mesa Pegasus", "{1}{W}", "Creature — Pegasus", W, FALSE, FALSE, "1", "1" },
  { "Disenchant", "{1}{W}", "Instant", W, FALSE, FALSE, NULL, NULL },
  { "Counterspell", "{U}{U}", "Interrupt", U, FALSE, FALSE, NULL, NULL },
  { "Ancestral Recall", "{U}", "Instant", U, FALSE, FALSE, NULL, NULL },
  { "Mahamoti Djinn", "{4}{U}{U}", "Creature — Djinn", U, FALSE, FALSE, "5", "6" },
  { "Prodigal Sorcerer", "{2}{U}", "Creature — Human Wizard", U, FALSE, FALSE, "1", "1" },
  { "Lord of Atlantis", "{U}{U}", "Creature — Merfolk", U, FALSE, FALSE, "2", "2" },
  { "Air Elemental", "{3}{U}{U}", "Creature — Elemental", U, FALSE, FALSE, "4", "4" },
  { "Phantasmal Forces", "{3}{U}", "Creature — Illusion", U, FALSE, FALSE, "4", "1" },
  { "Dark Ritual", "{B}", "Instant", B, FALSE, FALSE, NULL, NULL },
  { "Sengir Vampire", "{3}{B}{B}", "Creature — Vampire", B, FALSE, FALSE, "4", "4" },
  { "Hypnotic Specter", "{1}{B}{B}", "Creature — Specter", B, FALSE, FALSE, "2", "2" },
  { "Lord of the Pit", "{4}{B}{B}{B}", "Creature — Demon", B, FALSE, FALSE, "7", "7" },
  { "Terror", "{1}{B}", "Instant", B, FALSE, FALSE, NULL, NULL },
  { "Demonic Tutor", "{1}{B}", "Sorcery", B, FALSE, FALSE, NULL, NULL },
  { "Scathe Zombies", "{2}{B}", "Creature — Zombie", B, FALSE, FALSE, "2", "2" },
  { "Lightning Bolt", "{R}", "Instant", R, FALSE, FALSE, NULL, NULL },
  { "Shivan Dragon", "{4}{R}{R}", "Creature — Dragon", R, FALSE, FALSE, "5", "5" },
  { "Goblin Balloon Brigade", "{R}", "Creature — Goblin Warrior", R, FALSE, FALSE, "1", "1" },
  { "Fireball", "{X}{R}", "Sorcery", R, FALSE, FALSE, NULL, NULL },
  { "Mons's Goblin Raiders", "{R}", "Creature — Goblin", R, FALSE, FALSE, "1", "1" },
  { "Two-Headed Giant of Foriys", "{4}{R}", "Creature — Giant", R, FALSE, FALSE, "4", "4" },
  { "Wheel of Fortune", "{2}{R}", "Sorcery", R, FALSE, FALSE, NULL, NULL },
  { "Llanowar Elves", "{G}", "Creature — Elf Druid", G, FALSE, FALSE, "1", "1" },
  { "Giant Growth", "{G}", "Instant", G, FALSE, FALSE, NULL, NULL },
  { "Craw Wurm", "{4}{G}{G}", "Creature — Wurm", G, FALSE, FALSE, "6", "4" },
  { "Birds of Paradise", "{G}", "Creature — Bird", G, FALSE, FALSE, "0", "1" },
  { "Grizzly Bears", "{1}{G}", "Creature — Bear", G, FALSE, FALSE, "2", "2" },
  { "Force of Nature", "{2}{G}{G}{G}{G}", "Creature — Elemental", G, FALSE, FALSE, "8", "8" },
  { "Regrowth", "{1}{G}", "Sorcery", G, FALSE, FALSE, NULL, NULL },
  { "Black Lotus", "{0}", "Artifact", 0, FALSE, TRUE, NULL, NULL },
  { "Sol Ring", "{1}", "Artifact", 0, FALSE, TRUE, NULL, NULL },
  { "Juggernaut", "{4}", "Artifact Creature — Juggernaut", 0, FALSE, TRUE, "5", "3" },
  { "Icy Manipulator", "{4}", "Artifact", 0, FALSE, TRUE, NULL, NULL },
  { "Mox Sapphire", "{0}", "Artifact", 0, FALSE, TRUE, NULL, NULL },
  { "Mountain", "", "Basic Land — Mountain", 0, TRUE, FALSE, NULL, NULL },
  { "Island", "", "Basic Land — Island", 0, TRUE, FALSE, NULL, NULL },
  { "Forest", "", "Basic Land — Forest", 0, TRUE, FALSE, NULL, NULL },
  { "Plains", "", "Basic Land — Plains", 0, TRUE, FALSE, NULL, NULL },
  { "Swamp", "", "Basic Land — Swamp", 0, TRUE, FALSE, NULL, NULL },
  { "Volcanic Island", "", "Land — Island Mountain", 0, TRUE, FALSE, NULL, NULL },
  { "Bayou", "", "Land — Swamp Forest", 0, TRUE, FALSE, NULL, NULL },
};

#undef W
#undef U
#undef B
#undef R
#undef G

TsSynthDeck *
ts_synth_deck_new_builtin (void)
{
  TsSynthDeck *deck = ts_synth_deck_new ();
  for (gsize i = 0; i < G_N_ELEMENTS (builtin_cards); i++)
    ts_synth_deck_add (deck, &builtin_cards[i]);
  return deck;
}

TsSynthDeck *
ts_synth_deck_new_from_carddb (const TsCardDb *db)
{
  TsSynthDeck *deck = ts_synth_deck_new ();
  guint n = ts_carddb_count (db);
  for (guint i = 0; i < n; i++) {
    const TsCard *c = ts_carddb_nth (db, i);
    if (c->layout != TS_LAYOUT_NORMAL || c->n_faces > 0 || c->digital_only || c->joke_set_only)
      continue;
    TsSynthCardInfo info = {
      .name = c->name,
      .mana_cost = c->mana_cost,
      .type_line = c->printed_type != NULL ? c->printed_type : c->type_line,
      .colors = c->colors & 0x1f,
      .land = (c->types & TS_TYPE_LAND) != 0,
      .artifact = (c->types & TS_TYPE_ARTIFACT) != 0,
      .power = c->power,
      .toughness = c->toughness,
    };
    ts_synth_deck_add (deck, &info);
  }
  return deck;
}

TsSynthDeck *
ts_synth_deck_new_from_names (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  g_autoptr (TsSynthDeck) deck = ts_synth_deck_new ();
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  static const char *const costs[] = { "{W}", "{1}{U}", "{2}{B}", "{R}{R}", "{3}{G}", "{4}" };
  for (int i = 0; lines[i] != NULL; i++) {
    char *name = g_strstrip (lines[i]);
    if (*name == '\0' || *name == '#')
      continue;
    if (!g_utf8_validate (name, -1, NULL)) {
      g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: line %d: not valid UTF-8",
                   path, i + 1);
      return NULL;
    }
    guint h = g_str_hash (name);
    int k = (int) (h % G_N_ELEMENTS (costs));
    TsSynthCardInfo info = { .name = name, .mana_cost = costs[k] };
    info.colors = k < 5 ? (1u << k) : 0;
    info.artifact = k == 5;
    info.type_line = k == 5 ? "Artifact" : (h & 64) ? "Creature" : "Sorcery";
    ts_synth_deck_add (deck, &info);
  }
  if (ts_synth_deck_count (deck) == 0) {
    g_set_error (error, G_FILE_ERROR, G_FILE_ERROR_INVAL, "%s: no card names", path);
    return NULL;
  }
  return g_steal_pointer (&deck);
}

/* ---- geometry of the two frames (millimetres) -------------------------------------------- */

void
ts_synth_card_title_rect (TsSynthFrame frame, double out_rect[4])
{
  if (frame == TS_SYNTH_FRAME_OLD) {
    out_rect[0] = 4.6; out_rect[1] = 3.6; out_rect[2] = 53.8; out_rect[3] = 5.0;
  } else {
    out_rect[0] = 4.0; out_rect[1] = 3.9; out_rect[2] = 55.0; out_rect[3] = 5.0;
  }
}

void
ts_synth_path_round_rect (cairo_t *cr, double x, double y, double w, double h, double r)
{
  cairo_new_sub_path (cr);
  cairo_arc (cr, x + w - r, y + r, r, -G_PI / 2, 0);
  cairo_arc (cr, x + w - r, y + h - r, r, 0, G_PI / 2);
  cairo_arc (cr, x + r, y + h - r, r, G_PI / 2, G_PI);
  cairo_arc (cr, x + r, y + r, r, G_PI, 3 * G_PI / 2);
  cairo_close_path (cr);
}

/* ---- colours ----------------------------------------------------------------------------- */

typedef struct { double r, g, b; } Rgb;

typedef struct {
  Rgb frame;      /* the coloured frame band */
  Rgb pale;       /* title bar, type line and text box */
  Rgb name_ink;   /* name on the old frame's band */
} Palette;

static int
popcount5 (guint colors)
{
  int n = 0;
  for (int i = 0; i < 5; i++)
    n += (colors >> i) & 1;
  return n;
}

static Palette
palette_for (const TsSynthCardInfo *info)
{
  static const Palette colours[5] = {
    { { 0.90, 0.87, 0.76 }, { 0.97, 0.95, 0.89 }, { 0.10, 0.08, 0.06 } },  /* white */
    { { 0.12, 0.38, 0.68 }, { 0.80, 0.87, 0.93 }, { 0.98, 0.98, 0.96 } },  /* blue */
    { { 0.20, 0.19, 0.19 }, { 0.74, 0.71, 0.68 }, { 0.96, 0.95, 0.93 } },  /* black */
    { { 0.76, 0.27, 0.17 }, { 0.93, 0.78, 0.68 }, { 0.99, 0.97, 0.93 } },  /* red */
    { { 0.16, 0.42, 0.23 }, { 0.75, 0.83, 0.67 }, { 0.98, 0.98, 0.94 } },  /* green */
  };
  static const Palette gold = { { 0.80, 0.66, 0.30 }, { 0.94, 0.88, 0.68 }, { 0.1, 0.08, 0.05 } };
  static const Palette artifact = { { 0.55, 0.50, 0.46 }, { 0.82, 0.79, 0.75 },
                                    { 0.98, 0.97, 0.95 } };
  static const Palette land = { { 0.52, 0.40, 0.27 }, { 0.85, 0.78, 0.66 }, { 0.98, 0.96, 0.9 } };
  int n = popcount5 (info->colors);
  if (n > 1)
    return gold;
  if (n == 1)
    for (int i = 0; i < 5; i++)
      if (info->colors & (1u << i))
        return colours[i];
  if (info->land)
    return land;
  return artifact;
}

static void
set_rgb (cairo_t *cr, Rgb c, double k)
{
  cairo_set_source_rgb (cr, CLAMP (c.r * k, 0, 1), CLAMP (c.g * k, 0, 1), CLAMP (c.b * k, 0, 1));
}

static Rgb
mix (Rgb a, Rgb b, double t)
{
  return (Rgb) { a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t };
}

/* ---- pieces ------------------------------------------------------------------------------ */

/* Marbled texture over the current clip: many faint blotches lighter and darker. */
static void
draw_texture (cairo_t *cr, GRand *rand, Rgb base, double x, double y, double w, double h,
              int n)
{
  for (int i = 0; i < n; i++) {
    double k = g_rand_double_range (rand, 0.75, 1.25);
    cairo_set_source_rgba (cr, CLAMP (base.r * k, 0, 1), CLAMP (base.g * k, 0, 1),
                           CLAMP (base.b * k, 0, 1), g_rand_double_range (rand, 0.15, 0.45));
    cairo_save (cr);
    cairo_translate (cr, x + g_rand_double (rand) * w, y + g_rand_double (rand) * h);
    cairo_rotate (cr, g_rand_double (rand) * G_PI);
    cairo_scale (cr, g_rand_double_range (rand, 0.5, 4.0), g_rand_double_range (rand, 0.3, 1.5));
    cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
    cairo_restore (cr);
    cairo_fill (cr);
  }
}

/* Invented artwork: a sky, a horizon, hills and a few figures. */
static void
draw_art (cairo_t *cr, GRand *rand, double x, double y, double w, double h)
{
  cairo_save (cr);
  cairo_rectangle (cr, x, y, w, h);
  cairo_clip (cr);
  Rgb sky = { g_rand_double_range (rand, 0.2, 0.9), g_rand_double_range (rand, 0.2, 0.9),
              g_rand_double_range (rand, 0.3, 1.0) };
  Rgb ground = { g_rand_double_range (rand, 0.1, 0.6), g_rand_double_range (rand, 0.1, 0.5),
                 g_rand_double_range (rand, 0.05, 0.4) };
  cairo_pattern_t *p = cairo_pattern_create_linear (0, y, 0, y + h);
  cairo_pattern_add_color_stop_rgb (p, 0, sky.r, sky.g, sky.b);
  cairo_pattern_add_color_stop_rgb (p, 0.6, sky.r * 0.6 + 0.4, sky.g * 0.6 + 0.35, sky.b * 0.5);
  cairo_pattern_add_color_stop_rgb (p, 1, ground.r, ground.g, ground.b);
  cairo_set_source (cr, p);
  cairo_paint (cr);
  cairo_pattern_destroy (p);
  /* hills */
  for (int layer = 0; layer < 2; layer++) {
    double base = y + h * g_rand_double_range (rand, 0.45, 0.8);
    cairo_move_to (cr, x, y + h);
    for (int i = 0; i <= 8; i++)
      cairo_line_to (cr, x + w * i / 8.0, base - g_rand_double (rand) * h * 0.25);
    cairo_line_to (cr, x + w, y + h);
    cairo_close_path (cr);
    set_rgb (cr, ground, 0.7 + 0.3 * layer);
    cairo_fill (cr);
  }
  /* painterly strokes: real art is busy with edges, which detectors must not mistake for
   * card outlines or text */
  int strokes = g_rand_int_range (rand, 15, 40);
  for (int i = 0; i < strokes; i++) {
    double sx = x + g_rand_double (rand) * w, sy = y + g_rand_double (rand) * h;
    cairo_move_to (cr, sx, sy);
    cairo_curve_to (cr, sx + g_rand_double_range (rand, -8, 8), sy + g_rand_double_range (rand, -6, 6),
                    sx + g_rand_double_range (rand, -8, 8), sy + g_rand_double_range (rand, -6, 6),
                    sx + g_rand_double_range (rand, -12, 12), sy + g_rand_double_range (rand, -8, 8));
    cairo_set_line_width (cr, g_rand_double_range (rand, 0.2, 1.6));
    cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
    double k = g_rand_double_range (rand, 0.3, 1.3);
    Rgb base = g_rand_boolean (rand) ? sky : ground;
    cairo_set_source_rgba (cr, CLAMP (base.r * k, 0, 1), CLAMP (base.g * k, 0, 1),
                           CLAMP (base.b * k, 0, 1), g_rand_double_range (rand, 0.3, 0.8));
    cairo_stroke (cr);
  }
  /* figures */
  int n = g_rand_int_range (rand, 1, 5);
  for (int i = 0; i < n; i++) {
    cairo_save (cr);
    cairo_translate (cr, x + g_rand_double (rand) * w, y + g_rand_double_range (rand, 0.2, 0.9) * h);
    cairo_scale (cr, g_rand_double_range (rand, 2, 12), g_rand_double_range (rand, 2, 12));
    cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
    cairo_restore (cr);
    cairo_set_source_rgba (cr, g_rand_double (rand), g_rand_double (rand) * 0.8,
                           g_rand_double (rand) * 0.7, g_rand_double_range (rand, 0.5, 0.95));
    cairo_fill (cr);
  }
  cairo_restore (cr);
}

static const char *const rules_words[] = {
  "target", "creature", "gets", "+1/+1", "until", "end", "of", "turn", "tap", "add", "one",
  "mana", "deals", "damage", "to", "any", "player", "draw", "a", "card", "flying", "when",
  "enters", "the", "battlefield", "you", "may", "return", "from", "your", "graveyard", "hand",
  "counter", "spell", "destroy", "all", "creatures", "can't", "block", "this", "each", "upkeep",
  "pay", "or", "sacrifice", "first", "strike", "trample", "owner's", "library", "untap",
  "during", "controller's", "X", "life", "gain", "lose", "opponent", "attacking", "blocking",
};

/* Lines of small rules text in the box at (x, y) w x h. */
static void
draw_rules_text (cairo_t *cr, GRand *rand, const char *family, double x, double y, double w,
                 double h)
{
  cairo_select_font_face (cr, family, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  double size = g_rand_double_range (rand, 2.0, 2.5);
  cairo_set_font_size (cr, size);
  cairo_set_source_rgb (cr, 0.05, 0.05, 0.05);
  int lines = g_rand_int_range (rand, 1, (int) (h / (size * 1.25)));
  double ty = y + size * 1.2;
  for (int l = 0; l < lines && ty < y + h - 0.5; l++) {
    GString *line = g_string_new (NULL);
    for (;;) {
      const char *word = rules_words[g_rand_int_range (rand, 0, G_N_ELEMENTS (rules_words))];
      g_autofree char *attempt = g_strdup_printf ("%s%s%s", line->str, line->len ? " " : "",
                                                  word);
      cairo_text_extents_t ext;
      cairo_text_extents (cr, attempt, &ext);
      if (ext.x_advance > w - 2)
        break;
      g_string_assign (line, attempt);
    }
    cairo_move_to (cr, x + 1, ty);
    cairo_show_text (cr, line->str);
    g_string_free (line, TRUE);
    ty += size * 1.25;
    if (g_rand_int_range (rand, 0, 4) == 0)
      ty += size * 0.5;
  }
}

/* Shows text left-aligned at (x, baseline), shrinking the font so it fits max_w. */
static void
show_fitted (cairo_t *cr, const char *text, double x, double baseline, double size, double max_w)
{
  cairo_set_font_size (cr, size);
  cairo_text_extents_t ext;
  cairo_text_extents (cr, text, &ext);
  if (ext.x_advance > max_w) {
    size *= max_w / ext.x_advance;
    cairo_set_font_size (cr, size);
  }
  cairo_move_to (cr, x, baseline);
  cairo_text_path (cr, text);
}

/* The box (x, y, width, height, user space) round cr's current path. */
static void
path_box (cairo_t *cr, double box[4])
{
  double x1, y1, x2, y2;
  cairo_path_extents (cr, &x1, &y1, &x2, &y2);
  box[0] = x1;
  box[1] = y1;
  box[2] = x2 - x1;
  box[3] = y2 - y1;
}

/* Mana symbols right-aligned ending at right_x, centred on cy; returns their total width. */
static double
draw_mana (cairo_t *cr, const char *cost, double right_x, double cy, double d, gboolean shadow)
{
  static const Rgb sym[5] = { { 0.98, 0.96, 0.82 }, { 0.67, 0.85, 0.96 }, { 0.80, 0.76, 0.75 },
                              { 0.96, 0.62, 0.50 }, { 0.62, 0.83, 0.62 } };
  static const Rgb generic = { 0.80, 0.78, 0.76 };
  if (cost == NULL || *cost == '\0')
    return 0;
  GPtrArray *tokens = g_ptr_array_new_with_free_func (g_free);
  for (const char *p = cost; *p; p++) {
    if (*p != '{')
      continue;
    const char *end = strchr (p, '}');
    if (end == NULL)
      break;
    g_ptr_array_add (tokens, g_strndup (p + 1, (gsize) (end - p - 1)));
    p = end;
  }
  double gap = d * 0.12;
  double x = right_x - d / 2;
  for (guint i = tokens->len; i-- > 0;) {
    const char *t = g_ptr_array_index (tokens, i);
    Rgb c = generic;
    const char *label = t;
    const char *letters = "WUBRG";
    const char *hit = strlen (t) == 1 ? strchr (letters, t[0]) : NULL;
    if (hit != NULL && *hit) {
      c = sym[hit - letters];
      label = NULL;
    }
    if (shadow) {
      cairo_arc (cr, x - d * 0.08, cy + d * 0.1, d / 2, 0, 2 * G_PI);
      cairo_set_source_rgba (cr, 0, 0, 0, 0.8);
      cairo_fill (cr);
    }
    cairo_arc (cr, x, cy, d / 2, 0, 2 * G_PI);
    set_rgb (cr, c, 1.0);
    cairo_fill (cr);
    cairo_set_source_rgb (cr, 0.08, 0.08, 0.08);
    if (label != NULL) {
      cairo_select_font_face (cr, "DejaVu Sans", CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
      cairo_set_font_size (cr, d * 0.8);
      cairo_text_extents_t ext;
      cairo_text_extents (cr, label, &ext);
      cairo_move_to (cr, x - ext.x_advance / 2, cy + ext.height / 2);
      cairo_show_text (cr, label);
    } else {
      /* a simple glyph: sun, drop, skull, flame, tree */
      double r = d * 0.28;
      switch (hit - letters) {
      case 0:
        cairo_arc (cr, x, cy, r * 0.6, 0, 2 * G_PI);
        cairo_fill (cr);
        for (int k = 0; k < 8; k++) {
          double a = k * G_PI / 4;
          cairo_move_to (cr, x + cos (a) * r * 0.8, cy + sin (a) * r * 0.8);
          cairo_line_to (cr, x + cos (a) * r * 1.3, cy + sin (a) * r * 1.3);
        }
        cairo_set_line_width (cr, d * 0.07);
        cairo_stroke (cr);
        break;
      case 1:
        cairo_move_to (cr, x, cy - r * 1.3);
        cairo_curve_to (cr, x + r * 1.2, cy, x + r, cy + r, x, cy + r);
        cairo_curve_to (cr, x - r, cy + r, x - r * 1.2, cy, x, cy - r * 1.3);
        cairo_fill (cr);
        break;
      case 2:
        cairo_arc (cr, x, cy - r * 0.2, r, 0, 2 * G_PI);
        cairo_fill (cr);
        cairo_rectangle (cr, x - r * 0.5, cy + r * 0.5, r, r * 0.6);
        cairo_fill (cr);
        break;
      case 3:
        cairo_move_to (cr, x, cy - r * 1.3);
        cairo_curve_to (cr, x + r * 1.4, cy, x + r, cy + r * 1.1, x, cy + r * 1.1);
        cairo_curve_to (cr, x - r, cy + r * 1.1, x - r * 1.2, cy, x - r * 0.2, cy - r * 0.3);
        cairo_fill (cr);
        break;
      default:
        cairo_move_to (cr, x, cy - r * 1.3);
        cairo_line_to (cr, x + r * 1.1, cy + r * 0.6);
        cairo_line_to (cr, x - r * 1.1, cy + r * 0.6);
        cairo_fill (cr);
        cairo_rectangle (cr, x - r * 0.2, cy + r * 0.5, r * 0.4, r * 0.7);
        cairo_fill (cr);
        break;
      }
    }
    x -= d + gap;
  }
  double total = tokens->len * (d + gap);
  g_ptr_array_unref (tokens);
  return total;
}

/* The 1993 printed type: creatures read "Summon Dragon". */
static char *
old_type_line (const TsSynthCardInfo *info)
{
  const char *t = info->type_line ? info->type_line : "Sorcery";
  const char *dash = strstr (t, " — ");
  if (g_str_has_prefix (t, "Creature") && dash != NULL)
    return g_strdup_printf ("Summon %s", dash + strlen (" — "));
  if (g_str_has_prefix (t, "Artifact Creature"))
    return g_strdup ("Artifact Creature");
  if (g_str_has_prefix (t, "Basic Land"))
    return g_strdup ("Land");
  return g_strdup (t);
}

static const char *const old_fonts[] = { "EB Garamond", "Linux Libertine O", "Liberation Serif" };
static const char *const modern_fonts[] = { "Linux Libertine O", "DejaVu Serif Condensed",
                                            "Liberation Serif", "EB Garamond" };

static void
draw_old (cairo_t *cr, const TsSynthCardInfo *info, GRand *rand, double name_box[4])
{
  Palette pal = palette_for (info);
  const char *font = old_fonts[g_rand_int_range (rand, 0, G_N_ELEMENTS (old_fonts))];
  double tr[4];
  ts_synth_card_title_rect (TS_SYNTH_FRAME_OLD, tr);

  /* black border, then the coloured frame with a marbled texture */
  ts_synth_path_round_rect (cr, 0, 0, TS_SYNTH_CARD_W_MM, TS_SYNTH_CARD_H_MM,
                            TS_SYNTH_CARD_RADIUS_MM);
  cairo_set_source_rgb (cr, 0.06, 0.06, 0.06);
  cairo_fill (cr);
  cairo_save (cr);
  ts_synth_path_round_rect (cr, 2.8, 2.8, 63 - 5.6, 88 - 5.6, 1.2);
  cairo_clip (cr);
  set_rgb (cr, pal.frame, 1.0);
  cairo_paint (cr);
  draw_texture (cr, rand, pal.frame, 2.8, 2.8, 57.4, 82.4, 90);
  cairo_restore (cr);

  /* name band: a darker strip of the frame colour */
  cairo_rectangle (cr, tr[0], tr[1], tr[2], tr[3]);
  set_rgb (cr, pal.frame, 0.78);
  cairo_fill (cr);
  double mana_w = draw_mana (cr, info->mana_cost, tr[0] + tr[2] - 0.6, tr[1] + tr[3] / 2, 2.7,
                             TRUE);
  cairo_select_font_face (cr, font, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  show_fitted (cr, info->name, tr[0] + 1.0, tr[1] + tr[3] * 0.76, 3.7, tr[2] - mana_w - 2.0);
  if (name_box)
    path_box (cr, name_box);
  cairo_path_t *name = cairo_copy_path (cr);
  cairo_new_path (cr);
  gboolean dark_ink = pal.name_ink.r < 0.5;
  cairo_save (cr);
  cairo_translate (cr, 0.18, 0.18);
  cairo_append_path (cr, name);
  cairo_set_source_rgba (cr, dark_ink ? 1 : 0, dark_ink ? 1 : 0, dark_ink ? 1 : 0, 0.6);
  cairo_fill (cr);
  cairo_restore (cr);
  cairo_append_path (cr, name);
  set_rgb (cr, pal.name_ink, 1.0);
  cairo_fill (cr);
  cairo_path_destroy (name);

  /* art with a bevelled edge */
  cairo_rectangle (cr, 6.6, 9.4, 49.8, 36.0);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_fill (cr);
  draw_art (cr, rand, 7.1, 9.9, 48.8, 35.0);

  /* type line on the frame */
  g_autofree char *type = old_type_line (info);
  cairo_select_font_face (cr, font, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_NORMAL);
  show_fitted (cr, type, 7.4, 49.6, 2.7, 46);
  set_rgb (cr, pal.name_ink, 1.0);
  cairo_fill (cr);

  /* text box */
  cairo_rectangle (cr, 6.6, 51.2, 49.8, 28.6);
  set_rgb (cr, pal.pale, 1.0);
  cairo_fill (cr);
  cairo_save (cr);
  cairo_rectangle (cr, 6.6, 51.2, 49.8, 28.6);
  cairo_clip (cr);
  draw_texture (cr, rand, pal.pale, 6.6, 51.2, 49.8, 28.6, 25);
  cairo_restore (cr);
  draw_rules_text (cr, rand, font, 7.0, 51.6, 49, 27.6);

  /* power / toughness */
  if (info->power != NULL && info->toughness != NULL) {
    g_autofree char *pt = g_strdup_printf ("%s/%s", info->power, info->toughness);
    cairo_select_font_face (cr, font, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size (cr, 3.2);
    cairo_text_extents_t ext;
    cairo_text_extents (cr, pt, &ext);
    cairo_move_to (cr, 56.0 - ext.x_advance, 84.0);
    set_rgb (cr, pal.name_ink, 1.0);
    cairo_show_text (cr, pt);
  }
  /* illustrator credit */
  cairo_select_font_face (cr, font, CAIRO_FONT_SLANT_ITALIC, CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 1.8);
  cairo_move_to (cr, 7.4, 83.8);
  set_rgb (cr, pal.name_ink, 0.95);
  cairo_show_text (cr, "Illus. Anson Rivers");
}

static void
draw_modern (cairo_t *cr, const TsSynthCardInfo *info, GRand *rand, double name_box[4])
{
  Palette pal = palette_for (info);
  Rgb bar = mix (pal.pale, (Rgb) { 0.95, 0.95, 0.95 }, 0.35);
  const char *font = modern_fonts[g_rand_int_range (rand, 0, G_N_ELEMENTS (modern_fonts))];
  double tr[4];
  ts_synth_card_title_rect (TS_SYNTH_FRAME_MODERN, tr);

  ts_synth_path_round_rect (cr, 0, 0, TS_SYNTH_CARD_W_MM, TS_SYNTH_CARD_H_MM,
                            TS_SYNTH_CARD_RADIUS_MM);
  cairo_set_source_rgb (cr, 0.04, 0.04, 0.04);
  cairo_fill (cr);
  cairo_save (cr);
  ts_synth_path_round_rect (cr, 2.9, 2.9, 63 - 5.8, 88 - 7.4, 0.8);
  cairo_clip (cr);
  set_rgb (cr, pal.frame, 1.0);
  cairo_paint (cr);
  draw_texture (cr, rand, pal.frame, 2.9, 2.9, 57.2, 80.6, 40);
  cairo_restore (cr);

  /* art behind the bars */
  cairo_rectangle (cr, 4.9, 8.4, 53.2, 40.0);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_fill (cr);
  draw_art (cr, rand, 5.2, 8.7, 52.6, 39.4);

  /* title bar */
  ts_synth_path_round_rect (cr, tr[0], tr[1], tr[2], tr[3], 1.4);
  set_rgb (cr, bar, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 0.3);
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  cairo_stroke (cr);
  double mana_w = draw_mana (cr, info->mana_cost, tr[0] + tr[2] - 1.0, tr[1] + tr[3] / 2, 3.0,
                             TRUE);
  cairo_select_font_face (cr, font, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  show_fitted (cr, info->name, tr[0] + 1.6, tr[1] + tr[3] * 0.72, 3.5, tr[2] - mana_w - 3.2);
  if (name_box)
    path_box (cr, name_box);
  cairo_set_source_rgb (cr, 0.02, 0.02, 0.02);
  cairo_fill (cr);

  /* type line bar */
  ts_synth_path_round_rect (cr, 4.0, 48.6, 55.0, 4.8, 1.4);
  set_rgb (cr, bar, 1.0);
  cairo_fill_preserve (cr);
  cairo_set_line_width (cr, 0.3);
  cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
  cairo_stroke (cr);
  cairo_select_font_face (cr, font, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
  show_fitted (cr, info->type_line ? info->type_line : "Sorcery", 5.6, 52.0, 2.8, 46);
  cairo_set_source_rgb (cr, 0.02, 0.02, 0.02);
  cairo_fill (cr);
  /* set symbol */
  cairo_arc (cr, 56.2, 51.0, 1.2, 0, 2 * G_PI);
  cairo_set_source_rgb (cr, 0.1, 0.1, 0.1);
  cairo_fill (cr);

  /* text box */
  cairo_rectangle (cr, 5.2, 53.8, 52.6, 26.6);
  set_rgb (cr, pal.pale, 1.05);
  cairo_fill (cr);
  draw_rules_text (cr, rand, font, 5.6, 54.2, 51.8, 25.4);

  if (info->power != NULL && info->toughness != NULL) {
    g_autofree char *pt = g_strdup_printf ("%s/%s", info->power, info->toughness);
    ts_synth_path_round_rect (cr, 47.5, 79.2, 11.0, 4.8, 1.2);
    set_rgb (cr, bar, 1.0);
    cairo_fill_preserve (cr);
    cairo_set_line_width (cr, 0.3);
    cairo_set_source_rgb (cr, 0.15, 0.15, 0.15);
    cairo_stroke (cr);
    cairo_select_font_face (cr, font, CAIRO_FONT_SLANT_NORMAL, CAIRO_FONT_WEIGHT_BOLD);
    cairo_set_font_size (cr, 3.3);
    cairo_text_extents_t ext;
    cairo_text_extents (cr, pt, &ext);
    cairo_move_to (cr, 53.0 - ext.x_advance / 2, 82.8);
    cairo_set_source_rgb (cr, 0.02, 0.02, 0.02);
    cairo_show_text (cr, pt);
  }
  /* collector line on the black border */
  cairo_select_font_face (cr, "DejaVu Sans Condensed", CAIRO_FONT_SLANT_NORMAL,
                          CAIRO_FONT_WEIGHT_NORMAL);
  cairo_set_font_size (cr, 1.5);
  cairo_move_to (cr, 4.5, 86.0);
  cairo_set_source_rgb (cr, 0.9, 0.9, 0.9);
  cairo_show_text (cr, "152/280 C  LEA • EN  Anson Rivers");
}

void
ts_synth_card_draw (cairo_t *cr, const TsSynthCardInfo *info, TsSynthFrame frame, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  cairo_save (cr);
  if (frame == TS_SYNTH_FRAME_OLD)
    draw_old (cr, info, rand, NULL);
  else
    draw_modern (cr, info, rand, NULL);
  cairo_restore (cr);
}

void
ts_synth_card_name_box (const TsSynthCardInfo *info, TsSynthFrame frame, guint32 seed,
                        double out_box[4])
{
  /* The face is drawn as ts_synth_card_draw() draws it (the font and the room the mana
   * cost leaves come from the same seed), into a surface that only records. */
  cairo_surface_t *rec = cairo_recording_surface_create (CAIRO_CONTENT_ALPHA, NULL);
  cairo_t *cr = cairo_create (rec);
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  if (frame == TS_SYNTH_FRAME_OLD)
    draw_old (cr, info, rand, out_box);
  else
    draw_modern (cr, info, rand, out_box);
  cairo_destroy (cr);
  cairo_surface_destroy (rec);
}

void
ts_synth_card_draw_back (cairo_t *cr, guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  cairo_save (cr);
  ts_synth_path_round_rect (cr, 0, 0, TS_SYNTH_CARD_W_MM, TS_SYNTH_CARD_H_MM,
                            TS_SYNTH_CARD_RADIUS_MM);
  cairo_set_source_rgb (cr, 0.22, 0.14, 0.08);
  cairo_fill (cr);
  cairo_save (cr);
  ts_synth_path_round_rect (cr, 3, 3, 57, 82, 2);
  cairo_clip (cr);
  cairo_set_source_rgb (cr, 0.42, 0.27, 0.14);
  cairo_paint (cr);
  draw_texture (cr, rand, (Rgb) { 0.42, 0.27, 0.14 }, 3, 3, 57, 82, 60);
  cairo_restore (cr);
  cairo_save (cr);
  cairo_translate (cr, 31.5, 44);
  cairo_scale (cr, 22, 30);
  cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
  cairo_restore (cr);
  cairo_set_source_rgb (cr, 0.75, 0.55, 0.25);
  cairo_fill (cr);
  cairo_save (cr);
  cairo_translate (cr, 31.5, 44);
  cairo_scale (cr, 19, 27);
  cairo_arc (cr, 0, 0, 1, 0, 2 * G_PI);
  cairo_restore (cr);
  cairo_set_source_rgb (cr, 0.3, 0.18, 0.1);
  cairo_fill (cr);
  cairo_restore (cr);
}
