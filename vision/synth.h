/* synth.h — synthetic table scenes with ground truth: card faces in old (1993) and modern
 * frames laid on wood, cloth or playmats, rotated, tapped, fanned, stacked, under perspective,
 * uneven light, blur, noise, glare on sleeves and JPEG artefacts, plus clutter that is not a
 * card. Also recorded sessions: a scripted game rendered as a frame sequence with the
 * ground-truth events beside it.
 *
 * Everything is deterministic from a seed: the same parameters, deck and seed give the same
 * JPEG bytes on the same machine (fonts come from fontconfig, so other machines may differ).
 *
 * Coordinates in ground truth are image pixels, origin at the top-left pixel's corner, x right,
 * y down. Angles are degrees clockwise as seen in the image.
 */
#pragma once

#include <glib.h>
#include "image.h"

G_BEGIN_DECLS

/* ---- what a card looks like ---------------------------------------------------------------- */

/* Colour bits, same values as TsColor in cards.h (W U B R G). */
enum {
  TS_SYNTH_WHITE = 1 << 0,
  TS_SYNTH_BLUE  = 1 << 1,
  TS_SYNTH_BLACK = 1 << 2,
  TS_SYNTH_RED   = 1 << 3,
  TS_SYNTH_GREEN = 1 << 4,
};

/* The printed facts a face needs. Strings are borrowed: they must outlive whatever uses them. */
typedef struct {
  const char *name;
  const char *mana_cost;  /* "{2}{R}{R}", "" or NULL for none */
  const char *type_line;  /* "Creature — Dragon"; NULL draws a generic one */
  guint colors;           /* TS_SYNTH_* bits */
  gboolean land;          /* lands get the land frame colour */
  gboolean artifact;      /* colourless artifacts get the artifact frame colour */
  const char *power;      /* NULL unless a creature */
  const char *toughness;
} TsSynthCardInfo;

typedef enum {
  TS_SYNTH_FRAME_OLD,     /* 1993: black border, textured colour frame, name on a band */
  TS_SYNTH_FRAME_MODERN,  /* black border, pale title bar, mana symbols right, type line */
} TsSynthFrame;

/* A deck: the card facts the generator draws names from. Owns copies of its strings. */
typedef struct TsSynthDeck TsSynthDeck;

TsSynthDeck *ts_synth_deck_new (void);
void ts_synth_deck_free (TsSynthDeck *deck);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsSynthDeck, ts_synth_deck_free)
/* Copies info into the deck. */
void ts_synth_deck_add (TsSynthDeck *deck, const TsSynthCardInfo *info);
guint ts_synth_deck_count (const TsSynthDeck *deck);
/* Borrowed; valid until the deck is freed. */
const TsSynthCardInfo *ts_synth_deck_nth (const TsSynthDeck *deck, guint i);
/* The first card of that exact name, or NULL. */
const TsSynthCardInfo *ts_synth_deck_lookup (const TsSynthDeck *deck, const char *name);
/* A few dozen Limited Edition Alpha cards with their printed facts (all five colours,
 * artifacts, lands, short and long names): the deck used when no card database is given. */
TsSynthDeck *ts_synth_deck_new_builtin (void);
/* Every single-faced paper card of a card database (split, double-faced and digital-only
 * cards are left out: their printed title is not the database name). */
struct TsCardDb;
TsSynthDeck *ts_synth_deck_new_from_carddb (const struct TsCardDb *db);
/* One card per non-empty line of a UTF-8 text file; colours and costs are invented from the
 * name (deterministically). Error names the file and line on failure. */
TsSynthDeck *ts_synth_deck_new_from_names (const char *path, GError **error);

/* The outline of the name line on a face, in millimetres from the card's top-left corner
 * (the card is 63 x 88 mm): x, y, width, height. */
void ts_synth_card_title_rect (TsSynthFrame frame, double out_rect[4]);

/* ---- scenes -------------------------------------------------------------------------------- */

typedef enum {
  TS_SYNTH_PRESET_EASY,    /* few cards, apart, nearly upright, good light */
  TS_SYNTH_PRESET_NORMAL,  /* a table in play: some tapped, fans, stacks, glare, clutter */
  TS_SYNTH_PRESET_HARD,    /* crowded, strong perspective, blur, noise, low JPEG quality */
  TS_SYNTH_PRESET_CLUTTER, /* no card at all: dice, coins, tokens, a phone, a pen */
  TS_SYNTH_PRESET_OLD,     /* normal, every card in the 1993 frame */
  TS_SYNTH_PRESET_MODERN,  /* normal, every card in the modern frame */
} TsSynthPreset;

/* Parses "easy", "normal", ... ; FALSE on anything else. */
gboolean ts_synth_preset_from_string (const char *text, TsSynthPreset *out);
const char *ts_synth_preset_to_string (TsSynthPreset preset);

/* Tunables of one scene. Fill with ts_synth_params_init(), then change what you need. */
typedef struct {
  int width, height;           /* output image, pixels */
  int n_cards_min, n_cards_max;/* cards wanted; fewer are placed when the table is full */
  double title_px_min;         /* height of a name line in the image, pixels: sets card scale */
  double title_px_max;
  double p_old_frame;          /* 0..1: chance a card wears the 1993 frame */
  double p_tapped;             /* chance a single card lies tapped (90° or 270°) */
  double p_upside_down;        /* chance a card is turned 180° (from its owner across) */
  double max_jitter_deg;       /* small turns around 0/90/180/270, ± degrees */
  double p_fan;                /* chance a group is a fanned hand of 3..5 cards */
  double p_stack;              /* chance a group is a stack of lands showing only titles */
  gboolean allow_overlap;      /* groups may overlap each other */
  gboolean allow_off_edge;     /* cards may stick out of the image */
  double tilt;                 /* 0..1: camera tilt (far side narrower) */
  double light;                /* 0..1: strength of uneven light, vignette, tint */
  double p_shadow;             /* chance of a soft hand/phone shadow across the table */
  double blur_max;             /* gaussian sigma, pixels, drawn uniformly in [0, blur_max] */
  double noise;                /* sensor noise sigma, 0..255 grey levels */
  double p_sleeve;             /* chance a card is sleeved */
  double p_glare;              /* chance a sleeved card shows a specular sheen */
  int clutter_min, clutter_max;/* dice, coins, tokens, phones, pens */
  int jpeg_quality_min, jpeg_quality_max;
} TsSynthParams;

void ts_synth_params_init (TsSynthParams *params, TsSynthPreset preset, int width, int height);

/* One card of the ground truth: the same fields `tablesight recognize --json` reports. */
typedef struct {
  char *name;
  gboolean tapped;        /* long side along the image horizontal */
  double angle;           /* degrees clockwise from upright in the image, [0, 360) */
  double quad[4][2];      /* card outline: own top-left, top-right, bottom-right, bottom-left */
  double title[4][2];     /* name line outline, same order */
  double title_px;        /* height of the name line, pixels (mean of its two short sides) */
  double visible;         /* 0..1: share of the name line's area not covered by anything drawn
                           * above it (cards, clutter, hands) and inside the image */
  double name_visible;    /* 0..1: the same for the box round the name's own letters (a
                           * cost or the line's empty end may be covered, the name not) */
  gboolean in_view;       /* all four quad corners inside the image */
  TsSynthFrame frame;
  int id;                 /* the physical card's identity (stable across session frames) */
} TsSynthCard;

/* Whether a card's name counts as readable off the picture: its line at least 18 px tall
 * and nine tenths of it in view, and the letters of the name in view too (name_visible at
 * least 0.95): a tenth of the line covered may be the name's first letters. */
gboolean ts_synth_card_readable (const TsSynthCard *card);

typedef struct {
  int width, height;
  TsImage *image;         /* the final picture as decoded from jpeg: BGR, owned */
  GBytes *jpeg;           /* the encoded picture, owned */
  GArray *cards;          /* TsSynthCard, bottom-most first; owned */
} TsSynthScene;

void ts_synth_scene_free (TsSynthScene *scene);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsSynthScene, ts_synth_scene_free)

/* Renders a random table from params, names drawn from deck (which may be empty only when no
 * card is wanted). Free with ts_synth_scene_free(). NULL and error on bad parameters. */
TsSynthScene *ts_synth_scene_render (const TsSynthParams *params, const TsSynthDeck *deck,
                                     guint32 seed, GError **error);

/* The ground truth as the recognize JSON object (one line, no trailing newline). image_path
 * is written as "image". Free with g_free(). */
char *ts_synth_scene_to_json (const TsSynthScene *scene, const char *image_path);

/* The same with each card's "id" (its physical identity across session frames) first. */
char *ts_synth_scene_to_json_with_ids (const TsSynthScene *scene, const char *image_path);

/* Writes DIR/BASENAME.jpg and DIR/BASENAME.json; the JSON's "image" is "BASENAME.jpg", the
 * file beside it. */
gboolean ts_synth_scene_write (const TsSynthScene *scene, const char *dir, const char *basename,
                               GError **error);

/* ---- recorded sessions --------------------------------------------------------------------- */

/* A scripted game. Script text, one command per line, '#' starts a comment:
 *
 *   size 640x360            image size (first, optional; default 640x360)
 *   frames 90               total frames (optional; default: last scripted frame + 30)
 *   seed 7                  rendering seed (optional)
 *   quality 60              JPEG quality (optional; default 70)
 *   frame old|modern|mixed  card frames (optional; default mixed)
 *   title 14                name line height in pixels (optional; default size-based)
 *   AT FRAME enter ID "NAME" PLAYER X Y     card ID is carried in by a hand from PLAYER's
 *                                           side (1 sits at the bottom, 2 at the top) to
 *                                           table position X, Y in 0..1 of the image,
 *                                           upright for its owner (player 2's cards face the
 *                                           other way)
 *   AT FRAME place ID "NAME" PLAYER X Y     the same without the motion (cards already in
 *                                           play when the recording starts)
 *   AT FRAME tap ID           turns a quarter turn clockwise over a few frames
 *   AT FRAME untap ID
 *   AT FRAME attack ID        moves 0.07 of the height towards the centre line
 *   AT FRAME retreat ID       moves the same distance back
 *   AT FRAME die ID           moves to its owner's graveyard pile
 *   AT FRAME leave ID         picked up and taken off the table (to hand, exiled)
 *   AT FRAME hand X1 Y1 X2 Y2 DURATION   a hand sweeps over the table
 *   AT FRAME flicker DURATION            the light flickers
 *   AT FRAME shake DURATION              the camera shakes
 *
 * where AT is the literal word "at"; FRAME counts from 0. Card names are in double quotes.
 * A card must be at rest before its next action (tap 5 frames, moves 8, die 10); a hand
 * reaches for a carried card 4 frames before it moves and withdraws over 4 frames after.
 * Each player's library lies face down at their left, the graveyard pile at their right. */
typedef struct TsSynthSession TsSynthSession;

/* Parses a script. Errors name the line. Free with ts_synth_session_free(). */
TsSynthSession *ts_synth_session_new_from_script (const char *text, const char *source_name,
                                                  GError **error);
TsSynthSession *ts_synth_session_new_from_file (const char *path, GError **error);
void ts_synth_session_free (TsSynthSession *session);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsSynthSession, ts_synth_session_free)

int ts_synth_session_n_frames (const TsSynthSession *session);

/* A random but valid two-player game script of n_frames (at least 60) frames: cards placed at
 * the start and entering later on three places per player, tapping and untapping, attacking
 * and retreating, dying, leaving, hands passing over the table, flicker and shake; the last 30
 * frames are quiet so everything settles. Names come from deck (not empty). Free with g_free(). */
char *ts_synth_session_script_random (const TsSynthDeck *deck, guint32 seed, int n_frames,
                                      int width, int height);

/* Renders frame index (0 <= index < n_frames). The scene's cards are those on the table with
 * their stable ids. deck supplies mana costs and colours by name; names it lacks get invented
 * ones. Frames can be rendered in any order, from several threads at once. */
TsSynthScene *ts_synth_session_render_frame (const TsSynthSession *session,
                                             const TsSynthDeck *deck, int index,
                                             GError **error);

/* The ground-truth events as JSON Lines, in frame order, one object a line:
 *   {"frame": N, "event": "entered"|"tapped"|"untapped"|"left", "id": ID, "name": NAME,
 *    "player": K, "zone": "battlefield"|"graveyard"|"gone"}
 * An event's frame is the frame where the change has settled (the card is at rest).
 * Free with g_free(). */
char *ts_synth_session_events_jsonl (const TsSynthSession *session);

/* Progress: frames written so far of total. */
typedef void (*TsSynthProgressFunc) (int done, int total, gpointer user_data);

/* Writes DIR/frame-0000.jpg ... (with DIR/frame-0000.json ground truth per frame, cards with
 * their "id", when with_truth) and DIR/events.jsonl. */
gboolean ts_synth_session_write (const TsSynthSession *session, const TsSynthDeck *deck,
                                 const char *dir, gboolean with_truth,
                                 TsSynthProgressFunc progress, gpointer user_data,
                                 GError **error);

G_END_DECLS
