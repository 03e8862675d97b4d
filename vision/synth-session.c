/* synth-session.c — recorded sessions: a small script of a game (cards entering, tapping,
 * attacking, dying, hands passing over, light flicker, camera shake) turned into per-card
 * motion tracks, rendered frame by frame, with the ground-truth events beside the frames. */
#include "synth.h"
#include "synth-card.h"
#include "synth-render.h"
#include "cv.h"

#include <errno.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#define TAP_FRAMES 5      /* a quarter turn by hand takes about a sixth of a second */
#define MOVE_FRAMES 8     /* entering, attacking, retreating, leaving */
#define DIE_FRAMES 10     /* carried to the graveyard pile */
/* The piles (library, graveyard) lie this far from the picture's side edges: clear of a card
 * tapped in the outer column of a random game (ts_synth_session_script_random()). */
#define PILE_X 0.1
#define REACH_FRAMES 4    /* a hand reaching for a card or withdrawing after */

typedef enum { ZONE_NONE, ZONE_BATTLEFIELD, ZONE_GRAVEYARD, ZONE_GONE } Zone;

typedef struct {
  double x, y;            /* table position, 0..1 of the canvas */
  double angle;           /* degrees clockwise */
} Pose;

/* One motion of a card: from a pose at f0 to another at f1 (f0 == f1 for a placement). */
typedef struct {
  int f0, f1;
  Pose from, to;
  gboolean carried;       /* a hand holds the card while it moves */
  gboolean present;       /* after f1 the card is on the table (FALSE once it has left) */
  Zone zone;              /* zone after f1 */
  int order;              /* drawing order after f1: the card handled last lies on top */
} Segment;

typedef struct {
  int id;
  char *name;
  int player;             /* 1 sits at the image bottom, 2 at the top */
  GArray *segments;       /* Segment, in time order */
  guint32 seed;
  TsSynthFrame frame;
  gboolean sleeved;
  double sleeve_rgb[3];
} Card;

typedef struct {
  int f0, f1;
  double x1, y1, x2, y2;  /* goes in from 1 to 2 in the first half, back in the second */
  double angle;
} HandPass;

typedef struct {
  int f0, f1;
  gboolean shake;         /* else flicker */
} Effect;

typedef struct {
  int frame;
  const char *kind;       /* "entered", "tapped", "untapped", "left" */
  int id;
  const char *name;
  int player;
  const char *zone;
  int seq;                /* script order, to keep ties stable */
} Event;

struct TsSynthSession {
  int width, height;
  int n_frames;
  int quality;
  guint32 seed;
  int frame_style;        /* 0 old, 1 modern, 2 mixed */
  double title_px;
  GPtrArray *cards;       /* Card* */
  GArray *hands;          /* HandPass */
  GArray *effects;        /* Effect */
  GArray *events;         /* Event, sorted by frame */
  GMutex lock;            /* guards background, made on first use */
  TsImage *background;    /* the table surface every frame shares */
};

static void
card_free (Card *c)
{
  g_free (c->name);
  g_array_unref (c->segments);
  g_free (c);
}

void
ts_synth_session_free (TsSynthSession *s)
{
  if (s == NULL)
    return;
  g_clear_pointer (&s->cards, g_ptr_array_unref);
  g_clear_pointer (&s->hands, g_array_unref);
  g_clear_pointer (&s->effects, g_array_unref);
  g_clear_pointer (&s->events, g_array_unref);
  g_clear_pointer (&s->background, ts_image_free);
  g_mutex_clear (&s->lock);
  g_free (s);
}

int
ts_synth_session_n_frames (const TsSynthSession *s)
{
  return s->n_frames;
}

/* ---- parsing ----------------------------------------------------------------------------- */

typedef struct {
  int frame;
  int line;
  char *verb;
  char **args;
} Command;

static void
command_clear (Command *c)
{
  g_free (c->verb);
  g_strfreev (c->args);
}

static gboolean
parse_int (const char *text, int lo, int hi, int *out)
{
  char *end = NULL;
  errno = 0;
  long v = strtol (text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v < lo || v > hi)
    return FALSE;
  *out = (int) v;
  return TRUE;
}

static gboolean
parse_double (const char *text, double lo, double hi, double *out)
{
  char *end = NULL;
  double v = g_ascii_strtod (text, &end);
  if (end == text || *end != '\0' || !isfinite (v) || v < lo || v > hi)
    return FALSE;
  *out = v;
  return TRUE;
}

static Card *
find_card (const TsSynthSession *s, int id)
{
  for (guint i = 0; i < s->cards->len; i++) {
    Card *c = g_ptr_array_index (s->cards, i);
    if (c->id == id)
      return c;
  }
  return NULL;
}

static Segment *
last_segment (Card *c)
{
  return c->segments->len ? &g_array_index (c->segments, Segment, c->segments->len - 1) : NULL;
}

/* Upright for its owner: player 2 sits across the table. */
static double
owner_angle (int player)
{
  return player == 2 ? 180.0 : 0.0;
}

static void
add_event (TsSynthSession *s, int frame, const char *kind, const Card *c, const char *zone)
{
  Event e = { frame, kind, c->id, c->name, c->player, zone, (int) s->events->len };
  g_array_append_val (s->events, e);
}

static int
compare_events (gconstpointer a, gconstpointer b)
{
  const Event *x = a, *y = b;
  if (x->frame != y->frame)
    return x->frame < y->frame ? -1 : 1;
  return x->seq < y->seq ? -1 : x->seq > y->seq;
}

static int
compare_commands (gconstpointer a, gconstpointer b)
{
  const Command *x = a, *y = b;
  if (x->frame != y->frame)
    return x->frame < y->frame ? -1 : 1;
  return x->line < y->line ? -1 : x->line > y->line;
}

#define FAIL(...)                                                                           \
  do {                                                                                      \
    g_autofree char *msg_ = g_strdup_printf (__VA_ARGS__);                                  \
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%d: %s", source, cmd->line, \
                 msg_);                                                                     \
    return FALSE;                                                                           \
  } while (0)

/* Applies one timed command to the session's tracks. */
static gboolean
apply_command (TsSynthSession *s, const Command *cmd, int *order, const char *source,
               GError **error)
{
  const char *v = cmd->verb;
  char **a = cmd->args;
  int n = (int) g_strv_length (a);
  int f = cmd->frame;

  if (g_str_equal (v, "hand")) {
    HandPass h = { f, 0 };
    int dur;
    if (n != 5 || !parse_double (a[0], -1, 2, &h.x1) || !parse_double (a[1], -1, 2, &h.y1) ||
        !parse_double (a[2], -1, 2, &h.x2) || !parse_double (a[3], -1, 2, &h.y2) ||
        !parse_int (a[4], 2, 100000, &dur))
      FAIL ("expected: at FRAME hand X1 Y1 X2 Y2 DURATION (positions -1..2, duration >= 2)");
    h.f1 = f + dur;
    double dx = (h.x2 - h.x1) * s->width, dy = (h.y2 - h.y1) * s->height;
    h.angle = (dx == 0 && dy == 0) ? 0 : atan2 (dx, -dy) * 180.0 / G_PI;
    g_array_append_val (s->hands, h);
    return TRUE;
  }
  if (g_str_equal (v, "flicker") || g_str_equal (v, "shake")) {
    int dur;
    if (n != 1 || !parse_int (a[0], 1, 100000, &dur))
      FAIL ("expected: at FRAME %s DURATION", v);
    Effect e = { f, f + dur, g_str_equal (v, "shake") };
    g_array_append_val (s->effects, e);
    return TRUE;
  }
  if (g_str_equal (v, "enter") || g_str_equal (v, "place")) {
    int id, player;
    Pose to;
    if (n != 5 || !parse_int (a[0], 0, G_MAXINT, &id) || !parse_int (a[2], 1, 2, &player) ||
        !parse_double (a[3], -0.5, 1.5, &to.x) || !parse_double (a[4], -0.5, 1.5, &to.y))
      FAIL ("expected: at FRAME %s ID \"NAME\" PLAYER X Y (player 1 or 2)", v);
    if (find_card (s, id) != NULL)
      FAIL ("card %d is already in the game", id);
    if (*a[1] == '\0')
      FAIL ("card %d has an empty name", id);
    Card *c = g_new0 (Card, 1);
    c->id = id;
    c->name = g_strdup (a[1]);
    c->player = player;
    c->segments = g_array_new (FALSE, TRUE, sizeof (Segment));
    c->seed = s->seed * 7919u + (guint32) id * 104729u;
    GRand *r = g_rand_new_with_seed (c->seed);
    c->frame = s->frame_style == 0 ? TS_SYNTH_FRAME_OLD
             : s->frame_style == 1 ? TS_SYNTH_FRAME_MODERN
             : g_rand_boolean (r) ? TS_SYNTH_FRAME_OLD : TS_SYNTH_FRAME_MODERN;
    c->sleeved = g_rand_int_range (r, 0, 3) == 0;
    for (int k = 0; k < 3; k++)
      c->sleeve_rgb[k] = g_rand_double_range (r, 0.05, 0.5);
    g_rand_free (r);
    g_ptr_array_add (s->cards, c);
    to.angle = owner_angle (player);
    Segment seg = { f, f, to, to, FALSE, TRUE, ZONE_BATTLEFIELD, (*order)++ };
    if (g_str_equal (v, "enter")) {
      seg.f1 = f + MOVE_FRAMES;
      seg.from = to;
      seg.from.y = player == 2 ? -0.35 : 1.35;  /* from the owner's side, off the picture */
      seg.carried = TRUE;
    }
    g_array_append_val (c->segments, seg);
    add_event (s, seg.f1, "entered", c, "battlefield");
    return TRUE;
  }

  static const char *const card_verbs[] = { "tap", "untap", "attack", "retreat", "die", "leave" };
  gboolean known = FALSE;
  for (gsize i = 0; i < G_N_ELEMENTS (card_verbs); i++)
    known |= g_str_equal (v, card_verbs[i]);
  if (!known)
    FAIL ("unknown command '%s'", v);

  /* the rest act on a card already on the table */
  int id;
  if (n < 1 || !parse_int (a[0], 0, G_MAXINT, &id))
    FAIL ("expected a card id after '%s'", v);
  Card *c = find_card (s, id);
  if (c == NULL)
    FAIL ("card %d has not entered", id);
  Segment *last = last_segment (c);
  if (!last->present || last->zone != ZONE_BATTLEFIELD)
    FAIL ("card %d is no longer on the battlefield", id);
  if (f < last->f1)
    FAIL ("card %d is still moving until frame %d", id, last->f1);
  if (n != 1)
    FAIL ("'%s' takes only a card id", v);
  Pose here = last->to;
  double turned = fmod (here.angle - owner_angle (c->player) + 360.0, 360.0);
  gboolean tapped = fabs (turned - 90.0) < 1.0;
  /* A card turned or pushed by hand is laid back over whatever it reaches. */
  Segment seg = { f, f, here, here, FALSE, TRUE, ZONE_BATTLEFIELD, (*order)++ };

  if (g_str_equal (v, "tap") || g_str_equal (v, "untap")) {
    gboolean tap = g_str_equal (v, "tap");
    if (tap == tapped)
      FAIL ("card %d is already %s", id, tap ? "tapped" : "untapped");
    seg.f1 = f + TAP_FRAMES;
    seg.to.angle = here.angle + (tap ? 90.0 : -90.0);
    add_event (s, seg.f1, tap ? "tapped" : "untapped", c, "battlefield");
  } else if (g_str_equal (v, "attack") || g_str_equal (v, "retreat")) {
    gboolean forward = g_str_equal (v, "attack");
    double step = (c->player == 2 ? 1 : -1) * 0.07 * (forward ? 1 : -1);
    seg.f1 = f + MOVE_FRAMES;
    seg.to.y = here.y + step;
  } else if (g_str_equal (v, "die")) {
    /* the owner's graveyard pile: right of player 1, left of player 2 */
    int in_yard = 0;
    for (guint i = 0; i < s->cards->len; i++) {
      Card *o = g_ptr_array_index (s->cards, i);
      Segment *ol = last_segment (o);
      in_yard += o->player == c->player && ol->zone == ZONE_GRAVEYARD;
    }
    seg.f1 = f + DIE_FRAMES;
    seg.carried = TRUE;
    seg.to.x = c->player == 2 ? PILE_X : 1 - PILE_X;
    seg.to.y = c->player == 2 ? 0.3 : 0.7;
    seg.to.angle = owner_angle (c->player) + (in_yard % 2 ? 3.0 : -2.0);
    seg.to.x += 0.004 * in_yard;
    seg.zone = ZONE_GRAVEYARD;
    add_event (s, seg.f1, "left", c, "graveyard");
  } else if (g_str_equal (v, "leave")) {
    seg.f1 = f + MOVE_FRAMES;
    seg.carried = TRUE;
    seg.to.y = c->player == 2 ? -0.35 : 1.35;
    seg.present = FALSE;
    seg.zone = ZONE_GONE;
    add_event (s, seg.f1, "left", c, "gone");
  } else {
    FAIL ("unknown command '%s'", v);
  }
  g_array_append_val (c->segments, seg);
  return TRUE;
}

#undef FAIL

/* Splits a line into words; a double-quoted part is one word. */
static char **
split_words (const char *line, gboolean *ok)
{
  GPtrArray *words = g_ptr_array_new ();
  const char *p = line;
  *ok = TRUE;
  while (*p) {
    while (*p == ' ' || *p == '\t' || *p == '\r')
      p++;
    if (*p == '\0' || *p == '#')
      break;
    if (*p == '"') {
      const char *end = strchr (p + 1, '"');
      if (end == NULL) {
        *ok = FALSE;
        break;
      }
      g_ptr_array_add (words, g_strndup (p + 1, (gsize) (end - p - 1)));
      p = end + 1;
    } else {
      const char *start = p;
      while (*p && *p != ' ' && *p != '\t' && *p != '\r' && *p != '#')
        p++;
      g_ptr_array_add (words, g_strndup (start, (gsize) (p - start)));
    }
  }
  g_ptr_array_add (words, NULL);
  return (char **) g_ptr_array_free (words, FALSE);
}

TsSynthSession *
ts_synth_session_new_from_script (const char *text, const char *source, GError **error)
{
  g_return_val_if_fail (text != NULL, NULL);
  if (source == NULL)
    source = "script";
  g_autoptr (TsSynthSession) s = g_new0 (TsSynthSession, 1);
  g_mutex_init (&s->lock);
  s->width = 640;
  s->height = 360;
  s->quality = 70;
  s->seed = 1;
  s->frame_style = 2;
  s->n_frames = -1;
  s->cards = g_ptr_array_new_with_free_func ((GDestroyNotify) card_free);
  s->hands = g_array_new (FALSE, TRUE, sizeof (HandPass));
  s->effects = g_array_new (FALSE, TRUE, sizeof (Effect));
  s->events = g_array_new (FALSE, TRUE, sizeof (Event));
  g_autoptr (GArray) cmds = g_array_new (FALSE, TRUE, sizeof (Command));
  g_array_set_clear_func (cmds, (GDestroyNotify) command_clear);

  if (!g_utf8_validate (text, -1, NULL)) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s: not valid UTF-8", source);
    return NULL;
  }
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  int last_frame = 0;
  for (int i = 0; lines[i] != NULL; i++) {
    int line = i + 1;
    gboolean ok;
    g_auto (GStrv) w = split_words (lines[i], &ok);
    int n = (int) g_strv_length (w);
#define BAD(...)                                                                              \
    do {                                                                                      \
      g_autofree char *msg_ = g_strdup_printf (__VA_ARGS__);                                  \
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA, "%s:%d: %s", source, line,     \
                   msg_);                                                                     \
      return NULL;                                                                            \
    } while (0)
    if (!ok)
      BAD ("unterminated quoted name");
    if (n == 0)
      continue;
    if (g_str_equal (w[0], "size")) {
      if (n != 2 || sscanf (w[1], "%dx%d", &s->width, &s->height) != 2 || s->width < 64 ||
          s->height < 64 || s->width > 4096 || s->height > 4096)
        BAD ("expected: size WxH (64..4096 pixels a side)");
    } else if (g_str_equal (w[0], "frames")) {
      if (n != 2 || !parse_int (w[1], 1, 1000000, &s->n_frames))
        BAD ("expected: frames N (1..1000000)");
    } else if (g_str_equal (w[0], "seed")) {
      int seed;
      if (n != 2 || !parse_int (w[1], 0, G_MAXINT, &seed))
        BAD ("expected: seed N");
      s->seed = (guint32) seed;
    } else if (g_str_equal (w[0], "quality")) {
      if (n != 2 || !parse_int (w[1], 5, 100, &s->quality))
        BAD ("expected: quality 5..100");
    } else if (g_str_equal (w[0], "frame")) {
      if (n != 2 || !(g_str_equal (w[1], "old") || g_str_equal (w[1], "modern") ||
                      g_str_equal (w[1], "mixed")))
        BAD ("expected: frame old|modern|mixed");
      s->frame_style = g_str_equal (w[1], "old") ? 0 : g_str_equal (w[1], "modern") ? 1 : 2;
    } else if (g_str_equal (w[0], "title")) {
      if (n != 2 || !parse_double (w[1], 4, 200, &s->title_px))
        BAD ("expected: title PIXELS (4..200)");
    } else if (g_str_equal (w[0], "at")) {
      Command c = { 0 };
      if (n < 3 || !parse_int (w[1], 0, 1000000, &c.frame))
        BAD ("expected: at FRAME COMMAND ...");
      c.line = line;
      c.verb = g_strdup (w[2]);
      c.args = g_strdupv (w + 3);
      g_array_append_val (cmds, c);
      last_frame = MAX (last_frame, c.frame);
    } else {
      BAD ("unknown line '%s' (size, frames, seed, quality, frame, title or at)", w[0]);
    }
#undef BAD
  }
  if (s->title_px <= 0)
    s->title_px = s->height / 40.0;
  g_array_sort (cmds, compare_commands);
  int order = 0;
  for (guint i = 0; i < cmds->len; i++)
    if (!apply_command (s, &g_array_index (cmds, Command, i), &order, source, error))
      return NULL;
  int settle = last_frame;
  for (guint i = 0; i < s->events->len; i++)
    settle = MAX (settle, g_array_index (s->events, Event, i).frame);
  for (guint i = 0; i < s->hands->len; i++)
    settle = MAX (settle, g_array_index (s->hands, HandPass, i).f1);
  if (s->n_frames < 0)
    s->n_frames = settle + 30;
  if (s->n_frames <= settle) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
                 "%s: 'frames %d' ends before the script settles at frame %d", source,
                 s->n_frames, settle);
    return NULL;
  }
  g_array_sort (s->events, compare_events);
  return g_steal_pointer (&s);
}

TsSynthSession *
ts_synth_session_new_from_file (const char *path, GError **error)
{
  g_autofree char *text = NULL;
  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  return ts_synth_session_new_from_script (text, path, error);
}

/* ---- random games ------------------------------------------------------------------------ */

typedef struct {
  int id;
  int player;
  int slot;
  gboolean tapped;
  gboolean attacking;
  int busy_until;         /* frame from which the card is at rest */
} RandomCard;

#define SLOTS 3

/* Numbers in scripts always use a dot, whatever the locale. */
static const char *
num (char *buf, double v)
{
  return g_ascii_formatd (buf, G_ASCII_DTOSTR_BUF_SIZE, "%.3f", v);
}

char *
ts_synth_session_script_random (const TsSynthDeck *deck, guint32 seed, int n_frames, int width,
                                int height)
{
  g_return_val_if_fail (deck != NULL && ts_synth_deck_count (deck) > 0, NULL);
  n_frames = MAX (n_frames, 60);
  g_autoptr (GRand) r = g_rand_new_with_seed (seed);
  GString *out = g_string_new (NULL);
  char b[4][G_ASCII_DTOSTR_BUF_SIZE];
  g_string_append_printf (out,
                          "# a random two-player game (seed %u), made by "
                          "ts_synth_session_script_random()\n"
                          "size %dx%d\nframes %d\nseed %u\nquality 60\nframe mixed\n"
                          "title %s\n",
                          seed, width, height, n_frames, seed, num (b[0], MAX (4.0, height / 46.0)));
  g_autoptr (GArray) cards = g_array_new (FALSE, TRUE, sizeof (RandomCard));
  gboolean used[3][SLOTS] = { { FALSE } };
  int next_id = 1;
  /* Cards are about 0.41 of the height long: the rows leave 0.08 between them, room for an
   * attacker pushed forward (0.07) that stops short of the other player's cards. */
  const double row_y[3] = { 0, 0.745, 0.255 };
  const double slot_x[SLOTS] = { 0.28, 0.5, 0.72 };
  /* the board when the recording starts */
  for (int player = 1; player <= 2; player++) {
    int n = g_rand_int_range (r, 1, SLOTS);
    for (int k = 0; k < n; k++) {
      const TsSynthCardInfo *info = ts_synth_deck_nth (deck,
        (guint) g_rand_int_range (r, 0, (gint32) ts_synth_deck_count (deck)));
      g_autofree char *name = g_strdelimit (g_strdup (info->name), "\"", '\'');
      RandomCard c = { next_id++, player, k, FALSE, FALSE, 0 };
      g_string_append_printf (out, "at 0 place %d \"%s\" %d %s %s\n", c.id, name, player,
                              num (b[0], slot_x[k]), num (b[1], row_y[player]));
      used[player][k] = TRUE;
      g_array_append_val (cards, c);
    }
  }
  /* leave 30 frames at the end for everything to settle */
  int last = n_frames - 30;
  for (int f = 2; f < last; f += g_rand_int_range (r, 2, 7)) {
    int roll = g_rand_int_range (r, 0, 100);
    if (roll < 6) {
      double x = g_rand_double_range (r, 0.2, 0.8);
      gboolean from_bottom = g_rand_boolean (r);
      int dur = g_rand_int_range (r, 8, 20);
      if (f + dur < last)
        g_string_append_printf (out, "at %d hand %s %s %s %s %d\n", f, num (b[0], x),
                                num (b[1], from_bottom ? 1.3 : -0.3),
                                num (b[2], x + g_rand_double_range (r, -0.1, 0.1)),
                                num (b[3], from_bottom ? g_rand_double_range (r, 0.5, 0.8)
                                                       : g_rand_double_range (r, 0.2, 0.5)),
                                dur);
      continue;
    }
    if (roll < 9) {
      g_string_append_printf (out, "at %d %s %d\n", f, g_rand_boolean (r) ? "flicker" : "shake",
                              g_rand_int_range (r, 4, 12));
      continue;
    }
    int player = g_rand_int_range (r, 1, 3);
    /* pick a card of this player at rest, if any */
    g_autoptr (GArray) idle = g_array_new (FALSE, FALSE, sizeof (guint));
    for (guint i = 0; i < cards->len; i++) {
      RandomCard *c = &g_array_index (cards, RandomCard, i);
      if (c->player == player && c->busy_until <= f)
        g_array_append_val (idle, i);
    }
    int free_slot = -1;
    for (int k = 0; k < SLOTS; k++)
      if (!used[player][k] && (free_slot < 0 || g_rand_boolean (r)))
        free_slot = k;
    gboolean enter = free_slot >= 0 && (idle->len == 0 || roll < 30);
    if (enter) {
      const TsSynthCardInfo *info = ts_synth_deck_nth (deck,
        (guint) g_rand_int_range (r, 0, (gint32) ts_synth_deck_count (deck)));
      g_autofree char *name = g_strdelimit (g_strdup (info->name), "\"", '\'');
      RandomCard c = { next_id++, player, free_slot, FALSE, FALSE, f + 8 };
      double ex = slot_x[free_slot] + g_rand_double_range (r, -0.01, 0.01);
      double ey = row_y[player] + g_rand_double_range (r, -0.01, 0.01);
      g_string_append_printf (out, "at %d enter %d \"%s\" %d %s %s\n", f, c.id, name, player,
                              num (b[0], ex), num (b[1], ey));
      used[player][free_slot] = TRUE;
      g_array_append_val (cards, c);
      continue;
    }
    if (idle->len == 0)
      continue;
    guint pick = g_array_index (idle, guint, g_rand_int_range (r, 0, (gint32) idle->len));
    RandomCard *c = &g_array_index (cards, RandomCard, pick);
    int action = g_rand_int_range (r, 0, 100);
    if (c->attacking) {
      if (action < 40 && !c->tapped) {
        g_string_append_printf (out, "at %d tap %d\n", f, c->id);
        c->tapped = TRUE;
        c->busy_until = f + 5;
      } else if (action < 60) {
        g_string_append_printf (out, "at %d die %d\n", f, c->id);
        used[c->player][c->slot] = FALSE;
        g_array_remove_index (cards, pick);
      } else {
        g_string_append_printf (out, "at %d retreat %d\n", f, c->id);
        c->attacking = FALSE;
        c->busy_until = f + 8;
      }
    } else if (action < 45) {
      g_string_append_printf (out, "at %d %s %d\n", f, c->tapped ? "untap" : "tap", c->id);
      c->tapped = !c->tapped;
      c->busy_until = f + 5;
    } else if (action < 60 && !c->tapped) {
      g_string_append_printf (out, "at %d attack %d\n", f, c->id);
      c->attacking = TRUE;
      c->busy_until = f + 8;
    } else if (action < 70) {
      g_string_append_printf (out, "at %d die %d\n", f, c->id);
      used[c->player][c->slot] = FALSE;
      g_array_remove_index (cards, pick);
    } else if (action < 76) {
      g_string_append_printf (out, "at %d leave %d\n", f, c->id);
      used[c->player][c->slot] = FALSE;
      g_array_remove_index (cards, pick);
    }
  }
  return g_string_free (out, FALSE);
}

/* ---- rendering --------------------------------------------------------------------------- */

static double
smooth (double t)
{
  t = CLAMP (t, 0.0, 1.0);
  return t * t * (3 - 2 * t);
}

/* The card's state at frame f: FALSE when it is not on the table. */
static gboolean
card_at (const Card *c, double f, Pose *pose, gboolean *carried, int *order)
{
  const Segment *cur = NULL;
  for (guint i = 0; i < c->segments->len; i++) {
    const Segment *sg = &g_array_index (c->segments, Segment, i);
    if (sg->f0 <= f)
      cur = sg;
  }
  if (cur == NULL)
    return FALSE;
  if (f >= cur->f1) {
    if (!cur->present)
      return FALSE;
    *pose = cur->to;
    *carried = FALSE;
  } else {
    double t = smooth ((double) (f - cur->f0) / (cur->f1 - cur->f0));
    pose->x = cur->from.x + (cur->to.x - cur->from.x) * t;
    pose->y = cur->from.y + (cur->to.y - cur->from.y) * t;
    pose->angle = cur->from.angle + (cur->to.angle - cur->from.angle) * t;
    *carried = cur->carried;
  }
  *order = *carried ? G_MAXINT / 2 + c->id : cur->order;
  return TRUE;
}

/* A hand reaching for a carried card before it moves and withdrawing after: the hand's
 * fingertips at the owner-side edge of the card at frame f, if any. */
static gboolean
reach_at (const TsSynthSession *s, const Card *c, int f, double out[2], double *angle)
{
  for (guint i = 0; i < c->segments->len; i++) {
    const Segment *sg = &g_array_index (c->segments, Segment, i);
    if (!sg->carried)
      continue;
    const Pose *p;
    double t;
    if (f >= sg->f0 - REACH_FRAMES && f < sg->f0) {
      p = &sg->from;
      t = (double) (sg->f0 - f) / REACH_FRAMES;   /* 1 far away .. 0 at the card */
    } else if (f >= sg->f1 && f < sg->f1 + REACH_FRAMES) {
      p = &sg->to;
      t = (double) (f - sg->f1 + 1) / REACH_FRAMES;
    } else {
      continue;
    }
    double dir = c->player == 2 ? -1 : 1;
    out[0] = p->x * s->width;
    double px_per_mm = s->title_px / 5.0;  /* the name line is 5 mm tall */
    out[1] = p->y * s->height + dir * 40 * px_per_mm + dir * smooth (t) * s->height * 0.8;
    *angle = owner_angle (c->player);
    return TRUE;
  }
  return FALSE;
}

/* The drawn item for card c at pose on a w x h canvas. */
static void
card_item (const Card *c, const TsSynthCardInfo *info, const Pose *pose, double w, double h,
           double opacity, TsSynthItem *item)
{
  item->kind = TS_SYNTH_ITEM_CARD;
  item->opacity = opacity;
  item->info = info;
  item->frame = c->frame;
  item->id = c->id;
  item->seed = c->seed;
  item->cx = pose->x * w;
  item->cy = pose->y * h;
  item->angle = fmod (pose->angle + 720.0, 360.0);
  item->sleeved = c->sleeved;
  memcpy (item->sleeve_rgb, c->sleeve_rgb, sizeof c->sleeve_rgb);
}

typedef struct {
  TsSynthItem item;
  int order;              /* drawing order of the card or hand */
  int sub;                /* within one card: blur copies, the card, the hand holding it */
} Sorted;

static int
compare_sorted (gconstpointer a, gconstpointer b)
{
  const Sorted *x = a, *y = b;
  if (x->order != y->order)
    return x->order < y->order ? -1 : 1;
  return x->sub < y->sub ? -1 : x->sub > y->sub;
}

static double
frame_noise (guint32 seed, int f, int k)
{
  guint32 h = seed * 2654435761u ^ (guint32) f * 40503u ^ (guint32) k * 2246822519u;
  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  return (h & 0xffffff) / 16777216.0;
}

static void
session_table (const TsSynthSession *s, const TsSynthDeck *deck, int f, TsSynthTable *t,
               GPtrArray *infos)
{
  ts_synth_table_init (t, s->width, s->height);
  double title_mm[4];
  ts_synth_card_title_rect (TS_SYNTH_FRAME_MODERN, title_mm);
  t->px_per_mm = s->title_px / title_mm[3];
  t->background = TS_SYNTH_BG_WOOD;
  t->background_seed = s->seed;
  const double wood[3] = { 0.66, 0.47, 0.29 };
  memcpy (t->bg_rgb, wood, sizeof wood);
  for (int k = 0; k < 3; k++)
    t->bg_rgb2[k] = wood[k] * 0.88;
  t->bg_angle = 3;

  /* camera: a mild fixed tilt, shaken during shake effects */
  double w = s->width, h = s->height, m = 0.02 * w, spread = 0.05 * w;
  double cam[4][2] = { { -m, -m }, { w + m, -m }, { w + m + spread, h + m }, { -m - spread, h + m } };
  double brightness = 1.0;
  for (guint i = 0; i < s->effects->len; i++) {
    const Effect *e = &g_array_index (s->effects, Effect, i);
    if (f < e->f0 || f >= e->f1)
      continue;
    if (e->shake) {
      double dx = (frame_noise (s->seed, f, 1) - 0.5) * 0.03 * w;
      double dy = (frame_noise (s->seed, f, 2) - 0.5) * 0.03 * h;
      for (int k = 0; k < 4; k++) {
        cam[k][0] += dx + (frame_noise (s->seed, f, 3 + k) - 0.5) * 0.006 * w;
        cam[k][1] += dy + (frame_noise (s->seed, f, 7 + k) - 0.5) * 0.006 * h;
      }
    } else {
      brightness *= 0.72 + 0.4 * frame_noise (s->seed, f, 11);
    }
  }
  memcpy (t->camera, cam, sizeof cam);
  t->brightness = brightness;
  t->gradient = 0.3;
  t->gradient_angle = 200;
  t->vignette = 0.35;
  t->tint[0] = 0.95;
  t->tint[1] = 1.0;
  t->tint[2] = 1.04;
  t->blur = 0.5;
  t->noise = 2.0;  /* a webcam's noise; more would mostly cost JPEG bytes */
  t->noise_seed = s->seed ^ ((guint32) f * 2654435761u);
  t->jpeg_quality = s->quality;

  g_autoptr (GArray) sorted = g_array_new (FALSE, TRUE, sizeof (Sorted));
  /* each player's library: a face-down pile beside the graveyard */
  for (int player = 1; player <= 2; player++) {
    Sorted lib = { { 0 }, -2, player };
    lib.item.kind = TS_SYNTH_ITEM_BACK;
    lib.item.cx = (player == 2 ? 1 - PILE_X : PILE_X) * w;
    lib.item.cy = (player == 2 ? 0.3 : 0.7) * h;
    lib.item.angle = owner_angle (player) + (player == 2 ? 2.0 : -1.5);
    lib.item.seed = s->seed + (guint32) player;
    lib.item.lift = 1.5;
    g_array_append_val (sorted, lib);
  }
  for (guint i = 0; i < s->cards->len; i++) {
    const Card *c = g_ptr_array_index (s->cards, i);
    Pose pose;
    gboolean carried;
    int order;
    if (!card_at (c, f, &pose, &carried, &order))
      continue;
    const TsSynthCardInfo *info = deck != NULL ? ts_synth_deck_lookup (deck, c->name) : NULL;
    if (info == NULL) {
      /* a name the deck lacks: invented facts, kept alive in infos for this frame */
      TsSynthCardInfo *made = g_new0 (TsSynthCardInfo, 1);
      made->name = c->name;
      made->mana_cost = "{2}";
      made->type_line = "Creature";
      made->colors = 1u << (g_str_hash (c->name) % 5);
      g_ptr_array_add (infos, made);
      info = made;
    }
    /* motion blur: a moving card leaves fainter copies of where it was during the
     * exposure (a webcam exposes for about half the frame interval) */
    Pose earlier;
    gboolean was_carried;
    int was_order;
    gboolean moving = card_at (c, f - 0.5, &earlier, &was_carried, &was_order) &&
                      (fabs (earlier.x - pose.x) * w + fabs (earlier.y - pose.y) * h > 1.5 ||
                       fabs (earlier.angle - pose.angle) > 1.0);
    if (moving) {
      for (int k = 3; k >= 1; k--) {
        Pose gp;
        if (!card_at (c, f - 0.5 * k / 3.0, &gp, &was_carried, &was_order))
          continue;
        Sorted ghost = { { 0 }, order, 3 - k };
        card_item (c, info, &gp, w, h, 0.45, &ghost.item);
        ghost.item.ghost = TRUE;
        ghost.item.lift = -1;  /* no shadow of its own */
        g_array_append_val (sorted, ghost);
      }
    }
    Sorted it = { { 0 }, order, 3 };
    card_item (c, info, &pose, w, h, moving ? 0.6 : 1.0, &it.item);
    it.item.lift = carried ? 12.0 : 0;
    g_array_append_val (sorted, it);
    if (carried) {
      /* the hand holding it, fingertips at the owner-side edge */
      Sorted hand = { { 0 }, order, 4 };
      double dir = c->player == 2 ? -1 : 1;
      hand.item.kind = TS_SYNTH_ITEM_HAND;
      hand.item.cx = pose.x * w;
      hand.item.cy = pose.y * h + dir * 40 * t->px_per_mm;
      hand.item.angle = owner_angle (c->player);
      hand.item.seed = s->seed + (guint32) c->player * 31u;
      g_array_append_val (sorted, hand);
    } else {
      double tip[2], a;
      if (reach_at (s, c, f, tip, &a)) {
        Sorted hand = { { 0 }, G_MAXINT / 2 + 100000 + c->id, 0 };
        hand.item.kind = TS_SYNTH_ITEM_HAND;
        hand.item.cx = tip[0];
        hand.item.cy = tip[1];
        hand.item.angle = a;
        hand.item.seed = s->seed + (guint32) c->player * 31u;
        g_array_append_val (sorted, hand);
      }
    }
  }
  for (guint i = 0; i < s->hands->len; i++) {
    const HandPass *hp = &g_array_index (s->hands, HandPass, i);
    if (f < hp->f0 || f >= hp->f1)
      continue;
    double half = (hp->f1 - hp->f0) / 2.0;
    double t2 = f - hp->f0 < half ? (f - hp->f0) / half : (hp->f1 - f) / half;
    double k = smooth (t2);
    Sorted hand = { { 0 }, G_MAXINT - 10 + (int) MIN (i, 8), (int) i };
    hand.item.kind = TS_SYNTH_ITEM_HAND;
    hand.item.cx = (hp->x1 + (hp->x2 - hp->x1) * k) * w;
    hand.item.cy = (hp->y1 + (hp->y2 - hp->y1) * k) * h;
    hand.item.angle = hp->angle;
    hand.item.seed = s->seed + 1000u + i;
    g_array_append_val (sorted, hand);
  }
  g_array_sort (sorted, compare_sorted);
  for (guint i = 0; i < sorted->len; i++)
    g_array_append_val (t->items, g_array_index (sorted, Sorted, i).item);
}

TsSynthScene *
ts_synth_session_render_frame (const TsSynthSession *s, const TsSynthDeck *deck, int index,
                               GError **error)
{
  if (index < 0 || index >= s->n_frames) {
    g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                 "frame %d is outside the session's 0..%d", index, s->n_frames - 1);
    return NULL;
  }
  g_autoptr (GPtrArray) infos = g_ptr_array_new_with_free_func (g_free);
  TsSynthTable t;
  session_table (s, deck, index, &t, infos);
  /* the table surface is the costliest part of a frame and never changes */
  TsSynthSession *mut = (TsSynthSession *) s;
  g_mutex_lock (&mut->lock);
  if (mut->background == NULL)
    mut->background = ts_synth_table_render_background (&t);
  g_mutex_unlock (&mut->lock);
  t.background_cache = s->background;
  TsSynthScene *scene = ts_synth_table_render (&t, error);
  ts_synth_table_clear (&t);
  return scene;
}

/* ---- ground truth ------------------------------------------------------------------------ */

char *
ts_synth_session_events_jsonl (const TsSynthSession *s)
{
  GString *out = g_string_new (NULL);
  for (guint i = 0; i < s->events->len; i++) {
    const Event *e = &g_array_index (s->events, Event, i);
    g_autoptr (JsonBuilder) b = json_builder_new ();
    json_builder_begin_object (b);
    json_builder_set_member_name (b, "frame");
    json_builder_add_int_value (b, e->frame);
    json_builder_set_member_name (b, "event");
    json_builder_add_string_value (b, e->kind);
    json_builder_set_member_name (b, "id");
    json_builder_add_int_value (b, e->id);
    json_builder_set_member_name (b, "name");
    json_builder_add_string_value (b, e->name);
    json_builder_set_member_name (b, "player");
    json_builder_add_int_value (b, e->player);
    json_builder_set_member_name (b, "zone");
    json_builder_add_string_value (b, e->zone);
    json_builder_end_object (b);
    g_autoptr (JsonGenerator) gen = json_generator_new ();
    g_autoptr (JsonNode) root = json_builder_get_root (b);
    json_generator_set_root (gen, root);
    g_autofree char *line = json_generator_to_data (gen, NULL);
    g_string_append (out, line);
    g_string_append_c (out, '\n');
  }
  return g_string_free (out, FALSE);
}

gboolean
ts_synth_session_write (const TsSynthSession *s, const TsSynthDeck *deck, const char *dir,
                        gboolean with_truth, TsSynthProgressFunc progress, gpointer user_data,
                        GError **error)
{
  for (int f = 0; f < s->n_frames; f++) {
    g_autoptr (TsSynthScene) scene = ts_synth_session_render_frame (s, deck, f, error);
    if (scene == NULL)
      return FALSE;
    g_autofree char *base = g_strdup_printf ("frame-%04d", f);
    g_autofree char *name = g_strconcat (base, ".jpg", NULL);
    g_autofree char *path = g_build_filename (dir, name, NULL);
    gsize n;
    const guint8 *bytes = g_bytes_get_data (scene->jpeg, &n);
    if (!g_file_set_contents (path, (const char *) bytes, (gssize) n, error))
      return FALSE;
    if (with_truth) {
      g_autofree char *json_name = g_strconcat (base, ".json", NULL);
      g_autofree char *json_path = g_build_filename (dir, json_name, NULL);
      g_autofree char *json = ts_synth_scene_to_json_with_ids (scene, name);
      g_autofree char *line = g_strconcat (json, "\n", NULL);
      if (!g_file_set_contents (json_path, line, -1, error))
        return FALSE;
    }
    if (progress != NULL)
      progress (f + 1, s->n_frames, user_data);
  }
  g_autofree char *events = ts_synth_session_events_jsonl (s);
  g_autofree char *path = g_build_filename (dir, "events.jsonl", NULL);
  return g_file_set_contents (path, events, -1, error);
}
