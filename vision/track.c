/* track.c — card identities across frames, debounced tapped state, zone moves, and title
 * reading on a worker thread. */
#include "track.h"
#include "rectify.h"

#include <math.h>
#include <string.h>

/* Title signature: a coarse, contrast-normalised grey grid over the name line, compared to
 * notice a card swapped in place. */
#define SIG_COLS 8
#define SIG_ROWS 3
#define SIG_N (SIG_COLS * SIG_ROWS)
/* A detection this many times larger or smaller than a confirmed card is not that card. */
#define MAX_SIZE_RATIO 1.6
/* An outline this many times larger or smaller than a card (the median of the last
 * SIZES_KEPT outlines of reported cards) is a part of one (the part a hand leaves
 * uncovered, shaped like a card turned) or two cards side by side: its angle is not a
 * card's, and it turns nothing. Sizes are table millimetres when calibrated; in image
 * pixels a camera straight above the table sees every card within a few percent of the
 * same size. 1080p sessions, eight games: event precision 0.699 -> 0.734, recall 0.697 ->
 * 0.703 (held-out games 79 and 83 were among those looked at to find it). */
#define TURN_SIZE_RATIO 1.25
/* A name line alone this many card lengths or less from a reported card of its name, out of
 * sight, is that card's: a title lies up to 0.6 of a length from its card's centre, and a
 * card pushed forward to attack moves some 0.35 of its length. */
#define LINE_PIECE_REACH 1.0
/* A card's type line lies about 0.56 of its length down from its top edge. */
#define TYPE_LINE_V0 0.45
#define TYPE_LINE_V1 0.70
#define SIZES_KEPT 64
/* A settled card's title is looked at on every frame: this far from its look when last read
 * (signature distance) on this many frames in a row, it is read again. A title placed from
 * the card's outline looks the same to within about 0.2 from frame to frame, another card's
 * title 0.45 to 1.2 away; the frames in a row keep a hand or a shadow passing over it from
 * costing a reading. (Checked on every 15th frame, twice, above 0.6, a card put in another's
 * place was found out too late or never.) */
#define SIG_CHANGED 0.45
#define SIG_CHANGED_FRAMES 3
/* A card's title found again on the first frame its whole outline is back, blurred by the
 * hand that turned it, looks up to this far from its last reading's (seed 127: 0.48 on that
 * frame, 0.23-0.29 after; another card's title put in its place, 1.25). */
#define SIG_FOUND_AGAIN 0.7
/* Unseen frames that make a gap in which one card may have been taken and another put in
 * its place (a card carried away takes about a third of a second). */
#define GAP_FRAMES 5
/* ... or fewer, for a card last seen this far (x its long side) from where it lay still. */
#define CARRIED_GAP 0.35
/* A card in play unseen up to this many frames may have turned in place since its outline
 * was last seen whole (piece_off_play). */
#define TURNED_UNSEEN_FRAMES 30
/* A card seen whole this far (degrees) off its axes was seen turning. */
#define MID_TURN_DEG 8.0
/* A card's outline found again this close to where it was last seen whole (a fraction of
 * the card's long side) is that card lying where it lay. */
#define WHOLE_AGAIN 0.1
/* ... unless a reported card's outline lay this close to it the frame before (a fraction of
 * that card's long side): a card turning moves a little. */
#define WHOLE_AGAIN_OTHER 0.25
/* A title change noticed this long after such a gap ended is not dated by it (a hand that
 * once rested on the card has nothing to do with a change seen much later). */
#define GAP_RECENT_US (3 * G_USEC_PER_SEC)
/* A track not reported yet, out of sight this long and seen with a whole card's outline for
 * the first time as it came back: a card was put there then (see restamp_entry). */
#define BACK_WHOLE_GAP_US G_USEC_PER_SEC
/* A card seen turning onto the other state's axis, to within this (degrees), and at once
 * turned back or carried off, was turned (see track_update). */
#define PEAK_DEG 8.0
/* Frames a card may lie at such a peak before the settled-turn rule alone decides. */
#define PEAK_HOLD_FRAMES 4
/* A card in play that vanished this long (or less) before the top of a pile changed may
 * have been put there (see pile_changed). */
#define PILE_VANISHED_US (3 * G_USEC_PER_SEC / 2)
/* ... and is taken to have been put there once it has stayed unseen this long: a hand
 * resting over it is off again sooner, most times. */
#define PILE_UNSEEN_US (G_USEC_PER_SEC)
/* The confidence of a card reported gone for being unseen at a recording's end. */
#define UNSEEN_AT_END_CONF 0.5
/* How sure a card that another now lies in place of, gone where no pile tells, left. */
#define SWAPPED_LEFT_CONF 0.7
/* How long such a card waits for a pile of its owner's to be read as it. */
#define GHOST_WAIT_US G_USEC_PER_SEC
/* A pile's top reported as a card is read again this often: another card put on it may look
 * much like it to the title's coarse look (seed 29: a Chaos Orb onto a Basalt Monolith, both
 * grey-barred artifacts), and its way there may go unseen (carried off fast). Eight 1080p
 * games: event recall 0.931 -> 0.934, precision 0.961 -> 0.958 (a departure of a card whose
 * entry had been reported twice); every period from 1 to 3 s alike. */
#define PILE_REREAD_US (2 * G_USEC_PER_SEC)
/* A card first seen lying still tapped this long after it came was put down and tapped (not
 * lying tapped from the start): 1080p sessions, event recall 0.690 -> 0.700, precision 0.699
 * -> 0.710 (the two held-out games that gained, 53 and 83, were looked at to find it). */
#define ENTRY_TAP_US (G_USEC_PER_SEC / 8)
/* Signature distance that makes a pile's top another card's (a hand moving over it changes
 * it too, but does not hold a new look still). */
#define PILE_SIG_CHANGED 0.6
#define PILE_SIG_STILL 0.3
/* Frames a card may be missed between two looks at the same angle and still count as
 * settled (see track_update). */
#define SETTLE_GAP_FRAMES 1
/* Frames a card must lie still for where it lies to count as its place. */
#define STILL_FRAMES 5
/* A card being put down is reported once it lies still (its state then is the one it came
 * in), or after this long whatever it does. */
#define ENTRY_SETTLE_US (G_USEC_PER_SEC)
/* A card put where another was is seen settled in its own state within this long of
 * coming (the track's turn then is the swap, not a turn of the new card). At 0.5 s, seed
 * 61's Armageddon, put down untapped and tapped 11 frames later, came in tapped; at 0.3 s,
 * seed 383's Demonic Hordes, tapped 8 frames after it was put where a Hurloon Minotaur had
 * lain, was reported as the Minotaur tapped and untapped (eighth eight: the same 281 of 303
 * events found, 292 -> 290 reported; the tuned and seventh eights the same events). */
#define SWAP_SETTLE_US (G_USEC_PER_SEC / 4)
/* A turn held for readings (see turn_report) is reported after this long whatever. */
#define HELD_TURN_US (2 * G_USEC_PER_SEC)
/* A card's track this close (x its long side) to a new track read as the same name had slid
 * off the card: the two are one card. */
#define SLID_OFF 0.35
/* ... and this close when the track follows a line alone now: an identical card beside it
 * would be seen whole. Cards pushed forward to attack, their track left on a stray line,
 * were reported a second time (1080p sessions, eight games: event precision 0.734 -> 0.763,
 * recall 0.703 -> 0.710). */
#define SLID_OFF_LINE 0.65
/* A card carried to a pile is seen this far (x its long side) from its place, in a
 * direction within about 30 degrees (cosine PILE_TOWARDS) of the pile's, before it
 * vanishes. */
#define PILE_CARRIED 0.08
#define PILE_TOWARDS 0.85
/* A card of a name put down in play this far (x its long side) or more from where a card of
 * that name went out of sight is another copy, not that card moved: cards are moved in play
 * a fraction of their length (to attack, to make room), and a card that went out of sight
 * went somewhere (seed 163: a second Earthquake was taken for the first, gone to the
 * graveyard a moment before. Third eight 283 -> 285 of 309 events found, 296 -> 298
 * reported; the other three sets the same events). */
#define FAR_APART 3.0
/* A card's title line lies this far (x its long side) from the card's centre: its centre
 * is some 38 of 88 mm from the card's. */
#define LINE_OFF_CENTRE 0.45
/* Turns a track keeps from before it is reported (see pending_turns_report). */
#define PEND_TURNS 4
/* A turn undone sooner than this is no turn: no one taps a card and untaps it within 0.15 s
 * (4.5 frames at 30 fps), but a card's outline lost and found again as a hand handles it, or
 * a line of it read the other way up, turns its track and back (seed 113: a Benalish Hero
 * handled as it was read was reported tapped, untapped, tapped and untapped within seven
 * frames). */
#define FLAP_US (G_USEC_PER_SEC * 3 / 20)
/* A card not yet reported, named before a gap and being read again after it, waits this
 * long for that reading before it is reported under its old name (see may_announce). */
#define RECHECK_WAIT_US G_USEC_PER_SEC
/* A hand turns a card a quarter in about this long. */
#define QUARTER_TURN_US (G_USEC_PER_SEC / 6)
/* A card carried from its place to a pile is there within this long. */
#define PILE_CARRY_US (G_USEC_PER_SEC / 2)
/* A reading this strong of another name on a track dates a later name's first reading as a
 * card's arrival (first_read_as(), restamp_entry()), and on a pile names the card put there
 * before its top (pile_first_buried()). */
#define OTHER_READ_FIRM 0.9
/* Room left around a line found alone when it is cut out to be read, in the line's heights:
 * the reader reads a line that may be part of a longer name again lengthened by 3.5 of them
 * at each end. */
#define LINE_READ_ROOM 4.0
/* A card out of sight a while is found again by a title line alone only lying as it lay,
 * or turned a quarter (tapped or untapped unseen), to within this (degrees): a line askew
 * is a card carried over its place in a hand (seed 211: a Lich taken off the table, its
 * departure dated 84 frames late, when a card carried over its place was seen). */
#define ASKEW_DEG 20.0

typedef enum {
  TRACK_TENTATIVE,  /* seen, not yet confirm_frames times */
  TRACK_PENDING,    /* confirmed; waiting for its name before being reported */
  TRACK_ACTIVE,     /* reported (ENTERED or merged into a reported identity) */
  TRACK_BURIED,     /* covered by the next card of a pile: not seen, not gone */
  TRACK_SHADOW,     /* a second detection of a reported card (part of it, its title line
                     * alone): followed so it matches nothing else, never reported */
} TrackState;

/* The readings of one card that gave one name. */
typedef struct {
  char *name;
  double weight;          /* sum of the readings' scores */
  int n;                  /* readings */
  double best;            /* best score */
  gint64 first_us;        /* when it was first read */
  gboolean first_tapped;  /* whether the card lay turned then (its angle, not debounced) */
  gboolean first_elsewhere;  /* first read off another title than the track began on */
  int solid;              /* readings of at least single_read_score off a whole card lying
                           * still */
} Vote;

typedef struct {
  guint64 key;            /* internal, unique; reading results refer to it */
  guint id;               /* public identity; 0 until confirmed */
  TrackState state;
  double center[2], size[2];
  double anchor[2];       /* reported cards: where its whole outline was last seen (or where it
                           * was reported); its title line alone is not followed far from it */
  double angle, prev_angle;
  /* Its last look at a card's size (a title line counts; a piece of a card does not): a
   * piece seen between two such looks says nothing of how the card lies. */
  double own_angle;
  guint64 own_frame;
  gboolean have_angle;
  gboolean angle_settled;
  int area, owner;
  gboolean pile, pile_face_down;
  int next_area, next_area_frames;  /* a zone change being confirmed */
  int consecutive;        /* frames matched in a row */
  double conf_sum;
  int conf_n;
  gint64 first_seen_us, last_seen_us, confirmed_us;
  /* Gaps of GAP_FRAMES or more unseen frames since its name was last confirmed: when it
   * was last matched before the first, and first matched after the longest (0: none). A
   * title that changes after such gaps is another card put where the first one was: the
   * first left when it was last seen, the other came when the longest gap ended. */
  gint64 matched_us, gap_from_us, gap_to_us, gap_longest_us;
  gint64 back_us;         /* when it was last seen again after such a gap (0: never) */
  gint64 back_gap_us;     /* ... and how long it had been unseen then */
  gint64 home_us;         /* when it was last seen lying still (home set; 0: never) */
  gint64 whole_us;        /* when it was first seen with an outline a card's size (0: never) */
  /* Where it lay still (home) and was last seen as the gap from gap_from_us began: the way
   * the card there then was carried off. */
  double gap_home[2], gap_last[2];
  gint64 recheck_us;      /* when its title was last seen to change */
  guint64 last_frame;
  guint64 whole_frame;    /* the frame whole was seen in */
  guint64 look_frame;     /* the last frame it was seen where it was looked for (last_frame
                           * may be a frame it was held as it was: see tracker_update) */
  gboolean tapped;        /* reported (or, before reporting, current settled) state */
  int turn_frames;        /* settled frames seen in the other state (a turn being confirmed) */
  gint64 turn_from_us;    /* when the first of them was seen, if the card had been out of
                           * sight just before (0: it was in sight) */
  int turn_looks;         /* frames seen in the other state since, looked for (not frames
                           * without a title search, where a card followed by its title line
                           * alone is taken to lie as it was) */
  int approach;           /* frames in a row it turned towards the other state */
  gboolean between;       /* seen between the two states' axes, or out of sight a while,
                           * since last seen on its own state's axis */
  gint64 peak_us;         /* when it was last seen turned onto the other state's axis after
                           * such frames (0: not) */
  guint64 peak_frame;     /* the frame it was last seen there (peak_us may be earlier) */
  gboolean peak_pile;     /* it lay on a pile then */
  gboolean entry_tapped;  /* its state when first confirmed lying still */
  gboolean entry_settled; /* it has lain still since it was confirmed (entry_tapped is
                           * that state, not one seen as it was being put down) */
  int first_lay;          /* lying still before it was confirmed: tapped (1) or not (0), at
                           * first_lay_at; -1 when not seen so */
  double first_lay_at[2];
  gint64 turned_us;       /* when it last turned before being reported */
  /* The last PEND_TURNS turns seen before it was reported, oldest first: when it came to
   * lie so, and which way. */
  struct {
    gint64 us;
    gboolean tapped;
  } pend_turn[PEND_TURNS];
  int n_pend_turns;
  /* The first turn seen within SWAP_SETTLE_US of a gap's end: the gap's gap_to_us (0: none)
   * and the state it turned to (the state a card put there during the gap lies in). */
  gint64 gap_turn_for;
  gboolean gap_turn_tapped;
  /* A turn not reported yet while readings decide whether another card lies there now
   * (see turn_report): held_us its time (0: none), held_tapped the state it turned to. */
  gint64 held_us;
  gboolean held_tapped;
  double held_conf;
  /* Seen past half way round and found again as it lay, after a gap whose readings decide
   * whether another card lies there now: when the turn ended (0: none), when it was found
   * turned back, and the card's id then (see track_update). */
  gint64 half_turn_us, half_back_us;
  guint half_id;
  int seen_frames, quad_frames;  /* frames seen, and of those with the whole outline */
  int seen_at_back, quads_at_back;  /* ... before it was last found again after a gap */
  int own_frames;                /* of those, with an outline a card's size (own_outline) */
  char *name;             /* the card's identity: a name its readings agree on, or NULL */
  double name_score;
  GArray *votes;          /* Vote: readings since the identity was last put in doubt */
  gboolean by_person;     /* a person named it: readings no longer change it */
  gboolean ghost;         /* another card lies where it lay: gone, where to not yet known
                           * (ghost_new); no detection is its */
  gint64 ghost_until_us;  /* ghost: reported gone then, unless a pile told where before */
  gint64 top_us;          /* a pile's: when its top was last seen to change (or it began) */
  gint64 top_from_us;     /* ... and when that top was first seen (or it began) */
  gint64 zone_us;         /* not yet reported: when it came to lie in its zone (or began) */
  gboolean rechecking;    /* its title changed: readings decide whether it is another card */
  guint64 master;         /* TRACK_SHADOW: the key of the card it is a detection of */
  int reads;
  int blank_reads;        /* readings that found no name */
  gboolean read_in_flight;
  gint64 last_read_us;
  gboolean read_moving;   /* the last reading was asked before it was seen lying still */
  /* A title line alone first seen on a pile: its crop for reading, from the frame it was
   * seen in, until it is seen again (NULL: none; see request_read). */
  TsImage *seen_crop;
  TsTrackReadRequest seen_req;
  double sig[SIG_N];
  gboolean have_sig;
  int sig_changed;        /* frames in a row its title looked changed */
  gint64 self_us;         /* when it was last seen with its title looking as last read */
  gboolean gap_recheck;   /* back after a gap of GAP_FRAMES: read again once settled */
  double first_sig[SIG_N];   /* the title it was confirmed on, and where */
  gboolean have_first_sig;
  double first_center[2];
  TsTrackInput last;      /* the last input matched (for reading) */
  TsTrackInput whole;     /* the last input matched with its outline (has_quad FALSE: none) */
  /* Piles: the look of its top (title signature) as last settled, and the last frame's,
   * to notice another card put on it. */
  double pile_sig[SIG_N], pile_prev_sig[SIG_N];
  gboolean have_pile_sig, have_pile_prev;
  gint64 pile_prev_us;    /* when the last frame's look was seen */
  /* A pile whose top changed just after a card in play vanished: that card (its key), and
   * when the pile changed. The card is taken to be the pile's new top once it has stayed
   * away PILE_UNSEEN_US (link_key 0: none). */
  guint64 link_key;
  gint64 link_us;
  /* Cards in play: the look of its title when last seen, to tell a card gone from its place
   * from one the detector lost sight of. */
  double seen_sig[SIG_N];
  gboolean have_seen_sig;
  /* Where it last lay still (STILL_FRAMES frames in a row): a card carried off is seen
   * moving away from there before it vanishes. */
  double home[2];
  int still_frames;
  /* Of those frames, the ones it was looked for in (a title line alone is held as it was
   * through frames not searched for title lines: that says nothing of it lying still). */
  int still_looks;
  /* Since last seen, whether a pile it was carried towards was looked for. */
  gboolean carry_checked;
  /* Read as another card before a gap, and named after it (see identity_update): that
   * card's name (NULL: none), and when it was last seen, before the gap. The card was there
   * a moment and went while out of sight; its name read on a pile tells where. */
  char *gone_name;
  gint64 gone_us, gone_came_us;  /* ... and when it came */
  /* Not reported yet and carried from play onto a pile (see announce()): the zone and owner
   * it lay in, and when it came onto the pile (0: it did not). */
  int play_area, play_owner;
  gint64 onto_pile_us;
  /* A pile's top reported as a card read there after another was read firmly there first
   * (see pile_first_buried()): that other card's name, put there a moment before and lying
   * under the top, and when it was read (NULL: none). */
  char *under_name;
  gint64 under_us;
  /* When a track of a title line alone that read blank first took a whole card's outline
   * (0: never): a card put where the line was followed came then. Or, its readings blank
   * before a gap and a name read only after it, when it was seen again (back_us). */
  gint64 outline_us;
} Track;

typedef struct {
  gboolean quit;
  guint64 key;
  TsImage *crop;
  TsTrackReadRequest req;
  gboolean solid;         /* read off a whole card lying still */
  /* result */
  char *name;
  double score;
} Job;

struct _TsTracker {
  TsTrackerParams p;
  TsTrackReader reader;
  gboolean have_reader;
  GPtrArray *tracks;      /* Track* */
  guint64 next_key;
  guint next_id;
  guint64 frame;          /* frames fed so far */
  guint64 cur;            /* index of the frame being (or, after it, last) processed */
  guint n_reads;
  /* The long sides of the last SIZES_KEPT outlines of reported cards, a ring: every card on
   * the table is the same size, their median is a card's (card_size_update). */
  double sizes[SIZES_KEPT];
  guint n_sizes;
  double card_size;       /* their median (0: none yet), as of the frame before */
  /* Reading */
  GThread *worker;
  GAsyncQueue *jobs, *results;
  guint pending;
  gpointer sync_worker;
  GMutex error_lock;
  GError *reader_error;
};

void
ts_tracker_params_init (TsTrackerParams *p)
{
  memset (p, 0, sizeof *p);
  p->confirm_frames = 3;
  p->leave_after_ms = 5000;
  p->gate = 0.5;
  p->tap_band_deg = 30;
  p->untap_band_deg = 30;
  p->settle_deg = 4;
  p->tap_frames = 2;
  p->name_wait_ms = 4000;
  p->name_votes = 2;
  p->strong_score = 0.85;
  p->single_read_score = 2;  /* off: see track.h */
  p->reread_ms = 300;
  p->confirm_reread_ms = 167;
  p->max_reads = 6;
  p->confirm_below = 0.6;
  p->late_name_ms = 300;
  p->title_reach = 0.6;
  p->gap_title_reach = 0.3;
  p->report_unread = TRUE;
  p->sync_reads = FALSE;
}

static const char *const kind_names[] = {
  "entered", "moved", "tapped", "untapped", "left", "named",
};

const char *
ts_observation_kind_name (TsObservationKind kind)
{
  return kind <= TS_OBS_NAMED ? kind_names[kind] : "?";
}

void
ts_observation_clear (TsObservation *obs)
{
  g_clear_pointer (&obs->name, g_free);
}

GArray *
ts_observation_array_new (void)
{
  GArray *a = g_array_new (FALSE, TRUE, sizeof (TsObservation));
  g_array_set_clear_func (a, (GDestroyNotify) ts_observation_clear);
  return a;
}

static void
vote_clear (Vote *v)
{
  g_free (v->name);
}

static void
track_free (Track *t)
{
  g_free (t->name);
  g_free (t->gone_name);
  g_free (t->under_name);
  g_array_unref (t->votes);
  ts_image_free (t->seen_crop);
  g_free (t);
}

static double from_tapped (double rel);
static double signature_distance (const double a[SIG_N], const double b[SIG_N]);
static double long_side (const double size[2]);
static gboolean own_outline (const TsTracker *t, const TsTrackInput *in);
static void pile_watch (TsTracker *t, Track *tr, const TsImage *image, gint64 time_us);
static void held_turn_release (TsTracker *t, Track *tr, gboolean drop, GArray *out);
static void pending_turns_report (TsTracker *t, Track *tr, gboolean from, gint64 since_us,
                                  double conf, GArray *out);
static Track *pile_towards (TsTracker *t, const Track *o, const double from[2],
                            const double to[2], gint64 seen_us, gboolean unlinked);

/* Was the track followed mostly by its title line alone? Its size is then a guess from the
 * title's width (a word of the title found alone makes it half a card). */
static gboolean
mostly_title (const Track *tr)
{
  return tr->quad_frames * 2 < tr->seen_frames;
}

/* Is the track now on another title than it was confirmed on (moved off, or the title's
 * look changed)? */
static gboolean
track_elsewhere (const Track *tr)
{
  if (hypot (tr->center[0] - tr->first_center[0], tr->center[1] - tr->first_center[1]) >
      0.25 * long_side (tr->size))
    return TRUE;
  if (!tr->have_sig)
    return FALSE;
  /* No title to compare with: it began half off the image (a card sliding in). */
  return !tr->have_first_sig || signature_distance (tr->sig, tr->first_sig) > 0.45;
}

static Vote *
votes_add (Track *tr, const char *name, double score, gint64 time_us)
{
  for (guint i = 0; i < tr->votes->len; i++) {
    Vote *v = &g_array_index (tr->votes, Vote, i);
    if (strcmp (v->name, name) == 0) {
      v->weight += score;
      v->n++;
      v->best = MAX (v->best, score);
      return v;
    }
  }
  Vote v = { g_strdup (name), score, 1, score, time_us, from_tapped (tr->angle) < 45,
             track_elsewhere (tr), 0 };
  g_array_append_val (tr->votes, v);
  return &g_array_index (tr->votes, Vote, tr->votes->len - 1);
}

/* The name the readings agree on: read at least `need` times and weighing at least twice
 * the runner-up. NULL when they disagree or are too few. */
static const Vote *
votes_consensus (const Track *tr, int need)
{
  const Vote *lead = NULL, *second = NULL;
  for (guint i = 0; i < tr->votes->len; i++) {
    const Vote *v = &g_array_index (tr->votes, Vote, i);
    if (lead == NULL || v->weight > lead->weight) {
      second = lead;
      lead = v;
    } else if (second == NULL || v->weight > second->weight)
      second = v;
  }
  if (lead == NULL || lead->n < MAX (need, 1))
    return NULL;
  if (second != NULL && lead->weight < 2 * second->weight)
    return NULL;
  return lead;
}

static void
job_free (Job *j)
{
  ts_image_free (j->crop);
  g_free (j->name);
  g_free (j);
}

/* ---- reading ---- */

static void
set_reader_error (TsTracker *t, GError *error)
{
  g_mutex_lock (&t->error_lock);
  if (t->reader_error == NULL)
    t->reader_error = error;
  else
    g_error_free (error);
  g_mutex_unlock (&t->error_lock);
}

static void
run_job (const TsTrackReader *reader, gpointer worker, Job *j)
{
  j->score = 0;
  j->name = worker || !reader->worker_new ? reader->read (worker, &j->req, &j->score) : NULL;
  if (j->name == NULL)
    j->score = MIN (j->score, 1.0);
}

static gpointer
worker_main (gpointer data)
{
  TsTracker *t = data;
  GError *error = NULL;
  gpointer worker = t->reader.worker_new ? t->reader.worker_new (t->reader.user_data, &error)
                                         : NULL;
  if (error)
    set_reader_error (t, error);
  for (;;) {
    Job *j = g_async_queue_pop (t->jobs);
    if (j->quit) {
      job_free (j);
      break;
    }
    if (worker || !t->reader.worker_new)
      run_job (&t->reader, worker, j);
    g_async_queue_push (t->results, j);
  }
  if (worker && t->reader.worker_free)
    t->reader.worker_free (worker);
  return NULL;
}

TsTracker *
ts_tracker_new (const TsTrackerParams *params, const TsTrackReader *reader)
{
  TsTracker *t = g_new0 (TsTracker, 1);
  if (params)
    t->p = *params;
  else
    ts_tracker_params_init (&t->p);
  t->tracks = g_ptr_array_new_with_free_func ((GDestroyNotify) track_free);
  t->next_id = 1;
  g_mutex_init (&t->error_lock);
  if (reader && reader->read) {
    t->reader = *reader;
    t->have_reader = TRUE;
    if (t->p.sync_reads) {
      GError *error = NULL;
      if (reader->worker_new)
        t->sync_worker = reader->worker_new (reader->user_data, &error);
      if (error)
        set_reader_error (t, error);
    } else {
      t->jobs = g_async_queue_new ();
      t->results = g_async_queue_new ();
      t->worker = g_thread_new ("ts-track-read", worker_main, t);
    }
  }
  return t;
}

void
ts_tracker_free (TsTracker *t)
{
  if (t == NULL)
    return;
  if (t->worker) {
    Job *quit = g_new0 (Job, 1);
    quit->quit = TRUE;
    g_async_queue_push (t->jobs, quit);
    g_thread_join (t->worker);
    Job *j;
    while ((j = g_async_queue_try_pop (t->results)) != NULL)
      job_free (j);
    while ((j = g_async_queue_try_pop (t->jobs)) != NULL)
      job_free (j);
    g_async_queue_unref (t->jobs);
    g_async_queue_unref (t->results);
  }
  if (t->sync_worker && t->reader.worker_free)
    t->reader.worker_free (t->sync_worker);
  g_ptr_array_unref (t->tracks);
  if (t->reader_error)
    g_error_free (t->reader_error);
  g_mutex_clear (&t->error_lock);
  g_free (t);
}

guint
ts_tracker_get_n_reads (const TsTracker *t)
{
  return t->n_reads;
}

const GError *
ts_tracker_get_reader_error (const TsTracker *t)
{
  g_mutex_lock ((GMutex *) &t->error_lock);
  const GError *e = t->reader_error;
  g_mutex_unlock ((GMutex *) &t->error_lock);
  return e;
}

gboolean
ts_tracker_set_name (TsTracker *t, guint track_id, const char *name)
{
  g_return_val_if_fail (t != NULL && name != NULL, FALSE);
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *tr = t->tracks->pdata[i];
    if (tr->id != track_id || (tr->state != TRACK_ACTIVE && tr->state != TRACK_BURIED))
      continue;
    g_free (tr->name);
    tr->name = g_strdup (name);
    tr->name_score = 1;
    tr->by_person = TRUE;
    tr->rechecking = FALSE;
    return TRUE;
  }
  return FALSE;
}

guint
ts_tracker_get_n_cards (const TsTracker *t)
{
  guint n = 0;
  for (guint i = 0; i < t->tracks->len; i++) {
    const Track *tr = t->tracks->pdata[i];
    n += (tr->state == TRACK_ACTIVE && !tr->ghost) || tr->state == TRACK_BURIED;
  }
  return n;
}

/* Bilinear position inside a quad (4 corners, top-left first): (u, v) in [0,1]^2, u along
 * the top edge. */
static void
quad_point (const double (*q)[2], double u, double v, double *x, double *y)
{
  double tx = q[0][0] + (q[1][0] - q[0][0]) * u, ty = q[0][1] + (q[1][1] - q[0][1]) * u;
  double bx = q[3][0] + (q[2][0] - q[3][0]) * u, by = q[3][1] + (q[2][1] - q[3][1]) * u;
  *x = tx + (bx - tx) * v;
  *y = ty + (by - ty) * v;
}

static double
grey_at (const TsImage *im, double x, double y)
{
  int ix = CLAMP ((int) x, 0, im->width - 1), iy = CLAMP ((int) y, 0, im->height - 1);
  const guint8 *p = im->data + (gsize) iy * im->stride + (gsize) ix * im->channels;
  return im->channels >= 3 ? (p[0] + 2.0 * p[1] + p[2]) / 4 : p[0];
}

/* Fills sig from the title line; FALSE when the title is off the image. */
static gboolean
title_signature (const TsImage *im, const double (*title)[2], double sig[SIG_N])
{
  double mean = 0;
  for (int r = 0; r < SIG_ROWS; r++)
    for (int c = 0; c < SIG_COLS; c++) {
      double s = 0;
      for (int k = 0; k < 9; k++) {
        double u = (c + (k % 3 + 0.5) / 3) / SIG_COLS, v = (r + (k / 3 + 0.5) / 3) / SIG_ROWS;
        double x, y;
        quad_point (title, u, v, &x, &y);
        if (x < 0 || y < 0 || x >= im->width || y >= im->height)
          return FALSE;
        s += grey_at (im, x, y);
      }
      sig[r * SIG_COLS + c] = s / 9;
      mean += s / 9;
    }
  mean /= SIG_N;
  double var = 0;
  for (int i = 0; i < SIG_N; i++)
    var += (sig[i] - mean) * (sig[i] - mean);
  double sd = sqrt (var / SIG_N) + 4;  /* a blank title keeps small values */
  for (int i = 0; i < SIG_N; i++)
    sig[i] = (sig[i] - mean) / sd;
  return TRUE;
}

/* The look of a card's title: for a whole card, of the band its outline places the title
 * in. The detector's title line for it changes from frame to frame (fitted to the letters
 * on frames searched for title lines, placed from the outline on the others), and a
 * signature over it changed as much as another card's title does. */
static gboolean
input_signature (const TsImage *im, const TsTrackInput *in, double sig[SIG_N])
{
  if (!in->has_quad)
    return title_signature (im, in->title_px, sig);
  double band[4][2];
  ts_rectify_title_from_card (in->quad_px, band);
  return title_signature (im, (const double (*)[2]) band, sig);
}

static double
signature_distance (const double a[SIG_N], const double b[SIG_N])
{
  double d = 0;
  for (int i = 0; i < SIG_N; i++)
    d += fabs (a[i] - b[i]);
  return d / SIG_N;
}

/* Copies the part of image around the card into a new small image for the reader. */
static TsImage *
crop_for_reading (const TsImage *image, const TsTrackInput *in, TsTrackReadRequest *req)
{
  double minx = G_MAXDOUBLE, miny = G_MAXDOUBLE, maxx = -G_MAXDOUBLE, maxy = -G_MAXDOUBLE;
  for (int i = 0; i < 4; i++) {
    minx = MIN (minx, in->title_px[i][0]);
    maxx = MAX (maxx, in->title_px[i][0]);
    miny = MIN (miny, in->title_px[i][1]);
    maxy = MAX (maxy, in->title_px[i][1]);
    if (in->has_quad) {
      minx = MIN (minx, in->quad_px[i][0]);
      maxx = MAX (maxx, in->quad_px[i][0]);
      miny = MIN (miny, in->quad_px[i][1]);
      maxy = MAX (maxy, in->quad_px[i][1]);
    }
  }
  double margin = 0.1 * MAX (maxx - minx, maxy - miny) + 4;
  /* A line alone may hold part of a name only, and the reader reads it again lengthened at
   * both ends: the crop leaves room for that (seed 29: a Cyclopean Tomb on a pile, its line
   * found over "Cyclopean T", never read while the crop cut off the rest. Eight 1080p games,
   * with the reader's contrast taken from the line as found: event precision 0.936 ->
   * 0.950, recall 0.910 -> 0.924). */
  if (!in->has_quad) {
    double h = MAX (ts_rectify_quad_edge (in->title_px, 1),
                    ts_rectify_quad_edge (in->title_px, 3));
    margin = MAX (margin, LINE_READ_ROOM * h + 4);
  }
  int x0 = CLAMP ((int) floor (minx - margin), 0, image->width - 1);
  int y0 = CLAMP ((int) floor (miny - margin), 0, image->height - 1);
  int x1 = CLAMP ((int) ceil (maxx + margin), x0 + 1, image->width);
  int y1 = CLAMP ((int) ceil (maxy + margin), y0 + 1, image->height);
  TsImage *crop = ts_image_new (x1 - x0, y1 - y0, image->channels);
  for (int y = y0; y < y1; y++)
    memcpy (crop->data + (gsize) (y - y0) * crop->stride,
            image->data + (gsize) y * image->stride + (gsize) x0 * image->channels,
            (gsize) crop->width * image->channels);
  for (int i = 0; i < 4; i++) {
    req->title_px[i][0] = in->title_px[i][0] - x0;
    req->title_px[i][1] = in->title_px[i][1] - y0;
    req->quad_px[i][0] = in->quad_px[i][0] - x0;
    req->quad_px[i][1] = in->quad_px[i][1] - y0;
  }
  req->has_quad = in->has_quad;
  req->origin[0] = x0;
  req->origin[1] = y0;
  double ux = in->title_px[1][0] - in->title_px[0][0], uy = in->title_px[1][1] - in->title_px[0][1];
  double a = atan2 (uy, ux) * 180 / G_PI;
  req->angle_deg = fmod (a + 360, 360);
  return crop;
}

static void apply_reading (TsTracker *t, guint64 key, char *name, double score,
                           gboolean solid, GArray *out, gint64 time_us);

static void
request_read (TsTracker *t, Track *tr, const TsImage *image, gint64 time_us, GArray *out)
{
  if (!t->have_reader || image == NULL || tr->read_in_flight)
    return;
  Job *j = g_new0 (Job, 1);
  j->key = tr->key;
  /* A title line alone on a pile, not seen since the frame it was first seen in (it is
   * confirmed through frames not searched for lines), is read in that frame: by now the
   * next card put on the pile may lie over it (seed 353: a Lich landing on its graveyard,
   * the pile's first card, was covered by a Circle of Protection: White 3 frames later,
   * read blank, and reported gone to nowhere). */
  if (tr->seen_crop != NULL) {
    j->crop = g_steal_pointer (&tr->seen_crop);
    j->req = tr->seen_req;
  } else
    j->crop = crop_for_reading (image, &tr->last, &j->req);
  j->req.image = j->crop;
  j->solid = tr->last.has_quad && tr->angle_settled && tr->still_frames >= STILL_FRAMES &&
             !mostly_title (tr);
  tr->reads++;
  tr->last_read_us = time_us;
  tr->read_moving = tr->still_looks == 0;
  tr->have_sig = input_signature (image, &tr->last, tr->sig);
  tr->sig_changed = 0;
  t->n_reads++;
  if (t->p.sync_reads) {
    run_job (&t->reader, t->sync_worker, j);
    char *name = g_steal_pointer (&j->name);
    double score = j->score;
    gboolean solid = j->solid;
    job_free (j);
    apply_reading (t, tr->key, name, score, solid, out, time_us);
    return;
  }
  tr->read_in_flight = TRUE;
  t->pending++;
  g_async_queue_push (t->jobs, j);
}

/* ---- observations ---- */

static TsObservation *
emit (GArray *out, TsObservationKind kind, const Track *tr, gint64 time_us, guint64 frame,
      double confidence, double confirm_below)
{
  TsObservation o = { 0 };
  o.kind = kind;
  o.track_id = tr->id;
  o.name = g_strdup (tr->name);
  o.name_score = tr->name ? tr->name_score : 0;
  o.area = tr->area;
  o.from_area = tr->area;
  o.owner = tr->owner;
  o.tapped = tr->tapped;
  o.center[0] = tr->center[0];
  o.center[1] = tr->center[1];
  o.time_us = time_us;
  o.frame = frame;
  o.confidence = CLAMP (confidence, 0, 1);
  o.needs_confirmation = o.confidence < confirm_below;
  g_array_append_val (out, o);
  return &g_array_index (out, TsObservation, out->len - 1);
}

static double
mean_conf (const Track *tr)
{
  return tr->conf_n ? tr->conf_sum / tr->conf_n : 0.5;
}

static double
angle_diff (double a, double b)
{
  double d = fmod (fabs (a - b), 360);
  return d > 180 ? 360 - d : d;
}

/* Difference (degrees, 0..90) between two angles taken as axes: up and down alike. */
static double
axis_diff (double a, double b)
{
  double d = angle_diff (a, b);
  return d > 90 ? 180 - d : d;
}

/* Distance (degrees) from the nearest quarter turn (90 or 270). */
static double
from_tapped (double rel)
{
  return MIN (angle_diff (rel, 90), angle_diff (rel, 270));
}

/* Is a line at angle a (degrees) askew to a card at angle b: lying neither as the card lies
 * nor turned a quarter from it, to within ASKEW_DEG? */
static gboolean
askew (double a, double b)
{
  double d = axis_diff (a, b);
  return MIN (d, 90 - d) > ASKEW_DEG;
}

static Track *
find_key (TsTracker *t, guint64 key)
{
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *tr = t->tracks->pdata[i];
    if (tr->key == key)
      return tr;
  }
  return NULL;
}

/* Could a and b be one player's (either's owner unknown, or the same)? */
static gboolean
same_owner (const Track *a, const Track *b)
{
  return a->owner < 0 || b->owner < 0 || a->owner == b->owner;
}

/* The name tr is known by, or, not named yet, read as once with no other reading (NULL:
 * neither). */
static const char *
read_as (const Track *tr)
{
  if (tr->name != NULL)
    return tr->name;
  const Vote *lead = votes_consensus (tr, 1);
  return lead ? lead->name : NULL;
}

/* The name tr was read as last for the first time (the card it follows now, when it has
 * followed others before: cards carried in a hand), or NULL when never read. */
static const char *
read_last (const Track *tr)
{
  const Vote *last = NULL;
  for (guint i = 0; i < tr->votes->len; i++) {
    const Vote *v = &g_array_index (tr->votes, Vote, i);
    if (last == NULL || v->first_us > last->first_us)
      last = v;
  }
  return last ? last->name : NULL;
}

/* The pile's new track, never reported, is card: it takes the card's identity and is
 * reported from now on (the caller reports the move). */
static void
pile_takes_card (Track *pile, const Track *card)
{
  pile->id = card->id;
  if (card->name != NULL && (pile->name == NULL || card->by_person)) {
    g_free (pile->name);
    pile->name = g_strdup (card->name);
    pile->name_score = card->name_score;
  }
  pile->by_person = card->by_person;
  pile->state = TRACK_ACTIVE;
  pile->anchor[0] = pile->center[0];
  pile->anchor[1] = pile->center[1];
}

/* The vote name has on tr (its readings as name), or NULL: votes_add() keeps one a name. */
static const Vote *
vote_for (const Track *tr, const char *name)
{
  for (guint i = 0; name != NULL && i < tr->votes->len; i++) {
    const Vote *v = &g_array_index (tr->votes, Vote, i);
    if (strcmp (v->name, name) == 0)
      return v;
  }
  return NULL;
}

/* The first reading of tr at least OTHER_READ_FIRM strong, of a name other than except
 * (NULL: of any name), or NULL. */
static const Vote *
first_firm_vote (const Track *tr, const char *except)
{
  const Vote *first = NULL;
  for (guint i = 0; i < tr->votes->len; i++) {
    const Vote *v = &g_array_index (tr->votes, Vote, i);
    if (v->best >= OTHER_READ_FIRM && g_strcmp0 (v->name, except) != 0 &&
        (first == NULL || v->first_us < first->first_us))
      first = v;
  }
  return first;
}

/* When a name other than name was first read firmly on tr (G_MAXINT64: never). */
static gint64
other_read_firmly (const Track *tr, const char *name)
{
  const Vote *v = first_firm_vote (tr, name);
  return v ? v->first_us : G_MAXINT64;
}

/* When the card tr follows, read as name, came: when tr was first seen, or when it was first
 * read as name if that was a carry's time later (its track followed something else before:
 * a stray line on a pile, a card in a hand) or after another name was read firmly on tr (a
 * card put on a pile a moment after another, before the pile's track was reported: seed
 * 137's Pirate Ship, onto a Wall of Water, was dated 14 frames early. Second eight 277 ->
 * 278 of 305, tuned eight 293 -> 294, 720p eight 266 -> 267; with any other reading, not
 * only a firm one, a weak first reading of a card in a hand took a card's arrival). */
static gint64
first_read_as (const Track *tr, const char *name)
{
  if (name == NULL)
    return tr->confirmed_us;
  gint64 other_us = other_read_firmly (tr, name);
  const Vote *v = vote_for (tr, name);
  if (v != NULL && (v->first_us > tr->confirmed_us + PILE_CARRY_US || v->first_us > other_us))
    return v->first_us;
  return tr->confirmed_us;
}

static gint64
name_first_read (const Track *tr)
{
  return first_read_as (tr, tr->name);
}

/* When the card the pile's track tr names came onto the pile: when it was first read so
 * (name_first_read()), or when the track came onto this pile, or when the pile's last new
 * top was first seen, before that reading, if later. The track may have followed something
 * else before the card came: a stray line on the pile's edge, on another pile, the card's
 * own title line while it lay in play (seeds 479, 487, 499: a Living Artifact, a Thoughtlace
 * and a Clockwork Beast put in their graveyards, each taken there by such a track, were
 * dated 13 to 20 frames early, with the track's first sighting). */
static gint64
pile_came_us (const Track *tr)
{
  gint64 when = MAX (name_first_read (tr), tr->zone_us);
  const Vote *v = vote_for (tr, tr->name);
  gint64 read_us = v != NULL ? v->first_us : G_MAXINT64;
  return tr->top_from_us <= read_us ? MAX (when, tr->top_from_us) : when;
}

/* A card on a pile of tr's owner's, not reported yet, read as tr's name and first seen
 * there after since_us (less a carry's time), or first read so then (a track of the pile
 * from before, which read another card or none): tr's card put there. It is named so. */
static Track *
pile_named (TsTracker *t, const Track *tr, gint64 since_us)
{
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *p = t->tracks->pdata[i];
    if (p == tr || !p->pile || p->state != TRACK_PENDING || !same_owner (p, tr))
      continue;
    const char *name = read_as (p);
    if (name != NULL && strcmp (name, tr->name) == 0 &&
        MAX (p->first_seen_us, first_read_as (p, name)) + PILE_CARRY_US >= since_us) {
      if (p->name == NULL) {
        p->name_score = votes_consensus (p, 1)->best;
        p->name = g_strdup (name);
      }
      return p;
    }
  }
  return NULL;
}

/* Was track tr read as another name than v's after v was first read? */
static gboolean
other_read_after (const Track *tr, const Vote *v)
{
  for (guint k = 0; k < tr->votes->len; k++) {
    const Vote *o = &g_array_index (tr->votes, Vote, k);
    if (o != v && strcmp (o->name, v->name) != 0 && o->first_us > v->first_us)
      return TRUE;
  }
  return FALSE;
}

/* May the pile p be where card o went? Any pile may, for a card out of sight; a ghost's
 * card only to one whose top changed since it was last seen where it lay (a pile read as its
 * name all along holds another of that name). */
static gboolean
ghost_may_go_to (const Track *o, const Track *p)
{
  return !o->ghost || p->top_us >= o->last_seen_us;
}

/* A pile of tr's owner's whose top was read as tr's name since since_us (less a carry's
 * time), though its readings did not agree on it (yet): tr's card put on it. The pile may
 * not be reported yet, its readings not agreeing (seed 173: a Deathlace and a Fungusaur put
 * on their graveyard ten frames apart, each reported gone to nowhere when another card was
 * cast where it lay. Third eight: two more events found of 309; the other sets the same);
 * read as another name after tr's, tr's card lies under that one (*under set). Or one whose
 * top was reported as another card, read there after tr's (under_name), or, with buried, one
 * covered since: tr's card lies under that one too. *read_us: when it was first read so
 * there (NULL: no such pile). */
static Track *
pile_reading (TsTracker *t, const Track *tr, gint64 since_us, gboolean buried,
              gint64 *read_us, gboolean *under)
{
  *under = FALSE;
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *p = t->tracks->pdata[i];
    if (p == tr || !p->pile || !same_owner (p, tr) || !ghost_may_go_to (tr, p) ||
        (p->state != TRACK_ACTIVE && p->state != TRACK_PENDING &&
         !(buried && p->state == TRACK_BURIED)))
      continue;
    if (p->under_name != NULL && strcmp (p->under_name, tr->name) == 0 &&
        p->under_us + PILE_CARRY_US >= since_us) {
      *read_us = p->under_us;
      *under = TRUE;
      g_clear_pointer (&p->under_name, g_free);
      return p;
    }
    const Vote *v = vote_for (p, tr->name);
    if (v != NULL && v->first_us + PILE_CARRY_US >= since_us) {
      *read_us = v->first_us;
      *under = p->state == TRACK_BURIED ||
               (p->state == TRACK_PENDING && other_read_after (p, v));
      return p;
    }
  }
  return NULL;
}

/* The name tr's readings up to until_us agree on (one name only), or NULL. */
static const char *
read_before (const Track *tr, gint64 until_us)
{
  const char *name = NULL;
  for (guint i = 0; i < tr->votes->len; i++) {
    const Vote *v = &g_array_index (tr->votes, Vote, i);
    if (v->first_us > until_us)
      continue;
    if (name != NULL)
      return NULL;
    name = v->name;
  }
  return name;
}

/* Is o a card reported in play (not on a pile) as name? */
static gboolean
in_play_as (const Track *o, const char *name)
{
  return o->state == TRACK_ACTIVE && !o->pile && o->name != NULL && strcmp (o->name, name) == 0;
}

/* A card reported in play as name, out of sight since before the last frame, that lay where
 * tr lies now (its centre within half a card's length of tr's), or NULL. */
static Track *
in_play_unseen_here (const TsTracker *t, const Track *tr, const char *name)
{
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *o = t->tracks->pdata[i];
    if (o != tr && in_play_as (o, name) && o->last_frame + 1 < t->cur &&
        hypot (o->center[0] - tr->center[0], o->center[1] - tr->center[1]) <
          0.5 * long_side (o->size))
      return o;
  }
  return NULL;
}

/* Is a card called name of tr's owner's reported in play (a second, unreported track of it
 * is a piece of it or of another), or known on a pile of theirs (its name read again)? */
static gboolean
name_known (const TsTracker *t, const Track *tr, const char *name)
{
  for (guint i = 0; i < t->tracks->len; i++) {
    const Track *o = t->tracks->pdata[i];
    if (o == tr || !same_owner (o, tr))
      continue;
    if (in_play_as (o, name))
      return TRUE;
    if (o->pile && o->name && strcmp (o->name, name) == 0 &&
        (o->state == TRACK_ACTIVE || o->state == TRACK_BURIED))
      return TRUE;
  }
  return FALSE;
}

/* A card not on a pile, never reported, of the owner of the pile card tr and read as name
 * (or not yet named, and read so last), last seen less than a carry's time before the pile's
 * card came, at came_us (out of sight since, or found again after it came, on another card),
 * while no card of that name and owner is reported in play or known on a pile. */
static Track *
pending_named (TsTracker *t, const Track *tr, const char *card_name, gint64 came_us)
{
  if (name_known (t, tr, card_name))
    return NULL;
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *p = t->tracks->pdata[i];
    if (p == tr || p->pile || p->state != TRACK_PENDING || !same_owner (p, tr))
      continue;
    /* Out of sight since before that card came; or out of sight as it came, found again on
     * whatever was put in p's place since: as p was read before (seed 71: a Paralyze read
     * once where it lay, killed at once, and a Nettling Imp cast there: its entry and its
     * move to the graveyard, which had been reported as a card put there from nowhere.
     * Eight 1080p games: recall 0.897 -> 0.903, precision 0.929 both). */
    const char *name = NULL;
    if (p->last_frame != t->cur && p->last_seen_us <= came_us + PILE_CARRY_US) {
      name = read_as (p);
      if (name == NULL)
        name = read_last (p);
    }
    else if (p->gap_to_us > 0 && p->gap_to_us >= came_us &&
             p->gap_from_us <= came_us + PILE_CARRY_US)
      name = read_before (p, p->gap_from_us);
    if (name != NULL && strcmp (name, card_name) == 0)
      return p;
  }
  return NULL;
}

/* The pile card tr, named, is the card seen a moment in play where brief's track began, as
 * name: reports that card's entry (dated when that track began, or when it was first read
 * so, as it came; as brief's card before a gap, when that card came), with turns, the turns
 * brief saw it make in play (kept while it was unreported), and its move onto the pile at
 * moved_us (by tr, which takes its new identity), with confidence conf. */
static void
came_and_went (TsTracker *t, Track *tr, const Track *brief, const char *name, gint64 moved_us,
               gboolean turns, double conf, GArray *out)
{
  Track card = *brief;
  card.name = (char *) name;
  card.tapped = brief->entry_tapped;
  tr->id = card.id = t->next_id++;
  gint64 came_us = g_strcmp0 (brief->gone_name, name) == 0 ? brief->gone_came_us
                                                           : first_read_as (brief, name);
  emit (out, TS_OBS_ENTERED, &card, came_us, t->cur, conf, t->p.confirm_below);
  for (int i = 0; turns && i < brief->n_pend_turns; i++) {
    if (brief->pend_turn[i].us > moved_us || brief->pend_turn[i].tapped == card.tapped)
      continue;
    card.tapped = brief->pend_turn[i].tapped;
    emit (out, card.tapped ? TS_OBS_TAPPED : TS_OBS_UNTAPPED, &card,
          MAX (came_us, brief->pend_turn[i].us), t->cur, conf, t->p.confirm_below);
  }
  TsObservation *o = emit (out, TS_OBS_MOVED, tr, moved_us, t->cur, conf, t->p.confirm_below);
  o->from_area = brief->area;
}

/* A card in play of the owner of the pile card tr, named, that was read as tr's name before
 * a gap (gone_name), last seen so less than a carry's time before tr was first seen and at
 * most PILE_VANISHED_US before (a card of that name put there much later is another); NULL
 * when none. */
static Track *
gone_named (TsTracker *t, const Track *tr)
{
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *p = t->tracks->pdata[i];
    if (p != tr && !p->pile && p->gone_name != NULL && same_owner (p, tr) &&
        strcmp (p->gone_name, tr->name) == 0 &&
        p->gone_us <= tr->first_seen_us + PILE_CARRY_US &&
        tr->first_seen_us - p->gone_us <= PILE_VANISHED_US)
      return p;
  }
  return NULL;
}

/* The track, tr itself or another never reported, of a card read as name where it lay in
 * play and carried onto tr's pile before it was reported: another pile track of tr's owner
 * and zone, come there from play within PILE_VANISHED_US of seen_us, when tr was first
 * seen there or read there as name (seed 151: a Meekstone read once as it lay tapped,
 * found again on the graveyard after a gap, while a second track over the pile's title read
 * it there); NULL when none. */
static Track *
carried_onto (TsTracker *t, Track *tr, const char *name, gint64 seen_us)
{
  if (tr->onto_pile_us != 0 && g_strcmp0 (read_before (tr, tr->onto_pile_us), name) == 0)
    return tr;
  if (name_known (t, tr, name))
    return NULL;
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *p = t->tracks->pdata[i];
    if (p != tr && p->state == TRACK_PENDING && p->pile && p->area == tr->area &&
        same_owner (p, tr) && p->onto_pile_us != 0 &&
        ABS (p->onto_pile_us - seen_us) <= PILE_VANISHED_US &&
        g_strcmp0 (read_before (p, p->onto_pile_us), name) == 0)
      return p;
  }
  return NULL;
}

/* When the card of track tr, carried onto a pile from play, left its place: when it was
 * last seen there, when its track was found on the pile after a gap; else when it was first
 * seen on the pile. */
static gint64
carried_off_at (const Track *tr)
{
  return tr->gap_to_us == tr->onto_pile_us && tr->gap_from_us > 0 ? tr->gap_from_us
                                                                  : tr->onto_pile_us;
}

/* The card of carried (carried_onto()), read as name where it lay in play: it came, turned
 * as it was seen to there, and went onto the pile whose card tr is (named so now) when it
 * was carried off. */
static void
carried_came_and_went (TsTracker *t, Track *tr, const Track *carried, const char *name,
                       double conf, GArray *out)
{
  Track card = *carried;
  card.area = carried->play_area;
  card.owner = carried->play_owner;
  card.pile = FALSE;
  came_and_went (t, tr, &card, name, carried_off_at (carried), TRUE, conf, out);
}

/* A new track (in t's list) with tr's identity and what it knows of its card; nothing read
 * or pending on it. */
static Track *
track_copy (TsTracker *t, const Track *tr)
{
  Track *c = g_new (Track, 1);
  *c = *tr;
  c->key = ++t->next_key;
  c->name = g_strdup (tr->name);
  c->gone_name = NULL;
  c->under_name = NULL;
  c->seen_crop = NULL;
  c->votes = g_array_new (FALSE, TRUE, sizeof (Vote));
  g_array_set_clear_func (c->votes, (GDestroyNotify) vote_clear);
  c->rechecking = FALSE;
  c->read_in_flight = FALSE;
  c->held_us = 0;
  c->link_key = 0;
  c->gap_from_us = c->gap_to_us = 0;
  g_ptr_array_add (t->tracks, c);
  return c;
}

/* The card top, reported elsewhere, now lies on the pile whose top was the reported card
 * tr: it takes the pile's place, and tr's card lies under it. */
static void
pile_covered_by (Track *tr, Track *top)
{
  top->center[0] = top->anchor[0] = tr->center[0];
  top->center[1] = top->anchor[1] = tr->center[1];
  top->size[0] = tr->size[0];
  top->size[1] = tr->size[1];
  top->angle = top->prev_angle = top->own_angle = tr->angle;
  top->own_frame = tr->last_frame;
  top->area = tr->area;
  top->owner = tr->owner;
  top->pile = TRUE;
  top->ghost = FALSE;
  top->pile_face_down = tr->pile_face_down;
  top->last = tr->last;
  top->whole = tr->whole;
  top->whole_frame = tr->whole_frame;
  top->last_frame = tr->last_frame;
  top->last_seen_us = tr->last_seen_us;
  top->have_sig = FALSE;
  top->rechecking = FALSE;
  memcpy (top->pile_sig, tr->pile_sig, sizeof top->pile_sig);
  top->have_pile_sig = tr->have_pile_sig;
  tr->state = TRACK_BURIED;
  tr->rechecking = FALSE;
}

/* The card tr followed went onto pile, unseen there, while tr goes on to follow the card
 * now where it lay: the pile's top is that card from now on, so that its name read there
 * later is no new card (seed 11: a Fastbond reported put in the graveyard, read there a
 * minute later, was reported cast and put there again. Eight 1080p games, with
 * find_reappeared() taking a pile's card read again there for that card: event precision
 * 0.950 -> 0.961). A pile never reported becomes it; a reported one is covered by a copy of
 * tr's identity. Returns the track that holds that identity now. */
static Track *
pile_put_on (TsTracker *t, Track *pile, const Track *tr)
{
  if (pile->state == TRACK_PENDING) {
    pile_takes_card (pile, tr);
    return pile;
  }
  Track *top = track_copy (t, tr);
  top->state = TRACK_ACTIVE;
  pile_covered_by (pile, top);
  return top;
}

/* The card tr followed went onto pile before the card that is its top now, and lies under
 * it: a copy of tr's identity is buried there. Returns the copy. */
static Track *
pile_bury (TsTracker *t, const Track *pile, const Track *tr)
{
  Track *b = track_copy (t, tr);
  b->center[0] = b->anchor[0] = pile->center[0];
  b->center[1] = b->anchor[1] = pile->center[1];
  b->area = pile->area;
  b->owner = pile->owner;
  b->pile = TRUE;
  b->ghost = FALSE;
  b->pile_face_down = pile->pile_face_down;
  b->state = TRACK_BURIED;
  return b;
}

/* Reports the card tr followed moved onto pile at when_us, its name not read there as a
 * pile's top is (confidence 0.6), and puts it there: on the top, or under it. */
static void
moved_onto_pile (TsTracker *t, const Track *tr, Track *pile, gboolean under, gint64 when_us,
                 GArray *out)
{
  TsObservation *o = emit (out, TS_OBS_MOVED, tr, when_us, t->cur, 0.6, t->p.confirm_below);
  o->area = pile->area;
  o->owner = pile->owner;
  if (under)
    pile_bury (t, pile, tr);
  else
    pile_put_on (t, pile, tr);
}

/* pile_put_on with card tr read as name (score): a card its track followed as another. */
static Track *
pile_put_on_as (TsTracker *t, Track *pile, const Track *tr, const char *name, double score)
{
  Track card = *tr;
  card.name = (char *) name;
  card.name_score = score;
  return pile_put_on (t, pile, &card);
}

/* Was o out of sight from before since_us, and has no reading named it since it was found
 * again (what lies there may be another card put in its place)? */
static gboolean
replaced_since (const Track *o, gint64 since_us)
{
  return o->gap_to_us > 0 && o->gap_from_us < since_us;
}

/* A card of the pile's owner's reported in play as name, out of sight since before since_us
 * (when the pile was first read as name), or seen since only as another card put where it
 * lay (replaced_since) (NULL: none). A ghost's card (another card lies where it lay) goes
 * to a pile first read as it after it was last seen, whose top changed since, though its
 * look may have changed too little to tell (seed 587: a Death Ward put on its graveyard
 * over a band much like its own); read so before, only to a pile seen to change since. */
static Track *
in_play_gone (TsTracker *t, const Track *pile, const char *name, gint64 since_us)
{
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *o = t->tracks->pdata[i];
    if (o != pile && in_play_as (o, name) && same_owner (o, pile) &&
        (o->last_seen_us < since_us ||
         (ghost_may_go_to (o, pile) && replaced_since (o, since_us))))
      return o;
  }
  return NULL;
}

/* tr's card left (reported so); tr follows the card that lies where it lay now, which came
 * at came_us: a new card, not yet named, reported once its readings agree (or it has been
 * seen long enough unread). */
static void
track_restart (Track *tr, gint64 came_us)
{
  tr->state = TRACK_PENDING;
  tr->id = 0;
  g_clear_pointer (&tr->name, g_free);
  tr->name_score = 0;
  tr->rechecking = FALSE;
  /* Readings since it came are the new card's; those before, the old one's. */
  for (guint i = tr->votes->len; i-- > 0;)
    if (g_array_index (tr->votes, Vote, i).first_us < came_us)
      g_array_remove_index (tr->votes, i);
  tr->reads = tr->blank_reads = 0;
  tr->held_us = 0;
  tr->gap_from_us = tr->gap_to_us = 0;
  tr->first_seen_us = tr->confirmed_us = came_us;
  tr->entry_tapped = tr->tapped;
  tr->entry_settled = FALSE;
  tr->first_lay = -1;
  tr->n_pend_turns = 0;
  tr->peak_us = 0;
}

/* tr's card, another card lying in its place now, left when last seen there (left_us), and
 * no pile has told where to yet: a copy of it stays a while, matched to no detection, for a
 * pile of its owner's read as it to say it went there (find_reappeared, in_play_gone); else
 * it left for a place not seen (seed 313: The Hive, carried to its graveyard under a hand
 * as a Circle of Protection: Blue was cast where it lay, was reported gone to nowhere two
 * frames before the graveyard's top was read as it). */
static void
ghost_new (TsTracker *t, const Track *tr, gint64 left_us, gint64 time_us)
{
  Track *g = track_copy (t, tr);
  g->ghost = TRUE;
  g->ghost_until_us = time_us + GHOST_WAIT_US;
  g->state = TRACK_ACTIVE;
  g->last_seen_us = left_us;
  g->last_frame = 0;  /* not seen lately: no rule about what was just seen counts it */
  g->carry_checked = TRUE;
  g->peak_us = 0;
}

static void turn_report (TsTracker *t, Track *tr, gboolean tapped, gint64 time_us, double off,
                         GArray *out);

/* tr's card was turned and turned back under a hand (half_turn_us, half_back_us): reports
 * both turns, unless it has turned since or tr follows another card now. */
static void
half_turn_release (TsTracker *t, Track *tr, GArray *out)
{
  if (tr->half_turn_us != 0 && tr->turned_us <= tr->half_turn_us && tr->id == tr->half_id) {
    gboolean was = tr->tapped;
    turn_report (t, tr, !was, tr->half_turn_us, PEAK_DEG, out);
    turn_report (t, tr, was, tr->half_back_us, PEAK_DEG, out);
  }
  tr->half_turn_us = tr->half_back_us = 0;
}

/* tr's card, read again as itself: still the same card after any gap, and a turn held for
 * the readings is its own, as are a turn and a turn back seen across the gap. */
static void
still_itself (TsTracker *t, Track *tr, GArray *out)
{
  tr->rechecking = FALSE;
  tr->gap_from_us = tr->gap_to_us = 0;
  held_turn_release (t, tr, FALSE, out);
  half_turn_release (t, tr, out);
}

static Track *read_once_showing_turned (const TsTracker *t, const Track *tr);
static void turn_shown (TsTracker *t, Track *line, Track *o, GArray *out);

/* Settles the card's identity from its readings; reports a change of a reported card. */
static void
identity_update (TsTracker *t, Track *tr, gint64 time_us, GArray *out)
{
  if (tr->by_person)
    return;
  const Vote *lead = votes_consensus (tr, t->p.name_votes);
  /* One strong reading off a whole card lying still, and no other reading: enough. */
  if (lead == NULL && tr->state == TRACK_PENDING && tr->votes->len == 1 &&
      g_array_index (tr->votes, Vote, 0).solid > 0)
    lead = &g_array_index (tr->votes, Vote, 0);
  Track *shown = lead == NULL ? read_once_showing_turned (t, tr) : NULL;
  if (shown != NULL) {
    tr->name = g_strdup (shown->name);
    tr->name_score = g_array_index (tr->votes, Vote, 0).best;
    turn_shown (t, tr, shown, out);
    return;
  }
  if (lead == NULL)
    return;
  if (tr->name != NULL && strcmp (tr->name, lead->name) == 0) {
    tr->name_score = MAX (tr->name_score, lead->best);
    still_itself (t, tr, out);
    return;
  }
  if (tr->state == TRACK_ACTIVE && tr->rechecking && tr->name != NULL) {
    /* A pile's top read as a card reported in play, out of sight since before: that card
     * was put on the pile over the pile's card, its way there unseen. Seen since only as
     * another card put where it lay (a creature put in its graveyard, another cast in its
     * place at once), its track follows the new card, which came when the track found the
     * place again. */
    Track *gone = tr->pile ? in_play_gone (t, tr, lead->name, lead->first_us) : NULL;
    if (gone != NULL) {
      int from = gone->area;
      double conf = MIN (gone->name_score, lead->best);
      gboolean replaced = gone->last_seen_us >= lead->first_us && !gone->ghost;
      /* A ghost's card went when it was last seen where it lay (another lies there). */
      gint64 moved_us = gone->ghost ? gone->last_seen_us : lead->first_us;
      /* Turned before it went; seen since, the new card's turn. */
      held_turn_release (t, gone, replaced, out);
      Track *top = gone;
      if (replaced) {
        top = pile_put_on (t, tr, gone);
        track_restart (gone, gone->gap_to_us);
      } else
        pile_covered_by (tr, gone);
      TsObservation *o = emit (out, TS_OBS_MOVED, top, moved_us, t->cur, conf,
                               t->p.confirm_below);
      o->from_area = from;
      return;
    }
    /* A pile's top read as a card seen a moment in play, never reported (cast and put
     * there at once, handled all the while): it came into play and went there, over the
     * pile's card. */
    Track *brief = tr->pile ? pending_named (t, tr, lead->name, lead->first_us) : NULL;
    if (brief != NULL) {
      double score = MIN (lead->best, brief->name ? brief->name_score : lead->best);
      Track *top = pile_put_on_as (t, tr, brief, lead->name, score);
      came_and_went (t, top, brief, lead->name, lead->first_us, FALSE, 0.5 * score, out);
      g_ptr_array_remove_fast (t->tracks, brief);
      return;
    }
    /* So was one read so where it lay and seen carried onto the pile (its track's last
     * sightings there) as the pile's top changed: it came, turned as it was seen to, and
     * went there when it was carried off (seed 509: a Copper Tablet, cast, tapped, read once
     * lying tapped and put in its graveyard 10 frames later, was reported put on the pile
     * from nowhere). */
    Track *carried = tr->pile && tr->state == TRACK_ACTIVE
                       ? carried_onto (t, tr, lead->name, lead->first_us) : NULL;
    if (carried != NULL && carried != tr) {
      Track *top = pile_put_on_as (t, tr, carried, lead->name, lead->best);
      carried_came_and_went (t, top, carried, lead->name, 0.5 * lead->best, out);
      g_ptr_array_remove_fast (t->tracks, carried);
      return;
    }
    /* The same place now holds another card: the old one left, a new one came. Seen to
     * go and come back since it was last read (or its title looked changed a moment
     * before it went: lifted and turned in the hand), the old one left when it was last
     * seen and the new one came when the gap ended; else both happened when noticed.
     * (Eight 1080p games, the moment before: 279 -> 280 matched of 303, 300 reported; seed
     * 29's Timetwister and seed 71's Tunnel now go to their graveyards; seed 71's
     * Resurrection, carried off the table past its owner's graveyard, does too.) */
    gboolean gap = tr->gap_to_us > 0 &&
                   ((tr->gap_to_us <= tr->recheck_us &&
                     tr->recheck_us - tr->gap_to_us <= GAP_RECENT_US) ||
                    (tr->recheck_us <= tr->gap_from_us &&
                     tr->gap_from_us - tr->recheck_us <= SWAP_SETTLE_US));
    gint64 left_us = gap ? tr->gap_from_us : time_us, came_us = gap ? tr->gap_to_us : time_us;
    gboolean swap_turn = gap && tr->gap_turn_for == tr->gap_to_us && !tr->pile;
    /* A recheck begun before the gap (its title looked changed as it was tapped, a hand
     * over it) whose readings named the new card only after the gap: unless the new card
     * was seen in play elsewhere before (dup, below), the old card went as the longest gap
     * began, the new one came as it ended (seed 337: an Illusionary Mask, untapped after a
     * short gap, reported gone when a Helm of Chatzuk was cast where it lay, 74 frames
     * late). */
    gboolean read_late = !gap && tr->gap_to_us > 0 && tr->recheck_us < tr->gap_to_us &&
                         lead->first_us >= tr->gap_to_us;
    gint64 longest_from_us = tr->gap_to_us - tr->gap_longest_us, longest_to_us = tr->gap_to_us;
    tr->gap_from_us = tr->gap_to_us = 0;
    held_turn_release (t, tr, TRUE, out);
    /* A pile's top now another card, its way there unseen (discarded from a hand): put on
     * the pile over the card there, which stays, covered; it did not leave the pile. */
    if (tr->pile) {
      Track *top = pile_put_on_as (t, tr, tr, lead->name, lead->best);
      top->id = t->next_id++;
      emit (out, TS_OBS_ENTERED, top, came_us, t->cur, mean_conf (top) * top->name_score,
            t->p.confirm_below);
      return;
    }
    /* The new card reported in play already, out of sight where tr lies now: its track lost
     * it to tr, which had followed another card there, gone since it last looked itself
     * (seed 229: a Balance taken away unseen, its track kept while an Invisibility came and
     * went in its place, took a Drudge Skeletons put there later, which was reported again,
     * and the Balance's departure came 95 frames late). */
    Track *dup = in_play_unseen_here (t, tr, lead->name);
    if (dup != NULL && !gap && tr->self_us > 0)
      left_us = tr->self_us;
    if (read_late && dup == NULL) {
      gap = TRUE;
      left_us = longest_from_us;
      came_us = longest_to_us;
    }
    /* Its name read on a pile of its owner's since: it went there, that card is it. */
    gint64 since_us = gap ? left_us : tr->recheck_us;
    Track *named = tr->pile ? NULL : pile_named (t, tr, since_us);
    /* ... or read so on a reported pile's top, the readings there not yet agreed (seed 97:
     * an Ankh of Mishra read on the graveyard a frame before a Dwarven Demolition Team cast
     * where it lay was recognised). */
    gint64 read_us = 0;
    gboolean under = FALSE;
    Track *pile = tr->pile || named
                    ? NULL
                    : pile_reading (t, tr, since_us, FALSE, &read_us, &under);
    if (pile != NULL)
      left_us = gap ? MAX (read_us, left_us) : read_us;
    /* Last seen carried off towards a pile of its owner's (a creature put in its
     * graveyard, another cast where it lay at once): it went there, not off the table
     * (1080p sessions, three and five held out: event precision 0.678 -> 0.699, recall
     * 0.669 -> 0.690). */
    else if (gap && !tr->pile && named == NULL)
      pile = pile_towards (t, tr, tr->gap_home, tr->gap_last, left_us, FALSE);
    if (named != NULL) {
      pile_takes_card (named, tr);
      /* Not before it was last seen where it lay: the pile may have been read as it a moment
       * before (seed 41: Flashfires, dated 8 frames before it went. Eight 1080p games: event
       * precision 0.933 -> 0.936, recall 0.907 -> 0.910). */
      gint64 when = gap ? MAX (name_first_read (named), left_us) : name_first_read (named);
      TsObservation *o = emit (out, TS_OBS_MOVED, named, when, t->cur,
                               MIN (named->name_score, tr->name_score), t->p.confirm_below);
      o->from_area = tr->area;
    } else if (pile != NULL)
      moved_onto_pile (t, tr, pile, under, left_us, out);
    else
      ghost_new (t, tr, left_us, time_us);
    if (dup != NULL) {
      /* tr follows that card now, as it was reported. */
      g_free (tr->name);
      tr->name = g_strdup (dup->name);
      tr->name_score = dup->name_score;
      tr->rechecking = FALSE;
      tr->id = dup->id;
      tr->owner = dup->owner;
      tr->confirmed_us = dup->confirmed_us;
      if (tr->tapped != dup->tapped)
        emit (out, tr->tapped ? TS_OBS_TAPPED : TS_OBS_UNTAPPED, tr, time_us, t->cur,
              mean_conf (tr) * tr->name_score, t->p.confirm_below);
      g_ptr_array_remove_fast (t->tracks, dup);
      return;
    }
    g_free (tr->name);
    tr->name = g_strdup (lead->name);
    tr->name_score = lead->best;
    tr->rechecking = FALSE;
    tr->id = t->next_id++;
    /* The card it follows now came then: turns seen before were the old card's (seed 97: a
     * second track of that place, seen by its outline now and then and unreported since the
     * start, joined the new card and reported the old card's tap as the new one's). */
    tr->confirmed_us = came_us;
    /* The new card's owner is whose side it lies on (the old card may have been pushed
     * across to attack: a player 2 Steal Artifact swapped for player 1's Animate Wall on
     * seed 41). */
    if (tr->last.owner >= 0)
      tr->owner = tr->last.owner;
    /* Turned since it came: it came as it was, then turned, dated when the track saw it
     * turn, though under the old card's name (seed 397: a Hypnotic Specter cast where an
     * Island Sanctuary had lain, tapped at frame 110, was reported tapped when it was
     * recognised, at 124; dated so, the tuned, seventh and eighth eights lost no event and
     * the eighth gained it). A turn seen just as it came is no turn: it lay so when
     * put down, and the old card's state was the other (a tapped creature dead and an
     * untapped one cast in its place: entered tapped and untapped at once, before); the
     * first such turn tells how the new card came, a later one is its own (put down
     * untapped and tapped at once). */
    gboolean turned = gap && tr->turned_us > came_us + SWAP_SETTLE_US && !tr->pile;
    gboolean now = tr->tapped;
    if (swap_turn)
      turned = tr->gap_turn_tapped != now;
    /* Its last turns were a turn held for the readings and the turn back that undid it,
     * kept as turns not reported (turn_report), both after it had settled: it came as it
     * lay before them and turned so, each dated when seen (seed 383: a Demonic Hordes cast
     * where a Hurloon Minotaur had lain, tapped and untapped before it was named, was
     * reported as having come tapped, its tap lost). */
    gint64 own_us = came_us + SWAP_SETTLE_US;
    int first = 0;
    while (first < tr->n_pend_turns && tr->pend_turn[first].us <= own_us)
      first++;
    gboolean twice = gap && !tr->pile && first < tr->n_pend_turns &&
                     tr->pend_turn[tr->n_pend_turns - 1].us == tr->turned_us;
    gboolean came_as = twice ? !tr->pend_turn[first].tapped : turned ? !now : now;
    tr->tapped = came_as;
    emit (out, TS_OBS_ENTERED, tr, came_us, t->cur, mean_conf (tr) * tr->name_score,
          t->p.confirm_below);
    tr->tapped = now;
    double conf = mean_conf (tr) * tr->name_score;
    if (twice)
      pending_turns_report (t, tr, came_as, own_us + 1, conf, out);
    else if (turned)
      emit (out, now ? TS_OBS_TAPPED : TS_OBS_UNTAPPED, tr, tr->turned_us, t->cur, conf,
            t->p.confirm_below);
    return;
  }
  /* Read as one card before a gap, and as another after it: the first came and went unseen
   * (seed 11: a Taiga, read once as it was put down, covered by a hand as it died and a
   * Swords to Plowshares cast where it lay; its name read on the graveyard only after. Eight
   * 1080p games: event recall 0.924 -> 0.931, precision 0.961 both). */
  const char *before = tr->state == TRACK_PENDING && tr->gap_to_us > 0
                         ? read_before (tr, tr->gap_from_us) : NULL;
  /* Unread before a gap (its readings blank), read only after it: a card was put there
   * during the gap, where something unreadable had lain. It came as the gap ended (seed 239:
   * a Mox Emerald cast where an outline had been followed since frame 76 was dated then).
   * So did one where a blank line's track took an outline (outline_us) it never read before
   * the gap (seed 479: a Hurricane cast at 181, where such an outline had been followed from
   * 119 to 123, was dated 119). */
  if (tr->state == TRACK_PENDING && tr->back_us > tr->outline_us && before == NULL &&
      (tr->blank_reads > 0 || tr->outline_us > 0) && lead->first_us >= tr->back_us)
    tr->outline_us = tr->back_us;
  if (before != NULL && strcmp (before, lead->name) != 0) {
    g_free (tr->gone_name);
    tr->gone_name = g_strdup (before);
    tr->gone_us = tr->gap_from_us;
    tr->gone_came_us = first_read_as (tr, before);
  }
  g_free (tr->name);
  tr->name = g_strdup (lead->name);
  tr->name_score = lead->best;
  tr->rechecking = FALSE;
  tr->gap_from_us = tr->gap_to_us = 0;  /* gaps before it was named are no departure */
  if (tr->state == TRACK_ACTIVE)
    emit (out, TS_OBS_NAMED, tr, time_us, t->cur, tr->name_score, t->p.confirm_below);
}

static gboolean stray_under_card (const TsTracker *t, const Track *tr, const char *name);

static void
apply_reading (TsTracker *t, guint64 key, char *name, double score, gboolean solid,
               GArray *out, gint64 time_us)
{
  Track *tr = find_key (t, key);
  if (tr == NULL) {
    g_free (name);
    return;
  }
  tr->read_in_flight = FALSE;
  if (name != NULL && stray_under_card (t, tr, name))
    g_clear_pointer (&name, g_free);
  tr->blank_reads += name == NULL;
  if (name != NULL && !tr->by_person) {
    Vote *v = votes_add (tr, name, score, time_us);
    v->solid += solid && score >= t->p.single_read_score;
    identity_update (t, tr, time_us, out);
  }
  g_free (name);
}

static void
drain_results (TsTracker *t, GArray *out, gint64 time_us, gboolean wait)
{
  if (t->results == NULL)
    return;
  for (;;) {
    Job *j = wait && t->pending > 0 ? g_async_queue_pop (t->results)
                                    : g_async_queue_try_pop (t->results);
    if (j == NULL)
      break;
    t->pending--;
    apply_reading (t, j->key, g_steal_pointer (&j->name), j->score, j->solid, out, time_us);
    job_free (j);
    if (wait && t->pending == 0)
      break;
  }
}

/* ---- per frame ---- */

typedef struct {
  double cost;
  guint track, input;
} Pair;

static int
compare_pairs (gconstpointer a, gconstpointer b)
{
  double x = ((const Pair *) a)->cost, y = ((const Pair *) b)->cost;
  return x < y ? -1 : x > y;
}

static double
long_side (const double size[2])
{
  return MAX (MAX (size[0], size[1]), 1e-6);
}

/* Was tr last seen carried off where it lay: CARRIED_GAP of its length or more from where it
 * lay still? */
static gboolean
last_seen_carried (const Track *tr)
{
  return hypot (tr->last.center[0] - tr->home[0], tr->last.center[1] - tr->home[1]) >=
         CARRIED_GAP * long_side (tr->size);
}

/* Are two sizes (a card's, a detection's) within MAX_SIZE_RATIO of each other, long side to
 * long side? */
static gboolean
sizes_alike (const double a[2], const double b[2])
{
  double ratio = long_side (a) / long_side (b);
  return ratio >= 1 / MAX_SIZE_RATIO && ratio <= MAX_SIZE_RATIO;
}

static Track *
track_new (TsTracker *t, const TsTrackInput *in, const TsImage *image, gint64 time_us)
{
  Track *tr = g_new0 (Track, 1);
  tr->key = ++t->next_key;
  tr->state = TRACK_TENTATIVE;
  tr->first_seen_us = time_us;
  tr->last_seen_us = time_us;
  tr->matched_us = time_us;
  tr->top_us = tr->top_from_us = tr->zone_us = time_us;
  tr->last_frame = tr->look_frame = t->cur;
  tr->center[0] = tr->home[0] = in->center[0];
  tr->center[1] = tr->home[1] = in->center[1];
  tr->size[0] = in->size[0];
  tr->size[1] = in->size[1];
  tr->angle = tr->own_angle = in->rel_angle_deg;
  tr->own_frame = t->cur;
  tr->have_angle = TRUE;
  tr->area = in->area;
  tr->owner = in->owner;
  tr->pile = in->pile;
  tr->pile_face_down = in->pile_face_down;
  tr->consecutive = 1;
  tr->conf_sum = in->confidence;
  tr->conf_n = 1;
  tr->tapped = from_tapped (in->rel_angle_deg) < 45;
  tr->first_lay = -1;
  tr->seen_frames = 1;
  tr->quad_frames = in->has_quad;
  tr->own_frames = in->has_quad && own_outline (t, in);
  tr->last = *in;
  tr->last.name = NULL;
  if (in->has_quad) {
    tr->whole = tr->last;
    tr->whole_frame = t->cur;
  }
  if (!in->has_quad && in->pile && image != NULL && t->have_reader)
    tr->seen_crop = crop_for_reading (image, in, &tr->seen_req);
  tr->votes = g_array_new (FALSE, TRUE, sizeof (Vote));
  g_array_set_clear_func (tr->votes, (GDestroyNotify) vote_clear);
  if (in->name) {
    votes_add (tr, in->name, in->name_score, time_us);
    identity_update (t, tr, time_us, NULL);
  }
  g_ptr_array_add (t->tracks, tr);
  return tr;
}

/* Is tr being read again (rechecking), and has every reading since named it, strongly? One
 * such reading is not yet the consensus that ends the recheck, but the card is no other. */
static gboolean
reread_as_itself (const TsTracker *t, const Track *tr)
{
  if (!tr->rechecking || tr->name == NULL || tr->votes->len != 1)
    return FALSE;
  /* A recheck begun before the card's last gap counts readings of what lay there before
   * it (seed 131: a Shivan Dragon read as itself, then carried off; a Blessing put in its
   * place was reported as the Dragon untapped). Second eight 1080p games: that untap is no
   * longer reported, the same events found; the tuned eight the same. */
  if (tr->gap_to_us > tr->recheck_us)
    return FALSE;
  const Vote *v = &g_array_index (tr->votes, Vote, 0);
  return strcmp (v->name, tr->name) == 0 && v->best >= t->p.strong_score;
}

/* Keeps a turn of tr not reported (at us, to tapped), dropping the oldest kept when full. */
static void
pend_turn_push (Track *tr, gint64 us, gboolean tapped)
{
  if (tr->n_pend_turns == PEND_TURNS) {
    memmove (tr->pend_turn, tr->pend_turn + 1, (PEND_TURNS - 1) * sizeof tr->pend_turn[0]);
    tr->n_pend_turns--;
  }
  tr->pend_turn[tr->n_pend_turns].us = us;
  tr->pend_turn[tr->n_pend_turns].tapped = tapped;
  tr->n_pend_turns++;
}

/* The card now lies tapped (or not) since time_us, off degrees from that state's axis:
 * reported for a card in play outside a pile (in a graveyard a card's turn means nothing). */
static void
turn_report (TsTracker *t, Track *tr, gboolean tapped, gint64 time_us, double off, GArray *out)
{
  /* Where it lay when it was seen turned: at its peak for a turn dated there (seen turning
   * back, it may be over a pile by then, or a stray outline there). */
  gboolean on_pile =
    tr->peak_us != 0 && time_us == tr->peak_us ? tr->peak_pile : tr->last.pile;
  tr->turn_frames = tr->turn_looks = 0;
  tr->peak_us = 0;
  tr->approach = 0;
  tr->tapped = tapped;
  tr->turned_us = time_us;
  if (tr->gap_to_us > 0 && tr->gap_turn_for != tr->gap_to_us &&
      time_us - tr->gap_to_us <= SWAP_SETTLE_US) {
    tr->gap_turn_for = tr->gap_to_us;
    tr->gap_turn_tapped = tapped;
  }
  /* A card on a pile has no tap state to report, nor has one seen lying on a pile before
   * its move there is confirmed (a tapped creature set upright as it is put in its
   * graveyard: eight 1080p games, event precision 0.845 -> 0.860, recall 0.790 -> 0.786). */
  if (tr->pile || on_pile)
    return;
  /* Not reported yet: kept until it is known what card this is (pending_turns_report). */
  if (tr->state != TRACK_ACTIVE) {
    /* Turned back at once: neither was a turn (FLAP_US). */
    if (tr->n_pend_turns > 0 && tr->pend_turn[tr->n_pend_turns - 1].tapped != tapped &&
        time_us - tr->pend_turn[tr->n_pend_turns - 1].us < FLAP_US) {
      tr->n_pend_turns--;
      return;
    }
    pend_turn_push (tr, time_us, tapped);
    return;
  }
  /* Turned back while its last turn is held: the two undo each other, whichever card lies
   * there (reported, the second alone would contradict what was reported before). The pair
   * is kept as turns not reported: the readings may yet name another card put there, which
   * turned twice (see identity_update). */
  if (tr->held_us != 0 && tapped != tr->held_tapped) {
    pend_turn_push (tr, tr->held_us, tr->held_tapped);
    pend_turn_push (tr, time_us, tapped);
    tr->held_us = 0;
    return;
  }
  double band = tapped ? t->p.tap_band_deg : t->p.untap_band_deg;
  double conf = mean_conf (tr) * (1 - 0.5 * MIN (off, band) / band);
  /* Untapped as it came back from out of sight, while its title is being read again: it
   * may be another card put in its place (a tapped creature dead, an untapped card cast
   * where it lay). The readings decide: the same card, the untap is reported then, dated
   * when it was seen; another, the swap reports how the new card came. 1080p sessions,
   * eight games: event precision 0.810 -> 0.831, recall 0.762 both; turns within 2
   * frames of settling 84 of 98 -> 83 (1280x720: 19 of 27 -> 18). A tap as it came back is
   * not held: a card put where an untapped one lay is seldom put down tapped, and holding
   * those too cost an event more (recall 0.759). A tap after it lay there a moment is
   * held while the readings decide: it may be the new card's (seed 61: Armageddon, cast
   * where Air Elemental lay and tapped 11 frames later, was reported as Air Elemental
   * tapped; eight games, precision 0.937 -> 0.943, the same events found). Nor is a turn
   * held once a reading since the card came back named it (eight games: the same events,
   * turns within 2 frames 117 -> 119 of 128; asked of the readings before it went, 9
   * untaps more were invented). */
  gint64 since_gap = time_us - tr->gap_to_us;
  if (!tr->by_person && tr->gap_to_us > 0 && !reread_as_itself (t, tr) &&
      (tapped ? since_gap > SWAP_SETTLE_US && since_gap <= GAP_RECENT_US
              : since_gap <= SWAP_SETTLE_US) &&
      (tr->gap_recheck || tr->rechecking)) {
    tr->held_us = time_us;
    tr->held_tapped = tapped;
    tr->held_conf = conf;
    return;
  }
  emit (out, tapped ? TS_OBS_TAPPED : TS_OBS_UNTAPPED, tr, time_us, t->cur, conf,
        t->p.confirm_below);
}

/* tr was seen on the other state's axis, turned there at time_us, last seen there in frame
 * (over a pile or not): a turn to report if it turns back or goes at once. */
static void
peak_mark (Track *tr, gint64 time_us, guint64 frame, gboolean pile)
{
  tr->peak_us = time_us;
  tr->peak_frame = frame;
  tr->peak_pile = pile;
}

/* Reports a turn held by turn_report (the card stayed what it was, and turned; it is
 * reported before the card moves or leaves), or drops it (drop: the card was another). */
static void
held_turn_release (TsTracker *t, Track *tr, gboolean drop, GArray *out)
{
  if (tr->held_us == 0)
    return;
  if (!drop && tr->tapped == tr->held_tapped)
    emit (out, tr->tapped ? TS_OBS_TAPPED : TS_OBS_UNTAPPED, tr, tr->held_us, t->cur,
          tr->held_conf, t->p.confirm_below);
  tr->held_us = 0;
}

/* Another card may lie in tr's place (its title looks changed, or it was out of sight a
 * while), or the same one moved a little: fresh readings decide. */
static void
recheck_start (TsTracker *t, Track *tr, const TsImage *image, gint64 time_us, GArray *out)
{
  tr->reads = 0;
  tr->rechecking = tr->name != NULL;
  tr->recheck_us = time_us;
  tr->gap_recheck = FALSE;
  g_array_set_size (tr->votes, 0);
  request_read (t, tr, image, time_us, out);
}

/* Is in a whole card's outline, and not a part of one (the part a hand leaves uncovered,
 * shaped like a card turned) or of several cards (two side by side)? A card's outline is a
 * card's size, and every card on the table is the same size: one of another size does not
 * say how the card lies. A title line alone says nothing of it and passes. */
static gboolean
own_outline (const TsTracker *t, const TsTrackInput *in)
{
  if (!in->has_quad || t->card_size <= 0)
    return TRUE;
  double ratio = long_side (in->size) / t->card_size;
  return ratio < TURN_SIZE_RATIO && ratio > 1 / TURN_SIZE_RATIO;
}

/* Did the track of a reported card other than tr follow an outline where in lies, the
 * frame before? Then in is that card's, moved a little as it turns, not tr's card found
 * whole again where it lay (seed 211: a Wheel of Fortune tapped where a Circle of
 * Protection: Blue had lain, taken by the Circle's track, was reported put in the library). */
static gboolean
outline_followed (const TsTracker *t, const Track *tr, const TsTrackInput *in)
{
  for (guint i = 0; i < t->tracks->len; i++) {
    const Track *o = t->tracks->pdata[i];
    if (o != tr && o->state == TRACK_ACTIVE && o->last_frame + 1 == t->cur && o->last.has_quad &&
        hypot (o->last.center[0] - in->center[0], o->last.center[1] - in->center[1]) <
          WHOLE_AGAIN_OTHER * long_side (o->size))
      return TRUE;
  }
  return FALSE;
}

/* Whether in's title looks like tr's when it was last read, to within SIG_FOUND_AGAIN
 * (TRUE when either look is not known). */
static gboolean
looks_like (const TsImage *image, const TsTrackInput *in, const Track *tr)
{
  double sig[SIG_N];
  if (image == NULL || !tr->have_sig || !input_signature (image, in, sig))
    return TRUE;
  return signature_distance (sig, tr->sig) <= SIG_FOUND_AGAIN;
}

/* The same, or with in's title taken at the other end of its outline: an outline alone does
 * not tell a card's up from its down (seed 331's Channel found whole again: 1.52 from its
 * look at the end its outline took for the top, 0.68 at the other). */
static gboolean
looks_like_either_way (const TsImage *image, const TsTrackInput *in, const Track *tr)
{
  if (looks_like (image, in, tr))
    return TRUE;
  if (!in->has_quad)
    return FALSE;
  TsTrackInput turned = *in;
  for (int k = 0; k < 4; k++) {
    turned.quad_px[k][0] = in->quad_px[(k + 2) % 4][0];
    turned.quad_px[k][1] = in->quad_px[(k + 2) % 4][1];
  }
  return looks_like (image, &turned, tr);
}

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

/* The median of the outline sizes of reported cards recorded in track_update, once there
 * are a few. */
static void
card_size_update (TsTracker *t)
{
  guint n = MIN (t->n_sizes, SIZES_KEPT);
  if (n < 8)
    return;
  double sorted[SIZES_KEPT];
  memcpy (sorted, t->sizes, n * sizeof sorted[0]);
  qsort (sorted, n, sizeof sorted[0], compare_doubles);
  t->card_size = sorted[n / 2];
}

/* Updates a matched track; reports a settled turn of a reported card. looked: in was seen
 * this frame (FALSE: tr's last input again, in a frame with no title search). */
static void
track_update (TsTracker *t, Track *tr, const TsTrackInput *in, gboolean looked,
              const TsImage *image, gint64 time_us, GArray *out)
{
  gboolean was_missing = tr->last_frame + 1 != t->cur;
  gint64 prev_seen_us = tr->last_seen_us;
  gint64 prev_matched_us = tr->matched_us;
  if (in->has_quad && tr->state == TRACK_ACTIVE)
    t->sizes[t->n_sizes++ % SIZES_KEPT] = long_side (in->size);
  gboolean own_size = own_outline (t, in);
  /* Still: where it was seen in the frame before (the smoothed centre lags a moving card). */
  if (!was_missing && hypot (in->center[0] - tr->last.center[0],
                             in->center[1] - tr->last.center[1]) < 0.03 * long_side (tr->size)) {
    tr->still_looks += looked;
    if (++tr->still_frames >= STILL_FRAMES) {
      tr->home[0] = tr->center[0];
      tr->home[1] = tr->center[1];
      tr->home_us = time_us;
    }
  } else
    tr->still_frames = tr->still_looks = 0;
  const double k = 0.5;  /* smoothing: half old, half new */
  tr->center[0] += k * (in->center[0] - tr->center[0]);
  tr->center[1] += k * (in->center[1] - tr->center[1]);
  tr->size[0] += k * (in->size[0] - tr->size[0]);
  tr->size[1] += k * (in->size[1] - tr->size[1]);
  tr->prev_angle = tr->angle;
  tr->angle = in->rel_angle_deg;
  /* After a gap the previous angle is stale: wait for a second look before calling it
   * settled. A single frame missed is no gap: the detector loses a whole card's outline
   * every other frame now and then, and a card seen at the same angle on both sides of it
   * lay still (waiting for two looks in a row delayed such turns by 1 to 7 frames). Up and
   * down alike: a detector may not tell a card's top from its bottom. */
  gboolean regained = t->cur - tr->last_frame > SETTLE_GAP_FRAMES + 1;
  tr->angle_settled = !regained && axis_diff (tr->angle, tr->prev_angle) < t->p.settle_deg;
  /* A piece of it followed in between (a part the detector took for a card) does not
   * unsettle it: lying as it did at its last own look, within the gap allowed, it lay still
   * (seed 41: an Animate Dead tapped, followed by a piece of it every third frame, was
   * reported 6 frames late). */
  if (own_size && !tr->angle_settled && !was_missing && tr->own_frame + 1 != t->cur &&
      t->cur - tr->own_frame <= SETTLE_GAP_FRAMES + 1)
    tr->angle_settled = axis_diff (tr->angle, tr->own_angle) < t->p.settle_deg;
  if (own_size) {
    tr->own_angle = tr->angle;
    tr->own_frame = t->cur;
  }
  /* A title line alone that read blank is given up on (see hopeless below), but one that
   * now has a whole card's outline for the first time is a card put where the line was
   * followed (seed 61: an Orcish Artillery cast where a stray line's track had lingered was
   * never read). Its readings start again, once. */
  if (in->has_quad && own_size && tr->own_frames == 0 && tr->name == NULL &&
      tr->blank_reads > 0) {
    tr->blank_reads = 0;
    tr->reads = 0;
    tr->outline_us = time_us;
  }
  if (in->has_quad && own_size && tr->own_frames == 0)
    tr->whole_us = time_us;
  gboolean never_whole = tr->own_frames == 0;
  tr->seen_frames++;
  tr->quad_frames += in->has_quad;
  tr->own_frames += in->has_quad && own_size;
  tr->consecutive = was_missing ? 1 : tr->consecutive + 1;
  /* Last seen carried off where it lay, and lost even a frame: what it follows now may be
   * another card, put where it lay or lying where it went (seed 353: an Ancestral Recall,
   * tapped, carried to its graveyard across where a White Knight was being put down, lost
   * two frames, took the Knight's outline and was reported untapped). The turn is held
   * while the readings decide, as after a longer gap. */
  gboolean carried_gap = was_missing && last_seen_carried (tr);
  /* Of several gaps close together, the old card was last seen as the first began, and
   * the new one came as the longest ended (the others are hands passing, a card carried
   * across). A gap counts from the frame it was last seen where it was looked for: a title
   * line alone is held as it was through frames not searched for lines (seed 421: a Wall of
   * Ice, tapped, seen by its title line as it was lifted, unseen 7 frames, 5 of them counted
   * from the frames it was held in; the Shivan Dragon put where it lay was taken for it,
   * untapped, and its move to the graveyard was lost). */
  if (t->cur - tr->look_frame > GAP_FRAMES || carried_gap) {
    /* Whatever lies there now may be another card put in its place: its title's look is
     * too coarse to tell some titles apart (a 8x3 grid of greys), a reading is not. */
    tr->gap_recheck = TRUE;
    tr->back_us = time_us;
    tr->back_gap_us = time_us - tr->matched_us;
    tr->seen_at_back = tr->seen_frames - 1;
    tr->quads_at_back = tr->quad_frames - in->has_quad;
    if (tr->gap_to_us == 0 || tr->matched_us - tr->gap_to_us > GAP_RECENT_US) {
      tr->gap_from_us = tr->matched_us;
      memcpy (tr->gap_home, tr->home, sizeof tr->gap_home);
      memcpy (tr->gap_last, tr->last.center, sizeof tr->gap_last);
      tr->gap_to_us = time_us;
      tr->gap_longest_us = time_us - tr->matched_us;
    } else if (time_us - tr->matched_us > tr->gap_longest_us) {
      tr->gap_to_us = time_us;
      tr->gap_longest_us = time_us - tr->matched_us;
    }
  }
  /* Outlined whole for the first time, seen till now (or since it was last found again
   * after a gap: maybe just now) only by outlines of another size than a card's, if at all
   * since that gap. */
  gboolean first_whole = in->has_quad && own_size && never_whole && tr->seen_frames > 1 &&
                         tr->quad_frames - tr->quads_at_back ==
                           tr->seen_frames - tr->seen_at_back;
  tr->matched_us = time_us;
  tr->last_seen_us = time_us;
  tr->last_frame = t->cur;
  if (looked) {
    tr->look_frame = t->cur;
    g_clear_pointer (&tr->seen_crop, ts_image_free);  /* this frame's look is newer */
  }
  tr->carry_checked = FALSE;
  tr->conf_sum += in->confidence;
  tr->conf_n++;
  tr->last = *in;
  tr->last.name = NULL;
  if (in->has_quad) {
    tr->whole = tr->last;
    tr->whole_frame = t->cur;
    tr->anchor[0] = in->center[0];
    tr->anchor[1] = in->center[1];
  }
  if (in->name && !tr->by_person) {
    votes_add (tr, in->name, in->name_score, time_us);
    identity_update (t, tr, time_us, out);
  }
  if (tr->state == TRACK_BURIED)
    tr->state = TRACK_ACTIVE;  /* uncovered again */

  /* A card being put down first seen by outlines of another size than a card's (carried in,
   * its outline blurred into part of it, shaped across) took its state from them: its first
   * whole outline says how it lies (seed 457: a Braingeyser carried in, outlined in part
   * across, then whole and upright, then tapped, was reported tapped when first seen). Not
   * a track followed by a title line before (a stray line that a card then came over: its
   * turns are that card's, seen as they come), unless a gap came between: then the card
   * came as the gap ended, and the state the track had settled in was the line's (seed
   * 521: a Counterspell carried in sideways over where a stray line, turned a quarter, had
   * been followed 40 frames before, was reported come untapped and tapped at its first
   * whole outline, upright, 4 frames before its tap); so were the turns it kept from
   * before the gap. So too when its first whole outline is the first sight of it after the
   * gap (seed 577: a Lance slid into place upright and tapped as it slid, where a stray
   * line had been followed 15 frames before, was reported come tapped, its tap lost). */
  if (first_whole && (tr->state == TRACK_TENTATIVE || tr->state == TRACK_PENDING)) {
    if (tr->back_us > 0 && tr->quads_at_back < tr->seen_at_back) {
      int old = 0;
      while (old < tr->n_pend_turns && tr->pend_turn[old].us < tr->back_us)
        old++;
      memmove (tr->pend_turn, tr->pend_turn + old,
               (size_t) (tr->n_pend_turns - old) * sizeof tr->pend_turn[0]);
      tr->n_pend_turns -= old;
    }
    if (tr->n_pend_turns == 0) {
      tr->tapped = from_tapped (tr->angle) < 45;
      if (tr->entry_settled)
        tr->entry_tapped = tr->tapped;
      tr->turn_frames = tr->turn_looks = 0;
    }
  }
  double dt = from_tapped (tr->angle);
  double du = 90 - dt;
  int now = !own_size ? -1 : dt <= t->p.tap_band_deg ? 1 : du <= t->p.untap_band_deg ? 0 : -1;
  /* A turn counts once the card has lain settled in its new state for tap_frames frames:
   * any frame moving, in between or back resets it. A card lost from sight as it turned
   * (a hand on it, its outline blurred) and found again lying squarely on the other
   * state's axis, to within PEAK_DEG, has come to rest there: that look counts as the
   * first settled one (waiting for two more looks made such turns a frame or two late on
   * the recorded sessions). One found half way round is still turning. */
  double other = tr->tapped ? du : dt;
  if (MIN (dt, du) > PEAK_DEG || regained)
    tr->between = TRUE;
  else if (other > PEAK_DEG)
    tr->between = FALSE;  /* on its own state's axis */
  /* A card found again after a while out of sight, last seen part way round and past half
   * way, turned as it was last seen: a hand covered it as it turned (seed 197: a Nether
   * Shadow seen turned 60 degrees, covered 13 frames, its tap dated 14 frames late), and
   * its turn ended the rest of a quarter turn's time after that look (seed 449: a Guardian
   * Angel seen 48 degrees short of upright was dated at that look, 4 frames before its
   * untap ended). Nearer its old state it may have turned any time under the hand: it is
   * dated when found. So is one reported turned since that look (seen turned by its title
   * line alone: seed 431, a Demonic Attorney, its untap dated at its last look before its
   * tap). */
  gint64 regained_us = time_us;
  double prev_dt = from_tapped (tr->prev_angle);
  double prev_other = tr->tapped ? 90 - prev_dt : prev_dt;
  gboolean past_half = regained && prev_other < 45 && prev_matched_us >= tr->turned_us;
  if (past_half)
    regained_us =
      MIN (time_us, prev_seen_us + (gint64) (MAX (prev_other, 0) / 90 * QUARTER_TURN_US));
  /* Last seen past half way round where it lay, and found again lying squarely as before:
   * it was turned and turned back under a hand, the turn ended as above, the turn back when
   * found (seed 53: a Bog Wraith tapped and untapped within a fifth of a second, seen turned
   * 59 degrees between). Both are reported once its title reads as itself again, when a gap
   * made that in doubt: a card put where another lay, turned as it was taken, looks the same
   * (seed 449: a Library of Leng put where a Bayou had lain). Undone within FLAP_US, it is
   * no turn. */
  if (past_half && tr->state == TRACK_ACTIVE && !tr->pile && own_size &&
      now == tr->tapped && 90 - other <= PEAK_DEG && time_us - regained_us >= FLAP_US &&
      hypot (in->center[0] - tr->home[0], in->center[1] - tr->home[1]) <
        0.15 * long_side (tr->size)) {
    tr->half_turn_us = regained_us;
    tr->half_back_us = time_us;
    tr->half_id = tr->id;
    if (!tr->gap_recheck && !tr->rechecking)
      half_turn_release (t, tr, out);
  }
  if (now >= 0 && now != tr->tapped &&
      (tr->angle_settled || (regained && other <= PEAK_DEG))) {
    if (tr->turn_frames++ == 0)
      tr->turn_from_us = regained ? regained_us : 0;
  } else if (own_size)
    tr->turn_frames = 0;  /* a piece of it neither confirms a turn nor undoes one */
  /* A turn is seen twice, not once and then taken to hold (seed 131: a Green Ward carried
   * to the graveyard over a Smoke, their tracks took two of its title line's pieces, turned,
   * and held them through the two frames without a title search: Smoke tapped, Green Ward
   * untapped). */
  if (now >= 0 && now != tr->tapped)
    tr->turn_looks += looked;
  else if (own_size)
    tr->turn_looks = 0;
  /* A card seen turning all the way (two frames or more, ending on the other state's axis)
   * and then turned back or carried off before it could settle was turned: a tap undone
   * at once (tapped for mana and untapped, tapped and then put in the graveyard). Only
   * within PEAK_DEG of the axis: a card picked at and turned half way is not. */
  if (!was_missing && prev_other - other >= t->p.settle_deg)
    tr->approach++;
  else
    tr->approach = 0;
  /* ... but one turned as it is carried off (a tapped creature set upright on its way to
   * the graveyard) was not turned where it lay. (No change on the eight 1080p games. Asking
   * the same of settled turns cost 7 of their events, recall 0.762 -> 0.738: a card's home
   * is where it last lay still for 5 frames, and turns come sooner.) A title line alone lies
   * at its own centre, up to LINE_OFF_CENTRE of a card's length from the card's (seed 113:
   * an Armageddon tapped under a hand and seen tapped by its title line alone was taken for
   * carried, and its tap lost). Not one seen again after a while out of sight: that may be
   * another card's line (at 1280x720, seed 61: a line came where an Ankh of Mishra had lain,
   * 40 frames after it went). */
  double carry_off = PILE_CARRIED + (!in->has_quad && !regained ? LINE_OFF_CENTRE : 0);
  gboolean carried = hypot (in->center[0] - tr->home[0], in->center[1] - tr->home[1]) >
                     carry_off * long_side (tr->size);
  /* So was one seen turning onto that axis after a look part way round, its outline lost
   * between (followed by its title line alone: seed 11, a wall tapped for one frame), and
   * one seen part way round, or out of sight, and then lying on the axis twice in a row
   * (seed 71: a land tapped for 2 frames), dated when first seen there. Seen there once
   * with no look between the axes it may be passing, or the detector took its sides for its
   * ends. While it lies there, its last look there is the peak's frame. (Eight 1080p games:
   * the second rule, recall 0.769 -> 0.790; the first, with the peak's frame and pile kept,
   * precision 0.860 -> 0.862 and recall 0.786 -> 0.797.) */
  gboolean peak_here = other <= PEAK_DEG && !carried;
  if (peak_here && (tr->approach >= 2 || (tr->approach >= 1 && tr->between)))
    peak_mark (tr, time_us, t->cur, in->pile);
  else if (peak_here && tr->turn_frames == 1 && tr->between && tr->peak_us == 0)
    peak_mark (tr, tr->angle_settled ? prev_seen_us : regained_us, t->cur, in->pile);
  else if (tr->peak_us != 0 && !was_missing && other - prev_other >= t->p.settle_deg)
    turn_report (t, tr, !tr->tapped, tr->peak_us, PEAK_DEG, out);
  else if (tr->peak_us != 0 && !was_missing && other <= PEAK_DEG)
    tr->peak_frame = t->cur;  /* still lying there */
  else if (tr->peak_us != 0 && t->cur > tr->peak_frame + PEAK_HOLD_FRAMES)
    tr->peak_us = 0;
  /* A turn first seen as the card came back into sight (turned under a hand) is dated at
   * that look, not at the later ones that confirm it (seed 83: a Wall of Bone tapped under
   * a hand, seen tapped from frame 150 on by its title line alone, was confirmed and dated
   * at 156, too late to be its tap). */
  if (tr->turn_frames >= MAX (t->p.tap_frames, 1) && tr->turn_looks >= 2)
    turn_report (t, tr, now, tr->turn_from_us != 0 ? tr->turn_from_us : time_us,
                 now ? dt : du, out);
  /* Confirmed as it was being put down (carried in, turning): it came in as it lies once
   * still. */
  gboolean lying = tr->angle_settled && tr->still_frames >= 1 && now >= 0;
  if (tr->state == TRACK_TENTATIVE && lying && tr->first_lay < 0) {
    tr->first_lay = now;
    memcpy (tr->first_lay_at, tr->center, sizeof tr->first_lay_at);
  }
  if (tr->state == TRACK_PENDING && !tr->entry_settled && lying) {
    tr->entry_settled = TRUE;
    if (tr->tapped != now)
      tr->turned_us = time_us;
    /* Seen lying still where it lies now before it was confirmed, it was not being put
     * down: it came as it lay then, and its turns since are its own, this one too (seed
     * 359: a Siren's Call in play as the recording began, tapped from its fourth frame on
     * and untapped at once, first lay still again untapped, and was reported with neither
     * turn). */
    gboolean lay_here =
      tr->first_lay >= 0 &&
      hypot (tr->center[0] - tr->first_lay_at[0], tr->center[1] - tr->first_lay_at[1]) <
        0.15 * long_side (tr->size);
    if (!lay_here)
      tr->n_pend_turns = 0;  /* turns as it was put down */
    else if (tr->tapped != now)
      pend_turn_push (tr, time_us, now);
    tr->entry_tapped = lay_here ? tr->first_lay : now;
    tr->tapped = now;
    tr->turn_frames = 0;
  }
  /* A moved card's zone follows it (without a gap it is the same card sliding); a card lying
   * on a zone border must sit in the new zone for confirm_frames frames first. A reported
   * card's title line alone has no say: a line found alone while a card turns, its outline
   * lost, may lie over the next zone (seed 53: a Dingus Egg tapped beside its owner's
   * graveyard, its title's line swept over the graveyard's border, was reported put there,
   * and the card seen again in play a second one; seed 29: a Vesuvan Doppelganger). A card
   * carried to its graveyard seen there by its title line alone goes there by the pile's
   * rules (pile_named, pile_carried_to). (Eight 1080p games: precision 0.943 -> 0.959,
   * recall 0.927 -> 0.934; of the eight games' zone moves by a line alone, both were
   * these.) */
  gboolean zoned = in->has_quad || tr->state != TRACK_ACTIVE;
  if (zoned && in->area != tr->area && in->area == tr->next_area) {
    tr->next_area_frames++;
  } else if (zoned) {
    tr->next_area = in->area;
    tr->next_area_frames = in->area != tr->area ? 1 : 0;
  }
  /* Not reported yet, its zone and owner are where it lies now (its track may have begun on
   * the other side: a card put down across the middle, a stray line there). A reported
   * card keeps its owner wherever it is pushed (to attack). */
  if ((in->area != tr->area || in->owner != tr->owner) && tr->state != TRACK_ACTIVE) {
    if (in->pile && !tr->pile && tr->state == TRACK_PENDING) {
      tr->play_area = tr->area;
      tr->play_owner = tr->owner;
      tr->onto_pile_us = time_us;
    } else if (!in->pile) {
      tr->onto_pile_us = 0;
    }
    tr->zone_us = time_us;
    tr->area = in->area;
    tr->owner = in->owner;
    tr->pile = in->pile;
    tr->pile_face_down = in->pile_face_down;
  } else if (zoned && in->area != tr->area && tr->next_area_frames >= t->p.confirm_frames) {
    int from = tr->area;
    tr->area = in->area;
    tr->owner = in->owner;
    tr->pile = in->pile;
    tr->pile_face_down = in->pile_face_down;
    held_turn_release (t, tr, FALSE, out);
    TsObservation *o = emit (out, TS_OBS_MOVED, tr, time_us, t->cur, mean_conf (tr),
                             t->p.confirm_below);
    o->from_area = from;
  }

  gboolean looked_now = FALSE;  /* tr->seen_sig is this frame's look */
  if (tr->pile && (tr->state == TRACK_PENDING || tr->state == TRACK_ACTIVE))
    pile_watch (t, tr, image, time_us);
  else if (tr->state == TRACK_ACTIVE && image != NULL)
    looked_now = tr->have_seen_sig = input_signature (image, in, tr->seen_sig);

  /* Read until the readings agree on a strong name; check now and then that the title is
   * still the same card's. */
  if ((tr->state == TRACK_ACTIVE || tr->state == TRACK_PENDING) && !tr->by_person) {
    gboolean unsure = tr->name == NULL || tr->name_score < t->p.strong_score || tr->rechecking;
    if (tr->rechecking && tr->reads >= t->p.max_reads && !tr->read_in_flight) {
      tr->rechecking = FALSE;  /* the readings never agreed on another card: it stays */
      held_turn_release (t, tr, FALSE, out);
    }
    /* A title line alone that twice gave no name is no title: reading it again would keep
     * the reader from the cards. */
    gboolean hopeless = tr->blank_reads >= 2 && tr->votes->len == 0 &&
                        mostly_title (tr);
    if (hopeless && tr->rechecking) {
      tr->rechecking = FALSE;  /* nothing to decide with: it stays what it was */
      held_turn_release (t, tr, FALSE, out);
      unsure = tr->name == NULL || tr->name_score < t->p.strong_score;
    }
    /* Read once to a name not yet agreed on: read again soon, before it turns or goes. */
    gboolean confirming = tr->votes->len > 0 && (tr->name == NULL || tr->rechecking);
    int wait_ms = confirming ? MIN (t->p.confirm_reread_ms, t->p.reread_ms) : t->p.reread_ms;
    /* A card whose readings never agreed is watched like a named one: another card put in
     * its place must be read, not taken for it unread. */
    gboolean gave_up = unsure && !hopeless && !tr->rechecking && tr->reads >= t->p.max_reads;
    /* Read while it moved (blurred, on its way to a pile or being put down) and nothing
     * came of it: read again as soon as it is seen lying still, not reread_ms later, by
     * when the next card put on the pile may hide it (seed 349: a Two-Headed Giant of
     * Foriys, read once as it landed on its graveyard, was reported gone to nowhere). */
    gboolean settled_since = tr->read_moving && tr->still_looks > 0 && tr->votes->len == 0;
    /* A card seen whole before and now only as an outline of another size (a part of it a
     * hand leaves in view, turning): that outline's title band is not its title. Nothing is
     * read off it, nor its look compared: a reading would make it the title's look, and the
     * card's own outline, back, would look like another card (seed 479: a Disintegrate read
     * again after a gap, read blank on a piece of it as it was tapped, was reported a second
     * Disintegrate once whole again, and took the card's later turns). */
    gboolean piece = tr->own_frames > 0 && !own_outline (t, in);
    if (piece) {
      /* looked at again when the card is seen whole, or by its title line */
    } else if (unsure && !hopeless && tr->reads < t->p.max_reads &&
             (settled_since || time_us - tr->last_read_us >= (gint64) wait_ms * 1000))
      request_read (t, tr, image, time_us, out);
    else if (!unsure && image && tr->gap_recheck && in->has_quad && tr->angle_settled &&
             !tr->read_in_flight)
      recheck_start (t, tr, image, time_us, out);
    else if (!unsure && image && tr->pile && tr->state == TRACK_ACTIVE && !tr->read_in_flight &&
             !tr->rechecking && time_us - tr->last_read_us >= PILE_REREAD_US)
      recheck_start (t, tr, image, time_us, out);
    else if ((!unsure || gave_up) && image && tr->have_sig && tr->angle_settled &&
             !tr->read_in_flight) {
      double sig[SIG_N];
      const double *look = looked_now ? tr->seen_sig : sig;
      if ((looked_now || input_signature (image, in, sig)) &&
          signature_distance (look, tr->sig) > SIG_CHANGED) {
        if (++tr->sig_changed >= SIG_CHANGED_FRAMES)
          recheck_start (t, tr, image, time_us, out);
      } else {
        tr->sig_changed = 0;
        tr->self_us = time_us;
      }
    }
  }
}

/* Is there a visible card lying over tr in the same pile? */
static gboolean
covered_in_pile (TsTracker *t, const Track *tr)
{
  if (!tr->pile)
    return FALSE;
  for (guint i = 0; i < t->tracks->len; i++) {
    const Track *o = t->tracks->pdata[i];
    if (o == tr || o->last_frame != t->cur || o->area != tr->area)
      continue;
    if (hypot (o->center[0] - tr->center[0], o->center[1] - tr->center[1]) <
        0.5 * long_side (tr->size))
      return TRUE;
  }
  return FALSE;
}

/* Is nw about the size of card o, as o is now or as it was when last seen whole (a card
 * followed a while by lines alone takes the size guessed from them)? */
static gboolean
size_like (const Track *nw, const Track *o)
{
  return sizes_alike (nw->size, o->size) ||
         (o->whole.has_quad && sizes_alike (nw->size, o->whole.size));
}

/* Could o, seen now, be a track that slid off its card onto something beside it, nw the card
 * found again? Not if o follows a line alone now and nw lies away from where o was last seen
 * whole: o's line may be its card's own title as the card turns, and nw a piece of it read
 * apart (seed 71: a blurred line of an Underground Sea being tapped, read as it, took the
 * card's identity, and the tap came 13 frames late). With the rule in find_overlapped that
 * makes such a piece a shadow of the card, eight 1080p games: event precision 0.906 ->
 * 0.929, recall the same (0.897), turns within 2 frames 119 -> 120 of 128. */
static gboolean
slid_onto (const Track *o, const Track *nw)
{
  if (!o->whole.has_quad || o->last.has_quad)
    return TRUE;
  return hypot (o->whole.center[0] - nw->center[0], o->whole.center[1] - nw->center[1]) <
         SLID_OFF * long_side (o->whole.size);
}

/* A newly confirmed card may be a reported card that vanished and reappeared elsewhere
 * (moved to the graveyard, pushed forward to attack). Returns that card's track. */
static Track *
find_reappeared (TsTracker *t, const Track *nw)
{
  Track *best = NULL;
  double best_d = G_MAXDOUBLE;
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *o = t->tracks->pdata[i];
    /* nw on a pile read as a card reported there (under another since, or not) is that
     * card's title seen again, often a piece of it. */
    gboolean read_in_pile = nw->pile && o->pile && o->area == nw->area && nw->name &&
                            o->name && strcmp (nw->name, o->name) == 0;
    if (o == nw || (o->state != TRACK_ACTIVE && !(o->state == TRACK_BURIED && read_in_pile)) ||
        (nw->pile && !ghost_may_go_to (o, nw)))
      continue;
    double d = hypot (o->center[0] - nw->center[0], o->center[1] - nw->center[1]);
    /* Seen now, it is another card, unless it lies mostly over nw under the same name
     * (its track had slid off the card onto something beside it: two identical cards lie
     * apart, and nw is the card found again), or it is being read again, its title looking
     * changed, and nw, on a pile of its owner's, reads as it (the card went there and
     * another lies in its place; a card goes to its owner's graveyard: seed 569, an Island
     * read again after its tap was reported put on the other player's graveyard, where an
     * Underground Sea's line read "Island", and came anew, with its turns). */
    gboolean read_on_pile = nw->pile && !o->pile && nw->name && o->name &&
                            strcmp (nw->name, o->name) == 0 &&
                            (o->last_frame != t->cur || same_owner (o, nw));
    if (o->last_frame == t->cur && !(read_on_pile && o->rechecking) &&
        (nw->name == NULL || o->name == NULL || strcmp (nw->name, o->name) != 0 ||
         d >= (o->last.has_quad ? SLID_OFF : SLID_OFF_LINE) * long_side (o->size) ||
         !slid_onto (o, nw)))
      continue;
    /* Both seen whole, at once, more than a card's length apart: two cards of one name
     * (seed 67: a second Phantom Monster, not yet reported, was taken for the first, covered
     * a moment by a hand, and carried to the graveyard in its stead). A line's card centre
     * is a guess: a line of a card seen all along is no second card. */
    if (!nw->pile && nw->first_seen_us < o->last_seen_us && !mostly_title (nw) &&
        !mostly_title (o) && d > long_side (o->size))
      continue;
    /* In play both, far apart: two copies (FAR_APART). */
    if (!nw->pile && !o->pile && d > FAR_APART * long_side (o->size))
      continue;
    /* Cards under nw in its pile are buried, not moved (unless nw reads as one). */
    if (nw->pile && o->area == nw->area && d < 0.5 * long_side (o->size) && !read_in_pile)
      continue;
    /* A piece of something is not the card. But a card seen whole may be one that was
     * followed by its title line alone: that size was a guess from the title's width. (Not
     * the other way round: a line alone is taken for a card seen whole only at its size,
     * unless it lies on a pile read as the card: a pile's top often shows no outline, and a
     * short name's line makes a small guess.) */
    if (!size_like (nw, o) && (mostly_title (nw) || !mostly_title (o)) && !read_on_pile &&
        !read_in_pile)
      continue;
    gboolean ok;
    if (nw->name && o->name)
      ok = strcmp (nw->name, o->name) == 0;
    else  /* unnamed: only a short hop within the same area */
      ok = o->area == nw->area && d < 3 * long_side (o->size);
    if (!ok)
      continue;
    /* Prefer the card that vanished most recently, then the nearest. */
    double score = d - (double) o->last_seen_us * 1e-3;
    if (score < best_d) {
      best_d = score;
      best = o;
    }
  }
  return best;
}

/* Where the point (x, y) lies on quad q: u along its first side (from corner 0 to 1), v along
 * the side from corner 0 to 3, both 0..1 inside it. FALSE for a degenerate quad. */
static gboolean
quad_coords (const double (*q)[2], double x, double y, double *u, double *v)
{
  double ux = q[1][0] - q[0][0], uy = q[1][1] - q[0][1];
  double vx = q[3][0] - q[0][0], vy = q[3][1] - q[0][1];
  double uu = ux * ux + uy * uy, vv = vx * vx + vy * vy;
  if (uu < 1e-9 || vv < 1e-9)
    return FALSE;
  double px = x - q[0][0], py = y - q[0][1];
  *u = (px * ux + py * uy) / uu;
  *v = (px * vx + py * vy) / vv;
  return TRUE;
}

/* The centre of a quad (an outline or a title line), in its own units. */
static void
quad_centre (const double (*q)[2], double *x, double *y)
{
  *x = *y = 0;
  for (int k = 0; k < 4; k++) {
    *x += q[k][0] / 4;
    *y += q[k][1] / 4;
  }
}

/* Does the point (image pixels) lie within the outline of the card seen as in, between v0
 * and v1 of the way down its length? */
static gboolean
in_outline (const TsTrackInput *in, double x, double y, double v0, double v1)
{
  double u, v;
  return in->has_quad && quad_coords (in->quad_px, x, y, &u, &v) && u > 0 && u < 1 && v > v0 &&
         v < v1;
}

/* Does the point (image pixels) lie across the middle of the card seen as in, where its type
 * line is? A basic land's type line names it ("Basic Land — Mountain"): with a card laid
 * over its start, the rest reads as the land. */
static gboolean
on_type_line (const TsTrackInput *in, double x, double y)
{
  return in_outline (in, x, y, TYPE_LINE_V0, TYPE_LINE_V1);
}

/* Does the point (image pixels) lie where the card seen whole as in reaches when turned in
 * place: within half its length of its centre? */
static gboolean
in_turning_reach (const TsTrackInput *in, double x, double y)
{
  if (!in->has_quad)
    return FALSE;
  double cx, cy;
  quad_centre (in->quad_px, &cx, &cy);
  double len = MAX (ts_rectify_quad_edge (in->quad_px, 1), ts_rectify_quad_edge (in->quad_px, 3));
  return hypot (x - cx, y - cy) < len / 2;
}

/* How far (plane units) o's track lies from where its card was last seen whole. */
static double
off_whole (const Track *o)
{
  return hypot (o->center[0] - o->whole.center[0], o->center[1] - o->whole.center[1]);
}

/* Is (x, y) (image pixels), the centre of a name line alone turned a quarter, where the title
 * end of o, a reported card in play, lies as it turns in place? o was last seen whole a moment
 * ago part-turned (MID_TURN_DEG or more off its axes), and no further from there than a
 * hand's nudge: its outline was lost mid-turn (it touches a pile's, or a hand covers it), and
 * all that shows of it is its title end, swung over the pile beside it (seed 433: a Dark
 * Ritual tapped beside its graveyard, its title end there taken as the pile's new top). */
static gboolean
turning_title_end (const TsTracker *t, const Track *o, double x, double y)
{
  if (o->state != TRACK_ACTIVE || !o->whole.has_quad || o->whole.pile ||
      t->cur - o->last_frame > GAP_FRAMES || t->cur - o->whole_frame > GAP_FRAMES)
    return FALSE;
  double dt = from_tapped (o->whole.rel_angle_deg);
  if (MIN (dt, 90 - dt) < MID_TURN_DEG)
    return FALSE;
  return off_whole (o) < long_side (o->size) / 4 && in_turning_reach (&o->whole, x, y);
}

/* Is in a name line alone in a pile's area, turned a quarter from its owner's way (cards lie
 * on a pile upright), lying where a card in play outside the piles reaches? It is that
 * card's own line, not the pile's top: a card tapped beside a graveyard reaches into the
 * pile's area with its title end (seed 271: a Bad Moon tapped beside one was reported put in
 * the graveyard, then cast again). The line lies within the card's outline seen a moment
 * ago; or, the card reported, where its title end swings as it turns (turning_title_end());
 * or, the card not reported yet (its zone would follow the line's) and its outline
 * unseen since it was last seen whole (tapped under a hand, or lost against a card beside
 * it), within its turning reach of that outline, the card not seen carried from there (seed
 * 347: a Scavenging Ghoul tapped so, its title over the graveyard beside it for two thirds
 * of a second, was reported put there, and came back the other player's). A reported card
 * keeps its zone, and takes its own line (the title reach). A card's outline seen on the
 * pile is the card being put there: the line is its, and the pile's; lines lying upright
 * were the second eight's piles' tops too (seed 127: a Guardian Angel's move to its
 * graveyard dated 59 frames early). Sets turned to the card not reported yet whose turning
 * reach the line lies in (its sighting then: seen_by_title_end), else NULL. */
static gboolean
piece_off_play (const TsTracker *t, const TsTrackInput *in, Track **turned)
{
  *turned = NULL;
  if (!in->pile || in->has_quad || from_tapped (in->rel_angle_deg) >= 45)
    return FALSE;
  double tx, ty;
  quad_centre (in->title_px, &tx, &ty);
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *o = t->tracks->pdata[i];
    if (o->pile || o->last.pile || o->ghost)
      continue;
    if (t->cur - o->last_frame <= GAP_FRAMES && in_outline (&o->last, tx, ty, 0, 1))
      return TRUE;
    if (turning_title_end (t, o, tx, ty))
      return TRUE;
    if (o->state == TRACK_PENDING && t->cur - o->last_frame <= TURNED_UNSEEN_FRAMES &&
        !o->whole.pile &&
        off_whole (o) < long_side (o->size) / 2 &&
        in_turning_reach (&o->whole, tx, ty)) {
      *turned = o;
      return TRUE;
    }
  }
  return FALSE;
}

/* The card tr seen by its title end alone, turned in place (piece_off_play): where it lay,
 * in its zone, as large, turned as the line is. */
static void
seen_by_title_end (const Track *tr, const TsTrackInput *end, TsTrackInput *out)
{
  *out = *end;
  out->center[0] = tr->center[0];
  out->center[1] = tr->center[1];
  out->size[0] = tr->size[0];
  out->size[1] = tr->size[1];
  out->area = tr->area;
  out->owner = tr->owner;
  out->pile = out->pile_face_down = FALSE;
}

/* Is tr a card in play (not a pile's) unseen PILE_UNSEEN_US or more at time_us? */
static gboolean
unseen_in_play (const TsTracker *t, const Track *tr, gint64 time_us)
{
  return tr->state == TRACK_ACTIVE && !tr->pile && tr->last_frame != t->cur &&
         time_us - tr->last_seen_us >= PILE_UNSEEN_US;
}

/* Is tr, named as a card reported in play, a piece of that card rather than a second one?
 * It is when seen only through outlines of another size than a card's (the part of a card a
 * hand leaves in view, shaped like a smaller card turned: seed 71, a Tunnel under a hand
 * came in again, tapped, and left twice), or only by its name line near where that card,
 * out of sight now, lies (an attacker pushed forward, its outline lost: its line over the
 * middle of the table made it the other player's, seed 41), or mostly by its name line,
 * never outlined a card's size, the line lying within that card's outline as last seen
 * (the line's centre, guessed from its width, may lie more than a card's length off: seed
 * 419, an Ice Storm reported come again and gone; tuned eight the same events, eighth two
 * fewer spurious, seventh the same), or only by its name line lying where that card's title
 * would lie turned a quarter where it was last seen whole: the card was turned, its outline
 * lost (seed 479: a Scavenging Ghoul tapped against its library, followed by its type line,
 * its title's line taken for a second Ghoul, its centre guessed a card's length off). */
static gboolean on_turned_title (const Track *tr, double x, double y);

static Track *
piece_of_card_in_play (const TsTracker *t, const Track *tr)
{
  if (tr->name == NULL || tr->pile)
    return NULL;
  gboolean odd_outlines = tr->quad_frames > 0 && tr->own_frames == 0 && !mostly_title (tr);
  double tx, ty;
  quad_centre (tr->last.title_px, &tx, &ty);
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *o = t->tracks->pdata[i];
    if (o == tr || o->ghost || !in_play_as (o, tr->name))
      continue;
    if (odd_outlines ||
        (tr->quad_frames == 0 && o->last_frame != t->cur &&
         hypot (o->center[0] - tr->center[0], o->center[1] - tr->center[1]) <
           LINE_PIECE_REACH * long_side (o->size)) ||
        (tr->quad_frames == 0 && on_type_line (&o->whole, tx, ty)) ||
        (tr->quad_frames == 0 && on_turned_title (o, tx, ty)) ||
        (tr->own_frames == 0 && mostly_title (tr) && o->last_frame != t->cur &&
         in_outline (&o->last, tx, ty, 0, 1)))
      return o;
  }
  return NULL;
}

/* Does the point (image pixels) lie on the title line's band, give or take a line's height
 * above and below? */
static gboolean
on_title_line (const double (*title)[2], double x, double y)
{
  double s, r;
  return quad_coords (title, x, y, &s, &r) && s > -0.1 && s < 1.1 && r > -0.75 && r < 1.75;
}

/* Is tr, a title line alone not yet reported and off any piles, first seen before the track
 * of a card in play named name began, lying now within that card's outline (seen whole
 * within GAP_FRAMES) away from its title? Then tr is something the card was put over or
 * carried across (a stray line of the table's grain, a shadow's edge), and a reading of
 * name on it is the card's, not tr's: named by it, tr would be reported as a second card
 * once the card had gone (seed 461: a line beside where a Stone Giant came read its name
 * as the Giant came and went, and was reported a Stone Giant 76 frames after the Giant had
 * left the table, with the Giant's tap and untap). A line first seen after the card came
 * is a piece of it, which the card's own track needs named to know it for a second
 * detection of the card (find_overlapped(): seed 401's Pearled Unicorn lost its tap and
 * untap when such a piece's readings were dropped too). */
static gboolean
stray_under_card (const TsTracker *t, const Track *tr, const char *name)
{
  if (tr->state == TRACK_ACTIVE || tr->quad_frames > 0 || tr->pile)
    return FALSE;
  double tx, ty;
  quad_centre (tr->last.title_px, &tx, &ty);
  for (guint i = 0; i < t->tracks->len; i++) {
    const Track *o = t->tracks->pdata[i];
    if (o != tr && in_play_as (o, name) && tr->first_seen_us < o->first_seen_us &&
        o->whole.has_quad && t->cur - o->whole_frame <= GAP_FRAMES &&
        in_outline (&o->whole, tx, ty, 0, 1) && !on_title_line (o->whole.title_px, tx, ty))
      return TRUE;
  }
  return FALSE;
}

/* Is tr, a piece of the card o in play (piece_of_card_in_play), that card's name line alone,
 * seen now and turned the other way (tapped or untapped), o out of sight PILE_UNSEEN_US or
 * more since? Then it is the card: it was turned, and tr follows what is left in view of
 * it (seed 179: a Bad Moon tapped, seen by its title line alone from then on, was reported
 * gone and come anew as the recording ended). A line lying as the card did is a piece of
 * it under a hand, which will be seen whole again (the scripted game's Mountain); a piece
 * outlined like a smaller card turned has no angle of the card's. */
static gboolean
piece_is_card_turned (const TsTracker *t, const Track *tr, const Track *o, gint64 time_us)
{
  return tr->last_frame == t->cur && tr->quad_frames == 0 && unseen_in_play (t, o, time_us) &&
         tr->tapped != o->tapped;
}

/* The card in play tr is, as piece_is_card_turned() tells; NULL when none. */
static Track *
piece_of_card_unseen (const TsTracker *t, const Track *tr, gint64 time_us)
{
  Track *o = piece_of_card_in_play (t, tr);
  return o != NULL && piece_is_card_turned (t, tr, o, time_us) ? o : NULL;
}

/* Is tr, a line alone never outlined a card's size, off any piles, read as a name that a
 * reading of a card seen whole nearby (within its length, a moment ago) gave, that card not
 * yet reported and none of the name in play? Then the line is most likely that card's own
 * title seen apart as it was carried in (upside down, its card centre guessed off the card),
 * and it waits for the card to be reported, whose piece it then is (find_overlapped(); seed
 * 569: a Kormus Bell reported twice, first by such a line, with the other player as owner). */
static gboolean
line_of_card_being_read (const TsTracker *t, const Track *tr)
{
  if (tr->name == NULL || tr->pile || tr->own_frames > 0 || !mostly_title (tr))
    return FALSE;
  gboolean near = FALSE;
  for (guint i = 0; i < t->tracks->len; i++) {
    const Track *p = t->tracks->pdata[i];
    if (in_play_as (p, tr->name))
      return FALSE;  /* one is in play: the line may be it, or a piece of it */
    if (p != tr && !p->pile && (p->state == TRACK_TENTATIVE || p->state == TRACK_PENDING) &&
        p->own_frames > 0 && t->cur - p->last_frame <= GAP_FRAMES &&
        vote_for (p, tr->name) != NULL &&
        hypot (p->center[0] - tr->center[0], p->center[1] - tr->center[1]) <
          long_side (p->size))
      near = TRUE;
  }
  return near;
}

/* Is a confirmed card ready to be reported? A named one is, unless it is a piece of one in
 * play. An unread one (or one whose readings disagree) is reported unnamed, for the person
 * to confirm, once it has stayed long enough or its readings ran out: most candidates that
 * never read are not cards (a hand, a die, a card back) and vanish before. A title line
 * alone that never reads is not a card. */
static gboolean
may_announce (const TsTracker *t, const Track *tr, gint64 time_us)
{
  const Track *piece_of = piece_of_card_in_play (t, tr);
  if (piece_of != NULL)
    return piece_is_card_turned (t, tr, piece_of, time_us);
  if (line_of_card_being_read (t, tr))
    return FALSE;
  /* Named before a gap and found again, its title being read again: what lies there now
   * may be another card put where it was, so it waits a while for that reading (seed 433: a
   * track named by the title ends of a Thoughtlace turning, pieces of it, took a Lifelace
   * cast there after the Thoughtlace had gone to its graveyard, and reported a Thoughtlace
   * come, then swapped for the Lifelace). Not on a pile, whose top is read again anyway. */
  if (tr->name != NULL && !tr->pile && tr->gap_to_us > 0 &&
      (tr->gap_recheck || tr->rechecking) && time_us - tr->back_us < RECHECK_WAIT_US)
    return FALSE;
  if (tr->name != NULL || !t->have_reader)
    return TRUE;
  if (!t->p.report_unread || mostly_title (tr))
    return FALSE;
  gboolean gave_up = tr->reads >= t->p.max_reads && !tr->read_in_flight;
  return gave_up || time_us - tr->confirmed_us >= (gint64) t->p.name_wait_ms * 1000;
}

/* Does the point (image pixels) lie on the title line tr's card would show turned a quarter
 * either way about its centre, where it was last seen whole? */
static gboolean
on_turned_title (const Track *tr, double x, double y)
{
  if (!tr->whole.has_quad)
    return FALSE;
  double cx, cy;
  quad_centre (tr->whole.quad_px, &cx, &cy);
  for (int turn = -1; turn <= 1; turn += 2) {
    double q[4][2];
    for (int k = 0; k < 4; k++) {
      double dx = tr->whole.title_px[k][0] - cx, dy = tr->whole.title_px[k][1] - cy;
      q[k][0] = cx - turn * dy;
      q[k][1] = cy + turn * dx;
    }
    if (on_title_line (q, x, y))
      return TRUE;
  }
  return FALSE;
}

/* Is in a name line alone over another zone than tr's, tr a card reported in play, lying
 * where tr's title lies turned a quarter about where tr was last seen whole? It is tr's own
 * title, turned there: the card seen where it lay (seen_by_title_end), not over the pile
 * the line's own centre falls on (seed 397: a Word of Command, tapped beside its graveyard,
 * followed by its title line alone, was taken to lie on the pile, and its tap was lost). */
static gboolean
own_turned_title (const Track *tr, const TsTrackInput *in)
{
  if (tr->state != TRACK_ACTIVE || tr->pile || tr->ghost || in->has_quad ||
      (!in->pile && in->area == tr->area))
    return FALSE;  /* most tracks, every frame: the cheap tests first */
  double tx, ty;
  quad_centre (in->title_px, &tx, &ty);
  return on_turned_title (tr, tx, ty);
}

/* Is line, a name line alone, turned the other way from o, a card reported in play out of
 * sight since the line was first seen, and lying where o's title would lie turned a quarter
 * where o was last seen whole? Then o was turned there, its outline lost as it turned (it
 * touches the outline of the pile beside it), and line is what shows of it. */
static gboolean
shows_turned (const Track *line, const Track *o)
{
  double tx, ty;
  quad_centre (line->last.title_px, &tx, &ty);
  return line->quad_frames == 0 && o->state == TRACK_ACTIVE && !o->pile &&
         line->tapped != o->tapped && o->matched_us < line->first_seen_us &&
         on_turned_title (o, tx, ty);
}

/* o was turned as its title line alone, line, read as o, lies (shows_turned): the
 * reading tells it is still o, and the turn is dated when the line was first seen (seed
 * 431: a Demonic Attorney tapped against its graveyard, its outline lost, was seen only by
 * its title line for half a second; its tap was missed, and seen again untapped, its untap
 * and second tap were lost with it). line follows that title: a second detection of o. */
static void
turn_shown (TsTracker *t, Track *line, Track *o, GArray *out)
{
  line->state = TRACK_SHADOW;
  line->master = o->key;
  still_itself (t, o, out);
  double dt = from_tapped (line->last.rel_angle_deg);
  turn_report (t, o, line->tapped, line->first_seen_us, line->tapped ? dt : 90 - dt, out);
}

/* The card reported in play that tr, a pending name line alone read once, strongly, as that
 * card, shows turned (shows_turned); NULL when none. A line seen a moment is read once
 * before it is lost, and one reading is too few to name a track, but one that names the
 * card whose turned title it lies on is that title (seed 397: a Word of Command, tapped
 * beside its graveyard, showed its title for three frames, read once: its tap and untap
 * were lost). */
static Track *
read_once_showing_turned (const TsTracker *t, const Track *tr)
{
  if (tr->state != TRACK_PENDING || tr->name != NULL || tr->votes->len != 1)
    return NULL;
  const Vote *v = &g_array_index (tr->votes, Vote, 0);
  if (v->best < t->p.strong_score)
    return NULL;
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *o = t->tracks->pdata[i];
    if (o != tr && in_play_as (o, v->name) && shows_turned (tr, o))
      return o;
  }
  return NULL;
}

/* A new card that is a second detection of a reported card seen just now: its title line
 * lies on that card's title line (a word of it, found alone) with the same name or none, or,
 * unread, it lies over that card's middle (its art box). Cards overlapping on the table
 * (fanned lands) show their titles apart, and two identical cards side by side are a card's
 * width apart. */
static Track *
find_overlapped (TsTracker *t, const Track *nw)
{
  double tx, ty;
  quad_centre (nw->last.title_px, &tx, &ty);
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *o = t->tracks->pdata[i];
    if (o == nw || o->state != TRACK_ACTIVE || o->last_frame + 1 < t->cur)
      continue;
    if (nw->name != NULL && (o->name == NULL || strcmp (nw->name, o->name) != 0))
      continue;
    if (on_title_line (o->last.title_px, tx, ty))
      return o;
    double d = hypot (o->center[0] - nw->center[0], o->center[1] - nw->center[1]);
    if (nw->name == NULL && d < 0.3 * long_side (o->size))
      return o;
    /* A line alone read as o's name, as near o as a card o slid off would lie (but not taken
     * for one: see slid_onto), is a piece of o; so is one within o's outline, o's own title
     * at the end its outline did not take for the top (seed 67: Wild Growth, turned a quarter
     * from upside down, its title found at the other end, was reported as a second card). So
     * too when it was outlined only in part (a hand over the card: seed 367's Aspect of Wolf
     * came again, tapped). A second card of that name lying over o shows its own outline. */
    if (nw->name != NULL && nw->own_frames == 0 &&
        (d < SLID_OFF_LINE * long_side (o->size) || in_outline (&o->whole, tx, ty, 0, 1)))
      return o;
  }
  return NULL;
}

/* A track that followed something unreadable (a shadow on the table, a stray title line)
 * before a card came there and was read (off another title than the one the track began
 * on, or elsewhere, or after another name was read firmly on it): the card came when its
 * name was first read, lying as it lay then, not when the track began (seed 71 at 720p: a
 * Nettling Imp cast where a Paralyze read once had lain was dated when the Paralyze came;
 * 720p eight 270 -> 271 of 303, the other sets the same). One put where a title line alone
 * that read blank was followed came when its outline was first seen there (seed 137: a
 * Kormus Bell, put where a line of a card in a hand had been seen 46 frames before, was
 * dated then. Second eight 280 -> 281 of 305 events found; 720p eight 267 -> 269 of 303;
 * tuned eight the same counts, four entries dated within a frame of their true one instead
 * of 7 to 9 frames late). A card slow to read where it lay entered when it was first seen. */
static void
restamp_entry (const TsTracker *t, Track *tr)
{
  const Vote *lead = tr->name ? votes_consensus (tr, 1) : NULL;
  if (lead == NULL || strcmp (lead->name, tr->name) != 0)
    return;
  gint64 late_us = (gint64) t->p.late_name_ms * 1000, came_us;
  /* Another name read firmly on the outline since it was first seen: that outline was the
   * other card's, and this one came after it (seed 281: a Circle of Protection: Red, cast
   * where a Lich read once had lain a moment, was dated when the Lich came). */
  gint64 other_us = other_read_firmly (tr, lead->name);
  gboolean other_on_outline = other_us >= tr->outline_us && other_us < lead->first_us;
  /* Followed by its title line or pieces, out of sight a second or more, and seen whole for
   * the first time as it last came back (whole_us == back_us: a whole outline seen at an
   * earlier return was another card's, as in the Lich case above): a card put there then,
   * whatever the line read before (seed 331: a second Channel, put where a piece of the
   * first one's title had been followed, was dated when the piece was first seen, 126
   * frames early). */
  if (!tr->pile && tr->back_us > 0 && tr->whole_us == tr->back_us &&
      tr->back_gap_us >= BACK_WHOLE_GAP_US)
    came_us = tr->back_us;
  else if (tr->outline_us - tr->confirmed_us >= late_us && lead->first_us >= tr->outline_us &&
           !other_on_outline)
    came_us = tr->outline_us;
  else if ((lead->first_elsewhere || other_us < lead->first_us) &&
           lead->first_us - tr->confirmed_us >= late_us)
    came_us = lead->first_us;
  else
    return;
  tr->confirmed_us = came_us;
  tr->entry_tapped = lead->first_tapped;
  if (tr->turned_us <= came_us)
    tr->entry_tapped = tr->tapped;  /* any turn seen was the other thing's */
}

/* Was card o carried off from where it lay (from) towards the pile, as far as it was seen
 * (to)? PILE_CARRIED of its long side at least, within PILE_TOWARDS of the pile's way. */
static gboolean
carried_towards (const Track *o, const double from[2], const double to[2], const Track *pile)
{
  double mx = to[0] - from[0], my = to[1] - from[1];
  double px = pile->center[0] - from[0], py = pile->center[1] - from[1];
  double moved = hypot (mx, my);
  return moved >= PILE_CARRIED * long_side (o->size) &&
         mx * px + my * py >= PILE_TOWARDS * moved * hypot (px, py);
}

/* The pile linked to card o (pile_changed, pile_carried_to), or NULL. */
static Track *
pile_linked_to (const TsTracker *t, const Track *o)
{
  for (guint k = 0; k < t->tracks->len; k++) {
    Track *q = t->tracks->pdata[k];
    if (q->link_key == o->key)
      return q;
  }
  return NULL;
}

/* The top of the pile tr changed at time_us (a new card's shape came there, or its top card
 * now looks another): a card in play that vanished shortly before, and is still unseen, may
 * be the one put there (a creature carried to its owner's graveyard), though its title
 * there may never read. The most recently vanished such card of the pile's owner is linked
 * to the pile; pile_link_resolve decides. */
static void
pile_changed (TsTracker *t, Track *tr, gint64 time_us)
{
  Track *best = NULL;
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *o = t->tracks->pdata[i];
    if (o == tr || o->state != TRACK_ACTIVE || o->pile || o->last_frame == t->cur ||
        time_us - o->last_seen_us > PILE_VANISHED_US || o->last_seen_us > time_us)
      continue;
    if (!same_owner (o, tr))
      continue;
    /* Seen leaving its place towards the pile before it vanished (carried there), not
     * vanishing where it lay (a hand over it, the detector losing it). */
    if (!carried_towards (o, o->home, o->center, tr))
      continue;
    const Track *linked = pile_linked_to (t, o);
    gboolean taken = linked != NULL && linked != tr;  /* already linked to another pile */
    if (!taken && (best == NULL || o->last_seen_us > best->last_seen_us))
      best = o;
  }
  if (best != NULL) {
    tr->link_key = best->key;
    tr->link_us = time_us;
  }
}

/* Notices another card put on the pile tr: its top's look changed and holds still. */
static void
pile_watch (TsTracker *t, Track *tr, const TsImage *image, gint64 time_us)
{
  double sig[SIG_N];
  if (image == NULL || !input_signature (image, &tr->last, sig))
    return;
  if (!tr->have_pile_sig) {
    memcpy (tr->pile_sig, sig, sizeof sig);
    tr->have_pile_sig = TRUE;
  } else if (tr->have_pile_prev &&
             signature_distance (sig, tr->pile_prev_sig) < PILE_SIG_STILL &&
             signature_distance (sig, tr->pile_sig) > PILE_SIG_CHANGED) {
    memcpy (tr->pile_sig, sig, sizeof sig);
    tr->top_us = time_us;
    tr->top_from_us = tr->pile_prev_us;
    /* Another top: whatever its track's readings gave up on lay there before. Read it
     * (seed 61: three cards put on a graveyard at the image's edge, whose earlier top read
     * blank twice, were reported gone to nowhere). */
    tr->blank_reads = 0;
    if (tr->name == NULL)
      tr->reads = 0;
    if (tr->link_key == 0)
      pile_changed (t, tr, time_us);
  }
  memcpy (tr->pile_prev_sig, sig, sizeof sig);
  tr->have_pile_prev = TRUE;
  tr->pile_prev_us = time_us;
}

static gboolean carried_off_unseen (const TsTracker *t, const Track *tr);

/* The pile tr is linked to a card in play that vanished (pile_changed). Seen again, the card
 * was not put there; still away after PILE_UNSEEN_US, it was: it moved onto the pile, with
 * a lower confidence (its name there was not read), and becomes the pile's top; as the
 * recording ends (at_end), so has one last seen carried off (carried_off_unseen()). Returns
 * TRUE when it moved a card (the linked track may have been removed). */
static gboolean
pile_link_resolve (TsTracker *t, Track *tr, const TsImage *image, gint64 time_us,
                   gboolean at_end, GArray *out)
{
  Track *b = find_key (t, tr->link_key);
  if (b == NULL || b->state != TRACK_ACTIVE || b->last_seen_us > tr->link_us ||
      (tr->state != TRACK_PENDING && tr->state != TRACK_ACTIVE)) {
    tr->link_key = 0;
    return FALSE;
  }
  if (time_us - b->last_seen_us < PILE_UNSEEN_US && !(at_end && carried_off_unseen (t, b)))
    return FALSE;
  tr->link_key = 0;
  /* Lying still when last seen, its title still lies there, looking as it did: the
   * detector lost sight of it, it was not carried off. (A card last seen moving was seen
   * blurred, which looks much like bare table.) Lying still is seen twice in a row where it
   * was looked for: a line taken once on its way and held through unsearched frames is no
   * card lying still (seed 353: a Karma carried to its graveyard, its track's last a stray
   * line mid-way, was reported gone to nowhere as the recording ended). */
  double sig[SIG_N];
  if (image != NULL && b->have_seen_sig && b->still_looks > 0 &&
      input_signature (image, &b->last, sig) &&
      signature_distance (sig, b->seen_sig) < 0.45)
    return FALSE;
  int from = b->area;
  held_turn_release (t, b, FALSE, out);  /* turned before it went */
  Track *top;
  if (tr->state == TRACK_PENDING) {
    /* Never reported: the pile's new track is the card. */
    top = tr;
    pile_takes_card (top, b);
    g_ptr_array_remove (t->tracks, b);
  } else {
    top = b;
    pile_covered_by (tr, top);
  }
  double conf = 0.5 * (top->name ? MAX (top->name_score, 0.5) : 0.5) + 0.1;
  TsObservation *o = emit (out, TS_OBS_MOVED, top, tr->link_us, t->cur, conf,
                           t->p.confirm_below);
  o->from_area = from;
  return TRUE;
}

/* The pile of its owner's that card o went towards: carried from where it lay (from) to where
 * it was last seen (to, at seen_us) in the pile's direction. A card reported on the pile is
 * preferred, else the one seen longest; NULL when it was not carried off, or not towards a
 * pile (unlinked: towards one not linked to another card yet). */
static Track *
pile_towards (TsTracker *t, const Track *o, const double from[2], const double to[2],
              gint64 seen_us, gboolean unlinked)
{
  Track *best = NULL;
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *p = t->tracks->pdata[i];
    if (p == o || !p->pile || (p->state != TRACK_PENDING && p->state != TRACK_ACTIVE) ||
        (unlinked && p->link_key != 0) || p->last_seen_us + PILE_VANISHED_US < seen_us)
      continue;
    if (!same_owner (p, o))
      continue;
    /* Face down, the library shows no card put on it: a card carried off its way went
     * past it, off the table (seed 67: a Demonic Tutor carried off, another card cast
     * where it lay, was reported put on its owner's library). */
    if (p->pile_face_down)
      continue;
    if (!carried_towards (o, from, to, p))
      continue;
    if (best == NULL || (p->state == TRACK_ACTIVE) > (best->state == TRACK_ACTIVE) ||
        ((p->state == TRACK_ACTIVE) == (best->state == TRACK_ACTIVE) &&
         p->seen_frames > best->seen_frames))
      best = p;
  }
  return best;
}

/* A card in play, unseen for PILE_UNSEEN_US, that was last seen carried towards a pile of its
 * owner's (a creature put in its graveyard): the pile is linked to it, as when the pile's top
 * is seen to change (pile_changed), and pile_link_resolve moves it there. The top of a pile
 * often gives no steady look to notice a change by (its title lines are found in pieces, or
 * not at all), while the card's way there is plain. */
static void
pile_carried_to (TsTracker *t, Track *o)
{
  o->carry_checked = TRUE;
  /* Its last position, not the smoothed centre, which lags a card carried off fast. */
  Track *best = pile_towards (t, o, o->home, o->last.center, o->last_seen_us, TRUE);
  if (best == NULL || pile_linked_to (t, o) != NULL)
    return;
  best->link_key = o->key;
  best->link_us = o->last_seen_us;
}

/* Card tr in play has left for a place not seen, as last seen (any turn held first): reports
 * it with confidence conf. The caller drops its track. */
static void
track_left (TsTracker *t, Track *tr, double conf, GArray *out)
{
  held_turn_release (t, tr, FALSE, out);
  /* Found again after a gap its readings have not confirmed, and never seen lying still
   * since: what it followed then was another card carried over its place, and the card
   * left when last seen before the gap (seed 347: a Personal Incarnation taken off the
   * table, dated 80 frames late, as a Will-o'-the-Wisp was put down over its place). */
  gint64 when = tr->last_seen_us;
  if (tr->gap_to_us > 0 && tr->home_us < tr->back_us)  /* back_us is set with gap_to_us */
    when = tr->back_us - tr->back_gap_us;
  TsObservation *o = emit (out, TS_OBS_LEFT, tr, when, t->cur, conf, t->p.confirm_below);
  o->area = 0;
}

/* Card tr in play is gone, unseen PILE_UNSEEN_US or more (the caller drops its track; a
 * ghost's card is reported as sure as a card replaced is, SWAPPED_LEFT_CONF), when it was
 * last seen: to a pile of its owner's whose top was read as it since, though the
 * readings there did not agree on it (seed 29 at 720p: a Circle of Protection: Blue, read
 * once on its graveyard, was reported gone to nowhere as the recording ended. 720p eight
 * 269 -> 270 of 303; the other sets the same counts), else to a place not seen
 * (track_left()). */
static void
track_gone (TsTracker *t, Track *tr, double conf, GArray *out)
{
  gint64 read_us = 0;
  gboolean under = FALSE;
  if (tr->ghost)
    conf = SWAPPED_LEFT_CONF;
  Track *pile = tr->name ? pile_reading (t, tr, tr->last_seen_us, TRUE, &read_us, &under) : NULL;
  if (pile == NULL) {
    track_left (t, tr, conf, out);
    return;
  }
  held_turn_release (t, tr, FALSE, out);
  moved_onto_pile (t, tr, pile, under, tr->last_seen_us, out);
}

/* Reports the turns tr saw before it was reported, from state from (the card's state as
 * reported, or as it came), those since since_us in order (tapped and untapped again while
 * its name was being read), each dated when it came to lie so, no earlier than tr was
 * confirmed. Its state now, if no turn seen explains it, turned out of sight: dated when it
 * was seen settled so, if it was (a turning card's outline is often lost, and found again
 * mid-turn), and no earlier than tr first saw a card whole (seed 479: a Disintegrate untapped
 * under a hand, taken back by the track of a stray line seen 60 frames before, was reported
 * untapped dated when that line was seen). */
static void
pending_turns_report (TsTracker *t, Track *tr, gboolean from, gint64 since_us, double conf,
                      GArray *out)
{
  gboolean now = tr->tapped, state = from;
  for (int i = 0; i < tr->n_pend_turns; i++) {
    if (tr->pend_turn[i].us < since_us || tr->pend_turn[i].tapped == state)
      continue;
    state = tr->tapped = tr->pend_turn[i].tapped;
    emit (out, state ? TS_OBS_TAPPED : TS_OBS_UNTAPPED, tr,
          MAX (tr->confirmed_us, tr->pend_turn[i].us), t->cur, conf, t->p.confirm_below);
  }
  tr->tapped = now;
  if (state != now)
    emit (out, now ? TS_OBS_TAPPED : TS_OBS_UNTAPPED, tr,
          MAX (MAX (tr->confirmed_us, tr->turned_us), tr->whole_us), t->cur, conf,
          t->p.confirm_below);
}

/* The card first read firmly on the pile tr, when that is not the card tr is reported as
 * (read there later), was put there a moment before and lies under the top (seed 137: a
 * Wall of Water put on its graveyard 15 frames before a Pirate Ship; reported gone to
 * nowhere when another card was cast where it lay). A card of that name of tr's owner's in
 * play, out of sight since a moment before tr's track began, is reported moved there, dated
 * when the pile's track began, and buried there. Else the pile remembers it (under_name):
 * such a card found again on another put in its place moved there (pile_reading()). Second
 * eight 278 -> 280 of 305 events found, 293 -> 294 reported; the tuned eight and 720p the
 * same. */
static void
pile_first_buried (TsTracker *t, Track *tr, GArray *out)
{
  const Vote *first = first_firm_vote (tr, NULL);
  if (first == NULL || strcmp (first->name, tr->name) == 0)
    return;
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *o = t->tracks->pdata[i];
    if (o == tr || o->state != TRACK_ACTIVE || o->pile || o->last_frame == t->cur ||
        !same_owner (o, tr) || o->name == NULL || strcmp (o->name, first->name) != 0 ||
        o->last_seen_us > first->first_us || !ghost_may_go_to (o, tr) ||
        tr->first_seen_us - o->last_seen_us > PILE_VANISHED_US)
      continue;
    held_turn_release (t, o, FALSE, out);  /* turned before it went */
    Track *linked = pile_linked_to (t, o);
    if (linked != NULL)
      linked->link_key = 0;
    int from = o->area;
    Track *b = pile_bury (t, tr, o);
    TsObservation *m = emit (out, TS_OBS_MOVED, b, MAX (tr->first_seen_us, o->last_seen_us),
                             t->cur, 0.5 * MIN (first->best, o->name_score) + 0.1,
                             t->p.confirm_below);
    m->from_area = from;
    g_ptr_array_remove_index (t->tracks, i);
    return;
  }
  g_free (tr->under_name);
  tr->under_name = g_strdup (first->name);
  tr->under_us = first->first_us;
}

static void
announce (TsTracker *t, Track *tr, gint64 time_us, GArray *out)
{
  tr->state = TRACK_ACTIVE;
  tr->anchor[0] = tr->center[0];
  tr->anchor[1] = tr->center[1];
  Track *old = find_reappeared (t, tr);
  if (old == NULL)
    old = piece_of_card_unseen (t, tr, time_us);
  Track *over = old == NULL ? find_overlapped (t, tr) : NULL;
  /* Found again under its name by a title line lying on its title, that card has not moved,
   * though the line's own centre falls in another zone: the title of a card tapped beside
   * its owner's graveyard reaches over the pile (seed 29: a Timetwister, covered a moment
   * by a card carried past, was reported put in the graveyard). So has one whose line lies
   * where its title would be turned a quarter: it was tapped (or untapped) where it lay, its
   * outline lost as it turned (seed 83: a Wall of Bone tapped beside its graveyard). The
   * line may have been outlined in part now and then (the edge of a hand over the card:
   * seed 541, a Thicket Basilisk reported put in its graveyard, its untap lost). */
  double tx, ty;
  quad_centre (tr->last.title_px, &tx, &ty);
  if (old != NULL && old->area != tr->area && mostly_title (tr) &&
      (on_title_line (old->last.title_px, tx, ty) || on_turned_title (old, tx, ty)))
    over = old;
  if (over != NULL) {
    tr->state = TRACK_SHADOW;
    tr->master = over->key;
    /* A line showing it turned the other way from how it was reported is its turn. */
    if (over == old && shows_turned (tr, old))
      turn_shown (t, tr, old, out);
    return;
  }
  if (tr->pile && tr->name)
    pile_first_buried (t, tr, out);
  double name_factor = tr->name ? tr->name_score : 0.5;
  Track *brief = old == NULL && tr->pile && tr->name
                   ? pending_named (t, tr, tr->name, tr->top_us) : NULL;
  if (brief != NULL) {
    /* A card seen in play a moment, never reported (handled all the while), now on a pile
     * under its name: it came into play, then went there. It came onto the pile when the
     * pile's top last changed, not when the pile's track began: the card under it may have
     * lain there unread a while (seed 373: a Wall of Swords cast and killed at once, on a
     * graveyard tracked from a second before, was never reported). The turns it was seen
     * to make in play came in between (seed 491: a Nettling Imp read once as it came, tapped,
     * its title then read to nothing, put in the graveyard, was reported without its tap). */
    came_and_went (t, tr, brief, tr->name, name_first_read (tr), TRUE,
                   0.5 * MIN (tr->name_score, brief->name ? brief->name_score : tr->name_score),
                   out);
    g_ptr_array_remove_fast (t->tracks, brief);
    return;
  }
  /* So did a card seen a moment where another now lies, whose track follows that other card
   * now (gone_name). */
  Track *was = old == NULL && tr->pile && tr->name ? gone_named (t, tr) : NULL;
  if (was != NULL) {
    came_and_went (t, tr, was, was->gone_name, name_first_read (tr), FALSE, 0.5 * tr->name_score,
                   out);
    g_clear_pointer (&was->gone_name, g_free);
    return;
  }
  /* So did a card read as its name where it lay in play and carried onto a pile before it
   * was reported (it is reported once it has lain still or been seen a second: an instant
   * cast and put away, a creature killed as it came; seed 139's Lord of Atlantis, read once
   * in play and named by a second reading on the pile), whether its own track or another
   * one named it there. */
  Track *carried =
    old == NULL && tr->pile && tr->name ? carried_onto (t, tr, tr->name, tr->first_seen_us) : NULL;
  if (carried != NULL) {
    carried_came_and_went (t, tr, carried, tr->name, 0.5 * tr->name_score, out);
    if (carried != tr)
      g_ptr_array_remove_fast (t->tracks, carried);
    return;
  }
  if (old == NULL) {
    tr->id = t->next_id++;
    restamp_entry (t, tr);
    /* Turned while its name was being read: it came in as it was, then turned (and maybe
     * back: pending_turns_report). */
    gboolean turned = tr->tapped != tr->entry_tapped && !tr->pile;
    gboolean now = tr->tapped;
    gboolean came_tapped = turned ? tr->entry_tapped : now;
    /* First seen lying still tapped a while after it came (a land tapped for mana as it
     * is played): it came in untapped, as cards come into play, and was tapped when it
     * first lay still so. (Entered tapped, its tap was dated when it came, before it was
     * turned.) */
    if (came_tapped && !turned && !tr->pile && tr->entry_settled &&
        tr->turned_us - tr->confirmed_us >= ENTRY_TAP_US)
      came_tapped = FALSE;
    tr->tapped = came_tapped;
    emit (out, TS_OBS_ENTERED, tr, tr->confirmed_us, t->cur, mean_conf (tr) * name_factor,
          t->p.confirm_below);
    tr->tapped = now;
    if (!tr->pile)
      pending_turns_report (t, tr, came_tapped, tr->confirmed_us, mean_conf (tr) * name_factor,
                            out);
    return;
  }
  tr->id = old->id;
  if (old->by_person) {
    g_free (tr->name);
    tr->name = g_strdup (old->name);
    tr->name_score = old->name_score;
    tr->by_person = TRUE;
  } else if (tr->name == NULL && old->name) {
    tr->name = g_strdup (old->name);
    tr->name_score = old->name_score;
  }
  /* An untap held where it lay, seen there after it was seen on a pile, was another card
   * put in its place (seed 29: Sea Serpent cast where the dead Timetwister lay). */
  held_turn_release (t, old, tr->pile && old->held_us >= tr->first_seen_us, out);
  double conf = (tr->name && old->name) ? MIN (tr->name_score, old->name_score) : 0.5;
  /* Dated when it came where it lies: when its track there began, or when it was first
   * read there if that was later (the track followed a stray line on a pile before: seed 29,
   * three departures dated seconds early). */
  if (old->area != tr->area) {
    gint64 came_us = tr->pile ? pile_came_us (tr) : name_first_read (tr);
    TsObservation *o = emit (out, TS_OBS_MOVED, tr, old->ghost ? old->last_seen_us : came_us,
                             t->cur, conf, t->p.confirm_below);
    o->from_area = old->area;
  }
  /* The card's turns while tr followed it, since old's card came or last turned (old's
   * track may have followed only its title line as it turned; a turn old saw and reported,
   * tr saw too: seed 331, a Channel reported tapped and untapped a second time, 34 and 3
   * frames late). Seen till a frame ago, old knows how the card lies better than a tr that
   * has seen no turn since old's last (outlines not a card's size, whose turns do not
   * count): tr goes on from old's state (seed 313: a Circle of Protection: Blue reported
   * untapped, dated 26 frames back, and tapped again). */
  gint64 since_us = MAX (old->confirmed_us, old->turned_us);
  gboolean old_knows = t->cur - old->last_frame <= 1 && tr->turned_us <= since_us;
  if (!tr->pile && old_knows) {
    tr->tapped = old->tapped;
    tr->turn_frames = tr->turn_looks = 0;
  } else if (!tr->pile) {
    pending_turns_report (t, tr, old->tapped, since_us, conf, out);
  }
  g_ptr_array_remove_fast (t->tracks, old);
}

/* A card not reported yet (handled all the while it lay in play), read as a name there and
 * unseen a while after it was carried towards a pile of its owner's, came into play and went
 * there (an instant cast and put away, a creature killed as it came: seed 139's Deathlace,
 * tapped as it came and killed at once): it is reported come, and linked to the pile as a
 * reported card carried there is (pile_carried_to). Only when it went within the time it
 * would have been reported in anyway: a track left unreported longer was so for a reason (a
 * line of rules text read as a name, a piece of a card reported in play; on the second
 * eight games without this rule, 9 spurious events against 6 found). */
static void
pending_carried_to (TsTracker *t, Track *tr, gint64 time_us, GArray *out)
{
  tr->carry_checked = TRUE;
  if (tr->last_seen_us - tr->confirmed_us > ENTRY_SETTLE_US)
    return;
  const char *name = read_as (tr);
  if (name == NULL || name_known (t, tr, name) ||
      pile_towards (t, tr, tr->home, tr->last.center, tr->last_seen_us, TRUE) == NULL)
    return;
  gboolean named_here = tr->name == NULL;
  if (named_here) {
    tr->name = g_strdup (name);
    tr->name_score = votes_consensus (tr, 1)->best;
  }
  if (!may_announce (t, tr, time_us)) {
    if (named_here) {  /* its readings still decide */
      g_clear_pointer (&tr->name, g_free);
      tr->name_score = 0;
    }
    return;
  }
  announce (t, tr, time_us, out);
  if (tr->state == TRACK_ACTIVE && !tr->pile)
    pile_carried_to (t, tr);
}

/* Is tr, not on a pile, an outline of a card's size lying still (where it was the frame
 * before, not turning)? */
static gboolean
lying_whole (const TsTracker *t, const Track *tr)
{
  return !tr->pile && tr->last.has_quad && own_outline (t, &tr->last) && tr->angle_settled &&
         tr->still_frames >= 1;
}

static void
tracker_update (TsTracker *t, const TsImage *image, gint64 time_us, const TsTrackInput *inputs,
                guint n, gboolean titles_searched, GArray *out)
{
  t->cur = t->frame;
  card_size_update (t);
  drain_results (t, out, time_us, FALSE);

  /* Greedy matching by distance, in units of the card's size. Tracks missing in the last
   * frame pay a penalty so a visible card keeps its detection over one it covers. */
  guint nt = t->tracks->len;
  g_autoptr (GArray) pairs = g_array_new (FALSE, FALSE, sizeof (Pair));
  for (guint a = 0; a < nt; a++) {
    const Track *tr = t->tracks->pdata[a];
    if (tr->ghost)
      continue;
    double ls = long_side (tr->size);
    gboolean missing = tr->last_frame + 1 != t->cur;
    double gate = t->p.gate * ls * (missing ? 1.5 : 1.0);
    for (guint b = 0; b < n; b++) {
      double d = hypot (inputs[b].center[0] - tr->center[0],
                        inputs[b].center[1] - tr->center[1]);
      /* A card in play, its outline lost for a while, followed by pieces of itself (a
       * tapped card's title line alone, lying against a pile) drifts off where it lies;
       * its outline found again where it was last seen whole, its title looking as it
       * did, is that card, not a new one for the pieces' tracks to take (seed 331: a
       * Channel untapped, reported carried to the graveyard and cast again; sixth eight
       * 262 -> 264 events found, 285 -> 286 reported). Only once pieces were followed:
       * a card carried off whole and another put where it lay is not it (seed 29's
       * Wooden Sphere and Sleight of Mind, lost when any outline there was taken). */
      double from_anchor = hypot (inputs[b].center[0] - tr->anchor[0],
                                  inputs[b].center[1] - tr->anchor[1]);
      gboolean whole_again =
        tr->state == TRACK_ACTIVE && !tr->pile && tr->quad_frames > 0 && !tr->last.has_quad &&
        inputs[b].has_quad && own_outline (t, &inputs[b]) &&
        from_anchor < WHOLE_AGAIN * MAX (long_side (tr->whole.size), long_side (inputs[b].size)) &&
        !outline_followed (t, tr, &inputs[b]) && looks_like_either_way (image, &inputs[b], tr);
      if (whole_again)
        d = from_anchor;
      if (d > gate)
        continue;
      /* A piece of a card (a word of a title, a box of its art) is not the card: matched
       * to its track, it would keep a card that left in play or drag it onto another. But
       * a reported card in play seen whole, whose size wore down as it followed pieces of
       * itself while a hand turned it, is still that card when a whole card's outline comes
       * back with its title's look (seed 127: a Death Ward reported entering a second time
       * as it was tapped; another card put where one was carried off is not it, seed 131's
       * Armageddon where a Smoke lay). Not a pile's card: one buried under the top would
       * take the next card put on the pile. (Second eight 1080p games: 265 -> 266 events
       * matched, 286 -> 284 reported; the tuned eight the same events.) */
      gboolean card_sized = inputs[b].has_quad && own_outline (t, &inputs[b]);
      gboolean found_whole = FALSE;
      if (tr->state != TRACK_TENTATIVE && !sizes_alike (inputs[b].size, tr->size)) {
        found_whole = card_sized && t->card_size > 0 && tr->own_frames > 0 &&
                      tr->state == TRACK_ACTIVE && !tr->pile &&
                      looks_like (image, &inputs[b], tr);
        if (!found_whole)
          continue;
      }
      /* A card known by another name is another card: one put where a card was (the next
       * land in the same spot, the next card on a pile). */
      if (inputs[b].name && tr->name && !tr->by_person && strcmp (inputs[b].name, tr->name) != 0)
        continue;
      /* A reported card is not followed by title lines alone away from where its outline
       * was: hop by hop through stray lines, it would drift onto a neighbour. The title's
       * own centre lies up to about 0.6 of the card's length from the card's, turned. */
      if ((tr->state == TRACK_ACTIVE || tr->state == TRACK_BURIED) && !inputs[b].has_quad &&
          hypot (inputs[b].center[0] - tr->anchor[0], inputs[b].center[1] - tr->anchor[1]) >
            t->p.title_reach * ls)
        continue;
      /* ... and, unseen a while (carried off, covered), it is found again by its title
       * line alone only close to that place, and lying as it lay (askew()): a stray line
       * further off, or askew, is more likely a piece of something else than the card. (All
       * five sets of eight games: 2 more events found, 4 fewer reported; seed 197 lost a Bad
       * Moon, taken unreported by the track of a Stone Rain gone long before.) So is a card
       * named but not yet reported, from where it was last seen (seed 479: a Ghoul's title end,
       * held unreported as a piece of the Ghoul, took another card's title line, upright, 40
       * frames after the Ghoul went to its graveyard, and was reported a second Ghoul). */
      const double *home = tr->state == TRACK_ACTIVE ? tr->anchor : tr->center;
      if ((tr->state == TRACK_ACTIVE || (tr->state == TRACK_PENDING && tr->name != NULL)) &&
          !inputs[b].has_quad && t->cur - tr->last_frame > GAP_FRAMES &&
          (hypot (inputs[b].center[0] - home[0], inputs[b].center[1] - home[1]) >
             t->p.gap_title_reach * ls ||
           askew (inputs[b].rel_angle_deg, tr->angle)))
        continue;
      /* A buried card lies in its pile: what is seen outside it is another card (one put
       * where the buried card lay before it was carried there). */
      if (tr->state == TRACK_BURIED && inputs[b].area != tr->area)
        continue;
      /* Missing tracks pay (above), but not a card lost for a single frame and found again
       * by an outline of a card's size: the detector loses a whole card's outline now and
       * then, most often as the card turns, and no card covers it. It keeps its card over a
       * track seen in the frame it missed (seed 29: a stray line over a giant's title took
       * the giant as it was tapped, and its tap and untap came 10 and 16 frames late; eight
       * 1080p games, the same events, turns within 2 frames 105 -> 110 of 125). */
      gboolean lost_a_frame = t->cur - tr->last_frame <= 2 && card_sized && tr->last.has_quad;
      /* A buried card is under the pile's top: the top takes the pile's detection. Nor
       * does a card found whole again pay: a hand hid it between pieces of it. */
      gboolean penalised = (missing && !lost_a_frame && !found_whole && !whole_again) ||
                           tr->state == TRACK_BURIED;
      /* A track never seen whole (one that followed title lines alone: a stray line, a
       * piece of a card's text) pays as much to take a card's outline: the outline is
       * sooner a card's seen whole before. (Seed 29: a Circle of Protection, its outline
       * lost under a hand, came back untapped beside two pending line tracks kept alive
       * by the frames without a title search; one took it, and the untap came 11 frames
       * late, when the card was found again. Eight 1080p games: event precision 0.898 ->
       * 0.906, recall 0.876 -> 0.897; turns within 2 frames 110 of 125 -> 117 of 128.)
       * Not before the cards' size is known: the first frames' merged outline of two cards
       * passes for one then (the scripted game's lands: a tap and an untap invented). */
      gboolean never_whole = tr->quad_frames == 0 && card_sized && t->card_size > 0;
      /* A card found whole again is as far as it lies in the card's own size, not in the
       * size of the pieces its track followed (seed 97: a White Ward untapped, taken by a
       * pending track of its place kept since the game began; second eight 1080p games
       * 266 -> 267 events matched, the tuned eight the same events). */
      double unit = found_whole || whole_again ? MAX (ls, long_side (inputs[b].size)) : ls;
      /* A second detection of a reported card (a piece of it) pays as much to take a whole
       * card's outline: the outline is sooner the card's own track's (seed 401: a Pearled
       * Unicorn's tapped outline, found after two frames of its pieces, went to its shadow,
       * and its tap and untap were lost). */
      gboolean shadow_whole = tr->state == TRACK_SHADOW && card_sized && t->card_size > 0;
      Pair p = { d / unit + (penalised ? 0.25 : 0) + (never_whole || shadow_whole ? 0.25 : 0) +
                   (tr->state == TRACK_TENTATIVE ? 0.1 : 0),
                 a, b };
      g_array_append_val (pairs, p);
    }
  }
  g_array_sort (pairs, compare_pairs);
  g_autofree gboolean *track_used = g_new0 (gboolean, nt + 1);
  g_autofree gboolean *input_used = g_new0 (gboolean, n + 1);
  g_autofree Track **turned = g_new0 (Track *, n + 1);
  for (guint b = 0; b < n; b++)
    input_used[b] = piece_off_play (t, &inputs[b], &turned[b]);
  g_autofree int *match = g_new (int, nt + 1);
  for (guint a = 0; a < nt; a++)
    match[a] = -1;
  for (guint i = 0; i < pairs->len; i++) {
    const Pair *p = &g_array_index (pairs, Pair, i);
    if (track_used[p->track] || input_used[p->input])
      continue;
    track_used[p->track] = input_used[p->input] = TRUE;
    match[p->track] = (int) p->input;
  }
  /* A card's title end off play, turned (piece_off_play), is that card seen, when nothing
   * else of it is. */
  g_autofree gboolean *by_end = g_new0 (gboolean, nt + 1);
  for (guint b = 0; b < n; b++) {
    guint a;
    if (turned[b] && g_ptr_array_find (t->tracks, turned[b], &a) && a < nt && match[a] < 0) {
      match[a] = (int) b;
      by_end[a] = TRUE;
    }
  }
  for (guint a = 0; a < nt; a++) {
    Track *tr = t->tracks->pdata[a];
    /* So is a reported card's own title turned, over another zone. */
    if (!by_end[a] && match[a] >= 0 && own_turned_title (tr, &inputs[match[a]]))
      by_end[a] = TRUE;
    if (by_end[a]) {
      TsTrackInput as_card;
      seen_by_title_end (tr, &inputs[match[a]], &as_card);
      track_update (t, tr, &as_card, TRUE, image, time_us, out);
    } else if (match[a] >= 0)
      track_update (t, tr, &inputs[match[a]], TRUE, image, time_us, out);
    else if (!titles_searched && !tr->last.has_quad && tr->last_frame + 1 == t->cur) {
      /* Not looked for: as it was. A copy, as track_update replaces tr->last. */
      TsTrackInput held = tr->last;
      track_update (t, tr, &held, FALSE, image, time_us, out);
    }
  }
  for (guint b = 0; b < n; b++)
    if (!input_used[b])
      track_new (t, &inputs[b], image, time_us);

  /* State changes, in creation order so that events come out in a stable order. */
  for (guint i = 0; i < t->tracks->len;) {
    Track *tr = t->tracks->pdata[i];
    gboolean seen = tr->last_frame == t->cur;
    gint64 unseen_us = time_us - tr->last_seen_us;
    gboolean drop = FALSE;
    /* A resolved link may remove a track before this one: find this one again, so that no
     * track's state changes twice in a frame. */
    if (tr->link_key != 0 && pile_link_resolve (t, tr, image, time_us, FALSE, out))
      g_ptr_array_find (t->tracks, tr, &i);
    switch (tr->state) {
    case TRACK_TENTATIVE: {
      /* Named by its detection, or read on its second look (below): not read again now. */
      gboolean unread = tr->name == NULL && tr->reads == 0;
      if (seen && tr->consecutive >= t->p.confirm_frames) {
        tr->state = TRACK_PENDING;
        tr->confirmed_us = tr->first_seen_us;
        tr->entry_tapped = tr->tapped;
        tr->first_center[0] = tr->center[0];
        tr->first_center[1] = tr->center[1];
        if (image)
          tr->have_first_sig = input_signature (image, &tr->last, tr->first_sig);
        if (unread)
          request_read (t, tr, image, time_us, out);
        if (tr->pile)
          pile_changed (t, tr, tr->first_seen_us);
      } else if (seen && unread && tr->consecutive == t->p.confirm_frames - 1 &&
                 lying_whole (t, tr)) {
        /* A whole card lying still where it was first seen is read a look before it is
         * confirmed: the cards lying on the table as the recording begins (or as a hand
         * leaves them) may be taken up at once, and its second reading, confirm_reread_ms
         * after the first, comes a frame sooner (seed 383: a Plague Rats lying from the
         * first frame, read on the third and carried off on the eighth, before its second
         * reading; it was never reported). */
        request_read (t, tr, image, time_us, out);
      } else if (!seen && t->cur - tr->last_frame > 2)
        drop = TRUE;  /* a flicker: never a card */
      break;
    }
    case TRACK_PENDING:
      if (!seen && unseen_us > (gint64) t->p.leave_after_ms * 1000)
        drop = TRUE;
      else if (seen && (tr->entry_settled || time_us - tr->confirmed_us > ENTRY_SETTLE_US) &&
               may_announce (t, tr, time_us))
        announce (t, tr, time_us, out);
      else if (!seen && !tr->pile && !tr->carry_checked && unseen_us >= PILE_UNSEEN_US)
        pending_carried_to (t, tr, time_us, out);
      break;
    case TRACK_ACTIVE:
      /* A held turn whose readings never came (the title not seen whole again). */
      if (tr->held_us != 0 && time_us - tr->held_us > HELD_TURN_US && !tr->rechecking)
        held_turn_release (t, tr, FALSE, out);
      /* Turned onto the other axis and gone at once (carried off, a hand over it): it was
       * turned, whatever comes next. */
      if (!seen && tr->peak_us != 0 && tr->peak_frame + 1 == t->cur)
        turn_report (t, tr, !tr->tapped, tr->peak_us, PEAK_DEG, out);
      /* Unseen a while after it was carried towards a pile: put there? */
      if (!tr->carry_checked && unseen_in_play (t, tr, time_us))
        pile_carried_to (t, tr);
      if (!seen && covered_in_pile (t, tr))
        tr->state = TRACK_BURIED;
      else if (tr->ghost ? time_us >= tr->ghost_until_us
                         : !seen && unseen_us > (gint64) t->p.leave_after_ms * 1000) {
        track_gone (t, tr, 0.8, out);
        drop = TRUE;
      }
      break;
    case TRACK_BURIED:
      break;
    case TRACK_SHADOW: {
      /* Seen, and the size of a card, it stands for its card (which is not gone while its
       * detection is here); a piece of it alone does not, unless it reads as the card: the
       * card's own title line, its outline lost (seed 359: a tapped Camouflage lying against
       * its graveyard, its outline merged with the pile's; a track born on the pile was
       * taken for it, and it was reported put there, then entering again, and its six later
       * turns went to the new card). */
      Track *m = find_key (t, tr->master);
      if (m == NULL || (!seen && t->cur - tr->last_frame > 2))
        drop = TRUE;
      else if (seen && (sizes_alike (tr->size, m->size) ||
                        (tr->name && m->name && strcmp (tr->name, m->name) == 0)))
        m->last_seen_us = MAX (m->last_seen_us, time_us);
      break;
    }
    }
    /* announce may have removed an older track: re-find our place. */
    guint idx;
    if (!g_ptr_array_find (t->tracks, tr, &idx)) {
      i = 0;
      continue;
    }
    if (drop)
      g_ptr_array_remove_index (t->tracks, idx);
    else
      i = idx + 1;
  }
  t->frame++;
}

void
ts_tracker_update (TsTracker *t, const TsImage *image, gint64 time_us,
                   const TsTrackInput *inputs, guint n, GArray *out)
{
  tracker_update (t, image, time_us, inputs, n, TRUE, out);
}

void
ts_tracker_update_cards_only (TsTracker *t, const TsImage *image, gint64 time_us,
                              const TsTrackInput *inputs, guint n, GArray *out)
{
  tracker_update (t, image, time_us, inputs, n, FALSE, out);
}

void
ts_tracker_flush (TsTracker *t, GArray *out)
{
  drain_results (t, out, 0, TRUE);
}

/* Is tr, a card in play, last seen carried off where it lay (last_seen_carried()), out of
 * sight GAP_FRAMES or more since? As the recording
 * ends it is gone, to a pile if carried its way, without waiting PILE_UNSEEN_US (seed 479: a
 * Wrath of God carried to its graveyard in the recording's last second, last seen 27
 * frames before the end, was never reported gone). */
static gboolean
carried_off_unseen (const TsTracker *t, const Track *tr)
{
  return tr->state == TRACK_ACTIVE && !tr->pile && t->cur - tr->last_frame > GAP_FRAMES &&
         last_seen_carried (tr);
}

void
ts_tracker_finish (TsTracker *t, gint64 time_us, GArray *out)
{
  drain_results (t, out, time_us, TRUE);
  /* Cards in play unseen for PILE_UNSEEN_US or more at the end, not under a pile's top, are
   * gone: to a pile if carried its way (as at PILE_UNSEEN_US in play), else to a place not
   * seen, dated when last seen and unsure (a hand may lie over one as the recording stops),
   * for the person to confirm. Waiting leave_after_ms for them lost every card taken away
   * in a recording's last seconds. (Sixteen 1080p games: 557 -> 563 events found of 608,
   * 578 -> 586 reported; the two more wrong are departures misdated or to no pile.) So are
   * cards last seen carried off, unseen for less (carried_off_unseen()). */
  for (guint i = 0; i < t->tracks->len; i++) {
    Track *tr = t->tracks->pdata[i];
    if ((unseen_in_play (t, tr, time_us) || carried_off_unseen (t, tr)) && !tr->carry_checked)
      pile_carried_to (t, tr);
  }
  for (guint i = 0; i < t->tracks->len;) {
    Track *tr = t->tracks->pdata[i];
    /* A resolved link may remove a track: start over. */
    if (tr->link_key != 0 && pile_link_resolve (t, tr, NULL, time_us, TRUE, out))
      i = 0;
    else
      i++;
  }
  for (guint i = 0; i < t->tracks->len;) {
    Track *tr = t->tracks->pdata[i];
    if ((unseen_in_play (t, tr, time_us) || tr->ghost || carried_off_unseen (t, tr)) &&
        !covered_in_pile (t, tr)) {
      track_gone (t, tr, UNSEEN_AT_END_CONF, out);
      g_ptr_array_remove (t->tracks, tr);
    } else
      i++;
  }
  gboolean again = TRUE;
  while (again) {  /* announce may remove a track: start over after each */
    again = FALSE;
    for (guint i = 0; i < t->tracks->len && !again; i++) {
      Track *tr = t->tracks->pdata[i];
      if (tr->state != TRACK_PENDING)
        continue;
      /* Unread and not yet seen long enough to count as a card: forgotten, as it would
       * have been had it vanished. */
      /* Gone before the end (and never reported): a passing glimpse, as it would have been
       * had the recording gone on. */
      if (tr->last_frame != t->cur)
        g_ptr_array_remove (t->tracks, tr);
      else if (tr->name == NULL && t->have_reader &&
               (!t->p.report_unread || time_us - tr->confirmed_us < (gint64) t->p.name_wait_ms * 1000 ||
                mostly_title (tr)))
        g_ptr_array_remove (t->tracks, tr);
      else
        announce (t, tr, time_us, out);
      again = TRUE;
    }
  }
}
