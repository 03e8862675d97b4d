/* rules.h — inside libtsengine: card facts the rules need, and applying one event to a state.
 * Not a public header: the engine (engine.c) is the only caller.
 */
#pragma once

#include "engine.h"

G_BEGIN_DECLS

/* What the rules need to know about a card, from the card database, a define_card event or
 * the small built-in table (basic lands and well-known mana sources). */
typedef struct {
  char *name;
  char *cost;              /* "{X}{R}" */
  guint types;             /* TsCardType */
  guint supertypes;
  guint colors;            /* TsColor */
  int power, toughness;    /* printed; '*' counts as 0 */
  gboolean has_pt;
  guint64 keywords;        /* TsKeyword */
  gboolean wall;           /* creature type Wall: cannot attack (classic) */
  gboolean tap_ability;    /* a creature with a {T} ability that makes no mana: turned
                            * sideways it may be using it, not attacking */
  guint land_types;        /* TsColor bit per basic land type: Plains W ... Forest G */
  int mana[TS_MANA_N];     /* mana it adds when tapped, if a known mana source */
} TsFacts;

typedef struct {
  const TsCardDb *cards;
  GHashTable *cache;       /* folded name -> TsFacts*, from the db or built-ins (owned) */
  GPtrArray *defined_all;  /* every TsFacts a define_card made (owned) */
  GHashTable *defs;        /* folded name -> TsFacts* in effect for the current state */
} TsRules;

void ts_rules_init (TsRules *rules, const TsCardDb *cards);
void ts_rules_clear (TsRules *rules);
const TsFacts *ts_rules_facts (TsRules *rules, const char *name);
guint64 ts_rules_parse_keywords (const char *text);
/* "prevention", "redirection" or "regeneration" for a card whose spell or ability answers
 * damage that way (the 1993 cards); NULL for any other or an unknown card. */
const char *ts_rules_damage_answer (const char *name);

/* Applies event (log position index) to state; fills verdict (warnings appended to
 * state->warnings). fixed_profile non-NULL overrides the game_start's profile. */
void ts_rules_apply (TsRules *rules, const TsProfile *fixed_profile, TsState *state,
                     const TsEvent *event, guint index, TsVerdict *verdict);

/* TRUE when event, applied to state now, is part of the table as found (docs/events.md):
 * a move/tap/untap/life/poison/counter with the setup flag, or, in a game that was already
 * under way when watching began, a camera move to the battlefield while setup is open. */
gboolean ts_rules_is_setup (const TsState *state, const TsEvent *event);

/* Recomputes every player's timing window. */
void ts_rules_update_timing (TsState *state);

G_END_DECLS
