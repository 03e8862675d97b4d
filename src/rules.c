/* rules.c — the rules: applies one event to a game state under its profile, infers what the
 * table implies (mana from tapped lands, casts from cards appearing, turns from untaps) and
 * warns, naming the rule, about whatever breaks one. It never refuses an event. */
#include "rules.h"

#include <stdarg.h>
#include <string.h>

void ts_rules_define (TsRules *rules, const TsEvent *e);

typedef struct {
  TsRules *rules;
  TsState *s;
  const TsEvent *e;
  guint index;
  TsVerdict *v;
  int passes;              /* s->passes and s->passed as they were before this event */
  guint passed;
} Ctx;

typedef enum { PASS_SINGLE, PASS_FIRST, PASS_AFTER_FIRST } DamagePass;

/* Counts stay within +-1e9 whatever a malformed log adds up, so nothing overflows. */
#define TS_LIMIT 1000000000

static int
sat (gint64 v)
{
  return (int) CLAMP (v, -TS_LIMIT, TS_LIMIT);
}


static const TsStepDef *
cur_step (const TsState *s)
{
  return &s->profile->steps[s->step];
}

static G_GNUC_PRINTF (5, 6) void
warn (Ctx *c, const char *rule, int player, guint object, const char *fmt, ...)
{
  TsWarning w = { 0 };
  va_list ap;
  va_start (ap, fmt);
  w.message = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  w.rule = g_strdup (rule);
  w.event_index = c->index;
  w.player = player;
  w.object = object;
  g_array_append_val (c->s->warnings, w);
  c->v->n_warnings++;
}

/* Records what the event implied (a turn passed, a step gone on to), after the change, so
 * the record names the turn and step it led to. */
static G_GNUC_PRINTF (5, 6) void
inferred (Ctx *c, TsEventKind kind, int player, guint object, const char *fmt, ...)
{
  TsInference in = { 0 };
  va_list ap;
  va_start (ap, fmt);
  in.reason = g_strdup_vprintf (fmt, ap);
  va_end (ap);
  in.event_index = c->index;
  in.kind = kind;
  in.player = player;
  in.turn = c->s->turn;
  in.step = c->s->step_id;
  in.object = object;
  g_array_append_val (c->s->inferred, in);
  c->v->n_inferred++;
}

static const char *
pname (const TsState *s, int seat)
{
  if (seat < 0 || seat >= s->n_players || s->players[seat].name == NULL)
    return "?";
  return s->players[seat].name;
}

static gboolean
valid_seat (const TsState *s, int seat)
{
  return seat >= 0 && seat < s->n_players;
}

static int
next_seat (const TsState *s, int from)
{
  for (int i = 1; i <= s->n_players; i++) {
    int seat = (from + i) % s->n_players;
    if (s->players[seat].in_game)
      return seat;
  }
  return from;
}

static int
in_game_count (const TsState *s)
{
  int n = 0;
  for (int i = 0; i < s->n_players; i++)
    n += s->players[i].in_game;
  return n;
}

static gboolean
is_creature (const TsPermanent *p)
{
  return (p->types & TS_TYPE_CREATURE) != 0;
}

static guint64
kw (const TsPermanent *p)
{
  return p->keywords | p->keywords_granted;
}

static int
counter_count (const TsPermanent *p, const char *name)
{
  if (p->counters == NULL)
    return 0;
  for (guint i = 0; i < p->counters->len; i++)
    if (strcmp (g_array_index (p->counters, TsCounter, i).name, name) == 0)
      return g_array_index (p->counters, TsCounter, i).n;
  return 0;
}

/* ---- permanents ----------------------------------------------------------------------- */

static void regenerate (Ctx *c, TsPermanent *p);
static void check_legend_rule (Ctx *c, const TsPermanent *p);

static void
mark_lethal (Ctx *c, TsPermanent *p)
{
  if (!p->lethal)
    p->lethal_event = c->index;
  p->lethal = TRUE;
}

static void
check_lethal (Ctx *c, TsPermanent *p)
{
  if (!is_creature (p) || p->lethal)
    return;
  if (p->toughness <= 0 || (p->damage > 0 && p->damage >= p->toughness)) {
    if (p->toughness > 0 && p->regen_shields > 0 && !(kw (p) & TS_KW_INDESTRUCTIBLE)) {
      regenerate (c, p);
      return;
    }
    if (p->toughness > 0 && (kw (p) & TS_KW_INDESTRUCTIBLE))
      return;
    mark_lethal (c, p);
  }
}

static void
recompute (Ctx *c, TsPermanent *p)
{
  gint64 plus = (gint64) counter_count (p, "+1/+1") - counter_count (p, "-1/-1");
  p->power = sat ((gint64) p->base_power + p->power_mod + plus);
  p->toughness = sat ((gint64) p->base_toughness + p->toughness_mod + plus);
  check_lethal (c, p);
}

static void
leave_combat (TsState *s, TsPermanent *p)
{
  if (p->attacking) {
    for (guint i = 0; i < s->permanents->len; i++) {
      TsPermanent *b = &g_array_index (s->permanents, TsPermanent, i);
      if (b->blocking == p->id)
        b->blocking = 0;
    }
  }
  p->attacking = FALSE;
  p->blocked = FALSE;
  p->blocking = 0;
  p->band = 0;
}

static void
regenerate (Ctx *c, TsPermanent *p)
{
  p->regen_shields--;
  p->tapped = TRUE;
  p->damage = 0;
  p->lethal = FALSE;
  leave_combat (c->s, p);
}

static TsPermanent *
create_permanent (Ctx *c, const char *name, int controller, guint id, gboolean seen)
{
  TsState *s = c->s;
  if (id == 0 || ts_state_find_permanent (s, id) != NULL)
    id = s->next_object;
  if (id >= s->next_object)
    s->next_object = id + 1;
  TsPermanent p = { 0 };
  p.id = id;
  p.card = g_strdup (name);
  p.owner = p.controller = controller;
  p.summoning_sick = TRUE;
  p.seen = seen;
  p.turn_entered = s->turn;
  const TsFacts *f = ts_rules_facts (c->rules, name);
  if (f) {
    p.known = TRUE;
    p.types = f->types;
    p.colors = f->colors;
    p.base_power = f->power;
    p.base_toughness = f->toughness;
    p.keywords = f->keywords;
  }
  p.power = p.base_power;
  p.toughness = p.base_toughness;
  g_array_append_val (s->permanents, p);
  c->v->object = id;
  TsPermanent *added = &g_array_index (s->permanents, TsPermanent, s->permanents->len - 1);
  check_legend_rule (c, added);
  return added;
}

static void
remove_permanent (TsState *s, guint id)
{
  for (guint i = 0; i < s->permanents->len; i++) {
    TsPermanent *p = &g_array_index (s->permanents, TsPermanent, i);
    if (p->id == id) {
      leave_combat (s, p);
      g_array_remove_index (s->permanents, i);
      return;
    }
  }
}

static TsPermanent *
find_perm (Ctx *c, guint id, const char *what)
{
  TsPermanent *p = ts_state_find_permanent (c->s, id);
  if (p == NULL && what != NULL)
    warn (c, "unknown-object", c->e->player, id, "%s: object %u is not on the battlefield", what,
          id);
  return p;
}

/* ---- mana ---------------------------------------------------------------------------- */

static void
pool_add (TsState *s, int seat, const int mana[TS_MANA_N])
{
  if (!valid_seat (s, seat))
    return;
  for (int i = 0; i < TS_MANA_N; i++)
    s->players[seat].mana[i] = sat ((gint64) s->players[seat].mana[i] + MAX (0, mana[i]));
}

static gboolean
any_mana (const int mana[TS_MANA_N])
{
  for (int i = 0; i < TS_MANA_N; i++)
    if (mana[i])
      return TRUE;
  return FALSE;
}

/* Takes need from pool: coloured first, generic (need[C]) from colourless then colours.
 * Returns how much the pool was short; takes what there was. */
static gint64
pool_take (int pool[TS_MANA_N], const int need[TS_MANA_N])
{
  gint64 short_by = 0;
  for (int i = 0; i < TS_MANA_C; i++) {
    int take = MIN (pool[i], need[i]);
    pool[i] -= take;
    short_by += need[i] - take;
  }
  int generic = need[TS_MANA_C];
  int take = MIN (pool[TS_MANA_C], generic);
  pool[TS_MANA_C] -= take;
  generic -= take;
  for (int i = 0; i < TS_MANA_C && generic > 0; i++) {
    take = MIN (pool[i], generic);
    pool[i] -= take;
    generic -= take;
  }
  return short_by + generic;
}

static gboolean
pool_covers (const int pool[TS_MANA_N], const int need[TS_MANA_N])
{
  int left[TS_MANA_N];
  memcpy (left, pool, sizeof left);
  return pool_take (left, need) == 0;
}

/* Pays need from seat's pool; warns when the pool was short, and takes what there was. */
static void
pool_pay (Ctx *c, int seat, const int need[TS_MANA_N], const char *what)
{
  if (!valid_seat (c->s, seat))
    return;
  int *pool = c->s->players[seat].mana;
  int before[TS_MANA_N];
  memcpy (before, pool, sizeof before);
  gint64 short_by = pool_take (pool, need);
  if (short_by > 0) {
    g_autofree char *n = ts_mana_format (need);
    g_autofree char *b = ts_mana_format (before);
    warn (c, "mana-pool", seat, c->e->object,
          "Mana spent that the pool did not have: %s needed %s, %s's pool had %s", what, n,
          pname (c->s, seat), *b ? b : "nothing");
  }
}

/* The pool empties; under mana burn each unused mana costs its owner 1 life. */
static void
empty_pools (Ctx *c)
{
  for (int i = 0; i < c->s->n_players; i++) {
    int left = 0;
    for (int k = 0; k < TS_MANA_N; k++) {
      left += c->s->players[i].mana[k];
      c->s->players[i].mana[k] = 0;
    }
    if (left > 0 && c->s->profile->mana_burn)
      c->s->players[i].life = sat ((gint64) c->s->players[i].life - left);
  }
}

/* ---- winning and losing ------------------------------------------------------------------ */

static void
lose (Ctx *c, int seat, const char *why)
{
  TsPlayer *p = &c->s->players[seat];
  if (!p->in_game)
    return;
  p->in_game = FALSE;
  g_free (p->lost_why);
  p->lost_why = g_strdup (why);
}

static void
decide_game (Ctx *c, int n_before)
{
  TsState *s = c->s;
  if (s->game_over)
    return;
  int left = in_game_count (s);
  if (left == n_before)
    return;
  if (left == 0) {
    s->game_over = TRUE;
    s->draw = TRUE;
    s->winner = -1;
  } else if (left == 1) {
    s->game_over = TRUE;
    for (int i = 0; i < s->n_players; i++)
      if (s->players[i].in_game)
        s->winner = i;
  }
}

/* Losing by life, poison and commander damage: at once (modern state-based actions) or, in
 * classic, at the end of a phase and at the start and end of an attack. */
static void
check_losers (Ctx *c)
{
  TsState *s = c->s;
  if (!s->started || s->game_over)
    return;
  int before = in_game_count (s);
  gboolean out[TS_MAX_PLAYERS] = { 0 };
  const char *why[TS_MAX_PLAYERS] = { 0 };
  for (int i = 0; i < s->n_players; i++) {
    TsPlayer *p = &s->players[i];
    if (!p->in_game)
      continue;
    if (p->life < 1) {
      out[i] = TRUE;
      why[i] = "life below 1";
    } else if (s->profile->poison_to_lose > 0 && p->poison >= s->profile->poison_to_lose) {
      out[i] = TRUE;
      why[i] = "poison counters";
    } else if (s->commander) {
      for (int j = 0; j < s->n_players; j++)
        if (p->commander_damage[j] >= s->profile->commander_damage_to_lose) {
          out[i] = TRUE;
          why[i] = "commander damage";
        }
    }
  }
  for (int i = 0; i < s->n_players; i++)
    if (out[i])
      lose (c, i, why[i]);
  decide_game (c, before);
}

static void
check_now (Ctx *c)
{
  if (!c->s->profile->life_checked_at_phase_end)
    check_losers (c);
}

/* ---- damage ------------------------------------------------------------------------------ */

static guint64
prot_bit (guint color)
{
  guint64 bits = 0;
  if (color & TS_COLOR_WHITE) bits |= TS_KW_PROT_WHITE;
  if (color & TS_COLOR_BLUE) bits |= TS_KW_PROT_BLUE;
  if (color & TS_COLOR_BLACK) bits |= TS_KW_PROT_BLACK;
  if (color & TS_COLOR_RED) bits |= TS_KW_PROT_RED;
  if (color & TS_COLOR_GREEN) bits |= TS_KW_PROT_GREEN;
  return bits;
}

/* Damage left after prevention shields. */
static int
apply_shields (TsState *s, guint src, const char *src_card, guint tgt, int tgt_player, int amount)
{
  for (guint i = 0; i < s->shields->len && amount > 0; i++) {
    TsShield *sh = &g_array_index (s->shields, TsShield, i);
    gboolean src_ok = (sh->source != 0 && sh->source == src) ||
                      (sh->source == 0 && sh->source_card && src_card &&
                       g_ascii_strcasecmp (sh->source_card, src_card) == 0) ||
                      (sh->source == 0 && sh->source_card == NULL);
    gboolean tgt_ok = (sh->target != 0 && sh->target == tgt) ||
                      (sh->target_player >= 0 && sh->target_player == tgt_player && tgt == 0) ||
                      (sh->target == 0 && sh->target_player < 0);
    if (!src_ok || !tgt_ok || sh->amount == 0)
      continue;
    if (sh->amount < 0) {
      amount = 0;
    } else {
      int p = MIN (sh->amount, amount);
      sh->amount -= p;
      amount -= p;
    }
  }
  return amount;
}

/* Deals damage from a permanent (src) or a spell (src_card, colors) to a creature or player. */
static int
deal_damage (Ctx *c, TsPermanent *src, const char *src_card, guint src_colors, guint tgt,
             int tgt_player, int amount, gboolean combat)
{
  TsState *s = c->s;
  if (amount <= 0)
    return 0;
  guint src_id = src ? src->id : 0;
  const char *card = src ? src->card : src_card;
  guint colors = src ? src->colors : src_colors;
  int src_controller = src ? src->controller : c->e->player;
  guint64 src_kw = src ? kw (src) : 0;
  if (tgt != 0) {
    TsPermanent *t = ts_state_find_permanent (s, tgt);
    if (t == NULL)
      return 0;
    if (kw (t) & prot_bit (colors))
      return 0; /* protection: damage from that colour is prevented */
    amount = apply_shields (s, src_id, card, tgt, -1, amount);
    if (amount <= 0)
      return 0;
    t->damage = sat ((gint64) t->damage + amount);
    if ((src_kw & TS_KW_DEATHTOUCH) && is_creature (t) && !t->lethal) {
      if (t->regen_shields > 0 && !(kw (t) & TS_KW_INDESTRUCTIBLE))
        regenerate (c, t);
      else if (!(kw (t) & TS_KW_INDESTRUCTIBLE))
        mark_lethal (c, t);
    }
    check_lethal (c, t);
  } else if (valid_seat (s, tgt_player)) {
    amount = apply_shields (s, src_id, card, 0, tgt_player, amount);
    if (amount <= 0)
      return 0;
    s->players[tgt_player].life = sat ((gint64) s->players[tgt_player].life - amount);
    if (combat && src && src->is_commander && valid_seat (s, src->owner))
      s->players[tgt_player].commander_damage[src->owner] =
        sat ((gint64) s->players[tgt_player].commander_damage[src->owner] + amount);
  } else {
    return 0;
  }
  if ((src_kw & TS_KW_LIFELINK) && valid_seat (s, src_controller))
    s->players[src_controller].life = sat ((gint64) s->players[src_controller].life + amount);
  return amount;
}

typedef struct {
  guint src;
  guint tgt;
  int tgt_player;
  int amount;
} Hit;

static gboolean
deals_in (const TsPermanent *p, DamagePass pass)
{
  guint64 k = kw (p);
  switch (pass) {
  case PASS_FIRST:
    return (k & (TS_KW_FIRST_STRIKE | TS_KW_DOUBLE_STRIKE)) != 0;
  case PASS_AFTER_FIRST:
    return !(k & TS_KW_FIRST_STRIKE) || (k & TS_KW_DOUBLE_STRIKE);
  default:
    return TRUE;
  }
}

static gboolean
assigned_by_person (TsState *s, guint src, GArray *hits)
{
  gboolean any = FALSE;
  for (guint i = 0; i < s->assignments->len; i++) {
    TsAssignment *a = &g_array_index (s->assignments, TsAssignment, i);
    if (a->source != src)
      continue;
    Hit h = { src, a->target, a->target_player, a->amount };
    g_array_append_val (hits, h);
    any = TRUE;
  }
  return any;
}

static void
combat_damage (Ctx *c, DamagePass pass)
{
  TsState *s = c->s;
  g_autoptr (GArray) hits = g_array_new (FALSE, TRUE, sizeof (Hit));
  for (guint i = 0; i < s->permanents->len; i++) {
    TsPermanent *a = &g_array_index (s->permanents, TsPermanent, i);
    if (!a->attacking || a->lethal || !deals_in (a, pass))
      continue;
    if (assigned_by_person (s, a->id, hits))
      continue;
    int power = MAX (0, a->power);
    if (!a->blocked) {
      Hit h = { a->id, 0, s->defender, power };
      g_array_append_val (hits, h);
      continue;
    }
    GArray *blockers = g_array_new (FALSE, FALSE, sizeof (guint));
    for (guint j = 0; j < s->permanents->len; j++) {
      TsPermanent *b = &g_array_index (s->permanents, TsPermanent, j);
      if (b->blocking == a->id && !b->lethal)
        g_array_append_val (blockers, b->id);
    }
    gboolean trample = (kw (a) & TS_KW_TRAMPLE) != 0;
    int left = power;
    for (guint j = 0; j < blockers->len && left > 0; j++) {
      TsPermanent *b = ts_state_find_permanent (s, g_array_index (blockers, guint, j));
      int need = MAX (0, b->toughness - b->damage);
      if ((kw (a) & TS_KW_DEATHTOUCH) && need > 1)
        need = 1;
      int give = (j + 1 == blockers->len && !trample) ? left : MIN (need, left);
      if (give > 0) {
        Hit h = { a->id, b->id, -1, give };
        g_array_append_val (hits, h);
      }
      left -= give;
    }
    if (trample && left > 0) {
      Hit h = { a->id, 0, s->defender, left };
      g_array_append_val (hits, h);
    }
    g_array_unref (blockers);
  }
  for (guint i = 0; i < s->permanents->len; i++) {
    TsPermanent *b = &g_array_index (s->permanents, TsPermanent, i);
    if (b->blocking == 0 || b->lethal || !deals_in (b, pass))
      continue;
    if (assigned_by_person (s, b->id, hits))
      continue;
    TsPermanent *a = ts_state_find_permanent (s, b->blocking);
    if (a == NULL)
      continue;
    Hit h = { b->id, a->id, -1, MAX (0, b->power) };
    g_array_append_val (hits, h);
  }
  /* All damage of a pass is dealt at once: look sources up again as hits may move nothing
   * but can mark creatures lethal. */
  for (guint i = 0; i < hits->len; i++) {
    Hit *h = &g_array_index (hits, Hit, i);
    TsPermanent *src = ts_state_find_permanent (s, h->src);
    if (src == NULL)
      continue;
    deal_damage (c, src, NULL, 0, h->tgt, h->tgt_player, h->amount, TRUE);
  }
  if (pass == PASS_FIRST)
    s->first_strike_done = TRUE;
  s->damage_dealt = TRUE;
}

static gboolean
any_first_striker (const TsState *s)
{
  for (guint i = 0; i < s->permanents->len; i++) {
    const TsPermanent *p = &g_array_index (s->permanents, TsPermanent, i);
    if ((p->attacking || p->blocking) && (kw (p) & (TS_KW_FIRST_STRIKE | TS_KW_DOUBLE_STRIKE)))
      return TRUE;
  }
  return FALSE;
}

/* ---- turn structure ---------------------------------------------------------------------- */

static void
end_combat (Ctx *c)
{
  TsState *s = c->s;
  for (guint i = 0; i < s->permanents->len; i++) {
    TsPermanent *p = &g_array_index (s->permanents, TsPermanent, i);
    p->attacking = FALSE;
    p->blocked = FALSE;
    p->blocking = 0;
    p->band = 0;
  }
  s->in_attack = FALSE;
  s->attack_inferred = FALSE;
  s->defender = -1;
  g_array_set_size (s->assignments, 0);
}

static void
warn_lethal (Ctx *c)
{
  for (guint i = 0; i < c->s->permanents->len; i++) {
    TsPermanent *p = &g_array_index (c->s->permanents, TsPermanent, i);
    if (p->lethal && !p->lethal_warned && p->lethal_event < c->index) {
      p->lethal_warned = TRUE;
      warn (c, "lethal-damage", p->controller, p->id,
            "%s has lethal damage (or was destroyed) but is still on the battlefield", p->card);
    }
  }
}

static void
exit_step (Ctx *c, gboolean leaving_attack)
{
  TsState *s = c->s;
  const TsStepDef *st = cur_step (s);
  gboolean pool_empties = !(st->flags & TS_STEP_FLAG_KEEP_POOL);
  if (st->flags & TS_STEP_FLAG_BLOCKERS) {
    for (guint i = 0; i < s->permanents->len; i++) {
      TsPermanent *a = &g_array_index (s->permanents, TsPermanent, i);
      if (!a->attacking || !a->blocked || !(kw (a) & TS_KW_MENACE))
        continue;
      int n = 0;
      for (guint j = 0; j < s->permanents->len; j++)
        n += g_array_index (s->permanents, TsPermanent, j).blocking == a->id;
      if (n == 1)
        warn (c, "menace", a->controller, a->id,
              "%s has menace but was blocked by only one creature", a->card);
    }
  }
  if (s->in_attack && ((st->flags & TS_STEP_FLAG_COMBAT_END) || leaving_attack)) {
    end_combat (c);
    pool_empties = TRUE;
  }
  warn_lethal (c);
  if (pool_empties) {
    empty_pools (c);
    if (s->profile->life_checked_at_phase_end)
      check_losers (c);
  }
}

static void
heal (TsState *s)
{
  for (guint i = 0; i < s->permanents->len; i++) {
    TsPermanent *p = &g_array_index (s->permanents, TsPermanent, i);
    p->damage = 0;
    p->power_mod = p->toughness_mod = 0;
    p->keywords_granted = 0;
    p->regen_shields = 0;
    /* lethal stays set: a destroyed creature should still leave the battlefield */
    gint64 plus = (gint64) counter_count (p, "+1/+1") - counter_count (p, "-1/-1");
    p->power = sat (p->base_power + plus);
    p->toughness = sat (p->base_toughness + plus);
  }
  g_array_set_size (s->shields, 0);
}

static void
enter_step (Ctx *c, guint idx)
{
  TsState *s = c->s;
  s->step = idx;
  const TsStepDef *st = cur_step (s);
  s->step_id = st->id;
  s->step_name = st->name;
  s->phase_name = st->phase;
  s->passes = 0;
  s->passed = 0;
  s->priority = s->active;
  if (st->flags & TS_STEP_FLAG_UNTAP) {
    for (guint i = 0; i < s->permanents->len; i++) {
      TsPermanent *p = &g_array_index (s->permanents, TsPermanent, i);
      if (p->controller == s->active) {
        p->tapped = FALSE;
        p->summoning_sick = FALSE;
      }
    }
  }
  if (st->flags & TS_STEP_FLAG_DAMAGE) {
    if (!s->in_attack)
      return;
    if (st->flags & TS_STEP_FLAG_FIRST_STRIKE)
      combat_damage (c, PASS_FIRST);
    else if (s->first_strike_done)
      combat_damage (c, PASS_AFTER_FIRST);
    else if (!s->profile->stack && any_first_striker (s)) {
      combat_damage (c, PASS_FIRST);
      combat_damage (c, PASS_AFTER_FIRST);
    } else {
      combat_damage (c, PASS_SINGLE);
    }
    check_now (c);
  }
  if (st->flags & TS_STEP_FLAG_CLEANUP)
    heal (s);
}

static gboolean
skip_step (const TsState *s, guint idx)
{
  const TsStepDef *st = &s->profile->steps[idx];
  if (!(st->flags & TS_STEP_FLAG_OPTIONAL))
    return FALSE;
  if (st->flags & TS_STEP_FLAG_FIRST_STRIKE)
    return !s->in_attack || !any_first_striker (s);
  if (st->flags & TS_STEP_FLAG_COMBAT)
    return !s->in_attack;
  if (st->flags & TS_STEP_FLAG_MAIN) /* classic: the main phase after an attack */
    return !valid_seat (s, s->active) || s->players[s->active].attacks == 0;
  return FALSE;
}

static void resolve_all (Ctx *c);
static void start_turn (Ctx *c, int seat);
static int step_with (const TsState *s, guint flag);

/* Moves to step idx: leaves the current step (pool, burn, loss checks) and enters idx. */
static void
go_to_step (Ctx *c, guint idx)
{
  TsState *s = c->s;
  const TsStepDef *to = &s->profile->steps[idx];
  gboolean leaving_attack = s->in_attack && !(to->flags & TS_STEP_FLAG_COMBAT);
  exit_step (c, leaving_attack);
  if (s->game_over)
    return;
  enter_step (c, idx);
}

static void
advance (Ctx *c)
{
  TsState *s = c->s;
  guint i = s->step + 1;
  while (i < s->profile->n_steps && skip_step (s, i))
    i++;
  if (i >= s->profile->n_steps)
    start_turn (c, next_seat (s, s->active));
  else
    go_to_step (c, i);
}

/* Ends the current turn (through its cleanup) and starts seat's: untap, then upkeep. */
static void
start_turn (Ctx *c, int seat)
{
  TsState *s = c->s;
  int cleanup = -1;
  for (guint i = 0; i < s->profile->n_steps; i++)
    if (s->profile->steps[i].flags & TS_STEP_FLAG_CLEANUP)
      cleanup = (int) i;
  if (cleanup >= 0 && (int) s->step < cleanup) {
    go_to_step (c, (guint) cleanup);
    if (s->game_over)
      return;
  }
  exit_step (c, TRUE);
  if (s->game_over)
    return;
  if (valid_seat (s, s->active) && s->players[s->active].hand > s->profile->hand_size)
    warn (c, "hand-size", s->active, 0, "%s ended the turn with %d cards in hand (maximum %d)",
          s->players[s->active].name, s->players[s->active].hand, s->profile->hand_size);
  s->turn++;
  s->active = seat;
  s->first_strike_done = FALSE;
  s->damage_dealt = FALSE;
  for (int i = 0; i < s->n_players; i++) {
    s->players[i].lands_played = 0;
    s->players[i].attacks = 0;
  }
  enter_step (c, 0);
  /* Nobody acts in the untap step, so the game goes straight on to upkeep. */
  go_to_step (c, 1);
}

/* ---- timing -------------------------------------------------------------------------------- */

typedef struct {
  const char *rule;
  const char *why;
} Denial;

static gboolean
kind_allowed (const TsState *s, int seat, TsSpellKind kind, Denial *d)
{
  static const Denial none = { NULL, NULL };
  *d = none;
  if (!s->started) {
    d->rule = "no-game";
    d->why = "no game has started";
    return FALSE;
  }
  if (s->game_over) {
    d->rule = "game-over";
    d->why = "the game is over";
    return FALSE;
  }
  if (!valid_seat (s, seat) || !s->players[seat].in_game) {
    d->rule = "out-of-game";
    d->why = "the player is out of the game";
    return FALSE;
  }
  const TsStepDef *st = cur_step (s);
  if (st->flags & TS_STEP_FLAG_UNTAP) {
    d->rule = "untap-phase";
    d->why = "during the untap phase";
    return FALSE;
  }
  if (!s->profile->interrupts && kind == TS_SPELL_INTERRUPT)
    kind = TS_SPELL_INSTANT;
  guint allowed = seat == s->active ? st->active_allowed : st->other_allowed;
  gboolean slow = (TS_SPELL_BIT (kind) & (TS_SPELLS_SLOW | TS_SPELL_BIT (TS_SPELL_LAND))) != 0;
  if (slow) {
    const char *what_rule = kind == TS_SPELL_LAND ? "land-timing" : "slow-spell-timing";
    if (seat != s->active) {
      d->rule = kind == TS_SPELL_LAND ? "land-timing" : "not-your-turn";
      d->why = "during another player's turn";
      return FALSE;
    }
    if (s->in_attack || (st->flags & TS_STEP_FLAG_COMBAT)) {
      d->rule = kind == TS_SPELL_LAND ? "land-timing" : "slow-spell-during-attack";
      d->why = "during an attack";
      return FALSE;
    }
    if (!(allowed & TS_SPELL_BIT (kind))) {
      d->rule = what_rule;
      d->why = "outside the main phase";
      return FALSE;
    }
    if (s->profile->stack && s->stack->len > 0) {
      d->rule = "sorcery-speed";
      d->why = "while the stack is not empty";
      return FALSE;
    }
    if (kind == TS_SPELL_LAND && s->players[seat].lands_played >= s->profile->lands_per_turn) {
      d->rule = "one-land-per-turn";
      d->why = "after a land this turn";
      return FALSE;
    }
    return TRUE;
  }
  if (!(allowed & TS_SPELL_BIT (kind))) {
    d->rule = "fast-effect-timing";
    d->why = seat == s->active ? st->why_active : st->why_other;
    return FALSE;
  }
  return TRUE;
}

void
ts_rules_update_timing (TsState *s)
{
  for (int seat = 0; seat < TS_MAX_PLAYERS; seat++) {
    TsPlayer *p = &s->players[seat];
    g_clear_pointer (&p->timing.why, g_free);
    Denial d;
    for (int k = 0; k < TS_SPELL_KIND_N; k++)
      p->timing.allowed[k] = seat < s->n_players && kind_allowed (s, seat, k, &d);
    if (seat >= s->n_players)
      continue;
    if (!s->started || s->game_over || !p->in_game) {
      kind_allowed (s, seat, TS_SPELL_INSTANT, &d);
      p->timing.why = g_strdup_printf ("Nothing may be cast: %s.", d.why);
      continue;
    }
    const TsStepDef *st = cur_step (s);
    GString *why = g_string_new (seat == s->active ? st->why_active : st->why_other);
    if (seat == s->active && (st->flags & TS_STEP_FLAG_MAIN) && !s->in_attack) {
      if (p->lands_played >= s->profile->lands_per_turn)
        g_string_append (why, " A land has already been played this turn.");
      if (s->profile->stack && s->stack->len > 0)
        g_string_append (why, " The stack is not empty: instants and abilities only.");
      if (s->profile->attacks_per_turn > 0 && p->attacks >= s->profile->attacks_per_turn &&
          !s->profile->stack)
        g_string_append (why, " The attack for this turn has been made.");
    }
    if (s->profile->stack && s->stack->len > 0 && seat != s->active)
      g_string_append (why, " Spells are waiting on the stack.");
    if (!s->profile->stack && s->stack->len > 0)
      g_string_append (why, " Instants are waiting to resolve together when both players are done.");
    p->timing.why = g_string_free (why, FALSE);
  }
}

/* Modern: a spell or ability needs priority. The engine only knows who holds it while the
 * passes are recorded, so it flags only what is certain: a player who passed, with nothing
 * done since, cannot have priority back before every other player has passed too, and that
 * either resolves the top of the stack or ends the step (both start afresh). Without
 * recorded passes (a camera game, or a response that implies the holder passed) nothing is
 * flagged. */
static void
check_priority (Ctx *c, int seat, const char *what, const char *done)
{
  TsState *s = c->s;
  if (!s->profile->stack || !s->started || s->game_over || !valid_seat (s, seat) ||
      !(c->passed & (1u << seat)) || c->passes >= in_game_count (s))
    return;
  warn (c, "priority", seat, c->e->object,
        "%s %s %s without priority: they passed it and %s holds it now", pname (s, seat), done,
        what, pname (s, s->priority));
}

/* Classic (the patent, on the attack): "After damage has been assigned, there is an
 * opportunity to prevent the damage or redirect it. During this period, only damage
 * prevention effects, damage redirection effects, regeneration effects, and interrupts may be
 * used." The period is the damage step of the attack, once its damage is assigned. Interrupts
 * (mana abilities among them) pass; an instant or an ability is flagged unless its card is
 * known to prevent, redirect or regenerate, or the event's note says it does. A card the engine
 * does not know is not flagged: what it does cannot be told. */
static void
check_after_damage (Ctx *c, int seat, TsSpellKind kind, const char *card, gboolean known)
{
  TsState *s = c->s;
  if (!s->profile->after_damage_limited || !s->started || s->game_over || !s->in_attack ||
      !s->damage_dealt || !(cur_step (s)->flags & TS_STEP_FLAG_DAMAGE) || !known ||
      (kind != TS_SPELL_INSTANT && kind != TS_SPELL_ABILITY) || ts_rules_damage_answer (card))
    return;
  g_autofree char *note = c->e->note ? g_ascii_strdown (c->e->note, -1) : NULL;
  if (note && (strstr (note, "prevent") || strstr (note, "redirect") || strstr (note, "regenerat")))
    return;
  warn (c, "after-damage", seat, c->e->object,
        "%s (%s) played after combat damage was assigned, when only damage prevention, "
        "redirection, regeneration and interrupts may be used", card ? card : "an effect",
        ts_spell_kind_display (kind));
}

/* Warns when seat may not use kind now; what names the card for the message. */
static void
check_timing (Ctx *c, int seat, TsSpellKind kind, const char *what)
{
  Denial d;
  if (!c->s->started || c->s->game_over)
    return;
  if (kind_allowed (c->s, seat, kind, &d))
    return;
  if (strcmp (d.rule, "one-land-per-turn") == 0)
    warn (c, d.rule, seat, c->e->object, "Second land this turn: %s (%s)", what, pname (c->s, seat));
  else
    warn (c, d.rule, seat, c->e->object, "%s (%s) played %s", what,
          ts_spell_kind_display (kind), d.why);
}

static TsSpellKind
spell_kind (const TsState *s, const TsFacts *f)
{
  if (f == NULL)
    return TS_SPELL_INSTANT; /* unknown card: the most permissive guess */
  if (f->types & TS_TYPE_LAND)
    return TS_SPELL_LAND;
  if (f->types & TS_TYPE_INTERRUPT)
    return s->profile->interrupts ? TS_SPELL_INTERRUPT : TS_SPELL_INSTANT;
  if (f->types & TS_TYPE_INSTANT)
    return TS_SPELL_INSTANT;
  if (f->types & TS_TYPE_CREATURE)
    return TS_SPELL_CREATURE;
  if (f->types & TS_TYPE_ARTIFACT)
    return TS_SPELL_ARTIFACT;
  if (f->types & TS_TYPE_ENCHANTMENT)
    return TS_SPELL_ENCHANTMENT;
  if (f->types & (TS_TYPE_SORCERY | TS_TYPE_PLANESWALKER | TS_TYPE_BATTLE))
    return TS_SPELL_SORCERY;
  return TS_SPELL_INSTANT;
}

static gboolean
is_permanent_kind (TsSpellKind k)
{
  return k == TS_SPELL_CREATURE || k == TS_SPELL_ARTIFACT || k == TS_SPELL_ENCHANTMENT ||
         k == TS_SPELL_LAND;
}

/* ---- spells ------------------------------------------------------------------------------ */

static gboolean
card_is (const char *card, const char *name)
{
  return card && g_ascii_strcasecmp (card, name) == 0;
}

static void
graveyard_add (TsState *s, int seat, const char *card)
{
  if (valid_seat (s, seat) && card)
    g_ptr_array_add (s->players[seat].graveyard, g_strdup (card));
}

static void
destroy_permanent (Ctx *c, TsPermanent *p)
{
  if (kw (p) & TS_KW_INDESTRUCTIBLE)
    return;
  if (p->regen_shields > 0)
    regenerate (c, p);
  else
    mark_lethal (c, p);
}

/* Effects of a few well-known spells, applied when they resolve (docs/events.md lists them). */
static void
spell_effect (Ctx *c, const TsStackItem *it)
{
  TsState *s = c->s;
  const TsFacts *f = ts_rules_facts (c->rules, it->card);
  guint colors = f ? f->colors : 0;
  int tp = it->target_player;
  if (card_is (it->card, "Giant Growth")) {
    TsPermanent *p = it->n_targets ? ts_state_find_permanent (s, it->targets[0]) : NULL;
    if (p) {
      p->power_mod = sat ((gint64) p->power_mod + 3);
      p->toughness_mod = sat ((gint64) p->toughness_mod + 3);
      recompute (c, p);
    }
  } else if (card_is (it->card, "Lightning Bolt")) {
    deal_damage (c, NULL, it->card, colors, it->n_targets ? it->targets[0] : 0, tp, 3, FALSE);
  } else if (card_is (it->card, "Fireball")) {
    guint n = it->n_targets + (tp >= 0 ? 1 : 0);
    if (n > 0) {
      int each = it->x / (int) n; /* divided evenly, rounded down */
      for (guint i = 0; i < it->n_targets; i++)
        deal_damage (c, NULL, it->card, colors, it->targets[i], -1, each, FALSE);
      if (tp >= 0)
        deal_damage (c, NULL, it->card, colors, 0, tp, each, FALSE);
    }
  } else if (card_is (it->card, "Dark Ritual")) {
    int m[TS_MANA_N] = { [TS_MANA_B] = 3 };
    pool_add (s, it->controller, m);
  } else if (card_is (it->card, "Healing Salve")) {
    if (valid_seat (s, tp))
      s->players[tp].life = sat ((gint64) s->players[tp].life + 3);
  } else if (card_is (it->card, "Ancestral Recall")) {
    int who = valid_seat (s, tp) ? tp : it->controller;
    if (valid_seat (s, who)) {
      TsPlayer *p = &s->players[who];
      if (p->library >= 0)
        p->library = MAX (0, p->library - 3);
      p->hand = (p->hand < 0 ? 0 : p->hand) + 3;
    }
  } else if (card_is (it->card, "Terror") || card_is (it->card, "Swords to Plowshares")) {
    TsPermanent *p = it->n_targets ? ts_state_find_permanent (s, it->targets[0]) : NULL;
    if (p && card_is (it->card, "Terror"))
      destroy_permanent (c, p);
    else if (p) {
      if (valid_seat (s, p->controller))
        s->players[p->controller].life = sat ((gint64) s->players[p->controller].life + MAX (0, p->power));
      g_ptr_array_add (s->players[p->owner].exile, g_strdup (p->card));
      remove_permanent (s, p->id);
    }
  }
}

static void resolve_item (Ctx *c, guint idx, guint object, gboolean seen);

static int
find_stack (const TsState *s, guint id, const char *card, int controller)
{
  for (guint i = s->stack->len; i-- > 0;) {
    const TsStackItem *it = &g_array_index (s->stack, TsStackItem, i);
    if (id != 0 && it->id == id)
      return (int) i;
  }
  if (card)
    for (guint i = s->stack->len; i-- > 0;) {
      const TsStackItem *it = &g_array_index (s->stack, TsStackItem, i);
      if (it->card && g_ascii_strcasecmp (it->card, card) == 0 &&
          (controller < 0 || it->controller == controller))
        return (int) i;
    }
  return -1;
}

static void
counter_item (Ctx *c, guint idx)
{
  TsState *s = c->s;
  TsStackItem it = g_array_index (s->stack, TsStackItem, idx);
  it.card = g_strdup (it.card);
  g_array_remove_index (s->stack, idx);
  if (!it.is_ability)
    graveyard_add (s, it.controller, it.card);
  g_free (it.card);
}

static void
resolve_item (Ctx *c, guint idx, guint object, gboolean seen)
{
  TsState *s = c->s;
  TsStackItem it = g_array_index (s->stack, TsStackItem, idx);
  it.card = g_strdup (it.card); /* the array's copy goes with remove_index */
  g_array_remove_index (s->stack, idx);
  if (it.is_ability) {
    /* abilities' effects are recorded by their own events */
  } else if (is_permanent_kind (it.kind)) {
    TsPermanent *p = create_permanent (c, it.card, it.controller, object ? object : it.id, seen);
    (void) p;
  } else if (card_is (it.card, "Counterspell") || card_is (it.card, "Blue Elemental Blast") ||
             card_is (it.card, "Red Elemental Blast") || card_is (it.card, "Power Sink")) {
    int t = it.n_targets ? find_stack (s, it.targets[0], NULL, -1) : (int) s->stack->len - 1;
    if (t >= 0 && card_is (it.card, "Counterspell"))
      counter_item (c, (guint) t);
    graveyard_add (s, it.controller, it.card);
  } else {
    spell_effect (c, &it);
    graveyard_add (s, it.controller, it.card);
  }
  g_free (it.card);
}

static void
resolve_all (Ctx *c)
{
  while (c->s->stack->len > 0)
    resolve_item (c, c->s->stack->len - 1, 0, FALSE);
}

/* Cost of a spell: what the event says was paid, else the card's cost with X and Fireball's
 * extra {1} per target after the first. */
static void
spell_cost (Ctx *c, int seat, const TsFacts *f, int out[TS_MANA_N])
{
  const TsEvent *e = c->e;
  if (any_mana (e->mana)) {
    memcpy (out, e->mana, sizeof (int) * TS_MANA_N);
    return;
  }
  memset (out, 0, sizeof (int) * TS_MANA_N);
  if (f == NULL || f->cost == NULL)
    return;
  int xs = 0;
  if (!ts_mana_parse (f->cost, out, &xs))
    return;
  out[TS_MANA_C] = sat ((gint64) out[TS_MANA_C] + (gint64) xs * e->x);
  if (card_is (f->name, "Fireball")) {
    guint n = e->n_targets + (e->target_player >= 0 ? 1 : 0);
    if (n > 1)
      out[TS_MANA_C] += (int) n - 1;
  }
  /* Commander tax: {2} more for each earlier cast from the command zone. */
  if (e->from_zone == TS_ZONE_COMMAND && c->s->commander && valid_seat (c->s, seat))
    out[TS_MANA_C] = sat ((gint64) out[TS_MANA_C] + 2 * (gint64) c->s->players[seat].commander_casts);
}

/* "played Forest (Land)", "cast Grizzly Bears (Creature/Summon)" */
static char *
play_text (TsSpellKind kind, const char *card)
{
  return g_strdup_printf ("%s %s (%s)", kind == TS_SPELL_LAND ? "played" : "cast",
                          card ? card : "a card", ts_spell_kind_display (kind));
}

/* An attack inferred from the camera shows no end either: the active player playing a land
 * or a slow spell during it has gone on to the main phase after the attack. */
static void
infer_attack_over (Ctx *c, int seat, TsSpellKind kind, const char *card)
{
  TsState *s = c->s;
  int after = -1;
  for (guint i = s->step + 1; i < s->profile->n_steps && after < 0; i++)
    if (s->profile->steps[i].flags & TS_STEP_FLAG_MAIN)
      after = (int) i;
  if (after < 0)
    return;
  go_to_step (c, (guint) after); /* the attack ends (classic: the pool empties) */
  if (s->game_over)
    return;
  g_autofree char *what = play_text (kind, card);
  inferred (c, TS_EVENT_STEP, seat, c->e->object,
            "%s %s, which is done in a main phase: the attack is over", pname (s, seat), what);
}

/* The camera cannot see phases: the active player playing a land or a slow spell early in
 * the turn means they have gone on to their main phase. Mana they tapped for it stays. */
static void
infer_main_phase (Ctx *c, int seat, TsSpellKind kind, const char *card)
{
  TsState *s = c->s;
  if (c->e->source != TS_SOURCE_CAMERA || seat != s->active || s->stack->len > 0)
    return;
  if (s->in_attack) {
    if (s->attack_inferred)
      infer_attack_over (c, seat, kind, card);
    return;
  }
  int main = step_with (s, TS_STEP_FLAG_MAIN);
  if (main < 0 || (int) s->step >= main)
    return;
  const char *from = s->step_name;
  warn_lethal (c);
  enter_step (c, (guint) main);
  g_autofree char *what = play_text (kind, card);
  inferred (c, TS_EVENT_STEP, seat, c->e->object,
            "%s %s, which is done in the main phase: the %s is over", pname (s, seat), what, from);
}

/* The camera cannot see a turn pass either, and a turn in which nothing untaps (the second
 * player's first turn, a player with everything untapped) shows no untap to start it. So the
 * next player in turn order playing a land, or casting a slow spell (summon, sorcery,
 * artifact, enchantment) with mana they tapped for it, which only the active player may do,
 * while nothing holds the active player's turn open (no attack under way, nothing waiting to
 * resolve) means the turn has passed: a judge would read the table so rather than as a slow
 * spell out of turn. A spell their pool cannot pay for is no such evidence (a card put down,
 * not cast), so nothing is inferred from it. Only from the camera: a person entering events has
 * the turn event for that. The new active player's side of the table stays as it shows: the
 * lands they tapped for this spell stay tapped (their untap step came before) and that mana
 * stays in their pool, unburned. cost is the spell's cost, NULL for a land. */
static void
infer_turn (Ctx *c, int seat, TsSpellKind kind, const char *card, const int *cost)
{
  TsState *s = c->s;
  if (c->e->source != TS_SOURCE_CAMERA || s->game_over || !valid_seat (s, seat) ||
      !s->players[seat].in_game || seat == s->active || seat != next_seat (s, s->active) ||
      (s->in_attack && !s->attack_inferred) ||
      (!s->in_attack && (cur_step (s)->flags & TS_STEP_FLAG_COMBAT)) || s->stack->len > 0 ||
      (cost && !pool_covers (s->players[seat].mana, cost)))
    return;
  int old = s->active;
  int pool[TS_MANA_N];
  memcpy (pool, s->players[seat].mana, sizeof pool);
  memset (s->players[seat].mana, 0, sizeof pool);
  g_autoptr (GArray) tapped = g_array_new (FALSE, FALSE, sizeof (guint));
  for (guint i = 0; i < s->permanents->len; i++) {
    const TsPermanent *p = &g_array_index (s->permanents, TsPermanent, i);
    if (p->controller == seat && p->tapped)
      g_array_append_val (tapped, p->id);
  }
  start_turn (c, seat);
  memcpy (s->players[seat].mana, pool, sizeof pool);
  for (guint i = 0; i < tapped->len; i++) {
    TsPermanent *p = ts_state_find_permanent (s, g_array_index (tapped, guint, i));
    if (p)
      p->tapped = TRUE;
  }
  if (s->active != seat)
    return; /* the game ended with the turn */
  g_autofree char *what = play_text (kind, card);
  inferred (c, TS_EVENT_TURN, seat, c->e->object,
            "%s's turn has ended: %s %s, which only the active player may do, with no attack "
            "or spell under way", pname (s, old), pname (s, seat), what);
}

static void
play_land (Ctx *c, int seat, const char *card, guint object)
{
  TsState *s = c->s;
  infer_turn (c, seat, TS_SPELL_LAND, card, NULL);
  infer_main_phase (c, seat, TS_SPELL_LAND, card);
  check_timing (c, seat, TS_SPELL_LAND, card ? card : "a land");
  if (valid_seat (s, seat))
    s->players[seat].lands_played++;
  create_permanent (c, card, seat, object, TRUE);
}

/* Targets a spell may not have: shroud, an opponent's hexproof, protection from its colour. */
static void
check_targets (Ctx *c, int seat, const TsFacts *f, const char *card)
{
  const TsEvent *e = c->e;
  guint colors = f ? f->colors : 0;
  for (guint i = 0; i < e->n_targets; i++) {
    TsPermanent *t = ts_state_find_permanent (c->s, e->targets[i]);
    if (t == NULL)
      continue;
    if (kw (t) & TS_KW_SHROUD)
      warn (c, "shroud", seat, t->id, "%s targeted %s, which has shroud", card, t->card);
    else if ((kw (t) & TS_KW_HEXPROOF) && t->controller != seat)
      warn (c, "hexproof", seat, t->id, "%s targeted %s, which has hexproof", card, t->card);
    if (kw (t) & prot_bit (colors))
      warn (c, "protection", seat, t->id,
            "%s targeted %s, which has protection from its colour", card, t->card);
  }
}

/* The legend rule (modern): two legendary permanents of one name under one controller. */
static void
check_legend_rule (Ctx *c, const TsPermanent *p)
{
  const TsFacts *f = ts_rules_facts (c->rules, p->card);
  if (!c->s->profile->stack || f == NULL || !(f->supertypes & TS_SUPERTYPE_LEGENDARY))
    return;
  for (guint i = 0; i < c->s->permanents->len; i++) {
    const TsPermanent *q = &g_array_index (c->s->permanents, TsPermanent, i);
    if (q != p && q->controller == p->controller && q->card &&
        g_ascii_strcasecmp (q->card, p->card) == 0) {
      warn (c, "legend-rule", p->controller, p->id,
            "%s controls two legendary %s: one goes to the graveyard", pname (c->s, p->controller),
            p->card);
      return;
    }
  }
}

/* A spell is cast: timing checked, cost taken from the pool, put on the stack. Interrupts
 * (classic) resolve at once. Returns the stack index or -1 when it resolved. */
static int
cast_spell (Ctx *c, int seat, const char *card, guint object, gboolean seen)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  const TsFacts *f = ts_rules_facts (c->rules, card);
  TsSpellKind kind = spell_kind (s, f);
  if (kind == TS_SPELL_LAND) {
    play_land (c, seat, card, object);
    return -1;
  }
  if (!s->profile->stack && kind != TS_SPELL_INTERRUPT && s->stack->len > 0 &&
      (TS_SPELL_BIT (kind) & TS_SPELLS_SLOW))
    resolve_all (c); /* classic: a new slow spell means both players were done */
  int cost[TS_MANA_N];
  spell_cost (c, seat, f, cost);
  if (TS_SPELL_BIT (kind) & TS_SPELLS_SLOW && !(f && (f->keywords & TS_KW_FLASH))) {
    infer_turn (c, seat, kind, card, cost);
    infer_main_phase (c, seat, kind, card);
  }
  /* Flash: a permanent spell cast with an instant's timing. */
  check_timing (c, seat, (f && (f->keywords & TS_KW_FLASH)) ? TS_SPELL_INSTANT : kind,
                card ? card : "a spell");
  check_priority (c, seat, card ? card : "a spell", "cast");
  check_after_damage (c, seat, (f && (f->keywords & TS_KW_FLASH)) ? TS_SPELL_INSTANT : kind, card,
                      f != NULL);
  check_targets (c, seat, f, card);
  if (e->from_zone == TS_ZONE_COMMAND && valid_seat (s, seat))
    s->players[seat].commander_casts++;
  g_autofree char *what = g_strdup_printf ("casting %s", card ? card : "a spell");
  pool_pay (c, seat, cost, what);
  if (valid_seat (s, seat) && s->players[seat].hand > 0 &&
      (e->from_zone == TS_ZONE_HAND || e->from_zone == TS_ZONE_NONE))
    s->players[seat].hand--;
  if (object == 0 || ts_state_find_permanent (s, object) || find_stack (s, object, NULL, -1) >= 0)
    object = s->next_object;
  if (object >= s->next_object)
    s->next_object = object + 1;
  c->v->object = object;
  TsStackItem it = { 0 };
  it.id = object;
  it.card = g_strdup (card);
  it.controller = seat;
  it.kind = kind;
  it.x = e->x;
  for (guint i = 0; i < e->n_targets && i < G_N_ELEMENTS (it.targets); i++)
    it.targets[it.n_targets++] = e->targets[i];
  it.target_player = e->target_player;
  it.event_index = c->index;
  g_array_append_val (s->stack, it);
  s->priority = seat; /* the caster receives priority again */
  if (kind == TS_SPELL_INTERRUPT) {
    resolve_item (c, s->stack->len - 1, object, seen);
    return -1;
  }
  return (int) s->stack->len - 1;
}

/* ---- events -------------------------------------------------------------------------------- */

static void
on_game_start (Ctx *c, const TsProfile *fixed)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  if (s->started)
    warn (c, "restart", -1, 0, "A new game started over a game in progress");
  const TsProfile *profile = fixed;
  if (profile == NULL) {
    profile = ts_profile_lookup (e->profile ? e->profile : "classic");
    if (profile == NULL) {
      warn (c, "unknown-profile", -1, 0, "Unknown rules profile \"%s\"; classic is used",
            e->profile);
      profile = ts_profile_classic ();
    }
  }
  /* Everything but the warnings and the id counter starts afresh. */
  TsState *fresh = ts_state_new (profile);
  GArray *w = s->warnings;
  s->warnings = fresh->warnings;
  fresh->warnings = w;
  GArray *inf = s->inferred;
  s->inferred = fresh->inferred;
  fresh->inferred = inf;
  fresh->next_object = s->next_object;
  fresh->n_events = s->n_events;
  fresh->generation = s->generation;
  TsState tmp = *s;
  *s = *fresh;
  *fresh = tmp;
  ts_state_free (fresh);

  s->started = TRUE;
  s->commander = (e->flags & TS_EVENT_FLAG_COMMANDER) != 0;
  s->ante = (e->flags & TS_EVENT_FLAG_ANTE) != 0;
  if (s->commander && !profile->commander_allowed) {
    warn (c, "commander", -1, 0, "The %s profile has no Commander variant", profile->name);
    s->commander = FALSE;
  }
  s->n_players = CLAMP (e->n_players, 0, TS_MAX_PLAYERS);
  if (s->n_players < 2) {
    warn (c, "players", -1, 0, "A game needs 2 to %d players; %d given", TS_MAX_PLAYERS,
          e->n_players);
    while (s->n_players < 2) {
      s->players[s->n_players].name = g_strdup_printf ("Player %d", s->n_players + 1);
      s->n_players++;
    }
  }
  int life = e->amount > 0 ? e->amount : s->commander ? profile->commander_life : profile->starting_life;
  for (int i = 0; i < s->n_players; i++) {
    TsPlayer *p = &s->players[i];
    if (p->name == NULL)
      p->name = g_strdup (e->names[i] && *e->names[i] ? e->names[i] : "Player");
    p->life = life;
    p->in_game = TRUE;
    if (e->counts[i] > 0) {
      p->library = MAX (0, e->counts[i] - profile->hand_size);
      p->hand = MIN (e->counts[i], profile->hand_size);
    }
  }
  s->setup = TRUE;
  s->in_progress = (e->flags & TS_EVENT_FLAG_IN_PROGRESS) != 0;
  s->turn = 1;
  s->active = valid_seat (s, e->player) ? e->player : 0;
  s->priority = s->active;
  enter_step (c, 0);
  enter_step (c, 1); /* the untap step passes by itself */
}

static void
on_move (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  TsPermanent *p = ts_state_find_permanent (s, e->object);
  int seat = e->player;
  if (e->zone == TS_ZONE_BATTLEFIELD) {
    if (p != NULL) {
      p->seen = TRUE;
      if (valid_seat (s, seat) && seat != p->controller) {
        p->controller = seat; /* control changed */
        p->summoning_sick = TRUE;
      }
      return;
    }
    const char *card = e->card;
    int si = find_stack (s, e->object, card, seat);
    if (si >= 0 && g_array_index (s->stack, TsStackItem, si).is_ability)
      si = -1;
    if (si >= 0 && (e->from_zone == TS_ZONE_STACK || e->from_zone == TS_ZONE_HAND ||
                    e->from_zone == TS_ZONE_NONE)) {
      resolve_item (c, (guint) si, e->object, TRUE);
      return;
    }
    /* A permanent a cast already put there, now seen by the camera. */
    for (guint i = 0; card && i < s->permanents->len; i++) {
      TsPermanent *q = &g_array_index (s->permanents, TsPermanent, i);
      if (!q->seen && q->card && g_ascii_strcasecmp (q->card, card) == 0 &&
          (!valid_seat (s, seat) || q->controller == seat)) {
        q->seen = TRUE;
        if (e->object && ts_state_find_permanent (s, e->object) == NULL) {
          q->id = e->object;
          if (e->object >= s->next_object)
            s->next_object = e->object + 1;
        }
        c->v->object = q->id;
        return;
      }
    }
    if (!valid_seat (s, seat)) {
      warn (c, "unknown-player", -1, e->object, "%s entered the battlefield with no controller",
            card ? card : "A card");
      seat = s->active;
    }
    const TsFacts *f = ts_rules_facts (c->rules, card);
    if (f == NULL || (e->flags & TS_EVENT_FLAG_FACEDOWN)) {
      /* An unreadable or unknown card: it is on the table, whatever it cost. */
      create_permanent (c, card, seat, e->object, TRUE);
      return;
    }
    if (!is_permanent_kind (spell_kind (s, f))) {
      warn (c, "not-a-permanent", seat, e->object,
            "%s is not a permanent but was seen on the battlefield", card);
      create_permanent (c, card, seat, e->object, TRUE);
      return;
    }
    switch (e->from_zone) {
    case TS_ZONE_HAND:
    case TS_ZONE_NONE:
    case TS_ZONE_COMMAND: {
      /* Appearing from the hand is a cast (or a land played) paid from the pool. */
      int idx = cast_spell (c, seat, card, e->object, TRUE);
      if (idx >= 0)
        resolve_item (c, (guint) idx, e->object, TRUE);
      if (e->from_zone == TS_ZONE_COMMAND) {
        TsPermanent *q = ts_state_find_permanent (s, c->v->object);
        if (q)
          q->is_commander = TRUE;
      }
      break;
    }
    default:
      /* From a graveyard, library or exile: put there by an effect, no cast. */
      create_permanent (c, card, seat, e->object, TRUE);
      if (e->from_zone == TS_ZONE_GRAVEYARD && valid_seat (s, seat)) {
        GPtrArray *g = s->players[seat].graveyard;
        for (guint i = g->len; card && i-- > 0;)
          if (g_ascii_strcasecmp (g->pdata[i], card) == 0) {
            g_ptr_array_remove_index (g, i);
            break;
          }
      }
      break;
    }
    return;
  }
  if (p != NULL) {
    /* Leaving the battlefield. */
    int owner = p->owner;
    g_autofree char *card = g_strdup (p->card);
    c->v->object = p->id;
    remove_permanent (s, p->id);
    switch (e->zone) {
    case TS_ZONE_GRAVEYARD:
      graveyard_add (s, owner, card);
      break;
    case TS_ZONE_EXILE:
      g_ptr_array_add (s->players[owner].exile, g_strdup (card));
      break;
    case TS_ZONE_HAND:
      if (s->players[owner].hand >= 0)
        s->players[owner].hand++;
      break;
    case TS_ZONE_LIBRARY:
      if (s->players[owner].library >= 0)
        s->players[owner].library++;
      break;
    default:
      break;
    }
    return;
  }
  if (e->zone == TS_ZONE_STACK) {
    cast_spell (c, valid_seat (s, seat) ? seat : s->active, e->card, e->object, FALSE);
    return;
  }
  if (e->from_zone == TS_ZONE_STACK) {
    int si = find_stack (s, e->object, e->card, -1);
    if (si >= 0)
      resolve_item (c, (guint) si, 0, FALSE);
    return;
  }
  if (e->from_zone == TS_ZONE_BATTLEFIELD) {
    if (e->object)
      warn (c, "unknown-object", seat, e->object, "Object %u left the battlefield but was not on it",
            e->object);
    return;
  }
  /* Between hidden zones: keep the counts. */
  if (valid_seat (s, seat)) {
    TsPlayer *pl = &s->players[seat];
    if (e->from_zone == TS_ZONE_HAND && pl->hand > 0)
      pl->hand--;
    if (e->from_zone == TS_ZONE_LIBRARY && pl->library > 0)
      pl->library--;
    if (e->zone == TS_ZONE_HAND && pl->hand >= 0)
      pl->hand++;
    if (e->zone == TS_ZONE_LIBRARY && pl->library >= 0)
      pl->library++;
    if (e->zone == TS_ZONE_GRAVEYARD && e->card)
      graveyard_add (s, seat, e->card);
    if (e->zone == TS_ZONE_EXILE && e->card)
      g_ptr_array_add (pl->exile, g_strdup (e->card));
  }
}

/* ---- the table as found ------------------------------------------------------------ */

gboolean
ts_rules_is_setup (const TsState *s, const TsEvent *e)
{
  if (!s->started)
    return FALSE;
  switch (e->kind) {
  case TS_EVENT_MOVE:
  case TS_EVENT_TAP:
  case TS_EVENT_UNTAP:
  case TS_EVENT_LIFE:
  case TS_EVENT_POISON:
  case TS_EVENT_COUNTER:
    if (e->flags & TS_EVENT_FLAG_SETUP)
      return TRUE;
    break;
  default:
    return FALSE;
  }
  /* Watching a game under way, the camera's first sight of the table is what was there. */
  return e->kind == TS_EVENT_MOVE && s->setup && s->in_progress &&
         e->source == TS_SOURCE_CAMERA && e->zone == TS_ZONE_BATTLEFIELD;
}

/* A card that was already on the table: no cast, no land played, no mana, and it has been
 * under its controller's control since before their turn began, so it is not summoning sick. */
static void
on_setup (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  int seat = e->player;
  TsPermanent *p = ts_state_find_permanent (s, e->object);
  if (e->kind == TS_EVENT_MOVE && e->zone != TS_ZONE_BATTLEFIELD) {
    on_move (c); /* graveyards, exile, hands: moves there infer nothing anyway */
    return;
  }
  if (p == NULL) {
    if (e->kind != TS_EVENT_MOVE && e->card == NULL) {
      find_perm (c, e->object, ts_event_kind_name (e->kind));
      return;
    }
    if (!valid_seat (s, seat)) {
      warn (c, "unknown-player", -1, e->object, "%s was on the table with no controller",
            e->card ? e->card : "A card");
      seat = s->active;
    }
    p = create_permanent (c, e->card, seat, e->object, TRUE);
    p->summoning_sick = FALSE;
    p->as_found = TRUE;
    p->turn_entered = 0;
  } else {
    p->seen = TRUE;
    if (e->kind == TS_EVENT_MOVE && valid_seat (s, seat))
      p->controller = seat;
  }
  c->v->object = p->id;
  if (e->kind == TS_EVENT_TAP || (e->flags & TS_EVENT_FLAG_TAPPED))
    p->tapped = TRUE;
  else if (e->kind == TS_EVENT_UNTAP)
    p->tapped = FALSE;
}

static void
add_attacker (Ctx *c, TsPermanent *p, int attacker)
{
  TsState *s = c->s;
  if (p->controller != attacker)
    warn (c, "attacker-not-controlled", attacker, p->id, "%s attacked but %s does not control it",
          p->card, pname (s, attacker));
  if (p->known && !is_creature (p))
    warn (c, "not-a-creature", attacker, p->id, "%s attacked but is not a creature", p->card);
  if (p->tapped)
    warn (c, "tapped-attacker", attacker, p->id, "%s attacked while tapped", p->card);
  if (p->summoning_sick && !(kw (p) & TS_KW_HASTE))
    warn (c, "summoning-sickness", attacker, p->id,
          "%s attacked the turn it came into play", p->card);
  const TsFacts *f = ts_rules_facts (c->rules, p->card);
  if ((kw (p) & TS_KW_DEFENDER) || (f && f->wall))
    warn (c, "defender", attacker, p->id, "%s attacked but walls and defenders cannot attack",
          p->card);
  p->attacking = TRUE;
  if (!(kw (p) & TS_KW_VIGILANCE))
    p->tapped = TRUE;
}

static int
step_with (const TsState *s, guint flag)
{
  for (guint i = 0; i < s->profile->n_steps; i++)
    if (s->profile->steps[i].flags & flag)
      return (int) i;
  return -1;
}

/* Starts attacker's attack on seat def (the next seat when def is not another's): what is
 * waiting resolves, the game goes to the declare-attackers step. FALSE when the game ended. */
static gboolean
begin_attack (Ctx *c, int attacker, int def)
{
  TsState *s = c->s;
  int decl = step_with (s, TS_STEP_FLAG_ATTACKERS);
  resolve_all (c);
  s->players[attacker].attacks++;
  if (!valid_seat (s, def) || def == attacker)
    def = next_seat (s, attacker);
  g_array_set_size (s->assignments, 0);
  s->first_strike_done = FALSE;
  s->damage_dealt = FALSE;
  if ((int) s->step != decl && decl >= 0)
    go_to_step (c, (guint) decl); /* the pool empties as an attack begins (classic) */
  if (s->game_over)
    return FALSE;
  s->in_attack = TRUE;
  s->defender = def;
  return TRUE;
}

static void
on_attack (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  int attacker = valid_seat (s, e->player) ? e->player : s->active;
  if (attacker != s->active)
    warn (c, "attack-not-your-turn", attacker, 0, "%s attacked during %s's turn",
          pname (s, attacker), pname (s, s->active));
  int decl = step_with (s, TS_STEP_FLAG_ATTACKERS);
  if (!s->in_attack) {
    const TsStepDef *st = cur_step (s);
    if (s->players[attacker].attacks >= s->profile->attacks_per_turn)
      warn (c, "one-attack-per-turn", attacker, 0, "Second attack this turn (%s)",
            pname (s, attacker));
    else if (s->stack->len > 0 && s->profile->stack)
      warn (c, "attack-timing", attacker, 0, "Attack declared with spells on the stack");
    gboolean late = (int) s->step > decl &&
                    ((st->flags & TS_STEP_FLAG_COMBAT) ||
                     (s->profile->stack && s->players[attacker].attacks == 0));
    if (!(st->flags & (TS_STEP_FLAG_MAIN | TS_STEP_FLAG_COMBAT)) || late)
      warn (c, "attack-timing", attacker, 0, "Attack declared in the %s", s->step_name);
    if (!begin_attack (c, attacker, e->target_player))
      return;
  }
  for (guint i = 0; i < e->n_targets; i++) {
    TsPermanent *p = find_perm (c, e->targets[i], "attack");
    if (p)
      add_attacker (c, p, attacker);
  }
}

static void
on_block (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  TsPermanent *b = find_perm (c, e->object, "block");
  TsPermanent *a = e->n_targets ? find_perm (c, e->targets[0], "block") : NULL;
  if (b == NULL || a == NULL)
    return;
  if (!s->in_attack) {
    warn (c, "no-attack", b->controller, b->id, "%s blocked but no attack is under way", b->card);
    return;
  }
  int blk = step_with (s, TS_STEP_FLAG_BLOCKERS);
  if ((int) s->step < blk)
    go_to_step (c, (guint) blk);
  else if ((int) s->step > blk)
    warn (c, "block-timing", b->controller, b->id, "%s blocked after damage", b->card);
  if (!a->attacking)
    warn (c, "blocked-non-attacker", b->controller, b->id, "%s blocked %s, which is not attacking",
          b->card, a->card);
  if (b->controller != s->defender)
    warn (c, "blocker-not-defending", b->controller, b->id,
          "%s blocked but its controller is not the defending player", b->card);
  if (b->known && !is_creature (b))
    warn (c, "not-a-creature", b->controller, b->id, "%s blocked but is not a creature", b->card);
  if (b->tapped)
    warn (c, "tapped-blocker", b->controller, b->id, "%s is tapped and cannot block", b->card);
  if (b->blocking != 0 && b->blocking != a->id)
    warn (c, "blocks-two", b->controller, b->id,
          "%s blocked a second attacker; one creature blocks only one", b->card);
  if ((kw (a) & TS_KW_FLYING) && !(kw (b) & (TS_KW_FLYING | TS_KW_REACH)))
    warn (c, "flying", b->controller, b->id, "%s cannot block %s: it flies", b->card, a->card);
  if (kw (a) & prot_bit (b->colors))
    warn (c, "protection", b->controller, b->id,
          "%s cannot block %s: protection from its colour", b->card, a->card);
  if ((kw (a) & TS_KW_FEAR) && !(b->types & TS_TYPE_ARTIFACT) && !(b->colors & TS_COLOR_BLACK))
    warn (c, "fear", b->controller, b->id,
          "%s cannot block %s: fear (only artifact or black creatures)", b->card, a->card);
  if ((kw (a) & TS_KW_INTIMIDATE) && !(b->types & TS_TYPE_ARTIFACT) && !(b->colors & a->colors))
    warn (c, "intimidate", b->controller, b->id,
          "%s cannot block %s: intimidate (only artifact creatures or ones sharing a colour)",
          b->card, a->card);
  static const struct {
    guint64 kw;
    guint land;
    const char *name;
  } walks[] = {
    { TS_KW_PLAINSWALK, TS_COLOR_WHITE, "plainswalk" },
    { TS_KW_ISLANDWALK, TS_COLOR_BLUE, "islandwalk" },
    { TS_KW_SWAMPWALK, TS_COLOR_BLACK, "swampwalk" },
    { TS_KW_MOUNTAINWALK, TS_COLOR_RED, "mountainwalk" },
    { TS_KW_FORESTWALK, TS_COLOR_GREEN, "forestwalk" },
  };
  for (guint w = 0; w < G_N_ELEMENTS (walks); w++) {
    if (!(kw (a) & walks[w].kw))
      continue;
    for (guint i = 0; i < s->permanents->len; i++) {
      TsPermanent *l = &g_array_index (s->permanents, TsPermanent, i);
      const TsFacts *f = ts_rules_facts (c->rules, l->card);
      if (l->controller == s->defender && f && (f->types & TS_TYPE_LAND) &&
          (f->land_types & walks[w].land)) {
        warn (c, "landwalk", b->controller, b->id, "%s cannot be blocked: %s (%s)", a->card,
              walks[w].name, l->card);
        break;
      }
    }
  }
  b->blocking = a->id;
  a->blocked = TRUE;
  if (a->band)
    for (guint i = 0; i < s->permanents->len; i++) {
      TsPermanent *m = &g_array_index (s->permanents, TsPermanent, i);
      if (m->band == a->band && m->attacking)
        m->blocked = TRUE;
    }
}

static void
on_band (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  if (!s->profile->banding)
    warn (c, "banding", e->player, 0, "The %s rules have no attacking bands", s->profile->name);
  int without = 0;
  guint band = 0;
  for (guint i = 0; i < e->n_targets; i++) {
    TsPermanent *p = find_perm (c, e->targets[i], "band");
    if (p == NULL)
      continue;
    if (!(kw (p) & TS_KW_BANDING))
      without++;
    if (band == 0)
      band = p->id;
    p->band = band;
  }
  if (without > 1)
    warn (c, "banding", e->player, 0,
          "A band may hold only one creature without banding; this one holds %d", without);
}

/* The camera cannot see an attack declared either. The active player turning a creature
 * sideways early in the turn, before any attack, with nothing waiting to resolve, is read as
 * an attack with it, as a judge would read the table. A creature that cannot attack (summoning
 * sick, a wall or defender), that adds mana or that has another {T} ability (Prodigal
 * Sorcerer) is taken to be using a tap ability instead. The attack so
 * inferred ends when play shows it has: the active player's land or slow spell, or the next
 * player's turn. Returns TRUE when p now attacks. */
static gboolean
infer_attack (Ctx *c, TsPermanent *p, const TsFacts *f)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  int decl = step_with (s, TS_STEP_FLAG_ATTACKERS);
  int main = step_with (s, TS_STEP_FLAG_MAIN);
  if (e->source != TS_SOURCE_CAMERA || s->game_over || s->in_attack || s->stack->len > 0 ||
      !valid_seat (s, s->active) || p->controller != s->active || !is_creature (p) ||
      s->players[s->active].attacks > 0 || decl < 0 || main < 0 || (int) s->step > main ||
      (p->summoning_sick && !(kw (p) & TS_KW_HASTE)) || (kw (p) & TS_KW_DEFENDER) ||
      (f && (f->wall || f->tap_ability)) || any_mana (e->mana) || (f && any_mana (f->mana)))
    return FALSE;
  if ((int) s->step < main) {
    warn_lethal (c);
    enter_step (c, (guint) main); /* as for a land: mana tapped before stays until the attack */
  }
  if (!begin_attack (c, s->active, -1))
    return TRUE;
  s->attack_inferred = TRUE;
  add_attacker (c, p, s->active);
  inferred (c, TS_EVENT_ATTACK, s->active, p->id,
            "%s turned %s sideways, which is how a creature attacks: %s attacks", pname (s, s->active),
            p->card, pname (s, s->active));
  return TRUE;
}

static void
on_tap (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  TsPermanent *p = ts_state_find_permanent (s, e->object);
  if (p == NULL && e->card && valid_seat (s, e->player)) {
    warn (c, "unknown-object", e->player, e->object, "%s was tapped but had not been seen entering",
          e->card);
    p = create_permanent (c, e->card, e->player, e->object, TRUE);
    p->summoning_sick = FALSE;
  }
  if (p == NULL) {
    find_perm (c, e->object, "tap");
    return;
  }
  c->v->object = p->id;
  if (p->tapped)
    return;
  const TsFacts *f = ts_rules_facts (c->rules, p->card);
  if (s->in_attack && (cur_step (s)->flags & TS_STEP_FLAG_ATTACKERS) && is_creature (p) &&
      p->controller == s->active && !p->attacking && !(f && any_mana (f->mana))) {
    add_attacker (c, p, s->active); /* turned sideways while attackers are declared */
    return;
  }
  if (infer_attack (c, p, f))
    return;
  p->tapped = TRUE;
  gboolean mana_source = any_mana (e->mana) || (f && any_mana (f->mana));
  if (mana_source) {
    if (cur_step (s)->flags & TS_STEP_FLAG_UNTAP)
      check_timing (c, p->controller, TS_SPELL_MANA_ABILITY, p->card);
    pool_add (s, p->controller, any_mana (e->mana) ? e->mana : f->mana);
  }
  if (is_creature (p) && p->summoning_sick && !(kw (p) & TS_KW_HASTE))
    warn (c, "summoning-sickness", p->controller, p->id,
          "%s used a tap ability the turn it came into play", p->card);
}

static void
on_untap (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  TsPermanent *p = find_perm (c, e->object, "untap");
  if (p == NULL)
    return;
  if (!p->tapped)
    return;
  int q = p->controller;
  if (q != s->active && valid_seat (s, q) && (!s->in_attack || s->attack_inferred) &&
      !(cur_step (s)->flags & TS_STEP_FLAG_UNTAP) && q == next_seat (s, s->active)) {
    /* The next player's permanents untapping: their turn has begun. */
    g_autofree char *card = g_strdup (p->card);
    start_turn (c, q);
    p = ts_state_find_permanent (s, e->object);
    if (p)
      p->tapped = FALSE;
    if (s->active == q)
      inferred (c, TS_EVENT_TURN, q, e->object,
                "%s untapped: %s's untap step, so their turn has begun",
                card ? card : "A permanent", pname (s, q));
    return;
  }
  gboolean early = q == s->active && s->step <= 2;
  if (!early)
    warn (c, "untap-outside-untap-step", q, p->id, "%s untapped outside its controller's untap step",
          p->card);
  p->tapped = FALSE;
}

static void
on_draw (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  int seat = valid_seat (s, e->player) ? e->player : s->active;
  int n = e->amount > 0 ? e->amount : 1;
  TsPlayer *p = &s->players[seat];
  if (s->profile->first_player_skips_draw && s->n_players == 2 && s->turn == 1 &&
      seat == s->active && (cur_step (s)->flags & TS_STEP_FLAG_DRAW))
    warn (c, "first-player-draw", seat, 0, "The player who goes first skips the first draw (%s)",
          p->name);
  if (p->library >= 0 && p->library < n) {
    p->hand = MAX (p->hand, 0) + p->library;
    p->library = 0;
    int before = in_game_count (s);
    lose (c, seat, "drew from an empty library");
    decide_game (c, before);
    return;
  }
  if (p->library >= 0)
    p->library -= n;
  p->hand = sat ((gint64) MAX (p->hand, 0) + n);
}

static void
counter_free_name (gpointer p)
{
  g_free (((TsCounter *) p)->name);
}

static void
on_counter (Ctx *c)
{
  const TsEvent *e = c->e;
  TsPermanent *p = find_perm (c, e->object, "counter");
  if (p == NULL)
    return;
  const char *name = e->note ? e->note : "+1/+1";
  if (p->counters == NULL) {
    p->counters = g_array_new (FALSE, TRUE, sizeof (TsCounter));
    g_array_set_clear_func (p->counters, counter_free_name);
  }
  gboolean found = FALSE;
  for (guint i = 0; i < p->counters->len; i++) {
    TsCounter *k = &g_array_index (p->counters, TsCounter, i);
    if (strcmp (k->name, name) == 0) {
      k->n = MAX (0, sat ((gint64) k->n + e->amount));
      found = TRUE;
    }
  }
  if (!found) {
    TsCounter k = { g_strdup (name), MAX (0, e->amount) };
    g_array_append_val (p->counters, k);
  }
  recompute (c, p);
}

static void
on_prevent (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  TsShield sh = { 0 };
  sh.source = e->object;
  sh.amount = e->amount == 0 ? -1 : e->amount;
  sh.target = e->n_targets ? e->targets[0] : 0;
  sh.target_player = sh.target ? -1 : (e->target_player >= 0 ? e->target_player : e->player);
  sh.by = g_strdup (e->card);
  if (any_mana (e->mana))
    pool_pay (c, e->player, e->mana, e->card ? e->card : "prevention");
  /* A Circle of Protection stops only sources of its colour, whatever pumped them. */
  static const struct {
    const char *suffix;
    guint color;
  } circles[] = {
    { "White", TS_COLOR_WHITE }, { "Blue", TS_COLOR_BLUE }, { "Black", TS_COLOR_BLACK },
    { "Red", TS_COLOR_RED }, { "Green", TS_COLOR_GREEN },
  };
  if (e->card && g_str_has_prefix (e->card, "Circle of Protection: ")) {
    const char *col = e->card + strlen ("Circle of Protection: ");
    TsPermanent *src = ts_state_find_permanent (s, e->object);
    for (guint i = 0; i < G_N_ELEMENTS (circles); i++)
      if (g_ascii_strcasecmp (col, circles[i].suffix) == 0 && src && !(src->colors & circles[i].color)) {
        warn (c, "prevention-colour", e->player, src->id,
              "%s cannot prevent damage from %s: it is not %s", e->card, src->card, col);
        g_free (sh.by);
        return;
      }
  }
  g_array_append_val (s->shields, sh);
}

static void
on_damage (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  TsPermanent *src = e->object ? ts_state_find_permanent (s, e->object) : NULL;
  const TsFacts *f = src ? NULL : ts_rules_facts (c->rules, e->card);
  guint colors = f ? f->colors : 0;
  for (guint i = 0; i < e->n_targets; i++) {
    TsPermanent *t = find_perm (c, e->targets[i], "damage");
    if (t == NULL)
      continue;
    if (kw (t) & prot_bit (src ? src->colors : colors))
      warn (c, "protection", e->player, t->id,
            "%s has protection from that colour: the damage is prevented", t->card);
    deal_damage (c, src, e->card, colors, t->id, -1, e->amount, FALSE);
  }
  if (e->target_player >= 0)
    deal_damage (c, src, e->card, colors, 0, e->target_player, e->amount, FALSE);
}

static void
on_step (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  resolve_all (c);
  if (e->step == NULL) {
    advance (c);
    return;
  }
  int idx = ts_profile_step_index (s->profile, e->step);
  if (idx < 0) {
    warn (c, "unknown-step", s->active, 0, "No step \"%s\" in the %s rules", e->step,
          s->profile->name);
    return;
  }
  if (idx == (int) s->step)
    return;
  if (idx < (int) s->step)
    warn (c, "step-order", s->active, 0, "Went back from the %s to the %s", s->step_name,
          s->profile->steps[idx].name);
  go_to_step (c, (guint) idx);
}

static void
on_turn (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  int next = next_seat (s, s->active);
  int seat = valid_seat (s, c->e->player) ? e->player : next;
  if (seat != next)
    warn (c, "turn-order", seat, 0, "%s took a turn out of order (%s is next)", pname (s, seat),
          pname (s, next));
  if (!s->players[seat].in_game)
    warn (c, "out-of-game", seat, 0, "%s is out of the game", pname (s, seat));
  resolve_all (c);
  start_turn (c, seat);
}

static void
on_pass (Ctx *c)
{
  TsState *s = c->s;
  s->passes++;
  int seat = valid_seat (s, c->e->player) ? c->e->player : s->priority;
  s->passed |= 1u << seat;
  s->priority = next_seat (s, seat);
  if (s->passes >= in_game_count (s) && s->stack->len > 0) {
    if (s->profile->stack)
      resolve_item (c, s->stack->len - 1, 0, FALSE);
    else
      resolve_all (c); /* classic: instants resolve together once both are done */
    s->passes = 0;
    s->passed = 0;
    s->priority = s->active;
  }
}

static void
on_activate (Ctx *c)
{
  TsState *s = c->s;
  const TsEvent *e = c->e;
  TsPermanent *p = find_perm (c, e->object, "activate");
  int seat = p ? p->controller : e->player;
  gboolean mana = (e->flags & TS_EVENT_FLAG_MANA) != 0;
  check_timing (c, seat, mana ? TS_SPELL_MANA_ABILITY : TS_SPELL_ABILITY,
                p ? p->card : "an ability");
  if (!mana) {
    check_priority (c, seat, p && p->card ? p->card : "an ability", "used");
    check_after_damage (c, seat, TS_SPELL_ABILITY, p ? p->card : e->card, p && p->known);
  }
  if (p && (e->flags & TS_EVENT_FLAG_TAP)) {
    if (p->tapped)
      warn (c, "already-tapped", seat, p->id, "%s's tap ability used while it was tapped", p->card);
    if (is_creature (p) && p->summoning_sick && !(kw (p) & TS_KW_HASTE))
      warn (c, "summoning-sickness", seat, p->id,
            "%s used a tap ability the turn it came into play", p->card);
    p->tapped = TRUE;
  }
  if (mana) {
    const TsFacts *f = p ? ts_rules_facts (c->rules, p->card) : NULL;
    pool_add (s, seat, any_mana (e->mana) ? e->mana : f ? f->mana : e->mana);
    return;
  }
  if (any_mana (e->mana))
    pool_pay (c, seat, e->mana, p ? p->card : "an ability");
  TsStackItem it = { 0 };
  it.id = s->next_object++;
  it.card = g_strdup (p ? p->card : e->card);
  it.controller = seat;
  it.kind = TS_SPELL_ABILITY;
  it.is_ability = TRUE;
  it.target_player = e->target_player;
  it.event_index = c->index;
  g_array_append_val (s->stack, it);
}

static void
on_modify (Ctx *c)
{
  const TsEvent *e = c->e;
  TsPermanent *p = find_perm (c, e->object, "modify");
  if (p == NULL)
    return;
  p->power_mod = sat ((gint64) p->power_mod + e->power);
  p->toughness_mod = sat ((gint64) p->toughness_mod + e->toughness);
  p->keywords_granted |= ts_rules_parse_keywords (e->keywords);
  recompute (c, p);
}

void
ts_rules_apply (TsRules *rules, const TsProfile *fixed, TsState *s, const TsEvent *e,
                guint index, TsVerdict *v)
{
  Ctx ctx = { rules, s, e, index, v, s->passes, s->passed };
  Ctx *c = &ctx;
  v->event_index = index;
  v->object = e->object;
  v->first_warning = s->warnings->len;
  v->n_warnings = 0;
  v->first_inferred = s->inferred->len;
  v->n_inferred = 0;

  if (e->kind == TS_EVENT_DEFINE_CARD) {
    ts_rules_define (rules, e);
    goto done;
  }
  if (e->kind == TS_EVENT_NOTE || e->kind == TS_EVENT_NONE)
    goto done;
  if (e->kind == TS_EVENT_GAME_START) {
    on_game_start (c, fixed);
    goto done;
  }
  if (!s->started) {
    warn (c, "no-game", -1, e->object, "%s before any game_start", ts_event_kind_name (e->kind));
    goto done;
  }
  if (e->player >= s->n_players) {
    warn (c, "unknown-player", -1, e->object, "No player in seat %d", e->player);
    goto done;
  }
  if (s->game_over && e->kind != TS_EVENT_NOTE)
    warn (c, "game-over", e->player, e->object, "%s after the game ended",
          ts_event_kind_name (e->kind));
  if (e->kind != TS_EVENT_PASS) {
    s->passes = 0;
    s->passed = 0;
  }

  if (e->kind == TS_EVENT_SETUP_END) {
    s->setup = FALSE;
    goto done;
  }
  if (ts_rules_is_setup (s, e)) {
    if (!s->setup)
      warn (c, "setup-after-start", e->player, e->object,
            "Table as found after play began: %s%s%s%s", e->card ? e->card : ts_event_kind_name (e->kind),
            valid_seat (s, e->player) ? " (" : "", valid_seat (s, e->player) ? pname (s, e->player) : "",
            valid_seat (s, e->player) ? ")" : "");
    if (e->kind == TS_EVENT_MOVE || e->kind == TS_EVENT_TAP || e->kind == TS_EVENT_UNTAP) {
      on_setup (c);
      check_now (c);
      goto done;
    }
  } else {
    s->setup = FALSE; /* the first ordinary event: play has begun */
  }

  switch (e->kind) {
  case TS_EVENT_MOVE:
    on_move (c);
    if ((e->flags & TS_EVENT_FLAG_TAPPED) && e->zone == TS_ZONE_BATTLEFIELD) {
      TsPermanent *p = ts_state_find_permanent (s, c->v->object);
      if (p)
        p->tapped = TRUE; /* came in tapped: no mana from it */
    }
    break;
  case TS_EVENT_TAP:
    on_tap (c);
    break;
  case TS_EVENT_UNTAP:
    on_untap (c);
    break;
  case TS_EVENT_DRAW:
    on_draw (c);
    break;
  case TS_EVENT_LIFE:
    if (valid_seat (s, e->player))
      s->players[e->player].life = sat ((gint64) s->players[e->player].life + e->amount);
    break;
  case TS_EVENT_POISON:
    if (valid_seat (s, e->player))
      s->players[e->player].poison = MAX (0, sat ((gint64) s->players[e->player].poison + e->amount));
    break;
  case TS_EVENT_COUNTER:
    on_counter (c);
    break;
  case TS_EVENT_MANA_ADD:
    pool_add (s, e->player, e->mana);
    break;
  case TS_EVENT_MANA_SPEND:
    pool_pay (c, e->player, e->mana, "spending");
    break;
  case TS_EVENT_CAST: {
    int seat = valid_seat (s, e->player) ? e->player : s->active;
    cast_spell (c, seat, e->card, e->object, FALSE);
    break;
  }
  case TS_EVENT_ACTIVATE:
    on_activate (c);
    break;
  case TS_EVENT_RESOLVE:
    if (s->stack->len == 0)
      break;
    if (e->amount < 0) {
      resolve_all (c);
    } else {
      int si = e->object ? find_stack (s, e->object, NULL, -1) : (int) s->stack->len - 1;
      if (si >= 0)
        resolve_item (c, (guint) si, 0, FALSE);
      else
        warn (c, "unknown-object", e->player, e->object, "Object %u is not on the stack", e->object);
    }
    break;
  case TS_EVENT_COUNTER_SPELL: {
    int si = e->object ? find_stack (s, e->object, NULL, -1) : (int) s->stack->len - 1;
    if (si >= 0)
      counter_item (c, (guint) si);
    else
      warn (c, "unknown-object", e->player, e->object, "Nothing on the stack to counter");
    break;
  }
  case TS_EVENT_PASS:
    on_pass (c);
    break;
  case TS_EVENT_ATTACK:
    on_attack (c);
    break;
  case TS_EVENT_BAND:
    on_band (c);
    break;
  case TS_EVENT_BLOCK:
    on_block (c);
    break;
  case TS_EVENT_ASSIGN: {
    TsAssignment a = { e->object, e->n_targets ? e->targets[0] : 0,
                       e->n_targets ? -1 : (e->target_player >= 0 ? e->target_player : s->defender),
                       e->amount };
    if (find_perm (c, e->object, "assign") != NULL)
      g_array_append_val (s->assignments, a);
    break;
  }
  case TS_EVENT_DAMAGE:
    on_damage (c);
    break;
  case TS_EVENT_MODIFY:
    on_modify (c);
    break;
  case TS_EVENT_PREVENT:
    on_prevent (c);
    break;
  case TS_EVENT_REGENERATE: {
    TsPermanent *p = find_perm (c, e->object, "regenerate");
    if (any_mana (e->mana))
      pool_pay (c, p ? p->controller : e->player, e->mana, "regeneration");
    if (p) {
      p->regen_shields++;
      if (p->lethal && !p->lethal_warned)
        regenerate (c, p); /* used the moment it would die */
    }
    break;
  }
  case TS_EVENT_DESTROY: {
    TsPermanent *p = find_perm (c, e->object, "destroy");
    if (p)
      destroy_permanent (c, p);
    break;
  }
  case TS_EVENT_STEP:
    on_step (c);
    break;
  case TS_EVENT_TURN:
    on_turn (c);
    break;
  case TS_EVENT_CONCEDE:
    if (valid_seat (s, e->player)) {
      int before = in_game_count (s);
      lose (c, e->player, "conceded");
      decide_game (c, before);
    }
    break;
  default:
    break;
  }
  check_now (c);

done:
  ts_rules_update_timing (s);
  s->generation++;
}
