/* state.c — game state lifetime, deep copies (the engine's snapshots) and its JSON/text views. */
#include "state.h"
#include "cards.h"

#include <string.h>

static void
counter_clear (gpointer p)
{
  TsCounter *c = p;
  g_free (c->name);
}

static void
permanent_clear (gpointer p)
{
  TsPermanent *perm = p;
  g_free (perm->card);
  g_clear_pointer (&perm->counters, g_array_unref);
}

static void
stack_item_clear (gpointer p)
{
  TsStackItem *s = p;
  g_free (s->card);
}

static void
warning_clear (gpointer p)
{
  TsWarning *w = p;
  g_free (w->rule);
  g_free (w->message);
}

static void
inference_clear (gpointer p)
{
  TsInference *in = p;
  g_free (in->reason);
}

static void
shield_clear (gpointer p)
{
  TsShield *s = p;
  g_free (s->source_card);
  g_free (s->by);
}

static GArray *
new_array (gsize elt, GDestroyNotify clear)
{
  GArray *a = g_array_new (FALSE, TRUE, (guint) elt);
  if (clear)
    g_array_set_clear_func (a, clear);
  return a;
}

TsState *
ts_state_new (const TsProfile *profile)
{
  TsState *s = g_new0 (TsState, 1);
  s->profile = profile ? profile : ts_profile_classic ();
  s->permanents = new_array (sizeof (TsPermanent), permanent_clear);
  s->stack = new_array (sizeof (TsStackItem), stack_item_clear);
  s->shields = new_array (sizeof (TsShield), shield_clear);
  s->warnings = new_array (sizeof (TsWarning), warning_clear);
  s->inferred = new_array (sizeof (TsInference), inference_clear);
  s->assignments = new_array (sizeof (TsAssignment), NULL);
  s->winner = -1;
  s->defender = -1;
  s->next_object = TS_ENGINE_OBJECT_BASE;
  s->step_id = s->profile->steps[0].id;
  s->step_name = s->profile->steps[0].name;
  s->phase_name = s->profile->steps[0].phase;
  for (int i = 0; i < TS_MAX_PLAYERS; i++) {
    s->players[i].graveyard = g_ptr_array_new_with_free_func (g_free);
    s->players[i].exile = g_ptr_array_new_with_free_func (g_free);
    s->players[i].library = -1;
    s->players[i].hand = -1;
  }
  return s;
}

void
ts_state_free (TsState *s)
{
  if (s == NULL)
    return;
  g_array_unref (s->permanents);
  g_array_unref (s->stack);
  g_array_unref (s->shields);
  g_array_unref (s->warnings);
  g_array_unref (s->inferred);
  g_array_unref (s->assignments);
  for (int i = 0; i < TS_MAX_PLAYERS; i++) {
    g_free (s->players[i].name);
    g_free (s->players[i].lost_why);
    g_free (s->players[i].timing.why);
    g_ptr_array_unref (s->players[i].graveyard);
    g_ptr_array_unref (s->players[i].exile);
  }
  g_free (s);
}

static GPtrArray *
copy_strv (GPtrArray *a)
{
  GPtrArray *c = g_ptr_array_new_full (a->len, g_free);
  for (guint i = 0; i < a->len; i++)
    g_ptr_array_add (c, g_strdup (a->pdata[i]));
  return c;
}

static TsState *copy_state (const TsState *src, gboolean with_log);

TsState *
ts_state_copy (const TsState *src)
{
  return copy_state (src, TRUE);
}

TsState *
ts_state_copy_without_log (const TsState *src)
{
  return copy_state (src, FALSE);
}

static TsState *
copy_state (const TsState *src, gboolean with_log)
{
  TsState *s = g_new (TsState, 1);
  *s = *src;
  for (int i = 0; i < TS_MAX_PLAYERS; i++) {
    TsPlayer *p = &s->players[i];
    p->name = g_strdup (p->name);
    p->lost_why = g_strdup (p->lost_why);
    p->timing.why = g_strdup (p->timing.why);
    p->graveyard = copy_strv (src->players[i].graveyard);
    p->exile = copy_strv (src->players[i].exile);
  }
  s->permanents = new_array (sizeof (TsPermanent), permanent_clear);
  g_array_append_vals (s->permanents, src->permanents->data, src->permanents->len);
  for (guint i = 0; i < s->permanents->len; i++) {
    TsPermanent *p = &g_array_index (s->permanents, TsPermanent, i);
    p->card = g_strdup (p->card);
    if (p->counters) {
      GArray *c = new_array (sizeof (TsCounter), counter_clear);
      g_array_append_vals (c, p->counters->data, p->counters->len);
      for (guint j = 0; j < c->len; j++)
        g_array_index (c, TsCounter, j).name = g_strdup (g_array_index (c, TsCounter, j).name);
      p->counters = c;
    }
  }
  s->stack = new_array (sizeof (TsStackItem), stack_item_clear);
  g_array_append_vals (s->stack, src->stack->data, src->stack->len);
  for (guint i = 0; i < s->stack->len; i++)
    g_array_index (s->stack, TsStackItem, i).card = g_strdup (g_array_index (s->stack, TsStackItem, i).card);
  s->shields = new_array (sizeof (TsShield), shield_clear);
  g_array_append_vals (s->shields, src->shields->data, src->shields->len);
  for (guint i = 0; i < s->shields->len; i++) {
    TsShield *sh = &g_array_index (s->shields, TsShield, i);
    sh->source_card = g_strdup (sh->source_card);
    sh->by = g_strdup (sh->by);
  }
  s->warnings = new_array (sizeof (TsWarning), warning_clear);
  if (with_log)
    g_array_append_vals (s->warnings, src->warnings->data, src->warnings->len);
  for (guint i = 0; i < s->warnings->len; i++) {
    TsWarning *w = &g_array_index (s->warnings, TsWarning, i);
    w->rule = g_strdup (w->rule);
    w->message = g_strdup (w->message);
  }
  s->inferred = new_array (sizeof (TsInference), inference_clear);
  if (with_log)
    g_array_append_vals (s->inferred, src->inferred->data, src->inferred->len);
  for (guint i = 0; i < s->inferred->len; i++) {
    TsInference *in = &g_array_index (s->inferred, TsInference, i);
    in->reason = g_strdup (in->reason);
  }
  s->assignments = new_array (sizeof (TsAssignment), NULL);
  g_array_append_vals (s->assignments, src->assignments->data, src->assignments->len);
  return s;
}

TsPermanent *
ts_state_find_permanent (const TsState *s, guint id)
{
  if (id == 0)
    return NULL;
  for (guint i = 0; i < s->permanents->len; i++) {
    TsPermanent *p = &g_array_index (s->permanents, TsPermanent, i);
    if (p->id == id)
      return p;
  }
  return NULL;
}

int
ts_state_find_player (const TsState *s, const char *name)
{
  if (name == NULL)
    return -1;
  for (int i = 0; i < s->n_players; i++)
    if (s->players[i].name && g_utf8_collate (s->players[i].name, name) == 0)
      return i;
  for (int i = 0; i < s->n_players; i++)
    if (s->players[i].name && g_ascii_strcasecmp (s->players[i].name, name) == 0)
      return i;
  return -1;
}

static const char *
player_name (const TsState *s, int seat)
{
  if (seat < 0 || seat >= s->n_players)
    return NULL;
  return s->players[seat].name;
}

static void
add_mana_object (JsonBuilder *b, const int mana[TS_MANA_N])
{
  json_builder_begin_object (b);
  for (int c = 0; c < TS_MANA_N; c++) {
    json_builder_set_member_name (b, ts_mana_color_letter (c));
    json_builder_add_int_value (b, mana[c]);
  }
  json_builder_end_object (b);
}

static void
add_timing (JsonBuilder *b, const TsTimingWindow *t)
{
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "allowed");
  json_builder_begin_array (b);
  for (int k = 0; k < TS_SPELL_KIND_N; k++)
    if (t->allowed[k])
      json_builder_add_string_value (b, ts_spell_kind_name (k));
  json_builder_end_array (b);
  for (int k = 0; k < TS_SPELL_KIND_N; k++) {
    json_builder_set_member_name (b, ts_spell_kind_name (k));
    json_builder_add_boolean_value (b, t->allowed[k]);
  }
  json_builder_set_member_name (b, "why");
  json_builder_add_string_value (b, t->why ? t->why : "");
  json_builder_end_object (b);
}

#define MEMBER_INT(b, name, v) (json_builder_set_member_name (b, name), json_builder_add_int_value (b, v))
#define MEMBER_BOOL(b, name, v) (json_builder_set_member_name (b, name), json_builder_add_boolean_value (b, v))
#define MEMBER_STR(b, name, v) (json_builder_set_member_name (b, name), \
                                (v) ? json_builder_add_string_value (b, v) : json_builder_add_null_value (b))

JsonNode *
ts_state_to_json (const TsState *s)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  json_builder_begin_object (b);
  MEMBER_STR (b, "profile", s->profile->id);
  MEMBER_INT (b, "turn", s->turn);
  MEMBER_INT (b, "active", s->active);
  MEMBER_STR (b, "active_player", player_name (s, s->active));
  MEMBER_STR (b, "step", s->step_id);
  MEMBER_STR (b, "step_name", s->step_name);
  MEMBER_STR (b, "phase", s->phase_name);
  if (s->profile->stack)
    MEMBER_STR (b, "priority", player_name (s, s->priority));
  MEMBER_BOOL (b, "in_attack", s->in_attack);
  MEMBER_BOOL (b, "attack_inferred", s->attack_inferred);
  MEMBER_STR (b, "defender", player_name (s, s->defender));
  MEMBER_BOOL (b, "commander", s->commander);
  MEMBER_BOOL (b, "ante", s->ante);
  MEMBER_BOOL (b, "setup", s->setup);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (int i = 0; i < s->n_players; i++) {
    const TsPlayer *p = &s->players[i];
    json_builder_begin_object (b);
    MEMBER_INT (b, "seat", i);
    MEMBER_STR (b, "name", p->name);
    MEMBER_INT (b, "life", p->life);
    MEMBER_INT (b, "poison", p->poison);
    json_builder_set_member_name (b, "mana");
    add_mana_object (b, p->mana);
    MEMBER_INT (b, "lands_played", p->lands_played);
    MEMBER_INT (b, "attacks", p->attacks);
    MEMBER_BOOL (b, "in_game", p->in_game);
    MEMBER_STR (b, "lost_why", p->lost_why);
    MEMBER_INT (b, "library", p->library);
    MEMBER_INT (b, "hand", p->hand);
    MEMBER_INT (b, "graveyard", p->graveyard->len);
    if (s->commander) {
      json_builder_set_member_name (b, "commander_damage");
      json_builder_begin_array (b);
      for (int j = 0; j < s->n_players; j++)
        json_builder_add_int_value (b, p->commander_damage[j]);
      json_builder_end_array (b);
      MEMBER_INT (b, "commander_casts", p->commander_casts);
    }
    json_builder_set_member_name (b, "timing");
    add_timing (b, &p->timing);
    json_builder_end_object (b);
  }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "permanents");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->permanents->len; i++) {
    const TsPermanent *p = &g_array_index (s->permanents, TsPermanent, i);
    json_builder_begin_object (b);
    MEMBER_INT (b, "id", p->id);
    MEMBER_STR (b, "card", p->card);
    MEMBER_INT (b, "controller", p->controller);
    MEMBER_INT (b, "owner", p->owner);
    MEMBER_BOOL (b, "tapped", p->tapped);
    MEMBER_INT (b, "damage", p->damage);
    MEMBER_BOOL (b, "summoning_sick", p->summoning_sick);
    MEMBER_BOOL (b, "as_found", p->as_found);
    MEMBER_BOOL (b, "attacking", p->attacking);
    MEMBER_BOOL (b, "blocked", p->blocked);
    json_builder_set_member_name (b, "blocking");
    if (p->blocking)
      json_builder_add_int_value (b, p->blocking);
    else
      json_builder_add_null_value (b);
    if (p->types & TS_TYPE_CREATURE) {
      MEMBER_INT (b, "power", p->power);
      MEMBER_INT (b, "toughness", p->toughness);
    }
    MEMBER_BOOL (b, "lethal", p->lethal);
    MEMBER_BOOL (b, "seen", p->seen);
    if (p->band)
      MEMBER_INT (b, "band", p->band);
    if (p->regen_shields)
      MEMBER_INT (b, "regeneration_shields", p->regen_shields);
    if (p->counters && p->counters->len) {
      json_builder_set_member_name (b, "counters");
      json_builder_begin_object (b);
      for (guint j = 0; j < p->counters->len; j++)
        MEMBER_INT (b, g_array_index (p->counters, TsCounter, j).name,
                    g_array_index (p->counters, TsCounter, j).n);
      json_builder_end_object (b);
    }
    json_builder_end_object (b);
  }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "stack");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->stack->len; i++) {
    const TsStackItem *it = &g_array_index (s->stack, TsStackItem, i);
    json_builder_begin_object (b);
    MEMBER_INT (b, "id", it->id);
    MEMBER_STR (b, "card", it->card);
    MEMBER_INT (b, "controller", it->controller);
    MEMBER_STR (b, "kind", ts_spell_kind_name (it->kind));
    if (it->x)
      MEMBER_INT (b, "x", it->x);
    json_builder_end_object (b);
  }
  json_builder_end_array (b);

  json_builder_set_member_name (b, "combat");
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "attackers");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->permanents->len; i++)
    if (g_array_index (s->permanents, TsPermanent, i).attacking)
      json_builder_add_int_value (b, g_array_index (s->permanents, TsPermanent, i).id);
  json_builder_end_array (b);
  json_builder_set_member_name (b, "blocks");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->permanents->len; i++) {
    const TsPermanent *p = &g_array_index (s->permanents, TsPermanent, i);
    if (p->blocking == 0)
      continue;
    json_builder_begin_object (b);
    MEMBER_INT (b, "blocker", p->id);
    MEMBER_INT (b, "attacker", p->blocking);
    json_builder_end_object (b);
  }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "assignments");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->assignments->len; i++) {
    const TsAssignment *a = &g_array_index (s->assignments, TsAssignment, i);
    json_builder_begin_object (b);
    MEMBER_INT (b, "source", a->source);
    if (a->target)
      MEMBER_INT (b, "target", a->target);
    else
      MEMBER_STR (b, "target_player", player_name (s, a->target_player));
    MEMBER_INT (b, "amount", a->amount);
    json_builder_end_object (b);
  }
  json_builder_end_array (b);
  json_builder_end_object (b);

  MEMBER_BOOL (b, "game_over", s->game_over);
  MEMBER_STR (b, "winner", s->game_over && !s->draw ? player_name (s, s->winner) : NULL);
  MEMBER_BOOL (b, "draw", s->draw);
  MEMBER_INT (b, "events", s->n_events);
  json_builder_set_member_name (b, "warnings");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->warnings->len; i++) {
    const TsWarning *w = &g_array_index (s->warnings, TsWarning, i);
    json_builder_begin_object (b);
    MEMBER_INT (b, "event", w->event_index);
    MEMBER_STR (b, "rule", w->rule);
    MEMBER_STR (b, "message", w->message);
    MEMBER_STR (b, "player", player_name (s, w->player));
    if (w->object)
      MEMBER_INT (b, "object", w->object);
    json_builder_end_object (b);
  }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "inferred");
  json_builder_begin_array (b);
  for (guint i = 0; i < s->inferred->len; i++) {
    const TsInference *in = &g_array_index (s->inferred, TsInference, i);
    json_builder_begin_object (b);
    MEMBER_INT (b, "event", in->event_index);
    MEMBER_STR (b, "kind", ts_event_kind_name (in->kind));
    MEMBER_STR (b, "source", "engine");
    MEMBER_STR (b, "player", player_name (s, in->player));
    MEMBER_INT (b, "turn", in->turn);
    MEMBER_STR (b, "step", in->step);
    if (in->object)
      MEMBER_INT (b, "object", in->object);
    MEMBER_STR (b, "reason", in->reason);
    json_builder_end_object (b);
  }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

char *
ts_state_to_text (const TsState *s)
{
  GString *out = g_string_new (NULL);
  g_string_append_printf (out, "Profile: %s\n", s->profile->name);
  if (!s->started) {
    g_string_append (out, "No game started.\n");
    return g_string_free (out, FALSE);
  }
  g_string_append_printf (out, "Turn %d, %s — %s (%s)\n", s->turn,
                          player_name (s, s->active) ? player_name (s, s->active) : "?",
                          s->step_name, s->phase_name);
  for (int i = 0; i < s->n_players; i++) {
    const TsPlayer *p = &s->players[i];
    g_autofree char *pool = ts_mana_format (p->mana);
    g_string_append_printf (out, "%s: life %d, poison %d, mana pool %s, lands played %d%s%s\n",
                            p->name, p->life, p->poison, *pool ? pool : "empty",
                            p->lands_played, p->in_game ? "" : " — out: ",
                            p->in_game ? "" : (p->lost_why ? p->lost_why : "lost"));
    g_string_append (out, "  may cast: ");
    gboolean any = FALSE;
    for (int k = 0; k < TS_SPELL_KIND_N; k++)
      if (p->timing.allowed[k]) {
        g_string_append_printf (out, "%s%s", any ? ", " : "", ts_spell_kind_display (k));
        any = TRUE;
      }
    g_string_append_printf (out, "%s — %s\n", any ? "" : "nothing", p->timing.why ? p->timing.why : "");
    for (guint j = 0; j < s->permanents->len; j++) {
      const TsPermanent *perm = &g_array_index (s->permanents, TsPermanent, j);
      if (perm->controller != i)
        continue;
      g_string_append_printf (out, "  [%u] %s", perm->id, perm->card ? perm->card : "?");
      if (perm->types & TS_TYPE_CREATURE)
        g_string_append_printf (out, " %d/%d", perm->power, perm->toughness);
      if (perm->tapped)
        g_string_append (out, ", tapped");
      if (perm->damage)
        g_string_append_printf (out, ", %d damage", perm->damage);
      if (perm->summoning_sick && (perm->types & TS_TYPE_CREATURE))
        g_string_append (out, ", summoning sick");
      if (perm->attacking)
        g_string_append (out, perm->blocked ? ", attacking (blocked)" : ", attacking");
      if (perm->blocking)
        g_string_append_printf (out, ", blocking [%u]", perm->blocking);
      if (perm->lethal)
        g_string_append (out, ", lethal damage: should be in the graveyard");
      g_string_append_c (out, '\n');
    }
  }
  if (s->stack->len) {
    g_string_append (out, "Stack (top first):\n");
    for (guint i = s->stack->len; i-- > 0;) {
      const TsStackItem *it = &g_array_index (s->stack, TsStackItem, i);
      g_string_append_printf (out, "  %s (%s)\n", it->card ? it->card : "ability",
                              player_name (s, it->controller) ? player_name (s, it->controller) : "?");
    }
  }
  if (s->game_over) {
    if (s->draw)
      g_string_append (out, "The game is a draw.\n");
    else
      g_string_append_printf (out, "Winner: %s\n",
                              player_name (s, s->winner) ? player_name (s, s->winner) : "?");
  }
  if (s->warnings->len) {
    g_string_append_printf (out, "Warnings (%u):\n", s->warnings->len);
    for (guint i = 0; i < s->warnings->len; i++) {
      const TsWarning *w = &g_array_index (s->warnings, TsWarning, i);
      g_string_append_printf (out, "  event %u [%s] %s\n", w->event_index, w->rule, w->message);
    }
  }
  guint turns = 0;
  for (guint i = 0; i < s->inferred->len; i++) {
    TsEventKind kind = g_array_index (s->inferred, TsInference, i).kind;
    turns += kind == TS_EVENT_TURN || kind == TS_EVENT_ATTACK;
  }
  if (turns) {
    /* Turns and attacks the table implied are what a judge checks first; steps gone on to are
     * routine. */
    g_string_append_printf (out, "Turns and attacks inferred (%u):\n", turns);
    for (guint i = 0; i < s->inferred->len; i++) {
      const TsInference *in = &g_array_index (s->inferred, TsInference, i);
      if (in->kind == TS_EVENT_TURN || in->kind == TS_EVENT_ATTACK)
        g_string_append_printf (out, "  event %u: turn %d, %s. %s\n", in->event_index, in->turn,
                                player_name (s, in->player) ? player_name (s, in->player) : "?",
                                in->reason);
    }
  }
  return g_string_free (out, FALSE);
}
