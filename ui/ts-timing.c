/* ts-timing.c — words for the timing window. The engine decides what is allowed (per player,
 * per spell kind); this file only chooses how a referee says it. */
#include "ts-timing.h"

/* Plural words in the order a player thinks of them: slow things first. */
static const struct {
  TsSpellKind kind;
  const char *words;
} kind_words[] = {
  { TS_SPELL_SORCERY, "sorceries" },
  { TS_SPELL_CREATURE, "creatures" },
  { TS_SPELL_ARTIFACT, "artifacts" },
  { TS_SPELL_ENCHANTMENT, "enchantments" },
  { TS_SPELL_INSTANT, "instants" },
  { TS_SPELL_INTERRUPT, "interrupts" },
};

static void
describe_player (GString *out, const TsState *state, const TsPlayer *player)
{
  const gboolean *allowed = player->timing.allowed;
  gboolean any = FALSE;

  g_string_append_printf (out, "%s may cast: ", player->name);
  for (guint k = 0; k < G_N_ELEMENTS (kind_words); k++) {
    if (kind_words[k].kind == TS_SPELL_INTERRUPT && state->profile != NULL &&
        !state->profile->interrupts)
      continue;
    if (!allowed[kind_words[k].kind])
      continue;
    g_string_append_printf (out, "%s%s", any ? ", " : "", kind_words[k].words);
    any = TRUE;
  }
  if (!any && (allowed[TS_SPELL_ABILITY] || allowed[TS_SPELL_MANA_ABILITY])) {
    g_string_append (out, allowed[TS_SPELL_ABILITY] ? "fast effects" : "mana abilities");
    any = TRUE;
  }
  if (!any)
    g_string_append (out, "nothing");
}

char *
ts_timing_describe (const TsState *state)
{
  g_return_val_if_fail (state != NULL, NULL);

  if (!state->started)
    return g_strdup ("No game yet — start one with New Game (Ctrl+N)");
  if (state->game_over) {
    if (state->draw)
      return g_strdup ("Game over: a draw");
    if (state->winner >= 0 && state->winner < state->n_players)
      return g_strdup_printf ("Game over: %s wins", state->players[state->winner].name);
    return g_strdup ("Game over");
  }

  GString *out = g_string_new (NULL);
  gboolean first = TRUE;
  /* Active player first: their options are the ones the table is waiting on. */
  for (int i = 0; i < state->n_players; i++) {
    int seat = (state->active + i) % state->n_players;
    const TsPlayer *player = &state->players[seat];
    if (!player->in_game)
      continue;
    if (!first)
      g_string_append (out, " · ");
    describe_player (out, state, player);
    first = FALSE;
  }
  return g_string_free (out, FALSE);
}

const char *
ts_timing_why (const TsState *state)
{
  g_return_val_if_fail (state != NULL, NULL);
  if (!state->started || state->game_over || state->active < 0 ||
      state->active >= state->n_players)
    return NULL;
  const char *why = state->players[state->active].timing.why;
  return why != NULL && why[0] != '\0' ? why : NULL;
}

char *
ts_timing_status (const TsState *state)
{
  g_return_val_if_fail (state != NULL, NULL);
  if (!state->started)
    return g_strdup ("No game");
  const char *name = state->active >= 0 && state->active < state->n_players
                     ? state->players[state->active].name : "?";
  return g_strdup_printf ("Turn %d · %s's turn · %s", state->turn, name,
                          state->step_name != NULL ? state->step_name : "");
}

/* Short labels by step id, for both built-in profiles; a further profile's steps fall back
 * to their display name. */
static const struct {
  const char *id;
  const char *label;
} step_labels[] = {
  { "untap", "Untap" }, { "upkeep", "Upkeep" }, { "draw", "Draw" }, { "main", "Main" },
  { "attack", "Attack" }, { "block", "Block" }, { "damage", "Damage" },
  { "attack_end", "Attack ends" }, { "main_after", "Main 2" }, { "discard", "Discard" },
  { "end", "End" }, { "heal", "Heal" }, { "main1", "Main 1" }, { "begin_combat", "Combat" },
  { "declare_attackers", "Attackers" }, { "declare_blockers", "Blockers" },
  { "first_strike_damage", "First strike" }, { "combat_damage", "Damage" },
  { "end_combat", "Combat ends" }, { "main2", "Main 2" }, { "cleanup", "Cleanup" },
};

const char *
ts_timing_step_label (const TsStepDef *step)
{
  g_return_val_if_fail (step != NULL, "");
  for (guint i = 0; i < G_N_ELEMENTS (step_labels); i++)
    if (g_strcmp0 (step->id, step_labels[i].id) == 0)
      return step_labels[i].label;
  return step->name != NULL ? step->name : "";
}
