/* profile.h — a rules profile: a game's turn structure and timing rules as data tables, so
 * that the engine stays one engine and further games are new tables. Two are built in:
 * "classic" (the 1993 rules) and "modern" (the Comprehensive Rules turn).
 *
 * Ownership: profiles are static constant data; never freed.
 */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Kinds of things a player may cast or use; the timing window says which are allowed now. */
typedef enum {
  TS_SPELL_LAND,          /* play a land */
  TS_SPELL_CREATURE,      /* summon / creature spell */
  TS_SPELL_SORCERY,
  TS_SPELL_ARTIFACT,
  TS_SPELL_ENCHANTMENT,
  TS_SPELL_INSTANT,
  TS_SPELL_INTERRUPT,     /* classic: resolves at once */
  TS_SPELL_ABILITY,       /* fast effect: an activated ability of a permanent */
  TS_SPELL_MANA_ABILITY,  /* tapping a land or Mana ability */
  TS_SPELL_KIND_N,
} TsSpellKind;

#define TS_SPELL_BIT(k) (1u << (k))
#define TS_SPELLS_FAST (TS_SPELL_BIT (TS_SPELL_INSTANT) | TS_SPELL_BIT (TS_SPELL_INTERRUPT) | \
                        TS_SPELL_BIT (TS_SPELL_ABILITY) | TS_SPELL_BIT (TS_SPELL_MANA_ABILITY))
#define TS_SPELLS_SLOW (TS_SPELL_BIT (TS_SPELL_CREATURE) | TS_SPELL_BIT (TS_SPELL_SORCERY) | \
                        TS_SPELL_BIT (TS_SPELL_ARTIFACT) | TS_SPELL_BIT (TS_SPELL_ENCHANTMENT))

typedef enum {
  TS_STEP_FLAG_UNTAP    = 1 << 0, /* permanents untap; nobody may cast */
  TS_STEP_FLAG_UPKEEP   = 1 << 1,
  TS_STEP_FLAG_DRAW     = 1 << 2, /* the active player draws */
  TS_STEP_FLAG_MAIN     = 1 << 3, /* slow spells and lands allowed for the active player */
  TS_STEP_FLAG_COMBAT   = 1 << 4, /* part of an attack */
  TS_STEP_FLAG_ATTACKERS = 1 << 5, /* attackers are declared here */
  TS_STEP_FLAG_BLOCKERS = 1 << 6, /* blockers are declared here */
  TS_STEP_FLAG_DAMAGE   = 1 << 7, /* combat damage is dealt on entering */
  TS_STEP_FLAG_FIRST_STRIKE = 1 << 8, /* only first/double strikers deal damage */
  TS_STEP_FLAG_COMBAT_END = 1 << 9, /* attack ends on leaving */
  TS_STEP_FLAG_DISCARD  = 1 << 10, /* hand down to the maximum */
  TS_STEP_FLAG_END      = 1 << 11,
  TS_STEP_FLAG_CLEANUP  = 1 << 12, /* damage heals, "until end of turn" ends */
  TS_STEP_FLAG_OPTIONAL = 1 << 13, /* skipped when nothing happens (first strike step) */
  TS_STEP_FLAG_KEEP_POOL = 1 << 14, /* leaving it does not empty the mana pool (inside a
                                     * classic attack, which empties it only at its start/end) */
} TsStepFlag;

typedef struct {
  const char *id;          /* stable id used in events: "untap", "main1", "declare_blockers" */
  const char *name;        /* display: "Declare blockers step" */
  const char *phase;       /* display of the phase it belongs to: "Combat phase" */
  guint flags;             /* TsStepFlag bits */
  guint active_allowed;    /* TsSpellKind bits the active player may use (stack empty) */
  guint other_allowed;     /* TsSpellKind bits the other players may use */
  const char *why_active;  /* human sentence for the timing window */
  const char *why_other;
} TsStepDef;

typedef struct {
  const char *id;             /* "classic", "modern" */
  const char *name;           /* "Classic (1993)" */
  const TsStepDef *steps;
  guint n_steps;
  int starting_life;          /* 20 */
  int hand_size;              /* 7 */
  int lands_per_turn;         /* 1 */
  int attacks_per_turn;       /* classic: 1; modern: 1 combat phase */
  int poison_to_lose;         /* 10 */
  gboolean mana_burn;         /* unused mana costs 1 life each when the pool empties */
  gboolean pool_empties_on_attack; /* classic: also when an attack begins and ends */
  gboolean stack;             /* modern: priority and a last-in-first-out stack */
  gboolean interrupts;        /* classic: interrupts resolve at once, instants wait */
  gboolean banding;
  gboolean first_player_skips_draw; /* two-player games */
  gboolean life_checked_at_phase_end; /* classic: losing is checked at phase ends and attack
                                       * start/end; modern: state-based actions at once */
  gboolean after_damage_limited; /* classic: once combat damage is assigned, only damage
                                 * prevention, redirection, regeneration and interrupts until
                                 * the damage step is over (the patent's "Attack" rules) */
  gboolean commander_allowed; /* 40 life, 21 commander damage */
  int commander_life;
  int commander_damage_to_lose;
} TsProfile;

const TsProfile *ts_profile_classic (void);
const TsProfile *ts_profile_modern (void);
/* By id ("classic", "modern", also "1993"); NULL when unknown. */
const TsProfile *ts_profile_lookup (const char *id);
/* Index of the step with that id, or -1. */
int ts_profile_step_index (const TsProfile *profile, const char *step_id);

/* "land", "creature", ... (JSON names); display names "Land", "Creature/Summon", ... */
const char *ts_spell_kind_name (TsSpellKind kind);
const char *ts_spell_kind_display (TsSpellKind kind);

G_END_DECLS
