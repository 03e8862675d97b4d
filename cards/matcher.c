/* matcher.c — matching noisy OCR text of a card's title line against every card and face name.
 *
 * Two stages. Candidates come from an inverted index of letter pairs over names folded into
 * glyph-confusion classes (l/i/1, o/0, e/c, "rn"/m, ...), so typical OCR slips keep most pairs.
 * Those candidates are then ranked by an edit distance whose costs know OCR: confusable glyphs
 * substitute cheaply, "rn" for "m" and similar splits are one cheap step, thin glyphs appear and
 * vanish cheaply, and a title cut short at the art's edge (a prefix) costs little per lost letter.
 */
#include "carddb-private.h"

#include <string.h>

/* Names and queries longer than this (in folded letters) are cut: titles are far shorter. */
#define MAX_FOLD 96
/* Candidates scored with the full edit distance: the names sharing the most letter pairs with
 * the text, and apart from them the names of about the text's length sharing the most (short
 * names share few pairs and would be crowded out by long ones). Raising either costs time
 * about linearly and gains little once the true name is nearly always among them. */
#define N_CANDIDATES 48
#define N_ALIKE 32
/* Alphabet of the index: 0 is the word boundary, 1..36 the classes of a-z0-9. */
#define N_SYMBOLS 37
#define N_PAIRS (N_SYMBOLS * N_SYMBOLS)

/* Edit costs. One unrelated substitution, insertion or deletion costs 1. */
#define COST_EDIT 1.0f
#define COST_THIN 0.7f      /* a thin glyph (i l 1 t f j r) gained or lost */
#define LOST_SCALE 0.6f     /* a name's glyph missing from the text costs this much of the
                             * same glyph appearing from nowhere: OCR drops faint glyphs more
                             * often than it invents them */
#define COST_SPLIT 0.3f     /* "rn" read for "m", "cl" for "d", ... */
#define COST_CUT_START 0.3f /* a title cut short at the art's edge or by a hand ... */
#define COST_CUT 0.09f      /* ... and each letter lost to the cut */
#define COST_UNLIKELY 0.05f /* joke and digital-only cards lose ties to paper cards */

typedef struct {
  const char *name;     /* card or face name, owned by the database */
  const TsCard *card;
  char *fold;           /* folded letters a-z0-9 */
  guint8 len;           /* strlen (fold), at most MAX_FOLD */
  guint8 n_pairs;       /* distinct letter pairs in the index */
  float prior;          /* added to the cost: breaks ties between equally close names */
} Entry;

struct TsMatcher {
  const TsCardDb *db;
  GArray *entries;          /* Entry */
  guint32 *pair_start;      /* N_PAIRS + 1 offsets into pair_entries */
  guint32 *pair_entries;    /* entry indices, grouped by letter pair */
  guint8 *n_pairs;          /* distinct letter pairs of each entry, apart for the cache */
  GHashTable *exact;        /* folded name -> entry index + 1 */
  float sub_cost[128][128]; /* substitution cost between folded letters */
  float indel[128];         /* cost of a folded letter appearing in the text */
  float lost[128];          /* cost of a name's folded letter missing from the text */
  guint8 split[128][128];   /* glyph pairs OCR reads for one glyph: bits of split_bit */
  guint8 split_bit[128];    /* the one glyph: m d w h u n */
};

/* Folds text into lower-case letters and digits: accents and case go, punctuation and spaces
 * go (OCR drops and invents them freely), ligatures open up. '|' is a lost 'l'. */
static guint
fold_text (const char *text, char *out, guint max)
{
  guint n = 0;
  g_autofree char *valid = g_utf8_make_valid (text != NULL ? text : "", -1);
  g_autofree char *nfd = g_utf8_normalize (valid, -1, G_NORMALIZE_NFD);
  for (const char *p = nfd; p != NULL && *p != '\0' && n < max; p = g_utf8_next_char (p)) {
    gunichar c = g_unichar_tolower (g_utf8_get_char (p));
    const char *add = NULL;
    char one[2] = { 0, 0 };
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) {
      one[0] = (char) c;
      add = one;
    } else if (c == '|') {
      add = "l";
    } else if (c == 0xe6) {
      add = "ae";
    } else if (c == 0x153) {
      add = "oe";
    } else if (c == 0xdf) {
      add = "ss";
    } else if (c == 0x131) { /* dotless i */
      add = "i";
    }
    for (; add != NULL && *add != '\0' && n < max; add++)
      out[n++] = *add;
  }
  out[n] = '\0';
  return n;
}

/* The index alphabet: letters that OCR swaps share a class. */
static guint
symbol_class (char c)
{
  switch (c) {
  case 'i': case '1': case 'l': return 1 + ('l' - 'a');
  case '0': case 'q': return 1 + ('o' - 'a');
  case 'e': return 1 + ('c' - 'a');
  case 'v': return 1 + ('u' - 'a');
  case '5': return 1 + ('s' - 'a');
  case '8': return 1 + ('b' - 'a');
  case '2': return 1 + ('z' - 'a');
  case '9': return 1 + ('g' - 'a');
  default:
    if (c >= 'a' && c <= 'z')
      return 1 + (guint) (c - 'a');
    if (c >= '0' && c <= '9')
      return 27 + (guint) (c - '0');
    return 0;
  }
}

/* Classes of a folded string, with the two-glyph confusions collapsed first. */
static guint
class_string (const char *fold, guint len, guint8 *out)
{
  guint n = 0;
  for (guint i = 0; i < len; i++) {
    char a = fold[i], b = i + 1 < len ? fold[i + 1] : '\0';
    if ((a == 'r' && b == 'n') || (a == 'i' && b == 'n')) {
      out[n++] = (guint8) symbol_class ('m');
      i++;
    } else if (a == 'v' && b == 'v') {
      out[n++] = (guint8) symbol_class ('w');
      i++;
    } else if (a == 'c' && b == 'l') {
      out[n++] = (guint8) symbol_class ('d');
      i++;
    } else {
      out[n++] = (guint8) symbol_class (a);
    }
  }
  return n;
}

/* Distinct letter pairs of a folded string, boundaries included; returns how many. */
static guint
string_pairs (const char *fold, guint len, guint16 *out)
{
  guint8 cls[MAX_FOLD + 2];
  guint n = class_string (fold, len, cls + 1);
  cls[0] = 0;
  cls[n + 1] = 0;
  guint k = 0;
  for (guint i = 0; i + 1 < n + 2; i++) {
    guint16 pair = (guint16) (cls[i] * N_SYMBOLS + cls[i + 1]);
    gboolean seen = FALSE;
    for (guint j = 0; j < k && !seen; j++)
      seen = out[j] == pair;
    if (!seen)
      out[k++] = pair;
  }
  return k;
}

static void
set_sub (TsMatcher *m, const char *pairs, float cost)
{
  for (const char *p = pairs; p[0] != '\0' && p[1] != '\0'; p += 2) {
    m->sub_cost[(guchar) p[0]][(guchar) p[1]] = MIN (m->sub_cost[(guchar) p[0]][(guchar) p[1]], cost);
    m->sub_cost[(guchar) p[1]][(guchar) p[0]] = MIN (m->sub_cost[(guchar) p[1]][(guchar) p[0]], cost);
  }
}

static void
init_costs (TsMatcher *m)
{
  for (int a = 0; a < 128; a++)
    for (int b = 0; b < 128; b++)
      m->sub_cost[a][b] = a == b ? 0.0f : COST_EDIT;
  /* glyphs OCR engines swap most, in pairs */
  set_sub (m, "o0il1li1l|s5z2b8g9ecuvoq", 0.2f);
  set_sub (m, "ijjlltfti1ft", 0.4f);
  set_sub (m, "nhmnhbaoeoocgqb6g6a4t7rnhkyvdoaeceoaau", 0.55f);
}

/* One glyph read as two: "m" as "rn" or "in", "d" as "cl", "w" as "vv", "h" as "li", "u" as
 * "ii", "n" as "ri". Each entry: the one glyph, then the glyphs the first and second of the two
 * may be. */
static const char *const splits[][3] = {
  { "m", "ri", "n" },
  { "d", "ce", "li1" },
  { "w", "vu", "vu" },
  { "h", "li1", "in" },
  { "u", "il", "ilj" },
  { "n", "ri", "i1" },
};

static void
init_splits (TsMatcher *m)
{
  for (gsize k = 0; k < G_N_ELEMENTS (splits); k++) {
    guint8 bit = (guint8) (1u << k);
    m->split_bit[(guchar) splits[k][0][0]] = bit;
    for (const char *a = splits[k][1]; *a != '\0'; a++)
      for (const char *b = splits[k][2]; *b != '\0'; b++)
        m->split[(guchar) *a][(guchar) *b] |= bit;
  }
  /* thin glyphs come and go with dirt, glare and sleeve scratches */
  for (int c = 0; c < 128; c++) {
    m->indel[c] = strchr ("il1tfjr", c) != NULL && c != 0 ? COST_THIN : COST_EDIT;
    m->lost[c] = m->indel[c] * LOST_SCALE;
  }
}

/* Weighted edit distance from query q to name t, where t may be cut short after any letter
 * (COST_CUT_START, plus COST_CUT per lost letter). Gives up (returns a value > limit) once every path
 * costs more than limit. */
static float
ocr_distance (const TsMatcher *m, const char *q, guint qn, const char *t, guint tn, float limit)
{
  float rows[3][MAX_FOLD + 1];
  float *prev2 = rows[0], *prev = rows[1], *cur = rows[2];
  float del[MAX_FOLD + 1];
  for (guint i = 0; i < qn; i++)
    del[i] = m->indel[(guchar) q[i] & 127];

  /* column 0 of every row: all of q deleted against an empty name prefix */
  prev[0] = 0.0f;
  for (guint i = 1; i <= qn; i++)
    prev[i] = prev[i - 1] + del[i - 1];
  float best = prev[qn] + (tn > 0 ? COST_CUT_START + COST_CUT * (float) tn : 0.0f);
  float prev_min = 0.0f;

  for (guint j = 1; j <= tn; j++) {
    guchar tc = (guchar) t[j - 1] & 127;
    float ins = m->lost[tc];
    guint8 tc_bit = m->split_bit[tc];
    const float *sub = m->sub_cost[tc];
    /* name glyph pair (t[j-2], tc) that one query glyph may stand for */
    guint8 t_split = j >= 2 ? m->split[(guchar) t[j - 2] & 127][tc] : 0;
    cur[0] = prev[0] + ins;
    float row_min = cur[0];
    for (guint i = 1; i <= qn; i++) {
      guchar qc = (guchar) q[i - 1] & 127;
      float v = prev[i - 1] + sub[qc];
      float d = cur[i - 1] + del[i - 1];
      if (d < v)
        v = d;
      d = prev[i] + ins;
      if (d < v)
        v = d;
      /* two query glyphs for one name glyph */
      if (tc_bit != 0 && i >= 2 && (m->split[(guchar) q[i - 2] & 127][qc] & tc_bit) != 0 &&
          prev[i - 2] + COST_SPLIT < v)
        v = prev[i - 2] + COST_SPLIT;
      /* one query glyph for two name glyphs */
      if ((t_split & m->split_bit[qc]) != 0 && prev2[i - 1] + COST_SPLIT < v)
        v = prev2[i - 1] + COST_SPLIT;
      cur[i] = v;
      if (v < row_min)
        row_min = v;
    }
    float end = cur[qn] + (j < tn ? COST_CUT_START + COST_CUT * (float) (tn - j) : 0.0f);
    if (end < best)
      best = end;
    /* every later cell descends from this row or the one before it */
    if (row_min > limit && prev_min > limit && best > limit)
      return best;
    prev_min = row_min;
    float *tmp = prev2;
    prev2 = prev;
    prev = cur;
    cur = tmp;
  }
  return best;
}

/* The least ocr_distance() can be for these lengths: each surplus glyph of the text costs at
 * least a two-for-one split, each surplus glyph of the name a split or its share of a cut. */
static inline float
length_bound (guint qn, guint tn)
{
  if (qn > tn)
    return COST_SPLIT * (float) (qn - tn);
  float d = (float) (tn - qn);
  return MIN (COST_CUT_START + COST_CUT * d, COST_SPLIT * d);
}

static void
add_entry (TsMatcher *m, const char *name, const TsCard *card)
{
  char buf[MAX_FOLD + 1];
  guint len = fold_text (name, buf, MAX_FOLD);
  if (len == 0 || g_hash_table_contains (m->exact, buf))
    return;
  Entry e = {
    .name = name,
    .card = card,
    .fold = g_strdup (buf),
    .len = (guint8) len,
    .prior = card->joke_set_only || card->digital_only ? COST_UNLIKELY : 0.0f,
  };
  g_array_append_val (m->entries, e);
  g_hash_table_insert (m->exact, e.fold, GUINT_TO_POINTER (m->entries->len));
}

TsMatcher *
ts_matcher_new (const TsCardDb *db)
{
  g_return_val_if_fail (db != NULL, NULL);
  TsMatcher *m = g_new0 (TsMatcher, 1);
  m->db = db;
  m->entries = g_array_new (FALSE, TRUE, sizeof (Entry));
  m->exact = g_hash_table_new (g_str_hash, g_str_equal);
  init_costs (m);
  init_splits (m);

  /* card names first, so a face that shares a card's name yields to the card */
  for (guint i = 0; i < ts_carddb_count (db); i++)
    add_entry (m, ts_carddb_nth (db, i)->name, ts_carddb_nth (db, i));
  for (guint i = 0; i < ts_carddb_count (db); i++) {
    const TsCard *c = ts_carddb_nth (db, i);
    for (guint f = 0; f < c->n_faces; f++)
      add_entry (m, c->faces[f].name, c);
  }

  /* inverted index in two passes: count, then fill */
  guint n = m->entries->len;
  m->pair_start = g_new0 (guint32, N_PAIRS + 1);
  guint16 pairs[MAX_FOLD + 2];
  for (guint e = 0; e < n; e++) {
    Entry *en = &g_array_index (m->entries, Entry, e);
    guint k = string_pairs (en->fold, en->len, pairs);
    en->n_pairs = (guint8) k;
    for (guint j = 0; j < k; j++)
      m->pair_start[pairs[j] + 1]++;
  }
  for (guint p = 0; p < N_PAIRS; p++)
    m->pair_start[p + 1] += m->pair_start[p];
  m->pair_entries = g_new (guint32, MAX (m->pair_start[N_PAIRS], 1));
  m->n_pairs = g_new (guint8, MAX (n, 1));
  for (guint e = 0; e < n; e++)
    m->n_pairs[e] = g_array_index (m->entries, Entry, e).n_pairs;
  g_autofree guint32 *fill = g_memdup2 (m->pair_start, sizeof (guint32) * N_PAIRS);
  for (guint e = 0; e < n; e++) {
    const Entry *en = &g_array_index (m->entries, Entry, e);
    guint k = string_pairs (en->fold, en->len, pairs);
    for (guint j = 0; j < k; j++)
      m->pair_entries[fill[pairs[j]]++] = e;
  }
  return m;
}

void
ts_matcher_free (TsMatcher *matcher)
{
  if (matcher == NULL)
    return;
  for (guint i = 0; i < matcher->entries->len; i++)
    g_free (g_array_index (matcher->entries, Entry, i).fold);
  g_array_unref (matcher->entries);
  g_hash_table_unref (matcher->exact);
  g_free (matcher->pair_start);
  g_free (matcher->pair_entries);
  g_free (matcher->n_pairs);
  g_free (matcher);
}

typedef struct {
  guint entry;
  float cost;
  float score;
} Scored;

static float
score_of (float cost, guint qn, guint tn)
{
  float s = 1.0f - cost / (float) MAX (MAX (qn, tn), 1);
  return CLAMP (s, 0.0f, 1.0f);
}

/* An entry about as long as the text, counted in distinct letter pairs. */
static inline guint
alike_length (guint text_pairs, guint entry_pairs)
{
  return entry_pairs + 3 >= text_pairs && entry_pairs <= text_pairs + 3;
}

static gint
compare_shared (gconstpointer a, gconstpointer b, gpointer user_data)
{
  const guint8 *shared = user_data;
  guint32 ea = *(const guint32 *) a, eb = *(const guint32 *) b;
  if (shared[ea] != shared[eb])
    return shared[ea] > shared[eb] ? -1 : 1;
  return ea < eb ? -1 : ea > eb;
}

guint
ts_matcher_match (const TsMatcher *m, const char *query, TsMatch *out, guint max_out)
{
  g_return_val_if_fail (m != NULL, 0);
  if (max_out == 0 || query == NULL)
    return 0;
  char q[MAX_FOLD + 1];
  guint qn = fold_text (query, q, MAX_FOLD);
  if (qn == 0)
    return 0;

  guint n = m->entries->len;
  /* per call, so that threads never share scratch space */
  guint16 pairs[MAX_FOLD + 2];
  guint k = string_pairs (q, qn, pairs);
  gsize n_postings = 0;
  for (guint j = 0; j < k; j++)
    n_postings += m->pair_start[pairs[j] + 1] - m->pair_start[pairs[j]];

  /* per call, so that threads never share scratch space */
  g_autofree guint8 *shared = g_new0 (guint8, n);
  /* one spare: each entry is written before it is counted */
  g_autofree guint32 *touched = g_new (guint32, MIN (n, n_postings) + 1);
  guint n_touched = 0;
  for (guint j = 0; j < k; j++) {
    const guint32 *p = m->pair_entries + m->pair_start[pairs[j]];
    const guint32 *end = m->pair_entries + m->pair_start[pairs[j] + 1];
    for (; p < end; p++) {
      touched[n_touched] = *p;
      n_touched += shared[*p]++ == 0;
    }
  }

  /* Keep the entries sharing the most pairs, and apart from them the entries of about the
   * text's length sharing the most: short names share few pairs and would be crowded out by
   * long ones. Count how many share each amount, overall and among those. */
  guint hist[MAX_FOLD + 3] = { 0 }, hist_alike[MAX_FOLD + 3] = { 0 };
  for (guint i = 0; i < n_touched; i++) {
    guint32 e = touched[i];
    guint sh = MIN (shared[e], MAX_FOLD + 2);
    hist[sh]++;
    hist_alike[sh] += alike_length (k, m->n_pairs[e]);
  }
  guint want = MAX (N_CANDIDATES, max_out);
  guint threshold = MAX_FOLD + 2, taken = hist[threshold];
  while (threshold > 1 && taken < want)
    taken += hist[--threshold];
  guint room = want - (taken - hist[threshold]);
  guint threshold_alike = MAX_FOLD + 2, taken_alike = hist_alike[threshold_alike];
  while (threshold_alike > 1 && taken_alike < N_ALIKE)
    taken_alike += hist_alike[--threshold_alike];
  guint room_alike = N_ALIKE - MIN (N_ALIKE, taken_alike - hist_alike[threshold_alike]);

  /* candidates: the exact match (it tightens the limit for the rest), then the others */
  g_autoptr (GArray) cand = g_array_sized_new (FALSE, FALSE, sizeof (guint32), want + N_ALIKE + 1);
  gpointer exact = g_hash_table_lookup (m->exact, q);
  guint32 exact_e = exact != NULL ? GPOINTER_TO_UINT (exact) - 1 : G_MAXUINT32;
  if (exact != NULL)
    g_array_append_val (cand, exact_e);
  for (guint i = 0; i < n_touched; i++) {
    guint32 e = touched[i];
    guint sh = shared[e];
    if (e == exact_e)
      continue;
    if (sh > threshold || (sh == threshold && room > 0)) {
      room -= sh == threshold;
      g_array_append_val (cand, e);
    } else if (sh >= threshold_alike && alike_length (k, m->n_pairs[e])) {
      if (sh == threshold_alike) {
        if (room_alike == 0)
          continue;
        room_alike--;
      }
      g_array_append_val (cand, e);
    }
  }

  /* most shared pairs first: good matches come early and tighten the limit for the rest */
  g_array_sort_with_data (cand, compare_shared, shared);

  g_autoptr (GArray) best = g_array_sized_new (FALSE, FALSE, sizeof (Scored), max_out + 1);
  float limit = G_MAXFLOAT;
  for (guint i = 0; i < cand->len; i++) {
    guint32 e = g_array_index (cand, guint32, i);
    const Entry *en = &g_array_index (m->entries, Entry, e);
    if (best->len == max_out && length_bound (qn, en->len) + en->prior >= limit)
      continue;
    float cost = ocr_distance (m, q, qn, en->fold, en->len, limit) + en->prior;
    if (best->len == max_out && cost >= limit)
      continue;
    Scored s = { e, cost, score_of (cost - en->prior, qn, en->len) };
    guint at = best->len;
    while (at > 0 && g_array_index (best, Scored, at - 1).cost > cost)
      at--;
    g_array_insert_val (best, at, s);
    if (best->len > max_out)
      g_array_set_size (best, max_out);
    if (best->len == max_out)
      limit = g_array_index (best, Scored, max_out - 1).cost;
  }

  for (guint i = 0; i < best->len; i++) {
    const Scored *s = &g_array_index (best, Scored, i);
    const Entry *en = &g_array_index (m->entries, Entry, s->entry);
    out[i].name = en->name;
    out[i].card = en->card;
    /* scores follow the ranking: never above the one before */
    out[i].score = i > 0 ? MIN (s->score, out[i - 1].score) : s->score;
  }
  return best->len;
}
