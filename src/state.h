/* state.h — the game state the engine derives from events: plain structs a dashboard reads.
 *
 * Ownership: a TsState and everything in it belongs to whoever holds it: the engine's own
 * (ts_engine_get_state()) stays valid until the next apply/undo/redo/free of that engine;
 * a copy from ts_state_copy()/ts_engine_state_at() is freed with ts_state_free().
 * Arrays are GArrays of the element type named (read with g_array_index()).
 */
#pragma once

#include "event.h"
#include "profile.h"

#include <glib.h>

G_BEGIN_DECLS

/* Ids the engine gives (objects entering with id 0, spells, abilities) start here, far above
 * the ids a camera tracker or a person picks, so the two never meet. */
#define TS_ENGINE_OBJECT_BASE 1000000000u

typedef struct {
  char *name;              /* "+1/+1", "-1/-1", "poison", ... */
  int n;
} TsCounter;

typedef struct {
  guint id;                /* object id on the table, stable while it stays on the battlefield */
  char *card;              /* card name */
  int owner;               /* seat */
  int controller;          /* seat */
  guint types;             /* TsCardType bits (cards/cards.h); 0 when the card is unknown */
  guint colors;            /* TsColor bits */
  gboolean known;          /* card facts were found (card db or define_card) */
  gboolean tapped;
  gboolean summoning_sick; /* came under its controller's control since their turn began */
  int damage;              /* damage marked this turn */
  int power, toughness;    /* current, with counters and until-end-of-turn changes */
  int base_power, base_toughness; /* printed ('*' counts as 0) */
  int power_mod, toughness_mod;   /* until end of turn */
  guint64 keywords;        /* TsKeyword bits (cards/cards.h), printed and granted */
  guint64 keywords_granted;/* until end of turn */
  gboolean attacking;
  gboolean blocked;        /* attacking and blocked (stays blocked if the blocker leaves) */
  guint blocking;          /* id of the attacker it blocks; 0 none */
  guint band;              /* band number in this attack (classic banding); 0 none */
  int regen_shields;       /* regeneration shields this turn */
  gboolean lethal;         /* lethal damage marked: should go to the graveyard */
  gboolean seen;           /* the camera (or a person) has put it on the table; FALSE while
                            * only a cast says it should be there */
  int turn_entered;        /* 0 for a permanent found on the table when watching began */
  gboolean as_found;       /* part of the table as found (a setup event), not played */
  gboolean is_commander;
  GArray *counters;        /* TsCounter */
  gboolean lethal_warned;  /* the "still on the battlefield" warning was given */
  guint lethal_event;      /* event that made it lethal */
} TsPermanent;

typedef struct {
  guint id;                /* the spell's object id */
  char *card;
  int controller;
  TsSpellKind kind;
  int x;
  guint targets[8];
  guint n_targets;
  int target_player;
  guint event_index;       /* the cast */
  gboolean is_ability;     /* an activated ability, not a spell */
} TsStackItem;

typedef struct {
  gboolean allowed[TS_SPELL_KIND_N]; /* may use each kind of spell now */
  char *why;                         /* human sentence: "Your main phase with an empty stack" */
} TsTimingWindow;

typedef struct {
  char *name;
  gboolean in_game;        /* FALSE once lost or conceded */
  char *lost_why;          /* "life below 1", "drew from an empty library", ... NULL */
  int life;
  int poison;
  int mana[TS_MANA_N];     /* mana pool by colour */
  int lands_played;        /* this turn */
  int attacks;             /* attacks declared this turn */
  int commander_damage[TS_MAX_PLAYERS]; /* combat damage taken from player i's commander */
  int library;             /* cards, -1 unknown */
  int hand;                /* cards, -1 unknown */
  GPtrArray *graveyard;    /* char * card names, bottom first */
  GPtrArray *exile;        /* char * */
  TsTimingWindow timing;   /* what this player may cast now */
  int commander_casts;     /* times the commander was cast from the command zone (tax {2} each) */
} TsPlayer;

typedef struct {
  guint event_index;       /* position in the event log, 0-based */
  char *rule;              /* short rule id: "one-land-per-turn", "summoning-sickness" */
  char *message;           /* sentence for the judge: "Second land this turn (Alice)" */
  int player;              /* who it concerns, -1 none */
  guint object;            /* object concerned, 0 none */
} TsWarning;

/* Something the engine concluded from what the table showed, without being told: a turn that
 * passed, a step gone on to. Shaped like the event it stands for (kind, player, step), with
 * the reason; docs/events.md, "What the engine infers". */
typedef struct {
  guint event_index;       /* the event it was inferred from (0-based position in the log) */
  TsEventKind kind;        /* TS_EVENT_TURN (a turn began) or TS_EVENT_STEP (a step entered) */
  int player;              /* turn: the seat whose turn began; step: the active seat */
  int turn;                /* the turn number after the inference */
  const char *step;        /* the step id after the inference (profile data, not owned) */
  guint object;            /* the permanent or spell the inference came from, 0 none */
  char *reason;            /* sentence for the judge */
} TsInference;

typedef struct {
  guint source;            /* object */
  char *source_card;       /* for a spell source with no object */
  int amount;              /* -1 all */
  guint target;            /* object, or 0 */
  int target_player;       /* or -1 */
  char *by;                /* preventing card */
} TsShield;

/* A combat damage assignment given by a person (assign event), used instead of the default. */
typedef struct {
  guint source;            /* attacking or blocking creature */
  guint target;            /* creature, or 0 */
  int target_player;       /* or -1 */
  int amount;
} TsAssignment;

typedef struct {
  const TsProfile *profile;
  gboolean started;        /* a game_start was applied */
  gboolean commander;      /* the Commander variant */
  int n_players;
  TsPlayer players[TS_MAX_PLAYERS];
  GArray *permanents;      /* TsPermanent, in order of entering */
  GArray *stack;           /* TsStackItem, bottom first */
  GArray *shields;         /* TsShield: damage prevention this turn */
  int turn;                /* 1-based; 0 before the game starts */
  int active;              /* seat whose turn it is */
  int priority;            /* seat holding priority (modern), else the active player */
  int passes;              /* consecutive passes since the last action */
  guint step;              /* index into profile->steps */
  const char *step_id;     /* profile->steps[step].id */
  const char *step_name;   /* display */
  const char *phase_name;  /* display */
  gboolean in_attack;      /* an attack is under way */
  gboolean attack_inferred; /* ... inferred from the camera (a creature turned sideways), so it
                            * ends when play shows it has: a land or slow spell, the next turn */
  int defender;            /* defending seat during an attack, -1 none */
  gboolean damage_dealt;   /* combat damage dealt in this attack (classic: only prevention,
                            * regeneration and interrupts now) */
  gboolean first_strike_done;
  gboolean game_over;
  int winner;              /* seat, -1 none; see draw */
  gboolean draw;           /* ended in a draw */
  GArray *warnings;        /* TsWarning, every warning of the effective events */
  GArray *inferred;        /* TsInference, everything inferred from the effective events */
  guint passed;            /* bit per seat: passed priority in the current run of passes
                            * (modern; cleared whenever passes is) */
  guint next_object;       /* next id the engine gives (from TS_ENGINE_OBJECT_BASE up) */
  guint n_events;          /* effective events applied */
  guint64 generation;      /* increases on every change; a UI compares it to refresh */
  GArray *assignments;     /* TsAssignment for the coming combat damage */
  gboolean ante;           /* played for ante (the winner takes each loser's ante card) */
  gboolean setup;          /* the table as found is still being declared: from game_start to
                            * the first ordinary event or setup_end (docs/events.md) */
  gboolean in_progress;    /* game_start said the game was under way when watching began */
} TsState;

TsState *ts_state_new (const TsProfile *profile);
TsState *ts_state_copy (const TsState *state);
/* The same without the warnings and inferences so far (both empty): small and quick, for
 * trying an event out on. */
TsState *ts_state_copy_without_log (const TsState *state);
void ts_state_free (TsState *state);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (TsState, ts_state_free)

/* The permanent with that id, or NULL. Pointer valid until the state next changes. */
TsPermanent *ts_state_find_permanent (const TsState *state, guint id);
/* Seat of the player with that name (case-folded), or -1. */
int ts_state_find_player (const TsState *state, const char *name);

/* The state as one JSON object (the `tablesight replay --json` contract, see docs/events.md). */
JsonNode *ts_state_to_json (const TsState *state);
/* A multi-line human summary. Free with g_free(). */
char *ts_state_to_text (const TsState *state);

G_END_DECLS
