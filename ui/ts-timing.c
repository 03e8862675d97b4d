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
  g_autofree char *where = NULL;
  if (state->phase_name != NULL && state->step_name != NULL &&
      g_strcmp0 (state->phase_name, state->step_name) != 0)
    where = g_strdup_printf ("%s, %s", state->phase_name, state->step_name);
  else
    where = g_strdup (state->step_name != NULL ? state->step_name : "");
  return g_strdup_printf ("Turn %d · %s's turn · %s", state->turn, name, where);
}
