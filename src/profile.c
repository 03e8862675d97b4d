/* profile.c — the built-in rules profiles as data: the 1993 turn and the modern turn. */
#include "profile.h"

#include <string.h>

#define B(k) TS_SPELL_BIT (TS_SPELL_##k)
#define FAST TS_SPELLS_FAST
#define SLOW TS_SPELLS_SLOW
#define MAIN_ACTIVE (B (LAND) | SLOW | FAST)

/* The 1993 turn (patent "Executing a turn"; rulebook "Sequence of play"). The attack lives
 * inside the main phase; its steps are optional and keep the pool, which empties only as the
 * attack begins and ends. */
static const TsStepDef classic_steps[] = {
  { "untap", "Untap phase", "Untap phase", TS_STEP_FLAG_UNTAP, 0, 0,
    "Untap phase: nobody may cast spells or use effects.",
    "Untap phase: nobody may cast spells or use effects." },
  { "upkeep", "Upkeep phase", "Upkeep phase", TS_STEP_FLAG_UPKEEP, FAST, FAST,
    "Upkeep: fast effects only (instants, interrupts, abilities).",
    "Upkeep: fast effects only (instants, interrupts, abilities)." },
  { "draw", "Draw phase", "Draw phase", TS_STEP_FLAG_DRAW, FAST, FAST,
    "Draw phase: fast effects only.", "Draw phase: fast effects only." },
  { "main", "Main phase", "Main phase", TS_STEP_FLAG_MAIN, MAIN_ACTIVE, FAST,
    "Your main phase: one land, summons, sorceries, artifacts, enchantments and fast effects.",
    "Opponent's main phase: fast effects only." },
  { "attack", "Attack: attackers declared", "Main phase — attack",
    TS_STEP_FLAG_COMBAT | TS_STEP_FLAG_ATTACKERS | TS_STEP_FLAG_KEEP_POOL | TS_STEP_FLAG_OPTIONAL,
    FAST, FAST, "During an attack only fast effects may be played.",
    "During an attack only fast effects may be played." },
  { "block", "Attack: defenders chosen", "Main phase — attack",
    TS_STEP_FLAG_COMBAT | TS_STEP_FLAG_BLOCKERS | TS_STEP_FLAG_KEEP_POOL | TS_STEP_FLAG_OPTIONAL,
    FAST, FAST, "During an attack only fast effects may be played.",
    "During an attack only fast effects may be played." },
  { "damage", "Attack: damage", "Main phase — attack",
    TS_STEP_FLAG_COMBAT | TS_STEP_FLAG_DAMAGE | TS_STEP_FLAG_KEEP_POOL | TS_STEP_FLAG_OPTIONAL,
    B (INSTANT) | B (INTERRUPT) | B (ABILITY) | B (MANA_ABILITY),
    B (INSTANT) | B (INTERRUPT) | B (ABILITY) | B (MANA_ABILITY),
    "Damage assigned: only prevention, redirection, regeneration and interrupts.",
    "Damage assigned: only prevention, redirection, regeneration and interrupts." },
  { "attack_end", "Attack: end", "Main phase — attack",
    TS_STEP_FLAG_COMBAT | TS_STEP_FLAG_COMBAT_END | TS_STEP_FLAG_OPTIONAL, FAST, FAST,
    "The attack is ending: fast effects only.", "The attack is ending: fast effects only." },
  { "main_after", "Main phase (after the attack)", "Main phase",
    TS_STEP_FLAG_MAIN | TS_STEP_FLAG_OPTIONAL, (B (LAND) | SLOW | FAST), FAST,
    "Your main phase after the attack: one land, spells of every kind; no second attack.",
    "Opponent's main phase: fast effects only." },
  { "discard", "Discard phase", "Discard phase", TS_STEP_FLAG_DISCARD, FAST, FAST,
    "Discard down to seven cards: fast effects only.",
    "Discard phase: fast effects only." },
  { "end", "End of turn", "End of turn", TS_STEP_FLAG_END, FAST, FAST,
    "You have said your turn is done: fast effects only.",
    "The turn is ending: you may answer with fast effects." },
  { "heal", "Heal creatures", "End of turn", TS_STEP_FLAG_CLEANUP, FAST, FAST,
    "Creatures heal and \"until end of turn\" effects end.",
    "Creatures heal and \"until end of turn\" effects end." },
};

static const TsStepDef modern_steps[] = {
  { "untap", "Untap step", "Beginning phase", TS_STEP_FLAG_UNTAP, 0, 0,
    "Untap step: no player gets priority.", "Untap step: no player gets priority." },
  { "upkeep", "Upkeep step", "Beginning phase", TS_STEP_FLAG_UPKEEP, FAST, FAST,
    "Upkeep: instants and abilities only.", "Upkeep: instants and abilities only." },
  { "draw", "Draw step", "Beginning phase", TS_STEP_FLAG_DRAW, FAST, FAST,
    "Draw step: instants and abilities only.", "Draw step: instants and abilities only." },
  { "main1", "Precombat main phase", "Precombat main phase", TS_STEP_FLAG_MAIN, MAIN_ACTIVE,
    FAST, "Your main phase: with an empty stack, any spell and one land.",
    "Opponent's main phase: instants and abilities only." },
  { "begin_combat", "Beginning of combat step", "Combat phase", TS_STEP_FLAG_COMBAT, FAST, FAST,
    "Combat: instants and abilities only.", "Combat: instants and abilities only." },
  { "declare_attackers", "Declare attackers step", "Combat phase",
    TS_STEP_FLAG_COMBAT | TS_STEP_FLAG_ATTACKERS, FAST, FAST,
    "Combat: instants and abilities only.", "Combat: instants and abilities only." },
  { "declare_blockers", "Declare blockers step", "Combat phase",
    TS_STEP_FLAG_COMBAT | TS_STEP_FLAG_BLOCKERS, FAST, FAST,
    "Combat: instants and abilities only.", "Combat: instants and abilities only." },
  { "first_strike_damage", "First-strike damage step", "Combat phase",
    TS_STEP_FLAG_COMBAT | TS_STEP_FLAG_DAMAGE | TS_STEP_FLAG_FIRST_STRIKE | TS_STEP_FLAG_OPTIONAL,
    FAST, FAST, "Combat: instants and abilities only.", "Combat: instants and abilities only." },
  { "combat_damage", "Combat damage step", "Combat phase",
    TS_STEP_FLAG_COMBAT | TS_STEP_FLAG_DAMAGE, FAST, FAST,
    "Combat: instants and abilities only.", "Combat: instants and abilities only." },
  { "end_combat", "End of combat step", "Combat phase",
    TS_STEP_FLAG_COMBAT | TS_STEP_FLAG_COMBAT_END, FAST, FAST,
    "Combat: instants and abilities only.", "Combat: instants and abilities only." },
  { "main2", "Postcombat main phase", "Postcombat main phase", TS_STEP_FLAG_MAIN, MAIN_ACTIVE,
    FAST, "Your main phase: with an empty stack, any spell and one land.",
    "Opponent's main phase: instants and abilities only." },
  { "end", "End step", "Ending phase", TS_STEP_FLAG_END, FAST, FAST,
    "End step: instants and abilities only.", "End step: instants and abilities only." },
  { "cleanup", "Cleanup step", "Ending phase", TS_STEP_FLAG_CLEANUP | TS_STEP_FLAG_DISCARD, 0, 0,
    "Cleanup: discard to hand size, damage wears off; no player gets priority.",
    "Cleanup: no player gets priority." },
};

static const TsProfile classic_profile = {
  .id = "classic",
  .name = "Classic (1993)",
  .steps = classic_steps,
  .n_steps = G_N_ELEMENTS (classic_steps),
  .starting_life = 20,
  .hand_size = 7,
  .lands_per_turn = 1,
  .attacks_per_turn = 1,
  .poison_to_lose = 10,
  .mana_burn = TRUE,
  .pool_empties_on_attack = TRUE,
  .stack = FALSE,
  .interrupts = TRUE,
  .banding = TRUE,
  .first_player_skips_draw = FALSE,
  .life_checked_at_phase_end = TRUE,
  .after_damage_limited = TRUE,
  .commander_allowed = FALSE,
  .commander_life = 40,
  .commander_damage_to_lose = 21,
};

static const TsProfile modern_profile = {
  .id = "modern",
  .name = "Modern",
  .steps = modern_steps,
  .n_steps = G_N_ELEMENTS (modern_steps),
  .starting_life = 20,
  .hand_size = 7,
  .lands_per_turn = 1,
  .attacks_per_turn = 1,
  .poison_to_lose = 10,
  .mana_burn = FALSE,
  .pool_empties_on_attack = FALSE,
  .stack = TRUE,
  .interrupts = FALSE,
  .banding = FALSE,
  .first_player_skips_draw = TRUE,
  .life_checked_at_phase_end = FALSE,
  .commander_allowed = TRUE,
  .commander_life = 40,
  .commander_damage_to_lose = 21,
};

const TsProfile *
ts_profile_classic (void)
{
  return &classic_profile;
}

const TsProfile *
ts_profile_modern (void)
{
  return &modern_profile;
}

const TsProfile *
ts_profile_lookup (const char *id)
{
  if (id == NULL)
    return NULL;
  if (g_ascii_strcasecmp (id, "classic") == 0 || strcmp (id, "1993") == 0)
    return &classic_profile;
  if (g_ascii_strcasecmp (id, "modern") == 0)
    return &modern_profile;
  return NULL;
}

int
ts_profile_step_index (const TsProfile *profile, const char *step_id)
{
  if (profile == NULL || step_id == NULL)
    return -1;
  for (guint i = 0; i < profile->n_steps; i++)
    if (strcmp (profile->steps[i].id, step_id) == 0)
      return (int) i;
  return -1;
}

static const char *const kind_names[TS_SPELL_KIND_N] = {
  "land", "creature", "sorcery", "artifact", "enchantment", "instant", "interrupt", "ability",
  "mana_ability",
};
static const char *const kind_display[TS_SPELL_KIND_N] = {
  "Land", "Creature/Summon", "Sorcery", "Artifact", "Enchantment", "Instant", "Interrupt",
  "Fast effect/ability", "Mana ability",
};

const char *
ts_spell_kind_name (TsSpellKind kind)
{
  return (kind >= 0 && kind < TS_SPELL_KIND_N) ? kind_names[kind] : "unknown";
}

const char *
ts_spell_kind_display (TsSpellKind kind)
{
  return (kind >= 0 && kind < TS_SPELL_KIND_N) ? kind_display[kind] : "Unknown";
}
