/* test-track.c — the tracker on scripted synthetic sequences: occlusion without spurious
 * leave/enter, taps reported within 2 frames of settling, identical cards kept apart, moves
 * between zones, departures, piles, flicker, and name reading off the frame loop. */
#include "track.h"

#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#define FPS 30
#define FRAME_US (1000000 / FPS)
#define AREA_BATTLEFIELD 1
#define AREA_LIBRARY 3
#define AREA_GRAVEYARD 4

typedef struct {
  double x, y, angle;   /* table mm, degrees relative to the owner */
  const char *name;
  int area;
  gboolean present;
  gboolean title_only;  /* the detector sees its title line but not its outline */
  double scale;         /* its size as a card's (0: 1) */
  gboolean plain;       /* drawn (render_striped) without stripes: a blurred, moving title */
  double title_dy;      /* the detector's title line lies this much below the title */
  int owner;            /* whose side it lies on */
  gboolean turns;       /* its outline and title line turn with it about its centre, as a
                         * real card's do (else they lie upright, and angle is its only turn) */
} SimCard;

typedef struct {
  SimCard cards[16];
  int n;
  double hand_x, hand_y, hand_r;  /* a hand hides cards whose centre is under it */
  GRand *rand;
  guint64 frame;
  TsTracker *tracker;
  GArray *obs;
  const TsImage *image;
  int titles_every;     /* > 1: title lines alone are searched for on every n-th frame only */
} Sim;

static void
sim_init (Sim *s, const TsTrackerParams *params, const TsTrackReader *reader)
{
  memset (s, 0, sizeof *s);
  s->rand = g_rand_new_with_seed (1234);
  s->hand_r = 0;
  s->tracker = ts_tracker_new (params, reader);
  s->obs = ts_observation_array_new ();
}

/* A simulation whose cards unseen for two seconds (not five) have left play. */
static void
sim_init_quick_leave (Sim *s)
{
  TsTrackerParams p;
  ts_tracker_params_init (&p);
  p.leave_after_ms = 2000;
  sim_init (s, &p, NULL);
}

static void
sim_clear (Sim *s)
{
  g_rand_free (s->rand);
  ts_tracker_free (s->tracker);
  g_array_unref (s->obs);
}

static int
sim_add (Sim *s, double x, double y, const char *name, int area)
{
  s->cards[s->n] = (SimCard) { x, y, 0, name, area, TRUE, FALSE, 1 };
  return s->n++;
}

/* Adds what the detector sees only by its title line (a card whose outline is hidden, a
 * stray line, a piece of a title), as large as scale times a card. Returns its index. */
static int
sim_add_line (Sim *s, double x, double y, const char *name, int area, double scale)
{
  int i = sim_add (s, x, y, name, area);
  s->cards[i].title_only = TRUE;
  s->cards[i].scale = scale;
  return i;
}

/* Turns four corners about c's centre by c's angle, clockwise (y runs down). */
static void
sim_turn_corners (const SimCard *c, double q[4][2])
{
  double a = c->angle * G_PI / 180, ca = cos (a), sa = sin (a);
  for (int k = 0; k < 4; k++) {
    double dx = q[k][0] - c->x, dy = q[k][1] - c->y;
    q[k][0] = c->x + dx * ca - dy * sa;
    q[k][1] = c->y + dx * sa + dy * ca;
  }
}

static void
sim_step (Sim *s, int frames)
{
  for (int f = 0; f < frames; f++) {
    TsTrackInput in[16];
    guint n = 0;
    gboolean titles = s->titles_every <= 1 || s->frame % (guint64) s->titles_every == 0;
    for (int i = 0; i < s->n; i++) {
      const SimCard *c = &s->cards[i];
      if (!c->present || (c->title_only && !titles))
        continue;
      if (s->hand_r > 0 && hypot (c->x - s->hand_x, c->y - s->hand_y) < s->hand_r)
        continue;
      TsTrackInput *t = &in[n++];
      memset (t, 0, sizeof *t);
      t->center[0] = c->x + g_rand_double_range (s->rand, -0.7, 0.7);
      t->center[1] = c->y + g_rand_double_range (s->rand, -0.7, 0.7);
      double k = c->scale > 0 ? c->scale : 1;
      t->size[0] = k * (63 + g_rand_double_range (s->rand, -1, 1));
      t->size[1] = k * (88 + g_rand_double_range (s->rand, -1, 1));
      t->rel_angle_deg = fmod (c->angle + g_rand_double_range (s->rand, -1, 1) + 360, 360);
      t->area = c->area;
      t->owner = c->owner;
      t->pile = c->area == AREA_GRAVEYARD || c->area == AREA_LIBRARY;
      t->pile_face_down = c->area == AREA_LIBRARY;
      t->confidence = 0.9;
      t->name = c->name;
      t->name_score = c->name ? 0.95 : 0;
      /* Title across the card's top, in "pixels" = mm here. */
      double ty = c->y + c->title_dy;
      double tl[4][2] = { { c->x - 28, ty - 40 }, { c->x + 28, ty - 40 },
                          { c->x + 28, ty - 34 }, { c->x - 28, ty - 34 } };
      double q[4][2] = { { c->x - 31, c->y - 44 }, { c->x + 31, c->y - 44 },
                         { c->x + 31, c->y + 44 }, { c->x - 31, c->y + 44 } };
      if (c->turns) {
        sim_turn_corners (c, tl);
        sim_turn_corners (c, q);
      }
      memcpy (t->title_px, tl, sizeof tl);
      memcpy (t->quad_px, q, sizeof q);
      t->has_quad = !c->title_only;
    }
    if (titles)
      ts_tracker_update (s->tracker, s->image, (gint64) s->frame * FRAME_US, in, n, s->obs);
    else
      ts_tracker_update_cards_only (s->tracker, s->image, (gint64) s->frame * FRAME_US, in, n,
                                    s->obs);
    s->frame++;
  }
}

/* sim_step a frame at a time, taking the readings done off the frame loop after each. */
static void
sim_step_flushed (Sim *s, int frames)
{
  for (int f = 0; f < frames; f++) {
    sim_step (s, 1);
    ts_tracker_flush (s->tracker, s->obs);
  }
}

static guint
count_kind (const Sim *s, TsObservationKind kind)
{
  guint n = 0;
  for (guint i = 0; i < s->obs->len; i++)
    n += g_array_index (s->obs, TsObservation, i).kind == kind;
  return n;
}

static const TsObservation *
find_obs (const Sim *s, TsObservationKind kind, guint nth)
{
  for (guint i = 0; i < s->obs->len; i++) {
    const TsObservation *o = &g_array_index (s->obs, TsObservation, i);
    if (o->kind == kind && nth-- == 0)
      return o;
  }
  return NULL;
}

/* The first observation of kind naming name, or NULL. */
static const TsObservation *
find_named (const Sim *s, TsObservationKind kind, const char *name)
{
  for (guint i = 0; i < s->obs->len; i++) {
    const TsObservation *o = &g_array_index (s->obs, TsObservation, i);
    if (o->kind == kind && g_strcmp0 (o->name, name) == 0)
      return o;
  }
  return NULL;
}

/* How many observations of kind name name. */
static guint
count_named (const Sim *s, TsObservationKind kind, const char *name)
{
  guint n = 0;
  for (guint i = 0; i < s->obs->len; i++) {
    const TsObservation *o = &g_array_index (s->obs, TsObservation, i);
    n += o->kind == kind && g_strcmp0 (o->name, name) == 0;
  }
  return n;
}

/* o is dated at frame, or up to slack frames after it. */
static void
assert_dated_within (const TsObservation *o, guint64 frame, int slack)
{
  assert_non_null (o);
  gint64 when = o->time_us / FRAME_US;
  assert_true (when >= (gint64) frame && when <= (gint64) frame + slack);
}

static void
test_track__hand_over_cards_for_seconds_is_not_a_departure (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  for (int i = 0; i < 4; i++) {
    sim_add (&s, 100 + 80 * i, 200, i % 2 ? "Mountain" : "Hill Giant", AREA_BATTLEFIELD);
    sim_step (&s, 10);
  }
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 4);
  /* A hand rests over the two middle cards for 3 seconds, then sweeps across all four. */
  s.hand_x = 220;
  s.hand_y = 200;
  s.hand_r = 60;
  sim_step (&s, 3 * FPS);
  for (int x = 0; x <= 400; x += 10) {
    s.hand_x = x;
    sim_step (&s, 1);
  }
  s.hand_r = 0;
  sim_step (&s, FPS);
  assert_int_equal (s.obs->len, 4);  /* the four entries, nothing else */
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 4);
  sim_clear (&s);
}

/* count observations of kind reported, the last of them dated frame or up to slack frames
 * after it. */
static void
assert_last_dated (const Sim *s, TsObservationKind kind, guint count, guint64 frame, int slack)
{
  assert_int_equal (count_kind (s, kind), count);
  assert_dated_within (find_obs (s, kind, count - 1), frame, slack);
}

/* The one tap reported, dated frame: returns it. */
static const TsObservation *
assert_one_tap_dated (const Sim *s, guint64 frame)
{
  assert_int_equal (count_kind (s, TS_OBS_TAPPED), 1);
  const TsObservation *tap = find_obs (s, TS_OBS_TAPPED, 0);
  assert_int_equal (tap->time_us, (gint64) frame * FRAME_US);
  return tap;
}

/* The one tap reported, of the card that entered first, dated frame or up to slack frames
 * after it. */
static void
assert_one_tap_of_the_entry (const Sim *s, guint64 frame, int slack)
{
  assert_int_equal (count_kind (s, TS_OBS_TAPPED), 1);
  const TsObservation *tap = find_obs (s, TS_OBS_TAPPED, 0);
  assert_int_equal (tap->track_id, find_obs (s, TS_OBS_ENTERED, 0)->track_id);
  assert_dated_within (tap, frame, slack);
}

/* A card named name at (300, 300) on the battlefield, lying untapped and still for ten
 * frames (a new simulation in *s). Returns its index. */
static int
card_lying_still (Sim *s, const char *name)
{
  sim_init (s, NULL, NULL);
  int c = sim_add (s, 300, 300, name, AREA_BATTLEFIELD);
  sim_step (s, 10);
  return c;
}

/* card_lying_still's card, reported, from now on seen by its title line alone (its outline
 * hidden). Returns its index. */
static int
card_reported_then_seen_by_its_line (Sim *s, const char *name)
{
  int c = card_lying_still (s, name);
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 1);
  s->cards[c].title_only = TRUE;
  return c;
}

/* A hand over the lower half of a card leaves an outline a card's width long and two thirds
 * of a card's length wide: shaped like the card turned, but not its size. That is no tap;
 * the card turned is. */
static void
test_track__part_of_a_card_shaped_like_it_turned_is_no_tap (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  for (int i = 0; i < 4; i++)
    sim_add (&s, 100 + 80 * i, 200, i % 2 ? "Mountain" : "Hill Giant", AREA_BATTLEFIELD);
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 4);
  SimCard *c = &s.cards[1];
  c->scale = 0.68;
  c->angle = 90;
  c->y -= 15;
  sim_step (&s, 20);
  c->scale = 1;
  c->angle = 0;
  c->y += 15;
  sim_step (&s, 20);
  assert_int_equal (s.obs->len, 4);
  c->angle = 90;
  sim_step (&s, 10);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_int_equal (s.obs->len, 5);
  sim_clear (&s);
}

static void
test_track__tap_reported_within_two_frames_of_settling (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Llanowar Elves");
  /* Turned over 8 frames; settles at 90 on the frame it gets there. */
  for (int i = 1; i <= 8; i++) {
    s.cards[c].angle = 90.0 * i / 8;
    sim_step (&s, 1);
  }
  guint64 settled = s.frame - 1;
  sim_step (&s, 10);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_non_null (tap);
  assert_true (tap->frame >= settled && tap->frame <= settled + 2);
  assert_true (tap->tapped);
  assert_true (tap->confidence > 0.6);
  assert_false (tap->needs_confirmation);
  /* Untapped the other way round. */
  for (int i = 7; i >= 0; i--) {
    s.cards[c].angle = 90.0 * i / 8;
    sim_step (&s, 1);
  }
  settled = s.frame - 1;
  sim_step (&s, 10);
  const TsObservation *untap = find_obs (&s, TS_OBS_UNTAPPED, 0);
  assert_non_null (untap);
  assert_true (untap->frame >= settled && untap->frame <= settled + 2);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 1);
  sim_clear (&s);
}

/* A card played and tapped at once (a land tapped for mana as it is put down): first seen
 * lying still tapped, it came in untapped, as cards come into play, and was tapped when it
 * first lay still so, not when it was first seen. */
static void
test_track__card_tapped_as_it_is_played_enters_then_taps (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  guint64 put = s.frame;
  int c = sim_add (&s, 300, 300, "Forest", AREA_BATTLEFIELD);
  for (int i = 1; i <= 8; i++) {
    s.cards[c].angle = 90.0 * i / 8;
    sim_step (&s, 1);
  }
  guint64 settled = s.frame - 1;
  sim_step (&s, 10);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_false (e->tapped);
  assert_int_equal (e->time_us, (gint64) put * FRAME_US);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_true (tap->time_us >= (gint64) settled * FRAME_US);
  assert_true (tap->time_us <= (gint64) (settled + 2) * FRAME_US);
  sim_clear (&s);
}

/* A card carried in beside another, its outline found first in part (six tenths of it,
 * shaped across: blurred as it moves), then whole and upright, and then tapped: it came in
 * untapped and was tapped when it turned, not when it was first seen (seed 457: a
 * Braingeyser so put down was reported tapped 7 frames before it was). */
static void
test_track__card_first_outlined_in_part_across_enters_as_it_lies_whole (void **state)
{
  Sim s;
  card_lying_still (&s, "Forest");
  sim_step (&s, FPS);  /* so a card's size is known */
  int c = sim_add (&s, 400, 300, "Braingeyser", AREA_BATTLEFIELD);
  s.cards[c].scale = 0.6;
  s.cards[c].angle = 90;
  sim_step (&s, 2);
  s.cards[c].scale = 1;
  s.cards[c].angle = 0;
  sim_step (&s, 1);
  guint64 turned = s.frame;
  static const double turning[] = { 9, 32, 60, 83, 90 };
  for (guint i = 0; i < G_N_ELEMENTS (turning); i++) {
    s.cards[c].angle = turning[i];
    sim_step (&s, 1);
  }
  sim_step (&s, FPS);
  const TsObservation *e = find_named (&s, TS_OBS_ENTERED, "Braingeyser");
  assert_non_null (e);
  assert_false (e->tapped);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_dated_within (find_named (&s, TS_OBS_TAPPED, "Braingeyser"), turned, 5);
  sim_clear (&s);
}

/* A card named name at (300, 300), lying tapped from the first frame, seen for frames
 * frames: it entered once, tapped. Returns its index. */
static int
tapped_from_the_start (Sim *s, const char *name, int frames)
{
  sim_init (s, NULL, NULL);
  int c = sim_add (s, 300, 300, name, AREA_BATTLEFIELD);
  s->cards[c].angle = 90;
  sim_step (s, frames);
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 1);
  assert_true (find_obs (s, TS_OBS_ENTERED, 0)->tapped);
  return c;
}

/* ... but a card lying tapped from the first frames (on the table when the recording began)
 * came in tapped. */
static void
test_track__card_tapped_from_the_start_enters_tapped (void **state)
{
  Sim s;
  tapped_from_the_start (&s, "Forest", 20);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  sim_clear (&s);
}

/* Turned a quarter turn over five frames, then at once turned back (tapped for mana and
 * untapped): a tap dated when it got there, then an untap once it settles. */
static void
test_track__tap_undone_at_once_is_a_tap_and_an_untap (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Llanowar Elves");
  for (int i = 1; i <= 5; i++) {
    s.cards[c].angle = 18.0 * i;
    sim_step (&s, 1);
  }
  guint64 peak = s.frame - 1;
  for (int i = 4; i >= 0; i--) {
    s.cards[c].angle = 18.0 * i;
    sim_step (&s, 1);
  }
  guint64 settled = s.frame - 1;
  sim_step (&s, 10);
  const TsObservation *tap = assert_one_tap_dated (&s, peak);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 1);
  assert_true (tap->frame <= peak + 2);
  const TsObservation *untap = find_obs (&s, TS_OBS_UNTAPPED, 0);
  assert_true (untap->frame >= settled && untap->frame <= settled + 2);
  sim_clear (&s);
}

/* Turned a quarter turn with its outline lost on the way, seen lying tapped twice and at
 * once turned back (a land tapped for mana and untapped): a tap dated when it was first
 * seen lying tapped, and an untap. */
static void
test_track__tap_seen_twice_then_undone_is_a_tap_and_an_untap (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Underground Sea");
  s.cards[c].angle = 11;
  sim_step (&s, 1);
  s.cards[c].present = FALSE;  /* a blur as it turns */
  sim_step (&s, 2);
  s.cards[c].present = TRUE;
  s.cards[c].angle = 80;
  sim_step (&s, 1);
  guint64 lying = s.frame;
  s.cards[c].angle = 90;
  sim_step (&s, 2);
  s.cards[c].angle = 80;
  sim_step (&s, 1);
  s.cards[c].present = FALSE;
  sim_step (&s, 3);
  s.cards[c].present = TRUE;
  s.cards[c].angle = 5;
  sim_step (&s, 1);
  s.cards[c].angle = 0;
  sim_step (&s, 10);
  const TsObservation *tap = assert_one_tap_dated (&s, lying);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 1);
  assert_true (tap->frame <= lying + 3);
  assert_true (find_obs (&s, TS_OBS_UNTAPPED, 0)->time_us > tap->time_us);
  sim_clear (&s);
}

/* Turned a quarter turn and carried off the moment it got there (tapped to attack, then
 * killed): it was tapped. */
static void
test_track__tapped_then_carried_off_at_once_was_tapped (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Hill Giant");
  for (int i = 1; i <= 5; i++) {
    s.cards[c].angle = 18.0 * i;
    sim_step (&s, 1);
  }
  guint64 peak = s.frame - 1;
  s.cards[c].present = FALSE;
  sim_step (&s, 12);
  s.cards[c] = (SimCard) { 900, 600, 0, "Hill Giant", AREA_GRAVEYARD, TRUE, FALSE, 1 };
  sim_step (&s, FPS);
  assert_one_tap_dated (&s, peak);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  sim_clear (&s);
}

/* Turned a quarter turn, its outline lost half way round (its title line alone seen), seen
 * lying tapped once and turned straight back: a tap dated when it lay there, then an untap.
 * Where the card was seen as it turned back (a stray outline over a pile) does not matter. */
static void
test_track__tap_seen_once_between_looks_part_way_round_is_a_tap (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Wall of Stone");
  s.cards[c].angle = 29;
  sim_step (&s, 1);
  s.cards[c].angle = 57;
  s.cards[c].title_only = TRUE;
  sim_step (&s, 2);
  s.cards[c].title_only = FALSE;
  s.cards[c].angle = 90;
  sim_step (&s, 1);
  guint64 lying = s.frame - 1;
  s.cards[c].angle = 80;
  s.cards[c].area = AREA_GRAVEYARD;
  sim_step (&s, 1);
  s.cards[c].area = AREA_BATTLEFIELD;
  for (int i = 2; i >= 0; i--) {
    s.cards[c].angle = 29.0 * i;
    sim_step (&s, 1);
  }
  sim_step (&s, 10);
  assert_one_tap_dated (&s, lying);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  sim_clear (&s);
}

/* A tapped creature carried to its graveyard and set upright as it is put there: it moved
 * there; it was not untapped (the untap settles before the move is confirmed). */
static void
test_track__card_set_upright_on_its_pile_is_no_untap (void **state)
{
  Sim s;
  int c = tapped_from_the_start (&s, "Hill Giant", FPS);
  for (int i = 1; i <= 60; i++) {
    s.cards[c].x = 300 + 10 * i;
    s.cards[c].y = 300 + 5 * i;
    sim_step (&s, 1);
  }
  s.cards[c].area = AREA_GRAVEYARD;
  s.cards[c].angle = 0;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 1);
  assert_int_equal (find_obs (&s, TS_OBS_MOVED, 0)->area, AREA_GRAVEYARD);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  sim_clear (&s);
}

/* Turned most of the way (75 degrees) and straight back: not a tap. */
static void
test_track__turned_most_of_the_way_and_back_is_not_a_tap (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Grizzly Bears");
  for (int i = 1; i <= 5; i++) {
    s.cards[c].angle = 15.0 * i;
    sim_step (&s, 1);
  }
  for (int i = 4; i >= 0; i--) {
    s.cards[c].angle = 15.0 * i;
    sim_step (&s, 1);
  }
  sim_step (&s, 10);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  sim_clear (&s);
}

static void
test_track__half_turn_while_handled_is_not_a_tap (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Grizzly Bears");
  /* Picked at, turned 45 degrees, held there a second, put back straight. */
  for (int i = 1; i <= 6; i++) {
    s.cards[c].angle = 7.5 * i;
    sim_step (&s, 1);
  }
  sim_step (&s, FPS);
  for (int i = 5; i >= 0; i--) {
    s.cards[c].angle = 7.5 * i;
    sim_step (&s, 1);
  }
  sim_step (&s, 10);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  /* Turned past a quarter the other way (tapped counter-clockwise) still counts. */
  s.cards[c].angle = 300;
  sim_step (&s, 2);
  s.cards[c].angle = 272;
  sim_step (&s, 3);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  sim_clear (&s);
}

static void
test_track__four_identical_mountains_stay_distinct (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  int m[4];
  for (int i = 0; i < 4; i++) {
    m[i] = sim_add (&s, 100 + 66 * i, 500, "Mountain", AREA_BATTLEFIELD);  /* 3 mm apart */
    sim_step (&s, 5);
  }
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 4);
  guint ids[4];
  for (int i = 0; i < 4; i++) {
    ids[i] = find_obs (&s, TS_OBS_ENTERED, (guint) i)->track_id;
    for (int j = 0; j < i; j++)
      assert_int_not_equal (ids[i], ids[j]);
  }
  /* Tap the third, then the first, each with a quick turn. */
  const int order[2] = { 2, 0 };
  for (int k = 0; k < 2; k++) {
    s.cards[m[order[k]]].angle = 50;
    sim_step (&s, 1);
    s.cards[m[order[k]]].angle = 90;
    sim_step (&s, 4);
  }
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 2);
  assert_int_equal (find_obs (&s, TS_OBS_TAPPED, 0)->track_id, ids[2]);
  assert_int_equal (find_obs (&s, TS_OBS_TAPPED, 1)->track_id, ids[0]);
  sim_clear (&s);
}

static void
test_track__dies_and_goes_to_the_graveyard (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  int c = sim_add (&s, 300, 300, "Hill Giant", AREA_BATTLEFIELD);
  sim_add (&s, 400, 300, "Mountain", AREA_BATTLEFIELD);
  sim_step (&s, 10);
  guint id = find_obs (&s, TS_OBS_ENTERED, 0)->track_id;
  /* Picked up (gone for 12 frames), dropped in the graveyard far away. */
  s.cards[c].present = FALSE;
  sim_step (&s, 12);
  s.cards[c] = (SimCard) { 900, 600, 0, "Hill Giant", AREA_GRAVEYARD, TRUE, FALSE, 1 };
  sim_step (&s, 10 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 1);
  const TsObservation *mv = find_obs (&s, TS_OBS_MOVED, 0);
  assert_int_equal (mv->track_id, id);
  assert_int_equal (mv->from_area, AREA_BATTLEFIELD);
  assert_int_equal (mv->area, AREA_GRAVEYARD);
  assert_string_equal (mv->name, "Hill Giant");
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  /* A second card dropped on top of it does not make the first one leave. */
  sim_add (&s, 902, 603, "Mountain", AREA_GRAVEYARD);
  s.cards[c].present = FALSE;  /* covered */
  sim_step (&s, 10 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  sim_clear (&s);
}

/* A quick-leaving simulation (sim_init_quick_leave) of a Shivan Dragon in play ten frames,
 * then taken away. Returns the frame it is first out of sight. */
static guint64
dragon_taken_away (Sim *s)
{
  sim_init_quick_leave (s);
  int c = sim_add (s, 300, 300, "Shivan Dragon", AREA_BATTLEFIELD);
  sim_step (s, 10);
  s->cards[c].present = FALSE;
  return s->frame;
}

/* The one departure reported, dated when the card was last seen (frame gone - 1). */
static const TsObservation *
assert_left_once_when_last_seen (const Sim *s, guint64 gone)
{
  assert_int_equal (count_kind (s, TS_OBS_LEFT), 1);
  const TsObservation *left = find_obs (s, TS_OBS_LEFT, 0);
  assert_int_equal (left->time_us, (gint64) (gone - 1) * FRAME_US);
  return left;
}

static void
test_track__removed_card_leaves_once_after_the_timeout (void **state)
{
  Sim s;
  guint64 gone = dragon_taken_away (&s);
  sim_step (&s, 2 * FPS - 5);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  sim_step (&s, 3 * FPS);
  /* Dated when last seen, not when the timeout ran out. */
  const TsObservation *left = assert_left_once_when_last_seen (&s, gone);
  assert_int_equal (left->from_area, AREA_BATTLEFIELD);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 0);
  sim_clear (&s);
}

/* A card in play is taken away; a second later another card, its name not read, is carried
 * across where it lay, moving all the while, and on out of sight. The first card's track
 * took the passing card for it a moment: the first card left when it was last seen lying
 * there, before the gap, not when the passing card went (seed 347: a Personal Incarnation
 * taken off the table, dated 80 frames late, as a Will-o'-the-Wisp was put down over its
 * place). */
static void
test_track__card_carried_over_a_gone_cards_place_does_not_date_its_departure (void **state)
{
  Sim s;
  guint64 gone = dragon_taken_away (&s);
  sim_step (&s, FPS);
  int p = sim_add (&s, 276, 300, NULL, AREA_BATTLEFIELD);
  for (int k = 0; k < 6; k++) {
    sim_step (&s, 1);
    s.cards[p].x += 8;
  }
  s.cards[p].present = FALSE;
  sim_step (&s, 3 * FPS);
  const TsObservation *left = assert_left_once_when_last_seen (&s, gone);
  assert_string_equal (left->name, "Shivan Dragon");
  sim_clear (&s);
}

static void
test_track__flicker_is_not_a_card (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  int c = sim_add (&s, 300, 300, "Giant Growth", AREA_BATTLEFIELD);
  for (int k = 0; k < 5; k++) {
    s.cards[c].present = TRUE;
    sim_step (&s, 2);
    s.cards[c].present = FALSE;
    sim_step (&s, 4);
  }
  assert_int_equal (s.obs->len, 0);
  sim_clear (&s);
}

/* ---- reading: a fake reader that decodes the title's grey level into a name ---- */

static const char *const names[] = { "Forest", "Island", "Swamp", "Plains" };
/* A title this light or lighter reads as nothing (a stray line that is no name). */
#define BLANK_GREY 240

typedef struct {
  GMutex lock;
  GCond cond;
  gboolean blocked;
  int reads;
  int weak_first;  /* the first this many readings score low */
  /* Of the lines alone read so far, the least room the picture given left beyond a line's
   * ends, in the line's heights (G_MAXDOUBLE: none read). */
  double line_room;
} FakeReader;

static gpointer
fake_worker_new (gpointer user_data, GError **error)
{
  return user_data;
}

static char *
fake_read (gpointer worker, const TsTrackReadRequest *req, double *score)
{
  FakeReader *r = worker;
  g_mutex_lock (&r->lock);
  while (r->blocked)
    g_cond_wait (&r->cond, &r->lock);
  int n = r->reads++;
  if (!req->has_quad) {
    const double (*t)[2] = req->title_px;
    double room = MIN (MIN (t[0][0], t[3][0]), req->image->width - MAX (t[1][0], t[2][0]));
    r->line_room = MIN (r->line_room, room / (t[3][1] - t[0][1]));
  }
  g_mutex_unlock (&r->lock);
  /* The title's middle pixel, in the crop's coordinates. */
  double x = (req->title_px[0][0] + req->title_px[2][0]) / 2;
  double y = (req->title_px[0][1] + req->title_px[2][1]) / 2;
  const TsImage *im = req->image;
  int v = im->data[(int) y * im->stride + (int) x * im->channels];
  if (v >= BLANK_GREY) {  /* nothing there reads */
    *score = 0;
    return NULL;
  }
  *score = n < r->weak_first ? 0.5 : 0.97;
  return g_strdup (names[(v / 50) % 4]);
}

/* Holds the fake reader back (blocked), or lets it go on with the readings waiting. */
static void
fake_reader_block (FakeReader *r, gboolean blocked)
{
  g_mutex_lock (&r->lock);
  r->blocked = blocked;
  g_cond_broadcast (&r->cond);
  g_mutex_unlock (&r->lock);
}

static TsImage *
render_titles (const Sim *s)
{
  TsImage *im = ts_image_new (1000, 800, 3);
  for (int i = 0; i < s->n; i++)
    for (int y = (int) s->cards[i].y - 40; y < (int) s->cards[i].y - 34; y++)
      for (int x = (int) s->cards[i].x - 28; x < (int) s->cards[i].x + 28; x++)
        memset (im->data + y * im->stride + x * 3, 50 * i + 10, 3);
  return im;
}

static void
test_track__names_read_off_the_frame_loop_once_each (void **state)
{
  FakeReader fr = { .blocked = TRUE };
  g_mutex_init (&fr.lock);
  g_cond_init (&fr.cond);
  TsTrackReader reader = { fake_worker_new, fake_read, NULL, &fr };
  Sim s;
  sim_init (&s, NULL, &reader);
  for (int i = 0; i < 4; i++)
    sim_add (&s, 100 + 150 * i, 300, NULL, AREA_BATTLEFIELD);
  g_autoptr (TsImage) im = render_titles (&s);
  s.image = im;
  /* The reader is stuck: frames still go through, and nothing is reported unnamed yet. */
  sim_step (&s, 20);
  assert_int_equal (s.frame, 20);
  assert_int_equal (s.obs->len, 0);
  assert_int_equal (ts_tracker_get_n_reads (s.tracker), 4);
  fake_reader_block (&fr, FALSE);
  ts_tracker_flush (s.tracker, s.obs);
  /* One reading is not yet a name: nothing is reported before a second one agrees. */
  sim_step (&s, 1);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 0);
  sim_step_flushed (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 4);
  for (int i = 0; i < 4; i++) {
    const TsObservation *o = find_obs (&s, TS_OBS_ENTERED, (guint) i);
    assert_non_null (o->name);
    assert_string_equal (o->name, names[i]);
  }
  /* Two strong readings that agree make a name; it is not read again. */
  assert_int_equal (ts_tracker_get_n_reads (s.tracker), 8);
  assert_int_equal (fr.reads, 8);
  sim_clear (&s);
  g_mutex_clear (&fr.lock);
  g_cond_clear (&fr.cond);
}

/* A tracker tuned as p (reading in step) with the fake reader (whose first weak_first
 * readings score low), and one card at (300, 300). Returns the card's index. */
static int
fake_sim_init_tuned (Sim *s, FakeReader *fr, int weak_first, TsTrackerParams *p)
{
  memset (fr, 0, sizeof *fr);
  fr->weak_first = weak_first;
  fr->line_room = G_MAXDOUBLE;
  g_mutex_init (&fr->lock);
  g_cond_init (&fr->cond);
  TsTrackReader reader = { fake_worker_new, fake_read, NULL, fr };
  p->sync_reads = TRUE;
  sim_init (s, p, &reader);
  return sim_add (s, 300, 300, NULL, AREA_BATTLEFIELD);
}

/* The same with the tracker's defaults. */
static int
fake_sim_init (Sim *s, FakeReader *fr, int weak_first)
{
  TsTrackerParams p;
  ts_tracker_params_init (&p);
  return fake_sim_init_tuned (s, fr, weak_first, &p);
}

/* A tracker with the defaults whose fake reader answers off the frame loop (sim_step_flushed
 * takes its readings), over a blank picture of the table (*image, the caller's). */
static void
async_sim_init (Sim *s, FakeReader *fr, TsImage **image)
{
  memset (fr, 0, sizeof *fr);
  fr->line_room = G_MAXDOUBLE;
  g_mutex_init (&fr->lock);
  g_cond_init (&fr->cond);
  TsTrackReader reader = { fake_worker_new, fake_read, NULL, fr };
  sim_init (s, NULL, &reader);
  *image = ts_image_new (1000, 800, 3);
  s->image = *image;
}

static void
test_track__weak_reading_is_retried_then_kept (void **state)
{
  FakeReader fr;
  Sim s;
  fake_sim_init (&s, &fr, 1);
  g_autoptr (TsImage) im = render_titles (&s);
  s.image = im;
  sim_step (&s, 4 * FPS);
  assert_int_equal (fr.reads, 2);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, 0);
  /* Reported once named (weakly), then the better reading confirmed the same name. */
  assert_string_equal (e->name, "Forest");
  assert_int_equal (count_kind (&s, TS_OBS_NAMED), 0);
  sim_clear (&s);
  g_mutex_clear (&fr.lock);
  g_cond_clear (&fr.cond);
}

static void
test_track__unnamed_card_is_reported_for_confirmation (void **state)
{
  FakeReader fr = { .blocked = TRUE };
  g_mutex_init (&fr.lock);
  g_cond_init (&fr.cond);
  TsTrackReader reader = { fake_worker_new, fake_read, NULL, &fr };
  Sim s;
  sim_init (&s, NULL, &reader);
  sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
  g_autoptr (TsImage) im = render_titles (&s);
  s.image = im;
  sim_step (&s, 5 * FPS);  /* longer than name_wait_ms with the reader stuck */
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_null (e->name);
  assert_true (e->needs_confirmation);
  guint id = e->track_id;  /* e moves when the array grows */
  fake_reader_block (&fr, FALSE);
  ts_tracker_flush (s.tracker, s.obs);
  assert_null (find_obs (&s, TS_OBS_NAMED, 0));  /* one reading: not yet */
  sim_step_flushed (&s, FPS);
  const TsObservation *named = find_obs (&s, TS_OBS_NAMED, 0);
  assert_non_null (named);
  assert_int_equal (named->track_id, id);
  assert_string_equal (named->name, "Forest");
  sim_clear (&s);
  g_mutex_clear (&fr.lock);
  g_cond_clear (&fr.cond);
}

/* A judge names a card: observations carry the name from then on, readings no longer change
 * it, and it is not read again. */
static void
test_track__person_name_sticks (void **state)
{
  FakeReader fr = { 0 };
  g_mutex_init (&fr.lock);
  g_cond_init (&fr.cond);
  TsTrackReader reader = { fake_worker_new, fake_read, NULL, &fr };
  TsTrackerParams p;
  ts_tracker_params_init (&p);
  p.sync_reads = TRUE;
  Sim s;
  sim_init (&s, &p, &reader);
  int c = sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
  g_autoptr (TsImage) im = render_titles (&s);
  s.image = im;
  sim_step (&s, FPS);
  const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_non_null (e);
  assert_string_equal (e->name, "Forest");
  guint id = e->track_id;
  assert_false (ts_tracker_set_name (s.tracker, id + 100, "Island"));
  assert_true (ts_tracker_set_name (s.tracker, id, "Island"));
  guint reads = ts_tracker_get_n_reads (s.tracker);
  guint n_obs = s.obs->len;
  s.cards[c].angle = 90;
  sim_step (&s, 10);
  assert_int_equal (s.obs->len, n_obs + 1);  /* the tap, and nothing about the name */
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_string_equal (tap->name, "Island");
  assert_false (tap->needs_confirmation);
  /* Its title changes (another card's colour): still no reading; the person's name holds. */
  memset (im->data, 200, (gsize) im->stride * im->height);
  sim_step (&s, 2 * FPS);
  assert_int_equal (ts_tracker_get_n_reads (s.tracker), reads);
  assert_int_equal (count_kind (&s, TS_OBS_NAMED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  /* Picked up and put down nearby: the same card, still the person's name. */
  s.cards[c].present = FALSE;
  sim_step (&s, 10);
  s.cards[c].present = TRUE;
  s.cards[c].x += 40;
  s.cards[c].angle = 0;
  sim_step (&s, FPS);
  const TsObservation *untap = find_obs (&s, TS_OBS_UNTAPPED, 0);
  assert_non_null (untap);
  assert_int_equal (untap->track_id, id);
  assert_string_equal (untap->name, "Island");
  sim_clear (&s);
  g_mutex_clear (&fr.lock);
  g_cond_clear (&fr.cond);
}

/* Paints the title line of a card lying at (x, y) grey, with a lighter quarter at its left
 * or right end: a pattern the tracker's title check tells apart; the fake reader reads the
 * grey of the middle. */
static void
paint_title (TsImage *im, double x, double y, int grey, gboolean light_left)
{
  for (int r = (int) y - 40; r < (int) y - 34; r++)
    for (int c = (int) x - 28; c < (int) x + 28; c++) {
      gboolean light = light_left ? c < (int) x - 14 : c >= (int) x + 14;
      memset (im->data + r * im->stride + c * 3, light ? 160 : grey, 3);
    }
}

/* fake_sim_init's tracker and card, over a blank picture of the table (*image, the
 * caller's) to paint titles on. Returns the card's index. */
static int
blank_sim_init (Sim *s, FakeReader *fr, TsImage **image)
{
  int c = fake_sim_init (s, fr, 0);
  *image = ts_image_new (1000, 800, 3);
  s->image = *image;
  return c;
}

/* blank_sim_init's tracker with its card out of sight (in a hand) five frames. Returns the
 * card's index. */
static int
hand_sim_init (Sim *s, FakeReader *fr, TsImage **image)
{
  int c = blank_sim_init (s, fr, image);
  s->cards[c].present = FALSE;
  sim_step (s, 5);
  return c;
}

/* A tracker reading in step with the fake reader, and one card at (300, 300) lying at angle
 * whose title (painted on *image, the caller's) reads Forest, seen for a second. Returns the
 * card's index. */
static int
forest_sim_init (Sim *s, FakeReader *fr, TsImage **image, double angle)
{
  int c = blank_sim_init (s, fr, image);
  paint_title (*image, 300, 300, 10, TRUE);  /* reads Forest */
  s->cards[c].angle = angle;
  sim_step (s, FPS);
  return c;
}

/* forest_sim_init's Forest, upright, with the tracker tuned as p. */
static int
forest_sim_init_tuned (Sim *s, FakeReader *fr, TsImage **image, TsTrackerParams *p)
{
  int c = fake_sim_init_tuned (s, fr, 0, p);
  *image = ts_image_new (1000, 800, 3);
  s->image = *image;
  paint_title (*image, 300, 300, 10, TRUE);  /* reads Forest */
  sim_step (s, FPS);
  return c;
}

/* forest_sim_init's Forest, upright, then out of sight (in a hand, carried off) frames
 * frames. Returns its index. */
static int
forest_out_of_sight (Sim *s, FakeReader *fr, TsImage **image, int frames)
{
  int c = forest_sim_init (s, fr, image, 0);
  s->cards[c].present = FALSE;
  sim_step (s, frames);
  return c;
}

/* The one card entered and stayed what it was, in play: no departure, no second entry, no
 * renaming. */
static void
assert_one_card_stayed (const Sim *s)
{
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 1);
  assert_int_equal (count_kind (s, TS_OBS_LEFT), 0);
  assert_int_equal (count_kind (s, TS_OBS_NAMED), 0);
  assert_int_equal (ts_tracker_get_n_cards (s->tracker), 1);
}

static void
forest_sim_clear (Sim *s, FakeReader *fr)
{
  sim_clear (s);
  g_mutex_clear (&fr->lock);
  g_cond_clear (&fr->cond);
}

/* A card in play, seen now, whose title is being read again (found again after a hand
 * covered it), is not the card of its name read on the other player's graveyard: cards
 * go to their owner's (seed 569: an Island, its title read again after its tap, was
 * reported put on the other player's graveyard, where an Underground Sea's line read
 * "Island"; the Island, still in play, came anew, with its turns). */
static void
test_track__card_read_again_is_not_the_one_read_on_anothers_graveyard (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  async_sim_init (&s, &fr, &im);
  int c = sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
  paint_title (im, 300, 300, 10, TRUE);  /* reads Forest */
  sim_step_flushed (&s, FPS);
  const TsObservation *e = find_named (&s, TS_OBS_ENTERED, "Forest");
  assert_non_null (e);
  guint id = e->track_id;
  /* Covered a moment; found again, its title is read again, the reader busy. */
  fake_reader_block (&fr, TRUE);
  s.cards[c].present = FALSE;
  sim_step (&s, 10);
  s.cards[c].present = TRUE;
  sim_step (&s, 5);
  /* Meanwhile a Forest on the other player's graveyard. */
  int p = sim_add (&s, 800, 600, "Forest", AREA_GRAVEYARD);
  s.cards[p].owner = 1;
  sim_step (&s, FPS);
  fake_reader_block (&fr, FALSE);
  sim_step_flushed (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_named (&s, TS_OBS_ENTERED, "Forest"), 2);
  assert_int_equal (find_obs (&s, TS_OBS_ENTERED, 0)->track_id, id);
  forest_sim_clear (&s, &fr);
}

/* A stray line that read no name, lying turned a quarter (its track took it for tapped),
 * seen turning so first if turned_there (a turn its track kept, not yet reported), out of
 * sight a second; then a card carried in over where it lay, seen first in part, lying
 * across, then whole and upright, then tapped under a hand, and read only after its tap:
 * its first whole outline says how it came (seed 521: a Counterspell so carried in was
 * reported come untapped and tapped at that first whole outline, 4 frames before its tap;
 * without its rule, here it comes tapped). */
static void
card_come_over_an_old_stray_line_case (gboolean turned_there)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  forest_sim_init (&s, &fr, &im, 0);
  paint_title (im, 500, 300, BLANK_GREY, TRUE);  /* reads nothing */
  int c = sim_add_line (&s, 500, 300, NULL, AREA_BATTLEFIELD, 1);
  if (turned_there)
    sim_step (&s, 5);
  s.cards[c].angle = 90;
  sim_step (&s, 10);
  s.cards[c].present = FALSE;
  sim_step (&s, FPS);
  /* The card comes: a part of it across, then whole and upright. */
  s.cards[c].present = TRUE;
  s.cards[c].title_only = FALSE;
  s.cards[c].scale = 0.7;
  sim_step (&s, 3);
  s.cards[c].scale = 1;
  s.cards[c].angle = 0;
  sim_step (&s, 1);
  /* A hand over it as it is tapped. */
  s.cards[c].present = FALSE;
  sim_step (&s, 2);
  s.cards[c].present = TRUE;
  s.cards[c].angle = 80;
  sim_step (&s, 1);
  s.cards[c].angle = 90;
  guint64 tapped = s.frame;
  sim_step (&s, 1);
  paint_title (im, 500, 300, 60, TRUE);  /* reads Island */
  sim_step (&s, 2 * FPS);
  const TsObservation *e = find_named (&s, TS_OBS_ENTERED, "Island");
  assert_non_null (e);
  assert_false (e->tapped);
  assert_int_equal (count_named (&s, TS_OBS_TAPPED, "Island"), 1);
  assert_dated_within (find_named (&s, TS_OBS_TAPPED, "Island"), tapped, 2);
  forest_sim_clear (&s, &fr);
}

static void
test_track__card_come_over_an_old_stray_line_enters_as_it_lies_whole (void **state)
{
  card_come_over_an_old_stray_line_case (FALSE);
}

/* ... also when the line was seen turning there: that turn was the line's. */
static void
test_track__card_come_over_a_stray_line_seen_turning_enters_as_it_lies_whole (void **state)
{
  card_come_over_an_old_stray_line_case (TRUE);
}

/* A stray line lying turned a quarter (its track took it for tapped), out of sight half a
 * second; then a card put where it lay, seen whole and upright as soon as it is seen at
 * all, sliding into place, upright two frames, then tapped as it slid: it came untapped,
 * and was tapped as it settled (seed 577: a Lance put where a stray line had been followed
 * 15 frames before was reported come tapped, its tap 5 frames later lost). */
static void
test_track__card_put_whole_where_a_stray_line_lay_enters_as_it_lies (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  forest_sim_init (&s, &fr, &im, 0);
  paint_title (im, 500, 300, BLANK_GREY, TRUE);  /* reads nothing */
  int c = sim_add_line (&s, 500, 300, NULL, AREA_BATTLEFIELD, 1);
  s.cards[c].angle = 90;
  sim_step (&s, 3);
  s.cards[c].present = FALSE;
  sim_step (&s, FPS / 2);
  s.cards[c].present = TRUE;
  s.cards[c].title_only = FALSE;
  s.cards[c].angle = 0;
  /* As the Lance was seen: put down sliding into place, upright two frames, lost one, then
   * turning as it slid on (-1: lost). */
  static const double seen[] = { 0, 8, -1, 56, 81, 90 };
  for (guint k = 0; k < G_N_ELEMENTS (seen); k++) {
    s.cards[c].present = seen[k] >= 0;
    s.cards[c].angle = MAX (seen[k], 0);
    s.cards[c].x = 500 - 8.0 * (5 - (int) k);
    s.cards[c].y = 300 - 8.0 * (5 - (int) k);
    paint_title (im, s.cards[c].x, s.cards[c].y, 60, TRUE);  /* reads Island */
    sim_step (&s, 1);
  }
  guint64 tapped = s.frame - 1;
  sim_step (&s, 2 * FPS);
  const TsObservation *e = find_named (&s, TS_OBS_ENTERED, "Island");
  assert_non_null (e);
  assert_false (e->tapped);
  assert_int_equal (count_named (&s, TS_OBS_TAPPED, "Island"), 1);
  assert_dated_within (find_named (&s, TS_OBS_TAPPED, "Island"), tapped, 2);
  forest_sim_clear (&s, &fr);
}

/* A Forest (at 300, 300) and an Island (at 500, 300) in play, read by the fake reader, which
 * is asked again for a name read once only a third of a second later (a busy reader); the
 * Island is put on its owner's graveyard (at 900, 600), its way there unseen, and k frames
 * later so is the Forest. With swamp_after > 0, a Swamp is put where the Island lay that
 * many frames after it went. Three seconds go by. Returns the frame the Forest was put
 * there; the track ids of both go to *forest_id and *island_id. */
static guint64
island_then_forest_onto_a_pile (Sim *s, FakeReader *fr, TsImage **im, int k, int swamp_after,
                                guint *forest_id, guint *island_id)
{
  TsTrackerParams p;
  ts_tracker_params_init (&p);
  p.confirm_reread_ms = 333;
  int c = fake_sim_init_tuned (s, fr, 0, &p);
  *im = ts_image_new (1000, 800, 3);
  s->image = *im;
  paint_title (*im, 300, 300, 10, TRUE);  /* reads Forest */
  paint_title (*im, 500, 300, 60, TRUE);  /* reads Island */
  int w = sim_add (s, 500, 300, NULL, AREA_BATTLEFIELD);
  sim_step (s, FPS);
  *forest_id = find_named (s, TS_OBS_ENTERED, "Forest")->track_id;
  *island_id = find_named (s, TS_OBS_ENTERED, "Island")->track_id;
  s->cards[w].present = FALSE;
  paint_title (*im, 900, 600, 60, TRUE);
  sim_add (s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (s, k);
  s->cards[c].present = FALSE;
  paint_title (*im, 900, 600, 10, FALSE);
  guint64 put = s->frame;
  if (swamp_after > 0) {
    sim_step (s, swamp_after - k);
    paint_title (*im, 500, 300, 110, FALSE);  /* reads Swamp */
    s->cards[w].present = TRUE;
  }
  sim_step (s, 3 * FPS);
  return put;
}

/* The move of name (track id) to the graveyard, reported: returns it. */
static const TsObservation *
assert_moved_to_graveyard (const Sim *s, const char *name, guint id)
{
  const TsObservation *mv = find_named (s, TS_OBS_MOVED, name);
  assert_non_null (mv);
  assert_int_equal (mv->track_id, id);
  assert_int_equal (mv->area, AREA_GRAVEYARD);
  return mv;
}

/* A card put on a pile a moment after another went there, before the pile's track (which
 * read the first) was reported, is dated when it was first read there, not when the pile's
 * track began (seed 137: a Pirate Ship dated 14 frames early, onto a Wall of Water; seed 71:
 * a Rock Hydra, 16). */
static void
test_track__card_put_on_a_pile_just_read_as_another_is_dated_when_read (void **state)
{
  for (int k = 4; k <= 8; k += 4) {
    FakeReader fr;
    Sim s;
    g_autoptr (TsImage) im = NULL;
    guint forest_id, island_id;
    guint64 put = island_then_forest_onto_a_pile (&s, &fr, &im, k, 0, &forest_id, &island_id);
    const TsObservation *mv = assert_moved_to_graveyard (&s, "Forest", forest_id);
    /* read there at the first reading after it came (a third of a second at most) */
    assert_true (mv->time_us >= (gint64) put * FRAME_US);
    assert_true (mv->time_us <= (gint64) (put + FPS / 3 + 1) * FRAME_US);
    forest_sim_clear (&s, &fr);
  }
}

/* ... and the card put there first, read there before the other came, moved there (dated
 * when it was put there, within the reader's third of a second), though its name was never
 * read there again: it lies under the other. So it did when another card was put where it
 * lay, and its track follows that one (seed 137: a Wall of Water, reported gone to nowhere
 * when a Glasses of Urza was cast where it lay), whether the pile had been reported by then
 * or its readings had not yet agreed (swamp_after 8: seed 173, a Deathlace and a Fungusaur
 * put on their graveyard 10 frames apart, each reported gone to nowhere when another card
 * was cast where it lay). */
static void
test_track__card_put_on_a_pile_just_before_another_moved_there (void **state)
{
  const int swamp_afters[] = { 0, 8, 20 };
  for (guint i = 0; i < G_N_ELEMENTS (swamp_afters); i++) {
    int swamp_after = swamp_afters[i];
    FakeReader fr;
    Sim s;
    g_autoptr (TsImage) im = NULL;
    guint forest_id, island_id;
    guint64 put = island_then_forest_onto_a_pile (&s, &fr, &im, 8, swamp_after, &forest_id,
                                                  &island_id);
    sim_step (&s, 5 * FPS);
    const TsObservation *mv = assert_moved_to_graveyard (&s, "Island", island_id);
    assert_int_equal (mv->from_area, AREA_BATTLEFIELD);
    assert_dated_within (mv, put - 8, FPS / 3);
    assert_int_equal (count_kind (&s, TS_OBS_MOVED), 2);
    assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
    assert_int_equal (count_kind (&s, TS_OBS_ENTERED), swamp_after ? 3 : 2);
    /* both in the pile (the Forest its top, the Island under it), and any Swamp */
    assert_int_equal (ts_tracker_get_n_cards (s.tracker), swamp_after ? 3 : 2);
    if (swamp_after)
      assert_dated_within (find_named (&s, TS_OBS_ENTERED, "Swamp"), put - 8 + swamp_after, 1);
    forest_sim_clear (&s, &fr);
  }
}

/* A card is taken away and, a moment later, another is put in its place: the tracker
 * follows both as one track until the title's readings change, but the first card left
 * when it was last seen and the second came when it was put down, not when the change was
 * noticed. */
static void
test_track__card_replaced_in_place_is_dated_by_the_gap (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  const TsObservation *forest = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_non_null (forest);
  assert_string_equal (forest->name, "Forest");
  guint forest_id = forest->track_id;
  /* Taken away for two thirds of a second; another card put down in the same spot. */
  s.cards[c].present = FALSE;
  guint64 gone = s.frame;
  sim_step (&s, 20);
  paint_title (im, 300, 300, 60, FALSE);  /* reads Island */
  s.cards[c].present = TRUE;
  guint64 back = s.frame;
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_int_equal (count_kind (&s, TS_OBS_NAMED), 0);
  const TsObservation *left = find_obs (&s, TS_OBS_LEFT, 0);
  assert_string_equal (left->name, "Forest");
  assert_int_equal (left->track_id, forest_id);
  assert_int_equal (left->time_us, (gint64) (gone - 1) * FRAME_US);
  const TsObservation *island = find_obs (&s, TS_OBS_ENTERED, 1);
  assert_string_equal (island->name, "Island");
  assert_int_not_equal (island->track_id, forest_id);
  assert_int_equal (island->time_us, (gint64) back * FRAME_US);
  assert_true (island->frame > back);  /* noticed later, dated when it came */
  forest_sim_clear (&s, &fr);
}

/* The card c is taken away (20 frames) and an untapped Island put in its place. */
static void
swap_for_untapped_island (Sim *s, TsImage *im, int c)
{
  s->cards[c].present = FALSE;
  sim_step (s, 20);
  paint_title (im, 300, 300, 60, FALSE);  /* reads Island */
  s->cards[c].angle = 0;
  s->cards[c].present = TRUE;
}

/* forest_sim_init's Forest, reported as it came: its track id. */
static guint
forest_entered_id (const Sim *s)
{
  const TsObservation *forest = find_obs (s, TS_OBS_ENTERED, 0);
  assert_non_null (forest);
  assert_string_equal (forest->name, "Forest");
  return forest->track_id;
}

/* forest_sim_init's Forest (its track id to *forest_id) and a card put on its owner's
 * pile in area (the graveyard, or the library) at (900, 600), its title painted grey (the
 * name it reads), followed for frames frames. Returns the Forest's index; the pile card's
 * goes to *pile. */
static int
forest_beside_a_pile (Sim *s, FakeReader *fr, TsImage **im, int area, int grey, int frames,
                      guint *forest_id, int *pile)
{
  int c = forest_sim_init (s, fr, im, 0);
  *forest_id = forest_entered_id (s);
  paint_title (*im, 900, 600, grey, TRUE);
  *pile = sim_add (s, 900, 600, NULL, area);
  sim_step (s, frames);
  return c;
}

/* Card c carried off by (dx, dy) a frame for four frames. */
static void
carry_off (Sim *s, int c, double dx, double dy)
{
  for (int k = 0; k < 4; k++) {
    s->cards[c].x += dx;
    s->cards[c].y += dy;
    sim_step (s, 1);
  }
}

/* The Forest of forest_sim_init, beside its owner's pile in area (the graveyard, or the
 * library), is lifted and carried off by (dx, dy) a frame for four frames, then swapped for
 * an Island where it lay; three seconds go by. Returns the Forest's track id; *lifted and
 * *last_seen receive the frames it was lifted and last seen. */
static guint
carry_off_and_replace (Sim *s, FakeReader *fr, TsImage **im, int area, double dx, double dy,
                       guint64 *lifted, guint64 *last_seen)
{
  guint forest_id;
  int pile;
  int c = forest_beside_a_pile (s, fr, im, area, 0, FPS, &forest_id, &pile);
  *lifted = s->frame;
  carry_off (s, c, dx, dy);
  *last_seen = s->frame - 1;
  s->cards[c].x = 300;
  s->cards[c].y = 300;
  swap_for_untapped_island (s, *im, c);
  sim_step (s, 3 * FPS);
  assert_non_null (find_named (s, TS_OBS_ENTERED, "Island"));
  return forest_id;
}

/* A Forest lying tapped is lifted (carried: carried off by 15 a frame for four frames and
 * lost two, else seen by its title line alone on a frame searched for lines, held as it
 * was through the two after, then unseen four), and an untapped Island, whole, comes into
 * sight where the Forest was last seen (carried: 25 further on its way). Three seconds go
 * by. The Forest was not reported untapped: an Island came. */
static void
tapped_forest_lifted_and_an_island_found (gboolean carried)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 90);
  guint forest_id = forest_entered_id (&s);
  if (carried) {
    carry_off (&s, c, 15, 0);
    s.cards[c].present = FALSE;
    sim_step (&s, 2);
    s.cards[c].x += 25;
  } else {
    s.titles_every = 3;
    while (s.frame % 3 != 0)
      sim_step (&s, 1);
    s.cards[c].title_only = TRUE;
    sim_step (&s, 3);
    s.cards[c].present = FALSE;
    sim_step (&s, 4);
    s.cards[c].title_only = FALSE;
  }
  s.cards[c].angle = 0;
  paint_title (im, s.cards[c].x, s.cards[c].y, 60, FALSE);  /* reads Island */
  s.cards[c].present = TRUE;
  sim_step (&s, 3 * FPS);
  for (guint i = 0; i < s.obs->len; i++) {
    const TsObservation *o = &g_array_index (s.obs, TsObservation, i);
    assert_false (o->kind == TS_OBS_UNTAPPED && o->track_id == forest_id);
  }
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Island"));
  forest_sim_clear (&s, &fr);
}

/* A tapped card carried off and lost a moment, its track then finding an untapped card where
 * it went (another card being put down there), was not untapped: the readings decide what
 * card that is (seed 353: an Ancestral Recall carried to its graveyard across where a White
 * Knight was being put down took the Knight's outline, and was reported untapped). */
static void
test_track__tapped_card_carried_off_and_lost_a_moment_is_no_untap_where_it_went (void **state)
{
  tapped_forest_lifted_and_an_island_found (TRUE);
}

/* A tapped card seen last by its title line alone, on a frame searched for lines and held
 * as it was through the two after, then unseen 4 frames more, was out of sight 6 frames: a
 * gap. The untapped card found where it lay is read before it is taken for it (seed 421: a
 * Wall of Ice lifted off the table, a Shivan Dragon put where it lay, was reported untapped). */
static void
test_track__card_last_seen_by_its_line_unseen_a_while_is_no_untap_of_the_next_card (void **state)
{
  tapped_forest_lifted_and_an_island_found (FALSE);
}

/* A creature dies and another card is cast where it lay at once, before anything tells the
 * graveyard changed: last seen carried off towards its owner's graveyard, it moved there
 * (dated when its track last followed it, on its way), it did not leave play for an unknown
 * place. */
static void
test_track__card_carried_towards_a_pile_and_replaced_moved_there (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint64 lifted, last_seen;
  guint forest_id = carry_off_and_replace (&s, &fr, &im, AREA_GRAVEYARD, 25, 12, &lifted,
                                          &last_seen);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  const TsObservation *mv = NULL;
  for (guint i = 0; (mv = find_obs (&s, TS_OBS_MOVED, i)) != NULL; i++)
    if (mv->track_id == forest_id)
      break;
  assert_non_null (mv);
  assert_string_equal (mv->name, "Forest");
  assert_int_equal (mv->from_area, AREA_BATTLEFIELD);
  assert_int_equal (mv->area, AREA_GRAVEYARD);
  assert_true (mv->time_us >= (gint64) lifted * FRAME_US);
  assert_true (mv->time_us <= (gint64) last_seen * FRAME_US);
  forest_sim_clear (&s, &fr);
}

/* A card in play is taken away under a hand and an Island put where it lay; only after the
 * Island is recognised does the top of the card's graveyard (first reading top_grey's name)
 * change and read as the card (new_grey, its light end left if light_left), the pile under
 * the hand meanwhile if covered: it went to the graveyard, dated when it was last seen
 * where it lay, it did not leave for an unseen place. */
static void
card_replaced_found_on_its_pile_case (int top_grey, int new_grey, gboolean light_left,
                                      gboolean covered)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint forest_id;
  int pile;
  int c = forest_beside_a_pile (&s, &fr, &im, AREA_GRAVEYARD, top_grey, FPS, &forest_id, &pile);
  guint64 last_seen = s.frame - 1;
  s.cards[pile].present = !covered;
  swap_for_untapped_island (&s, im, c);
  for (int k = 0; k < 3 * FPS && find_named (&s, TS_OBS_ENTERED, "Island") == NULL; k++)
    sim_step_flushed (&s, 1);
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Island"));
  paint_title (im, 900, 600, new_grey, light_left);  /* the pile's new top reads Forest */
  s.cards[pile].present = TRUE;
  sim_step_flushed (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  const TsObservation *mv = find_named (&s, TS_OBS_MOVED, "Forest");
  assert_non_null (mv);
  assert_int_equal (mv->track_id, forest_id);
  assert_int_equal (mv->from_area, AREA_BATTLEFIELD);
  assert_int_equal (mv->area, AREA_GRAVEYARD);
  assert_dated_within (mv, last_seen, 0);
  forest_sim_clear (&s, &fr);
}

/* (Seed 313: The Hive, reported gone to nowhere two frames before its graveyard was read as
 * it.) */
static void
test_track__card_replaced_found_on_its_pile_a_moment_later_moved_there (void **state)
{
  card_replaced_found_on_its_pile_case (110, 10, FALSE, FALSE);
}

/* ... also when the pile's top, covered a moment by the hand, looks much as it did (its
 * band's light and dark parts where the old top's were, a shade off): the reading there
 * named the card only after it was last seen where it lay, so the pile's top changed since
 * (seed 587: a Death Ward put on its graveyard, over another card's band much like its own,
 * reported gone to nowhere, then put on the graveyard from nowhere). */
static void
test_track__card_replaced_found_on_its_pile_looking_alike_moved_there (void **state)
{
  card_replaced_found_on_its_pile_case (190, 200, TRUE, TRUE);
}

/* A Forest in play, its outline lost a while (a hand over half of it), seen meanwhile by
 * pieces of outline and its title line alone, whose card centre is guessed on the wrong side
 * of the line, on its owner's graveyard, and read there: that is the Forest's own title
 * where it lay, not the Forest put on the pile (seed 541: a Thicket Basilisk lying tapped
 * beside its graveyard, so seen, was reported put there, and its untap lost). */
static void
test_track__card_title_seen_alone_where_it_lies_is_not_put_on_a_pile (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Forest"));
  s.cards[c].present = FALSE;
  /* First outlined in part a few frames (the hand's edge), then its title line alone. */
  int line = sim_add (&s, 300, 400, NULL, AREA_GRAVEYARD);
  s.cards[line].scale = 0.6;
  s.cards[line].title_dy = -100;  /* its title the Forest's */
  sim_step_flushed (&s, 3);
  s.cards[line].title_only = TRUE;
  sim_step_flushed (&s, 2 * FPS);
  s.cards[line].present = FALSE;
  s.cards[c].present = TRUE;
  sim_step_flushed (&s, 2 * FPS);
  assert_null (find_named (&s, TS_OBS_MOVED, "Forest"));
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_named (&s, TS_OBS_ENTERED, "Forest"), 1);
  forest_sim_clear (&s, &fr);
}

/* A card carried in: its title line found alone first, away from where the card lands (its
 * card a guess from the line's width, smaller than the card), and read; the card's own
 * outline, seen whole nearby a frame later, is read too: one card came, not two (seed 569: a
 * Kormus Bell reported twice, first by the line, with the other player as owner). */
static void
test_track__card_read_with_its_own_line_nearby_came_once (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  forest_sim_init (&s, &fr, &im, 0);
  paint_title (im, 500, 290, 60, TRUE);  /* the line reads Island */
  paint_title (im, 500, 330, 60, TRUE);  /* so does the card */
  int line = sim_add_line (&s, 500, 290, NULL, AREA_BATTLEFIELD, 0.45);
  sim_step_flushed (&s, 1);
  int card = sim_add (&s, 500, 330, NULL, AREA_BATTLEFIELD);
  sim_step_flushed (&s, FPS);
  s.cards[line].present = FALSE;
  sim_step_flushed (&s, 2 * FPS);
  assert_true (s.cards[card].present);
  assert_int_equal (count_named (&s, TS_OBS_ENTERED, "Island"), 1);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  forest_sim_clear (&s, &fr);
}

/* A piece of a reported Forest's title, followed by a track of its own (held back as a piece
 * of the card), goes out of sight as the Forest is carried to its graveyard; a second Forest
 * is put where the piece lay over a second later, its outline seen there for the first time:
 * it came when it was put there, not when the piece was first seen (seed 331: a second
 * Channel dated 126 frames early). */
static void
test_track__card_put_where_a_piece_of_another_lay_came_when_put (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint forest_id;
  int pile;
  int c = forest_beside_a_pile (&s, &fr, &im, AREA_GRAVEYARD, 110, FPS, &forest_id, &pile);
  paint_title (im, 300, 350, 10, TRUE);  /* reads Forest */
  int piece = sim_add_line (&s, 300, 350, NULL, AREA_BATTLEFIELD, 1);
  sim_step_flushed (&s, FPS);
  guint entered = count_kind (&s, TS_OBS_ENTERED);  /* the Forest and the pile */
  carry_off (&s, c, 40, 20);
  s.cards[c].present = s.cards[piece].present = FALSE;
  paint_title (im, 900, 600, 10, FALSE);  /* the graveyard's new top reads Forest */
  sim_step_flushed (&s, 3 * FPS / 2);
  assert_non_null (find_named (&s, TS_OBS_MOVED, "Forest"));
  s.cards[piece].title_only = FALSE;
  s.cards[piece].scale = 1;
  s.cards[piece].present = TRUE;
  guint64 put = s.frame;
  sim_step_flushed (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), entered + 1);
  const TsObservation *second = find_obs (&s, TS_OBS_ENTERED, entered);
  assert_string_equal (second->name, "Forest");
  assert_dated_within (second, put, FPS / 3);
  forest_sim_clear (&s, &fr);
}

/* A Forest in play, out of sight a moment (a hand passing), then seen again with its title
 * looking changed (glare: it reads nothing), is taken away for two seconds, and an Island is
 * put where it lay. The Forest left as it went out of sight the second time, not when the
 * Island was read, and the Island came as the gap ended (seed 337: an Illusionary Mask,
 * untapped after a short gap as a recheck went on, reported gone 74 frames late when a Helm
 * of Chatzuk was cast where it lay). */
static void
test_track__card_rechecked_then_taken_away_and_replaced_left_as_it_went (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_out_of_sight (&s, &fr, &im, 8);
  guint forest_id = forest_entered_id (&s);
  s.cards[c].present = TRUE;
  paint_title (im, 300, 300, BLANK_GREY, FALSE);  /* glare: looks changed, reads nothing */
  sim_step (&s, 12);
  guint64 last_seen = s.frame - 1;
  s.cards[c].present = FALSE;
  sim_step (&s, 2 * FPS);
  paint_title (im, 300, 300, 60, FALSE);  /* reads Island */
  s.cards[c].present = TRUE;
  guint64 put = s.frame;
  sim_step (&s, 2 * FPS);
  const TsObservation *left = find_named (&s, TS_OBS_LEFT, "Forest");
  assert_non_null (left);
  assert_int_equal (left->track_id, forest_id);
  assert_int_equal (left->time_us, (gint64) last_seen * FRAME_US);
  const TsObservation *island = find_named (&s, TS_OBS_ENTERED, "Island");
  assert_non_null (island);
  assert_dated_within (island, put, 1);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  forest_sim_clear (&s, &fr);
}

/* A card's title changes where it lies (another card put over it at once) and reads Island
 * a moment before the recording ends: the card left, though no pile has yet said where to
 * (seed 223: a Badlands' departure was lost). */
static void
test_track__card_replaced_as_the_recording_ends_left (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint forest_id;
  int pile;
  forest_beside_a_pile (&s, &fr, &im, AREA_GRAVEYARD, 110, FPS, &forest_id, &pile);
  paint_title (im, 300, 300, 60, FALSE);  /* reads Island, looks another */
  for (int k = 0; k < 3 * FPS && find_named (&s, TS_OBS_ENTERED, "Island") == NULL; k++)
    sim_step_flushed (&s, 1);
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Island"));
  sim_step_flushed (&s, 3);
  ts_tracker_finish (s.tracker, (gint64) s.frame * FRAME_US, s.obs);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  assert_int_equal (find_obs (&s, TS_OBS_LEFT, 0)->track_id, forest_id);
  forest_sim_clear (&s, &fr);
}

/* A card in play vanishes where it lay (a hand over it takes it), and the top of its owner's
 * graveyard reads as it once, then nothing (glare); the recording ends a second and a half
 * later: the card went to the graveyard, not off the table (seed 29 at 720p: a Circle of
 * Protection: Blue, read once on the pile, was reported gone to nowhere). */
static void
test_track__card_gone_read_once_on_its_pile_moved_there (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint forest_id;
  int pile;
  int c = forest_beside_a_pile (&s, &fr, &im, AREA_GRAVEYARD, 110, FPS, &forest_id, &pile);
  s.cards[c].present = FALSE;
  guint64 gone = s.frame;
  sim_step (&s, 5);
  paint_title (im, 900, 600, 10, FALSE);  /* reads Forest */
  int reads = fr.reads;
  while (fr.reads == reads)
    sim_step (&s, 1);
  paint_title (im, 900, 600, BLANK_GREY, FALSE);
  sim_step (&s, FPS + FPS / 2);
  ts_tracker_finish (s.tracker, (gint64) s.frame * FRAME_US, s.obs);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  const TsObservation *mv = assert_moved_to_graveyard (&s, "Forest", forest_id);
  assert_dated_within (mv, gone - 1, 0);  /* when last seen, as a departure is */
  forest_sim_clear (&s, &fr);
}

/* The one move reported, the Forest of track forest_id from play to the graveyard, and no
 * departure: returns the move. */
static const TsObservation *
assert_forest_moved_to_graveyard (const Sim *s, guint forest_id)
{
  assert_int_equal (count_kind (s, TS_OBS_MOVED), 1);
  assert_int_equal (count_kind (s, TS_OBS_LEFT), 0);
  const TsObservation *mv = find_obs (s, TS_OBS_MOVED, 0);
  assert_int_equal (mv->track_id, forest_id);
  assert_string_equal (mv->name, "Forest");
  assert_int_equal (mv->from_area, AREA_BATTLEFIELD);
  assert_int_equal (mv->area, AREA_GRAVEYARD);
  return mv;
}

/* The Forest of forest_out_of_sight, picked up under a hand, unseen 5 frames, its title line
 * then lands on its graveyard, the pile's first card, and is hidden a moment later (the
 * next card put there). With blurred, the line is seen moving 3 frames (reading nothing)
 * and lying still, readable, 8 frames; else it is seen readable on one frame searched for
 * lines (one in 3) and covered from the next. The Forest moved to its graveyard, dated
 * between when it was last seen in play and when its line came. */
static void
forest_lands_on_its_pile_case (gboolean blurred)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  forest_out_of_sight (&s, &fr, &im, 5);
  guint forest_id = forest_entered_id (&s);
  guint64 gone = s.frame - 5;
  if (!blurred) {
    s.titles_every = 3;
    while (s.frame % 3 != 0)
      sim_step (&s, 1);
  }
  guint64 landed = s.frame;
  if (blurred) {
    for (int x = 840; x <= 960; x++)
      paint_title (im, x, 600, BLANK_GREY, FALSE);
    int line = sim_add_line (&s, 855, 600, NULL, AREA_GRAVEYARD, 1);
    for (int f = 0; f < 3; f++) {
      sim_step (&s, 1);
      s.cards[line].x += 15;
    }
    int reads = fr.reads;
    assert_true (reads > 0);
    paint_title (im, 900, 600, 10, FALSE);  /* reads Forest */
    s.cards[line].x = 900;
    sim_step (&s, 8);
    assert_true (fr.reads > reads);
    s.cards[line].present = FALSE;
    sim_step (&s, 2 * FPS);
  } else {
    paint_title (im, 900, 600, 10, FALSE);  /* reads Forest */
    sim_add_line (&s, 900, 600, NULL, AREA_GRAVEYARD, 1);
    sim_step (&s, 1);
    paint_title (im, 900, 600, BLANK_GREY, FALSE);  /* covered: nothing reads there now */
    sim_step (&s, 6 * FPS);
  }
  const TsObservation *mv = assert_forest_moved_to_graveyard (&s, forest_id);
  /* Seen at once, it is dated when last seen, as a departure is. */
  assert_dated_within (mv, gone - 1, blurred ? (int) (landed - gone + 1) : 0);
  forest_sim_clear (&s, &fr);
}

/* A card put on its graveyard, its title read on its way there (blurred: nothing read), is
 * read again as soon as it lies there, not a third of a second later: the next card put on
 * the pile may hide it by then (seed 349: a Two-Headed Giant of Foriys, read once as it
 * landed and covered by a Fungusaur 10 frames later, was reported gone to nowhere). */
static void
test_track__card_read_blank_landing_on_a_pile_is_read_again_once_still (void **state)
{
  forest_lands_on_its_pile_case (TRUE);
}

/* A card's title line first seen on its graveyard, on a frame searched for lines, and covered
 * the frame after, is read as it was seen, not as it lies when its track is confirmed two
 * frames later (seed 353: a Lich, the pile's first card, covered by a Circle of Protection:
 * White 3 frames after it landed, was reported gone to nowhere). */
static void
test_track__line_first_seen_on_a_pile_is_read_as_it_was_seen (void **state)
{
  forest_lands_on_its_pile_case (FALSE);
}

/* A line alone on the table (the grain, a shadow's edge) read once to nothing, an Island put
 * over it and later taken off the table: the line, reading the Island's name while the card
 * lay over it, is not named by it. Named, it stood in for the Island, whose departure was
 * never reported; in seed 461 such a line beside where a Stone Giant came was reported a
 * second Stone Giant after the Giant had left the table. */
static void
test_track__stray_line_a_card_was_put_over_is_no_second_card (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = blank_sim_init (&s, &fr, &im);
  memset (im->data, 250, (gsize) im->stride * im->height);  /* nothing here reads */
  s.cards[c].present = FALSE;
  /* The line lies within the card's outline to come, well below its title. */
  sim_add_line (&s, 300, 330, NULL, AREA_BATTLEFIELD, 0.5);
  sim_step (&s, 5);
  assert_int_equal (fr.reads, 1);
  /* The Island comes; what the line lies on now reads as its name. */
  s.cards[c].present = TRUE;
  paint_title (im, 300, 300, 60, FALSE);  /* reads Island */
  paint_title (im, 300, 330, 60, FALSE);
  sim_step (&s, 3 * FPS);
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Island"));
  /* Taken off the table (the line still found there): the line reads nothing again. */
  s.cards[c].present = FALSE;
  memset (im->data, 250, (gsize) im->stride * im->height);
  sim_step (&s, 8 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  forest_sim_clear (&s, &fr);
}

/* ... and so did one whose title looked changed as it was picked up, just before it was
 * carried off (lifted and turned in the hand; seed 29: Timetwister, put in the graveyard
 * as a Sea Serpent was cast where it lay). */
static void
test_track__card_picked_up_towards_a_pile_and_replaced_moved_there (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint forest_id;
  int pile;
  int c = forest_beside_a_pile (&s, &fr, &im, AREA_GRAVEYARD, 0, FPS, &forest_id, &pile);
  paint_title (im, 300, 300, BLANK_GREY, FALSE);  /* its title no longer shows as it did */
  sim_step (&s, 5);
  guint64 lifted = s.frame;
  carry_off (&s, c, 25, 12);
  guint64 last_seen = s.frame - 1;
  s.cards[c].x = 300;
  s.cards[c].y = 300;
  swap_for_untapped_island (&s, im, c);
  sim_step (&s, 3 * FPS);
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Island"));
  const TsObservation *mv = assert_forest_moved_to_graveyard (&s, forest_id);
  assert_true (mv->time_us >= (gint64) lifted * FRAME_US);
  assert_true (mv->time_us <= (gint64) last_seen * FRAME_US);
  forest_sim_clear (&s, &fr);
}

/* A creature dies onto its owner's graveyard, whose top is a card reported there, and
 * another card is cast where it lay at once: the move is told from the way it was carried.
 * Its name found later on the pile, by a piece of its title line alone, is that card seen
 * there, not another of its name cast and put there. */
static void
test_track__card_carried_onto_a_reported_pile_read_there_later_is_no_new_card (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint forest_id;
  int pile;
  int c = forest_beside_a_pile (&s, &fr, &im, AREA_GRAVEYARD, 110, FPS, &forest_id, &pile);  /* a Swamp */
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  s.cards[pile].present = FALSE;  /* its outline lost from now on */
  carry_off (&s, c, 25, 12);
  s.cards[c].x = 300;
  s.cards[c].y = 300;
  swap_for_untapped_island (&s, im, c);
  sim_step (&s, 3 * FPS);
  assert_forest_moved_to_graveyard (&s, forest_id);
  paint_title (im, 900, 650, 10, TRUE);  /* reads Forest */
  int piece = sim_add_line (&s, 900, 600, NULL, AREA_GRAVEYARD, 0.5);
  s.cards[piece].title_dy = 50;
  sim_step (&s, 3 * FPS);
  assert_forest_moved_to_graveyard (&s, forest_id);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 3);  /* Forest, Swamp, Island */
  forest_sim_clear (&s, &fr);
}

/* A card in play vanishes, its way unseen (carried off fast), onto its owner's graveyard,
 * whose reported top looks much the same (a title of the same greys): the pile's top is read
 * again now and then, and the card is found moved there within a few seconds, not left. */
static void
test_track__card_gone_onto_a_pile_that_looks_the_same_moved_there (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = blank_sim_init (&s, &fr, &im);
  paint_title (im, 300, 300, 60, TRUE);  /* reads Island */
  paint_title (im, 900, 600, 49, TRUE);  /* reads Forest */
  sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  guint island_id = find_named (&s, TS_OBS_ENTERED, "Island")->track_id;
  s.cards[c].present = FALSE;
  paint_title (im, 900, 600, 51, TRUE);  /* reads Island, looks as before */
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 1);
  const TsObservation *mv = find_obs (&s, TS_OBS_MOVED, 0);
  assert_int_equal (mv->track_id, island_id);
  assert_string_equal (mv->name, "Island");
  assert_int_equal (mv->area, AREA_GRAVEYARD);
  forest_sim_clear (&s, &fr);
}

/* Two cards entered: a Forest, and an Island in play that is another card. */
static void
assert_island_came_as_another_card (const Sim *s)
{
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 2);
  const TsObservation *island = find_named (s, TS_OBS_ENTERED, "Island");
  const TsObservation *forest = find_named (s, TS_OBS_ENTERED, "Forest");
  assert_non_null (island);
  assert_non_null (forest);
  assert_int_equal (island->area, AREA_BATTLEFIELD);
  assert_int_not_equal (island->track_id, forest->track_id);
}

/* A creature dies and another card is cast where it lay at once, the creature's way to its
 * graveyard unseen: its name read on the pile, the title where it lay changed
 * frames_between frames later, the card on the pile is the one gone there, not a second card
 * of that name come from nowhere. The card now in its place is a new one. */
static void
read_on_a_pile_case (int frames_between)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  forest_sim_init (&s, &fr, &im, 0);
  guint forest_id = forest_entered_id (&s);
  paint_title (im, 900, 600, 10, TRUE);   /* the Forest on the graveyard */
  sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (&s, frames_between);
  paint_title (im, 300, 300, 60, FALSE);  /* an Island where the Forest lay */
  sim_step (&s, 3 * FPS);
  assert_forest_moved_to_graveyard (&s, forest_id);
  /* The Forest entered once (at first); the Island is another card. */
  assert_island_came_as_another_card (&s);
  assert_string_equal (find_obs (&s, TS_OBS_ENTERED, 1)->name, "Island");
  assert_int_equal (find_named (&s, TS_OBS_ENTERED, "Forest")->track_id, forest_id);
  forest_sim_clear (&s, &fr);
}

/* Both at once: the other card is read where it lay before the pile's card is reported. */
static void
test_track__card_read_on_a_pile_as_its_place_changes_moved_there (void **state)
{
  read_on_a_pile_case (0);
}

/* The title where it lay changes as the pile's card is being read: that card is reported
 * while its place is being read again. */
static void
test_track__card_read_on_a_pile_while_its_place_is_reread_moved_there (void **state)
{
  read_on_a_pile_case (4);
}

/* A creature dies, its way to its graveyard unseen (a hand over it), and another card is
 * cast where it lay just after it lands on its pile, over the card reported there: its name
 * is read on the pile before the place is seen again, but the readings there agree only
 * after. The card on the pile is the one moved there (seed 97: Water Elemental, reported gone
 * to nowhere, and the pile's card come from nowhere), and the card in its place came when
 * the place was seen again. before: frames the pile's new top is put down before the new
 * card. */
static void
replaced_and_read_on_a_reported_pile_case (int before)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint forest_id;
  int pile;
  int c = forest_beside_a_pile (&s, &fr, &im, AREA_GRAVEYARD, 60, 2 * FPS, &forest_id,
                                &pile);  /* an Island on the pile */
  s.cards[c].present = FALSE;
  guint64 gone = s.frame;
  sim_step (&s, 20);
  paint_title (im, 900, 600, 10, FALSE);  /* the Forest on the pile */
  guint64 put = s.frame;
  sim_step (&s, before);
  paint_title (im, 300, 300, 110, FALSE);  /* a Swamp where the Forest lay */
  s.cards[c].present = TRUE;
  guint64 back = s.frame;
  sim_step (&s, 3 * FPS);
  const TsObservation *mv = assert_forest_moved_to_graveyard (&s, forest_id);
  assert_true (mv->time_us >= (gint64) gone * FRAME_US);
  assert_true (mv->time_us <= (gint64) (put + 4) * FRAME_US);
  const TsObservation *swamp = find_named (&s, TS_OBS_ENTERED, "Swamp");
  assert_non_null (swamp);
  assert_int_equal (swamp->area, AREA_BATTLEFIELD);
  assert_int_not_equal (swamp->track_id, forest_id);
  assert_int_equal (swamp->time_us, (gint64) back * FRAME_US);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 3);  /* Forest, Island, Swamp */
  assert_int_equal (count_kind (&s, TS_OBS_NAMED), 0);
  forest_sim_clear (&s, &fr);
}

/* The new card comes as the pile is first read. */
static void
test_track__card_replaced_as_it_is_read_on_a_reported_pile_moved_there (void **state)
{
  replaced_and_read_on_a_reported_pile_case (3);
}

/* The new card comes between the pile's readings. */
static void
test_track__card_replaced_while_it_is_read_on_a_reported_pile_moved_there (void **state)
{
  replaced_and_read_on_a_reported_pile_case (8);
}

/* A tapped creature dies, carried off unseen; its name is read on its graveyard while an
 * untapped card is cast where it lay: the untap seen there is the new card's, not the dead
 * one's. It moved to the graveyard, tapped as it was. */
static void
test_track__untap_seen_where_a_card_lay_after_it_was_on_its_pile_is_not_its (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 90);
  guint forest_id = forest_entered_id (&s);
  assert_true (find_obs (&s, TS_OBS_ENTERED, 0)->tapped);
  s.cards[c].present = FALSE;
  sim_step (&s, 8);
  paint_title (im, 900, 600, 10, TRUE);   /* the Forest on the graveyard */
  sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (&s, 6);
  paint_title (im, 300, 300, 60, FALSE);  /* an Island where the Forest lay, untapped */
  s.cards[c].angle = 0;
  s.cards[c].present = TRUE;
  sim_step (&s, 3 * FPS);
  assert_forest_moved_to_graveyard (&s, forest_id);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  forest_sim_clear (&s, &fr);
}

/* A card carried off unseen to its owner's graveyard, where the pile's top shows no outline,
 * only its name line (the card's size guessed from a short name is half a card's): read as
 * the card, it is the card moved there, not another come from nowhere. */
static void
test_track__card_found_by_its_name_line_alone_on_a_pile_moved_there (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  guint forest_id = forest_entered_id (&s);
  s.cards[c].present = FALSE;
  sim_step (&s, 10);
  paint_title (im, 900, 600, 10, TRUE);  /* reads Forest */
  sim_add_line (&s, 900, 600, NULL, AREA_GRAVEYARD, 0.5);
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_forest_moved_to_graveyard (&s, forest_id);
  /* The line may hold part of the name only: the reader was given room to lengthen it by
   * 3.5 of its heights at each end. */
  assert_true (fr.line_room >= 3.5 && fr.line_room < G_MAXDOUBLE);
  forest_sim_clear (&s, &fr);
}

/* A card carried off unseen to its owner's graveyard, whose top was another card already
 * reported there: the pile's top read as the card is the card moved onto the pile, not the
 * pile's card gone and a new one come from nowhere. */
static void
test_track__card_read_on_a_pile_over_another_moved_there (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint forest_id;
  int pile;
  int c = forest_beside_a_pile (&s, &fr, &im, AREA_GRAVEYARD, 60, 2 * FPS, &forest_id,
                             &pile);  /* an Island */
  s.cards[c].present = FALSE;
  guint64 gone = s.frame;
  sim_step (&s, 8);
  paint_title (im, 900, 600, 10, FALSE);  /* the Forest on it */
  guint64 put = s.frame;
  sim_step (&s, 3 * FPS);
  /* The Forest in play and the Island on the pile came; the Island did not go. */
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  const TsObservation *mv = assert_forest_moved_to_graveyard (&s, forest_id);
  assert_true (mv->time_us >= (gint64) gone * FRAME_US);
  assert_true (mv->time_us <= (gint64) (put + FPS) * FRAME_US);
  forest_sim_clear (&s, &fr);
}

/* A card carried off unseen to its owner's graveyard, whose top showed only a line that read
 * as nothing (part of a card cut by the picture's edge, print on the mat): the line's track
 * had given up reading, but the top's look changed, so it is read again, and the card is
 * found there, moved, not gone to nowhere. */
static void
test_track__card_put_on_a_pile_that_read_blank_moved_there (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  guint forest_id = forest_entered_id (&s);
  paint_title (im, 900, 600, BLANK_GREY + 10, TRUE);  /* reads nothing */
  sim_add_line (&s, 900, 600, NULL, AREA_GRAVEYARD, 0.5);
  sim_step (&s, 3 * FPS);
  int blank_reads = fr.reads;
  assert_true (blank_reads >= 3);  /* the Forest once, the line at least twice */
  s.cards[c].present = FALSE;
  sim_step (&s, 10);
  paint_title (im, 900, 600, 10, TRUE);  /* the Forest on it */
  sim_step (&s, 3 * FPS);
  assert_true (fr.reads > blank_reads);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_forest_moved_to_graveyard (&s, forest_id);
  forest_sim_clear (&s, &fr);
}

/* A stray line that read as nothing (its card size guessed near a card's) followed for
 * seconds where a card is then played, its whole outline seen: the card is read and
 * reported, not taken for the line given up on. */
static void
test_track__card_played_where_a_blank_line_lay_is_read (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  blank_sim_init (&s, &fr, &im);
  s.n = 0;  /* no card at first: only the line */
  paint_title (im, 600, 300, BLANK_GREY + 10, TRUE);
  int l = sim_add_line (&s, 600, 300, NULL, AREA_BATTLEFIELD, 0.9);
  sim_step (&s, 4 * FPS);
  assert_true (fr.reads >= 2);
  assert_int_equal (s.obs->len, 0);
  paint_title (im, 600, 300, 60, TRUE);  /* an Island */
  s.cards[l].title_only = FALSE;
  s.cards[l].scale = 1;
  sim_step (&s, 2 * FPS);
  const TsObservation *e = find_named (&s, TS_OBS_ENTERED, "Island");
  assert_non_null (e);
  assert_int_equal (e->area, AREA_BATTLEFIELD);
  forest_sim_clear (&s, &fr);
}

/* forest_sim_init's Forest out of sight for two seconds while only a piece of it is seen at
 * (x, y), scale times a card's size, lying at angle (a name line alone when line: its title
 * painted there reads Forest), then seen whole again (the piece still in view with stays,
 * seven seconds more): one card all along, never turned. */
static void
piece_case (double x, double y, double scale, double angle, gboolean line, gboolean stays)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  if (line)
    paint_title (im, x, y, 10, TRUE);
  int p = sim_add (&s, x, y, NULL, AREA_BATTLEFIELD);
  s.cards[p].scale = scale;
  s.cards[p].angle = angle;
  s.cards[p].title_only = line;
  s.cards[c].present = FALSE;
  sim_step (&s, 2 * FPS);
  s.cards[p].present = stays;
  s.cards[c].present = TRUE;
  sim_step (&s, stays ? 7 * FPS : 2 * FPS);
  assert_one_card_stayed (&s);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  forest_sim_clear (&s, &fr);
}

/* forest_sim_init's Forest, reported, now out of sight while a name line half a card's size,
 * reading Forest, is seen at (x, y), its title title_dy below a card's own there. Returns the
 * line's index; the Forest's goes to *forest. */
static int
forest_hidden_by_its_line (Sim *s, FakeReader *fr, TsImage **im, double x, double y,
                           double title_dy, int *forest)
{
  *forest = forest_sim_init (s, fr, im, 0);
  paint_title (*im, x, y + title_dy, 10, TRUE);  /* reads Forest */
  int l = sim_add_line (s, x, y, NULL, AREA_BATTLEFIELD, 0.5);
  s->cards[l].title_dy = title_dy;
  s->cards[*forest].present = FALSE;
  return l;
}

/* A hand over a card leaves a part of it in view, outlined like a smaller card turned,
 * whose title reads as the card: it is a piece of that card, not a second one come into
 * play. */
static void
test_track__piece_of_a_card_a_hand_leaves_is_no_second_card (void **state)
{
  piece_case (320, 300, 0.6, 90, FALSE, FALSE);
}

/* A card pushed forward, its outline lost (a hand over it, another card's edge across it),
 * followed a while only by its name line 0.8 of its length further on (the size guessed
 * from a short name's line is half a card's): the line is that card, not a second one come
 * into play (beside the other player's cards, it would have been theirs). */
static void
test_track__name_line_of_a_card_out_of_sight_is_no_second_card (void **state)
{
  piece_case (300, 230, 0.5, 0, TRUE, FALSE);
}

/* A card out of sight two seconds (a hand over it), followed all the while by a line whose
 * title lies within the card's outline as last seen, read as the card, but whose centre the
 * line's size placed further off than a card's length, and which twice came with a small
 * outline round it (a piece of the card, never a whole card): the line is that card's, not
 * a second one (seed 419: an Ice Storm reported come again and gone; seed 367's Aspect of
 * Wolf the same, not mended). */
static void
test_track__mostly_line_within_a_hidden_card_is_no_second_card (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c;
  /* The line's title at (300, 283): within the Forest's outline. */
  int p = forest_hidden_by_its_line (&s, &fr, &im, 300, 420, -100, &c);
  for (int k = 0; k < 2 * FPS; k++) {
    s.cards[p].title_only = k % 20 != 10;  /* outlined twice, half a card's size */
    sim_step (&s, 1);
  }
  s.cards[p].present = FALSE;
  s.cards[c].present = TRUE;
  sim_step (&s, 2 * FPS);
  assert_one_card_stayed (&s);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  forest_sim_clear (&s, &fr);
}

/* A card under a hand two seconds, a piece of its name line in view all the while, lying as
 * the card does, and still in view once the card is seen whole again: one card, which
 * neither moved nor turned, and the line no second one. */
static void
test_track__name_line_lying_as_its_hidden_card_stays_a_piece (void **state)
{
  piece_case (320, 320, 0.5, 0, TRUE, TRUE);
}

/* A card tapped where it lies, its outline lost from then on (another card's edge over it),
 * followed by its name line alone, turned a quarter, 0.3 of its length from its centre:
 * once the card has been out of sight a second, the line is the card. It was tapped when the
 * line came; it did not leave and come anew, whether the recording goes on (past the time
 * a card out of sight has left) or ends two seconds later (seed 179: a Bad Moon, reported
 * gone and cast again tapped as the recording ended). */
static void
test_track__card_followed_by_its_turned_name_line_alone_was_tapped (void **state)
{
  for (int ends = 0; ends < 2; ends++) {
    FakeReader fr;
    Sim s;
    g_autoptr (TsImage) im = NULL;
    int c;
    int l = forest_hidden_by_its_line (&s, &fr, &im, 320, 320, 0, &c);
    s.cards[l].angle = 90;
    guint64 tapped = s.frame;
    sim_step (&s, ends ? 2 * FPS : 7 * FPS);
    if (ends)
      ts_tracker_finish (s.tracker, (gint64) s.frame * FRAME_US, s.obs);
    assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
    assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
    assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
    assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
    assert_one_tap_of_the_entry (&s, tapped, 2);
    forest_sim_clear (&s, &fr);
  }
}

/* A Forest in play, nudged towards its graveyard as it is tapped, loses its outline against
 * the pile: only its title line is seen from then on, its centre guessed on the pile, where it
 * reads Forest. A new piece of a line comes on the pile and reads blank. For seven seconds, past
 * the time a card out of sight has left, the Forest's title still lies where it was: it did
 * not go to the graveyard, nor leave, and its line is no second Forest (seed 359: a Camouflage
 * reported put there, then entering again, and its six later turns on the new card). */
static void
test_track__card_whose_title_still_reads_where_it_lay_was_not_put_on_a_pile (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint forest_id;
  int pile;
  int c = forest_beside_a_pile (&s, &fr, &im, AREA_GRAVEYARD, 110, FPS, &forest_id, &pile);
  s.cards[c].angle = 90;
  carry_off (&s, c, 3, 1.5);
  s.cards[c].present = FALSE;
  /* Its title line, the card's centre guessed 62 mm off, on the graveyard. */
  int line = sim_add_line (&s, s.cards[c].x, s.cards[c].y + 62, NULL, AREA_GRAVEYARD, 0.5);
  s.cards[line].angle = 90;
  s.cards[line].title_dy = -62;
  paint_title (im, s.cards[c].x, s.cards[c].y, 10, TRUE);  /* reads Forest */
  sim_step (&s, FPS / 2);
  paint_title (im, 900, 650, BLANK_GREY, FALSE);
  sim_add_line (&s, 900, 650, NULL, AREA_GRAVEYARD, 0.6);
  sim_step (&s, 7 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 2);
  forest_sim_clear (&s, &fr);
}

/* A Forest in play is carried off towards its graveyard, its outline lost on the way: its
 * track last takes a piece of a line seen once, in a frame searched for title lines, where
 * the picture does not change after. The next two frames are not searched, and the line is
 * held as it was; it is not seen again. An unreadable card then comes on the graveyard. The
 * held frames do not say the line lay still: the Forest went to the graveyard, it did not
 * stay where the line was (seed 353: a Karma carried to its graveyard, whose track last took
 * a stray line mid-way, was reported gone to nowhere at the end of the recording). */
static void
test_track__card_last_seen_by_a_line_held_unsearched_moved_to_its_pile (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  guint forest_id = forest_entered_id (&s);
  s.titles_every = 3;
  while (s.frame % 3 != 2)
    sim_step (&s, 1);
  carry_off (&s, c, 10, 5);  /* the last frame of the four is searched */
  s.cards[c].title_only = TRUE;
  s.cards[c].scale = 0.9;
  s.cards[c].x += 10;  /* on its way on */
  s.cards[c].y += 5;
  paint_title (im, s.cards[c].x, s.cards[c].y, 110, TRUE);
  sim_step (&s, 1);  /* searched: the line is seen */
  s.cards[c].present = FALSE;
  sim_step (&s, 2);  /* not searched: held */
  paint_title (im, 900, 600, BLANK_GREY, TRUE);
  sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (&s, 3 * FPS);
  assert_forest_moved_to_graveyard (&s, forest_id);
  forest_sim_clear (&s, &fr);
}

/* A Forest in play is tapped and its outline lost (lying against a pile, say): pieces of its
 * title, smaller and smaller, are followed 45 mm off towards its graveyard, then a quarter
 * second shows nothing of it and two thirds of a second a stray line of its text, until its
 * outline is found again, untapped, where it lay, its title looking as it did: the card's
 * own track takes it at once, and the untap is dated then (before, the stray line's track
 * took it and handed it over two frames later; seed 331's Channel, whose pieces had drifted
 * further, was reported put in the graveyard and played again). */
static void
test_track__card_found_whole_again_where_it_lay_is_that_card (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint forest_id;
  int pile;
  int c = forest_beside_a_pile (&s, &fr, &im, AREA_GRAVEYARD, 110, FPS, &forest_id, &pile);
  s.cards[c].angle = 90;
  sim_step (&s, FPS);
  s.cards[c].title_only = TRUE;
  for (int k = 0; k < 8; k++) {
    s.cards[c].scale = 1 - 0.04 * k;
    s.cards[c].x += 5;
    s.cards[c].y += 2.5;
    sim_step (&s, 1);
  }
  s.cards[c].present = FALSE;
  sim_step (&s, 8);
  int stray = sim_add_line (&s, 300, 330, NULL, AREA_BATTLEFIELD, 1);
  s.cards[stray].angle = 90;
  sim_step (&s, 20);
  s.cards[stray].present = FALSE;
  s.cards[c] = (SimCard) { 300, 300, 0, NULL, AREA_BATTLEFIELD, TRUE, FALSE, 1 };
  guint64 untapped = s.frame;
  sim_step (&s, 2 * FPS);
  /* The Forest and the pile's card came; nothing went anywhere. */
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_int_equal (find_named (&s, TS_OBS_ENTERED, "Forest")->track_id, forest_id);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 1);
  assert_int_equal (find_obs (&s, TS_OBS_UNTAPPED, 0)->track_id, forest_id);
  /* Dated as the outline came back: it went to the card's own track at once, not to the
   * stray line's, which handed it over two frames later. */
  assert_dated_within (find_obs (&s, TS_OBS_UNTAPPED, 0), untapped, 1);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 2);
  forest_sim_clear (&s, &fr);
}

/* A card in play, and a piece of its title beside it followed by a track of its own, not
 * reported while its reading is slow, are seen tapped and untapped together. Named, the
 * piece's track is found to be the card's: the turns it saw were the card's own, reported
 * already (seed 331: a Channel, followed meanwhile by a second track, was reported tapped and
 * untapped a second time, 34 and 3 frames late). */
static void
test_track__turns_a_piece_saw_of_a_card_reported_turning_are_not_reported_again (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  async_sim_init (&s, &fr, &im);
  paint_title (im, 300, 300, 10, TRUE);  /* reads Forest */
  int c = sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
  sim_step_flushed (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  /* The reader is slow a while: the piece's name comes only after the card has turned and
   * turned back. */
  fake_reader_block (&fr, TRUE);
  int piece = sim_add_line (&s, 310, 300, NULL, AREA_BATTLEFIELD, 1);
  sim_step (&s, 5);
  s.cards[c].angle = s.cards[piece].angle = 90;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  s.cards[c].angle = s.cards[piece].angle = 0;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 1);
  fake_reader_block (&fr, FALSE);
  sim_step_flushed (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 1);
  forest_sim_clear (&s, &fr);
}

/* A card in play is also followed by a second track, through outlines of another size than
 * a card's (it and the card beside it as one), whose turns do not count; the card is tapped.
 * The second track, seen the card's size at last, is found to be the card's: the card lies
 * as its own track saw it, tapped, not as the second track last knew it (seed 313: a Circle
 * of Protection: Blue was reported untapped, dated 26 frames back, and tapped again). */
static void
test_track__second_track_of_a_card_goes_on_from_the_cards_state (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Forest");
  int odd = sim_add (&s, 330, 300, "Forest", AREA_BATTLEFIELD);
  s.cards[odd].scale = 1.6;
  sim_step (&s, 10);
  s.cards[c].angle = s.cards[odd].angle = 90;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  s.cards[odd].scale = 1;
  s.cards[odd].x = 305;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  sim_clear (&s);
}

/* A card reported in play is followed by a piece of its title drifting off (its outline
 * lost), and an Island is put down beside where it lay and read. Tapped, the Island's outline
 * moves onto the place where the first card was last seen whole: it is still the Island, whose
 * track followed it the frame before, not the first card found whole again (seed 211: a Wheel
 * of Fortune tapped where a Circle of Protection: Blue had lain was taken by the Circle's
 * track, and reported put in the library). */
static void
test_track__card_turning_onto_where_another_lay_is_itself (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  guint forest_id = forest_entered_id (&s);
  s.cards[c].title_only = TRUE;
  for (int k = 0; k < 8; k++) {
    s.cards[c].x += 5;
    sim_step (&s, 1);
  }
  paint_title (im, 300, 300, BLANK_GREY, FALSE);
  paint_title (im, 300, 312, 60, TRUE);  /* reads Island */
  int island = sim_add (&s, 300, 312, NULL, AREA_BATTLEFIELD);
  sim_step (&s, FPS);
  const TsObservation *came = find_named (&s, TS_OBS_ENTERED, "Island");
  assert_non_null (came);
  guint island_id = came->track_id;
  paint_title (im, 300, 312, BLANK_GREY, FALSE);
  paint_title (im, 300, 300, 60, TRUE);
  s.cards[island].angle = 90;
  s.cards[island].y = 300;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_int_equal (find_obs (&s, TS_OBS_TAPPED, 0)->track_id, island_id);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_true (island_id != forest_id);
  forest_sim_clear (&s, &fr);
}

/* A card in play goes out of sight (to a graveyard, its way there unseen) and a moment
 * later a card of its name is put down in play four card lengths away: a second copy, come
 * into play, not the first moved across the table (seed 163: a second Earthquake, taken for
 * the first, which had gone to the graveyard). */
static void
test_track__card_of_a_name_put_down_far_from_one_gone_is_another (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  forest_out_of_sight (&s, &fr, &im, 5);
  paint_title (im, 700, 300, 10, TRUE);  /* reads Forest */
  sim_add (&s, 700, 300, NULL, AREA_BATTLEFIELD);
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_true (find_obs (&s, TS_OBS_ENTERED, 0)->track_id !=
               find_obs (&s, TS_OBS_ENTERED, 1)->track_id);
  forest_sim_clear (&s, &fr);
}

/* A card seen once part way round (part degrees), then covered by a hand, and found again
 * tapped (for one frame only, then out of sight again, with brief): with that last look
 * past half way, the tap is dated when the turn ended, the rest of a quarter turn (a sixth
 * of a second) after that look (seed 197: a Nether Shadow seen turned 60 degrees, covered
 * 13 frames, dated when found again, 14 frames late; seed 449: a Guardian Angel seen 48
 * degrees short of upright, dated at that look, 4 frames before its untap ended); with it
 * nearer its old state, when it was found again. */
/* card_lying_still's Forest seen one frame turned part degrees (that frame to *part_frame),
 * then covered for frames frames. Returns its index. */
static int
card_seen_part_way_then_covered (Sim *s, double part, int frames, guint64 *part_frame)
{
  int c = card_lying_still (s, "Forest");
  s->cards[c].angle = part;
  sim_step (s, 1);
  *part_frame = s->frame - 1;
  s->cards[c].present = FALSE;
  sim_step (s, frames);
  return c;
}

/* The one tap reported is dated when a turn seen part degrees round in part_frame ended,
 * the rest of a quarter turn (a sixth of a second) later. */
static void
assert_tap_dated_as_the_turn_ended (const Sim *s, guint64 part_frame, double part)
{
  assert_int_equal (count_kind (s, TS_OBS_TAPPED), 1);
  /* The angle a card is seen at strays by a degree (about 2 ms of a turn). */
  gint64 rest_us = (gint64) ((90 - part) / 90 * (G_USEC_PER_SEC / 6));
  gint64 ended_us = (gint64) part_frame * FRAME_US + rest_us;
  gint64 off = find_obs (s, TS_OBS_TAPPED, 0)->time_us - ended_us;
  assert_true (ABS (off) <= 2000);
}

static void
turn_seen_part_way_then_covered_case (double part, gboolean brief, gboolean dated_part)
{
  Sim s;
  guint64 part_frame;
  int c = card_seen_part_way_then_covered (&s, part, 13, &part_frame);
  s.cards[c].angle = 90;
  s.cards[c].present = TRUE;
  guint64 back = s.frame;
  sim_step (&s, brief ? 1 : FPS);
  s.cards[c].present = !brief;
  sim_step (&s, 2);
  if (dated_part)
    assert_tap_dated_as_the_turn_ended (&s, part_frame, part);
  else
    assert_one_tap_dated (&s, back);
  sim_clear (&s);
}

static void
test_track__tap_last_seen_past_half_way_is_dated_as_it_ended (void **state)
{
  turn_seen_part_way_then_covered_case (60, FALSE, TRUE);
  turn_seen_part_way_then_covered_case (60, TRUE, TRUE);
  turn_seen_part_way_then_covered_case (48, FALSE, TRUE);
  turn_seen_part_way_then_covered_case (85, TRUE, TRUE);
}

/* A card seen once past half way round (60 degrees), covered by a hand, and found again
 * lying squarely as before, where it lay: it was turned and turned back under the hand, the
 * tap dated as the turn ended, the untap when found (seed 53: a Bog Wraith tapped and
 * untapped within a fifth of a second, seen turned 59 degrees between). Seen short of half
 * way (30 degrees), it was only handled. */
static void
turned_and_back_under_a_hand_case (double part, gboolean turned)
{
  Sim s;
  guint64 part_frame;
  int c = card_seen_part_way_then_covered (&s, part, 7, &part_frame);
  s.cards[c].angle = 0;
  s.cards[c].present = TRUE;
  guint64 back = s.frame;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), turned);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), turned);
  if (turned) {
    assert_tap_dated_as_the_turn_ended (&s, part_frame, part);
    assert_int_equal (find_obs (&s, TS_OBS_UNTAPPED, 0)->time_us, (gint64) back * FRAME_US);
  }
  sim_clear (&s);
}

static void
test_track__turned_past_half_way_and_back_under_a_hand_is_a_tap_and_untap (void **state)
{
  turned_and_back_under_a_hand_case (60, TRUE);
  turned_and_back_under_a_hand_case (30, FALSE);
}

/* ... and so it is, once its title, read again after the gap, is its own; read as another
 * card, that card was put where the first lay, which turned as it was taken (seed 449: a
 * Library of Leng put where a Bayou had lain). */
static void
turned_and_back_read_again_case (int grey, gboolean light_left, gboolean turned)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  forest_entered_id (&s);
  s.cards[c].angle = 60;
  sim_step (&s, 1);
  s.cards[c].present = FALSE;
  sim_step (&s, 7);
  paint_title (im, 300, 300, grey, light_left);
  s.cards[c].angle = 0;
  s.cards[c].present = TRUE;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), turned);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), turned);
  forest_sim_clear (&s, &fr);
}

static void
test_track__turned_and_back_under_a_hand_is_reported_once_read_as_itself (void **state)
{
  turned_and_back_read_again_case (10, TRUE, TRUE);    /* reads Forest */
  turned_and_back_read_again_case (60, FALSE, FALSE);  /* reads Island */
}

static void
test_track__tap_last_seen_short_of_half_way_is_dated_when_found (void **state)
{
  turn_seen_part_way_then_covered_case (30, FALSE, FALSE);
  turn_seen_part_way_then_covered_case (30, TRUE, FALSE);
}

/* A card gone from play, and a while later a title line alone passing over where it lay,
 * askew to it (a card carried over the place in a hand): not the card found again, which
 * left when it was last seen (seed 211: a Lich's departure dated 84 frames late, when a card
 * carried over its place was seen). A line lying as the card lay is, nor is one turned a
 * quarter from it (its card tapped while out of sight). */
static void
line_over_where_a_card_went_case (double angle, gboolean found_again)
{
  FakeReader fr;
  Sim s;
  TsTrackerParams p;
  ts_tracker_params_init (&p);
  p.leave_after_ms = 2000;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init_tuned (&s, &fr, &im, &p);
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Forest"));
  s.cards[c].present = FALSE;
  guint64 gone = s.frame;
  sim_step (&s, 20);
  paint_title (im, 305, 300, BLANK_GREY, TRUE);  /* reads nothing */
  int l = sim_add_line (&s, 305, 300, NULL, AREA_BATTLEFIELD, 0.9);
  s.cards[l].angle = angle;
  sim_step (&s, 10);
  s.cards[l].present = FALSE;
  guint64 line_gone = s.frame;
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  const TsObservation *left = find_obs (&s, TS_OBS_LEFT, 0);
  assert_string_equal (left->name, "Forest");
  assert_int_equal (left->time_us, (gint64) ((found_again ? line_gone : gone) - 1) * FRAME_US);
  forest_sim_clear (&s, &fr);
}

static void
test_track__line_askew_over_where_a_card_went_is_not_it (void **state)
{
  line_over_where_a_card_went_case (60, FALSE);
}

static void
test_track__line_lying_as_a_card_out_of_sight_is_it (void **state)
{
  line_over_where_a_card_went_case (0, TRUE);
  line_over_where_a_card_went_case (88, TRUE);
}

/* A card in play goes out of sight, its track kept (a card may be covered a while), and
 * another card already reported in play is slid into its place under a hand: the old track
 * that takes it there reads it as that card. It is that card, not a second one come into
 * play, and the old card left when it was last seen as itself. With glimpse, a Swamp lies
 * there a moment between (the old track reads it once), and the old card was last seen
 * before two gaps, the longer one after that reading (seed 229: a Drudge Skeletons cast where
 * a Balance had gone, an Invisibility cast and put away there before, was reported twice,
 * and the Balance's departure came 95 frames late). */
static void
slid_into_place_case (gboolean glimpse)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  guint forest_id = forest_entered_id (&s);
  s.cards[c].present = FALSE;
  guint64 gone = s.frame;
  sim_step (&s, 10);
  if (glimpse) {
    paint_title (im, 300, 300, 110, FALSE);  /* reads Swamp */
    s.cards[c].present = TRUE;
    sim_step (&s, 3);
    s.cards[c].present = FALSE;
    sim_step (&s, 10);
  }
  paint_title (im, 300, 400, 60, FALSE);  /* an Island, put down below */
  int w = sim_add (&s, 300, 400, NULL, AREA_BATTLEFIELD);
  sim_step (&s, FPS);
  const TsObservation *island = find_named (&s, TS_OBS_ENTERED, "Island");
  assert_non_null (island);
  guint island_id = island->track_id;
  for (int y = 390; y >= 310; y -= 10) {
    paint_title (im, 300, y, 60, FALSE);
    s.cards[w].y = y;
    sim_step (&s, 1);
  }
  s.hand_x = 300;
  s.hand_y = 305;
  s.hand_r = 30;
  sim_step (&s, 10);
  paint_title (im, 300, 300, 60, FALSE);
  s.cards[w].y = 300;
  s.hand_r = 0;
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  const TsObservation *left = find_named (&s, TS_OBS_LEFT, "Forest");
  assert_non_null (left);
  assert_int_equal (left->track_id, forest_id);
  assert_int_equal (left->time_us, (gint64) (gone - 1) * FRAME_US);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 1);
  /* What the Island does next is the Island's. */
  s.cards[w].angle = 90;
  sim_step (&s, FPS);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_non_null (tap);
  assert_int_equal (tap->track_id, island_id);
  forest_sim_clear (&s, &fr);
}

static void
test_track__card_reported_slid_where_one_went_is_no_new_card (void **state)
{
  slid_into_place_case (FALSE);
}

static void
test_track__card_reported_slid_where_one_went_after_a_glimpse_is_no_new_card (void **state)
{
  slid_into_place_case (TRUE);
}

/* The same with two Forests in play, the one out of sight the second: its name line is
 * still a piece of it, though the other Forest is in view. */
static void
test_track__name_line_of_the_second_of_two_is_no_third_card (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  forest_sim_init (&s, &fr, &im, 0);
  paint_title (im, 600, 300, 10, TRUE);  /* a second Forest */
  int b = sim_add (&s, 600, 300, NULL, AREA_BATTLEFIELD);
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  paint_title (im, 600, 230, 10, TRUE);
  int l = sim_add_line (&s, 600, 230, NULL, AREA_BATTLEFIELD, 0.5);
  s.cards[b].present = FALSE;
  sim_step (&s, 2 * FPS);
  s.cards[l].present = FALSE;
  s.cards[b].present = TRUE;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 2);
  forest_sim_clear (&s, &fr);
}

/* A card carried off unseen to its graveyard, where a stray line that never read had been
 * followed a while: read there as the card, it moved when it was first read there, not when
 * that track began. */
static void
test_track__card_read_where_a_line_was_followed_moved_when_read (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  guint forest_id = forest_entered_id (&s);
  paint_title (im, 900, 600, BLANK_GREY, TRUE);
  sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (&s, FPS);
  assert_int_equal (s.obs->len, 1);
  s.cards[c].present = FALSE;
  sim_step (&s, 5);
  paint_title (im, 900, 600, 10, TRUE);  /* the Forest on the pile: reads Forest */
  guint64 put = s.frame;
  sim_step (&s, 2 * FPS);
  const TsObservation *mv = assert_forest_moved_to_graveyard (&s, forest_id);
  assert_true (mv->time_us >= (gint64) put * FRAME_US);
  /* When it was first read there: an unread card is read again every few frames. */
  assert_true (mv->time_us <= (gint64) (put + FPS / 2) * FRAME_US);
  forest_sim_clear (&s, &fr);
}

/* A card put down over the middle of the table and pushed to its place lies on its owner's
 * side: it is reported as theirs. */
static void
test_track__card_put_down_across_the_middle_is_whose_side_it_lies_on (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = blank_sim_init (&s, &fr, &im);
  paint_title (im, 300, 300, 10, TRUE);  /* reads Forest */
  s.cards[c].owner = 1;
  sim_step (&s, 4);
  s.cards[c].owner = 0;
  sim_step (&s, FPS);
  const TsObservation *in = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_non_null (in);
  assert_int_equal (in->owner, 0);
  forest_sim_clear (&s, &fr);
}

/* A creature pushed across to attack stays its owner's; another card put where it lay
 * (it died, one of the other side's was cast there) is the other side's. */
static void
test_track__card_put_where_an_attacker_lay_is_whose_side_it_lies_on (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  forest_entered_id (&s);
  assert_int_equal (find_obs (&s, TS_OBS_ENTERED, 0)->owner, 0);
  s.cards[c].owner = 1;  /* pushed across the middle */
  sim_step (&s, FPS);
  assert_int_equal (s.obs->len, 1);
  swap_for_untapped_island (&s, im, c);
  sim_step (&s, 3 * FPS);
  const TsObservation *island = find_obs (&s, TS_OBS_ENTERED, 1);
  assert_non_null (island);
  assert_string_equal (island->name, "Island");
  assert_int_equal (island->owner, 1);
  const TsObservation *left = find_obs (&s, TS_OBS_LEFT, 0);
  assert_non_null (left);
  assert_int_equal (left->owner, 0);
  forest_sim_clear (&s, &fr);
}

/* Forest came into play at frame came, and was moved to the graveyard (one move, under the
 * same identity) at frame put, or up to slack frames later. */
static void
assert_forest_came_and_went_within (const Sim *s, guint64 came, guint64 put, guint64 slack)
{
  assert_int_equal (count_kind (s, TS_OBS_MOVED), 1);
  const TsObservation *in = find_named (s, TS_OBS_ENTERED, "Forest");
  const TsObservation *mv = find_obs (s, TS_OBS_MOVED, 0);
  assert_non_null (in);
  assert_int_equal (in->area, AREA_BATTLEFIELD);
  assert_int_equal (in->time_us, (gint64) came * FRAME_US);
  assert_string_equal (mv->name, "Forest");
  assert_int_equal (mv->from_area, AREA_BATTLEFIELD);
  assert_int_equal (mv->area, AREA_GRAVEYARD);
  assert_int_equal (mv->track_id, in->track_id);
  assert_in_range (mv->time_us, (gint64) put * FRAME_US, (gint64) (put + slack) * FRAME_US);
}

static void
assert_forest_came_and_went (const Sim *s, guint64 came, guint64 put)
{
  assert_forest_came_and_went_within (s, came, put, 0);
}

/* A card put down and lifted at once (six frames, moving all the while), its title painted
 * grey at each place it passes; after read_as frames, painted Forest, the name it reads from
 * then on (first it reads as grey's name, or nothing when blank). Returns the frame it came. */
static guint64
put_down_and_lifted (Sim *s, TsImage *im, int c, int grey, int read_as, int frames)
{
  guint64 came = s->frame;
  s->cards[c].present = TRUE;
  for (int k = 0; k < frames; k++) {
    paint_title (im, s->cards[c].x, s->cards[c].y, k < read_as ? grey : 10, TRUE);
    sim_step (s, 1);
    s->cards[c].x += 4;
  }
  s->cards[c].present = FALSE;
  return came;
}

/* Card c put down and lifted at once, read as a Forest (*came: the frame it came); nothing
 * reported five frames on; then the Forest read on the graveyard at (900, 600) (added there
 * now when add_pile), left three seconds, and reported come once. Returns the frame it was
 * put on the pile. */
static guint64
forest_seen_a_moment_then_on_the_pile (Sim *s, TsImage *im, int c, gboolean add_pile,
                                       guint64 *came)
{
  *came = put_down_and_lifted (s, im, c, 10, 6, 6);  /* reads Forest */
  sim_step (s, 5);
  assert_int_equal (s->obs->len, 0);
  paint_title (im, 900, 600, 10, TRUE);  /* the Forest on the pile */
  if (add_pile)
    sim_add (s, 900, 600, NULL, AREA_GRAVEYARD);
  guint64 put = s->frame;
  sim_step (s, 3 * FPS);
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 1);
  return put;
}

/* A card played and at once put in its owner's graveyard (a spell countered as it is cast),
 * handled all the while it lay in play: never reported there, it is read on the pile. It came
 * into play and went to the graveyard; it did not come onto the pile from nowhere. */
static void
test_track__card_seen_a_moment_then_read_on_a_pile_came_and_went (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = hand_sim_init (&s, &fr, &im);
  guint64 came, put = forest_seen_a_moment_then_on_the_pile (&s, im, c, TRUE, &came);
  assert_int_equal (s.obs->len, 2);
  assert_forest_came_and_went (&s, came, put);
  forest_sim_clear (&s, &fr);
}

/* The same onto a graveyard whose card lay there, unread, since a second before: the card
 * seen a moment came and went, though it was seen in play after the pile's track began
 * (seed 373: a Wall of Swords, cast and killed at once, read three times on its way and on
 * the pile, was never reported). */
static void
test_track__card_seen_a_moment_then_read_on_an_unread_pile_came_and_went (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = hand_sim_init (&s, &fr, &im);
  paint_title (im, 900, 600, BLANK_GREY, TRUE);
  sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (&s, FPS);
  assert_int_equal (s.obs->len, 0);
  guint64 came, put = forest_seen_a_moment_then_on_the_pile (&s, im, c, FALSE, &came);
  assert_forest_came_and_went_within (&s, came, put, 2);
  forest_sim_clear (&s, &fr);
}

/* Card c put down at (700, 500), its title painted Forest, and nudged about there for eight
 * frames (the hand on it: never lying still). Returns the frame it came. */
static guint64
put_down_and_handled (Sim *s, TsImage *im, int c)
{
  guint64 came = s->frame;
  s->cards[c].present = TRUE;
  s->cards[c].x = 700;
  s->cards[c].y = 500;
  for (int k = 0; k < 8; k++) {
    paint_title (im, s->cards[c].x, s->cards[c].y, 10, TRUE);
    sim_step (s, 1);
    s->cards[c].x += 3;
  }
  return came;
}

/* A card played and killed as it came (seed 139's Lord of Atlantis): read as Forest where it
 * lay in play, handled all the while, so never reported there (a card is reported once it
 * has lain still or been seen a second), then carried onto its owner's graveyard and left
 * there. It came into play and went to the graveyard, the move dated when it reached the
 * pile; it did not come onto the pile from nowhere. weak: the reading in play was too weak
 * to name it, and a second one on the pile named it. */
static void
card_read_in_play_then_carried_onto_a_pile (gboolean weak)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = hand_sim_init (&s, &fr, &im);
  if (weak)
    fr.weak_first = fr.reads + 1;
  guint64 came = put_down_and_handled (&s, im, c);
  assert_int_equal (s.obs->len, 0);
  assert_int_equal (fr.reads, 1);
  /* Carried to the graveyard at (900, 600), 15 mm a frame (still followed). */
  while (s.cards[c].x < 900) {
    s.cards[c].x = MIN (s.cards[c].x + 15, 900);
    s.cards[c].y = 500 + (s.cards[c].x - 724) * 100 / 176;
    paint_title (im, s.cards[c].x, s.cards[c].y, 10, TRUE);
    if (s.cards[c].x >= 900)
      s.cards[c].area = AREA_GRAVEYARD;
    sim_step (&s, 1);
  }
  guint64 put = s.frame - 1;
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (s.obs->len, 2);
  assert_forest_came_and_went_within (&s, came, put, 0);
  forest_sim_clear (&s, &fr);
}

static void
test_track__card_read_in_play_then_carried_onto_a_pile_came_and_went (void **state)
{
  card_read_in_play_then_carried_onto_a_pile (FALSE);
}

static void
test_track__card_read_weakly_in_play_named_on_a_pile_came_and_went (void **state)
{
  card_read_in_play_then_carried_onto_a_pile (TRUE);
}

/* The same onto a graveyard whose card, a Swamp, was reported there: the card is put over
 * it (the Swamp hidden from then on), and the pile's top, read again, reads Forest. The
 * Forest came into play and went to the graveyard; it did not come onto the pile from
 * nowhere (seed 509: a Copper Tablet, cast, tapped and read once lying there, put in its
 * graveyard ten frames later). */
static void
test_track__card_read_in_play_carried_onto_a_reported_pile_came_and_went (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = hand_sim_init (&s, &fr, &im);
  paint_title (im, 900, 600, 110, TRUE);  /* reads Swamp */
  int swamp = sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  guint n = s.obs->len;
  guint64 came = put_down_and_handled (&s, im, c);
  assert_int_equal (s.obs->len, n);
  /* Carried onto the graveyard at (900, 600), 15 mm a frame, and lost from sight for six
   * frames (a hand over it) as it is put down there: the pile's track, which saw the Swamp
   * till then, finds it there. It went there when it was first seen over the pile. */
  guint64 put = 0;
  while (s.cards[c].x < 900) {
    s.cards[c].x = MIN (s.cards[c].x + 15, 900);
    s.cards[c].y = 500 + (s.cards[c].x - 724) * 100 / 176;
    paint_title (im, s.cards[c].x, s.cards[c].y, 10, TRUE);
    if (s.cards[c].x >= 870 && put == 0) {
      s.cards[c].area = AREA_GRAVEYARD;
      put = s.frame;
    }
    sim_step (&s, 1);
  }
  s.cards[c].present = FALSE;
  sim_step (&s, 6);
  s.cards[c].x = 900;
  s.cards[c].y = 600;
  s.cards[c].area = AREA_GRAVEYARD;
  s.cards[c].present = TRUE;
  s.cards[swamp].present = FALSE;
  paint_title (im, 900, 600, 10, TRUE);
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_forest_came_and_went_within (&s, came, put, 2);
  forest_sim_clear (&s, &fr);
}

/* blank_sim_init's tracker with its card out of sight (in a hand), and a card on its
 * owner's graveyard at (900, 600) whose title is painted grey, followed two seconds. Returns
 * the card in hand's index. */
static int
pile_and_a_card_in_hand (Sim *s, FakeReader *fr, TsImage **im, int grey)
{
  int c = blank_sim_init (s, fr, im);
  s->cards[c].present = FALSE;
  paint_title (*im, 900, 600, grey, TRUE);
  sim_add (s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (s, 2 * FPS);
  return c;
}

/* A card read in play and never reported there (card_read_in_play_then_carried_onto_a_pile),
 * carried off towards its owner's graveyard and gone, the pile seen no different, its top
 * never read (seed 139's Deathlace): a second later it has come into play and moved to the
 * graveyard, dated when it was last seen. */
static void
test_track__card_read_in_play_carried_towards_a_pile_and_gone_came_and_went (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  /* The graveyard's top never reads (its title is found in pieces). */
  int c = pile_and_a_card_in_hand (&s, &fr, &im, BLANK_GREY);
  guint64 came = put_down_and_handled (&s, im, c);
  for (int k = 0; k < 5; k++) {  /* carried off towards the graveyard */
    s.cards[c].x += 15;
    s.cards[c].y += 8;
    paint_title (im, s.cards[c].x, s.cards[c].y, 10, TRUE);
    sim_step (&s, 1);
  }
  guint64 last_seen = s.frame - 1;
  s.cards[c].present = FALSE;
  assert_int_equal (s.obs->len, 1);  /* the pile's card, unread */
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (s.obs->len, 3);
  const TsObservation *in = find_named (&s, TS_OBS_ENTERED, "Forest");
  assert_non_null (in);
  assert_int_equal (in->area, AREA_BATTLEFIELD);
  assert_int_equal (in->time_us, (gint64) came * FRAME_US);
  const TsObservation *mv = find_obs (&s, TS_OBS_MOVED, 0);
  assert_string_equal (mv->name, "Forest");
  assert_int_equal (mv->track_id, in->track_id);
  assert_int_equal (mv->from_area, AREA_BATTLEFIELD);
  assert_int_equal (mv->area, AREA_GRAVEYARD);
  assert_int_equal (mv->time_us, (gint64) last_seen * FRAME_US);
  forest_sim_clear (&s, &fr);
}

/* A card read once in play and never reported there (as in
 * card_read_in_play_then_carried_onto_a_pile), carried off in a hand to its owner's
 * graveyard, where its track finds its outline after the gap, while the pile's title line,
 * followed on a track of its own since the card went, is what reads it there (seed 151: a
 * Meekstone, reported put on the graveyard from nowhere): it came into play and went to the
 * graveyard, dated when it was last seen in play. With tapped, it was laid down and tapped
 * there first, its title not read again: the tap is reported too, dated when it settled. */
static void
test_track__card_read_in_play_found_on_a_pile_read_by_another_track_came_and_went (void **state)
{
  for (int tapped = 0; tapped < 2; tapped++) {
    FakeReader fr;
    Sim s;
    g_autoptr (TsImage) im = NULL;
    int c = hand_sim_init (&s, &fr, &im);
    guint64 came = put_down_and_handled (&s, im, c);
    guint64 tapped_at = 0;
    if (tapped) {
      paint_title (im, s.cards[c].x, s.cards[c].y, BLANK_GREY, TRUE);
      sim_step (&s, 3);
      s.cards[c].angle = 90;
      tapped_at = s.frame;
      sim_step (&s, 5);
    }
    guint64 last_seen = s.frame - 1;
    s.cards[c].present = FALSE;
    paint_title (im, 770, 540, BLANK_GREY, TRUE);  /* the pile's title, not read yet */
    sim_add_line (&s, 770, 540, NULL, AREA_GRAVEYARD, 0.5);
    sim_step (&s, 10);
    s.cards[c].x = 770;
    s.cards[c].y = 540;
    s.cards[c].area = AREA_GRAVEYARD;
    s.cards[c].angle = 0;
    s.cards[c].present = TRUE;
    /* Its outline's title is placed off the name (blank there): the line reads it. */
    s.cards[c].title_dy = 30;
    paint_title (im, 770, 570, BLANK_GREY, TRUE);
    sim_step (&s, 10);
    paint_title (im, 770, 540, 10, TRUE);  /* reads Forest */
    sim_step (&s, 3 * FPS);
    assert_int_equal (s.obs->len, tapped ? 3 : 2);
    assert_forest_came_and_went (&s, came, last_seen);
    if (tapped) {
      assert_one_tap_of_the_entry (&s, tapped_at, 2);
      assert_int_equal (find_obs (&s, TS_OBS_TAPPED, 0)->area, AREA_BATTLEFIELD);
    }
    forest_sim_clear (&s, &fr);
  }
}

/* A card put down and lifted at once, put on its owner's graveyard over a card already
 * there (an Island): it came into play and went there, over the Island, which stays on the
 * pile (no departure). Its first reading, weak, had it for a Swamp (a card in the hand that
 * put it down): the name it was read as last is the one that went. */
static void
test_track__card_seen_a_moment_then_read_over_a_pile_card_came_and_went (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = pile_and_a_card_in_hand (&s, &fr, &im, 60);  /* an Island on the graveyard */
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  fr.weak_first = fr.reads + 1;
  guint64 came = put_down_and_lifted (&s, im, c, 110, 4, 10);  /* Swamp, then Forest */
  sim_step (&s, 5);
  assert_int_equal (s.obs->len, 1);
  paint_title (im, 900, 600, 10, TRUE);  /* the Forest on it */
  guint64 put = s.frame;
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_int_equal (s.obs->len, 3);
  assert_forest_came_and_went_within (&s, came, put, 3);
  /* The Island, covered, is still counted in the tracker (one card in play: none). */
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 2);
  forest_sim_clear (&s, &fr);
}

/* A Forest put on the graveyard over an Island from a hand (discarded), its way there unseen:
 * it came onto the pile; the Island stays there, covered, and did not leave. */
static void
test_track__card_put_on_a_pile_from_a_hand_covers_the_pile_card (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  pile_and_a_card_in_hand (&s, &fr, &im, 60);  /* an Island on the graveyard */
  const TsObservation *island = find_named (&s, TS_OBS_ENTERED, "Island");
  assert_non_null (island);
  guint island_id = island->track_id;
  paint_title (im, 900, 600, 10, TRUE);  /* a Forest on it */
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  const TsObservation *forest = find_named (&s, TS_OBS_ENTERED, "Forest");
  assert_non_null (forest);
  assert_int_equal (forest->area, AREA_GRAVEYARD);
  assert_int_not_equal (forest->track_id, island_id);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 2);
  forest_sim_clear (&s, &fr);
}

/* A Forest on the graveyard, an Island cast and put over it at once (came and went), then
 * the pile's top read as Forest again (the Island taken back), while a piece of a card read
 * as Forest was seen a moment in play: that is the Forest known on the pile seen again, not
 * a second Forest that came and went. */
static void
test_track__card_known_on_a_pile_seen_again_did_not_come_and_go (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = pile_and_a_card_in_hand (&s, &fr, &im, 10);  /* a Forest on the graveyard */
  put_down_and_lifted (&s, im, c, 60, 6, 6);  /* an Island */
  sim_step (&s, 5);
  paint_title (im, 900, 600, 60, TRUE);
  sim_step (&s, 3 * FPS);
  const TsObservation *island = find_named (&s, TS_OBS_ENTERED, "Island");
  assert_non_null (island);
  assert_int_equal (island->area, AREA_BATTLEFIELD);
  s.cards[c].x = 300;
  s.cards[c].y = 200;
  put_down_and_lifted (&s, im, c, 10, 6, 6);  /* a piece read as Forest */
  sim_step (&s, 5);
  paint_title (im, 900, 600, 10, TRUE);
  sim_step (&s, 3 * FPS);
  for (guint i = 0; i < s.obs->len; i++) {
    const TsObservation *o = &g_array_index (s.obs, TsObservation, i);
    assert_false (o->kind == TS_OBS_ENTERED && o->area == AREA_BATTLEFIELD &&
                  g_strcmp0 (o->name, "Forest") == 0);
  }
  forest_sim_clear (&s, &fr);
}

/* A card's title line alone followed a moment (the card in a hand, moving), reading
 * nothing, then out of sight; the card put there over a second later, its outline seen: it
 * came when its outline was first seen, not when its line was (seed 137: a Kormus Bell dated
 * 48 frames early). */
static void
test_track__card_put_where_its_blank_line_was_came_with_its_outline (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = blank_sim_init (&s, &fr, &im);
  paint_title (im, 300, 300, 10, TRUE);
  guint8 *middle = im->data + 263 * im->stride + 300 * 3;
  memset (middle, BLANK_GREY, 3);  /* the title looks the Forest's, but reads nothing */
  s.cards[c].title_only = TRUE;
  sim_step (&s, 5);
  s.cards[c].present = FALSE;
  sim_step (&s, 40);
  memset (middle, 10, 3);  /* reads Forest */
  s.cards[c].title_only = FALSE;
  s.cards[c].present = TRUE;
  guint64 came = s.frame;
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_dated_within (find_named (&s, TS_OBS_ENTERED, "Forest"), came, 1);
  forest_sim_clear (&s, &fr);
}

/* A stray line followed a moment, reading nothing; a card put there later, read once as a
 * Forest and carried off at once; an Island put there over half a second later: the Island
 * came when it was put there, not when the Forest's outline was first seen (seed 281: a
 * Circle of Protection: Red, cast where a Lich had lain a moment, was dated when the Lich
 * came, 25 frames early). */
static void
test_track__card_put_where_another_lay_a_moment_came_after_it (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = blank_sim_init (&s, &fr, &im);
  paint_title (im, 300, 300, BLANK_GREY, TRUE);
  s.cards[c].title_only = TRUE;
  sim_step (&s, 5);
  s.cards[c].present = FALSE;
  sim_step (&s, 30);
  paint_title (im, 300, 300, 10, TRUE);  /* reads Forest */
  s.cards[c].title_only = FALSE;
  s.cards[c].present = TRUE;
  int reads = fr.reads;
  while (fr.reads == reads)
    sim_step (&s, 1);
  s.cards[c].present = FALSE;
  sim_step (&s, 20);
  paint_title (im, 300, 300, 60, TRUE);  /* reads Island */
  s.cards[c].present = TRUE;
  guint64 put = s.frame;
  sim_step (&s, 3 * FPS);
  assert_dated_within (find_named (&s, TS_OBS_ENTERED, "Island"), put, FPS / 3);
  forest_sim_clear (&s, &fr);
}

/* A card read once as a Forest where it lay, then nothing a while (glare), then as an Island
 * from then on, its title looking much the same: an Island put there in the Forest's place
 * came when it was first read (seed 71 at 720p: a Nettling Imp cast where a Paralyze, read
 * once, had lain was dated when the Paralyze came). */
static void
test_track__card_read_as_another_before_came_when_first_read (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  blank_sim_init (&s, &fr, &im);
  paint_title (im, 300, 300, 10, TRUE);  /* reads Forest */
  while (fr.reads == 0)
    sim_step (&s, 1);
  paint_title (im, 300, 300, BLANK_GREY, TRUE);
  sim_step (&s, 12);
  paint_title (im, 300, 300, 60, TRUE);  /* reads Island */
  guint64 put = s.frame;
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  const TsObservation *in = find_named (&s, TS_OBS_ENTERED, "Island");
  assert_non_null (in);
  assert_int_equal (in->track_id, find_obs (&s, TS_OBS_ENTERED, 0)->track_id);
  assert_true (in->time_us >= (gint64) put * FRAME_US);
  assert_true (in->time_us <= (gint64) (put + FPS / 3) * FRAME_US);
  forest_sim_clear (&s, &fr);
}

/* A card that was not read at first (the back of a card in a hand, moving over the table),
 * then read as a Forest put down there and lifted at once, read on the graveyard: the
 * Forest came when it was first read, not when the track began. */
static void
test_track__card_read_late_then_on_a_pile_came_when_first_read (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = hand_sim_init (&s, &fr, &im);
  guint64 began = put_down_and_lifted (&s, im, c, BLANK_GREY, 20, 26);
  sim_step (&s, 5);
  assert_int_equal (s.obs->len, 0);
  paint_title (im, 900, 600, 10, TRUE);
  sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (&s, 3 * FPS);
  const TsObservation *in = find_named (&s, TS_OBS_ENTERED, "Forest");
  assert_non_null (in);
  assert_int_equal (in->area, AREA_BATTLEFIELD);
  assert_in_range (in->time_us, (gint64) (began + 20) * FRAME_US,
                   (gint64) (began + 26) * FRAME_US);
  assert_non_null (find_named (&s, TS_OBS_MOVED, "Forest"));
  forest_sim_clear (&s, &fr);
}

/* A card read once where it lay (as Forest), carried off unseen at once onto its owner's
 * graveyard pile, and another card (an Island) put where it lay. With pile_read_late, the
 * pile's card is read only after the Island was reported (it reads nothing before). The
 * track the first card began is then following the second (read as Forest before the gap,
 * as Island after it). The Forest came and went to the graveyard, moved when the pile's
 * card was first seen (or, read late, when it was first read so: at most a reading's
 * interval after it could be); the Island is another card. */
static void
read_once_killed_and_replaced_case (gboolean pile_read_late)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = hand_sim_init (&s, &fr, &im);
  guint64 came = s.frame;
  paint_title (im, 300, 300, 10, TRUE);  /* reads Forest */
  s.cards[c].present = TRUE;
  sim_step (&s, 4);
  assert_int_equal (fr.reads, 1);
  s.cards[c].present = FALSE;
  sim_step (&s, 5);
  paint_title (im, 900, 600, pile_read_late ? BLANK_GREY : 10, TRUE);
  sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  guint64 read = s.frame;
  sim_step (&s, 3);
  paint_title (im, 300, 300, 60, TRUE);  /* reads Island */
  s.cards[c].present = TRUE;
  if (pile_read_late) {
    sim_step (&s, FPS);
    assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
    paint_title (im, 900, 600, 10, TRUE);
    read = s.frame;
  }
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_island_came_as_another_card (&s);
  assert_forest_came_and_went_within (&s, came, read, pile_read_late ? 10 : 0);
  forest_sim_clear (&s, &fr);
}

/* A card read once where it lay (as Forest), tapped, its title then reading nothing, never
 * reported in play, carried off unseen onto its owner's graveyard and read there: it came,
 * was tapped, and went (seed 491: a Nettling Imp read once as it came, tapped, put in the
 * graveyard 20 frames later, was reported come and gone without its tap). */
static void
test_track__card_read_once_tapped_and_killed_came_tapped_and_went (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = hand_sim_init (&s, &fr, &im);
  paint_title (im, 300, 300, 10, TRUE);  /* reads Forest */
  s.cards[c].present = TRUE;
  sim_step (&s, 4);
  assert_int_equal (fr.reads, 1);
  paint_title (im, 300, 300, BLANK_GREY, TRUE);
  s.cards[c].angle = 90;
  guint64 tapped = s.frame;
  sim_step (&s, 15);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 0);
  s.cards[c].present = FALSE;
  sim_step (&s, 5);
  paint_title (im, 900, 600, 10, TRUE);
  sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (&s, 3 * FPS);
  const TsObservation *in = find_named (&s, TS_OBS_ENTERED, "Forest");
  assert_non_null (in);
  assert_int_equal (in->area, AREA_BATTLEFIELD);
  assert_dated_within (find_named (&s, TS_OBS_TAPPED, "Forest"), tapped, 4);
  assert_non_null (find_named (&s, TS_OBS_MOVED, "Forest"));
  forest_sim_clear (&s, &fr);
}

/* ... and so did one read once where it lay, carried off unseen at once and read on the
 * pile, though another card was put where it lay before the pile's card was reported. */
static void
test_track__card_read_once_killed_and_replaced_at_once_came_and_went (void **state)
{
  read_once_killed_and_replaced_case (FALSE);
}

/* ... also when the pile's card is read only after that other card was reported. */
static void
test_track__card_read_once_killed_and_replaced_read_on_the_pile_later_came_and_went (void **state)
{
  read_once_killed_and_replaced_case (TRUE);
}

/* ... but a card of its name first seen on the pile seconds after it went is another: it is
 * reported put there (from a hand or the library). */
static void
test_track__card_read_once_and_replaced_is_not_a_pile_card_come_much_later (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = blank_sim_init (&s, &fr, &im);
  paint_title (im, 300, 300, 10, TRUE);  /* reads Forest */
  sim_step (&s, 4);
  assert_int_equal (fr.reads, 1);
  s.cards[c].present = FALSE;
  sim_step (&s, 5);
  paint_title (im, 300, 300, 60, TRUE);  /* reads Island */
  s.cards[c].present = TRUE;
  sim_step (&s, 2 * FPS);
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Island"));
  paint_title (im, 900, 600, 10, TRUE);
  sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (&s, 3 * FPS);
  /* Put on the pile from elsewhere, not come into play and gone there. */
  const TsObservation *forest = find_named (&s, TS_OBS_ENTERED, "Forest");
  assert_non_null (forest);
  assert_int_equal (forest->area, AREA_GRAVEYARD);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  forest_sim_clear (&s, &fr);
}

/* The Forest card c (of forest_sim_init) in play; a graveyard card read once as Forest and
 * covered since; `between` frames later the Forest is taken away, and 10 frames after that
 * an Island lies in its place, followed for 2 seconds. Returns the frame the Forest was last
 * seen. */
static guint64
forest_replaced_after_a_pile_read (Sim *s, FakeReader *fr, TsImage *im, int c, int between)
{
  paint_title (im, 900, 600, 10, TRUE);  /* reads Forest */
  int pile = sim_add (s, 900, 600, NULL, AREA_GRAVEYARD);
  int reads = fr->reads;
  sim_step (s, 4);
  assert_int_equal (fr->reads, reads + 1);
  s->cards[pile].present = FALSE;
  sim_step (s, between);
  s->cards[c].present = FALSE;
  guint64 last_seen = s->frame - 1;
  sim_step (s, 10);
  paint_title (im, 300, 300, 60, TRUE);  /* reads Island */
  s->cards[c].present = TRUE;
  sim_step (s, 2 * FPS);
  return last_seen;
}

/* A card replaced in place after a gap did not go to a pile whose unreported card was
 * read as its name before it went (a pile read once and covered since): it left when it
 * was last seen. */
static void
test_track__card_replaced_did_not_go_to_a_pile_read_as_it_before (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  guint64 last_seen = forest_replaced_after_a_pile_read (&s, &fr, im, c, 20);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  const TsObservation *left = find_obs (&s, TS_OBS_LEFT, 0);
  assert_string_equal (left->name, "Forest");
  assert_int_equal (left->time_us, (gint64) last_seen * FRAME_US);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_string_equal (find_obs (&s, TS_OBS_ENTERED, 1)->name, "Island");
  forest_sim_clear (&s, &fr);
}

/* A card replaced in place after a gap, and a pile read as it a moment before it went: it
 * was moved there, dated when it was last seen where it lay, not when the pile was read. */
static void
test_track__move_to_a_pile_read_as_it_just_before_is_dated_when_it_went (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  guint64 last_seen = forest_replaced_after_a_pile_read (&s, &fr, im, c, 3);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 1);
  const TsObservation *mv = find_obs (&s, TS_OBS_MOVED, 0);
  assert_string_equal (mv->name, "Forest");
  assert_int_equal (mv->area, AREA_GRAVEYARD);
  assert_int_equal (mv->time_us, (gint64) last_seen * FRAME_US);
  forest_sim_clear (&s, &fr);
}

/* carry_off_and_replace() with the pile in area and the Forest carried by (dx, dy) a frame:
 * the Forest left play, where to unseen (one departure, its, and no move of it). */
static void
assert_carried_off_and_replaced_left (int area, double dx, double dy)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint64 lifted, last_seen;
  guint forest_id = carry_off_and_replace (&s, &fr, &im, area, dx, dy, &lifted, &last_seen);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  assert_int_equal (find_obs (&s, TS_OBS_LEFT, 0)->track_id, forest_id);
  for (guint i = 0; find_obs (&s, TS_OBS_MOVED, i) != NULL; i++)
    assert_int_not_equal (find_obs (&s, TS_OBS_MOVED, i)->track_id, forest_id);
  forest_sim_clear (&s, &fr);
}

/* ... but carried off the other way (back to the hand), it left. */
static void
test_track__card_carried_away_from_the_pile_and_replaced_left (void **state)
{
  assert_carried_off_and_replaced_left (AREA_GRAVEYARD, -25, -12);
}

/* ... nor carried off towards its owner's library: the library lies face down and shows no
 * card put on it, so the card went past it, off the table (seed 67: a Demonic Tutor
 * carried off and another card cast where it lay was reported put on the library). */
static void
test_track__card_carried_towards_the_library_and_replaced_left (void **state)
{
  assert_carried_off_and_replaced_left (AREA_LIBRARY, 25, 12);
}

/* A card turned where it lies, its outline lost as it turns, is followed meanwhile by a line
 * of it alone half a card's length off, over its owner's graveyard (the title swept over the
 * zone's border): the card stayed in play, tapped, and did not go to the graveyard and come
 * back as another (seed 53: Dingus Egg; seed 29: Vesuvan Doppelganger). A card changes zone
 * by its outline. */
static void
test_track__line_of_a_turning_card_over_a_pile_zone_moves_nothing (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  int c = sim_add (&s, 300, 300, "Hill Giant", AREA_BATTLEFIELD);
  sim_step (&s, 10);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  s.cards[c].present = FALSE;
  sim_step (&s, 2);
  int line = sim_add_line (&s, 350, 290, NULL, AREA_GRAVEYARD, 1);
  s.cards[line].angle = 40;
  sim_step (&s, 4);
  s.cards[line].present = FALSE;
  s.cards[c].present = TRUE;
  s.cards[c].angle = 90;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_int_equal (find_obs (&s, TS_OBS_TAPPED, 0)->track_id,
                    find_obs (&s, TS_OBS_ENTERED, 0)->track_id);
  sim_clear (&s);
}

/* A card is taken away and another put in its place whose title looks much the same to the
 * tracker's coarse look (the same pattern, another grey): the card back after a gap is read
 * again, and the readings tell the other card. */
static void
test_track__card_back_after_a_gap_is_read_again (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  s.cards[c].present = FALSE;
  sim_step (&s, 20);
  paint_title (im, 300, 300, 60, TRUE);  /* reads Island; looks like the Forest */
  s.cards[c].present = TRUE;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  assert_string_equal (find_obs (&s, TS_OBS_LEFT, 0)->name, "Forest");
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_string_equal (find_obs (&s, TS_OBS_ENTERED, 1)->name, "Island");
  forest_sim_clear (&s, &fr);
}

/* ... and the same card back after a gap (a hand over it) is read again and stays what it
 * was: no departure, no entry, no renaming. */
static void
test_track__same_card_back_after_a_gap_stays (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  int reads = fr.reads;
  s.cards[c].present = FALSE;
  sim_step (&s, 20);
  s.cards[c].present = TRUE;
  sim_step (&s, 2 * FPS);
  assert_true (fr.reads > reads);
  assert_one_card_stayed (&s);
  forest_sim_clear (&s, &fr);
}

/* A card comes back from under a hand turned. Tapped, it is reported at once: a card put
 * where an untapped one lay is seldom put down tapped. Untapped, once its title reads the
 * same again (it may be another card put where a tapped one lay), dated when it was seen. */
static void
test_track__turn_seen_after_a_gap_tap_at_once_untap_once_read (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_out_of_sight (&s, &fr, &im, 20);
  s.cards[c].present = TRUE;
  s.cards[c].angle = 90;
  guint64 back = s.frame;
  sim_step (&s, FPS);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_non_null (tap);
  assert_true (tap->frame <= back + 2);
  s.cards[c].present = FALSE;
  sim_step (&s, 20);
  s.cards[c].present = TRUE;
  s.cards[c].angle = 0;
  back = s.frame;
  sim_step (&s, FPS);
  const TsObservation *untap = find_obs (&s, TS_OBS_UNTAPPED, 0);
  assert_non_null (untap);
  assert_int_equal (untap->track_id, find_obs (&s, TS_OBS_TAPPED, 0)->track_id);
  assert_true (untap->time_us <= (gint64) (back + 2) * FRAME_US);
  assert_true (untap->frame > back + 2);
  assert_int_equal (s.obs->len, 3);  /* entered, tapped, untapped */
  forest_sim_clear (&s, &fr);
}

/* A tapped card back from out of sight, still tapped, is read again; once a reading has
 * named it, it is no other card, and an untap then is reported within 2 frames of
 * settling, not held for the reading that ends the recheck. */
static void
test_track__untap_after_a_reading_named_the_card_back_is_not_held (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 90);
  s.cards[c].present = FALSE;
  sim_step (&s, 20);
  s.cards[c].present = TRUE;
  int reads = fr.reads;
  sim_step (&s, 3);
  assert_int_equal (fr.reads, reads + 1);  /* read again once, as it lies tapped */
  s.cards[c].angle = 0;
  sim_step (&s, 1);
  guint64 settled = s.frame - 1;
  sim_step (&s, FPS);
  const TsObservation *untap = find_obs (&s, TS_OBS_UNTAPPED, 0);
  assert_non_null (untap);
  assert_true (untap->frame <= settled + 2);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  assert_one_card_stayed (&s);
  forest_sim_clear (&s, &fr);
}

/* A tapped creature put in the graveyard is set upright on its way there: turned as it is
 * carried off, it was not untapped where it lay. */
static void
test_track__card_turned_as_it_is_carried_off_is_no_turn (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 90);
  forest_entered_id (&s);
  assert_true (find_obs (&s, TS_OBS_ENTERED, 0)->tapped);
  for (int k = 1; k <= 8; k++) {
    s.cards[c].x += 10;
    s.cards[c].y += 5;
    s.cards[c].angle = 90 - 90.0 * k / 8;
    sim_step (&s, 1);
  }
  s.cards[c].present = FALSE;
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  forest_sim_clear (&s, &fr);
}

/* A whole card's title line as the detector gives it moves off the letters (fitted on some
 * frames, placed from the outline on others): the card's title look, taken from its outline,
 * does not change, and it is not read again. */
static void
test_track__title_line_moving_on_a_still_card_is_no_change (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  int reads = fr.reads;
  s.cards[c].title_dy = 8;  /* onto bare table below the name */
  sim_step (&s, 2 * FPS);
  assert_int_equal (fr.reads, reads);
  assert_one_card_stayed (&s);
  forest_sim_clear (&s, &fr);
}

/* Another card put in a card's place at once (no gap), its title looking different: read
 * again within a few frames, not after half a second or more. */
static void
test_track__title_change_is_read_within_a_few_frames (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  forest_sim_init (&s, &fr, &im, 0);
  int reads = fr.reads;
  paint_title (im, 300, 300, 60, FALSE);  /* reads Island */
  sim_step (&s, 5);
  assert_true (fr.reads > reads);
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_string_equal (find_obs (&s, TS_OBS_ENTERED, 1)->name, "Island");
  forest_sim_clear (&s, &fr);
}

/* A card whose readings never came to a sure name (six weak ones) is watched like a named
 * one: another card put in its place, its title looking different, is read, not taken for
 * the old one unread. */
static void
test_track__card_put_where_an_unread_one_lay_is_read (void **state)
{
  FakeReader fr;
  Sim s;
  fake_sim_init (&s, &fr, 1000);
  TsTrackerParams p;
  ts_tracker_params_init (&p);
  g_autoptr (TsImage) im = ts_image_new (1000, 800, 3);
  paint_title (im, 300, 300, 10, TRUE);  /* reads Forest, weakly */
  s.image = im;
  sim_step (&s, 4 * FPS);
  int reads = fr.reads;
  assert_int_equal (reads, p.max_reads);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  sim_step (&s, FPS);
  assert_int_equal (fr.reads, reads);  /* given up: the same look is not read again */
  fr.weak_first = 0;
  paint_title (im, 300, 300, 60, FALSE);  /* another card there: reads Island */
  sim_step (&s, 2 * FPS);
  assert_true (fr.reads > reads);
  gboolean island = FALSE;
  for (guint i = 0; i < s.obs->len; i++) {
    const TsObservation *o = &g_array_index (s.obs, TsObservation, i);
    island |= o->name != NULL && strcmp (o->name, "Island") == 0;
  }
  assert_true (island);
  forest_sim_clear (&s, &fr);
}

/* The Island put in the Forest's place entered as a second card, untapped; returns it. */
static const TsObservation *
assert_island_entered_untapped (const Sim *s)
{
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 2);
  const TsObservation *island = find_obs (s, TS_OBS_ENTERED, 1);
  assert_string_equal (island->name, "Island");
  assert_false (island->tapped);
  return island;
}

/* A tapped card is taken away and an untapped one put in its place: the new card enters
 * untapped, and is not reported untapped (the turn its track saw was the swap). */
static void
test_track__untapped_card_put_where_a_tapped_one_was_enters_untapped (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 90);
  const TsObservation *forest = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_non_null (forest);
  assert_true (forest->tapped);
  swap_for_untapped_island (&s, im, c);
  sim_step (&s, 3 * FPS);
  const TsObservation *island = assert_island_entered_untapped (&s);
  for (guint i = 0; i < s.obs->len; i++) {
    const TsObservation *o = &g_array_index (s.obs, TsObservation, i);
    if (o->track_id == island->track_id)
      assert_true (o->kind == TS_OBS_ENTERED);
  }
  /* Nor was the Forest untapped on its way out. */
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  forest_sim_clear (&s, &fr);
}

/* A tapped card's title looks changed, and a reading names it again; before the readings
 * agree it is carried off, and an untapped card put in its place, its title not readable at
 * first. The reading from before the gap does not make the new card the old one untapped
 * (seed 131: a Blessing put where a Shivan Dragon lay was reported as the Dragon untapped). */
static void
test_track__reading_before_a_gap_does_not_name_the_card_after_it (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 90);
  forest_entered_id (&s);
  paint_title (im, 300, 300, 10, FALSE);  /* looks changed, still reads Forest */
  int reads = fr.reads;
  for (int k = 0; k < FPS && fr.reads == reads; k++)
    sim_step (&s, 1);
  assert_int_equal (fr.reads, reads + 1);  /* read again: Forest */
  s.cards[c].present = FALSE;
  sim_step (&s, 20);
  paint_title (im, 300, 300, BLANK_GREY, FALSE);  /* glare: reads nothing */
  s.cards[c].angle = 0;
  s.cards[c].present = TRUE;
  sim_step (&s, 8);
  paint_title (im, 300, 300, 60, FALSE);  /* reads Island */
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  assert_island_entered_untapped (&s);
  forest_sim_clear (&s, &fr);
}

/* A reported Forest out of sight (a hand over it), and a title line alone near it, a piece
 * of it, read as the Forest, and so never reported itself; the Forest goes, unseen, and its
 * departure is reported. The line's track, out of sight since, finds an Island put where
 * the line lay: that card is read again before it is reported, and is the Island, not the
 * Forest come back and swapped for an Island (seed 433: the title ends of a Thoughtlace
 * turning, read as it, took a Lifelace cast there after the Thoughtlace had gone to its
 * graveyard, and reported a Thoughtlace come and gone). */
static void
test_track__named_before_a_gap_is_read_again_before_it_is_reported (void **state)
{
  FakeReader fr;
  Sim s;
  TsTrackerParams p;
  ts_tracker_params_init (&p);
  p.leave_after_ms = 2000;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init_tuned (&s, &fr, &im, &p);
  forest_entered_id (&s);
  s.cards[c].present = FALSE;
  int line = sim_add_line (&s, 380, 300, NULL, AREA_BATTLEFIELD, 1);  /* reads Forest */
  sim_step (&s, 10);
  s.cards[line].present = FALSE;
  sim_step (&s, 2 * FPS - 6);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);  /* the Forest went */
  paint_title (im, 380, 300, 60, FALSE);  /* reads Island */
  s.cards[line].title_only = FALSE;
  s.cards[line].present = TRUE;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_string_equal (find_obs (&s, TS_OBS_ENTERED, 1)->name, "Island");
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  forest_sim_clear (&s, &fr);
}

/* An untapped card is taken away and another put in its place, which lies there untapped
 * lie frames and is then tapped, its name not read yet: the new card came untapped and was
 * tapped, and the old one was not. The tap is dated when it was seen, not when the new card
 * was named. */
static void
assert_put_in_place_then_tapped_enters_then_taps (int lie)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  swap_for_untapped_island (&s, im, c);
  paint_title (im, 300, 300, BLANK_GREY, FALSE);  /* not read yet (glare, say) */
  sim_step (&s, lie);
  s.cards[c].angle = 90;
  guint64 turned = s.frame;
  sim_step (&s, 8);
  paint_title (im, 300, 300, 60, FALSE);  /* reads Island */
  sim_step (&s, 3 * FPS);
  const TsObservation *island = assert_island_entered_untapped (&s);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_string_equal (tap->name, "Island");
  assert_int_equal (tap->track_id, island->track_id);
  /* Dated when it was seen turned, not when the reading named the new card. */
  assert_true (tap->time_us >= (gint64) turned * FRAME_US);
  assert_true (tap->time_us <= (gint64) (turned + 3) * FRAME_US);
  forest_sim_clear (&s, &fr);
}

/* Lying there a third of a second (seed 61: Armageddon cast where Air Elemental lay, tapped
 * 11 frames later, was reported as having come tapped; seed 397: a Hypnotic Specter cast
 * where an Island Sanctuary had lain, tapped at frame 110 and named at 124, was reported
 * tapped at 124). */
static void
test_track__card_put_in_place_lying_a_moment_then_tapped_enters_then_taps (void **state)
{
  assert_put_in_place_then_tapped_enters_then_taps (FPS / 3);
}

/* Tapped 7 frames after it was put down, under a quarter of a second (seed 383: a Demonic
 * Hordes cast where a Hurloon Minotaur had lain, tapped 8 frames later, was reported as the
 * Minotaur tapped and untapped). With a 0.3 s settling time the Island came tapped. */
static void
test_track__card_put_in_place_tapped_a_quarter_second_later_enters_then_taps (void **state)
{
  assert_put_in_place_then_tapped_enters_then_taps (7);
}

/* Card c, lying at (300, 300), its title not read yet (painted blank: glare, say), lies a
 * third of a second, is tapped for tapped_frames, untapped for 8 frames, then its title
 * reads as grey (light), for three seconds. Sets the frames it was tapped and untapped. */
static void
tapped_and_untapped_before_read (Sim *s, TsImage *im, int c, int tapped_frames, int grey,
                                 gboolean light, guint64 *tapped, guint64 *untapped)
{
  paint_title (im, 300, 300, BLANK_GREY, FALSE);
  sim_step (s, FPS / 3);
  s->cards[c].angle = 90;
  *tapped = s->frame;
  sim_step (s, tapped_frames);
  s->cards[c].angle = 0;
  *untapped = s->frame;
  sim_step (s, 8);
  paint_title (im, 300, 300, grey, light);
  sim_step (s, 3 * FPS);
}

/* ... and tapped, then untapped again, before its name is read: it came untapped, was tapped
 * and untapped, each dated when it was seen (seed 383: a Demonic Hordes cast where a Hurloon
 * Minotaur had lain, tapped at 182 and untapped at 195, named at 203, was reported as having
 * come tapped at 174, its tap lost). */
static void
test_track__card_put_in_place_tapped_and_untapped_before_read_turns_twice (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 0);
  swap_for_untapped_island (&s, im, c);
  guint64 tapped, untapped;
  tapped_and_untapped_before_read (&s, im, c, 13, 60, FALSE, &tapped, &untapped);  /* Island */
  assert_island_entered_untapped (&s);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 1);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  const TsObservation *untap = find_obs (&s, TS_OBS_UNTAPPED, 0);
  assert_string_equal (tap->name, "Island");
  assert_string_equal (untap->name, "Island");
  assert_dated_within (tap, tapped, 3);
  assert_dated_within (untap, untapped, 3);
  forest_sim_clear (&s, &fr);
}

/* ... while the card itself, back from under a hand and tapped a moment later, its title not
 * read again yet, is tapped once that reading names it, the tap dated when it was seen. */
static void
test_track__card_back_lying_a_moment_then_tapped_taps_once_read (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_out_of_sight (&s, &fr, &im, 20);
  paint_title (im, 300, 300, BLANK_GREY, FALSE);  /* not read yet (glare, say) */
  s.cards[c].present = TRUE;
  sim_step (&s, FPS / 3);
  s.cards[c].angle = 90;
  guint64 turned = s.frame;
  sim_step (&s, 8);
  paint_title (im, 300, 300, 10, TRUE);  /* reads Forest */
  sim_step (&s, 3 * FPS);
  assert_one_card_stayed (&s);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_true (tap->time_us >= (gint64) turned * FRAME_US);
  assert_true (tap->time_us <= (gint64) (turned + 3) * FRAME_US);
  forest_sim_clear (&s, &fr);
}

/* ... and tapped and untapped again before that reading came, the tap held: neither is
 * reported alone (an untap of a card reported untapped would contradict the log). */
static void
test_track__card_back_tapped_and_untapped_before_read_reports_no_lone_turn (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_out_of_sight (&s, &fr, &im, 20);
  s.cards[c].present = TRUE;
  guint64 tapped, untapped;
  tapped_and_untapped_before_read (&s, im, c, 8, 10, TRUE, &tapped, &untapped);  /* Forest */
  assert_one_card_stayed (&s);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), count_kind (&s, TS_OBS_UNTAPPED));
  forest_sim_clear (&s, &fr);
}

/* A tapped card is taken away, an untapped one put in its place and tapped at once, before
 * the readings tell the two apart: the new card enters untapped (the first turn its track
 * saw was the swap), then is tapped. */
static void
test_track__card_put_in_place_and_tapped_at_once_enters_then_taps (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init (&s, &fr, &im, 90);
  swap_for_untapped_island (&s, im, c);
  sim_step (&s, 3);
  s.cards[c].angle = 90;
  sim_step (&s, 3 * FPS);
  const TsObservation *island = assert_island_entered_untapped (&s);
  gboolean tapped = FALSE;
  for (guint i = 0; i < s.obs->len; i++) {
    const TsObservation *o = &g_array_index (s.obs, TsObservation, i);
    tapped |= o->track_id == island->track_id && o->kind == TS_OBS_TAPPED;
  }
  assert_true (tapped);
  forest_sim_clear (&s, &fr);
}

/* ---- a noisy reader: each card's readings follow a script, "Name:score" or "-" (nothing
 * read), the last one repeating ---- */

typedef struct {
  const char *const *script[4];  /* per card, by the title's grey level as render_titles
                                  * paints it; NULL-terminated */
  int calls[4];
  int total;
} ScriptReader;

static char *
script_read (gpointer worker, const TsTrackReadRequest *req, double *score)
{
  ScriptReader *r = worker;
  double x = (req->title_px[0][0] + req->title_px[2][0]) / 2;
  double y = (req->title_px[0][1] + req->title_px[2][1]) / 2;
  const TsImage *im = req->image;
  int card = (im->data[(int) y * im->stride + (int) x * im->channels] / 50) % 4;
  const char *const *sc = r->script[card];
  int n = 0;
  while (sc[n] != NULL)
    n++;
  const char *entry = sc[MIN (r->calls[card], n - 1)];
  r->calls[card]++;
  r->total++;
  *score = 0;
  if (strcmp (entry, "-") == 0)
    return NULL;
  const char *colon = strrchr (entry, ':');
  *score = g_ascii_strtod (colon + 1, NULL);
  return g_strndup (entry, (gsize) (colon - entry));
}

/* The scripted reader and the tracker's defaults with names read in step; change p before
 * sim_init to try another tuning. */
static void
script_params_init (ScriptReader *r, TsTrackReader *reader, TsTrackerParams *p)
{
  *reader = (TsTrackReader) { fake_worker_new, script_read, NULL, r };
  ts_tracker_params_init (p);
  p->sync_reads = TRUE;
}

static void
script_sim_init (Sim *s, ScriptReader *r, TsTrackReader *reader, TsTrackerParams *p)
{
  script_params_init (r, reader, p);
  sim_init (s, p, reader);
}

/* The scripted reader with the live table's tuning: only cards that read enter. */
static void
live_sim_init (Sim *s, ScriptReader *r, TsTrackReader *reader)
{
  TsTrackerParams p;
  script_params_init (r, reader, &p);
  p.report_unread = FALSE;
  sim_init (s, &p, reader);
}

static const char *const never_read[] = { "-", NULL };

/* live_sim_init's tracker over a blank picture of the table (*im, the caller's), where titles
 * painted grey 60 read Island and nothing else reads, and an Island lying at (300, 300), not
 * yet seen. Returns its index. */
static int
island_live_sim_init (Sim *s, ScriptReader *r, TsTrackReader *reader, TsImage **im)
{
  static const char *const island[] = { "Island:0.97", NULL };
  *r = (ScriptReader) { { never_read, island, never_read, never_read } };
  live_sim_init (s, r, reader);
  *im = ts_image_new (1000, 800, 3);
  s->image = *im;
  paint_title (*im, 300, 300, 60, TRUE);
  return sim_add (s, 300, 300, NULL, AREA_BATTLEFIELD);
}

/* A card tapped beside its graveyard, its outline lost as it turned, seen by its title line
 * alone, turned a quarter where its title turned lies, for four frames only: the line is
 * read once, as the card, before it is lost. That reading tells it is the card turned: its
 * tap is dated when the line was first seen, and its untap, seen whole again, then (seed
 * 397: a Word of Command so tapped, its tap and untap lost). */
static void
test_track__own_title_turned_read_once_is_a_turn (void **state)
{
  ScriptReader r;
  TsTrackReader reader;
  Sim s;
  TsImage *im;
  int c = island_live_sim_init (&s, &r, &reader, &im);
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  s.cards[c].present = FALSE;
  sim_step (&s, 8);
  /* As in own_title_turned_the_other_way_over_a_pile_is_a_turn, its title painted there. */
  paint_title (im, 337, 337, 60, TRUE);
  guint64 tapped_at = s.frame;
  int line = sim_add_line (&s, 337, 417, NULL, AREA_GRAVEYARD, 0.5);
  s.cards[line].angle = 90;
  s.cards[line].title_dy = -80;
  sim_step (&s, 4);
  s.cards[line].present = FALSE;
  sim_step (&s, 8);
  guint64 untapped_at = s.frame;
  s.cards[c].present = TRUE;
  sim_step (&s, FPS);
  assert_last_dated (&s, TS_OBS_TAPPED, 1, tapped_at, 0);
  assert_last_dated (&s, TS_OBS_UNTAPPED, 1, untapped_at, 0);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  ts_image_free (im);
  sim_clear (&s);
}

/* A creature dies, carried off unseen; its name is read once on its graveyard over the card
 * reported there, and never again (another card is put on it at once): the readings there
 * never agree, and the pile stays the card it was. When another card is cast where the
 * creature lay, that reading tells where the creature went (seed 127: Timber Wolves, reported
 * gone to nowhere). */
static void
test_track__card_replaced_read_once_on_a_reported_pile_moved_there (void **state)
{
  static const char *const forest[] = { "Forest:0.97", NULL };
  static const char *const island[] = { "Island:0.97", NULL };
  static const char *const swamp[] = { "Swamp:0.97", NULL };
  static const char *const glimpse[] = { "Forest:0.6", "-", NULL };
  ScriptReader r = { { forest, island, swamp, glimpse } };
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  script_sim_init (&s, &r, &reader, &p);
  g_autoptr (TsImage) im = ts_image_new (1000, 800, 3);
  s.image = im;
  paint_title (im, 300, 300, 10, TRUE);  /* Forest */
  int c = sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
  paint_title (im, 900, 600, 60, TRUE);  /* Island, on the graveyard */
  sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  guint forest_id = find_named (&s, TS_OBS_ENTERED, "Forest")->track_id;
  s.cards[c].present = FALSE;
  guint64 gone = s.frame;
  sim_step (&s, 10);
  paint_title (im, 900, 600, 160, FALSE);  /* read as the Forest once, then as nothing */
  guint64 put = s.frame;
  sim_step (&s, 20);
  paint_title (im, 300, 300, 110, FALSE);  /* a Swamp where the Forest lay */
  s.cards[c].present = TRUE;
  sim_step (&s, 3 * FPS);
  const TsObservation *mv = assert_forest_moved_to_graveyard (&s, forest_id);
  assert_true (mv->time_us >= (gint64) gone * FRAME_US);
  assert_true (mv->time_us <= (gint64) (put + FPS) * FRAME_US);
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Swamp"));
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 3);  /* Forest, Island, Swamp */
  sim_clear (&s);
}

/* Every observation's name is one of the allowed ones (or none). */
static void
assert_names_only (const Sim *s, const char *const *allowed)
{
  for (guint i = 0; i < s->obs->len; i++) {
    const TsObservation *o = &g_array_index (s->obs, TsObservation, i);
    gboolean ok = o->name == NULL;
    for (guint k = 0; allowed[k] && !ok; k++)
      ok = strcmp (o->name, allowed[k]) == 0;
    if (!ok)
      fail_msg ("observation %u names %s", i, o->name);
  }
}

static void
test_track__one_off_misread_never_enters_play (void **state)
{
  static const char *const bears[] = { "Web:0.93", "Grizzly Bears:0.9", NULL };
  static const char *const giant[] = { "Hill Giant:0.95", "Hill Giant:0.9", "Web:0.97",
                                       "Hill Giant:0.95", NULL };
  ScriptReader r = { { bears, giant, bears, bears } };
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  script_params_init (&r, &reader, &p);
  p.strong_score = 0.99;  /* keep reading: later misreads come in too */
  sim_init (&s, &p, &reader);
  sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
  sim_add (&s, 450, 300, NULL, AREA_BATTLEFIELD);
  g_autoptr (TsImage) im = render_titles (&s);
  s.image = im;
  sim_step (&s, 6 * FPS);
  assert_true (r.calls[0] >= 3 && r.calls[1] >= 4);
  static const char *const allowed[] = { "Grizzly Bears", "Hill Giant", NULL };
  assert_names_only (&s, allowed);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_int_equal (count_kind (&s, TS_OBS_NAMED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  /* Each by its own place: the Bears at 300, the Giant at 450. */
  for (guint i = 0; i < 2; i++) {
    const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, i);
    assert_string_equal (e->name, e->center[0] < 375 ? "Grizzly Bears" : "Hill Giant");
  }
  sim_clear (&s);
}

static void
test_track__disagreeing_reads_make_one_unknown_card (void **state)
{
  static const char *const mixed[] = { "Hill Giant:0.8", "Web:0.8", "Giant Growth:0.8",
                                       "Hill Giant:0.7", "Web:0.8", "Giant Growth:0.75", NULL };
  ScriptReader r = { { mixed, mixed, mixed, mixed } };
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  script_sim_init (&s, &r, &reader, &p);
  sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
  g_autoptr (TsImage) im = render_titles (&s);
  s.image = im;
  sim_step (&s, 6 * FPS);
  assert_int_equal (r.total, p.max_reads);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_null (e->name);
  assert_true (e->needs_confirmation);
  assert_int_equal (s.obs->len, 1);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 1);
  sim_clear (&s);
}

static void
test_track__title_line_alone_that_never_reads_is_not_a_card (void **state)
{
  static const char *const nothing[] = { "-", NULL };
  ScriptReader r = { { nothing, nothing, nothing, nothing } };
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  script_sim_init (&s, &r, &reader, &p);
  sim_add_line (&s, 300, 300, NULL, AREA_BATTLEFIELD, 1);
  sim_add (&s, 450, 300, NULL, AREA_BATTLEFIELD);  /* a whole card, unreadable */
  g_autoptr (TsImage) im = render_titles (&s);
  s.image = im;
  sim_step (&s, 6 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_null (e->name);
  assert_true (e->needs_confirmation);
  assert_true (e->center[0] > 400);
  /* The line alone is not read again after two blanks; the card is, up to max_reads. */
  assert_int_equal (r.calls[0], 2);
  assert_int_equal (r.calls[1], p.max_reads);
  ts_tracker_finish (s.tracker, (gint64) s.frame * FRAME_US, s.obs);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  sim_clear (&s);
}

/* A detector's angle wobbles, flips a quarter turn for a frame or two, and reads a card
 * upside down now and then: none of it is a tap. A real tap still is, once. */
static void
test_track__angle_jitter_is_not_a_tap (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Grizzly Bears");
  static const double wobble[] = { 0, 5, 358, 90, 0, 2, 91, 89, 0, 180, 181, 0, 185, 355, 60,
                                   0, 270, 0, 3, 88, 92, 0, 1, 179, 0 };
  for (guint i = 0; i < G_N_ELEMENTS (wobble); i++) {
    s.cards[c].angle = wobble[i];
    sim_step (&s, 1);
  }
  sim_step (&s, 10);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  /* Tapped, with the detector unsure of up and down: 90 and 270 are the same tap. */
  static const double tap[] = { 30, 60, 90, 270, 90, 91, 270, 269, 90, 272, 88, 90 };
  guint64 settled = s.frame + 2;
  for (guint i = 0; i < G_N_ELEMENTS (tap); i++) {
    s.cards[c].angle = tap[i];
    sim_step (&s, 1);
  }
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_true (find_obs (&s, TS_OBS_TAPPED, 0)->frame <= settled + 2);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  sim_clear (&s);
}

/* The detector loses a card's outline as it turns, and then every other frame: seen at the
 * same angle on both sides of a missed frame, it lay still, and its tap comes while the
 * flicker lasts, not once it stops. */
static void
test_track__tap_seen_every_other_frame_is_reported (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Wall of Stone");
  /* Lost while it turns, found lying tapped, then lost and found by turns. */
  s.cards[c].present = FALSE;
  sim_step (&s, 3);
  s.cards[c].angle = 90;
  s.cards[c].present = TRUE;
  sim_step (&s, 1);
  guint64 settled = s.frame - 1;
  for (int i = 0; i < 5; i++) {
    s.cards[c].present = FALSE;
    sim_step (&s, 1);
    s.cards[c].present = TRUE;
    sim_step (&s, 1);
  }
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_non_null (tap);
  assert_true (tap->frame <= settled + 4);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  sim_clear (&s);
}

/* Lost from sight as it turns (a hand turning it) and found again lying tapped: it came to
 * rest while unseen, and its tap is reported within two frames of settling, as one seen
 * turning all the way is. Found half way round and held there, it is no tap. */
static void
test_track__tap_finished_out_of_sight_is_reported_within_two_frames (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  int c = sim_add (&s, 300, 300, "Plague Rats", AREA_BATTLEFIELD);
  int d = sim_add (&s, 500, 300, "Grizzly Bears", AREA_BATTLEFIELD);
  sim_step (&s, 10);
  s.cards[c].angle = 18;
  sim_step (&s, 1);
  s.cards[c].present = FALSE;
  for (int i = 2; i <= 5; i++) {
    s.cards[c].angle = 18.0 * i;
    sim_step (&s, 1);
  }
  guint64 settled = s.frame - 1;
  s.cards[c].present = TRUE;
  sim_step (&s, 10);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_int_equal (tap->track_id, 1);
  assert_true (tap->frame <= settled + 2);
  /* The other one, lost as it turns and found half way round, held there a while. */
  s.cards[d].angle = 20;
  sim_step (&s, 1);
  s.cards[d].present = FALSE;
  s.cards[d].angle = 50;
  sim_step (&s, 4);
  s.cards[d].present = TRUE;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  sim_clear (&s);
}

/* A card tapped under a hand (title lines searched every third frame) and found again
 * tapped on a frame without a search: the looks that confirm the tap come later, but it is
 * dated at the first sight of the card lying tapped. */
static void
test_track__tap_under_a_hand_is_dated_when_the_card_is_seen_again (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Wall of Bone");
  s.titles_every = 3;
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  s.cards[c].present = FALSE;
  s.cards[c].angle = 90;
  sim_step (&s, 10);
  while (s.frame % 3 != 2)
    sim_step (&s, 1);
  guint64 back = s.frame;
  s.cards[c].present = TRUE;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_string_equal (tap->name, "Wall of Bone");
  assert_true (tap->frame > back);
  assert_dated_within (tap, back, 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  sim_clear (&s);
}

/* A card turned under a hand, its outline hidden: seen half way round by its title line
 * alone, then one frame lying tapped, the line's centre 38 mm from the card's, then turned
 * away as it is carried off. It was tapped where it lay, not carried: the tap is reported,
 * dated at that frame. */
static void
test_track__tap_seen_by_the_title_line_alone_is_not_a_carry (void **state)
{
  Sim s;
  int c = card_reported_then_seen_by_its_line (&s, "Armageddon");
  s.cards[c].angle = 45;
  s.cards[c].x = 327;
  s.cards[c].y = 273;
  sim_step (&s, 3);
  s.cards[c].angle = 90;
  s.cards[c].x = 338;
  s.cards[c].y = 300;
  guint64 tapped = s.frame;
  sim_step (&s, 1);
  s.cards[c].angle = 50;
  s.cards[c].x = 360;
  sim_step (&s, 1);
  s.cards[c].present = FALSE;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_string_equal (tap->name, "Armageddon");
  assert_dated_within (tap, tapped, 0);
  sim_clear (&s);
}

/* The one card's one turn of this kind was reported within 2 frames of settling, under its
 * name, and the card neither came twice nor left. */
static void
assert_one_turn_in_time (const Sim *s, TsObservationKind kind, const char *name,
                         guint64 settled)
{
  assert_int_equal (count_kind (s, kind), 1);
  const TsObservation *turn = find_obs (s, kind, 0);
  assert_string_equal (turn->name, name);
  assert_true (turn->frame <= settled + 2);
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 1);
  assert_int_equal (count_kind (s, TS_OBS_LEFT), 0);
}

/* A card's outline lost for one frame as it is tapped, while a stray line lies over its
 * title (a track seen in that frame, a little nearer the card's centre than the 0.25 a
 * missing track pays): the card keeps its outline, and its tap comes within 2 frames. */
static void
test_track__card_lost_a_frame_as_it_turns_keeps_its_outline (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  int c = sim_add (&s, 300, 300, "Hill Giant", AREA_BATTLEFIELD);
  int stray = sim_add_line (&s, 300, 282, NULL, AREA_BATTLEFIELD, 1.15);
  sim_step (&s, 10);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  s.cards[c].angle = 30;
  sim_step (&s, 1);
  s.cards[c].present = FALSE;
  sim_step (&s, 1);
  s.cards[c].present = TRUE;
  s.cards[c].angle = 90;
  s.cards[stray].present = FALSE;
  sim_step (&s, 1);
  guint64 settled = s.frame - 1;
  sim_step (&s, 2 * FPS);
  assert_one_turn_in_time (&s, TS_OBS_TAPPED, "Hill Giant", settled);
  sim_clear (&s);
}

/* A card turned out of sight (a hand over it) and then seen every other frame as a piece of
 * itself (a part the detector took for a card, two thirds its size, lying the old way): the
 * pieces neither confirm the tap nor undo it. Two settled looks at the whole card, a piece
 * between them, confirm it (seed 41: an Animate Dead reported 6 frames late, 4 now). */
static void
test_track__pieces_seen_between_looks_at_a_turned_card_do_not_delay_its_turn (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  int c = sim_add (&s, 300, 300, "Animate Dead", AREA_BATTLEFIELD);
  int piece = sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
  s.cards[piece].scale = 0.66;
  s.cards[piece].present = FALSE;
  sim_step (&s, 10);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  s.cards[c].angle = 90;
  guint64 settled = s.frame + 1;
  for (int f = 0; f < 13; f++) {
    s.cards[c].present = f % 2 == 1;
    s.cards[piece].present = f % 2 == 0;
    sim_step (&s, 1);
  }
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_string_equal (tap->name, "Animate Dead");
  assert_true (tap->frame <= settled + 4);
  s.cards[piece].present = FALSE;
  s.cards[c].present = TRUE;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  sim_clear (&s);
}

/* A simulation with title lines searched for on every other frame, a card (name, lying at
 * angle) at (300, 300) and a stray line's track beside it, 18 mm below (a little nearer the
 * card's centre than the 0.25 a missing track pays), after the card entered. Returns the
 * card's index. */
static int
card_beside_a_stray_line_init (Sim *s, const char *name, double angle)
{
  sim_init (s, NULL, NULL);
  s->titles_every = 2;
  int c = sim_add (s, 300, 300, name, AREA_BATTLEFIELD);
  s->cards[c].angle = angle;
  sim_add_line (s, 300, 318, NULL, AREA_BATTLEFIELD, 1);
  sim_step (s, 16);
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 1);
  return c;
}

/* A tapped card under a hand for a few frames, untapped meanwhile, beside a stray line
 * track. The card comes
 * back on a frame with no title search, when the line's track is kept as it was: the
 * card's outline is its own track's, not the line's, and the untap comes within 2 frames. */
static void
test_track__outline_back_is_the_card_not_a_line_track_beside_it (void **state)
{
  Sim s;
  int c = card_beside_a_stray_line_init (&s, "Circle of Protection: Blue", 90);
  s.hand_x = 300;
  s.hand_y = 300;
  s.hand_r = 5;
  s.cards[c].angle = 0;
  sim_step (&s, (s.frame + 4) % 2 == 0 ? 5 : 4);  /* back on a frame with no title search */
  s.hand_r = 0;
  sim_step (&s, 1);
  guint64 settled = s.frame - 1;
  assert_true (settled % 2 == 1);
  sim_step (&s, 2 * FPS);
  assert_one_turn_in_time (&s, TS_OBS_UNTAPPED, "Circle of Protection: Blue", settled);
  sim_clear (&s);
}

/* A card being tapped is followed by its title line alone a few frames (its outline lost),
 * while a blurred piece of it, further off than its outline's centre, reads as its name: the
 * piece is no card slid off (its track, taking the card's identity, would lose the card's
 * outline to a stray line's track beside it) nor a second card. The outline comes back on a
 * frame with no title search; the tap comes within 2 frames. */
static void
test_track__line_read_as_a_turning_card_beside_it_is_a_piece_of_it (void **state)
{
  Sim s;
  int c = card_beside_a_stray_line_init (&s, "Underground Sea", 0);
  s.cards[c].title_only = TRUE;
  s.cards[c].angle = 45;
  int piece = sim_add_line (&s, 340, 275, "Underground Sea", AREA_BATTLEFIELD, 1);
  s.cards[piece].angle = 45;
  sim_step (&s, 41);  /* over a second (it is announced), to a frame with a title search */
  s.cards[piece].present = FALSE;
  s.cards[c].title_only = FALSE;
  s.cards[c].angle = 90;
  sim_step (&s, 1);
  guint64 settled = s.frame - 1;
  assert_true (settled % 2 == 1);
  sim_step (&s, 2 * FPS);
  assert_one_turn_in_time (&s, TS_OBS_TAPPED, "Underground Sea", settled);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  sim_clear (&s);
}

/* Two Mountains side by side, each read with a misread among its readings, stay two cards. */
static void
test_track__identical_cards_with_misreads_stay_two (void **state)
{
  static const char *const a[] = { "Mountain:0.9", "Fountain:0.8", "Mountain:0.92", NULL };
  static const char *const b[] = { "Mounted:0.7", "Mountain:0.9", "Mountain:0.93", NULL };
  ScriptReader r = { { a, b, a, b } };
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  script_sim_init (&s, &r, &reader, &p);
  int m0 = sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
  sim_add (&s, 366, 300, NULL, AREA_BATTLEFIELD);  /* 3 mm apart */
  g_autoptr (TsImage) im = render_titles (&s);
  s.image = im;
  sim_step (&s, 4 * FPS);
  static const char *const allowed[] = { "Mountain", NULL };
  assert_names_only (&s, allowed);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  guint id0 = find_obs (&s, TS_OBS_ENTERED, 0)->track_id;
  guint id1 = find_obs (&s, TS_OBS_ENTERED, 1)->track_id;
  assert_int_not_equal (id0, id1);
  assert_non_null (find_obs (&s, TS_OBS_ENTERED, 0)->name);
  assert_non_null (find_obs (&s, TS_OBS_ENTERED, 1)->name);
  s.cards[m0].angle = 90;
  sim_step (&s, 5);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  guint tapped = find_obs (&s, TS_OBS_TAPPED, 0)->track_id;
  assert_int_equal (tapped, find_obs (&s, TS_OBS_ENTERED, 0)->center[0] < 333 ? id0 : id1);
  sim_clear (&s);
}

/* A card not named by the input put down at (300, 300) over its title's picture (*im, the
 * caller's; read by r's script), lying there lie frames and then turned a quarter, from
 * frame *turned on. Returns its index. */
static int
unread_card_put_down_and_tapped (Sim *s, ScriptReader *r, TsTrackReader *reader,
                                 TsTrackerParams *p, TsImage **im, int lie, guint64 *turned)
{
  script_sim_init (s, r, reader, p);
  int c = sim_add (s, 300, 300, NULL, AREA_BATTLEFIELD);
  *im = render_titles (s);
  s->image = *im;
  sim_step (s, lie);
  s->cards[c].angle = 90;
  *turned = s->frame;
  return c;
}

/* Tapped while its name was still being read: it enters untapped, then the tap comes, dated
 * when it happened. */
static void
test_track__turned_before_the_name_was_agreed (void **state)
{
  static const char *const slow[] = { "-", "-", "Llanowar Elves:0.9", NULL };
  ScriptReader r = { { slow, slow, slow, slow } };
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint64 turned;
  unread_card_put_down_and_tapped (&s, &r, &reader, &p, &im, 5, &turned);
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_false (e->tapped);
  assert_string_equal (e->name, "Llanowar Elves");
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_non_null (tap);
  gint64 when = tap->time_us / FRAME_US;
  assert_true (when >= (gint64) turned && when <= (gint64) turned + 3);
  sim_clear (&s);
}

/* unread_card_put_down_and_tapped's card (lying lie frames), read as Llanowar Elves at its
 * fifth reading only, untapped again frames frames after its tap (on frame *untapped),
 * followed one frame more. */
static void
unread_card_tapped_and_untapped (Sim *s, ScriptReader *r, TsTrackReader *reader,
                                 TsTrackerParams *p, TsImage **im, int lie, int frames,
                                 guint64 *tapped, guint64 *untapped)
{
  static const char *const slow[] = { "-", "-", "-", "-", "Llanowar Elves:0.9", NULL };
  *r = (ScriptReader) { { slow, slow, slow, slow } };
  int c = unread_card_put_down_and_tapped (s, r, reader, p, im, lie, tapped);
  sim_step (s, frames);
  s->cards[c].angle = 0;
  *untapped = s->frame;
  sim_step (s, 1);
}

/* unread_card_tapped_and_untapped's card, lying lie frames before its tap, tapped for mana
 * and untapped six frames later while its name was still being read: it came in untapped,
 * then was tapped and untapped, each turn dated when it settled. */
static void
tapped_and_untapped_while_read_case (int lie)
{
  ScriptReader r;
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint64 tapped, untapped;
  unread_card_tapped_and_untapped (&s, &r, &reader, &p, &im, lie, 6, &tapped, &untapped);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 0);  /* still being read */
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_false (e->tapped);
  assert_int_equal (s.obs->len, 3);
  const TsObservation *tap = &g_array_index (s.obs, TsObservation, 1);
  const TsObservation *untap = &g_array_index (s.obs, TsObservation, 2);
  assert_int_equal (tap->kind, TS_OBS_TAPPED);
  assert_int_equal (untap->kind, TS_OBS_UNTAPPED);
  assert_dated_within (tap, tapped, 3);
  assert_dated_within (untap, untapped, 3);
  sim_clear (&s);
}

static void
test_track__tapped_and_untapped_before_the_name_was_agreed (void **state)
{
  tapped_and_untapped_while_read_case (5);
}

/* The same, tapped as soon as it was confirmed (it lay as many frames as confirm_frames
 * asks, 3): it had lain still before it was, so it came in as it lay, and the tap and untap
 * are its own (seed 359: a Siren's Call in play as the recording began, tapped from its
 * fourth frame and untapped, was reported with neither: its turns were taken for the way
 * it was put down). */
static void
test_track__tapped_and_untapped_as_soon_as_confirmed (void **state)
{
  tapped_and_untapped_while_read_case (3);
}

/* Seen tapped and untapped again within three frames while its name was being read (a hand
 * handling it): it came in untapped, and no turn is reported. */
static void
test_track__turned_and_back_at_once_before_the_name_was_agreed_is_no_turn (void **state)
{
  ScriptReader r;
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint64 tapped, untapped;
  unread_card_tapped_and_untapped (&s, &r, &reader, &p, &im, 5, 3, &tapped, &untapped);
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_false (find_obs (&s, TS_OBS_ENTERED, 0)->tapped);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  sim_clear (&s);
}

/* A tapped Forest swapped for an untapped Island, while a second outline of that place (25 mm
 * lower, reading nothing) was followed unreported all along: when that one reads Island at
 * last, the Forest out of sight, it is the Island, which turned neither way (seed 97: a
 * Thoughtlace cast where Holy Strength lay was reported tapped and untapped at once, the
 * Holy Strength's tap and the swap, as the second track joined it). */
static void
test_track__track_joining_a_card_swapped_in_reports_no_turn_of_the_old_one (void **state)
{
  FakeReader fr;
  Sim s;
  TsTrackerParams p;
  ts_tracker_params_init (&p);
  p.report_unread = FALSE;  /* the live tuning: what never reads is never reported */
  g_autoptr (TsImage) im = NULL;
  int c = forest_sim_init_tuned (&s, &fr, &im, &p);
  paint_title (im, 300, 325, BLANK_GREY, FALSE);
  int d = sim_add (&s, 300, 325, NULL, AREA_BATTLEFIELD);
  sim_step (&s, 10);
  s.cards[c].angle = s.cards[d].angle = 90;
  sim_step (&s, 10);
  s.cards[c].present = s.cards[d].present = FALSE;
  sim_step (&s, 20);
  paint_title (im, 300, 300, 60, FALSE);  /* reads Island */
  s.cards[c].angle = s.cards[d].angle = 0;
  s.cards[c].present = s.cards[d].present = TRUE;
  sim_step (&s, 2 * FPS);
  assert_island_entered_untapped (&s);
  s.cards[c].present = FALSE;
  paint_title (im, 300, 325, 60, FALSE);
  sim_step (&s, 3 * FPS);
  assert_island_entered_untapped (&s);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);  /* the Forest's */
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  forest_sim_clear (&s, &fr);
}

/* The detector sees one card twice (its outline, and a line of it alone nearby): one card,
 * which stays while either detection does, and leaves once. */
static void
test_track__second_detection_of_a_card_is_not_a_second_card (void **state)
{
  Sim s;
  sim_init_quick_leave (&s);
  int c = sim_add (&s, 300, 300, "Grizzly Bears", AREA_BATTLEFIELD);
  int part = sim_add (&s, 310, 302, "Grizzly Bears", AREA_BATTLEFIELD);  /* a title word */
  s.cards[part].title_only = TRUE;
  int unread = sim_add (&s, 295, 290, NULL, AREA_BATTLEFIELD);  /* its art box, say */
  sim_add (&s, 366, 300, "Grizzly Bears", AREA_BATTLEFIELD);     /* a second one beside it */
  sim_step (&s, 6 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 2);
  /* The outline is lost for a while; the line alone still shows the card is there. */
  s.cards[c].present = FALSE;
  s.cards[unread].present = FALSE;
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  s.cards[part].present = FALSE;
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  sim_clear (&s);
}

/* A card goes; something much smaller (a die, a piece of the card beside it) is seen where
 * it lay: that is not the card, which leaves. */
static void
test_track__a_small_thing_where_a_card_lay_is_not_the_card (void **state)
{
  Sim s;
  sim_init_quick_leave (&s);
  int c = sim_add (&s, 300, 300, "Grizzly Bears", AREA_BATTLEFIELD);
  sim_step (&s, 10);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  s.cards[c].present = FALSE;
  int die = sim_add (&s, 305, 310, NULL, AREA_BATTLEFIELD);
  s.cards[die].scale = 0.3;
  s.cards[die].title_only = TRUE;
  sim_step (&s, 4 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  assert_int_equal (find_obs (&s, TS_OBS_LEFT, 0)->track_id,
                    find_obs (&s, TS_OBS_ENTERED, 0)->track_id);
  sim_clear (&s);
}

/* A card followed by its title line alone (the detector lost its outline) has a size
 * guessed from the line's width, here about half a card's. Seen whole again a card's length
 * further on (the line alone had placed it at the title's centre), it is the same card: one
 * entry, no second card, nothing left. */
static void
test_track__card_seen_whole_after_its_title_alone_is_one_card (void **state)
{
  Sim s;
  sim_init_quick_leave (&s);
  int line = sim_add_line (&s, 300, 300, "Wild Growth", AREA_BATTLEFIELD, 0.55);
  sim_step (&s, 10);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  s.cards[line].present = FALSE;
  sim_step (&s, 3);
  sim_add (&s, 300, 380, "Wild Growth", AREA_BATTLEFIELD);
  sim_step (&s, 4 * FPS);
  assert_one_card_stayed (&s);
  sim_clear (&s);
}

/* A creature lies by its owner's library. Its outline lost for two seconds, it is seen by its
 * title line alone, whose centre lies over the border: it has not moved onto the library. */
static void
test_track__title_line_over_a_zone_border_moves_nothing (void **state)
{
  Sim s;
  int c = card_reported_then_seen_by_its_line (&s, "Fungusaur");
  s.cards[c].x += 30;
  s.cards[c].area = AREA_LIBRARY;
  sim_step (&s, 2 * FPS);
  s.cards[c].title_only = FALSE;
  s.cards[c].x -= 30;
  s.cards[c].area = AREA_BATTLEFIELD;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_one_card_stayed (&s);
  sim_clear (&s);
}

/* card_lying_still's card, reported, then out of sight frames frames: its outline lost as
 * it turned. Returns its index. */
static int
card_lost_turning (Sim *s, const char *name, int frames)
{
  int c = card_lying_still (s, name);
  sim_step (s, FPS);
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 1);
  s->cards[c].present = FALSE;
  sim_step (s, frames);
  return c;
}

/* Card name lies still, reported; then its outline is lost, and its title line alone, read
 * as it, is seen with its card centre guessed at (x, y) in the graveyard, for a second.
 * Returns the card's index; *line receives the line's. */
static int
own_title_line_over_a_pile (Sim *s, const char *name, double x, double y, int *line)
{
  int c = card_lost_turning (s, name, 0);
  *line = sim_add_line (s, x, y, name, AREA_GRAVEYARD, 0.5);
  sim_step (s, FPS);
  return c;
}

/* A card tapped beside its owner's graveyard, its title reaching over the pile. Covered a
 * moment (a card carried past), it is seen by its title line alone, read as it, whose centre
 * lies in the graveyard: the card is where it was, not put on the pile. */
static void
test_track__own_title_reaching_over_a_pile_moves_nothing (void **state)
{
  Sim s;
  int line;
  int c = own_title_line_over_a_pile (&s, "Timetwister", 300, 300, &line);
  s.cards[line].present = FALSE;
  s.cards[c].present = TRUE;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_one_card_stayed (&s);
  sim_clear (&s);
}

/* ... and one tapped there, its outline lost as it turned: its title line, read as it, lies
 * where its title is turned a quarter about its middle, its centre in the graveyard (seed 83:
 * a Wall of Bone, reported put in its graveyard as it was tapped). */
static void
test_track__own_title_turned_over_a_pile_moves_nothing (void **state)
{
  Sim s;
  int line;
  /* The card's title runs across its top, (272..328, 260..266) about its middle (300, 300);
   * turned a quarter it runs down its side, x 334..340: the line's title (x - 28..x + 28,
   * y - 40..y - 34) centred there. */
  own_title_line_over_a_pile (&s, "Wall of Bone", 337, 337, &line);
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_one_card_stayed (&s);
  sim_clear (&s);
}

/* ... and seen so turned the other way from how it lay: it was turned there. A card tapped
 * beside its graveyard, its outline lost as it turned (it touches the pile's), is seen by
 * its title line alone, read as it, turned a quarter, lying where its title turned lies: its
 * tap is dated when that line was first seen. Found whole again untapped, its untap is
 * dated then, not at its last look before the tap; tapped again and seen by that line
 * alone, it is tapped again (seed 431: a Demonic Attorney, its tap, untap and second tap
 * lost, the second tap dated 21 frames late when it was seen whole). */
static void
test_track__own_title_turned_the_other_way_over_a_pile_is_a_turn (void **state)
{
  Sim s;
  int c = card_lost_turning (&s, "Demonic Attorney", 8);
  /* Its title, (272..328, 260..266) about its middle (300, 300), turned a quarter runs down
   * its side, x 334..340: the line's title (x - 28..x + 28, y - 40 + title_dy..) centred
   * there, its card centre guessed well into the graveyard, further than a card's length
   * from the card's. */
  guint64 tapped_at = s.frame;
  int line = sim_add_line (&s, 337, 417, "Demonic Attorney", AREA_GRAVEYARD, 0.5);
  s.cards[line].angle = 90;
  s.cards[line].title_dy = -80;
  sim_step (&s, FPS / 2);
  assert_last_dated (&s, TS_OBS_TAPPED, 1, tapped_at, 0);
  /* Untapped: seen whole again, lying as it lay, its title not read again (its untap held
   * for the readings, as it may be another card put there). */
  s.cards[line].present = FALSE;
  sim_step (&s, 8);
  guint64 untapped_at = s.frame;
  s.cards[c].present = TRUE;
  s.cards[c].name = NULL;
  sim_step (&s, FPS / 2);
  /* Tapped again, seen by its line alone: the line's reading tells the card is the same,
   * and its untap is reported first. */
  s.cards[c].present = FALSE;
  sim_step (&s, 8);
  guint64 again_at = s.frame;
  s.cards[line].present = TRUE;
  sim_step (&s, FPS / 2);
  assert_last_dated (&s, TS_OBS_UNTAPPED, 1, untapped_at, 0);
  assert_last_dated (&s, TS_OBS_TAPPED, 2, again_at, 0);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_one_card_stayed (&s);
  sim_clear (&s);
}

/* ... and so turned, its track following that line itself (the card the line's width
 * guesses is nearly a card's size, its centre near the card's, in the graveyard's zone):
 * the card lies where it lay, turned as the line is, and was tapped (seed 397: a Word of
 * Command, tapped beside its graveyard, was taken to lie on the pile as its track followed
 * that line, and its tap was lost). */
static void
test_track__own_title_turned_followed_by_its_track_is_a_turn (void **state)
{
  Sim s;
  card_lost_turning (&s, "Word of Command", 2);
  guint64 tapped_at = s.frame;
  int line = sim_add_line (&s, 337, 310, "Word of Command", AREA_GRAVEYARD, 0.9);
  s.cards[line].angle = 90;
  s.cards[line].title_dy = 27;
  sim_step (&s, FPS);
  assert_last_dated (&s, TS_OBS_TAPPED, 1, tapped_at, 2);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_one_card_stayed (&s);
  sim_clear (&s);
}

/* A card seen only by its title line (its outline never found), reported, then tapped
 * beside its owner's graveyard: its line is gone from where it lay, its whole outline is
 * found turned but only now and then (on the frames between, nothing of it), and its title
 * end, reaching over the pile, is found as a line alone, turned, whose centre lies in the
 * graveyard. That line lies within the card's outline: it is the card's, not the pile's top,
 * and nothing was put in the graveyard (seed 271: a Bad Moon so tapped was reported put
 * there, then cast again). */
static void
test_track__title_end_of_a_card_turned_beside_a_pile_moves_nothing (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  int c = sim_add_line (&s, 300, 300, "Bad Moon", AREA_BATTLEFIELD, 0.5);
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  s.cards[c].present = FALSE;
  /* The whole card, turned, 70 mm off the line's centre (beyond the gate); the title end's
   * line, its title's centre (x + 20, y + 37 - 37) inside the card's outline. */
  int whole = sim_add (&s, 330, 363, "Bad Moon", AREA_BATTLEFIELD);
  s.cards[whole].angle = 90;
  int end = sim_add_line (&s, 350, 400, "Bad Moon", AREA_GRAVEYARD, 0.5);
  s.cards[end].angle = 90;
  s.titles_every = 3;
  for (int f = 0; f < 3 * FPS; f++) {
    s.cards[whole].present = s.frame % 3 != 0;
    sim_step (&s, 1);
  }
  for (guint i = 0; i < s.obs->len; i++) {
    const TsObservation *o = &g_array_index (s.obs, TsObservation, i);
    assert_false (o->kind == TS_OBS_MOVED && o->area == AREA_GRAVEYARD);
  }
  sim_clear (&s);
}

/* A card put down beside its owner's graveyard, not reported yet (its reading held back), is
 * tapped as its outline is lost (against the card beside it): for two thirds of a second
 * only its title end is found (read as line_name), turned, a line alone reaching over the
 * pile, beyond the card's upright outline but within its reach when turned in place. Then
 * its whole outline is found again, turned back_angle, and read. It came into play untapped
 * and was tapped there, never put in the graveyard (seed 347: a Scavenging Ghoul so tapped
 * was reported put there, and came back the other player's). Sets when the line was first
 * seen (tapped) and the outline again (back). */
static void
title_end_over_a_pile (Sim *s, FakeReader *fr, TsImage **im, const char *line_name,
                       double back_angle, guint64 *tapped, guint64 *back)
{
  memset (fr, 0, sizeof *fr);
  fr->blocked = TRUE;
  g_mutex_init (&fr->lock);
  g_cond_init (&fr->cond);
  TsTrackReader reader = { fake_worker_new, fake_read, NULL, fr };
  sim_init (s, NULL, &reader);
  int c = sim_add (s, 300, 300, NULL, AREA_BATTLEFIELD);
  *im = render_titles (s);
  s->image = *im;
  sim_step (s, 4);
  assert_int_equal (s->obs->len, 0);
  s->cards[c].present = FALSE;
  /* The line's title (x - 28..x + 28, y - 40..y - 34) centred at (337, 300): right of the
   * outline (x 269..331), 37 mm from the card's middle. */
  int end = sim_add_line (s, 337, 337, line_name, AREA_GRAVEYARD, 0.5);
  s->cards[end].angle = 90;
  *tapped = s->frame;
  sim_step (s, 20);
  s->cards[end].present = FALSE;
  s->cards[c].present = TRUE;
  s->cards[c].angle = back_angle;
  s->cards[c].name = "Scavenging Ghoul";
  *back = s->frame;
  sim_step (s, FPS);
  for (guint i = 0; i < s->obs->len; i++) {
    const TsObservation *o = &g_array_index (s->obs, TsObservation, i);
    assert_false (o->kind == TS_OBS_MOVED && o->area == AREA_GRAVEYARD);
  }
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 1);
  const TsObservation *in = find_obs (s, TS_OBS_ENTERED, 0);
  assert_int_equal (in->area, AREA_BATTLEFIELD);
  assert_false (in->tapped);
  assert_int_equal (count_kind (s, TS_OBS_LEFT), 0);
  assert_int_equal (ts_tracker_get_n_cards (s->tracker), 1);
  assert_int_equal (count_kind (s, TS_OBS_TAPPED), 1);
  fake_reader_block (fr, FALSE);
}

/* ... its title end read as it, and found again tapped. */
static void
test_track__title_end_of_a_card_tapped_unseen_beside_a_pile_moves_nothing (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint64 tapped, back;
  title_end_over_a_pile (&s, &fr, &im, "Scavenging Ghoul", 90, &tapped, &back);
  forest_sim_clear (&s, &fr);
}

/* ... its title end not read yet, and found again untapped: tapped when its title end was
 * first seen and untapped when its outline was found again. */
static void
test_track__title_end_of_a_card_tapped_and_untapped_unseen_beside_a_pile_turns_twice (void **state)
{
  FakeReader fr;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  guint64 tapped, back;
  title_end_over_a_pile (&s, &fr, &im, NULL, 0, &tapped, &back);
  assert_dated_within (find_obs (&s, TS_OBS_TAPPED, 0), tapped, 3);
  assert_last_dated (&s, TS_OBS_UNTAPPED, 1, back, 3);
  forest_sim_clear (&s, &fr);
}

/* Adds the title end of a card lying at (300, 300) turned a quarter clockwise, seen as a name
 * line alone read as name: its title, turned about the card's middle, is centred at
 * (337, 300); the line's card centre is guessed 38 mm beyond it, (375, 300), and the line's
 * title, 37 - 75 below that centre before it turns with the line, lies there. Returns its
 * index. */
static int
sim_add_title_end (Sim *s, const char *name, int area)
{
  int end = sim_add_line (s, 375, 300, name, area, 0.5);
  s->cards[end].angle = 90;
  s->cards[end].turns = TRUE;
  s->cards[end].title_dy = 75;
  return end;
}

/* card_lying_still's card, reported, then tapped where it lies, its outline lost as it
 * turns: its track follows a line alone lying across its middle (its type line, unread),
 * and its title end shows as a name line alone, read as it, where its title lies turned a
 * quarter, the line's card centre guessed beyond it. Returns the title end's index. */
static int
card_tapped_seen_by_its_type_line_and_title_end (Sim *s, const char *name)
{
  int c = card_lying_still (s, name);
  sim_step (s, FPS);
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 1);
  s->cards[c].present = FALSE;
  int type_line = sim_add_line (s, 300, 300, NULL, AREA_BATTLEFIELD, 1);
  s->cards[type_line].angle = 90;
  int end = sim_add_title_end (s, name, AREA_BATTLEFIELD);
  sim_step (s, 2 * FPS);
  return end;
}

/* A card tapped where it lies, followed by a line across its middle, its title end seen
 * alone where its title lies turned a quarter: the title end is the card's, not a second
 * card (seed 479: a Scavenging Ghoul tapped against its library, its title end reported a
 * second Ghoul, tapped, with turns of its own). */
static void
test_track__title_end_of_a_card_tapped_in_play_is_no_second_card (void **state)
{
  Sim s;
  card_tapped_seen_by_its_type_line_and_title_end (&s, "Scavenging Ghoul");
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  sim_clear (&s);
}

/* ... and its title end's track, never reported, does not take another card's line, unread,
 * lying askew near it a moment after the card has gone: it would be reported the card come
 * again (seed 479: the Ghoul's title end's track took a Living Artifact's title line 40
 * frames after the Ghoul went to its graveyard, and came as a second Ghoul). */
static void
test_track__title_end_of_a_card_gone_takes_no_line_askew (void **state)
{
  Sim s;
  int end = card_tapped_seen_by_its_type_line_and_title_end (&s, "Scavenging Ghoul");
  /* Carried off: its type line first, its title end a second later. */
  for (int i = 0; i < s.n; i++)
    if (i != end)
      s.cards[i].present = FALSE;
  sim_step (&s, FPS);
  s.cards[end].present = FALSE;
  sim_step (&s, (int) (4.5 * FPS));
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  /* Another card's title line, unread, upright, beside where the title end lay. */
  sim_add_line (&s, 380, 320, NULL, AREA_BATTLEFIELD, 0.5);
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_named (&s, TS_OBS_ENTERED, "Scavenging Ghoul"), 1);
  sim_clear (&s);
}

/* An Island in play, reported; a stray line on the other player's library, seen three
 * frames, unread. The Island is carried off a moment later, and 8 frames after that its
 * title line is seen alone over its owner's graveyard, askew, then lying there: the stray
 * line's track takes it. The Island went there when it came onto the graveyard, not when the
 * stray line was first seen, before the Island had even left (seed 487: a Thoughtlace put in
 * its graveyard at 102 was dated 84, when such a line was first seen on the other library). */
static void
test_track__card_carried_onto_its_pile_by_a_stray_track_went_when_it_came_there (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Island");
  sim_step (&s, 2 * FPS);
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Island"));
  int stray = sim_add_line (&s, 860, 560, NULL, AREA_LIBRARY, 0.8);
  s.cards[stray].owner = 1;
  sim_step (&s, 3);
  s.cards[stray].present = FALSE;
  sim_step (&s, 1);
  s.cards[c].present = FALSE;
  guint64 lifted = s.frame;
  sim_step (&s, 8);
  int line = sim_add_line (&s, 875, 585, "Island", AREA_GRAVEYARD, 0.8);
  s.cards[line].angle = 55;
  sim_step (&s, 3);
  s.cards[line].x = 900;
  s.cards[line].y = 600;
  s.cards[line].angle = 0;
  sim_step (&s, 3 * FPS);
  const TsObservation *moved = find_named (&s, TS_OBS_MOVED, "Island");
  assert_non_null (moved);
  assert_dated_within (moved, lifted, 12);
  sim_clear (&s);
}

/* A card in play, reported, beside its owner's graveyard, is tapped, its outline and title
 * turning with it. Its outline, last seen whole 10 degrees round, is lost mid-turn (against
 * the pile's), and for three frames all that shows of it is its title end, swung over the
 * pile and read as it: a line alone whose card centre the detector guesses a card's length
 * off the card, on the pile (it takes such a line to read downwards; the card's owner sits
 * across the table, so it reads upwards). Then its outline is found again, tapped. The line
 * was the card's: it was tapped where it lay, and when it is later put on the pile, it was
 * put there then, not when its title end first lay over the pile (seed 433: a Dark Ritual
 * so tapped was reported put in its graveyard 23 frames early, its move then missed). */
static void
test_track__title_end_of_a_card_losing_its_outline_mid_turn_is_no_pile_top (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Dark Ritual");
  s.cards[c].turns = TRUE;
  int forest = sim_add (&s, 365, 300, "Forest", AREA_GRAVEYARD);
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  guint64 turned = s.frame;
  for (int a = 5; a <= 10; a += 5) {
    s.cards[c].angle = a;
    sim_step (&s, 1);
  }
  s.cards[c].present = FALSE;
  int end = sim_add_title_end (&s, "Dark Ritual", AREA_GRAVEYARD);
  sim_step (&s, 3);
  s.cards[end].present = FALSE;
  s.cards[c].present = TRUE;
  s.cards[c].angle = 90;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  const TsObservation *tap = find_named (&s, TS_OBS_TAPPED, "Dark Ritual");
  assert_non_null (tap);
  assert_true (tap->frame >= turned);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  /* Then it is put in the graveyard: carried, still tapped, its title seen over the pile
   * a little further on, then lying on the pile, over the Forest. Moved then. */
  guint64 moved = s.frame;
  s.cards[c].present = FALSE;
  s.cards[end].x += 20;
  s.cards[end].present = TRUE;
  sim_step (&s, 2);
  s.cards[end].present = s.cards[forest].present = FALSE;
  s.cards[c].present = TRUE;
  s.cards[c].x = 365;
  s.cards[c].angle = 0;
  s.cards[c].area = AREA_GRAVEYARD;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 1);
  assert_dated_within (find_named (&s, TS_OBS_MOVED, "Dark Ritual"), moved, 5);
  sim_clear (&s);
}

/* A card in play, reported, with a second track on a second outline of it (its art box and
 * text box found as a card: a shadow, never reported). A hand over it as it is tapped leaves
 * that second outline in view, and a piece of it off its middle, which its track follows.
 * Then its whole outline is found again, tapped and nudged: nearer the shadow than the
 * card's own track. The card's own track takes it, and the tap is reported (seed 401: a
 * Pearled Unicorn's tapped outline went to its shadow, and its tap and untap were lost). */
static void
test_track__card_found_whole_again_is_its_own_track_not_its_shadow (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Pearled Unicorn");
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  int other = sim_add (&s, 310, 300, NULL, AREA_BATTLEFIELD);
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  s.cards[c].present = FALSE;
  int piece = sim_add_line (&s, 295, 295, NULL, AREA_BATTLEFIELD, 1);
  sim_step (&s, 4);
  s.cards[piece].present = s.cards[other].present = FALSE;
  s.cards[c].present = TRUE;
  s.cards[c].x += 12;
  s.cards[c].angle = 90;
  guint64 tapped = s.frame;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_one_tap_of_the_entry (&s, tapped, 2);
  sim_clear (&s);
}

/* Card name lies still, turned angle; a line alone read as it is then found on it, the
 * line's card centre guessed (dx, dy) from the card's and its title title_dy below that
 * guess's: only the one card stays, turned once when angle is not 0. */
static void
assert_line_on_card_is_no_second_card (const char *name, double angle, double dx, double dy,
                                       double title_dy)
{
  Sim s;
  int c = card_lying_still (&s, name);
  s.cards[c].angle = angle;
  sim_step (&s, FPS);
  guint turns = angle != 0;
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), turns);
  int line =
    sim_add_line (&s, s.cards[c].x + dx, s.cards[c].y + dy, name, AREA_BATTLEFIELD, 0.5);
  s.cards[line].title_dy = title_dy;
  sim_step (&s, 3 * FPS);
  assert_one_card_stayed (&s);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), turns);
  sim_clear (&s);
}

/* A basic land with a card laid over the start of its type line ("Basic Land — Mountain"):
 * the rest of that line, found alone, reads as the land. It is the land's type line, not a
 * second Mountain. */
static void
test_track__type_line_of_a_land_read_alone_is_no_second_card (void **state)
{
  /* The type line about 0.56 of the card's length down. */
  assert_line_on_card_is_no_second_card ("Mountain", 0, 10, 0, 45);
}

/* A card turned a quarter, its outline taken the wrong way up: its title, found alone at the
 * other end of the outline, reads as the card, the line's card centre guessed beyond the
 * card. It is that card's title, not a second card of that name. */
static void
test_track__title_found_alone_within_the_card_outline_is_no_second_card (void **state)
{
  /* The line across the outline's lower end, 33 mm below the card's centre. */
  assert_line_on_card_is_no_second_card ("Wild Growth", 90, 0, 105, -35);
}

/* ... also when that line, unread at first, was outlined in part a moment before it read
 * (a hand over the card left a piece of an outline about the title), tracked as the live
 * table is, reporting only cards that read (seed 367: an Aspect of Wolf so followed was
 * reported come again, tapped, and later put in its graveyard). */
static void
test_track__title_outlined_in_part_within_the_card_outline_is_no_second_card (void **state)
{
  ScriptReader r;
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = island_live_sim_init (&s, &r, &reader, &im);
  sim_step (&s, FPS);
  s.cards[c].angle = 90;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  /* Its title at the outline's lower end, 33 mm below the card's centre. */
  int line = sim_add_line (&s, 300, 405, NULL, AREA_BATTLEFIELD, 0.5);
  s.cards[line].title_dy = -35;
  sim_step (&s, FPS / 3);
  s.cards[line].title_only = FALSE;
  sim_step (&s, 2);
  s.cards[line].title_only = TRUE;
  paint_title (im, 300, 370, 60, TRUE);
  sim_step (&s, 3 * FPS);
  assert_one_card_stayed (&s);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  sim_clear (&s);
}

/* A second card of a name in play is put down well apart from the first, and the first is
 * covered by a hand while the second is still being read. The two were seen whole at once:
 * the second is a card of its own, not the first moved there; the first, uncovered, never
 * left. */
static void
test_track__second_card_of_a_name_seen_beside_the_first_is_its_own (void **state)
{
  Sim s;
  int a = card_lying_still (&s, "Phantom Monster");
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  sim_add (&s, 450, 300, "Phantom Monster", AREA_BATTLEFIELD);
  guint64 put = s.frame;
  sim_step (&s, 2);
  s.cards[a].present = FALSE;
  sim_step (&s, FPS);
  s.cards[a].present = TRUE;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  const TsObservation *second = find_obs (&s, TS_OBS_ENTERED, 1);
  assert_true (fabs (second->center[0] - 450) < 5);
  /* Reported before the first was uncovered, dated when it was put down. */
  assert_true (second->frame < (guint64) (10 + 2 * FPS));
  assert_dated_within (second, put, 2);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 2);
  sim_clear (&s);
}

/* A land followed a while by a line of it alone (its outline under a card laid over it)
 * takes the size guessed from that line. Out of sight a moment, then found again mostly by
 * its whole title, now and then by its outline, it is the same land, though it looks about
 * twice the line's size. */
static void
test_track__card_followed_by_a_line_then_found_by_its_title_is_one_card (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Mountain");
  sim_step (&s, FPS);
  s.cards[c].title_only = TRUE;
  s.cards[c].scale = 0.7;
  s.cards[c].title_dy = 45;
  sim_step (&s, 3 * FPS);
  s.cards[c].present = FALSE;
  sim_step (&s, FPS);
  s.cards[c].present = TRUE;
  s.cards[c].title_dy = 0;
  for (int f = 0; f < 2 * FPS; f++) {
    s.cards[c].title_only = f % 5 != 0;
    s.cards[c].scale = f % 5 != 0 ? 1.3 : 1.2;
    sim_step (&s, 1);
  }
  assert_one_card_stayed (&s);
  sim_clear (&s);
}

/* A creature is carried to its owner's graveyard, last seen just inside it, and buried
 * there under the pile's next card. A card then put down where the creature lay before is
 * a new card: the buried one is not uncovered there and does not leave a second time. */
static void
test_track__card_put_near_where_a_buried_one_lay_is_not_it (void **state)
{
  Sim s;
  int c = card_lying_still (&s, "Force of Nature");
  sim_step (&s, FPS);
  const double path[] = { 270, 240, 210, 190, 185, 182, 180, 180 };
  for (guint k = 0; k < G_N_ELEMENTS (path); k++) {
    s.cards[c].x = path[k];
    s.cards[c].area = path[k] < 200 ? AREA_GRAVEYARD : AREA_BATTLEFIELD;
    sim_step (&s, 1);
  }
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 1);
  s.cards[c].present = FALSE;
  sim_add (&s, 170, 300, "Island", AREA_GRAVEYARD);
  sim_step (&s, FPS);
  int n = sim_add (&s, 235, 300, NULL, AREA_BATTLEFIELD);
  sim_step (&s, 10);
  s.cards[n].name = "Terror";
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 3);
  sim_clear (&s);
}

/* A land is played where another one was a moment ago: another card, not a renamed one. */
static void
test_track__another_card_in_the_same_spot_is_another_card (void **state)
{
  Sim s;
  sim_init_quick_leave (&s);
  int c = sim_add (&s, 300, 300, "Forest", AREA_BATTLEFIELD);
  sim_step (&s, 10);
  s.cards[c].present = FALSE;
  sim_step (&s, FPS);
  sim_add (&s, 302, 301, "Island", AREA_BATTLEFIELD);
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_int_equal (count_kind (&s, TS_OBS_NAMED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  assert_string_equal (find_obs (&s, TS_OBS_LEFT, 0)->name, "Forest");
  const TsObservation *island = find_obs (&s, TS_OBS_ENTERED, 1);
  assert_string_equal (island->name, "Island");
  assert_int_not_equal (island->track_id, find_obs (&s, TS_OBS_ENTERED, 0)->track_id);
  sim_clear (&s);
}

/* The recording ends: a card glimpsed for a few frames and gone before the end was never a
 * card; one lying there at the end is. */
static void
test_track__finish_forgets_a_glimpse (void **state)
{
  Sim s;
  TsTrackerParams p;
  ts_tracker_params_init (&p);
  p.confirm_frames = 3;
  sim_init (&s, &p, NULL);
  int g = sim_add (&s, 300, 300, "Shivan Dragon", AREA_BATTLEFIELD);
  /* Seen exactly confirm_frames frames: confirmed at the last, reported only at the next. */
  sim_step (&s, 3);
  s.cards[g].present = FALSE;
  sim_step (&s, 5);
  sim_add (&s, 500, 300, "Forest", AREA_BATTLEFIELD);
  sim_step (&s, 3);
  assert_int_equal (s.obs->len, 0);
  ts_tracker_finish (s.tracker, (gint64) s.frame * FRAME_US, s.obs);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_string_equal (find_obs (&s, TS_OBS_ENTERED, 0)->name, "Forest");
  sim_clear (&s);
}

/* The recording ends 40 frames after a card was taken away (too soon for leave_after_ms):
 * it is reported gone, dated when last seen, unsure (for the person to confirm); the card
 * lying there and one under a hand for the last half second are not. */
static void
test_track__finish_reports_a_card_unseen_a_second_gone (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  int taken = sim_add (&s, 300, 300, "Shivan Dragon", AREA_BATTLEFIELD);
  sim_add (&s, 500, 300, "Forest", AREA_BATTLEFIELD);
  int hidden = sim_add (&s, 700, 300, "Hill Giant", AREA_BATTLEFIELD);
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 3);
  s.cards[taken].present = FALSE;
  guint64 last_seen = s.frame - 1;
  sim_step (&s, 25);
  s.hand_x = s.cards[hidden].x;
  s.hand_y = s.cards[hidden].y;
  s.hand_r = 40;
  sim_step (&s, 15);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  ts_tracker_finish (s.tracker, (gint64) s.frame * FRAME_US, s.obs);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  const TsObservation *gone = find_obs (&s, TS_OBS_LEFT, 0);
  assert_string_equal (gone->name, "Shivan Dragon");
  assert_int_equal (gone->time_us, (gint64) last_seen * FRAME_US);
  assert_true (gone->confidence < 0.6);
  assert_true (gone->needs_confirmation);
  assert_null (find_named (&s, TS_OBS_LEFT, "Hill Giant"));
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  sim_clear (&s);
}

/* A track begins on something unreadable lying crosswise (a shadow, a box); junk_frames
 * later a card is put down there and read: the card entered when it came, lying as it lies,
 * with no tap or untap from the thing before it. */
static void
card_put_where_junk_lay_case (int junk_frames)
{
  static const char *const junk[] = { "-", NULL };
  static const char *const elves[] = { "Llanowar Elves:0.9", NULL };
  ScriptReader r = { { junk, elves, junk, junk } };
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  script_sim_init (&s, &r, &reader, &p);
  int j = sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
  s.cards[j].angle = 90;
  int c = sim_add (&s, 330, 300, NULL, AREA_BATTLEFIELD);
  s.cards[c].present = FALSE;
  g_autoptr (TsImage) im = render_titles (&s);
  s.image = im;
  sim_step (&s, junk_frames);
  assert_int_equal (s.obs->len, 0);
  s.cards[j].present = FALSE;
  s.cards[c].present = TRUE;
  guint64 came = s.frame;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_string_equal (e->name, "Llanowar Elves");
  assert_false (e->tapped);
  assert_true (e->time_us >= (gint64) came * FRAME_US);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  sim_clear (&s);
}

static void
test_track__card_put_where_junk_lay_enters_when_read (void **state)
{
  card_put_where_junk_lay_case (36);
}

/* The same when the junk lay there less than half a second (a hand carrying the card over
 * the table, followed before the card was put down: seed 61, White Ward and Fungusaur). */
static void
test_track__card_put_where_junk_lay_a_moment_enters_when_read (void **state)
{
  card_put_where_junk_lay_case (12);
}

/* A track begins on a stray line that reads nothing, then takes an outline there: one that
 * lies there a second and reads nothing either (a hand, a box), or one carried across in
 * five frames, never read (carried: another card on its way); both go, and a second later a
 * card is put there and read. The card came when it was seen again after that second, not
 * when the outline was first seen. */
static void
card_put_where_unread_outline_lay_before_a_gap_case (gboolean carried)
{
  static const char *const junk[] = { "-", NULL };
  static const char *const mox[] = { "Mox Emerald:0.95", NULL };
  ScriptReader r = { { junk, junk, mox, junk } };
  TsTrackReader reader;
  Sim s;
  live_sim_init (&s, &r, &reader);
  int line = sim_add_line (&s, 300, 300, NULL, AREA_BATTLEFIELD, 1);
  int outline = sim_add (&s, 300, 310, NULL, AREA_BATTLEFIELD);
  s.cards[outline].present = FALSE;
  int c = sim_add (&s, 300, 320, NULL, AREA_BATTLEFIELD);
  s.cards[c].present = FALSE;
  g_autoptr (TsImage) im = render_titles (&s);
  s.image = im;
  sim_step (&s, FPS / 2);
  s.cards[line].present = FALSE;
  s.cards[outline].present = TRUE;
  if (carried) {
    for (int i = 0; i < 5; i++) {
      s.cards[outline].x = 290 + 5 * i;
      sim_step (&s, 1);
    }
  } else {
    sim_step (&s, FPS);
  }
  s.cards[outline].present = FALSE;
  sim_step (&s, FPS);
  s.cards[c].present = TRUE;
  guint64 came = s.frame;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_string_equal (e->name, "Mox Emerald");
  assert_true (e->time_us >= (gint64) came * FRAME_US);
  sim_clear (&s);
}

/* (seed 239: a Mox Emerald cast where an unreadable outline had been followed since frame
 * 76 was dated then). */
static void
test_track__card_put_where_unread_outline_lay_before_a_gap_enters_after_it (void **state)
{
  card_put_where_unread_outline_lay_before_a_gap_case (FALSE);
}

/* (seed 479: a Hurricane cast at 181, where a blank line's track had taken an outline from
 * 119 to 123, unread, was dated 119). */
static void
test_track__card_put_where_an_outline_was_carried_past_before_a_gap_enters_after_it (void **state)
{
  card_put_where_unread_outline_lay_before_a_gap_case (TRUE);
}

/* Tuned to report only cards that read (the live table's tuning): a whole card that never
 * reads does not enter, nor do its turns; a card that reads does, and the one that never
 * read is not reported at the end either. */
static void
test_track__only_read_cards_enter_when_so_tuned (void **state)
{
  static const char *const nothing[] = { "-", NULL };
  static const char *const giant[] = { "Hill Giant:0.95", NULL };
  ScriptReader r = { { nothing, giant, nothing, nothing } };
  TsTrackReader reader;
  Sim s;
  live_sim_init (&s, &r, &reader);
  TsTrackerParams p;
  ts_tracker_params_init (&p);  /* live_sim_init's reads per card are the default's */
  int box = sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
  sim_add (&s, 450, 300, NULL, AREA_BATTLEFIELD);
  g_autoptr (TsImage) im = render_titles (&s);
  s.image = im;
  sim_step (&s, 6 * FPS);
  s.cards[box].angle = 90;
  sim_step (&s, FPS);
  ts_tracker_finish (s.tracker, (gint64) s.frame * FRAME_US, s.obs);
  assert_int_equal (r.calls[0], p.max_reads);  /* it was read, and never gave a name */
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_string_equal (find_obs (&s, TS_OBS_ENTERED, 0)->name, "Hill Giant");
  assert_int_equal (s.obs->len, 1);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 1);
  sim_clear (&s);
}

/* A card is picked up; a stray title line (a word of a neighbour, a sleeve's print) shows
 * nearby and wanders off: the card's track does not follow it away, and the card leaves. */
static void
test_track__reported_card_does_not_drift_along_stray_lines (void **state)
{
  static const char *const nothing[] = { "-", NULL };
  ScriptReader r = { { nothing, nothing, nothing, nothing } };
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  script_params_init (&r, &reader, &p);
  p.leave_after_ms = 2000;
  sim_init (&s, &p, &reader);
  g_autoptr (TsImage) im = ts_image_new (1000, 800, 3);
  s.image = im;
  int c = sim_add (&s, 300, 300, "Forest", AREA_BATTLEFIELD);
  sim_step (&s, 10);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  s.cards[c].present = FALSE;
  int stray = sim_add_line (&s, 320, 300, NULL, AREA_BATTLEFIELD, 1);
  for (int i = 0; i < 8; i++) {
    sim_step (&s, 1);
    s.cards[stray].x += 15;
  }
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  const TsObservation *left = find_obs (&s, TS_OBS_LEFT, 0);
  assert_string_equal (left->name, "Forest");
  assert_true (left->center[0] < 360);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  sim_clear (&s);
}

/* A tracker whose title lines are searched for on every third frame only, and a card seen
 * by its title line alone (Grizzly Bears, at (300, 300)). Returns the card's index. */
static int
bears_line_sim_init (Sim *s)
{
  sim_init (s, NULL, NULL);
  s->titles_every = 3;
  return sim_add_line (s, 300, 300, "Grizzly Bears", AREA_BATTLEFIELD, 1);
}

/* Title lines searched for on every third frame only: a card seen by its title line alone
 * still enters, taps within 2 frames of being seen settled and stays while unseen on the
 * frames in between; a whole card gone is still gone. */
static void
test_track__title_lines_every_third_frame (void **state)
{
  Sim s;
  int line = bears_line_sim_init (&s);
  int whole = sim_add (&s, 450, 300, "Hill Giant", AREA_BATTLEFIELD);
  sim_step (&s, 12);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 2);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 2);
  sim_step (&s, 1 + (3 - s.frame % 3) % 3);  /* the next frame searched for titles is seen */
  s.cards[line].angle = 90;
  guint64 turned = s.frame - 1;  /* seen settled from the next title frame on */
  sim_step (&s, 8);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  assert_true (tap->frame >= turned + 1 && tap->frame <= turned + 1 + 3 + 2);
  s.cards[whole].present = FALSE;
  sim_step (&s, 6 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  assert_true (find_obs (&s, TS_OBS_LEFT, 0)->center[0] > 400);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 1);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  sim_clear (&s);
}

/* ... but a card followed by its title line alone that is seen turned on one title frame
 * (a piece of another card's line carried past, taken for it) and as it was on the next has
 * not turned: the frames in between, not searched, are no second look. */
static void
test_track__title_line_seen_turned_once_between_title_frames_is_no_turn (void **state)
{
  Sim s;
  int line = bears_line_sim_init (&s);
  sim_step (&s, 12);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  sim_step (&s, (3 - s.frame % 3) % 3);  /* the next frame is searched for titles */
  s.cards[line].angle = 90;
  sim_step (&s, 1);
  s.cards[line].angle = 0;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  sim_clear (&s);
}

/* A card read once is read again soon (confirm_reread_ms), not after the usual reread_ms:
 * its name is agreed on before it can turn or leave. */
static void
test_track__name_read_once_is_confirmed_soon (void **state)
{
  static const char *const elves[] = { "Llanowar Elves:0.9", NULL };
  for (int soon = 0; soon < 2; soon++) {
    ScriptReader r = { { elves, elves, elves, elves } };
    TsTrackReader reader;
    TsTrackerParams p;
    Sim s;
    script_params_init (&r, &reader, &p);
    p.reread_ms = 1000;
    p.confirm_reread_ms = soon ? 100 : 1000;
    sim_init (&s, &p, &reader);
    sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
    g_autoptr (TsImage) im = render_titles (&s);
    s.image = im;
    sim_step (&s, 10);
    /* Confirmed on its third frame and read; read again 100 ms (3 frames) later. */
    assert_int_equal (count_kind (&s, TS_OBS_ENTERED), soon ? 1 : 0);
    assert_int_equal (r.total, soon ? 2 : 1);
    sim_step (&s, 2 * FPS);
    assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
    assert_string_equal (find_obs (&s, TS_OBS_ENTERED, 0)->name, "Llanowar Elves");
    sim_clear (&s);
  }
}

/* script_sim_init's tracker over titles as render_titles paints them (*im, the caller's), a
 * card at (300, 300), not yet seen, whose readings are always "Plague Rats". Returns its
 * index. */
static int
rats_sim_init (Sim *s, ScriptReader *r, TsTrackReader *reader, TsImage **im)
{
  static const char *const rats[] = { "Plague Rats:0.97", NULL };
  *r = (ScriptReader) { { rats, rats, rats, rats } };
  TsTrackerParams p;
  script_sim_init (s, r, reader, &p);
  int c = sim_add (s, 300, 300, NULL, AREA_BATTLEFIELD);
  *im = render_titles (s);
  s->image = *im;
  return c;
}

/* A card lies on the table as the recording begins and is taken up on its eighth frame: it
 * is read on its second look, so its second reading (confirm_reread_ms later) comes while it
 * still lies there. It came and left. */
static void
test_track__card_lying_as_the_recording_begins_is_read_on_its_second_look (void **state)
{
  ScriptReader r;
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = rats_sim_init (&s, &r, &reader, &im);
  sim_step (&s, 1);
  assert_int_equal (r.total, 0);
  sim_step (&s, 1);
  assert_int_equal (r.total, 1);  /* read on its second look, not yet confirmed */
  sim_step (&s, 6);
  assert_int_equal (r.total, 2);
  s.cards[c].present = FALSE;
  sim_step (&s, 6 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_string_equal (e->name, "Plague Rats");
  assert_int_equal (e->time_us, 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  assert_int_equal (find_obs (&s, TS_OBS_LEFT, 0)->time_us, 7 * FRAME_US);
  sim_clear (&s);
}

/* A card seen on its second look away from where its first look saw it (carried in) is not
 * read before it is confirmed. */
static void
test_track__card_carried_in_is_read_once_confirmed (void **state)
{
  ScriptReader r;
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = rats_sim_init (&s, &r, &reader, &im);
  sim_step (&s, 1);
  s.cards[c].x += 10;
  sim_step (&s, 1);
  assert_int_equal (r.total, 0);
  sim_step (&s, 1);
  assert_int_equal (r.total, 1);
  sim_clear (&s);
}

/* A card is put down: slid in lying crosswise in the hand, it comes to rest upright. It
 * entered untapped, with no turn reported. */
static void
test_track__card_put_down_turning_enters_as_it_comes_to_rest (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  int c = sim_add (&s, 200, 300, "Forest", AREA_BATTLEFIELD);
  s.cards[c].angle = 80;
  for (int k = 0; k < 6; k++) {
    sim_step (&s, 1);
    s.cards[c].x += 20;
    s.cards[c].angle -= 16;
  }
  s.cards[c].angle = 0;
  sim_step (&s, FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  const TsObservation *e = find_obs (&s, TS_OBS_ENTERED, 0);
  assert_false (e->tapped);
  assert_int_equal (e->time_us, 0);  /* dated when first seen */
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 0);
  sim_clear (&s);
}

/* A card's track slides off it onto something unread beside it (a die, a token; with
 * line_only, a stray line seen alone) while the card is lost for a moment; the card found
 * again and read under the same name off from where the track now lies is the same card,
 * not a second one. (The thing, never read, may be reported as an unknown card: this
 * tracker has no reader.) */
static void
slid_track_case (double off, gboolean line_only)
{
  Sim s;
  int c = card_lying_still (&s, "Hill Giant");
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  guint id = find_obs (&s, TS_OBS_ENTERED, 0)->track_id;
  s.cards[c].present = FALSE;
  int junk = sim_add (&s, 300, 300 + off, NULL, AREA_BATTLEFIELD);
  s.cards[junk].title_only = line_only;
  sim_step (&s, 5);
  s.cards[c].present = TRUE;
  sim_step (&s, FPS);
  s.cards[junk].present = FALSE;
  sim_step (&s, 7 * FPS);
  guint giants = 0;
  for (guint i = 0; i < s.obs->len; i++) {
    const TsObservation *o = &g_array_index (s.obs, TsObservation, i);
    if (g_strcmp0 (o->name, "Hill Giant") != 0)
      continue;
    giants += o->kind == TS_OBS_ENTERED;
    assert_int_equal (o->track_id, id);
    assert_int_not_equal (o->kind, TS_OBS_LEFT);
  }
  assert_int_equal (giants, 1);
  if (!line_only)  /* over the card, the thing is taken for a part of it */
    assert_int_equal (ts_tracker_get_n_cards (s.tracker), 1);
  sim_clear (&s);
}

/* Right beside it: the thing lies over the card's edge. */
static void
test_track__card_found_again_beside_its_slid_track_is_one_card (void **state)
{
  slid_track_case (26, FALSE);
}

/* Over half a card's length from it, on a stray line: pushed forward to attack, the card is
 * the same card. An identical card seen whole that far away is another card (below). */
static void
test_track__card_found_again_far_from_its_track_on_a_line_is_one_card (void **state)
{
  slid_track_case (50, TRUE);
}

/* Identical lands side by side, touching: each its own card. */
static void
test_track__identical_lands_side_by_side_stay_distinct (void **state)
{
  Sim s;
  sim_init (&s, NULL, NULL);
  sim_add (&s, 300, 300, "Mountain", AREA_BATTLEFIELD);
  sim_step (&s, 10);
  sim_add (&s, 364, 300, "Mountain", AREA_BATTLEFIELD);
  sim_step (&s, 10);
  sim_add (&s, 236, 300, "Mountain", AREA_BATTLEFIELD);
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 3);
  assert_int_equal (s.obs->len, 3);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 3);
  sim_clear (&s);
}

/* A Hill Giant at (300, 300), named by the input and reported, over a blank picture (*im, the
 * caller's); lost from sight 3 frames, then found 80 to the right at angle, unnamed (its
 * title to be read by r's script). Returns its index. */
static int
giant_lost_and_found_aside (Sim *s, ScriptReader *r, TsTrackReader *reader, TsTrackerParams *p,
                            TsImage **im, double angle)
{
  script_sim_init (s, r, reader, p);
  int c = sim_add (s, 300, 300, "Hill Giant", AREA_BATTLEFIELD);
  *im = ts_image_new (1000, 800, 3);
  s->image = *im;
  sim_step (s, 10);
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 1);
  s->cards[c].present = FALSE;
  sim_step (s, 3);
  s->cards[c] = (SimCard) { 380, 300, angle, NULL, AREA_BATTLEFIELD, TRUE, FALSE, 1 };
  return c;
}

/* A card's outline is lost as it is turned and pushed aside; found again mid-turn, it is
 * read only after it settled tapped: the tap is dated when it was seen settled, not when it
 * was first found again. */
static void
test_track__turn_seen_by_a_new_track_is_dated_when_it_settled (void **state)
{
  static const char *const slow[] = { "-", "Hill Giant:0.95", NULL };
  ScriptReader r = { { slow, slow, slow, slow } };
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = giant_lost_and_found_aside (&s, &r, &reader, &p, &im, 40);
  g_autoptr (TsImage) im2 = render_titles (&s);
  s.image = im2;
  sim_step (&s, 2);
  s.cards[c].angle = 65;
  sim_step (&s, 1);
  s.cards[c].angle = 90;
  guint64 at_rest = s.frame;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  gint64 when = tap->time_us / FRAME_US;
  assert_true (when >= (gint64) at_rest && when <= (gint64) at_rest + 3);
  assert_int_equal (tap->track_id, find_obs (&s, TS_OBS_ENTERED, 0)->track_id);
  sim_clear (&s);
}

/* A reported card's outline found a little way off by a new track, which saw it tapped and
 * untapped again before its name was read again, while the card's old track still followed
 * a look of it where it lay (a turning card's title line, found mid-turn, is not where its
 * outline is): that is the card, tapped and untapped, each turn dated when it settled. */
static void
test_track__turns_seen_by_a_new_track_before_it_was_named_are_the_cards (void **state)
{
  static const char *const slow[] = { "-", "-", "-", "-", "Hill Giant:0.95", NULL };
  ScriptReader r = { { slow, slow, slow, slow } };
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = giant_lost_and_found_aside (&s, &r, &reader, &p, &im, 0);
  int ghost = sim_add_line (&s, 300, 300, NULL, AREA_BATTLEFIELD, 1);
  g_autoptr (TsImage) im2 = render_titles (&s);
  s.image = im2;
  sim_step (&s, 4);
  s.cards[c].angle = 90;
  guint64 tapped = s.frame;
  sim_step (&s, 6);
  s.cards[c].angle = 0;
  guint64 untapped = s.frame;
  sim_step (&s, 4);
  s.cards[ghost].present = FALSE;
  sim_step (&s, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  guint id = find_obs (&s, TS_OBS_ENTERED, 0)->track_id;
  assert_int_equal (count_kind (&s, TS_OBS_TAPPED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 1);
  const TsObservation *tap = find_obs (&s, TS_OBS_TAPPED, 0);
  const TsObservation *untap = find_obs (&s, TS_OBS_UNTAPPED, 0);
  assert_int_equal (tap->track_id, id);
  assert_int_equal (untap->track_id, id);
  assert_dated_within (tap, tapped, 3);
  assert_dated_within (untap, untapped, 3);
  sim_clear (&s);
}

/* Tuned to take one strong reading of a whole card lying still as its name: a card read
 * once so, and never again, enters; with the default tuning it does not. */
static void
test_track__one_strong_reading_of_a_still_card_when_so_tuned (void **state)
{
  static const char *const once[] = { "-", "Hill Giant:0.97", "-", NULL };
  for (int single = 0; single < 2; single++) {
    ScriptReader r = { { once, once, once, once } };
    TsTrackReader reader;
    TsTrackerParams p;
    Sim s;
    script_params_init (&r, &reader, &p);
    p.report_unread = FALSE;
    if (single)
      p.single_read_score = 0.95;
    sim_init (&s, &p, &reader);
    sim_add (&s, 300, 300, NULL, AREA_BATTLEFIELD);
    g_autoptr (TsImage) im = render_titles (&s);
    s.image = im;
    sim_step (&s, 3 * FPS);
    assert_true (r.total >= 2);
    assert_int_equal (count_kind (&s, TS_OBS_ENTERED), single ? 1 : 0);
    if (single)
      assert_string_equal (find_obs (&s, TS_OBS_ENTERED, 0)->name, "Hill Giant");
    sim_clear (&s);
  }
}

/* ---- piles: frames drawn with each present card's title striped its own way, so that a
 * card put on a pile changes how the pile's top looks ---- */

static void
render_striped (const Sim *s, TsImage *im)
{
  memset (im->data, 0, (gsize) im->stride * im->height);
  for (int i = 0; i < s->n; i++) {
    const SimCard *c = &s->cards[i];
    if (!c->present || c->plain ||
        (s->hand_r > 0 && hypot (c->x - s->hand_x, c->y - s->hand_y) < s->hand_r))
      continue;
    for (int y = (int) c->y - 40; y < (int) c->y - 34; y++)
      for (int x = (int) c->x - 28; x < (int) c->x + 28; x++)
        if (x >= 0 && y >= 0 && x < im->width && y < im->height)
          memset (im->data + y * im->stride + x * 3,
                  ((x - (int) c->x + 28) / (3 + i)) % 2 ? 200 : 20 + 10 * i, 3);
  }
}

static void
sim_step_drawn (Sim *s, TsImage *im, int frames)
{
  for (int f = 0; f < frames; f++) {
    render_striped (s, im);
    sim_step (s, 1);
  }
}

/* A card at (300, 300), its title read as an Island, lying at angle, seen whole for two
 * seconds; then, while a hand turns it, seen only as pieces of its outline smaller than a
 * card and off its centre (its track follows them, its size wearing down to theirs), beside
 * a stray line's track that never saw a whole card (stray_whole: that saw an outline of its
 * own at first, and is never read); the pieces end (piece_lost) in their title line alone
 * and a frame unseen; then a whole card's outline is back where it lay, at angle_back, its
 * title painted grey (60: the Island's look; 110: a Swamp's, another card). */
typedef struct {
  double angle, angle_back;
  int grey;
  gboolean stray_whole, piece_lost;
  gboolean gap_before;  /* out of sight 8 frames just before the pieces, then whole 2 */
  double piece_dy;      /* the pieces lie this much further down, over the card's art (striped
                         * where they lie: their own look, not the title's, which reads blank) */
  int more_pieces;      /* frames of pieces after the five, as the last */
} Pieces;

/* Plays pc with the scripted reader (titles painted grey 60 read Island, 110 Swamp, others
 * nothing; tracks never read not reported) over a blank picture of the table (*im, the
 * caller's), and seven seconds more. Returns the frame the whole outline came back. */
static guint64
pieces_then_whole (Sim *s, ScriptReader *r, TsTrackReader *reader, TsImage **im,
                   const Pieces *pc)
{
  static const char *const island[] = { "Island:0.97", NULL };
  static const char *const swamp[] = { "Swamp:0.97", NULL };
  *r = (ScriptReader) { { never_read, island, swamp, never_read } };
  live_sim_init (s, r, reader);
  *im = ts_image_new (1000, 800, 3);
  s->image = *im;

  paint_title (*im, 300, 300, 60, TRUE);
  int c = sim_add (s, 300, 300, NULL, AREA_BATTLEFIELD);
  s->cards[c].angle = pc->angle;
  int stray = sim_add_line (s, 310, 313, NULL, AREA_BATTLEFIELD, 0.8);
  s->cards[stray].title_only = !pc->stray_whole;
  sim_step (s, 10);
  s->cards[stray].title_only = TRUE;
  sim_step (s, 2 * FPS - 10);
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 1);
  assert_non_null (find_named (s, TS_OBS_ENTERED, "Island"));
  if (pc->gap_before) {
    s->cards[c].present = FALSE;
    sim_step (s, 8);
    s->cards[c].present = TRUE;
    sim_step (s, 2);
  }
  /* Pieces, two thirds of a card's size and less, each passing for the card as its track's
   * size wears down. */
  s->cards[c].present = FALSE;
  int piece = sim_add (s, 286, 290 + pc->piece_dy, NULL, AREA_BATTLEFIELD);
  if (pc->piece_dy > 0)
    for (int y = 280; y < 350; y++)
      for (int x = 262; x < 312; x++)
        memset ((*im)->data + y * (*im)->stride + x * 3, x < 287 ? 160 : 20, 3);
  const double scale[] = { 0.65, 0.58, 0.55, 0.55, 0.55 };
  for (guint i = 0; i < G_N_ELEMENTS (scale) + (guint) pc->more_pieces; i++) {
    guint k = MIN (i, G_N_ELEMENTS (scale) - 1);
    s->cards[piece].scale = scale[k];
    s->cards[piece].angle = pc->angle + 20 + 15 * k;
    sim_step (s, 1);
  }
  if (pc->piece_lost) {
    s->cards[piece].title_only = TRUE;
    sim_step (s, 2);
    s->cards[piece].present = FALSE;
    sim_step (s, 1);
  }
  s->cards[piece].present = FALSE;
  s->cards[stray].present = FALSE;
  paint_title (*im, 300, 300, pc->grey, pc->grey == 60);
  s->cards[c].present = TRUE;
  s->cards[c].angle = pc->angle_back;
  sim_step (s, 1);
  guint64 back = s->frame - 1;
  sim_step (s, 7 * FPS);
  return back;
}

/* An Island in play, reported tapped. A stray line a little to its left, never read, is seen
 * three frames; its track, not reported, lingers. Two seconds later the Island is untapped
 * under a hand: hidden, pieces of it swing in from the left (the stray's track takes them),
 * then its whole outline, untapped, comes where it lay. Its untap is dated when it was first
 * seen whole, not when the track that took it back began (seed 479: a Disintegrate untapped
 * at 119 was reported so dated 51, when a stray line's track, unseen from 54 to 114, began). */
static void
test_track__card_back_untapped_on_a_stray_track_is_dated_when_seen (void **state)
{
  ScriptReader r;
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = island_live_sim_init (&s, &r, &reader, &im);
  s.cards[c].angle = 90;
  sim_step (&s, 2 * FPS);
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Island"));
  /* A stray line a little to its left, seen three frames. */
  int stray = sim_add_line (&s, 230, 290, NULL, AREA_BATTLEFIELD, 0.8);
  sim_step (&s, 3);
  s.cards[stray].present = FALSE;
  sim_step (&s, 2 * FPS);
  /* Untapped under a hand: hidden, then pieces of it swung in from the left, then whole. */
  s.cards[c].present = FALSE;
  int piece = sim_add (&s, 235, 292, NULL, AREA_BATTLEFIELD);
  const double px[] = { 235, 240, 250, 265, 280, 290, 296 };
  const double scale[] = { 0.65, 0.65, 0.65, 0.65, 1, 1, 1 };
  guint64 whole = 0;
  for (guint i = 0; i < G_N_ELEMENTS (px); i++) {
    s.cards[piece].x = px[i];
    s.cards[piece].scale = scale[i];
    if (scale[i] == 1 && whole == 0)
      whole = s.frame;
    sim_step (&s, 1);
  }
  s.cards[piece].present = FALSE;
  s.cards[c].present = TRUE;
  s.cards[c].angle = 0;
  sim_step (&s, 5 * FPS);
  const TsObservation *untap = find_named (&s, TS_OBS_UNTAPPED, "Island");
  assert_dated_within (untap, whole, 2);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_int_equal (count_kind (&s, TS_OBS_UNTAPPED), 1);
  sim_clear (&s);
}

/* An Island in play, reported. A stray line on its owner's graveyard, at the pile's edge,
 * never read, is seen from 6 frames before the Island is carried off to 3 frames after. A
 * frame later the Island lies askew over the pile, then on it, its title read there: the
 * stray line's track takes it. The Island went there when the pile's top was seen to change,
 * not when the stray line was first seen, before the Island had left (seed 479: a Living
 * Artifact put in its graveyard at 115 was dated 102). */
static void
test_track__card_put_on_its_pile_where_a_stray_track_lay_went_when_the_top_changed (void **state)
{
  ScriptReader r;
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = island_live_sim_init (&s, &r, &reader, &im);
  sim_step (&s, 2 * FPS);
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Island"));
  int stray = sim_add_line (&s, 905, 615, NULL, AREA_GRAVEYARD, 0.8);
  sim_step (&s, 6);
  s.cards[c].present = FALSE;
  guint64 lifted = s.frame;
  sim_step (&s, 3);
  s.cards[stray].present = FALSE;
  sim_step (&s, 1);
  s.cards[c].present = TRUE;
  s.cards[c].area = AREA_GRAVEYARD;
  s.cards[c].x = 880;
  s.cards[c].y = 590;
  s.cards[c].angle = 80;
  sim_step (&s, 2);
  s.cards[c].x = 900;
  s.cards[c].y = 600;
  s.cards[c].angle = 0;
  paint_title (im, 900, 600, 60, TRUE);
  sim_step (&s, 3 * FPS);
  const TsObservation *moved = find_named (&s, TS_OBS_MOVED, "Island");
  assert_non_null (moved);
  assert_dated_within (moved, lifted, 12);
  sim_clear (&s);
}

/* A card seen as pieces of its outline while it is tapped is still that card when its whole
 * outline comes back tapped with its title's look, not the stray line's track beside it
 * (seed 127: a Death Ward reported entering a second time, tapped, and the first one left):
 * the tap comes within 2 frames. */
static void
test_track__card_followed_by_pieces_as_it_turns_is_found_whole_again (void **state)
{
  ScriptReader r;
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  const Pieces pc = { .angle = 0, .angle_back = 90, .grey = 60 };
  guint64 settled = pieces_then_whole (&s, &r, &reader, &im, &pc);
  assert_one_turn_in_time (&s, TS_OBS_TAPPED, "Island", settled);
  sim_clear (&s);
}

/* ... also beside a track of its place that once saw an outline and was never read, the
 * pieces followed last by their title line alone and a frame passing unseen (seed 97: a
 * White Ward untapped, taken by such a track kept since the game began, nearer the outline
 * than the card's track in the size of the pieces it followed, and not missing): the untap
 * comes within 2 frames. */
static void
test_track__card_followed_by_pieces_is_found_whole_again_beside_an_unread_track (void **state)
{
  ScriptReader r;
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  const Pieces pc = { .angle = 90, .angle_back = 0, .grey = 60, .stray_whole = TRUE,
                      .piece_lost = TRUE };
  guint64 settled = pieces_then_whole (&s, &r, &reader, &im, &pc);
  assert_one_turn_in_time (&s, TS_OBS_UNTAPPED, "Island", settled);
  sim_clear (&s);
}

/* ... also when its title is being read again as the pieces come (back after a gap, its
 * name to be confirmed): a piece is not read, nor taken for the look of its title (seed 479:
 * a Disintegrate tapped, read on a piece of it, blank, its whole outline then unlike that
 * look, was reported a second Disintegrate, tapped, and took the card's later turns). */
static void
test_track__card_read_again_as_it_turns_is_found_whole_again (void **state)
{
  ScriptReader r;
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  const Pieces pc = { .angle = 0, .angle_back = 90, .grey = 60, .gap_before = TRUE,
                      .piece_dy = 30, .more_pieces = 3 };
  guint64 settled = pieces_then_whole (&s, &r, &reader, &im, &pc);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  assert_one_turn_in_time (&s, TS_OBS_TAPPED, "Island", settled);
  sim_clear (&s);
}

/* ... but another card put where it lay, untapped, looks like another: the tapped card's
 * track does not take it, and no untap of the card is reported (seed 131: a Smoke carried
 * off, an Armageddon cast in its place reported as the Smoke untapped). */
static void
test_track__card_put_where_pieces_were_followed_is_not_the_card (void **state)
{
  ScriptReader r;
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  const Pieces pc = { .angle = 90, .angle_back = 0, .grey = 110 };
  pieces_then_whole (&s, &r, &reader, &im, &pc);
  assert_null (find_named (&s, TS_OBS_UNTAPPED, "Island"));
  assert_non_null (find_named (&s, TS_OBS_ENTERED, "Swamp"));
  sim_clear (&s);
}

/* A creature dies: carried off towards its owner's graveyard, it vanishes, and a card's
 * shape shows on the pile there that never reads. It moved to the graveyard, for the person
 * to confirm, with its name and identity. */
static void
test_track__card_carried_to_a_changed_pile_moved_there (void **state)
{
  ScriptReader r = { { never_read, never_read, never_read, never_read } };
  TsTrackReader reader;
  Sim s;
  live_sim_init (&s, &r, &reader);
  g_autoptr (TsImage) im = ts_image_new (1000, 800, 3);
  s.image = im;
  int c = sim_add (&s, 300, 300, "Hill Giant", AREA_BATTLEFIELD);
  sim_step_drawn (&s, im, 10);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  guint id = find_obs (&s, TS_OBS_ENTERED, 0)->track_id;
  for (int k = 0; k < 4; k++) {  /* lifted and carried towards the graveyard */
    s.cards[c].x += 25;
    s.cards[c].y += 12;
    sim_step_drawn (&s, im, 1);
  }
  s.cards[c].present = FALSE;  /* in the hand, out of sight */
  sim_step_drawn (&s, im, 8);
  int g = sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  guint64 dropped = s.frame;
  sim_step_drawn (&s, im, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 1);
  const TsObservation *mv = find_obs (&s, TS_OBS_MOVED, 0);
  assert_int_equal (mv->track_id, id);
  assert_int_equal (mv->from_area, AREA_BATTLEFIELD);
  assert_int_equal (mv->area, AREA_GRAVEYARD);
  assert_string_equal (mv->name, "Hill Giant");
  assert_true (mv->needs_confirmation);
  assert_int_equal (mv->time_us, (gint64) dropped * FRAME_US);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  /* It is the pile's top now: covered by the next card, it does not leave. */
  s.cards[g].present = FALSE;
  sim_add (&s, 903, 602, NULL, AREA_GRAVEYARD);
  sim_step_drawn (&s, im, 7 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 1);
  sim_clear (&s);
}

/* A Hill Giant in play (named by the input, never read) and an empty graveyard of its
 * owner's, drawn on *image (the caller's) for ten frames. Returns the giant's index in s. */
static int
carry_sim_start (Sim *s, ScriptReader *r, TsTrackReader *reader, TsImage **image)
{
  live_sim_init (s, r, reader);
  *image = ts_image_new (1000, 800, 3);
  s->image = *image;
  sim_add (s, 900, 600, NULL, AREA_GRAVEYARD);
  int c = sim_add (s, 300, 300, "Hill Giant", AREA_BATTLEFIELD);
  sim_step_drawn (s, *image, 10);
  return c;
}

/* Card c of carry_sim_start, lifted (blurred) and carried towards the graveyard for six
 * frames, is gone. Returns the frame it was last seen. */
static guint64
carry_to_the_graveyard (Sim *s, TsImage *im, int c)
{
  s->cards[c].plain = TRUE;
  for (int k = 0; k < 6; k++) {
    s->cards[c].x += 15;
    s->cards[c].y += 7;
    sim_step_drawn (s, im, 1);
  }
  s->cards[c].present = FALSE;
  return s->frame - 1;
}

/* The one move reported is the Hill Giant's to the graveyard, dated last_seen: returns it. */
static const TsObservation *
assert_giant_moved_to_the_graveyard (const Sim *s, guint64 last_seen)
{
  assert_int_equal (count_kind (s, TS_OBS_MOVED), 1);
  const TsObservation *mv = find_obs (s, TS_OBS_MOVED, 0);
  assert_int_equal (mv->area, AREA_GRAVEYARD);
  assert_string_equal (mv->name, "Hill Giant");
  assert_int_equal (mv->time_us, (gint64) last_seen * FRAME_US);
  return mv;
}

/* A creature dies on a table where the graveyard's top gives no steady look (its title is
 * found in pieces): carried from its place towards its owner's graveyard, blurred, it
 * vanishes, and the pile is seen no different. A second later it has moved there, dated when
 * it was last seen; its last title looked like bare table (blurred), which is no sign that it
 * still lies where it was last seen. */
static void
test_track__card_carried_towards_a_pile_and_gone_moved_there (void **state)
{
  ScriptReader r = { { never_read, never_read, never_read, never_read } };
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = carry_sim_start (&s, &r, &reader, &im);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  guint id = find_obs (&s, TS_OBS_ENTERED, 0)->track_id;
  guint64 last_seen = carry_to_the_graveyard (&s, im, c);
  sim_step_drawn (&s, im, 2 * FPS);
  const TsObservation *mv = assert_giant_moved_to_the_graveyard (&s, last_seen);
  assert_int_equal (mv->track_id, id);
  assert_int_equal (mv->from_area, AREA_BATTLEFIELD);
  sim_step_drawn (&s, im, 6 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  sim_clear (&s);
}

/* ... and so it does when the recording ends as it has been gone a second. */
static void
test_track__card_carried_towards_a_pile_as_the_recording_ends_moved_there (void **state)
{
  ScriptReader r = { { never_read, never_read, never_read, never_read } };
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = carry_sim_start (&s, &r, &reader, &im);
  guint64 last_seen = carry_to_the_graveyard (&s, im, c);
  sim_step_drawn (&s, im, FPS);  /* the last frame a second after, less a hair */
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  ts_tracker_finish (s.tracker, (gint64) s.frame * FRAME_US, s.obs);
  assert_giant_moved_to_the_graveyard (&s, last_seen);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  sim_clear (&s);
}

/* ... and when the recording ends a third of a second after it was last seen carried off
 * (seed 479: a Wrath of God carried to its graveyard in the recording's last second, unseen
 * its last 27 frames, was not reported gone). */
static void
test_track__card_carried_off_just_before_the_recording_ends_moved_there (void **state)
{
  ScriptReader r = { { never_read, never_read, never_read, never_read } };
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = carry_sim_start (&s, &r, &reader, &im);
  guint64 last_seen = carry_to_the_graveyard (&s, im, c);
  sim_step_drawn (&s, im, FPS / 3);
  ts_tracker_finish (s.tracker, (gint64) s.frame * FRAME_US, s.obs);
  assert_giant_moved_to_the_graveyard (&s, last_seen);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  sim_clear (&s);
}

/* ... but carried the other way (back to the hand), it left play. */
static void
test_track__card_carried_away_from_the_piles_left (void **state)
{
  ScriptReader r = { { never_read, never_read, never_read, never_read } };
  TsTrackReader reader;
  Sim s;
  g_autoptr (TsImage) im = NULL;
  int c = carry_sim_start (&s, &r, &reader, &im);
  s.cards[c].plain = TRUE;
  for (int k = 0; k < 4; k++) {
    s.cards[c].y -= 25;
    sim_step_drawn (&s, im, 1);
  }
  s.cards[c].present = FALSE;
  sim_step_drawn (&s, im, 6 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  sim_clear (&s);
}

/* A Forest in play (never read: names come from the input), reported, then unseen for eight
 * frames; leaving takes two seconds. Returns the card's index in s. */
static int
gap_sim_start (Sim *s, ScriptReader *r, TsTrackReader *reader, TsTrackerParams *p)
{
  script_params_init (r, reader, p);
  p->report_unread = FALSE;
  p->leave_after_ms = 2000;
  sim_init (s, p, reader);
  int c = sim_add (s, 300, 300, "Forest", AREA_BATTLEFIELD);
  sim_step (s, 10);
  assert_int_equal (count_kind (s, TS_OBS_ENTERED), 1);
  s->cards[c].present = FALSE;
  sim_step (s, 8);
  return c;
}

/* A card carried off: where it went, a stray title line shows (a piece of the next card put
 * there, of a neighbour) a third of a card from where it lay. Its track does not take the
 * line up after the card has been gone a few frames: the card leaves. */
static void
test_track__card_gone_a_while_is_not_found_again_by_a_stray_line (void **state)
{
  ScriptReader r = { { never_read, never_read, never_read, never_read } };
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  gap_sim_start (&s, &r, &reader, &p);
  sim_add_line (&s, 300, 335, NULL, AREA_BATTLEFIELD, 1);
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 1);
  assert_string_equal (find_obs (&s, TS_OBS_LEFT, 0)->name, "Forest");
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  sim_clear (&s);
}

/* ... while one covered for a moment is: its title line alone, where it lay, is the card. */
static void
test_track__card_covered_a_while_is_found_again_by_its_title_line (void **state)
{
  ScriptReader r = { { never_read, never_read, never_read, never_read } };
  TsTrackReader reader;
  TsTrackerParams p;
  Sim s;
  int c = gap_sim_start (&s, &r, &reader, &p);
  s.cards[c].present = TRUE;
  s.cards[c].title_only = TRUE;  /* half under another card: its outline is not found */
  s.cards[c].y += 5;
  sim_step (&s, 3 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (s.obs->len, 1);
  sim_clear (&s);
}

/* A hand rests over a card in play for two seconds while another card is put on the
 * graveyard (an instant cast from the hand): the card did not move, and nothing leaves. */
static void
test_track__card_under_a_hand_while_the_pile_changes_stays (void **state)
{
  ScriptReader r = { { never_read, never_read, never_read, never_read } };
  TsTrackReader reader;
  Sim s;
  live_sim_init (&s, &r, &reader);
  g_autoptr (TsImage) im = ts_image_new (1000, 800, 3);
  s.image = im;
  sim_add (&s, 700, 500, "Hill Giant", AREA_BATTLEFIELD);
  int g = sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step_drawn (&s, im, 10);
  assert_int_equal (count_kind (&s, TS_OBS_ENTERED), 1);
  s.hand_x = 700;
  s.hand_y = 500;
  s.hand_r = 60;
  sim_step_drawn (&s, im, 10);
  s.cards[g].present = FALSE;  /* covered by the new card */
  sim_add (&s, 902, 601, NULL, AREA_GRAVEYARD);
  sim_step_drawn (&s, im, 2 * FPS);
  s.hand_r = 0;
  sim_step_drawn (&s, im, 2 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (s.obs->len, 1);
  assert_int_equal (ts_tracker_get_n_cards (s.tracker), 1);
  sim_clear (&s);
}

/* A hand sweeps across a card in play and on over the graveyard pile: nothing moves. */
static void
test_track__hand_passing_over_the_graveyard_moves_nothing (void **state)
{
  ScriptReader r = { { never_read, never_read, never_read, never_read } };
  TsTrackReader reader;
  Sim s;
  live_sim_init (&s, &r, &reader);
  g_autoptr (TsImage) im = ts_image_new (1000, 800, 3);
  s.image = im;
  sim_add (&s, 700, 600, "Hill Giant", AREA_BATTLEFIELD);
  sim_add (&s, 900, 600, NULL, AREA_GRAVEYARD);
  sim_step_drawn (&s, im, 10);
  s.hand_y = 600;
  s.hand_r = 60;
  for (int x = 600; x <= 1000; x += 10) {
    s.hand_x = x;
    sim_step_drawn (&s, im, 1);
  }
  s.hand_r = 0;
  sim_step_drawn (&s, im, 7 * FPS);
  assert_int_equal (count_kind (&s, TS_OBS_MOVED), 0);
  assert_int_equal (count_kind (&s, TS_OBS_LEFT), 0);
  assert_int_equal (s.obs->len, 1);
  sim_clear (&s);
}

int
main (void)
{
  const struct CMUnitTest tests[] = {
    cmocka_unit_test (test_track__hand_over_cards_for_seconds_is_not_a_departure),
    cmocka_unit_test (test_track__card_back_after_a_gap_is_read_again),
    cmocka_unit_test (test_track__line_of_a_turning_card_over_a_pile_zone_moves_nothing),
    cmocka_unit_test (test_track__same_card_back_after_a_gap_stays),
    cmocka_unit_test (test_track__turn_seen_after_a_gap_tap_at_once_untap_once_read),
    cmocka_unit_test (test_track__untap_after_a_reading_named_the_card_back_is_not_held),
    cmocka_unit_test (test_track__reading_before_a_gap_does_not_name_the_card_after_it),
    cmocka_unit_test (test_track__named_before_a_gap_is_read_again_before_it_is_reported),
    cmocka_unit_test (test_track__card_turned_as_it_is_carried_off_is_no_turn),
    cmocka_unit_test (test_track__title_line_moving_on_a_still_card_is_no_change),
    cmocka_unit_test (test_track__title_change_is_read_within_a_few_frames),
    cmocka_unit_test (test_track__card_put_in_place_and_tapped_at_once_enters_then_taps),
    cmocka_unit_test (test_track__card_put_in_place_lying_a_moment_then_tapped_enters_then_taps),
    cmocka_unit_test (test_track__card_put_in_place_tapped_a_quarter_second_later_enters_then_taps),
    cmocka_unit_test (test_track__card_put_in_place_tapped_and_untapped_before_read_turns_twice),
    cmocka_unit_test (test_track__card_back_lying_a_moment_then_tapped_taps_once_read),
    cmocka_unit_test (test_track__card_back_tapped_and_untapped_before_read_reports_no_lone_turn),
    cmocka_unit_test (test_track__tap_reported_within_two_frames_of_settling),
    cmocka_unit_test (test_track__part_of_a_card_shaped_like_it_turned_is_no_tap),
    cmocka_unit_test (test_track__card_tapped_as_it_is_played_enters_then_taps),
    cmocka_unit_test (test_track__card_first_outlined_in_part_across_enters_as_it_lies_whole),
    cmocka_unit_test (test_track__card_come_over_an_old_stray_line_enters_as_it_lies_whole),
    cmocka_unit_test (test_track__card_come_over_a_stray_line_seen_turning_enters_as_it_lies_whole),
    cmocka_unit_test (test_track__card_put_whole_where_a_stray_line_lay_enters_as_it_lies),
    cmocka_unit_test (test_track__card_tapped_from_the_start_enters_tapped),
    cmocka_unit_test (test_track__half_turn_while_handled_is_not_a_tap),
    cmocka_unit_test (test_track__tap_undone_at_once_is_a_tap_and_an_untap),
    cmocka_unit_test (test_track__tap_seen_twice_then_undone_is_a_tap_and_an_untap),
    cmocka_unit_test (test_track__tap_seen_once_between_looks_part_way_round_is_a_tap),
    cmocka_unit_test (test_track__card_set_upright_on_its_pile_is_no_untap),
    cmocka_unit_test (test_track__tapped_then_carried_off_at_once_was_tapped),
    cmocka_unit_test (test_track__turned_most_of_the_way_and_back_is_not_a_tap),
    cmocka_unit_test (test_track__four_identical_mountains_stay_distinct),
    cmocka_unit_test (test_track__dies_and_goes_to_the_graveyard),
    cmocka_unit_test (test_track__removed_card_leaves_once_after_the_timeout),
    cmocka_unit_test (test_track__card_carried_over_a_gone_cards_place_does_not_date_its_departure),
    cmocka_unit_test (test_track__tap_last_seen_past_half_way_is_dated_as_it_ended),
    cmocka_unit_test (test_track__tap_last_seen_short_of_half_way_is_dated_when_found),
    cmocka_unit_test (test_track__turned_past_half_way_and_back_under_a_hand_is_a_tap_and_untap),
    cmocka_unit_test (test_track__turned_and_back_under_a_hand_is_reported_once_read_as_itself),
    cmocka_unit_test (test_track__line_askew_over_where_a_card_went_is_not_it),
    cmocka_unit_test (test_track__line_lying_as_a_card_out_of_sight_is_it),
    cmocka_unit_test (test_track__flicker_is_not_a_card),
    cmocka_unit_test (test_track__card_put_on_a_pile_just_read_as_another_is_dated_when_read),
    cmocka_unit_test (test_track__card_put_on_a_pile_just_before_another_moved_there),
    cmocka_unit_test (test_track__names_read_off_the_frame_loop_once_each),
    cmocka_unit_test (test_track__weak_reading_is_retried_then_kept),
    cmocka_unit_test (test_track__unnamed_card_is_reported_for_confirmation),
    cmocka_unit_test (test_track__card_read_again_is_not_the_one_read_on_anothers_graveyard),
    cmocka_unit_test (test_track__person_name_sticks),
    cmocka_unit_test (test_track__one_off_misread_never_enters_play),
    cmocka_unit_test (test_track__disagreeing_reads_make_one_unknown_card),
    cmocka_unit_test (test_track__title_line_alone_that_never_reads_is_not_a_card),
    cmocka_unit_test (test_track__angle_jitter_is_not_a_tap),
    cmocka_unit_test (test_track__tap_seen_every_other_frame_is_reported),
    cmocka_unit_test (test_track__tap_finished_out_of_sight_is_reported_within_two_frames),
    cmocka_unit_test (test_track__tap_under_a_hand_is_dated_when_the_card_is_seen_again),
    cmocka_unit_test (test_track__tap_seen_by_the_title_line_alone_is_not_a_carry),
    cmocka_unit_test (test_track__card_lost_a_frame_as_it_turns_keeps_its_outline),
    cmocka_unit_test (test_track__pieces_seen_between_looks_at_a_turned_card_do_not_delay_its_turn),
    cmocka_unit_test (test_track__outline_back_is_the_card_not_a_line_track_beside_it),
    cmocka_unit_test (test_track__line_read_as_a_turning_card_beside_it_is_a_piece_of_it),
    cmocka_unit_test (test_track__card_put_where_an_unread_one_lay_is_read),
    cmocka_unit_test (test_track__identical_cards_with_misreads_stay_two),
    cmocka_unit_test (test_track__turned_before_the_name_was_agreed),
    cmocka_unit_test (test_track__tapped_and_untapped_before_the_name_was_agreed),
    cmocka_unit_test (test_track__tapped_and_untapped_as_soon_as_confirmed),
    cmocka_unit_test (test_track__turned_and_back_at_once_before_the_name_was_agreed_is_no_turn),
    cmocka_unit_test (test_track__second_detection_of_a_card_is_not_a_second_card),
    cmocka_unit_test (test_track__a_small_thing_where_a_card_lay_is_not_the_card),
    cmocka_unit_test (test_track__card_seen_whole_after_its_title_alone_is_one_card),
    cmocka_unit_test (test_track__title_line_over_a_zone_border_moves_nothing),
    cmocka_unit_test (test_track__own_title_reaching_over_a_pile_moves_nothing),
    cmocka_unit_test (test_track__own_title_turned_over_a_pile_moves_nothing),
    cmocka_unit_test (test_track__own_title_turned_the_other_way_over_a_pile_is_a_turn),
    cmocka_unit_test (test_track__own_title_turned_read_once_is_a_turn),
    cmocka_unit_test (test_track__own_title_turned_followed_by_its_track_is_a_turn),
    cmocka_unit_test (test_track__title_end_of_a_card_turned_beside_a_pile_moves_nothing),
    cmocka_unit_test (test_track__title_end_of_a_card_tapped_unseen_beside_a_pile_moves_nothing),
    cmocka_unit_test (
      test_track__title_end_of_a_card_tapped_and_untapped_unseen_beside_a_pile_turns_twice),
    cmocka_unit_test (test_track__title_end_of_a_card_losing_its_outline_mid_turn_is_no_pile_top),
    cmocka_unit_test (test_track__title_end_of_a_card_tapped_in_play_is_no_second_card),
    cmocka_unit_test (test_track__title_end_of_a_card_gone_takes_no_line_askew),
    cmocka_unit_test (test_track__card_carried_onto_its_pile_by_a_stray_track_went_when_it_came_there),
    cmocka_unit_test (test_track__card_back_untapped_on_a_stray_track_is_dated_when_seen),
    cmocka_unit_test (test_track__card_put_on_its_pile_where_a_stray_track_lay_went_when_the_top_changed),
    cmocka_unit_test (test_track__card_found_whole_again_is_its_own_track_not_its_shadow),
    cmocka_unit_test (test_track__type_line_of_a_land_read_alone_is_no_second_card),
    cmocka_unit_test (test_track__title_found_alone_within_the_card_outline_is_no_second_card),
    cmocka_unit_test (test_track__title_outlined_in_part_within_the_card_outline_is_no_second_card),
    cmocka_unit_test (test_track__second_card_of_a_name_seen_beside_the_first_is_its_own),
    cmocka_unit_test (test_track__card_followed_by_a_line_then_found_by_its_title_is_one_card),
    cmocka_unit_test (test_track__card_put_near_where_a_buried_one_lay_is_not_it),
    cmocka_unit_test (test_track__another_card_in_the_same_spot_is_another_card),
    cmocka_unit_test (test_track__finish_forgets_a_glimpse),
    cmocka_unit_test (test_track__finish_reports_a_card_unseen_a_second_gone),
    cmocka_unit_test (test_track__card_replaced_read_once_on_a_reported_pile_moved_there),
    cmocka_unit_test (test_track__card_followed_by_pieces_as_it_turns_is_found_whole_again),
    cmocka_unit_test (test_track__card_followed_by_pieces_is_found_whole_again_beside_an_unread_track),
    cmocka_unit_test (test_track__card_read_again_as_it_turns_is_found_whole_again),
    cmocka_unit_test (test_track__card_put_where_pieces_were_followed_is_not_the_card),
    cmocka_unit_test (test_track__title_lines_every_third_frame),
    cmocka_unit_test (test_track__title_line_seen_turned_once_between_title_frames_is_no_turn),
    cmocka_unit_test (test_track__card_put_where_junk_lay_enters_when_read),
    cmocka_unit_test (test_track__card_put_where_junk_lay_a_moment_enters_when_read),
    cmocka_unit_test (test_track__card_put_where_unread_outline_lay_before_a_gap_enters_after_it),
    cmocka_unit_test (test_track__card_put_where_an_outline_was_carried_past_before_a_gap_enters_after_it),
    cmocka_unit_test (test_track__reported_card_does_not_drift_along_stray_lines),
    cmocka_unit_test (test_track__only_read_cards_enter_when_so_tuned),
    cmocka_unit_test (test_track__card_replaced_in_place_is_dated_by_the_gap),
    cmocka_unit_test (test_track__tapped_card_carried_off_and_lost_a_moment_is_no_untap_where_it_went),
    cmocka_unit_test (test_track__card_last_seen_by_its_line_unseen_a_while_is_no_untap_of_the_next_card),
    cmocka_unit_test (test_track__card_carried_towards_a_pile_and_replaced_moved_there),
    cmocka_unit_test (test_track__card_gone_read_once_on_its_pile_moved_there),
    cmocka_unit_test (test_track__card_read_blank_landing_on_a_pile_is_read_again_once_still),
    cmocka_unit_test (test_track__line_first_seen_on_a_pile_is_read_as_it_was_seen),
    cmocka_unit_test (test_track__stray_line_a_card_was_put_over_is_no_second_card),
    cmocka_unit_test (test_track__card_picked_up_towards_a_pile_and_replaced_moved_there),
    cmocka_unit_test (test_track__card_carried_onto_a_reported_pile_read_there_later_is_no_new_card),
    cmocka_unit_test (test_track__card_gone_onto_a_pile_that_looks_the_same_moved_there),
    cmocka_unit_test (test_track__card_carried_away_from_the_pile_and_replaced_left),
    cmocka_unit_test (test_track__card_carried_towards_the_library_and_replaced_left),
    cmocka_unit_test (test_track__card_read_on_a_pile_as_its_place_changes_moved_there),
    cmocka_unit_test (test_track__card_read_on_a_pile_while_its_place_is_reread_moved_there),
    cmocka_unit_test (test_track__card_seen_a_moment_then_read_on_a_pile_came_and_went),
    cmocka_unit_test (test_track__card_seen_a_moment_then_read_on_an_unread_pile_came_and_went),
    cmocka_unit_test (test_track__card_read_in_play_then_carried_onto_a_pile_came_and_went),
    cmocka_unit_test (test_track__card_read_weakly_in_play_named_on_a_pile_came_and_went),
    cmocka_unit_test (test_track__card_read_in_play_carried_onto_a_reported_pile_came_and_went),
    cmocka_unit_test (test_track__card_read_in_play_carried_towards_a_pile_and_gone_came_and_went),
    cmocka_unit_test (test_track__card_read_in_play_found_on_a_pile_read_by_another_track_came_and_went),
    cmocka_unit_test (test_track__card_seen_a_moment_then_read_over_a_pile_card_came_and_went),
    cmocka_unit_test (test_track__card_put_where_its_blank_line_was_came_with_its_outline),
    cmocka_unit_test (test_track__card_put_where_another_lay_a_moment_came_after_it),
    cmocka_unit_test (test_track__card_put_where_a_piece_of_another_lay_came_when_put),
    cmocka_unit_test (test_track__card_read_as_another_before_came_when_first_read),
    cmocka_unit_test (test_track__card_read_late_then_on_a_pile_came_when_first_read),
    cmocka_unit_test (test_track__card_known_on_a_pile_seen_again_did_not_come_and_go),
    cmocka_unit_test (test_track__card_put_on_a_pile_from_a_hand_covers_the_pile_card),
    cmocka_unit_test (test_track__card_read_once_tapped_and_killed_came_tapped_and_went),
    cmocka_unit_test (test_track__card_read_once_killed_and_replaced_at_once_came_and_went),
    cmocka_unit_test (test_track__card_read_once_killed_and_replaced_read_on_the_pile_later_came_and_went),
    cmocka_unit_test (test_track__card_read_once_and_replaced_is_not_a_pile_card_come_much_later),
    cmocka_unit_test (test_track__card_replaced_did_not_go_to_a_pile_read_as_it_before),
    cmocka_unit_test (test_track__move_to_a_pile_read_as_it_just_before_is_dated_when_it_went),
    cmocka_unit_test (test_track__card_put_down_across_the_middle_is_whose_side_it_lies_on),
    cmocka_unit_test (test_track__card_put_where_an_attacker_lay_is_whose_side_it_lies_on),
    cmocka_unit_test (test_track__card_replaced_as_it_is_read_on_a_reported_pile_moved_there),
    cmocka_unit_test (test_track__card_replaced_while_it_is_read_on_a_reported_pile_moved_there),
    cmocka_unit_test (test_track__untap_seen_where_a_card_lay_after_it_was_on_its_pile_is_not_its),
    cmocka_unit_test (test_track__card_found_by_its_name_line_alone_on_a_pile_moved_there),
    cmocka_unit_test (test_track__card_read_on_a_pile_over_another_moved_there),
    cmocka_unit_test (test_track__card_put_on_a_pile_that_read_blank_moved_there),
    cmocka_unit_test (test_track__card_played_where_a_blank_line_lay_is_read),
    cmocka_unit_test (test_track__piece_of_a_card_a_hand_leaves_is_no_second_card),
    cmocka_unit_test (test_track__name_line_of_a_card_out_of_sight_is_no_second_card),
    cmocka_unit_test (test_track__mostly_line_within_a_hidden_card_is_no_second_card),
    cmocka_unit_test (test_track__name_line_lying_as_its_hidden_card_stays_a_piece),
    cmocka_unit_test (test_track__card_followed_by_its_turned_name_line_alone_was_tapped),
    cmocka_unit_test (test_track__card_of_a_name_put_down_far_from_one_gone_is_another),
    cmocka_unit_test (test_track__card_reported_slid_where_one_went_is_no_new_card),
    cmocka_unit_test (test_track__card_reported_slid_where_one_went_after_a_glimpse_is_no_new_card),
    cmocka_unit_test (test_track__name_line_of_the_second_of_two_is_no_third_card),
    cmocka_unit_test (test_track__card_read_where_a_line_was_followed_moved_when_read),
    cmocka_unit_test (test_track__untapped_card_put_where_a_tapped_one_was_enters_untapped),
    cmocka_unit_test (test_track__track_joining_a_card_swapped_in_reports_no_turn_of_the_old_one),
    cmocka_unit_test (test_track__name_read_once_is_confirmed_soon),
    cmocka_unit_test (test_track__card_lying_as_the_recording_begins_is_read_on_its_second_look),
    cmocka_unit_test (test_track__card_carried_in_is_read_once_confirmed),
    cmocka_unit_test (test_track__one_strong_reading_of_a_still_card_when_so_tuned),
    cmocka_unit_test (test_track__card_put_down_turning_enters_as_it_comes_to_rest),
    cmocka_unit_test (test_track__card_found_again_beside_its_slid_track_is_one_card),
    cmocka_unit_test (test_track__card_found_again_far_from_its_track_on_a_line_is_one_card),
    cmocka_unit_test (test_track__identical_lands_side_by_side_stay_distinct),
    cmocka_unit_test (test_track__turn_seen_by_a_new_track_is_dated_when_it_settled),
    cmocka_unit_test (test_track__turns_seen_by_a_new_track_before_it_was_named_are_the_cards),
    cmocka_unit_test (test_track__card_carried_to_a_changed_pile_moved_there),
    cmocka_unit_test (test_track__card_under_a_hand_while_the_pile_changes_stays),
    cmocka_unit_test (test_track__card_carried_towards_a_pile_and_gone_moved_there),
    cmocka_unit_test (test_track__card_carried_towards_a_pile_as_the_recording_ends_moved_there),
    cmocka_unit_test (test_track__card_carried_off_just_before_the_recording_ends_moved_there),
    cmocka_unit_test (test_track__card_carried_away_from_the_piles_left),
    cmocka_unit_test (test_track__card_gone_a_while_is_not_found_again_by_a_stray_line),
    cmocka_unit_test (test_track__card_covered_a_while_is_found_again_by_its_title_line),
    cmocka_unit_test (test_track__hand_passing_over_the_graveyard_moves_nothing),
    cmocka_unit_test (test_track__card_found_whole_again_where_it_lay_is_that_card),
    cmocka_unit_test (test_track__card_whose_title_still_reads_where_it_lay_was_not_put_on_a_pile),
    cmocka_unit_test (test_track__card_last_seen_by_a_line_held_unsearched_moved_to_its_pile),
    cmocka_unit_test (test_track__turns_a_piece_saw_of_a_card_reported_turning_are_not_reported_again),
    cmocka_unit_test (test_track__second_track_of_a_card_goes_on_from_the_cards_state),
    cmocka_unit_test (test_track__card_turning_onto_where_another_lay_is_itself),
    cmocka_unit_test (test_track__card_replaced_found_on_its_pile_a_moment_later_moved_there),
    cmocka_unit_test (test_track__card_replaced_found_on_its_pile_looking_alike_moved_there),
    cmocka_unit_test (test_track__card_title_seen_alone_where_it_lies_is_not_put_on_a_pile),
    cmocka_unit_test (test_track__card_read_with_its_own_line_nearby_came_once),
    cmocka_unit_test (test_track__card_replaced_as_the_recording_ends_left),
    cmocka_unit_test (test_track__card_rechecked_then_taken_away_and_replaced_left_as_it_went),
  };
  return cmocka_run_group_tests (tests, NULL, NULL);
}
