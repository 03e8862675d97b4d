/* event.h — game events: the plain struct every source (camera, person, engine) produces and
 * the JSON Lines form the game log and `tablesight replay` use (documented in docs/events.md).
 *
 * Ownership: a TsEvent owns its strings (card, cost, type_line, keywords, note, profile, step,
 * names[]). Stack-allocated events start as TS_EVENT_INIT and are released with
 * ts_event_clear(); heap events come from ts_event_new()/ts_event_copy() and are freed with
 * ts_event_free(). Errors are GError in the TS_EVENT_ERROR domain; nothing is printed.
 */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>

G_BEGIN_DECLS

#define TS_EVENT_ERROR (ts_event_error_quark ())
GQuark ts_event_error_quark (void);

typedef enum {
  TS_EVENT_ERROR_PARSE,   /* not JSON, or not a JSON object; message names line and column */
  TS_EVENT_ERROR_FORMAT,  /* valid JSON but not an event: unknown kind, wrong field type */
} TsEventError;

#define TS_MAX_PLAYERS 6
#define TS_EVENT_MAX_TARGETS 32

/* Mana colours as array indices: W U B R G and colourless. */
typedef enum {
  TS_MANA_W,
  TS_MANA_U,
  TS_MANA_B,
  TS_MANA_R,
  TS_MANA_G,
  TS_MANA_C,
  TS_MANA_N,
} TsManaColor;

typedef enum {
  TS_ZONE_NONE,        /* unknown or not given */
  TS_ZONE_LIBRARY,
  TS_ZONE_HAND,
  TS_ZONE_BATTLEFIELD,
  TS_ZONE_GRAVEYARD,
  TS_ZONE_EXILE,
  TS_ZONE_STACK,
  TS_ZONE_COMMAND,
  TS_ZONE_N,
} TsZone;

typedef enum {
  TS_SOURCE_PERSON,    /* entered by a judge or player */
  TS_SOURCE_CAMERA,    /* inferred from the camera by the live table */
  TS_SOURCE_ENGINE,    /* produced by the engine itself */
} TsEventSource;

/* What happened. The JSON name is in brackets; docs/events.md lists the fields each uses. */
typedef enum {
  TS_EVENT_NONE,
  TS_EVENT_GAME_START,   /* [game_start] names[], n_players, profile, amount = starting life
                          * (0: the profile's), flags TS_EVENT_FLAG_COMMANDER, player = who
                          * goes first, library sizes in counts[] (0: unknown) */
  TS_EVENT_DEFINE_CARD,  /* [define_card] card facts not in the card database: card, cost,
                          * type_line, power, toughness, keywords, colors */
  TS_EVENT_MOVE,         /* [move] card/object moves from_zone -> zone, owned/controlled by
                          * player. object 0 on entering: the engine gives a new id. A card
                          * appearing on the battlefield without a cast is inferred as one. */
  TS_EVENT_TAP,          /* [tap] object tapped; a land's mana goes to its controller's pool */
  TS_EVENT_UNTAP,        /* [untap] object untapped (all of the active player's: a new turn) */
  TS_EVENT_DRAW,         /* [draw] player draws amount cards (default 1) */
  TS_EVENT_LIFE,         /* [life] player's life changes by amount (negative: loss) */
  TS_EVENT_POISON,       /* [poison] player's poison counters change by amount */
  TS_EVENT_COUNTER,      /* [counter] object gets amount counters of kind note ("+1/+1") */
  TS_EVENT_MANA_ADD,     /* [mana_add] mana[] added to player's pool (object: its source) */
  TS_EVENT_MANA_SPEND,   /* [mana_spend] mana[] taken from player's pool */
  TS_EVENT_CAST,         /* [cast] player casts card (object: its id, 0 = new), paying mana[]
                          * (all zero: the card's cost is taken from the pool), x, targets[] /
                          * target_player */
  TS_EVENT_ACTIVATE,     /* [activate] object's ability (a fast effect); mana[] paid, note says
                          * which; flags TS_EVENT_FLAG_TAP if it taps, TS_EVENT_FLAG_MANA if a
                          * mana ability */
  TS_EVENT_RESOLVE,      /* [resolve] the top of the stack (object 0) or that stack object
                          * resolves; amount -1 resolves everything waiting */
  TS_EVENT_COUNTER_SPELL,/* [counter_spell] the stack object is countered (to the graveyard) */
  TS_EVENT_PASS,         /* [pass] player passes priority / says they are done */
  TS_EVENT_ATTACK,       /* [attack] player attacks with targets[] (attacker ids);
                          * target_player = defending player (-1: the next opponent) */
  TS_EVENT_BAND,         /* [band] targets[] attack (or block) together as one band (classic) */
  TS_EVENT_BLOCK,        /* [block] object blocks the attacker targets[0] */
  TS_EVENT_ASSIGN,       /* [assign] combat damage: object assigns amount to targets[0] (a
                          * creature) or target_player; overrides the engine's default split */
  TS_EVENT_DAMAGE,       /* [damage] object (or card, a spell) deals amount to targets[] /
                          * target_player, outside combat */
  TS_EVENT_MODIFY,       /* [modify] object gets power/toughness and keywords (granted)
                          * until end of turn (Giant Growth: +3/+3) */
  TS_EVENT_PREVENT,      /* [prevent] damage from source object (amount, -1 = all) to
                          * targets[0] or target_player is prevented this turn; card names the
                          * preventing card (Circle of Protection: Red) */
  TS_EVENT_REGENERATE,   /* [regenerate] object gets a regeneration shield this turn */
  TS_EVENT_DESTROY,      /* [destroy] object is destroyed (regeneration applies) */
  TS_EVENT_STEP,         /* [step] advance to the next step, or to the step named in step */
  TS_EVENT_TURN,         /* [turn] the turn passes to player (-1: the next player) */
  TS_EVENT_CONCEDE,      /* [concede] player leaves the game */
  TS_EVENT_UNDO,         /* [undo] the last amount (default 1) effective events are undone */
  TS_EVENT_REDO,         /* [redo] the last amount undone events are applied again */
  TS_EVENT_NOTE,         /* [note] free text for the record */
  TS_EVENT_SETUP_END,    /* [setup_end] the table as found is complete: play begins */
  TS_EVENT_KIND_N,
} TsEventKind;

typedef enum {
  TS_EVENT_FLAG_COMMANDER = 1 << 0, /* game_start: Commander variant (modern) */
  TS_EVENT_FLAG_TAP       = 1 << 1, /* activate: the ability taps object */
  TS_EVENT_FLAG_MANA      = 1 << 2, /* activate: a mana ability */
  TS_EVENT_FLAG_ANTE      = 1 << 3, /* game_start: playing for ante */
  TS_EVENT_FLAG_FACEDOWN  = 1 << 4, /* move: the card's name is not known */
  TS_EVENT_FLAG_SETUP     = 1 << 5, /* move, tap, untap, life, poison, counter: part of the
                                     * table as found when watching began (no cast, no land
                                     * played, not summoning sick, no mana) */
  TS_EVENT_FLAG_TAPPED    = 1 << 6, /* move: the card enters (or is found) tapped */
  TS_EVENT_FLAG_IN_PROGRESS = 1 << 7, /* game_start: the game was under way when watching
                                       * began: camera moves to the battlefield before the
                                       * first ordinary event are the table as found */
} TsEventFlag;

typedef struct {
  TsEventKind kind;
  TsEventSource source;
  gint64 time_us;            /* wall clock, microseconds since the Unix epoch (UTC); 0 unknown */
  int player;                /* seat 0..n_players-1; -1 none */
  char *card;                /* card name as printed; NULL none */
  guint object;              /* object id on the table; 0 none/new */
  TsZone zone;               /* destination zone (move) */
  TsZone from_zone;          /* source zone (move) */
  int amount;                /* life/poison/damage/count, meaning per kind */
  int mana[TS_MANA_N];       /* mana amounts by colour (add, spend, paid for a cast) */
  int x;                     /* X paid (Fireball) */
  guint targets[TS_EVENT_MAX_TARGETS]; /* object ids */
  guint n_targets;
  int target_player;         /* -1 none */
  int power;                 /* define_card: printed power; modify: power change */
  int toughness;             /* define_card: printed toughness; modify: toughness change */
  guint colors;              /* define_card: TsColor bits (cards/cards.h) */
  guint flags;               /* TsEventFlag bits */
  char *cost;                /* mana cost text "{X}{R}" (define_card; cast: informative) */
  char *type_line;           /* define_card: "Creature — Goblin" */
  char *keywords;            /* define_card, modify: "Flying, First strike" */
  char *step;                /* step: step id to go to ("main1", "declare_blockers") */
  char *profile;             /* game_start: "classic" or "modern" */
  char *names[TS_MAX_PLAYERS]; /* game_start: player names */
  int n_players;             /* game_start */
  int counts[TS_MAX_PLAYERS];  /* game_start: library size per player (0 unknown) */
  char *note;                /* free text; counter: the counter kind */
} TsEvent;

/* A stack event with nothing set: player/target_player -1, everything else zero. */
#define TS_EVENT_INIT { .player = -1, .target_player = -1 }

void ts_event_init (TsEvent *event);
void ts_event_clear (TsEvent *event);
TsEvent *ts_event_new (TsEventKind kind);
TsEvent *ts_event_copy (const TsEvent *event);
void ts_event_copy_into (TsEvent *dest, const TsEvent *src); /* dest is cleared first */
void ts_event_free (TsEvent *event);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsEvent, ts_event_free)

/* JSON names ("cast", "battlefield", "camera"); NULL/-1 when unknown. */
const char *ts_event_kind_name (TsEventKind kind);
int ts_event_kind_from_name (const char *name);
const char *ts_zone_name (TsZone zone);
int ts_zone_from_name (const char *name);
const char *ts_event_source_name (TsEventSource source);
/* "W","U","B","R","G","C" */
const char *ts_mana_color_letter (TsManaColor color);
/* Mana text "{2}{R}{R}" -> amounts; generic goes to C. FALSE on bad text. */
gboolean ts_mana_parse (const char *text, int out_mana[TS_MANA_N], int *out_x);
/* Amounts -> "{2}{R}" style text (colourless as a number). Free with g_free(). */
char *ts_mana_format (const int mana[TS_MANA_N]);

/* One event as a JSON object, fields at their defaults left out. */
JsonNode *ts_event_to_json_node (const TsEvent *event);
gboolean ts_event_from_json_node (JsonNode *node, TsEvent *out, GError **error);
/* Same; line is only for error messages. */
gboolean ts_event_from_json_node_line (JsonNode *node, guint line, TsEvent *out, GError **error);
/* One line of JSON (no newline). Free with g_free(). */
char *ts_event_to_json (const TsEvent *event);
/* Parses one JSON line into out (cleared first). line_no is only for error messages. */
gboolean ts_event_from_json (const char *text, gssize len, guint line_no, TsEvent *out,
                             GError **error);

/* Reads a JSON Lines file (blank lines and lines starting with '#' skipped).
 * Returns a GPtrArray of TsEvent* (free func set) or NULL with error naming the line. */
GPtrArray *ts_event_read_jsonl (const char *path, GError **error);
/* Same, from text in memory. */
GPtrArray *ts_event_parse_jsonl (const char *text, gsize len, GError **error);

G_END_DECLS
