/* engine.c — the engine: keeps the event log, the events in effect (undo/redo), snapshots for
 * quick rebuilding, and hands each event to the rules (rules.c). */
#include "engine.h"
#include "rules.h"

#include <string.h>

/* A snapshot every this many effective events bounds the work an undo does. */
#define SNAPSHOT_EVERY 256

typedef struct {
  guint n_effective;
  TsState *state;
  GHashTable *defs;
} Snapshot;

struct TsEngine {
  const TsProfile *profile;     /* fixed profile or NULL */
  const TsCardDb *cards;
  TsRules rules;
  GPtrArray *log;               /* TsEvent*, every event applied */
  GArray *effective;            /* guint log indices in effect, in order */
  GArray *undone;               /* guint log indices undone, last undone at the end */
  GByteArray *in_effect;        /* per log index: 1 while the event is in effect */
  TsState *state;
  GPtrArray *snapshots;         /* Snapshot*, by n_effective ascending */
  TsStore *store;
  TsEngineChangedFunc changed;
  gpointer changed_data;
  GDestroyNotify changed_destroy;
};

static GHashTable *
defs_copy (GHashTable *defs)
{
  GHashTable *c = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  GHashTableIter it;
  gpointer k, v;
  g_hash_table_iter_init (&it, defs);
  while (g_hash_table_iter_next (&it, &k, &v))
    g_hash_table_insert (c, g_strdup (k), v);
  return c;
}

static void
snapshot_free (gpointer p)
{
  Snapshot *s = p;
  ts_state_free (s->state);
  g_hash_table_unref (s->defs);
  g_free (s);
}

static void
take_snapshot (TsEngine *e)
{
  Snapshot *s = g_new0 (Snapshot, 1);
  s->n_effective = e->effective->len;
  s->state = ts_state_copy (e->state);
  s->defs = defs_copy (e->rules.defs);
  g_ptr_array_add (e->snapshots, s);
}

TsEngine *
ts_engine_new (const TsProfile *profile, const TsCardDb *cards)
{
  TsEngine *e = g_new0 (TsEngine, 1);
  e->profile = profile;
  e->cards = cards;
  ts_rules_init (&e->rules, cards);
  e->log = g_ptr_array_new_with_free_func ((GDestroyNotify) ts_event_free);
  e->effective = g_array_new (FALSE, FALSE, sizeof (guint));
  e->undone = g_array_new (FALSE, FALSE, sizeof (guint));
  e->in_effect = g_byte_array_new ();
  e->state = ts_state_new (profile);
  ts_rules_update_timing (e->state);
  e->snapshots = g_ptr_array_new_with_free_func (snapshot_free);
  take_snapshot (e);
  return e;
}

void
ts_engine_free (TsEngine *e)
{
  if (e == NULL)
    return;
  if (e->changed_destroy)
    e->changed_destroy (e->changed_data);
  g_ptr_array_unref (e->snapshots);
  ts_state_free (e->state);
  g_array_unref (e->effective);
  g_array_unref (e->undone);
  g_byte_array_unref (e->in_effect);
  g_ptr_array_unref (e->log);
  ts_rules_clear (&e->rules);
  g_free (e);
}

void
ts_engine_attach_store (TsEngine *e, TsStore *store)
{
  e->store = store;
}

void
ts_engine_set_changed_func (TsEngine *e, TsEngineChangedFunc func, gpointer user_data,
                            GDestroyNotify destroy)
{
  if (e->changed_destroy)
    e->changed_destroy (e->changed_data);
  e->changed = func;
  e->changed_data = user_data;
  e->changed_destroy = destroy;
}

static void
apply_effective (TsEngine *e, guint log_index, TsVerdict *v)
{
  const TsEvent *ev = g_ptr_array_index (e->log, log_index);
  ts_rules_apply (&e->rules, e->profile, e->state, ev, log_index, v);
  e->state->n_events = e->effective->len;
  if (e->effective->len % SNAPSHOT_EVERY == 0) {
    Snapshot *last = g_ptr_array_index (e->snapshots, e->snapshots->len - 1);
    if (last->n_effective < e->effective->len)
      take_snapshot (e);
  }
}

/* Rebuilds the state for the current effective list from the best snapshot. */
static void
rebuild (TsEngine *e)
{
  guint n = e->effective->len;
  while (e->snapshots->len > 1 &&
         ((Snapshot *) g_ptr_array_index (e->snapshots, e->snapshots->len - 1))->n_effective > n)
    g_ptr_array_remove_index (e->snapshots, e->snapshots->len - 1);
  Snapshot *snap = g_ptr_array_index (e->snapshots, e->snapshots->len - 1);
  guint64 generation = e->state->generation;
  ts_state_free (e->state);
  e->state = ts_state_copy (snap->state);
  g_hash_table_unref (e->rules.defs);
  e->rules.defs = defs_copy (snap->defs);
  for (guint i = snap->n_effective; i < n; i++) {
    TsVerdict v;
    const TsEvent *ev = g_ptr_array_index (e->log, g_array_index (e->effective, guint, i));
    ts_rules_apply (&e->rules, e->profile, e->state, ev, g_array_index (e->effective, guint, i), &v);
  }
  e->state->n_events = n;
  ts_rules_update_timing (e->state);
  e->state->generation = generation + 1;
}

/* Applies an event already in the log (no store). */
static void
apply_logged (TsEngine *e, guint idx, TsVerdict *out)
{
  const TsEvent *ev = g_ptr_array_index (e->log, idx);
  TsVerdict v = { .event_index = idx, .first_warning = e->state->warnings->len,
                  .first_inferred = e->state->inferred->len };
  if (e->in_effect->len <= idx)
    g_byte_array_set_size (e->in_effect, idx + 1);
  e->in_effect->data[idx] = 0;
  if (ev->kind == TS_EVENT_UNDO) {
    guint n = ev->amount > 0 ? (guint) ev->amount : 1;
    for (guint i = 0; i < n && e->effective->len > 0; i++) {
      guint last = g_array_index (e->effective, guint, e->effective->len - 1);
      g_array_set_size (e->effective, e->effective->len - 1);
      g_array_append_val (e->undone, last);
      e->in_effect->data[last] = 0;
    }
    rebuild (e);
    v.first_warning = e->state->warnings->len;
    v.first_inferred = e->state->inferred->len;
  } else if (ev->kind == TS_EVENT_REDO) {
    guint n = ev->amount > 0 ? (guint) ev->amount : 1;
    for (guint i = 0; i < n && e->undone->len > 0; i++) {
      guint again = g_array_index (e->undone, guint, e->undone->len - 1);
      g_array_set_size (e->undone, e->undone->len - 1);
      g_array_append_val (e->effective, again);
      e->in_effect->data[again] = 1;
      TsVerdict rv;
      apply_effective (e, again, &rv);
      v.n_warnings += rv.n_warnings;
      v.n_inferred += rv.n_inferred;
    }
  } else {
    g_array_set_size (e->undone, 0); /* a new event ends what could be redone */
    g_array_append_val (e->effective, idx);
    e->in_effect->data[idx] = 1;
    apply_effective (e, idx, &v);
  }
  if (out)
    *out = v;
}

static void
notify (TsEngine *e)
{
  if (e->changed)
    e->changed (e, e->state, e->changed_data);
}

gboolean
ts_engine_apply (TsEngine *e, const TsEvent *event, TsVerdict *out, GError **error)
{
  g_return_val_if_fail (e != NULL && event != NULL, FALSE);
  if (e->store && !ts_store_append (e->store, event, NULL, error))
    return FALSE;
  g_ptr_array_add (e->log, ts_event_copy (event));
  apply_logged (e, e->log->len - 1, out);
  notify (e);
  return TRUE;
}

static gboolean
undo_redo (TsEngine *e, TsEventKind kind, guint n, GError **error)
{
  TsEvent ev = TS_EVENT_INIT;
  ev.kind = kind;
  ev.amount = (int) MAX (n, 1u);
  ev.time_us = g_get_real_time ();
  return ts_engine_apply (e, &ev, NULL, error);
}

gboolean
ts_engine_undo (TsEngine *e, guint n, GError **error)
{
  return undo_redo (e, TS_EVENT_UNDO, n, error);
}

gboolean
ts_engine_redo (TsEngine *e, guint n, GError **error)
{
  return undo_redo (e, TS_EVENT_REDO, n, error);
}

gboolean
ts_engine_can_undo (const TsEngine *e)
{
  return e->effective->len > 0;
}

gboolean
ts_engine_can_redo (const TsEngine *e)
{
  return e->undone->len > 0;
}

gboolean
ts_engine_load_store (TsEngine *e, TsStore *store, GError **error)
{
  g_autoptr (GPtrArray) events = ts_store_load (store, error);
  if (events == NULL)
    return FALSE;
  e->store = NULL;
  for (guint i = 0; i < events->len; i++) {
    g_ptr_array_add (e->log, ts_event_copy (g_ptr_array_index (events, i)));
    apply_logged (e, e->log->len - 1, NULL);
  }
  e->store = store;
  notify (e);
  return TRUE;
}

const TsState *
ts_engine_get_state (const TsEngine *e)
{
  return e->state;
}

const TsProfile *
ts_engine_get_profile (const TsEngine *e)
{
  return e->state->profile;
}

guint
ts_engine_n_events (const TsEngine *e)
{
  return e->log->len;
}

const TsEvent *
ts_engine_get_event (const TsEngine *e, guint index)
{
  return index < e->log->len ? g_ptr_array_index (e->log, index) : NULL;
}

gboolean
ts_engine_event_effective (const TsEngine *e, guint index)
{
  return index < e->in_effect->len && e->in_effect->data[index] != 0;
}

TsState *
ts_engine_state_at (TsEngine *e, guint n_log)
{
  g_autoptr (TsEngine) tmp = ts_engine_new (e->profile, e->cards);
  n_log = MIN (n_log, e->log->len);
  for (guint i = 0; i < n_log; i++) {
    g_ptr_array_add (tmp->log, ts_event_copy (g_ptr_array_index (e->log, i)));
    apply_logged (tmp, i, NULL);
  }
  TsState *s = tmp->state;
  tmp->state = ts_state_new (NULL);
  return s;
}

/* ---- transcript -------------------------------------------------------------------------- */

static const char *
seat_name (const TsState *s, int seat)
{
  return (seat >= 0 && seat < s->n_players && s->players[seat].name) ? s->players[seat].name : "?";
}

static const char *
object_name (const TsState *s, guint id, const char *fallback)
{
  TsPermanent *p = ts_state_find_permanent (s, id);
  if (p && p->card)
    return p->card;
  for (guint i = 0; i < s->stack->len; i++)
    if (g_array_index (s->stack, TsStackItem, i).id == id && g_array_index (s->stack, TsStackItem, i).card)
      return g_array_index (s->stack, TsStackItem, i).card;
  return fallback ? fallback : "?";
}

gboolean
ts_engine_event_is_setup (const TsEngine *e, const TsEvent *ev)
{
  return ts_rules_is_setup (e->state, ev);
}

/* "Table as found: Alice has Mountain (tapped)", "Table as found: Mountain is tapped". */
static char *
describe_setup (TsEngine *e, const TsEvent *ev)
{
  const TsState *s = e->state;
  TsPermanent *p = ts_state_find_permanent (s, ev->object);
  const char *card = ev->card ? ev->card : p && p->card ? p->card : "a card";
  int who = ev->player >= 0 ? ev->player : p ? p->controller : -1;
  switch (ev->kind) {
  case TS_EVENT_MOVE:
    if (ev->zone == TS_ZONE_BATTLEFIELD)
      return g_strdup_printf ("Table as found: %s has %s%s", seat_name (s, who), card,
                              (ev->flags & TS_EVENT_FLAG_TAPPED) ? " (tapped)" : "");
    return g_strdup_printf ("Table as found: %s has %s in the %s", seat_name (s, who), card,
                            ts_zone_name (ev->zone));
  case TS_EVENT_TAP:
  case TS_EVENT_UNTAP:
    return g_strdup_printf ("Table as found: %s is %s", card,
                            ev->kind == TS_EVENT_TAP ? "tapped" : "untapped");
  case TS_EVENT_LIFE:
  case TS_EVENT_POISON:
    return g_strdup_printf ("Table as found: %s %s %+d", seat_name (s, who),
                            ev->kind == TS_EVENT_LIFE ? "life" : "poison", ev->amount);
  default:
    return g_strdup_printf ("Table as found: %+d %s counter(s) on %s", ev->amount,
                            ev->note ? ev->note : "+1/+1", card);
  }
}

/* The state just after ev, tried on a copy (the engine stays as it was), for the kinds of
 * event the engine infers a turn, a step or an attack from; NULL for the others. */
static TsState *
try_event (TsEngine *e, const TsEvent *ev)
{
  if ((ev->kind != TS_EVENT_MOVE && ev->kind != TS_EVENT_CAST && ev->kind != TS_EVENT_UNTAP &&
       ev->kind != TS_EVENT_TAP) ||
      !e->state->started || ts_rules_is_setup (e->state, ev))
    return NULL;
  TsState *copy = ts_state_copy_without_log (e->state);
  TsVerdict v;
  ts_rules_apply (&e->rules, e->profile, copy, ev, e->log->len, &v);
  return copy;
}

char *
ts_engine_describe (TsEngine *e, const TsEvent *ev, const char *tapping)
{
  const TsState *s = e->state;
  if (ts_rules_is_setup (s, ev))
    return describe_setup (e, ev);
  GString *out = g_string_new (NULL);
  /* What the event implies comes first: a turn inferred from it is the turn the event is in,
   * a step gone on to the step it is in. */
  g_autoptr (TsState) tried = try_event (e, ev);
  int turn = s->turn, active = s->active;
  const char *step_name = s->step_name;
  const TsInference *turn_inferred = NULL, *attack_inferred = NULL;
  for (guint i = 0; tried && i < tried->inferred->len; i++) {
    const TsInference *in = &g_array_index (tried->inferred, TsInference, i);
    int idx = ts_profile_step_index (tried->profile, in->step);
    if (idx >= 0)
      step_name = tried->profile->steps[idx].name;
    if (in->kind == TS_EVENT_ATTACK)
      attack_inferred = in;
    if (in->kind == TS_EVENT_TURN) {
      turn_inferred = in;
      turn = in->turn;
      active = in->player;
    }
  }
  int who = ev->player;
  if (ev->kind == TS_EVENT_TAP || ev->kind == TS_EVENT_UNTAP || ev->kind == TS_EVENT_ACTIVATE ||
      ev->kind == TS_EVENT_BLOCK) {
    TsPermanent *p = ts_state_find_permanent (s, ev->object);
    if (p && who < 0)
      who = p->controller;
  }
  if (who < 0)
    who = active;
  if (s->started && ev->kind != TS_EVENT_GAME_START)
    g_string_append_printf (out, "Turn %d, %s: %s — ", turn, seat_name (s, who),
                            step_name ? step_name : "");
  const TsFacts *f = ts_rules_facts (&e->rules, ev->card);
  g_autofree char *paid = ts_mana_format (ev->mana);
  const char *card = ev->card ? ev->card : object_name (s, ev->object, "a card");
  switch (ev->kind) {
  case TS_EVENT_GAME_START: {
    g_string_append_printf (out, "New game (%s): ", ev->profile ? ev->profile : s->profile->id);
    for (int i = 0; i < ev->n_players; i++)
      g_string_append_printf (out, "%s%s", i ? ", " : "", ev->names[i] ? ev->names[i] : "?");
    break;
  }
  case TS_EVENT_DEFINE_CARD:
    g_string_append_printf (out, "card %s defined (%s %s)", card, ev->cost ? ev->cost : "",
                            ev->type_line ? ev->type_line : "");
    break;
  case TS_EVENT_MOVE:
    if (ev->zone == TS_ZONE_BATTLEFIELD && ts_state_find_permanent (s, ev->object) == NULL &&
        (ev->from_zone == TS_ZONE_HAND || ev->from_zone == TS_ZONE_NONE ||
         ev->from_zone == TS_ZONE_COMMAND)) {
      if (f && (f->types & TS_TYPE_LAND))
        g_string_append_printf (out, "played %s", card);
      else
        g_string_append_printf (out, "cast %s (%s)%s", card,
                                f && f->cost && *f->cost ? f->cost : "cost unknown",
                                ev->from_zone == TS_ZONE_COMMAND ? " from the command zone" : "");
    } else {
      g_string_append_printf (out, "%s: %s → %s", card, ts_zone_name (ev->from_zone),
                              ts_zone_name (ev->zone));
    }
    break;
  case TS_EVENT_CAST:
    g_string_append_printf (out, "cast %s (%s)", card,
                            *paid ? paid : (f && f->cost && *f->cost) ? f->cost : "cost unknown");
    if (ev->x)
      g_string_append_printf (out, " with X=%d", ev->x);
    for (guint i = 0; i < ev->n_targets; i++)
      g_string_append_printf (out, "%s%s", i ? ", " : " targeting ", object_name (s, ev->targets[i], "?"));
    if (ev->target_player >= 0)
      g_string_append_printf (out, "%s%s", ev->n_targets ? " and " : " targeting ",
                              seat_name (s, ev->target_player));
    break;
  case TS_EVENT_TAP:
    g_string_append_printf (out, "tapped %s", card);
    break;
  case TS_EVENT_UNTAP:
    g_string_append_printf (out, "untapped %s", card);
    break;
  case TS_EVENT_DRAW:
    g_string_append_printf (out, "drew %d card%s", MAX (ev->amount, 1), ev->amount > 1 ? "s" : "");
    break;
  case TS_EVENT_LIFE:
    g_string_append_printf (out, "life %+d", ev->amount);
    break;
  case TS_EVENT_POISON:
    g_string_append_printf (out, "poison %+d", ev->amount);
    break;
  case TS_EVENT_COUNTER:
    g_string_append_printf (out, "%+d %s counter(s) on %s", ev->amount, ev->note ? ev->note : "+1/+1", card);
    break;
  case TS_EVENT_MANA_ADD:
    g_string_append_printf (out, "added %s to the mana pool", paid);
    break;
  case TS_EVENT_MANA_SPEND:
    g_string_append_printf (out, "spent %s from the mana pool", paid);
    break;
  case TS_EVENT_ACTIVATE:
    g_string_append_printf (out, "used %s%s%s", card, ev->note ? ": " : "", ev->note ? ev->note : "");
    break;
  case TS_EVENT_RESOLVE:
    g_string_append (out, ev->amount < 0 ? "everything waiting resolves" : "resolved");
    if (ev->object)
      g_string_append_printf (out, " %s", object_name (s, ev->object, ""));
    break;
  case TS_EVENT_COUNTER_SPELL:
    g_string_append_printf (out, "countered %s", object_name (s, ev->object, "the top spell"));
    break;
  case TS_EVENT_PASS:
    g_string_append (out, "passed");
    break;
  case TS_EVENT_ATTACK:
    g_string_append (out, "attacked with ");
    for (guint i = 0; i < ev->n_targets; i++)
      g_string_append_printf (out, "%s%s", i ? ", " : "", object_name (s, ev->targets[i], "?"));
    break;
  case TS_EVENT_BAND:
    g_string_append (out, "banded ");
    for (guint i = 0; i < ev->n_targets; i++)
      g_string_append_printf (out, "%s%s", i ? ", " : "", object_name (s, ev->targets[i], "?"));
    break;
  case TS_EVENT_BLOCK:
    g_string_append_printf (out, "blocked %s with %s",
                            ev->n_targets ? object_name (s, ev->targets[0], "?") : "?", card);
    break;
  case TS_EVENT_ASSIGN:
    g_string_append_printf (out, "%s assigns %d damage to %s", card, ev->amount,
                            ev->n_targets ? object_name (s, ev->targets[0], "?")
                                          : seat_name (s, ev->target_player));
    break;
  case TS_EVENT_DAMAGE:
    g_string_append_printf (out, "%s deals %d damage to ", card, ev->amount);
    for (guint i = 0; i < ev->n_targets; i++)
      g_string_append_printf (out, "%s%s", i ? ", " : "", object_name (s, ev->targets[i], "?"));
    if (ev->target_player >= 0)
      g_string_append_printf (out, "%s%s", ev->n_targets ? " and " : "", seat_name (s, ev->target_player));
    break;
  case TS_EVENT_MODIFY:
    g_string_append_printf (out, "%s gets %+d/%+d%s%s until end of turn", card, ev->power,
                            ev->toughness, ev->keywords ? " and " : "", ev->keywords ? ev->keywords : "");
    break;
  case TS_EVENT_PREVENT:
    g_string_append_printf (out, "%s prevents damage from %s", ev->card ? ev->card : "an effect",
                            object_name (s, ev->object, "a source"));
    break;
  case TS_EVENT_REGENERATE:
    g_string_append_printf (out, "regeneration for %s", card);
    break;
  case TS_EVENT_DESTROY:
    g_string_append_printf (out, "%s destroyed", card);
    break;
  case TS_EVENT_STEP: {
    int idx = ts_profile_step_index (s->profile, ev->step);
    g_string_append_printf (out, "on to %s",
                            idx >= 0 ? s->profile->steps[idx].name
                                     : ev->step ? ev->step : "the next step");
    break;
  }
  case TS_EVENT_TURN:
    g_string_append_printf (out, "turn passes to %s",
                            ev->player >= 0 ? seat_name (s, ev->player) : "the next player");
    break;
  case TS_EVENT_CONCEDE:
    g_string_append (out, "conceded");
    break;
  case TS_EVENT_UNDO:
    g_string_append_printf (out, "undo %d event(s)", MAX (ev->amount, 1));
    break;
  case TS_EVENT_REDO:
    g_string_append_printf (out, "redo %d event(s)", MAX (ev->amount, 1));
    break;
  case TS_EVENT_NOTE:
    g_string_append_printf (out, "note: %s", ev->note ? ev->note : "");
    break;
  case TS_EVENT_SETUP_END:
    g_string_append (out, "the table as found is complete; play begins");
    break;
  default:
    g_string_append (out, ts_event_kind_name (ev->kind) ? ts_event_kind_name (ev->kind) : "?");
    break;
  }
  if (tapping && *tapping)
    g_string_append_printf (out, ", tapping %s", tapping);
  if (turn_inferred)
    g_string_append_printf (out, " [turn inferred: %s]", turn_inferred->reason);
  if (attack_inferred)
    g_string_append_printf (out, " [attack inferred: %s]", attack_inferred->reason);
  return g_string_free (out, FALSE);
}

char *
ts_engine_describe_event (TsEngine *e, guint index)
{
  if (index >= e->log->len)
    return NULL;
  g_autoptr (TsEngine) tmp = ts_engine_new (e->profile, e->cards);
  for (guint i = 0; i < index; i++) {
    g_ptr_array_add (tmp->log, ts_event_copy (g_ptr_array_index (e->log, i)));
    apply_logged (tmp, i, NULL);
  }
  return ts_engine_describe (tmp, g_ptr_array_index (e->log, index), NULL);
}
